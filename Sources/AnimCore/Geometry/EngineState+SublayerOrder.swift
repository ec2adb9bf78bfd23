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
            let hidden = shownSlots(child, Index.hidden, presentation: presentation)
            if hidden[0].bitPattern == 0 {
                let z = shownSlots(child, Index.zPosition, presentation: presentation)[0]
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

/// A sublayer in the zPosition sort: its zPosition, where it was among its siblings (the tie
/// break that keeps the sort stable) and its slot.
struct SublayerSortKey {
    var z: Double
    var rank: Int32
    var slot: Int32
}
