/// A layer's geometry read from the engine (model values, or presentation values at the last
/// tick), and its matrix to its superlayer: the one home of that matrix, which every path —
/// matrices, conversions, frame, hit testing — calls.
extension EngineState {
    /// The geometry values of the layer in `slot`.
    /// - Parameters:
    ///   - slot: a live layer's slot.
    ///   - presentation: true for presentation values (the engine's time), false for model.
    func geometry(_ slot: Int, presentation: Bool) -> LayerGeometry {
        geometry(of: layerSlots(slot, presentation: presentation))
    }

    /// The geometry values of a layer resolved as `values` shows them.
    @inline(__always)
    func geometry(of values: LayerSlots) -> LayerGeometry {
        typealias Index = BuiltInLayerProperties.Index
        let bounds = values.shown(Index.bounds)
        let position = values.shown(Index.position)
        let anchor = values.shown(Index.anchorPoint)
        return LayerGeometry(
            bounds: Rect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3]),
            position: Point(x: position[0], y: position[1]),
            zPosition: values.shown(Index.zPosition)[0],
            anchorPoint: Point(x: anchor[0], y: anchor[1]),
            anchorPointZ: values.shown(Index.anchorPointZ)[0],
            transform: Transform3D(slots: values.shown(Index.transform)),
            sublayerTransform: Transform3D(slots: values.shown(Index.sublayerTransform)),
            isGeometryFlipped: values.shown(Index.geometryFlipped)[0].bitPattern != 0,
            isHidden: values.shown(Index.hidden)[0].bitPattern != 0,
            masksToBounds: values.shown(Index.masksToBounds)[0].bitPattern != 0)
    }

    /// M_toSuper: the layer's space into its superlayer's (`LayerGeometry.matrixToSuperlayer`);
    /// a root layer's goes into the space its position is given in (CALayer's nil layer). Not
    /// flattened: the layer's own 3D stays.
    /// - Parameters:
    ///   - slot: a live layer's slot.
    ///   - presentation: presentation values (true) or model values.
    func matrixToSuperlayer(_ slot: Int, presentation: Bool) -> Transform3D {
        geometry(slot, presentation: presentation).matrixToSuperlayer(under: superlayerPart(of: slot, presentation: presentation))
    }

    /// What the superlayer of `slot` adds to its matrix (`LayerGeometry.superlayerPart`); nil
    /// for a root layer.
    func superlayerPart(of slot: Int, presentation: Bool) -> Transform3D? {
        let parent = Int(layers[slot].parent)
        guard parent >= 0 else { return nil }
        return LayerGeometry.superlayerPart(
            geometry(parent, presentation: presentation).sublayerMatrix, isMask: Int(layers[parent].mask) == slot)
    }

    /// The layer's ancestors from its superlayer up to its root, nearest first.
    func ancestors(of slot: Int) -> [Int] {
        var chain: [Int] = []
        var current = Int(layers[slot].parent)
        while current >= 0 {
            chain.append(current)
            current = Int(layers[current].parent)
        }
        return chain
    }

    /// The nearest layer that is `first` or one of its ancestors and also `second` or one of
    /// its ancestors; −1 (the root space, CALayer's nil) when either is −1 or they are in
    /// different trees, which then meet in their roots' shared space (reference §1.4).
    func commonAncestor(_ first: Int, _ second: Int) -> Int {
        guard first >= 0, second >= 0 else { return -1 }
        let firstChain = Set([first] + ancestors(of: first))
        var current = second
        while current >= 0 {
            if firstChain.contains(current) { return current }
            current = Int(layers[current].parent)
        }
        return -1
    }

    /// The layers from `slot` up to, not including, `ancestor` (−1: up to the root space),
    /// `slot` first; empty when `slot` is `ancestor`.
    func path(from slot: Int, upTo ancestor: Int) -> [Int] {
        var chain: [Int] = []
        var current = slot
        while current != ancestor, current >= 0 {
            chain.append(current)
            current = Int(layers[current].parent)
        }
        return chain
    }

    /// The matrix from `slot`'s space up into `ancestor`'s (−1: the root space):
    /// M_toSuper(slot) · Flat(M_toSuper(parent)) · … (reference §1.5: each layer flattens its
    /// sublayers into its plane, perspective kept). The identity when `slot` is `ancestor`.
    func matrix(from slot: Int, upTo ancestor: Int, presentation: Bool) -> Transform3D {
        let chain = path(from: slot, upTo: ancestor)
        guard let first = chain.first else { return .identity }
        var matrix = matrixToSuperlayer(first, presentation: presentation)
        for layer in chain.dropFirst() {
            matrix = matrix.concatenating(matrixToSuperlayer(layer, presentation: presentation).flattened)
        }
        return matrix
    }
}
