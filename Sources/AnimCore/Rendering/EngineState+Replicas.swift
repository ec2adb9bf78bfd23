/// A replicator's instances in the render list (reference core-animation-geometry.md §5.2):
/// its sublayers are walked once per instance k = 0 … n−1, instance k under
///
///     R_k = T(−c) · instanceTransform^k · T(c)     (c: the replicator's bounds centre)
///     C_k = instanceColor + k · (red, green, blue, alpha offsets), each component in [0, 1]
///     t_k = the replicator's time − k · instanceDelay
///
/// R_k comes before the replicator's own part of its sublayers' matrices (M_toSuper(S) · R_k ·
/// sublayerTransform part: [INFERRED], the reference leaves the order open); C_k multiplies
/// into the instance colour of the entries (`RenderEntry.instanceColor`, which the host
/// multiplies into every colour it draws: [INFERRED] the engine cannot multiply into contents
/// it does not see); at t_k each layer's animations are sampled at its shifted time
/// (`layerSlots(_:atLayerTime:block:)`), and the sublayers' order and hidden state
/// (`nextInstance`), whether their masks draw and their transitions are read there
/// (`openEntry`). Nested replicators multiply all three.
///
/// [INFERRED] Clamping C_k to [0, 1] (the reference: unverified). Hit testing keeps to the
/// model tree (instance 0), as Core Animation's does (reference §5.2).
extension EngineState {
    /// The instance count of the replicator whose values are `values` under `parent`: its
    /// instanceCount clamped to 0…`maxInstances` and to what keeps the product of nested counts
    /// within it; `clamped` when that is fewer than it asks for (`RenderEntry.Flags
    /// .instancesClamped`, set when its entry is made, before the entry is compared with its
    /// previous one).
    func replicaCount(_ values: LayerSlots, under parent: UnsafePointer<RenderParent>) -> (count: Int64, clamped: Bool) {
        let limit = ReplicatorLayerProperties.maxInstances
        let asked = Int64(bitPattern: values.shown(ReplicatorLayerProperties.Index.instanceCount)[0].bitPattern)
        let count = min(max(asked, 0), limit / max(parent.pointee.instanceProduct, 1))
        return (count, count < asked)
    }

    /// The instances of the replicator whose values are `values` (its layer time `time` when
    /// shifted) under `parent` (`replicaCount` of them).
    func makeReplica(
        _ values: LayerSlots, geometry: LayerGeometry, time: Double?, under parent: UnsafePointer<RenderParent>
    ) -> ReplicaFrame {
        typealias Index = ReplicatorLayerProperties.Index
        let count = replicaCount(values, under: parent).count
        let bounds = geometry.bounds
        let centre = Vector3(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2, z: 0)
        let step = Transform3D(translationX: -centre.x, y: -centre.y, z: 0)
            .concatenating(Transform3D(slots: values.shown(Index.instanceTransform)))
            .concatenating(Transform3D(translationX: centre.x, y: centre.y, z: 0))
        let delay = ReplicatorLayerProperties.delayRange.clamped(values.shown(Index.instanceDelay)[0])
        let offsets = Color(
            red: values.shown(Index.instanceRedOffset)[0], green: values.shown(Index.instanceGreenOffset)[0],
            blue: values.shown(Index.instanceBlueOffset)[0], alpha: values.shown(Index.instanceAlphaOffset)[0])
        // The replicator's time, which its instances shift: only for presentation values and a
        // delay (or a shift already), so an unshifted replicator reads the tick's presentation.
        let isShifted = values.showsPresentation && (delay != 0 || time != nil)
        let replicatorTime = isShifted ? time ?? layerTime(values.slot, atEngineTime: currentTime) : nil
        return ReplicaFrame(
            count: count, instance: 0, step: step, current: .identity, above: nil,
            color: Color(slots: values.shown(Index.instanceColor)), offsets: offsets, delay: delay, time: replicatorTime,
            outer: parent.pointee, slot: Int32(values.slot),
            reordersInstances: count > 1 && replicatorTime != nil && layers[values.slot].firstChild >= 0)
    }

    /// Sets up the replicator frame just pushed for instance 0: what its sublayers take outside
    /// the instances is kept (for its mask), then instance 0's part is applied.
    func startInstances(of frame: UnsafeMutablePointer<RenderFrame>) {
        frame.pointee.replica?.outer = frame.pointee.sublayers
        frame.pointee.replica?.above = frame.pointee.sublayers.sublayerMatrix
        frame.pointee.sublayers.instanceProduct *= max(frame.pointee.replica?.count ?? 1, 1)
        applyInstance(of: frame)
    }

    /// Moves a replicator's frame to its next instance that draws a sublayer, rewinding them
    /// (in the order they show at the instance's time, when it shifts them: an instance may
    /// draw none while the next draws some); false when it is no replicator, has no sublayers
    /// to draw, or has drawn its last instance.
    func nextInstance(of frame: UnsafeMutablePointer<RenderFrame>, in list: RenderList) -> Bool {
        guard let replica = frame.pointee.replica,
              frame.pointee.childrenEnd > frame.pointee.childrenStart || replica.reordersInstances
        else { return false }
        var (instance, current) = (replica.instance, replica.current)
        while instance + 1 < replica.count {
            guard list.entries.count < list.replicatedEntryLimit else {
                clampInstances(of: frame, in: list)
                return false
            }
            instance += 1
            current = current.concatenating(replica.step)
            frame.pointee.replica?.instance = instance
            frame.pointee.replica?.current = current
            applyInstance(of: frame)
            frame.pointee.next = frame.pointee.childrenStart
            guard replica.reordersInstances else { return true }
            reorderSublayers(of: frame, slot: Int(replica.slot), in: list)
            if frame.pointee.childrenEnd > frame.pointee.childrenStart { return true }
        }
        return false
    }

    /// Ends the instances of the replicator whose frame is `frame` before its count: the list
    /// holds `RenderList.maximumReplicatedEntries` entries (`replicatedEntryLimit`). Its entry
    /// is flagged clamped; the list compares that with its previous entry when it closes
    /// (`RenderList.closeEntry`; the instances it no longer draws are in the dirty rectangle as
    /// layers no longer drawn).
    private func clampInstances(of frame: UnsafeMutablePointer<RenderFrame>, in list: RenderList) {
        list.entries[Int(frame.pointee.sublayers.entry)].flags.insert(.instancesClamped)
    }

    /// The sublayers of the replicator in `slot` for its frame's current instance, in the
    /// order they show at its time: their hidden state and zPosition there.
    private func reorderSublayers(of frame: UnsafeMutablePointer<RenderFrame>, slot: Int, in list: RenderList) {
        list.children.removeSubrange(frame.pointee.childrenStart...)
        let sublayers = frame.pointee.sublayers
        appendDrawOrder(
            of: slot, sublayerMatrix: sublayers.sublayerMatrix, plane: sublayers.hasPlane ? sublayers.plane : nil,
            presentation: true, atParentTime: sublayers.shiftedTime, block: list.orderBlock, to: &list.children,
            keys: &list.sortKeys)
        frame.pointee.childrenEnd = list.children.count
    }

    /// Writes what the sublayers of the replicator's current instance k take: R_k before the
    /// replicator's part, the instance colour C_k times the colour outside, k, and the shifted
    /// time.
    private func applyInstance(of frame: UnsafeMutablePointer<RenderFrame>) {
        guard let replica = frame.pointee.replica else { return }
        let k = Double(replica.instance)
        if let above = replica.above {
            frame.pointee.sublayers.sublayerMatrix = replica.instance == 0 ? above : replica.current.concatenating(above)
        } else {
            frame.pointee.sublayers.sublayerMatrix = replica.instance == 0 ? nil : replica.current
        }
        let colour = Color(
            red: Self.unit(replica.color.red + k * replica.offsets.red),
            green: Self.unit(replica.color.green + k * replica.offsets.green),
            blue: Self.unit(replica.color.blue + k * replica.offsets.blue),
            alpha: Self.unit(replica.color.alpha + k * replica.offsets.alpha))
        let outer = replica.outer.tint
        frame.pointee.sublayers.tint = Color(
            red: outer.red * colour.red, green: outer.green * colour.green, blue: outer.blue * colour.blue,
            alpha: outer.alpha * colour.alpha)
        frame.pointee.sublayers.instance = Int32(truncatingIfNeeded: replica.instance)
        frame.pointee.sublayers.timeShift = replica.outer.timeShift + k * replica.delay
        // Instance 0 of an unshifted replicator is the tick's presentation itself.
        let isTickTime = replica.instance == 0 && replica.outer.shiftedTime == nil
        frame.pointee.sublayers.shiftedTime = isTickTime ? nil : replica.time.map { $0 - k * replica.delay }
    }

    /// `value` clamped to [0, 1] (NaN to 0).
    private static func unit(_ value: Double) -> Double {
        value > 0 ? min(value, 1) : 0
    }
}

/// A replicator's instances on the render walk's stack.
struct ReplicaFrame {
    /// Instances to draw (clamped), and the one being drawn.
    var count: Int64
    var instance: Int64
    /// R_1 = T(−c) · instanceTransform · T(c), and R_k for the current instance.
    var step: Transform3D
    var current: Transform3D
    /// The replicator's own part of its sublayers' matrices (`EngineState.sublayerMatrix(of:geometry:)`).
    var above: Transform3D?
    /// instanceColor, and the offsets added per instance.
    var color: Color
    var offsets: Color
    /// Seconds between instances.
    var delay: Double
    /// The replicator's layer time, which instance k shifts by k × delay; nil when the
    /// instances are not shifted (model values, or no delay and no shift above).
    var time: Double?
    /// What its sublayers take outside the instances (its mask is drawn under it).
    var outer: RenderParent
    /// The replicator's slot.
    var slot: Int32
    /// Whether each instance reads its sublayers' order at its own time: shifted instances of
    /// a replicator with sublayers (instance 0's may all be hidden while another's show).
    var reordersInstances: Bool
}
