/// A unit cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2), as CAMediaTimingFunction and CSS `cubic-bezier()` define it.
///
/// The curve is parametric: `X(t)` and `Y(t)` for t in [0, 1]. Evaluating at an input progress x
/// solves `X(t) = x` for t (Halley steps from t = x, then bisection if they do not converge) and
/// answers `Y(t)`. x1 and x2 must lie in [0, 1], which makes X monotonic, so the solution is
/// unique; y1 and y2 may be any number within ±1e9 (anticipation, overshoot).
public struct UnitBezier: Hashable, Sendable {
    /// Tolerances of the solver, each a named constant.
    @usableFromInline package enum Solver {
        /// Halley steps tried before falling back to bisection.
        @usableFromInline package static let iterationLimit = 8
        /// |X(t) − x| below which t is accepted (input units).
        @usableFromInline package static let tolerance = 1e-12
        /// |X'(t)| below which a step is not attempted (it would overshoot).
        @usableFromInline package static let minimumSlope = 1e-9
        /// Bisection halvings at most; 2⁻⁶⁴ of the unit interval is below one ulp.
        @usableFromInline package static let bisectionIterationLimit = 64
        /// Largest |y1|, |y2| accepted: far beyond any useful overshoot, and small enough that
        /// the curve's coefficients and range never overflow.
        package static let maximumControlY = 1e9
    }

    /// The first control point's x, in [0, 1].
    public let x1: Double
    /// The first control point's y, within ±1e9.
    public let y1: Double
    /// The second control point's x, in [0, 1].
    public let x2: Double
    /// The second control point's y, within ±1e9.
    public let y2: Double

    // Power-basis coefficients: X(t) = ((ax·t + bx)·t + cx)·t, and the same for Y.
    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double
    /// y = x exactly (control points on the diagonal): no solve needed.
    @usableFromInline let isLinear: Bool

    /// A curve with these control points.
    ///
    /// C: `ac_timing_function_cubic_bezier`.
    /// - Parameters:
    ///   - x1: the first control point's x, in [0, 1].
    ///   - y1: the first control point's y, within ±1e9.
    ///   - x2: the second control point's x, in [0, 1].
    ///   - y2: the second control point's y, within ±1e9.
    /// - Throws: `.notFinite` for NaN or infinite coordinates, `.outOfRange` for x1 or x2
    ///   outside [0, 1] or y1 or y2 beyond ±1e9.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(AnimCoreError) {
        // [Perf] The checks that name the argument run only when something is out of range (a
        // transaction's curve is made per transaction); NaN fails the comparisons too.
        let limit = Solver.maximumControlY
        if !(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 && abs(y1) <= limit && abs(y2) <= limit) {
            try Check.within(x1, 0...1, "x1")
            try Check.within(y1, -limit...limit, "y1")
            try Check.within(x2, 0...1, "x2")
            try Check.within(y2, -limit...limit, "y2")
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    /// A curve from control points already known to be valid.
    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        isLinear = x1 == y1 && x2 == y2
    }

    /// Whether two curves have the same control points.
    /// - Parameters:
    ///   - lhs: a curve.
    ///   - rhs: another curve.
    /// - Returns: true for equal control points.
    public static func == (lhs: UnitBezier, rhs: UnitBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the control points.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    @inlinable func sampleX(_ t: Double) -> Double { Self.sampleX(t, ax: ax, bx: bx, cx: cx) }
    @inlinable func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inlinable func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inlinable func sampleDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
    @inlinable func sampleSecondDerivativeX(_ t: Double) -> Double { 6 * ax * t + 2 * bx }

    /// The curve parameter t in [0, 1] with X(t) = x, for x in [0, 1].
    ///
    /// [DECISION, against the reference's §7.2] Halley's steps where the reference names
    /// Newton's (WebKit's UnitBezier, [WK-Bezier]): the same equation, start (t = x), tolerance
    /// and bisection fallback, each step Newton's corrected by the curvature X''. The answers
    /// agree within the tolerance. Why: the solve is a chain of dependent divisions, so its
    /// number of steps is what an eased animation's tick costs; Halley's converge cubically,
    /// and rarely leave [0, 1] for the bisection.
    @inline(__always) @inlinable package func parameter(forInput x: Double) -> Double {
        var t = x
        for _ in 0..<Solver.iterationLimit {
            let error = sampleX(t) - x
            if abs(error) < Solver.tolerance { return t }
            let slope = sampleDerivativeX(t)
            if abs(slope) < Solver.minimumSlope { break }
            // Halley: t − 2·e·X' / (2·X'² − e·X''); far from the root the denominator may
            // vanish or turn negative, and bisection takes over.
            let denominator = 2 * slope * slope - error * sampleSecondDerivativeX(t)
            if !(denominator > 0) { break }
            t -= 2 * error * slope / denominator
            if !(t >= 0 && t <= 1) { break }
        }
        return Self.bisectParameter(forInput: x, ax: ax, bx: bx, cx: cx)
    }

    /// X(t) = ((ax·t + bx)·t + cx)·t, of the coefficients given.
    @inlinable static func sampleX(_ t: Double, ax: Double, bx: Double, cx: Double) -> Double {
        ((ax * t + bx) * t + cx) * t
    }

    /// Bisection on [0, 1] of X(t) = ((ax·t + bx)·t + cx)·t: slow and sure, for where Halley's
    /// steps stall (a flat X at an end point).
    // [Perf] Static, on the coefficients: as a method it took the curve by address, and the
    // steady lane copied each curve it read (88 bytes) to give it one.
    @usableFromInline static func bisectParameter(forInput x: Double, ax: Double, bx: Double, cx: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<Solver.bisectionIterationLimit {
            let sample = sampleX(t, ax: ax, bx: bx, cx: cx)
            if abs(sample - x) < Solver.tolerance { return t }
            if sample < x { low = t } else { high = t }
            t = (low + high) * 0.5
            if t == low || t == high { break }
        }
        return t
    }

    /// The output at input progress x; x is clamped to [0, 1] as Core Animation does.
    /// - Parameter x: input progress.
    /// - Returns: Y(t) where X(t) = x.
    @inline(__always) @inlinable public func value(at x: Double) -> Double {
        if isLinear { return min(max(x, 0), 1) }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(parameter(forInput: x))
    }

    /// dy/dx at input x; 0 outside [0, 1], where the output is clamped.
    /// - Parameter x: input progress.
    /// - Returns: the slope; ±infinity where the curve is vertical.
    public func slope(at x: Double) -> Double {
        guard x >= 0 && x <= 1 else { return 0 }
        if isLinear { return 1 }
        let t = parameter(forInput: x)
        let dx = sampleDerivativeX(t)
        let dy = sampleDerivativeY(t)
        if abs(dx) >= Solver.minimumSlope { return dy / dx }
        // X'(t) vanishes at an end point with x1 = 0 (or x2 = 1): the limit of dy/dx is the ratio
        // of the second derivatives when Y' vanishes too, else the curve is vertical there.
        if abs(dy) >= Solver.minimumSlope { return dy > 0 ? .infinity : -.infinity }
        let ddx = 6 * ax * t + 2 * bx
        let ddy = 6 * ay * t + 2 * by
        return abs(ddx) >= Solver.minimumSlope ? ddy / ddx : 0
    }

    /// The smallest and largest output over inputs [0, 1], with 0 and 1 always included.
    public var outputRange: ClosedRange<Double> {
        var low = 0.0
        var high = 1.0
        for t in stationaryParametersOfY() where t > 0 && t < 1 {
            let y = sampleY(t)
            low = min(low, y)
            high = max(high, y)
        }
        return low...high
    }

    /// The roots of Y'(t) = 3·ay·t² + 2·by·t + cy (none, one or two).
    func stationaryParametersOfY() -> [Double] {
        let a = 3 * ay
        let b = 2 * by
        let c = cy
        if abs(a) < Solver.tolerance {
            return abs(b) < Solver.tolerance ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }
}
