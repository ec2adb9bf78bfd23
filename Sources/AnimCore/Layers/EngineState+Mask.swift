/// CALayer `mask`: a layer whose alpha masks another layer's rendering (reference
/// core-animation-geometry.md §3.1 item 10). The mask's superlayer is the layer it masks, so it
/// runs in that layer's time and lives in its space, but it is not among its sublayers: the
/// sublayer order, hit testing and `sublayers` leave it out; the render list draws it into the
/// mask.
extension EngineState {
    /// Makes `mask` the mask of `layer` (nil: no mask). The layer holds a reference to its
    /// mask, as a superlayer does to a sublayer. A mask in a tree, or another layer's mask, is
    /// taken from there first (Core Animation moves it); the old mask is let go.
    /// - Throws: `.badHandle` naming `names.layer` or `names.mask`; `.cycle` when `mask` is
    ///   `layer` or one of its ancestors.
    func setMask(_ mask: LayerID?, of layer: LayerID, names: (layer: String, mask: String)) throws(AnimCoreError) {
        let slot: Int
        let maskSlot: Int?
        do throws(AnimCoreError) { slot = try layerSlot(layer) } catch { throw error.prefixed("\(names.layer): ") }
        do throws(AnimCoreError) { maskSlot = try mask.map { (id) throws(AnimCoreError) in try layerSlot(id) } } catch {
            throw error.prefixed("\(names.mask): ")
        }
        let current = Int(layers[slot].mask)
        if let maskSlot, maskSlot == current { return }
        if let maskSlot {
            try checkNotAncestor(maskSlot, of: slot, names: names)
            try adopt(mask: maskSlot, by: slot)
        }
        if current >= 0, current != maskSlot {
            unlinkFromParent(current)
            dropReference(current)
        }
        if let maskSlot {
            layers[slot].mask = Int32(maskSlot)
            layers[maskSlot].parent = Int32(slot)
        }
    }

    /// The mask of `layer`, if any.
    func mask(of layer: LayerID) throws(AnimCoreError) -> LayerID? {
        let mask = Int(layers[try layerSlot(layer)].mask)
        return mask >= 0 ? layerID(mask) : nil
    }

    /// `.cycle` when `mask` is `slot` or one of its ancestors.
    private func checkNotAncestor(_ mask: Int, of slot: Int, names: (layer: String, mask: String)) throws(AnimCoreError) {
        var ancestor = slot
        while ancestor >= 0 {
            if ancestor == mask {
                throw AnimCoreError(.cycle, "\(names.mask) is \(names.layer) or one of its superlayers")
            }
            ancestor = Int(layers[ancestor].parent)
        }
    }

    /// Takes `mask` from where it is (handing its superlayer's reference to `slot`), or gives
    /// it a reference for `slot` to hold; its animations leave the lane when `slot` is off
    /// engine time.
    private func adopt(mask: Int, by slot: Int) throws(AnimCoreError) {
        if layers[mask].parent >= 0 {
            unlinkFromParent(mask)
        } else {
            try checkRoomForReference(mask)
            layers[mask].referenceCount += 1
        }
        superlayerChanges(of: mask, superlayer: slot)
    }
}
