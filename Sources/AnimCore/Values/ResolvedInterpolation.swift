/// An interpolation of two variable-length values (`ValueKind.isVariableLength`) of one shape
/// into a buffer, its handles resolved to the runs of numbers they name
/// (`VariableValues.resolveInterpolation`): what a basic or spring animation given both ends
/// computes every tick, without looking its three values up each time.
struct ResolvedInterpolation {
    /// The runs of the two ends (nil: the empty value) and of the buffer; `count` numbers each.
    var from: UnsafeMutablePointer<Double>?
    var to: UnsafeMutablePointer<Double>?
    var result: UnsafeMutablePointer<Double>?
    var count: Int

    /// The slots it takes where it is kept (`write(_:into:)`).
    static let slotCount = 4

    /// Writes `from + (to − from) × fraction` into the buffer's run, element by element
    /// (`VariableInterpolation.interpolate`, the arithmetic `VariableValues.interpolate` does
    /// for values of one shape); `fraction` may lie outside 0…1 (a spring's overshoots).
    @inline(__always)
    func interpolate(_ kind: ValueKind, fraction: Double) {
        guard let result, count > 0 else { return }
        VariableInterpolation.interpolate(kind, from: from, to: to, count: count, fraction: fraction, into: result)
    }

    /// Keeps it in `slots`, each field as the bit pattern of a word (`count` −1 for none), so
    /// that reading it back converts no number.
    static func write(_ resolved: ResolvedInterpolation?, into slots: UnsafeMutablePointer<Double>) {
        func bits(_ word: Int) -> Double { Double(bitPattern: UInt64(UInt(bitPattern: word))) }
        func bits(_ pointer: UnsafeMutablePointer<Double>?) -> Double { bits(Int(bitPattern: pointer)) }
        guard let resolved else { return (slots[0], slots[1], slots[2], slots[3]) = (0, 0, 0, bits(-1)) }
        (slots[0], slots[1], slots[2]) = (bits(resolved.from), bits(resolved.to), bits(resolved.result))
        slots[3] = bits(resolved.count)
    }

    /// The one kept in `slots` (`write(_:into:)`), or nil.
    @inline(__always)
    init?(slots: UnsafePointer<Double>) {
        func word(_ slot: Double) -> Int { Int(bitPattern: UInt(truncatingIfNeeded: slot.bitPattern)) }
        let count = word(slots[3])
        guard count >= 0 else { return nil }
        func pointer(_ slot: Double) -> UnsafeMutablePointer<Double>? { UnsafeMutablePointer(bitPattern: word(slot)) }
        (from, to, result, self.count) = (pointer(slots[0]), pointer(slots[1]), pointer(slots[2]), count)
    }

    init(from: UnsafeMutablePointer<Double>?, to: UnsafeMutablePointer<Double>?, result: UnsafeMutablePointer<Double>?, count: Int) {
        (self.from, self.to, self.result, self.count) = (from, to, result, count)
    }
}
