/// The visible layers under a root in draw order, as plain `RenderEntry`s a renderer walks
/// without calling back (reference core-animation-geometry.md §3.1), and what changed since the
/// list was filled before: a flag per entry and a dirty rectangle in the root's space.
///
/// Fill it with `Layer.fillRenderList(_:presentation:)` once per frame, after the tick. A list
/// keeps its storage: once it has held as many entries as a frame needs, filling it allocates
/// nothing. One list follows one root of one engine; filling it from another starts its change
/// tracking afresh (every entry changed). Not for use from two threads at once; the engine
/// itself stays safe to call from any thread.
public final class RenderList {
    /// The entries of the last fill, and those of the fill before (for the change flags):
    /// constants, which trade storage at each fill (`RecordBuffer.swapStorage`), so that the
    /// fill reads them with no retain per entry.
    let entries = RecordBuffer<RenderEntry>()
    let previous = RecordBuffer<RenderEntry>()
    /// The walk's scratch: its stack, the sublayers it has still to draw, the zPosition sort's
    /// keys.
    let frames = RecordBuffer<RenderFrame>(initialCapacity: 16)
    @exclusivity(unchecked) var children: [Int32] = []
    @exclusivity(unchecked) var sortKeys: [SublayerSortKey] = []
    /// The values of a layer drawn in a time-shifted replicator instance, at its shifted time
    /// (`EngineState.layerSlots(_:atLayerTime:block:)`).
    let instanceBlock = RecordBuffer<Double>(initialCapacity: 64)
    /// The values of its sublayers there, read for their order (`EngineState.appendDrawOrder`).
    let orderBlock = RecordBuffer<Double>(initialCapacity: 64)
    /// The change tracking's tables (`RenderList+Changes.swift`).
    let tracking = RenderChangeTracking()
    /// The engine and root the previous entries came from; nil before the first fill.
    @exclusivity(unchecked) var source: (engine: ObjectIdentifier, root: LayerID)?
    /// The engine of the last fill, for `layer(at:)` (weak: an engine's C table holds lists).
    @exclusivity(unchecked) weak var engine: Engine?
    /// How many fills the list has had: the number of the last, 0 before the first. A reader
    /// that copies the entries later checks that it still names them.
    @exclusivity(unchecked) public internal(set) var fillNumber: UInt64 = 0

    /// The entries past which a fill draws no further replicator instance: 2^21. A replicator
    /// that would draw more stops at the instance it is at, its entry flagged
    /// `RenderEntry.Flags.instancesClamped` (changed when its previous entry was not clamped).
    /// [INFERRED] Core Animation sets no documented limit; the instance limit
    /// (`LayerClassID.maxReplicatorInstances`) alone lets instances of a large subtree ask for
    /// more memory than a host holds (an entry is 568 bytes, and a list keeps its previous fill
    /// too). Outside replicators each layer is drawn once.
    ///
    /// C: `AC_RENDER_LIST_MAX_REPLICATED_ENTRIES`.
    public static let maximumReplicatedEntries = 1 << 21

    /// This list's `maximumReplicatedEntries` (lowered by tests, to reach it with few layers).
    @exclusivity(unchecked) var replicatedEntryLimit = RenderList.maximumReplicatedEntries

    /// An empty list.
    public init() {}

    /// The number of entries.
    public var count: Int { entries.count }

    /// The entry at `index`, in draw order.
    /// - Parameter index: `0..<count`.
    /// - Returns: the entry.
    /// - Throws: `.outOfRange` naming `index` outside `0..<count`.
    public func entry(at index: Int) throws(AnimCoreError) -> RenderEntry {
        guard index >= 0 && index < entries.count else {
            throw AnimCoreError(.outOfRange, "index is \(index); the render list's entries are 0..<\(entries.count)")
        }
        return entries[index]
    }

    /// The layer of the entry at `index`, as an object (a layer released since the fill gives
    /// an object whose calls throw `.badHandle`).
    /// - Parameter index: `0..<count`.
    /// - Returns: the layer; nil for an index outside the list or an engine gone.
    public func layer(at index: Int) -> Layer? {
        guard let engine, index >= 0, index < entries.count else { return nil }
        return Layer(engine: engine, retaining: entries[index].layerID)
    }

    /// The entries, in draw order, for the duration of `body` (no copy).
    /// - Parameter body: reads the entries; the buffer must not escape it.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withEntries<R, E: Error>(_ body: (UnsafeBufferPointer<RenderEntry>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: entries.base, count: entries.count))
    }

    /// The part of the root's space whose pixels may differ from the previous fill's: the
    /// union of the changed entries' old and new extents (their bounds through their matrices,
    /// with the shadow's reach), of whole subtrees when a group, clip, mask or shadow changes,
    /// and of the extents of layers no longer drawn. nil when nothing changed; infinite
    /// (origin −∞, size ∞) when an extent has a corner behind the eye. Contents drawn beyond
    /// the bounds (a gravity other than the resize ones) are the host's to add: the engine does
    /// not know an image's size. Made on its first read after a fill: a host that never reads
    /// it pays nothing for it, and the next fill's rectangle is the same either way.
    public var dirtyRect: Rect? {
        makeDirtyRect()
        return tracking.dirty
    }

    /// The storage's base, for the C API (valid until the next fill).
    package var entryBase: UnsafePointer<RenderEntry> { UnsafePointer(entries.base) }
}

extension Layer {
    /// Fills `list` with this layer and the visible layers under it, in draw order (CALayer's
    /// rendering order, reference core-animation-geometry.md §3.1): a layer, its sublayers back
    /// to front (a stable sort by zPosition, ties in the order added) each with its subtree,
    /// then its mask's subtree. Hidden layers and layers facing away with doubleSided off are
    /// left out with their subtrees. Matrices go into the space this layer's position is given
    /// in (its superlayer's, sublayerTransform included; the root space for a root layer).
    ///
    /// C: `ac_render_list_fill`.
    /// - Parameters:
    ///   - list: the list to fill; what it held becomes the base of its change flags.
    ///   - presentation: presentation values at the engine's time, the last tick (true, the
    ///     default: what is on screen), or model values.
    /// - Throws: `.badHandle` for a layer released meanwhile, `.invalidState` for an engine
    ///   being torn down.
    public func fillRenderList(_ list: RenderList, presentation: Bool = true) throws(AnimCoreError) {
        try engine.fillRenderList(list, from: id, presentation: presentation)
    }
}

extension Engine {
    /// Fills `list` from the layer `root` (see `Layer.fillRenderList(_:presentation:)`).
    /// - Parameters:
    ///   - list: the list to fill.
    ///   - root: a live layer of this engine; named `argument` in errors.
    ///   - presentation: presentation values (true) or model values.
    ///   - argument: the root's name in the caller's language.
    package func fillRenderList(_ list: RenderList, from root: LayerID, presentation: Bool, argument: String = "layer") throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let slot: Int
            do throws(AnimCoreError) {
                slot = try state.layerSlot(root)
            } catch {
                throw error.prefixed("\(argument): ")
            }
            list.beginFill(engine: self, root: root)
            state.fillRenderList(from: slot, presentation: presentation, into: list)
        }
    }
}
