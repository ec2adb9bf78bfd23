@testable import AnimCore
import Glibc
import Testing

/// `MediaTiming.offset(of:inCyclesOf:)` against the remainder it replaces: `fmod`, plus the
/// cycle when negative, compared bit for bit.
@Suite("Cycle offset")
struct CycleOffsetTests {
    /// The remainder rule as the pipeline wrote it before: libm's exact `fmod`.
    static func reference(_ time: Double, _ cycle: Double) -> Double {
        let remainder = fmod(time, cycle)
        return remainder < 0 ? remainder + cycle : remainder
    }

    static func expectSame(_ time: Double, _ cycle: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let offset = MediaTiming.offset(of: time, inCyclesOf: cycle)
        let expected = reference(time, cycle)
        // Zero's sign is the one difference allowed: the pipeline clamps the offset to
        // [0, cycle], which makes both +0.
        let same = offset.bitPattern == expected.bitPattern || (offset == 0 && expected == 0)
        #expect(same, "time \(time), cycle \(cycle): \(offset) against fmod's \(expected)", sourceLocation: sourceLocation)
    }

    @Test("random times and cycles, both signs, from 1e-6 s to 1e9 s: the same bits as fmod")
    func randomTimes() {
        var random = SplitMix64(seed: 0xC1C1E)
        for _ in 0..<200_000 {
            let cycle = pow(10, random.range(-3, 3))
            let time = (random.chance(0.5) ? -1 : 1) * pow(10, random.range(-6, 9))
            Self.expectSame(time, cycle)
        }
    }

    @Test("times next to whole multiples of the cycle, where the quotient rounds across a whole number")
    func nearMultiples() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50_000 {
            let cycle = random.pick([0.1, 1.0 / 3, 0.7, 1, 2.5, 1.0 / 60, random.range(0.001, 10)])
            let multiple = Double(random.below(1_000_000)) * (random.chance(0.5) ? -1 : 1)
            var time = multiple * cycle
            for _ in 0..<random.below(4) { time = random.chance(0.5) ? time.nextUp : time.nextDown }
            Self.expectSame(time, cycle)
        }
    }

    /// `offset(of:inCyclesOf:startingFrom:)` from `start` whole cycles: the same bits as
    /// without, and the count it leaves finds the same offset at once when it is inside a cycle.
    static func expectSameFromCount(
        _ time: Double, _ cycle: Double, start: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var cycles = CycleCount(count: start)
        let offset = MediaTiming.offset(of: time, inCyclesOf: cycle, startingFrom: &cycles)
        let expected = MediaTiming.offset(of: time, inCyclesOf: cycle)
        #expect(offset.bitPattern == expected.bitPattern,
                "time \(time), cycle \(cycle), from \(start): \(offset) against \(expected)", sourceLocation: sourceLocation)
        let quotient = (time / cycle).rounded(.down)
        guard offset > 0 && offset < cycle && quotient >= 1 && quotient < Double(Int32.max) else { return }
        let left = cycles.count
        #expect(time.addingProduct(-Double(left), cycle).bitPattern == expected.bitPattern,
                "time \(time), cycle \(cycle), from \(start): left \(left) cycles", sourceLocation: sourceLocation)
    }

    @Test("a count of cycles to start from changes no bit, whatever it holds, and is left true")
    func startingCounts() {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<100_000 {
            let cycle = random.pick([0.1, 1.0 / 3, 0.7, 1, 2.5, 1.0 / 60, random.range(0.001, 10)])
            let multiple = Double(random.below(3_000_000))
            var time = random.chance(0.5) ? multiple * cycle : (multiple + random.range(0, 1)) * cycle
            for _ in 0..<random.below(4) { time = random.chance(0.5) ? time.nextUp : time.nextDown }
            if random.chance(0.1) { time = -time }
            let near = Int32(clamping: Int64(multiple))
            for start in [0, near, near &+ 1, near &- 1, Int32(random.below(3_000_000)), Int32.max] {
                Self.expectSameFromCount(time, cycle, start: start)
            }
        }
        for (time, cycle) in [(0x1p52, 1.0), (1e300, 1e-300), (1e9, 1e-9), (0x1p31 + 0.5, 1.0), (0x1p31 - 0.5, 1.0), (3.0, 1.5)] {
            for start in [0, 1, Int32.max] { Self.expectSameFromCount(time, cycle, start: start) }
        }
    }

    @Test("quotients at and beyond 2^52 (fmod's own answer), subnormal cycles, zeros")
    func extremes() {
        for (time, cycle) in [
            (0x1p52, 1.0), (0x1p52 - 1, 1.0), (-0x1p52, 1.0), (1e300, 1e-300), (1e9, 1e-9), (-1e9, 3e-9),
            (1, .leastNonzeroMagnitude), (0.5, .leastNormalMagnitude), (0.0, 1.0), (-0.0, 1.0), (3.0, 1.5), (-3.0, 1.5),
            (.leastNonzeroMagnitude, 1.0), (-.leastNonzeroMagnitude, 1.0), (Double.greatestFiniteMagnitude, 7.0),
        ] {
            Self.expectSame(time, cycle)
        }
    }
}
