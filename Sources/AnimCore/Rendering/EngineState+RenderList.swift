/// The render list's walk: the visible tree under a root, in draw order, as `RenderEntry`s
/// (reference core-animation-geometry.md §1.5–1.7, §3.1). Iterative, so a deep tree cannot
/// exhaust the stack; the list's scratch is reused, so a list once sized allocates nothing.
///
/// Rules, each in its one home: a layer's matrix to its superlayer is
/// `LayerGeometry.matrixToSuperlayer`; the sublayer order is `appendDrawOrder` (by depth
/// under a transform layer); the back-face test is `Transform3D.isBackFacing`; a
/// replicator's instances are `ReplicaFrame` (`EngineState+Replicas.swift`), their time
/// `layerSlots(_:atLayerTime:block:)`.
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
        var root = RenderParent(
            entry: -1, base: nil, sublayerMatrix: superlayerPart(of: slot, presentation: presentation), alpha: 1,
            mirrored: isMirroredByFlips(slot, presentation: presentation))
        if let plane = matrixToPlane(ofSublayersOf: parent, presentation: presentation) { (root.plane, root.hasPlane) = (plane, true) }
        openEntry(slot, under: &root, isMask: false, presentation: presentation, list: list)
        // The frames are read in place: a frame is a few hundred bytes.
        while list.frames.count > 0 {
            // Opening an entry pushes one frame at most: with room for it, `top` stays put.
            list.frames.reserve(list.frames.count + 1)
            let top = list.frames.base + list.frames.count - 1
            if let next = nextLayer(of: top, in: list) {
                if next == Int(top.pointee.mask) {
                    var parent = top.pointee.maskParent
                    openEntry(next, under: &parent, isMask: true, presentation: presentation, list: list)
                } else {
                    openEntry(next, under: &top.pointee.sublayers, isMask: false, presentation: presentation, list: list)
                }
                continue
            }
            let (entry, childrenStart) = (Int(top.pointee.sublayers.entry), top.pointee.childrenStart)
            list.frames.removeLast()
            list.children.removeSubrange(childrenStart...)
            list.closeEntry(entry)
        }
    }

    /// The next layer `frame` draws: its next sublayer, then its mask; nil when it has none
    /// left. Takes it off the frame.
    private func nextLayer(of frame: UnsafeMutablePointer<RenderFrame>, in list: RenderList) -> Int? {
        if frame.pointee.next < frame.pointee.childrenEnd || nextInstance(of: frame, in: list) {
            frame.pointee.next += 1
            return Int(list.children[frame.pointee.next - 1])
        }
        if frame.pointee.mask >= 0 && !frame.pointee.isMaskDrawn {
            frame.pointee.isMaskDrawn = true
            return Int(frame.pointee.mask)
        }
        return nil
    }

    /// Appends the entry of the layer in `slot` and pushes its frame (a leaf's entry is closed
    /// at once), unless the layer is not drawn: hidden, facing away with doubleSided off (its
    /// subtree goes with it: it is flattened into the layer's plane, reference §1.7), or placed
    /// nowhere (`LayerGeometry.isPlaced(by:)`). In a replicator instance with a time shift, its
    /// values are read at its shifted time.
    private func openEntry(
        _ slot: Int, under parent: UnsafePointer<RenderParent>, isMask: Bool, presentation: Bool, list: RenderList
    ) {
        let time = presentation ? parent.pointee.shiftedTime.map { layerTime(slot, fromParentTime: $0) } : nil
        let values = time.map { layerSlots(slot, atLayerTime: $0, block: list.instanceBlock) }
            ?? layerSlots(slot, presentation: presentation)
        let geometry = geometry(of: values)
        guard !geometry.isHidden else { return }
        let role = classes[Int(places[slot].classIndex)].role
        let toSuperlayer = geometry.matrixToSuperlayer(underPartAt: RenderParent.sublayerPart(of: parent))
        let doubleSided = values.shown(BuiltInLayerProperties.Index.doubleSided)[0].bitPattern != 0
        guard doubleSided || !RenderParent.matrixToPlane(toSuperlayer, under: parent).isBackFacing else { return }
        // A layer with no sublayer, mask or instances (most entries) is a leaf: its entry is
        // closed at once, with no plane, sublayer matrix or frame made for it.
        guard role == .replicator || layers[slot].firstChild >= 0 || layers[slot].mask >= 0 else {
            if let index = appendEntry(
                values, geometry: geometry, toSuperlayer: toSuperlayer, role: role, time: time, under: parent, isMask: isMask,
                presentation: presentation, list: list)
            {
                list.closeEntry(index)
            }
            return
        }
        openSubtree(
            values, geometry: geometry, toSuperlayer: toSuperlayer, role: role, time: time, under: parent, isMask: isMask,
            presentation: presentation, list: list)
    }

    /// `openEntry` for a layer with sublayers, a mask or instances, found drawn so far (its
    /// values, geometry, matrix to its superlayer, class's role and shifted time as
    /// `appendEntry` takes them): its mask decides whether it is drawn; then its entry, and
    /// the frame its sublayers and mask are drawn from.
    @inline(never)
    private func openSubtree(
        _ values: LayerSlots, geometry: LayerGeometry, toSuperlayer: Transform3D, role: LayerRenderRole, time: Double?,
        under parent: UnsafePointer<RenderParent>, isMask: Bool, presentation: Bool, list: RenderList
    ) {
        let slot = values.slot
        // The layer's own matrix into its flattening ancestor's plane when it keeps depth.
        let plane = keepsDepth(values) ? RenderParent.matrixToPlane(toSuperlayer, under: parent) : nil
        let sublayerMatrix = sublayerMatrix(of: values, geometry: geometry)
        // A transform layer's mask is ignored (reference §1.5).
        guard role == .transformLayer || layers[slot].mask < 0
            || maskIsDrawn(
                ofLayerIn: slot, toSuperlayer: toSuperlayer, under: parent, sublayerMatrix: sublayerMatrix, plane: plane,
                presentation: presentation, atParentTime: time, list: list)
        else { return }
        guard let index = appendEntry(
            values, geometry: geometry, toSuperlayer: toSuperlayer, role: role, time: time, under: parent, isMask: isMask,
            presentation: presentation, list: list)
        else { return }
        let entry = list.entries.base + index
        let childrenStart = list.children.count
        if layers[slot].firstChild >= 0 {
            appendDrawOrder(
                of: slot, sublayerMatrix: sublayerMatrix, plane: plane, presentation: presentation, atParentTime: time,
                block: list.orderBlock, to: &list.children, keys: &list.sortKeys)
        }
        let mask = role == .transformLayer ? -1 : layers[slot].mask
        if role == .replicator {
            let replica = makeReplica(values, geometry: geometry, time: time, under: parent)
            return pushReplicator(
                replica, entry: entry, index: index, sublayerMatrix: sublayerMatrix, flips: geometry.isGeometryFlipped,
                plane: plane, time: time, mask: mask, childrenStart: childrenStart, product: parent.pointee.instanceProduct,
                list: list)
        }
        // No sublayer drawn and no mask: closed now, with no frame.
        guard list.children.count > childrenStart || mask >= 0 else { return list.closeEntry(index) }
        pushFrame(
            for: entry, index: index, sublayerMatrix: sublayerMatrix, flips: geometry.isGeometryFlipped, plane: plane,
            time: time, mask: mask, childrenStart: childrenStart, product: parent.pointee.instanceProduct, list: list)
    }

    /// Appends the entry of a layer drawn under `parent`, written in place, and notes it in the
    /// list's change tracking: its values as read, its geometry, its matrix to its superlayer,
    /// its class's role, and its layer time when a replicator instance shifts it (nil: the
    /// tick's). Its drawing fields are left as they are where its storage holds them already
    /// (`DrawingKey`). Returns its index; nil, and no entry, when its matrix to the root places
    /// it nowhere (`LayerGeometry.isPlaced(by:)`: not drawn, with its subtree).
    // Transparent: inlined before the optimiser's own inlining, whose limit on the size of
    // `openEntry` would otherwise leave it a call that copies its arguments.
    @_transparent
    private func appendEntry(
        _ values: LayerSlots, geometry: LayerGeometry, toSuperlayer: Transform3D, role: LayerRenderRole, time: Double?,
        under parent: UnsafePointer<RenderParent>, isMask: Bool, presentation: Bool, list: RenderList
    ) -> Int? {
        let entry = list.entries.appendUninitialized()
        let index = list.entries.count - 1
        entry.pointee.matrix = RenderParent.matrixToRoot(toSuperlayer, under: parent)
        // (Its storage's drawing fields, which `DrawingKey` may hold, are left as they were.)
        guard LayerGeometry.isPlaced(by: entry.pointee.matrix) else {
            list.entries.removeLast()
            return nil
        }
        makeRenderEntry(at: entry, values, bounds: geometry.bounds, masksToBounds: geometry.masksToBounds, under: parent, role: role)
        let key = drawingKey(values, under: parent)
        var transitionID: UInt64 = 0
        if key == .none || !list.holdsDrawing(key, at: index) {
            writeDrawing(at: entry, values, under: parent, drawsItself: role != .transformLayer)
            writeTransition(of: values.slot, presentation: presentation, atLayerTime: time, into: entry)
            transitionID = entry.pointee.transitionID
        }
        list.entryDidOpen(index, layer: values.slot, isMask: isMask, transitionID: transitionID, drawing: key)
        return index
    }

    /// `BuiltInLayerProperties.entryFrontReads` as `LayerSlots.presented` bits: while an
    /// animation drives any other property, the drawing fields are written at each fill.
    private static let frontReadBits: UInt64 = BuiltInLayerProperties.entryFrontReads.reduce(0) {
        $0 | PresentationLayouts.bit(of: Int32($1))
    }

    /// The key of the drawing fields the layer resolved as `values` gets under `parent`
    /// (`DrawingKey`) when they follow from its model values alone: no animation drives a
    /// property they are read from, it has no transition, and it is outside replicator
    /// instances (whose colour, index and time shift they hold); `DrawingKey.none` otherwise.
    @inline(__always)
    private func drawingKey(_ values: LayerSlots, under parent: UnsafePointer<RenderParent>) -> DrawingKey {
        let slot = values.slot
        guard values.presented & ~Self.frontReadBits == 0, layers[slot].transitionCount == 0,
              parent.pointee.isOutsideInstances
        else { return .none }
        return DrawingKey(layer: layerID(slot), modelVersion: layers[slot].modelVersion)
    }

    /// `pushFrame` for a replicator's entry, with its instances (`replica`); closes the entry
    /// at once when it draws no instance and has no mask. Apart from `openEntry`, so that the
    /// other layers' path holds no frame of instances (copying one costs its size).
    @inline(never)
    private func pushReplicator(
        _ replica: ReplicaFrame, entry: UnsafeMutablePointer<RenderEntry>, index: Int, sublayerMatrix: Transform3D?,
        flips: Bool, plane: Transform3D?, time: Double?, mask: Int32, childrenStart: Int, product: Int64, list: RenderList
    ) {
        if replica.count == 0 { list.children.removeSubrange(childrenStart...) }
        guard list.children.count > childrenStart || replica.reordersInstances || mask >= 0 else {
            return list.closeEntry(index)
        }
        let frame = pushFrame(
            for: entry, index: index, sublayerMatrix: sublayerMatrix, flips: flips, plane: plane, time: time, mask: mask,
            childrenStart: childrenStart, product: product, list: list)
        frame.pointee.replica = replica
        startInstances(of: frame)
    }

    /// Pushes the frame of the entry at `index` (just opened): what its sublayers take from it,
    /// their range in `list.children` and its mask; no replicator instances (the caller adds
    /// them). `sublayerMatrix` is the layer's `EngineState.sublayerMatrix(of:geometry:)`, `flips`
    /// its geometryFlipped (which mirrors its sublayers' plane, not its own); `plane` is the
    /// layer's matrix into the plane of its nearest flattening ancestor when it keeps its
    /// sublayers in 3D, nil when it flattens them. Returns the frame.
    @discardableResult
    private func pushFrame(
        for entry: UnsafeMutablePointer<RenderEntry>, index: Int, sublayerMatrix: Transform3D?, flips: Bool,
        plane: Transform3D?, time: Double?, mask: Int32, childrenStart: Int, product: Int64, list: RenderList
    ) -> UnsafeMutablePointer<RenderFrame> {
        // Field by field into the new frame (plain data, so its memory needs no initialising
        // first): a frame built whole would be copied into place.
        let frame = list.frames.appendUninitialized()
        frame.pointee.sublayers.entry = Int32(index)
        let base = RenderParent.base(ofEntryMatrix: entry.pointee.matrix, keepsDepth: plane != nil)
        frame.pointee.sublayers.base = base
        // (Read only when `hasPlane`: a frame's memory is plain data.)
        if let plane { frame.pointee.sublayers.plane = plane }
        frame.pointee.sublayers.hasPlane = plane != nil
        frame.pointee.sublayers.hasBase = true
        frame.pointee.sublayers.baseIsTranslation = base.isTranslation
        frame.pointee.sublayers.sublayerMatrix = LayerGeometry.superlayerPart(sublayerMatrix, isMask: false)
        frame.pointee.sublayers.alpha = entry.pointee.flags.contains(.opacityGroup) ? 1 : entry.pointee.alpha
        frame.pointee.isMirrored = entry.pointee.flags.contains(.contentsFlipped)
        frame.pointee.flips = flips
        frame.pointee.sublayers.mirrored = frame.pointee.planeMirrored(isMask: false)
        frame.pointee.sublayers.tint = entry.pointee.instanceColor
        frame.pointee.sublayers.instance = entry.pointee.instanceIndex
        frame.pointee.sublayers.timeShift = entry.pointee.instanceTimeShift
        frame.pointee.sublayers.shiftedTime = time
        frame.pointee.sublayers.instanceProduct = product
        frame.pointee.childrenStart = childrenStart
        frame.pointee.next = childrenStart
        frame.pointee.childrenEnd = list.children.count
        frame.pointee.mask = mask
        frame.pointee.isMaskDrawn = false
        frame.pointee.replica = nil
        return frame
    }

    /// Whether the mask of the layer in `slot`, when it has one, draws anything: a hidden
    /// mask, one facing away with doubleSided off (under what the layer adds to its
    /// sublayers, `sublayerMatrix`, and through `plane`, the layer's matrix into
    /// its flattening ancestor's plane when it keeps depth, as its sublayers' test), or one
    /// placed nowhere (`LayerGeometry.isPlaced(by:)`, its matrix to the root through the
    /// layer's, `toSuperlayer` under `parent`), composites nothing, so the layer it masks shows
    /// nothing either ([INFERRED] from reference §3.1 items 1 and 10). In a replicator instance
    /// that shifts the layer, `time` is the layer's time there, the mask's parent time: the
    /// mask is read at its own time then, as its entry is (into `list.orderBlock`, free until
    /// the layer's sublayers are ordered); nil for the tick's.
    private func maskIsDrawn(
        ofLayerIn slot: Int, toSuperlayer layerToSuperlayer: Transform3D, under parent: UnsafePointer<RenderParent>,
        sublayerMatrix: Transform3D?, plane: Transform3D?, presentation: Bool, atParentTime time: Double?, list: RenderList
    ) -> Bool {
        let mask = Int(layers[slot].mask)
        guard mask >= 0 else { return true }
        let values = time.map { ShiftedRead(time: $0, block: list.orderBlock, whole: true).values(of: mask, in: self) }
            ?? layerSlots(mask, presentation: presentation)
        let geometry = geometry(of: values)
        guard !geometry.isHidden else { return false }
        let toSuperlayer = geometry.matrixToSuperlayer(under: LayerGeometry.superlayerPart(sublayerMatrix, isMask: true))
        // Its base as the layer's frame gives it (`pushFrame`, `RenderFrame.maskParent`).
        let base = RenderParent.base(
            ofEntryMatrix: RenderParent.matrixToRoot(layerToSuperlayer, under: parent), keepsDepth: plane != nil)
        guard LayerGeometry.isPlaced(by: toSuperlayer.concatenating(base)) else { return false }
        let doubleSided = values.shown(BuiltInLayerProperties.Index.doubleSided)[0].bitPattern != 0
        return doubleSided || !(plane.map { toSuperlayer.concatenating($0) } ?? toSuperlayer).isBackFacing
    }

    /// Initialises the fields of `entry` (uninitialised memory of a plain-data type, its matrix
    /// written) before its drawing fields (`DrawingKey`) as those of the entry of the layer
    /// whose values are `values` under `parent`, in place (an entry is 568 bytes). Of its
    /// geometry it takes the two parts it writes (passed apart, so that the caller's geometry
    /// is not copied into memory for the call).
    private func makeRenderEntry(
        at entry: UnsafeMutablePointer<RenderEntry>, _ values: LayerSlots, bounds: Rect, masksToBounds: Bool,
        under parent: UnsafePointer<RenderParent>, role: LayerRenderRole
    ) {
        typealias Index = BuiltInLayerProperties.Index
        let slot = values.slot
        let opacity = values.shown(Index.opacity)[0]
        let drawsItself = role != .transformLayer
        var flags: RenderEntry.Flags = masksToBounds && drawsItself ? .clips : []
        let opensGroup = drawsItself && opacity < 1 && values.shown(Index.allowsGroupOpacity)[0].bitPattern != 0
        if opensGroup { flags.insert(.opacityGroup) }
        if parent.pointee.mirrored { flags.insert(.contentsFlipped) }
        if role == .replicator && replicaCount(values, under: parent).clamped { flags.insert(.instancesClamped) }
        if !drawsItself { flags.insert(.sublayersOnly) }
        // Field by field: the entry is plain data, and a whole value built first would be
        // copied into place.
        entry.pointee.layerID = layerID(slot)
        entry.pointee.layerClass = classes[Int(places[slot].classIndex)].id
        entry.pointee.parent = parent.pointee.entry
        entry.pointee.subtreeEnd = -1
        entry.pointee.mask = -1
        entry.pointee.flags = flags
        entry.pointee.bounds = bounds
        entry.pointee.opacity = opacity
        entry.pointee.alpha = parent.pointee.alpha * (opensGroup ? 1 : opacity)
    }

    /// Writes the drawing fields of `entry` (`DrawingKey`) but its transition's
    /// (`writeTransition`): those of the layer whose values are `values` under `parent`, cleared
    /// of its own drawing unless it `drawsItself` (not a transform layer).
    private func writeDrawing(
        at entry: UnsafeMutablePointer<RenderEntry>, _ values: LayerSlots, under parent: UnsafePointer<RenderParent>,
        drawsItself: Bool
    ) {
        typealias Index = BuiltInLayerProperties.Index
        entry.pointee.backgroundColor = Color(slots: values.shown(Index.backgroundColor))
        entry.pointee.borderColor = Color(slots: values.shown(Index.borderColor))
        entry.pointee.borderWidth = values.shown(Index.borderWidth)[0]
        entry.pointee.cornerRadius = values.shown(Index.cornerRadius)[0]
        entry.pointee.shadowColor = Color(slots: values.shown(Index.shadowColor))
        entry.pointee.shadowOpacity = values.shown(Index.shadowOpacity)[0]
        entry.pointee.shadowRadius = values.shown(Index.shadowRadius)[0]
        let shadowOffset = values.shown(Index.shadowOffset)
        entry.pointee.shadowOffset = Size(width: shadowOffset[0], height: shadowOffset[1])
        entry.pointee.contentsRect = Rect(slots: values.shown(Index.contentsRect))
        entry.pointee.contentsCenter = Rect(slots: values.shown(Index.contentsCenter))
        entry.pointee.contentsScale = values.shown(Index.contentsScale)[0]
        entry.pointee.contents = Token(rawValue: values.shown(Index.contents)[0].bitPattern)
        entry.pointee.gravity = Int32(truncatingIfNeeded: Int64(bitPattern: values.shown(Index.contentsGravity)[0].bitPattern))
        entry.pointee.maskedCorners = CornerMask(rawValue: UInt32(truncatingIfNeeded: values.shown(Index.maskedCorners)[0].bitPattern))
        entry.pointee.instanceColor = parent.pointee.tint
        entry.pointee.instanceTimeShift = parent.pointee.timeShift
        entry.pointee.instanceIndex = parent.pointee.instance
        entry.pointee.reserved = 0
        if !drawsItself { Self.clearOwnDrawing(entry) }
    }

    /// What a transform layer draws of its own: nothing (reference §1.5: only its sublayers
    /// render; its entry is flagged `sublayersOnly`). Its colours are cleared, so a renderer
    /// that ignores the flag draws nothing too.
    private static func clearOwnDrawing(_ entry: UnsafeMutablePointer<RenderEntry>) {
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        entry.pointee.backgroundColor = clear
        entry.pointee.borderColor = clear
        entry.pointee.borderWidth = 0
        entry.pointee.shadowOpacity = 0
        entry.pointee.contents = Token(rawValue: 0)
    }
}

extension EngineState {
    /// Writes the transition fields of the entry of the layer in `slot` (its bounds written):
    /// its committed transition's id, type, subtype, and, while it shows, its progress and
    /// composite (`TransitionRecord.composite`); zeros and `TransitionComposite.newOnly`
    /// without one, and for model values (a transition is an animation). In a replicator
    /// instance that shifts the layer's time, `time` is that time, and the transition is read
    /// there as its other animations are; nil for the tick's. The list adds the began and ended
    /// states (`RenderList.noteTransition`).
    func writeTransition(
        of slot: Int, presentation: Bool, atLayerTime time: Double?, into entry: UnsafeMutablePointer<RenderEntry>
    ) {
        // Most layers have none: their fields are written without a composite to compute.
        guard presentation, let record = transitionAnimation(ofLayerIn: slot) else {
            return Self.writeTransitionFields(id: 0, type: 0, subtype: 0, moment: .none, composite: .newOnly, into: entry)
        }
        let transition = transitionRecords.records.base + Int(record.pointee.parameters)
        let moment = time.map { transitionMoment(record, atLayerTime: $0) } ?? transition.pointee.moment
        Self.writeTransitionFields(
            id: transition.pointee.id, type: transition.pointee.type, subtype: transition.pointee.subtype, moment: moment,
            composite: transition.pointee.composite(at: moment, size: entry.pointee.bounds.size), into: entry)
    }

    /// Writes an entry's transition fields: the transition's id, type and subtype, its state
    /// and progress at `moment`, and the composite drawn then.
    @inline(__always)
    private static func writeTransitionFields(
        id: UInt64, type: Int32, subtype: Int32, moment: TransitionMoment, composite: TransitionComposite,
        into entry: UnsafeMutablePointer<RenderEntry>
    ) {
        entry.pointee.transitionID = id
        entry.pointee.transitionTypeRaw = type
        entry.pointee.transitionSubtypeRaw = subtype
        entry.pointee.transitionProgress = moment.progress
        entry.pointee.transitionOldOffset = composite.oldOffset
        entry.pointee.transitionNewOffset = composite.newOffset
        entry.pointee.transitionOldAlpha = composite.oldAlpha
        entry.pointee.transitionNewAlpha = composite.newAlpha
        entry.pointee.transitionLayeringRaw = composite.layering.rawValue
        var state: RenderEntry.TransitionState = []
        if moment.isInEffect { state.insert(.inEffect) }
        if moment.isActive { state.insert(.active) }
        entry.pointee.transitionState = state
        assert(id != 0 || (state.isEmpty && moment.progress == 0), "no transition: its fields at rest (RenderEntry.transitionID)")
    }

    /// The committed transition of the layer in `slot`, as its animation record; nil for none.
    /// (The "transition" key holds one per layer at most.) Its animations are walked only when
    /// it holds a transition record (`LayerRecord.transitionCount`).
    func transitionAnimation(ofLayerIn slot: Int) -> UnsafeMutablePointer<AttachedAnimation>? {
        guard layers[slot].transitionCount > 0 else { return nil }
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            let record = animations.base + index
            if record.pointee.kind == .transition && record.pointee.isCommitted { return record }
            index = Int(record.pointee.next)
        }
        return nil
    }
}

/// What a layer's entry takes from its superlayer's: the superlayer's entry, its matrix to the
/// root (flattened unless the superlayer keeps depth; none at the top: the identity), what it
/// adds to its sublayers' matrices (for a replicator instance, R_k first), the alpha its
/// drawing is under, whether its plane is mirrored, and the replicator instance it is in.
struct RenderParent {
    var entry: Int32
    /// The superlayer's matrix to the root, when `hasBase` (the identity, unused, at the top);
    /// not optional, so that reading it through the walk's pointers copies nothing.
    var base: Transform3D
    var hasBase: Bool
    /// Whether `base` only moves (`Transform3D.isTranslation`), found once for all the layers
    /// under it, whose matrices then take it as a move.
    var baseIsTranslation = false
    /// The superlayer's matrix into the plane its sublayers are flattened into, when it keeps
    /// them in 3D (`hasPlane`): what a sublayer's back-face test composes with (§1.7).
    var plane = Transform3D.identity
    var hasPlane = false
    /// What the superlayer adds to its layers' matrices (`LayerGeometry.superlayerPart`); nil
    /// for nothing. Kept as a matrix and a flag, so that the walk reads it in place
    /// (`sublayerPart(of:)`).
    var sublayerMatrix: Transform3D? {
        get { hasSublayerPart ? sublayerPart : nil }
        set {
            hasSublayerPart = newValue != nil
            sublayerPart = newValue ?? .identity
        }
    }
    private var sublayerPart = Transform3D.identity
    private var hasSublayerPart = false
    var alpha: Double
    /// Whether the geometryFlipped layers above, up to the tree's root, mirror the plane its
    /// layers are drawn in (an odd number of the flips reach it, `LayerGeometry.mirrorsPlane`):
    /// their contents are drawn mirrored back (`RenderEntry.Flags.contentsFlipped`), so that an
    /// image keeps its orientation on screen.
    var mirrored: Bool
    /// The instance colour its layers' colours are multiplied by (`outsideTint` outside
    /// replicators).
    var tint = Self.outsideTint
    /// The nearest replicator's instance index (0 outside replicators).
    var instance: Int32 = 0
    /// The sum of k × instanceDelay of the instances it is in.
    var timeShift = 0.0
    /// Its layers' parent time when an instance shifts it (presentation only); nil: the tick's
    /// presentation, unshifted.
    var shiftedTime: Double? = nil
    /// The product of the instance counts drawn by the replicators above (1 outside them).
    var instanceProduct: Int64 = 1

    /// The instance colour outside replicators: opaque white.
    static let outsideTint = Color(red: 1, green: 1, blue: 1, alpha: 1)

    /// Whether its layers' instance fields are those outside replicators (the defaults above),
    /// bit for bit (a time shift of +0, not −0).
    var isOutsideInstances: Bool {
        shiftedTime == nil && instance == 0 && timeShift.bitPattern == 0 && tint == Self.outsideTint
    }

    init(entry: Int32, base: Transform3D?, sublayerMatrix: Transform3D?, alpha: Double, mirrored: Bool) {
        self.entry = entry
        self.base = base ?? .identity
        self.hasBase = base != nil
        self.alpha = alpha
        self.mirrored = mirrored
        self.sublayerMatrix = sublayerMatrix
    }

    /// [INFERRED] (reference §1.7) The matrix into the plane a layer's facing is judged in,
    /// that of its nearest flattening ancestor, from its matrix to its superlayer
    /// (`toSuperlayer`) under the parent at `parent`: through a transform layer, its matrix
    /// too (a card flipped by one). Made where it is used, so that a layer under no such
    /// plane (most) copies no matrix for it.
    @inline(__always)
    static func matrixToPlane(_ toSuperlayer: Transform3D, under parent: UnsafePointer<RenderParent>) -> Transform3D {
        parent.pointee.hasPlane ? toSuperlayer.concatenating(parent.pointee.plane) : toSuperlayer
    }

    /// The matrix to the root of a layer whose matrix to its superlayer is `toSuperlayer`,
    /// under the parent at `parent` (its entry's `matrix`).
    // Transparent, as `appendEntry`: so that the entry's matrix is written in place.
    @_transparent
    static func matrixToRoot(_ toSuperlayer: Transform3D, under parent: UnsafePointer<RenderParent>) -> Transform3D {
        guard parent.pointee.hasBase else { return toSuperlayer }
        return toSuperlayer.concatenating(parent.pointee.base, otherIsTranslation: parent.pointee.baseIsTranslation)
    }

    /// The base the sublayers and mask of a layer whose entry's matrix is `matrix` are drawn
    /// on: the matrix, flattened unless the layer keeps its sublayers in 3D (`keepsDepth`).
    @inline(__always)
    static func base(ofEntryMatrix matrix: Transform3D, keepsDepth: Bool) -> Transform3D {
        keepsDepth ? matrix : matrix.flattened
    }

    /// Where `sublayerMatrix` of the parent at `parent` lies; nil when it has none.
    @inline(__always)
    static func sublayerPart(of parent: UnsafePointer<RenderParent>) -> UnsafePointer<Transform3D>? {
        parent.pointee.hasSublayerPart ? parent.pointer(to: \.sublayerPart) : nil
    }
}

/// A layer on the walk's stack: what its sublayers take from it (made once, for all of them),
/// and its sublayers (a range of `RenderList.children`, back to front) and mask still to draw;
/// for a replicator, the instance being drawn (its sublayers' range is walked once per
/// instance).
struct RenderFrame {
    /// The parent its sublayers are under: its entry, its matrix flattened, its part of their
    /// matrices (`LayerGeometry.superlayerPart`), the alpha they are drawn under.
    var sublayers: RenderParent
    var childrenStart: Int
    var next: Int
    var childrenEnd: Int
    var mask: Int32
    var isMaskDrawn = false
    /// Whether the layer's own plane is mirrored (its entry's `contentsFlipped`), and whether
    /// it is geometryFlipped (which mirrors its sublayers' plane, not its mask's).
    var isMirrored = false
    var flips = false
    /// A replicator's instances; nil for another layer.
    var replica: ReplicaFrame?

    /// Whether the plane of a layer under this one is mirrored: its sublayers' or its mask's
    /// (`isMask`), by `LayerGeometry.mirrorsPlane`.
    func planeMirrored(isMask: Bool) -> Bool {
        isMirrored != LayerGeometry.mirrorsPlane(underFlipped: flips, isMask: isMask)
    }

    /// The parent its mask is under: no part of the sublayers' matrix
    /// (`LayerGeometry.superlayerPart`), and an alpha of its own, since its alpha masks the
    /// layer's group rather than being drawn in it; outside the replicator's instances.
    var maskParent: RenderParent {
        var parent = RenderParent(
            entry: sublayers.entry, base: sublayers.hasBase ? sublayers.base : nil,
            sublayerMatrix: LayerGeometry.superlayerPart(replica?.above ?? sublayers.sublayerMatrix, isMask: true), alpha: 1,
            mirrored: planeMirrored(isMask: true))
        parent.baseIsTranslation = sublayers.baseIsTranslation
        // Its back-face test goes through the layer's plane when the layer keeps depth, as its
        // sublayers' does.
        if sublayers.hasPlane { (parent.plane, parent.hasPlane) = (sublayers.plane, true) }
        if let replica {
            parent.tint = replica.outer.tint
            parent.instance = replica.outer.instance
            parent.timeShift = replica.outer.timeShift
            parent.shiftedTime = replica.outer.shiftedTime
            parent.instanceProduct = replica.outer.instanceProduct
        } else {
            parent.tint = sublayers.tint
            parent.instance = sublayers.instance
            parent.timeShift = sublayers.timeShift
            parent.shiftedTime = sublayers.shiftedTime
            parent.instanceProduct = sublayers.instanceProduct
        }
        return parent
    }
}
