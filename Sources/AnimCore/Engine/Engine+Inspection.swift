/// Inspection entry points for the package's tests: questions about the engine's bookkeeping
/// (records, slots, keys, transactions, the general walk and the steady lane), answered by
/// name, so that no test reads the state's fields. Each reads the state under the engine's lock
/// and changes nothing, except the three marked "test hook". Not public: a host has no use for
/// them, and their figures follow the engine's layout.
extension Engine {
    /// Runs `body` on the state under the lock (also once invalidated), without releasing what
    /// it retires; only the test hooks change anything.
    private func inspect<R>(_ body: (EngineState) throws(AnimCoreError) -> R) throws(AnimCoreError) -> R {
        try lock.withLock { () throws(AnimCoreError) -> R in try body(state) }
    }
}

// MARK: - The engine's counts

/// The engine's bookkeeping at one moment: how much of each store is in use. Counts are of
/// items (records, keys, entries); "slots" are 8-byte `Double` slots of a slot buffer.
package struct EngineBookkeeping: Equatable, Sendable {
    /// Property keys interned (every key path name ever used as a property).
    package var propertyKeys: Int
    /// Animation keys interned: the distinct keys live animations are added under.
    package var animationKeys: Int
    /// Animation key ids given back since the engine was made.
    package var animationKeysFreed: Int
    /// Animation records alive (any kind, any run state but free).
    package var liveAnimations: Int
    /// Freed animation record slots waiting for reuse (record indices, in the free list's
    /// order).
    package var freeAnimationRecords: [Int32]
    /// Live kind records by kind: basic, spring, keyframe, group, decay, transition.
    package var basicRecords: Int
    package var springRecords: Int
    package var keyframeRecords: Int
    package var groupRecords: Int
    package var decayRecords: Int
    package var transitionRecords: Int
    /// Animation value slots (endpoints, keyframes, carried velocities) in live blocks, and the
    /// buffer's high-water mark (slots).
    package var animationValueSlots: Int
    package var animationValueSlotsUsed: Int
    /// Presentation slots in live blocks (animated layers' presentation values), and the
    /// buffer's high-water mark (slots).
    package var presentationSlots: Int
    package var presentationSlotsUsed: Int
    /// The layers in the general walk, by slot, in walk order.
    package var walkedLayers: [Int32]
    /// Steady lane entries in use, and tombstones (entries left by leavers, not yet compacted).
    package var laneEntries: Int
    package var laneTombstones: Int
    /// Runs of entries of one shape the lane's loop takes (tombstones included; 0 when empty).
    package var laneRuns: Int
    /// Lane entries of live basic animations that start from the model value.
    package var laneEntriesStartingFromModel: Int
    /// The last tick's notices from the general walk: animations started, animations admitted
    /// as steady (may join the lane).
    package var lastTickStarts: Int
    package var lastTickSteadyNotices: Int
    /// Completion groups stored (not settled yet), by id.
    package var completionGroups: [Int32]
    /// The timing-function table's slot the engine holds for "default" (index).
    package var defaultTimingFunction: Int32
    /// Uses of each timing-function slot, by index (0: free).
    package var timingFunctionUses: [Int32]
    /// Timing-function slots dropped (freed) since the engine was made.
    package var timingFunctionsDropped: Int
    /// Animation delegates registered, added-animation descriptions kept, layers queued for
    /// display, events queued for delivery.
    package var animationDelegates: Int
    package var addedDescriptions: Int
    package var displayQueue: Int
    package var queuedEvents: Int
    /// Lists the thread table keeps for reuse beyond its entries that still hold anything (a
    /// frame, settings, a pending animation or a sealed group); 0 when sound.
    package var heldSpareTransactionLists: Int
    /// Whether the general removal (`removeAnimations(_:slot:)`) has run: only it fills its
    /// scratch.
    package var generalRemovalHasRun: Bool
    /// How many times a layer's animations have left the steady lane together, since the engine
    /// was made (each walks the layer's list of animations).
    package var laneLayerLeaves: Int
}

extension Engine {
    /// The engine's bookkeeping now.
    package func bookkeeping() -> EngineBookkeeping {
        lock.withLock {
            let notices = state.tickNotices
            let lane = state.steadyLane.entries.filter { $0.record >= 0 && $0.kind == .basic && $0.startsFromModel(applies: true) }
            return EngineBookkeeping(
                propertyKeys: state.keys.count, animationKeys: state.animationKeys.count,
                animationKeysFreed: state.animationKeys.freedCount,
                liveAnimations: state.animations.indices.filter { state.animations[$0].isAlive }.count,
                freeAnimationRecords: (0..<state.freeAnimations.count).map { state.freeAnimations[$0] },
                basicRecords: state.basicRecords.liveCount, springRecords: state.springRecords.liveCount,
                keyframeRecords: state.keyframeRecords.liveCount, groupRecords: state.groupRecords.liveCount,
                decayRecords: state.decayRecords.liveCount, transitionRecords: state.transitionRecords.liveCount,
                animationValueSlots: state.animationValues.liveSlots, animationValueSlotsUsed: state.animationValues.used,
                presentationSlots: state.presentation.liveSlots, presentationSlotsUsed: state.presentation.used,
                walkedLayers: state.animatedLayers,
                laneEntries: state.steadyLane.liveCount, laneTombstones: state.steadyLane.tombstones,
                laneRuns: state.steadyLane.entries.isEmpty ? 0 : state.steadyLane.runBreaks + 1,
                laneEntriesStartingFromModel: lane.count,
                lastTickStarts: notices.filter { $0.kind == .started }.count,
                lastTickSteadyNotices: notices.filter { $0.kind == .steady }.count,
                completionGroups: state.completionGroups.ids,
                defaultTimingFunction: state.defaultFunction, timingFunctionUses: state.functions.useCounts,
                timingFunctionsDropped: state.functions.droppedCount,
                animationDelegates: state.animationDelegates.count, addedDescriptions: state.addedDescriptions.count,
                displayQueue: state.displayQueue.count, queuedEvents: state.events.count,
                heldSpareTransactionLists: state.threadTransactions.values.dropFirst(state.threadTransactions.keys.count)
                    .filter { !$0.frames.isEmpty || $0.settingsCount != 0 || !$0.pending.isEmpty || !$0.sealed.isEmpty }.count,
                generalRemovalHasRun: state.removalScratch.capacity > 0, laneLayerLeaves: state.laneLayerLeaves)
        }
    }
}

// MARK: - One layer

/// One layer's bookkeeping: its slot, its animation list, its presentation block.
package struct LayerBookkeeping: Equatable, Sendable {
    /// The layer's slot (index of its records).
    package var slot: Int
    /// Its class's index.
    package var classIndex: Int
    /// Its references (the host's and its superlayer's).
    package var referenceCount: Int32
    /// First and last animation record of its list (record indices; -1: none).
    package var firstAnimation: Int32
    package var lastAnimation: Int32
    /// Its presentation block: offset in the presentation buffer (-1: none), size (slots),
    /// layout (-1: none).
    package var presentationOffset: Int32
    package var presentationSize: Int32
    package var presentationLayout: Int32
    /// Its position in the general walk (-1: not walked).
    package var walkIndex: Int32
    /// Whether it waits for display.
    package var needsDisplay: Bool
}

extension Engine {
    /// `layer`'s bookkeeping.
    /// - Throws: `.badHandle` for a layer that is not alive.
    package func bookkeeping(of layer: LayerID) throws(AnimCoreError) -> LayerBookkeeping {
        try inspect { (state) throws(AnimCoreError) -> LayerBookkeeping in
            let slot = try state.layerSlot(layer)
            let record = state.layers[slot], place = state.places[slot]
            return LayerBookkeeping(
                slot: slot, classIndex: Int(place.classIndex), referenceCount: record.referenceCount,
                firstAnimation: record.firstAnimation, lastAnimation: record.lastAnimation,
                presentationOffset: place.presentationOffset, presentationSize: record.presentationSize,
                presentationLayout: place.presentationLayout, walkIndex: record.animatedIndex,
                needsDisplay: record.needsDisplay)
        }
    }

    /// Test hook: sets `layer`'s reference count, to reach the most without 2³¹ retains.
    /// - Throws: `.badHandle` for a layer that is not alive.
    package func setReferenceCountForTesting(_ count: Int32, of layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let slot = try state.layerSlot(layer)
            state.layers[slot].referenceCount = count
        }
    }
}

// MARK: - Animation records

/// One animation record as the engine keeps it. Offsets are of the animation value buffer
/// (slots; -1: none); times are in the layer's time (seconds).
package struct AnimationRecordInspection: Equatable {
    /// The record's index (its slot in the record store).
    package var index: Int32
    /// Its run state (`.free`: the slot holds no animation; nothing below is meaningful).
    var runState: RunState
    /// Its kind record's kind, and that record's index in its kind's pool.
    var kind: RecordKind
    package var parameters: Int32
    /// Whether its transaction has committed.
    package var isCommitted: Bool
    /// The next record of its layer's list (-1: last).
    package var next: Int32
    /// The key it was added under (nil: none) and that key's id (-1: none).
    package var key: String?
    package var keyID: Int32
    /// Its property's index in its layer's class.
    package var property: Int32
    /// Its timing-function slot (-1: none).
    package var function: Int32
    /// Its steady lane entry (-1: not in the lane).
    package var laneEntry: Int32
    /// Its generation (bumped each time the slot is reused) and completion group (-1: none).
    package var generation: UInt32
    package var completionGroup: Int32
    /// Its begin time and simple duration (seconds).
    package var beginTime: Double
    package var duration: Double
    /// A basic or spring animation's from, to and by blocks, and a spring's carried velocity.
    package var from: Int32 = -1, to: Int32 = -1, by: Int32 = -1, startVelocity: Int32 = -1
    /// A spring animation's spring, its initial velocity as the record keeps it, its response.
    package var spring: Spring?
    package var springInitialVelocity: Double?
    var springResponse: SpringResponse?
}

extension Engine {
    /// The record at `index` of `state` (lock held).
    private func recordInspection(_ index: Int, _ state: borrowing EngineState) -> AnimationRecordInspection {
        let record = state.animations[index]
        var result = AnimationRecordInspection(
            index: Int32(index), runState: record.state, kind: record.kind, parameters: record.parameters,
            isCommitted: record.isCommitted, next: record.next,
            key: record.isAlive && record.key >= 0 ? state.animationKeys.name(of: record.key) : nil,
            keyID: record.key, property: Int32(record.property), function: record.function,
            laneEntry: record.laneEntry, generation: record.generation, completionGroup: record.completionGroup,
            beginTime: record.timing.beginTime, duration: record.timing.duration)
        guard record.isAlive else { return result }
        switch record.kind {
        case .basic:
            let ends = state.basicRecords[record.parameters]
            (result.from, result.to, result.by) = (ends.from, ends.to, ends.by)
        case .spring:
            let spring = state.springRecords[record.parameters]
            let ends = spring.endpoints
            (result.from, result.to, result.by) = (ends.from, ends.to, ends.by)
            result.startVelocity = spring.startVelocity
            result.spring = spring.spring
            result.springInitialVelocity = spring.initialVelocity
            result.springResponse = spring.response
        default:
            break
        }
        return result
    }

    /// `layer`'s animation records, in its list's order (the order they were added).
    /// - Throws: `.badHandle` for a layer that is not alive.
    package func animationRecords(of layer: LayerID) throws(AnimCoreError) -> [AnimationRecordInspection] {
        try inspect { (state) throws(AnimCoreError) -> [AnimationRecordInspection] in
            var records: [AnimationRecordInspection] = []
            var index = Int(state.layers[try state.layerSlot(layer)].firstAnimation)
            while index >= 0 {
                records.append(recordInspection(index, state))
                index = Int(state.animations[index].next)
            }
            return records
        }
    }

    /// What `layer`'s first animation (a basic or spring one) shows at its layer's time `time`
    /// over the model value alone, as an animator's reading computes it; the tick's
    /// presentation values stay as they are.
    /// - Throws: `.badHandle` for a layer that is not alive; `.outOfRange` for one without
    ///   animations.
    package func valueShownByFirstAnimation(of layer: LayerID, atLayerTime time: Double) throws(AnimCoreError) -> Value {
        try inspect { (state) throws(AnimCoreError) -> Value in
            let first = Int(state.layers[try state.layerSlot(layer)].firstAnimation)
            guard first >= 0 else { throw AnimCoreError(.outOfRange, "the layer has no animation") }
            return state.valueShown(byAnimation: first, atLayerTime: time)
        }
    }

    /// Every record slot of the engine, free ones included, by index.
    package func animationRecords() -> [AnimationRecordInspection] {
        (try? inspect { state in state.animations.indices.map { recordInspection($0, state) } }) ?? []
    }

    /// `count` slots of the animation value buffer from `offset`.
    package func animationValueSlots(at offset: Int32, count: Int) -> [Double] {
        lock.withLock {
            let pointer = state.animationValues.pointer(Int(offset))
            return (0..<count).map { pointer[$0] }
        }
    }

    /// Test hook: removes `layer`'s first animation the general way (`removeAnimations(_:slot:)`),
    /// as a removal the API takes a short way for would not; the host registrations it retires
    /// are released by the engine's next call.
    /// - Throws: `.badHandle` for a layer that is not alive.
    package func removeFirstAnimationByGeneralRemoval(of layer: LayerID) throws(AnimCoreError) {
        try inspect { (state) throws(AnimCoreError) in
            let slot = try state.layerSlot(layer)
            let index = Int(state.layers[slot].firstAnimation)
            state.removeAnimations(CollectionOfOne(index), slot: slot)
        }
    }
}

// MARK: - Keys and classes

extension Engine {
    /// The id of the animation key `name` (nil: not interned, no animation uses it).
    package func animationKeyID(named name: String) -> Int32? {
        lock.withLock { state.animationKeys.lookup(name) }
    }

    /// Whether animation key id `id` is in use under `name`.
    package func isAnimationKey(_ id: Int32, named name: String) -> Bool {
        lock.withLock { state.animationKeys.isLive(id, named: name) }
    }

    /// The animation key id the last implicit animation of `key` on a layer of `layer`'s class
    /// was added under (-1: none; tried first by the next); nil when the class has no such
    /// property.
    /// - Throws: `.badHandle` for a layer that is not alive.
    package func implicitKeyHint(for key: PropertyKey, of layer: LayerID) throws(AnimCoreError) -> Int32? {
        try inspect { (state) throws(AnimCoreError) -> Int32? in
            let layerClass = state.classes[Int(state.places[try state.layerSlot(layer)].classIndex)]
            return layerClass.propertyIndex(for: key).map { layerClass.implicitKeyHints[$0] }
        }
    }

    /// The index of `key`'s property in `layerClass` (nil: the class has no such property).
    package func propertyIndex(of key: PropertyKey, in layerClass: LayerClassID) -> Int? {
        lock.withLock {
            guard state.classes.indices.contains(layerClass.index) else { return nil }
            return state.classes[layerClass.index].propertyIndex(for: key)
        }
    }

    /// Where a class's property layouts (what the hot paths read) disagree with its stored
    /// properties (kind, offset, inline, animatable, needs display), for every class. Empty
    /// when all agree.
    package func propertyLayoutMismatches() -> [String] {
        lock.withLock {
            var issues: [String] = []
            for layerClass in state.classes {
                if layerClass.layouts.count != layerClass.properties.count {
                    issues.append("\(layerClass.name): \(layerClass.layouts.count) layouts, \(layerClass.properties.count) properties")
                }
                for (layout, stored) in zip(layerClass.layouts, layerClass.properties) {
                    let name = "\(layerClass.name).\(stored.descriptor.name)"
                    if layout.kind != stored.kind || layout.kind != stored.descriptor.kind { issues.append("\(name): kind") }
                    if layout.offset != stored.offset { issues.append("\(name): offset") }
                    if layout.isInline != stored.isInline { issues.append("\(name): inline") }
                    if layout.isAnimatable != stored.descriptor.isAnimatable { issues.append("\(name): animatable") }
                    if layout.needsDisplay != stored.descriptor.needsDisplay { issues.append("\(name): needs display") }
                }
            }
            return issues
        }
    }
}

// MARK: - Transactions

/// One open transaction frame of a thread.
package struct TransactionFrameInspection: Equatable, Sendable {
    /// Opened by a change outside any transaction (committed by the next tick or flush).
    package var isImplicit: Bool
    /// The frame set a value (its own settings are stored).
    package var hasSettings: Bool
    /// The completion group of the animations added while it is open.
    package var completionGroup: Int32
}

/// One thread's entry in the engine's thread table.
package struct TransactionThreadInspection: Equatable, Sendable {
    /// The thread's identity (`ThreadIdentity.current` on it).
    package var thread: UInt
    /// Its open frames, outermost first (empty: an idle entry, kept for reuse).
    package var frames: [TransactionFrameInspection]
    /// Settings entries in use (one per frame that set a value).
    package var settingsCount: Int
    /// The animations added meanwhile, as record index and generation, started when the
    /// outermost frame commits.
    package var pending: [AnimationReference]
    /// Completion groups of committed inner frames.
    package var sealed: [Int32]

    /// Whether the entry holds nothing: no frame, settings, pending animation or sealed group.
    package var isEmpty: Bool { frames.isEmpty && settingsCount == 0 && pending.isEmpty && sealed.isEmpty }
}

/// An animation record as a transaction names it: its index and generation.
package struct AnimationReference: Equatable, Sendable {
    package var index: Int32
    package var generation: UInt32
}

/// The engine's cache of one thread's resolved transaction settings.
package struct TransactionCacheInspection: Sendable {
    /// The thread it holds (0: none).
    package var thread: UInt
    /// Whether that thread has a frame open, and the innermost one's completion group (-1: none).
    package var isOpen: Bool
    package var innermostGroup: Int32
    /// The settings resolved for that thread.
    package var settings: TransactionSettings
}

/// The spring facts the last implicit plan remembers (reused by the next plan of an equal
/// spring).
package struct ImplicitSpringFactsInspection {
    package var spring: Spring
    /// Seconds.
    package var settlingDuration: Double
    var response: SpringResponse
}

extension Engine {
    /// The thread table's entries, in table order.
    package func transactionThreads() -> [TransactionThreadInspection] {
        lock.withLock {
            let table = state.threadTransactions
            return table.keys.indices.map { position in
                let entry = table.values[position]
                return TransactionThreadInspection(
                    thread: table.keys[position],
                    frames: entry.frames.map {
                        TransactionFrameInspection(isImplicit: $0.isImplicit, hasSettings: $0.hasSettings, completionGroup: $0.completionGroup)
                    },
                    settingsCount: entry.settingsCount,
                    pending: entry.pending.map { AnimationReference(index: $0.index, generation: $0.generation) },
                    sealed: entry.sealed)
            }
        }
    }

    /// The calling thread's entry in the thread table (nil: none).
    package func callingThreadTransactions() -> TransactionThreadInspection? {
        let me = (try? inspect { state in state.currentThread }) ?? 0
        return transactionThreads().first { $0.thread == me }
    }

    /// The transaction settings cache.
    package func transactionCache() -> TransactionCacheInspection {
        lock.withLock {
            let cache = state.transactionCache
            return TransactionCacheInspection(
                thread: cache.thread, isOpen: cache.isOpen, innermostGroup: cache.innermostGroup, settings: cache.settings)
        }
    }

    /// The spring facts the last implicit plan remembers.
    package func implicitSpringFacts() -> ImplicitSpringFactsInspection {
        lock.withLock {
            let facts = state.implicitPlan.spring
            return ImplicitSpringFactsInspection(spring: facts.spring, settlingDuration: facts.settlingDuration, response: facts.response)
        }
    }

    /// Test hook: the plan the engine makes for an implicit animation of property `name` of a
    /// layer of `layerClass` under `settings` (the engine's last plan becomes it). Internal:
    /// the plan's type is.
    func implicitPlan(for name: String, of layerClass: LayerClassID, _ settings: TransactionSettings) -> ImplicitPlan {
        lock.withLock {
            let classIndex = state.classes.firstIndex { $0.id == layerClass } ?? -1
            let property = state.classes[classIndex].properties.firstIndex { $0.descriptor.name == name } ?? -1
            var settings = settings
            state.planImplicitAnimation(&settings, classIndex, property)
            return state.implicitPlan
        }
    }
}

// MARK: - Timing functions

/// The timing-function table: each slot's uses and function, and the map from function to slot.
package struct TimingFunctionTableInspection: Equatable, Sendable {
    /// Uses of each slot, by index (0: free).
    package var uses: [Int32]
    /// The function in each slot, by index.
    package var functions: [TimingFunction]
    /// The slot of each function in use.
    package var indexByFunction: [TimingFunction: Int32]
}

extension Engine {
    /// The timing-function table (nil if its map cannot be read: it is private to the table,
    /// read by reflection).
    package func timingFunctionTable() -> TimingFunctionTableInspection? {
        lock.withLock {
            let table = state.functions
            let mirror = Mirror(reflecting: table)
            guard let map = mirror.children.first(where: { $0.label == "indexByFunction" })?.value as? [TimingFunction: Int32]
            else { return nil }
            let uses = table.useCounts
            return TimingFunctionTableInspection(
                uses: uses, functions: uses.indices.map { table.functions[$0] }, indexByFunction: map)
        }
    }

    /// The uses of each timing-function slot that the engine's records hold (every live
    /// record's curve, every keyframe segment's), plus the engine's own hold on "default".
    package func heldTimingFunctionUses() -> [Int32: Int] {
        lock.withLock {
            var uses: [Int32: Int] = [state.defaultFunction: 1]
            for index in state.animations.indices where state.animations[index].isAlive {
                let record = state.animations[index]
                if record.function >= 0 { uses[record.function, default: 0] += 1 }
                guard record.kind == .keyframe else { continue }
                let keyframes = state.keyframeRecords[record.parameters]
                guard keyframes.functions >= 0 else { continue }
                for segment in 0..<max(Int(keyframes.keyframeCount) - 1, 0) {
                    let function = Int32(state.animationValues.pointer(Int(keyframes.functions))[segment])
                    if function >= 0 { uses[function, default: 0] += 1 }
                }
            }
            return uses
        }
    }
}

// MARK: - Soundness of the blocks and keys

/// The blocks found in use in each slot buffer, named by owner (offsets and sizes in slots).
private struct BlockAudit {
    typealias Block = (offset: Int, size: Int, owner: String)
    var outOfLine: [Block] = []
    var presentation: [Block] = []
    var values: [Block] = []
    var rows: [[Block]]
    var issues: [String] = []

    /// Notes where `blocks` fall outside `buffer`'s high-water mark, overlap, or do not add up
    /// to its live slots.
    mutating func check(_ name: String, _ buffer: SlotBuffer, _ blocks: [Block]) {
        let sorted = blocks.filter { $0.size > 0 }.sorted { $0.offset < $1.offset }
        var total = 0
        for (position, block) in sorted.enumerated() {
            total += block.size
            if block.offset < 0 || block.offset + block.size > buffer.used {
                issues.append("\(name): \(block.owner) at \(block.offset) (+\(block.size)) is outside 0..<\(buffer.used)")
            }
            if position > 0 {
                let before = sorted[position - 1]
                if before.offset + before.size > block.offset {
                    issues.append("\(name): \(before.owner) at \(before.offset) (+\(before.size)) overlaps \(block.owner) at \(block.offset)")
                }
            }
        }
        if total != buffer.liveSlots {
            issues.append("\(name): the live blocks hold \(total) slots, liveSlots says \(buffer.liveSlots)")
        }
    }
}

extension Engine {
    /// What is wrong with the engine's blocks and keys: every live block of each slot buffer
    /// (model rows, out-of-line values, presentation blocks, animation values) lies below the
    /// high-water mark and overlaps no other, the live blocks add up to the buffer's live slots;
    /// every lane entry writes inside its layer's presentation block; every key a live record
    /// holds is in use under its name, and the table holds no key no record uses; no two live
    /// records share a basic or spring record, and those pools count as many live records as
    /// there are; each layer counts the transition records its list holds; each layer's clock
    /// and `hasDefaultTiming` are its model timing's; the lane counts its runs right. Empty
    /// when all is well.
    package func bookkeepingIssues() -> [String] {
        lock.withLock {
            var audit = BlockAudit(rows: Array(repeating: [], count: state.classes.count))
            auditLayers(&audit)
            auditRecords(&audit)
            let entries = state.steadyLane.entries
            let breaks = zip(entries, entries.dropFirst()).filter { $0.runShape != $1.runShape }.count
            if breaks != state.steadyLane.runBreaks {
                audit.issues.append("the lane has \(breaks) breaks between runs, it counts \(state.steadyLane.runBreaks)")
            }
            audit.check("outOfLine", state.outOfLine, audit.outOfLine)
            audit.check("presentation", state.presentation, audit.presentation)
            audit.check("animationValues", state.animationValues, audit.values)
            for (index, layerClass) in state.classes.enumerated() {
                audit.check("rows of class \(index)", layerClass.rows, audit.rows[index])
            }
            return audit.issues
        }
    }

    /// Notes the classes' default blocks and each live layer's row, out-of-line values and
    /// presentation block (lock held).
    private func auditLayers(_ audit: inout BlockAudit) {
        for (index, layerClass) in state.classes.enumerated() {
            for (property, layout) in layerClass.layouts.enumerated() where layout.defaultBlock >= 0 {
                audit.outOfLine.append((layout.defaultBlock, layout.kind.slotCount, "class \(index) default of property \(property)"))
            }
        }
        guard state.clocks.count == state.layers.count && state.places.count == state.layers.count else {
            return audit.issues.append("\(state.layers.count) layer records, \(state.places.count) places, \(state.clocks.count) clocks")
        }
        for slot in state.layers.indices where state.places[slot].isAlive {
            let place = state.places[slot]
            let layerClass = state.classes[Int(place.classIndex)]
            audit.rows[Int(place.classIndex)].append((Int(place.row), layerClass.rowSlotCount, "row of layer \(slot)"))
            let row = layerClass.rows.pointer(Int(place.row))
            for property in layerClass.properties where !property.isInline {
                let block = Int(Int64(bitPattern: row[property.offset].bitPattern))
                if block >= 0 { audit.outOfLine.append((block, property.kind.slotCount, "layer \(slot)'s \(property.descriptor.name)")) }
            }
            if place.presentationOffset >= 0 {
                audit.presentation.append((Int(place.presentationOffset), Int(state.layers[slot].presentationSize), "presentation of layer \(slot)"))
            }
            if let issue = transitionCountIssue(slot) { audit.issues.append(issue) }
            if let issue = timingCopyIssue(slot) { audit.issues.append(issue) }
        }
    }

    /// What is wrong with the copies of the timing of the layer in `slot`: its clock or
    /// `hasDefaultTiming` other than its model row's timing gives (nil: none; lock held).
    private func timingCopyIssue(_ slot: Int) -> String? {
        let timing = state.layerTiming(slot)
        if state.clocks[slot] != LayerClock(timing) {
            return "layer \(slot)'s clock is \(state.clocks[slot]), its timing's \(LayerClock(timing))"
        }
        if state.layers[slot].hasDefaultTiming != state.timingOffsets.isDefault(state.modelRow(slot)) {
            return "layer \(slot)'s hasDefaultTiming is \(state.layers[slot].hasDefaultTiming) for timing \(timing)"
        }
        return nil
    }

    /// What is wrong with the transition count of the layer in `slot`: another number than the
    /// transition records in its animation list (nil: none; lock held).
    private func transitionCountIssue(_ slot: Int) -> String? {
        var found: Int32 = 0
        var index = Int(state.layers[slot].firstAnimation)
        while index >= 0 {
            if state.animations[index].kind == .transition { found += 1 }
            index = Int(state.animations[index].next)
        }
        let counted = state.layers[slot].transitionCount
        return found == counted ? nil : "layer \(slot) counts \(counted) transition records, its list holds \(found)"
    }

    /// What is wrong with the resolved interpolation of a path or array animation's `ends`
    /// (`VariableBuffers.interpolation`): runs the store no longer gives for its values, or one
    /// resolved without both ends; nil when right or when there is none.
    private func resolutionIssue(_ ends: BasicRecord, kind: ValueKind) -> String? {
        guard ends.buffers >= 0 else { return nil }
        let buffers = VariableBuffers(slots: state.animationValues.pointer(Int(ends.buffers)))
        guard let resolved = buffers.interpolation else { return nil }
        guard ends.from >= 0, ends.to >= 0 else { return "has a resolved interpolation without both ends" }
        let (from, to) = (state.animationValues.pointer(Int(ends.from))[0], state.animationValues.pointer(Int(ends.to))[0])
        if state.variableValues.stillResolves(resolved, kind, from: from, to: to, into: buffers.result) { return nil }
        return "has a resolved interpolation whose runs are no longer its values' (moved or reshaped)"
    }

    /// Notes each live record's value blocks, and checks its kind record, key and lane entry
    /// (lock held).
    private func auditRecords(_ audit: inout BlockAudit) {
        var keysInUse: Set<Int32> = []
        var basics: [Int32: Int] = [:], springs: [Int32: Int] = [:], transitions: [Int32: Int] = [:]  // pool index → record
        for index in state.animations.indices where state.animations[index].isAlive {
            let record = state.animations[index]
            let size = record.valueKind.slotCount
            let owner = "record \(index) (\(record.kind))"
            func add(_ offset: Int32, _ count: Int, _ what: String) {
                if offset >= 0 { audit.values.append((Int(offset), count, "\(owner) \(what)")) }
            }
            switch record.kind {
            case .basic:
                if let other = basics[record.parameters] { audit.issues.append("\(owner) shares basic record \(record.parameters) with record \(other)") }
                basics[record.parameters] = index
                let ends = state.basicRecords[record.parameters]
                add(ends.from, size, "from"); add(ends.to, size, "to"); add(ends.by, size, "by")
                add(ends.buffers, VariableBuffers.slotCount, "path or array buffers")
                if let issue = resolutionIssue(ends, kind: record.valueKind) { audit.issues.append("\(owner) \(issue)") }
            case .spring:
                if let other = springs[record.parameters] { audit.issues.append("\(owner) shares spring record \(record.parameters) with record \(other)") }
                springs[record.parameters] = index
                let spring = state.springRecords[record.parameters]
                add(spring.endpoints.from, size, "from"); add(spring.endpoints.to, size, "to"); add(spring.endpoints.by, size, "by")
                add(spring.startVelocity, size, "start velocity")
                add(spring.endpoints.buffers, VariableBuffers.slotCount, "path or array buffers")
                if let issue = resolutionIssue(spring.endpoints, kind: record.valueKind) { audit.issues.append("\(owner) \(issue)") }
            case .keyframe:
                let keyframes = state.keyframeRecords[record.parameters]
                add(keyframes.block, Int(keyframes.blockSize), "keyframes")
                add(keyframes.buffers, VariableBuffers.slotCount, "path or array buffers")
            case .decay:
                let decay = state.decayRecords[record.parameters]
                add(decay.block, Int(decay.blockSize), "decay")
            case .transition:
                if let other = transitions[record.parameters] { audit.issues.append("\(owner) shares transition record \(record.parameters) with record \(other)") }
                transitions[record.parameters] = index
            case .group, .pathRotation:
                break
            }
            if record.key >= 0 {
                keysInUse.insert(record.key)
                let name = state.animationKeys.name(of: record.key)
                if state.animationKeys.lookup(name) != record.key {
                    audit.issues.append("\(owner) holds key \(record.key) (\"\(name)\"), which the table no longer has under that name")
                }
            }
            if let issue = laneEntryIssue(index, owner) { audit.issues.append(issue) }
        }
        if keysInUse.count != state.animationKeys.count {
            audit.issues.append("records hold \(keysInUse.count) keys, the table has \(state.animationKeys.count)")
        }
        if basics.count != state.basicRecords.liveCount {
            audit.issues.append("\(basics.count) live basic records, the pool counts \(state.basicRecords.liveCount)")
        }
        if springs.count != state.springRecords.liveCount {
            audit.issues.append("\(springs.count) live spring records, the pool counts \(state.springRecords.liveCount)")
        }
        if transitions.count != state.transitionRecords.liveCount {
            audit.issues.append("\(transitions.count) live transition records, the pool counts \(state.transitionRecords.liveCount)")
        }
    }

    /// What is wrong with record `index`'s lane entry: a tombstone, or an output outside its
    /// layer's presentation block for an entry that writes one (nil: none, or sound; lock held).
    private func laneEntryIssue(_ index: Int, _ owner: String) -> String? {
        let record = state.animations[index]
        guard record.laneEntry >= 0 else { return nil }
        let entry = state.steadyLane.entries[Int(record.laneEntry)]
        let offset = state.places[Int(record.layer)].presentationOffset
        let block = Int(offset)..<Int(offset + state.layers[Int(record.layer)].presentationSize)
        if entry.record < 0 { return "\(owner) names lane entry \(record.laneEntry), a tombstone" }
        if Int(entry.record) == index, record.kind.writesProperty, !block.contains(Int(entry.output)) {
            return "\(owner)'s lane entry writes at \(entry.output), outside its layer's block \(block)"
        }
        return Int(entry.record) == index ? laneTimeIssue(entry, layer: Int(record.layer), owner) : nil
    }

    /// What is wrong with where a lane entry takes its time (nil: sound; lock held): its time
    /// layer must be its layer's time source now, and its time read from the clock exactly
    /// when that layer's superlayer runs on engine time.
    private func laneTimeIssue(_ entry: SteadyEntry, layer: Int, _ owner: String) -> String? {
        let source = Int32(state.timeSource(of: layer) ?? -1)
        if entry.timeLayer != source { return "\(owner)'s lane entry runs on layer \(entry.timeLayer), its time source is \(source)" }
        if entry.timeLayerStepsFromEngineTime != EngineState.stepsFromEngineTime(source, in: state) {
            return "\(owner)'s lane entry reads its time from the clock: \(entry.timeLayerStepsFromEngineTime), not as its superlayers are"
        }
        return nil
    }
}

// MARK: - The batch read's memo

extension Engine {
    /// Whether the next batch read of the layers and keys read last would copy its values from
    /// the locations that read kept (`BatchReadMemo`), nothing having moved since.
    package var remembersBatchRead: Bool {
        (try? inspect { state in state.batchReadMemos.lastIsCurrent(placeChanges: state.placeChanges) }) ?? false
    }

    /// How many batch reads have found a memo describing them (`BatchReadMemos`).
    package var rememberedBatchReads: Int { (try? inspect { state in state.batchReadMemos.found }) ?? 0 }
}
