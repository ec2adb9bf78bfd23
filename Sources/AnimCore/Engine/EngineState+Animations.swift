/// Adding, removing and reading back animations, and the presentation layout they need.
extension EngineState {
    /// Adds a copy of `animation` to `layer` under `key` (nil: no key), replacing an animation
    /// under the same key (it stops with finished = false). A duration of 0 becomes the
    /// transaction's duration now, a missing timing function the transaction's; a begin time of 0
    /// becomes the layer's time when the transaction commits (plus `beginDelay`).
    /// `settings` are the calling thread's transaction settings when the caller has them.
    mutating func addAnimation(
        _ animation: BasicAnimation, forKey key: String?, to layer: LayerID, beginDelay: Double = 0,
        settings known: TransactionSettings? = nil
    ) throws(AnimCoreError) {
        let slot = try layerSlot(layer)
        let target: KeyPathTarget
        switch try resolve(animation.keyPath, in: slot) {
        case .property(let resolved): target = resolved
        case .undeclared, .frame:
            throw AnimCoreError(
                .notAnimatable,
                "\"\(animation.keyPath)\" is not a declared animatable property of class \(classes[Int(layers[slot].classIndex)].name)")
        }
        let layerClass = classes[Int(layers[slot].classIndex)]
        let stored = layerClass.properties[target.property]
        guard stored.descriptor.isAnimatable else {
            throw AnimCoreError(.notAnimatable, "property \"\(stored.descriptor.name)\" is not animatable")
        }
        try checkAnimationValue(animation.fromValue, "fromValue", target, animation.keyPath)
        try checkAnimationValue(animation.toValue, "toValue", target, animation.keyPath)
        try checkAnimationValue(animation.byValue, "byValue", target, animation.keyPath)
        // A duration of 0 or less takes the transaction's (CALayer addAnimation:forKey:).
        var timing = animation.timing
        if timing.duration < 0 { timing.duration = 0 }
        try timing.validate()
        let settings = known ?? transactionSettings()
        // "All nil" starts from the presentation value now: read it before a same-key
        // animation in flight is replaced.
        var capturedStart: Value?
        if animation.fromValue == nil && animation.toValue == nil && animation.byValue == nil {
            capturedStart = read(target, from: presentationSlots(slot, target.property))
        }
        // What the property shows now, kept for its presentation entry (replacing a running
        // animation must not make it read the model until the next tick).
        let shown = scratch.pointer(80)
        shown.update(from: presentationSlots(slot, target.property), count: stored.kind.slotCount)
        let keyID = key.map { keys.intern($0).id } ?? -1
        if keyID >= 0 { removeAnimation(keyID: keyID, slot: slot) }

        var record = AttachedAnimation()
        record.isAlive = true
        record.layer = Int32(slot)
        record.key = keyID
        record.keyPath = keys.lookup(animation.keyPath)?.id ?? keys.intern(animation.keyPath).id
        record.property = Int32(target.property)
        record.component = target.component
        record.kind = target.kind
        record.timing = timing
        if record.timing.duration == 0 {
            record.timing.duration = settings.animationDuration ?? defaultAnimationDuration
        }
        record.activeParentDuration = record.timing.activeParentDuration
        record.beginsAtCommit = timing.beginTime == 0
        record.beginDelay = beginDelay
        // [INF] The transaction's timing function applies to animations without their own.
        record.function = (animation.timingFunction ?? settings.timingFunction).map { functions.retain($0) } ?? -1
        record.isAdditive = animation.isAdditive
        record.isCumulative = animation.isCumulative
        record.isRemovedOnCompletion = animation.isRemovedOnCompletion
        record.needsDisplay = stored.descriptor.needsDisplay
        record.modelOffset = Int32(stored.offset)
        record.modelIsInline = stored.isInline
        record.defaultBlock = Int32(layerClass.defaultBlocks[target.property])
        record.propertySlotCount = Int32(stored.kind.slotCount)
        record.from = storeValue(animation.fromValue)
        record.to = storeValue(animation.toValue)
        record.by = storeValue(animation.byValue)
        // "All nil": from the presentation value when added to the value underneath.
        if let capturedStart {
            record.fromIsCaptured = true
            record.from = storeValue(capturedStart)
        }

        let index: Int
        if let reused = freeAnimations.popLast() {
            index = Int(reused)
            record.generation = (animations[index].generation &+ 1) & UInt32(Handle.generationMask)
            animations[index] = record
        } else {
            index = animations.count
            animations.append(record)
        }
        if let delegate = animation.delegate { animationDelegates[Int32(index)] = delegate }

        var oldLayout = presentationLayout(slot)
        let last = Int(layers[slot].lastAnimation)
        animations[index].previous = Int32(last)
        if last >= 0 { animations[last].next = Int32(index) } else { layers[slot].firstAnimation = Int32(index) }
        layers[slot].lastAnimation = Int32(index)
        rebuildPresentation(slot, oldLayout: oldLayout)
        recycle(&oldLayout)
        presentation.pointer(Int(layers[slot].presentationOffset) + Int(animations[index].presentationOffset))
            .update(from: shown, count: stored.kind.slotCount)
        registerWithTransaction(index)
        if layers[slot].animatedIndex < 0 {
            layers[slot].animatedIndex = Int32(animatedLayers.count)
            animatedLayers.append(Int32(slot))
        }
    }

    /// Throws `.wrongKind` when an animation's value is not of the key path's kind.
    private func checkAnimationValue(_ value: Value?, _ name: String, _ target: KeyPathTarget, _ keyPath: String) throws(AnimCoreError) {
        guard let value, value.kind != target.kind else { return }
        throw AnimCoreError(
            .wrongKind, "\(name) is a \(value.kind.name) but \"\(keyPath)\" holds \(target.kind.name) values")
    }

    /// Copies a value into the animation-value buffer; -1 for nil.
    private mutating func storeValue(_ value: Value?) -> Int32 {
        guard let value else { return -1 }
        let offset = animationValues.allocate(value.kind.slotCount)
        value.write(into: animationValues.pointer(offset))
        return Int32(offset)
    }

    /// Removes the animation under `key` from `layer`, if there is one.
    mutating func removeAnimation(forKey key: String, from layer: LayerID) throws(AnimCoreError) {
        removeAnimation(forKey: key, slot: try layerSlot(layer))
    }

    private mutating func removeAnimation(forKey key: String, slot: Int) {
        guard let keyID = keys.lookup(key)?.id else { return }
        removeAnimation(keyID: keyID, slot: slot)
    }

    /// Removes the animation under the interned key `keyID`, if there is one.
    private mutating func removeAnimation(keyID: Int32, slot: Int) {
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            if animations[animation].key == keyID {
                removeAnimations(CollectionOfOne(animation), slot: slot)
                return
            }
            animation = Int(animations[animation].next)
        }
    }

    /// Removes every animation of `layer`.
    mutating func removeAllAnimations(from layer: LayerID) throws(AnimCoreError) {
        removeAllAnimations(try layerSlot(layer))
    }

    mutating func removeAllAnimations(_ slot: Int) {
        var all: [Int] = []
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            all.append(animation)
            animation = Int(animations[animation].next)
        }
        if !all.isEmpty { removeAnimations(all, slot: slot) }
    }

    /// Unlinks and frees animations of one layer; those that had not finished stop with
    /// finished = false. The layer's presentation layout is rebuilt once.
    mutating func removeAnimations<Indexes: Sequence<Int>>(_ indexes: Indexes, slot: Int) {
        var oldLayout = presentationLayout(slot)
        for index in indexes {
            let record = animations[index]
            guard record.isAlive else { continue }
            // Its property falls back to what lies underneath: a needs-display layer redisplays.
            if record.needsDisplay && record.isCommitted { setNeedsDisplay(slot) }
            if !record.didFinish {
                if let delegate = animationDelegates[Int32(index)], delegate.didStop != nil {
                    let (layer, key) = eventSubject(index)
                    events.append(.animationDidStop(delegate, layer: layer, key: key, finished: false))
                }
                animationStopped(index, finished: false)
            }
            if record.previous >= 0 { animations[Int(record.previous)].next = record.next } else { layers[slot].firstAnimation = record.next }
            if record.next >= 0 { animations[Int(record.next)].previous = record.previous } else { layers[slot].lastAnimation = record.previous }
            for offset in [record.from, record.to, record.by] where offset >= 0 {
                animationValues.free(Int(offset), size: record.kind.slotCount)
            }
            functions.release(record.function)
            if let delegate = animationDelegates.removeValue(forKey: Int32(index)) { retired.append(delegate) }
            animations[index].isAlive = false
            animations[index].next = -1
            animations[index].previous = -1
            freeAnimations.append(Int32(index))
        }
        rebuildPresentation(slot, oldLayout: oldLayout)
        recycle(&oldLayout)
        if layers[slot].firstAnimation < 0 { markNotAnimated(slot) }
    }

    private mutating func markNotAnimated(_ slot: Int) {
        let position = Int(layers[slot].animatedIndex)
        guard position >= 0 else { return }
        let moved = animatedLayers.removeLast()
        if position < animatedLayers.count {
            animatedLayers[position] = moved
            layers[Int(moved)].animatedIndex = Int32(position)
        }
        layers[slot].animatedIndex = -1
    }

    /// The layer and key an animation callback names for the animation in `index`.
    func eventSubject(_ index: Int) -> (layer: LayerID, key: String?) {
        let record = animations[index]
        let key = record.key >= 0 ? keys.name(of: PropertyKey(id: record.key)) : nil
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
            if key >= 0, let name = keys.name(of: PropertyKey(id: key)) { result.append(name) }
            animation = Int(animations[animation].next)
        }
        return result
    }

    /// A copy of the animation under `key`, as stored: with the duration it was given at add
    /// time and, once committed, its resolved begin time.
    func animation(forKey key: String, of layer: LayerID) throws(AnimCoreError) -> BasicAnimation? {
        let slot = try layerSlot(layer)
        guard let keyID = keys.lookup(key)?.id else { return nil }
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            let record = animations[index]
            if record.key == keyID {
                var copy = BasicAnimation(keyPath: keys.name(of: PropertyKey(id: record.keyPath)) ?? "")
                let load = { (offset: Int32) -> Value? in
                    offset >= 0 ? Value(kind: record.kind, slots: self.animationValues.pointer(Int(offset))) : nil
                }
                copy.fromValue = record.fromIsCaptured ? nil : load(record.from)
                copy.toValue = load(record.to)
                copy.byValue = load(record.by)
                copy.isAdditive = record.isAdditive
                copy.isCumulative = record.isCumulative
                copy.timing = record.timing
                copy.timingFunction = record.function >= 0 ? functions[record.function] : nil
                copy.isRemovedOnCompletion = record.isRemovedOnCompletion
                copy.delegate = animationDelegates[Int32(index)]
                return copy
            }
            index = Int(record.next)
        }
        return nil
    }

    // MARK: Presentation layout

    /// Where each animated property of the layer sits in its presentation block, in a reused
    /// array (give it back with `recycle(_:)`).
    mutating func presentationLayout(_ slot: Int) -> [PresentationEntry] {
        var layout: [PresentationEntry] = []
        swap(&layout, &layoutScratch)
        layout.removeAll(keepingCapacity: true)
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            let record = animations[animation]
            if !layout.contains(where: { $0.property == record.property }) {
                layout.append(PresentationEntry(
                    property: record.property, offset: record.presentationOffset, size: record.propertySlotCount))
            }
            animation = Int(record.next)
        }
        return layout
    }

    /// Gives a layout array back for reuse.
    mutating func recycle(_ layout: inout [PresentationEntry]) {
        if layout.capacity > layoutScratch.capacity { swap(&layout, &layoutScratch) }
    }

    /// Lays out the layer's presentation block after its animation list changed: one entry per
    /// animated property, the first animation of each property marked to initialise it. Values
    /// of properties that stay animated carry over; new entries start at the model value. When
    /// the layout is unchanged the block stays where it is.
    mutating func rebuildPresentation(_ slot: Int, oldLayout: [PresentationEntry]) {
        var layout: [PresentationEntry] = []
        swap(&layout, &newLayoutScratch)
        layout.removeAll(keepingCapacity: true)
        defer { swap(&layout, &newLayoutScratch) }
        var size: Int32 = 0
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            let record = animations[animation]
            if let existing = layout.first(where: { $0.property == record.property }) {
                animations[animation].presentationOffset = existing.offset
                animations[animation].initializesPresentation = false
            } else {
                layout.append(PresentationEntry(property: record.property, offset: size, size: record.propertySlotCount))
                animations[animation].presentationOffset = size
                animations[animation].initializesPresentation = true
                size += record.propertySlotCount
            }
            animation = Int(record.next)
        }
        let oldOffset = Int(layers[slot].presentationOffset)
        if oldOffset >= 0 && layout.elementsEqual(oldLayout) { return }
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
        layers[slot].presentationOffset = Int32(newOffset)
        layers[slot].presentationSize = size
    }
}

/// One animated property's place in a layer's presentation block.
struct PresentationEntry: Equatable {
    var property: Int32
    var offset: Int32
    var size: Int32
}
