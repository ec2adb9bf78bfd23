/// CALayer `hitTest:` on the model tree or the presentation tree (reference §2.3, with the
/// order measured on Apple, §2.2): the point goes into each layer's plane through the inverse
/// of its homography (`matrixToSuperlayer`); sublayers are searched front to back — higher
/// zPosition first, then the last added first — hidden ones skipped; a masksToBounds layer
/// that misses cuts off its subtree; a sublayer outside its superlayer's bounds is still hit.
///
/// [INFERRED] Decisions where the reference says unverified: a hidden receiver is tested all
/// the same (only hidden sublayers are skipped, as GNUstep does); opacity, cornerRadius and
/// doubleSided play no part.
extension EngineState {
    /// One layer on the search's stack: the point in its own space and its sublayers, front
    /// to back, still to search.
    private struct HitFrame {
        var slot: Int
        var point: Point
        var sublayers: [Int]
        var next = 0
    }

    /// The farthest descendant of `slot` (or `slot` itself) containing `point`, given in
    /// `slot`'s superlayer's space (the root space for a root layer); nil for none.
    /// Iterative, so a deep tree cannot exhaust the stack.
    func hitTest(_ slot: Int, _ point: Point, presentation: Bool) -> Int? {
        guard let root = hitFrame(slot, point, presentation: presentation) else { return nil }
        var stack = [root]
        while let top = stack.last {
            if top.next < top.sublayers.count {
                let child = top.sublayers[top.next]
                stack[stack.count - 1].next += 1
                if let frame = hitFrame(child, top.point, presentation: presentation) { stack.append(frame) }
                continue
            }
            // Every sublayer missed: the layer itself, or back to its superlayer.
            stack.removeLast()
            if geometry(top.slot, presentation: presentation).contains(top.point) { return top.slot }
        }
        return nil
    }

    /// The search's entry for `slot` with `point` in its superlayer's space; nil when the
    /// point is unmapped in its plane or outside the bounds of a masksToBounds layer.
    private func hitFrame(_ slot: Int, _ point: Point, presentation: Bool) -> HitFrame? {
        guard let local = matrixToSuperlayer(slot, presentation: presentation).unmapPlanePoint(point) else { return nil }
        let geometry = geometry(slot, presentation: presentation)
        if geometry.masksToBounds && !geometry.contains(local) { return nil }
        return HitFrame(slot: slot, point: local, sublayers: visibleSublayersFrontToBack(slot, presentation: presentation))
    }

    /// The sublayers of `slot` that are not hidden, in hit-testing order: zPosition
    /// descending, then the last added first (the drawing order reversed: reference §1.6).
    func visibleSublayersFrontToBack(_ slot: Int, presentation: Bool) -> [Int] {
        var entries: [(z: Double, index: Int, slot: Int)] = []
        var child = Int(layers[slot].firstChild)
        while child >= 0 {
            let geometry = geometry(child, presentation: presentation)
            if !geometry.isHidden { entries.append((geometry.zPosition, entries.count, child)) }
            child = Int(layers[child].nextSibling)
        }
        entries.sort { $0.z != $1.z ? $0.z > $1.z : $0.index > $1.index }
        return entries.map(\.slot)
    }

    /// CALayer `containsPoint:`: `point`, in the layer's own space, within its bounds
    /// (half-open).
    func contains(_ point: Point, in slot: Int, presentation: Bool) -> Bool {
        geometry(slot, presentation: presentation).contains(point)
    }
}
