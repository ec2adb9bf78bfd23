/// Model and presentation values, key paths, undeclared keys and `frame`.
extension EngineState {
    /// What a key path resolves to in a layer.
    enum Resolved {
        /// A declared property (or a component of one).
        case property(KeyPathTarget)
        /// A key the class does not declare: stored as is, never animated.
        case undeclared(PropertyKey)
        /// CALayer's `frame`, derived from bounds, position, anchorPoint and transform.
        case frame
    }

    /// Resolves `keyPath` for the layer in `slot`.
    func resolve(_ keyPath: String, in slot: Int) throws(AnimCoreError) -> Resolved {
        guard !keyPath.isEmpty else { throw AnimCoreError(.unknownKey, "the key path is empty") }
        if keyPath == "frame" { return .frame }
        let key = try keys.intern(keyPath)
        let layerClass = classes[Int(places[slot].classIndex)]
        if let target = layerClass.keyPathTarget(key, path: keyPath, keys: keys) { return .property(target) }
        if layerClass.isStrict { throw layerClass.undeclaredKeyError(keyPath) }
        if !keyPath.contains(".") { return .undeclared(key) }
        throw AnimCoreError(
            .unknownKey, "\"\(keyPath)\" is not a key path of class \(layerClass.name)")
    }

    // MARK: Model

    /// Sets the model value at `keyPath`. A value equal to the current one changes nothing.
    /// Throws `.wrongKind` when the value's kind is not the key path's.
    func setValue(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) {
        let slot = try layerSlot(layer)
        switch try resolve(keyPath, in: slot) {
        case .frame:
            try value.checkFinite(keyPath)
            try setFrame(value, slot: slot)
        case .undeclared(let key):
            try value.checkFinite(keyPath)
            undeclaredValues[Int32(slot), default: [:]][key.id] = value
        case .property(let target):
            try checkModelValue(value, target, keyPath)
            if target.kind.isVariableLength { return writeVariableModel(slot, target.property, value) }
            var scratchValue = SlotScratch()
            scratchValue.withPointer { slots in
                value.write(into: slots)
                writeModel(slot, target, slots)
            }
        }
    }

    /// Writes a model value (already of the right kind) and marks display as the rules say.
    /// A path or array (`slots` holding a handle, an animation's buffer perhaps) is stored as a
    /// copy of its own.
    func writeModel(_ slot: Int, _ target: KeyPathTarget, _ slots: UnsafePointer<Double>) {
        let stored = classes[Int(places[slot].classIndex)].layouts[target.property]
        if stored.kind.isVariableLength {
            return writeVariableModel(slot, target.property, variableValues.value(stored.kind, slot: slots[0]))
        }
        let current = modelValue(slot, target.property)
        if let component = target.component {
            let old = scratch.pointer(ScratchOffset.underneath)
            component.read(from: current, into: old)
            if ValueMath.equal(target.kind, old, slots) { return }
            component.write(slots, into: writableModelValue(slot, target.property))
        } else {
            if ValueMath.equal(target.kind, current, slots) { return }
            writableModelValue(slot, target.property).update(from: slots, count: target.kind.slotCount)
        }
        propertyDidChange(slot, target.property, stored)
    }

    /// Bookkeeping after a model property changed: the layer's model version, display marks and its
    /// timing's copies (`hasDefaultTiming`, its clock).
    @inline(__always)
    func propertyDidChange(_ slot: Int, _ property: Int, _ stored: PropertyLayout) {
        layers[slot].modelVersion &+= 1
        if stored.needsDisplay { setNeedsDisplay(slot) }
        if property == BuiltInLayerProperties.Index.bounds {
            let flag = modelValue(slot, BuiltInLayerProperties.Index.needsDisplayOnBoundsChange)
            if flag[0].bitPattern != 0 { setNeedsDisplay(slot) }
        }
        if BuiltInLayerProperties.Index.timing.contains(property) {
            let wasDefault = layers[slot].hasDefaultTiming
            refreshTimingCopies(slot)
            // Off engine time, or no longer the source of its sublayers' time: the steady
            // animations of the layer and its sublayers leave the lane (`timeSource(of:)`).
            if wasDefault != layers[slot].hasDefaultTiming { leaveSteadyLane(subtree: slot) }
        }
    }

    /// Copies the timing in the model row of the layer in `slot` where the walk of layer times
    /// reads it: whether it is the default (`LayerRecord.hasDefaultTiming`) and its clock. Run
    /// when the layer is made and when a timing property changes.
    func refreshTimingCopies(_ slot: Int) {
        layers[slot].hasDefaultTiming = timingOffsets.isDefault(modelRow(slot))
        clocks[slot] = LayerClock(layerTiming(slot))
    }

    /// The model value at `keyPath`; an undeclared key never set reads nil.
    func value(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value? {
        let slot = try layerSlot(layer)
        switch try resolve(keyPath, in: slot) {
        case .frame: return frame(slot, presentation: false)
        case .undeclared(let key): return undeclaredValues[Int32(slot)]?[key.id]
        case .property(let target): return read(target, from: modelValue(slot, target.property))
        }
    }

    /// The presentation value at `keyPath`: the model value with the layer's committed
    /// animations applied at the last tick. Undeclared keys read their model value.
    func presentationValue(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value? {
        let slot = try layerSlot(layer)
        switch try resolve(keyPath, in: slot) {
        case .frame: return frame(slot, presentation: true)
        case .undeclared(let key): return undeclaredValues[Int32(slot)]?[key.id]
        case .property(let target): return read(target, from: presentationSlots(slot, target.property))
        }
    }

    /// The presentation slots of a property: its presentation block entry when an animation
    /// drives it (an animation not yet committed keeps the value it was added over), else the
    /// model value (`LayerSlots.presentation`).
    @inline(__always)
    func presentationSlots(_ slot: Int, _ property: Int) -> UnsafeMutablePointer<Double> {
        layerSlots(slot, presentation: true).presentation(property)
    }

    /// The slots of a property as presentation (`presentationSlots`) or model (`modelValue`)
    /// reads show it: for the geometry, hit testing and the render list, which read either.
    @inline(__always)
    func shownSlots(_ slot: Int, _ property: Int, presentation: Bool) -> UnsafeMutablePointer<Double> {
        layerSlots(slot, presentation: presentation).shown(property)
    }

    /// The value a target addresses inside a property's slots.
    func read(_ target: KeyPathTarget, from slots: UnsafePointer<Double>) -> Value {
        guard let component = target.component else { return storedValue(target.kind, slots) }
        let out = scratch.pointer(ScratchOffset.underneath)
        component.read(from: slots, into: out)
        return Value(kind: target.kind, slots: out)
    }

    func checkKind(_ value: Value, _ target: KeyPathTarget, _ keyPath: String) throws(AnimCoreError) {
        guard value.kind == target.kind else {
            throw AnimCoreError(
                .wrongKind, "\"\(keyPath)\" holds \(target.kind.name) values, not \(value.kind.name)")
        }
    }

    /// Checks a model value before it is stored: its kind, finite numbers, for the layer's own
    /// timing properties the ranges `MediaTiming.validate` gives (they keep the time arithmetic
    /// finite; duration, repeatCount and repeatDuration may be infinite), and for the ranged
    /// rendering properties theirs (`CornerMask`, `ContentsGravity`, a positive contentsScale),
    /// and for a built-in class's integer properties their `PropertyRange`.
    func checkModelValue(_ value: Value, _ target: KeyPathTarget, _ keyPath: String) throws(AnimCoreError) {
        try checkKind(value, target, keyPath)
        typealias Index = BuiltInLayerProperties.Index
        // [Perf] Everything but a timing or ranged property only needs finite numbers.
        guard target.component == nil, Index.hasRange(target.property) || target.range != nil else {
            try value.checkFinite(keyPath)
            return
        }
        if let range = target.range { return try range.check(value, keyPath) }
        let limits = MediaTiming.Limits.self
        switch (target.property, value) {
        case (Index.beginTime, .scalar(let time)), (Index.timeOffset, .scalar(let time)):
            try Check.within(time, -limits.time...limits.time, keyPath)
        case (Index.speed, .scalar(let speed)):
            try Check.within(speed, -limits.speed...limits.speed, keyPath)
        case (Index.duration, .scalar(let duration)), (Index.repeatDuration, .scalar(let duration)):
            try Check.durationOrInfinity(duration, keyPath)
        case (Index.repeatCount, .scalar(let count)):
            try Check.nonNegative(count, keyPath)
        case (Index.fillMode, .integer(let mode)):
            guard (0...3).contains(mode) else {
                throw AnimCoreError(.outOfRange, "\(keyPath) is \(mode); a fill mode is 0 (removed) to 3 (both)")
            }
        case (Index.maskedCorners, .integer(let corners)):
            guard CornerMask(value: value) != nil else {
                throw AnimCoreError(.outOfRange, "\(keyPath) is \(corners); masked corners are a mask of the bits 1, 2, 4 and 8 (0 to 15)")
            }
        case (Index.contentsGravity, .integer(let gravity)):
            guard ContentsGravity(value: value) != nil else {
                throw AnimCoreError(.outOfRange, "\(keyPath) is \(gravity); a contents gravity is 0 (resize) to 11 (bottomRight)")
            }
        case (Index.contentsScale, .scalar(let scale)):
            try Check.positive(scale, keyPath)
        default:
            try value.checkFinite(keyPath)
        }
    }

    // MARK: Display

    /// Marks the layer to display at the next tick (Core Animation's setNeedsDisplay).
    func setNeedsDisplay(_ slot: Int) {
        layers[slot].needsDisplay = true
        if !layers[slot].isQueuedForDisplay {
            layers[slot].isQueuedForDisplay = true
            displayQueue.append(Int32(slot))
        }
    }

    // MARK: Frame

    /// CALayer's frame (see `LayerGeometry.frame`, its one home).
    func frame(_ slot: Int, presentation: Bool) -> Value {
        let frame = geometry(slot, presentation: presentation).frame
        return .rect(x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
    }

    /// The position and bounds a frame value stands for (see `LayerGeometry.placing(frame:)`).
    func frameComponents(_ value: Value, slot: Int) throws(AnimCoreError) -> (position: Value, bounds: Value) {
        guard case .rect(let x, let y, let width, let height) = value else {
            throw AnimCoreError(.wrongKind, "\"frame\" holds rect values, not \(value.kind.name)")
        }
        let placed = try geometry(slot, presentation: false).placing(frame: Rect(x: x, y: y, width: width, height: height))
        return (.point(x: placed.position.x, y: placed.position.y),
                .rect(x: placed.bounds.origin.x, y: placed.bounds.origin.y, width: placed.bounds.size.width, height: placed.bounds.size.height))
    }

    /// Setting the frame sets position and bounds size, through the transform as the reference
    /// says (§1.3; `LayerGeometry.placing(frame:)`).
    private func setFrame(_ value: Value, slot: Int) throws(AnimCoreError) {
        typealias Index = BuiltInLayerProperties.Index
        let (position, newBounds) = try frameComponents(value, slot: slot)
        for (property, newValue) in [(Index.position, position), (Index.bounds, newBounds)] {
            let target = KeyPathTarget(property: property, component: nil, kind: newValue.kind)
            var buffer = SlotScratch()
            buffer.withPointer { slots in
                newValue.write(into: slots)
                writeModel(slot, target, slots)
            }
        }
    }
}
