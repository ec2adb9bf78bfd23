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
            isGeometryFlipped: values.shown(Index.geometryFlipped)[0].bitPattern != 0,
            isHidden: values.shown(Index.hidden)[0].bitPattern != 0,
            masksToBounds: values.shown(Index.masksToBounds)[0].bitPattern != 0)
    }

    /// What the sublayers of a layer resolved as `values` shows it gain on their way into its
    /// space (`LayerGeometry.sublayerMatrix(sublayerTransform:)`, its sublayerTransform read
    /// here); nil for nothing.
    /// - Parameters:
    ///   - values: the layer's values.
    ///   - geometry: `geometry(of: values)`.
    @inline(__always)
    func sublayerMatrix(of values: LayerSlots, geometry: LayerGeometry) -> Transform3D? {
        geometry.sublayerMatrix(
            sublayerTransform: Transform3D(slots: values.shown(BuiltInLayerProperties.Index.sublayerTransform)))
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
        let values = layerSlots(parent, presentation: presentation)
        return LayerGeometry.superlayerPart(
            sublayerMatrix(of: values, geometry: geometry(of: values)), isMask: Int(layers[parent].mask) == slot)
    }

    /// The nearest layer that is `first` or one of its ancestors and also `second` or one of
    /// its ancestors; −1 (the root space, CALayer's nil) when either is −1 or they are in
    /// different trees, which then meet in their roots' shared space (reference §1.4). Found
    /// from the two depths, climbing from the deeper layer to the other's level and then both
    /// together: no allocation.
    func commonAncestor(_ first: Int, _ second: Int) -> Int {
        guard first >= 0, second >= 0 else { return -1 }
        var (a, b) = (first, second)
        var (depthA, depthB) = (depth(of: a), depth(of: b))
        while depthA > depthB { (a, depthA) = (Int(layers[a].parent), depthA - 1) }
        while depthB > depthA { (b, depthB) = (Int(layers[b].parent), depthB - 1) }
        // At one level: equal, or both stepped up together until they meet or leave the roots.
        while a != b { (a, b) = (Int(layers[a].parent), Int(layers[b].parent)) }
        return a
    }

    /// How many superlayers the layer in `slot` has (0 for a root).
    private func depth(of slot: Int) -> Int {
        var (count, current) = (0, Int(layers[slot].parent))
        while current >= 0 { (count, current) = (count + 1, Int(layers[current].parent)) }
        return count
    }

    /// Whether the layer in `slot` keeps its sublayers in 3D instead of flattening them into
    /// its plane: a transform layer, or a replicator preserving depth (reference §1.5, §5).
    func keepsDepth(_ slot: Int, presentation: Bool) -> Bool {
        keepsDepth(layerSlots(slot, presentation: presentation))
    }

    /// `keepsDepth(_:presentation:)` of a layer resolved as `values` shows it.
    @inline(__always)
    func keepsDepth(_ values: LayerSlots) -> Bool {
        switch classes[Int(places[values.slot].classIndex)].role {
        case .transformLayer: true
        case .replicator: values.shown(ReplicatorLayerProperties.Index.preservesDepth)[0].bitPattern != 0
        case .plain: false
        }
    }

    /// The nearest of `slot` and its ancestors that flattens its sublayers into its plane (not
    /// `keepsDepth`); −1 (the root space) when there is none. Points meet in this layer's plane:
    /// seen through a transform layer, they are in the plane of its nearest flattening ancestor
    /// (CALayer `hitTest:`'s "nearest ancestor that isn't a CATransformLayer").
    func flatteningAncestor(_ slot: Int, presentation: Bool) -> Int {
        var current = slot
        while current >= 0 && keepsDepth(current, presentation: presentation) { current = Int(layers[current].parent) }
        return current
    }

    /// The matrix from the space of the layer in `slot` into the plane its sublayers are
    /// flattened into, when it keeps them in 3D: through it and any superlayers keeping depth,
    /// up to the nearest that flattens (its plane; the root space at the top). nil when the
    /// layer flattens its sublayers into its own plane, or for −1.
    func matrixToPlane(ofSublayersOf slot: Int, presentation: Bool) -> Transform3D? {
        guard slot >= 0, keepsDepth(slot, presentation: presentation) else { return nil }
        return planeMatrices(from: slot, upTo: flatteningAncestor(slot, presentation: presentation), presentation: presentation).first
    }

    /// The matrices from `slot` up into `ancestor`'s space (−1: the root space), one per plane
    /// on the way: each the product of M_toSuper of consecutive layers, a run going on through
    /// superlayers that keep depth (`keepsDepth`) and ending at one that flattens, or at
    /// `ancestor`. Empty when `slot` is `ancestor`. Points go up plane by plane through these
    /// (with the perspective divide and the behind-the-eye test at each), matrices through
    /// `matrix(from:upTo:)`.
    func planeMatrices(from slot: Int, upTo ancestor: Int, presentation: Bool) -> [Transform3D] {
        var runs: [Transform3D] = []
        var current = slot
        var run: Transform3D?
        while current != ancestor, current >= 0 {
            let step = matrixToSuperlayer(current, presentation: presentation)
            run = run.map { $0.concatenating(step) } ?? step
            let parent = Int(layers[current].parent)
            if parent == ancestor || parent < 0 || !keepsDepth(parent, presentation: presentation) {
                runs.append(run.unsafelyUnwrapped)
                run = nil
            }
            current = parent
        }
        return runs
    }

    /// The matrix from `slot`'s space up into `ancestor`'s (−1: the root space):
    /// R₀ · Flat(R₁) · Flat(R₂) · …, the Rᵢ being `planeMatrices` (reference §1.5: each layer
    /// flattens its sublayers into its plane, perspective kept; a transform layer does not, so
    /// its sublayers' matrices compose with its own in 3D). The identity when `slot` is
    /// `ancestor`. It equals the render list's matrix to the root for `ancestor` −1.
    func matrix(from slot: Int, upTo ancestor: Int, presentation: Bool) -> Transform3D {
        let runs = planeMatrices(from: slot, upTo: ancestor, presentation: presentation)
        guard let first = runs.first else { return .identity }
        var matrix = first
        for run in runs.dropFirst() { matrix = matrix.concatenating(run.flattened) }
        return matrix
    }
}
