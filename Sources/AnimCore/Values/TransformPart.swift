#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named part of a transform that a key path can read and write: Core Animation's
/// `transform.rotation.z`, `transform.scale`, `transform.translation` …
///
/// - translation.x/.y/.z read and write m41, m42, m43 directly ("translation" is the size
///   (m41, m42)); nothing else changes. (With m44 ≠ 1 these are the raw elements, not the
///   distance moved, which is m4i / m44.)
/// - scale.x/.y/.z are the decomposition's scale factors (`Transform3D.decomposed()`,
///   negative for a mirrored axis); "scale" reads the average of the three (of x and y for an
///   affine transform) and writes all of them.
/// - rotation.x/.y/.z are Euler angles of the decomposition's rotation, in radians, each read
///   in (−π, π]. Convention: the rotation is Rz(z) · Ry(y) · Rx(x) in CATransform3D's
///   row-vector order — the layer is turned about z first, then about the fixed y axis, then
///   about the fixed x axis: CATransform3DConcat(CATransform3DConcat(Rz, Ry), Rx), the same as
///   CSS `rotateX(x) rotateY(y) rotateZ(z)` — with Rx(θ) = CATransform3DMakeRotation(θ, 1, 0,
///   0) and so on. So on the identity, writing one angle θ gives exactly that MakeRotation, and
///   on a 2D transform rotation.z is its angle. Every rotation has two Euler triples, (x, y, z)
///   and (x ± π, π − y, z ± π); the one with the smaller |x| + |z| is read (the one with
///   |y| ≤ π/2 on ties). So angles written read back as written whenever |x| + |z| < π —
///   single-axis turns of any angle, and any y with moderate x and z. At y = ±π/2 (gimbal
///   lock) x reads 0 and z takes the whole turn about the remaining axis. "rotation" is
///   rotation.z.
///
/// Writing scale or rotation decomposes the transform, replaces that part and recomposes, so
/// translation, skew, perspective and the other parts are kept. [INF] Core Animation does not
/// document how a sub-key combines with the rest of the transform (reference §3.2).
/// Transforms with no decomposition (a scale of 0) are still read and written: a collapsed
/// axis has scale 0 and is given a rotation axis that completes the others, so writing
/// `scale` = 1 on a transform scaled to 0 gives back a working transform. A transform with a
/// non-finite element reads NaN for scale and rotation and ignores their writes.
package enum TransformPart: Int32, CaseIterable, Sendable {
    case rotationX = 0
    case rotationY = 1
    case rotationZ = 2
    case scaleX = 3
    case scaleY = 4
    case scaleZ = 5
    case scale = 6
    case translationX = 7
    case translationY = 8
    case translationZ = 9
    case translation = 10

    /// The part's key-path name; `init(name:)` also takes "rotation" for rotation.z.
    package var name: String {
        switch self {
        case .rotationX: "rotation.x"
        case .rotationY: "rotation.y"
        case .rotationZ: "rotation.z"
        case .scaleX: "scale.x"
        case .scaleY: "scale.y"
        case .scaleZ: "scale.z"
        case .scale: "scale"
        case .translationX: "translation.x"
        case .translationY: "translation.y"
        case .translationZ: "translation.z"
        case .translation: "translation"
        }
    }

    /// The part named `name` ("rotation" is rotation.z); nil if there is none.
    package init?(name: String) {
        if name == "rotation" {
            self = .rotationZ
            return
        }
        guard let part = TransformPart.allCases.first(where: { $0.name == name }) else {
            return nil
        }
        self = part
    }

    /// `size` for "translation", `scalar` for the others.
    package var kind: ValueKind { self == .translation ? .size : .scalar }

    /// Whether the part exists on a 2D (affine) transform: everything but rotation.x,
    /// rotation.y, scale.z and translation.z.
    package var isPlanar: Bool {
        switch self {
        case .rotationX, .rotationY, .scaleZ, .translationZ: false
        default: true
        }
    }

    /// Tolerances, each a named constant.
    package enum Tolerance {
        /// cos(rotation.y) below which the Euler angles are in gimbal lock (y = ±π/2 to about
        /// 1e-10 radians): x is read as 0 and z takes the whole turn.
        package static let gimbalLockCosine = 1e-10
    }

    // MARK: - Reading

    /// Reads the part of `transform` into `component` (`kind.slotCount` slots). `planar`: the
    /// transform is an embedded affine transform; "scale" averages x and y only and the 3D
    /// parts read as the identity's.
    func read(
        from transform: Transform3D, planar: Bool, into component: UnsafeMutablePointer<Double>
    ) {
        if planar && !isPlanar {
            component[0] = self == .scaleZ ? 1 : 0
            return
        }
        switch self {
        case .translationX:
            component[0] = transform.m41
        case .translationY:
            component[0] = transform.m42
        case .translationZ:
            component[0] = transform.m43
        case .translation:
            component[0] = transform.m41
            component[1] = transform.m42
        case .rotationZ:
            if let planarAngle = PlanarFactors(transform)?.angle {
                component[0] = planarAngle
            } else {
                component[0] = EulerAngles(transform)?.z ?? .nan
            }
        case .rotationX, .rotationY:
            if PlanarFactors(transform) != nil {
                component[0] = 0  // only a z rotation in this shape
            } else if let angles = EulerAngles(transform) {
                component[0] = self == .rotationX ? angles.x : angles.y
            } else {
                component[0] = .nan
            }
        case .scaleX, .scaleY, .scaleZ, .scale:
            guard let factors = TransformFactors(transform, completingCollapsedAxes: true) else {
                component[0] = .nan
                return
            }
            let s = factors.scale
            switch self {
            case .scaleX: component[0] = s.x
            case .scaleY: component[0] = s.y
            case .scaleZ: component[0] = s.z
            default: component[0] = planar ? (s.x + s.y) / 2 : (s.x + s.y + s.z) / 3
            }
        }
    }

    // MARK: - Writing

    /// Writes `component` into `transform`, keeping the other parts (see the type's notes).
    func write(
        _ component: UnsafePointer<Double>, into transform: inout Transform3D, planar: Bool
    ) {
        if planar && !isPlanar { return }
        let value = component[0]
        switch self {
        case .translationX:
            transform.m41 = value
        case .translationY:
            transform.m42 = value
        case .translationZ:
            transform.m43 = value
        case .translation:
            transform.m41 = value
            transform.m42 = component[1]
        case .rotationX, .rotationY, .rotationZ:
            if self == .rotationZ, let planarFactors = PlanarFactors(transform) {
                planarFactors.write(angle: value, into: &transform)
                return
            }
            guard var factors = TransformFactors(transform, completingCollapsedAxes: true) else {
                return
            }
            var angles = EulerAngles(rows: factors.row0, factors.row1, factors.row2)
            switch self {
            case .rotationX: angles.x = value
            case .rotationY: angles.y = value
            default: angles.z = value
            }
            (factors.row0, factors.row1, factors.row2) = angles.rotationRows
            transform = factors.composed()
        case .scaleX, .scaleY, .scaleZ, .scale:
            guard var factors = TransformFactors(transform, completingCollapsedAxes: true) else {
                return
            }
            switch self {
            case .scaleX: factors.scale.x = value
            case .scaleY: factors.scale.y = value
            case .scaleZ: factors.scale.z = value
            default:
                factors.scale.x = value
                factors.scale.y = value
                if !planar { factors.scale.z = value }
            }
            transform = factors.composed()
        }
    }
}

/// Euler angles in radians, rotation = Rz(z) · Ry(y) · Rx(x) in row-vector order (x applied
/// last); see `TransformPart` for the convention and which of the two triples is read.
struct EulerAngles {
    var x: Double
    var y: Double
    var z: Double

    /// The angles of a transform's rotation; nil when an element is not finite.
    init?(_ transform: Transform3D) {
        guard let factors = TransformFactors(transform, completingCollapsedAxes: true) else {
            return nil
        }
        self.init(rows: factors.row0, factors.row1, factors.row2)
    }

    /// The angles of a proper rotation matrix given by its rows (CATransform3D layout). With
    /// R = Rz·Ry·Rx: R20 = sin y, (R21, R22) = cos y · (−sin x, cos x),
    /// (R00, R10) = cos y · (cos z, −sin z).
    init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        let cosY = (r2.y * r2.y + r2.z * r2.z).squareRoot()
        let y = atan2(r2.x, cosY)
        guard cosY > TransformPart.Tolerance.gimbalLockCosine else {
            // Gimbal lock: Rz(z)·Ry(±π/2)·Rx(x) depends on z ∓ x only; read it all as z:
            // (R01, R11) = (sin z, cos z) when x = 0.
            self.x = 0
            self.y = y
            self.z = EulerAngles.wrapped(atan2(r0.y, r1.y))
            return
        }
        let x = atan2(-r2.y, r2.z)
        let z = atan2(-r1.x, r0.x)
        // The other triple of the same rotation: (x + π, π − y, z + π). Take it when it turns
        // less about x and z, so that any y (a door or a card turned past 90°) reads back.
        let otherX = EulerAngles.wrapped(x + .pi)
        let otherY = EulerAngles.wrapped(.pi - y)
        let otherZ = EulerAngles.wrapped(z + .pi)
        if abs(otherX) + abs(otherZ) < abs(x) + abs(z) {
            self.x = otherX
            self.y = otherY
            self.z = otherZ
        } else {
            self.x = EulerAngles.wrapped(x)
            self.y = EulerAngles.wrapped(y)
            self.z = EulerAngles.wrapped(z)
        }
    }

    /// The rows (CATransform3D layout) of Rz(z) · Ry(y) · Rx(x).
    var rotationRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (sx, cx) = (sin(x), cos(x))
        let (sy, cy) = (sin(y), cos(y))
        let (sz, cz) = (sin(z), cos(z))
        return (
            SIMD3(cz * cy, sz * cx + cz * sy * sx, sz * sx - cz * sy * cx),
            SIMD3(-sz * cy, cz * cx - sz * sy * sx, cz * sx + sz * sy * cx),
            SIMD3(sy, -cy * sx, cy * cx)
        )
    }

    /// `angle` wrapped to (−π, π].
    static func wrapped(_ angle: Double) -> Double {
        if angle > -.pi && angle <= .pi { return angle }
        let r = angle.remainder(dividingBy: 2 * .pi)
        return r <= -.pi ? r + 2 * .pi : r
    }
}

/// The factors of a transform whose only rotation is about z and whose z axis is untouched by
/// x and y — m13 = m23 = m31 = m32 = m14 = m24 = m34 = 0, m33 > 0, m44 > 0 — the shape of
/// every 2D transform: rows (m11, m12) = sx·(cos φ, sin φ) and (m21, m22) = sy·(k·(cos φ,
/// sin φ) + (−sin φ, cos φ)). The general factoring gives the same numbers (m44 and m33 cancel
/// out of the angle, the skew and the rewritten elements); this is the fast path for
/// `transform.rotation.z` on many layers: one square root and an atan2 to read, one square
/// root, two divisions and a sin/cos pair to write, no 3×3 work.
struct PlanarFactors {
    /// The 2×2 block.
    let m11: Double, m12: Double, m21: Double, m22: Double
    /// |(m11, m12)|.
    let length0: Double
    /// m11·m22 − m12·m21 = length0 × (signed) y scale before any mirror is placed.
    let determinant: Double
    /// Whether the mirror (determinant < 0) goes on the x axis: when the x axis points most
    /// away from its own (cos φ <= 0), as the general factoring decides with q0.x = cos φ,
    /// q1.y = −cos φ, q2.z = 1. Otherwise a mirror goes on y.
    let mirrorsX: Bool

    /// nil when `transform` does not have the planar shape or an axis has collapsed (the
    /// general factoring handles those).
    init?(_ m: Transform3D) {
        guard Self.isPlanar(m13: m.m13, m23: m.m23, m31: m.m31, m32: m.m32, m14: m.m14, m24: m.m24, m34: m.m34, m33: m.m33, m44: m.m44)
        else { return nil }
        self.init(m11: m.m11, m12: m.m12, m21: m.m21, m22: m.m22)
    }

    /// The factors of the transform in `slots` (a Transform3D's 16, m11 m12 … m44), read in place.
    init?(transformSlots m: UnsafePointer<Double>) {
        guard Self.isPlanar(m13: m[2], m23: m[6], m31: m[8], m32: m[9], m14: m[3], m24: m[7], m34: m[11], m33: m[10], m44: m[15])
        else { return nil }
        self.init(m11: m[0], m12: m[1], m21: m[4], m22: m[5])
    }

    /// The planar shape: nothing couples z or w with x and y, and z and w scale by positive finite factors.
    private static func isPlanar(
        m13: Double, m23: Double, m31: Double, m32: Double, m14: Double, m24: Double, m34: Double, m33: Double, m44: Double
    ) -> Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m14 == 0 && m24 == 0 && m34 == 0
            && m33 > 0 && m44 > 0 && m33.isFinite && m44.isFinite
    }

    /// The factors of a transform of the planar shape with this 2×2 block (an affine
    /// transform's a, b, c, d); nil when an axis has collapsed.
    init?(m11: Double, m12: Double, m21: Double, m22: Double) {
        let lengthSquared0 = m11 * m11 + m12 * m12
        let lengthSquared1 = m21 * m21 + m22 * m22
        // Keep squares, products and quotients normal and finite; other magnitudes (and NaN)
        // take the general path.
        guard lengthSquared0 > 1e-140, lengthSquared0 < 1e140,
            lengthSquared1 > 1e-140, lengthSquared1 < 1e140
        else { return nil }
        let determinant = m11 * m22 - m12 * m21
        // Collapsed when the part of row 1 across row 0 (determinant / length0) is at most
        // `collapsedRow` of row 1's length.
        let tolerance = Transform3D.DecompositionTolerance.collapsedRow
        guard determinant * determinant > tolerance * tolerance * lengthSquared0 * lengthSquared1
        else { return nil }
        self.m11 = m11
        self.m12 = m12
        self.m21 = m21
        self.m22 = m22
        self.length0 = lengthSquared0.squareRoot()
        self.determinant = determinant
        self.mirrorsX = determinant < 0 && m11 <= 0
    }

    /// φ in (−π, π].
    var angle: Double {
        let phi = mirrorsX ? atan2(-m12, -m11) : atan2(m12, m11)
        return phi == -.pi ? .pi : phi
    }

    /// Rewrites m11, m12, m21, m22 for rotation `angle`, keeping scale and skew (the other
    /// elements do not depend on the rotation in this shape).
    func write(angle: Double, into m: inout Transform3D) {
        (m.m11, m.m12, m.m21, m.m22) = block(angle: angle)
    }

    /// The 2×2 block (m11, m12, m21, m22) for rotation `angle`, keeping scale and skew.
    func block(angle: Double) -> (Double, Double, Double, Double) {
        // Signed scales and the xy skew: across = determinant / length0 is the signed y
        // scale, along / across = (row0 · row1) / determinant the skew; a mirror on x moves
        // the sign from y to x.
        let across = determinant / length0
        let skew = (m11 * m21 + m12 * m22) / determinant
        let scaleX = mirrorsX ? -length0 : length0
        let scaleY = mirrorsX ? -across : across
        let s = sin(angle)
        let c = cos(angle)
        return (scaleX * c, scaleX * s, scaleY * (skew * c - s), scaleY * (skew * s + c))
    }
}
