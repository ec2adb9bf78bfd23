/// The Euclidean length of a vector of any finite size, the one home of that rule: the plain
/// sum of squares where its square root lies within 1e±150 (each square then normal and
/// finite, or negligible beside the largest), else the sum over the components scaled by a
/// power of two, which is exact, so that huge components do not overflow it and tiny ones do
/// not vanish from it. Distances along keyframes, a decay's speed, rotation axes, the
/// decomposition of transforms and the render list's reach take their lengths here.
enum VectorLength {
    /// The length of the vector of `count` components `component(0)`, …: NaN when one is NaN,
    /// infinity when one is infinite.
    @inline(__always)
    static func euclidean(count: Int, _ component: (Int) -> Double) -> Double {
        var sum = 0.0
        for k in 0..<count {
            let c = component(k)
            sum += c * c
        }
        let plain = sum.squareRoot()
        if (plain > 1e-150 && plain < 1e150) || plain.isNaN { return plain }
        let largest = largestMagnitude(count: count, component)
        guard largest > 0, largest.isFinite else { return largest }
        let scale = powerOfTwo(toUnit: largest)
        var scaled = 0.0
        for k in 0..<count {
            let c = component(k) * scale
            scaled += c * c
        }
        return scaled.squareRoot() / scale
    }

    /// The largest magnitude among the `count` components `component(0)`, …, which are not
    /// NaN; 0 for none.
    @inline(__always)
    static func largestMagnitude(count: Int, _ component: (Int) -> Double) -> Double {
        var largest = 0.0
        for k in 0..<count { largest = Swift.max(largest, abs(component(k))) }
        return largest
    }

    /// The power of two 2^−e for `largest`'s exponent e (`largest` finite and > 0), within
    /// 2^±1022: it brings `largest` into [1, 2), or near it at the ends of the range (a
    /// subnormal `largest` to at least 2^−52). Multiplying by it is exact wherever the product
    /// stays normal.
    @inline(__always)
    static func powerOfTwo(toUnit largest: Double) -> Double {
        Double(sign: .plus, exponent: Swift.min(Swift.max(-largest.exponent, -1022), 1022), significand: 1)
    }
}
