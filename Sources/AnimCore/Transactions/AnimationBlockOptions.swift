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
    public var completion: TransactionCompletion?

    public init() {}
}

extension Engine {
    /// Opens an animation block: a transaction whose settings carry the options. Changes made
    /// until `commitAnimationBlock` animate with them.
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
    public func commitAnimationBlock() throws(AnimCoreError) {
        try commitTransaction()
    }

    /// Runs `changes` inside an animation block with `options`, committing it even when
    /// `changes` throws.
    public func animate<E: Error>(_ options: AnimationBlockOptions, changes: () throws(E) -> Void) throws {
        try beginAnimationBlock(options)
        do {
            try changes()
        } catch {
            try? commitAnimationBlock()
            throw error
        }
        try commitAnimationBlock()
    }
}
