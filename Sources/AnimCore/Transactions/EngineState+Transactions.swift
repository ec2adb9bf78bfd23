/// Transactions: per-thread stacks of frames, the animations they hold back until the outermost
/// commit, and completion groups (reference §5).
extension EngineState {
    /// The calling thread's identity, keying its transaction stack (never reused by another
    /// thread, so a new thread never inherits a finished one's transactions).
    var currentThread: UInt { ThreadIdentity.current(in: threadKey) }

    /// Opens a transaction on the calling thread; `implicit` for one the engine opens itself.
    func beginTransaction(implicit: Bool = false) {
        let thread = currentThread
        // The thread's entry, or a new one that takes the lists a commit left, with their
        // capacity: no allocation.
        let position = threadTransactions.index(forKey: thread) ?? threadTransactions.add(for: thread)
        let parent = threadTransactions.values[position].frames.last?.completionGroup ?? -1
        let group = completionGroups.insert(parent: parent)
        threadTransactions.values[position].frames.append(TransactionFrame(completionGroup: group, isImplicit: implicit))
        // An implicit transaction's commit is the end of this run-loop turn: now, for the clock.
        if implicit { threadTransactions.values[position].commitClock = askClock() }
        // A frame that sets nothing yet leaves the thread's settings as they were.
        if transactionCache.thread == thread {
            transactionCache.isOpen = true
            transactionCache.innermostGroup = group
        }
    }

    /// Commits the calling thread's innermost explicit transaction. Its settings end; when it is
    /// the outermost, its animations start at the next tick and its completion groups seal.
    /// Throws `.invalidState` when no explicit transaction is open on this thread (the answer to
    /// a commit without begin; nothing else happens).
    func commitTransaction() throws(AnimCoreError) {
        guard let position = threadTransactions.index(forKey: currentThread),
              let top = threadTransactions.values[position].frames.last, !top.isImplicit
        else {
            throw AnimCoreError(.invalidState, "no transaction is open on this thread: commit without begin")
        }
        guard threadTransactions.values[position].frames.count > 1 else { return commitOutermost(at: position) }
        // An inner frame: its settings end; its group seals with the outermost.
        threadTransactions.values[position].frames.removeLast()
        if top.hasSettings {
            threadTransactions.values[position].popSettings()
            transactionCache.thread = 0
        } else if transactionCache.thread == threadTransactions.keys[position] {
            transactionCache.innermostGroup = threadTransactions.values[position].frames.last.unsafelyUnwrapped.completionGroup
        }
        threadTransactions.values[position].sealed.append(top.completionGroup)
    }

    /// Commits the calling thread's implicit transaction, unless explicit transactions are open
    /// inside it (then flush waits for them, as CATransaction flush does).
    func flush() {
        guard let position = threadTransactions.index(forKey: currentThread),
              hasImplicitFrameAlone(at: position)
        else { return }
        commitOutermost(at: position)
    }

    /// Commits every thread's implicit transaction that has no explicit one open inside it
    /// (the tick's commit).
    func commitImplicitTransactions() {
        // Backwards: a commit that removes an entry moves the last one, already seen, into its
        // place (seen again there, it has nothing left to commit).
        for position in threadTransactions.keys.indices.reversed() where hasImplicitFrameAlone(at: position) {
            commitOutermost(at: position)
        }
    }

    /// Whether the thread at `position` has its implicit transaction open and nothing inside it.
    private func hasImplicitFrameAlone(at position: Int) -> Bool {
        threadTransactions.values[position].frames.count == 1 && threadTransactions.values[position].frames[0].isImplicit
    }

    /// The outermost transaction of the thread at `position` committed: its animations start
    /// at the next tick (at the commit's time on the host clock, if set), its groups (the
    /// committed inner frames', then its own) seal, and groups with nothing running owe their
    /// completions now. Its entry closes (`ThreadTable.close(at:)`).
    private func commitOutermost(at position: Int) {
        if transactionCache.thread == threadTransactions.keys[position] {
            // The thread has nothing open, and its settings go back to the defaults.
            transactionCache.isOpen = false
            transactionCache.innermostGroup = -1
            if !transactionCache.holdsUnset {
                ThreadTransactions.setUnset(&transactionCache.settings)
                transactionCache.holdsUnset = true
                transactionCache.settingsVersion &+= 1
            }
        }
        // (By index: neither list changes meanwhile, and iterating would retain it.)
        let firstReady = readyAnimations.count
        for index in threadTransactions.values[position].pending.indices {
            readyAnimations.append(threadTransactions.values[position].pending[index])
        }
        noteCommitTime(
            threadTransactions.values[position].commitClock,
            explicit: !threadTransactions.values[position].frames[0].isImplicit,
            range: firstReady..<readyAnimations.count)
        for index in threadTransactions.values[position].sealed.indices {
            seal(threadTransactions.values[position].sealed[index])
        }
        for index in threadTransactions.values[position].frames.indices {
            seal(threadTransactions.values[position].frames[index].completionGroup)
        }
        threadTransactions.close(at: position)
    }

    private func seal(_ group: Int32) {
        completionGroups.seal(group)
        completeIfDone(group)
    }

    /// Whether the calling thread's innermost transaction that says anything about actions
    /// disables them (false with none open): `transactionSettings().disableActions` without
    /// copying the settings.
    @inline(__always)
    func actionsDisabled() -> Bool {
        cacheTransaction()
        return transactionCache.settings.disableActions ?? false
    }

    /// Fills `transactionCache` for the calling thread unless it holds it already.
    @inline(__always)
    func cacheTransaction() {
        let thread = currentThread
        if transactionCache.thread != thread { fillTransactionCache(thread) }
    }

    private func fillTransactionCache(_ thread: UInt) {
        transactionCache.thread = thread
        transactionCache.settingsVersion &+= 1
        let position = threadTransactions.openIndex(forKey: thread)
        transactionCache.isOpen = position != nil
        transactionCache.innermostGroup = position.flatMap { threadTransactions.values[$0].frames.last?.completionGroup } ?? -1
        if let position, threadTransactions.values[position].settingsCount > 0 {
            // The frames' settings, outermost first, over `unset`, in place and by index (no copy
            // of the thread's entry; each frame's settings are passed as a bitwise copy, which
            // retains only a dictionary of other values when the frame set any).
            ThreadTransactions.setUnset(&transactionCache.settings)
            for index in 0..<threadTransactions.values[position].settingsCount {
                transactionCache.settings.overlay(threadTransactions.values[position].ownSettings[index])
            }
            transactionCache.holdsUnset = false
        } else if !transactionCache.holdsUnset {
            ThreadTransactions.setUnset(&transactionCache.settings)
            transactionCache.holdsUnset = true
        }
    }

    /// The calling thread's settings, each resolved through its open frames over the defaults
    /// (the engine's default duration included).
    func transactionSettings() -> TransactionSettings {
        cacheTransaction()
        var settings = transactionCache.settings
        if settings.animationDuration == nil { settings.animationDuration = defaultAnimationDuration }
        return settings
    }

    /// The animation duration the calling thread's transactions set themselves (the innermost
    /// that sets one); nil when none does (the engine's default applies).
    func explicitAnimationDuration() -> Double? {
        cacheTransaction()
        return transactionCache.settings.animationDuration
    }

    /// Changes the calling thread's innermost transaction's settings (opening an implicit
    /// transaction when none is open, as Core Animation does).
    func modifyTransactionSettings(_ change: (inout TransactionSettings) -> Void) {
        // [Perf] Finding or opening the frame resolves no settings: a run of setters resolves
        // them once, at the change that reads them (each resolution copied the settings).
        let thread = currentThread
        if threadTransactions.openIndex(forKey: thread) == nil { beginTransaction(implicit: true) }
        changeInnermostSettings(thread, change)
        transactionCache.thread = 0
    }

    /// `modifyTransactionSettings(_:)` for a `change` that only sets fields to given values,
    /// with its result checked first (`TransactionSettings.validate()`): on failure nothing
    /// changes, and the error is thrown.
    // Inlined, with `changeInnermostSettings`, into `Engine.setTransactionFields`: otherwise
    // the closure and the state are passed down two calls more for every setter.
    @inline(__always)
    func setTransactionFields(_ change: (inout TransactionSettings) -> Void) throws(AnimCoreError) {
        // [Perf] The change is made to the cache too, and checked there: the cache keeps what the
        // thread reads next (it was emptied, then filled again at the next change).
        cacheTransaction()
        let before = try transactionCache.apply(change)
        // (Opening a frame keeps the cache of its thread up to date.)
        if !transactionCache.isOpen { beginTransaction(implicit: true) }
        changeInnermostSettings(transactionCache.thread, change)
        transactionCache.emptyIfUnsetting(since: before)
    }

    /// Runs `change` on the own settings of `thread`'s innermost frame, which is open.
    @inline(__always)
    private func changeInnermostSettings(_ thread: UInt, _ change: (inout TransactionSettings) -> Void) {
        guard let position = threadTransactions.index(forKey: thread) else { return }
        threadTransactions.values[position].changeInnermostSettings(change)
    }

    /// Adds a completion to the calling thread's innermost transaction.
    func addTransactionCompletion(_ completion: TransactionCompletion) {
        ensureTransaction()
        completionGroups.addCompletion(completion, to: transactionCache.innermostGroup)
    }

    /// Opens an implicit transaction on the calling thread if none is open; leaves
    /// `transactionCache` filled.
    func ensureTransaction() {
        cacheTransaction()
        guard !transactionCache.isOpen else { return }
        beginTransaction(implicit: true)
        cacheTransaction()
    }

    /// Whether the calling thread has any transaction open.
    var hasOpenTransaction: Bool { threadTransactions.openIndex(forKey: currentThread) != nil }

    /// Registers an added animation with the calling thread's transaction (an implicit one
    /// opened when none is): it starts when the outermost commits, and counts for the
    /// completion group of every open frame. `transactionCache` holds the calling thread
    /// already (the add's `cacheTransaction()`, the change path's `actionsDisabled()` filled
    /// it): the thread is not looked up again.
    func registerWithCachedTransaction(_ index: Int) {
        assert(transactionCache.thread == currentThread, "the transaction cache holds another thread")
        // (Opening a frame keeps the cache of its thread up to date.)
        if !transactionCache.isOpen { beginTransaction(implicit: true) }
        addToOpenTransaction(index)
    }

    /// `registerWithCachedTransaction(_:)` for the animations in `indexes`, in their order: the
    /// thread's entry found, and each completion group counted, once for all.
    func registerWithCachedTransaction(_ indexes: [Int32]) {
        assert(transactionCache.thread == currentThread, "the transaction cache holds another thread")
        if !transactionCache.isOpen { beginTransaction(implicit: true) }
        let group = transactionCache.innermostGroup
        let records = animations.base
        for index in indexes { records[Int(index)].completionGroup = group }
        if let position = threadTransactions.index(forKey: transactionCache.thread) {
            // Out of the table while it grows: appends to it in place would look it up each time.
            var pending: [AnimationRef] = []
            swap(&pending, &threadTransactions.values[position].pending)
            // (No `reserveCapacity`: it grows to the exact size, and a run that registers one
            // start at a time — a batch retargeting animated layers — would copy the list each time.)
            for index in indexes { pending.append(AnimationRef(index: index, generation: records[Int(index)].generation)) }
            swap(&pending, &threadTransactions.values[position].pending)
        }
        var current = group
        while current >= 0 { current = completionGroups.count(indexes.count, in: current) }
    }

    /// Adds the animation in `index` to the calling thread's open transaction, which
    /// `transactionCache` describes.
    private func addToOpenTransaction(_ index: Int) {
        let reference = AnimationRef(index: Int32(index), generation: animations[index].generation)
        if let position = threadTransactions.index(forKey: transactionCache.thread) {
            threadTransactions.values[position].pending.append(reference)
        }
        let group = transactionCache.innermostGroup
        animations[index].completionGroup = group
        var current = group
        while current >= 0 { current = completionGroups.count(1, in: current) }
    }

    /// An animation stopped (finished or removed): its groups count one less.
    func animationStopped(_ index: Int, finished: Bool) {
        var current = animations[index].completionGroup
        animations[index].completionGroup = -1
        while current >= 0 {
            let parent = completionGroups.count(-1, in: current, interrupted: !finished)
            completeIfDone(current)
            current = parent
        }
    }

    /// A sealed group with nothing running owes its completions (delivered at the next tick).
    private func completeIfDone(_ group: Int32) {
        guard completionGroups.isDue(group), let owed = completionGroups.remove(group) else { return }
        if !owed.completions.isEmpty {
            events.append(.transactionCompletion(owed.completions, finished: !owed.wasInterrupted))
        }
    }

    /// Ends every open transaction of every thread (engine invalidation): their animations are
    /// gone; their completions run with finished = false.
    func abandonTransactions() {
        transactionCache.thread = 0
        var abandoned: [Int32] = []
        for position in threadTransactions.keys.indices {
            abandoned += threadTransactions.values[position].sealed
            abandoned += threadTransactions.values[position].frames.map(\.completionGroup)
        }
        threadTransactions.removeAll()
        for group in abandoned + completionGroups.ids { abandon(group) }
    }

    private func abandon(_ group: Int32) {
        completionGroups.abandon(group)
        completeIfDone(group)
    }
}
