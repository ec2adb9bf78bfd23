/// The check every value from outside passes before the engine stores or animates it.
extension Value {
    /// Throws `.notFinite` when a floating-point component is NaN or infinite (+infinity is
    /// accepted when `allowingInfinity`); bool, integer and token values always pass. The
    /// message names `field` and the component ("position.v[1] is nan; it must be finite").
    package func checkFinite(_ field: @autoclosure () -> String, allowingInfinity: Bool = false) throws(AnimCoreError) {
        guard !kind.storesBitPatterns else { return }
        var scratch = SlotScratch()
        let bad: (index: Int, number: Double)? = scratch.withPointer { slots in
            write(into: slots)
            for index in 0..<kind.slotCount where !slots[index].isFinite {
                if allowingInfinity && slots[index] == .infinity { continue }
                return (index, slots[index])
            }
            return nil
        }
        guard let bad else { return }
        let component = kind.slotCount == 1 ? field() : "\(field()).v[\(bad.index)]"
        throw AnimCoreError(
            .notFinite, "\(component) is \(bad.number); it must be finite\(allowingInfinity ? " or infinity" : "")")
    }
}
