/// The integer values a built-in integer property takes (an enum's raw values, a count), checked
/// when a model value is set (`EngineState.checkModelValue`): outside them, `.outOfRange` with
/// the key path and `meaning` in the message.
struct PropertyRange: Sendable {
    let values: ClosedRange<Int64>
    /// What the values are, for the message ("an alignment mode is 0 (natural) to 4").
    let meaning: String

    init(_ values: ClosedRange<Int64>, _ meaning: String) {
        self.values = values
        self.meaning = meaning
    }

    /// Throws `.outOfRange` naming `keyPath` when `value` is an integer outside the range.
    func check(_ value: Value, _ keyPath: String) throws(AnimCoreError) {
        guard case .integer(let number) = value, !values.contains(number) else { return }
        throw AnimCoreError(.outOfRange, "\(keyPath) is \(number); \(meaning)")
    }
}
