#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform with CGAffineTransform's fields and conventions.
///
/// A point maps as the row vector `(x, y, 1)` times
///
///     | a   b   0 |
///     | c   d   0 |
///     | tx  ty  1 |
///
/// i.e. `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. `t1.concatenating(t2)` is
/// CGAffineTransformConcat(t1, t2): `t1` first, then `t2`. Angles are radians, positive
/// counterclockwise in a y-up space (CGAffineTransformMakeRotation).
///
/// As a value of kind `affineTransform` it is 6 numbers: a, b, c, d, tx, ty. Embedded in 3D
/// (`Transform3D(self)`) it is m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty, the rest
/// the identity's, as CATransform3DMakeAffineTransform; interpolation and the key-path
/// components go through that embedding, so an affine transform animates exactly as the same
/// matrix would as a transform3D.
public struct AffineTransform: Hashable, Sendable {
    /// The x' contribution of x (x scale, cos of a rotation).
    public var a: Double
    /// The y' contribution of x (sin of a rotation).
    public var b: Double
    /// The x' contribution of y (−sin of a rotation).
    public var c: Double
    /// The y' contribution of y (y scale, cos of a rotation).
    public var d: Double
    /// The x translation.
    public var tx: Double
    /// The y translation.
    public var ty: Double

    /// A transform with these fields (CGAffineTransformMake).
    /// - Parameters:
    ///   - a: the x' contribution of x.
    ///   - b: the y' contribution of x.
    ///   - c: the x' contribution of y.
    ///   - d: the y' contribution of y.
    ///   - tx: the x translation.
    ///   - ty: the y translation.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// CGAffineTransformIdentity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// CGAffineTransformMakeTranslation: moves points by (x, y).
    /// - Parameters:
    ///   - x: the x translation.
    ///   - y: the y translation.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// CGAffineTransformMakeScale: scales x and y by these factors.
    /// - Parameters:
    ///   - x: the x factor.
    ///   - y: the y factor.
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// CGAffineTransformMakeRotation: `angle` radians, counterclockwise in a y-up space.
    /// - Parameter angle: radians.
    public init(rotationAngle angle: Double) {
        let s = sin(angle)
        let c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// The transform in 6 slots at `slots` (a, b, c, d, tx, ty).
    @inlinable package init(slots: UnsafePointer<Double>) {
        self.init(a: slots[0], b: slots[1], c: slots[2], d: slots[3], tx: slots[4], ty: slots[5])
    }

    /// Writes a, b, c, d, tx, ty to `slots`.
    @inlinable package func store(into slots: UnsafeMutablePointer<Double>) {
        slots[0] = a
        slots[1] = b
        slots[2] = c
        slots[3] = d
        slots[4] = tx
        slots[5] = ty
    }

    /// The 2D part of a 3D transform (CATransform3DGetAffineTransform): a = m11, b = m12,
    /// c = m21, d = m22, tx = m41, ty = m42; everything else is dropped.
    /// - Parameter transform: any 3D transform.
    public init(_ transform: Transform3D) {
        self.init(
            a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
            tx: transform.m41, ty: transform.m42)
    }

    /// CGAffineTransformIsIdentity.
    public var isIdentity: Bool { self == .identity }

    /// CGAffineTransformConcat(self, other): `self` first, then `other`.
    /// - Parameter other: the transform applied second.
    /// - Returns: the product self · other.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// a·d − b·c.
    public var determinant: Double { a * d - b * c }

    /// CGAffineTransformInvert, or nil when the transform is singular. One the plain formula
    /// cannot invert (a scale beyond about 1e±154 on both axes) is inverted as
    /// its 3D embedding is (`Transform3D.inverted()`). CGAffineTransformInvert answers the
    /// original transform for a singular one.
    /// - Returns: the inverse; nil for a singular transform, or one whose inverse has an
    ///   element that is not finite.
    public func inverted() -> AffineTransform? {
        plainInverse() ?? Transform3D(self).inverted().map(AffineTransform.init)
    }

    /// The inverse by the 2×2 determinant; nil when the plain formula does not hold
    /// (`Transform3D.plainDeterminantHolds`), or an element of the inverse is not finite.
    private func plainInverse() -> AffineTransform? {
        let det = determinant
        guard Transform3D.plainDeterminantHolds(det) else { return nil }
        let k = 1 / det
        let inverse = AffineTransform(
            a: d * k, b: -b * k, c: -c * k, d: a * k,
            tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k)
        let finite =
            inverse.a.isFinite && inverse.b.isFinite && inverse.c.isFinite && inverse.d.isFinite
            && inverse.tx.isFinite && inverse.ty.isFinite
        return finite ? inverse : nil
    }

    /// The transform a fraction of the way from `a` to `b`: `Transform3D.interpolate` of the
    /// embeddings (decomposition, rotation along the shorter arc), which stays 2D.
    package static func interpolate(
        _ a: AffineTransform, _ b: AffineTransform, fraction: Double
    ) -> AffineTransform {
        if fraction == 0 || a == b { return a }
        if fraction == 1 { return b }
        return AffineTransform(
            Transform3D.interpolate(Transform3D(a), Transform3D(b), fraction: fraction))
    }
}

extension Transform3D {
    /// CATransform3DMakeAffineTransform: the 2D transform embedded in 3D (z untouched).
    /// - Parameter affine: the 2D transform.
    public init(_ affine: AffineTransform) {
        self = .identity
        m11 = affine.a
        m12 = affine.b
        m21 = affine.c
        m22 = affine.d
        m41 = affine.tx
        m42 = affine.ty
    }
}
