#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×4 homogeneous transform with CATransform3D's layout and conventions.
///
/// Points are row vectors multiplied on the left: `(x', y', z', w') = (x, y, z, 1) · M`, so the
/// translation lives in m41, m42, m43 and the perspective terms in m14, m24, m34 (the usual
/// `m34 = −1 / eyeDistance`). `a.concatenating(b)` is CATransform3DConcat(a, b): apply `a`, then
/// `b` (the row-vector product a · b). Angles are radians; a positive angle turns
/// counterclockwise about an axis that points at the viewer (right-handed), as
/// CATransform3DMakeRotation.
///
/// As a value of kind `transform3D` (the C API's `ac_value`) it is 16 numbers, m11 m12 m13 m14
/// m21 … m44 (row-major). Equality (`==`) is numeric per element.
public struct Transform3D: Hashable, Sendable {
    /// Row 1, column 1 (x scale).
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4 (x perspective).
    public var m14: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2 (y scale).
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4 (y perspective).
    public var m24: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3 (z scale).
    public var m33: Double
    /// Row 3, column 4 (z perspective: −1 / eye distance for the usual perspective).
    public var m34: Double
    /// Row 4, column 1 (x translation).
    public var m41: Double
    /// Row 4, column 2 (y translation).
    public var m42: Double
    /// Row 4, column 3 (z translation).
    public var m43: Double
    /// Row 4, column 4.
    public var m44: Double

    /// A transform with these elements, row by row (each `mRC` is row R, column C).
    /// - Parameters:
    ///   - m11: row 1, column 1.
    ///   - m12: row 1, column 2.
    ///   - m13: row 1, column 3.
    ///   - m14: row 1, column 4.
    ///   - m21: row 2, column 1.
    ///   - m22: row 2, column 2.
    ///   - m23: row 2, column 3.
    ///   - m24: row 2, column 4.
    ///   - m31: row 3, column 1.
    ///   - m32: row 3, column 2.
    ///   - m33: row 3, column 3.
    ///   - m34: row 3, column 4.
    ///   - m41: row 4, column 1.
    ///   - m42: row 4, column 2.
    ///   - m43: row 4, column 3.
    ///   - m44: row 4, column 4.
    @inlinable public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity (CATransform3DIdentity).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// CATransform3DMakeTranslation: moves points by (x, y, z).
    /// - Parameters:
    ///   - x: the x translation.
    ///   - y: the y translation.
    ///   - z: the z translation.
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        m41 = x
        m42 = y
        m43 = z
    }

    /// CATransform3DMakeScale: scales x, y and z by these factors.
    /// - Parameters:
    ///   - x: the x factor.
    ///   - y: the y factor.
    ///   - z: the z factor.
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        m11 = x
        m22 = y
        m33 = z
    }

    /// CATransform3DMakeRotation: turns by `angle` radians about the axis (x, y, z), which need
    /// not be a unit vector and may have any finite length (it is scaled by a power of two
    /// before it is normalised); counterclockwise when the axis points at the viewer. A
    /// zero-length axis gives the identity; one that is not finite, NaN.
    /// - Parameters:
    ///   - angle: radians.
    ///   - x: the axis's x component.
    ///   - y: the axis's y component.
    ///   - z: the axis's z component.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        guard let axis = SIMD3(x, y, z).unitDirection else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (axis.x, axis.y, axis.z)
        let s = sin(angle)
        let c = cos(angle)
        let t = 1 - c
        self.init(
            m11: t * ux * ux + c, m12: t * ux * uy + uz * s, m13: t * ux * uz - uy * s, m14: 0,
            m21: t * ux * uy - uz * s, m22: t * uy * uy + c, m23: t * uy * uz + ux * s, m24: 0,
            m31: t * ux * uz + uy * s, m32: t * uy * uz - ux * s, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The transform stored in 16 slots at `slots` (m11 m12 … m44).
    @inlinable @inline(__always) package init(slots: UnsafePointer<Double>) {
        self.init(
            m11: slots[0], m12: slots[1], m13: slots[2], m14: slots[3],
            m21: slots[4], m22: slots[5], m23: slots[6], m24: slots[7],
            m31: slots[8], m32: slots[9], m33: slots[10], m34: slots[11],
            m41: slots[12], m42: slots[13], m43: slots[14], m44: slots[15])
    }

    /// Writes the 16 elements to `slots` (m11 m12 … m44).
    @inlinable package func store(into slots: UnsafeMutablePointer<Double>) {
        slots[0] = m11; slots[1] = m12; slots[2] = m13; slots[3] = m14
        slots[4] = m21; slots[5] = m22; slots[6] = m23; slots[7] = m24
        slots[8] = m31; slots[9] = m32; slots[10] = m33; slots[11] = m34
        slots[12] = m41; slots[13] = m42; slots[14] = m43; slots[15] = m44
    }

    /// CATransform3DIsIdentity: every element equals the identity's.
    public var isIdentity: Bool { self == .identity }

    /// CATransform3DIsAffine: the transform is exactly a CGAffineTransform embedded in 3D
    /// (no z terms, no perspective, m33 = m44 = 1).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
            && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Whether every element is finite.
    // One test for all sixteen, without a branch each (the render list asks it of every
    // entry): x − x is 0 for a finite x and NaN for an infinite or NaN one, and NaN carries
    // through the sums.
    @inlinable @inline(__always)
    public var isFinite: Bool {
        let rows12 = SIMD8(m11, m12, m13, m14, m21, m22, m23, m24)
        let rows34 = SIMD8(m31, m32, m33, m34, m41, m42, m43, m44)
        let zeros = (rows12 - rows12) + (rows34 - rows34)
        let halves = zeros.lowHalf + zeros.highHalf
        let quarters = halves.lowHalf + halves.highHalf
        return quarters.x + quarters.y == 0
    }

    /// CATransform3DConcat(self, other): `self` applied first, then `other` (the row-vector
    /// product self · other).
    /// - Parameter other: the transform applied second.
    /// - Returns: the product.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let b = other
        return Transform3D(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31 + m14 * b.m41,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32 + m14 * b.m42,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33 + m14 * b.m43,
            m14: m11 * b.m14 + m12 * b.m24 + m13 * b.m34 + m14 * b.m44,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31 + m24 * b.m41,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32 + m24 * b.m42,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33 + m24 * b.m43,
            m24: m21 * b.m14 + m22 * b.m24 + m23 * b.m34 + m24 * b.m44,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31 + m34 * b.m41,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32 + m34 * b.m42,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33 + m34 * b.m43,
            m34: m31 * b.m14 + m32 * b.m24 + m33 * b.m34 + m34 * b.m44,
            m41: m41 * b.m11 + m42 * b.m21 + m43 * b.m31 + m44 * b.m41,
            m42: m41 * b.m12 + m42 * b.m22 + m43 * b.m32 + m44 * b.m42,
            m43: m41 * b.m13 + m42 * b.m23 + m43 * b.m33 + m44 * b.m43,
            m44: m41 * b.m14 + m42 * b.m24 + m43 * b.m34 + m44 * b.m44)
    }

    /// CATransform3DTranslate: a translation applied first, then `self`, T(x, y, z) · self.
    /// Rows 1 to 3 stay; row 4 gains x · row 1 + y · row 2 + z · row 3, summed in
    /// `concatenating`'s order, so the result equals that product's except that the
    /// translation's zeros are not multiplied in: the sign of a zero result, and an element
    /// where the product would meet a non-finite one with a zero (NaN there), may differ.
    /// - Parameters:
    ///   - x: the x translation.
    ///   - y: the y translation.
    ///   - z: the z translation.
    /// - Returns: the translated transform.
    @inline(__always)
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        var moved = self
        moved.m41 = x * m11 + y * m21 + z * m31 + m41
        moved.m42 = x * m12 + y * m22 + z * m32 + m42
        moved.m43 = x * m13 + y * m23 + z * m33 + m43
        moved.m44 = x * m14 + y * m24 + z * m34 + m44
        return moved
    }

    /// CATransform3DScale: a scale applied first, then `self`.
    /// - Parameters:
    ///   - x: the x factor.
    ///   - y: the y factor.
    ///   - z: the z factor.
    /// - Returns: the scaled transform.
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DRotate: a rotation applied first, then `self`.
    /// - Parameters:
    ///   - angle: radians, counterclockwise when the axis points at the viewer.
    ///   - x: the axis's x component.
    ///   - y: the axis's y component.
    ///   - z: the axis's z component.
    /// - Returns: the rotated transform.
    public func rotatedBy(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let s = SubDeterminants(self)
        return s.determinant
    }

    /// The inverse (CATransform3DInvert), or nil when the matrix is singular. A matrix the plain
    /// formula cannot invert (its determinant not a normal double: a scale beyond about 1e±100
    /// on three axes overflows it or takes it below 2^-1022; or an element of its inverse not
    /// finite) is inverted in its `equilibrated()` form. CATransform3DInvert answers the
    /// original matrix for a singular one; callers that want that write `?? self`.
    /// - Returns: the inverse; nil for a singular matrix, or one whose inverse has an element
    ///   that is not finite.
    public func inverted() -> Transform3D? {
        plainInverse() ?? equilibratedInverse()
    }

    /// The inverse by cofactors over the determinant; nil when the plain formula does not hold
    /// (`plainDeterminantHolds`), or an element of the inverse is not finite.
    private func plainInverse() -> Transform3D? {
        let s = SubDeterminants(self)
        let det = s.determinant
        guard Self.plainDeterminantHolds(det) else { return nil }
        let k = 1 / det
        let (c0, c1, c2, c3, c4, c5) = (s.c0, s.c1, s.c2, s.c3, s.c4, s.c5)
        let (s0, s1, s2, s3, s4, s5) = (s.s0, s.s1, s.s2, s.s3, s.s4, s.s5)
        let inverse = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// The inverse of M as C · M′⁻¹ · R from M's `equilibrated()` form M′ = R · M · C: nil
    /// when that is nil or M′ is singular, or an element of the inverse is not finite.
    private func equilibratedInverse() -> Transform3D? {
        guard let scaled = equilibrated(), let inner = scaled.matrix.plainInverse() else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer -> Transform3D? in
            let m = buffer.baseAddress.unsafelyUnwrapped
            inner.store(into: m)
            for i in 0..<4 {
                for j in 0..<4 {
                    // Both scales at once (x · 2^e): one after the other could overflow. (A result
                    // below the normal doubles may round twice: beyond any condition kept.)
                    let exponent = scaled.columnExponents[i] + scaled.rowExponents[j]
                    m[4 * i + j] = Double(sign: .plus, exponent: exponent, significand: m[4 * i + j])
                }
            }
            let inverse = Transform3D(slots: m)
            return inverse.isFinite ? inverse : nil
        }
    }

    /// M as M′ = R · M · C: each row, then each column, scaled by the power of two that brings
    /// its largest magnitude into [1, 2) (`VectorLength.powerOfTwo`), with the exponents of R's
    /// and C's diagonals. Exact where a product stays normal; [INFERRED] an element more than
    /// about 2^1022 below its row's or column's largest rounds to a subnormal or to 0, as
    /// LAPACK's equilibration accepts: such a matrix is beyond any condition a double keeps.
    /// M′'s determinant has M's sign and cannot overflow (every element is below 2), and its
    /// minors keep their signs; it underflows only for an M conditioned beyond about 2^1022,
    /// which is then taken for singular. Where the plain determinant of M does not hold
    /// (`plainDeterminantHolds`), whether M is singular, and which way its plane faces, are
    /// decided on M′ (`inverted()`, `isBackFacing`, `unmapPlanePoint(_:)`). nil for an element
    /// that is not finite or a zero row or column (singular).
    package func equilibrated() -> (matrix: Transform3D, rowExponents: SIMD4<Int>, columnExponents: SIMD4<Int>)? {
        guard isFinite else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            let m = buffer.baseAddress.unsafelyUnwrapped
            store(into: m)
            var rows = SIMD4<Int>(), columns = SIMD4<Int>()
            for i in 0..<4 {
                guard let exponent = Self.scaleToUnit(m + 4 * i, stride: 1) else { return nil }
                rows[i] = exponent
            }
            for j in 0..<4 {
                guard let exponent = Self.scaleToUnit(m + j, stride: 4) else { return nil }
                columns[j] = exponent
            }
            return (Transform3D(slots: m), rows, columns)
        }
    }

    /// The one rule for whether a determinant from a plain formula decides invertibility (and
    /// may be divided by): a normal double, neither 0 nor below 2^-1022 (where it has lost
    /// bits) nor infinite nor NaN. Where it is not, the `equilibrated()` form decides. Every
    /// inversion asks it: `inverted()`, `AffineTransform.inverted()`, the plane's inverse
    /// homography, the back-face test, setFrame's preimage.
    @inline(__always)
    package static func plainDeterminantHolds(_ determinant: Double) -> Bool { determinant.isNormal }

    /// Scales the four elements from `first` `stride` apart by the power of two that brings the
    /// largest magnitude into [1, 2); returns its exponent, or nil when all four are 0.
    private static func scaleToUnit(_ first: UnsafeMutablePointer<Double>, stride: Int) -> Int? {
        let largest = VectorLength.largestMagnitude(count: 4) { first[$0 * stride] }
        guard largest > 0 else { return nil }
        let scale = VectorLength.powerOfTwo(toUnit: largest)
        for k in 0..<4 { first[k * stride] *= scale }
        return Int(scale.exponent)
    }

    /// `self` concatenated with itself `count` times (CATransform3DConcat repeated), by
    /// squaring: O(log |count|) products. 0 gives the identity; a negative count uses the
    /// inverse, and gives nil when the matrix is singular.
    package func power(_ count: Int64) -> Transform3D? {
        power(count) { $0 }
    }

    /// `power(_:)` as a `WideTransform`, whose elements cannot leave the range on the way.
    package func widePower(_ count: Int64) -> WideTransform? {
        power(count, as: WideTransform.init)
    }

    /// `power(_:)` taken in the form `form` makes of a transform.
    private func power<Form: RepeatedlyConcatenating>(_ count: Int64, as form: (Transform3D) -> Form) -> Form? {
        // The magnitude as UInt64, so Int64.min has one.
        (count < 0 ? inverted() : self).map { form($0).repeatedProduct(count.magnitude) }
    }
}

/// The twelve 2×2 minors of the top two and bottom two rows, from which the determinant and
/// the adjugate of a 4×4 matrix follow (Laplace expansion by complementary minors).
struct SubDeterminants {
    let s0, s1, s2, s3, s4, s5: Double
    let c0, c1, c2, c3, c4, c5: Double

    init(_ m: Transform3D) {
        s0 = m.m11 * m.m22 - m.m21 * m.m12
        s1 = m.m11 * m.m23 - m.m21 * m.m13
        s2 = m.m11 * m.m24 - m.m21 * m.m14
        s3 = m.m12 * m.m23 - m.m22 * m.m13
        s4 = m.m12 * m.m24 - m.m22 * m.m14
        s5 = m.m13 * m.m24 - m.m23 * m.m14
        c5 = m.m33 * m.m44 - m.m43 * m.m34
        c4 = m.m32 * m.m44 - m.m42 * m.m34
        c3 = m.m32 * m.m43 - m.m42 * m.m33
        c2 = m.m31 * m.m44 - m.m41 * m.m34
        c1 = m.m31 * m.m43 - m.m41 * m.m33
        c0 = m.m31 * m.m42 - m.m41 * m.m32
    }

    var determinant: Double {
        s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }
}
