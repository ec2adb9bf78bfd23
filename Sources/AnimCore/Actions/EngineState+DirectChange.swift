/// The direct change: the common property change — a declared property set whole by
/// key — done under one lock without the property's name, without `Value`s or an `Animation`
/// made on the way: either no action runs, or the action is the built-in implicit animation
/// (no delegate, actions-table or class handler could answer otherwise), planned and added as
/// the action path adds it (`planImplicitAnimation`, `startImplicitAnimation`). Everything else
/// takes the general path (`planChange` / `completeChange`).
extension EngineState {
    /// Makes the change if it is a common one; returns false, having changed nothing, for
    /// everything else — a key path or undeclared key, another kind, a value the checks refuse
    /// (the general path names it), a layer timing property, an action a handler could answer.
    func changeDirectly(_ value: Value, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Bool {
        let slots = scratch.pointer(ScratchOffset.change)
        value.write(into: slots)
        return try changeDirectly(kind: value.kind, slots: slots, forKey: key, of: layer)
    }

    /// `changeDirectly(_:forKey:of:)` for a scalar, without making a `Value` (the C API's
    /// `ac_layer_set_scalar`).
    func changeDirectly(scalar value: Double, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Bool {
        let slots = scratch.pointer(ScratchOffset.change)
        slots[0] = value
        return try changeDirectly(kind: .scalar, slots: slots, forKey: key, of: layer)
    }

    /// `changeDirectly(_:forKey:of:)` for a value of `kind` in `slots`, in the kind's slot
    /// layout (not the scratch slots the change uses: `ScratchOffset.shown`, `.carriedVelocity`).
    func changeDirectly(
        kind valueKind: ValueKind, slots: UnsafePointer<Double>, forKey key: PropertyKey, of layer: LayerID
    ) throws(AnimCoreError) -> Bool {
        let slot = try layerSlot(layer)
        try keys.check(key)
        let classIndex = Int(places[slot].classIndex)
        guard let property = directProperty(classIndex, key) else { return false }
        let layout = classes[classIndex].layouts[property]
        guard valueKind == layout.kind, !valueKind.isVariableLength, valueKind.firstNonFinite(in: slots) == nil else {
            return false
        }
        return changeDirectly(slot, classIndex, property, layout, to: slots, actionsRun: nil, defersRegistration: false)
    }

    /// The property of the class `classIndex` a direct change of `key` sets: a declared
    /// property whose values need only be finite (the others have checks of their own, the
    /// general path's); nil otherwise.
    @inline(__always)
    func directProperty(_ classIndex: Int, _ key: PropertyKey) -> Int? {
        guard let property = classes[classIndex].propertyIndex(for: key),
              !BuiltInLayerProperties.Index.hasRange(property), !classes[classIndex].layouts[property].hasRange
        else { return nil }
        return property
    }

    /// The change of the declared property `property` (not a timing property) of the layer in
    /// `slot` to `slots`, a value of its kind that passed its checks: the built-in implicit
    /// animation started when an action runs (its registration with the transaction left to
    /// `registerDeferredStarts()` with `defersRegistration`), and the model value set. False,
    /// having changed nothing, when the action could be another one (a handler could answer):
    /// the general path's. `actionsRun`: whether the calling thread's changes run actions (the
    /// engine is not ending, actions are not disabled), when the caller knows; nil to find out
    /// when needed.
    @inline(__always)
    func changeDirectly(
        _ slot: Int, _ classIndex: Int, _ property: Int, _ layout: PropertyLayout,
        to slots: UnsafePointer<Double>, actionsRun: Bool?, defersRegistration: Bool
    ) -> Bool {
        let kind = layout.kind
        let model = modelValue(slot, property)
        if ValueMath.equal(kind, model, slots) { return true }
        if layout.isAnimatable && layers[slot].isCommitted && (actionsRun ?? (!isEnding && !actionsDisabled())) {
            guard implicitAnimationIsTheAction(slot, classIndex) else { return false }
            planImplicitAnimation(classIndex, property)
            startImplicitAnimation(
                slot, oldModel: model, oldPresentation: presentationSlots(slot, property), newModel: slots,
                defersRegistration: defersRegistration)
        }
        if layout.isInline {
            let row = classes[classIndex].rows.pointer(Int(places[slot].row)) + layout.offset
            for index in 0..<kind.slotCount { row[index] = slots[index] }
            propertyDidChange(slot, property, layout)
        } else {
            writeModel(slot, KeyPathTarget(property: property, component: nil, kind: kind), slots)
        }
        return true
    }

    /// Whether the action search would answer `.continueSearch` without calling anything: the
    /// class has no default action, and the layer neither a delegate action nor an actions table
    /// (checked engine-wide first: in the common case no layer has either).
    @inline(__always)
    private func implicitAnimationIsTheAction(_ slot: Int, _ classIndex: Int) -> Bool {
        guard classes[classIndex].defaultAction == nil else { return false }
        if layerDelegates.isEmpty && layerActions.isEmpty { return true }
        return layerDelegates[Int32(slot)]?.action == nil && layerActions[Int32(slot)] == nil
    }
}
