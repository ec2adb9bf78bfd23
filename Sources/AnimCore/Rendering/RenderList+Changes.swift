import Glibc

/// What a render list remembers of its previous fill to say what changed: where each layer's
/// previous entry is, which previous entries were drawn again, and the dirty rectangle so far.
struct RenderChangeTracking {
    /// By layer slot: the index of the layer's entry in the previous fill, or −1.
    var previousIndexBySlot: [Int32] = []
    /// By previous entry: whether this fill drew its layer again.
    var previousSeen: [Bool] = []
    /// By entry of this fill: the index of its layer's previous entry, or −1.
    var previousOfEntry: [Int32] = []
    /// The union of the changed extents so far; nil for none.
    var dirty: Rect?

    /// Adds `rect` (in the root's space; infinite for an unbounded extent) to the dirty
    /// rectangle.
    mutating func markDirty(_ rect: Rect) {
        guard let current = dirty else {
            dirty = rect
            return
        }
        let minX = min(current.origin.x, rect.origin.x), minY = min(current.origin.y, rect.origin.y)
        let maxX = max(current.origin.x + current.size.width, rect.origin.x + rect.size.width)
        let maxY = max(current.origin.y + current.size.height, rect.origin.y + rect.size.height)
        dirty = minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite
            ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : RenderList.everywhere
    }
}

extension RenderList {
    /// The dirty rectangle of an extent that reaches behind the eye: the whole plane.
    static let everywhere = Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity)

    /// Starts a fill from `root` of `engine`: this list's entries become the previous ones
    /// (forgotten when the root or engine differs, so that every entry counts as changed).
    func beginFill(engine: Engine, root: LayerID) {
        self.engine = engine
        swap(&entries, &previous)
        entries.removeAll()
        let isSameSource = source.map { $0.engine == ObjectIdentifier(engine) && $0.root == root } ?? false
        if !isSameSource {
            previous.removeAll()
            for index in tracking.previousIndexBySlot.indices { tracking.previousIndexBySlot[index] = -1 }
        }
        source = (ObjectIdentifier(engine), root)
        tracking.previousSeen.removeAll(keepingCapacity: true)
        tracking.previousSeen.append(contentsOf: repeatElement(false, count: previous.count))
        tracking.previousOfEntry.removeAll(keepingCapacity: true)
        tracking.dirty = nil
        frames.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
    }

    /// Appends the entry of the layer in `slot` (a mask's when `isMask`), flagged changed when
    /// it differs from the layer's previous entry; returns its index.
    func append(_ entry: RenderEntry, layer slot: Int, isMask: Bool) -> Int {
        var entry = entry
        if isMask { entry.flags.insert(.isMask) }
        let index = entries.count
        var old = slot < tracking.previousIndexBySlot.count ? Int(tracking.previousIndexBySlot[slot]) : -1
        if old >= 0 && previous[old].layerID != entry.layerID { old = -1 }
        if old >= 0 { tracking.previousSeen[old] = true }
        tracking.previousOfEntry.append(Int32(old))
        if old < 0 || !drawsAlike(entry, at: index, previously: old) {
            entry.flags.insert(.changed)
            markChanged(entry, previously: old)
        }
        entries.append(entry)
        if isMask { entries[Int(entry.parent)].mask = Int32(index) }
        return index
    }

    /// Closes the entry at `index` once its subtree and mask are in: its subtree's end, and a
    /// change when its mask is another layer than before (a mask changes the whole layer).
    func closeEntry(_ index: Int) {
        entries[index].subtreeEnd = Int32(entries.count)
        let old = Int(tracking.previousOfEntry[index])
        guard old >= 0, !entries[index].flags.contains(.changed) else { return }
        let mask = entries[index].mask, oldMask = previous[old].mask
        let maskLayer = mask >= 0 ? entries[Int(mask)].layerID : nil
        let oldMaskLayer = oldMask >= 0 ? previous[Int(oldMask)].layerID : nil
        if maskLayer != oldMaskLayer {
            entries[index].flags.insert(.changed)
            markChanged(entries[index], previously: old)
        }
    }

    /// Ends a fill: the extents of layers no longer drawn are dirty, and this fill's entries are
    /// indexed by layer for the next one.
    func endFill() {
        for old in previous.indices where !tracking.previousSeen[old] {
            tracking.markDirty(Self.extent(of: previous[old]))
        }
        for old in previous.indices { tracking.previousIndexBySlot[Self.slot(of: previous[old])] = -1 }
        for index in entries.indices {
            let slot = Self.slot(of: entries[index])
            if slot >= tracking.previousIndexBySlot.count {
                tracking.previousIndexBySlot.append(contentsOf: repeatElement(-1, count: slot + 1 - tracking.previousIndexBySlot.count))
            }
            tracking.previousIndexBySlot[slot] = Int32(index)
        }
    }

    /// Adds the old and new extents of a changed entry to the dirty rectangle.
    private func markChanged(_ entry: RenderEntry, previously old: Int) {
        tracking.markDirty(Self.extent(of: entry))
        if old >= 0 { tracking.markDirty(Self.extent(of: previous[old])) }
    }

    /// Whether `entry`, to be placed at `index`, draws as its layer's previous entry at `old`
    /// did: the same values, under the same superlayer, after the same layer.
    private func drawsAlike(_ entry: RenderEntry, at index: Int, previously old: Int) -> Bool {
        let before = index > 0 ? entries[index - 1].layerID : nil
        let oldBefore = old > 0 ? previous[old - 1].layerID : nil
        let parent = entry.parent >= 0 ? entries[Int(entry.parent)].layerID : nil
        let oldParent = previous[old].parent >= 0 ? previous[Int(previous[old].parent)].layerID : nil
        return before == oldBefore && parent == oldParent && Self.sameValues(entry, previous[old])
    }

    /// Whether two entries hold the same values, bit for bit, apart from their places in their
    /// lists and the changed flag.
    private static func sameValues(_ first: RenderEntry, _ second: RenderEntry) -> Bool {
        var a = placeless(first), b = placeless(second)
        return withUnsafeBytes(of: &a) { x in
            withUnsafeBytes(of: &b) { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return false }
                return memcmp(p, q, MemoryLayout<RenderEntry>.size) == 0
            }
        }
    }

    /// `entry` without its place in its list and its changed flag.
    private static func placeless(_ entry: RenderEntry) -> RenderEntry {
        var entry = entry
        entry.parent = 0
        entry.subtreeEnd = 0
        entry.mask = 0
        entry.flags.remove(.changed)
        return entry
    }

    /// The layer slot of an entry's handle.
    private static func slot(of entry: RenderEntry) -> Int {
        Int(entry.layerID.rawValue & Handle.indexMask)
    }

    /// Where an entry draws, in the root's space: its bounds, with the shadow's reach when it
    /// casts one (the offset, then about twice the radius, reference §3.3), through its matrix;
    /// `everywhere` when a corner lies behind the eye.
    static func extent(of entry: RenderEntry) -> Rect {
        var (minX, maxX) = LayerGeometry.span(entry.bounds.origin.x, entry.bounds.size.width)
        var (minY, maxY) = LayerGeometry.span(entry.bounds.origin.y, entry.bounds.size.height)
        if entry.shadowOpacity > 0 {
            let reach = 2 * abs(entry.shadowRadius)
            minX = min(minX, minX + entry.shadowOffset.width - reach)
            maxX = max(maxX, maxX + entry.shadowOffset.width + reach)
            minY = min(minY, minY + entry.shadowOffset.height - reach)
            maxY = max(maxY, maxY + entry.shadowOffset.height + reach)
        }
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double) = (.infinity, .infinity, -.infinity, -.infinity)
        for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] {
            guard let point = entry.matrix.mapPlanePoint(Point(x: x, y: y)) else { return everywhere }
            box = (min(box.minX, point.x), min(box.minY, point.y), max(box.maxX, point.x), max(box.maxY, point.y))
        }
        return Rect(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
    }
}
