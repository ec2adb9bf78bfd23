/// One property's presentation value for many layers at once, under one lock: for hosts that
/// read every layer every frame.
extension Engine {
    /// The presentation value of one property of each of `layers`, read at the same tick.
    ///
    /// C: `ac_layers_get_presentation`.
    /// - Parameters:
    ///   - name: the property's typed name (or a key path into one).
    ///   - layers: layers of this engine, in any number.
    /// - Returns: one value per layer, in the order of `layers`.
    /// - Throws: for the first layer that fails, with its index in the message ("layers[2]:
    ///   ..."): `.wrongKind` when it holds another kind at `name`, `.unknownKey` for an
    ///   undeclared key never set, `.badHandle` for a destroyed layer or one of another engine;
    ///   `.invalidState` once the engine is invalidated.
    public func presentationValues<T>(_ name: PropertyName<T>, of layers: [Layer]) throws(AnimCoreError) -> [T] {
        guard !layers.isEmpty else { return [] }
        let kind = T.valueKind
        let stride = kind.slotCount
        let key = key(name.keyPath)
        let handles = layers.map(\.id)
        var slots = [Double](repeating: 0, count: layers.count * stride)
        let failure: BatchReadFailure? = handles.withUnsafeBufferPointer { handles in
            slots.withUnsafeMutableBufferPointer { output in
                guard let base = output.baseAddress else { return nil }
                do throws(BatchReadFailure) {
                    try readPresentationValues(forKey: key, of: handles, expecting: kind, into: base)
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure.error.prefixed("layers[\(failure.index)]: ") }
        var values: [T] = []
        values.reserveCapacity(layers.count)
        for index in layers.indices {
            let value = slots.withUnsafeBufferPointer { Value(kind: kind, slots: $0.baseAddress! + index * stride) }
            values.append(try name.typed(value))
        }
        return values
    }
}
