/// An animator (UIViewPropertyAnimator, QAbstractAnimation, Web Animations' Animation): one
/// clock over animations on any layers, to start, pause, scrub, reverse, speed up, finish at a
/// position or cancel, with a completion told where it ended.
///
/// ```swift
/// let animator = try engine.makeAnimator(duration: 1, timingFunction: .easeInEaseOut)
/// try animator.addAnimations {                        // changes made here animate with it
///     try door.setValue(-Double.pi / 2, forKeyPath: "transform.rotation.y")
/// }
/// try animator.pauseAnimation()                       // a drag begins
/// try animator.setFractionComplete(0.4)               // ... and moves
/// try animator.continueAnimation(timingFunction: .easeOut)   // released: runs on to the end
/// ```
///
/// It is built on Core Animation's own timing: its animations stay ordinary attached
/// animations, and each control call sets their speed, timeOffset and beginTime (pause: speed 0
/// with timeOffset at the position; seek: timeOffset; resume: beginTime now; reverse and rate:
/// the speed's sign and size), so fill, did-start and did-stop (once) and the presentation
/// work as for any animation. While it lives it keeps them attached and filling forwards
/// (backwards too the earliest of each layer and key path, so a sequence on one property shows
/// each part in turn); when it ends it writes what they show at that position into the model
/// (nothing snaps back) and removes them. Paused and scrubbed to or past an animation's end, it
/// holds that animation there without ending it (Web Animations: paused is not finished): the
/// did-stop comes when the running clock leaves it (past its end, or its start when reversed),
/// or, with finished false, when the animator finishes or is cancelled, so scrubbing back shows
/// it again with nothing sent twice (a group, an animation of no length or one paced
/// by steps ends where it is scrubbed past its end).
///
/// Its clock runs on engine time: control calls take effect at the engine's current time (the
/// last tick's), and a running animator ends during the tick whose time reaches its end (the
/// end when running forwards, the start when reversed or at a negative rate). The completions
/// are delivered by that tick, or by the next one after `finishAnimation(at:)` or `cancel()`.
/// Its clock runs in engine seconds also over layers with their own time (their speed, time
/// offset or begin time, or an ancestor's): each control call converts its rate through each
/// layer's time scale at that moment. A running clock over a layer whose time stands still or
/// runs backwards (speed ≤ 0) is refused with `.invalidState`.
///
/// Life: the object holds one reference. When the last goes, a running animator runs on to its
/// end (its completions still run); an inactive or paused one, which nothing could start again,
/// is cancelled. Its handle is stale from then on (the C API's further calls through it are
/// `.badHandle`, never counted). Once the engine is invalidated every call throws `.invalidState`.
///
/// Threads: an animator may be used from any thread, as its engine may.
///
/// C: `ac_animator` (`ac_animator_create`, `ac_animator_release`).
public final class Animator: Sendable {
    /// The engine the animator belongs to; the object keeps it alive.
    public let engine: Engine
    /// The animator's handle in its engine (the C API's `ac_animator`).
    package let handle: UInt64

    /// A new inactive animator.
    ///
    /// C: `ac_animator_create`.
    /// - Parameters:
    ///   - engine: the engine whose layers it animates.
    ///   - duration: seconds from start to end, finite, in [0, 1e15]; the changes of its blocks
    ///     animate over it (0: over the engine's default duration). It grows to the latest end
    ///     of its animations.
    ///   - timingFunction: the curve the changes of its blocks animate with; nil: the
    ///     transaction's (Core Animation's "default" curve outside any).
    /// - Throws: `.notFinite` or `.outOfRange` for another duration; `.invalidState` once the
    ///   engine is invalidated or while it is being invalidated.
    public init(engine: Engine, duration: Double, timingFunction: TimingFunction? = nil) throws(AnimCoreError) {
        self.engine = engine
        handle = try engine.makeAnimatorHandle(duration: duration, timingFunction: timingFunction)
    }

    deinit {
        // Refused only once the engine has been invalidated: the animator is gone either way.
        try? engine.controlAnimator(handle, .release)
    }

    // MARK: Animations

    /// Runs `changes` in a block of the animator (UIViewPropertyAnimator's addAnimations): a
    /// transaction with the animator's duration and timing function, in which every property
    /// change animates as usual; the animations the block makes — implicit ones and those added
    /// with `Layer.add(_:forKey:)`, on any layer — become the animator's, held at its start
    /// until it starts. The block is committed when `changes` returns and when it throws.
    /// Inside it, the animator's own control calls (start, pause, seek, reverse, rate,
    /// continue, finish, cancel) throw `.invalidState`; another animator's block may be opened
    /// inside, and what it makes stays that animator's.
    ///
    /// C: `ac_animator_begin`, `ac_animator_commit`.
    /// - Parameter changes: the changes; they may throw (their error is thrown on).
    /// - Throws: the error of `changes`; `.invalidState` unless the animator is inactive (the
    ///   changes do not run); `.invalidArgument` when an animation made inside cannot be driven
    ///   (speed 0, repeating forever; it runs on its own), `.outOfRange` for one ending beyond
    ///   1e15 s.
    public func addAnimations<Failure: Error>(_ changes: () throws(Failure) -> Void) throws {
        try engine.controlAnimator(handle, .beginBlock)
        do {
            try changes()
        } catch {
            try? engine.controlAnimator(handle, .commitBlock)
            throw error
        }
        try engine.controlAnimator(handle, .commitBlock)
    }

    /// Adds a copy of `animation` to `layer` as one of the animator's (`Layer.add(_:forKey:)`
    /// inside `addAnimations`): a duration of 0 takes the animator's, no timing function its.
    ///
    /// C: `ac_animator_add_animation`.
    /// - Parameters:
    ///   - animation: the description; its begin time is a layer time as for any add (0: when
    ///     the animator starts, the usual case).
    ///   - layer: the layer, of the animator's engine.
    ///   - key: the key it is added under; nil for none.
    /// - Throws: as `Layer.add(_:forKey:)` and `addAnimations(_:)`; `.badHandle` for a layer of
    ///   another engine.
    public func add(_ animation: Animation, to layer: Layer, forKey key: String? = nil) throws(AnimCoreError) {
        try engine.addAnimation(animation, forKey: key, to: try engine.handle(of: layer, "layer"), animator: handle)
    }

    /// Adds a completion, called once, during a tick, with where the animator ended; several
    /// run in the order added.
    ///
    /// C: `ac_animator_add_completion`.
    /// - Parameter completion: told the position: `.end`, `.start`, `.current` or `.cancelled`.
    /// - Throws: `.invalidState` once the animator has finished or the engine is invalidated.
    public func addCompletion(_ completion: @escaping @Sendable (_ position: AnimatorPosition) -> Void) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .addCompletion(AnimatorCompletion { _, position in completion(position) }))
    }

    // MARK: State

    /// Where the animator is in its life.
    ///
    /// C: `ac_animator_get_info` (`state`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var state: AnimatorState {
        get throws(AnimCoreError) { try snapshot().state }
    }

    /// Progress from the start to the end, in [0, 1]: its time / its duration (the end is 1
    /// also when reversed; with a duration of 0: 1 once it has ended at its end, else 0). Set
    /// it with `setFractionComplete(_:)`.
    ///
    /// C: `ac_animator_get_info` (`fraction_complete`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var fractionComplete: Double {
        get throws(AnimCoreError) { try snapshot().fractionComplete }
    }

    /// Seconds of its time from the start, in [0, duration] (Web Animations' currentTime). Set
    /// it with `seek(toTime:)`.
    ///
    /// C: `ac_animator_get_info` (`time_s`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var currentTime: Double {
        get throws(AnimCoreError) { try snapshot().time }
    }

    /// Seconds from its start to its end: the duration given, or its animations' latest end.
    ///
    /// C: `ac_animator_get_info` (`duration_s`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var duration: Double {
        get throws(AnimCoreError) { try snapshot().duration }
    }

    /// Whether it runs towards its start (UIKit's isReversed). Set it with `setReversed(_:)`.
    ///
    /// C: `ac_animator_get_info` (`reversed`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var isReversed: Bool {
        get throws(AnimCoreError) { try snapshot().isReversed }
    }

    /// Its playback rate (Web Animations' playbackRate): its seconds per engine second,
    /// negative towards the start; default 1. Set it with `setRate(_:)`.
    ///
    /// C: `ac_animator_get_info` (`rate`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var rate: Double {
        get throws(AnimCoreError) { try snapshot().rate }
    }

    /// How many of its animations are attached (one removed or replaced elsewhere drops out).
    ///
    /// C: `ac_animator_get_info` (`animation_count`).
    /// - Throws: `.invalidState` once the engine is invalidated.
    public var animationCount: Int {
        get throws(AnimCoreError) { try snapshot().animationCount }
    }

    private func snapshot() throws(AnimCoreError) -> AnimatorSnapshot {
        try engine.animatorSnapshot(handle)
    }
}
