/// The render list's walk: the visible tree under a root, in draw order, as `RenderEntry`s
/// (reference core-animation-geometry.md §1.5–1.7, §3.1). Iterative, so a deep tree cannot
/// exhaust the stack; the list's scratch is reused, so a list once sized allocates nothing.
///
/// Rules, each in its one home: a layer's matrix to its superlayer is
/// `LayerGeometry.matrixToSuperlayer`; the sublayer order is `appendVisibleSublayers`; the
/// back-face test is `Transform3D.isBackFacing`.
extension EngineState {
    /// Fills `list` with the visible subtree of the layer in `slot`, matrices into the space
    /// its position is given in (its superlayer's, sublayerTransform included; the root space
    /// for a root layer).
    /// - Parameters:
    ///   - slot: a live layer's slot.
    ///   - presentation: presentation values at the engine's time (true) or model values.
    ///   - list: the list to fill, begun (`RenderList.beginFill`).
    func fillRenderList(from slot: Int, presentation: Bool, into list: RenderList) {
        let parent = Int(layers[slot].parent)
        let flipped = parent >= 0 && contentsAreFlipped(parent, presentation: presentation)
        let root = RenderParent(
            entry: -1, base: nil, sublayerMatrix: superlayerPart(of: slot, presentation: presentation), alpha: 1, flipped: flipped)
        if let frame = openEntry(slot, under: root, isMask: false, presentation: presentation, list: list) {
            list.frames.append(frame)
        }
        while let top = list.frames.last {
            if let next = nextLayer(of: top, in: list) {
                let isMask = next == Int(top.mask)
                let parentFrame = RenderParent(frame: top, isMask: isMask)
                if let frame = openEntry(next, under: parentFrame, isMask: isMask, presentation: presentation, list: list) {
                    list.frames.append(frame)
                }
                continue
            }
            list.frames.removeLast()
            list.children.removeSubrange(top.childrenStart...)
            list.closeEntry(Int(top.entry))
        }
    }

    /// The next layer `frame` draws: its next sublayer, then its mask; nil when it has none
    /// left. Takes it off the frame.
    private func nextLayer(of frame: RenderFrame, in list: RenderList) -> Int? {
        let index = list.frames.count - 1
        if frame.next < frame.childrenEnd {
            list.frames[index].next += 1
            return Int(list.children[frame.next])
        }
        if frame.mask >= 0 && !frame.isMaskDrawn {
            list.frames[index].isMaskDrawn = true
            return Int(frame.mask)
        }
        return nil
    }

    /// Appends the entry of the layer in `slot` and returns its frame, or nil when the layer is
    /// not drawn: hidden, or facing away with doubleSided off (its subtree goes with it: it is
    /// flattened into the layer's plane, reference §1.7).
    private func openEntry(
        _ slot: Int, under parent: RenderParent, isMask: Bool, presentation: Bool, list: RenderList
    ) -> RenderFrame? {
        let geometry = geometry(slot, presentation: presentation)
        guard !geometry.isHidden else { return nil }
        let toSuperlayer = geometry.matrixToSuperlayer(under: parent.sublayerMatrix)
        typealias Index = BuiltInLayerProperties.Index
        let doubleSided = shown(slot, Index.doubleSided, presentation)[0].bitPattern != 0
        guard doubleSided || !toSuperlayer.isBackFacing else { return nil }
        let matrix = parent.base.map { toSuperlayer.concatenating($0) } ?? toSuperlayer
        var entry = renderEntry(slot, geometry: geometry, matrix: matrix, presentation: presentation)
        entry.parent = parent.entry
        let opensGroup = entry.flags.contains(.opacityGroup)
        entry.alpha = parent.alpha * (opensGroup ? 1 : entry.opacity)
        let flipped = parent.flipped != geometry.isGeometryFlipped
        if flipped { entry.flags.insert(.contentsFlipped) }
        let index = list.append(entry, layer: slot, isMask: isMask)
        let childrenStart = list.children.count
        appendVisibleSublayers(of: slot, presentation: presentation, backToFront: true, to: &list.children, keys: &list.sortKeys)
        let mask = Int(layers[slot].mask)
        return RenderFrame(
            entry: Int32(index), slot: Int32(slot), matrix: matrix, sublayerMatrix: geometry.sublayerMatrix,
            alpha: entry.alpha, flipped: flipped, childrenStart: childrenStart, next: childrenStart,
            childrenEnd: list.children.count, mask: Int32(mask))
    }

    /// The entry's values but its place in the list (parent, alpha, flags of the walk).
    private func renderEntry(_ slot: Int, geometry: LayerGeometry, matrix: Transform3D, presentation: Bool) -> RenderEntry {
        typealias Index = BuiltInLayerProperties.Index
        func slots(_ property: Int) -> UnsafeMutablePointer<Double> { shown(slot, property, presentation) }
        let opacity = slots(Index.opacity)[0]
        var flags: RenderEntry.Flags = geometry.masksToBounds ? .clips : []
        if opacity < 1 && slots(Index.allowsGroupOpacity)[0].bitPattern != 0 { flags.insert(.opacityGroup) }
        return RenderEntry(
            layerID: layerID(slot), layerClass: classes[Int(places[slot].classIndex)].id, parent: -1, subtreeEnd: -1,
            mask: -1, flags: flags, matrix: matrix, bounds: geometry.bounds, opacity: opacity, alpha: 1,
            backgroundColor: Color(slots: slots(Index.backgroundColor)), borderColor: Color(slots: slots(Index.borderColor)),
            borderWidth: slots(Index.borderWidth)[0], cornerRadius: slots(Index.cornerRadius)[0],
            shadowColor: Color(slots: slots(Index.shadowColor)), shadowOpacity: slots(Index.shadowOpacity)[0],
            shadowRadius: slots(Index.shadowRadius)[0],
            shadowOffset: Size(width: slots(Index.shadowOffset)[0], height: slots(Index.shadowOffset)[1]),
            contentsRect: Rect(slots: slots(Index.contentsRect)), contentsCenter: Rect(slots: slots(Index.contentsCenter)),
            contentsScale: slots(Index.contentsScale)[0], contents: Token(rawValue: slots(Index.contents)[0].bitPattern),
            gravity: Int32(truncatingIfNeeded: Int64(bitPattern: slots(Index.contentsGravity)[0].bitPattern)),
            maskedCorners: CornerMask(rawValue: UInt32(truncatingIfNeeded: slots(Index.maskedCorners)[0].bitPattern)))
    }

    /// The slots of a built-in property, presentation or model.
    @inline(__always)
    private func shown(_ slot: Int, _ property: Int, _ presentation: Bool) -> UnsafeMutablePointer<Double> {
        presentation ? presentationSlots(slot, property) : modelValue(slot, property)
    }
}

/// What a layer's entry takes from its superlayer's: the superlayer's entry, its flattened
/// matrix to the root (nil at the top: the identity), what it adds to its sublayers' matrices,
/// the alpha its drawing is under, and whether its contents are flipped.
struct RenderParent {
    var entry: Int32
    var base: Transform3D?
    var sublayerMatrix: Transform3D?
    var alpha: Double
    var flipped: Bool

    init(entry: Int32, base: Transform3D?, sublayerMatrix: Transform3D?, alpha: Double, flipped: Bool) {
        self.entry = entry
        self.base = base
        self.sublayerMatrix = sublayerMatrix
        self.alpha = alpha
        self.flipped = flipped
    }

    /// The parent that `frame`'s layer is to a sublayer, or to its mask: the matrix part of
    /// `LayerGeometry.superlayerPart`; a mask starts an alpha of its own, since its alpha masks
    /// the layer's group rather than being drawn in it.
    init(frame: RenderFrame, isMask: Bool) {
        self.init(
            entry: frame.entry, base: frame.matrix.flattened,
            sublayerMatrix: LayerGeometry.superlayerPart(frame.sublayerMatrix, isMask: isMask),
            alpha: isMask ? 1 : frame.alpha, flipped: frame.flipped)
    }
}

/// A layer on the walk's stack: its entry, what its sublayers take from it, and its sublayers
/// (a range of `RenderList.children`, back to front) and mask still to draw.
struct RenderFrame {
    var entry: Int32
    var slot: Int32
    var matrix: Transform3D
    var sublayerMatrix: Transform3D?
    var alpha: Double
    var flipped: Bool
    var childrenStart: Int
    var next: Int
    var childrenEnd: Int
    var mask: Int32
    var isMaskDrawn = false
}
