/// One property's presentation value for many layers at once, under one lock: for hosts that
/// read every layer every frame.
extension Engine {
    /// The presentation value of one property of each of `layers`, read at the same tick.
    ///
    /// Paths and arrays (`Path`, `[Double]`, `[Color]`) are read too, each layer's straight
    /// from the engine's store under the one lock.
    ///
    /// C: `ac_layers_get_presentation`; for paths and arrays `ac_layers_get_presentation_path`,
    /// `ac_layers_get_presentation_numbers` and `ac_layers_get_presentation_colors`.
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
        if kind.isVariableLength { return try variablePresentationValues(name, of: layers) }
        let (slots, failure) = presentationSlots(forKeys: [try key(name.keyPath)], expecting: [kind], of: layers)
        var values: [T] = []
        values.reserveCapacity(layers.count)
        try slots.withUnsafeBufferPointer { (slots) throws(AnimCoreError) in
            guard let base = slots.baseAddress else { return }
            // The layers read before the first that failed (a value that is not a `T` fails first).
            for index in 0..<(failure?.index ?? layers.count) {
                var column = index * kind.slotCount
                values.append(try Self.typedValue(name, at: base, column: &column, row: index, position: nil))
            }
        }
        if let failure { throw Self.batchError(failure, namingKeys: false) }
        return values
    }
}

extension Engine {
    /// `presentationValues(_:of:)` of a path or array property: each layer's value made from
    /// its memory in the store (`readVariableValues`), then typed.
    private func variablePresentationValues<T>(_ name: PropertyName<T>, of layers: [Layer]) throws(AnimCoreError) -> [T] {
        let kind = T.valueKind
        var values: [Value] = []
        values.reserveCapacity(layers.count)
        try readPresentationRuns(name.keyPath, kind, of: layers) { run in values.append(run.value(kind)) }
        var typed: [T] = []
        typed.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do throws(AnimCoreError) {
                typed.append(try name.typed(value))
            } catch {
                throw error.prefixed("layers[\(index)]: ")
            }
        }
        return typed
    }
}

extension Engine {
    /// The presentation path at `name` of each of `layers` as numbers, read at the same tick
    /// under one lock and packed: layer i's coordinates are
    /// `coordinates[offsets[i] ..< offsets[i + 1]]` — each element's points in element order,
    /// as `Path.Element.coordinates` gives them (none for a close) — and `offsets` has
    /// `layers.count + 1` entries, from 0 to `coordinates.count`. The points of
    /// `presentationValues(_:of:)`'s paths without the elements: for a host that draws from
    /// arrays of numbers the element types it knows (an animation whose values have one shape
    /// shows paths of their types; values of different shapes switch at progress 0.5).
    ///
    /// C: `ac_layers_get_presentation_path_coordinates`.
    /// - Parameters:
    ///   - name: the path property's typed name.
    ///   - layers: layers of this engine, in any number.
    /// - Returns: the coordinates of every layer's path, one run after another, and the
    ///   `layers.count + 1` offsets of the runs (in numbers).
    /// - Throws: as `presentationValues(_:of:)`, for the first layer that fails, naming it.
    public func presentationPathCoordinates(
        _ name: PropertyName<Path>, of layers: [Layer]
    ) throws(AnimCoreError) -> (coordinates: [Double], offsets: [Int]) {
        var coordinates: [Double] = [], offsets: [Int] = [0]
        offsets.reserveCapacity(layers.count + 1)
        guard !layers.isEmpty else { return (coordinates, offsets) }
        try readPresentationRuns(name.keyPath, .path, of: layers) { run in
            coordinates.append(contentsOf: UnsafeBufferPointer(start: run.numbers, count: run.numbers == nil ? 0 : run.count))
            offsets.append(coordinates.count)
        }
        return (coordinates, offsets)
    }

    /// Calls `body` with the memory of the presentation path or array of `kind` at `keyPath`
    /// of each of `layers` in order (`readVariableValues`); throws for the first layer that
    /// fails, naming it ("layers[2]: ...").
    private func readPresentationRuns(
        _ keyPath: String, _ kind: ValueKind, of layers: [Layer], _ body: (VariableRun) -> Void
    ) throws(AnimCoreError) {
        let key = try key(keyPath)
        var handles: [LayerID] = []
        handles.reserveCapacity(layers.count)
        for (index, layer) in layers.enumerated() { handles.append(try handle(of: layer, "layers[\(index)]")) }
        let failure: BatchReadFailure? = handles.withUnsafeBufferPointer { handles in
            do throws(BatchReadFailure) {
                try readVariableValues(forKey: key, of: handles, presentation: true, expecting: kind) { _, run in body(run) }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw Self.batchError(failure, namingKeys: false) }
    }
}

/// Several properties' presentation values for many layers in one pass: what a host that draws
/// reads of every layer each frame.
extension Engine {
    /// The presentation values of several properties of each of `layers`, read at the same tick
    /// in one pass over the layers (for each layer, every property in turn), on the tick
    /// threads for a large batch: one row per layer, its values typed and in the order of
    /// `names`.
    ///
    /// ```swift
    /// for (position, opacity) in try engine.presentationTable(.position, .opacity, of: layers) {
    ///     draw(at: position, alpha: opacity)
    /// }
    /// ```
    ///
    /// One pass instead of one `presentationValues` call per property, each over every layer:
    /// for four properties of 100k layers the read itself costs a fifth as much (the C table
    /// read's figures); making the typed values costs the same either way. Key paths into a
    /// declared property ("position.x") are read the same way; "frame" or a key a layer's class
    /// does not declare is read the general way in that layer's row.
    ///
    /// C: `ac_layers_get_presentation_table`.
    /// - Parameters:
    ///   - names: the properties' typed names (or key paths into them), in any number; a name
    ///     may appear more than once.
    ///   - layers: layers of this engine, in any number.
    /// - Returns: one tuple per layer, in the order of `layers`.
    /// - Throws: for the first layer and name that fail, in order, with their indexes in the
    ///   message ("layers[2], names[1]: ..."; "layers[2]: ..." for the layer itself):
    ///   `.wrongKind` when a layer holds another kind at a name, `.unknownKey` for an undeclared
    ///   key never set, `.badHandle` for a destroyed layer or one of another engine;
    ///   `.invalidState` once the engine is invalidated.
    public func presentationTable<each T: PropertyValue>(
        _ names: repeat PropertyName<each T>, of layers: [Layer]
    ) throws(AnimCoreError) -> [(repeat each T)] {
        var keys: [PropertyKey] = []
        var kinds: [ValueKind] = []
        for name in repeat each names {
            keys.append(try key(name.keyPath))
            kinds.append(Self.valueKind(of: name))
        }
        guard !keys.isEmpty else {
            throw AnimCoreError(.invalidArgument, "names: none given; a table reads one or more")
        }
        guard !layers.isEmpty else { return [] }
        let stride = kinds.reduce(0) { $0 + $1.slotCount }
        let (slots, failure) = presentationSlots(forKeys: keys, expecting: kinds, of: layers)
        var rows: [(repeat each T)] = []
        rows.reserveCapacity(layers.count)
        try slots.withUnsafeBufferPointer { (slots) throws(AnimCoreError) in
            guard let base = slots.baseAddress else { return }
            // The rows read before the first layer that failed (a value that is not its name's
            // type fails first).
            for index in 0..<(failure?.index ?? layers.count) {
                var column = index * stride
                var position = 0
                rows.append((repeat try Self.typedValue(each names, at: base, column: &column, row: index, position: &position)))
            }
        }
        if let failure { throw Self.batchError(failure, namingKeys: true) }
        return rows
    }

    /// The handle of `layer`, given as `argument`, or `.badHandle` saying it belongs to another
    /// engine (its handle number would tell the caller nothing).
    func handle(of layer: Layer, _ argument: String) throws(AnimCoreError) -> LayerID {
        guard layer.engine === self else { throw AnimCoreError(.badHandle, "\(argument) belongs to another engine") }
        return layer.id
    }

    /// The table read of `keys` (each of its kind in `kinds`) for `layers`: a row of slots per
    /// layer, and the read's failure, if any (the rows before its layer are read).
    fileprivate func presentationSlots(
        forKeys keys: [PropertyKey], expecting kinds: [ValueKind], of layers: [Layer]
    ) -> (slots: [Double], failure: BatchReadFailure?) {
        let handles = layers.map(\.id)
        var slots = [Double](repeating: 0, count: layers.count * kinds.reduce(0) { $0 + $1.slotCount })
        let failure: BatchReadFailure? = keys.withUnsafeBufferPointer { keys in
            kinds.withUnsafeBufferPointer { kinds in
                handles.withUnsafeBufferPointer { handles in
                    slots.withUnsafeMutableBufferPointer { output in
                        guard let base = output.baseAddress else { return nil }
                        do throws(BatchReadFailure) {
                            try readPresentationTable(forKeys: keys, of: handles, expecting: kinds, into: base)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
            }
        }
        // Another engine's layer is refused as a dead handle is; say whose it is instead.
        if let failure, failure.key < 0, layers[failure.index].engine !== self {
            let error = AnimCoreError(.badHandle, "the layer belongs to another engine")
            return (slots, BatchReadFailure(index: failure.index, key: -1, error: error))
        }
        return (slots, failure)
    }

    /// A batch read's failure as the caller sees it: named by its layer ("layers[2]: "), and by
    /// its name when `namingKeys` ("layers[2], names[1]: "); the engine's own state
    /// (`.invalidState`) names neither.
    fileprivate static func batchError(_ failure: BatchReadFailure, namingKeys: Bool) -> AnimCoreError {
        guard failure.error.code != .invalidState else { return failure.error }
        let key = namingKeys && failure.key >= 0 ? ", names[\(failure.key)]" : ""
        return failure.error.prefixed("layers[\(failure.index)]\(key): ")
    }

    /// The value kind of `name`'s values.
    private static func valueKind<V>(of name: PropertyName<V>) -> ValueKind { V.valueKind }

    /// The value of `name`'s kind at `column` of `slots`, typed; moves `column` past it. A
    /// value that is not a `V` fails naming layer `row` and, when given, name `position`,
    /// which moves on to the next name.
    fileprivate static func typedValue<V>(
        _ name: PropertyName<V>, at slots: UnsafePointer<Double>, column: inout Int, row: Int, position: UnsafeMutablePointer<Int>?
    ) throws(AnimCoreError) -> V {
        let kind = V.valueKind
        let value = Value(kind: kind, slots: slots + column)
        column += kind.slotCount
        let index = position?.pointee
        position?.pointee += 1
        do throws(AnimCoreError) {
            return try name.typed(value)
        } catch {
            throw error.prefixed("layers[\(row)]" + (index.map { ", names[\($0)]" } ?? "") + ": ")
        }
    }
}
