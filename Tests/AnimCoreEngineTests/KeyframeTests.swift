import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keyframe animations (CAKeyframeAnimation, reference §6.4) tick by tick: every calculation
/// mode against values the tests compute from the reference's rules (segments at key times,
/// per-segment and animation timing functions, discrete holds, paced key times from distances,
/// Kochanek–Bartels / Catmull-Rom splines written out in Hermite form, constant speed along the
/// spline), key times that do not fit the mode, additive and cumulative keyframes, every value
/// kind, the refusals with messages naming the field, and the description read back.
@Suite("Keyframe animations")
struct KeyframeTests {
    /// Elapsed times 0, 1/64, …, 1 (exact binary fractions).
    private let grid = (0...64).map { Double($0) / 64 }

    /// Adds `animation` to `layer` (committed at host time 10: begin 10) and returns the
    /// presentation of `keyPath` at each elapsed time.
    private func run(
        _ engine: Engine, _ layer: LayerID, _ animation: Animation, reading keyPath: String, at elapsed: [Double]
    ) throws -> [Value?] {
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10)
        var out: [Value?] = []
        for e in elapsed {
            try engine.tick(10 + e)
            out.append(try engine.presentationValue(forKeyPath: keyPath, of: layer))
        }
        return out
    }

    /// A keyframe animation of the probe's scalar "value" through `values`, duration 1, filling
    /// both ways and kept, so e = 1 reads the end value.
    private func scalarKeyframes(
        _ values: [Double], keyTimes: [Double]? = nil, mode: CalculationMode = .linear
    ) -> Animation {
        var animation = Animation.keyframe("value", values: values.map(Value.scalar), keyTimes: keyTimes, calculationMode: mode)
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// Runs a scalar keyframe animation on a probe over `grid` and returns the presented values.
    private func runScalar(_ animation: Animation, at elapsed: [Double]? = nil) throws -> [Double?] {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(-1000), forKeyPath: "value", of: layer)
        return try run(engine, layer, animation, reading: "value", at: elapsed ?? grid).map(scalar)
    }

    // MARK: The tests' own splines

    /// Kochanek–Bartels tangents at keyframe i of `values` with the end points duplicated:
    /// (outgoing, incoming), from the reference's formulas.
    private func kbTangents(
        _ values: [Double], _ i: Int, tension: Double = 0, continuity: Double = 0, bias: Double = 0
    ) -> (outgoing: Double, incoming: Double) {
        let n = values.count
        let left = values[i] - values[max(i - 1, 0)]
        let right = values[min(i + 1, n - 1)] - values[i]
        let (t, c, b) = (tension, continuity, bias)
        let outgoing = (1 - t) * (1 + b) * (1 + c) / 2 * left + (1 - t) * (1 - b) * (1 - c) / 2 * right
        let incoming = (1 - t) * (1 + b) * (1 - c) / 2 * left + (1 - t) * (1 - b) * (1 + c) / 2 * right
        return (outgoing, incoming)
    }

    /// The cubic Hermite curve from p0 (tangent m0) to p1 (tangent m1) at s.
    private func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ s: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
    }

    /// dHermite/ds.
    private func hermiteSlope(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ s: Double) -> Double {
        let s2 = s * s
        return (6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1
    }

    /// The Kochanek–Bartels spline through `values` at evenly spaced key times, at progress p.
    private func kbSpline(
        _ values: [Double], _ p: Double, tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
    ) -> Double {
        let n = values.count
        let times = (0..<n).map { Double($0) / Double(n - 1) }
        let (i, s) = segmentAndFraction(times, p)
        func at(_ array: [Double], _ k: Int) -> Double { k < array.count ? array[k] : 0 }
        let m0 = kbTangents(values, i, tension: at(tension, i), continuity: at(continuity, i), bias: at(bias, i)).outgoing
        let m1 = kbTangents(values, i + 1, tension: at(tension, i + 1), continuity: at(continuity, i + 1), bias: at(bias, i + 1)).incoming
        return hermite(values[i], m0, values[i + 1], m1, s)
    }

    /// The uniform Catmull-Rom curve through `points` (end points duplicated) as per-segment
    /// Hermite data: point and tangent at u in segment i.
    private func catmullRom(_ points: [XY], _ i: Int, _ u: Double) -> (point: XY, tangent: XY) {
        let n = points.count
        func tangent(_ k: Int) -> XY { 0.5 * (points[min(k + 1, n - 1)] - points[max(k - 1, 0)]) }
        let xs = (hermite(points[i].x, tangent(i).x, points[i + 1].x, tangent(i + 1).x, u),
                  hermiteSlope(points[i].x, tangent(i).x, points[i + 1].x, tangent(i + 1).x, u))
        let ys = (hermite(points[i].y, tangent(i).y, points[i + 1].y, tangent(i + 1).y, u),
                  hermiteSlope(points[i].y, tangent(i).y, points[i + 1].y, tangent(i + 1).y, u))
        return (XY(xs.0, ys.0), XY(xs.1, ys.1))
    }

    // MARK: Linear

    @Test("linear, default key times i/(n−1): straight segments through [0, 10, 30, 20]")
    func linearDefault() throws {
        let values = [0.0, 10, 30, 20]
        let presented = try runScalar(scalarKeyframes(values))
        let times = [0.0, 1.0 / 3, 2.0 / 3, 1]
        for (k, e) in grid.enumerated() {
            let (i, s) = segmentAndFraction(times, e)
            expectNear(presented[k], lerp(values[i], values[i + 1], s), 1e-9, "e \(e)")
        }
        expectNear(presented.last!, 20, 1e-12, "the last value at the end")
    }

    @Test("linear with key times [0, 0.2, 0.7, 1] and per-segment timing functions (easeIn, custom, missing = linear)")
    func linearKeyTimesAndSegmentFunctions() throws {
        let values = [0.0, 100, 40, 60]
        let times = [0.0, 0.2, 0.7, 1]
        let custom = TimingFunction.cubicBezier(try UnitBezier(x1: 0.3, y1: -0.5, x2: 0.6, y2: 1.4))
        var animation = scalarKeyframes(values, keyTimes: times)
        animation.keyframe?.timingFunctions = [.easeIn, custom]
        let presented = try runScalar(animation)
        for (k, e) in grid.enumerated() {
            let (i, s) = segmentAndFraction(times, e)
            let paced = i == 0 ? eased(.easeIn, s) : i == 1 ? eased(custom, s) : s
            expectNear(presented[k], lerp(values[i], values[i + 1], paced), 1e-9, "e \(e) (segment \(i), s \(s))")
        }
        // The key values exactly at their key times (0.2 and 0.7 are not binary fractions: 1e-9).
        let atKeys = try runScalar(animation, at: times)
        for (index, value) in atKeys.enumerated() { expectNear(value, values[index], 1e-9, "at key time \(times[index])") }
    }

    @Test("the animation's own timing function eases the progress before the segments (easeInEaseOut, then easeOut in segment 0)")
    func animationTimingFunction() throws {
        let values = [0.0, 100, 40]
        var animation = scalarKeyframes(values)
        animation.timingFunction = .easeInEaseOut
        animation.keyframe?.timingFunctions = [.easeOut]
        let presented = try runScalar(animation)
        for (k, e) in grid.enumerated() {
            let p = eased(.easeInEaseOut, e)
            let (i, s) = segmentAndFraction([0, 0.5, 1], p)
            let paced = i == 0 ? eased(.easeOut, s) : s
            expectNear(presented[k], lerp(values[i], values[i + 1], paced), 1e-9, "e \(e) (p \(p))")
        }
    }

    // MARK: Discrete

    @Test("discrete, Apple's example: position.y keyTimes [0, .25, .5, .75, 1] values [310, 60, 120, 60]; 60 holds to the end")
    func discreteApple() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 50, y: 75), forKeyPath: "position", of: layer)
        var animation = Animation.keyframe(
            "position.y", values: [310, 60, 120, 60].map(Value.scalar), keyTimes: [0, 0.25, 0.5, 0.75, 1],
            calculationMode: .discrete)
        animation.timing.duration = 1
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        let elapsed = (0...80).map { Double($0) / 64 }
        let presented = try run(engine, layer, animation, reading: "position", at: elapsed)
        for (k, e) in elapsed.enumerated() {
            let y: Double = e < 0.25 ? 310 : e < 0.5 ? 60 : e < 0.75 ? 120 : 60
            expectPoint(presented[k], XY(50, y), 0, "e \(e)")
        }
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 50, y: 75), "model untouched")
    }

    @Test("discrete, default key times i/n: each of n values held for 1/n; the animation's timing function still eases")
    func discreteDefault() throws {
        let values = [1.0, 2, 3, 4]
        let plain = try runScalar(scalarKeyframes(values, mode: .discrete))
        var easedAnimation = scalarKeyframes(values, mode: .discrete)
        easedAnimation.timingFunction = .easeIn
        let easedValues = try runScalar(easedAnimation)
        for (k, e) in grid.enumerated() {
            expectNear(plain[k], values[min(Int(e * 4), 3)], 0, "e \(e)")
            let p = eased(.easeIn, e)
            expectNear(easedValues[k], values[min(Int(p * 4), 3)], 0, "eased e \(e) (p \(p))")
        }
    }

    // MARK: Paced

    /// The point at distance `d` along the polyline through `points`.
    private func alongPolyline(_ points: [XY], _ d: Double) -> XY {
        var remaining = d
        for i in 0..<(points.count - 1) {
            let length = (points[i + 1] - points[i]).length
            if remaining <= length || i == points.count - 2 {
                return lerp(points[i], points[i + 1], length > 0 ? min(remaining / length, 1) : 1)
            }
            remaining -= length
        }
        return points[points.count - 1]
    }

    @Test("paced on points: constant speed along the polyline (lengths 50, 60, 30); keyTimes, timingFunction and timingFunctions ignored")
    func pacedPoints() throws {
        let points = [XY(0, 0), XY(30, 40), XY(30, 100), XY(0, 100)]
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var animation = Animation.keyframe("position", values: points.map(\.value), keyTimes: [0, 0.9, 0.95, 1], calculationMode: .paced)
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.timingFunction = .easeIn
        animation.keyframe?.timingFunctions = [.easeOut, .easeOut, .easeOut]
        let presented = try run(engine, layer, animation, reading: "position", at: grid)
        for (k, e) in grid.enumerated() {
            expectPoint(presented[k], alongPolyline(points, 140 * e), 1e-9, "e \(e)")
        }
    }

    @Test("paced on scalars: [0, 10, 5] reaches 10 at 2/3 of the time (distances 10 and 5)")
    func pacedScalars() throws {
        let presented = try runScalar(scalarKeyframes([0, 10, 5], keyTimes: [0, 0.5, 1], mode: .paced))
        for (k, e) in grid.enumerated() {
            let d = 15 * e
            expectNear(presented[k], d <= 10 ? d : 10 - (d - 10), 1e-9, "e \(e)")
        }
    }

    // MARK: Cubic

    @Test("cubic = Catmull-Rom: passes each value at its key time; between, the Hermite curve with duplicated end points")
    func cubicCatmullRom() throws {
        let values = [0.0, 10, 5, 20, 15]
        let presented = try runScalar(scalarKeyframes(values, mode: .cubic))
        for (k, e) in grid.enumerated() {
            let (i, s) = segmentAndFraction([0, 0.25, 0.5, 0.75, 1], e)
            let m0 = (values[min(i + 1, 4)] - values[max(i - 1, 0)]) / 2
            let m1 = (values[min(i + 2, 4)] - values[i]) / 2
            expectNear(presented[k], hermite(values[i], m0, values[i + 1], m1, s), 1e-9, "e \(e)")
            if k % 16 == 0 { expectNear(presented[k], values[k / 16], 1e-12, "value \(k / 16) at its key time") }
        }
        // The curve is not the polyline: half way through segment 1 (10 → 5) the tangents
        // (5 − 0)/2 and (20 − 10)/2 give 7.5 + (2.5 − 5)/8, not the chord's midpoint 7.5.
        expectNear(presented[24], 7.5 + (2.5 - 5) / 8, 1e-9, "mid segment 1")
    }

    @Test("cubic on points: position through a square's corners on the Catmull-Rom curve, tangent along the chord of its neighbours")
    func cubicPoints() throws {
        let points = [XY(0, 0), XY(100, 0), XY(100, 100), XY(0, 100)]
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var animation = Animation.keyframe("position", values: points.map(\.value), calculationMode: .cubic)
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        let elapsed = (0...48).map { Double($0) / 48 }
        let presented = try run(engine, layer, animation, reading: "position", at: elapsed)
        for (k, e) in elapsed.enumerated() {
            let (i, s) = segmentAndFraction([0, 1.0 / 3, 2.0 / 3, 1], e)
            expectPoint(presented[k], catmullRom(points, i, s).point, 1e-9, "e \(e)")
            if k % 16 == 0 { expectPoint(presented[k], points[k / 16], 1e-9, "corner \(k / 16)") }
        }
    }

    @Test("cubic with uneven key times [0, 1/8, 5/8, 1]: through each value at its key time, velocity continuous in time there")
    func cubicUnevenKeyTimes() throws {
        let values = [0.0, 10, 5, 20]
        let times = [0.0, 0.125, 0.625, 1]
        let h = 1.0 / 4096
        var elapsed = times
        for key in times[1...2] { elapsed += [key - 2 * h, key - h, key + h, key + 2 * h] }
        let presented = try runScalar(scalarKeyframes(values, keyTimes: times, mode: .cubic), at: elapsed)
        for (index, time) in times.enumerated() { expectNear(presented[index], values[index], 1e-12, "value \(index) at \(time)") }
        for (n, key) in times[1...2].enumerated() {
            guard let at = presented[1 + n], let a = presented[4 + 4 * n], let b = presented[5 + 4 * n],
                  let c = presented[6 + 4 * n], let d = presented[7 + 4 * n] else {
                Issue.record("missing values around \(key)")
                continue
            }
            // Second-order one-sided differences: (3f(k) − 4f(k∓h) + f(k∓2h)) / 2h.
            let left = (3 * at - 4 * b + a) / (2 * h)
            let right = -(3 * at - 4 * c + d) / (2 * h)
            expectNear(right, left, 1e-3 * max(abs(left), 1), "speed on both sides of key time \(key)")
        }
    }

    @Test("tension 1 at a keyframe stops the curve there (zero tangents); elsewhere Catmull-Rom")
    func cubicTension() throws {
        let values = [0.0, 10, 30, 20, 25]
        var animation = scalarKeyframes(values, mode: .cubic)
        animation.keyframe?.tensionValues = [0, 1]
        let presented = try runScalar(animation)
        for (k, e) in grid.enumerated() {
            expectNear(presented[k], kbSpline(values, e, tension: [0, 1]), 1e-9, "e \(e)")
        }
        // Zero velocity on both sides of key time 0.25, where Catmull-Rom moves at
        // 4 × (30 − 0)/2 = 60 per second (second-order one-sided differences).
        let h = 1.0 / 4096
        let times = [0.25 - 2 * h, 0.25 - h, 0.25, 0.25 + h, 0.25 + 2 * h]
        func speeds(_ f: [Double?]) -> (left: Double, right: Double)? {
            guard let a = f[0], let b = f[1], let c = f[2], let d = f[3], let g = f[4] else { return nil }
            return ((3 * c - 4 * b + a) / (2 * h), (-3 * c + 4 * d - g) / (2 * h))
        }
        let around = try runScalar(animation, at: times)
        expectNear(around[2], 10, 1e-12, "through 10")
        let tense = speeds(around)
        expectNear(tense?.left, 0, 1e-3, "speed arriving at the tense keyframe")
        expectNear(tense?.right, 0, 1e-3, "speed leaving it")
        let plain = speeds(try runScalar(scalarKeyframes(values, mode: .cubic), at: times))
        expectNear(plain?.left, 60, 1e-3, "Catmull-Rom speed arriving")
        expectNear(plain?.right, 60, 1e-3, "Catmull-Rom speed leaving")
    }

    @Test("tension, continuity and bias per keyframe: the Kochanek–Bartels tangents (missing entries 0)")
    func cubicKochanekBartels() throws {
        let values = [0.0, 10, 30, 20, 25]
        let tension = [0.5, -0.5, 0, 0.3]
        let continuity = [0, 0.5, -0.5]
        let bias = [0, 0, 0.7, -0.4, 0.2]
        var animation = scalarKeyframes(values, mode: .cubic)
        animation.keyframe?.tensionValues = tension
        animation.keyframe?.continuityValues = continuity
        animation.keyframe?.biasValues = bias
        let presented = try runScalar(animation)
        for (k, e) in grid.enumerated() {
            expectNear(presented[k], kbSpline(values, e, tension: tension, continuity: continuity, bias: bias), 1e-9, "e \(e)")
        }
    }

    @Test("cubicPaced: the Catmull-Rom curve through a square's corners at constant speed along its arc length")
    func cubicPaced() throws {
        let points = [XY(0, 0), XY(100, 0), XY(100, 100), XY(0, 100)]
        // The curve's own arc length, segment by segment (Simpson on |B′|).
        let lengths = (0..<3).map { i in arcLength { u in self.catmullRom(points, i, u).tangent } }
        let total = lengths.reduce(0, +)
        func expected(_ e: Double) -> XY {
            var d = e * total
            for i in 0..<3 {
                if d <= lengths[i] || i == 2 {
                    let u = parameter(atArcLength: min(d, lengths[i])) { u in self.catmullRom(points, i, u).tangent }
                    return catmullRom(points, i, u).point
                }
                d -= lengths[i]
            }
            return points[3]
        }
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var animation = Animation.keyframe("position", values: points.map(\.value), keyTimes: [0, 0.1, 0.2, 1], calculationMode: .cubicPaced)
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.timingFunction = .easeIn
        let presented = try run(engine, layer, animation, reading: "position", at: grid).map(xy)
        for (k, e) in grid.enumerated() {
            guard let point = presented[k] else {
                Issue.record("no point at e \(e)")
                continue
            }
            let target = expected(e)
            #expect((point - target).length <= 1e-4 * total, "e \(e): got \(point), expected \(target) (arc \(total))")
        }
        // Constant speed: every tick covers about total / 64.
        for k in 1..<presented.count {
            guard let a = presented[k - 1], let b = presented[k] else { continue }
            let step = (b - a).length
            #expect(abs(step - total / 64) <= 1e-2 * total / 64, "tick \(k): moved \(step), expected \(total / 64)")
        }
        expectPoint(presented[0]?.value, points[0], 1e-9, "the first value at the start")
        expectPoint(presented[64]?.value, points[3], 1e-9, "the last value at the end")
    }

    @Test(
        "paced keyframes at any scale: coordinates whose squares overflow (2^600) or underflow (2^-600) move as at scale 1",
        arguments: [CalculationMode.paced, .cubicPaced])
    func pacedAtExtremeScales(mode: CalculationMode) throws {
        // Three uneven segments: pacing moves them apart from even key times.
        let points = [XY(0, 0), XY(30, 0), XY(30, 40), XY(-50, 40)]
        func positions(scaledBy scale: Double) throws -> [XY?] {
            let engine = Engine()
            let layer = try engine.makeLayerHandle()
            var animation = Animation.keyframe(
                "position", values: points.map { (scale * $0).value }, keyTimes: nil, calculationMode: mode)
            animation.timing.duration = 1
            animation.timing.fillMode = .both
            animation.isRemovedOnCompletion = false
            return try run(engine, layer, animation, reading: "position", at: grid).map(xy)
        }
        let unit = try positions(scaledBy: 1)
        // Powers of two: a scaled curve's exact values are the unit curve's, scaled.
        for scale in [0x1p600, 0x1p-600] {
            let scaled = try positions(scaledBy: scale)
            for (k, e) in grid.enumerated() {
                guard let expected = unit[k], let got = scaled[k] else {
                    Issue.record("no point at e \(e), scale \(scale)")
                    continue
                }
                #expect(((1 / scale) * got - expected).length <= 1e-9, "e \(e), scale \(scale): \(got) for \(scale * expected)")
            }
        }
    }

    @Test(
        "paced keyframes: a move far smaller than its coordinates (2^-600 along y at x = 1) paces as at scale 1",
        arguments: [CalculationMode.paced, .cubicPaced])
    func pacedSmallMoveFarFromOrigin(mode: CalculationMode) throws {
        // Chords 1, 3 and 2 along y: key times 0, 1/6, 4/6, 1 (even ones would differ).
        let heights = [0.0, 1, 4, 2]
        func positions(scaledBy scale: Double) throws -> [XY?] {
            let engine = Engine()
            let layer = try engine.makeLayerHandle()
            var animation = Animation.keyframe(
                "position", values: heights.map { XY(1, scale * $0).value }, keyTimes: nil, calculationMode: mode)
            animation.timing.duration = 1
            animation.timing.fillMode = .both
            animation.isRemovedOnCompletion = false
            return try run(engine, layer, animation, reading: "position", at: grid).map(xy)
        }
        let unit = try positions(scaledBy: 1)
        let scale = 0x1p-600
        let small = try positions(scaledBy: scale)
        for (k, e) in grid.enumerated() {
            guard let expected = unit[k], let got = small[k] else {
                Issue.record("no point at e \(e)")
                continue
            }
            expectNear(got.x, 1, 1e-12, "e \(e): x")
            expectNear(got.y / scale, expected.y, 1e-9, "e \(e): y")
        }
    }

    // MARK: Key times that do not fit

    @Test("key times that do not fit the mode are ignored: even spacing instead (counts n±1, first ≠ 0, discrete with n)")
    func unfitKeyTimesIgnored() throws {
        let values = [0.0, 10, 30, 20]
        let even = [0.0, 1.0 / 3, 2.0 / 3, 1]
        for keyTimes in [[0, 0.5, 1], [0, 0.1, 0.2, 0.3, 1], [0.1, 0.4, 0.7, 1], [0, 0.2, 0.4, 0.9]] {
            let presented = try runScalar(scalarKeyframes(values, keyTimes: keyTimes))
            for (k, e) in grid.enumerated() {
                let (i, s) = segmentAndFraction(even, e)
                expectNear(presented[k], lerp(values[i], values[i + 1], s), 1e-9, "linear keyTimes \(keyTimes), e \(e)")
            }
            let cubic = try runScalar(scalarKeyframes(values, keyTimes: keyTimes, mode: .cubic))
            for (k, e) in grid.enumerated() {
                expectNear(cubic[k], kbSpline(values, e), 1e-9, "cubic keyTimes \(keyTimes), e \(e)")
            }
        }
        // Discrete needs n + 1 key times: n of them are ignored (values held 1/4 each).
        let discreteValues = [1.0, 2, 3, 4]
        let discrete = try runScalar(scalarKeyframes(discreteValues, keyTimes: [0, 0.5, 0.75, 1], mode: .discrete))
        for (k, e) in grid.enumerated() { expectNear(discrete[k], discreteValues[min(Int(e * 4), 3)], 0, "discrete e \(e)") }
        // Key times that fit are used.
        let fitting = try runScalar(scalarKeyframes(values, keyTimes: [0, 0.5, 0.75, 1]))
        let (i, s) = segmentAndFraction([0, 0.5, 0.75, 1], 0.625)
        expectNear(fitting[40], lerp(values[i], values[i + 1], s), 1e-9, "fitting key times are used")
    }

    // MARK: Additive and cumulative

    @Test("additive shake on position.x ([0, 10, −10, 10, 0] at [0, 1/6, 3/6, 5/6, 1], 0.4 s) over two base values and a model change")
    func additiveShake() throws {
        let engine = Engine()
        let first = try engine.makeLayerHandle()
        let second = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 100, y: 50), forKeyPath: "position", of: first)
        try engine.setValue(.point(x: -250, y: 80), forKeyPath: "position", of: second)
        let shakeValues = [0.0, 10, -10, 10, 0]
        let shakeTimes = [0.0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1]
        var shake = Animation.keyframe("position.x", values: shakeValues.map(Value.scalar), keyTimes: shakeTimes)
        shake.timing.duration = 0.4
        shake.isAdditive = true
        try engine.addAnimation(shake, forKey: "shake", to: first)
        try engine.addAnimation(shake, forKey: "shake", to: second)
        try engine.tick(10)
        func offset(_ e: Double) -> Double {
            guard e < 0.4 else { return 0 }
            let (i, s) = segmentAndFraction(shakeTimes, e / 0.4)
            return lerp(shakeValues[i], shakeValues[i + 1], s)
        }
        var firstBase = 100.0
        for k in 0...30 {  // 60 fps
            let e = Double(k) / 60
            if k == 12 {
                // The base moves mid-shake: the shake follows it.
                firstBase = 140
                try quietly(engine) { try engine.setValue(.point(x: 140, y: 50), forKeyPath: "position", of: first) }
            }
            try engine.tick(10 + e)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: first), XY(firstBase + offset(e), 50), 1e-9, "first e \(e)")
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: second), XY(-250 + offset(e), 80), 1e-9, "second e \(e)")
        }
        #expect(try engine.animationKeys(of: first).isEmpty && engine.animationKeys(of: second).isEmpty)
    }

    @Test("cumulative with repeatCount 3: cycle k adds k × the last value ([2, 10, 6] → k·6 + f(p))")
    func cumulative() throws {
        let values = [2.0, 10, 6]
        var animation = scalarKeyframes(values)
        animation.isCumulative = true
        animation.timing.repeatCount = 3
        animation.timing.fillMode = .removed
        animation.isRemovedOnCompletion = true
        let elapsed = (0..<(3 * 32)).map { (Double($0) + 0.5) / 32 } + [3, 3.5]
        let presented = try runScalar(animation, at: elapsed)
        for (k, e) in elapsed.enumerated() {
            guard e < 3 else {
                expectNear(presented[k], -1000, 0, "the model after the 3 cycles (e \(e))")
                continue
            }
            let cycle = floor(e)
            let (i, s) = segmentAndFraction([0, 0.5, 1], e - cycle)
            expectNear(presented[k], cycle * 6 + lerp(values[i], values[i + 1], s), 1e-9, "e \(e)")
        }
    }

    // MARK: Kinds

    @Test("points, sizes and rects: componentwise linear keyframes (position, shadowOffset, bounds)")
    func geometryKinds() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let positions = [XY(0, 0), XY(100, 50), XY(40, 200)]
        let sizes = [(3.0, -4.0), (10.0, 20.0), (-6.0, 0.0)]
        let rects = [(0.0, 0.0, 10.0, 20.0), (10.0, 20.0, 110.0, 220.0), (-10.0, 0.0, 50.0, 50.0)]
        let animations = [
            Animation.keyframe("position", values: positions.map(\.value)),
            Animation.keyframe("shadowOffset", values: sizes.map { Value.size(width: $0.0, height: $0.1) }),
            Animation.keyframe("bounds", values: rects.map { Value.rect(x: $0.0, y: $0.1, width: $0.2, height: $0.3) }),
        ]
        for (index, var animation) in animations.enumerated() {
            animation.timing.duration = 1
            animation.timing.fillMode = .both
            animation.isRemovedOnCompletion = false
            try engine.addAnimation(animation, forKey: "k\(index)", to: layer)
        }
        try engine.tick(10)
        for e in grid {
            try engine.tick(10 + e)
            let (i, s) = segmentAndFraction([0, 0.5, 1], e)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), lerp(positions[i], positions[i + 1], s), 1e-9, "position e \(e)")
            expectValue(
                try engine.presentationValue(forKeyPath: "shadowOffset", of: layer),
                .size(width: lerp(sizes[i].0, sizes[i + 1].0, s), height: lerp(sizes[i].1, sizes[i + 1].1, s)), 1e-9, "size e \(e)")
            expectValue(
                try engine.presentationValue(forKeyPath: "bounds", of: layer),
                .rect(x: lerp(rects[i].0, rects[i + 1].0, s), y: lerp(rects[i].1, rects[i + 1].1, s),
                      width: lerp(rects[i].2, rects[i + 1].2, s), height: lerp(rects[i].3, rects[i + 1].3, s)), 1e-9, "bounds e \(e)")
        }
    }

    @Test("colours (backgroundColor) and vector3 (a custom property): componentwise linear keyframes")
    func colourAndVectorKinds() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(name: "V", properties: [PropertyDescriptor("v3", default: .vector3(x: 0, y: 0, z: 0))])
        let layer = try engine.makeLayerHandle(klass)
        let colours = [[1.0, 0, 0, 1], [0, 1, 0, 0.5], [0, 0.25, 1, 1]]
        let vectors = [[0.0, 0, 0], [1, -2, 3], [10, 20, -30]]
        var colour = Animation.keyframe("backgroundColor", values: colours.map { .color(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) })
        var vector = Animation.keyframe("v3", values: vectors.map { .vector3(x: $0[0], y: $0[1], z: $0[2]) }, keyTimes: [0, 0.25, 1])
        colour.timing.duration = 1
        vector.timing.duration = 1
        try engine.addAnimation(colour, forKey: "c", to: layer)
        try engine.addAnimation(vector, forKey: "v", to: layer)
        try engine.tick(10)
        for e in grid.dropLast() {
            try engine.tick(10 + e)
            let (i, s) = segmentAndFraction([0, 0.5, 1], e)
            let c = (0..<4).map { lerp(colours[i][$0], colours[i + 1][$0], s) }
            expectValue(try engine.presentationValue(forKeyPath: "backgroundColor", of: layer),
                        .color(red: c[0], green: c[1], blue: c[2], alpha: c[3]), 1e-9, "colour e \(e)")
            let (j, t) = segmentAndFraction([0, 0.25, 1], e)
            let v = (0..<3).map { lerp(vectors[j][$0], vectors[j + 1][$0], t) }
            expectValue(try engine.presentationValue(forKeyPath: "v3", of: layer), .vector3(x: v[0], y: v[1], z: v[2]), 1e-9, "vector e \(e)")
        }
    }

    @Test("3D transforms, linear: identity → Rz(π/2) turns by π/2·s; Rz(π/2) → Rz(π/2)·T(0, 50, 0) slides")
    func transformKind() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let end = concat(rotationZ(.pi / 2), translationMatrix(0, 50, 0))
        var animation = Animation.keyframe("transform", values: [identityMatrix, rotationZ(.pi / 2), end].map(Value.transform3D))
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        let presented = try run(engine, layer, animation, reading: "transform", at: grid).map(matrix)
        for (k, e) in grid.enumerated() {
            let (i, s) = segmentAndFraction([0, 0.5, 1], e)
            let expected = i == 0 ? rotationZ(.pi / 2 * s) : concat(rotationZ(.pi / 2), translationMatrix(0, 50 * s, 0))
            expectMatrix(presented[k], expected, 1e-9, "e \(e)")
        }
    }

    @Test("paced and cubic modes over a 3D transform or a bool are refused with .wrongKind", arguments: [
        CalculationMode.paced, .cubic, .cubicPaced,
    ])
    func wrongKindModes(_ mode: CalculationMode) throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var transform = Animation.keyframe("transform", values: [identityMatrix, rotationZ(1)].map(Value.transform3D), calculationMode: mode)
        transform.timing.duration = 1
        expectError(.wrongKind, naming: "calculationMode", "\(mode.name) over transform") {
            try engine.addAnimation(transform, forKey: "t", to: layer)
        }
        var hidden = Animation.keyframe("hidden", values: [.bool(false), .bool(true)], calculationMode: mode)
        hidden.timing.duration = 1
        expectError(.wrongKind, naming: "calculationMode", "\(mode.name) over bool") {
            try engine.addAnimation(hidden, forKey: "h", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty, "nothing added")
        // Linear and discrete accept them.
        transform.keyframe?.calculationMode = .linear
        try engine.addAnimation(transform, forKey: "t", to: layer)
        hidden.keyframe?.calculationMode = .discrete
        try engine.addAnimation(hidden, forKey: "h", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["t", "h"])
    }

    // MARK: Bad input

    @Test("bad keyframe input throws a message naming the field, and adds nothing")
    func badInput() throws {
        let (engine, layer) = try probe()
        func attempt(_ code: AnimCoreError.Code, _ field: String, _ change: (inout Animation) -> Void,
                     sourceLocation: SourceLocation = #_sourceLocation) {
            var animation = Animation.keyframe("value", values: [0, 1, 2].map(Value.scalar))
            animation.timing.duration = 1
            change(&animation)
            expectError(code, naming: field, field, sourceLocation: sourceLocation) {
                try engine.addAnimation(animation, forKey: "bad", to: layer)
            }
            expectError(code, naming: "animation.\(field)", "validate: \(field)", sourceLocation: sourceLocation) {
                try animation.validate()
            }
        }
        attempt(.invalidArgument, "values") { $0.keyframe?.values = [] }
        attempt(.invalidArgument, "keyTimes[2]") { $0.keyframe?.keyTimes = [0, 0.6, 0.5] }
        attempt(.outOfRange, "keyTimes[1]") { $0.keyframe?.keyTimes = [0, 1.5, 1] }
        attempt(.outOfRange, "keyTimes[0]") { $0.keyframe?.keyTimes = [-0.1, 0.5, 1] }
        attempt(.notFinite, "keyTimes[1]") { $0.keyframe?.keyTimes = [0, .nan, 1] }
        attempt(.notFinite, "values[1]") { $0.keyframe?.values = [.scalar(0), .scalar(.nan), .scalar(1)] }
        attempt(.notFinite, "values[2]") { $0.keyframe?.values = [.scalar(0), .scalar(1), .scalar(.infinity)] }
        attempt(.wrongKind, "values[1]") { $0.keyframe?.values = [.scalar(0), .point(x: 1, y: 1)] }
        attempt(.invalidArgument, "timingFunctions") { $0.keyframe?.timingFunctions = [.linear, .easeIn, .easeOut] }
        attempt(.outOfRange, "tensionValues[1]") { $0.keyframe?.tensionValues = [0, 1.5] }
        attempt(.outOfRange, "continuityValues[0]") { $0.keyframe?.continuityValues = [-1.01] }
        attempt(.notFinite, "biasValues[2]") { $0.keyframe?.biasValues = [0, 0, .nan] }
        attempt(.invalidArgument, "biasValues") { $0.keyframe?.biasValues = [0, 0, 0, 0] }
        attempt(.invalidArgument, "rotationMode") { $0.keyframe?.rotationMode = .auto }
        attempt(.invalidArgument, "path") { $0.keyframe?.path = Path([.move(x: 0, y: 0)]) }
        attempt(.invalidArgument, "path") { $0.keyframe?.path = Path() }
        attempt(.notFinite, "path.elements[1]") { $0.keyframe?.path = Path([.move(x: 0, y: 0), .line(x: .nan, y: 1)]) }
        #expect(try engine.animationKeys(of: layer).isEmpty, "nothing was added")

        // Values of another kind than the key path holds: refused when added (the layer knows).
        var points = Animation.keyframe("value", values: [XY(0, 0).value, XY(1, 1).value])
        points.timing.duration = 1
        expectError(.wrongKind, naming: "values[0]", "points on a scalar") { try engine.addAnimation(points, forKey: "p", to: layer) }
        // A path moves a point: not a scalar key path.
        var path = Path()
        path.move(x: 0, y: 0)
        path.addLine(x: 10, y: 0)
        var along = Animation.keyframe("value", path: path)
        along.timing.duration = 1
        expectError(.wrongKind, naming: "path", "a path on a scalar") { try engine.addAnimation(along, forKey: "q", to: layer) }
        // The field checks are public too.
        expectError(.invalidArgument, naming: "times[3]") { try KeyframeParameters.checkKeyTimes([0, 0.5, 0.75, 0.7], "times") }
        expectError(.outOfRange, naming: "tension[0]") { try KeyframeParameters.checkSplineValues([2], "tension") }
        expectError(.wrongKind, naming: "v[1]") { try KeyframeParameters.checkValues([.scalar(1), .bool(true)], "v") }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: Reading back

    @Test("animation(forKey:of:) reads back the kind and every keyframe parameter")
    func readBack() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let custom = TimingFunction.cubicBezier(try UnitBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.9))
        var animation = Animation.keyframe(
            "position", values: [XY(1, 2).value, XY(3, 4).value, XY(5, 6).value], keyTimes: [0, 0.3, 1], calculationMode: .cubic)
        animation.keyframe?.timingFunctions = [.easeIn, custom]
        animation.keyframe?.tensionValues = [0.1, -0.2, 0.3]
        animation.keyframe?.continuityValues = [0.4]
        animation.keyframe?.biasValues = [-0.5, 0.6]
        animation.isAdditive = true
        animation.isCumulative = true
        animation.timing = MediaTiming(duration: 2, speed: 1.5, timeOffset: 0.25, repeatCount: 2.5, autoreverses: true, fillMode: .both)
        animation.timingFunction = .easeOut
        animation.isRemovedOnCompletion = false
        try engine.addAnimation(animation, forKey: "curve", to: layer)

        var path = Path()
        path.move(x: 0, y: 150)
        path.addCurve(c1x: 75, c1y: 0, c2x: 225, c2y: 300, x: 300, y: 150)
        path.addQuadCurve(cx: 350, cy: 150, x: 350, y: 200)
        path.close()
        var follow = Animation.keyframe("position", path: path, calculationMode: .paced)
        follow.keyframe?.rotationMode = .autoReverse
        follow.timing.duration = 3
        try engine.addAnimation(follow, forKey: "follow", to: layer)

        let read = try #require(try engine.animation(forKey: "curve", of: layer))
        #expect(read.kindTag == .keyframe)
        #expect(read.basic == nil && read.group == nil)
        let parameters = try #require(read.keyframe)
        #expect(read.keyPath == "position")
        #expect(parameters.values == [XY(1, 2).value, XY(3, 4).value, XY(5, 6).value])
        #expect(parameters.path == nil)
        #expect(parameters.keyTimes == [0, 0.3, 1])
        #expect(parameters.timingFunctions == [.easeIn, custom])
        #expect(parameters.calculationMode == .cubic)
        #expect(parameters.tensionValues == [0.1, -0.2, 0.3])
        #expect(parameters.continuityValues == [0.4])
        #expect(parameters.biasValues == [-0.5, 0.6])
        #expect(parameters.rotationMode == nil)
        #expect(read.isAdditive && read.isCumulative && !read.isRemovedOnCompletion)
        #expect(read.timing == animation.timing)
        #expect(read.timingFunction == .easeOut)

        let readFollow = try #require(try engine.animation(forKey: "follow", of: layer))
        #expect(readFollow.kindTag == .keyframe)
        #expect(readFollow.keyframe?.path == path)
        #expect(readFollow.keyframe?.path?.keyframeCount == 4)
        #expect(readFollow.keyframe?.values == [])
        #expect(readFollow.keyframe?.keyTimes == nil)
        #expect(readFollow.keyframe?.timingFunctions == nil)
        #expect(readFollow.keyframe?.calculationMode == .paced)
        #expect(readFollow.keyframe?.rotationMode == .autoReverse)
        #expect(readFollow.keyframe?.tensionValues == nil)
        #expect(readFollow.timing.duration == 3)
        #expect(!readFollow.isAdditive && !readFollow.isCumulative && readFollow.isRemovedOnCompletion)
        #expect(readFollow.timingFunction == nil)

        // The caller's copy and the held copy are independent.
        animation.keyframe?.values = []
        #expect(try engine.animation(forKey: "curve", of: layer)?.keyframe?.values.count == 3)
        #expect(try engine.animation(forKey: "missing", of: layer) == nil)
        #expect(CalculationMode.allCases.map(\.name) == ["linear", "discrete", "paced", "cubic", "cubicPaced"])
        #expect(CalculationMode(name: "cubicPaced") == .cubicPaced && CalculationMode(name: "Linear") == nil)
        #expect(RotationMode.auto.name == "auto" && RotationMode.autoReverse.name == "autoReverse")
    }
}

/// Cubic keyframes whose coordinates reach the top of the doubles: their Kochanek–Bartels
/// tangents (differences of coordinates) overflowed, and the whole animation presented NaN,
/// even at a keyframe.
@Suite("Cubic keyframes near the largest doubles")
struct CubicKeyframesAtTheTopOfTheDoublesTests {
    static let points: [Double] = [-0.75, 0.5, 1, -1, 0.25, 0.875, 0.5, 0.125]

    @Test("the curves of points scaled by a power of two are the curves scaled by it, to the bit, up to 2^1023")
    func curvesScale() {
        let base = KeyframeCurve.kochanekBartels(
            Self.points, slots: 2, keyTimes: nil, tension: [0.2], continuity: [-0.3], bias: [0.4])
        for exponent in [900, 1015, 1020, 1023] {
            let scale = Double(sign: .plus, exponent: exponent, significand: 1)
            let curves = KeyframeCurve.kochanekBartels(
                Self.points.map { $0 * scale }, slots: 2, keyTimes: nil, tension: [0.2], continuity: [-0.3], bias: [0.4])
            #expect(curves.allSatisfy { $0.isFinite }, "2^\(exponent)")
            #expect(curves.map(\.bitPattern) == base.map { ($0 * scale).bitPattern }, "2^\(exponent)")
        }
    }

    @Test("a cubic keyframe animation over ±1e308 shows its keyframes at their times and finite values between")
    func animationOverTheRange() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var animation = Animation.keyframe(
            "position.x", values: [.scalar(-1e308), .scalar(1e308), .scalar(-1e308)], calculationMode: .cubic)
        animation.timing.duration = 1
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(0)
        for (time, expected) in [(0.0, -1e308), (0.5, 1e308)] {
            try engine.tick(time)
            #expect(try engine.presentationValue(forKeyPath: "position.x", of: layer)?.scalar == expected, "at \(time)")
        }
        for time in [0.1, 0.3, 0.7, 0.9] {
            try engine.tick(time)
            let shown = try #require(try engine.presentationValue(forKeyPath: "position.x", of: layer)?.scalar)
            #expect(shown.isFinite, "at \(time): \(shown)")
        }
    }
}
