/// Points of a layer's plane (z = 0) through a 4×4 matrix and back (reference
/// core-animation-geometry.md §1.4–1.5): forward with the perspective divide, backward through
/// the inverse of the plane's homography; a point behind the eye (w ≤ 0) is unmapped (nil),
/// never divided.
extension Transform3D {
    /// Core Animation's flattening into the plane z = 0 (Chromium `FlattenTo2d`): the z row and
    /// column cleared but m33 = 1; the w column (m14, m24, m44) is kept, so the perspective
    /// divide still happens.
    package var flattened: Transform3D {
        var flat = self
        flat.m13 = 0; flat.m23 = 0; flat.m43 = 0
        flat.m31 = 0; flat.m32 = 0; flat.m34 = 0
        flat.m33 = 1
        return flat
    }

    /// `(x, y, 0, 1) · M`, divided by w: where a point of the plane z = 0 lands.
    /// - Parameter point: a point of the plane, in its space's units.
    /// - Returns: the mapped point; nil when w ≤ 0 (behind the eye) or the result is not finite.
    @inline(__always)
    package func mapPlanePoint(_ point: Point) -> Point? {
        let w = point.x * m14 + point.y * m24 + m44
        guard w > 0 else { return nil }
        let mapped = Point(x: (point.x * m11 + point.y * m21 + m41) / w, y: (point.x * m12 + point.y * m22 + m42) / w)
        return mapped.x.isFinite && mapped.y.isFinite ? mapped : nil
    }

    /// The point of the plane z = 0 that `mapPlanePoint` takes to `point`: through the inverse
    /// of the homography H = [[m11 m12 m14] [m21 m22 m24] [m41 m42 m44]] (`[x y 1] · H`), up to
    /// its scale (`planeInverse`; the scale of a homogeneous point does not matter).
    /// - Parameter point: a point of the space the matrix maps into.
    /// - Returns: the plane's point; nil when the plane is seen edge-on (H singular), when the
    ///   point is on the horizon, or when the plane's point lies behind the eye (W' ≤ 0).
    package func unmapPlanePoint(_ point: Point) -> Point? {
        guard let back = planeInverse else { return nil }
        let hx = point.x * back.a11 + point.y * back.a21 + back.a31
        let hy = point.x * back.a12 + point.y * back.a22 + back.a32
        let hw = point.x * back.a13 + point.y * back.a23 + back.a33
        guard hw != 0 else { return nil }
        let plane = Point(x: hx / hw, y: hy / hw)
        guard plane.x.isFinite, plane.y.isFinite else { return nil }
        // Behind the eye: the forward w of the plane's point.
        guard plane.x * m14 + plane.y * m24 + m44 > 0 else { return nil }
        return plane
    }

    /// H⁻¹ up to a scale. The `flattened` matrix F is H with z passed through (H is F's rows and
    /// columns 1, 2 and 4), so det H = det F, and F's determinant decides, as
    /// `inverted()` decides for F: where it holds (`plainDeterminantHolds`) and H's adjugate
    /// is finite, the adjugate; otherwise F's inverse, found in its equilibrated form; nil when
    /// H is singular.
    private var planeInverse: PlaneInverse? {
        let flat = flattened
        if Self.plainDeterminantHolds(flat.determinant) {
            // Adjugate of H (rows of H: (m11 m12 m14), (m21 m22 m24), (m41 m42 m44)).
            let adjugate = PlaneInverse(
                a11: m22 * m44 - m24 * m42, a12: m14 * m42 - m12 * m44, a13: m12 * m24 - m14 * m22,
                a21: m24 * m41 - m21 * m44, a22: m11 * m44 - m14 * m41, a23: m14 * m21 - m11 * m24,
                a31: m21 * m42 - m22 * m41, a32: m12 * m41 - m11 * m42, a33: m11 * m22 - m12 * m21)
            if adjugate.isFinite { return adjugate }
        }
        guard let inverse = flat.inverted() else { return nil }
        return PlaneInverse(
            a11: inverse.m11, a12: inverse.m12, a13: inverse.m14, a21: inverse.m21, a22: inverse.m22, a23: inverse.m24,
            a31: inverse.m41, a32: inverse.m42, a33: inverse.m44)
    }

    /// Whether the plane z = 0 faces away from the viewer through this matrix (doubleSided's
    /// test, reference §1.7, as WebKit and Chromium make it): the z component of the plane's
    /// normal, cofactor33 / det, is negative. Where the determinant does not hold
    /// (`plainDeterminantHolds`), the test is made on the `equilibrated()` matrix, whose
    /// determinant and cofactor keep their signs. A singular matrix is not back-facing.
    package var isBackFacing: Bool {
        let determinant = self.determinant
        if Self.plainDeterminantHolds(determinant) { return normalPointsAway(determinant: determinant) }
        guard let scaled = equilibrated()?.matrix else { return false }
        let scaledDeterminant = scaled.determinant
        guard Self.plainDeterminantHolds(scaledDeterminant) else { return false }
        return scaled.normalPointsAway(determinant: scaledDeterminant)
    }

    /// cofactor33 / `determinant` < 0: cofactor33 is the determinant of rows 1, 2, 4 and
    /// columns 1, 2, 4.
    private func normalPointsAway(determinant: Double) -> Bool {
        let cofactor = m11 * (m22 * m44 - m24 * m42) - m12 * (m21 * m44 - m24 * m41) + m14 * (m21 * m42 - m22 * m41)
        return cofactor / determinant < 0
    }
}

/// A 3×3 matrix for row vectors, [x y w] · A: the plane homography's inverse up to a scale.
private struct PlaneInverse {
    var a11, a12, a13: Double
    var a21, a22, a23: Double
    var a31, a32, a33: Double

    /// Whether every element is finite (tested in place, as `Transform3D.isFinite`: no array on
    /// the hit test's path).
    var isFinite: Bool {
        a11.isFinite && a12.isFinite && a13.isFinite && a21.isFinite && a22.isFinite && a23.isFinite
            && a31.isFinite && a32.isFinite && a33.isFinite
    }
}
