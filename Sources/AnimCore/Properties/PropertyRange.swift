/// The values a built-in property takes (an enum's raw values, a count, a bounded number),
/// checked when a model value is set (`EngineState.checkModelValue`): outside them,
/// `.outOfRange` with the key path and `meaning` in the message; a scalar must be finite too.
struct PropertyRange: Sendable {
    let values: ClosedRange<Double>
    /// What the values are, for the message ("an alignment mode is 0 (natural) to 4").
    let meaning: String

    init(_ values: ClosedRange<Int64>, _ meaning: String) {
        self.values = Double(values.lowerBound)...Double(values.upperBound)
        self.meaning = meaning
    }

    init(_ values: ClosedRange<Double>, _ meaning: String) {
        self.values = values
        self.meaning = meaning
    }

    /// Throws `.notFinite` for a scalar that is not finite, `.outOfRange` naming `keyPath` for
    /// an integer or scalar outside the range.
    func check(_ value: Value, _ keyPath: String) throws(AnimCoreError) {
        switch value {
        case .integer(let number) where !values.contains(Double(number)):
            throw AnimCoreError(.outOfRange, "\(keyPath) is \(number); \(meaning)")
        case .scalar(let number):
            try value.checkFinite(keyPath)
            guard values.contains(number) else { throw AnimCoreError(.outOfRange, "\(keyPath) is \(number); \(meaning)") }
        default:
            break
        }
    }

    /// `value` brought into the range (NaN to the lower bound): what the render list uses of an
    /// animated value, which no check has seen.
    func clamped(_ value: Double) -> Double {
        value >= values.lowerBound ? min(value, values.upperBound) : values.lowerBound
    }
}
