/// The options of a UIKit-style animation block (UIView.animate), applied to every property
/// change made inside it, built-in and custom properties alike.
public struct AnimationBlockOptions: Sendable {
    /// Seconds, > 0. Default 0.25.
    public var duration: Double
    /// Seconds between the commit and the start, >= 0. Default 0.
    public var delay: Double
    /// The curve; UIKit's default is ease-in-ease-out.
    public var curve: TimingFunction
    /// Repeat count (CAMediaTiming repeatCount), >= 0. Default 0 (once).
    public var repeatCount: Double
    /// Play forward then back. Default false.
    public var autoreverses: Bool
    /// Start from the presentation value (true) or the old model value. Default true.
    public var beginsFromCurrentState: Bool
    /// Additive animations (UIKit since iOS 8): interrupted motion stays continuous. Default false.
    public var additive: Bool
    /// Makes every implicit animation of the block a spring (SwiftUI's `.spring(duration:bounce:)`,
    /// UIKit's spring blocks): each lasts the spring's settling duration (`duration` and `curve`
    /// are then not used) and starts from the presentation's value and velocity. Default none.
    public var spring: Spring?
    /// Runs once when every animation of the block has finished (true) or any was removed
    /// (false), during a tick.
    package var completion: TransactionCompletion?

    /// Options with these values; every argument has UIKit's default. (The stored properties
    /// have no initial values of their own: each would be made, then replaced, here.)
    /// - Parameters:
    ///   - duration: seconds, > 0 (and <= 1e15); default 0.25.
    ///   - delay: seconds between the commit and the start, >= 0; default 0.
    ///   - curve: the timing function; default `.easeInEaseOut`.
    ///   - repeatCount: >= 0; default 0 (once).
    ///   - autoreverses: play forward then back; default false.
    ///   - beginsFromCurrentState: start from the presentation value; default true.
    ///   - additive: additive animations; default false.
    ///   - spring: make every animation of the block this spring; default none.
    public init(
        duration: Double = 0.25, delay: Double = 0, curve: TimingFunction = .easeInEaseOut,
        repeatCount: Double = 0, autoreverses: Bool = false, beginsFromCurrentState: Bool = true,
        additive: Bool = false, spring: Spring? = nil
    ) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.beginsFromCurrentState = beginsFromCurrentState
        self.additive = additive
        self.spring = spring
    }

    /// Checks the options as a transaction's settings are checked
    /// (`TransactionSettings.checkImplicitTiming`), the duration named "duration": the one
    /// check of a block's options from every surface (C and Python name the fields in their
    /// own spelling from these messages).
    /// - Throws: `.notFinite` for a NaN or infinite duration or delay, or a NaN repeat count;
    ///   `.outOfRange` for a duration that is not > 0, a negative delay (each at most 1e15 s)
    ///   or a negative repeat count; the spring's checks (`Spring.validate(_:)`, "spring").
    func validate() throws(AnimCoreError) {
        try TransactionSettings.checkImplicitTiming(
            duration: duration, delay: delay, repeatCount: repeatCount, spring: spring, durationField: "duration")
    }
}

extension Engine {
    /// Opens an animation block: a transaction whose settings carry the options. Changes made
    /// until `commitAnimationBlock()` animate with them; see
    /// `animate(_:completion:changes:)` for the closure form.
    ///
    /// C: `ac_animate_begin`.
    /// - Parameter options: the block's options.
    /// - Throws: `.notFinite` for a NaN or infinite duration or delay, or a NaN repeat count;
    ///   `.outOfRange` for a duration that is not > 0, a negative delay (each at most 1e15 s)
    ///   or a negative repeat count; a spring's checks (`Spring.validate(_:)`); `.invalidState`
    ///   once the engine is invalidated or while it is being invalidated.
    public func beginAnimationBlock(_ options: AnimationBlockOptions) throws(AnimCoreError) {
        try options.validate()
        try withState { (state) throws(AnimCoreError) in
            try state.refuseWhileEnding("beginning an animation block")
            try state.beginAnimationBlock(options)
        }
    }

    /// Commits the animation block opened last on this thread.
    ///
    /// C: `ac_animate_commit`.
    /// - Throws: `.invalidState` when no transaction or block is open on this thread, or once
    ///   the engine is invalidated.
    public func commitAnimationBlock() throws(AnimCoreError) {
        try commitTransaction()
    }
}

extension EngineState {
    /// Opens an animation block with `options` (checked) on the calling thread: a transaction
    /// whose own settings carry them. They are set as a transaction setter sets fields, in the
    /// thread's cached settings too (`setTransactionFields`), so the block's changes read them
    /// without resolving the frames again. Throws what the settings' check throws (nothing for
    /// checked options: `AnimationBlockOptions.validate()`), having committed the transaction.
    func beginAnimationBlock(_ options: AnimationBlockOptions) throws(AnimCoreError) {
        beginTransaction()
        do throws(AnimCoreError) {
            try setTransactionFields { settings in
                if let spring = options.spring {
                    settings.spring = spring
                } else {
                    settings.animationDuration = options.duration
                    settings.timingFunction = options.curve
                }
                settings.delay = options.delay
                settings.repeatCount = options.repeatCount
                settings.autoreverses = options.autoreverses
                settings.beginsFromCurrentState = options.beginsFromCurrentState
                settings.additiveImplicitAnimations = options.additive
            }
        } catch {
            try? commitTransaction()  // nothing is left open
            throw error
        }
        if let completion = options.completion { addTransactionCompletion(completion) }
    }
}
