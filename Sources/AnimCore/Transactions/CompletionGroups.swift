/// The animations added while a transaction was open, and the completions to run when every
/// one of them has finished or been removed (after the outermost commit).
struct CompletionGroup {
    /// Animations still running.
    var outstanding = 0
    /// The outermost transaction has committed: no more animations join.
    var isSealed = false
    /// An animation of the group was removed before finishing.
    var wasInterrupted = false
    /// The group of the enclosing transaction, which counts the same animations; -1 for none.
    var parent: Int32 = -1
    var completions: [TransactionCompletion] = []
}

/// A transaction completion: runs once, during a tick, after the outermost commit, when every
/// animation added in the transaction has finished or been removed. `finished` is false when
/// any of them was removed or replaced before finishing.
package struct TransactionCompletion: Sendable {
    package let call: @Sendable (_ engine: Engine, _ finished: Bool) -> Void

    package init(_ call: @escaping @Sendable (_ engine: Engine, _ finished: Bool) -> Void) {
        self.call = call
    }
}

/// Completion groups by id, in an array with reused ids (no hashing on the per-change path).
struct CompletionGroups {
    private var slots: [CompletionGroup?] = []
    private var freeIDs: [Int32] = []

    /// Stores a new group and returns its id.
    mutating func insert(_ group: CompletionGroup) -> Int32 {
        if let id = freeIDs.popLast() {
            slots[Int(id)] = group
            return id
        }
        slots.append(group)
        return Int32(slots.count - 1)
    }

    /// The group with `id`; setting nil removes it (its id is reused later).
    subscript(id: Int32) -> CompletionGroup? {
        get { id >= 0 && Int(id) < slots.count ? slots[Int(id)] : nil }
        set {
            guard id >= 0, Int(id) < slots.count else { return }
            if newValue == nil && slots[Int(id)] != nil { freeIDs.append(id) }
            slots[Int(id)] = newValue
        }
    }

    /// Counts `change` more running animations in the group `id` (none: nothing), marking it
    /// interrupted when `interrupted`; returns its enclosing group (-1 for none).
    // [Perf] In place: a get and a set through the subscript copied the group and retained
    // its completions.
    mutating func count(_ change: Int, in id: Int32, interrupted: Bool = false) -> Int32 {
        guard contains(id) else { return -1 }
        slots[Int(id)]!.outstanding += change
        if interrupted { slots[Int(id)]!.wasInterrupted = true }
        return slots[Int(id)]!.parent
    }

    /// Whether a group with `id` is stored.
    func contains(_ id: Int32) -> Bool {
        id >= 0 && Int(id) < slots.count && slots[Int(id)] != nil
    }

    /// Whether the group `id` is sealed with nothing running: it owes its completions.
    func isDue(_ id: Int32) -> Bool {
        contains(id) && slots[Int(id)].unsafelyUnwrapped.isSealed && slots[Int(id)].unsafelyUnwrapped.outstanding <= 0
    }

    /// The ids of every stored group.
    var ids: [Int32] { slots.indices.filter { slots[$0] != nil }.map { Int32($0) } }
}
