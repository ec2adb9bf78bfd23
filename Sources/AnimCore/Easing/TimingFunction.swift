/// A timing function: maps input progress in [0, 1] to output progress (CAMediaTimingFunction,
/// and beyond Core Animation CSS steps() and linear(), and Penner's presets). Written as CSS
/// text too: `TimingFunction(css:)`.
public enum TimingFunction: Hashable, Sendable {
    /// A cubic Bézier from (0, 0) to (1, 1) (CAMediaTimingFunction, CSS `cubic-bezier()`).
    case cubicBezier(UnitBezier)
    /// CSS `steps(n, position)`.
    case steps(StepsFunction)
    /// CSS `linear(<stops>)`: piecewise linear (CSS Easing Level 2).
    case piecewiseLinear(LinearFunction)
    /// A Penner preset: back, bounce or elastic, in, out or in-out.
    case preset(EasingPreset)

    /// Core Animation's "linear": (0, 0) (1, 1).
    public static let linear = bezier(0, 0, 1, 1)
    /// Core Animation's "easeIn": (0.42, 0) (1, 1).
    public static let easeIn = bezier(0.42, 0, 1, 1)
    /// Core Animation's "easeOut": (0, 0) (0.58, 1).
    public static let easeOut = bezier(0, 0, 0.58, 1)
    /// Core Animation's "easeInEaseOut": (0.42, 0) (0.58, 1).
    public static let easeInEaseOut = bezier(0.42, 0, 0.58, 1)
    /// Core Animation's "default": (0.25, 0.1) (0.25, 1). Not easeInEaseOut; CSS calls it "ease".
    public static let `default` = bezier(0.25, 0.1, 0.25, 1)

    /// A named function known to be valid.
    private static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingFunction {
        .cubicBezier(UnitBezier(unchecked: x1, y1, x2, y2))
    }

    /// The named functions: each curve's one canonical snake_case name first, then its aliases —
    /// Core Animation's string values and constant names, UIKit's curve names and CSS's keywords.
    /// Every API that takes a curve by name (C, Python, Swift) resolves it here.
    public static let namedFunctions: [(names: [String], function: TimingFunction)] = [
        (["linear", "kCAMediaTimingFunctionLinear"], .linear),
        (["ease_in", "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in"], .easeIn),
        (["ease_out", "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out"], .easeOut),
        (["ease_in_out", "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "easeInOut", "ease-in-out"],
         .easeInEaseOut),
        (["default", "kCAMediaTimingFunctionDefault", "ease"], .default),
        (["step_start", "step-start"], .steps(StepsFunction(unchecked: 1, .jumpStart))),
        (["step_end", "step-end"], .steps(StepsFunction(unchecked: 1, .jumpEnd))),
    ] + presetNames

    /// The presets with their default parameters, each named "<kind>_<in|out|in_out>" and
    /// aliased as easings.net / Penner ("easeOutBounce") and Qt ("OutBounce") spell them.
    private static let presetNames: [(names: [String], function: TimingFunction)] = {
        let kinds: [(EasingPreset.Kind, String, String)] = [(.back, "back", "Back"), (.bounce, "bounce", "Bounce"), (.elastic, "elastic", "Elastic")]
        let directions: [(EasingPreset.Direction, String, String, String)] = [
            (.easeIn, "in", "easeIn", "In"), (.easeOut, "out", "easeOut", "Out"), (.easeInOut, "in_out", "easeInOut", "InOut"),
        ]
        return kinds.flatMap { kind in
            directions.map { direction in
                let names = ["\(kind.1)_\(direction.1)", direction.2 + kind.2, direction.3 + kind.2]
                return (names, TimingFunction.preset(EasingPreset(defaultsFor: kind.0, direction.0)))
            }
        }
    }()

    /// Back, with overshoot s (see `EasingPreset`). C: `ac_timing_function_back`.
    /// - Parameters:
    ///   - direction: which end pulls back or overshoots.
    ///   - overshoot: s in [0, 1e6]; default 1.70158 (a 10% overshoot).
    /// - Returns: the function.
    /// - Throws: `.notFinite` or `.outOfRange` for another overshoot.
    public static func back(
        _ direction: EasingPreset.Direction, overshoot: Double = EasingPreset.defaultOvershoot
    ) throws(AnimCoreError) -> TimingFunction {
        .preset(try EasingPreset.back(direction, overshoot: overshoot))
    }

    /// Penner's bounce (see `EasingPreset`). C: `ac_timing_function_bounce`.
    /// - Parameter direction: which end bounces.
    /// - Returns: the function.
    public static func bounce(_ direction: EasingPreset.Direction) -> TimingFunction {
        .preset(EasingPreset.bounce(direction))
    }

    /// Elastic, with amplitude a and period p (see `EasingPreset`). C: `ac_timing_function_elastic`.
    /// - Parameters:
    ///   - direction: which end oscillates.
    ///   - amplitude: a in [0, 1e6] (below 1 acts as 1); default 1.
    ///   - period: p in (0, 1e6], progress units; default 0.3.
    /// - Returns: the function.
    /// - Throws: `.notFinite` or `.outOfRange` for another amplitude or period.
    public static func elastic(
        _ direction: EasingPreset.Direction, amplitude: Double = EasingPreset.defaultAmplitude,
        period: Double = EasingPreset.defaultPeriod
    ) throws(AnimCoreError) -> TimingFunction {
        .preset(try EasingPreset.elastic(direction, amplitude: amplitude, period: period))
    }

    /// The named function for `name`, canonical or alias (see `namedFunctions`).
    ///
    /// C: `ac_timing_function_named`.
    /// - Parameter name: a curve's name, e.g. "ease_out", "easeOut" or "ease-out".
    /// - Throws: `.unknownName` for any other string; the message lists the canonical names.
    public init(named name: String) throws(AnimCoreError) {
        guard let entry = TimingFunction.namedFunctions.first(where: { $0.names.contains(name) }) else {
            let known = TimingFunction.namedFunctions.map { $0.names[0] }.joined(separator: ", ")
            throw AnimCoreError(
                .unknownName,
                "\"\(name)\" is not a timing function name; known: \(known) (and Core Animation's, UIKit's and CSS's spellings of them)")
        }
        self = entry.function
    }

    /// The output at input progress x. Beziers and presets clamp x to [0, 1]; steps and
    /// linear() follow CSS (linear() extends its first and last segments).
    ///
    /// C: `ac_timing_function_evaluate`.
    /// - Parameters:
    ///   - x: input progress.
    ///   - beforeFlag: for steps, true in the before phase (a jump exactly at x waits);
    ///     default false.
    /// - Returns: the output progress (a bezier's may leave [0, 1] with y beyond it).
    @inline(__always) @inlinable public func value(at x: Double, beforeFlag: Bool = false) -> Double {
        switch self {
        case .cubicBezier(let curve): curve.value(at: x)
        case .steps(let steps): steps.value(at: x, beforeFlag: beforeFlag)
        case .piecewiseLinear(let function): function.value(at: x)
        case .preset(let preset): preset.value(at: x)
        }
    }

    /// dy/dx at x: the bezier's slope, 0 outside [0, 1] and 0 for steps (flat between jumps);
    /// linear()'s segment slope (extended beyond its ends); a preset's central difference.
    ///
    /// C: `ac_timing_function_slope`.
    /// - Parameter x: input progress.
    /// - Returns: the slope; ±infinity where a bezier is vertical.
    public func slope(at x: Double) -> Double {
        switch self {
        case .cubicBezier(let curve): curve.slope(at: x)
        case .steps: 0
        case .piecewiseLinear(let function): function.slope(at: x)
        case .preset(let preset): preset.slope(at: x)
        }
    }

    /// The smallest and largest output over inputs [0, 1] (0 and 1 always included).
    public var outputRange: ClosedRange<Double> {
        switch self {
        case .cubicBezier(let curve): curve.outputRange
        case .steps: 0...1
        case .piecewiseLinear(let function): function.outputRange
        case .preset(let preset): preset.outputRange
        }
    }

    /// Control point `index` as getControlPointAtIndex: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1).
    /// nil for an index outside 0...3 or a function that is not a bezier.
    ///
    /// C: `ac_timing_function_control_point`.
    /// - Parameter index: 0 to 3.
    /// - Returns: the point; nil for another index or a function that is not a bezier.
    public func controlPoint(at index: Int) -> (x: Double, y: Double)? {
        guard case .cubicBezier(let curve) = self else { return nil }
        switch index {
        case 0: return (0, 0)
        case 1: return (curve.x1, curve.y1)
        case 2: return (curve.x2, curve.y2)
        case 3: return (1, 1)
        default: return nil
        }
    }
}
