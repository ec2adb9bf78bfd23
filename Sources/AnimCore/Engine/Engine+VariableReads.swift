/// Path and array values read into a caller's memory without making a `Value`: one layer
/// (the C API's `ac_layer_get_path` and its siblings) or many under one lock (the batch reads
/// `ac_layers_get_presentation_path` and its siblings, the Python binding, and
/// `presentationValues(_:of:)` for these kinds). Both find each layer's memory through
/// `EngineState.variableRun` (a class that does not declare the key through
/// `EngineState.withVariableRun`, which answers undeclared keys and errors).
extension Engine {
    /// Runs `body` with the memory of the path or array value at `key` of `layer` (the
    /// presentation value when `presentation`, else the model value), which must be of `kind`.
    /// The memory is valid inside `body` only; `body` must not call the engine.
    /// - Throws: `.badHandle` for a dead layer, `.unknownKey` for an undeclared key never set,
    ///   `.wrongKind` when the layer holds another kind at `key`, `.invalidState` once the
    ///   engine is invalidated.
    package func readVariableValue<R>(
        forKey key: PropertyKey, of layer: LayerID, presentation: Bool, expecting kind: ValueKind,
        _ body: (VariableRun) -> R
    ) throws(AnimCoreError) -> R {
        try withState { (state) throws(AnimCoreError) in
            try state.withVariableRun(forKey: key, slot: state.layerSlot(layer), presentation: presentation, expecting: kind, body)
        }
    }

    /// Calls `body(i, run)` with the memory of the path or array value at `key` of each of
    /// `layers` in order, under one lock: the presentation value when `presentation`, else the
    /// model value. Every layer must hold `kind` at `key`. The memory is valid inside each call
    /// only; `body` must not call the engine.
    ///
    /// One thread: the copy a caller makes is a prefix sum of the layers' sizes (where layer i
    /// starts depends on every layer before it) over memory bound work, so parts on the tick
    /// threads would first need a pass of their own to count.
    /// - Throws: for the first layer that fails, with its index (the layers before it were
    ///   given to `body`): key −1 and `.badHandle` for a dead layer; key 0 and `.unknownKey` or
    ///   `.wrongKind` as `readVariableValue`; index 0 and `.invalidState` once the engine is
    ///   invalidated.
    package func readVariableValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, presentation: Bool, expecting kind: ValueKind,
        _ body: (Int, VariableRun) -> Void
    ) throws(BatchReadFailure) {
        let failure: BatchReadFailure?
        do throws(AnimCoreError) {
            failure = try withState { state in
                state.readVariableValues(forKey: key, of: layers, presentation: presentation, expecting: kind, body)
            }
        } catch {
            failure = BatchReadFailure(index: 0, error: error)
        }
        if let failure { throw failure }
    }
}

extension EngineState {
    /// The loop of `Engine.readVariableValues`; nil when every layer was read. The property
    /// that holds `key` is found once per run of layers of one class (`variableProperty`);
    /// each layer's memory through `variableRun`, or `withVariableRun` for a class that does
    /// not declare `key` of `kind` (which answers it: an undeclared key's value, or the error).
    func readVariableValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, presentation: Bool, expecting kind: ValueKind,
        _ body: (Int, VariableRun) -> Void
    ) -> BatchReadFailure? {
        do throws(AnimCoreError) {
            try keys.check(key)
        } catch {
            return BatchReadFailure(index: 0, error: error)
        }
        var resolved = (classIndex: -1, property: -1)
        for (index, layer) in layers.enumerated() {
            let slot: Int
            do throws(AnimCoreError) {
                slot = try layerSlot(layer)
            } catch {
                return BatchReadFailure(index: index, key: -1, error: error)
            }
            let classIndex = Int(places[slot].classIndex)
            if classIndex != resolved.classIndex {
                resolved = (classIndex, variableProperty(classIndex, key, kind) ?? -1)
            }
            if resolved.property >= 0 {
                body(index, variableRun(slot, resolved.property, presentation: presentation, kind))
                continue
            }
            do throws(AnimCoreError) {
                try withVariableRun(forKey: key, slot: slot, presentation: presentation, expecting: kind) { body(index, $0) }
            } catch {
                return BatchReadFailure(index: index, error: error)
            }
        }
        return nil
    }
}
