/// A `RecordBuffer` whose slots are handed out and given back: the per-kind plain-data storage
/// of animations (a freed slot is reused by the next `insert`).
final class RecordPool<Element> {
    // Every access is made holding the engine's lock, so exclusivity is not checked at run
    // time (the check would cost more than most accesses).
    let records = RecordBuffer<Element>(initialCapacity: 64)
    // A record buffer, not an array: taking a free slot is on every start's path, and an
    // array's uniqueness check cost as much as the rest of it.
    private let freeSlots = RecordBuffer<Int32>(initialCapacity: 16)

    /// Stores `element` in a free slot; its index.
    func insert(_ element: Element) -> Int32 {
        if let reused = freeSlots.popLast() {
            records[Int(reused)] = element
            return reused
        }
        return Int32(records.append(element))
    }

    /// Gives a slot back.
    func remove(_ index: Int32) { freeSlots.append(index) }

    /// The record at `index`, in place.
    subscript(index: Int32) -> Element {
        get { records[Int(index)] }
        _modify { yield &records[Int(index)] }
    }

    /// Slots in use (inserted and not removed).
    var liveCount: Int { records.count - freeSlots.count }

    /// Bytes held.
    var bytes: Int { records.bytes + freeSlots.bytes }
}
