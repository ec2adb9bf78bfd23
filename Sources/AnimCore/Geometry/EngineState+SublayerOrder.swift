/// The order of a layer's sublayers on screen (reference core-animation-geometry.md §1.6): the
/// one home of that rule, for drawing (the render list) and for hit testing (its reverse).
extension EngineState {
    /// Appends the sublayers of `slot` that are not hidden to `order`, back to front: a stable
    /// sort by ascending zPosition, ties in the order they were added ([INFERRED] but well
    /// supported: the sort happens among siblings only, a subtree being flattened into its
    /// layer). `backToFront` false appends the reverse, the hit-testing order.
    /// - Parameters:
    ///   - slot: a live layer's slot.
    ///   - presentation: presentation values (true) or model values.
    ///   - backToFront: true for drawing order, false for its reverse.
    ///   - order: where the slots go, after what it holds.
    ///   - keys: scratch for the sort, lent so that a list once sized allocates nothing.
    func appendVisibleSublayers(
        of slot: Int, presentation: Bool, backToFront: Bool, to order: inout [Int32], keys: inout [SublayerSortKey]
    ) {
        typealias Index = BuiltInLayerProperties.Index
        let start = order.count
        var isLayered = false
        var firstZ = 0.0
        var child = Int(layers[slot].firstChild)
        while child >= 0 {
            // Resolved once for both reads.
            let values = layerSlots(child, presentation: presentation)
            if values.shown(Index.hidden)[0].bitPattern == 0 {
                let z = values.shown(Index.zPosition)[0]
                if order.count == start { firstZ = z } else if z != firstZ { isLayered = true }
                order.append(Int32(child))
            }
            child = Int(layers[child].nextSibling)
        }
        // The common case, all zPositions equal, needs no sort.
        if isLayered { sortByZPosition(order: &order, from: start, presentation: presentation, keys: &keys) }
        if !backToFront { order[start...].reverse() }
    }

    /// Sorts `order[start...]` by ascending zPosition, keeping the order of equals.
    private func sortByZPosition(order: inout [Int32], from start: Int, presentation: Bool, keys: inout [SublayerSortKey]) {
        let index = BuiltInLayerProperties.Index.zPosition
        keys.removeAll(keepingCapacity: true)
        for position in start..<order.count {
            let child = Int(order[position])
            let z = shownSlots(child, index, presentation: presentation)[0]
            keys.append(SublayerSortKey(z: z, rank: Int32(position), slot: order[position]))
        }
        keys.sort { $0.z != $1.z ? $0.z < $1.z : $0.rank < $1.rank }
        for (offset, key) in keys.enumerated() { order[start + offset] = key.slot }
    }
}

extension EngineState {
    /// Sorts `order[start...]`, sublayers of a layer that keeps them in 3D (a transform layer, a
    /// replicator preserving depth), back to front by the depth of each one's bounds centre in
    /// that layer's space: its z after its matrix to the layer (`sublayerMatrix`: the layer's
    /// part), divided by w, ascending (+z is toward the viewer), ties in the order given.
    /// [INFERRED] Core Animation does not document its depth sort (reference §1.6); this is
    /// WebKit's (`sortByZOrder`, the z of each layer's centre). Intersecting planes stay
    /// undefined, as in Core Animation.
    func sortByDepth(
        _ order: inout [Int32], from start: Int, under sublayerMatrix: Transform3D?, presentation: Bool,
        keys: inout [SublayerSortKey]
    ) {
        guard order.count - start > 1 else { return }
        keys.removeAll(keepingCapacity: true)
        for position in start..<order.count {
            let child = Int(order[position])
            let geometry = geometry(child, presentation: presentation)
            let m = geometry.matrixToSuperlayer(under: sublayerMatrix)
            let x = geometry.bounds.origin.x + geometry.bounds.size.width / 2
            let y = geometry.bounds.origin.y + geometry.bounds.size.height / 2
            let w = x * m.m14 + y * m.m24 + m.m44
            let z = (x * m.m13 + y * m.m23 + m.m43) / w
            // A centre behind the eye (w ≤ 0) or undefined is drawn first.
            keys.append(SublayerSortKey(z: w > 0 && !z.isNaN ? z : -.infinity, rank: Int32(position), slot: order[position]))
        }
        keys.sort { $0.z != $1.z ? $0.z < $1.z : $0.rank < $1.rank }
        for (offset, key) in keys.enumerated() { order[start + offset] = key.slot }
    }
}

/// A sublayer in the zPosition sort: its zPosition, where it was among its siblings (the tie
/// break that keeps the sort stable) and its slot.
struct SublayerSortKey {
    var z: Double
    var rank: Int32
    var slot: Int32
}
