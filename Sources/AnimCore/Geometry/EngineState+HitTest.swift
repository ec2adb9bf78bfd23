/// CALayer `hitTest:` on the model tree or the presentation tree (reference §2.3, with the
/// order measured on Apple, §2.2): the point goes into each layer's plane through the inverse
/// of its homography (`LayerGeometry.matrixToSuperlayer`); sublayers are searched front to
/// back — higher zPosition first, then the last added first — hidden ones skipped; a
/// masksToBounds layer that misses cuts off its subtree; a sublayer outside its superlayer's
/// bounds is still hit. Each layer visited is read once: the cost follows the layers visited.
///
/// [INFERRED] Decisions where the reference says unverified: a hidden receiver is tested all
/// the same (only hidden sublayers are skipped, as GNUstep does); opacity, cornerRadius and
/// doubleSided play no part.
extension EngineState {
    /// One layer on the search's stack: its geometry, the point in its own space, what its
    /// sublayers gain on their way into it, and its sublayers, front to back, still to search.
    private struct HitFrame {
        var slot: Int
        var geometry: LayerGeometry
        var point: Point
        var sublayerMatrix: Transform3D?
        var sublayers: [Int32]
        var next = 0
    }

    /// The farthest descendant of `slot` (or `slot` itself) containing `point`, given in
    /// `slot`'s superlayer's space (the root space for a root layer); nil for none.
    /// Iterative, so a deep tree cannot exhaust the stack.
    func hitTest(_ slot: Int, _ point: Point, presentation: Bool) -> Int? {
        let above = superlayerPart(of: slot, presentation: presentation)
        guard let root = hitFrame(slot, point, under: above, presentation: presentation) else { return nil }
        var stack = [root]
        while let top = stack.last {
            if top.next < top.sublayers.count {
                let child = Int(top.sublayers[top.next])
                stack[stack.count - 1].next += 1
                if let frame = hitFrame(child, top.point, under: top.sublayerMatrix, presentation: presentation) {
                    stack.append(frame)
                }
                continue
            }
            // Every sublayer missed: the layer itself, or back to its superlayer.
            stack.removeLast()
            if top.geometry.contains(top.point) { return top.slot }
        }
        return nil
    }

    /// The search's entry for `slot` with `point` in its superlayer's space, whose
    /// `sublayerMatrix` is `above`; nil when the point is unmapped in the layer's plane or
    /// outside the bounds of a masksToBounds layer.
    private func hitFrame(_ slot: Int, _ point: Point, under above: Transform3D?, presentation: Bool) -> HitFrame? {
        let geometry = geometry(slot, presentation: presentation)
        guard let local = geometry.matrixToSuperlayer(under: above).unmapPlanePoint(point) else { return nil }
        if geometry.masksToBounds && !geometry.contains(local) { return nil }
        return HitFrame(
            slot: slot, geometry: geometry, point: local, sublayerMatrix: geometry.sublayerMatrix,
            sublayers: visibleSublayersFrontToBack(slot, presentation: presentation))
    }

    /// The sublayers of `slot` that are not hidden, in hit-testing order: the drawing order
    /// reversed (zPosition descending, then the last added first).
    private func visibleSublayersFrontToBack(_ slot: Int, presentation: Bool) -> [Int32] {
        var order: [Int32] = []
        var keys: [SublayerSortKey] = []
        appendVisibleSublayers(of: slot, presentation: presentation, backToFront: false, to: &order, keys: &keys)
        return order
    }

    /// CALayer `containsPoint:`: `point`, in the layer's own space, within its bounds
    /// (half-open).
    func contains(_ point: Point, in slot: Int, presentation: Bool) -> Bool {
        geometry(slot, presentation: presentation).contains(point)
    }
}
