/// The change path's fast lane: the common property change — a declared property set whole by
/// key — done under one lock without the property's name, without `Value`s or an `Animation`
/// made on the way: either no action runs, or the action is the built-in implicit animation
/// (no delegate, actions-table or class handler could answer otherwise; basic or spring, not
/// additive). Everything else takes the general path (`planChange` / `completeChange`), which
/// gives the same results (`DirectChangeParityTests` runs both).
extension EngineState {
    /// Makes the change if it is a common one; returns false, having changed nothing, for
    /// everything else — a key path or undeclared key, another kind, a value the checks refuse
    /// (the general path names it), a layer timing property, an action a handler could answer,
    /// an additive implicit animation.
    mutating func changeDirectly(_ value: Value, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Bool {
        let slots = scratch.pointer(ScratchOffset.change)
        value.write(into: slots)
        return try changeDirectly(kind: value.kind, slots: slots, forKey: key, of: layer)
    }

    /// `changeDirectly(_:forKey:of:)` for a scalar, without making a `Value` (the C API's
    /// `ac_layer_set_scalar`).
    mutating func changeDirectly(scalar value: Double, forKey key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Bool {
        let slots = scratch.pointer(ScratchOffset.change)
        slots[0] = value
        return try changeDirectly(kind: .scalar, slots: slots, forKey: key, of: layer)
    }

    /// `changeDirectly(_:forKey:of:)` for a value of `kind` in `slots`, in the kind's slot
    /// layout (not the scratch slots the change uses: `ScratchOffset.shown`, `.carriedVelocity`).
    mutating func changeDirectly(
        kind valueKind: ValueKind, slots: UnsafePointer<Double>, forKey key: PropertyKey, of layer: LayerID
    ) throws(AnimCoreError) -> Bool {
        let slot = try layerSlot(layer)
        try keys.check(key)
        let classIndex = Int(places[slot].classIndex)
        guard let property = classes[classIndex].propertyIndex(for: key),
              !BuiltInLayerProperties.Index.timing.contains(property)
        else { return false }
        let layout = classes[classIndex].layouts[property]
        let kind = layout.kind
        guard valueKind == kind else { return false }
        if !kind.storesBitPatterns {
            for index in 0..<kind.slotCount where !slots[index].isFinite { return false }
        }
        var run = ImplicitStartRun(classIndex: classIndex, property: property)
        return changeDirectly(slot, classIndex, property, key, layout, to: slots, actionsRun: nil, &run)
    }

    /// The change of the declared property `property` (not a timing property) of the layer in
    /// `slot` to `slots`, a value of its kind that passed its checks: the model value set, and
    /// the built-in implicit animation started (as one of `run`) when an action runs. False,
    /// having changed nothing, when the action could be another one (a handler could answer) or
    /// an additive animation: the general path's. `actionsRun`: whether the calling thread's
    /// changes run actions (the engine is not ending, actions are not disabled), when the caller
    /// knows; nil to find out when needed.
    @inline(__always)
    mutating func changeDirectly(
        _ slot: Int, _ classIndex: Int, _ property: Int, _ key: PropertyKey, _ layout: PropertyLayout,
        to slots: UnsafePointer<Double>, actionsRun: Bool?, _ run: inout ImplicitStartRun
    ) -> Bool {
        let kind = layout.kind
        if ValueMath.equal(kind, modelValue(slot, property), slots) { return true }
        if layout.isAnimatable && layers[slot].isCommitted && (actionsRun ?? (!isEnding && !actionsDisabled())) {
            guard implicitAnimationIsTheAction(slot, classIndex),
                  !(transactionCache.settings.additiveImplicitAnimations ?? false)
            else { return false }
            if run.classIndex != classIndex || run.property != property {
                run = ImplicitStartRun(classIndex: classIndex, property: property, defersRegistration: run.defersRegistration)
            }
            // A layer with no animation: the template's record again, when it matches.
            if layers[slot].firstAnimation < 0 && places[slot].presentationOffset < 0
                && (run.hasTemplate || implicitTemplate.matches(
                    classIndex, property, transactionCache.settings, defaultDuration: defaultAnimationDuration,
                    keysFreed: animationKeys.freedCount, functionsDropped: functions.droppedCount)) {
                run.hasTemplate = true
                startImplicitAnimation(slot, asTemplateOf: &run)
            } else {
                startImplicitAnimation(slot, classIndex, property, key, layout, to: slots, &run)
            }
        }
        if layout.isInline {
            let model = classes[classIndex].rows.pointer(Int(places[slot].row)) + layout.offset
            for index in 0..<kind.slotCount { model[index] = slots[index] }
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

    /// The built-in implicit animation (`implicitAnimation(_:)` for a basic, non-additive one)
    /// added straight as a record: from the presentation value (or the old model value when
    /// the transaction does not begin from the current state) to the value underneath — no
    /// `toValue`, as Core Animation's implicit animations have none, so it ends at whatever the
    /// model (and any animation below it) holds then — under the property's name, with the
    /// transaction's duration, curve, repeat count, autoreverse and delay: what `addAnimation`
    /// makes of that animation, step for step.
    ///
    /// With a spring in the settings it is `implicitAnimation(_:)`'s spring: lasting its settling
    /// duration (unless the transaction sets a duration), longer while the velocity it carries
    /// settles, and — beginning from the current state, for kinds with coordinates, over a
    /// property already animated — starting with the presentation's velocity.
    ///
    /// As one of `run` (a batch's layers), it finds the key through the run's and may leave its
    /// registration with the transaction to the run's end (`registerDeferredStarts()`).
    private mutating func startImplicitAnimation(
        _ slot: Int, _ classIndex: Int, _ property: Int, _ key: PropertyKey, _ layout: PropertyLayout,
        to newValue: UnsafePointer<Double>, _ run: inout ImplicitStartRun
    ) {
        let kind = layout.kind
        let count = kind.slotCount
        // An animation of the layer may stop below (replaced): the starts deferred before are
        // registered first, so that its stop counts in its transaction as it would have.
        if run.defersRegistration && layers[slot].firstAnimation >= 0 { registerDeferredStarts() }
        // The calling thread's settings (read in place, before registering may open a transaction).
        let fromCurrentState = transactionCache.settings.beginsFromCurrentState ?? true
        let spring = transactionCache.settings.spring
        // A spring carries the presentation's velocity, measured before anything below moves.
        let velocity = scratch.pointer(ScratchOffset.carriedVelocity)
        let carriesVelocity = spring != nil && fromCurrentState && kind.hasCoordinates && isAnimated(slot, property)
        if carriesVelocity { presentationVelocity(slot, property, into: velocity) }
        let shown = presentationSlots(slot, property)
        // Retargeting the layer's only animation, of this property (see below). When it is of
        // the new one's kind and value kind, the new one takes over its kind data in place —
        // its record in the pool, its from slots and a spring's carried-velocity slots; its to
        // and by slots are freed — rather than freeing and allocating them.
        // The key's id: the run's, or else the one the property's name had last time (`hint`).
        let hint = run.key >= 0 ? run.key : classes[classIndex].implicitKeyHints[property]
        let replaced = Int(layers[slot].firstAnimation)
        let retargets = replaced >= 0 && replaced == Int(layers[slot].lastAnimation)
            && animations[replaced].key == hint
            && (run.key >= 0 || animationKeys.isLive(hint, named: classes[classIndex].properties[property].descriptor.name))
            && animations[replaced].property == Int32(property) && animations[replaced].followers == 0
            && places[slot].presentationOffset >= 0
        let newKind: RecordKind = spring != nil ? .spring : .basic
        let reused = retargets && animations[replaced].kind == newKind && animations[replaced].valueKind == kind
            ? animations[replaced].parameters : -1
        // The replaced one's value slots (each `count` long), to take over; those not taken are freed.
        var oldEnds = BasicRecord()
        var oldVelocity: Int32 = -1
        if reused >= 0 {
            if newKind == .basic {
                oldEnds = basicRecords[reused]
            } else {
                let old = springRecords.records.base + Int(reused)
                oldEnds = old.pointee.endpoints
                oldVelocity = old.pointee.startVelocity
            }
            if oldEnds.to >= 0 { animationValues.free(Int(oldEnds.to), size: count) }
            if oldEnds.by >= 0 { animationValues.free(Int(oldEnds.by), size: count) }
        }
        var values = BasicRecord()
        values.from = storeSlots(
            fromCurrentState ? UnsafePointer(shown) : UnsafePointer(modelValue(slot, property)), count, reusing: oldEnds.from)

        var record = AttachedAnimation()
        if let spring {
            record.kind = .spring
            // The spring's settling duration and response, worked out once for a run of changes
            // with the same spring (in one transaction or many).
            if lastImplicitSpring.spring != spring { lastImplicitSpring = ImplicitSpringFacts(spring) }
            // The settings' duration is nil unless a transaction sets one (explicitAnimationDuration()).
            let explicitDuration = transactionCache.settings.animationDuration
            var duration = explicitDuration ?? lastImplicitSpring.settlingDuration
            if carriesVelocity && explicitDuration == nil {
                // Lasting until the carried motion settles too (as implicitAnimation(_:)).
                for k in 0..<count where velocity[k] != 0 {
                    let carried = newValue[k] != shown[k] ? velocity[k] / (newValue[k] - shown[k]) : spring.naturalFrequency
                    duration = max(duration, lastImplicitSpring.settlingDuration(initialVelocity: carried))
                }
            }
            // addAnimation's rule: a spring added with duration 0 lasts its settling duration.
            record.timing.duration = duration == 0 ? lastImplicitSpring.settlingDuration : duration
            var springRecord = SpringRecord(spring: spring, response: lastImplicitSpring.response, initialVelocity: spring.initialVelocity)
            springRecord.endpoints = values
            if carriesVelocity {
                springRecord.startVelocity = storeSlots(velocity, count, reusing: oldVelocity)
                springRecord.initialVelocity = 0
                record.continuesFrom = currentTime
            } else if oldVelocity >= 0 {
                animationValues.free(Int(oldVelocity), size: count)
            }
            if reused >= 0 {
                springRecords[reused] = springRecord
                record.parameters = reused
            } else {
                record.parameters = springRecords.insert(springRecord)
            }
            // A spring takes the transaction's curve only when it sets one (addAnimation's rule).
            if let curve = transactionCache.settings.timingFunction { record.function = functions.retain(curve) }
        } else {
            record.kind = .basic
            record.timing.duration = transactionCache.settings.animationDuration ?? defaultAnimationDuration
            if reused >= 0 {
                basicRecords[reused] = values
                record.parameters = reused
            } else {
                record.parameters = basicRecords.insert(values)
            }
            // [INF] As `implicitAnimation(_:)`: "default" when the transaction sets no curve.
            if let curve = transactionCache.settings.timingFunction {
                record.function = functions.retain(curve)
            } else {
                functions.retain(index: defaultFunction)
                record.function = defaultFunction
            }
        }
        record.timing.repeatCount = transactionCache.settings.repeatCount ?? 0
        record.timing.autoreverses = transactionCache.settings.autoreverses ?? false
        let delay = transactionCache.settings.delay ?? 0
        // During a delay the animation shows its start (UIKit's blocks fill backwards).
        if delay > 0 { record.timing.fillMode = .backwards }
        record.activeParentDuration = record.timing.activeParentDuration
        record.keyPath = key.id
        record.property = Int32(property)
        record.valueKind = kind
        record.needsDisplay = layout.needsDisplay
        record.modelOffset = Int32(layout.offset)
        record.modelIsInline = layout.isInline
        record.defaultBlock = Int32(classes[classIndex].defaultBlocks[property])
        record.propertySlotCount = Int32(count)
        record.overwritesWholeValue = false  // it reads the value underneath: no both ends
        record.mayJoinSteadyLane = SteadyLane.admits(record)

        record.state = .pending
        record.layer = Int32(slot)
        record.beginsAtCommit = true
        record.beginDelay = delay

        if retargets {
            // Retargeting the layer's only animation, of this property: the new one takes its
            // record, its presentation entry and its hold on the key (and its kind data, taken
            // over above when of the same kind). The same as removing it and adding this one,
            // without freeing the layer's presentation block and allocating it again.
            record.key = animations[replaced].key
            leaveSteadyLane(layer: slot)
            end(replaced, slot: slot, keepingKindData: reused >= 0)
            record.generation = animations[replaced].generation &+ 1
            record.initializesPresentation = true
            animations[replaced] = record
            // Its entry shows what the property showed: `shown` is that entry (the replaced
            // animation drove the property; nothing above moved the presentation), so the copy
            // is a guard only.
            let entry = presentation.pointer(Int(places[slot].presentationOffset))
            if entry != shown { entry.copySlots(from: shown, count: count) }
            register(replaced, &run)
            // As the removal does: the layer, whose only animation is pending now, leaves the
            // general walk (the commit puts it back, as it does after an add).
            leaveGeneralWalk(slot)
            return
        }
        // What the property shows now, for its presentation entry (as `addAnimation` keeps it).
        let kept = scratch.pointer(ScratchOffset.shown)
        kept.copySlots(from: shown, count: count)
        let keyID: Int32
        if run.key >= 0 {
            // Held by an animation of the run (none of them has stopped: a start removes the
            // layer's animation under the key after counting its own use).
            keyID = run.key
            animationKeys.retain(id: keyID)
        } else {
            keyID = animationKeys.retain(classes[classIndex].properties[property].descriptor.name, hint: hint)
            // (Written only when it changed: writing retains the class.)
            if keyID != hint { classes[classIndex].implicitKeyHints[property] = keyID }
            run.key = keyID
        }
        record.key = keyID
        removeAnimation(keyID: keyID, slot: slot)

        leaveSteadyLane(layer: slot)
        let hadAnimations = layers[slot].firstAnimation >= 0
        var oldLayout = hadAnimations ? presentationLayout(slot) : []
        let index = freeAnimations.popLast().map(Int.init) ?? animations.append(AttachedAnimation())
        record.generation = animations[index].generation &+ 1
        record.previous = layers[slot].lastAnimation
        if record.previous >= 0 { animations[Int(record.previous)].next = Int32(index) } else { layers[slot].firstAnimation = Int32(index) }
        layers[slot].lastAnimation = Int32(index)
        animations[index] = record

        if hadAnimations || places[slot].presentationOffset >= 0 {
            rebuildPresentation(slot, oldLayout: oldLayout)
            recycle(&oldLayout)
        } else {
            // The layer's first animation: a presentation block of this property alone.
            places[slot].presentationOffset = Int32(presentation.allocate(count))
            layers[slot].presentationSize = Int32(count)
            places[slot].presentationLayout = presentationLayouts.intern(property: Int32(property), size: Int32(count))
            animations[index].presentationOffset = 0
            animations[index].initializesPresentation = true
            // The next starts on layers with no animation make the same record.
            if record.kind == .basic {
                implicitTemplate = ImplicitTemplate(
                    record: animations[index], classIndex: classIndex, presentationLayout: places[slot].presentationLayout,
                    curve: transactionCache.settings.timingFunction, keysFreed: animationKeys.freedCount,
                    functionsDropped: functions.droppedCount)
                run.hasTemplate = true
            }
        }
        let destination = presentation.pointer(Int(places[slot].presentationOffset) + Int(animations[index].presentationOffset))
        destination.copySlots(from: kept, count: count)
        register(index, &run)
    }

    /// `startImplicitAnimation` for the layer in `slot`, which has no animation and no
    /// presentation block, when `implicitTemplate` matches the start (the run says so): the
    /// template's record for this layer, from its model value (what it shows) — what the
    /// general path makes.
    // [Perf] Without the general path's cases and its reading of the settings: an implicit start
    // on a layer with no animation (the batch's, the host's changes of many layers) costs about
    // 300 instructions less.
    private mutating func startImplicitAnimation(_ slot: Int, asTemplateOf run: inout ImplicitStartRun) {
        let count = Int(implicitTemplate.record.propertySlotCount)
        let model = UnsafePointer(modelValue(slot, run.property))
        var values = BasicRecord()
        values.from = storeSlots(model, count, reusing: -1)
        // Its key and curve are in use (`ImplicitTemplate.matches`): one more use of each.
        animationKeys.retain(id: implicitTemplate.record.key)
        functions.retain(index: implicitTemplate.record.function)
        let index = freeAnimations.popLast().map(Int.init) ?? animations.append(AttachedAnimation())
        let parameters = basicRecords.insert(values)
        let record = animations.base + index
        let generation = record.pointee.generation &+ 1
        record.update(from: &implicitTemplate.record, count: 1)
        record.pointee.generation = generation
        record.pointee.layer = Int32(slot)
        record.pointee.parameters = parameters
        layers[slot].firstAnimation = Int32(index)
        layers[slot].lastAnimation = Int32(index)
        // Its presentation block: this property alone, showing the model value.
        let block = presentation.allocate(count)
        places[slot].presentationOffset = Int32(block)
        layers[slot].presentationSize = Int32(count)
        places[slot].presentationLayout = implicitTemplate.presentationLayout
        presentation.pointer(block).copySlots(from: model, count: count)
        register(index, &run)
    }

    /// Registers the animation in `index` with the calling thread's open transaction, or leaves
    /// it to the end of `run` when the run defers registration.
    @inline(__always)
    private mutating func register(_ index: Int, _ run: inout ImplicitStartRun) {
        if run.defersRegistration {
            deferredStarts.append(Int32(index))
        } else {
            registerWithCachedTransaction(index)
        }
    }

    /// Registers the implicit animations a run deferred (`ImplicitStartRun.defersRegistration`)
    /// with the calling thread's open transaction, in the order they started.
    mutating func registerDeferredStarts() {
        guard !deferredStarts.isEmpty else { return }
        registerWithCachedTransaction(deferredStarts)
        deferredStarts.removeAll(keepingCapacity: true)
    }

    /// Copies `count` slots into the animation-value buffer, at `reusing` (slots of that size
    /// taken over from a replaced animation) or else at newly allocated ones; their offset.
    @inline(__always)
    private mutating func storeSlots(_ source: UnsafePointer<Double>, _ count: Int, reusing offset: Int32) -> Int32 {
        let target = offset >= 0 ? Int(offset) : animationValues.allocate(count)
        animationValues.pointer(target).copySlots(from: source, count: count)
        return Int32(target)
    }
}
