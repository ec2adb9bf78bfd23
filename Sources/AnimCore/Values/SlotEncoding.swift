/// Conversions between the Double slots of the bit-pattern kinds (`bool`, `integer`, `token`)
/// and their values, and the saturating Double → Int64 conversion the integer kind uses.
///
/// A slot of these kinds holds `Double(bitPattern:)` of the value's 64 bits and is only ever
/// copied or compared bit for bit, never computed on, so every Int64 and UInt64 round-trips
/// exactly (Int64.min is the bit pattern of −0.0; some values are NaN bit patterns).
package enum SlotEncoding {
    /// The slot holding `value` (its two's-complement bits).
    @inlinable package static func slot(integer value: Int64) -> Double {
        Double(bitPattern: UInt64(bitPattern: value))
    }

    /// The Int64 whose bits `slot` holds.
    @inlinable package static func integer(_ slot: Double) -> Int64 {
        Int64(bitPattern: slot.bitPattern)
    }

    /// The slot holding `value`: the bits of Int64 1 for true, all zero bits for false.
    @inlinable package static func slot(bool value: Bool) -> Double {
        Double(bitPattern: value ? 1 : 0)
    }

    /// The Boolean in `slot`: false for the all-zero bit pattern, true for any other.
    @inlinable package static func bool(_ slot: Double) -> Bool {
        slot.bitPattern != 0
    }

    /// The slot holding the token `value`.
    @inlinable package static func slot(token value: UInt64) -> Double {
        Double(bitPattern: value)
    }

    /// The token whose bits `slot` holds.
    @inlinable package static func token(_ slot: Double) -> UInt64 {
        slot.bitPattern
    }

    /// 2⁶³, the first Double above the Int64 range (Double(Int64.max) rounds up to it).
    @usableFromInline static let twoToThe63 = 9_223_372_036_854_775_808.0

    /// `value` rounded to the nearest integer (ties away from zero) and clamped to the Int64
    /// range; NaN gives 0. Never traps.
    @inlinable package static func saturatingInteger(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if rounded >= twoToThe63 { return .max }
        if rounded < -twoToThe63 { return .min }
        return Int64(rounded)
    }

    /// `value` rounded down (towards −∞) and clamped to the Int64 range; NaN gives 0.
    @inlinable package static func saturatingFloor(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let rounded = value.rounded(.down)
        if rounded >= twoToThe63 { return .max }
        if rounded < -twoToThe63 { return .min }
        return Int64(rounded)
    }

    /// `a + b` clamped to the Int64 range instead of overflowing.
    @inlinable package static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// `a − b` clamped to the Int64 range instead of overflowing.
    @inlinable package static func saturatingSubtract(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return b < 0 ? .max : .min
    }

    /// `a × b` clamped to the Int64 range instead of overflowing.
    @inlinable package static func saturatingMultiply(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return product }
        return (a < 0) == (b < 0) ? .max : .min
    }
}
