/// Path and array values read into a caller's memory without making a `Value`: one layer
/// (the C API's `ac_layer_get_path` and its siblings) or many under one lock (the batch reads
/// `ac_layers_get_presentation_path` and its siblings, the Python binding, and
/// `presentationValues(_:of:)` for these kinds). The single read finds the layer's memory
/// through `EngineState.variableRun`, the batch through the batch read's lookup
/// (`ValueStores.batchPresentationSlots`); both through `EngineState.withVariableRun` for a
/// class that does not declare the key (which answers undeclared keys and errors).
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
                state.forEachVariableRun(forKey: key, of: layers, presentation: presentation, expecting: kind, body)
            }
        } catch {
            failure = BatchReadFailure(index: 0, error: error)
        }
        if let failure { throw failure }
    }

    /// Copies the numbers of the path or array value at `key` of each of `layers`, in order and
    /// one after another, into `out`, under one lock: a path's coordinates, an array's
    /// numbers, four components per colour; the presentation value when `presentation`, else
    /// the model value. Counted in units of one number, or of a colour's four for `.colors`:
    /// `out` has room for `capacity` units, and layer i's are `offsets[i] ..< offsets[i + 1]`
    /// (`offsets` has room for `layers.count + 1`). Every offset is set even when `out` is too
    /// small: the layers that fit are copied, none after the first that does not.
    /// - Returns: the units all the layers need, `offsets[layers.count]`.
    /// - Throws: as `readVariableValues`.
    package func copyVariableNumbers(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, presentation: Bool, expecting kind: ValueKind,
        into out: UnsafeMutablePointer<Double>?, capacity: Int, offsets: UnsafeMutablePointer<Int>
    ) throws(BatchReadFailure) -> Int {
        // log2 of the numbers in a unit: 4 per colour.
        let unitShift = kind == .colors ? 2 : 0
        var end = 0
        offsets[0] = 0
        let failure: BatchReadFailure?
        do throws(AnimCoreError) {
            failure = try withState { state in
                state.forEachVariableRun(forKey: key, of: layers, presentation: presentation, expecting: kind) { index, run in
                    let size = run.count >> unitShift
                    // (Ends only grow: once a layer does not fit, none after it does.)
                    if size <= capacity - end, let out, let numbers = run.numbers {
                        (out + (end << unitShift)).update(from: numbers, count: run.count)
                    }
                    end += size
                    offsets[index + 1] = end
                }
            }
        } catch {
            failure = BatchReadFailure(index: 0, error: error)
        }
        if let failure { throw failure }
        return end
    }
}

extension EngineState {
    /// The loop of `Engine.readVariableValues` and `copyVariableNumbers`: calls `body(i, run)`
    /// with the memory of each layer's value, in order; nil when every layer was read, else
    /// the first failure. Where `key` lives is found once per run of layers of one class
    /// (`variableProperty`, kept as the batch read's `PresentationReader.ClassEntry`), the
    /// stores' pointers once per batch, and each layer's memory through the batch read's
    /// lookup (`ValueStores.batchPresentationSlots`, its layout's entry memoised); a class
    /// that does not declare `key` of `kind` goes through `withVariableRun` (an undeclared
    /// key's value, or the error). Inlined, so that each caller's `body` is compiled into the
    /// loop.
    @inline(__always)
    func forEachVariableRun(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, presentation: Bool, expecting kind: ValueKind,
        _ body: (Int, VariableRun) -> Void
    ) -> BatchReadFailure? {
        do throws(AnimCoreError) {
            try keys.check(key)
        } catch {
            return BatchReadFailure(index: 0, error: error)
        }
        // (`body` calls nothing of the engine: no store grows during the loop.)
        let stores = valueStores, store = variableValues
        // The class's entry where the lookups read it, as the scalar batch keeps its entries.
        return withUnsafeTemporaryAllocation(of: PresentationReader.ClassEntry.self, capacity: 1) { entrySpace in
            guard let entry = entrySpace.baseAddress else { return nil }
            // (No class yet: the first layer finds its own.)
            entry.initialize(to: PresentationReader.ClassEntry(
                property: -1, component: nil, modelOffset: 0, isInline: true, defaultBlock: -1, rows: stores.presentation))
            defer { entry.deinitialize(count: 1) }
            var classIndex = -1, memo = PresentationReader.Memo()
            for (index, layer) in layers.enumerated() {
                let slot: Int
                do throws(AnimCoreError) {
                    slot = try layerSlot(layer)
                } catch {
                    return BatchReadFailure(index: index, key: -1, error: error)
                }
                let place = stores.places + slot
                if Int(place.pointee.classIndex) != classIndex {
                    classIndex = Int(place.pointee.classIndex)
                    let property = variableProperty(classIndex, key, kind)
                    entry.pointee = PresentationReader.ClassEntry(
                        classes[classIndex], property.map { KeyPathTarget(property: $0, component: nil, kind: kind) })
                }
                if entry.pointee.property >= 0 {
                    let slots = presentation
                        ? stores.batchPresentationSlots(of: slot, place, entry.pointee.property, entry, memo: &memo)
                        : stores.batchModelSlots(place, entry)
                    body(index, store.run(kind, slot: slots[0]))
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
}
