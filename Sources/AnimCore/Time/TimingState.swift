/// The state of a timed object at one parent time: what the CAMediaTiming pipeline answers.
///
/// `iterationTime`, `progress` and `currentIteration` are NaN when the object is not in effect
/// (outside its active interval without a fill that covers that side).
public struct TimingState: Sendable {
    /// Where the parent time falls relative to the active interval.
    public var phase: TimingPhase
    /// Whether the object affects the presentation: active, or filling.
    public var isInEffect: Bool
    /// Whether the state is on the backward leg of an autoreversing cycle.
    public var isReversed: Bool
    /// `(parent - beginTime) * speed + timeOffset`, unclamped: the header formula, a layer's time.
    public var localTime: Double
    /// Basic local time in `[0, duration]` (seconds), after repeat and reverse.
    public var iterationTime: Double
    /// `iterationTime / duration` in `[0, 1]`, before any timing function. 0 for an infinite
    /// duration; for a zero duration, 0 before the interval and the end state after it.
    public var progress: Double
    /// The index of the cycle holding the local time, `floor(local / cycle)` with the boundary
    /// rules of the pipeline: 0 for the first cycle from local time 0, −1 for the one before it
    /// (which a negative speed from offset 0 plays). A cycle is forward + back when autoreversing.
    public var currentIteration: Double
    /// Active duration in local seconds.
    public var activeDuration: Double
    /// End of the active interval in parent seconds (infinite when it never ends).
    public var endTime: Double

    /// A state with these fields (what `MediaTiming.evaluate(atParentTime:)` answers).
    /// - Parameters:
    ///   - phase: where the parent time falls.
    ///   - isInEffect: whether the object affects the presentation.
    ///   - isReversed: on the backward leg of an autoreversing cycle.
    ///   - localTime: the unclamped local time, seconds.
    ///   - iterationTime: basic local time in [0, duration], seconds.
    ///   - progress: iterationTime / duration.
    ///   - currentIteration: the cycle index.
    ///   - activeDuration: local seconds.
    ///   - endTime: parent seconds.
    public init(
        phase: TimingPhase, isInEffect: Bool, isReversed: Bool, localTime: Double,
        iterationTime: Double, progress: Double, currentIteration: Double,
        activeDuration: Double, endTime: Double
    ) {
        self.phase = phase
        self.isInEffect = isInEffect
        self.isReversed = isReversed
        self.localTime = localTime
        self.iterationTime = iterationTime
        self.progress = progress
        self.currentIteration = currentIteration
        self.activeDuration = activeDuration
        self.endTime = endTime
    }
}
