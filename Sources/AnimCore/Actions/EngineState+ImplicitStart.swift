/// The built-in implicit animation (reference §4.4): one plan from the transaction's settings
/// and the change (`planImplicitAnimation`), carried out by one add (`startImplicitAnimation`)
/// for the direct change, the batch set and the action path alike.
extension EngineState {
    /// Makes `implicitPlan` the plan for a change of `property` of the class `classIndex` under
    /// the calling thread's settings (`transactionCache`, filled), unless it is that plan already.
    @inline(__always)
    func planImplicitAnimation(_ classIndex: Int, _ property: Int) {
        // (Field by field: a copy of the inputs retains their curve.)
        if implicitPlan.settingsVersion == transactionCache.settingsVersion && implicitPlan.inputs.classIndex == classIndex
            && implicitPlan.inputs.property == property
            && implicitPlan.inputs.defaultDuration.bitPattern == defaultAnimationDuration.bitPattern {
            return
        }
        // Settings changed since, perhaps to the same values (a block per change sets them again).
        planImplicitAnimation(&transactionCache.settings, classIndex, property)
        implicitPlan.settingsVersion = transactionCache.settingsVersion
    }

    /// Makes `implicitPlan` the plan for a change of `property` of the class `classIndex` under
    /// `settings` (as transactions set them; inout only to be read in place), unless it is
    /// that plan already: the plan remembered is the last one made, and the same inputs make
    /// the same plan.
    func planImplicitAnimation(_ settings: inout TransactionSettings, _ classIndex: Int, _ property: Int) {
        implicitPlan.settingsVersion = 0
        let defaultDuration = defaultAnimationDuration
        guard !implicitPlan.isMade(from: &settings, classIndex, property, defaultDuration: defaultDuration) else {
            return
        }
        let inputs = ImplicitPlan.Inputs(settings, classIndex, property, defaultDuration: defaultDuration)
        let layerClass = classes[classIndex]
        implicitPlan = ImplicitPlan(
            inputs, layout: layerClass.layouts[property], keyPath: layerClass.properties[property].key.id,
            defaultBlock: Int32(layerClass.layouts[property].defaultBlock), defaultFunction: defaultFunction,
            spring: implicitPlan.spring)
    }

    /// Adds the animation `implicitPlan` describes (planned for this property) to the layer in
    /// `slot`, for a change of the property from `oldModel`, which showed `oldPresentation`, to
    /// `newModel` (each the kind's slots): from the presentation value (or the old model value
    /// when the plan does not begin from the current state) to the value underneath — no
    /// `toValue`, as Core Animation's implicit animations have none, so it ends at whatever the
    /// model (and any animation below it) holds then — under the property's name; additive,
    /// from old − new to zero under the smallest free "<name>.additive.<n>". The new model value
    /// is the caller's to store, after this.
    ///
    /// A spring that carries velocity starts with the presentation's velocity, lasting until
    /// that motion settles too unless a transaction set the duration. With `defersRegistration`
    /// (a batch's starts) its registration with the transaction waits for
    /// `registerDeferredStarts()`. Allocates only from the engine's pools (an additive key's
    /// name aside).
    func startImplicitAnimation(
        _ slot: Int, oldModel: UnsafePointer<Double>, oldPresentation: UnsafePointer<Double>,
        newModel: UnsafePointer<Double>, defersRegistration: Bool
    ) {
        let property = Int(implicitPlan.record.property)
        var start = ImplicitStart()
        let index: Int
        if layers[slot].firstAnimation < 0 && places[slot].presentationOffset < 0 {
            // The layer's first animation: nothing to replace, nothing moving, the model shown.
            start.parameters = storeImplicitParameters(
                &start, reusing: -1, oldModel: oldModel, oldPresentation: oldPresentation, newModel: newModel, velocity: nil)
            start.function = retainImplicitCurve()
            index = appendFirst(start, shown: modelValue(slot, property), slot: slot)
        } else {
            // An animation of the layer may stop below (replaced): the starts deferred before are
            // registered first, so that its stop counts in its transaction as it would have.
            if defersRegistration && layers[slot].firstAnimation >= 0 { registerDeferredStarts() }
            // A spring carries the presentation's velocity, measured before anything below moves.
            let velocity = scratch.pointer(ScratchOffset.carriedVelocity)
            let carriesVelocity = implicitPlan.carriesVelocity && isAnimated(slot, property)
            if carriesVelocity { presentationVelocity(slot, property, into: velocity) }
            // What the property shows now, for its presentation entry.
            let shown = presentationSlots(slot, property)
            let replaced = retargetedAnimation(slot)
            let reused = replaced >= 0 ? reusableKindData(replaced) : -1
            start.parameters = storeImplicitParameters(
                &start, reusing: reused, oldModel: oldModel, oldPresentation: oldPresentation, newModel: newModel,
                velocity: carriesVelocity ? UnsafePointer(velocity) : nil)
            start.function = retainImplicitCurve()
            if replaced >= 0 {
                index = retarget(replaced, start, keepingKindData: reused >= 0, shown: shown, slot: slot)
            } else {
                index = append(start, shown: shown, slot: slot)
            }
        }
        if defersRegistration {
            deferredStarts.append(Int32(index))
        } else {
            registerWithCachedTransaction(index)
        }
    }

    /// One more use of the plan's curve, and its index (−1: none, a spring's when no curve is
    /// set): the engine's "default" curve, held for the engine's life, or the transaction's,
    /// whose index the plan remembers while no curve is dropped.
    @inline(__always)
    private func retainImplicitCurve() -> Int32 {
        let known = implicitPlan.record.function
        if known >= 0 && implicitPlan.functionsDropped.map({ $0 == functions.droppedCount }) ?? true {
            functions.retain(index: known)
            return known
        }
        guard case .function(let curve) = implicitPlan.curve else { return -1 }
        let index = functions.retain(curve)
        implicitPlan.record.function = index
        implicitPlan.functionsDropped = functions.droppedCount
        return index
    }

    /// What a start adds to the plan's record: its kind data, its use of the curve, and — a
    /// spring carrying velocity — the time its motion continues from and, lengthened until that
    /// motion settles, its duration (NaN: the plan's).
    private struct ImplicitStart {
        var parameters: Int32 = -1
        var function: Int32 = -1
        var continuesFrom = Double.nan
        var duration = Double.nan
    }

    /// Writes the plan's record, with `start`'s fields, for the layer in `slot` into the record
    /// in `index` under `key`, a generation after the one there.
    @inline(__always)
    private func writeImplicitRecord(_ index: Int, _ start: ImplicitStart, slot: Int, key: Int32) {
        let record = animations.base + index
        let generation = record.pointee.generation &+ 1
        record.pointee = implicitPlan.record
        record.pointee.generation = generation
        record.pointee.layer = Int32(slot)
        record.pointee.key = key
        record.pointee.parameters = start.parameters
        record.pointee.function = start.function
        record.pointee.continuesFrom = start.continuesFrom
        if !start.duration.isNaN {
            record.pointee.timing.duration = start.duration
            record.pointee.activeParentDuration = record.pointee.timing.activeParentDuration
        }
    }

    /// The id of the property's animation key when an animation holds it (the plan remembers
    /// it while no key was freed); −1 when not known.
    @inline(__always)
    private func knownImplicitKey() -> Int32 {
        implicitPlan.keysFreed == animationKeys.freedCount ? implicitPlan.key : -1
    }

    /// The layer's only animation when the start retargets it: an animation of the plan's
    /// property under the property's key, owning nothing, with the layer's presentation block.
    /// The start then takes its record, its presentation entry and its hold on the key, the
    /// same as removing it and adding the new one without freeing the block and allocating it
    /// again. −1 otherwise (always for an additive start, whose key is its own).
    @inline(__always)
    private func retargetedAnimation(_ slot: Int) -> Int {
        let replaced = Int(layers[slot].firstAnimation)
        guard !implicitPlan.isAdditive, replaced >= 0, replaced == Int(layers[slot].lastAnimation),
              places[slot].presentationOffset >= 0
        else { return -1 }
        let record = animations.base + replaced
        guard record.pointee.property == implicitPlan.record.property, record.pointee.followers == 0 else { return -1 }
        let key = record.pointee.key
        let known = knownImplicitKey()
        if known >= 0 { return key == known ? replaced : -1 }
        let classIndex = implicitPlan.inputs.classIndex
        let property = implicitPlan.inputs.property
        guard key == classes[classIndex].implicitKeyHints[property],
              animationKeys.isLive(key, named: classes[classIndex].properties[property].descriptor.name)
        else { return -1 }
        return replaced
    }

    /// The kind record of the retargeted animation in `replaced` when the start can take it
    /// over (of the plan's kind and value kind); −1 otherwise.
    @inline(__always)
    private func reusableKindData(_ replaced: Int) -> Int32 {
        let record = animations.base + replaced
        return record.pointee.kind == implicitPlan.record.kind && record.pointee.valueKind == implicitPlan.record.valueKind
            ? record.pointee.parameters : -1
    }

    /// Stores the start's kind data — its ends, and a spring's carried `velocity` (nil: none) —
    /// and returns its index: in the kind record `reusing` (a replaced animation's of the same
    /// kind, whose value slots are taken over or freed) or a new one. A spring carrying velocity
    /// sets `start`'s time to continue from and, unless a transaction set the duration, its
    /// duration: until that motion settles too.
    private func storeImplicitParameters(
        _ start: inout ImplicitStart, reusing reused: Int32, oldModel: UnsafePointer<Double>,
        oldPresentation: UnsafePointer<Double>, newModel: UnsafePointer<Double>, velocity: UnsafePointer<Double>?
    ) -> Int32 {
        let count = Int(implicitPlan.record.propertySlotCount)
        let isBasic = implicitPlan.record.kind == .basic
        var old = BasicRecord()
        var oldVelocity: Int32 = -1
        if reused >= 0 {
            if isBasic {
                old = basicRecords[reused]
            } else {
                let spring = springRecords.records.base + Int(reused)
                old = spring.pointee.endpoints
                oldVelocity = spring.pointee.startVelocity
            }
        }
        let ends = storeImplicitEnds(oldModel, oldPresentation, newModel, count, reusing: old)
        if isBasic {
            guard reused >= 0 else { return basicRecords.insert(ends) }
            basicRecords[reused] = ends
            return reused
        }
        // (The settings' own spring, to the bit; the facts are those of any spring equal to it.)
        let given = implicitPlan.inputs.settings.spring ?? implicitPlan.spring.spring
        var spring = SpringRecord(spring: given, response: implicitPlan.spring.response, initialVelocity: given.initialVelocity)
        spring.endpoints = ends
        if let velocity {
            spring.startVelocity = storeSlots(velocity, count, reusing: oldVelocity)
            spring.initialVelocity = 0
            start.continuesFrom = currentTime
            if implicitPlan.lengthensForVelocity {
                // Each component's velocity as the spring's initial velocity (fractions of its
                // distance per second); a component at its target but moving is measured on the
                // distance its velocity carries it (v / ω₀), conservatively.
                var duration = implicitPlan.record.timing.duration
                for k in 0..<count where velocity[k] != 0 {
                    let carried = newModel[k] != oldPresentation[k]
                        ? velocity[k] / (newModel[k] - oldPresentation[k]) : given.naturalFrequency
                    duration = max(duration, implicitPlan.spring.settlingDuration(initialVelocity: carried))
                }
                start.duration = duration
            }
        } else if oldVelocity >= 0 {
            animationValues.free(Int(oldVelocity), size: count)
        }
        guard reused >= 0 else { return springRecords.insert(spring) }
        springRecords[reused] = spring
        return reused
    }

    /// Stores the start's ends: from the presentation (or the old model) value and no other
    /// end; additive, old − new to the identity delta. Takes over `old`'s value slots (each
    /// `count` long) where an end needs them, freeing the rest.
    @inline(__always)
    private func storeImplicitEnds(
        _ oldModel: UnsafePointer<Double>, _ oldPresentation: UnsafePointer<Double>, _ newModel: UnsafePointer<Double>,
        _ count: Int, reusing old: BasicRecord
    ) -> BasicRecord {
        var ends = BasicRecord()
        guard implicitPlan.isAdditive else {
            if old.to >= 0 { animationValues.free(Int(old.to), size: count) }
            if old.by >= 0 { animationValues.free(Int(old.by), size: count) }
            ends.from = storeSlots(implicitPlan.beginsFromCurrentState ? oldPresentation : oldModel, count, reusing: old.from)
            return ends
        }
        if old.by >= 0 { animationValues.free(Int(old.by), size: count) }
        // What shows the old value on top of the new model (for transforms old · new⁻¹, not
        // new⁻¹ · old), and what shows the new one (identity).
        let kind = implicitPlan.record.valueKind
        let delta = scratch.pointer(ScratchOffset.actionDelta)
        ValueMath.additiveDelta(kind, from: newModel, to: oldModel, into: delta)
        ends.from = storeSlots(delta, count, reusing: old.from)
        ValueMath.additiveDelta(kind, from: newModel, to: newModel, into: delta)
        ends.to = storeSlots(delta, count, reusing: old.to)
        return ends
    }

    /// The start that retargets the layer's only animation, in `replaced` (see
    /// `retargetedAnimation`): the new record takes its place, key and presentation entry (and
    /// its kind data, `keepingKindData`, when the start took that over). Returns its index.
    private func retarget(
        _ replaced: Int, _ start: ImplicitStart, keepingKindData: Bool, shown: UnsafeMutablePointer<Double>, slot: Int
    ) -> Int {
        leaveSteadyLane(layer: slot)
        end(replaced, slot: slot, keepingKindData: keepingKindData)
        let links = (previous: animations[replaced].previous, next: animations[replaced].next)
        writeImplicitRecord(replaced, start, slot: slot, key: animations[replaced].key)
        animations[replaced].previous = links.previous
        animations[replaced].next = links.next
        animations[replaced].initializesPresentation = true
        // Its entry shows what the property showed: `shown` is that entry (the replaced
        // animation drove the property; nothing above moved the presentation), so the copy is
        // a guard only.
        let entry = presentation.pointer(Int(places[slot].presentationOffset))
        if entry != shown { entry.copySlots(from: shown, count: Int(implicitPlan.record.propertySlotCount)) }
        // As the removal does: the layer, whose only animation is pending now, leaves the
        // general walk (the commit puts it back, as it does after an add).
        leaveGeneralWalk(slot)
        return replaced
    }

    /// The start on a layer with no animation and no presentation block, which shows `shown`
    /// (its model value): its record alone in the layer's list. Returns its index.
    private func appendFirst(_ start: ImplicitStart, shown: UnsafePointer<Double>, slot: Int) -> Int {
        let key = retainImplicitKey(slot)
        let index = freeAnimations.popLast().map(Int.init) ?? animations.append(AttachedAnimation())
        writeImplicitRecord(index, start, slot: slot, key: key)
        linkLast(index, slot: slot)
        givePresentationBlock(index, showing: shown, slot: slot)
        return index
    }

    /// The start that adds its record at the end of the layer's list, replacing an animation
    /// under its key; the property's presentation entry keeps showing `shown`. Returns its index.
    private func append(_ start: ImplicitStart, shown: UnsafeMutablePointer<Double>, slot: Int) -> Int {
        let count = Int(implicitPlan.record.propertySlotCount)
        // (Kept aside: the removal below may move the layer's presentation block.)
        let kept = scratch.pointer(ScratchOffset.shown)
        kept.copySlots(from: shown, count: count)
        let key = retainImplicitKey(slot)
        removeAnimation(keyID: key, slot: slot)
        leaveSteadyLane(layer: slot)
        let index = freeAnimations.popLast().map(Int.init) ?? animations.append(AttachedAnimation())
        writeImplicitRecord(index, start, slot: slot, key: key)
        if layers[slot].firstAnimation < 0 && places[slot].presentationOffset < 0 {
            linkLast(index, slot: slot)
            givePresentationBlock(index, showing: kept, slot: slot)
            return index
        }
        var oldLayout = presentationLayout(slot)
        linkLast(index, slot: slot)
        rebuildPresentation(slot, oldLayout: oldLayout, appended: index)
        recycle(&oldLayout)
        let destination = presentation.pointer(Int(places[slot].presentationOffset) + Int(animations[index].presentationOffset))
        destination.copySlots(from: kept, count: count)
        return index
    }

    /// Gives the layer in `slot`, whose only animation is the start's (in `index`), a
    /// presentation block of the property alone, showing `shown`.
    @inline(__always)
    private func givePresentationBlock(_ index: Int, showing shown: UnsafePointer<Double>, slot: Int) {
        let count = Int(implicitPlan.record.propertySlotCount)
        let block = presentation.allocate(count)
        layers[slot].presentationSize = Int32(count)
        if implicitPlan.presentationLayout < 0 {
            implicitPlan.presentationLayout = presentationLayouts.intern(property: implicitPlan.record.property, size: Int32(count))
        }
        setPresentationBlock(slot, offset: Int32(block), layout: implicitPlan.presentationLayout)
        animations[index].initializesPresentation = true  // (its entry at offset 0)
        presentation.pointer(block).copySlots(from: shown, count: count)
    }

    /// Links the record in `index` at the end of the layer's list.
    @inline(__always)
    private func linkLast(_ index: Int, slot: Int) {
        let previous = layers[slot].lastAnimation
        animations[index].previous = previous
        if previous >= 0 { animations[Int(previous)].next = Int32(index) } else { layers[slot].firstAnimation = Int32(index) }
        layers[slot].lastAnimation = Int32(index)
    }

    /// One more use of the start's key, and its id: the property's name's — known to the plan
    /// while an animation holds it, or else found by name (tried first by the id it had last
    /// time) — or an additive start's own.
    @inline(__always)
    private func retainImplicitKey(_ slot: Int) -> Int32 {
        let classIndex = implicitPlan.inputs.classIndex
        let property = implicitPlan.inputs.property
        if implicitPlan.isAdditive {
            return animationKeys.retain(freeAdditiveKey(slot, classes[classIndex].properties[property].descriptor.name))
        }
        let known = knownImplicitKey()
        if known >= 0 {
            animationKeys.retain(id: known)
            return known
        }
        let hint = classes[classIndex].implicitKeyHints[property]
        let key = animationKeys.retain(classes[classIndex].properties[property].descriptor.name, hint: hint)
        // (Written only when it changed: writing retains the class.)
        if key != hint { classes[classIndex].implicitKeyHints[property] = key }
        implicitPlan.key = key
        implicitPlan.keysFreed = animationKeys.freedCount
        return key
    }

    /// The smallest "<key>.additive.<n>" no animation of the layer in `slot` runs under.
    func freeAdditiveKey(_ slot: Int, _ key: String) -> String {
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

    /// Registers the implicit animations a batch deferred (`startImplicitAnimation`'s
    /// `defersRegistration`) with the calling thread's open transaction, in the order they started.
    func registerDeferredStarts() {
        guard !deferredStarts.isEmpty else { return }
        registerWithCachedTransaction(deferredStarts)
        deferredStarts.removeAll(keepingCapacity: true)
    }

    /// Copies `count` slots into the animation-value buffer, at `reusing` (slots of that size
    /// taken over from a replaced animation) or else at newly allocated ones; their offset.
    @inline(__always)
    func storeSlots(_ source: UnsafePointer<Double>, _ count: Int, reusing offset: Int32) -> Int32 {
        let target = offset >= 0 ? Int(offset) : animationValues.allocate(count)
        animationValues.pointer(target).copySlots(from: source, count: count)
        return Int32(target)
    }
}
