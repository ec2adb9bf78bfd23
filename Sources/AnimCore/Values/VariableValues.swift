/// The engine's store of variable-length values (`path`, `numbers`, `colors`): a property slot
/// of these kinds holds a handle of this store (`SlotEncoding.slot(token:)` of index + 1), and 0
/// for the empty value, which takes no storage.
///
/// Ownership: a layer's model slot owns the value its handle names, and gives it back
/// (`release`) when the value is replaced or the layer is destroyed; a class default's value is
/// pinned (`store(_:pinned:)`), shared by every layer still showing the default, and lives as
/// long as the engine. Accessed only under the engine's lock.
final class VariableValues {
    /// The stored values by index (handle − 1); nil for a free index.
    @exclusivity(unchecked) private var values: [Value?] = []
    /// Whether the value at an index is a class default (never released).
    @exclusivity(unchecked) private var pinned: [Bool] = []
    /// Indices given back, reused last freed first.
    @exclusivity(unchecked) private var freeIndices: [Int] = []
    /// Values held now, pinned ones included (tests check that replaced values are released).
    @exclusivity(unchecked) private(set) var liveCount = 0

    /// Stores `value` (a variable-length one, already checked) and returns the slot naming it;
    /// 0 for an empty value (nothing stored). A pinned value is never released.
    /// - Parameters:
    ///   - value: a `path`, `numbers` or `colors` value.
    ///   - pinned: whether it is a class default, shared by layers; default false.
    func store(_ value: Value, pinned isPinned: Bool = false) -> Double {
        guard let count = value.elementCount, count > 0 else { return 0 }
        let index: Int
        if let reused = freeIndices.popLast() {
            index = reused
            values[index] = value
            pinned[index] = isPinned
        } else {
            index = values.count
            values.append(value)
            pinned.append(isPinned)
        }
        liveCount += 1
        return SlotEncoding.slot(token: UInt64(index + 1))
    }

    /// The value of `kind` a slot names: the empty value for 0 (or a handle this store does not
    /// hold, which no engine path makes).
    func value(_ kind: ValueKind, slot: Double) -> Value {
        guard let index = index(of: slot), let value = values[index] else { return .empty(kind) }
        return value
    }

    /// Gives back the value a slot names, unless it is 0 or pinned.
    func release(_ slot: Double) {
        guard let index = index(of: slot), values[index] != nil, !pinned[index] else { return }
        values[index] = nil
        freeIndices.append(index)
        liveCount -= 1
    }

    /// The index a slot's handle names; nil for 0 or a handle out of range.
    private func index(of slot: Double) -> Int? {
        let handle = SlotEncoding.token(slot)
        guard handle > 0, handle <= UInt64(values.count) else { return nil }
        return Int(handle - 1)
    }
}
