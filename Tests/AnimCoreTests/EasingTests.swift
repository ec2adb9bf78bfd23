import AnimCore
import Testing

/// CSS easing text read into timing functions, linear() against the web-platform-tests
/// expectations, and Penner's presets at known points.
@Suite("CSS easing text")
struct CSSEasingTextTests {
    @Test("keywords give the named curves, in any ASCII case", arguments: [
        ("linear", TimingFunction.linear), ("ease", .default), ("ease-in", .easeIn), ("ease-out", .easeOut),
        ("ease-in-out", .easeInEaseOut), ("EASE-In-Out", .easeInEaseOut), ("  ease-out\n", .easeOut),
        ("step-start", .steps(try! StepsFunction(steps: 1, position: .jumpStart))),
        ("step-end", .steps(try! StepsFunction(steps: 1, position: .jumpEnd))),
        ("bounce_out", .bounce(.easeOut)), ("easeOutBounce", .bounce(.easeOut)), ("OutBounce", .bounce(.easeOut)),
    ])
    func keywords(_ text: String, _ expected: TimingFunction) throws {
        #expect(try TimingFunction(css: text) == expected)
    }

    @Test("cubic-bezier() reads four numbers in any CSS number syntax")
    func cubicBezier() throws {
        let expected = TimingFunction.cubicBezier(try UnitBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
        for text in ["cubic-bezier(0.2, 0, 0, 1)", "cubic-bezier(.2,0,0,1)", "Cubic-Bezier( 2e-1 ,+0 , -0, 1.0 )",
                     "cubic-bezier(20E-2, 0, 0, 1)"] {
            #expect(try TimingFunction(css: text) == expected, "\(text)")
        }
        #expect(try TimingFunction(css: "cubic-bezier(0, -2, 1, 3)") ==
            .cubicBezier(try UnitBezier(x1: 0, y1: -2, x2: 1, y2: 3)))
    }

    @Test("steps() with every position keyword, and its default jump-end")
    func steps() throws {
        let cases: [(String, Int, StepPosition)] = [
            ("steps(4)", 4, .jumpEnd), ("steps(4, jump-end)", 4, .jumpEnd), ("steps(4, end)", 4, .jumpEnd),
            ("steps(2, jump-start)", 2, .jumpStart), ("steps(2,start)", 2, .jumpStart),
            ("steps(5, jump-none)", 5, .jumpNone), ("steps(3, JUMP-BOTH)", 3, .jumpBoth), ("steps(+1)", 1, .jumpEnd),
        ]
        for (text, count, position) in cases {
            #expect(try TimingFunction(css: text) == .steps(try StepsFunction(steps: count, position: position)), "\(text)")
        }
    }

    @Test("linear() places its stops as CSS Easing Level 2 says")
    func linearPlacement() throws {
        let cases: [(String, [(Double, Double)])] = [
            ("linear(0, 1)", [(0, 0), (1, 1)]),
            ("linear(0, 0.25, 1)", [(0, 0), (0.5, 0.25), (1, 1)]),
            ("linear(0, 0.25 75%, 1)", [(0, 0), (0.75, 0.25), (1, 1)]),
            ("linear(0, 0.25 25% 75%, 1)", [(0, 0), (0.25, 0.25), (0.75, 0.25), (1, 1)]),
            ("linear(0, 25% 75% 0.25, 1)", [(0, 0), (0.25, 0.25), (0.75, 0.25), (1, 1)]),
            // The spec's serialization examples: decreasing inputs are raised.
            ("linear(0 20%, 0.5 10%, 1)", [(0.2, 0), (0.2, 0.5), (1, 1)]),
            ("linear(0, 0.1 -10%, 1)", [(0, 0), (0, 0.1), (1, 1)]),
            ("linear(0, 0.9 110%, 1)", [(0, 0), (1.1, 0.9), (1.1, 1)]),
            // A run of missing inputs spread between its neighbours.
            ("linear(0, 0.1, 0.2, 0.3 60%, 1)", [(0, 0), (0.2, 0.1), (0.4, 0.2), (0.6, 0.3), (1, 1)]),
        ]
        for (text, points) in cases {
            guard case .piecewiseLinear(let function) = try TimingFunction(css: text) else {
                Issue.record("\(text) is not linear()")
                continue
            }
            #expect(function.points.count == points.count, "\(text)")
            for (got, want) in zip(function.points, points) {
                #expect(abs(got.input - want.0) < 1e-15 && got.output == want.1, "\(text): \(got) != \(want)")
            }
        }
    }

    @Test("bad text: the error names the argument, the index and what was expected", arguments: [
        ("", AnimCoreError.Code.invalidArgument, "at index 0, expected a keyword"),
        ("ease-sideways", .unknownName, "at index 0, expected linear, ease"),
        ("cubic-bezier(0.2, x, 0, 1)", .invalidArgument, "at index 18, expected a number; found \"x\""),
        ("cubic-bezier(0.2, 0, 0)", .invalidArgument, "at index 22, expected \",\"; found \")\""),
        ("cubic-bezier(1.5, 0, 0, 1)", .outOfRange, "at index 13, x1 is 1.5; it must be in [0, 1]"),
        ("cubic-bezier(0, 0, -0.1, 1)", .outOfRange, "at index 19, x2 is -0.1"),
        ("cubic-bezier(0, 1e999, 0, 1)", .notFinite, "at index 16, 1e999 is too large"),
        ("steps(0)", .outOfRange, "at index 6, the step count is 0; it must be >= 1"),
        ("steps(1, jump-none)", .outOfRange, "at index 6, the step count is 1; it must be >= 2"),
        ("steps(2.5)", .invalidArgument, "at index 6, expected an integer"),
        ("steps(3, middle)", .invalidArgument, "at index 9, expected jump-start, jump-end"),
        ("steps(3", .invalidArgument, "at index 7, expected \")\"; found the end of the text"),
        ("linear()", .invalidArgument, "at index 7, expected a number (the stop's output); found \")\""),
        ("linear(1)", .invalidArgument, "at index 0, linear() needs at least 2 stops; found 1"),
        ("linear(0, 0.5 1, 1)", .invalidArgument, "at index 14, expected a percentage"),
        ("linear(0, 10% 20% 30% 0.5, 1)", .invalidArgument, "at index 18, expected the stop's number"),
        ("linear(0, 10% 0.5 20%, 1)", .invalidArgument, "at index 18, expected \",\" or \")\""),
        ("linear(0, 0.5 50% 60% 70%, 1)", .invalidArgument, "at index 22, expected \",\" or \")\""),
        ("ease trailing", .invalidArgument, "at index 5, expected the end of the text; found \"trailing\""),
        ("bezier(0, 0, 1, 1)", .unknownName, "at index 0, expected cubic-bezier(, steps( or linear("),
        ("ease-in ☃", .invalidArgument, "at index 8, expected the end of the text; found \"☃\""),
    ])
    func badText(_ text: String, _ code: AnimCoreError.Code, _ fragment: String) {
        do {
            let function = try TimingFunction(css: text)
            Issue.record("\"\(text)\" gave \(function)")
        } catch {
            #expect(error.code == code, "\(text): \(error.message)")
            #expect(error.message.hasPrefix("css \"\(text)\" is not a CSS easing function: "), "\(error.message)")
            #expect(error.message.contains(fragment), "\(text): \(error.message)")
        }
    }

    @Test("a long text is quoted shortened; an argument name of the caller's is used")
    func longText() {
        let text = "linear(" + Array(repeating: "0.5", count: 40).joined(separator: ", ") + ", x)"
        do {
            _ = try TimingFunction(css: text, argument: "timing_function")
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("timing_function \"linear(0.5, "))
            #expect(error.message.contains("...\" is not a CSS easing function: at index \(text.count - 2)"))
        }
    }
}

/// linear() evaluated as CSS Easing Level 2 says, against the expectations of
/// web-platform-tests css/css-easing/linear-timing-functions-output.html (each test animates
/// `left` from 0 to 100px over 1000 ms and reads it at a time; here the progress is time /
/// 1000 and the expected output left / 100, within the test's 0.01 px).
@Suite("linear() timing function")
struct LinearFunctionTests {
    /// The output of `text` at each (input, output) pair, within WPT's tolerance (0.01 px of 100).
    func expect(_ text: String, _ pairs: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let function = try TimingFunction(css: text)
        for (x, y) in pairs {
            #expect(abs(function.value(at: x) - y) <= 1e-4, "\(text) at \(x)", sourceLocation: sourceLocation)
        }
    }

    @Test("WPT: output greater than 1, and less than 0")
    func outputBeyondUnit() throws {
        try expect("linear(0, 1.5, 1)", [(0, 0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)])
        try expect("linear(1, -0.5, 0)", [(0, 1), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)])
    }

    @Test("WPT: a linear() with holds equals steps(5, jump-start)")
    func stepsEquivalent() throws {
        let function = try TimingFunction(css: "linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)")
        let steps = try TimingFunction(css: "steps(5, jump-start)")
        for x in [0, 0.2, 0.4, 0.6, 0.8, 1] {
            #expect(abs(function.value(at: x) - steps.value(at: x)) <= 1e-4, "at \(x)")
        }
    }

    @Test("WPT: a first stop's input below 0 acts as 0; a last stop's missing input is the largest")
    func implicitInputs() throws {
        let a = try TimingFunction(css: "linear(0, 0.1 -10%, 1)"), b = try TimingFunction(css: "linear(0, 0.1 0%, 1)")
        for x in [0, 0.1, 0.55, 1] { #expect(abs(a.value(at: x) - b.value(at: x)) <= 1e-4) }
        let c = try TimingFunction(css: "linear(0, 0.9 110%, 1)"), d = try TimingFunction(css: "linear(0, 0.9 110%, 1 110%)")
        for x in [0, 0.45, 0.9, 0.95, 1] { #expect(abs(c.value(at: x) - d.value(at: x)) <= 1e-4) }
    }

    @Test("extrapolation continues the first and last segments; a jump answers its second point")
    func extrapolation() throws {
        // The spec's example: linear(0, 0.25 25% 75%, 1) continued at both ends.
        try expect("linear(0, 0.25 25% 75%, 1)", [(-0.5, -0.5), (1.5, 2.5), (0.5, 0.25), (0.875, 0.625)])
        // "1 100% 100%" makes every input past 1 answer 1 (the spec's bounce example).
        try expect("linear(0, 1 50%, 1 100% 100%)", [(2, 1), (-1, -2)])
        try expect("linear(0, 0 50%, 1 50%, 1)", [(0.5, 1), (0.49, 0)])
        // The before flag plays no part.
        let function = try TimingFunction(css: "linear(0, 1)")
        #expect(function.value(at: 0.3, beforeFlag: true) == function.value(at: 0.3))
    }

    @Test("slope and output range")
    func slopeAndRange() throws {
        let function = try TimingFunction(css: "linear(0, 1.5, 1)")
        #expect(function.slope(at: 0.25) == 3)
        #expect(function.slope(at: 0.75) == -1)
        #expect(function.slope(at: 2) == -1)
        #expect(function.outputRange == 0...1.5)
        #expect(try TimingFunction(css: "linear(1, -0.5, 0)").outputRange == -0.5...1)
    }

    @Test("stops are checked: count, finiteness, magnitude, an end input needs an input")
    func badStops() {
        func code(_ stops: [LinearStop]) -> AnimCoreError.Code? {
            do { _ = try LinearFunction(stops: stops); return nil } catch { return error.code }
        }
        #expect(code([LinearStop(0)]) == .outOfRange)
        #expect(code([LinearStop(0), LinearStop(.nan)]) == .notFinite)
        #expect(code([LinearStop(0), LinearStop(1, at: .infinity)]) == .notFinite)
        #expect(code([LinearStop(0), LinearStop(2e9)]) == .outOfRange)
        #expect(code([LinearStop(0), LinearStop(1, at: nil, to: 0.5)]) == .invalidArgument)
        #expect(code(Array(repeating: LinearStop(0.5), count: LinearFunction.maximumPoints + 1)) == .outOfRange)
        #expect(code(Array(repeating: LinearStop(0.5), count: LinearFunction.maximumPoints)) == nil)
    }
}

/// Penner's presets at points known in closed form.
@Suite("Easing presets")
struct EasingPresetTests {
    @Test("values at known points (default parameters)")
    func knownValues() throws {
        let cases: [(TimingFunction, Double, Double)] = [
            (try .back(.easeIn), 0.5, 0.125 * 2.70158 - 0.25 * 1.70158),
            (try .back(.easeOut), 0.5, 1 - (0.125 * 2.70158 - 0.25 * 1.70158)),
            (try .back(.easeInOut), 0.25, (0.125 * (1.70158 * 1.525 + 1) - 0.25 * 1.70158 * 1.525) / 2),
            (.bounce(.easeOut), 0.5, 0.765625),
            (.bounce(.easeIn), 0.5, 0.234375),
            (.bounce(.easeOut), 1 / 2.75, 1),
            (.bounce(.easeInOut), 0.5, 0.5),
            (.bounce(.easeInOut), 0.25, 0.1171875),
            // sin(5π/6) = 0.5 and 2^-5: elastic out(0.5) = 1 + 1/64.
            (try .elastic(.easeOut), 0.5, 1.015625),
            (try .elastic(.easeIn), 0.5, -0.015625),
            (try .elastic(.easeInOut), 0.25, -0.0078125),
            (try .back(.easeIn, overshoot: 0), 0.5, 0.125),
        ]
        for (function, x, y) in cases {
            #expect(abs(function.value(at: x) - y) <= 1e-12, "\(function) at \(x): \(function.value(at: x)) != \(y)")
        }
    }

    @Test("ends are exact and inputs outside [0, 1] are clamped")
    func ends() throws {
        for kind in EasingPreset.Kind.allCases {
            for direction in EasingPreset.Direction.allCases {
                let function = try TimingFunction(named: Self.name(kind, direction))
                #expect(function.value(at: 0) == 0 && function.value(at: 1) == 1)
                #expect(function.value(at: -3) == 0 && function.value(at: 7) == 1)
                #expect(function.slope(at: -1) == 0)
            }
        }
    }

    /// The canonical name of a preset.
    static func name(_ kind: EasingPreset.Kind, _ direction: EasingPreset.Direction) -> String {
        let directions: [EasingPreset.Direction: String] = [.easeIn: "in", .easeOut: "out", .easeInOut: "in_out"]
        return "\(kind)_\(directions[direction]!)"
    }

    @Test("named presets carry the default parameters; static functions take others")
    func parameters() throws {
        #expect(try TimingFunction(named: "back_out") == .back(.easeOut, overshoot: 1.70158))
        #expect(try TimingFunction(named: "elastic_in_out") == .elastic(.easeInOut, amplitude: 1, period: 0.3))
        #expect(try TimingFunction(named: "InOutBounce") == .bounce(.easeInOut))
        let wide = try TimingFunction.elastic(.easeOut, amplitude: 2, period: 0.5)
        #expect(wide != (try TimingFunction.elastic(.easeOut)))
        #expect(throws: AnimCoreError.self) { try TimingFunction.back(.easeIn, overshoot: -1) }
        #expect(throws: AnimCoreError.self) { try TimingFunction.elastic(.easeIn, period: 0) }
        #expect(throws: AnimCoreError.self) { try TimingFunction.elastic(.easeIn, amplitude: .nan) }
        // An amplitude below 1 acts as 1.
        #expect(try TimingFunction.elastic(.easeOut, amplitude: 0.5).value(at: 0.37)
            == TimingFunction.elastic(.easeOut).value(at: 0.37))
    }

    @Test("elastic with the smallest periods: an angle beyond the doubles gives the envelope's rest, never NaN")
    func elasticTinyPeriod() throws {
        // 2π·x/p overflows for p = 5e-324: the sine is taken as 0.
        let period = Double.leastNonzeroMagnitude
        let out = try TimingFunction.elastic(.easeOut, period: period)
        let into = try TimingFunction.elastic(.easeIn, period: period)
        let both = try TimingFunction.elastic(.easeInOut, period: period)
        for x in [0.25, 0.5, 0.9] {
            #expect(out.value(at: x) == 1, "out at \(x)")
            #expect(into.value(at: x) == 0, "in at \(x)")
            // In-out is in(2x)/2, then (1 + out(2x − 1))/2 from x = 0.5, where out(0) = 0.
            #expect(both.value(at: x) == (x < 0.5 ? 0 : x == 0.5 ? 0.5 : 1), "in-out at \(x)")
        }
        // For p = 1e-308 the angle stays finite at x = 0.25: a sine, inside the envelope.
        let finite = try TimingFunction.elastic(.easeOut, period: 1e-308).value(at: 0.25)
        #expect(abs(finite - 1) <= 0.17677669529663687, "\(finite) outside 1 ± 2^−2.5")
    }

    @Test("output ranges: back overshoots by 10% at the default; bounce stays in [0, 1]")
    func ranges() throws {
        let back = try TimingFunction.back(.easeIn).outputRange
        #expect(abs(back.lowerBound + 0.1) < 1e-4 && back.upperBound == 1)
        #expect(TimingFunction.bounce(.easeOut).outputRange == 0...1)
        let elastic = try TimingFunction.elastic(.easeOut).outputRange
        #expect(elastic.upperBound > 1.3 && elastic.upperBound < 1.4 && elastic.lowerBound == 0)
    }

    @Test("slopes agree with a finite difference away from bounce's corners")
    func slopes() throws {
        let function = try TimingFunction.back(.easeIn)
        // d/dt t²((s + 1)t − s) = 3(s + 1)t² − 2st.
        let s = 1.70158, t = 0.6
        #expect(abs(function.slope(at: t) - (3 * (s + 1) * t * t - 2 * s * t)) < 1e-6)
    }
}
