import Glibc

/// What a render list remembers of its previous fill to say what changed: where each layer's
/// previous entry is, the changes that reach whole subtrees, and the dirty rectangle once
/// asked for.
///
/// The dirty rectangle is made when first read after a fill (`RenderList.dirtyRect`), from
/// what the fill left: the changed flags, each entry's previous entry (and from these, the
/// previous entries not drawn again) and the subtree marks. A host that does not read it pays
/// for no extents.
///
/// Each entry is matched with its layer's previous entry in place while the tree draws as it
/// did (entry i was entry i of the previous fill), which costs one comparison; from the first
/// entry that does not match, through chains by layer slot built then from the previous entries
/// still unmatched (`matchPrevious`).
///
/// A class held in a constant, its buffers constants too (a fill trades their storage,
/// `RecordBuffer.swapStorage`): the fill reads them with no retain per entry. Used under the
/// list's rule (one thread at a time), so exclusivity is not checked at run time.
final class RenderChangeTracking {
    /// Whether this fill's entries so far are the previous fill's, layer for layer, in the same
    /// places: each entry's previous entry is then the one at its index.
    @exclusivity(unchecked) var matchesInPlace = true
    /// Once an entry does not match in place, by layer slot: the index of the layer's next
    /// unmatched entry in the previous fill, or −1 (`chainPrevious(from:)`). A layer drawn more
    /// than once (in a replicator's instances) has its entries matched in order. Grown, never
    /// emptied: a slot outside the last chains keeps an older value, which names no entry of
    /// its layer from `chainStart` on (`matchPrevious` checks).
    let previousIndexBySlot = RecordBuffer<Int32>()
    /// By previous entry from `chainStart` on: the index of its layer's next entry, or −1.
    let previousNextOfSameLayer = RecordBuffer<Int32>()
    /// The first previous entry the chains cover: this fill's entries before it matched in
    /// place.
    @exclusivity(unchecked) var chainStart = 0
    /// By previous entry: whether this fill drew its layer again. Scratch of the dirty
    /// rectangle (`RenderList.makeDirtyRect`), which marks it from the traces' `previous`: a
    /// fill writes none of it.
    let previousSeen = RecordBuffer<Bool>()
    /// By entry of this fill and of the previous one: what the tracking reads of it
    /// (`EntryTrace`), apart from the entries, so that the next fill reads the previous
    /// fill's entries only where an entry may have changed. They trade storage with the
    /// entries', fill for fill: a trace's storage holds, past the fill's count too, the trace
    /// of the entry whose bytes the entries' storage holds at the same index.
    let traces = RecordBuffer<EntryTrace>()
    let previousTraces = RecordBuffer<EntryTrace>()
    /// How many of the first places of `traces`' storage (and of `previousTraces`', traded
    /// with it) the fills before this one wrote since the list's source was set: below it, the
    /// storage holds a trace, even past the buffer's count (`RenderList.holdsDrawing`).
    /// Neither the traces nor the entries are ever reserved or appended to but one by one
    /// (`appendUninitialized`): a buffer grows only when full then, which carries all of them
    /// over (`RecordBuffer.reserve` moves the counted records alone).
    @exclusivity(unchecked) var tracesWritten = 0
    @exclusivity(unchecked) var previousTracesWritten = 0
    /// By entry of this fill and of the previous one: its extent (`RenderList.extent(of:)`)
    /// once computed, `unknown` before (empty until the fill's dirty rectangle is made); an
    /// entry's extent is computed at most once, so a changed entry's old extent comes from the
    /// fill that made it when that fill's dirty rectangle was read.
    @exclusivity(unchecked) var extents: [Rect] = []
    @exclusivity(unchecked) var previousExtents: [Rect] = []
    /// The changes of this fill that make whole subtrees dirty: the entry, its layer's previous
    /// entry (−1: none), and how far past its extents (`RenderList.markSubtree`).
    @exclusivity(unchecked) var subtreeMarks: [SubtreeMark] = []
    /// The union of the changed extents; nil for none. Made on the first read after a fill.
    @exclusivity(unchecked) var dirty: Rect?
    /// Whether `dirty` is made for the last fill.
    @exclusivity(unchecked) var isDirtyMade = false

    /// A subtree made dirty: this fill's entry at `index` with its subtree, its layer's previous
    /// entry at `old` (−1: none) with its subtree, each extent grown by `reach`.
    struct SubtreeMark {
        var index: Int32
        var old: Int32
        var reach: Double
    }

    /// What the change tracking keeps of an entry beside it: its layer, its transition's id,
    /// its matrix's translation, its layer's previous entry, whether it is a leaf and drew
    /// all its instances, and which drawing fields its storage holds. A small fraction of the
    /// entry's size: the next fill matches entries, tells a moved entry and most unchanged
    /// parts from these, without reading the previous entries, which are out of the cache by
    /// then; the fill after it, which writes the same storage, tells from it which drawing
    /// fields it may leave as they are.
    struct EntryTrace {
        /// The entry's layer.
        var layer: LayerID
        /// The entry's `transitionID` as the fill left it (an ended transition's included).
        /// 0: none, so that its transition fields are all at rest (no state, progress 0).
        var transitionID: UInt64
        /// The entry's matrix's m41 and m42 (its translation in the root's space, in points):
        /// what a tick moves most often (a position) shows there.
        var m41: Double
        var m42: Double
        /// The index of its layer's previous entry in the previous fill, or −1.
        var previous: Int32
        /// Whether its subtree is itself alone (no sublayer or mask drawn): set when it closes.
        var isLeaf: Bool
        /// Whether its entry drew fewer instances than asked (`RenderEntry.Flags
        /// .instancesClamped`): set when it closes, as the clamp is known only then.
        var isClamped = false
        /// Whether its entry's drawing fields followed from its layer's model values alone,
        /// at model version `drawnVersion`: its `DrawingKey` is (`layer`, `drawnVersion`),
        /// else `DrawingKey.none`. (Kept apart, so that a trace stays 48 bytes.)
        var keepsDrawing: Bool
        var drawnVersion: UInt64

        /// The `DrawingKey` of its entry's drawing fields; `.none` when it keeps none.
        var drawing: DrawingKey { keepsDrawing ? DrawingKey(layer: layer, modelVersion: drawnVersion) : .none }
    }

    /// An extent not computed yet (a finite entry's extent is never NaN).
    static let unknown = Rect(x: .nan, y: .nan, width: .nan, height: .nan)

    /// The previous entry that this fill's entry at `index` (the last so far), of `layer` in
    /// `slot`, is compared with: the layer's next unmatched entry in the previous fill, taken
    /// off its chain; −1 for none. While the entries match in place, the one at `index`.
    @inline(__always)
    func matchPrevious(ofLayer layer: LayerID, slot: Int, index: Int) -> Int {
        if matchesInPlace {
            if index < previousTraces.count && previousTraces[index].layer == layer { return index }
            chainPrevious(from: index)
        }
        guard slot < previousIndexBySlot.count else { return -1 }
        let old = Int(previousIndexBySlot[slot])
        // A slot no chained entry has keeps an older value; a released layer's slot, a new
        // layer's: the entry named is checked to be of this layer.
        guard old >= chainStart && old < previousTraces.count && previousTraces[old].layer == layer else { return -1 }
        previousIndexBySlot[slot] = previousNextOfSameLayer[old]
        return old
    }

    /// Ends the match in place at this fill's entry at `start`: chains the previous entries
    /// from `start` on by layer slot, each slot's first. The pairs are those of chains over the
    /// whole previous fill: the entries before `start` are the previous ones, layer for layer,
    /// so each layer's n-th entry still meets its n-th previous one. Touches the chained
    /// entries' slots alone, so that a change in a small list costs no pass over every slot.
    @inline(never)
    func chainPrevious(from start: Int) {
        matchesInPlace = false
        chainStart = start
        let count = previousTraces.count
        guard start < count else { return }
        if previousNextOfSameLayer.count < count {
            previousNextOfSameLayer.append(repeating: -1, count: count - previousNextOfSameLayer.count)
        }
        for old in start..<count {
            let slot = previousTraces[old].layer.slot
            if slot >= previousIndexBySlot.count {
                previousIndexBySlot.append(repeating: -1, count: slot + 1 - previousIndexBySlot.count)
            }
            previousIndexBySlot[slot] = -1
        }
        for old in (start..<count).reversed() {
            let slot = previousTraces[old].layer.slot
            previousNextOfSameLayer[old] = previousIndexBySlot[slot]
            previousIndexBySlot[slot] = Int32(old)
        }
    }

    /// The index of the previous entry of the layer of this fill's entry at `index`, or −1.
    @inline(__always)
    func previous(ofEntry index: Int) -> Int32 {
        traces[index].previous
    }

    /// Adds `rect` (in the root's space; infinite for an unbounded extent) to the dirty
    /// rectangle.
    func markDirty(_ rect: Rect) {
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
        fillNumber &+= 1
        entries.swapStorage(with: previous)
        // (The storage keeps the entries' bytes, whose drawing fields the traces name.)
        entries.removeAll()
        let isSameSource = source.map { $0.engine == ObjectIdentifier(engine) && $0.root == root } ?? false
        swap(&tracking.extents, &tracking.previousExtents)
        tracking.extents.removeAll(keepingCapacity: true)
        // (What the last fill wrote of its storage, noted before it is traded.)
        tracking.tracesWritten = max(tracking.tracesWritten, tracking.traces.count)
        tracking.traces.swapStorage(with: tracking.previousTraces)
        swap(&tracking.tracesWritten, &tracking.previousTracesWritten)
        tracking.traces.removeAll()
        tracking.matchesInPlace = true
        if !isSameSource {
            previous.removeAll()
            tracking.previousTraces.removeAll()
            (tracking.tracesWritten, tracking.previousTracesWritten) = (0, 0)
            tracking.previousExtents.removeAll(keepingCapacity: true)
        }
        source = (ObjectIdentifier(engine), root)
        tracking.subtreeMarks.removeAll(keepingCapacity: true)
        tracking.dirty = nil
        tracking.isDirtyMade = false
        frames.removeAll()
        children.removeAll(keepingCapacity: true)
    }

    /// Notes the entry just appended at `index`, of the layer in `slot` (a mask's when
    /// `isMask`), its transition fields written with id `transitionID` (0: at rest, not read)
    /// and its drawing fields those `drawing` names (`DrawingKey.none`: none kept): flagged
    /// changed when it differs from the layer's previous entry.
    func entryDidOpen(_ index: Int, layer slot: Int, isMask: Bool, transitionID: UInt64, drawing: DrawingKey) {
        let entry = entries.base + index
        if isMask {
            entry.pointee.flags.insert(.isMask)
            entries[Int(entry.pointee.parent)].mask = Int32(index)
        }
        let old = tracking.matchPrevious(ofLayer: entry.pointee.layerID, slot: slot, index: index)
        let id = noteTransition(entry, id: transitionID, previously: old)
        // Built in place. (The buffer lives as long as the list: no retain is taken around the
        // append.)
        let trace = Unmanaged.passUnretained(tracking.traces)._withUnsafeGuaranteedRef { $0.appendUninitialized() }
        assert(tracking.traces.count == index + 1, "a trace per entry, at its index")
        // An ended transition's id (`noteTransition`) leaves fields not at rest.
        trace.initialize(to: RenderChangeTracking.EntryTrace(
            layer: entry.pointee.layerID, transitionID: id, m41: entry.pointee.matrix.m41,
            m42: entry.pointee.matrix.m42, previous: Int32(old), isLeaf: false,
            keepsDrawing: id == 0 && drawing != .none, drawnVersion: drawing.modelVersion))
        // A running transition moves what the layer draws every fill, even when the tick did not.
        let isRunning = id != 0 && entry.pointee.transitionState.contains(.active)
        if old < 0 || isRunning || !drawsAlike(index, previously: old) {
            entry.pointee.flags.insert(.changed)
        }
    }

    /// Adds the states only a list can tell to the entry's transition fields, written with id
    /// `id`: began, when the layer's previous entry (at `old`, −1 for none) had no transition
    /// or another one; ended, when it had one and the entry has none, whose id the entry then
    /// carries (an ended transition is not carried again). The previous entry is read only when
    /// it had one, the entry's fields only when one of them has one. Returns the entry's id.
    private func noteTransition(_ entry: UnsafeMutablePointer<RenderEntry>, id: UInt64, previously old: Int) -> UInt64 {
        var previousID: UInt64 = 0
        if old >= 0 && tracking.previousTraces[old].transitionID != 0 {
            let was = previous.base + old
            previousID = was.pointee.transitionState.contains(.ended) ? 0 : was.pointee.transitionID
        }
        if id != 0 && id != previousID {
            entry.pointee.transitionState.insert(.began)
        } else if id == 0 && previousID != 0 {
            entry.pointee.transitionID = previousID
            entry.pointee.transitionState.insert(.ended)
            return previousID
        }
        return id
    }

    /// Whether the transition fields of an entry (its transition id `id`, as its trace holds
    /// it) differ from those of its layer's previous entry (`was`, nil for none; `wasAtRest`:
    /// its trace's transition id is 0), or its transition runs, so that what it moves is
    /// dirty. Two entries without a transition (their ids 0) have the same fields at rest:
    /// neither is read then.
    private static func transitionMoves(
        _ entry: UnsafeMutablePointer<RenderEntry>, id: UInt64, _ was: UnsafeMutablePointer<RenderEntry>?, wasAtRest: Bool
    ) -> Bool {
        // Neither has a transition (their ids 0): their fields at rest, not read.
        if wasAtRest && id == 0 { return false }
        let state = entry.pointee.transitionState
        guard let was else { return state.contains(.inEffect) }
        return state.contains(.active) || state != was.pointee.transitionState
            || id != was.pointee.transitionID
            || entry.pointee.transitionProgress != was.pointee.transitionProgress
    }

    /// How far a transition moves an entry's subtree past where it lies, in the root's space:
    /// the longer of its two offsets, scaled by the entry's largest axis scale ([INFERRED] a
    /// bound, as the shadow's); 0 while it does not show; infinite under perspective.
    static func transitionReach(of entry: UnsafeMutablePointer<RenderEntry>) -> Double {
        guard entry.pointee.transitionState.contains(.inEffect) else { return 0 }
        let old = entry.pointee.transitionOldOffset, new = entry.pointee.transitionNewOffset
        let offset = max(Self.length(old), Self.length(new))
        return offset == 0 ? 0 : axisScale(of: entry) * offset
    }

    /// Closes the entry at `index` once its subtree and mask are in: its subtree's end; a
    /// change when its mask is another layer than before; and the dirty extents of a change
    /// that reaches its whole subtree (its group, clip, mask or shadow), or of changes under a
    /// shadow it casts, which its sublayers' alpha makes too.
    func closeEntry(_ index: Int) {
        entries[index].subtreeEnd = Int32(entries.count)
        let isLeaf = entries.count == index + 1
        tracking.traces[index].isLeaf = isLeaf
        let isClamped = entries[index].flags.contains(.instancesClamped)
        tracking.traces[index].isClamped = isClamped
        let old = Int(tracking.previous(ofEntry: index))
        let was = old >= 0 ? previous.base + old : nil
        let wasAtRest = old < 0 || tracking.previousTraces[old].transitionID == 0
        if Self.transitionMoves(entries.base + index, id: tracking.traces[index].transitionID, was, wasAtRest: wasAtRest) {
            // Old and new images move over the subtree's extents, both fills'.
            let reach = max(Self.transitionReach(of: entries.base + index), was.map { Self.transitionReach(of: $0) } ?? 0)
            markSubtree(index, previously: old, reach: reach)
        }
        guard old >= 0 else { return }  // new: its subtree is new too, each entry marked
        // Whether a replicator drew all its instances is known now (`EngineState.clampInstances`);
        // compared through the traces, which are read here anyway.
        if isClamped != tracking.previousTraces[old].isClamped { entries[index].flags.insert(.changed) }
        // A leaf draws no mask (a mask's entry is in its layer's subtree): two leaves are read
        // no further for one.
        let staysLeaf = isLeaf && tracking.previousTraces[old].isLeaf
        let maskChanged = !staysLeaf
            && maskLayer(of: entries.base + index, in: entries) != maskLayer(of: previous.base + old, in: previous)
        if maskChanged { entries[index].flags.insert(.changed) }
        // An entry drawn as before changes no subtree; a changed leaf that was a leaf dirties no
        // more than its two extents, which its flag dirties already.
        let mayChangeSubtree = entries[index].flags.contains(.changed) && !staysLeaf
        if maskChanged || (mayChangeSubtree && changesSubtree(entries.base + index, previous.base + old)) {
            markSubtree(index, previously: old, reach: 0)
        } else if !isLeaf, entries[index].shadowOpacity > 0,
                  (index + 1..<entries.count).contains(where: { entries[$0].flags.contains(.changed) }) {
            markSubtree(index, previously: old, reach: Self.shadowReach(of: entries.base + index))
        }
    }

    /// The layer of an entry's mask, in `list`; nil for none.
    private func maskLayer(of entry: UnsafeMutablePointer<RenderEntry>, in list: RecordBuffer<RenderEntry>) -> LayerID? {
        entry.pointee.mask >= 0 ? list[Int(entry.pointee.mask)].layerID : nil
    }

    /// Whether an entry's change from `old` changes how its whole subtree draws: its group
    /// (opened, closed, or blended at another opacity), its clip, or its shadow (cast for the
    /// layer and its sublayers together, reference §3.3).
    private func changesSubtree(_ new: UnsafeMutablePointer<RenderEntry>, _ was: UnsafeMutablePointer<RenderEntry>) -> Bool {
        // Field by field through the pointers: an entry is 568 bytes.
        let grouping: RenderEntry.Flags = [.opacityGroup, .clips]
        let isGroup = new.pointee.flags.contains(.opacityGroup) || was.pointee.flags.contains(.opacityGroup)
        return new.pointee.flags.intersection(grouping) != was.pointee.flags.intersection(grouping)
            || (isGroup && (new.pointee.opacity != was.pointee.opacity || new.pointee.alpha != was.pointee.alpha))
            || new.pointee.shadowOpacity != was.pointee.shadowOpacity || new.pointee.shadowRadius != was.pointee.shadowRadius
            || new.pointee.shadowOffset != was.pointee.shadowOffset || new.pointee.shadowColor != was.pointee.shadowColor
    }

    /// Marks the extents of every entry of the subtree at `index` and of its previous subtree
    /// at `old` (−1: none) dirty, each grown by `reach` in the root's space, when the dirty
    /// rectangle is made.
    private func markSubtree(_ index: Int, previously old: Int, reach: Double) {
        tracking.subtreeMarks.append(RenderChangeTracking.SubtreeMark(index: Int32(index), old: Int32(old), reach: reach))
    }

    /// Adds the extents of a subtree mark (`markSubtree`) to the dirty rectangle.
    private func addSubtree(_ index: Int, previously old: Int, reach: Double) {
        for entry in index..<Int(entries[index].subtreeEnd) {
            tracking.markDirty(Self.grown(extent(ofEntry: entry), by: reach))
        }
        guard old >= 0 else { return }
        for entry in old..<Int(previous[old].subtreeEnd) {
            tracking.markDirty(Self.grown(extent(ofPrevious: entry), by: reach))
        }
    }

    /// Makes the last fill's dirty rectangle, once: the old and new extents of each changed
    /// entry, the subtree marks, and the extents of layers no longer drawn.
    func makeDirtyRect() {
        guard !tracking.isDirtyMade else { return }
        tracking.isDirtyMade = true
        tracking.extents.removeAll(keepingCapacity: true)
        tracking.extents.append(contentsOf: repeatElement(RenderChangeTracking.unknown, count: entries.count))
        for index in entries.indices where entries[index].flags.contains(.changed) {
            tracking.markDirty(extent(ofEntry: index))
            let old = Int(tracking.previous(ofEntry: index))
            if old >= 0 { tracking.markDirty(extent(ofPrevious: old)) }
        }
        for mark in tracking.subtreeMarks {
            addSubtree(Int(mark.index), previously: Int(mark.old), reach: mark.reach)
        }
        markPreviousSeen()
        for old in previous.indices where !tracking.previousSeen[old] {
            tracking.markDirty(extent(ofPrevious: old))
        }
    }

    /// Marks in `tracking.previousSeen` the previous entries this fill drew again: those its
    /// entries' traces name as their layer's previous entry.
    private func markPreviousSeen() {
        Self.refill(tracking.previousSeen, with: false, count: previous.count)
        for index in entries.indices {
            let old = Int(tracking.previous(ofEntry: index))
            if old >= 0 { tracking.previousSeen[old] = true }
        }
    }

    /// The extent of this fill's entry at `index` (complete: its values written), computed once.
    private func extent(ofEntry index: Int) -> Rect {
        if !tracking.extents[index].origin.x.isNaN { return tracking.extents[index] }
        let extent = Self.extent(of: entries.base + index)
        tracking.extents[index] = extent
        return extent
    }

    /// The extent of the previous fill's entry at `old`, computed once.
    private func extent(ofPrevious old: Int) -> Rect {
        if old < tracking.previousExtents.count && !tracking.previousExtents[old].origin.x.isNaN {
            return tracking.previousExtents[old]
        }
        return Self.extent(of: previous.base + old)
    }

    /// Whether the entry at `index` draws as its layer's previous entry at `old` did: the same
    /// values, under the same superlayer, after the same layer. The traces are looked at
    /// first: the translations, whose difference (a moved entry, the common change) ends the
    /// comparison at once, then the layers before; the previous entry is read last.
    private func drawsAlike(_ index: Int, previously old: Int) -> Bool {
        let trace = tracking.traces.base + index, oldTrace = tracking.previousTraces.base + old
        guard trace.pointee.m41.bitPattern == oldTrace.pointee.m41.bitPattern,
              trace.pointee.m42.bitPattern == oldTrace.pointee.m42.bitPattern
        else { return false }
        let entry = entries.base + index, was = previous.base + old
        let before = index > 0 ? tracking.traces[index - 1].layer : nil
        let oldBefore = old > 0 ? tracking.previousTraces[old - 1].layer : nil
        guard before == oldBefore, Self.sameValues(entry, was) else { return false }
        let parent = entry.pointee.parent >= 0 ? tracking.traces[Int(entry.pointee.parent)].layer : nil
        let oldParent = was.pointee.parent >= 0 ? tracking.previousTraces[Int(was.pointee.parent)].layer : nil
        return parent == oldParent
    }

    /// Whether two entries hold the same values, bit for bit, apart from their places in their
    /// lists (parent, subtree end, mask), the changed flag and the instances-clamped flag (known
    /// only once a replicator's instances are drawn: compared when the entry closes).
    private static func sameValues(_ first: UnsafeMutablePointer<RenderEntry>, _ second: UnsafeMutablePointer<RenderEntry>) -> Bool {
        let unread: RenderEntry.Flags = [.changed, .instancesClamped]
        guard first.pointee.layerID == second.pointee.layerID, first.pointee.layerClass == second.pointee.layerClass,
              first.pointee.flags.subtracting(unread) == second.pointee.flags.subtracting(unread)
        else { return false }
        // (A stored property's pointer: never nil.)
        let a = first.pointer(to: \.matrix)!, b = second.pointer(to: \.matrix)!
        // The values run from the matrix to the entry's end.
        let start = UnsafeRawPointer(a) - UnsafeRawPointer(first)
        return memcmp(UnsafeRawPointer(a), UnsafeRawPointer(b), MemoryLayout<RenderEntry>.size - start) == 0
    }

    /// How far an entry's shadow can reach past what casts it, in the root's space: the
    /// offset and twice the radius, scaled by the entry's largest axis scale ([INFERRED] a
    /// bound, not the shadow's exact shape); infinite under perspective.
    static func shadowReach(of entry: UnsafeMutablePointer<RenderEntry>) -> Double {
        let offset = entry.pointee.shadowOffset
        return axisScale(of: entry) * (length(offset) + 2 * abs(entry.pointee.shadowRadius))
    }

    /// The largest length the entry's matrix gives a unit step along its x or y axis in the
    /// root's space; infinite under perspective.
    private static func axisScale(of entry: UnsafeMutablePointer<RenderEntry>) -> Double {
        let m = entry.pointee.matrix
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return .infinity }
        return max(length(Size(width: m.m11, height: m.m12)), length(Size(width: m.m21, height: m.m22)))
    }

    /// The length of an offset (`VectorLength.euclidean`).
    private static func length(_ offset: Size) -> Double {
        VectorLength.euclidean(count: 2) { $0 == 0 ? offset.width : offset.height }
    }

    /// `rect` grown by `reach` on every side (`everywhere` when that is not finite).
    static func grown(_ rect: Rect, by reach: Double) -> Rect {
        guard reach > 0 else { return rect }
        let grown = Rect(x: rect.origin.x - reach, y: rect.origin.y - reach, width: rect.size.width + 2 * reach, height: rect.size.height + 2 * reach)
        let isFinite = grown.origin.x.isFinite && grown.origin.y.isFinite && grown.size.width.isFinite && grown.size.height.isFinite
        return isFinite ? grown : everywhere
    }

    /// Empties `buffer` and fills it with `count` copies of `value` (its storage kept).
    private static func refill<Element>(_ buffer: RecordBuffer<Element>, with value: Element, count: Int) {
        buffer.removeAll()
        buffer.append(repeating: value, count: count)
    }

    /// Where an entry draws, in the root's space: its bounds, with the shadow's reach when it
    /// casts one (the offset, then about twice the radius, reference §3.3), through its matrix;
    /// `everywhere` when a corner lies behind the eye.
    static func extent(of entry: UnsafeMutablePointer<RenderEntry>) -> Rect {
        let bounds = entry.pointee.bounds
        var (minX, maxX) = LayerGeometry.span(bounds.origin.x, bounds.size.width)
        var (minY, maxY) = LayerGeometry.span(bounds.origin.y, bounds.size.height)
        if entry.pointee.shadowOpacity > 0 {
            let reach = 2 * abs(entry.pointee.shadowRadius), offset = entry.pointee.shadowOffset
            minX = min(minX, minX + offset.width - reach)
            maxX = max(maxX, maxX + offset.width + reach)
            minY = min(minY, minY + offset.height - reach)
            maxY = max(maxY, maxY + offset.height + reach)
        }
        let matrix = entry.pointee.matrix
        guard let a = matrix.mapPlanePoint(Point(x: minX, y: minY)), let b = matrix.mapPlanePoint(Point(x: maxX, y: minY)),
              let c = matrix.mapPlanePoint(Point(x: minX, y: maxY)), let d = matrix.mapPlanePoint(Point(x: maxX, y: maxY))
        else { return everywhere }
        let left = min(min(a.x, b.x), min(c.x, d.x)), right = max(max(a.x, b.x), max(c.x, d.x))
        let top = min(min(a.y, b.y), min(c.y, d.y)), bottom = max(max(a.y, b.y), max(c.y, d.y))
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
