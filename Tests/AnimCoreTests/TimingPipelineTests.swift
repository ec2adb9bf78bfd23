@testable import AnimCore
import Testing

/// A timing and one expected number, named for the test report.
struct TimingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var timing: MediaTiming
    var expected: Double
    var testDescription: String { name }
}

/// A timing sampled at one parent time, with the state the pipeline must give there.
struct SampleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var timing: MediaTiming
    var parentTime: Double
    var iterationTime: Double
    var progress: Double
    var iteration: Double
    var reversed: Bool = false
    var phase: TimingPhase
    var testDescription: String { name }
}

/// The CAMediaTiming pipeline one step at a time (reference §2.3–2.8): active duration, its
/// length in parent time, end time, the stage-1 local time formula, phases, cycle position
/// (iteration time, current iteration, reverse legs), progress, and in-effect per fill mode;
/// with zero and infinite durations, frozen and negative speeds, fractional and infinite repeat
/// counts, repeatDuration, autoreverses, the end-of-interval rule, and times around 1e9 s.
///
/// Every expected value is worked out from the reference's formulas in the argument's comment:
///     e = parent − beginTime;  local = e·speed + timeOffset;  cycle = d·(autoreverses ? 2 : 1)
///     AD = repeatDuration > 0 ? repeatDuration : repeatCount > 0 ? cycle·repeatCount : cycle
///     active ⇔ 0 ≤ e < AD/|speed|;  r = local mod cycle, mirrored (cycle − r) when r > d.
@Suite("Timing pipeline")
struct TimingPipelineTests {
    // MARK: Step 1: active duration (§2.4), in local seconds

    static let activeDurations: [TimingCase] = [
        TimingCase(name: "one cycle: d 1.5", timing: MediaTiming(duration: 1.5), expected: 1.5),
        TimingCase(name: "autoreverses doubles: d 1.5", timing: MediaTiming(duration: 1.5, autoreverses: true), expected: 3),
        TimingCase(name: "repeatCount 2 × d 1.5", timing: MediaTiming(duration: 1.5, repeatCount: 2), expected: 3),
        TimingCase(name: "fractional repeatCount 1.5 × d 2", timing: MediaTiming(duration: 2, repeatCount: 1.5), expected: 3),
        TimingCase(name: "autoreverses × repeatCount 2 × d 1 (cycle 2)", timing: MediaTiming(duration: 1, repeatCount: 2, autoreverses: true), expected: 4),
        TimingCase(name: "autoreverses × repeatCount 2.5 × d 0.5", timing: MediaTiming(duration: 0.5, repeatCount: 2.5, autoreverses: true), expected: 2.5),
        TimingCase(name: "repeatDuration 2 over d 1.5", timing: MediaTiming(duration: 1.5, repeatDuration: 2), expected: 2),
        TimingCase(name: "repeatDuration 1 shorter than d 1.5", timing: MediaTiming(duration: 1.5, repeatDuration: 1), expected: 1),
        TimingCase(name: "repeatDuration is not doubled by autoreverses", timing: MediaTiming(duration: 1, repeatDuration: 3, autoreverses: true), expected: 3),
        TimingCase(name: "repeatDuration wins over repeatCount", timing: MediaTiming(duration: 1, repeatCount: 5, repeatDuration: 2), expected: 2),
        TimingCase(name: "infinite repeatCount", timing: MediaTiming(duration: 1, repeatCount: .infinity), expected: .infinity),
        TimingCase(name: "infinite repeatDuration", timing: MediaTiming(duration: 1, repeatDuration: .infinity), expected: .infinity),
        TimingCase(name: "infinite duration", timing: MediaTiming(duration: .infinity), expected: .infinity),
        TimingCase(name: "zero duration", timing: MediaTiming(duration: 0), expected: 0),
        TimingCase(name: "zero duration × repeatCount 3 = 0", timing: MediaTiming(duration: 0, repeatCount: 3), expected: 0),
        TimingCase(name: "speed does not change local active duration", timing: MediaTiming(duration: 3, speed: 2), expected: 3),
    ]

    @Test("activeDuration", arguments: activeDurations)
    func activeDuration(_ c: TimingCase) throws {
        expectClose(c.timing.activeDuration, c.expected, tolerance: 0, c.name)
        try expectClose(c.timing.evaluate(atParentTime: 0).activeDuration, c.expected, tolerance: 0, "state")
    }

    // MARK: Step 2: the interval in parent time, AD / |speed| (§2.4 last bullet)

    static let activeParentDurations: [TimingCase] = [
        TimingCase(name: "d 3 speed 2 → 1.5", timing: MediaTiming(duration: 3, speed: 2), expected: 1.5),
        TimingCase(name: "d 3 speed −2 → 1.5 (|speed|)", timing: MediaTiming(duration: 3, speed: -2), expected: 1.5),
        TimingCase(name: "d 3 speed 0.5 → 6", timing: MediaTiming(duration: 3, speed: 0.5), expected: 6),
        TimingCase(name: "speed 0 never ends", timing: MediaTiming(duration: 3, speed: 0), expected: .infinity),
        TimingCase(name: "zero duration is zero-length", timing: MediaTiming(duration: 0, speed: 2), expected: 0),
        TimingCase(name: "infinite repeat never ends", timing: MediaTiming(duration: 1, repeatCount: .infinity), expected: .infinity),
    ]

    @Test("activeParentDuration", arguments: activeParentDurations)
    func activeParentDuration(_ c: TimingCase) {
        expectClose(c.timing.activeParentDuration, c.expected, tolerance: 0, c.name)
    }

    // MARK: Step 3: end time = beginTime + AD/|speed|

    static let endTimes: [TimingCase] = [
        TimingCase(name: "begin 10, d 3, speed 2 → 11.5", timing: MediaTiming(beginTime: 10, duration: 3, speed: 2), expected: 11.5),
        TimingCase(name: "begin −0.5, d 1.5 → 1", timing: MediaTiming(beginTime: -0.5, duration: 1.5), expected: 1),
        TimingCase(name: "begin 20, d 2, speed −1 → 22", timing: MediaTiming(beginTime: 20, duration: 2, speed: -1, timeOffset: 2), expected: 22),
        TimingCase(name: "timeOffset does not move the window", timing: MediaTiming(beginTime: 1, duration: 3, timeOffset: 1), expected: 4),
        TimingCase(name: "speed 0 → ∞", timing: MediaTiming(beginTime: 1, duration: 3, speed: 0), expected: .infinity),
        TimingCase(name: "zero duration ends at begin", timing: MediaTiming(beginTime: 7, duration: 0), expected: 7),
    ]

    @Test("endTime", arguments: endTimes)
    func endTime(_ c: TimingCase) throws {
        expectClose(c.timing.endTime, c.expected, tolerance: 0, c.name)
        try expectClose(c.timing.evaluate(atParentTime: 0).endTime, c.expected, tolerance: 0, "state")
    }

    // MARK: Step 4: local time = (parent − beginTime)·speed + timeOffset (§2.3), unclamped

    @Test("localTime(atParentTime:) is the header formula, unclamped")
    func localTime() throws {
        let timing = MediaTiming(beginTime: 2, duration: 1, speed: 3, timeOffset: 0.25)
        // (10 − 2)·3 + 0.25 = 24.25, far past the 1 s duration: no clamping or wrapping here.
        expectClose(timing.localTime(atParentTime: 10), 24.25, tolerance: 0)
        // Before the begin the formula goes negative: (0 − 2)·3 + 0.25 = −5.75.
        expectClose(timing.localTime(atParentTime: 0), -5.75, tolerance: 0)
        try expectClose(timing.evaluate(atParentTime: 0).localTime, -5.75, tolerance: 0, "state")
        // Negative speed: (21 − 20)·(−1) + 2 = 1.
        let backward = MediaTiming(beginTime: 20, duration: 2, speed: -1, timeOffset: 2)
        expectClose(backward.localTime(atParentTime: 21), 1, tolerance: 0)
        // speed 0: every parent time maps to timeOffset.
        let frozen = MediaTiming(beginTime: 5, duration: 1, speed: 0, timeOffset: 0.3)
        for parent in [-100.0, 5, 6, 1e9] {
            expectClose(frozen.localTime(atParentTime: parent), 0.3, tolerance: 0, "parent \(parent)")
        }
    }

    // MARK: Step 5: phases (§2.6): [beginTime, beginTime + AD/|speed|) is half open

    @Test("phase: the interval is half open and independent of offset and speed sign")
    func phases() throws {
        let timings = [
            MediaTiming(beginTime: 1, duration: 2),
            MediaTiming(beginTime: 1, duration: 2, timeOffset: 0.5),
            MediaTiming(beginTime: 1, duration: 4, speed: -2),
        ]
        for timing in timings {  // all three span parent time [1, 3)
            #expect(timing.phase(atParentTime: 0.999) == .before)
            #expect(timing.phase(atParentTime: 1) == .active)
            #expect(timing.phase(atParentTime: 2.999) == .active)
            #expect(timing.phase(atParentTime: 3) == .after)
            #expect(timing.phase(atParentTime: 100) == .after)
            #expect(try timing.evaluate(atParentTime: 3).phase == .after)
        }
    }

    @Test("phase: speed 0 is active forever once begun; zero duration is after at once")
    func phasesOfDegenerateTimings() {
        let frozen = MediaTiming(beginTime: 2, duration: 1, speed: 0)
        #expect(frozen.phase(atParentTime: 1.5) == .before)
        #expect(frozen.phase(atParentTime: 2) == .active)
        #expect(frozen.phase(atParentTime: 1e12) == .active)

        let instant = MediaTiming(beginTime: 2, duration: 0)
        #expect(instant.phase(atParentTime: 1.999) == .before)
        #expect(instant.phase(atParentTime: 2) == .after)  // e = 0 ≥ AD/|speed| = 0
    }

    // MARK: Step 6 and 7: cycle position, iteration time, current iteration and progress

    static let samples: [SampleCase] = [
        // d 2: e 0.5 → r 0.5, p 0.25.
        SampleCase(name: "plain d 2 at e 0.5", timing: MediaTiming(duration: 2, fillMode: .both),
                   parentTime: 0.5, iterationTime: 0.5, progress: 0.25, iteration: 0, phase: .active),
        // Interior boundary: e 2 of 3 cycles starts the next cycle (r = 0, k = 1).
        SampleCase(name: "interior boundary starts the next cycle", timing: MediaTiming(duration: 2, repeatCount: 3, fillMode: .both),
                   parentTime: 2, iterationTime: 0, progress: 0, iteration: 1, phase: .active),
        // e 5: k = floor(5/2) = 2, r = 1.
        SampleCase(name: "third cycle", timing: MediaTiming(duration: 2, repeatCount: 3, fillMode: .both),
                   parentTime: 5, iterationTime: 1, progress: 0.5, iteration: 2, phase: .active),
        // End rule: e 6 = AD; the limit from inside is the end of cycle 2, r = d.
        SampleCase(name: "end of repeats holds d (end rule)", timing: MediaTiming(duration: 2, repeatCount: 3, fillMode: .both),
                   parentTime: 6, iterationTime: 2, progress: 1, iteration: 2, phase: .after),
        // Fractional: AD = 2·0.5 = 1; the end is halfway through cycle 0.
        SampleCase(name: "repeatCount 0.5 ends halfway", timing: MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .both),
                   parentTime: 7, iterationTime: 1, progress: 0.5, iteration: 0, phase: .after),
        // Autoreverses, cycle 4: e 1 → r 1 forward.
        SampleCase(name: "autoreverse forward leg", timing: MediaTiming(duration: 2, autoreverses: true, fillMode: .both),
                   parentTime: 1, iterationTime: 1, progress: 0.5, iteration: 0, phase: .active),
        // e 3 → r 3 > d 2 → mirrored 4 − 3 = 1, reverse leg.
        SampleCase(name: "autoreverse reverse leg", timing: MediaTiming(duration: 2, autoreverses: true, fillMode: .both),
                   parentTime: 3, iterationTime: 1, progress: 0.5, iteration: 0, reversed: true, phase: .active),
        // e 4 of 2 reversing cycles: interior boundary, cycle 1 starts forward at 0.
        SampleCase(name: "autoreverse interior boundary", timing: MediaTiming(duration: 2, repeatCount: 2, autoreverses: true, fillMode: .both),
                   parentTime: 4, iterationTime: 0, progress: 0, iteration: 1, phase: .active),
        // End of 2 reversing cycles (AD 8): a reverse leg ends at 0.
        SampleCase(name: "autoreverse end is 0 on the reverse leg", timing: MediaTiming(duration: 2, repeatCount: 2, autoreverses: true, fillMode: .both),
                   parentTime: 8, iterationTime: 0, progress: 0, iteration: 1, reversed: true, phase: .after),
        // AD = 4·1.25 = 5: the end is local 5 → k 1, r 1, forward.
        SampleCase(name: "autoreverse repeatCount 1.25 ends mid forward leg", timing: MediaTiming(duration: 2, repeatCount: 1.25, autoreverses: true, fillMode: .both),
                   parentTime: 5, iterationTime: 1, progress: 0.5, iteration: 1, phase: .after),
        // repeatDuration 1.5 over d 1 reversing: end at local 1.5 → r 1.5 > 1 → 0.5 reversed.
        SampleCase(name: "repeatDuration ends on a reverse leg", timing: MediaTiming(duration: 1, repeatDuration: 1.5, autoreverses: true, fillMode: .forwards),
                   parentTime: 10, iterationTime: 0.5, progress: 0.5, iteration: 0, reversed: true, phase: .after),
        // Negative speed, offset 0: local = −0.5 → k −1, r 1.5.
        SampleCase(name: "negative speed wraps backwards", timing: MediaTiming(duration: 2, speed: -1, fillMode: .both),
                   parentTime: 0.5, iterationTime: 1.5, progress: 0.75, iteration: -1, phase: .active),
        // Negative speed ends at the start of the curve: local −2, limit from above → r 0 of cycle −1.
        SampleCase(name: "negative speed ends at progress 0", timing: MediaTiming(duration: 2, speed: -1, fillMode: .both),
                   parentTime: 2, iterationTime: 0, progress: 0, iteration: -1, phase: .after),
        // Negative speed from offset d (OCA's form): local = −1 + 2 = 1.
        SampleCase(name: "negative speed from offset d", timing: MediaTiming(duration: 2, speed: -1, timeOffset: 2, fillMode: .both),
                   parentTime: 1, iterationTime: 1, progress: 0.5, iteration: 0, phase: .active),
        // Negative speed reversing: local −0.5 → k −1, r 1.5 > 1 → 2 − 1.5 = 0.5 reversed.
        SampleCase(name: "negative speed on a reverse leg", timing: MediaTiming(duration: 1, speed: -1, autoreverses: true, fillMode: .both),
                   parentTime: 0.5, iterationTime: 0.5, progress: 0.5, iteration: -1, reversed: true, phase: .active),
        // ...local −1.5 → r 0.5 forward.
        SampleCase(name: "negative speed on a forward leg", timing: MediaTiming(duration: 1, speed: -1, autoreverses: true, fillMode: .both),
                   parentTime: 1.5, iterationTime: 0.5, progress: 0.5, iteration: -1, phase: .active),
        // timeOffset wraps inside the window (§2.7): d 3 offset 1, e 2.5 → local 3.5 → r 0.5.
        SampleCase(name: "timeOffset wraps around", timing: MediaTiming(duration: 3, timeOffset: 1, fillMode: .both),
                   parentTime: 2.5, iterationTime: 0.5, progress: 0.5 / 3, iteration: 1, phase: .active),
        // Speed 0 freezes at timeOffset: local 0.3 at any time once begun.
        SampleCase(name: "speed 0 frozen at timeOffset", timing: MediaTiming(beginTime: 5, duration: 1, speed: 0, timeOffset: 0.3),
                   parentTime: 1e6, iterationTime: 0.3, progress: 0.3, iteration: 0, phase: .active),
        SampleCase(name: "speed 0 offset 0 sits on its first frame", timing: MediaTiming(beginTime: 5, duration: 1, speed: 0),
                   parentTime: 6, iterationTime: 0, progress: 0, iteration: 0, phase: .active),
        // Infinite duration: one endless cycle; basic time is local time; progress 0 (header).
        SampleCase(name: "infinite duration", timing: MediaTiming(duration: .infinity),
                   parentTime: 12.5, iterationTime: 12.5, progress: 0, iteration: 0, phase: .active),
        // Infinite repeats: e 7.25 of d 2 → k 3, r 1.25.
        SampleCase(name: "infinite repeatCount", timing: MediaTiming(duration: 2, repeatCount: .infinity),
                   parentTime: 7.25, iterationTime: 1.25, progress: 0.625, iteration: 3, phase: .active),
        // repeatDuration 2 over d 1.5 ends at local 2 → r 0.5 (T6).
        SampleCase(name: "repeatDuration end", timing: MediaTiming(duration: 1.5, repeatDuration: 2, fillMode: .forwards),
                   parentTime: 2, iterationTime: 0.5, progress: 1.0 / 3, iteration: 1, phase: .after),
    ]

    @Test("cycle position, iteration time and progress", arguments: samples)
    func sample(_ c: SampleCase) throws {
        let state = try c.timing.evaluate(atParentTime: c.parentTime)
        #expect(state.phase == c.phase, "\(c.name): phase")
        #expect(state.isInEffect, "\(c.name): in effect")
        expectClose(state.iterationTime, c.iterationTime, tolerance: 1e-12, "\(c.name): iteration time")
        expectClose(state.progress, c.progress, tolerance: 1e-12, "\(c.name): progress")
        expectClose(state.currentIteration, c.iteration, tolerance: 0, "\(c.name): current iteration")
        #expect(state.isReversed == c.reversed, "\(c.name): reversed")
        // easedProgress with no function is the same progress.
        expectClose(
            try c.timing.easedProgress(atParentTime: c.parentTime, function: nil), c.progress,
            tolerance: 1e-12, "\(c.name): easedProgress(nil)")
        // The engine's per-frame sample says the same.
        let sample = c.timing.sample(atParentTime: c.parentTime)
        #expect(sample.phase == c.phase && sample.isInEffect, "\(c.name): sample phase")
        expectClose(sample.progress, c.progress, tolerance: 1e-12, "\(c.name): sample progress")
        expectClose(sample.iteration, c.iteration, tolerance: 0, "\(c.name): sample iteration")
        #expect(sample.isReversed == c.reversed, "\(c.name): sample reversed")
    }

    /// Seeded random timings covering every branch of the pipeline.
    static func randomTimings(count: Int, seed: UInt64) -> [MediaTiming] {
        var generator = SplitMix64(seed: seed)
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        return (0..<count).map { _ in
            MediaTiming(
                beginTime: pick([0, 1, -0.5, 2.25]), duration: pick([0, 0.5, 1, 1.5, 2, .infinity]),
                speed: pick([1, 2, 0.5, -1, -2, 0]), timeOffset: pick([0, 0.25, 1, -0.75]),
                repeatCount: pick([0, 1, 1.5, 2, 2.5, .infinity]), repeatDuration: pick([0, 0, 0, 1.25, 3]),
                autoreverses: pick([false, true]), fillMode: pick(FillMode.allCases))
        }
    }

    @Test("sample(atParentTime:) agrees with evaluate; out of effect it is not in effect")
    func sampleAgreesWithEvaluate() throws {
        for timing in Self.randomTimings(count: 300, seed: 5) {
            for parent in stride(from: -1.0, through: 6, by: 0.125) {
                let state = try timing.evaluate(atParentTime: parent)
                let sample = timing.sample(atParentTime: parent)
                #expect(sample.phase == state.phase && sample.isInEffect == state.isInEffect, "\(timing) at \(parent)")
                guard state.isInEffect else { continue }
                #expect(sample.progress == state.progress, "\(timing) at \(parent)")
                #expect(sample.iteration == state.currentIteration, "\(timing) at \(parent)")
                #expect(sample.isReversed == state.isReversed, "\(timing) at \(parent)")
                // The before flag: before phase going forwards, after phase on a reverse leg.
                #expect(sample.beforeFlag == (state.isReversed ? state.phase == .after : state.phase == .before))
            }
        }
    }

    /// Timings at the edges of what `sample` takes first (strictly inside a cycle of the active
    /// interval): signed zero offsets and speeds, negative and fast speeds, a cycle that
    /// overflows when doubled, repeats that end inside the first cycle, an endless duration,
    /// cycles that binary cannot hold, many cycles.
    static let cycleEdgeTimings: [MediaTiming] = [
        MediaTiming(duration: 1),
        MediaTiming(duration: 1, timeOffset: -0.0),
        MediaTiming(duration: 1, speed: -0.0, timeOffset: 0.5),
        MediaTiming(duration: 1, speed: -1, timeOffset: 0.75),
        MediaTiming(duration: 1, speed: 2, timeOffset: 0.25, autoreverses: true),
        MediaTiming(duration: 1e308, autoreverses: true),
        MediaTiming(duration: 1e308),
        MediaTiming(duration: 2, repeatCount: 0.25),
        MediaTiming(duration: 2, repeatDuration: 0.5, fillMode: .both),
        MediaTiming(beginTime: 0.5, duration: .infinity),
        MediaTiming(beginTime: 0.1, duration: 0.3, timeOffset: 0.2, repeatCount: .infinity),
        MediaTiming(beginTime: -0.25, duration: 0.1, speed: 3, repeatCount: .infinity, autoreverses: true),
        MediaTiming(duration: 0.7, speed: -1.5, timeOffset: 0.35, repeatCount: 4, autoreverses: true),
    ]

    @Test("sample gives the general steps' bits, inside cycles and at their boundaries")
    func sampleInsideCyclesIsTheGeneralSteps() {
        let timings = Self.cycleEdgeTimings + Self.randomTimings(count: 300, seed: 11)
        for timing in timings {
            let span = timing.activeParentDuration
            var parents = Array(stride(from: -1.0, through: 6, by: 0.0625)) + [-0.0]
            // Either side of each end of the interval and of the first cycles' ends.
            let cycleEnds = (1...4).map {
                timing.beginTime + (Double($0) * timing.cycleDuration - timing.timeOffset) / timing.speed
            }
            for edge in [timing.beginTime, timing.beginTime + span] + cycleEnds where edge.isFinite {
                parents += [edge.nextDown, edge, edge.nextUp]
            }
            for parent in parents {
                // The general steps: the phase by the interval, then the cycle position.
                let elapsed = parent - timing.beginTime
                let phase: TimingPhase = elapsed < 0 ? .before : (elapsed >= span ? .after : .active)
                let sample = timing.sample(atParentTime: parent)
                let what = "\(timing) at \(parent)"
                #expect(sample.phase == phase && sample.isInEffect == timing.isInEffect(phase), "\(what)")
                guard timing.isInEffect(phase) else { continue }
                let position = timing.cyclePosition(in: phase, localTime: elapsed * timing.speed + timing.timeOffset)
                #expect(sample.progress.bitPattern == position.progress.bitPattern, "\(what): progress")
                #expect(sample.cycleStart.bitPattern == position.cycleStart.bitPattern, "\(what): cycle start")
                #expect(sample.cycleLength.bitPattern == position.cycleLength.bitPattern, "\(what): cycle length")
                #expect(sample.isReversed == position.isReversed, "\(what): reversed")
            }
        }
    }

    @Test("the reverse leg: basic time cycle − offset past the duration, the offset before it, to the bit")
    func reverseLegMirror() {
        var random = SplitMix64(seed: 0x1E6)
        for _ in 0..<20_000 {
            let duration = random.pick([1.0 / 3, 0.7, 1, 2.5, 1e-9, 1e9, 0x1p-1000, random.range(0.001, 100)])
            for autoreverses in [false, true] {
                let timing = MediaTiming(duration: duration, autoreverses: autoreverses)
                let cycle = timing.cycleDuration
                let within = random.range(0, 1) * cycle
                for offset in [within, 0, -0.0, duration, duration.nextDown, duration.nextUp, cycle, cycle.nextDown]
                where offset <= cycle {
                    // The rule as written: past the duration in an autoreversing cycle, mirrored.
                    let reversed = autoreverses && offset > duration
                    let basic = reversed ? cycle - offset : offset
                    let position = timing.position(offsetInCycle: offset, cycleStart: 0, cycle: cycle)
                    let same = position.basicTime.bitPattern == basic.bitPattern
                        && position.progress.bitPattern == (basic / duration).bitPattern && position.isReversed == reversed
                    #expect(same, "duration \(duration), autoreverses \(autoreverses), offset \(offset): \(position)")
                }
            }
        }
    }

    @Test("a sample that starts from a count of cycles gives the same bits, frame after frame")
    func sampleFromCyclesIsTheSample() {
        let timings = Self.cycleEdgeTimings + Self.randomTimings(count: 300, seed: 23)
        for timing in timings {
            let span = timing.activeParentDuration
            // Frames forward, then a jump back, as a lane entry sees its layer's time.
            let parents = Array(stride(from: -1.0, through: 6, by: 1.0 / 30)) + [0.5, 3.25, -0.0, 1e6, 2.0]
            var carried = CycleCount.none
            for parent in parents {
                let expected = timing.sample(atParentTime: parent, activeParentDuration: span)
                for start in [nil, 0, 1, Int32.max] as [Int32?] {
                    var cycles = start.map { CycleCount(count: $0) } ?? carried
                    let sample = timing.sample(atParentTime: parent, activeParentDuration: span, cycles: &cycles)
                    if start == nil { carried = cycles }
                    let same = sample.phase == expected.phase && sample.isInEffect == expected.isInEffect
                        && sample.progress.bitPattern == expected.progress.bitPattern
                        && sample.cycleStart.bitPattern == expected.cycleStart.bitPattern
                        && sample.cycleLength.bitPattern == expected.cycleLength.bitPattern
                        && sample.isReversed == expected.isReversed
                    let from = start.map(String.init) ?? "the last frame's count"
                    #expect(same, "\(timing) at \(parent) from \(from): \(sample), not \(expected)")
                }
            }
        }
    }

    @Test("the batch loop gives exactly what easedProgress gives one time at a time")
    func batchAgreesWithSingle() throws {
        let functions: [TimingFunction?] = [
            nil, .easeIn, .default, .cubicBezier(try UnitBezier(x1: 0.5, y1: -1, x2: 0.5, y2: 2)),
            .steps(try StepsFunction(steps: 1, position: .jumpStart)),
            .steps(try StepsFunction(steps: 3, position: .jumpEnd)),
            .steps(try StepsFunction(steps: 2, position: .jumpBoth)),
        ]
        let times = Array(stride(from: -1.0, through: 6, by: 0.0625))
        for timing in Self.randomTimings(count: 200, seed: 17) {
            for function in functions {
                var output = [Double](repeating: -1, count: times.count)
                let stopped = try times.withUnsafeBufferPointer { input in
                    try output.withUnsafeMutableBufferPointer { out in
                        try timing.easedProgress(atParentTimes: input, function: function, into: out)
                    }
                }
                #expect(stopped == nil)
                for (index, time) in times.enumerated() {
                    let single = try timing.easedProgress(atParentTime: time, function: function)
                    let batch = output[index]
                    #expect(batch == single || (batch.isNaN && single.isNaN),
                            "\(timing), \(String(describing: function)) at \(time): batch \(batch), single \(single)")
                }
            }
        }
    }

    // MARK: Step 8: in effect per fill mode (§2.6 table)

    /// d 1 begins at 1: parent 0.5 is before, 1.5 active, 2.5 after.
    @Test("in effect per fill mode", arguments: FillMode.allCases)
    func inEffect(_ fillMode: FillMode) throws {
        let timing = MediaTiming(beginTime: 1, duration: 1, timeOffset: 0.25, fillMode: fillMode)
        let expected: (before: Bool, after: Bool) = switch fillMode {
        case .removed: (false, false)
        case .forwards: (false, true)
        case .backwards: (true, false)
        case .both: (true, true)
        }
        let before = try timing.evaluate(atParentTime: 0.5)
        let active = try timing.evaluate(atParentTime: 1.5)
        let after = try timing.evaluate(atParentTime: 2.5)
        #expect(before.phase == .before && active.phase == .active && after.phase == .after)
        #expect(before.isInEffect == expected.before)
        #expect(active.isInEffect)
        #expect(after.isInEffect == expected.after)
        // Backwards shows the state at e = 0: B(timeOffset) = 0.25.
        if expected.before { expectClose(before.progress, 0.25, tolerance: 1e-15, "backwards fill") }
        // Forwards holds the end: B(AD + offset) = B(1.25) = 0.25, the frame it started on (§2.7).
        if expected.after { expectClose(after.progress, 0.25, tolerance: 1e-15, "forwards fill") }
        // Not in effect: every time of the iteration is NaN, as is eased progress.
        for (parent, state) in [(0.5, before), (2.5, after)] where !state.isInEffect {
            #expect(state.progress.isNaN && state.iterationTime.isNaN && state.currentIteration.isNaN)
            #expect(try timing.easedProgress(atParentTime: parent, function: .easeIn).isNaN)
        }
    }

    @Test("fill mode names: Core Animation's strings and constants")
    func fillModeNames() {
        #expect(FillMode(name: "removed") == .removed)
        #expect(FillMode(name: "forwards") == .forwards)
        #expect(FillMode(name: "backwards") == .backwards)
        #expect(FillMode(name: "both") == .both)
        #expect(FillMode(name: "kCAFillModeForwards") == .forwards)
        #expect(FillMode(name: "kCAFillModeBoth") == .both)
        #expect(FillMode(name: "frozen") == nil)  // undeclared by Core Animation
        #expect(FillMode(name: "") == nil)
        for mode in FillMode.allCases { #expect(FillMode(name: mode.name) == mode) }
        #expect(MediaTiming().fillMode == .removed)
    }

    // MARK: Zero durations (a zero-length interval)

    @Test("zero duration: before shows the start, after shows the end state")
    func zeroDuration() throws {
        let both = MediaTiming(beginTime: 1, duration: 0, fillMode: .both)
        let before = try both.evaluate(atParentTime: 0.5)
        #expect(before.phase == .before && before.isInEffect)
        expectClose(before.progress, 0, tolerance: 0, "before")
        for parent in [1.0, 2, 1e9] {
            let after = try both.evaluate(atParentTime: parent)
            #expect(after.phase == .after && after.isInEffect)
            expectClose(after.progress, 1, tolerance: 0, "after at \(parent)")
            expectClose(after.iterationTime, 0, tolerance: 0, "basic time of a zero-length iteration")
        }
        // Removed: there is no active phase, so it never has an effect.
        let removed = MediaTiming(beginTime: 1, duration: 0)
        for parent in [0.5, 1, 2] { #expect(try !removed.evaluate(atParentTime: parent).isInEffect) }
        // Fractional count: the end state of 2.5 cycles is halfway through the third (k = 2).
        let fractional = try MediaTiming(duration: 0, repeatCount: 2.5, fillMode: .forwards).evaluate(atParentTime: 0)
        expectClose(fractional.progress, 0.5, tolerance: 0, "repeatCount 2.5")
        expectClose(fractional.currentIteration, 2, tolerance: 0, "repeatCount 2.5 iteration")
        // Autoreversing: one cycle is forward and back, so it ends at 0 on a reverse leg.
        let reversing = try MediaTiming(duration: 0, autoreverses: true, fillMode: .forwards).evaluate(atParentTime: 0)
        expectClose(reversing.progress, 0, tolerance: 0, "autoreverses")
        #expect(reversing.isReversed)
        // Infinite count without reversing ends at the end of a cycle.
        let forever = try MediaTiming(duration: 0, repeatCount: .infinity, fillMode: .forwards).evaluate(atParentTime: 0)
        expectClose(forever.progress, 1, tolerance: 0, "infinite repeatCount")
        // An autoreversing count whose cycles overflow (count × 2 > DBL_MAX) still ends back at
        // the start of its last, whole cycle.
        let huge = try MediaTiming(duration: 0, repeatCount: 1e308, autoreverses: true, fillMode: .forwards)
            .evaluate(atParentTime: 0)
        expectClose(huge.progress, 0, tolerance: 0, "autoreverses × 1e308")
        expectClose(huge.currentIteration, 1e308 - 1, tolerance: 0, "autoreverses × 1e308 iteration")
        #expect(huge.isReversed)
    }

    // MARK: Speeds

    @Test("speed 0: frozen at timeOffset whatever the parent time")
    func frozen() throws {
        let timing = MediaTiming(beginTime: 2, duration: 1, speed: 0, timeOffset: 0.3, fillMode: .backwards)
        for parent in [2.0, 3, 1000, 1e9] {
            let state = try timing.evaluate(atParentTime: parent)
            #expect(state.phase == .active)
            expectClose(state.localTime, 0.3, tolerance: 0)
            expectClose(state.progress, 0.3, tolerance: 1e-15, "parent \(parent)")
        }
        // The backwards fill before the begin shows the same frozen frame (state at e = 0).
        try expectClose(timing.evaluate(atParentTime: 0).progress, 0.3, tolerance: 1e-15, "backwards fill")
        #expect(timing.endTime == .infinity)
    }

    @Test("negative speed plays end → start over the same window (§2.8, T11)")
    func negativeSpeed() throws {
        let timing = MediaTiming(duration: 1.5, speed: -1, fillMode: .both)
        // p(e) = (1.5 − e)/1.5 inside the window: the forward curve played backwards.
        for e in stride(from: 0.1, to: 1.5, by: 0.1) {
            try expectClose(timing.evaluate(atParentTime: e).progress, (1.5 - e) / 1.5, tolerance: 1e-12, "e \(e)")
        }
        // The start of the window continues into the play: it shows the end of the curve, the
        // same state a backwards fill shows (the state at e = 0), in cycle −1 (header).
        let start = try timing.evaluate(atParentTime: 0)
        let filled = try timing.evaluate(atParentTime: -1)
        expectClose(start.progress, 1, tolerance: 0, "e 0")
        expectClose(start.currentIteration, -1, tolerance: 0, "e 0 iteration")
        expectClose(filled.progress, start.progress, tolerance: 0, "backwards fill = state at e 0")
        // The end holds the start of the curve.
        try expectClose(timing.evaluate(atParentTime: 1.5).progress, 0, tolerance: 0, "end")
        try expectClose(timing.evaluate(atParentTime: 99).progress, 0, tolerance: 0, "after end")
    }

    // MARK: Repeat, reverse, end of interval

    @Test("fractional repeatCount: d 2 × 1.5 plays a whole cycle then half of one (T5)")
    func fractionalRepeat() throws {
        let timing = MediaTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards)
        expectClose(timing.endTime, 3, tolerance: 0)
        try expectClose(timing.evaluate(atParentTime: 1).progress, 0.5, tolerance: 0)
        try expectClose(timing.evaluate(atParentTime: 2.5).progress, 0.25, tolerance: 0)  // (2.5 − 2)/2
        try expectClose(timing.evaluate(atParentTime: 3).progress, 0.5, tolerance: 0)  // end: (3 − 2)/2
    }

    @Test("infinite repeatCount never ends and never reaches the after phase")
    func infiniteRepeat() throws {
        let timing = MediaTiming(duration: 0.5, repeatCount: .infinity, fillMode: .removed)
        for parent in [0.0, 0.25, 10.75, 1e6 + 0.125] {
            let state = try timing.evaluate(atParentTime: parent)
            #expect(state.phase == .active)
            // parent mod 0.5, every value exact in binary.
            let r = parent - 0.5 * (parent / 0.5).rounded(.down)
            expectClose(state.progress, r / 0.5, tolerance: 0, "parent \(parent)")
        }
        #expect(timing.endTime == .infinity)
    }

    @Test("autoreverses: the reverse leg mirrors the forward leg (T3)")
    func autoreverseSymmetry() throws {
        let timing = MediaTiming(duration: 1.5, autoreverses: true)
        // Within one cycle of 3 s, the state at e and at 3 − e show the same progress.
        for e in stride(from: 0.05, to: 1.5, by: 0.05) {
            let forward = try timing.evaluate(atParentTime: e)
            let backward = try timing.evaluate(atParentTime: 3 - e)
            expectClose(forward.progress, e / 1.5, tolerance: 1e-12, "forward e \(e)")
            expectClose(backward.progress, forward.progress, tolerance: 1e-12, "mirror of e \(e)")
            #expect(!forward.isReversed && backward.isReversed)
            // Timing functions apply after the mirroring (§2.5): the reverse leg is the forward
            // curve played backwards.
            expectClose(
                try timing.easedProgress(atParentTime: 3 - e, function: .easeIn),
                TimingFunction.easeIn.value(at: forward.progress), tolerance: 1e-12, "eased mirror")
        }
        // After the end with the default fill: no effect.
        #expect(try !timing.evaluate(atParentTime: 3).isInEffect)
    }

    @Test("end-of-interval rule: the limit from inside in the direction of play (§2.5)")
    func endOfInterval() throws {
        // Forward play landing on a cycle boundary shows the end value, not the next cycle's 0.
        let forward = MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
        let end = try forward.evaluate(atParentTime: 2)
        expectClose(end.progress, 1, tolerance: 0, "forward end")
        expectClose(end.currentIteration, 1, tolerance: 0, "forward end iteration")
        // ...while the interior boundary at e 1 starts cycle 1.
        let interior = try forward.evaluate(atParentTime: 1)
        expectClose(interior.progress, 0, tolerance: 0, "interior boundary")
        expectClose(interior.currentIteration, 1, tolerance: 0, "interior boundary iteration")
        // The limit from inside: just before the end the progress tends to 1.
        try expectClose(forward.evaluate(atParentTime: 2 - 1e-9).progress, 1, tolerance: 1e-8, "left limit")
        // A reverse leg ends at 0.
        let reversing = try MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards).evaluate(atParentTime: 2)
        expectClose(reversing.progress, 0, tolerance: 0, "reverse leg end")
        #expect(reversing.isReversed)
        // Negative speed ends at the start of the curve.
        let backward = MediaTiming(duration: 1, speed: -1, repeatCount: 2, fillMode: .forwards)
        try expectClose(backward.evaluate(atParentTime: 2).progress, 0, tolerance: 0, "negative speed end")
        // ...and its interior boundary (e 1, local −1) starts the next cycle played, at the end.
        try expectClose(backward.evaluate(atParentTime: 1).progress, 1, tolerance: 0, "negative speed interior")
    }

    // MARK: Steps and the before flag through the pipeline

    @Test("before flag: set in the before phase, and in the after phase of a reverse leg")
    func beforeFlag() throws {
        let stepStart = try TimingFunction(named: "step-start")  // steps(1, jump-start)
        let timing = MediaTiming(beginTime: 1, duration: 1, fillMode: .both)
        // Before: progress 0 with the before flag → the jump at 0 has not happened: 0.
        try expectClose(timing.easedProgress(atParentTime: 0, function: stepStart), 0, tolerance: 0, "before")
        // Active at e 0: the jump at 0 has happened: 1.
        try expectClose(timing.easedProgress(atParentTime: 1, function: stepStart), 1, tolerance: 0, "active e 0")
        // A reversing cycle ends at progress 0 coming backwards: flag set, so 0 again.
        let reversing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        try expectClose(reversing.easedProgress(atParentTime: 5, function: stepStart), 0, tolerance: 0, "reverse end")
        try expectClose(reversing.easedProgress(atParentTime: 1.5, function: stepStart), 1, tolerance: 0, "reverse leg")
    }

    @Test("easedProgress over a buffer stops at the first non-finite time")
    func easedProgressBatch() throws {
        let timing = MediaTiming(duration: 2, fillMode: .both)
        let times = [0.5, 1.5, .nan, 1.0]
        var output = [Double](repeating: -7, count: times.count)
        let stopped = try times.withUnsafeBufferPointer { input in
            try output.withUnsafeMutableBufferPointer { out in
                try timing.easedProgress(atParentTimes: input, function: nil, into: out)
            }
        }
        #expect(stopped == 2)
        expectClose(output[0], 0.25, tolerance: 0)
        expectClose(output[1], 0.75, tolerance: 0)
        var all = [Double](repeating: 0, count: 2)
        let complete = try [0.5, 1.0].withUnsafeBufferPointer { input in
            try all.withUnsafeMutableBufferPointer { out in
                try timing.easedProgress(atParentTimes: input, function: .easeInEaseOut, into: out)
            }
        }
        #expect(complete == nil)
        expectClose(all[0], TimingFunction.easeInEaseOut.value(at: 0.25), tolerance: 0)
        expectClose(all[1], 0.5, tolerance: 1e-12)  // easeInEaseOut is symmetric about (0.5, 0.5)
    }

    // MARK: Precision at large times

    @Test("beginTime 1e9, parent 1e9 + 0.25 → progress exactly 0.25")
    func largeBeginTime() throws {
        // 1e9 + 0.25 needs 32 significant bits: exact in a double, and so is the difference.
        let timing = MediaTiming(beginTime: 1e9, duration: 1)
        let state = try timing.evaluate(atParentTime: 1e9 + 0.25)
        #expect(state.phase == .active)
        #expect(state.progress == 0.25)
        #expect(state.iterationTime == 0.25)
        #expect(timing.endTime == 1e9 + 1)
    }

    @Test("long-running repeat at absolute time 1e9: the exact remainder")
    func longRunningRepeat() throws {
        // d 0.5 from 0: 1e9 + 0.125 = 2e9 cycles + 0.125, all exact in binary.
        let timing = MediaTiming(duration: 0.5, repeatCount: .infinity)
        let state = try timing.evaluate(atParentTime: 1e9 + 0.125)
        #expect(state.iterationTime == 0.125)
        #expect(state.progress == 0.25)
        #expect(state.currentIteration == 2e9)
    }

    @Test("long-running repeat with a duration that binary cannot hold (0.1): the exact remainder")
    func longRunningInexactDuration() throws {
        // The double nearest 0.1 is slightly above 1/10, so 1e9 / d is just under 1e10 and rounds
        // to 1e10: a naive t − floor(t/d)·d answers 0. The exact quotient's floor is k = 1e10 − 1,
        // and the exact remainder 1e9 − k·d is representable; compute it without rounding: k·d
        // is p + err exactly (fma), 1e9 − p is exact (Sterbenz), so (1e9 − p) − err is exact.
        let d = 0.1
        let k = 9_999_999_999.0
        let p = k * d
        let err = (-p).addingProduct(k, d)  // fused: k·d − p with one rounding, which is exact
        let remainder = (1e9 - p) - err
        #expect(remainder > 0 && remainder < d, "k is the floor of the exact quotient")
        let timing = MediaTiming(duration: d, repeatCount: .infinity)
        let state = try timing.evaluate(atParentTime: 1e9)
        #expect(state.iterationTime == remainder, "iteration time \(state.iterationTime) vs exact \(remainder)")
        expectClose(state.progress, remainder / d, tolerance: 1e-15, "progress")
        #expect(state.currentIteration == k)
    }
    /// Timings at the edges of `MediaTiming.validate()`'s limits and the error each gives (nil:
    /// valid): the common case's combined check and the named checks must agree on both sides
    /// of every bound.
    static let validationEdges: [(name: String, timing: MediaTiming, error: AnimCoreError.Code?)] = {
        let time = MediaTiming.Limits.time
        let speed = MediaTiming.Limits.speed
        func timing(_ change: (inout MediaTiming) -> Void) -> MediaTiming {
            var timing = MediaTiming(duration: 1)
            change(&timing)
            return timing
        }
        return [
            ("defaults", MediaTiming(), nil),
            ("begin at +limit", timing { $0.beginTime = time }, nil),
            ("begin at −limit", timing { $0.beginTime = -time }, nil),
            ("begin past +limit", timing { $0.beginTime = time.nextUp }, .outOfRange),
            ("begin −infinity", timing { $0.beginTime = -.infinity }, .notFinite),
            ("duration −0", timing { $0.duration = -0.0 }, nil),
            ("duration at limit", timing { $0.duration = time }, nil),
            ("duration past limit", timing { $0.duration = time.nextUp }, .outOfRange),
            ("duration infinite", timing { $0.duration = .infinity }, nil),
            ("duration below 0", timing { $0.duration = -Double.leastNonzeroMagnitude }, .outOfRange),
            ("speed at +limit", timing { $0.speed = speed }, nil),
            ("speed at −limit", timing { $0.speed = -speed }, nil),
            ("speed past −limit", timing { $0.speed = (-speed).nextDown }, .outOfRange),
            ("offset at −limit", timing { $0.timeOffset = -time }, nil),
            ("offset past +limit", timing { $0.timeOffset = time.nextUp }, .outOfRange),
            ("offset NaN", timing { $0.timeOffset = .nan }, .notFinite),
            ("repeat count infinite", timing { $0.repeatCount = .infinity }, nil),
            ("repeat count −0", timing { $0.repeatCount = -0.0 }, nil),
            ("repeat count NaN", timing { $0.repeatCount = .nan }, .notFinite),
            ("repeat duration infinite", timing { $0.repeatDuration = .infinity }, nil),
            ("repeat duration past limit", timing { $0.repeatDuration = time.nextUp }, .outOfRange),
            ("repeat duration NaN", timing { $0.repeatDuration = .nan }, .notFinite),
            ("begin NaN", timing { $0.beginTime = .nan }, .notFinite),
            ("begin +infinity", timing { $0.beginTime = .infinity }, .notFinite),
            ("duration NaN", timing { $0.duration = .nan }, .notFinite),
            ("duration −infinity", timing { $0.duration = -.infinity }, .outOfRange),
            ("speed past +limit", timing { $0.speed = speed.nextUp }, .outOfRange),
            ("speed NaN", timing { $0.speed = .nan }, .notFinite),
            ("speed +infinity", timing { $0.speed = .infinity }, .notFinite),
            ("offset past −limit", timing { $0.timeOffset = (-time).nextDown }, .outOfRange),
            ("offset −infinity", timing { $0.timeOffset = -.infinity }, .notFinite),
            ("offset +infinity", timing { $0.timeOffset = .infinity }, .notFinite),
            ("repeat count −1", timing { $0.repeatCount = -1 }, .outOfRange),
            ("repeat duration at limit", timing { $0.repeatDuration = time }, nil),
            ("repeat duration −0", timing { $0.repeatDuration = -0.0 }, nil),
            ("repeat duration −1", timing { $0.repeatDuration = -1 }, .outOfRange),
        ]
    }()

    @Test("validate at the edges of each limit", arguments: validationEdges.indices)
    func validationEdge(_ index: Int) {
        let edge = Self.validationEdges[index]
        do {
            try edge.timing.validate()
            #expect(edge.error == nil, "\(edge.name): valid, expected \(String(describing: edge.error))")
        } catch {
            #expect(error.code == edge.error, "\(edge.name): \(error.message)")
        }
    }
}
