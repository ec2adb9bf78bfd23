/// The velocity of presentation values: how fast a property's presentation value changes, per
/// second of its layer's time, whatever animates it (basic, keyframe, spring, group children,
/// additive stacks).
extension EngineState {
    /// The seconds of layer time over which a velocity is measured: the presentation now
    /// against the presentation this long before and after (the property's animations evaluated
    /// there, with no side effect); stiff springs take a shorter one (`velocityInterval(_:_:)`).
    static let velocityInterval = 1e-4

    /// The velocity of the property in `slot`'s presentation at the engine's current time (or,
    /// given `layerTime`, at that time of the layer with its animations as they are timed now),
    /// one value per slot (value units per second of layer time), into `out` (`slotCount` slots):
    /// 0 for a property no animation drives (one added since the last tick counts as begun now). The central difference where the same
    /// animations drive the value on both sides; where one begins or ends at this time, the side
    /// on which the animations driving it now go on (an animation that begins now moves at its
    /// start velocity; one that ends now leaves what lies underneath).
    ///
    /// Given a `component` computed from the whole value (a transform's rotation, scale or
    /// translation: one with no slots of its own), the velocity of that component (its
    /// `kind.slotCount` slots): the same differences of the component read out of the value at
    /// each time (the component of a velocity is not the velocity of the component there).
    func presentationVelocity(
        _ slot: Int, _ property: Int, component: KeyPathComponent? = nil, atLayerTime layerTime: Double? = nil,
        into out: UnsafeMutablePointer<Double>
    ) {
        let propertyKind = classes[Int(places[slot].classIndex)].properties[property].kind
        let computed = component.flatMap { $0.slotOffset == nil ? $0 : nil }
        let slotCount = computed?.kind.slotCount ?? propertyKind.slotCount
        // (One slot by a store: the loop becomes a call of memset.)
        if slotCount == 1 { out.pointee = 0 } else { out.update(repeating: 0, count: slotCount) }
        // A path or array has no velocity (its slot is a handle); evaluating it at other times
        // would also write its animations' buffers, which the presentation shows.
        guard isAnimated(slot, property), !propertyKind.isVariableLength else { return }
        let present = self.layerTime(slot, atEngineTime: currentTime)
        let now = layerTime ?? present
        if computed == nil, soleSpringVelocity(slot, property, at: now, into: out) { return }
        let interval = velocityInterval(slot, property)
        let before = now - interval
        let after = now + interval
        let stepBefore = now - before, stepAfter = after - now
        guard stepBefore > 0, stepAfter > 0 else { return }
        let model = modelValue(slot, property)
        let context = evaluationContext()
        let shown = scratch.pointer(ScratchOffset.velocityNow)
        let earlier = scratch.pointer(ScratchOffset.velocityBefore)
        let later = scratch.pointer(ScratchOffset.velocityAfter)
        let first = layers[slot].firstAnimation
        let drivenNow = context.evaluateProperty(
            first: first, property: Int32(property), model: model, slotCount: propertyKind.slotCount, layerTime: now, pendingBegin: present, into: shown)
        let drivenBefore = context.evaluateProperty(
            first: first, property: Int32(property), model: model, slotCount: propertyKind.slotCount, layerTime: before, pendingBegin: present, into: earlier)
        let drivenAfter = context.evaluateProperty(
            first: first, property: Int32(property), model: model, slotCount: propertyKind.slotCount, layerTime: after, pendingBegin: present, into: later)
        if let computed {
            var part = SlotScratch()
            part.withPointer { part in
                for values in [shown, earlier, later] {
                    computed.read(from: values, into: part)
                    values.update(from: part, count: slotCount)
                }
            }
        }
        for k in 0..<slotCount {
            let backward = (shown[k] - earlier[k]) / stepBefore
            let forward = (later[k] - shown[k]) / stepAfter
            if drivenBefore == drivenNow && drivenNow == drivenAfter {
                let sum = backward + forward
                // Halves first when the sum overflows, so two finite slopes give a finite mean.
                out[k] = sum.isFinite ? sum / 2 : backward / 2 + forward / 2
            } else if drivenNow == drivenAfter {
                out[k] = forward
            } else {
                out[k] = backward
            }
        }
    }

    /// The velocity of a property one spring drives alone, in its active interval, from the
    /// derivative of its motion (rather than a difference of three evaluations): the endpoints'
    /// span times −u′(t), plus a carried start velocity times h′(t) (see `applySpring`). False,
    /// writing nothing, unless the spring is the layer's only animation of the property (no
    /// group on the layer), committed, over the whole value of a kind with coordinates, not
    /// cumulative, on its layer's time (speed 1, no offset, repeat or reversal) and inside its
    /// duration; additive or not (what lies underneath, the model, stays still).
    private func soleSpringVelocity(_ slot: Int, _ property: Int, at now: Double, into out: UnsafeMutablePointer<Double>) -> Bool {
        var sole = -1
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            let record = animations.base + index
            if record.pointee.kind == .group { return false }
            if record.pointee.property == Int32(property) {
                guard sole < 0 else { return false }
                sole = index
            }
            index = Int(record.pointee.next)
        }
        guard sole >= 0 else { return false }
        let record = animations.base + sole
        let timing = record.pointee.timing
        guard record.pointee.kind == .spring, record.pointee.isCommitted, record.pointee.parent < 0,
              record.pointee.component == nil, record.pointee.valueFunction == nil, !record.pointee.isCumulative, record.pointee.valueKind.hasCoordinates,
              timing.speed == 1, timing.timeOffset == 0, timing.repeatCount == 0, timing.repeatDuration == 0,
              !timing.autoreverses, timing.duration.isFinite
        else { return false }
        let t = now - timing.beginTime
        guard t > 0, t < timing.duration else { return false }
        // (In place: a copy of the record costs more than the reads.)
        let spring = springRecords.records.base + Int(record.pointee.parameters)
        // u′ = g′ − v₀ h′ (`SpringResponse.displacement`), h′ for the carried start velocity.
        // (The springs a transaction started together, changed together, share their motion.)
        let motion = springMotions.motion(of: spring.pointee.response, at: t)
        let initialVelocity = spring.pointee.initialVelocity
        let slope = initialVelocity != 0 ? motion.restSlope - initialVelocity * motion.pushSlope : motion.restSlope
        let push = spring.pointee.startVelocity >= 0 ? motion.pushSlope : 0
        // The ends `applySpring` moves between: `applyEndpoints` at fractions 1 and 0 (where its
        // interpolation gives them exactly), the model being what lies underneath.
        let context = evaluationContext()
        let (start, end) = (scratch.pointer(ScratchOffset.velocityBefore), scratch.pointer(ScratchOffset.velocityAfter))
        let model = modelValue(slot, property)
        let kind = record.pointee.valueKind
        for k in 0..<kind.slotCount { (start[k], end[k]) = (model[k], model[k]) }
        let ends = Ends(&spring.pointee.endpoints, values: context.values)
        let sample = TimingSample(phase: .active, isInEffect: true, progress: 0, cycleStart: 0, cycleLength: 1, isReversed: false)
        context.applyEndpoints(.whole(kind), ends, fraction: 0, sample: sample, to: start)
        context.applyEndpoints(.whole(kind), ends, fraction: 1, sample: sample, to: end)
        for k in 0..<kind.slotCount {
            let carried = spring.pointee.startVelocity >= 0 ? animationValues.pointer(Int(spring.pointee.startVelocity))[k] : 0
            out[k] = -(end[k] - start[k]) * slope + carried * push
        }
        return true
    }

    /// The interval for a property's velocity: `velocityInterval`, shorter for stiff springs
    /// (a thousandth of the fastest spring's period scale 1/ω₀), so a one-sided difference at
    /// an animation's begin stays within about 5e-4 of the velocity.
    func velocityInterval(_ slot: Int, _ property: Int) -> Double {
        var fastest = 0.0
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            let record = animations[index]
            if record.property == Int32(property) {
                switch record.kind {
                case .spring: fastest = max(fastest, springRecords[record.parameters].response.frequency)
                case .decay:
                    let decay = decayRecords[record.parameters]
                    fastest = max(fastest, decay.response.frequency, abs(decay.exponent))
                default: break
                }
            }
            index = Int(record.next)
        }
        guard fastest.isFinite, fastest > 0 else { return EngineState.velocityInterval }
        return max(min(EngineState.velocityInterval, 1e-3 / fastest), 1e-9)
    }

    /// Whether an animation, committed or about to be, drives the property.
    func isAnimated(_ slot: Int, _ property: Int) -> Bool {
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            if animations[index].property == Int32(property) { return true }
            index = Int(animations[index].next)
        }
        return false
    }

    /// The velocity at `keyPath` (a property or a component of one): a value of its kind whose
    /// slots are velocities. Throws `.wrongKind` for kinds without a velocity (bool, integer,
    /// token; path, numbers and colors, which do not animate yet) and `.unknownKey` for keys
    /// that are not declared properties.
    func presentationVelocity(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value {
        let slot = try layerSlot(layer)
        guard case .property(let target) = try resolve(keyPath, in: slot) else {
            throw AnimCoreError(.unknownKey, "\"\(keyPath)\" is not a declared property of class \(classes[Int(places[slot].classIndex)].name); only they have a velocity")
        }
        guard !target.kind.storesBitPatterns else {
            throw AnimCoreError(.wrongKind, "\"\(keyPath)\" holds \(target.kind.name) values, which have no velocity")
        }
        return presentationVelocity(slot, target.property, component: target.component, kind: target.kind)
    }

    /// The velocity of `property` of the layer in `slot` (of the part `component` names, nil for
    /// the whole), a value of `kind` (the part's) whose slots are velocities: `presentationVelocity`
    /// of the property at the engine's time or at `layerTime`, the part read out of it.
    func presentationVelocity(
        _ slot: Int, _ property: Int, component: KeyPathComponent?, kind: ValueKind, atLayerTime layerTime: Double? = nil
    ) -> Value {
        var whole = SlotScratch()
        return whole.withPointer { velocity in
            presentationVelocity(slot, property, component: component, atLayerTime: layerTime, into: velocity)
            guard let component, component.slotOffset != nil else { return Value(kind: kind, slots: velocity) }
            var part = SlotScratch()
            return part.withPointer { slots in
                component.read(from: velocity, into: slots)
                return Value(kind: kind, slots: slots)
            }
        }
    }
}
