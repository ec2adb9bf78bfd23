/// Whole-matrix interpolation between two transforms, as Core Animation and CSS animate
/// matrices: both ends are decomposed (`Transform3D.decomposed()`), the parts interpolated —
/// translation, scale, skew and perspective linearly, the rotation by quaternion slerp along
/// the shorter arc, so a turn of 2π is no motion at all — and recomposed. Fractions outside
/// [0, 1] extrapolate. Exactly `from` at fraction 0, exactly `to` at fraction 1, and `from`
/// throughout when the two are equal.
///
/// The decompositions are of the matrices divided by m44 (CSS); when both m44 are positive the
/// result is multiplied back by m44 interpolated linearly — the same projective transform, with
/// elements that approach the ends themselves.
///
/// When either end has no decomposition (singular, e.g. a scale of 0, or not finite) the value
/// switches discretely: `from` below fraction 0.5, `to` from 0.5 on (CSS does the same).
///
/// Built once per pair of ends, it keeps both decompositions, so each `value(at:)` costs a
/// slerp and a recomposition only; `Transform3D.interpolate` is the one-shot form.
package struct TransformInterpolation: Sendable {
    package let from: Transform3D
    package let to: Transform3D
    /// Both decompositions, or nil when the ends switch discretely (or are equal).
    let parts: (from: DecomposedTransform3D, to: DecomposedTransform3D)?

    package init(from: Transform3D, to: Transform3D) {
        self.from = from
        self.to = to
        if from == to {
            parts = nil
        } else if let a = from.decomposed(), let b = to.decomposed() {
            parts = (a, b)
        } else {
            parts = nil
        }
    }

    /// Whether the ends have no intermediate values (a singular or non-finite end): the value
    /// switches at 0.5.
    package var isDiscrete: Bool { parts == nil && from != to }

    /// The transform `fraction` of the way from `from` to `to`.
    package func value(at fraction: Double) -> Transform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        guard let parts else { return fraction >= 0.5 ? to : from }
        let mixed = DecomposedTransform3D.interpolate(parts.from, parts.to, fraction: fraction)
        var weight = 1.0
        if from.m44 > 0 && to.m44 > 0 && (from.m44 != 1 || to.m44 != 1) {
            let interpolated = from.m44 + (to.m44 - from.m44) * fraction
            if interpolated > 0 && interpolated.isFinite { weight = interpolated }
        }
        let rows = mixed.rotation.normalized().rotationRows
        return TransformFactors(
            scale: mixed.scale, skew: mixed.skew, row0: rows.0, row1: rows.1, row2: rows.2,
            translation: mixed.translation, perspective: mixed.perspective, weight: weight
        ).composed()
    }
}

extension Transform3D {
    /// The transform `fraction` of the way from `a` (0) to `b` (1): see
    /// `TransformInterpolation`, which this builds for one value.
    package static func interpolate(
        _ a: Transform3D, _ b: Transform3D, fraction: Double
    ) -> Transform3D {
        if fraction == 0 || a == b { return a }
        if fraction == 1 { return b }
        return TransformInterpolation(from: a, to: b).value(at: fraction)
    }
}
