/// Path and array properties (`ValueKind.isVariableLength`) in the model: their slot holds a
/// handle of `variableValues`, which these functions — the one home of their model writes and
/// reads — keep owned (a replaced value is released at once).
extension EngineState {
    /// The value of `kind` held in `slots` as the engine stores it: a path or array through its
    /// handle, any other kind from its slots. Every reader that makes a `Value` of a stored
    /// property calls it.
    func storedValue(_ kind: ValueKind, _ slots: UnsafePointer<Double>) -> Value {
        kind.isVariableLength ? variableValues.value(kind, slot: slots[0]) : Value(kind: kind, slots: slots)
    }

    /// Sets the model value of the path or array property `property` of the layer in `slot` to
    /// `value` (of its kind, checked): the old value is given back and the new one stored; an
    /// equal value changes nothing. While the layer has a presentation block (animations) a
    /// presentation slot may show the old value until the next tick: it is retired, not
    /// released at once.
    func writeVariableModel(_ slot: Int, _ property: Int, _ value: Value) {
        let layout = classes[Int(places[slot].classIndex)].layouts[property]
        let current = modelValue(slot, property)[0]
        if variableValues.value(layout.kind, slot: current) == value { return }
        if places[slot].presentationOffset >= 0 { variableValues.retire(current) } else { variableValues.release(current) }
        writableModelValue(slot, property)[0] = variableValues.store(value)
        propertyDidChange(slot, property, layout)
    }

    /// Gives back the path and array values retired since the last call (replaced model
    /// values, removed animations' values and buffers), but those a presentation slot still
    /// shows: an animation added in a transaction that has not committed keeps showing the
    /// value it was added over until it is evaluated. The tick calls it after its evaluation.
    func releaseRetiredVariableValues() {
        guard variableValues.hasRetired else { return }
        var shown: Set<UInt64> = []
        var stale: [Int32] = []
        for layer in layersShowingVariableValues {
            let slot = Int(layer)
            var holds = false
            if slot < layers.count && places[slot].isAlive && places[slot].presentationOffset >= 0 {
                var index = Int(layers[slot].firstAnimation)
                while index >= 0 {
                    let record = animations.base + index
                    if record.pointee.valueKind.isVariableLength && record.pointee.property >= 0 {
                        holds = true
                        shown.insert(presentationSlots(slot, Int(record.pointee.property))[0].bitPattern)
                    }
                    index = Int(record.pointee.next)
                }
            }
            if !holds { stale.append(layer) }
        }
        for layer in stale { layersShowingVariableValues.remove(layer) }
        variableValues.releaseRetired(keeping: shown)
    }

    /// Throws for a path or array key in a call whose fixed-width values cannot carry one (a
    /// batch table, `ac_value`, a velocity): `.wrongKind`, naming the key, the kind and `use`,
    /// the call that does.
    func refuseVariableLength(
        _ kind: ValueKind, key: @autoclosure () -> String, use: @autoclosure () -> String
    ) throws(AnimCoreError) {
        guard kind.isVariableLength else { return }
        throw AnimCoreError(.wrongKind, "\"\(key())\" holds \(kind.name) values, which \(use())")
    }
}
