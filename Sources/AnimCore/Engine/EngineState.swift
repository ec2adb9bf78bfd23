/// Everything an engine holds, as one object that the `Engine` class guards with its lock.
///
/// A class, so that no call copies it: every method works on the one state in place.
/// Exclusivity is unchecked at run time (`@exclusivity(unchecked)` on each stored variable):
/// every access is made holding the engine's lock, which already serialises them, and the
/// dynamic check would cost each access a call.
///
/// Layers, animations and classes live in arrays indexed by slot; values live in `SlotBuffer`s
/// (model rows per class, out-of-line transforms, animation values, presentation blocks), so the
/// per-frame loop touches only plain data through raw pointers. Handles carry a stamp (see
/// `Handle`), so a stale or foreign handle is refused rather than followed.
final class EngineState {
    /// Whether the engine is being invalidated (destroyed): nothing new may start (see
    /// `refuseWhileEnding`).
    @exclusivity(unchecked) var isEnding = false
    /// Interned property names and key paths, for as long as the engine lives.
    let keys: KeyTable
    /// The keys animations are added under, for as long as an animation uses them.
    let animationKeys = AnimationKeyTable()
    @exclusivity(unchecked) var classes: [LayerClass] = []
    /// The layers' stamps, classes, model rows and presentation blocks, by slot (what reads
    /// touch).
    let places = RecordBuffer<LayerPlace>(initialCapacity: 256)
    /// The rest of the layers' fields, by the same slot.
    let layers = RecordBuffer<LayerRecord>(initialCapacity: 256)
    /// Each layer's clock (its model timing's mapping of its parent's time), by the same slot.
    let clocks = RecordBuffer<LayerClock>(initialCapacity: 256)
    @exclusivity(unchecked) var freeLayers: [Int32] = []
    let animations = RecordBuffer<AttachedAnimation>(initialCapacity: 256)
    let freeAnimations = RecordBuffer<Int32>(initialCapacity: 64)
    /// Each kind's own data, indexed by the records' `parameters`.
    let basicRecords = RecordPool<BasicRecord>()
    let keyframeRecords = RecordPool<KeyframeRecord>()
    let groupRecords = RecordPool<GroupRecord>()
    let springRecords = RecordPool<SpringRecord>()
    let decayRecords = RecordPool<DecayRecord>()
    let transitionRecords = RecordPool<TransitionRecord>()
    /// The id the next transition added gets (`TransitionRecord.id`).
    @exclusivity(unchecked) var nextTransitionID: UInt64 = 1
    /// The descriptions of added keyframe animations and groups, by record index, for reading
    /// them back (their records hold the prepared curves, not the parameters as given).
    @exclusivity(unchecked) var addedDescriptions: [Int32: Animation] = [:]
    /// The timing functions animations use, shared by index.
    let functions = TimingFunctionTable()
    /// The animatable target the last add resolved (`animatableTarget`).
    @exclusivity(unchecked) var lastAnimatableTarget = AnimatableTargetMemo()
    /// 16-slot blocks of out-of-line values (3D transforms), and each class's defaults.
    let outOfLine = SlotBuffer(initialCapacity: 16 * 64)
    /// The contents of path and array values (`VariableValues`); their slots hold its handles.
    let variableValues = VariableValues()
    /// The layers that had a path or array animation added since the store last released its
    /// retired values (`releaseRetiredVariableValues`): the ones whose presentation may show one.
    @exclusivity(unchecked) var layersShowingVariableValues: Set<Int32> = []
    /// Values of added animations: basic from/to/by, keyframe blocks.
    let animationValues = SlotBuffer(initialCapacity: 1024)
    /// Presentation blocks of animated layers.
    let presentation = SlotBuffer(initialCapacity: 1024)
    /// The distinct layouts of the presentation blocks.
    let presentationLayouts = PresentationLayouts()
    /// Scratch slots for the evaluation of one animation (never grows).
    let scratch = SlotBuffer(initialCapacity: ScratchOffset.count)

    /// The tick's general walk: every layer with a committed animation outside the steady lane
    /// (a layer joins when one commits there; it leaves when its animations are all gone or in
    /// the lane, so it may stay meanwhile with uncommitted ones only, which the walk skips).
    @exclusivity(unchecked) var animatedLayers: [Int32] = []
    /// Steady animations, evaluated by the tick's compact loop (see `SteadyLane`).
    @exclusivity(unchecked) var steadyLane = SteadyLane()
    /// How many times a layer's animations have left the lane together (`leaveSteadyLane(layer:)`,
    /// which walks the layer's whole list): the bookkeeping shows that a batch leaves once per layer.
    @exclusivity(unchecked) var laneLayerLeaves = 0
    /// Whether steady animations join the lane (true; tests compare with the general walk alone).
    @exclusivity(unchecked) var isSteadyLaneEnabled = true
    /// Threads that evaluate the steady lane with the ticking one; nil for one thread.
    @exclusivity(unchecked) var tickThreads: TickThreads?
    /// Animations whose transaction has committed: the next tick starts them (a begin time of 0
    /// becomes the layer's time then).
    @exclusivity(unchecked) var readyAnimations: [AnimationRef] = []
    /// Each thread's transactions, by thread identity (the threads with one open, and a few
    /// that committed theirs: `ThreadTable`). `transactionCache` holds the resolved settings of
    /// one of them (see `EngineState.setTransactionFields(_:)` for what keeps it filled).
    let threadTransactions = ThreadTable()
    /// The index in `functions` of the "default" curve, which the engine holds for its life:
    /// an implicit animation of a transaction that sets no curve counts one use, no lookup.
    let defaultFunction: Int32
    /// The last spring motion a presentation velocity read (see `presentationVelocity`).
    @exclusivity(unchecked) var springMotions = SpringMotionMemo()
    /// The calling thread's transactions as the change path reads them (see `cacheTransaction()`).
    @exclusivity(unchecked) var transactionCache = ThreadTransactionCache()
    /// `ThreadIdentity.key`, kept here so that `currentThread` does not check the lazy global.
    let threadKey = ThreadIdentity.key
    /// Completion groups (the transactions' completion counting) by id.
    @exclusivity(unchecked) var completionGroups = CompletionGroups()
    /// Layers created since the last tick: not committed yet, so they run no implicit actions.
    @exclusivity(unchecked) var uncommittedLayers: [Int32] = []
    /// Each layer's actions table (CALayer.actions), by layer slot.
    @exclusivity(unchecked) var layerActions: [Int32: [String: LayerAction]] = [:]
    /// Host registrations (delegates, handlers, actions) removed during a state change, released
    /// by the `Engine` after the change: releasing one may run host code (a C destroy callback)
    /// that calls back into the engine, which must not happen inside the state access.
    @exclusivity(unchecked) var retired: [Any] = []
    /// Reused by adds: the records an animation becomes, their slots, and the values their
    /// properties show.
    @exclusivity(unchecked) var planScratch: [AttachedAnimation] = []
    @exclusivity(unchecked) var reservedScratch: [Int] = []
    @exclusivity(unchecked) var shownScratch: [Double] = []
    /// Reused by the tick: the finished animations it removes.
    @exclusivity(unchecked) var tickRemovals: [Int32] = []
    /// Reused by removals: the records to remove, with those they own.
    @exclusivity(unchecked) var removalScratch: [Int] = []
    /// Reused by presentation layout changes.
    @exclusivity(unchecked) var layoutScratch: [PresentationEntry] = []
    @exclusivity(unchecked) var newLayoutScratch: [PresentationEntry] = []
    /// Reused by table reads: how each class reads each key (`readPresentationTable`).
    @exclusivity(unchecked) var tableTargets: [KeyPathTarget?] = []
    /// Where the last few large batch reads found their values (`readPresentationTable`).
    let batchReadMemos = BatchReadMemos()
    /// How many times a layer's place (`LayerPlace`) has changed: a layer made or destroyed,
    /// its presentation block given, moved or released (`setPlace`, `setPresentationBlock`,
    /// the only writers of places). Locations noted while it had one value hold while it has it.
    @exclusivity(unchecked) private(set) var placeChanges: UInt64 = 0
    /// Layers to display at the next tick.
    @exclusivity(unchecked) var displayQueue: [Int32] = []
    /// Callbacks owed to the host, delivered by the `Engine` after each state change.
    @exclusivity(unchecked) var events: [EngineEvent] = []
    @exclusivity(unchecked) var layerDelegates: [Int32: LayerDelegate] = [:]
    @exclusivity(unchecked) var animationDelegates: [Int32: AnimationDelegate] = [:]
    /// Animators by slot (`AnimatorRecord`; a free slot has stamp 0), the free slots, and how
    /// many are running (the tick looks for ends only when some are).
    @exclusivity(unchecked) var animators: [AnimatorRecord] = []
    @exclusivity(unchecked) var freeAnimatorSlots: [Int32] = []
    @exclusivity(unchecked) var runningAnimatorCount = 0
    /// How many animations owned by animators have been ended — removed, or retargeted in place
    /// by an implicit change — (an animator's animation that another call ends drops out of it:
    /// see `refreshAnimatorFills`).
    @exclusivity(unchecked) var endedAnimatorAnimations: UInt64 = 0
    /// Values of undeclared keys, per layer slot (Core Animation's layers are key-value
    /// containers): stored and read back, never animated.
    @exclusivity(unchecked) var undeclaredValues: [Int32: [Int32: Value]] = [:]

    /// The engine's time (seconds): absolute time for root layers.
    @exclusivity(unchecked) var currentTime: Double = 0
    /// The engine time of the tick before the current one; NaN before the second tick.
    @exclusivity(unchecked) var previousTickTime: Double = .nan
    /// The host time of the last tick; nil before the first.
    @exclusivity(unchecked) var lastHostTime: Double?
    /// Engine time per host time (slow motion below 1). Default 1.
    @exclusivity(unchecked) var globalSpeed: Double = 1
    /// The host clock's readings and the commits waiting for them (see `CommitClockState`).
    @exclusivity(unchecked) var commitClock = CommitClockState()
    @exclusivity(unchecked) var tickCount: UInt64 = 0
    /// The layer-time cache stamp of walks outside the tick, counting down from the top.
    @exclusivity(unchecked) var walkStamp: UInt64 = 0
    /// The duration given to animations added with duration 0 (the transaction's, 0.25 s).
    @exclusivity(unchecked) var defaultAnimationDuration: Double = 0.25
    /// Reused by layer-time computation.
    @exclusivity(unchecked) var ancestorScratch: [Int32] = []
    /// Reused by the tick: each class's model-row buffer base, and the loop's notices.
    @exclusivity(unchecked) var rowBases: [UnsafeMutablePointer<Double>] = []
    @exclusivity(unchecked) var tickNotices: [TickNotice] = []

    /// Model-row offsets of the layer timing properties, the same in every class.
    let timingOffsets: LayerTimingOffsets

    // (Last: the plan is large, and the fields before it are read on every path.)
    /// The implicit animations a batch set started and has not registered with the calling
    /// thread's transaction yet, by record index (`registerDeferredStarts()`); empty between calls.
    @exclusivity(unchecked) var deferredStarts: [Int32] = []
    /// The last plan of a built-in implicit animation, made again only when what it is made of
    /// changes (`planImplicitAnimation`).
    @exclusivity(unchecked) var implicitPlan = ImplicitPlan()

    init() {
        let keys = KeyTable()
        // The built-in classes, each at the index its handle names. Their property names are
        // the first keys of an empty table: interning them cannot fail.
        var builtIn: [LayerClass] = []
        for (index, entry) in BuiltInClass.table.enumerated() {
            let declared = entry.properties.map { (try! keys.intern($0.name), $0) }
            builtIn.append(LayerClass(
                id: LayerClassID(rawValue: UInt64(index)), name: entry.name, superclass: entry.superclass.map { builtIn[$0] },
                declared: declared, outOfLine: outOfLine, variables: variableValues, role: entry.role,
                storageOrder: entry.storageOrder))
        }
        self.keys = keys
        classes = builtIn
        timingOffsets = LayerTimingOffsets(builtIn[0])
        defaultFunction = functions.retain(.default)
    }

    /// Refuses, while the engine is being invalidated, `what` — a call that would start
    /// something owing a callback later (an animation, a transaction, a completion, a tick), so
    /// invalidation ends with every did-stop and completion delivered once.
    func refuseWhileEnding(_ what: String) throws(AnimCoreError) {
        guard !isEnding else {
            throw AnimCoreError.engineState("the engine is being destroyed; \(what) is refused")
        }
    }

    // MARK: Handles

    /// The slot of a live layer, or `.badHandle`.
    @inline(__always)
    func layerSlot(_ layer: LayerID) throws(AnimCoreError) -> Int {
        guard let (index, stamp) = Handle.unpack(layer.rawValue, kind: .layer),
              index < layers.count, places[index].stamp == stamp, stamp != 0
        else {
            throw AnimCoreError(.badHandle, "layer handle \(layer.rawValue) is not a live layer of this engine")
        }
        return index
    }

    /// The handle of the layer in `slot`.
    func layerID(_ slot: Int) -> LayerID {
        LayerID(rawValue: Handle.make(kind: .layer, stamp: places[slot].stamp, index: slot))
    }

    /// The class with `id`, or `.badHandle`.
    func layerClass(_ id: LayerClassID) throws(AnimCoreError) -> LayerClass {
        guard classes.indices.contains(id.index), classes[id.index].id == id else {
            throw AnimCoreError(.badHandle, "layer class handle \(id.rawValue) is not a layer class of this engine")
        }
        return classes[id.index]
    }

    // MARK: Places

    /// Sets the place of the layer in `slot` (a layer made or destroyed).
    func setPlace(_ slot: Int, _ place: LayerPlace) {
        places[slot] = place
        placeChanges &+= 1
    }

    /// Gives the layer in `slot` its presentation block: at `offset` in the presentation buffer
    /// (−1: none), of interned layout `layout` (−1: none).
    @inline(__always)
    func setPresentationBlock(_ slot: Int, offset: Int32, layout: Int32) {
        places[slot].presentationOffset = offset
        places[slot].presentationLayout = layout
        placeChanges &+= 1
    }

    // MARK: Model storage

    /// The model row of the layer in `slot`.
    func modelRow(_ slot: Int) -> UnsafeMutablePointer<Double> {
        let place = places[slot]
        return classes[Int(place.classIndex)].rows.pointer(Int(place.row))
    }

    /// The stores' pointers for one read (`ValueStores`: valid while no store grows).
    @inline(__always)
    var valueStores: ValueStores {
        ValueStores(
            places: places.base, layers: layers.base, animations: animations.base, presentation: presentation.base,
            outOfLine: outOfLine.base, layoutEntries: presentationLayouts.entries.base,
            layoutStarts: presentationLayouts.starts.base, layoutCounts: presentationLayouts.counts.base,
            layoutMasks: presentationLayouts.masks.base)
    }

    /// The values of the layer in `slot` resolved once, showing presentation or model values.
    @inline(__always)
    func layerSlots(_ slot: Int, presentation showsPresentation: Bool) -> LayerSlots {
        let stores = valueStores
        let place = stores.places + slot
        let layerClass = classes[Int(place.pointee.classIndex)]
        return LayerSlots(
            stores: stores, slot: slot, row: layerClass.rows.base + Int(place.pointee.row),
            layouts: layerClass.layouts.baseAddress.unsafelyUnwrapped,
            block: stores.presentation + Int(place.pointee.presentationOffset), layout: place.pointee.presentationLayout,
            showsPresentation: showsPresentation,
            presented: LayerSlots.presentedMask(
                stores, slot: slot, layout: place.pointee.presentationLayout, showsPresentation: showsPresentation))
    }

    /// The model value slots of property `property` of the layer in `slot`, for reading (an
    /// out-of-line value not yet set reads the class default).
    @inline(__always)
    func modelValue(_ slot: Int, _ property: Int) -> UnsafeMutablePointer<Double> {
        layerSlots(slot, presentation: false).model(property)
    }

    /// The model value slots of a property for writing: an out-of-line value gets its own block
    /// (holding the default) first.
    @inline(__always)
    func writableModelValue(_ slot: Int, _ property: Int) -> UnsafeMutablePointer<Double> {
        let layerClass = classes[Int(places[slot].classIndex)]
        let stored = layerClass.layouts[property]
        let row = layerClass.rows.pointer(Int(places[slot].row))
        if stored.isInline { return row + stored.offset }
        var block = Int(Int64(bitPattern: row[stored.offset].bitPattern))
        if block < 0 {
            block = outOfLine.allocate(stored.kind.slotCount)
            let source = outOfLine.pointer(layerClass.layouts[property].defaultBlock)
            outOfLine.pointer(block).update(from: source, count: stored.kind.slotCount)
            // The buffer may have moved; the row pointer did not (rows live elsewhere).
            row[stored.offset] = Double(bitPattern: UInt64(bitPattern: Int64(block)))
        }
        return outOfLine.pointer(block)
    }

    /// Gives back the out-of-line blocks and the path and array values of the layer in `slot`
    /// (before its row is freed).
    func freeOutOfLineValues(_ slot: Int) {
        let layerClass = classes[Int(places[slot].classIndex)]
        let row = layerClass.rows.pointer(Int(places[slot].row))
        for property in layerClass.properties {
            if property.kind.isVariableLength { variableValues.release(row[property.offset]) }
            guard !property.isInline else { continue }
            let block = Int(Int64(bitPattern: row[property.offset].bitPattern))
            if block >= 0 { outOfLine.free(block, size: property.kind.slotCount) }
        }
    }

    /// The layer's own timing, read from its model row.
    func layerTiming(_ slot: Int) -> MediaTiming {
        timingOffsets.timing(in: modelRow(slot))
    }
}

/// Where the layer timing properties sit in every model row.
struct LayerTimingOffsets {
    let beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode: Int

    init(_ base: LayerClass) {
        typealias Index = BuiltInLayerProperties.Index
        beginTime = base.properties[Index.beginTime].offset
        duration = base.properties[Index.duration].offset
        speed = base.properties[Index.speed].offset
        timeOffset = base.properties[Index.timeOffset].offset
        repeatCount = base.properties[Index.repeatCount].offset
        repeatDuration = base.properties[Index.repeatDuration].offset
        autoreverses = base.properties[Index.autoreverses].offset
        fillMode = base.properties[Index.fillMode].offset
    }

    /// The timing stored in a model row.
    @inline(__always) func timing(in row: UnsafePointer<Double>) -> MediaTiming {
        MediaTiming(
            beginTime: row[beginTime], duration: row[duration], speed: row[speed],
            timeOffset: row[timeOffset], repeatCount: row[repeatCount],
            repeatDuration: row[repeatDuration], autoreverses: row[autoreverses].bitPattern != 0,
            fillMode: FillMode(rawValue: Int32(truncatingIfNeeded: Int64(bitPattern: row[fillMode].bitPattern))) ?? .removed)
    }

    /// Whether a model row holds the default layer timing (so the layer's time is its parent's).
    @inline(__always) func isDefault(_ row: UnsafePointer<Double>) -> Bool {
        row[beginTime] == 0 && row[speed] == 1 && row[timeOffset] == 0
    }
}
