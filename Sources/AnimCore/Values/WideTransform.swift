#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A transform whose elements have exponents of their own (`WideDouble`), so that products of
/// finite transforms cannot leave the range on the way: a cumulative scale of 2 after 1100
/// cycles, a scale of 1e200 added to another. Only the end result is brought back to doubles
/// (`value`): an element beyond their range is ±infinity there, an exact 0 stays 0 and a 1
/// stays 1, where the plain products give the NaN of 0 × infinity.
///
/// Callers take this form only where the plain result is not finite
/// (`Transform3D.concatenatingHeld(_:)`, `ValueMath.cumulated`): within the range, the plain
/// products stand, bit for bit.
package struct WideTransform: RepeatedlyConcatenating {
    /// Row by row, m11 … m44, each element's significand and exponent (in vectors, so that
    /// nothing is allocated).
    private var significands = SIMD16<Double>()
    private var exponents = SIMD16<Int>()

    /// `transform` (finite), exactly.
    package init(_ transform: Transform3D) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            transform.store(into: buffer.baseAddress!)
            for k in 0..<16 { self[k] = WideDouble(buffer[k]) }
        }
    }

    private init() {}

    /// Element `k` (row by row).
    private subscript(k: Int) -> WideDouble {
        get { WideDouble(significand: significands[k], exponent: exponents[k]) }
        set { (significands[k], exponents[k]) = (newValue.significand, newValue.exponent) }
    }

    package static var identity: WideTransform { WideTransform(.identity) }

    /// CATransform3DConcat(self, other): the row-vector product, each element summed in
    /// `Transform3D.concatenating`'s order.
    package func concatenating(_ other: WideTransform) -> WideTransform {
        var product = WideTransform()
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = self[4 * row] * other[column]
                for k in 1..<4 { sum = sum + self[4 * row + k] * other[4 * k + column] }
                product[4 * row + column] = sum
            }
        }
        return product
    }

    /// The transform it stands for, in doubles: ±infinity beyond their range, 0 below it.
    package var value: Transform3D {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
            for k in 0..<16 { buffer[k] = self[k].value }
            return Transform3D(slots: buffer.baseAddress!)
        }
    }
}

/// A double with an exponent of its own, `significand × 2^exponent`: the significand 0 or of
/// magnitude in [1, 2). Its arithmetic rounds as the doubles' does (a result below the
/// smallest normal double is rounded again by `value`). The exponent is held within
/// ±`exponentLimit`, which only a power of more than 2^30 cycles of a doubling reaches; past it
/// products are no longer exact, but every double such a value stands for is ±infinity or 0.
struct WideDouble {
    var significand: Double
    var exponent: Int

    static let exponentLimit = 1 << 40

    init(significand: Double, exponent: Int) {
        (self.significand, self.exponent) = (significand, exponent)
    }

    /// `x` (finite), exactly; a zero keeps its sign.
    init(_ x: Double) {
        guard x != 0 && x.isFinite else {
            (significand, exponent) = (x, 0)
            return
        }
        let e = Int(x.exponent)
        (significand, exponent) = (scalbn(x, Int32(-e)), e)
    }

    /// `significand × 2^exponent` brought back into form.
    private init(scaling significand: Double, by exponent: Int) {
        self.init(significand)
        self.exponent = Swift.min(Swift.max(self.exponent + exponent, -Self.exponentLimit), Self.exponentLimit)
    }

    static func * (a: WideDouble, b: WideDouble) -> WideDouble {
        WideDouble(scaling: a.significand * b.significand, by: a.exponent + b.exponent)
    }

    /// The sum, the smaller term scaled to the larger's exponent first (a term more than 2^1100
    /// smaller is below its last bit and leaves it as it is).
    static func + (a: WideDouble, b: WideDouble) -> WideDouble {
        if b.significand == 0 { return a.significand == 0 ? WideDouble(a.significand + b.significand) : a }
        if a.significand == 0 { return b }
        let (large, small) = a.exponent >= b.exponent ? (a, b) : (b, a)
        let gap = large.exponent - small.exponent
        guard gap <= 1100 else { return large }
        return WideDouble(scaling: large.significand + scalbn(small.significand, Int32(-gap)), by: large.exponent)
    }

    /// As a double: ±infinity beyond the range, 0 below it.
    var value: Double {
        scalbn(significand, Int32(clamping: exponent))
    }
}

/// A value with an associative concatenation and its identity: what `repeatedProduct` raises
/// to a power.
package protocol RepeatedlyConcatenating {
    static var identity: Self { get }
    func concatenating(_ other: Self) -> Self
}

extension RepeatedlyConcatenating {
    /// `self` concatenated with itself `count` times, by squaring: O(log count) products; 0
    /// gives the identity.
    package func repeatedProduct(_ count: UInt64) -> Self {
        var base = self
        var remaining = count
        var result = Self.identity
        while remaining > 0 {
            if remaining & 1 == 1 { result = result.concatenating(base) }
            remaining >>= 1
            if remaining > 0 { base = base.concatenating(base) }
        }
        return result
    }
}

extension Transform3D: RepeatedlyConcatenating {
    /// CATransform3DConcat(self, other) where it is finite; where an element leaves the range
    /// of doubles, the product as `WideTransform` takes it: ±infinity there, the other
    /// elements as they are, never the NaN of 0 × infinity or ∞ − ∞ from finite factors.
    package func concatenatingHeld(_ other: Transform3D) -> Transform3D {
        let plain = concatenating(other)
        guard !plain.isFinite, isFinite, other.isFinite else { return plain }
        return WideTransform(self).concatenating(WideTransform(other)).value
    }
}

extension AffineTransform {
    /// CGAffineTransformConcat(self, other) where it is finite; else as
    /// `Transform3D.concatenatingHeld(_:)` takes it.
    package func concatenatingHeld(_ other: AffineTransform) -> AffineTransform {
        let plain = concatenating(other)
        let (embedded, otherEmbedded) = (Transform3D(self), Transform3D(other))
        guard !Transform3D(plain).isFinite, embedded.isFinite, otherEmbedded.isFinite else { return plain }
        return AffineTransform(WideTransform(embedded).concatenating(WideTransform(otherEmbedded)).value)
    }
}
