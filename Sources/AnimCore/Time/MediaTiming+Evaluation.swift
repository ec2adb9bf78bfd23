/// The CAMediaTiming pipeline: parent time → active local time → basic local time → progress.
///
/// The model (reference §2.3–2.7):
///
///     e        = parent − beginTime                      (parent seconds since begin)
///     active   ⇔ 0 ≤ e < activeDuration / |speed|         (the window does not move with timeOffset)
///     local    = e × speed + timeOffset                  (the header's formula)
///     cycle    = duration × (autoreverses ? 2 : 1)
///     r        = local mod cycle; r > duration on a reverse leg → cycle − r
///     progress = r / duration
///
/// [INF] The window is measured in parent time from beginTime whatever the offset or the sign
/// of speed, so timeOffset wraps around inside it (a 3 s animation with offset 1 plays 2 s, jumps
/// to its start and plays 1 s more).
/// [INF] End-of-interval rule: filling forwards, the state is the limit from inside the interval
/// in the direction of play, so a forward play ends at progress 1 and a reverse leg at 0.
/// Interior cycle boundaries start the next cycle. Negative speed mirrors this: within the
/// interval the state is the one reached coming from the end of the curve.
/// [INF] Timing functions apply to progress after the reverse leg is mirrored, so a reverse leg
/// is the forward curve played backwards.
extension MediaTiming {
    /// One cycle in local seconds: `duration`, doubled when autoreversing.
    @inlinable public var cycleDuration: Double { autoreverses ? duration * 2 : duration }

    /// The active duration in local seconds (§2.4): `repeatDuration` when > 0, else
    /// `cycleDuration × repeatCount` when > 0, else one cycle.
    /// [INF] A zero duration gives 0 whatever the repeat settings: a zero-length iteration
    /// repeats in no time (Web Animations does the same).
    // Inlined, as `activeParentDuration`: a few comparisons, asked for by every animation
    // start, cheaper than the call.
    public var activeDuration: Double {
        @inline(__always) get {
            if duration == 0 { return 0 }
            if repeatDuration > 0 { return repeatDuration }
            if repeatCount > 0 { return cycleDuration * repeatCount }
            return cycleDuration
        }
    }

    /// The length of the active interval in parent seconds: `activeDuration / |speed|`; 0 for a
    /// zero-length interval; infinite when speed is 0 (a frozen object, once begun, stays).
    public var activeParentDuration: Double {
        @inline(__always) get {
            let active = activeDuration
            if active == 0 { return 0 }
            if speed == 0 { return .infinity }
            return active / abs(speed)
        }
    }

    /// The end of the active interval in parent seconds: `beginTime + activeParentDuration`.
    public var endTime: Double { beginTime + activeParentDuration }

    /// The header's stage-1 formula: `(parentTime − beginTime) × speed + timeOffset`, with no
    /// check and no clamping.
    /// - Parameter parentTime: seconds in the parent's time space.
    /// - Returns: the local time, seconds.
    @inlinable public func localTime(atParentTime parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// Throws unless the timing passes `validate()` and `parentTime` is a usable parent time
    /// (finite, within ±`Limits.time`): what the public evaluations check first, so a Swift
    /// caller gets the answer a C caller gets instead of NaN.
    package func checkEvaluation(atParentTime parentTime: Double) throws(AnimCoreError) {
        try validate()
        try MediaTiming.checkTime(parentTime, "parentTime")
    }

    /// The phase of `parentTime` relative to the active interval (a validated timing).
    func phase(atParentTime parentTime: Double) -> TimingPhase {
        Self.phase(elapsed: parentTime - beginTime, activeParentDuration: activeParentDuration)
    }

    /// The phase `elapsed` parent seconds after beginTime, for an active interval of `span`
    /// parent seconds: the interval is half open, [0, span).
    @inline(__always)
    static func phase(elapsed: Double, activeParentDuration span: Double) -> TimingPhase {
        elapsed < 0 ? .before : (elapsed >= span ? .after : .active)
    }

    /// Evaluates the whole pipeline at `parentTime`: phase, local and iteration time, progress,
    /// iteration, active duration and end time.
    ///
    /// C: `ac_timing_evaluate`.
    /// - Parameter parentTime: seconds in the parent's time space; finite, within
    ///   ±`Limits.time`.
    /// - Returns: the timing's state at that time.
    /// - Throws: as `validate()` for a bad timing; `.notFinite` or `.outOfRange` for a bad
    ///   parent time.
    public func evaluate(atParentTime parentTime: Double) throws(AnimCoreError) -> TimingState {
        try checkEvaluation(atParentTime: parentTime)
        return state(atParentTime: parentTime)
    }

    /// `evaluate(atParentTime:)` for a validated timing and time.
    func state(atParentTime parentTime: Double) -> TimingState {
        let span = activeParentDuration
        let phase = Self.phase(elapsed: parentTime - beginTime, activeParentDuration: span)
        var state = TimingState(
            phase: phase, isInEffect: isInEffect(phase), isReversed: false,
            localTime: localTime(atParentTime: parentTime), iterationTime: .nan, progress: .nan,
            currentIteration: .nan, activeDuration: activeDuration, endTime: beginTime + span)
        guard state.isInEffect else { return state }
        let position = cyclePosition(in: phase, localTime: state.localTime)
        state.isReversed = position.isReversed
        state.iterationTime = position.basicTime
        state.progress = position.progress
        state.currentIteration = position.iteration
        return state
    }

    /// Progress at `parentTime` passed through `function`. The steps before flag is set in the
    /// before phase (after phase on a reverse leg).
    ///
    /// C: `ac_timing_progress`.
    /// - Parameters:
    ///   - parentTime: seconds in the parent's time space; finite, within ±`Limits.time`.
    ///   - function: the timing function; nil for linear.
    /// - Returns: the eased progress, usually in [0, 1]; NaN when the timing has no effect at
    ///   that time (before its begin or after its end without a fill).
    /// - Throws: as `evaluate(atParentTime:)`.
    public func easedProgress(atParentTime parentTime: Double, function: TimingFunction?) throws(AnimCoreError) -> Double {
        try checkEvaluation(atParentTime: parentTime)
        let sample = sample(atParentTime: parentTime)
        guard sample.isInEffect else { return .nan }
        return function.map { $0.value(at: sample.progress, beforeFlag: sample.beforeFlag) } ?? sample.progress
    }

    /// The state the engine needs each frame at `parentTime`: phase, progress (before any timing
    /// function), cycle index and direction; `isInEffect` false when nothing should be applied.
    @inline(__always)
    func sample(atParentTime parentTime: Double) -> TimingSample {
        sample(atParentTime: parentTime, activeParentDuration: activeParentDuration)
    }

    /// `sample(atParentTime:)` with `activeParentDuration` computed beforehand (it depends only
    /// on the timing, so a caller evaluating one timing every frame computes it once).
    @inline(__always)  // the per-frame path
    func sample(atParentTime parentTime: Double, activeParentDuration span: Double) -> TimingSample {
        var cycles = CycleCount.none
        return sample(atParentTime: parentTime, activeParentDuration: span, cycles: &cycles, triesCount: false)
    }

    /// `sample(atParentTime:activeParentDuration:)` that starts its search for the cycle from
    /// `cycles`, the whole cycles before the time of an earlier sample, and leaves there those
    /// before `parentTime` when it counts them: an animation sampled every frame finds its cycle
    /// without a division. The sample is the same to the bit, whatever `cycles` holds.
    /// `triesCount` false: there is no count to start from (the count is only kept), so none
    /// is tried; a constant where this is inlined, so the callers without one pay nothing.
    @inline(__always)
    func sample(
        atParentTime parentTime: Double, activeParentDuration span: Double, cycles: inout CycleCount, triesCount: Bool = true
    ) -> TimingSample {
        let elapsed = parentTime - beginTime
        let local = localTime(atParentTime: parentTime)
        // Inside the active interval, strictly inside a cycle (0 < offset in the cycle, the
        // cycle finite and not empty): the phase is known, and the boundary rule and the clamp
        // of `cyclePosition(activeTime:approachFromBelow:)` change nothing there, so the
        // position is made from the offset directly, to the same bits. Most frames of most
        // animations are there.
        // (The active phase tested as the interval [0, span) itself: the compiler makes less of
        // it than of the phase's value compared with .active.)
        let cycle = cycleDuration
        if elapsed >= 0 && elapsed < span && local > 0 && cycle > 0 && cycle.isFinite {
            let offset =
                local < cycle ? local : Self.offset(of: local, inCyclesOf: cycle, startingFrom: &cycles, trying: triesCount)
            if offset > 0 {
                return TimingSample(.active, position(offsetInCycle: offset, cycleStart: local - offset, cycle: cycle))
            }
        }
        let phase = Self.phase(elapsed: elapsed, activeParentDuration: span)
        guard isInEffect(phase) else {
            return TimingSample(
                phase: phase, isInEffect: false, progress: 0, cycleStart: 0, cycleLength: 1, isReversed: false)
        }
        return TimingSample(phase, cyclePosition(in: phase, localTime: local))
    }

    /// The basic local time of `sample` (taken at `parentTime`), in seconds: what a spring and a
    /// decay run on — progress × duration; for an endless duration (one endless cycle) the local
    /// time, from 0. A timing function does not pace it.
    @inline(__always)
    func basicTime(of sample: TimingSample, atParentTime parentTime: Double) -> Double {
        duration.isFinite ? sample.progress * duration : max(localTime(atParentTime: parentTime), 0)
    }

    /// The state held after the active interval, as a forwards fill shows it whatever the fill
    /// mode: the end rule of the after phase (`cyclePosition(in:localTime:)`), exact at the end
    /// of the last cycle.
    func sampleAfterEnd() -> TimingSample {
        TimingSample(.after, cyclePosition(in: .after, localTime: 0))
    }

    /// The state at `parentTime` reached from before it, in the after phase: the limit from
    /// inside a window that ends at `parentTime` (on a cycle boundary, the end of the cycle
    /// before it). What a group's child shows while the group holds its end there.
    func sampleEnding(atParentTime parentTime: Double) -> TimingSample {
        let position: CyclePosition
        if duration == 0 {
            position = Self.zeroLengthPosition(after: true, repeatCount: repeatCount, autoreverses: autoreverses)
        } else {
            position = cyclePosition(activeTime: localTime(atParentTime: parentTime), approachFromBelow: speed >= 0)
        }
        return TimingSample(.after, position)
    }

    /// Evaluates `easedProgress` at every time of `parentTimes` into `output` (same count or
    /// more). Returns the index of the first time that is not finite or beyond ±`Limits.time`,
    /// having stopped there, or nil when all were evaluated. Throws for a timing that fails
    /// `validate()`.
    package func easedProgress(
        atParentTimes parentTimes: UnsafeBufferPointer<Double>, function: TimingFunction?,
        into output: UnsafeMutableBufferPointer<Double>
    ) throws(AnimCoreError) -> Int? {
        try validate()
        guard let input = parentTimes.baseAddress, let out = output.baseAddress else { return nil }
        let count = min(parentTimes.count, output.count)
        // Switch on the function once, so each loop below inlines its curve.
        switch function {
        case nil:
            return fillProgress(input, out, count) { sample in sample.progress }
        case .cubicBezier(let curve)?:
            return fillProgress(input, out, count) { sample in curve.value(at: sample.progress) }
        case .steps(let steps)?:
            return fillProgress(input, out, count) { sample in steps.value(at: sample.progress, beforeFlag: sample.beforeFlag) }
        case let other?:
            // linear() and presets: the before flag plays no part.
            return fillProgress(input, out, count) { sample in other.value(at: sample.progress) }
        }
    }

    /// The batch loop of `easedProgress(atParentTimes:function:into:)` with the easing inlined.
    @inline(__always)
    func fillProgress(
        _ input: UnsafePointer<Double>, _ out: UnsafeMutablePointer<Double>, _ count: Int, _ ease: (TimingSample) -> Double
    ) -> Int? {
        let span = activeParentDuration
        for index in 0..<count {
            let time = input[index]
            guard abs(time) <= Limits.time else { return index }
            let sample = sample(atParentTime: time, activeParentDuration: span)
            out[index] = sample.isInEffect ? ease(sample) : .nan
        }
        return nil
    }

    /// Whether the object affects the presentation in `phase` under its fill mode.
    @inlinable func isInEffect(_ phase: TimingPhase) -> Bool {
        switch phase {
        case .active: true
        case .before: fillMode.fillsBackwards
        case .after: fillMode.fillsForwards
        }
    }

    /// Where the object is in its cycles in `phase`, given its unclamped local time.
    @inline(__always) @usableFromInline func cyclePosition(in phase: TimingPhase, localTime: Double) -> CyclePosition {
        if duration == 0 {
            return Self.zeroLengthPosition(after: phase == .after, repeatCount: repeatCount, autoreverses: autoreverses)
        }
        let playsBackward = speed < 0
        switch phase {
        case .before:
            // The state at e = 0, reached the way play continues from there.
            return cyclePosition(activeTime: timeOffset, approachFromBelow: playsBackward)
        case .active:
            return cyclePosition(activeTime: localTime, approachFromBelow: playsBackward)
        case .after:
            // The end rule: the limit from inside the interval, in the direction of play.
            let end = playsBackward ? timeOffset - activeDuration : timeOffset + activeDuration
            return cyclePosition(activeTime: end, approachFromBelow: !playsBackward)
        }
    }

    /// Maps active local time to cycle, basic time and direction. On an exact cycle boundary,
    /// `approachFromBelow` gives the end of the cycle before it instead of the start of the next.
    /// Uses the exact floating-point remainder, so a time of 1e9 s loses nothing to wrapping.
    @inline(__always) @usableFromInline func cyclePosition(activeTime: Double, approachFromBelow: Bool) -> CyclePosition {
        let cycle = cycleDuration
        guard cycle.isFinite else {
            return CyclePosition(iteration: 0, basicTime: activeTime, progress: 0, isReversed: false)
        }
        // Inside the first cycle the remainder is the time itself (no fmod call needed); so is
        // the end of the first cycle approached from below (a one-cycle animation filling
        // forwards), which the boundary rule below keeps at `cycle`.
        let inFirstCycle = activeTime >= 0 && (activeTime < cycle || (approachFromBelow && activeTime == cycle))
        var offsetInCycle = inFirstCycle ? activeTime : Self.offset(of: activeTime, inCyclesOf: cycle)
        var cycleStart = activeTime - offsetInCycle
        if approachFromBelow && offsetInCycle == 0 {
            offsetInCycle = cycle
            cycleStart -= cycle
        }
        offsetInCycle = min(max(offsetInCycle, 0), cycle)
        return position(offsetInCycle: offsetInCycle, cycleStart: cycleStart, cycle: cycle)
    }

    /// The position `offsetInCycle` seconds (in [0, `cycle`]) into the cycle that began at
    /// local time `cycleStart`: past `duration`, an autoreversing cycle's reverse leg, mirrored.
    @inline(__always) func position(offsetInCycle: Double, cycleStart: Double, cycle: Double) -> CyclePosition {
        // Past `duration` is the reverse leg: without autoreverses the cycle is `duration`, and
        // the offset is never past it. Its basic time, cycle − offset, is exact there
        // (Sterbenz: the offset is at least half the cycle) and below the offset, and at or
        // above it in the forward leg, so the smaller of the two is the leg's basic time: a
        // minimum, not a branch, which animations in either leg side by side (staggered ones)
        // would mispredict. (The branch on `autoreverses` goes the same way for an animation
        // every frame, and keeps the minimum off the chain of the others.)
        let isReversed = offsetInCycle > duration
        let basic = autoreverses ? min(offsetInCycle, cycle - offsetInCycle) : offsetInCycle
        return CyclePosition(
            cycleStart: cycleStart, cycleLength: cycle, basicTime: basic, progress: basic / duration, isReversed: isReversed)
    }

    /// `time` less the whole cycles of length `cycle` (finite, > 0) at or before it: in
    /// [0, `cycle`], to the bit what the exact remainder gives (`truncatingRemainder`, plus
    /// `cycle` when negative, rounded once) without libm's `fmod`, which costs more than the
    /// rest of a sample (`split`).
    @inline(__always) @usableFromInline
    static func offset(of time: Double, inCyclesOf cycle: Double) -> Double {
        split(time, inCyclesOf: cycle).offset
    }

    /// `offset(of:inCyclesOf:)` tried first with `cycles` whole cycles, which it leaves holding
    /// those it finds (`CycleCount.none` when they do not fit); `trying` false skips the try.
    /// What it returns is the same to the bit whatever `cycles` holds.
    ///
    /// Why: with a count c, the fused multiply-add forms time − c × cycle rounded once, and
    /// rounding keeps the sign and an exact 0 (every double is a multiple of 2^−1074) and is
    /// monotonic, so a result strictly between 0 and `cycle` means the exact value is there too:
    /// c is the true quotient, and the result is the remainder rounded once, as `split` gives it.
    @inline(__always)
    static func offset(
        of time: Double, inCyclesOf cycle: Double, startingFrom cycles: inout CycleCount, trying: Bool = true
    ) -> Double {
        if trying {
            let guess = time.addingProduct(-Double(cycles.count), cycle)
            if guess > 0 && guess < cycle { return guess }
        }
        let (quotient, offset) = split(time, inCyclesOf: cycle)
        cycles = CycleCount(quotient)
        return offset
    }

    /// The whole cycles of length `cycle` (finite, > 0) at or before `time`, and the offset
    /// past them (`offset(of:inCyclesOf:)`); the quotient is NaN where `fmod` gives the offset.
    ///
    /// Why exact: below 2^52 the quotient q = ⌊time / cycle⌋ is the true one or one more
    /// (rounding to nearest cannot fall below a representable whole number), and a fused
    /// multiply-add forms time − q × cycle with one rounding. For the true quotient that is the
    /// remainder, rounded once as the negative remainder plus `cycle` is. One more gives the
    /// remainder less `cycle`, exact because that remainder lies in [cycle / 2, cycle)
    /// (Sterbenz), and adding `cycle` back rounds once as well. Larger quotients (and NaN) take
    /// `fmod`.
    @inline(__always)
    static func split(_ time: Double, inCyclesOf cycle: Double) -> (quotient: Double, offset: Double) {
        let ratio = time / cycle
        guard abs(ratio) < 0x1p52 else {
            let remainder = time.truncatingRemainder(dividingBy: cycle)
            return (.nan, remainder < 0 ? remainder + cycle : remainder)
        }
        var quotient = Double(Int64(ratio))  // toward zero, then down
        if quotient > ratio { quotient -= 1 }
        let offset = time.addingProduct(-quotient, cycle)
        return offset < 0 ? (quotient - 1, offset + cycle) : (quotient, offset)
    }

    /// [INF] A zero duration is a zero-length interval: before it, the start; after it, the end
    /// state of `repeatCount` cycles (the fraction of the last one for a fractional count), as
    /// Web Animations defines it. Basic time is 0 either way. Static, given the two settings it
    /// reads, so that the tick, which reads its timings in place, needs no copy of a whole
    /// timing in memory for this call (the per-frame `sample` inlines the rest).
    static func zeroLengthPosition(after: Bool, repeatCount: Double, autoreverses: Bool) -> CyclePosition {
        guard after else {
            return CyclePosition(iteration: 0, basicTime: 0, progress: 0, isReversed: false)
        }
        let count = repeatCount > 0 ? repeatCount : 1
        guard count.isFinite else {
            return CyclePosition(
                iteration: .infinity, basicTime: 0, progress: autoreverses ? 0 : 1,
                isReversed: autoreverses)
        }
        let unit = MediaTiming(duration: 1, autoreverses: autoreverses)
        let activeTime = count * unit.cycleDuration
        guard activeTime.isFinite else {
            // Only autoreversing counts above DBL_MAX / 2 get here; a count so large is a
            // whole number, so the last cycle ends complete, back at its start.
            return CyclePosition(iteration: count - 1, basicTime: 0, progress: 0, isReversed: true)
        }
        var position = unit.cyclePosition(activeTime: activeTime, approachFromBelow: true)
        position.basicTime = 0
        return position
    }
}

/// A position inside an object's cycles; see `MediaTiming.cyclePosition(activeTime:approachFromBelow:)`.
@usableFromInline struct CyclePosition {
    /// Local time at which the current cycle began, and the cycle's length: the cycle index is
    /// their ratio, computed only when asked for (it costs a division and a rounding).
    @usableFromInline var cycleStart: Double
    @usableFromInline var cycleLength: Double
    /// Basic local time in [0, duration] seconds.
    @usableFromInline var basicTime: Double
    /// basicTime / duration; 0 for an infinite duration.
    @usableFromInline var progress: Double
    /// On the backward leg of an autoreversing cycle.
    @usableFromInline var isReversed: Bool

    @usableFromInline init(cycleStart: Double, cycleLength: Double, basicTime: Double, progress: Double, isReversed: Bool) {
        self.cycleStart = cycleStart
        self.cycleLength = cycleLength
        self.basicTime = basicTime
        self.progress = progress
        self.isReversed = isReversed
    }

    /// A position with a known cycle index.
    @usableFromInline init(iteration: Double, basicTime: Double, progress: Double, isReversed: Bool) {
        self.init(cycleStart: iteration, cycleLength: 1, basicTime: basicTime, progress: progress, isReversed: isReversed)
    }

    /// The 0-based cycle index.
    @usableFromInline var iteration: Double { (cycleStart / cycleLength).rounded() }
}

/// What the engine reads of a timing each frame; see `MediaTiming.sample(atParentTime:)`.
@usableFromInline package struct TimingSample: Sendable {
    @usableFromInline package var phase: TimingPhase
    /// Whether the object applies: active, or filling on this side.
    @usableFromInline package var isInEffect: Bool
    /// Progress in [0, 1] before any timing function (0 when not in effect).
    @usableFromInline package var progress: Double
    /// Local time at which the current cycle began, and the cycle's length.
    @usableFromInline package var cycleStart: Double
    @usableFromInline package var cycleLength: Double
    /// On the backward leg of an autoreversing cycle.
    @usableFromInline package var isReversed: Bool

    @inlinable package init(
        phase: TimingPhase, isInEffect: Bool, progress: Double, cycleStart: Double, cycleLength: Double,
        isReversed: Bool
    ) {
        self.phase = phase
        self.isInEffect = isInEffect
        self.progress = progress
        self.cycleStart = cycleStart
        self.cycleLength = cycleLength
        self.isReversed = isReversed
    }

    /// The sample of an object in effect in `phase` at `position`.
    @inline(__always) init(_ phase: TimingPhase, _ position: CyclePosition) {
        self.init(
            phase: phase, isInEffect: true, progress: position.progress, cycleStart: position.cycleStart,
            cycleLength: position.cycleLength, isReversed: position.isReversed)
    }

    /// The cycle index (see `TimingState.currentIteration`), computed on demand.
    @inlinable package var iteration: Double { (cycleStart / cycleLength).rounded() }

    /// The steps before flag: set in the before phase, or after the end on a reverse leg.
    @inlinable package var beforeFlag: Bool { isReversed ? phase == .after : phase == .before }
}

/// A count of whole cycles an animation has played, kept from one frame to the next so that the
/// next frame's sample starts its search there (`MediaTiming.offset(of:inCyclesOf:startingFrom:)`).
/// 32 bits, so that it fits in the padding after a timing in a lane entry; larger counts are
/// not kept. Any count is safe: a wrong one costs the search, never a bit of the result.
struct CycleCount {
    /// Whole cycles (what `split` found: 0 up to `Int32.max`).
    var count: Int32

    /// No count known: the search starts at 0.
    static let none = CycleCount(count: 0)

    init(count: Int32) {
        self.count = count
    }

    /// `split`'s quotient (a whole number, or NaN) when it fits, else none.
    @inline(__always)
    init(_ quotient: Double) {
        count = quotient >= 0 && quotient <= Double(Int32.max) ? Int32(quotient) : 0
    }
}
