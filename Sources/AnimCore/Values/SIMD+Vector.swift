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

    /// The Euclidean length, without the overflow or underflow of squaring extreme components.
    @inline(__always) var euclideanLength: Double {
        let plain = (x * x + y * y + z * z).squareRoot()
        // Squares stay normal between 1e-150 and 1e150: the plain formula is exact enough there.
        if plain > 1e-150 && plain < 1e150 { return plain }
        let largest = Swift.max(abs(x), abs(y), abs(z))
        guard largest > 0, largest.isFinite else { return largest.isNaN ? .nan : largest }
        let u = self / largest
        return largest * (u.x * u.x + u.y * u.y + u.z * u.z).squareRoot()
    }

    /// The vector scaled to length 1: nil for the zero vector, NaN in each component for one
    /// that is not finite. Its length is found without squaring components out of range, so
    /// that a vector of any finite length, subnormal ones included, gives its direction.
    @inline(__always) var unitDirection: SIMD3<Double>? {
        let plain = (x * x + y * y + z * z).squareRoot()
        if plain > 1e-150 && plain < 1e150 { return self / plain }
        guard isFinite else { return SIMD3(repeating: .nan) }
        let largest = Swift.max(abs(x), abs(y), abs(z))
        guard largest > 0 else { return nil }
        let scaled = self / largest
        return scaled / (scaled.x * scaled.x + scaled.y * scaled.y + scaled.z * scaled.z).squareRoot()
    }

    /// Whether all three components are finite.
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension SIMD4 where Scalar == Double {
    /// Whether all four components are finite.
    @inline(__always) var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}
