/// One open transaction on one thread: its own settings, its completion group, and whether the
/// engine opened it implicitly (a change made outside any transaction).
struct TransactionFrame {
    var settings = TransactionSettings()
    /// The completion group of the animations added while this frame is open.
    var completionGroup: Int32
    /// Opened by a change outside any transaction; committed by the next tick or flush.
    var isImplicit: Bool
}

/// A thread's transactions: its open frames, outermost first, and their settings resolved. (The
/// animations added in them wait in `EngineState.pendingAnimations`.)
struct TransactionStack {
    var frames: [TransactionFrame] = [] {
        didSet { resolved = nil }
    }
    /// `settings` as last resolved; nil after the frames changed (resolved again when asked
    /// for, so a transaction that sets several values resolves them once, at its first change).
    private var resolved: TransactionSettings? = TransactionStack.unset

    /// The frames' settings resolved over `TransactionSettings.defaults`, but for the animation
    /// duration, which stays nil unless a frame sets it (the engine's default applies then).
    var settings: TransactionSettings { resolved ?? Self.resolve(frames) }

    /// `settings`, kept until the frames change.
    mutating func resolveSettings() -> TransactionSettings {
        if let resolved { return resolved }
        let settings = Self.resolve(frames)
        resolved = settings
        return settings
    }

    /// What a thread with no transaction open resolves to (see `settings`).
    static let unset: TransactionSettings = {
        var settings = TransactionSettings.defaults
        settings.animationDuration = nil
        return settings
    }()

    private static func resolve(_ frames: [TransactionFrame]) -> TransactionSettings {
        var resolved = TransactionStack.unset
        for frame in frames { resolved = frame.settings.resolved(over: resolved) }
        return resolved
    }
}

/// What the change path needs of the calling thread's transactions, kept between changes so
/// that a run of changes looks the thread's stack up once (`EngineState.transactionCache`;
/// emptied whenever any stack changes).
struct ThreadTransactionCache {
    /// The thread described; 0: none (the cache is empty).
    var thread: UInt = 0
    /// Its stack's resolved settings (`TransactionStack.settings`).
    var settings = TransactionStack.unset
    /// Whether it has a transaction open, and the completion group of its innermost one.
    var isOpen = false
    var innermostGroup: Int32 = -1
}

/// See `EngineState.spareTransactions`.
struct SpareTransactionStorage {
    var stack = TransactionStack()
    var pending: [AnimationRef] = []
    var sealed: [Int32] = []
}

/// An animation slot at one generation: a reference that goes stale when the slot is reused.
struct AnimationRef {
    var index: Int32
    var generation: UInt32
}

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

    /// The ids of every stored group.
    var ids: [Int32] { slots.indices.filter { slots[$0] != nil }.map { Int32($0) } }
}
