/// A transform split into the parts that interpolate well, after the "Interpolation of 3D
/// matrices" algorithm of CSS Transforms Level 2 (§ "Decomposing a 3D matrix" and "Recomposing
/// to a 3D matrix"), written for CATransform3D's row-vector layout.
///
/// Reading from a point's side (row vectors, applied left to right), a decomposed transform is
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///
/// - Scale = diag(scale.x, scale.y, scale.z); a negative factor is a mirror.
/// - Skew = the unit lower-triangular matrix with skew.x (xy) at m21, skew.y (xz) at m31 and
///   skew.z (yz) at m32: the shears CSS calls XY, XZ and YZ.
/// - Rotation = the proper rotation of `rotation` (a unit quaternion).
/// - Translation = moves by `translation`.
/// - Perspective = the identity with its last column replaced by `perspective` (m14, m24, m34,
///   m44): (0, 0, −1/d, 1) for CA's usual `m34 = −1/d`.
///
/// The matrix is first divided by m44 (CSS's normalisation), so a decomposition describes the
/// normalised matrix and recomposes to it.
package struct DecomposedTransform3D: Hashable, Sendable {
    /// Moves along x, y, z, after scale, skew and rotation.
    package var translation: SIMD3<Double>
    /// Factors along the transform's own x, y, z axes; negative for a mirrored axis.
    package var scale: SIMD3<Double>
    /// Shear factors: x = xy, y = xz, z = yz (CSS's skew[0], skew[1], skew[2]).
    package var skew: SIMD3<Double>
    /// The last column (m14, m24, m34, m44) of the perspective part; (0, 0, 0, 1) for none.
    package var perspective: SIMD4<Double>
    /// The rotation, a unit quaternion.
    package var rotation: Quaternion

    package init(
        translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one,
        skew: SIMD3<Double> = .zero, perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1),
        rotation: Quaternion = .identity
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The identity's decomposition.
    package static let identity = DecomposedTransform3D()

    /// Linear interpolation of translation, scale, skew and perspective, and spherical linear
    /// interpolation of the rotation along the shorter arc; fractions outside [0, 1]
    /// extrapolate.
    package static func interpolate(
        _ a: DecomposedTransform3D, _ b: DecomposedTransform3D, fraction: Double
    ) -> DecomposedTransform3D {
        DecomposedTransform3D(
            translation: a.translation + (b.translation - a.translation) * fraction,
            scale: a.scale + (b.scale - a.scale) * fraction,
            skew: a.skew + (b.skew - a.skew) * fraction,
            perspective: a.perspective + (b.perspective - a.perspective) * fraction,
            rotation: Quaternion.slerp(a.rotation, b.rotation, fraction: fraction))
    }
}

extension Transform3D {
    /// Tolerances of the decomposition, each a named constant.
    package enum DecompositionTolerance {
        /// A row of the upper 3×3 whose part orthogonal to the rows before it is at most this
        /// fraction of its length lies (numerically) in their span: that axis has collapsed and
        /// the matrix is singular.
        package static let collapsedRow = 1e-12
        /// A scale factor at most this small counts as zero (1/scale and scale² must stay
        /// finite and normal).
        package static let minimumScale = 1e-150
    }

    /// The transform's decomposition, or nil when it has none: an element is not finite,
    /// m44 is 0, or the upper 3×3 is singular (an axis is scaled to zero or two axes are
    /// parallel). `Transform3D(decomposed)` gives the matrix back divided by m44.
    package func decomposed() -> DecomposedTransform3D? {
        guard let factors = TransformFactors(self, completingCollapsedAxes: false) else {
            return nil
        }
        return DecomposedTransform3D(
            translation: factors.translation, scale: factors.scale, skew: factors.skew,
            perspective: factors.perspective,
            rotation: Quaternion(rotationRows: factors.row0, factors.row1, factors.row2))
    }

    /// The transform `Scale · Skew · Rotation · Translation · Perspective` of `parts` (CSS
    /// "Recomposing to a 3D matrix").
    package init(_ parts: DecomposedTransform3D) {
        let rows = parts.rotation.normalized().rotationRows
        self = TransformFactors(
            scale: parts.scale, skew: parts.skew, row0: rows.0, row1: rows.1, row2: rows.2,
            translation: parts.translation, perspective: parts.perspective, weight: 1
        ).composed()
    }
}

/// The factors of a transform, M = weight · (Scale · Skew · Rotation · Translation ·
/// Perspective), with the rotation kept as the rows of its matrix. Shared by the package
/// decomposition (strict: nil for singular matrices) and the key-path components (lenient:
/// collapsed axes are completed so that every transform can be read and written).
struct TransformFactors {
    var scale: SIMD3<Double>
    /// xy, xz, yz.
    var skew: SIMD3<Double>
    /// Rows of a proper rotation matrix (CATransform3D layout).
    var row0: SIMD3<Double>
    var row1: SIMD3<Double>
    var row2: SIMD3<Double>
    var translation: SIMD3<Double>
    var perspective: SIMD4<Double>
    /// What the matrix was divided by: m44, or 1 when m44 could not be divided by (lenient
    /// factoring only).
    var weight: Double

    init(
        scale: SIMD3<Double>, skew: SIMD3<Double>, row0: SIMD3<Double>, row1: SIMD3<Double>,
        row2: SIMD3<Double>, translation: SIMD3<Double>, perspective: SIMD4<Double>,
        weight: Double
    ) {
        self.scale = scale
        self.skew = skew
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
        self.translation = translation
        self.perspective = perspective
        self.weight = weight
    }

    /// Factors `m` by Gram–Schmidt on the rows of its (normalised) upper 3×3.
    ///
    /// Strict (`completingCollapsedAxes` false): nil when an element is not finite, m44 is 0 or
    /// an axis has collapsed. Lenient: never nil for a finite matrix — m44 = 0 is not divided
    /// by (weight 1); a collapsed axis gets scale 0, no skew, and a rotation axis chosen to
    /// complete the others (the cross product of the two others, or the smallest rotation that
    /// carries the identity's axis onto the one remaining axis, or the identity when all three
    /// collapsed). A transform's perspective along a collapsed axis is lost.
    ///
    /// Mirrors: when the rows form a left-handed frame, one axis is negated — the one whose
    /// rotated axis points most away from its own (the smallest diagonal element of the
    /// rotation; the first on ties) — with its scale and the skews that involve it, so the
    /// rotation is proper. [INF] CSS negates all three scales instead; negating one keeps a
    /// plain mirror such as scale(−1, 1, 1) a mirror, without a half turn.
    init?(_ m: Transform3D, completingCollapsedAxes lenient: Bool) {
        guard m.isFinite, let parts = Self.normalised(m, lenient: lenient) else { return nil }
        var (rows, scale, skew, kept) = Self.orthogonalised(parts.rows)
        if !(kept.0 && kept.1 && kept.2) {
            guard lenient else { return nil }
            Self.complete(&rows.0, &rows.1, &rows.2, &scale, good: kept)
        }
        Self.makeProper(&rows, &scale, &skew)
        let perspective = Self.perspective(
            column: parts.column, corner: parts.corner, translation: parts.translation, rows: rows, scale: scale, skew: skew)
        self.init(
            scale: scale, skew: skew, row0: rows.0, row1: rows.1, row2: rows.2, translation: parts.translation,
            perspective: perspective, weight: parts.weight)
        let partsAreFinite =
            scale.isFinite && skew.isFinite && translation.isFinite && perspective.isFinite
        if !lenient && !partsAreFinite {
            return nil
        }
    }

    /// The parts of `m` divided by m44 (CSS's normalisation): the rows of the upper 3×3, the
    /// last column, the translation, the corner, and what was divided by. Lenient, a matrix that
    /// cannot be divided (m44 = 0, or a quotient beyond the finite range) keeps its parts as
    /// they are (weight 1); strict, nil.
    private static func normalised(_ m: Transform3D, lenient: Bool) -> (
        rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), column: SIMD3<Double>, translation: SIMD3<Double>,
        corner: Double, weight: Double
    )? {
        let rows = (SIMD3(m.m11, m.m12, m.m13), SIMD3(m.m21, m.m22, m.m23), SIMD3(m.m31, m.m32, m.m33))
        let column = SIMD3(m.m14, m.m24, m.m34)
        let translation = SIMD3(m.m41, m.m42, m.m43)
        let weight = m.m44
        let inverse = 1 / weight
        if weight != 0 && inverse.isFinite {
            let divided = (rows.0 * inverse, rows.1 * inverse, rows.2 * inverse)
            let parts = (divided, column * inverse, translation * inverse, m.m44 * inverse)
            if parts.0.0.isFinite && parts.0.1.isFinite && parts.0.2.isFinite && parts.1.isFinite && parts.2.isFinite
                && parts.3.isFinite {
                return (parts.0, parts.1, parts.2, parts.3, weight)
            }
        }
        guard lenient else { return nil }
        return (rows, column, translation, m.m44, 1)
    }

    /// Gram–Schmidt on `rows`: a_i = scale_i · (Σ_{j<i} skew_ij · q_j + q_i). The orthonormal
    /// rows q, the scales, the skews (xy, xz, yz), and which axes were kept (a collapsed one
    /// has scale 0 and q = 0).
    private static func orthogonalised(_ rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) -> (
        rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), scale: SIMD3<Double>, skew: SIMD3<Double>,
        kept: (Bool, Bool, Bool)
    ) {
        let (a0, a1, a2) = rows
        var scale = SIMD3<Double>.zero
        var skew = SIMD3<Double>.zero
        var (q0, q1, q2) = (SIMD3<Double>.zero, SIMD3<Double>.zero, SIMD3<Double>.zero)
        var kept = (false, false, false)

        let length0 = a0.euclideanLength
        if length0 > Transform3D.DecompositionTolerance.minimumScale && length0.isFinite {
            scale.x = length0
            q0 = a0 / length0
            kept.0 = true
        }

        var v1 = a1
        let d01 = kept.0 ? q0.dotProduct(a1) : 0
        v1 -= d01 * q0
        let length1 = v1.euclideanLength
        if isKeptAxis(length1, of: a1) {
            scale.y = length1
            q1 = v1 / length1
            skew.x = d01 / length1
            kept.1 = true
        }

        var v2 = a2
        let d02 = kept.0 ? q0.dotProduct(v2) : 0
        v2 -= d02 * q0
        let d12 = kept.1 ? q1.dotProduct(v2) : 0
        v2 -= d12 * q1
        let length2 = v2.euclideanLength
        if isKeptAxis(length2, of: a2) {
            scale.z = length2
            q2 = v2 / length2
            skew.y = d02 / length2
            skew.z = d12 / length2
            kept.2 = true
        }
        return ((q0, q1, q2), scale, skew, kept)
    }

    /// Makes the rotation proper when the rows form a left-handed frame: negates the axis that
    /// points most away from its own (the smallest diagonal element; the first on ties), with
    /// its scale and the skews that involve it.
    private static func makeProper(
        _ rows: inout (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), _ scale: inout SIMD3<Double>, _ skew: inout SIMD3<Double>
    ) {
        guard rows.0.dotProduct(rows.1.crossProduct(rows.2)) < 0 else { return }
        if rows.0.x <= rows.1.y && rows.0.x <= rows.2.z {
            rows.0 = -rows.0
            if scale.x != 0 { scale.x = -scale.x }
            skew.x = -skew.x
            skew.y = -skew.y
        } else if rows.1.y <= rows.2.z {
            rows.1 = -rows.1
            if scale.y != 0 { scale.y = -scale.y }
            skew.x = -skew.x
            skew.z = -skew.z
        } else {
            rows.2 = -rows.2
            if scale.z != 0 { scale.z = -scale.z }
            skew.y = -skew.y
            skew.z = -skew.z
        }
    }

    /// The perspective of a matrix whose last column is `column` and corner `corner`: the last
    /// column is (A · p, t · p + p_w), so p = A⁻¹ · column with A⁻¹ = Rᵀ · Skew⁻¹ · Scale⁻¹ (a
    /// collapsed axis contributes nothing).
    private static func perspective(
        column: SIMD3<Double>, corner: Double, translation t: SIMD3<Double>,
        rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), scale: SIMD3<Double>, skew: SIMD3<Double>
    ) -> SIMD4<Double> {
        guard column != .zero else { return SIMD4(0, 0, 0, corner) }
        let y0 = scale.x != 0 ? column.x / scale.x : 0
        let y1 = scale.y != 0 ? column.y / scale.y : 0
        let y2 = scale.z != 0 ? column.z / scale.z : 0
        let z0 = y0
        let z1 = y1 - skew.x * z0
        let z2 = y2 - skew.y * z0 - skew.z * z1
        let p = z0 * rows.0 + z1 * rows.1 + z2 * rows.2
        return SIMD4(p.x, p.y, p.z, corner - t.dotProduct(p))
    }

    /// Fills the collapsed rotation axes (scale 0) of a lenient factoring.
    private static func complete(
        _ q0: inout SIMD3<Double>, _ q1: inout SIMD3<Double>, _ q2: inout SIMD3<Double>,
        _ scale: inout SIMD3<Double>, good: (Bool, Bool, Bool)
    ) {
        let count = (good.0 ? 1 : 0) + (good.1 ? 1 : 0) + (good.2 ? 1 : 0)
        switch count {
        case 2:
            // The missing axis is the cross product of the others, turned towards its own axis;
            // the handedness check that follows fixes a mirror.
            if !good.0 {
                q0 = q1.crossProduct(q2)
                if q0.x < 0 { q0 = -q0 }
            } else if !good.1 {
                q1 = q2.crossProduct(q0)
                if q1.y < 0 { q1 = -q1 }
            } else {
                q2 = q0.crossProduct(q1)
                if q2.z < 0 { q2 = -q2 }
            }
        case 1:
            // One axis left: point it within 90° of its own axis (a negative scale otherwise),
            // then carry the identity onto it by the smallest rotation (Rodrigues, about
            // e × q): R·v = v·c + w × v + w·(w·v)/(1 + c), with w = e × q, c = e · q >= 0.
            let index = good.0 ? 0 : (good.1 ? 1 : 2)
            var q = index == 0 ? q0 : (index == 1 ? q1 : q2)
            if q[index] < 0 {
                q = -q
                scale[index] = -scale[index]
            }
            var e = SIMD3<Double>.zero
            e[index] = 1
            let w = e.crossProduct(q)
            let c = e.dotProduct(q)
            func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
                v * c + w.crossProduct(v) + w * (w.dotProduct(v) / (1 + c))
            }
            q0 = index == 0 ? q : rotate(SIMD3(1, 0, 0))
            q1 = index == 1 ? q : rotate(SIMD3(0, 1, 0))
            q2 = index == 2 ? q : rotate(SIMD3(0, 0, 1))
        default:
            // Nothing left (or nothing lost, which does not reach here): the identity.
            q0 = SIMD3(1, 0, 0)
            q1 = SIMD3(0, 1, 0)
            q2 = SIMD3(0, 0, 1)
        }
    }

    /// M = weight · (Scale · Skew · Rotation · Translation · Perspective).
    func composed() -> Transform3D {
        let a0 = scale.x * row0
        let a1 = scale.y * (skew.x * row0 + row1)
        let a2 = scale.z * (skew.y * row0 + skew.z * row1 + row2)
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        let k = weight
        return Transform3D(
            m11: a0.x * k, m12: a0.y * k, m13: a0.z * k, m14: a0.dotProduct(p) * k,
            m21: a1.x * k, m22: a1.y * k, m23: a1.z * k, m24: a1.dotProduct(p) * k,
            m31: a2.x * k, m32: a2.y * k, m33: a2.z * k, m34: a2.dotProduct(p) * k,
            m41: translation.x * k, m42: translation.y * k, m43: translation.z * k,
            m44: (translation.dotProduct(p) + perspective.w) * k)
    }
}

/// Whether a Gram–Schmidt residual of `residual` length is a real axis of `row` rather than
/// rounding left over from a row in the span of the ones before it.
@inline(__always) func isKeptAxis(_ residual: Double, of row: SIMD3<Double>) -> Bool {
    residual > Transform3D.DecompositionTolerance.minimumScale
        && residual > Transform3D.DecompositionTolerance.collapsedRow * row.euclideanLength
        && residual.isFinite
}
