// Helpers shared by the suites: tolerant comparisons and the Bernstein form's derivative and
// error, used to check the solver. The expectations, the seeded random source, the reference
// Bézier and the thread-safe log every test target shares, visible in every file of this target.
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
