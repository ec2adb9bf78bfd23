/// The order of a layer's sublayers on screen (reference core-animation-geometry.md §1.6): the
/// one home of that rule (`appendDrawOrder`), for drawing (the render list) and for hit testing
/// (its reverse).
extension EngineState {
    /// Appends the sublayers of `slot` that are not hidden to `order`, back to front: for a
    /// layer that flattens them, by zPosition (`appendVisibleSublayers`); for one that keeps
    /// them in 3D, by depth (`sortByDepth`).
    /// - Parameters:
    ///   - slot: a live layer's slot.
    ///   - sublayerMatrix: what the layer adds to its sublayers' matrices (`LayerGeometry`).
    ///   - plane: when the layer keeps its sublayers in 3D, its matrix into the plane of its
    ///     nearest flattening ancestor; nil when it flattens them.
    ///   - presentation: presentation values (true) or model values.
    ///   - time: in a replicator instance that shifts it, the time the sublayers' superlayer
    ///     shows them at: what drives their order is read at theirs then (into `block`); nil
    ///     for the tick's.
    ///   - block: scratch for those reads.
    ///   - order: where the slots go, after what it holds.
    ///   - keys: scratch for the sorts, lent so that a list once sized allocates nothing.
    func appendDrawOrder(
        of slot: Int, sublayerMatrix: Transform3D?, plane: Transform3D?, presentation: Bool,
        atParentTime time: Double? = nil, block: RecordBuffer<Double>? = nil, to order: inout [Int32],
        keys: inout [SublayerSortKey]
    ) {
        if let time, let block, presentation {
            let read = ShiftedRead(time: time, block: block, whole: plane != nil)
            appendDrawOrder(of: slot, sublayerMatrix: sublayerMatrix, plane: plane, read: read, to: &order, keys: &keys)
        } else {
            let read = TickRead(presentation: presentation)
            appendDrawOrder(of: slot, sublayerMatrix: sublayerMatrix, plane: plane, read: read, to: &order, keys: &keys)
        }
    }

    /// `appendDrawOrder` with the sublayers' values read by `read` (specialised for each way).
    @inline(__always)
    private func appendDrawOrder<Read: DrawOrderRead>(
        of slot: Int, sublayerMatrix: Transform3D?, plane: Transform3D?, read: Read, to order: inout [Int32],
        keys: inout [SublayerSortKey]
    ) {
        let start = order.count
        appendVisibleSublayers(of: slot, read: read, to: &order, keys: &keys)
        if let plane { sortByDepth(&order, from: start, under: sublayerMatrix, plane: plane, read: read, keys: &keys) }
    }

    /// Whether an animation of the layer in `slot` drives its hidden state or zPosition.
    func animatesDrawOrder(_ slot: Int) -> Bool {
        let (hidden, z) = (Int32(BuiltInLayerProperties.Index.hidden), Int32(BuiltInLayerProperties.Index.zPosition))
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            if animations[index].property == hidden || animations[index].property == z { return true }
            index = Int(animations[index].next)
        }
        return false
    }

    /// Appends the sublayers of `slot` that are not hidden to `order`, back to front: a stable
    /// sort by ascending zPosition, ties in the order they were added ([INFERRED] but well
    /// supported: the sort happens among siblings only, a subtree being flattened into its
    /// layer).
    private func appendVisibleSublayers<Read: DrawOrderRead>(
        of slot: Int, read: Read, to order: inout [Int32], keys: inout [SublayerSortKey]
    ) {
        typealias Index = BuiltInLayerProperties.Index
        let start = order.count
        var isLayered = false
        var firstZ = 0.0
        var child = Int(layers[slot].firstChild)
        while child >= 0 {
            // Resolved once for both reads.
            let values = read.values(of: child, in: self)
            if values.shown(Index.hidden)[0].bitPattern == 0 {
                let z = values.shown(Index.zPosition)[0]
                if order.count == start {
                    firstZ = z
                } else if !isLayered && z != firstZ {
                    // The first that differs: the keys of those before it, all at firstZ.
                    isLayered = true
                    keys.removeAll(keepingCapacity: true)
                    for position in start..<order.count {
                        keys.append(SublayerSortKey(z: firstZ, rank: Int32(position), slot: order[position]))
                    }
                }
                if isLayered { keys.append(SublayerSortKey(z: z, rank: Int32(order.count), slot: Int32(child))) }
                order.append(Int32(child))
            }
            child = Int(layers[child].nextSibling)
        }
        // The common case, all zPositions equal, needs no sort.
        guard isLayered else { return }
        keys.sort { $0.z != $1.z ? $0.z < $1.z : $0.rank < $1.rank }
        for (offset, key) in keys.enumerated() { order[start + offset] = key.slot }
    }
}

extension EngineState {
    /// Sorts `order[start...]`, sublayers of a layer that keeps them in 3D (a transform layer, a
    /// replicator preserving depth), back to front by the depth of each one's bounds centre in
    /// the plane of that layer's nearest flattening ancestor: its z after its matrix there
    /// (its matrix to the layer, `sublayerMatrix` being the layer's part, then the layer's
    /// `plane`), divided by w, ascending (+z is toward the viewer), ties in the order given.
    /// [INFERRED] Core Animation does not document its depth sort (reference §1.6); this is
    /// WebKit's (`sortByZOrder`, the z of each layer's centre after its whole transform).
    /// Intersecting planes stay undefined, as in Core Animation. A replicator's instances share
    /// the order of its instance 0.
    private func sortByDepth<Read: DrawOrderRead>(
        _ order: inout [Int32], from start: Int, under sublayerMatrix: Transform3D?, plane: Transform3D,
        read: Read, keys: inout [SublayerSortKey]
    ) {
        guard order.count - start > 1 else { return }
        keys.removeAll(keepingCapacity: true)
        for position in start..<order.count {
            let child = Int(order[position])
            let geometry = geometry(of: read.values(of: child, in: self))
            let m = geometry.matrixToSuperlayer(under: sublayerMatrix).concatenating(plane)
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

/// How `appendDrawOrder` reads a sublayer's values.
protocol DrawOrderRead {
    func values(of slot: Int, in state: EngineState) -> LayerSlots
}

/// At the tick (presentation) or the model.
struct TickRead: DrawOrderRead {
    let presentation: Bool

    @inline(__always)
    func values(of slot: Int, in state: EngineState) -> LayerSlots {
        state.layerSlots(slot, presentation: presentation)
    }
}

/// In a replicator instance, at the time its superlayer shows it (`time`), into `block`: only
/// when an animation drives its order, or its geometry is read too (`whole`); a sublayer whose
/// order no animation drives reads the same at any time.
struct ShiftedRead: DrawOrderRead {
    let time: Double
    /// (Not retained: the list holding it outlives the read.)
    unowned(unsafe) let block: RecordBuffer<Double>
    let whole: Bool

    func values(of slot: Int, in state: EngineState) -> LayerSlots {
        guard whole || state.animatesDrawOrder(slot) else { return state.layerSlots(slot, presentation: true) }
        return state.layerSlots(slot, atLayerTime: state.layerTime(slot, fromParentTime: time), block: block)
    }
}
