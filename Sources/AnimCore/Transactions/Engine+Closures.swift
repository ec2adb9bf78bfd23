/// Transactions and animation blocks as closures: begin, run the body, commit — also when the
/// body throws — with the settings and the completion given as arguments.
extension Engine {
    /// Runs `body` in a transaction (CATransaction begin … commit) on the calling thread, nested
    /// inside any open one: the property changes it makes animate with these settings, and its
    /// animations start together at the next tick after the outermost commit.
    ///
    /// ```swift
    /// try engine.transaction(duration: 0.5, timingFunction: .easeOut) {
    ///     try layer.setValue(0, for: .opacity)
    /// }
    /// ```
    ///
    /// The transaction is committed when `body` returns and when it throws; the body's error is
    /// thrown on.
    ///
    /// C: `ac_transaction_begin`, `ac_transaction_set_animation_duration`,
    /// `ac_transaction_set_timing_function`, `ac_transaction_set_disable_actions`,
    /// `ac_transaction_add_completion`, `ac_transaction_commit`.
    /// - Parameters:
    ///   - duration: seconds of the implicit animations (and of explicit ones added with duration
    ///     0), > 0; nil: the enclosing transaction's (0.25 s outside any).
    ///   - timingFunction: their pacing; nil: the enclosing transaction's (none: implicit
    ///     animations take Core Animation's "default" curve).
    ///   - disableActions: true: changes run no action (they still change); nil: the enclosing
    ///     transaction's (false outside any).
    ///   - completion: runs once, during a tick after the outermost commit, when every animation
    ///     added in the transaction has finished (true) or any was removed first (false); at the
    ///     next tick when none was added. Nil: none.
    ///   - body: the changes; it may throw.
    /// - Returns: what `body` returns.
    /// - Throws: the error `body` throws; `.outOfRange` for a duration that is not > 0 (the body
    ///   does not run); `.invalidState` once the engine is invalidated or while it is being
    ///   invalidated.
    @discardableResult
    public func transaction<Result, Failure: Error>(
        duration: Double? = nil, timingFunction: TimingFunction? = nil, disableActions: Bool? = nil,
        completion: (@Sendable (_ finished: Bool) -> Void)? = nil,
        _ body: () throws(Failure) -> Result
    ) throws -> Result {
        try beginTransaction()
        let result: Result
        do {
            if duration != nil || timingFunction != nil || disableActions != nil {
                try setTransactionFields { settings in
                    if let duration { settings.animationDuration = duration }
                    if let timingFunction { settings.timingFunction = timingFunction }
                    if let disableActions { settings.disableActions = disableActions }
                }
            }
            if let completion { try addCompletion(completion) }
            result = try body()
        } catch {
            try? commitTransaction()
            throw error
        }
        try commitTransaction()
        return result
    }

    /// Runs `changes` in an animation block (UIView.animate): every property change it makes,
    /// built-in and custom properties alike, animates with `options`. The block is committed
    /// when `changes` returns and when it throws; the error is thrown on.
    ///
    /// ```swift
    /// try engine.animate(AnimationBlockOptions(duration: 0.5), completion: { finished in print(finished) }) {
    ///     try layer.setValue(Point(x: 200, y: 80), for: .position)
    /// }
    /// ```
    ///
    /// C: `ac_animate_begin`, `ac_animate_commit`.
    /// - Parameters:
    ///   - options: duration, delay, curve, repetition, spring; default `AnimationBlockOptions()`
    ///     (0.25 s, ease-in-ease-out).
    ///   - completion: runs once, during a tick, when every animation of the block has finished
    ///     (true) or any was removed first (false); nil: none.
    ///   - changes: the changes; they may throw.
    /// - Throws: the error `changes` throws; `.outOfRange` or `.notFinite` for options out of
    ///   their ranges (the changes do not run); `.invalidState` once the engine is invalidated
    ///   or while it is being invalidated.
    public func animate<Failure: Error>(
        _ options: AnimationBlockOptions = AnimationBlockOptions(),
        completion: (@Sendable (_ finished: Bool) -> Void)? = nil,
        changes: () throws(Failure) -> Void
    ) throws {
        try beginAnimationBlock(options, completion: completion)
        do {
            try changes()
        } catch {
            try? commitAnimationBlock()
            throw error
        }
        try commitAnimationBlock()
    }

    /// Opens an animation block with a completion (see `beginAnimationBlock(_:)`); commit it
    /// with `commitAnimationBlock()`.
    ///
    /// C: `ac_animate_begin` (`ac_animate_options.completion`).
    /// - Parameters:
    ///   - options: the block's options.
    ///   - completion: runs once, during a tick, when every animation of the block has finished
    ///     (true) or any was removed first (false); nil: none.
    /// - Throws: as `beginAnimationBlock(_:)`.
    public func beginAnimationBlock(
        _ options: AnimationBlockOptions, completion: (@Sendable (_ finished: Bool) -> Void)?
    ) throws(AnimCoreError) {
        var withCompletion = options
        if let completion { withCompletion.completion = TransactionCompletion { _, finished in completion(finished) } }
        try beginAnimationBlock(withCompletion)
    }

    /// Adds a completion to the calling thread's innermost transaction (opening an implicit
    /// one when none is open): it runs once, during a tick after the outermost commit, when
    /// every animation added in the transaction has finished or been removed (at the next tick
    /// when none was added). Several add up.
    ///
    /// C: `ac_transaction_add_completion`.
    /// - Parameter completion: called with true when every animation finished, false when any
    ///   was removed or replaced first.
    /// - Throws: `.invalidState` once the engine is invalidated or while it is being
    ///   invalidated.
    public func addCompletion(_ completion: @escaping @Sendable (_ finished: Bool) -> Void) throws(AnimCoreError) {
        try addCompletion(TransactionCompletion { _, finished in completion(finished) })
    }
}
