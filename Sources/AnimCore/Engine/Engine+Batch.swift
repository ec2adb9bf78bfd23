/// Batch reads: one key's presentation value for many layers under one lock, for hosts that
/// read every layer every frame (the C API's `ac_layers_get_presentation`, the Python binding).

/// A batch read that stopped at one layer: the layer's index in the batch and what went wrong.
package struct BatchReadFailure: Error, Sendable {
    package let index: Int
    package let error: AnimCoreError

    package init(index: Int, error: AnimCoreError) {
        self.index = index
        self.error = error
    }
}

extension Engine {
    /// Writes the presentation value at `key` of each layer into `output`, layer i's
    /// `kind.slotCount` slots at `output + i × kind.slotCount` (the kind's slot layout; bool,
    /// integer and token as bit patterns). Every layer must hold a value of `kind` at `key`
    /// (`.wrongKind` otherwise; `.unknownKey` for an undeclared key never set). `output` must
    /// have room for `layers.count × kind.slotCount` Doubles. Stops at the first layer that
    /// fails, with its index; the slots of the layers before it are written.
    package func readPresentationValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, expecting kind: ValueKind,
        into output: UnsafeMutablePointer<Double>
    ) throws(BatchReadFailure) {
        let failure: BatchReadFailure?
        do throws(AnimCoreError) {
            // One state access for the whole batch (not one per layer).
            failure = try withState { state in
                state.readPresentationValues(forKey: key, of: layers, expecting: kind, into: output)
            }
        } catch {
            failure = BatchReadFailure(index: 0, error: error)
        }
        if let failure { throw failure }
    }
}

extension EngineState {
    /// The loop of `Engine.readPresentationValues`; nil when every layer was read.
    mutating func readPresentationValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, expecting kind: ValueKind,
        into output: UnsafeMutablePointer<Double>
    ) -> BatchReadFailure? {
        let stride = kind.slotCount
        var scratchValue = SlotScratch()
        return scratchValue.withPointer { slots -> BatchReadFailure? in
            for (index, layer) in layers.enumerated() {
                do throws(AnimCoreError) {
                    let slot = try layerSlot(layer)
                    guard let found = try readValue(forKey: key, slot: slot, presentation: true, into: slots) else {
                        throw AnimCoreError(.unknownKey, "the key is not declared by the layer's class and was never set on it")
                    }
                    guard found == kind else {
                        throw AnimCoreError(.wrongKind, "the layer holds \(found.name) values at the key, not \(kind.name)")
                    }
                    (output + index * stride).update(from: slots, count: stride)
                } catch {
                    return BatchReadFailure(index: index, error: error)
                }
            }
            return nil
        }
    }
}
