/// The property-change path with actions (reference §4): plan a change, let the `Engine` run
/// the host's action callbacks outside the state access, then complete it.
extension EngineState {
    /// A change that needs an action search before it completes.
    struct ActionRequest {
        var slot: Int
        var layer: LayerID
        var property: Int
        /// The action key: the property's name.
        var key: String
        /// The property's whole value before and after the change.
        var oldModel: Value
        var newModel: Value
        var oldPresentation: Value
        /// The calling thread's transaction settings when the change was planned, as its
        /// transactions set them (nil where none does).
        var settings: TransactionSettings
        var delegateAction: ActionHandler?
        var tableAction: LayerAction?
        var classAction: ActionHandler?
    }

    enum ChangePlan {
        /// Nothing more to do (no change, or changed without an action).
        case done
        /// The change runs an action; complete it with `completeChange`.
        case needsAction(ActionRequest)
    }

    /// Validates a model change and applies it at once unless it runs an action: a value equal
    /// to the current one changes nothing; an action runs when the property is animatable, the
    /// layer has been committed, the transaction does not disable actions, and the engine is
    /// not being invalidated.
    func planChange(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> ChangePlan {
        let slot = try layerSlot(layer)
        guard case .property(let target) = try resolve(keyPath, in: slot) else {
            try setValue(value, forKeyPath: keyPath, of: layer)
            return .done
        }
        try checkModelValue(value, target, keyPath)
        let layerClass = classes[Int(places[slot].classIndex)]
        let stored = layerClass.properties[target.property]
        let current = modelValue(slot, target.property)
        let newModel: Value
        if target.kind.isVariableLength {
            // (No component: the value is the property's whole value.)
            if storedValue(target.kind, current) == value { return .done }
            newModel = value
        } else {
            let count = stored.kind.slotCount
            // The property's whole new value (a key path changes one component of it).
            let newSlots = scratch.pointer(ScratchOffset.change)
            newSlots.update(from: current, count: count)
            var componentScratch = SlotScratch()
            componentScratch.withPointer { component in
                value.write(into: component)
                if let part = target.component { part.write(component, into: newSlots) } else {
                    newSlots.update(from: component, count: count)
                }
            }
            if ValueMath.equal(stored.kind, current, newSlots) { return .done }
            newModel = Value(kind: stored.kind, slots: newSlots)
        }
        cacheTransaction()
        let settings = transactionCache.settings
        let runsAction = stored.descriptor.isAnimatable && layers[slot].isCommitted
            && !(settings.disableActions ?? false) && !isEnding
        guard runsAction else {
            writeWholeProperty(slot, target.property, newModel)
            return .done
        }
        return .needsAction(ActionRequest(
            slot: slot, layer: layer, property: target.property, key: stored.descriptor.name,
            oldModel: storedValue(stored.kind, current), newModel: newModel,
            oldPresentation: storedValue(stored.kind, presentationSlots(slot, target.property)),
            settings: settings,
            delegateAction: layerDelegates[Int32(slot)]?.action,
            tableAction: layerActions[Int32(slot)]?[stored.descriptor.name],
            classAction: layerClass.defaultAction))
    }

    /// Completes a change after the action search: adds the action's animation (or the built-in
    /// implicit animation when the search found nothing) over the old presentation, then stores
    /// the new model value. When the action's animation cannot be added (its values do not fit
    /// the property, or the engine is being destroyed), the value still changes and the error
    /// is thrown.
    func completeChange(_ request: ActionRequest, result: ActionResult) throws(AnimCoreError) {
        guard layers.indices.contains(request.slot), places[request.slot].isAlive,
              layerID(request.slot) == request.layer
        else {
            throw AnimCoreError(.badHandle, "the layer was destroyed by its action callback")
        }
        var failure: AnimCoreError?
        do {
            switch result {
            case .noAction:
                break
            case .animation(var animation):
                if animation.keyPath.isEmpty { animation.keyPath = request.key }
                try addAnimation(animation, forKey: request.key, to: request.layer)
            case .continueSearch:
                try startImplicitAnimation(request)
            }
        } catch {
            failure = error
        }
        writeWholeProperty(request.slot, request.property, request.newModel)
        if let failure { throw failure }
    }

    /// The built-in implicit animation (§4.4) of the change `request` describes, planned with
    /// the settings it was planned under, from the old values it saw: what the direct change
    /// adds (`startImplicitAnimation(_:oldModel:oldPresentation:newModel:defersRegistration:)`).
    private func startImplicitAnimation(_ request: ActionRequest) throws(AnimCoreError) {
        try refuseWhileEnding("adding an animation")
        cacheTransaction()  // (registering reads the calling thread's transaction from the cache)
        let classIndex = Int(places[request.slot].classIndex)
        var settings = request.settings
        planImplicitAnimation(&settings, classIndex, request.property)
        if implicitPlan.record.valueKind.isVariableLength { return try startVariableImplicitAnimation(request) }
        var old = SlotScratch()
        var shown = SlotScratch()
        var new = SlotScratch()
        old.withPointer { oldModel in
            shown.withPointer { oldPresentation in
                new.withPointer { newModel in
                    request.oldModel.write(into: oldModel)
                    request.oldPresentation.write(into: oldPresentation)
                    request.newModel.write(into: newModel)
                    startImplicitAnimation(
                        request.slot, oldModel: oldModel, oldPresentation: oldPresentation, newModel: newModel,
                        defersRegistration: false)
                }
            }
        }
    }

    /// Stores a property's whole new model value, with the display bookkeeping of a set.
    func writeWholeProperty(_ slot: Int, _ property: Int, _ value: Value) {
        let kind = classes[Int(places[slot].classIndex)].properties[property].kind
        if kind.isVariableLength { return writeVariableModel(slot, property, value) }
        let target = KeyPathTarget(property: property, component: nil, kind: kind)
        var buffer = SlotScratch()
        buffer.withPointer { slots in
            value.write(into: slots)
            writeModel(slot, target, slots)
        }
    }

    /// The action search steps 1–4 that need no host callback, for `actionForKey`: the layer's
    /// actions table entry and the handlers to call (delegate first, then class).
    func actionSources(_ layer: LayerID, key: String) throws(AnimCoreError) -> (delegate: ActionHandler?, table: LayerAction?, classDefault: ActionHandler?) {
        let slot = try layerSlot(layer)
        return (layerDelegates[Int32(slot)]?.action, layerActions[Int32(slot)]?[key],
                classes[Int(places[slot].classIndex)].defaultAction)
    }
}
