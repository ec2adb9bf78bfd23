/// An animator's control calls. Each takes effect at the engine's current time (the last
/// tick's) and re-times the animator's animations in place; each throws `.invalidState` once
/// the animator has finished or the engine is invalidated, and while a block of it
/// (`addAnimations`) is open.
extension Animator {
    /// Runs its clock from where it stands (UIViewPropertyAnimator's startAnimation, Web
    /// Animations' play): inactive or paused → running; nothing when running.
    ///
    /// C: `ac_animator_start`.
    /// - Throws: `.invalidState` once it has finished.
    public func startAnimation() throws(AnimCoreError) {
        try engine.controlAnimator(handle, .start)
    }

    /// Stops its clock where it stands (pauseAnimation; Web Animations' pause): inactive or
    /// running → paused. The animations show that position until it starts again.
    ///
    /// C: `ac_animator_pause`.
    /// - Throws: `.invalidState` once it has finished.
    public func pauseAnimation() throws(AnimCoreError) {
        try engine.controlAnimator(handle, .pause)
    }

    /// Moves it to `fraction` of its way from start to end (UIKit's fractionComplete): an
    /// inactive animator becomes paused there; a paused one stays paused; a running one runs on
    /// from there. Paused at 1 (or at an animation's very end), its animations show their end
    /// without ending: no did-stop until it finishes or its clock runs to the end.
    ///
    /// C: `ac_animator_set_fraction_complete`.
    /// - Parameter fraction: in [0, 1] (refused outside, not clamped).
    /// - Throws: `.notFinite` for NaN or an infinity, `.outOfRange` outside [0, 1],
    ///   `.invalidState` once it has finished.
    public func setFractionComplete(_ fraction: Double) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .seekFraction(fraction))
    }

    /// Moves it to `time` seconds from its start (Web Animations' currentTime), as
    /// `setFractionComplete(_:)` does.
    ///
    /// C: `ac_animator_seek`.
    /// - Parameter time: seconds in [0, duration].
    /// - Throws: `.notFinite`, `.outOfRange` outside [0, duration], `.invalidState` once it has
    ///   finished.
    public func seek(toTime time: Double) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .seekTime(time))
    }

    /// Makes it run towards its start (true) or its end (false) from where it stands
    /// (UIKit's isReversed): fractionComplete keeps counting from the start, so it does not
    /// jump, and goes down while reversed. Combines with the sign of `rate`.
    ///
    /// C: `ac_animator_set_reversed`.
    /// - Parameter reversed: true: towards the start.
    /// - Throws: `.invalidState` once it has finished.
    public func setReversed(_ reversed: Bool) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .reversed(reversed))
    }

    /// Sets its playback rate (Web Animations' playbackRate) from where it stands: 2 runs twice
    /// as fast, −1 runs back towards the start, 0 stands still while running.
    ///
    /// C: `ac_animator_set_rate`.
    /// - Parameter rate: its seconds per engine second, finite, in [−1e6, 1e6].
    /// - Throws: `.notFinite`, `.outOfRange`, `.invalidState` once it has finished.
    public func setRate(_ rate: Double) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .rate(rate))
    }

    /// Runs it on from where it stands with the time left scaled by `durationFactor` (UIKit's
    /// continueAnimation(withTimingParameters: nil, durationFactor:)), or with a new curve:
    /// the part of each animation's motion left is taken over by a basic animation (added under
    /// no key) from the value it shows now to the value at the end it runs to, paced by
    /// `timingFunction` over its time left, so the value does not jump. The original stays one
    /// of its animations and shows the motion outside that part, so scrubbing back, reversing
    /// and `finishAnimation(at: .start)` still reach the start (animationCount counts both).
    ///
    /// C: `ac_animator_continue`.
    /// - Parameters:
    ///   - timingFunction: the curve of the rest; nil: the animations keep their own.
    ///   - durationFactor: the time left × this, > 0, at most 1e6; default 1.
    /// - Throws: `.notFinite`, `.outOfRange` for another factor; `.invalidArgument` with a
    ///   curve when an animation is not a basic or spring animation or is additive (nothing
    ///   changes); `.outOfRange` naming durationFactor when the clock would run beyond ±1e6
    ///   of its seconds per second (rate / factor; nothing changes); `.invalidState` once it
    ///   has finished.
    public func continueAnimation(timingFunction: TimingFunction?, durationFactor: Double = 1) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .continue(timingFunction.map { .function($0) }, durationFactor))
    }

    /// Runs it on from where it stands with a spring taking over the part of each animation's
    /// motion left: for each, a spring animation of its own (added under no key) from the value
    /// it shows now to the value at the end it runs to, starting with the velocity it has now
    /// in its layer's time (zero when paused), so neither value nor velocity jumps, whatever
    /// its length or its layer's speed; the original shows the motion outside that part. The
    /// springs last their settling duration; the clock's pace is set so that the longest (in
    /// seconds at its layer's speed) plays in real time, each other one over its own part.
    ///
    /// C: `ac_animator_continue_with_spring`.
    /// - Parameter spring: the spring (its initialVelocity is replaced by the motion's own).
    /// - Throws: the checks of `Spring.validate(_:)`; `.invalidArgument` when an animation is
    ///   not a basic or spring animation or is additive; `.outOfRange` naming spring when the
    ///   pace it sets would run the clock beyond ±1e6 of its seconds per second (nothing
    ///   changes); `.invalidState` once it has finished.
    public func continueAnimation(spring: Spring) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .continue(.spring(spring), 1))
    }

    /// Ends it at `position` (UIKit's finishAnimation(at:), from any state): the model takes
    /// what its animations show at its end (`.end`), its start (`.start`) or where it stands
    /// (`.current`); they are removed, so nothing snaps back; the completions run at the next
    /// tick with `position`.
    ///
    /// C: `ac_animator_finish`.
    /// - Parameter position: `.end`, `.start` or `.current`.
    /// - Throws: `.invalidArgument` for `.cancelled` (use `cancel()`), `.invalidState` once it
    ///   has finished.
    public func finishAnimation(at position: AnimatorPosition) throws(AnimCoreError) {
        try engine.controlAnimator(handle, .finish(position))
    }

    /// Ends it without moving the model (Web Animations' cancel): its animations are removed,
    /// so each property shows its model value again; the completions run at the next tick with
    /// `.cancelled`.
    ///
    /// C: `ac_animator_cancel`.
    /// - Throws: `.invalidState` once it has finished.
    public func cancel() throws(AnimCoreError) {
        try engine.controlAnimator(handle, .cancel)
    }
}

extension Engine {
    /// A new inactive animator of this engine (`Animator.init(engine:duration:timingFunction:)`).
    ///
    /// C: `ac_animator_create`.
    /// - Parameters:
    ///   - duration: seconds from start to end, finite, in [0, 1e15].
    ///   - timingFunction: the curve its blocks' changes animate with; nil: the transaction's.
    /// - Returns: the animator.
    /// - Throws: as `Animator.init(engine:duration:timingFunction:)`.
    public func makeAnimator(duration: Double, timingFunction: TimingFunction? = nil) throws(AnimCoreError) -> Animator {
        try Animator(engine: self, duration: duration, timingFunction: timingFunction)
    }
}
