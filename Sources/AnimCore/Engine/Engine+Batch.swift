/// Batch reads: keys' presentation values for many layers under one lock, for hosts that read
/// every layer every frame (the C API's `ac_layers_get_presentation` and
/// `ac_layers_get_presentation_table`, the Python binding).

/// A batch read that stopped at one layer: the layer's index in the batch, the key's index in
/// the keys read (0 for one key; −1 when the layer itself is refused: a bad handle) and what
/// went wrong.
package struct BatchReadFailure: Error, Sendable {
    package let index: Int
    package let key: Int
    package let error: AnimCoreError

    package init(index: Int, key: Int = 0, error: AnimCoreError) {
        self.index = index
        self.key = key
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
        var key = key, kind = kind
        try withUnsafePointer(to: &key) { (key) throws(BatchReadFailure) in
            try withUnsafePointer(to: &kind) { (kind) throws(BatchReadFailure) in
                try readPresentationTable(
                    forKeys: UnsafeBufferPointer(start: key, count: 1), of: layers,
                    expecting: UnsafeBufferPointer(start: kind, count: 1), into: output)
            }
        }
    }

    /// Writes the presentation values at `keys` of each layer into `output` as a table: layer
    /// i's row at `output + i × stride`, where stride is the sum of `kinds`' slot counts, holds
    /// key 0's slots, then key 1's, and so on (each in its kind's slot layout; bool, integer and
    /// token as bit patterns). Every layer must hold a value of `kinds[k]` at `keys[k]`
    /// (`.wrongKind` otherwise; `.unknownKey` for an undeclared key never set; `.badHandle` for a
    /// dead layer, with key −1; `.invalidArgument` when `keys` and `kinds` differ in count). One
    /// pass over the layers, reading each one's keys together (then one over the rows that hold
    /// "frame" or an undeclared key, for those keys alone). `output` must have room for
    /// `layers.count × stride` Doubles. Stops at the first layer and key that fail, with their
    /// indexes; the rows of the layers before it are written.
    package func readPresentationTable(
        forKeys keys: UnsafeBufferPointer<PropertyKey>, of layers: UnsafeBufferPointer<LayerID>,
        expecting kinds: UnsafeBufferPointer<ValueKind>, into output: UnsafeMutablePointer<Double>
    ) throws(BatchReadFailure) {
        let failure: BatchReadFailure?
        do throws(AnimCoreError) {
            // One state access for the whole batch (not one per layer).
            failure = try withState { state in
                state.readPresentationTable(forKeys: keys, of: layers, expecting: kinds, into: output)
            }
        } catch {
            failure = BatchReadFailure(index: 0, error: error)
        }
        if let failure { throw failure }
    }
}

extension EngineState {
    /// The loop of `Engine.readPresentationTable`; nil when every layer was read. The fast
    /// path (`PresentationReader`) reads what it can, on the tick threads for a large batch:
    /// every key that is a declared property of the expected kind in the layer's class, or a
    /// key path into one whose part is of that kind ("position.x"). The general read fills the
    /// other keys ("frame", an undeclared key, another kind: refused there) of the layers it
    /// read, then goes on in order from the first layer it could not read (a dead one). A read
    /// that a memo describes (`BatchReadMemos`: the same layers and keys as a recent read, no
    /// layer's place changed since) copies each value from where that read found it.
    func readPresentationTable(
        forKeys keys: UnsafeBufferPointer<PropertyKey>, of layers: UnsafeBufferPointer<LayerID>,
        expecting kinds: UnsafeBufferPointer<ValueKind>, into output: UnsafeMutablePointer<Double>
    ) -> BatchReadFailure? {
        guard keys.count == kinds.count else {
            return BatchReadFailure(index: 0, error: AnimCoreError(.invalidArgument, "\(keys.count) keys but \(kinds.count) kinds"))
        }
        if let position = kinds.firstIndex(where: \.isVariableLength) {
            return BatchReadFailure(index: 0, error: Self.variableLengthInTable(kinds[position], key: position))
        }
        guard let handles = layers.baseAddress, !keys.isEmpty else { return nil }
        for key in keys.indices {
            do throws(AnimCoreError) {
                try self.keys.check(keys[key])
            } catch {
                return BatchReadFailure(index: 0, key: key, error: error)
            }
        }
        let count = layers.count
        let keyCount = keys.count
        let stride = kinds.reduce(0) { $0 + $1.slotCount }
        if let memo = batchReadMemos.memo(describing: handles, count: count, keys: keys, kinds: kinds, placeChanges: placeChanges),
           readRemembered(memo, kinds, stride: stride, into: output) {
            return nil
        }
        // How each class reads each key: class c's key k at c × keyCount + k; nil for the
        // general read. (A reused array: no allocation per read.)
        tableTargets.removeAll(keepingCapacity: true)
        for classIndex in classes.indices {
            for key in 0..<keyCount { tableTargets.append(tableTarget(classIndex, keys[key], kinds[key])) }
        }
        let targets = tableTargets
        let stop = readPresentationTableRemembering(
            forKeys: keys, of: handles, count: count, expecting: kinds, targets: targets, stride: stride, into: output)
        let next = stop.layer
        let firstLeft = min(stop.firstLeft, next)
        guard firstLeft < next || next < count else { return nil }
        var scratchValue = SlotScratch()
        return scratchValue.withPointer { slots -> BatchReadFailure? in
            // The keys the fast path left in the rows it read (their layers are alive).
            if firstLeft < next {
                for index in firstLeft..<next {
                    let slot = Handle.unpack(handles[index].rawValue, kind: .layer).unsafelyUnwrapped.index
                    let classTargets = Int(places[slot].classIndex) * keyCount
                    var column = 0
                    for key in 0..<keyCount {
                        if targets[classTargets + key] == nil, let failure = readTableCell(
                            keys[key], kinds[key], slot: slot, into: output + index * stride + column, scratch: slots) {
                            return BatchReadFailure(index: index, key: key, error: failure)
                        }
                        column += kinds[key].slotCount
                    }
                }
            }
            // Every key of the layers from the first the fast path could not read.
            for index in next..<count {
                let slot: Int
                do throws(AnimCoreError) {
                    slot = try layerSlot(handles[index])
                } catch {
                    return BatchReadFailure(index: index, key: -1, error: error)
                }
                var column = 0
                for key in 0..<keyCount {
                    if let failure = readTableCell(keys[key], kinds[key], slot: slot, into: output + index * stride + column, scratch: slots) {
                        return BatchReadFailure(index: index, key: key, error: failure)
                    }
                    column += kinds[key].slotCount
                }
            }
            return nil
        }
    }

    /// `readPresentationTableFast`, noting each cell's location in a memo of `batchReadMemos`
    /// when the batch has `BatchReadMemo.layersMinimum` layers or more, which keeps them when
    /// the fast read read every cell (leaving none to the general read).
    private func readPresentationTableRemembering(
        forKeys keys: UnsafeBufferPointer<PropertyKey>, of handles: UnsafePointer<LayerID>, count: Int,
        expecting kinds: UnsafeBufferPointer<ValueKind>, targets: [KeyPathTarget?], stride: Int,
        into output: UnsafeMutablePointer<Double>
    ) -> PresentationReader.Stop {
        let memo = count >= BatchReadMemo.layersMinimum ? batchReadMemos.memoToFill(placeChanges: placeChanges) : nil
        let locations = memo.flatMap { prepare($0, keys, kinds, count: count, targets: targets) }
        let stop = readPresentationTableFast(
            forKeys: keys, of: handles, count: count, expecting: kinds, targets: targets, stride: stride, locations: locations,
            into: output)
        if let memo, locations != nil {
            if stop.layer == count && stop.firstLeft == count {
                memo.keep(handles, count: count, placeChanges: placeChanges)
            } else {
                memo.forget()
            }
        }
        return stop
    }

    /// Room in `memo` for the locations of a read of `count` layers at `keys` of `kinds`, each
    /// read by every class as `targets` say (class c's key k at c × keys + k); nil when two
    /// classes read a key differently (another part of the value, or of a value of another
    /// size), which a memo does not keep.
    private func prepare(
        _ memo: BatchReadMemo, _ keys: UnsafeBufferPointer<PropertyKey>, _ kinds: UnsafeBufferPointer<ValueKind>, count: Int,
        targets: [KeyPathTarget?]
    ) -> UnsafeMutablePointer<BatchReadMemo.Location>? {
        let locations = memo.prepare(layers: count, keys: keys, kinds: kinds)
        for key in keys.indices {
            var part: (component: KeyPathComponent?, width: Int)?
            for classIndex in classes.indices {
                guard let target = targets[classIndex * keys.count + key] else { continue }
                let width = classes[classIndex].layouts[target.property].kind.slotCount
                if let part, part.component != target.component || part.width != width { return nil }
                part = (target.component, width)
            }
            memo.notePart(part?.component, sourceWidth: part?.width ?? 0)
        }
        return locations
    }

    /// The read of the layers and keys `memo` describes, from the locations it kept, into
    /// `output` (rows of `stride` slots, the keys of `kinds` in order); false when a location
    /// is past its buffer's end (the memo is then forgotten, the read to be made with lookups).
    private func readRemembered(
        _ memo: BatchReadMemo, _ kinds: UnsafeBufferPointer<ValueKind>, stride: Int, into output: UnsafeMutablePointer<Double>
    ) -> Bool {
        let bufferCount = classes.count + 1
        // Buffer 0 is the presentation buffer, buffer c + 1 class c's model rows (on the stack:
        // no allocation per read).
        let read = withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Double>.self, capacity: bufferCount) { buffers in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: bufferCount + 2 * kinds.count) { numbers in
                guard let bases = buffers.baseAddress, let limits = numbers.baseAddress else { return false }
                bases[0] = presentation.base
                limits[0] = presentation.used
                for (index, layerClass) in classes.enumerated() {
                    bases[index + 1] = layerClass.rows.base
                    limits[index + 1] = layerClass.rows.used
                }
                let columns = limits + bufferCount, widths = columns + kinds.count
                var column = 0
                for (key, kind) in kinds.enumerated() {
                    columns[key] = column
                    widths[key] = kind.slotCount
                    column += kind.slotCount
                }
                return memo.read(
                    buffers: bases, limits: limits, bufferCount: bufferCount, columns: columns, widths: widths, stride: stride,
                    into: output)
            }
        }
        if !read { memo.forget() }
        return read
    }

    /// How a table reads `key` in the class at `classIndex`, expecting `kind`: a declared
    /// property of that kind (its whole value), or a key path into a declared property whose
    /// component is of that kind (`resolve(key:in:)`'s target); nil for the general read
    /// ("frame", an undeclared key, another kind).
    private func tableTarget(_ classIndex: Int, _ key: PropertyKey, _ kind: ValueKind) -> KeyPathTarget? {
        let layerClass = classes[classIndex]
        if let property = layerClass.propertyIndex(for: key) {
            return layerClass.layouts[property].kind == kind ? KeyPathTarget(property: property, component: nil, kind: kind) : nil
        }
        guard let name = self.keys.name(of: key), name != "frame",
              let target = layerClass.keyPathTarget(key, path: name, keys: self.keys), target.kind == kind
        else { return nil }
        return target
    }

    /// One cell of a table the general way: the presentation value at `key` of the layer in
    /// `slot`, which must be of `kind`, into `cell` (through `scratch`); the error when not.
    private func readTableCell(
        _ key: PropertyKey, _ kind: ValueKind, slot: Int, into cell: UnsafeMutablePointer<Double>,
        scratch: UnsafeMutablePointer<Double>
    ) -> AnimCoreError? {
        do throws(AnimCoreError) {
            guard let found = try readValue(forKey: key, slot: slot, presentation: true, into: scratch) else {
                throw AnimCoreError(.unknownKey, "the key is not declared by the layer's class and was never set on it")
            }
            guard found == kind else {
                throw AnimCoreError(.wrongKind, "the layer holds \(found.name) values at the key, not \(kind.name)")
            }
            cell.update(from: scratch, count: found.slotCount)
            return nil
        } catch {
            return error
        }
    }

    /// The fast path of `readPresentationTable`: where it stopped (`layer`: the first layer it
    /// could not read, `count` when it read them all; `firstLeft`: the first row before that
    /// with a key left to the general read, or past it when none is).
    private func readPresentationTableFast(
        forKeys keys: UnsafeBufferPointer<PropertyKey>, of handles: UnsafePointer<LayerID>, count: Int,
        expecting kinds: UnsafeBufferPointer<ValueKind>, targets: [KeyPathTarget?], stride: Int,
        locations: UnsafeMutablePointer<BatchReadMemo.Location>?, into output: UnsafeMutablePointer<Double>
    ) -> PresentationReader.Stop {
        let keyCount = keys.count
        // Each key's column: its first slot in a row (`columns[k]`) and its slots
        // (`widths[k]`); on the stack, as the class entries (no allocation per read).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * keyCount) { columnSpace in
            guard let columns = columnSpace.baseAddress else { return PresentationReader.Stop(layer: 0, firstLeft: 0) }
            let widths = columns + keyCount
            var column = 0
            for (key, kind) in kinds.enumerated() {
                columns[key] = column
                widths[key] = kind.slotCount
                column += kind.slotCount
            }
            return readPresentationTableFast(
                forKeys: keys, of: handles, count: count, targets: targets, columns: columns, widths: widths, stride: stride,
                locations: locations, into: output)
        }
    }

    /// `readPresentationTableFast` with its columns laid out.
    private func readPresentationTableFast(
        forKeys keys: UnsafeBufferPointer<PropertyKey>, of handles: UnsafePointer<LayerID>, count: Int,
        targets: [KeyPathTarget?], columns: UnsafeMutablePointer<Int>, widths: UnsafeMutablePointer<Int>,
        stride: Int, locations: UnsafeMutablePointer<BatchReadMemo.Location>?, into output: UnsafeMutablePointer<Double>
    ) -> PresentationReader.Stop {
        let keyCount = keys.count
        return withUnsafeTemporaryAllocation(of: PresentationReader.ClassEntry.self, capacity: classes.count * keyCount) { entries in
            guard let base = entries.baseAddress else { return PresentationReader.Stop(layer: 0, firstLeft: 0) }
            for (index, layerClass) in classes.enumerated() {
                for key in 0..<keyCount {
                    (base + index * keyCount + key).initialize(
                        to: PresentationReader.ClassEntry(layerClass, targets[index * keyCount + key]))
                }
            }
            let reader = PresentationReader(
                stores: valueStores, layerCount: self.layers.count,
                classes: base, keyCount: keyCount, columns: columns, widths: widths, stride: stride,
                locations: locations, presentationLimit: presentation.used)
            let parts = min(tickThreads?.count ?? 1, max(1, count * keyCount / SteadyLane.entriesPerThreadMinimum))
            guard parts > 1, let threads = tickThreads else { return reader.read(handles, 0..<count, into: output) }
            // Each part reads its own layers; the batch goes on from the first stop, and
            // the general read fills the left keys from the first row with one before it.
            return withUnsafeTemporaryAllocation(of: PresentationReader.Stop.self, capacity: parts) { stops in
                guard let stopsBase = stops.baseAddress else { return PresentationReader.Stop(layer: 0, firstLeft: 0) }
                var round = PresentationReader.Round(
                    reader: reader, handles: handles, output: output, stops: stopsBase, count: count, parts: parts)
                withUnsafeMutablePointer(to: &round) { round in
                    threads.run(parts: parts, context: UnsafeMutableRawPointer(round)) { round, part in
                        round.assumingMemoryBound(to: PresentationReader.Round.self).pointee.read(part: part)
                    }
                }
                var firstLeft = count
                for part in 0..<parts {
                    // (A part with no key left notes the end of its own rows: none for the batch.)
                    if stops[part].firstLeft < stops[part].layer { firstLeft = min(firstLeft, stops[part].firstLeft) }
                    if stops[part].layer < count * (part + 1) / parts {
                        return PresentationReader.Stop(layer: stops[part].layer, firstLeft: firstLeft)
                    }
                }
                return PresentationReader.Stop(layer: count, firstLeft: firstLeft)
            }
        }
    }
}

/// A batch write refused at one layer: its index in the batch and what went wrong. Nothing was
/// changed unless `changed` is true (the checks passed and a change failed on the way: an
/// action callback removed the layer, or the layer's action failed after its value changed).
package struct BatchWriteFailure: Error, Sendable {
    package let index: Int
    package let error: AnimCoreError
    /// Whether layers have changed: those before `index`, and `index` itself when its action
    /// failed (its value changes all the same, as `setValue` does).
    package let changed: Bool
}

extension Engine {
    /// Sets the model value at `key` of every layer, layer i's from the `kind.slotCount` numbers
    /// at `numbers + i × kind.slotCount` in the kind's slot layout, where a bool, integer or
    /// token is its integer as a Double (0 or 1; an integral number in Int64's or UInt64's
    /// range). Each change is `setValue(_:forKey:of:)`'s, its action included, in the order of
    /// `layers`. Every layer and value is checked first — each layer must hold `kind` at `key`
    /// (any kind at an undeclared key; a rect at "frame"), each value must pass the key's checks
    /// — so that a refused batch changes nothing.
    /// - Throws: `BatchWriteFailure` with the index of the first layer refused and the error
    ///   `setValue` would give (`.badHandle`, `.wrongKind`, `.notFinite`, `.outOfRange`,
    ///   `.unknownKey` for a key path that does not resolve); `changed` when the checks passed
    ///   and a change failed on the way: an action callback of an earlier change destroyed a
    ///   later layer, or a layer's action failed (its value and those before it changed).
    package func setValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, kind: ValueKind,
        from numbers: UnsafePointer<Double>
    ) throws(BatchWriteFailure) {
        if kind.isVariableLength {
            throw BatchWriteFailure(index: 0, error: EngineState.variableLengthInTable(kind, key: 0), changed: false)
        }
        try lock.withLock { () throws(BatchWriteFailure) in
            // Either no action can run (the numbers go straight into the model rows), or the
            // checks passed on the numbers as they are (no `Value` needed for the changes).
            let direct = (try? withState { state in state.setValuesDirectly(forKey: key, of: layers, kind: kind, from: numbers) })
                ?? .refused
            if direct == .done { return }
            let inPlace = direct == .checked
            var values: [Value] = []
            if !inPlace {
                let checked: Result<[Value], BatchWriteFailure>
                do throws(AnimCoreError) {
                    checked = try withState { state in state.batchValues(forKey: key, of: layers, kind: kind, from: numbers) }
                } catch {
                    checked = .failure(BatchWriteFailure(index: 0, error: error, changed: false))
                }
                values = try checked.get()
            }
            let stride = kind.slotCount
            var index = 0
            do throws(AnimCoreError) {
                while index < layers.count {
                    // [Perf] A run of direct changes under one state access; a change that needs
                    // the general path (an action callback may run) takes it alone.
                    try withState { (state) throws(AnimCoreError) in
                        if inPlace {
                            return try state.changeDirectly(batchFrom: &index, forKey: key, of: layers, kind: kind, from: numbers)
                        }
                        while index < layers.count, try state.changeDirectly(values[index], forKey: key, of: layers[index]) {
                            index += 1
                        }
                    }
                    if index < layers.count {
                        // Checked above: the key has a name.
                        let value = inPlace ? Value(kind: kind, slots: numbers + index * stride) : values[index]
                        try setValueGenerally(value, forKeyPath: state.keys.name(of: key) ?? "", of: layers[index])
                        index += 1
                    }
                }
            } catch {
                throw BatchWriteFailure(index: index, error: error, changed: true)
            }
        }
    }
}

extension EngineState {
    /// The refusal of a path or array kind in a batch table: its cells are a fixed run of
    /// slots, which cannot carry a variable-length value (`.wrongKind`, naming the key's
    /// position and the kind, and the calls that can).
    static func variableLengthInTable(_ kind: ValueKind, key position: Int) -> AnimCoreError {
        AnimCoreError(
            .wrongKind,
            "kinds[\(position)] is \(kind.name): a batch table's fixed-width cells cannot carry \(kind.name) values; read or set them one layer at a time (ac_layer_get_\(kind.name) / ac_layer_set_\(kind.name))")
    }

    /// What `setValuesDirectly` did.
    enum DirectBatch {
        /// Every layer is set.
        case done
        /// Nothing is set; the checks passed on the numbers as they are (each is the kind's
        /// slots), but a change may run an action: the changes go one by one.
        case checked
        /// Nothing is set; the general checks (`batchValues`) decide.
        case refused
    }

    /// The batch set's fast path, for a declared property with coordinates held inline (not a
    /// layer timing property) and numbers that are all finite. Checks every layer first. When
    /// no change can run an action — for each layer actions disabled on this thread, a
    /// property that is not animatable or a layer not committed yet — sets them all (`.done`);
    /// otherwise `.checked`. `.refused` when a check fails, having changed nothing (the general
    /// path then names what it refuses).
    func setValuesDirectly(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, kind: ValueKind,
        from numbers: UnsafePointer<Double>
    ) -> DirectBatch {
        guard kind.hasCoordinates, (try? keys.check(key)) != nil else { return .refused }
        let stride = kind.slotCount
        let disabled = isEnding || actionsDisabled()
        // The key resolved for the last class seen (most batches are one class): a declared
        // property of `kind` held inline, not a timing property; −1 for none.
        var resolved = (classIndex: Int32(-1), property: -1)
        func property(in classIndex: Int32) -> Int {
            guard classIndex != resolved.classIndex else { return resolved.property }
            var property = -1
            if let declared = directProperty(Int(classIndex), key) {
                let layout = classes[Int(classIndex)].layouts[declared]
                if layout.kind == kind && layout.isInline { property = declared }
            }
            resolved = (classIndex, property)
            return property
        }
        var mayRunActions = false
        for (index, layer) in layers.enumerated() {
            guard let slot = try? layerSlot(layer) else { return .refused }
            let classIndex = self.places[slot].classIndex
            let property = property(in: classIndex)
            guard property >= 0 else { return .refused }
            let layout = classes[Int(classIndex)].layouts[property]
            if layout.isAnimatable && self.layers[slot].isCommitted && !disabled { mayRunActions = true }
            let source = numbers + index * stride
            guard kind.firstNonFinite(in: source) == nil else { return .refused }
        }
        if mayRunActions { return .checked }
        for (index, layer) in layers.enumerated() {
            // Checked above: live layers whose class holds the property inline.
            guard let slot = try? layerSlot(layer) else { continue }
            let classIndex = self.places[slot].classIndex
            let property = property(in: classIndex)
            let layerClass = classes[Int(classIndex)]
            let layout = layerClass.layouts[property]
            let source = numbers + index * stride
            let model = layerClass.rows.pointer(Int(self.places[slot].row)) + layout.offset
            // `changeDirectly`: an equal value changes nothing (no display mark).
            if ValueMath.equal(kind, model, source) { continue }
            for k in 0..<stride { model[k] = source[k] }
            propertyDidChange(slot, property, layout)
        }
        return .done
    }

    /// `changeDirectly(kind:slots:forKey:of:)` for the layers of a batch from `index` on, layer
    /// i's value the `kind.slotCount` numbers at `numbers + i × kind.slotCount` (checked by
    /// `setValuesDirectly`), the key's property found once per class, the implicit animations
    /// registered with the transaction together when it ends.
    /// Advances `index` past the layers it sets; stops at the first layer whose change takes
    /// the general path (`index` is then that layer's; `layers.count` when every one is set).
    /// - Throws: `.badHandle` for the layer at `index` gone (an action callback of an earlier
    ///   change may destroy a later layer); the layers before it are set.
    func changeDirectly(
        batchFrom index: inout Int, forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, kind: ValueKind,
        from numbers: UnsafePointer<Double>
    ) throws(AnimCoreError) {
        let stride = kind.slotCount
        defer { registerDeferredStarts() }
        let actionsRun = !isEnding && !actionsDisabled()
        var resolved = (classIndex: -1, property: -1)
        while index < layers.count {
            let slot = try layerSlot(layers[index])
            let classIndex = Int(self.places[slot].classIndex)
            if classIndex != resolved.classIndex {
                guard let property = directProperty(classIndex, key) else { break }
                resolved = (classIndex, property)
            }
            let layout = classes[classIndex].layouts[resolved.property]
            let source = numbers + index * stride
            // (Checked before the first change; an action callback must not change them since.)
            guard layout.kind == kind && !kind.storesBitPatterns, kind.firstNonFinite(in: source) == nil else { break }
            guard changeDirectly(slot, classIndex, resolved.property, layout, to: source, actionsRun: actionsRun, defersRegistration: true)
            else { break }
            index += 1
        }
    }

    /// The checks of `Engine.setValues`: each layer's value at `key`, or the first refusal.
    func batchValues(
        forKey key: PropertyKey, of layers: UnsafeBufferPointer<LayerID>, kind: ValueKind,
        from numbers: UnsafePointer<Double>
    ) -> Result<[Value], BatchWriteFailure> {
        var values: [Value] = []
        values.reserveCapacity(layers.count)
        let stride = kind.slotCount
        let slots = scratch.pointer(ScratchOffset.change)
        let name: String
        do throws(AnimCoreError) {
            name = try keys.checkedName(of: key)
        } catch {
            return .failure(BatchWriteFailure(index: 0, error: error, changed: false))
        }
        for (index, layer) in layers.enumerated() {
            do throws(AnimCoreError) {
                let value = try Value.fromNumbers(numbers + index * stride, kind: kind, into: slots)
                try checkBatchValue(value, forKey: key, named: name, slot: try layerSlot(layer))
                values.append(value)
            } catch {
                return .failure(BatchWriteFailure(index: index, error: error, changed: false))
            }
        }
        return .success(values)
    }

    /// Whether `setValue` would take `value` at `key` for the layer in `slot`.
    private func checkBatchValue(
        _ value: Value, forKey key: PropertyKey, named name: String, slot: Int
    ) throws(AnimCoreError) {
        switch try resolve(key: key, in: slot) {
        case .property(let target):
            guard target.kind == value.kind else {
                throw AnimCoreError(.wrongKind, "\"\(name)\" holds \(target.kind.name) values, not \(value.kind.name)")
            }
            try checkModelValue(value, target, name)
        case .undeclared:
            try value.checkFinite(name)
        case .frame:
            try value.checkFinite(name)
            _ = try frameComponents(value, slot: slot)  // its kind, and a finite position
        }
    }
}

extension Value {
    /// The value of `kind` whose numbers are at `numbers` (`slotCount` of them; a bool, integer
    /// or token as its integer), using `scratch` (room for `ValueKind.maximumSlotCount`).
    /// - Throws: `.outOfRange` for a bool other than 0 or 1, or an integer or token that is not
    ///   an integral number in its range.
    static func fromNumbers(
        _ numbers: UnsafePointer<Double>, kind: ValueKind, into scratch: UnsafeMutablePointer<Double>
    ) throws(AnimCoreError) -> Value {
        let number = numbers[0]
        switch kind {
        case .bool:
            guard number == 0 || number == 1 else {
                throw AnimCoreError(.outOfRange, "the value is \(number); a bool is 0 or 1")
            }
            return .bool(number == 1)
        case .integer:
            guard number.rounded() == number, number >= -0x1p63, number < 0x1p63 else {
                throw AnimCoreError(.outOfRange, "the value is \(number); an integer is a whole number in [-2^63, 2^63)")
            }
            return .integer(Int64(number))
        case .token:
            guard number.rounded() == number, number >= 0, number < 0x1p64 else {
                throw AnimCoreError(.outOfRange, "the value is \(number); a token is a whole number in [0, 2^64)")
            }
            return .token(UInt64(number))
        default:
            scratch.update(from: numbers, count: kind.slotCount)
            return Value(kind: kind, slots: scratch)
        }
    }
}
