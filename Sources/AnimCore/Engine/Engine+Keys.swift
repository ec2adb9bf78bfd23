/// Values by interned key: the hot paths of the C API and the bindings.
///
/// `key(_:)` interns a name once; these calls then take the `PropertyKey` and reach a declared
/// property through the class's key → property table (an array index): no hashing and no
/// String made. Key paths ("position.x"), "frame" and undeclared keys go through the key's
/// name, with the class's cache of resolved key paths (keyed by key id).
extension Engine {
    /// The name of `key`: `.badHandle` for another engine's key, `.unknownKey` for a number
    /// with this engine's tag that it never gave out.
    package func name(of key: PropertyKey) throws(AnimCoreError) -> String {
        try lock.withLock { () throws(AnimCoreError) in try state.keys.checkedName(of: key) }
    }

    /// Sets the model value at `key`, as `setValue(_:forKeyPath:of:)` does (actions included).
    package func setValue(_ value: Value, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) {
        // [Perf] The common change (a declared property, no action or the built-in implicit
        // animation) ends here, under one lock; anything else starts over on the general path by
        // the key's name (the action search takes it), the fast path having changed nothing.
        if try withState({ (state) throws(AnimCoreError) in try state.changeDirectly(value, forKey: key, of: layer) }) {
            return
        }
        try setValueByName(value, forKey: key, of: layer)
    }

    /// `setValue(.scalar(value), forKey: key, of: layer)`, making no `Value` on the common path
    /// (the C API's `ac_layer_set_scalar`).
    package func setScalar(_ value: Double, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) {
        if try withState({ (state) throws(AnimCoreError) in try state.changeDirectly(scalar: value, forKey: key, of: layer) }) {
            return
        }
        try setValueByName(.scalar(value), forKey: key, of: layer)
    }

    /// The general path of the setters by key, once the direct change declined: the change by
    /// the key's name (the action search takes it).
    private func setValueByName(_ value: Value, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) {
        try lock.withLock { () throws(AnimCoreError) in
            try setValueGenerally(value, forKeyPath: state.keys.checkedName(of: key), of: layer)
        }
    }

    /// The model value at `key`; nil only for an undeclared key never set.
    package func value(forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Value? {
        try withState { (state) throws(AnimCoreError) in try state.value(forKey: key, of: layer, presentation: false) }
    }

    /// The presentation value at `key` (see `presentationValue(forKeyPath:of:)`).
    package func presentationValue(forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Value? {
        try withState { (state) throws(AnimCoreError) in try state.value(forKey: key, of: layer, presentation: true) }
    }

    /// Reads the model (or presentation) value at `key` into `slots`, which must have room for
    /// `ValueKind.maximumSlotCount` Doubles, in the kind's slot layout (bool, integer and token
    /// as bit patterns, see `SlotEncoding`). Returns the kind, or nil for an undeclared key
    /// never set. Makes no `Value`: the fast path of the C API's getters.
    package func readValue(
        forKey key: PropertyKey, of layer: LayerID, presentation: Bool, into slots: UnsafeMutablePointer<Double>
    ) throws(AnimCoreError) -> ValueKind? {
        try withState { (state) throws(AnimCoreError) in
            try state.readValue(forKey: key, slot: state.layerSlot(layer), presentation: presentation, into: slots)
        }
    }
}

extension EngineState {
    /// Resolves an interned key for the layer in `slot`, as `resolve(_:in:)` resolves a key path:
    /// a declared property by index, without string work; anything else through its name.
    func resolve(key: PropertyKey, in slot: Int) throws(AnimCoreError) -> Resolved {
        try keys.check(key)  // (before the declared-property lookup, which reads the index alone)
        let classIndex = Int(places[slot].classIndex)
        if let property = classes[classIndex].propertyIndex(for: key) {
            return .property(classes[classIndex].wholeValueTarget(property))
        }
        let name = try keys.checkedName(of: key)
        if name == "frame" { return .frame }
        if let target = classes[classIndex].keyPathTarget(key, path: name, keys: keys) { return .property(target) }
        if classes[classIndex].isStrict { throw classes[classIndex].undeclaredKeyError(name) }
        if !name.utf8.contains(UInt8(ascii: ".")) { return .undeclared(key) }
        throw AnimCoreError(.unknownKey, "\"\(name)\" is not a key path of class \(classes[classIndex].name)")
    }

    /// The model or presentation value at `key`; nil for an undeclared key never set.
    func value(forKey key: PropertyKey, of layer: LayerID, presentation: Bool) throws(AnimCoreError) -> Value? {
        let slot = try layerSlot(layer)
        switch try resolve(key: key, in: slot) {
        case .frame: return frame(slot, presentation: presentation)
        case .undeclared(let key): return undeclaredValues[Int32(slot)]?[key.id]
        case .property(let target):
            return read(target, from: shownSlots(slot, target.property, presentation: presentation))
        }
    }

    /// Copies the model or presentation value at `key` of the layer in `slot` into `slots`
    /// (room for `ValueKind.maximumSlotCount`); its kind, or nil for an undeclared key never set.
    func readValue(
        forKey key: PropertyKey, slot: Int, presentation: Bool, into slots: UnsafeMutablePointer<Double>
    ) throws(AnimCoreError) -> ValueKind? {
        switch try resolve(key: key, in: slot) {
        case .frame:
            let value = frame(slot, presentation: presentation)
            value.write(into: slots)
            return value.kind
        case .undeclared(let key):
            guard let value = undeclaredValues[Int32(slot)]?[key.id] else { return nil }
            try refuseVariableLength(
                value.kind, key: keys.name(of: key) ?? "",
                use: "an ac_value cannot carry; read them with ac_layer_get_\(value.kind.name)")
            value.write(into: slots)
            return value.kind
        case .property(let target):
            try refuseVariableLength(
                target.kind, key: keys.name(of: key) ?? "",
                use: "an ac_value cannot carry; read them with ac_layer_get_\(target.kind.name)")
            let source = presentation ? presentationSlots(slot, target.property) : modelValue(slot, target.property)
            if let component = target.component {
                component.read(from: source, into: slots)
            } else {
                slots.update(from: source, count: target.kind.slotCount)
            }
            return target.kind
        }
    }
}
