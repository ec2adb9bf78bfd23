/// Time spaces: how a layer maps its parent's time to its own and back (CALayer convertTime).
///
/// Layers have infinite duration and no repeat, so a layer's time is its active local time,
/// the header's formula without the clamping of active time:
/// `local = (parent − beginTime) × speed + timeOffset`.
/// [INF] No fill or phase applies to layer time: a layer before its beginTime has a negative
/// local time rather than disappearing.
/// [INF] Each hop holds the time it gives within ±`Limits.time` (`heldLayerTime`): one hop
/// cannot overflow from a time within the limits, but nested layers multiply their speeds (60
/// layers at speed 1e6 pass 1e308), and an infinite time turns into NaN at the next layer
/// paused (∞ × 0) or repeating. Core Animation does not document what it does there.
extension MediaTiming {
    /// The layer's time at its parent's time: `localTime(atParentTime:)`, held within
    /// ±`Limits.time`.
    /// - Parameter parentTime: seconds in the parent's time space, finite.
    /// - Returns: local seconds, within ±`Limits.time`.
    @inlinable public func layerTime(atParentTime parentTime: Double) -> Double {
        Self.heldLayerTime(localTime(atParentTime: parentTime))
    }

    /// The inverse of `layerTime(atParentTime:)`: `(local − timeOffset) / speed + beginTime`,
    /// held within ±`Limits.time` (a speed near 0 would send it past the largest double).
    /// - Parameter localTime: local seconds, finite.
    /// - Returns: the parent time, seconds, within ±`Limits.time`.
    /// - Throws: `.notInvertible` when speed is 0 (every parent time maps to the same local
    ///   time).
    public func parentTime(fromLocalTime localTime: Double) throws(AnimCoreError) -> Double {
        guard speed != 0 else {
            throw AnimCoreError(
                .notInvertible, "speed is 0, so local time \(localTime) has no single parent time")
        }
        return Self.heldLayerTime((localTime - timeOffset) / speed + beginTime)
    }

    /// `time` held within ±`Limits.time`: where a layer time space's hop leaves a time.
    @inlinable static func heldLayerTime(_ time: Double) -> Double {
        min(max(time, -Limits.time), Limits.time)
    }

    /// Converts an absolute time down a chain of layer time spaces; `chain.first` is the
    /// outermost (its parent is absolute time), each further element a sublayer of the one before.
    ///
    /// C: `ac_time_chain_to_local`.
    /// - Parameters:
    ///   - time: absolute seconds.
    ///   - chain: the layer timings, outermost first.
    /// - Returns: the innermost element's local time.
    public static func localTime<Chain: Sequence<MediaTiming>>(
        fromAbsoluteTime time: Double, through chain: Chain
    ) -> Double {
        chain.reduce(time) { parentTime, timing in timing.layerTime(atParentTime: parentTime) }
    }

    /// Converts the innermost element's local time up the chain to absolute time.
    ///
    /// C: `ac_time_chain_to_absolute`.
    /// - Parameters:
    ///   - time: the innermost element's local seconds.
    ///   - chain: the layer timings, outermost first.
    /// - Returns: absolute seconds.
    /// - Throws: `.notInvertible` naming the element (`chain[i]`) whose speed is 0.
    public static func absoluteTime<Chain: BidirectionalCollection<MediaTiming>>(
        fromLocalTime time: Double, through chain: Chain
    ) throws(AnimCoreError) -> Double {
        var result = time
        var position = chain.count
        for timing in chain.reversed() {
            position -= 1
            do {
                result = try timing.parentTime(fromLocalTime: result)
            } catch {
                throw error.prefixed("chain[\(position)]: ")
            }
        }
        return result
    }

    /// Evaluates nested timings (group nesting): `chain.first` runs in `parentTime`; each further
    /// element runs in the iteration time of the one before (a group's child sees the group's
    /// basic local time). The answer is the innermost element's state; when an outer element is
    /// not in effect, nothing inside it is, and the answer carries that element's phase with NaN
    /// times and the innermost's durations.
    ///
    /// C: `ac_timing_chain_evaluate`.
    /// - Parameters:
    ///   - chain: the timings, outermost first.
    ///   - parentTime: seconds in the outermost element's parent time; finite, within
    ///     ±`Limits.time`.
    /// - Returns: the innermost element's state; nil for an empty chain.
    /// - Throws: as `validate()` for an element that fails it (the message names "chain[i]");
    ///   `.notFinite` or `.outOfRange` for a bad parent time.
    public static func evaluate<Chain: BidirectionalCollection<MediaTiming>>(
        chain: Chain, atParentTime parentTime: Double
    ) throws(AnimCoreError) -> TimingState? {
        for (index, timing) in chain.enumerated() {
            do { try timing.validate() } catch { throw error.prefixed("chain[\(index)].") }
        }
        try checkTime(parentTime, "parentTime")
        guard let innermost = chain.last else { return nil }
        var time = parentTime
        var state: TimingState?
        for timing in chain {
            let current = timing.state(atParentTime: time)
            guard current.isInEffect else {
                return TimingState(
                    phase: current.phase, isInEffect: false, isReversed: false, localTime: .nan,
                    iterationTime: .nan, progress: .nan, currentIteration: .nan,
                    activeDuration: innermost.activeDuration, endTime: .nan)
            }
            state = current
            time = current.iterationTime
        }
        return state
    }
}
