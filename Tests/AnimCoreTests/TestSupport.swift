// Helpers shared by the suites: tolerant comparisons, a seeded random generator, and an
// independent (Bernstein-form) evaluation of unit cubic Béziers used to check the solver.
// The expectations, the seeded random source and the thread-safe log every test target shares,
// visible in every file of this target.
@_exported import AnimCoreTestSupport
import Testing

/// Expects |actual − expected| <= tolerance. Infinities must match exactly; NaN never passes.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double = 1e-12, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let passes: Bool
    if expected.isInfinite || actual.isInfinite {
        passes = actual == expected
    } else {
        passes = abs(actual - expected) <= tolerance
    }
    #expect(
        passes,
        "\(what.isEmpty ? "" : what + ": ")got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

/// The reference's Bézier coordinate (§7.2): 3(1−t)²t·c1 + 3(1−t)t²·c2 + t³, written in the
/// Bernstein form rather than the power basis the core uses.
func bernstein(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * t * c1 + 3 * s * t * t * c2 + t * t * t
}

/// dB/dt of `bernstein`: 3(1−t)²·c1 + 6(1−t)t·(c2 − c1) + 3t²·(1 − c2).
func bernsteinDerivative(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * c1 + 6 * s * t * (c2 - c1) + 3 * t * t * (1 - c2)
}

/// |bernstein(t, c1, c2) − x| in extended precision where the platform has it (Float80 on x86),
/// so the measurement adds next to no rounding of its own to the error being measured.
func bernsteinError(_ t: Double, _ c1: Double, _ c2: Double, from x: Double) -> Double {
    #if arch(x86_64) || arch(i386)
    let (t, c1, c2) = (Float80(t), Float80(c1), Float80(c2))
    let s = 1 - t
    let value = 3 * s * s * t * c1 + 3 * s * t * t * c2 + t * t * t
    return Double(abs(value - Float80(x)))
    #else
    return abs(bernstein(t, c1, c2) - x)
    #endif
}

/// y of the unit Bézier at input x, by 200 bisection steps on the Bernstein form of X: slow,
/// but independent of the core's Newton solver.
func referenceBezierValue(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return bernstein((low + high) / 2, y1, y2)
}
