/// Eased progress at many times at once: one validation, then a loop with the timing function
/// switched on once.
extension MediaTiming {
    /// `easedProgress(atParentTime:function:)` at every time of `parentTimes`.
    ///
    /// C: `ac_timing_progress_batch`.
    /// - Parameters:
    ///   - parentTimes: times in the parent's time space (seconds), each finite and within
    ///     ±`Limits.time`.
    ///   - function: the timing function applied to the progress; nil for linear.
    /// - Returns: the eased progress at each time, in order; NaN where the timing has no effect.
    /// - Throws: as `validate()` for a bad timing; `.notFinite` or `.outOfRange` for the first
    ///   bad time, named by its index ("parentTimes[3] is nan; ...").
    public func easedProgress(atParentTimes parentTimes: [Double], function: TimingFunction?) throws(AnimCoreError) -> [Double] {
        try validate()
        var output = [Double](repeating: .nan, count: parentTimes.count)
        let stopped: Int? = parentTimes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                // The timing is valid: the only answer left is where a bad time stopped the loop.
                (try? easedProgress(atParentTimes: input, function: function, into: out)) ?? nil
            }
        }
        if let index = stopped {
            try MediaTiming.checkTime(parentTimes[index], "parentTimes[\(index)]")
        }
        return output
    }
}
