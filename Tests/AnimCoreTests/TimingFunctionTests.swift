import AnimCore
import Testing

/// A named function's accepted spelling and its control points (reference §7.1 and the header).
struct NamedFunctionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var points: (x1: Double, y1: Double, x2: Double, y2: Double)
    var testDescription: String { name }
}

/// Timing functions (reference §7, header "Timing functions"): every accepted name, unknown
/// names, custom Béziers (overshoot, invalid x), input clamping, the solver's accuracy
/// (|X(t) − x| <= 1e-12 on seeded random curves, checked with an independent Bernstein
/// evaluation), monotonic output, slopes against finite differences and closed forms, output
/// ranges against dense sampling and closed forms, and CSS steps() at every position with the
/// before flag.
@Suite("Timing functions")
struct TimingFunctionTests {
    // MARK: Names

    static let bezierNames: [NamedFunctionCase] = {
        let table: [([String], (Double, Double, Double, Double))] = [
            (["linear", "kCAMediaTimingFunctionLinear"], (0, 0, 1, 1)),
            (["ease_in", "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in"], (0.42, 0, 1, 1)),
            (["ease_out", "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out"], (0, 0, 0.58, 1)),
            (["ease_in_out", "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "easeInOut", "ease-in-out"],
             (0.42, 0, 0.58, 1)),
            (["default", "kCAMediaTimingFunctionDefault", "ease"], (0.25, 0.1, 0.25, 1)),
        ]
        return table.flatMap { names, p in
            names.map { NamedFunctionCase(name: $0, points: (p.0, p.1, p.2, p.3)) }
        }
    }()

    @Test("named Béziers: every spelling gives the reference's control points", arguments: bezierNames)
    func namedBezier(_ c: NamedFunctionCase) throws {
        let function = try TimingFunction(named: c.name)
        guard case .cubicBezier(let curve) = function else {
            Issue.record("\(c.name) is not a Bézier")
            return
        }
        #expect(curve.x1 == c.points.x1 && curve.y1 == c.points.y1)
        #expect(curve.x2 == c.points.x2 && curve.y2 == c.points.y2)
        // All named functions give 0 at x = 0 and 1 at x = 1 (§7.2).
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
        #expect(function.controlPoint(at: 0)! == (0, 0))
        #expect(function.controlPoint(at: 3)! == (1, 1))
    }

    @Test("each curve has one canonical snake_case name, listed when a name is unknown")
    func canonicalNames() {
        let canonical = TimingFunction.namedFunctions.map { $0.names[0] }
        let presets = ["back", "bounce", "elastic"].flatMap { kind in ["in", "out", "in_out"].map { "\(kind)_\($0)" } }
        #expect(canonical == ["linear", "ease_in", "ease_out", "ease_in_out", "default", "step_start", "step_end"] + presets)
        #expect(canonical.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        do {
            _ = try TimingFunction(named: "easeout")
            Issue.record("a misspelt name was accepted")
        } catch {
            #expect(error.code == .unknownName)
            #expect(error.message.contains(
                "known: linear, ease_in, ease_out, ease_in_out, default, step_start, step_end, back_in, back_out"))
        }
    }

    @Test("the static named functions equal their names")
    func staticNamedFunctions() throws {
        #expect(try TimingFunction(named: "linear") == .linear)
        #expect(try TimingFunction(named: "easeIn") == .easeIn)
        #expect(try TimingFunction(named: "easeOut") == .easeOut)
        #expect(try TimingFunction(named: "easeInEaseOut") == .easeInEaseOut)
        #expect(try TimingFunction(named: "default") == .default)
        #expect(TimingFunction.default != .easeInEaseOut)  // "default" is not easeInEaseOut
    }

    @Test("step-start is steps(1, jump-start) and step-end is steps(1, jump-end)")
    func namedSteps() throws {
        #expect(try TimingFunction(named: "step-start") == .steps(try StepsFunction(steps: 1, position: .jumpStart)))
        #expect(try TimingFunction(named: "step-end") == .steps(try StepsFunction(steps: 1, position: .jumpEnd)))
        let start = try TimingFunction(named: "step-start")
        let end = try TimingFunction(named: "step-end")
        #expect(start.value(at: 0) == 1 && start.value(at: 0.5) == 1)
        #expect(end.value(at: 0.5) == 0 && end.value(at: 1) == 1)
    }

    @Test("unknown names throw .unknownName", arguments: [
        "", "EaseIn", "LINEAR", "Ease_In", "ease_inout", " linear", "linear ", "kCAMediaTimingFunctionFoo",
        "cubic-bezier(0.1, 0.2, 0.3, 0.4)", "steps(2)", "kCAFillModeForwards",
    ])
    func unknownName(_ name: String) {
        let error = #expect(throws: AnimCoreError.self) { try TimingFunction(named: name) }
        #expect(error?.code == .unknownName)
        #expect(error?.message.contains("\"\(name)\"") == true, "the message quotes the name: \(error?.message ?? "")")
    }

    // MARK: Custom Béziers

    @Test("custom Béziers accept y outside [0, 1]: the closed forms at t = 0.5")
    func overshoot() throws {
        // With x1 = x2 = 0.5, X(0.5) = 3·¼·½·½ + 3·½·¼·½ + ⅛ = 0.5, so x 0.5 is t 0.5 and the
        // output is Y(0.5) = 0.375·y1 + 0.375·y2 + 0.125.
        for (y1, y2) in [(-1.0, -1.0), (-1.0, 2.0), (1.5, 1.5), (-0.5, 3)] {
            let curve = try UnitBezier(x1: 0.5, y1: y1, x2: 0.5, y2: y2)
            expectClose(curve.value(at: 0.5), 0.375 * y1 + 0.375 * y2 + 0.125, tolerance: 1e-12, "y \(y1), \(y2)")
            expectClose(curve.parameter(forInput: 0.5), 0.5, tolerance: 1e-12)
        }
        // Overshooting output really leaves [0, 1].
        let back = try UnitBezier(x1: 0.6, y1: -0.28, x2: 0.735, y2: 0.045)
        #expect(back.value(at: 0.2) < 0)
        let overshoot = try UnitBezier(x1: 0.175, y1: 0.885, x2: 0.32, y2: 1.275)
        #expect(overshoot.value(at: 0.7) > 1)
    }

    @Test("x1 or x2 outside [0, 1] throws .outOfRange; NaN or infinite coordinates throw .notFinite")
    func invalidControlPoints() {
        let outOfRange: [(Double, Double, Double, Double)] = [
            (-0.01, 0, 1, 1), (1.01, 0, 1, 1), (0, 0, -0.5, 1), (0, 0, 2, 1),
        ]
        for (x1, y1, x2, y2) in outOfRange {
            let error = #expect(throws: AnimCoreError.self) { try UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
            #expect(error?.code == .outOfRange, "(\(x1), \(y1), \(x2), \(y2))")
            let field = (0...1).contains(x1) ? "x2" : "x1"
            #expect(error?.message.hasPrefix(field) == true, "names \(field): \(error?.message ?? "")")
        }
        let notFinite: [(Double, Double, Double, Double)] = [
            (.nan, 0, 1, 1), (0, .nan, 1, 1), (0, 0, .nan, 1), (0, 0, 1, .nan),
            (.infinity, 0, 1, 1), (0, .infinity, 1, 1), (0, 0, 1, -.infinity),
        ]
        for (x1, y1, x2, y2) in notFinite {
            let error = #expect(throws: AnimCoreError.self) { try UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
            #expect(error?.code == .notFinite, "(\(x1), \(y1), \(x2), \(y2))")
        }
        // The ends of the allowed range are fine.
        #expect(throws: Never.self) { try UnitBezier(x1: 0, y1: -5, x2: 1, y2: 5) }
    }

    @Test("Bézier input is clamped to [0, 1], even for overshooting curves")
    func clamping() throws {
        let curves: [TimingFunction] = [
            .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
            .cubicBezier(try UnitBezier(x1: 0.5, y1: -1, x2: 0.5, y2: 2)),
        ]
        for curve in curves {
            for x in [-1e300, -1, -0.5, -1e-12, -Double.infinity] { #expect(curve.value(at: x) == 0, "\(curve) at \(x)") }
            for x in [1 + 1e-12, 1.5, 2, 1e300, Double.infinity] { #expect(curve.value(at: x) == 1, "\(curve) at \(x)") }
        }
    }

    // MARK: Solver accuracy

    /// Seeded random curves: x control points anywhere in [0, 1] (including the ends, where X
    /// is flat), y anywhere in [−2, 3]; plus the hardest X shapes, whose derivative vanishes.
    static func randomCurves(count: Int, seed: UInt64) -> [UnitBezier] {
        var generator = SplitMix64(seed: seed)
        var curves: [UnitBezier] = []
        let special: [(Double, Double)] = [(0, 1), (1, 0), (0, 0), (1, 1), (0.5, 0.5), (1, 0.999), (0.999, 0)]
        for (x1, x2) in special {
            curves.append(try! UnitBezier(x1: x1, y1: generator.double(in: -2...3), x2: x2, y2: generator.double(in: -2...3)))
        }
        while curves.count < count {
            func coordinate() -> Double {
                // One draw in ten lands on an end of [0, 1].
                switch generator.next() % 10 {
                case 0: 0
                case 1: 1
                default: generator.double(in: 0...1)
                }
            }
            let x1 = coordinate(), x2 = coordinate()
            curves.append(try! UnitBezier(
                x1: x1, y1: generator.double(in: -2...3), x2: x2, y2: generator.double(in: -2...3)))
        }
        return curves
    }

    @Test("solver: |X(t) − x| <= 1e-12 for t = parameter(forInput: x), on 500 random curves × 400 inputs")
    func solverAccuracy() {
        // The solver stops when its own double evaluation of X(t) − x is below 1e-12; that
        // evaluation rounds by a few ulps of 1 (~2e-16 each), so the true error can exceed 1e-12
        // by that much. The error here is measured in extended precision.
        let evaluationSlack = 8 * Double.ulpOfOne
        var generator = SplitMix64(seed: 0xA11C_0DE5)
        var worst = 0.0
        var failures = 0
        for curve in Self.randomCurves(count: 500, seed: 0x5EED_0001) {
            var inputs = (0...100).map { Double($0) / 100 }
            inputs += [1e-15, 1e-9, 1e-6, 1 - 1e-9, 1 - 1e-15, 0.5 + 1e-12]
            while inputs.count < 400 { inputs.append(generator.double(in: 0...1)) }
            for x in inputs {
                let t = curve.parameter(forInput: x)
                let error = bernsteinError(t, curve.x1, curve.x2, from: x)
                worst = max(worst, error)
                if !(t >= 0 && t <= 1) || !(error <= UnitBezier.Solver.tolerance + evaluationSlack) {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("curve (\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) x \(x): t \(t), |X(t) − x| = \(error)")
                    }
                }
                // The output is Y at that parameter (inside [0, 1]; the ends are exact).
                if x > 0 && x < 1 {
                    expectClose(curve.value(at: x), bernstein(t, curve.y1, curve.y2), tolerance: 1e-14, "Y(t)")
                }
            }
        }
        #expect(failures == 0, "\(failures) inputs missed the tolerance; worst |X(t) − x| = \(worst)")
        #expect(UnitBezier.Solver.tolerance == 1e-12)
    }

    @Test("values agree with an independent bisection solver")
    func againstReferenceSolver() {
        var generator = SplitMix64(seed: 42)
        for curve in Self.randomCurves(count: 60, seed: 7) {
            for _ in 0..<25 {
                let x = generator.double(in: 0...1)
                let expected = referenceBezierValue(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2, at: x)
                // An x error of 1e-12 moves y by at most 1e-12·|dy/dx|; allow for steep curves.
                let slope = abs(curve.slope(at: x))
                let tolerance = 1e-11 * max(1, slope.isFinite ? slope : 1e6)
                expectClose(curve.value(at: x), expected, tolerance: tolerance, "(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) at \(x)")
            }
        }
    }

    @Test("monotonic y control points (0 ≤ y1 ≤ y2 ≤ 1) give non-decreasing output")
    func monotonic() {
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<200 {
            let a = generator.double(in: 0...1), b = generator.double(in: 0...1)
            let curve = try! UnitBezier(
                x1: generator.double(in: 0...1), y1: min(a, b), x2: generator.double(in: 0...1), y2: max(a, b))
            var previous = -Double.infinity
            for i in 0...2000 {
                let y = curve.value(at: Double(i) / 2000)
                // Solver noise (|Δx| ≤ 1e-12) could only undo a step by ~1e-12·slope.
                #expect(y >= previous - 1e-11, "(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) at \(Double(i) / 2000)")
                if y < previous - 1e-11 { break }
                previous = y
            }
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        }
    }

    // MARK: Slope

    @Test("slope matches a central finite difference")
    func slopeFiniteDifference() {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<200 {
            // x control points away from the ends, so the slope stays finite and smooth.
            let curve = try! UnitBezier(
                x1: generator.double(in: 0.1...0.9), y1: generator.double(in: -1...2),
                x2: generator.double(in: 0.1...0.9), y2: generator.double(in: -1...2))
            let function = TimingFunction.cubicBezier(curve)
            for _ in 0..<20 {
                let x = generator.double(in: 0.01...0.99)
                let h = 1e-6
                let difference = (function.value(at: x + h) - function.value(at: x - h)) / (2 * h)
                let slope = function.slope(at: x)
                expectClose(slope, difference, tolerance: 1e-4 * max(1, abs(difference)),
                            "(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) at \(x)")
            }
        }
    }

    @Test("slope closed forms: ends of named curves, linear, outside [0, 1], steps")
    func slopeClosedForms() throws {
        // Near t = 0, X ≈ 3·x1·t and Y ≈ 3·y1·t, so dy/dx(0) = y1/x1 when x1 > 0.
        expectClose(TimingFunction.easeIn.slope(at: 0), 0 / 0.42, tolerance: 1e-12, "easeIn at 0")
        expectClose(TimingFunction.default.slope(at: 0), 0.1 / 0.25, tolerance: 1e-12, "default at 0")
        // With x1 = y1 = 0, X ≈ 3·x2·t² and Y ≈ 3·y2·t²: dy/dx(0) = y2/x2.
        expectClose(TimingFunction.easeOut.slope(at: 0), 1 / 0.58, tolerance: 1e-9, "easeOut at 0")
        // Symmetrically with x2 = y2 = 1 at x = 1: 1 − X ≈ 3(1 − x1)s², 1 − Y ≈ 3(1 − y1)s².
        expectClose(TimingFunction.easeIn.slope(at: 1), 1 / 0.58, tolerance: 1e-9, "easeIn at 1")
        // At t = 1 with x2 < 1: dy/dx = (1 − y2)/(1 − x2).
        expectClose(TimingFunction.easeOut.slope(at: 1), 0, tolerance: 1e-12, "easeOut at 1")
        // easeInEaseOut is symmetric, so x ½ is t ½ and its slope there is Y'(½)/X'(½), with
        // X'(½) = ¾·0.42 + 1.5·(0.58 − 0.42) + ¾·(1 − 0.58) = 0.87 and Y'(½) = 1.5.
        expectClose(TimingFunction.easeInEaseOut.slope(at: 0.5), 1.5 / 0.87, tolerance: 1e-12, "easeInEaseOut at 0.5")
        for x in [0.0, 0.3, 1] { #expect(TimingFunction.linear.slope(at: x) == 1) }
        for x in [-0.1, 1.1, -1e9] { #expect(TimingFunction.easeIn.slope(at: x) == 0, "outside at \(x)") }
        #expect(TimingFunction.steps(try StepsFunction(steps: 3, position: .jumpEnd)).slope(at: 0.5) == 0)
    }

    // MARK: Output range

    @Test("outputRange contains 0 and 1 and matches dense sampling")
    func outputRangeSampling() {
        for curve in Self.randomCurves(count: 200, seed: 0xBEEF) {
            let range = TimingFunction.cubicBezier(curve).outputRange
            var low = 0.0, high = 1.0
            let samples = 20_000
            for i in 0...samples {
                let y = bernstein(Double(i) / Double(samples), curve.y1, curve.y2)
                low = min(low, y)
                high = max(high, y)
            }
            let label = "(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))"
            // Sampling finds values inside the true range, and within O(step²) of its ends.
            #expect(range.lowerBound <= low + 1e-12, "\(label): min \(range.lowerBound) vs sampled \(low)")
            #expect(range.upperBound >= high - 1e-12, "\(label): max \(range.upperBound) vs sampled \(high)")
            expectClose(range.lowerBound, low, tolerance: 1e-6, "\(label) min")
            expectClose(range.upperBound, high, tolerance: 1e-6, "\(label) max")
        }
    }

    @Test("outputRange closed forms")
    func outputRangeClosedForms() throws {
        // y inside [0, 1]: exactly [0, 1].
        for function in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(function.outputRange == 0...1)
        }
        // Y(t) = 3t(1−t)²·y1 + 3(1−t)t²·y2 + t³ with y1 = 1, y2 = 4/3: the cubic term vanishes
        // (1 + 3·y1 − 3·y2 = 0) and Y'(t) = 3 − 4t, so the maximum is Y(0.75) = 1.125.
        let quadratic = TimingFunction.cubicBezier(try UnitBezier(x1: 0.3, y1: 1, x2: 0.7, y2: 4.0 / 3))
        expectClose(quadratic.outputRange.lowerBound, 0, tolerance: 0)
        expectClose(quadratic.outputRange.upperBound, 1.125, tolerance: 1e-12)
        // y1 = y2 = −1 (Chromium's undershoot): Y(t) = −3t(1−t)² − 3(1−t)t² + t³ = −3t + 3t² + t³,
        // Y'(t) = −3 + 6t + 3t² = 0 at t = √2 − 1, where Y is smallest.
        let t = 2.0.squareRoot() - 1
        let undershoot = TimingFunction.cubicBezier(try UnitBezier(x1: 0.5, y1: -1, x2: 0.5, y2: -1))
        expectClose(undershoot.outputRange.lowerBound, -3 * t + 3 * t * t + t * t * t, tolerance: 1e-12)
        expectClose(undershoot.outputRange.upperBound, 1, tolerance: 0)
        #expect(TimingFunction.steps(try StepsFunction(steps: 4, position: .jumpBoth)).outputRange == 0...1)
    }

    // MARK: Steps

    /// CSS Easing Functions Level 1, "steps()": the spec's algorithm written out as the oracle.
    static func cssSteps(_ n: Int, _ position: StepPosition, _ x: Double, before: Bool) -> Double {
        var step = (x * Double(n)).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if before && (x * Double(n)).truncatingRemainder(dividingBy: 1) == 0 { step -= 1 }
        if x >= 0 && step < 0 { step = 0 }
        let jumps: Double = switch position {
        case .jumpStart, .jumpEnd: Double(n)
        case .jumpNone: Double(n - 1)
        case .jumpBoth: Double(n + 1)
        }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }

    @Test("steps at every position: hand-worked values", arguments: StepPosition.allCases)
    func stepsHandWorked(_ position: StepPosition) throws {
        let four = try StepsFunction(steps: 4, position: position)
        // 4 steps: jump-start 1/4..1, jump-end 0..3/4, jump-none 0..1 in thirds, jump-both 1/5..4/5.
        let expected: [(x: Double, y: Double)] = switch position {
        case .jumpStart: [(0, 0.25), (0.1, 0.25), (0.25, 0.5), (0.6, 0.75), (0.99, 1), (1, 1)]
        case .jumpEnd: [(0, 0), (0.1, 0), (0.25, 0.25), (0.6, 0.5), (0.99, 0.75), (1, 1)]
        case .jumpNone: [(0, 0), (0.1, 0), (0.25, 1.0 / 3), (0.6, 2.0 / 3), (0.99, 1), (1, 1)]
        case .jumpBoth: [(0, 0.2), (0.1, 0.2), (0.25, 0.4), (0.6, 0.6), (0.99, 0.8), (1, 1)]
        }
        for (x, y) in expected {
            expectClose(four.value(at: x, beforeFlag: false), y, tolerance: 1e-15, "steps(4, \(position)) at \(x)")
            expectClose(TimingFunction.steps(four).value(at: x), y, tolerance: 1e-15, "via TimingFunction")
        }
    }

    @Test("steps follow the CSS algorithm for every position, count, input and before flag", arguments: StepPosition.allCases)
    func stepsAgainstCSS(_ position: StepPosition) throws {
        for n in (position == .jumpNone ? 2 : 1)...7 {
            let function = try StepsFunction(steps: n, position: position)
            // Every boundary k/n exactly, points between them, and inputs outside [0, 1].
            var inputs = (-2 * n...3 * n).map { Double($0) / Double(n) }
            inputs += stride(from: -1.0, through: 2.0, by: 0.037).map { $0 }
            for x in inputs {
                for before in [false, true] {
                    expectClose(function.value(at: x, beforeFlag: before), Self.cssSteps(n, position, x, before: before),
                                tolerance: 0, "steps(\(n), \(position)) at \(x) before \(before)")
                }
            }
        }
    }

    @Test("the before flag moves a jump exactly at x to after x")
    func stepsBeforeFlag() throws {
        let end = try StepsFunction(steps: 4, position: .jumpEnd)
        #expect(end.value(at: 0.5, beforeFlag: false) == 0.5)
        #expect(end.value(at: 0.5, beforeFlag: true) == 0.25)
        #expect(end.value(at: 0.6, beforeFlag: true) == 0.5)  // not on a jump: no change
        let start = try StepsFunction(steps: 1, position: .jumpStart)
        #expect(start.value(at: 0, beforeFlag: false) == 1)
        #expect(start.value(at: 0, beforeFlag: true) == 0)
        let both = try StepsFunction(steps: 2, position: .jumpBoth)
        #expect(both.value(at: 0, beforeFlag: true) == 0)  // clamped at 0 for x ≥ 0
        #expect(both.value(at: 0, beforeFlag: false) == 1.0 / 3)
    }

    @Test("too few steps throw .outOfRange; jump-none needs at least 2")
    func stepsCount() throws {
        for position in StepPosition.allCases {
            let minimum = position == .jumpNone ? 2 : 1
            for steps in [Int.min, -1, 0, minimum - 1] {
                let error = #expect(throws: AnimCoreError.self) { try StepsFunction(steps: steps, position: position) }
                #expect(error?.code == .outOfRange, "steps(\(steps), \(position))")
            }
            #expect(try StepsFunction(steps: minimum, position: position).steps == minimum)
        }
    }

    @Test("steps control points: none")
    func stepsHaveNoControlPoints() throws {
        let steps = TimingFunction.steps(try StepsFunction(steps: 2, position: .jumpEnd))
        for index in 0...3 { #expect(steps.controlPoint(at: index) == nil) }
    }
}

/// Tuple equality for control points.
private func == (lhs: (x: Double, y: Double), rhs: (Double, Double)) -> Bool {
    lhs.x == rhs.0 && lhs.y == rhs.1
}
