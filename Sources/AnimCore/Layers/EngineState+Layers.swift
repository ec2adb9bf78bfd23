/// Layer life (creation, references, destruction) and the layer tree.
extension EngineState {
    /// A new layer of `classID` with every property at its default, referenced once by the host.
    func makeLayer(of classID: LayerClassID) throws(AnimCoreError) -> LayerID {
        let layerClass = try layerClass(classID)
        let slot: Int
        if let reused = freeLayers.popLast() {
            slot = Int(reused)
        } else {
            guard layers.count <= Handle.maxIndex else {
                throw AnimCoreError(.outOfRange, "this engine already holds \(layers.count) layers, the most it can")
            }
            slot = layers.count
            layers.append(LayerRecord())
            places.append(LayerPlace())
            clocks.append(LayerClock())
        }
        let row = layerClass.rows.allocate(layerClass.rowSlotCount)
        layerClass.defaultRow.withUnsafeBufferPointer { defaults in
            if let source = defaults.baseAddress {
                layerClass.rows.pointer(row).update(from: source, count: defaults.count)
            }
        }
        layers[slot] = LayerRecord()
        layers[slot].referenceCount = 1
        setPlace(slot, LayerPlace(stamp: Handle.nextStamp(.layer), classIndex: Int32(classID.index), row: Int32(row)))
        refreshTimingCopies(slot)
        uncommittedLayers.append(Int32(slot))
        return layerID(slot)
    }

    /// One more host reference; `.outOfRange` when the layer holds `LayerRecord.maximumReferences`.
    func retain(_ layer: LayerID) throws(AnimCoreError) {
        let slot = try layerSlot(layer)
        try checkRoomForReference(slot)
        layers[slot].referenceCount += 1
    }

    /// Throws `.outOfRange` when the layer in `slot` cannot take one more reference.
    func checkRoomForReference(_ slot: Int) throws(AnimCoreError) {
        guard layers[slot].referenceCount < LayerRecord.maximumReferences else {
            throw AnimCoreError(
                .outOfRange,
                "layer \(layerID(slot).rawValue) holds \(LayerRecord.maximumReferences) references already, the most it can")
        }
    }

    /// One host reference less; the layer is destroyed when none is left (a superlayer holds
    /// one while the layer is in its tree).
    func release(_ layer: LayerID) throws(AnimCoreError) {
        let slot = try layerSlot(layer)
        dropReference(slot)
    }

    /// Drops one reference to `slot` and destroys whatever that frees, without recursion (a tree
    /// may be arbitrarily deep).
    func dropReference(_ slot: Int) {
        var doomed: [Int] = []
        layers[slot].referenceCount -= 1
        if layers[slot].referenceCount <= 0 { doomed.append(slot) }
        while let victim = doomed.popLast() {
            // The sublayers lose their superlayer's reference.
            var child = Int(layers[victim].firstChild)
            while child >= 0 {
                let next = Int(layers[child].nextSibling)
                superlayerChanges(of: child, superlayer: victim)
                layers[child].parent = -1
                layers[child].nextSibling = -1
                layers[child].previousSibling = -1
                layers[child].referenceCount -= 1
                if layers[child].referenceCount <= 0 { doomed.append(child) }
                child = next
            }
            layers[victim].firstChild = -1
            layers[victim].lastChild = -1
            // So does its mask.
            let mask = Int(layers[victim].mask)
            if mask >= 0 {
                superlayerChanges(of: mask, superlayer: victim)
                layers[victim].mask = -1
                layers[mask].parent = -1
                layers[mask].referenceCount -= 1
                if layers[mask].referenceCount <= 0 { doomed.append(mask) }
            }
            destroyLayer(victim)
        }
    }

    /// Frees a layer whose references are gone: its animations stop (finished = false), its
    /// values and slot are given back and its handle goes stale.
    private func destroyLayer(_ slot: Int) {
        unlinkFromParent(slot)
        removeAllAnimations(slot)
        freeOutOfLineValues(slot)
        let layerClass = classes[Int(places[slot].classIndex)]
        layerClass.rows.free(Int(places[slot].row), size: layerClass.rowSlotCount)
        if let delegate = layerDelegates.removeValue(forKey: Int32(slot)) { retired.append(delegate) }
        undeclaredValues[Int32(slot)] = nil
        if let actions = layerActions.removeValue(forKey: Int32(slot)) { retired.append(actions) }
        if layers[slot].isQueuedForDisplay {
            displayQueue.removeAll { $0 == Int32(slot) }
        }
        var freed = places[slot]
        freed.stamp = 0  // (the rest as it was: nothing reads a free slot's place but its stamp)
        setPlace(slot, freed)
        layers[slot].referenceCount = 0
        freeLayers.append(Int32(slot))
    }

    // MARK: Tree

    /// Inserts `child` among `parent`'s sublayers at `index` (clamped to the count; nil = last),
    /// first removing it from any superlayer it has (Core Animation moves it). Throws `.cycle`
    /// when `child` is `parent` or one of its ancestors.
    func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int?) throws(AnimCoreError) {
        let childSlot = try layerSlot(child)
        let parentSlot = try layerSlot(parent)
        // A layer with no sublayer and no mask is no layer's superlayer: only `parent` itself
        // can be it (so a tree built leaf by leaf walks no chain, however deep).
        let mayBeAbove = layers[childSlot].firstChild >= 0 || layers[childSlot].mask >= 0
        var ancestor = mayBeAbove ? parentSlot : (parentSlot == childSlot ? childSlot : -1)
        while ancestor >= 0 {
            if ancestor == childSlot {
                throw AnimCoreError(.cycle, "layer \(child.rawValue) is layer \(parent.rawValue) or one of its superlayers")
            }
            ancestor = Int(layers[ancestor].parent)
        }
        // A move hands the old superlayer's reference to the new one; a layer without one
        // takes a reference more.
        if layers[childSlot].parent >= 0 {
            unlinkFromParent(childSlot)
        } else {
            try checkRoomForReference(childSlot)
            layers[childSlot].referenceCount += 1
        }
        var before = Int(layers[parentSlot].firstChild)
        if let index {
            var position = 0
            while before >= 0 && position < max(index, 0) {
                before = Int(layers[before].nextSibling)
                position += 1
            }
        } else {
            before = -1
        }
        link(childSlot, into: parentSlot, before: before)
    }

    /// Removes `layer` from its superlayer (no effect without one); the superlayer's reference goes.
    func removeFromSuperlayer(_ layer: LayerID) throws(AnimCoreError) {
        let slot = try layerSlot(layer)
        guard layers[slot].parent >= 0 else { return }
        unlinkFromParent(slot)
        dropReference(slot)
    }

    /// Puts `new` where `old` is among its superlayer's sublayers and removes `old`.
    func replaceSublayer(_ old: LayerID, with new: LayerID) throws(AnimCoreError) {
        let oldSlot = try layerSlot(old)
        _ = try layerSlot(new)
        guard let parent = try superlayer(of: old) else {
            throw AnimCoreError(.invalidArgument, "layer \(old.rawValue) has no superlayer to be replaced in")
        }
        guard Int(layers[try layerSlot(parent)].mask) != oldSlot else {
            throw AnimCoreError(.invalidArgument, "layer \(old.rawValue) is its superlayer's mask, not a sublayer; set the mask instead")
        }
        if old == new { return }
        var index = 0
        var sibling = Int(layers[Int(try layerSlot(parent))].firstChild)
        while sibling >= 0 && sibling != oldSlot {
            index += 1
            sibling = Int(layers[sibling].nextSibling)
        }
        try insertSublayer(new, into: parent, at: index)
        try removeFromSuperlayer(old)
    }

    /// The sublayers of `layer`, in order.
    func sublayers(of layer: LayerID) throws(AnimCoreError) -> [LayerID] {
        var result: [LayerID] = []
        var child = Int(layers[try layerSlot(layer)].firstChild)
        while child >= 0 {
            result.append(layerID(child))
            child = Int(layers[child].nextSibling)
        }
        return result
    }

    /// The superlayer of `layer` when `layer` is among its sublayers (nil: no superlayer, or
    /// `layer` is its mask).
    func sublayerParent(of layer: LayerID) throws(AnimCoreError) -> LayerID? {
        let slot = try layerSlot(layer)
        let parent = Int(layers[slot].parent)
        return parent >= 0 && Int(layers[parent].mask) != slot ? layerID(parent) : nil
    }

    /// The superlayer of `layer`, if any.
    func superlayer(of layer: LayerID) throws(AnimCoreError) -> LayerID? {
        let parent = Int(layers[try layerSlot(layer)].parent)
        return parent >= 0 ? layerID(parent) : nil
    }

    private func link(_ child: Int, into parent: Int, before: Int) {
        superlayerChanges(of: child, superlayer: parent)
        layers[child].parent = Int32(parent)
        if before < 0 {
            let last = Int(layers[parent].lastChild)
            layers[child].previousSibling = Int32(last)
            layers[child].nextSibling = -1
            if last >= 0 { layers[last].nextSibling = Int32(child) } else { layers[parent].firstChild = Int32(child) }
            layers[parent].lastChild = Int32(child)
        } else {
            let previous = Int(layers[before].previousSibling)
            layers[child].previousSibling = Int32(previous)
            layers[child].nextSibling = Int32(before)
            layers[before].previousSibling = Int32(child)
            if previous >= 0 { layers[previous].nextSibling = Int32(child) } else { layers[parent].firstChild = Int32(child) }
        }
    }

    /// Takes `slot` out of its superlayer's list, or off it as its mask (references
    /// unchanged).
    func unlinkFromParent(_ slot: Int) {
        let parent = Int(layers[slot].parent)
        guard parent >= 0 else { return }
        superlayerChanges(of: slot, superlayer: parent)
        if Int(layers[parent].mask) == slot {
            layers[parent].mask = -1
            layers[slot].parent = -1
            return
        }
        let previous = Int(layers[slot].previousSibling)
        let next = Int(layers[slot].nextSibling)
        if previous >= 0 { layers[previous].nextSibling = Int32(next) } else { layers[parent].firstChild = Int32(next) }
        if next >= 0 { layers[next].previousSibling = Int32(previous) } else { layers[parent].lastChild = Int32(previous) }
        layers[slot].parent = -1
        layers[slot].previousSibling = -1
        layers[slot].nextSibling = -1
    }
}
