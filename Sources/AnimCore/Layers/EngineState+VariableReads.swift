/// Path and array values read in place: the one home that finds the memory a layer shows at a
/// key (its presentation run or its model value), which the single reads and the batch reads
/// (`Engine.readVariableValue`, `Engine.readVariableValues`) call, making no `Value`.
extension EngineState {
    /// Runs `body` with the memory of the path or array value at `key` of the layer in `slot`:
    /// the presentation value (an animation's result buffer, or the model value when none
    /// drives the property) when `presentation`, else the model value. A path or array stored
    /// at an undeclared key is laid out the same way for `body` (flattened first).
    /// - Throws: `.badHandle` for another engine's key; `.unknownKey` for an undeclared key
    ///   never set (or a key path that does not resolve); `.wrongKind` when the layer holds
    ///   another kind than `kind` at `key`.
    func withVariableRun<R>(
        forKey key: PropertyKey, slot: Int, presentation: Bool, expecting kind: ValueKind, _ body: (VariableRun) -> R
    ) throws(AnimCoreError) -> R {
        try keys.check(key)
        if let property = variableProperty(Int(places[slot].classIndex), key, kind) {
            return body(variableRun(slot, property, presentation: presentation, kind))
        }
        switch try resolve(key: key, in: slot) {
        case .frame:
            throw variableKindError(key, holds: .rect, expecting: kind)
        case .undeclared(let undeclared):
            guard let value = undeclaredValues[Int32(slot)]?[undeclared.id] else {
                throw AnimCoreError(.unknownKey, "key \"\(keyName(key))\" is not declared and was never set")
            }
            guard value.kind == kind else { throw variableKindError(key, holds: value.kind, expecting: kind) }
            return Self.withRun(of: value, body)
        case .property(let target):
            // (A declared property of `kind` took the way above: this one holds another kind.)
            throw variableKindError(key, holds: target.kind, expecting: kind)
        }
    }

    /// The property of the class at `classIndex` that `key` (a checked key) names, when it is
    /// declared and of `kind`: where every layer of the class keeps the value a read of `kind`
    /// finds (`variableRun`); nil for anything else (`withVariableRun` answers it). A batch
    /// asks once per class.
    @inline(__always)
    func variableProperty(_ classIndex: Int, _ key: PropertyKey, _ kind: ValueKind) -> Int? {
        let layerClass = classes[classIndex]
        guard let property = layerClass.propertyIndex(for: key), layerClass.layouts[property].kind == kind else { return nil }
        return property
    }

    /// The memory of the path or array value of `kind` that declared property `property` of the
    /// layer in `slot` shows: its presentation value when `presentation`, else its model value.
    @inline(__always)
    func variableRun(_ slot: Int, _ property: Int, presentation: Bool, _ kind: ValueKind) -> VariableRun {
        variableValues.run(kind, slot: shownSlots(slot, property, presentation: presentation)[0])
    }

    /// `.wrongKind` for a read of `kind` at `key`, which holds `found` values.
    private func variableKindError(_ key: PropertyKey, holds found: ValueKind, expecting kind: ValueKind) -> AnimCoreError {
        AnimCoreError(.wrongKind, "key \"\(keyName(key))\" holds \(found.name) values, not \(kind.name)")
    }

    /// The name of a checked key, for messages.
    private func keyName(_ key: PropertyKey) -> String {
        keys.name(of: key) ?? "\(key.id)"
    }

    /// Runs `body` with the memory of `value` (a path or array not in the store), laid out as
    /// the store lays out its values (`VariableValues.flatten`).
    private static func withRun<R>(of value: Value, _ body: (VariableRun) -> R) -> R {
        let (types, numbers) = VariableValues.flatten(value)
        return types.withUnsafeBufferPointer { types in
            numbers.withUnsafeBufferPointer { numbers in
                body(VariableRun(
                    numbers: numbers.isEmpty ? nil : numbers.baseAddress, count: numbers.count,
                    types: value.kind == .path && !types.isEmpty ? types.baseAddress : nil, elements: value.elementCount ?? 0))
            }
        }
    }
}
