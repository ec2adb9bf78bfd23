/// Small vector helpers on SIMD values, with no allocation: what the decomposition of a
/// transform and the rotations about an axis compute with.
extension SIMD3 where Scalar == Double {
    /// The dot product.
    @inline(__always) func dotProduct(_ other: SIMD3<Double>) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The cross product self × other (right-handed).
    @inline(__always) func crossProduct(_ other: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The Euclidean length (`VectorLength.euclidean`).
    @inline(__always) var euclideanLength: Double {
        VectorLength.euclidean(count: 3) { self[$0] }
    }

    /// The vector scaled to length 1: nil for the zero vector, NaN in each component for one
    /// that is not finite. It is scaled by a power of two first (`VectorLength.powerOfTwo`),
    /// which is exact: any finite vector, subnormal ones included, gives its direction, and
    /// one whose squares stay normal gives the bits of dividing by its plain length.
    @inline(__always) var unitDirection: SIMD3<Double>? {
        guard isFinite else { return SIMD3(repeating: .nan) }
        let largest = VectorLength.largestMagnitude(count: 3) { self[$0] }
        guard largest > 0 else { return nil }
        let scaled = self * VectorLength.powerOfTwo(toUnit: largest)
        return scaled / (scaled.x * scaled.x + scaled.y * scaled.y + scaled.z * scaled.z).squareRoot()
    }

    /// Whether all three components are finite.
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension SIMD4 where Scalar == Double {
    /// Whether all four components are finite.
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}
