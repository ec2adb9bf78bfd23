#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rotation as a unit quaternion (x, y, z, w) = (axis × sin(θ/2), cos(θ/2)), with the same
/// handedness as `Transform3D(rotationAngle:x:y:z:)`: a positive θ turns counterclockwise about
/// an axis that points at the viewer.
///
/// q and −q are the same rotation; `slerp` picks whichever gives the shorter arc.
package struct Quaternion: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double
    package var w: Double

    /// Tolerances, each a named constant.
    package enum Tolerance {
        /// sin of the angle between two quaternions below which `slerp` blends linearly (then
        /// normalises): the two are equal to about 1e-12 radians and the sine ratio would divide
        /// by almost nothing.
        package static let linearBlendSine = 1e-12
    }

    @inlinable package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// No rotation: (0, 0, 0, 1).
    package static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation by `angle` radians about the axis (x, y, z), as
    /// `Transform3D(rotationAngle:x:y:z:)`: the axis made a unit vector by
    /// `SIMD3.unitDirection`; a zero-length axis gives the identity, one that is not finite, NaN.
    package init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        guard let axis = SIMD3(x, y, z).unitDirection else {
            self = .identity
            return
        }
        let s = sin(angle / 2)
        self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: cos(angle / 2))
    }

    /// The four-dimensional dot product; ±1 for the same rotation.
    @inlinable package func dot(_ other: Quaternion) -> Double {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// The Euclidean length of (x, y, z, w).
    @inlinable package var length: Double { dot(self).squareRoot() }

    /// The same rotation scaled to unit length; the identity when the length is 0 or not finite.
    package func normalized() -> Quaternion {
        let length = self.length
        guard length > 0, length.isFinite else { return .identity }
        return Quaternion(x: x / length, y: y / length, z: z / length, w: w / length)
    }

    /// −q: the same rotation.
    @inlinable package static prefix func - (q: Quaternion) -> Quaternion {
        Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
    }

    /// Spherical linear interpolation from `a` (fraction 0) to `b` (fraction 1) along the
    /// shorter great arc, at constant angular speed; fractions outside [0, 1] extrapolate along
    /// the same arc. Both inputs should be unit quaternions; the result is normalised.
    package static func slerp(_ a: Quaternion, _ b: Quaternion, fraction: Double) -> Quaternion {
        // Shortest arc: q and −q are the same rotation, take the one within 90° of a.
        let end = a.dot(b) < 0 ? -b : b
        // The angle between a and end, stably for nearly equal inputs: ω = 2·atan2(|a−b|, |a+b|).
        let dx = a.x - end.x, dy = a.y - end.y, dz = a.z - end.z, dw = a.w - end.w
        let sx = a.x + end.x, sy = a.y + end.y, sz = a.z + end.z, sw = a.w + end.w
        let difference = (dx * dx + dy * dy + dz * dz + dw * dw).squareRoot()
        let sum = (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot()
        let omega = 2 * atan2(difference, sum)
        let sinOmega = sin(omega)
        let weightA: Double
        let weightB: Double
        if sinOmega < Tolerance.linearBlendSine {
            weightA = 1 - fraction
            weightB = fraction
        } else {
            weightA = sin((1 - fraction) * omega) / sinOmega
            weightB = sin(fraction * omega) / sinOmega
        }
        return Quaternion(
            x: weightA * a.x + weightB * end.x,
            y: weightA * a.y + weightB * end.y,
            z: weightA * a.z + weightB * end.z,
            w: weightA * a.w + weightB * end.w
        ).normalized()
    }

    /// The quaternion of a proper rotation matrix given by its rows in CATransform3D layout
    /// (`r0` = m11 m12 m13 …), by Shepperd's method (divide by the largest of the four
    /// candidates, so axes near 180° keep their signs). Normalised, with w >= 0.
    init(rotationRows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        let trace = r0.x + r1.y + r2.z
        var q: Quaternion
        if trace > 0 {
            let s = 2 * (trace + 1).squareRoot()  // 4w
            q = Quaternion(
                x: (r1.z - r2.y) / s, y: (r2.x - r0.z) / s, z: (r0.y - r1.x) / s, w: s / 4)
        } else if r0.x > r1.y && r0.x > r2.z {
            let s = 2 * (1 + r0.x - r1.y - r2.z).squareRoot()  // 4x
            q = Quaternion(
                x: s / 4, y: (r1.x + r0.y) / s, z: (r0.z + r2.x) / s, w: (r1.z - r2.y) / s)
        } else if r1.y > r2.z {
            let s = 2 * (1 + r1.y - r0.x - r2.z).squareRoot()  // 4y
            q = Quaternion(
                x: (r0.y + r1.x) / s, y: s / 4, z: (r1.z + r2.y) / s, w: (r2.x - r0.z) / s)
        } else {
            let s = 2 * (1 + r2.z - r0.x - r1.y).squareRoot()  // 4z
            q = Quaternion(
                x: (r0.z + r2.x) / s, y: (r1.z + r2.y) / s, z: s / 4, w: (r0.y - r1.x) / s)
        }
        q = q.normalized()
        self = q.w < 0 ? -q : q
    }

    /// The rows of the rotation matrix in CATransform3D layout (row 0 = m11 m12 m13).
    var rotationRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (xx, yy, zz) = (x * x, y * y, z * z)
        let (xy, xz, yz) = (x * y, x * z, y * z)
        let (xw, yw, zw) = (x * w, y * w, z * w)
        return (
            SIMD3(1 - 2 * (yy + zz), 2 * (xy + zw), 2 * (xz - yw)),
            SIMD3(2 * (xy - zw), 1 - 2 * (xx + zz), 2 * (yz + xw)),
            SIMD3(2 * (xz + yw), 2 * (yz - xw), 1 - 2 * (xx + yy))
        )
    }
}
