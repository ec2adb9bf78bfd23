/// Where a parent time falls relative to an object's active interval
/// `[beginTime, beginTime + activeDuration / |speed|)`.
public enum TimingPhase: Int32, Sendable {
    /// Before `beginTime`.
    case before = 0
    /// Inside the active interval.
    case active = 1
    /// At or after the end of the active interval.
    case after = 2
}
