/// The animations added while a transaction was open, counted until every one of them has
/// finished or been removed (after the outermost commit). Plain data: the completions to run
/// then live apart (`CompletionGroups`), so opening and committing a transaction retains nothing.
struct CompletionGroup {
    /// Animations still running.
    var outstanding = 0
    /// The group of the enclosing transaction, which counts the same animations; -1 for none.
    var parent: Int32 = -1
    /// The id is in use (a free id's group is left as it was).
    var isStored = false
    /// The outermost transaction has committed: no more animations join.
    var isSealed = false
    /// An animation of the group was removed before finishing.
    var wasInterrupted = false
    /// The group has completions (`CompletionGroups.completions`).
    var hasCompletions = false
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

/// Completion groups by id, in an array with reused ids (no hashing on the per-change path),
/// and the completions of the few groups that have any.
struct CompletionGroups {
    // [Perf] A record buffer, not an array: groups are counted on the per-change path, and an
    // array's uniqueness check at each count cost as much as the count.
    private let slots = RecordBuffer<CompletionGroup>(initialCapacity: 16)
    private var freeIDs: [Int32] = []
    /// The completions of each group that has any, by id.
    private var completions: [Int32: [TransactionCompletion]] = [:]

    /// Stores a new group inside `parent` (-1: none) and returns its id.
    mutating func insert(parent: Int32) -> Int32 {
        let group = CompletionGroup(parent: parent, isStored: true)
        if !freeIDs.isEmpty {
            let id = freeIDs.removeLast()
            slots[Int(id)] = group
            return id
        }
        slots.append(group)
        return Int32(slots.count - 1)
    }

    /// Whether a group with `id` is stored.
    @inline(__always)
    func contains(_ id: Int32) -> Bool {
        id >= 0 && Int(id) < slots.count && slots[Int(id)].isStored
    }

    /// Counts `change` more running animations in the group `id` (none: nothing), marking it
    /// interrupted when `interrupted`; returns its enclosing group (-1 for none).
    mutating func count(_ change: Int, in id: Int32, interrupted: Bool = false) -> Int32 {
        guard contains(id) else { return -1 }
        slots[Int(id)].outstanding += change
        if interrupted { slots[Int(id)].wasInterrupted = true }
        return slots[Int(id)].parent
    }

    /// Seals the group `id` (none: nothing): its outermost transaction committed.
    mutating func seal(_ id: Int32) {
        guard contains(id) else { return }
        slots[Int(id)].isSealed = true
    }

    /// Seals the group `id` as abandoned (engine invalidation): interrupted, nothing running.
    mutating func abandon(_ id: Int32) {
        guard contains(id) else { return }
        slots[Int(id)].isSealed = true
        slots[Int(id)].wasInterrupted = true
        slots[Int(id)].outstanding = 0
    }

    /// Adds a completion to the group `id` (none: nothing).
    mutating func addCompletion(_ completion: TransactionCompletion, to id: Int32) {
        guard contains(id) else { return }
        slots[Int(id)].hasCompletions = true
        completions[id, default: []].append(completion)
    }

    /// Whether the group `id` is sealed with nothing running: it owes its completions.
    @inline(__always)
    func isDue(_ id: Int32) -> Bool {
        contains(id) && slots[Int(id)].isSealed && slots[Int(id)].outstanding <= 0
    }

    /// Removes the group `id` (its id is reused later): its completions, in the order added,
    /// and whether an animation of it was interrupted. Nil for no group.
    mutating func remove(_ id: Int32) -> (completions: [TransactionCompletion], wasInterrupted: Bool)? {
        guard contains(id) else { return nil }
        let group = slots[Int(id)]
        slots[Int(id)].isStored = false
        freeIDs.append(id)
        let owed = group.hasCompletions ? completions.removeValue(forKey: id) ?? [] : []
        return (owed, group.wasInterrupted)
    }

    /// The ids of every stored group.
    var ids: [Int32] { slots.indices.filter { slots[$0].isStored }.map { Int32($0) } }
}
