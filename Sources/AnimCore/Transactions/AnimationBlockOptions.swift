/// The options of a UIKit-style animation block (UIView.animate), applied to every property
/// change made inside it, built-in and custom properties alike.
public struct AnimationBlockOptions: Sendable {
    /// Seconds, > 0. Default 0.25.
    public var duration: Double = 0.25
    /// Seconds between the commit and the start, >= 0. Default 0.
    public var delay: Double = 0
    /// The curve; UIKit's default is ease-in-ease-out.
    public var curve: TimingFunction = .easeInEaseOut
    /// Repeat count (CAMediaTiming repeatCount), >= 0. Default 0 (once).
    public var repeatCount: Double = 0
    /// Play forward then back. Default false.
    public var autoreverses = false
    /// Start from the presentation value (true) or the old model value. Default true.
    public var beginsFromCurrentState = true
    /// Additive animations (UIKit since iOS 8): interrupted motion stays continuous. Default false.
    public var additive = false
    /// Makes every implicit animation of the block a spring (SwiftUI's `.spring(duration:bounce:)`,
    /// UIKit's spring blocks): each lasts the spring's settling duration (`duration` and `curve`
    /// are then not used) and starts from the presentation's value and velocity. Default none.
    public var spring: Spring?
    /// Runs once when every animation of the block has finished (true) or any was removed
    /// (false), during a tick.
    package var completion: TransactionCompletion?

    /// Options with these values; every argument has UIKit's default.
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
}

extension Engine {
    /// Opens an animation block: a transaction whose settings carry the options. Changes made
    /// until `commitAnimationBlock()` animate with them; see
    /// `animate(_:completion:changes:)` for the closure form.
    ///
    /// C: `ac_animate_begin`.
    /// - Parameter options: the block's options.
    /// - Throws: `.outOfRange` for a duration that is not > 0, a negative delay or repeat count
    ///   (each at most 1e15); a spring's checks (`Spring.validate(_:)`); `.invalidState` once
    ///   the engine is invalidated or while it is being invalidated.
    public func beginAnimationBlock(_ options: AnimationBlockOptions) throws(AnimCoreError) {
        try options.spring?.validate("spring")
        guard options.duration > 0, options.duration <= MediaTiming.Limits.time else {
            throw AnimCoreError(.outOfRange, "duration is \(options.duration); it must be > 0 and <= 1e15")
        }
        guard options.delay >= 0, options.delay <= MediaTiming.Limits.time else {
            throw AnimCoreError(.outOfRange, "delay is \(options.delay); it must be in [0, 1e15]")
        }
        guard options.repeatCount >= 0 else {
            throw AnimCoreError(.outOfRange, "repeatCount is \(options.repeatCount); it must be >= 0")
        }
        try withState { (state) throws(AnimCoreError) in
            try state.refuseWhileEnding("beginning an animation block")
            state.beginTransaction()
            state.modifyTransactionSettings { settings in
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
            if let completion = options.completion { state.addTransactionCompletion(completion) }
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
