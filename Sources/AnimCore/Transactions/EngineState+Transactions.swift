/// Transactions: per-thread stacks of frames, the animations they hold back until the outermost
/// commit, and completion groups (reference §5).
extension EngineState {
    /// The calling thread's identity, keying its transaction stack (never reused by another
    /// thread, so a new thread never inherits a finished one's transactions).
    static var currentThread: UInt { ThreadIdentity.current }

    /// Opens a transaction on the calling thread; `implicit` for one the engine opens itself.
    mutating func beginTransaction(implicit: Bool = false) {
        let thread = Self.currentThread
        if transactionStacks.index(forKey: thread) == nil {
            // The stack the last outermost commit left, with its capacity: no allocation.
            var stack = TransactionStack()
            swap(&stack, &spareTransactions.stack)
            transactionStacks[thread] = stack
        }
        let position = transactionStacks.index(forKey: thread)!
        let parent = transactionStacks.values[position].frames.last?.completionGroup ?? -1
        let group = makeGroup(parent: parent)
        transactionStacks.values[position].frames.append(TransactionFrame(completionGroup: group, isImplicit: implicit))
    }

    /// Commits the calling thread's innermost explicit transaction. Its settings end; when it is
    /// the outermost, its animations start at the next tick and its completion groups seal.
    /// Throws `.invalidState` when no explicit transaction is open on this thread (the answer to
    /// a commit without begin; nothing else happens).
    mutating func commitTransaction() throws(AnimCoreError) {
        let thread = Self.currentThread
        guard let position = transactionStacks.index(forKey: thread),
              let top = transactionStacks.values[position].frames.last, !top.isImplicit
        else {
            throw AnimCoreError(.invalidState, "no transaction is open on this thread: commit without begin")
        }
        transactionStacks.values[position].frames.removeLast()
        let isOutermost = transactionStacks.values[position].frames.isEmpty
        sealLater(top.completionGroup, thread)
        if isOutermost { commitOutermost(thread) }
    }

    /// Commits the calling thread's implicit transaction, unless explicit transactions are open
    /// inside it (then flush waits for them, as CATransaction flush does).
    mutating func flush() {
        let thread = Self.currentThread
        guard let stack = transactionStacks[thread], stack.frames.count == 1, stack.frames[0].isImplicit else { return }
        commitImplicit(thread)
    }

    /// Commits every thread's implicit transaction that has no explicit one open inside it
    /// (the tick's commit).
    mutating func commitImplicitTransactions() {
        for (thread, stack) in transactionStacks where stack.frames.count == 1 && stack.frames[0].isImplicit {
            commitImplicit(thread)
        }
    }

    private mutating func commitImplicit(_ thread: UInt) {
        guard let position = transactionStacks.index(forKey: thread),
              let frame = transactionStacks.values[position].frames.first
        else { return }
        transactionStacks.values[position].frames.removeAll(keepingCapacity: true)
        sealLater(frame.completionGroup, thread)
        commitOutermost(thread)
    }

    /// Notes a committed frame's group, sealed when `thread`'s outermost transaction commits.
    private mutating func sealLater(_ group: Int32, _ thread: UInt) {
        sealedCandidates.append(group, for: thread, spare: &spareTransactions.sealed)
    }

    /// The outermost transaction of `thread` committed: its animations start at the next tick,
    /// its groups seal, and groups with nothing running owe their completions now.
    private mutating func commitOutermost(_ thread: UInt) {
        if var pending = pendingAnimations.removeValue(forKey: thread) {
            readyAnimations.append(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
            spareTransactions.pending = pending
        }
        if var stack = transactionStacks.removeValue(forKey: thread) {
            stack.frames.removeAll(keepingCapacity: true)
            spareTransactions.stack = stack
        }
        if var sealed = sealedCandidates.removeValue(forKey: thread) {
            for group in sealed {
                completionGroups[group]?.isSealed = true
                completeIfDone(group)
            }
            sealed.removeAll(keepingCapacity: true)
            spareTransactions.sealed = sealed
        }
    }

    /// Whether the calling thread's innermost transaction that says anything about actions
    /// disables them (false with none open): `transactionSettings().disableActions` without
    /// resolving the other settings.
    @inline(__always)
    mutating func actionsDisabled() -> Bool {
        cacheTransaction()
        return transactionCache.settings.disableActions ?? false
    }

    /// Fills `transactionCache` for the calling thread unless it holds it already.
    @inline(__always)
    mutating func cacheTransaction() {
        let thread = Self.currentThread
        guard transactionCache.thread != thread else { return }
        var cache = ThreadTransactionCache()
        cache.thread = thread
        if let position = transactionStacks.index(forKey: thread) {
            cache.settings = transactionStacks.values[position].resolveSettings()
            cache.isOpen = !transactionStacks.values[position].frames.isEmpty
            cache.innermostGroup = transactionStacks.values[position].frames.last?.completionGroup ?? -1
        }
        transactionCache = cache
    }

    /// The calling thread's settings, each resolved through its open frames over the defaults
    /// (the engine's default duration included).
    func transactionSettings() -> TransactionSettings {
        var settings = transactionStacks[Self.currentThread]?.settings ?? TransactionStack.unset
        if settings.animationDuration == nil { settings.animationDuration = defaultAnimationDuration }
        return settings
    }

    /// The animation duration the calling thread's transactions set themselves (the innermost
    /// that sets one); nil when none does (the engine's default applies).
    func explicitAnimationDuration() -> Double? {
        transactionStacks[Self.currentThread]?.settings.animationDuration
    }

    /// Changes the calling thread's innermost transaction's settings (opening an implicit
    /// transaction when none is open, as Core Animation does).
    mutating func modifyTransactionSettings(_ change: (inout TransactionSettings) -> Void) {
        ensureTransaction()
        let thread = Self.currentThread
        guard let position = transactionStacks.index(forKey: thread),
              let last = transactionStacks.values[position].frames.indices.last
        else { return }
        change(&transactionStacks.values[position].frames[last].settings)
    }

    /// Adds a completion to the calling thread's innermost transaction.
    mutating func addTransactionCompletion(_ completion: TransactionCompletion) {
        ensureTransaction()
        if let group = transactionStacks[Self.currentThread]?.frames.last?.completionGroup {
            completionGroups[group]?.completions.append(completion)
        }
    }

    /// Opens an implicit transaction on the calling thread if none is open.
    mutating func ensureTransaction() {
        if transactionStacks[Self.currentThread]?.frames.isEmpty ?? true { beginTransaction(implicit: true) }
    }

    /// Whether the calling thread has any transaction open.
    var hasOpenTransaction: Bool { !(transactionStacks[Self.currentThread]?.frames.isEmpty ?? true) }

    /// Registers an added animation with the calling thread's transaction: it starts when the
    /// outermost commits, and counts for the completion group of every open frame.
    mutating func registerWithTransaction(_ index: Int) {
        cacheTransaction()
        if !transactionCache.isOpen {
            beginTransaction(implicit: true)
            cacheTransaction()
        }
        let reference = AnimationRef(index: Int32(index), generation: animations[index].generation)
        pendingAnimations.append(reference, for: transactionCache.thread, spare: &spareTransactions.pending)
        let group = transactionCache.innermostGroup
        animations[index].completionGroup = group
        var current = group
        while current >= 0, completionGroups[current] != nil {
            completionGroups[current]?.outstanding += 1
            current = completionGroups[current]?.parent ?? -1
        }
    }

    /// An animation stopped (finished or removed): its groups count one less.
    mutating func animationStopped(_ index: Int, finished: Bool) {
        var current = animations[index].completionGroup
        animations[index].completionGroup = -1
        while current >= 0, completionGroups[current] != nil {
            completionGroups[current]?.outstanding -= 1
            if !finished { completionGroups[current]?.wasInterrupted = true }
            let parent = completionGroups[current]?.parent ?? -1
            completeIfDone(current)
            current = parent
        }
    }

    private mutating func makeGroup(parent: Int32) -> Int32 {
        completionGroups.insert(CompletionGroup(parent: parent))
    }

    /// A sealed group with nothing running owes its completions (delivered at the next tick).
    private mutating func completeIfDone(_ group: Int32) {
        guard let record = completionGroups[group], record.isSealed, record.outstanding <= 0 else { return }
        completionGroups[group] = nil
        if !record.completions.isEmpty {
            events.append(.transactionCompletion(record.completions, finished: !record.wasInterrupted))
        }
    }

    /// Ends every open transaction of every thread (engine invalidation): their animations are
    /// gone; their completions run with finished = false.
    mutating func abandonTransactions() {
        for (thread, stack) in transactionStacks {
            for frame in stack.frames { sealLater(frame.completionGroup, thread) }
        }
        transactionStacks.removeAll()
        pendingAnimations.removeAll()
        for (_, candidates) in sealedCandidates {
            for group in candidates {
                completionGroups[group]?.isSealed = true
                completionGroups[group]?.wasInterrupted = true
                completionGroups[group]?.outstanding = 0
                completeIfDone(group)
            }
        }
        sealedCandidates.removeAll()
        for group in completionGroups.ids {
            completionGroups[group]?.isSealed = true
            completionGroups[group]?.wasInterrupted = true
            completionGroups[group]?.outstanding = 0
            completeIfDone(group)
        }
    }
}
