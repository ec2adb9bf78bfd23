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
        /// The calling thread's transaction settings when the change was planned.
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
    mutating func planChange(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> ChangePlan {
        let slot = try layerSlot(layer)
        guard case .property(let target) = try resolve(keyPath, in: slot) else {
            try setValue(value, forKeyPath: keyPath, of: layer)
            return .done
        }
        try checkModelValue(value, target, keyPath)
        let layerClass = classes[Int(places[slot].classIndex)]
        let stored = layerClass.properties[target.property]
        let count = stored.kind.slotCount
        // The property's whole new value (a key path changes one component of it).
        let newSlots = scratch.pointer(ScratchOffset.change)
        newSlots.update(from: modelValue(slot, target.property), count: count)
        var componentScratch = SlotScratch()
        componentScratch.withPointer { component in
            value.write(into: component)
            if let part = target.component { part.write(component, into: newSlots) } else {
                newSlots.update(from: component, count: count)
            }
        }
        let current = modelValue(slot, target.property)
        if ValueMath.equal(stored.kind, current, newSlots) { return .done }
        let settings = transactionSettings()
        let runsAction = stored.descriptor.isAnimatable && layers[slot].isCommitted
            && !(settings.disableActions ?? false) && !isEnding
        let newModel = Value(kind: stored.kind, slots: newSlots)
        guard runsAction else {
            writeWholeProperty(slot, target.property, newModel)
            return .done
        }
        return .needsAction(ActionRequest(
            slot: slot, layer: layer, property: target.property, key: stored.descriptor.name,
            oldModel: Value(kind: stored.kind, slots: current), newModel: newModel,
            oldPresentation: Value(kind: stored.kind, slots: presentationSlots(slot, target.property)),
            settings: settings,
            delegateAction: layerDelegates[Int32(slot)]?.action,
            tableAction: layerActions[Int32(slot)]?[stored.descriptor.name],
            classAction: layerClass.defaultAction))
    }

    /// Completes a change after the action search: adds the action's animation (or the built-in
    /// implicit animation when the search found nothing) over the old presentation, then stores
    /// the new model value. When the action's animation cannot be added (its values do not fit
    /// the property), the value still changes and the error is thrown.
    mutating func completeChange(_ request: ActionRequest, result: ActionResult) throws(AnimCoreError) {
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
                let (animation, key, delay, velocity) = implicitAnimation(request)
                try addAnimation(
                    animation, forKey: key, to: request.layer, beginDelay: delay, settings: request.settings,
                    startVelocity: velocity)
            }
        } catch {
            failure = error
        }
        writeWholeProperty(request.slot, request.property, request.newModel)
        if let failure { throw failure }
    }

    /// The built-in implicit animation (§4.4) for a change, with the calling thread's
    /// transaction settings: from the presentation value to the new model value under the
    /// property's key, or (additive mode) an additive animation of old − new to zero under a key
    /// of its own, so interrupted motion stays continuous. With a spring in the settings it is a
    /// spring lasting its settling duration (unless the transaction sets a duration), and a
    /// non-additive one starts with the presentation's velocity as well as its value (beyond
    /// Core Animation: a change in flight neither jumps nor stops short). Returns the
    /// animation, its key, its delay and the velocity it starts with.
    mutating func implicitAnimation(_ request: ActionRequest) -> (Animation, String, Double, Value?) {
        let settings = request.settings
        var animation = Animation.basic(request.key)
        if let spring = settings.spring {
            animation.spring = spring
            animation.timing.duration = explicitAnimationDuration() ?? spring.settlingDuration
        } else {
            animation.timing.duration = settings.animationDuration ?? defaultAnimationDuration
            // [INF] Core Animation does not say which curve an implicit animation uses when the
            // transaction sets none; like GNUstep, WinObjC and UIKit-on-SDL we use "default".
            animation.timingFunction = settings.timingFunction ?? .default
        }
        animation.timing.repeatCount = settings.repeatCount ?? 0
        animation.timing.autoreverses = settings.autoreverses ?? false
        let delay = settings.delay ?? 0
        // During a delay the animation shows its start (UIKit's blocks fill backwards).
        if delay > 0 { animation.timing.fillMode = .backwards }
        let kind = request.oldModel.kind
        if settings.additiveImplicitAnimations ?? false, kind.isInterpolable {
            var scratchOld = SlotScratch()
            var scratchNew = SlotScratch()
            scratchOld.withPointer { old in
                scratchNew.withPointer { new in
                    request.oldModel.write(into: old)
                    request.newModel.write(into: new)
                    // What shows the old value on top of the new model (for transforms
                    // old · new⁻¹, not new⁻¹ · old), and what shows the new one (identity).
                    let delta = scratch.pointer(ScratchOffset.actionDelta)
                    ValueMath.additiveDelta(kind, from: new, to: old, into: delta)
                    animation.basic?.fromValue = Value(kind: kind, slots: delta)
                    ValueMath.additiveDelta(kind, from: new, to: new, into: delta)
                    animation.basic?.toValue = Value(kind: kind, slots: delta)
                }
            }
            animation.isAdditive = true
            // Additive animations stack, so each needs a key no running one has: the smallest
            // free "<key>.additive.<n>" on this layer (the key table stays bounded by how many
            // run at once, not by how many changes were made). The ones running keep their
            // motion, so the presentation's velocity carries over by itself.
            return (animation, freeAdditiveKey(request.slot, request.key), delay, nil)
        }
        let fromCurrentState = settings.beginsFromCurrentState ?? true
        animation.basic?.fromValue = fromCurrentState ? request.oldPresentation : request.oldModel
        var velocity: Value?
        if let spring = settings.spring, fromCurrentState, kind.hasCoordinates, isAnimated(request.slot, request.property) {
            var slots = SlotScratch()
            var start = SlotScratch()
            var end = SlotScratch()
            velocity = slots.withPointer { pointer in
                presentationVelocity(request.slot, request.property, into: pointer)
                // Lasting until the carried motion settles too: each component's velocity as
                // the spring's initial velocity (fractions of its distance per second).
                if explicitAnimationDuration() == nil {
                    start.withPointer { from in
                        end.withPointer { to in
                            request.oldPresentation.write(into: from)
                            request.newModel.write(into: to)
                            for k in 0..<kind.slotCount where pointer[k] != 0 {
                                var carried = spring
                                // A component already at its target but moving: measured on the
                                // distance its velocity carries it (v / ω₀), conservatively.
                                carried.initialVelocity = to[k] != from[k]
                                    ? pointer[k] / (to[k] - from[k]) : spring.naturalFrequency
                                animation.timing.duration = max(animation.timing.duration, carried.settlingDuration)
                            }
                        }
                    }
                }
                return Value(kind: kind, slots: pointer)
            }
        }
        return (animation, request.key, delay, velocity)
    }

    /// The smallest "<key>.additive.<n>" no animation of the layer in `slot` runs under.
    mutating func freeAdditiveKey(_ slot: Int, _ key: String) -> String {
        var number = 0
        while true {
            let candidate = "\(key).additive.\(number)"
            guard let id = animationKeys.lookup(candidate) else { return candidate }
            var index = Int(layers[slot].firstAnimation)
            var used = false
            while index >= 0 && !used {
                used = animations[index].key == id
                index = Int(animations[index].next)
            }
            if !used { return candidate }
            number += 1
        }
    }

    /// Stores a property's whole new model value, with the display bookkeeping of a set.
    mutating func writeWholeProperty(_ slot: Int, _ property: Int, _ value: Value) {
        let kind = classes[Int(places[slot].classIndex)].properties[property].kind
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
