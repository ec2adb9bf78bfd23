/// Small checks shared by every validating initializer; each throws an `AnimCoreError` whose
/// message names `field` and the value it saw. `field` is made only for a message: a check
/// that passes builds no string.
package enum Check {
    /// `value` must be finite.
    static func finite(_ value: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        guard value.isFinite else {
            throw AnimCoreError(.notFinite, "\(field()) is \(value); it must be finite")
        }
    }

    /// `value` must not be NaN and must be >= 0 (infinity allowed).
    static func nonNegative(_ value: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        guard !value.isNaN else {
            throw AnimCoreError(.notFinite, "\(field()) is nan; it must be a number >= 0")
        }
        guard value >= 0 else {
            throw AnimCoreError(.outOfRange, "\(field()) is \(value); it must be >= 0")
        }
    }

    /// `value` must be finite and > 0.
    static func positive(_ value: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        try finite(value, field())
        guard value > 0 else {
            throw AnimCoreError(.outOfRange, "\(field()) is \(value); it must be > 0")
        }
    }

    /// `value` must be finite and within `range`.
    static func within(_ value: Double, _ range: ClosedRange<Double>, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        try finite(value, field())
        guard range.contains(value) else {
            throw AnimCoreError(
                .outOfRange,
                "\(field()) is \(value); it must be in [\(range.lowerBound), \(range.upperBound)]")
        }
    }

    /// `value` must be a time: finite, within ±1e15 seconds (`MediaTiming.Limits.time`). The C
    /// shim's time arguments take the same rule.
    package static func time(_ value: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        try finite(value, field())
        guard abs(value) <= MediaTiming.Limits.time else {
            throw AnimCoreError(.outOfRange, "\(field()) is \(value); it must be within ±1e15")
        }
    }

    /// `value` must be a duration: in [0, 1e15] seconds, or infinite.
    static func durationOrInfinity(_ value: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        try nonNegative(value, field())
        guard value == .infinity || value <= MediaTiming.Limits.time else {
            throw AnimCoreError(
                .outOfRange, "\(field()) is \(value); it must be <= \(MediaTiming.Limits.time) or infinity")
        }
    }
}
