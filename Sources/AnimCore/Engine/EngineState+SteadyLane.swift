/// Joining, leaving and running the tick's steady lane (see `SteadyLane`), and the threads it
/// runs on.
extension EngineState {
    /// Ticks on `count` threads in all from now on (see `Engine.setTickThreadCount`).
    func setTickThreadCount(_ count: Int) throws(AnimCoreError) {
        guard count >= 1 && count <= TickThreads.maximumCount else {
            throw AnimCoreError(.outOfRange, "count is \(count); it must be in 1...\(TickThreads.maximumCount)")
        }
        guard count != (tickThreads?.count ?? 1) else { return }
        guard count > 1 else {
            tickThreads = nil
            return
        }
        let threads = TickThreads(count: count)
        guard threads.start() else {
            throw AnimCoreError.engineState(
                "the system refused a thread (\(count) were asked for); the engine ticks on \(tickThreads?.count ?? 1) as before")
        }
        tickThreads = threads
    }

    /// Evaluates the lane at engine time `now`, on `tickThreads` when it is large enough, and
    /// takes the entries that left out of it (their layers rejoin the general walk, which
    /// evaluates them in this tick). The entries' order, hence the exits' order, does not
    /// depend on the thread count.
    func evaluateSteadyLane(at now: Double, context: EvaluationContext) {
        compactSteadyLaneIfSparse()
        let count = steadyLane.entries.count
        guard count > 0 else { return }
        if !steadyLane.timedLayers.isEmpty { computeLaneLayerTimes(at: now, stamp: tickCount) }
        let threads = tickThreads
        let parts = min(threads?.count ?? 1, max(1, count / SteadyLane.entriesPerThreadMinimum))
        let scratchNeeded = (parts - 1) * ScratchOffset.count
        if steadyLane.scratch.used < scratchNeeded { _ = steadyLane.scratch.allocate(scratchNeeded - steadyLane.scratch.used) }
        // Out of the state while the parts run, so that nothing else reaches them.
        var entries: [SteadyEntry] = []
        var members: [SteadyEntry] = []
        var exits: [[Int32]] = []
        swap(&entries, &steadyLane.entries)
        swap(&members, &steadyLane.members)
        swap(&exits, &steadyLane.exits)
        while exits.count < parts { exits.append([]) }
        entries.withUnsafeMutableBufferPointer { entries in
            guard let base = entries.baseAddress else { return }
            members.withUnsafeMutableBufferPointer { members in
                let memberBase = members.baseAddress ?? base  // (no group: never read)
                exits.withUnsafeMutableBufferPointer { lists in
                    guard let lists = lists.baseAddress else { return }
                    rowBases.withUnsafeBufferPointer { rows in
                        guard let rows = rows.baseAddress else { return }
                        var round = SteadyLane.Round(
                            entries: base, members: memberBase, exits: lists, count: count, parts: parts, now: now,
                            context: context, rows: rows, scratch: steadyLane.scratch.pointer(0))
                        guard parts > 1, let threads else { return round.evaluate(part: 0) }
                        withUnsafeMutablePointer(to: &round) { round in
                            threads.run(parts: parts, context: UnsafeMutableRawPointer(round)) { round, part in
                                round.assumingMemoryBound(to: SteadyLane.Round.self).pointee.evaluate(part: part)
                            }
                        }
                    }
                }
            }
        }
        swap(&entries, &steadyLane.entries)
        swap(&members, &steadyLane.members)
        for part in 0..<parts {
            for index in exits[part] { leaveSteadyLane(entry: Int(index)) }
        }
        swap(&exits, &steadyLane.exits)
    }

    /// Computes the time of every layer that lane entries run on off engine time (`timedLayers`)
    /// into its cache under this tick's `stamp`, where the lane reads it; the general walk
    /// reads the same cache after it. Each layer's time is computed once, by the one walk.
    private func computeLaneLayerTimes(at now: Double, stamp: UInt64) {
        let layerRecords = layers.base
        let layerPlaces = places.base
        let layerClocks = clocks.base
        // (A layer many entries run on is listed once per entry: computed at the first.)
        for slot in steadyLane.timedLayers where layerRecords[Int(slot)].timeStamp != stamp && layerPlaces[Int(slot)].isAlive {
            let time = LayerTimeWalk.time(
                of: Int(slot), layers: layerRecords, clocks: layerClocks, engineTime: now, stamp: stamp, ancestors: &ancestorScratch)
            // (A root of default timing is not cached by the walk: its timing may have
            // become the default since its entries joined.)
            layerRecords[Int(slot)].cachedTime = time
            layerRecords[Int(slot)].timeStamp = stamp
        }
    }

    /// Where the layer in `slot` takes its time from for the lane (`SteadyEntry.timeLayer`: −1
    /// for engine time, else `timeSource(of:)`) and that time now.
    @inline(__always)
    func laneTime(of slot: Int) -> (timeLayer: Int32, time: Double) {
        guard let source = timeSource(of: slot) else { return (-1, currentTime) }
        return (Int32(source), layerTime(source, atEngineTime: currentTime))
    }

    /// A record the general walk evaluated this tick (see `TickNotice.Kind.steady`), or one
    /// committing now (`steadyStateAtCommit`), joins the lane if the rest holds: it applies at
    /// its layer's time and a tick there leaves its run state as it is, and no other animation
    /// of its layer touches its property. Its layer leaves the general walk when every
    /// animation of it is in the lane. `laneTime`: the caller's `laneTime(of:)` of its layer;
    /// `sample`: the record's sample at that time, when the caller took it.
    func joinSteadyLane(
        _ index: Int, laneTime known: (timeLayer: Int32, time: Double)? = nil, sample knownSample: TimingSample? = nil
    ) {
        let record = animations.base + index
        guard record.pointee.isCommitted, record.pointee.laneEntry < 0 else { return }
        let slot = Int(record.pointee.layer)
        let (timeLayer, time) = known ?? laneTime(of: slot)
        let timing = record.pointee.timing
        let span = record.pointee.activeParentDuration
        let sample = knownSample ?? timing.sample(atParentTime: time, activeParentDuration: span)
        guard sample.isInEffect, record.pointee.state.step(at: sample, parentApplies: true).isNone else { return }
        // The records that join with it: a path's rotation in the same entry (the keyframes'
        // follower, on its own timing equal to theirs, so in the same run state), a group's
        // children in entries of their own (`SteadyLane.members`; checked when added).
        layers[slot].hasLaneMarks = true  // (from here on it joins or is refused)
        let isGroup = record.pointee.kind == .group
        let rotation = record.pointee.kind == .keyframe && record.pointee.followers == 1 ? Int(record.pointee.next) : -1
        let joining = isGroup || rotation >= 0 ? Int(record.pointee.followers) : 0
        if rotation >= 0 && animations[rotation].state != record.pointee.state { return }
        if isGroup && joining > Int(UInt16.max) {  // (more children than an entry counts)
            record.pointee.isRefusedByLane = true
            return
        }
        // (A path or array whose value might outgrow its buffers grows them on the walk.)
        if !variableResultsKeepOwnShape(index, count: joining + 1) {
            record.pointee.isRefusedByLane = true
            return
        }
        // (Keyframes on a component of the transform itself would share the rotation's slots:
        // no key path gives that today; the general walk would take them.)
        if rotation >= 0 && animations[rotation].property == record.pointee.property {
            record.pointee.isRefusedByLane = true
            return
        }
        guard let allInLane = othersLeaveAlone(index, slot: slot, joining: joining) else {
            record.pointee.isRefusedByLane = true  // until its layer changes
            return
        }
        var entry = laneEntry(for: index, slot: slot, rotation: rotation)
        entry.timing = timing
        entry.activeParentDuration = span
        entry.timeLayer = timeLayer
        entry.timeLayerStepsFromEngineTime = Self.stepsFromEngineTime(timeLayer, in: self)
        if isGroup { appendMembers(of: index, slot: slot, to: &entry) }
        if entry.needsWalkedTime { steadyLane.timedLayers.append(timeLayer) }
        record.pointee.laneEntry = Int32(steadyLane.entries.count)
        if joining > 0 { setLaneEntry(record.pointee.laneEntry, ofRecordsAfter: index, count: joining) }
        steadyLane.append(entry)
        if allInLane { leaveGeneralWalk(slot) }
    }

    /// Whether no other animation of the layer in `slot` touches a property of the record in
    /// `index` and the `joining` records after it: nil when one does, else whether every other
    /// animation of the layer is in the lane. (The layer's only animation, as an implicit one
    /// usually is, has none to ask.)
    @inline(__always)
    private func othersLeaveAlone(_ index: Int, slot: Int, joining: Int) -> Bool? {
        if layers[slot].firstAnimation == Int32(index) && layers[slot].lastAnimation == Int32(index) { return true }
        var allInLane = true
        var other = Int(layers[slot].firstAnimation)
        var position = 0  // of `other` in the layer's list; `index` is at `first`
        var first = -1
        while other >= 0 {
            if other == index { first = position }
            let isJoining = first >= 0 && position >= first && position <= first + joining
            let member = animations.base + other
            if !isJoining {
                if sharesProperty(member.pointee.property, withRecordsFrom: index, count: joining + 1) { return nil }
                if member.pointee.laneEntry < 0 { allInLane = false }
            }
            other = Int(member.pointee.next)
            position += 1
        }
        return allInLane
    }

    /// Appends the entries of the children of the group in `index` (on the layer in `slot`) to
    /// `steadyLane.members`, and says where they are in its `entry`.
    private func appendMembers(of index: Int, slot: Int, to entry: inout SteadyEntry) {
        entry.firstMember = Int32(steadyLane.members.count)
        entry.memberCount = UInt16(animations[index].followers)
        var child = Int(animations[index].next)
        for _ in 0..<Int(entry.memberCount) {
            var member = laneEntry(for: child, slot: slot, rotation: -1)
            member.activeParentDuration = animations[child].activeParentDuration
            steadyLane.members.append(member)
            child = Int(animations[child].next)
        }
    }

    /// The lane entry of the record in `index` (on the layer in `slot`; `rotation`: its path's
    /// rotation record or −1) but for its timing and time, which the caller sets: its kind, its
    /// composition, its ends (kept in the entry when both are given scalars), and where the
    /// model value its property starts from lives.
    private func laneEntry(for index: Int, slot: Int, rotation: Int) -> SteadyEntry {
        let record = animations.base + index
        let parameters = record.pointee.parameters
        let kind: SteadyEntry.Kind
        let writesProperty = record.pointee.kind.writesProperty
        var ends: BasicRecord?
        switch record.pointee.kind {
        case .basic:
            kind = .basic
            ends = basicRecords[parameters]
        case .spring:
            kind = .spring
            ends = (springRecords.records.base + Int(parameters)).pointee.endpoints  // (a copy of the record costs more)
        case .decay: kind = .decay
        case .keyframe: kind = rotation >= 0 ? .pathKeyframes : .keyframes
        case .transition: kind = .transition
        case .group, .pathRotation: kind = .group  // (a rotation joins with its keyframes only)
        }
        var scalarEnds: (from: Double, to: Double)?
        let composition = Composition(record)
        let whole = SteadyEntry.Whole(composition)
        if let ends, whole == .scalar, ends.from >= 0, ends.to >= 0 {
            scalarEnds = (animationValues.pointer(Int(ends.from))[0], animationValues.pointer(Int(ends.to))[0])
        }
        let modelOffset = Int(places[slot].row) + Int(record.pointee.modelOffset)
        let modelInRow = record.pointee.modelIsInline && modelOffset <= Int(Int32.max)
        return SteadyEntry(
            timing: record.pointee.timing, cycles: .none, activeParentDuration: 0,
            scalarFrom: scalarEnds?.from ?? 0, scalarTo: scalarEnds?.to ?? 0,
            function: record.pointee.function, parameters: parameters,
            modelClass: modelInRow ? places[slot].classIndex : -1, modelOffset: modelInRow ? Int32(modelOffset) : 0,
            output: writesProperty ? places[slot].presentationOffset + record.pointee.presentationOffset : 0,
            record: Int32(index),
            firstMember: 0, timeLayer: -1, composition: composition,
            slotCount: UInt8(record.pointee.propertySlotCount), state: record.pointee.state, kind: kind,
            startsFromModelApplying: writesProperty && startsFromModel(record, applies: true),
            startsFromModelNotApplying: writesProperty && startsFromModel(record, applies: false),
            timeLayerStepsFromEngineTime: false, hasInlineEnds: scalarEnds != nil, whole: whole, memberCount: 0)
    }

    /// `AttachedAnimation.startsFromModel` of the record `record` when it `applies` or not.
    private func startsFromModel(_ record: UnsafeMutablePointer<AttachedAnimation>, applies: Bool) -> Bool {
        AttachedAnimation.startsFromModel(
            initializesPresentation: record.pointee.initializesPresentation,
            overwritesWholeValue: record.pointee.overwritesWholeValue, applies: applies)
    }

    /// The run state in which the record at `index`, committing now, joins the lane at once
    /// rather than after the general walk's first evaluation, with its sample at `time`, or nil
    /// when it does not. It
    /// does when that evaluation would owe nothing (its run state's step at `time`, its
    /// layer's time now): it applies, does not end, and has no delegate waiting for its start
    /// (the walk sends starts in walk order); and it has no records of its own (a group's
    /// children, a path's rotation join with theirs, from the walk). The caller checked that
    /// the lane is on and the record may join (`mayJoinSteadyLane`); `joinSteadyLane` checks
    /// the rest (the layer's other animations).
    // (The walk's first evaluation of a new animation, with its notice, is a large part of an
    // implicit animation's start; the lane evaluates it in this tick instead, to the same
    // bits.)
    @inline(__always)
    func steadyStateAtCommit(_ index: Int, time: Double) -> (state: RunState, sample: TimingSample)? {
        let record = animations.base + index
        guard !record.pointee.isRefusedByLane, record.pointee.followers == 0, record.pointee.kind != .group,
              record.pointee.laneEntry < 0
        else { return nil }
        let sample = record.pointee.timing.sample(atParentTime: time, activeParentDuration: record.pointee.activeParentDuration)
        let step = record.pointee.state.step(at: sample, parentApplies: true)
        guard sample.isInEffect, !step.finishes else { return nil }
        if step.starts, !animationDelegates.isEmpty, animationDelegates[Int32(index)]?.didStart != nil { return nil }
        return (record.pointee.state.advanced(by: step), sample)
    }

    /// Takes every animation of the layer in `slot` out of the lane, before anything about
    /// them changes (an animation added or removed, the presentation block moved); the layer
    /// rejoins the general walk.
    @inline(__always)  // often for a layer with no animation: the call cost more than the loop
    func leaveSteadyLane(layer slot: Int) {
        laneLayerLeaves &+= 1
        guard layers[slot].hasLaneMarks else { return }
        layers[slot].hasLaneMarks = false
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            animations[index].isRefusedByLane = false
            let entry = Int(animations[index].laneEntry)
            if entry >= 0 { leaveSteadyLane(entry: entry) }
            index = Int(animations[index].next)
        }
    }

    /// `leaveSteadyLane(subtree:)` when the superlayer above the layer in `slot` changes —
    /// it is put under `superlayer`, taken from under it, or `superlayer` is destroyed — and
    /// `superlayer` is off engine time: their time came, or would come, from at or above it
    /// (`timeSource(of:)`); they find their source again when they join. With the lane empty
    /// nothing can leave, and the superlayer's chain is not walked (a tree built before its
    /// animations walks none, however deep).
    func superlayerChanges(of slot: Int, superlayer: Int) {
        if steadyLane.liveCount > 0 && !runsOnEngineTime(superlayer) { leaveSteadyLane(subtree: slot) }
    }

    /// `leaveSteadyLane(layer:)` for the layer in `slot` and every layer under it: their
    /// time may no longer be engine time, or may come from another layer.
    func leaveSteadyLane(subtree slot: Int) {
        guard steadyLane.liveCount > 0 else { return }
        var pending = [slot]
        while let current = pending.popLast() {
            leaveSteadyLane(layer: current)
            var child = Int(layers[current].firstChild)
            while child >= 0 {
                pending.append(child)
                child = Int(layers[child].nextSibling)
            }
            if layers[current].mask >= 0 { pending.append(Int(layers[current].mask)) }
        }
    }

    /// Takes every animation out of the lane.
    func leaveSteadyLane() {
        for entry in steadyLane.entries.indices { leaveSteadyLane(entry: entry) }
    }

    /// The nearest layer at or above `slot` with timing of its own, whose time the layer in
    /// `slot` has (a layer of the default timing passes its superlayer's time on unchanged);
    /// nil when there is none: the layer runs on engine time. Its lane entries take their time
    /// from it, so layers under one sped-up or paused container share one time; they leave
    /// the lane when a layer between gets timing of its own or its timing becomes the default
    /// (`propertyDidChange`), or the chain between changes (`superlayerChanges(of:superlayer:)`).
    func timeSource(of slot: Int) -> Int? {
        var current = slot
        while current >= 0 {
            if !layers[current].hasDefaultTiming { return current }
            current = Int(layers[current].parent)
        }
        return nil
    }

    /// Whether the layer in `slot` runs on engine time: it and its superlayers have default
    /// timing.
    func runsOnEngineTime(_ slot: Int) -> Bool { timeSource(of: slot) == nil }

    /// `SteadyEntry.timeLayerStepsFromEngineTime` for an entry on `timeLayer` (−1: engine
    /// time): a time layer whose superlayer runs on engine time (`runsOnEngineTime`, the rule
    /// `superlayerChanges(of:superlayer:)` evicts by).
    static func stepsFromEngineTime(_ timeLayer: Int32, in state: EngineState) -> Bool {
        timeLayer >= 0 && state.runsOnEngineTime(Int(state.layers[Int(timeLayer)].parent))
    }

    /// Makes the entry in `entry` a tombstone; its record and layer go back to the general walk.
    private func leaveSteadyLane(entry: Int) {
        let index = Int(steadyLane.entries[entry].record)
        guard index >= 0 else { return }
        steadyLane.entries[entry].record = -1
        steadyLane.tombstones += 1
        animations[index].laneEntry = -1
        setLaneEntry(-1, ofRecordsAfter: index, count: Self.joiningCount(steadyLane.entries[entry].kind, animations[index]))
        joinGeneralWalk(Int(animations[index].layer))
    }

    /// How many records after the one in `index` share its entry of `kind`: a path's rotation,
    /// a group's children.
    private static func joiningCount(_ kind: SteadyEntry.Kind, _ record: AttachedAnimation) -> Int {
        kind == .pathKeyframes || kind == .group ? Int(record.followers) : 0
    }

    /// Sets `laneEntry` of the `count` records after the one in `index` in its layer's list.
    private func setLaneEntry(_ entry: Int32, ofRecordsAfter index: Int, count: Int) {
        var member = Int(animations[index].next)
        for _ in 0..<count where member >= 0 {
            animations[member].laneEntry = entry
            member = Int(animations[member].next)
        }
    }

    /// Whether `property` is a property of one of the `count` records from the one in `index`
    /// on in its layer's list (a group has none of its own).
    private func sharesProperty(_ property: Int32, withRecordsFrom index: Int, count: Int) -> Bool {
        var member = index
        for _ in 0..<count where member >= 0 {
            if animations[member].property >= 0 && animations[member].property == property { return true }
            member = Int(animations[member].next)
        }
        return false
    }

    /// Compacts the lane when it is due (`SteadyLane.needsCompaction`).
    func compactSteadyLaneIfSparse() {
        if steadyLane.needsCompaction { compactSteadyLane() }
    }

    /// Drops the tombstones and the children of left groups. A fragmented lane
    /// (`SteadyLane.isFragmented`) has its entries regrouped by shape, each shape's in their
    /// order, so that the lane's loop takes them in one run per shape; any other keeps its
    /// order, compacted in place (allocating nothing).
    private func compactSteadyLane() {
        steadyLane.timedLayers.removeAll(keepingCapacity: true)
        var keptMembers = 0
        guard steadyLane.isFragmented else {
            var kept = 0
            var breaks = 0
            for position in steadyLane.entries.indices where steadyLane.entries[position].record >= 0 {
                let entry = keepLaneEntry(steadyLane.entries[position], at: kept, keptMembers: &keptMembers)
                if kept > 0 && steadyLane.entries[kept - 1].runShape != entry.runShape { breaks += 1 }
                steadyLane.entries[kept] = entry
                kept += 1
            }
            steadyLane.entries.removeLast(steadyLane.entries.count - kept)
            steadyLane.members.removeLast(steadyLane.members.count - keptMembers)
            steadyLane.noteCompaction(runBreaks: breaks, regrouped: false)
            return
        }
        // A stable counting sort: where each shape's entries start in the new order.
        var starts = Array(repeating: 0, count: SteadyLane.RunShape.count)
        for entry in steadyLane.entries where entry.record >= 0 { starts[Int(entry.runShape.rawValue)] += 1 }
        let shapes = starts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        var kept = 0
        for shape in starts.indices { (starts[shape], kept) = (kept, kept + starts[shape]) }
        steadyLane.entries = [SteadyEntry](unsafeUninitializedCapacity: kept) { buffer, initialized in
            for position in steadyLane.entries.indices where steadyLane.entries[position].record >= 0 {
                let shape = Int(steadyLane.entries[position].runShape.rawValue)
                let entry = keepLaneEntry(steadyLane.entries[position], at: starts[shape], keptMembers: &keptMembers)
                (buffer.baseAddress! + starts[shape]).initialize(to: entry)
                starts[shape] += 1
            }
            initialized = kept
        }
        steadyLane.members.removeLast(steadyLane.members.count - keptMembers)
        steadyLane.noteCompaction(runBreaks: max(shapes - 1, 0), regrouped: true)
    }

    /// A live lane entry kept by the compaction at `index`: its group's children moved down to
    /// `keptMembers` (the entries are visited in their order, so a group's children move down,
    /// never over kept ones), its records and the walk of layer times told.
    private func keepLaneEntry(_ entry: SteadyEntry, at index: Int, keptMembers: inout Int) -> SteadyEntry {
        var entry = entry
        for member in 0..<Int(entry.memberCount) {
            steadyLane.members[keptMembers + member] = steadyLane.members[Int(entry.firstMember) + member]
        }
        entry.firstMember = Int32(keptMembers)
        keptMembers += Int(entry.memberCount)
        animations[Int(entry.record)].laneEntry = Int32(index)
        setLaneEntry(Int32(index), ofRecordsAfter: Int(entry.record), count: Self.joiningCount(entry.kind, animations[Int(entry.record)]))
        if entry.needsWalkedTime { steadyLane.timedLayers.append(entry.timeLayer) }
        return entry
    }

    /// Puts the layer in `slot` in the general walk (`animatedLayers`) if it is not there.
    func joinGeneralWalk(_ slot: Int) {
        guard layers[slot].animatedIndex < 0 else { return }
        layers[slot].animatedIndex = Int32(animatedLayers.count)
        animatedLayers.append(Int32(slot))
    }

    /// Takes the layer in `slot` out of the general walk: it has no animation left there.
    @inline(__always)  // often for a layer not in the walk: the call cost more than the check
    func leaveGeneralWalk(_ slot: Int) {
        let position = Int(layers[slot].animatedIndex)
        guard position >= 0 else { return }
        let moved = animatedLayers.removeLast()
        if position < animatedLayers.count {
            animatedLayers[position] = moved
            layers[Int(moved)].animatedIndex = Int32(position)
        }
        layers[slot].animatedIndex = -1
    }
}
