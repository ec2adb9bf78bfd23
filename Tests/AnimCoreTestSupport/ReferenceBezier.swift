/// The tests' one reference for unit cubic Béziers (timing functions), written out
/// independently of the core's solver.

/// The Bézier coordinate 3(1−t)²t·c1 + 3(1−t)t²·c2 + t³ (reference §7.2), in the Bernstein form
/// rather than the power basis the core uses.
public func bernstein(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * t * c1 + 3 * s * t * t * c2 + t * t * t
}

/// y of the unit Bézier with control points (x1, y1), (x2, y2) at input x: X(t) = x solved by
/// 200 bisection steps on the Bernstein form (slow, but independent of the core's Halley
/// solver), then Y(t). Inputs outside [0, 1] clamp.
public func referenceBezierValue(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
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
