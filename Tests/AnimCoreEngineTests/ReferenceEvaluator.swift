// A plain reference evaluator of Core Animation's model, written for the tests: per layer,
// straight from the rules of reference/core-animation-semantics.md (§2.3–2.10 timing, §6.3–6.6
// kinds, §7 timing functions), with no caches, no lanes, no threads and no shared buffers. The
// engine must give the same presentation values to the bit (ReferenceMatrixTests), whatever
// path it takes.
//
// What is the engine's and what is independent:
// - Independent, written out here: the layer time chain, the active window and the fill modes,
//   the cycle arithmetic with its end-of-interval rule, the unit cubic bezier solver (WebKit's
//   UnitBezier algorithm with Halley's steps in place of Newton's, as the engine solves it:
//   steps then bisection, with its constants), the lerps, the keyframe segment search, the
//   path's cubic segments, arc-length tables, paced key times, point and tangent, the spring's
//   underdamped closed form, the free decay and the group's time.
// - The engine's, called: `MediaTiming`, `Spring`, `TimingFunction`, `Transform3D` and `Value`
//   as plain data; `TimingFunction.controlPoint(at:)` to read a curve's control points;
//   `Spring.naturalFrequency` and `Spring.dampingRatio` (ω₀ = √(k/m), ζ = c / (m ω₀) / 2: the
//   public formulas, whose exact arithmetic the closed form below starts from).
// To agree to the bit, each formula keeps the order of operations of its plain statement, which
// is also the engine's (the engine's Swift and the benchmarks' plain C, compiled without fused
// multiply-adds, round the same way: benchmarks/plain_matrix.c shows it).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import AnimCore

enum Reference {}

// MARK: - Time

extension Reference {
    /// A layer's own timing (CALayer: infinite duration, so no cycles and no fill).
    struct LayerClock: Hashable {
        var beginTime = 0.0
        var speed = 1.0
        var timeOffset = 0.0

        /// The header's stage-1 formula (§2.3, §2.10): (parent − begin) × speed + offset.
        func localTime(atParentTime parent: Double) -> Double { (parent - beginTime) * speed + timeOffset }
    }

    /// Where an animation is at one parent time, when it applies.
    struct Sample: Equatable {
        enum Phase { case before, active, after }
        var phase: Phase
        /// Basic local time / duration, in [0, 1], before any timing function.
        var progress: Double
        /// On the backward leg of an autoreversing cycle.
        var isReversed: Bool
    }

    /// The active duration in local seconds (§2.4): repeatDuration, else cycle × repeatCount,
    /// else one cycle; a zero duration gives 0.
    static func activeDuration(_ t: MediaTiming) -> Double {
        let cycle = t.autoreverses ? t.duration * 2 : t.duration
        if t.duration == 0 { return 0 }
        if t.repeatDuration > 0 { return t.repeatDuration }
        if t.repeatCount > 0 { return cycle * t.repeatCount }
        return cycle
    }

    /// The animation's sample at `parent` (its parent's time), or nil when it does not apply
    /// (§2.3, §2.6): active for 0 ≤ e < AD / |speed| with e = parent − begin, whatever the
    /// offset; before it with a backwards fill, the state at e = 0; after it with a forwards fill,
    /// the state at the end reached from inside (§2.5's end rule).
    static func sample(_ t: MediaTiming, atParentTime parent: Double) -> Sample? {
        let elapsed = parent - t.beginTime
        let active = activeDuration(t)
        let window = active == 0 ? 0 : (t.speed == 0 ? Double.infinity : active / abs(t.speed))
        let backward = t.speed < 0
        let fillsBackwards = t.fillMode == .backwards || t.fillMode == .both
        let fillsForwards = t.fillMode == .forwards || t.fillMode == .both
        precondition(t.duration > 0, "the matrix has no zero-length animations")
        if elapsed < 0 {
            guard fillsBackwards else { return nil }
            return position(t, activeTime: t.timeOffset, fromBelow: backward, .before)
        }
        if elapsed < window {
            return position(t, activeTime: elapsed * t.speed + t.timeOffset, fromBelow: backward, .active)
        }
        guard fillsForwards else { return nil }
        let end = backward ? t.timeOffset - active : t.timeOffset + active
        return position(t, activeTime: end, fromBelow: !backward, .after)
    }

    /// Active local time → progress and direction (§2.5): r = time mod cycle (the exact
    /// remainder, made non-negative); on a cycle boundary reached from below, the end of the
    /// cycle before (r = cycle); a reverse leg mirrors r into cycle − r.
    static func position(_ t: MediaTiming, activeTime: Double, fromBelow: Bool, _ phase: Sample.Phase) -> Sample {
        let cycle = t.autoreverses ? t.duration * 2 : t.duration
        guard cycle.isFinite else { return Sample(phase: phase, progress: 0, isReversed: false) }
        var r = activeTime.truncatingRemainder(dividingBy: cycle)
        if r < 0 { r += cycle }
        if fromBelow && r == 0 { r = cycle }
        r = min(max(r, 0), cycle)
        if t.autoreverses && r > t.duration {
            return Sample(phase: phase, progress: (cycle - r) / t.duration, isReversed: true)
        }
        return Sample(phase: phase, progress: r / t.duration, isReversed: false)
    }
}

// MARK: - Timing functions

extension Reference {
    /// A unit cubic bezier from (0, 0) to (1, 1) (§7.2), evaluated as WebKit's UnitBezier does
    /// but with Halley's steps for Newton's (the engine's decision, `UnitBezier.parameter`):
    /// X(t) = x solved by steps t − 2·e·X' / (2·X'² − e·X'') from t = x (at most 8, accepted
    /// below 1e-12, not tried on a slope below 1e-9 or a denominator not above 0, abandoned when
    /// t leaves [0, 1]), then by bisection (at most 64 halvings); the answer Y(t). Power basis:
    /// X(t) = ((ax t + bx) t + cx) t.
    struct Bezier {
        let ax, bx, cx, ay, by, cy: Double
        let isLinear: Bool

        init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            cx = 3 * x1
            bx = 3 * (x2 - x1) - cx
            ax = 1 - cx - bx
            cy = 3 * y1
            by = 3 * (y2 - y1) - cy
            ay = 1 - cy - by
            isLinear = x1 == y1 && x2 == y2
        }

        func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        func curvatureX(_ t: Double) -> Double { 6 * ax * t + 2 * bx }

        /// The output at input x, x clamped to [0, 1].
        func value(at x: Double) -> Double {
            if isLinear { return min(max(x, 0), 1) }
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            var t = x
            for _ in 0..<8 {
                let error = self.x(t) - x
                if abs(error) < 1e-12 { return y(t) }
                let slope = slopeX(t)
                if abs(slope) < 1e-9 { break }
                let denominator = 2 * slope * slope - error * curvatureX(t)
                if !(denominator > 0) { break }
                t -= 2 * error * slope / denominator
                if !(t >= 0 && t <= 1) { break }
            }
            var low = 0.0, high = 1.0
            t = x
            for _ in 0..<64 {
                let sample = self.x(t)
                if abs(sample - x) < 1e-12 { break }
                if sample < x { low = t } else { high = t }
                t = (low + high) * 0.5
                if t == low || t == high { break }
            }
            return y(t)
        }
    }

    /// `progress` through `function` (nil: linear). Only cubic beziers: the matrix has no steps.
    static func eased(_ function: TimingFunction?, _ progress: Double) -> Double {
        guard let function else { return progress }
        guard let c1 = function.controlPoint(at: 1), let c2 = function.controlPoint(at: 2) else {
            preconditionFailure("the reference evaluates cubic beziers only")
        }
        return Bezier(c1.x, c1.y, c2.x, c2.y).value(at: progress)
    }
}

// MARK: - Interpolation

extension Reference {
    /// a + (b − a) s, exactly a at s = 0 (or when a = b) and exactly b at s = 1: the
    /// interpolation of coordinates and keyframes (§6.3, §6.4).
    static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double {
        if s == 0 || a == b { return a }
        if s == 1 { return b }
        return a + (b - a) * s
    }

    /// Linear keyframes (§6.4): the segment i with keyTimes[i] ≤ p < keyTimes[i + 1] (the last
    /// segment from the last key time on; the first before the first), the fraction through it,
    /// the lerp of its two values.
    static func linearKeyframes(_ values: [Double], keyTimes: [Double], at p: Double) -> Double {
        var index = 0
        for i in 0..<(values.count - 1) where keyTimes[i] <= p { index = i }
        let start = keyTimes[index], end = keyTimes[index + 1]
        let fraction = end > start ? (p - start) / (end - start) : (p >= end ? 1 : 0)
        return lerp(values[index], values[index + 1], fraction)
    }

    /// Evenly spaced key times: i / (n − 1).
    static func evenKeyTimes(_ count: Int) -> [Double] { (0..<count).map { Double($0) / Double(count - 1) } }
}

// MARK: - Springs and decays

extension Reference {
    /// A spring's normalised displacement from its target at basic local time t (§6.5,
    /// underdamped): u(t) = g(t) − v₀ h(t) with g = e^(−ζω₀t)(cos ω_d t + (ζω₀/ω_d) sin ω_d t)
    /// (from 1 at rest) and h = e^(−ζω₀t) sin(ω_d t) / ω_d (from 0 with velocity 1). ω₀ and ζ are
    /// the engine's public `Spring.naturalFrequency` and `dampingRatio`.
    static func springDisplacement(_ spring: Spring, at t: Double) -> Double {
        let omega = spring.naturalFrequency
        let zeta = spring.dampingRatio
        precondition(zeta < 1, "the matrix's springs are underdamped")
        let decay = zeta * omega
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-decay * t)
        let c = cos(damped * t), s = sin(damped * t)
        let rest = envelope * (c + decay / damped * s)
        let push = envelope * s / damped
        return rest - spring.initialVelocity * push
    }

    /// A free decay's coordinate at basic local time t (Pop's decay, §8): x0 + v0 (r^(1000t) − 1)
    /// / (1000 ln r), the power written as expm1 so that it is exact near t = 0.
    static func decayCoordinate(_ x0: Double, velocity v0: Double, rate: Double, at t: Double) -> Double {
        let exponent = 1000 * log(rate)
        return x0 + v0 * (expm1(exponent * t) / exponent)
    }
}

// MARK: - Paths

extension Reference {
    /// A path as cubic segments (§6.4 "path"): each element after the first move is a keyframe;
    /// a line is the cubic with controls at its thirds, a quad curve its degree elevation
    /// (controls 2/3 of the way to its control point).
    struct PathCurve {
        enum Element { case line(XY), quad(XY, XY), curve(XY, XY, XY) }
        /// Each segment's start, controls and end.
        var segments: [[XY]] = []

        init(start: XY, _ elements: [Element]) {
            var current = start
            for element in elements {
                switch element {
                case .line(let end):
                    let third = XY(current.x + (end.x - current.x) / 3, current.y + (end.y - current.y) / 3)
                    let twoThirds = XY(current.x + 2 * (end.x - current.x) / 3, current.y + 2 * (end.y - current.y) / 3)
                    segments.append([current, third, twoThirds, end])
                    current = end
                case .quad(let control, let end):
                    segments.append([
                        current, XY(current.x + 2 * (control.x - current.x) / 3, current.y + 2 * (control.y - current.y) / 3),
                        XY(end.x + 2 * (control.x - end.x) / 3, end.y + 2 * (control.y - end.y) / 3), end,
                    ])
                    current = end
                case .curve(let c1, let c2, let end):
                    segments.append([current, c1, c2, end])
                    current = end
                }
            }
        }

        /// The point at u of segment `index` (Bernstein form).
        func point(_ index: Int, _ u: Double) -> XY {
            let p = segments[index], v = 1 - u
            let b0 = v * v * v, b1 = 3 * v * v * u, b2 = 3 * v * u * u, b3 = u * u * u
            return XY(b0 * p[0].x + b1 * p[1].x + b2 * p[2].x + b3 * p[3].x,
                      b0 * p[0].y + b1 * p[1].y + b2 * p[2].y + b3 * p[3].y)
        }

        /// dB/du of segment `index` at u.
        func derivative(_ index: Int, _ u: Double) -> XY {
            let p = segments[index], v = 1 - u
            let d0 = 3 * v * v, d1 = 6 * v * u, d2 = 3 * u * u
            return XY(d0 * (p[1].x - p[0].x) + d1 * (p[2].x - p[1].x) + d2 * (p[3].x - p[2].x),
                      d0 * (p[1].y - p[0].y) + d1 * (p[2].y - p[1].y) + d2 * (p[3].y - p[2].y))
        }

        /// Samples per segment of an arc-length table.
        static let arcSamples = 128

        /// Segment `index`'s cumulative chord length at 129 evenly spaced parameters, and its
        /// length (the last entry).
        func arcTable(_ index: Int) -> [Double] {
            var table = [0.0]
            var previous = point(index, 0), length = 0.0
            for sample in 1...Self.arcSamples {
                let current = point(index, Double(sample) / Double(Self.arcSamples))
                let dx = current.x - previous.x, dy = current.y - previous.y
                var sum = 0.0
                sum += dx * dx
                sum += dy * dy
                length += sum.squareRoot()
                table.append(length)
                previous = current
            }
            return table
        }
    }

    /// A keyframe animation along a path: its key times (paced: proportional to the segments'
    /// arc lengths; else even) and, paced, each segment's arc table normalised to end at 1.
    struct PathTrack {
        let curve: PathCurve
        let isPaced: Bool
        let keyTimes: [Double]
        let arcTables: [[Double]]

        init(_ curve: PathCurve, paced: Bool) {
            self.curve = curve
            isPaced = paced
            let count = curve.segments.count
            guard paced else {
                keyTimes = Reference.evenKeyTimes(count + 1)
                arcTables = []
                return
            }
            let raw = (0..<count).map { curve.arcTable($0) }
            arcTables = raw.map { table in table.map { table.last! > 0 ? $0 / table.last! : 0 } }
            let lengths = raw.map { $0.last! }
            let total = lengths.reduce(0, +)
            guard total > 0 && total.isFinite else {
                keyTimes = Reference.evenKeyTimes(count + 1)
                return
            }
            var times = [0.0], sum = 0.0
            for length in lengths {
                sum += length
                times.append(min(sum / total, 1))
            }
            times[count] = 1
            keyTimes = times
        }

        /// The segment and bezier parameter at progress p: the segment as for keyframes; paced,
        /// the parameter at which the segment has covered the fraction of its length (linear
        /// between the table's samples), else the fraction itself.
        func place(at p: Double) -> (segment: Int, u: Double) {
            var index = 0
            for i in 0..<curve.segments.count where keyTimes[i] <= p { index = i }
            let start = keyTimes[index], end = keyTimes[index + 1]
            let fraction = end > start ? (p - start) / (end - start) : (p >= end ? 1 : 0)
            guard isPaced else { return (index, fraction) }
            if !(fraction > 0) { return (index, 0) }
            if fraction >= 1 { return (index, 1) }
            let table = arcTables[index]
            var low = 0
            for k in 0..<PathCurve.arcSamples where table[k] <= fraction { low = k }
            let span = table[low + 1] - table[low]
            let within = span > 0 ? (fraction - table[low]) / span : 0
            return (index, (Double(low) + within) / Double(PathCurve.arcSamples))
        }

        /// The direction of the path at a place, as the cosine and sine of its angle from +x
        /// towards +y (the vector over its length, hypot): the derivative's, or where it
        /// vanishes (below 1e-12 of the segment's largest coordinate, at least 1) the direction
        /// towards the nearest distinct control point. (The matrix's paths have no segment of
        /// zero length, so no other segment is asked.)
        func tangentDirection(segment index: Int, u: Double) -> (cos: Double, sin: Double) {
            let points = curve.segments[index]
            let scale = points.reduce(1.0) { max($0, abs($1.x), abs($1.y)) }
            let tiny = 1e-12 * scale
            let unit = { (x: Double, y: Double) in (x / hypot(x, y), y / hypot(x, y)) }
            let d = curve.derivative(index, u)
            if abs(d.x) > tiny || abs(d.y) > tiny { return unit(d.x, d.y) }
            let (anchor, towards) = u < 0.5 ? (0, [1, 2, 3]) : (3, [2, 1, 0])
            for other in towards {
                let delta = points[other] - points[anchor]
                if abs(delta.x) > tiny || abs(delta.y) > tiny {
                    return u < 0.5 ? unit(delta.x, delta.y) : unit(-delta.x, -delta.y)
                }
            }
            return (1, 0)
        }
    }

    /// The transform `model` turned about z to the direction (c, s) (the cosine and sine of the
    /// angle) in the layer's own space (§6.4 rotation mode, [INF] applied first): Rz · model in
    /// Core Animation's row-vector layout. Rz's last two rows are the identity's, so only the
    /// model's first two rows change: row1' = c row1 + s row2, row2' = c row2 − s row1. As 16
    /// slots, row by row.
    static func turned(_ model: [Double], toward direction: (cos: Double, sin: Double)) -> [Double] {
        let (c, s) = direction
        var slots = model
        for column in 0..<4 {
            slots[column] = c * model[column] + s * model[4 + column]
            slots[4 + column] = c * model[4 + column] - s * model[column]
        }
        return slots
    }
}
