/// A timing function: maps input progress in [0, 1] to output progress (CAMediaTimingFunction,
/// and CSS steps() beyond Core Animation).
public enum TimingFunction: Hashable, Sendable {
    /// A cubic Bézier from (0, 0) to (1, 1) (CAMediaTimingFunction, CSS `cubic-bezier()`).
    case cubicBezier(UnitBezier)
    /// CSS `steps(n, position)`.
    case steps(StepsFunction)

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
    ]

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

    /// The output at input progress x. Beziers clamp x to [0, 1]; steps follow CSS.
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
        }
    }

    /// dy/dx at x: the bezier's slope, 0 outside [0, 1] and 0 for steps (flat between jumps).
    ///
    /// C: `ac_timing_function_slope`.
    /// - Parameter x: input progress.
    /// - Returns: the slope; ±infinity where a bezier is vertical.
    public func slope(at x: Double) -> Double {
        switch self {
        case .cubicBezier(let curve): curve.slope(at: x)
        case .steps: 0
        }
    }

    /// The smallest and largest output over inputs [0, 1] (0 and 1 always included).
    public var outputRange: ClosedRange<Double> {
        switch self {
        case .cubicBezier(let curve): curve.outputRange
        case .steps: 0...1
        }
    }

    /// Control point `index` as getControlPointAtIndex: 0 → (0,0), 1 → c1, 2 → c2, 3 → (1,1).
    /// nil for an index outside 0...3 or a steps function.
    ///
    /// C: `ac_timing_function_control_point`.
    /// - Parameter index: 0 to 3.
    /// - Returns: the point; nil for another index or a steps function.
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
