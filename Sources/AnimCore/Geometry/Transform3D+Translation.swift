/// Products with a pure translation, which the matrix walk meets at every layer (T(−anchor),
/// T(position), and a superlayer's flattened matrix that only moves): the rows of
/// `concatenating` with the translation's zeros and ones left out, summed in its order, so
/// that the result is that product's but for the sign of a zero result and elements where the
/// full product would meet a non-finite element with a zero (NaN there).
extension Transform3D {
    /// Whether the matrix only moves points: the identity but for m41, m42, m43.
    @inline(__always)
    package var isTranslation: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m44 == 1
    }

    /// self · T(x, y, z): `self`, then a move by (x, y, z); each row gains its w (column 4)
    /// times the move.
    /// - Parameters:
    ///   - x: the x translation.
    ///   - y: the y translation.
    ///   - z: the z translation.
    /// - Returns: the moved transform.
    @inline(__always)
    package func thenTranslated(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(
            m11: m11 + m14 * x, m12: m12 + m14 * y, m13: m13 + m14 * z, m14: m14,
            m21: m21 + m24 * x, m22: m22 + m24 * y, m23: m23 + m24 * z, m24: m24,
            m31: m31 + m34 * x, m32: m32 + m34 * y, m33: m33 + m34 * z, m34: m34,
            m41: m41 + m44 * x, m42: m42 + m44 * y, m43: m43 + m44 * z, m44: m44)
    }

    /// `concatenating(other)`, by `thenTranslated` when `otherIsTranslation` says `other` only
    /// moves (`isTranslation`, computed once by the caller for a matrix it applies many times).
    /// - Parameters:
    ///   - other: the transform applied second.
    ///   - otherIsTranslation: `other.isTranslation`.
    /// - Returns: the product.
    @inline(__always)
    package func concatenating(_ other: Transform3D, otherIsTranslation: Bool) -> Transform3D {
        otherIsTranslation ? thenTranslated(x: other.m41, y: other.m42, z: other.m43) : concatenating(other)
    }
}
