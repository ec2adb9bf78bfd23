/// Adding, removing and reading back animations, and the presentation layout they need.
extension EngineState {
    /// Adds a copy of `animation` to `layer` under `key` (nil: no key), replacing an animation
    /// under the same key (it stops with finished = false). A duration of 0 becomes the
    /// transaction's duration now, a missing timing function the transaction's; a begin time of 0
    /// becomes the layer's time when the transaction commits.
    ///
    /// A group becomes its record followed by its children's; a keyframe animation with a
    /// rotation mode, its record followed by the rotation's. Nothing is added when any part
    /// is refused. A transition is added under "transition" whatever `key` says (CALayer
    /// addAnimation:forKey:: "the special key 'transition' is automatically used").
    func addAnimation(_ animation: Animation, forKey key: String?, to layer: LayerID) throws(AnimCoreError) {
        let key = animation.kindTag == .transition ? TransitionParameters.key : key
        try refuseWhileEnding("adding an animation")
        let slot = try layerSlot(layer)
        try animation.validate()
        // The transaction's duration and curve, read in place ([Perf] a copy of the whole
        // settings cost more than this part's rest).
        cacheTransaction()
        var timing = animation.timing
        if timing.duration == 0, let duration = durationInPlaceOfZero(animation) { timing.duration = duration }
        // [INF] The transaction's timing function applies to animations without their own; not
        // to a group, whose function would re-time its children.
        let inheritsFunction = animation.kindTag != .group && !animation.storedTimingFunction.isSet

        planScratch.empty()
        do {
            try planRecords(
                animation, timing: timing, inheritsFunction: inheritsFunction, slot: slot, parent: -1, field: "animation",
                into: &planScratch)
        } catch {
            for record in planScratch { freeKindData(record) }
            throw error
        }
        let plan = planScratch
        // What the animated properties show now, kept for their presentation entries
        // (replacing a running animation must not make them read the model until the next tick).
        shownScratch.empty()
        for record in plan where record.property >= 0 {
            let source = presentationSlots(slot, Int(record.property))
            for offset in 0..<Int(record.propertySlotCount) { shownScratch.append(source[offset]) }
        }
        if let key, let previous = animationKeys.lookup(key) { removeAnimation(keyID: previous, slot: slot) }
        let keyID = key.map { animationKeys.retain($0) } ?? -1

        // The layer's list and presentation block change: its steady animations leave the lane.
        leaveSteadyLane(layer: slot)
        var oldLayout = presentationLayout(slot)
        let index = link(plan, slot: slot)
        animations[index].key = keyID
        animations[index].beginsAtCommit = timing.beginTime == 0
        // A path's rotation begins with its keyframes (the commit sets both begin times): a
        // read before the commit (a velocity) takes both as begun then.
        if animations[index].kind == .keyframe && animations[index].followers == 1 {
            animations[Int(animations[index].next)].beginsAtCommit = animations[index].beginsAtCommit
        }
        if animation.kindTag == .decay, let decay = animation.decay, !decay.fromValue.holdsValue || !decay.velocity.holdsValue {
            animations[index].continuesFrom = currentTime
        }
        if let delegate = animation.delegate { animationDelegates[Int32(index)] = delegate }
        // Basic and spring animations are read back from their records; the others keep their
        // description (their records hold prepared curves, not the parameters as given).
        if animation.kindTag != .basic && animation.kindTag != .spring { addedDescriptions[Int32(index)] = animation }

        rebuildPresentation(slot, oldLayout: oldLayout, appended: index)
        recycle(&oldLayout)
        if plan.contains(where: { $0.valueKind.isVariableLength && $0.property >= 0 }) {
            layersShowingVariableValues.insert(Int32(slot))
        }
        var offset = 0
        for record in plan where record.property >= 0 {
            let size = Int(record.propertySlotCount)
            let destination = presentationSlots(slot, Int(record.property))
            for k in 0..<size { destination[k] = shownScratch[offset + k] }
            offset += size
        }
        registerWithCachedTransaction(index)  // (the cache holds this thread: filled above)
    }

    /// The duration an animation of duration 0 takes when added: the transaction's animation
    /// duration (CALayer addAnimation:forKey:), or a spring's settling duration; nil for one
    /// that resolves its own — a decay ends when its speed falls below its minimum (resolved
    /// with its velocity), a sequence when its last child ends. The transaction cache is filled.
    // [INF] CASpringAnimation needs a duration ("ignored, but you need to supply something");
    // the settling duration is the one that shows the whole motion.
    private func durationInPlaceOfZero(_ animation: Animation) -> Double? {
        if animation.kindTag == .decay || animation.isSequence { return nil }
        return animation.spring?.settlingDuration ?? transactionCache.settings.animationDuration ?? defaultAnimationDuration
    }

    /// Stores the records of `plan`, in order, pending, at the end of the layer's list (a
    /// group's children pointing at its record); the first one's index. `reservedScratch`
    /// holds each plan position's slot (a child's group comes before it in the plan).
    private func link(_ plan: [AttachedAnimation], slot: Int) -> Int {
        reservedScratch.empty()
        for var record in plan {
            let index = reserveRecord()
            reservedScratch.append(index)
            record.generation = animations[index].generation &+ 1
            record.state = .pending
            record.layer = Int32(slot)
            if record.parent >= 0 { record.parent = Int32(reservedScratch[Int(record.parent)]) }
            record.previous = Int32(layers[slot].lastAnimation)
            record.next = -1
            if record.previous >= 0 { animations[Int(record.previous)].next = Int32(index) } else { layers[slot].firstAnimation = Int32(index) }
            layers[slot].lastAnimation = Int32(index)
            if record.kind == .transition { layers[slot].transitionCount += 1 }
            animations[index] = record
        }
        return reservedScratch[0]
    }

    /// The most records one add may make (a group's records and its children's, nested
    /// groups' included): it bounds the memory and time a single call can take.
    static let maximumRecordsPerAdd = Animation.maximumAnimationsPerAdd

    /// A slot for a new record: a reused one first.
    @inline(__always)
    private func reserveRecord() -> Int {
        if let reused = freeAnimations.popLast() { return Int(reused) }
        return animations.append(AttachedAnimation())
    }

    /// The records an animation becomes, appended to `plan` with each kind's data stored:
    /// `parent` is the plan position of the group it runs in (-1: the layer); `inheritsFunction`,
    /// whether it takes the transaction's timing function instead of its own. Throws for what
    /// the layer refuses (unknown or not animatable key paths, values of the wrong kind); the
    /// caller frees the kind data of what was planned.
    private func planRecords(
        _ animation: Animation, timing: MediaTiming, inheritsFunction: Bool, slot: Int, parent: Int32,
        field: String, into plan: inout [AttachedAnimation]
    ) throws(AnimCoreError) {
        var record = AttachedAnimation()
        record.parent = parent
        record.isOwned = parent >= 0
        record.timing = timing
        record.activeParentDuration = timing.activeParentDuration
        record.isAdditive = animation.isAdditive
        record.isCumulative = animation.isCumulative
        record.isRemovedOnCompletion = animation.isRemovedOnCompletion
        record.keepsFinalValue = parent < 0 && animation.keepsFinalValue
        guard plan.count < EngineState.maximumRecordsPerAdd else {
            throw AnimCoreError(
                .outOfRange,
                "\(field) makes more than \(EngineState.maximumRecordsPerAdd) animations (groups of groups); that is the most one add may make")
        }
        try planKind(animation.parts, of: animation, record, inheritsFunction: inheritsFunction, slot: slot, field: field, into: &plan)
    }

    /// `planRecords` past the parts every kind shares (`record`): `parts` is `animation.parts`,
    /// passed on its own so that the switch over it reads it in place; a basic or spring
    /// animation's values are read where they lie (`Animation.endpoints`).
    private func planKind(
        _ parts: Animation.Parts, of animation: Animation, _ record: AttachedAnimation, inheritsFunction: Bool, slot: Int,
        field: String, into plan: inout [AttachedAnimation]
    ) throws(AnimCoreError) {
        var record = record
        if case .group(let group) = parts {
            let function = retainFunction(of: animation, inherits: inheritsFunction)
            return try planGroup(group, record, function: function, slot: slot, field: field, into: &plan)
        }
        if case .transition(let transition) = parts {
            // No key path, no property: the render list reads its record.
            record.kind = .transition
            record.parameters = transitionRecords.insert(TransitionRecord(transition, id: nextTransitionID))
            nextTransitionID &+= 1
            record.function = retainFunction(of: animation, inherits: inheritsFunction)
            record.keepsFinalValue = false
            record.mayJoinSteadyLane = SteadyLane.admits(record)
            return plan.append(record)
        }
        var target = try animatableTarget(animation.keyPath, slot: slot, field: field)
        if let function = animation.valueFunction {
            // The record animates the function's input; its property's entry holds the matrix.
            record.valueFunction = try valueFunctionTarget(function, on: target, slot: slot, keyPath: animation.keyPath, field: field)
            target = KeyPathTarget(property: target.property, component: nil, kind: function.inputKind)
        }
        try setTarget(target, keyPath: animation.keyPath, of: &record, slot: slot)
        let overwritesWhole = !animation.isAdditive && target.component == nil
        switch parts {
        case .basic:
            record.kind = .basic
            let values = try storeEndpoints(
                animation.endpoints, target: target, valueFunction: record.valueFunction, slot: slot, keyPath: animation.keyPath,
                field: field, endsMaySwitch: animation.endsMaySwitch)
            record.overwritesWholeValue = overwritesWhole && values.hasBothEnds
            record.parameters = basicRecords.insert(values)
        case .spring(let spring):
            record.kind = .spring
            let values = try storeEndpoints(
                animation.endpoints, target: target, valueFunction: record.valueFunction, slot: slot, keyPath: animation.keyPath,
                field: field, endsMaySwitch: animation.endsMaySwitch)
            var springRecord = SpringRecord(spring: spring, response: SpringResponse(spring), initialVelocity: spring.initialVelocity)
            springRecord.endpoints = values
            record.overwritesWholeValue = overwritesWhole && values.hasBothEnds
            record.parameters = springRecords.insert(springRecord)
        case .decay(let decay):
            record.kind = .decay
            let (prepared, duration) = try storeDecay(decay, target: target, slot: slot, keyPath: animation.keyPath, field: field)
            if record.timing.duration == 0 {
                record.timing.duration = duration
                record.activeParentDuration = record.timing.activeParentDuration
            }
            record.parameters = decayRecords.insert(prepared)
            record.overwritesWholeValue = overwritesWhole
        case .keyframe(let keyframe):
            record.kind = .keyframe
            let prepared = try storeKeyframes(keyframe, kind: target.kind, keyPath: animation.keyPath, field: field)
            record.parameters = keyframeRecords.insert(prepared)
            record.overwritesWholeValue = overwritesWhole
            if prepared.rotation != nil {
                record.function = retainFunction(of: animation, inherits: inheritsFunction)
                return try planPathRotation(record, slot: slot, field: field, into: &plan)
            }
        case .group, .transition:
            break
        }
        // (A decay has no curve: its motion is its own.)
        if record.kind != .decay { record.function = retainFunction(of: animation, inherits: inheritsFunction) }
        record.mayJoinSteadyLane = SteadyLane.admits(record)
        plan.append(record)
    }

    /// The timing function of a record of `animation`, retained in `functions` (-1: none): its
    /// own, or the transaction's when it `inherits` one.
    @inline(__always)
    private func retainFunction(of animation: Animation, inherits: Bool) -> Int32 {
        if inherits { return retain(transactionCache.settings.storedTimingFunction) }
        return retain(animation.storedTimingFunction)
    }

    /// `function` retained in `functions` (-1: unset).
    @inline(__always)
    private func retain(_ function: StoredTimingFunction) -> Int32 {
        guard case .function(let function) = function else { return -1 }
        return functions.retain(function)
    }

    /// Sets `record`'s target: the property (or component) `target` of the layer in `slot`,
    /// named by `keyPath`, with the property's layout.
    @inline(__always)
    private func setTarget(
        _ target: KeyPathTarget, keyPath: String, of record: inout AttachedAnimation, slot: Int
    ) throws(AnimCoreError) {
        let layerClass = classes[Int(places[slot].classIndex)]
        let stored = layerClass.layouts[target.property]  // plain data: no descriptor copied
        record.keyPath = try keys.intern(keyPath).id
        record.property = Int32(target.property)
        record.component = target.component
        record.valueKind = target.kind
        record.needsDisplay = stored.needsDisplay
        record.modelOffset = Int32(stored.offset)
        record.modelIsInline = stored.isInline
        record.defaultBlock = Int32(layerClass.layouts[target.property].defaultBlock)
        record.propertySlotCount = Int32(stored.kind.slotCount)
    }

    /// `planRecords` of a group: its record (`record`, with its timing), then its children's,
    /// each in the group's time space.
    private func planGroup(
        _ group: GroupParameters, _ record: AttachedAnimation, function: Int32, slot: Int, field: String,
        into plan: inout [AttachedAnimation]
    ) throws(AnimCoreError) {
        var record = record
        record.kind = .group
        record.function = function
        record.parameters = groupRecords.insert(GroupRecord())
        let position = plan.count
        plan.append(record)
        // A sequence's: where the next child's begin time counts from, and the latest end.
        var cursor = 0.0, length = 0.0
        for (index, child) in group.animations.enumerated() {
            var childTiming = child.timing
            if group.isSequential {
                if childTiming.duration <= 0, let duration = durationInPlaceOfZero(child) { childTiming.duration = duration }
                childTiming.beginTime += cursor
                // (A child after one that never ends would never begin: refused, as any begin
                // beyond the time limit.)
                let limit = MediaTiming.Limits.time
                try Check.within(childTiming.beginTime, -limit...limit, "\(field).animations[\(index)]'s begin time in the sequence")
            } else if childTiming.duration <= 0 && !child.isSequence {
                // [INF] A child with duration 0 spans the group (reference §6.6).
                childTiming.duration = record.timing.duration
            }
            let childPosition = plan.count
            try planRecords(
                child, timing: childTiming, inheritsFunction: false, slot: slot, parent: Int32(position),
                field: "\(field).animations[\(index)]", into: &plan)
            cursor = plan[childPosition].timing.beginTime + plan[childPosition].activeParentDuration
            length = max(length, cursor)
        }
        if group.isSequential && record.timing.duration <= 0 {
            plan[position].timing.duration = length
            plan[position].activeParentDuration = plan[position].timing.activeParentDuration
        }
        plan[position].followers = Int32(plan.count - position - 1)
        plan[position].mayJoinSteadyLane = SteadyLane.admits(plan[position])
            && plan[(position + 1)...].allSatisfy { SteadyLane.admitsInGroup($0, parent: Int32(position)) }
    }

    /// `planRecords` of a keyframe animation along a path with a rotation mode: its record
    /// (`keyframes`), then the rotation's, a record of its own on the layer's transform.
    private func planPathRotation(
        _ keyframes: AttachedAnimation, slot: Int, field: String, into plan: inout [AttachedAnimation]
    ) throws(AnimCoreError) {
        let transform = try animatableTarget("transform", slot: slot, field: field)
        var record = keyframes
        record.followers = 1
        record.mayJoinSteadyLane = SteadyLane.admits(record)
            && !classes[Int(places[slot].classIndex)].layouts[transform.property].needsDisplay
        plan.append(record)
        var rotation = keyframes
        try setTarget(transform, keyPath: "transform", of: &rotation, slot: slot)
        rotation.kind = .pathRotation
        rotation.followers = 0
        rotation.isOwned = true
        rotation.isAdditive = false
        rotation.isCumulative = false
        rotation.overwritesWholeValue = false
        if rotation.function >= 0 { functions.retain(index: rotation.function) }  // the keyframes' curve
        rotation.mayJoinSteadyLane = false  // it joins with its keyframes
        plan.append(rotation)
    }

    /// The value function `function` applied to the property `target` (a whole transform
    /// property) of the layer in `slot`, named by `keyPath`.
    /// - Throws: `.wrongKind` for a key path that names no transform property (a component of
    ///   one included), or an `affineTransform` property with a 3D function (rotateX, rotateY,
    ///   scaleZ, translateZ).
    private func valueFunctionTarget(
        _ function: ValueFunction, on target: KeyPathTarget, slot: Int, keyPath: String, field: String
    ) throws(AnimCoreError) -> AppliedValueFunction {
        guard target.component == nil, target.kind == .transform3D || target.kind == .affineTransform else {
            throw AnimCoreError(
                .wrongKind,
                "\(field).valueFunction is \(function.name) but \(field).keyPath \"\(keyPath)\" holds \(target.kind.name) values; a value function builds a whole transform3D or affineTransform value (\"transform\", \"sublayerTransform\")")
        }
        guard target.kind == .transform3D || function.isPlanar else {
            throw AnimCoreError(
                .wrongKind,
                "\(field).valueFunction is \(function.name), a 3D transform, but \(field).keyPath \"\(keyPath)\" holds affineTransform values")
        }
        return AppliedValueFunction(function, on: target.kind)
    }

    /// Checks a basic or spring animation's values against the target and stores them; "all
    /// nil" captures the presentation value as the start (with a value function, the
    /// function's input read out of the presentation's transform).
    private func storeEndpoints(
        _ basic: BasicParameters, target: KeyPathTarget, valueFunction: AppliedValueFunction?, slot: Int, keyPath: String,
        field: String, endsMaySwitch: Bool
    ) throws(AnimCoreError) -> BasicRecord {
        try checkAnimationValue(basic.fromValue, field, "fromValue", target, keyPath)
        try checkAnimationValue(basic.toValue, field, "toValue", target, keyPath)
        try checkAnimationValue(basic.byValue, field, "byValue", target, keyPath)
        if target.kind.isVariableLength && !endsMaySwitch { try checkVariableEnds(basic, field: field) }
        var values = BasicRecord()
        values.from = storeValue(basic.fromValue)
        values.to = storeValue(basic.toValue)
        values.by = storeValue(basic.byValue)
        // "All nil": from the presentation value when added, to the value underneath.
        if !basic.fromValue.holdsValue && !basic.toValue.holdsValue && !basic.byValue.holdsValue {
            values.fromIsCaptured = true
            let shown = presentationSlots(slot, target.property)
            if let valueFunction {
                let input = scratch.pointer(ScratchOffset.underneath)
                valueFunction.function.read(from: shown, as: valueFunction.propertyKind, into: input)
                values.from = storeValue(Value(kind: target.kind, slots: input))
            } else {
                values.from = storeValue(read(target, from: shown))
            }
        }
        if target.kind.isVariableLength { values.buffers = storeVariableBuffers(makeVariableBuffers(values, kind: target.kind)) }
        return values
    }

    /// Checks a decay against its target and prepares it: the start and velocity given, or the
    /// presentation's value and velocity now.
    private func storeDecay(
        _ decay: DecayParameters, target: KeyPathTarget, slot: Int, keyPath: String, field: String
    ) throws(AnimCoreError) -> (DecayRecord, duration: Double) {
        guard target.kind.hasCoordinates else {
            throw AnimCoreError(
                .wrongKind, "\(field): a decay moves scalar, point, size, rect, vector3 or color values; \"\(keyPath)\" holds \(target.kind.name) values")
        }
        for (name, value) in [("fromValue", decay.fromValue), ("velocity", decay.velocity), ("lowerBound", decay.lowerBound), ("upperBound", decay.upperBound)] {
            if let value, value.kind != target.kind {
                throw AnimCoreError(
                    .wrongKind, "\(field).\(name) is a \(value.kind.name) but \"\(keyPath)\" holds \(target.kind.name) values")
            }
        }
        let count = target.kind.slotCount
        func slots(_ value: Value) -> [Double] {
            var buffer = SlotScratch()
            return buffer.withPointer { pointer in
                value.write(into: pointer)
                return (0..<count).map { pointer[$0] }
            }
        }
        let from = slots(decay.fromValue ?? read(target, from: presentationSlots(slot, target.property)))
        var velocity = [Double](repeating: 0, count: count)
        if let given = decay.velocity {
            velocity = slots(given)
        } else {
            var whole = SlotScratch()
            velocity = whole.withPointer { pointer in
                presentationVelocity(slot, target.property, into: pointer)
                guard let component = target.component else { return (0..<count).map { pointer[$0] } }
                var part = SlotScratch()
                return part.withPointer { out in
                    component.read(from: pointer, into: out)
                    return (0..<count).map { out[$0] }
                }
            }
        }
        return storeDecay(
            decay, kind: target.kind, from: from, velocity: velocity, lower: decay.lowerBound.map(slots),
            upper: decay.upperBound.map(slots))
    }

    /// The declared animatable property (or component) a key path names; the last one found
    /// is remembered (`AnimatableTargetMemo`), so an add that names it again skips the search.
    private func animatableTarget(_ keyPath: String, slot: Int, field: String) throws(AnimCoreError) -> KeyPathTarget {
        let classIndex = places[slot].classIndex
        if let remembered = lastAnimatableTarget.target(of: keyPath, inClass: classIndex) { return remembered }
        let target = try resolveAnimatableTarget(keyPath, slot: slot, field: field)
        lastAnimatableTarget = AnimatableTargetMemo(classIndex: classIndex, keyPath: keyPath, target: target)
        return target
    }

    /// `animatableTarget` past the memo: the one resolution of an animated key path.
    private func resolveAnimatableTarget(_ keyPath: String, slot: Int, field: String) throws(AnimCoreError) -> KeyPathTarget {
        let target: KeyPathTarget
        switch try resolve(keyPath, in: slot) {
        case .property(let resolved): target = resolved
        case .undeclared, .frame:
            throw AnimCoreError(
                .notAnimatable,
                "\(field).keyPath is \"\(keyPath)\"; it is not a declared animatable property of class \(classes[Int(places[slot].classIndex)].name)")
        }
        let layerClass = classes[Int(places[slot].classIndex)]
        guard layerClass.layouts[target.property].isAnimatable else {
            let name = layerClass.properties[target.property].descriptor.name
            throw AnimCoreError(.notAnimatable, "\(field): property \"\(name)\" is not animatable")
        }
        return target
    }

    /// Gives back a record's kind data (its values, keyframes or group time) and its timing
    /// function. A rotation shares its owner's keyframes.
    private func freeKindData(_ record: AttachedAnimation) {
        freeKindData(record.kind, parameters: record.parameters, slotCount: record.valueKind.slotCount, function: record.function)
    }

    /// `freeKindData(_:)` for a record of `kind` with these `parameters`, `slotCount` slots per
    /// value and timing `function` (an index in `functions`, or -1).
    private func freeKindData(_ kind: RecordKind, parameters: Int32, slotCount: Int, function: Int32) {
        switch kind {
        case .basic:
            let values = basicRecords[parameters]
            retireVariableValues(values)
            freeValues(values, size: slotCount)
            basicRecords.remove(parameters)
        case .keyframe:
            freeKeyframes(keyframeRecords[parameters])
            keyframeRecords.remove(parameters)
        case .group:
            groupRecords.remove(parameters)
        case .spring:
            // (In place: a copy of the spring record costs more than the frees.)
            let spring = springRecords.records.base + Int(parameters)
            retireVariableValues(spring.pointee.endpoints)
            freeValues(spring.pointee.endpoints, size: slotCount)
            if spring.pointee.startVelocity >= 0 { animationValues.free(Int(spring.pointee.startVelocity), size: slotCount) }
            springRecords.remove(parameters)
        case .decay:
            let decay = decayRecords[parameters]
            animationValues.free(Int(decay.block), size: Int(decay.blockSize))
            decayRecords.remove(parameters)
        case .transition:
            transitionRecords.remove(parameters)
        case .pathRotation:
            break
        }
        functions.release(function)
    }

    /// Gives back the value slots (`size` each) a basic record's from, to and by hold.
    // [Perf] Not a loop over `[from, to, by]`: the array literal cost more than the frees.
    @inline(__always)
    private func freeValues(_ values: BasicRecord, size: Int) {
        if values.from >= 0 { animationValues.free(Int(values.from), size: size) }
        if values.to >= 0 { animationValues.free(Int(values.to), size: size) }
        if values.by >= 0 { animationValues.free(Int(values.by), size: size) }
    }

    /// Throws `.wrongKind` when an animation's value is not of the key path's kind (the message
    /// is made only then: adds are on the per-change path).
    private func checkAnimationValue(
        _ value: Value?, _ field: String, _ name: String, _ target: KeyPathTarget, _ keyPath: String
    ) throws(AnimCoreError) {
        guard let value, value.kind != target.kind else { return }
        throw AnimCoreError(
            .wrongKind, "\(field).\(name) is a \(value.kind.name) but \"\(keyPath)\" holds \(target.kind.name) values")
    }

    /// Copies a value into the animation-value buffer; -1 for nil. A path or array is stored
    /// in `variableValues`, its slot holding the handle, which the animation owns.
    private func storeValue(_ value: Value?) -> Int32 {
        guard let value else { return -1 }
        let offset = animationValues.allocate(value.kind.slotCount)
        if value.kind.isVariableLength {
            animationValues.pointer(offset)[0] = variableValues.store(value)
        } else {
            value.write(into: animationValues.pointer(offset))
        }
        return Int32(offset)
    }

    /// Removes the animation under `key` from `layer`, if there is one.
    func removeAnimation(forKey key: String, from layer: LayerID) throws(AnimCoreError) {
        removeAnimation(forKey: key, slot: try layerSlot(layer))
    }

    private func removeAnimation(forKey key: String, slot: Int) {
        guard let keyID = animationKeys.lookup(key) else { return }
        removeAnimation(keyID: keyID, slot: slot)
    }

    /// Removes the animation under the key `keyID` (of `animationKeys`), if there is one.
    func removeAnimation(keyID: Int32, slot: Int) {
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            if animations[animation].key == keyID {
                removeAnimation(animation, slot: slot)
                return
            }
            animation = Int(animations[animation].next)
        }
    }

    /// Removes every animation of `layer`.
    func removeAllAnimations(from layer: LayerID) throws(AnimCoreError) {
        removeAllAnimations(try layerSlot(layer))
    }

    func removeAllAnimations(_ slot: Int) {
        var all: [Int] = []
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            all.append(animation)
            animation = Int(animations[animation].next)
        }
        if !all.isEmpty { removeAnimations(all, slot: slot) }
    }

    /// `removeAnimations` of the one animation in `index` (with the records it owns). When it is
    /// its layer's only animation (what an implicit animation that ends leaves to remove), the
    /// layer is left with no presentation block without laying one out again.
    // [Perf] The general way (the layouts before and after, the scratch arrays) costs as much
    // as the start of an animation, and the tick that ends many implicit animations makes
    // this call for each (bench_transactions' end tick).
    func removeAnimation(_ index: Int, slot: Int) {
        let record = animations.base + index
        // (A record with followers, a group's children or a path's rotation after it, is never
        // its layer's last.)
        guard record.pointee.isAlive, layers[slot].firstAnimation == Int32(index), layers[slot].lastAnimation == Int32(index)
        else {
            removeAnimations(CollectionOfOne(index), slot: slot)
            return
        }
        leaveSteadyLane(layer: slot)
        end(index, slot: slot)
        unlinkAndFree(index, slot: slot)
        releasePresentation(slot)
        leaveGeneralWalk(slot)
    }

    /// Unlinks and frees animations of one layer, with the records each owns; those that had
    /// not finished stop with finished = false. The layer's presentation layout is rebuilt once.
    func removeAnimations<Indexes: Sequence<Int>>(_ indexes: Indexes, slot: Int) {
        leaveSteadyLane(layer: slot)
        var oldLayout = presentationLayout(slot)
        removalScratch.removeAll(keepingCapacity: true)
        for index in indexes where animations[index].isAlive {
            var member = index
            for _ in 0...Int(animations[index].followers) where member >= 0 {
                removalScratch.append(member)
                member = Int(animations[member].next)
            }
        }
        let doomed = removalScratch
        for index in doomed where animations[index].isAlive {
            end(index, slot: slot)
            unlinkAndFree(index, slot: slot)
        }
        rebuildPresentation(slot, oldLayout: oldLayout)
        recycle(&oldLayout)
        if layers[slot].firstAnimation < 0 { leaveGeneralWalk(slot) }
    }

    /// Takes the record in `index`, ended (`end`), out of its layer's list and frees it with
    /// its key.
    @inline(__always)
    private func unlinkAndFree(_ index: Int, slot: Int) {
        // (In place: `end` grows no record buffer, and a copy of the record showed in the cost.)
        let record = animations.base + index
        let previous = record.pointee.previous, next = record.pointee.next
        if previous >= 0 { animations[Int(previous)].next = next } else { layers[slot].firstAnimation = next }
        if next >= 0 { animations[Int(next)].previous = previous } else { layers[slot].lastAnimation = previous }
        if record.pointee.kind == .transition { layers[slot].transitionCount -= 1 }
        if record.pointee.key >= 0 { animationKeys.release(record.pointee.key) }
        record.pointee.key = -1
        record.pointee.state = .free
        record.pointee.next = -1
        record.pointee.previous = -1
        freeAnimations.append(Int32(index))
    }

    /// Ends the live record in `index` as a removal does, but for its place in the layer's list,
    /// its key and its presentation entry: a display mark for a needs-display property, the stop
    /// (finished = false) of an animation that had not finished, its kind data, delegate and
    /// description released. The caller unlinks it, or reuses it for the animation that
    /// replaces it (`startImplicitAnimation`'s retarget of a layer's only animation), which
    /// may take over its kind data too (`keepingKindData`: only its timing function is released;
    /// the caller owns its kind record and value slots and frees those it does not take).
    func end(_ index: Int, slot: Int, keepingKindData: Bool = false) {
        // (The fields read in place: a copy of the record showed in a retarget's cost.)
        let record = animations.base + index
        if record.pointee.isAnimators { endedAnimatorAnimations &+= 1 }  // (removed, or retargeted in place)
        // Its property falls back to what lies underneath: a needs-display layer redisplays.
        if record.pointee.needsDisplay && record.pointee.isCommitted { setNeedsDisplay(slot) }
        if !record.pointee.didFinish && !record.pointee.isOwned {
            if !animationDelegates.isEmpty, let delegate = animationDelegates[Int32(index)], delegate.didStop != nil {
                let (layer, key) = eventSubject(index)
                events.append(.animationDidStop(delegate, layer: layer, key: key, finished: false))
            }
            animationStopped(index, finished: false)
        }
        // (`record` still points at it: nothing above grows the records.)
        if keepingKindData {
            functions.release(record.pointee.function)
        } else {
            freeKindData(
                record.pointee.kind, parameters: record.pointee.parameters, slotCount: record.pointee.valueKind.slotCount,
                function: record.pointee.function)
        }
        if !animationDelegates.isEmpty, let delegate = animationDelegates.removeValue(forKey: Int32(index)) { retired.append(delegate) }
        if !addedDescriptions.isEmpty, let description = addedDescriptions.removeValue(forKey: Int32(index)) { retired.append(description) }
    }

    /// The layer and key an animation callback names for the animation in `index`.
    func eventSubject(_ index: Int) -> (layer: LayerID, key: String?) {
        let record = animations[index]
        let key = record.key >= 0 ? animationKeys.name(of: record.key) : nil
        return (layerID(Int(record.layer)), key)
    }

    // MARK: Reading back

    /// The keys of `layer`'s animations in the order they apply (animations added without a key
    /// are not listed).
    func animationKeys(of layer: LayerID) throws(AnimCoreError) -> [String] {
        var result: [String] = []
        var animation = Int(layers[try layerSlot(layer)].firstAnimation)
        while animation >= 0 {
            let key = animations[animation].key
            if key >= 0 { result.append(animationKeys.name(of: key)) }
            animation = Int(animations[animation].next)
        }
        return result
    }

    /// A copy of the animation under `key`, as stored: its kind and parameters, with the
    /// duration it was given at add time and, once committed, its resolved begin time.
    func animation(forKey key: String, of layer: LayerID) throws(AnimCoreError) -> Animation? {
        let slot = try layerSlot(layer)
        guard let keyID = animationKeys.lookup(key) else { return nil }
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            let record = animations[index]
            if record.key == keyID {
                var copy: Animation
                if let added = addedDescriptions[Int32(index)] {
                    copy = added
                } else {
                    copy = Animation(keyPath: keys.name(of: keys.key(at: record.keyPath)) ?? "", kind: .basic(BasicParameters()))
                    let isSpring = record.kind == .spring
                    let values = isSpring ? springRecords[record.parameters].endpoints : basicRecords[record.parameters]
                    let load = { (offset: Int32) -> Value? in
                        offset >= 0 ? self.storedValue(record.valueKind, self.animationValues.pointer(Int(offset))) : nil
                    }
                    copy.basic = BasicParameters(
                        fromValue: values.fromIsCaptured ? nil : load(values.from), toValue: load(values.to),
                        byValue: load(values.by))
                    if isSpring { copy.spring = springRecords[record.parameters].spring }
                    copy.isAdditive = record.isAdditive
                    copy.isCumulative = record.isCumulative
                    copy.isRemovedOnCompletion = record.isRemovedOnCompletion
                    copy.keepsFinalValue = record.keepsFinalValue
                    copy.valueFunction = record.valueFunction?.function
                }
                copy.timing = record.timing
                copy.timingFunction = record.function >= 0 ? functions[record.function] : nil
                copy.delegate = animationDelegates[Int32(index)]
                return copy
            }
            index = Int(record.next)
        }
        return nil
    }

    // MARK: Presentation layout

    /// Where each animated property of the layer sits in its presentation block, in a reused
    /// array (give it back with `recycle(_:)`): its interned layout's entries, or, for a layer
    /// whose layout did not fit the table, what its animations' records say.
    func presentationLayout(_ slot: Int) -> [PresentationEntry] {
        var layout: [PresentationEntry] = []
        swap(&layout, &layoutScratch)
        layout.empty()
        let interned = Int(places[slot].presentationLayout)
        if interned >= 0 {
            let start = Int(presentationLayouts.starts[interned])
            for position in start..<start + Int(presentationLayouts.counts[interned]) {
                layout.append(presentationLayouts.entries[position])
            }
            assert(isRecordedLayout(layout, slot), "a layer's interned layout is its records'")
        } else {
            appendRecordedLayout(slot, to: &layout)
        }
        return layout
    }

    /// Whether `layout` is what the layer's animations' records give (a check for debug builds).
    private func isRecordedLayout(_ layout: [PresentationEntry], _ slot: Int) -> Bool {
        var recorded: [PresentationEntry] = []
        appendRecordedLayout(slot, to: &recorded)
        return recorded == layout
    }

    /// Appends the layer's presentation layout as its animations' records give it.
    private func appendRecordedLayout(_ slot: Int, to layout: inout [PresentationEntry]) {
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            let record = animations.base + animation  // no copy of the record
            let property = record.pointee.property
            if property >= 0 && !layout.contains(where: { $0.property == property }) {
                layout.append(PresentationEntry(
                    property: property, offset: record.pointee.presentationOffset, size: record.pointee.propertySlotCount))
            }
            animation = Int(record.pointee.next)
        }
    }

    /// Gives a layout array back for reuse.
    func recycle(_ layout: inout [PresentationEntry]) {
        if layout.capacity > layoutScratch.capacity { swap(&layout, &layoutScratch) }
    }

    /// Lays out the layer's presentation block after its animation list changed: one entry per
    /// animated property, the first animation of each property marked to initialise it. Values
    /// of properties that stay animated carry over; new entries start at the model value. When
    /// the layout is unchanged the block stays where it is. `appended` is the first record of
    /// those linked at the end of the list since `oldLayout` was read (nil: lay out all): the
    /// records before it keep their places, so only the new ones are walked.
    func rebuildPresentation(_ slot: Int, oldLayout: [PresentationEntry], appended: Int? = nil) {
        guard layers[slot].firstAnimation >= 0 else { return releasePresentation(slot) }
        newLayoutScratch.empty()
        var size: Int32 = 0
        if appended != nil {
            for entry in oldLayout { newLayoutScratch.append(entry) }
            size = oldLayout.reduce(0) { $0 + $1.size }
        }
        var animation = appended ?? Int(layers[slot].firstAnimation)
        while animation >= 0 {
            let record = animations.base + animation  // no copy of the record
            let property = record.pointee.property
            if property < 0 {
                // A group: no property of its own.
            } else if let existing = newLayoutScratch.first(where: { $0.property == property }) {
                record.pointee.presentationOffset = existing.offset
                record.pointee.initializesPresentation = false
            } else {
                newLayoutScratch.append(PresentationEntry(property: property, offset: size, size: record.pointee.propertySlotCount))
                record.pointee.presentationOffset = size
                record.pointee.initializesPresentation = true
                size += record.pointee.propertySlotCount
            }
            animation = Int(record.pointee.next)
        }
        let layout = newLayoutScratch
        let oldOffset = Int(places[slot].presentationOffset)
        if oldOffset >= 0 && layout.elementsEqual(oldLayout) { return }
        let newLayout: Int32 = switch layout.count {
        case 0: -1
        case 1: presentationLayouts.intern(property: layout[0].property, size: layout[0].size)  // no hashing
        default: presentationLayouts.intern(layout)
        }
        let oldSize = Int(layers[slot].presentationSize)
        let newOffset = size > 0 ? presentation.allocate(Int(size)) : -1
        for entry in layout {
            let destination = presentation.pointer(newOffset + Int(entry.offset))
            if oldOffset >= 0, let old = oldLayout.first(where: { $0.property == entry.property }) {
                destination.update(from: presentation.pointer(oldOffset + Int(old.offset)), count: Int(entry.size))
            } else {
                destination.update(from: modelValue(slot, Int(entry.property)), count: Int(entry.size))
            }
        }
        if oldOffset >= 0 { presentation.free(oldOffset, size: oldSize) }
        setPresentationBlock(slot, offset: Int32(newOffset), layout: newLayout)
        layers[slot].presentationSize = size
    }

    /// Gives back the presentation block of the layer in `slot`, which has no animation left:
    /// no layout, no block.
    @inline(__always)
    func releasePresentation(_ slot: Int) {
        let offset = Int(places[slot].presentationOffset)
        if offset >= 0 { presentation.free(offset, size: Int(layers[slot].presentationSize)) }
        setPresentationBlock(slot, offset: -1, layout: -1)
        layers[slot].presentationSize = 0
    }
}

/// One animated property's place in a layer's presentation block.
struct PresentationEntry: Hashable {
    var property: Int32
    var offset: Int32
    var size: Int32
}
