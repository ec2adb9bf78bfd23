/// Joining, leaving and running the tick's steady lane (see `SteadyLane`), and the threads it
/// runs on.
extension EngineState {
    /// Ticks on `count` threads in all from now on (see `Engine.setTickThreadCount`).
    mutating func setTickThreadCount(_ count: Int) throws(AnimCoreError) {
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
            throw AnimCoreError(
                .invalidState,
                "the system refused a thread (\(count) were asked for); the engine ticks on \(tickThreads?.count ?? 1) as before")
        }
        tickThreads = threads
    }

    /// Evaluates the lane at engine time `now`, on `tickThreads` when it is large enough, and
    /// takes the entries that left out of it (their layers rejoin the general walk, which
    /// evaluates them in this tick). The entries' order, hence the exits' order, does not
    /// depend on the thread count.
    mutating func evaluateSteadyLane(at now: Double, context: EvaluationContext) {
        compactSteadyLaneIfSparse()
        let count = steadyLane.entries.count
        guard count > 0 else { return }
        let threads = tickThreads
        let parts = min(threads?.count ?? 1, max(1, count / SteadyLane.entriesPerThreadMinimum))
        let scratchNeeded = (parts - 1) * ScratchOffset.count
        if steadyLane.scratch.used < scratchNeeded { _ = steadyLane.scratch.allocate(scratchNeeded - steadyLane.scratch.used) }
        // Out of the state while the parts run, so that nothing else reaches them.
        var entries: [SteadyEntry] = []
        var exits: [[Int32]] = []
        swap(&entries, &steadyLane.entries)
        swap(&exits, &steadyLane.exits)
        while exits.count < parts { exits.append([]) }
        entries.withUnsafeMutableBufferPointer { entries in
            guard let base = entries.baseAddress else { return }
            exits.withUnsafeMutableBufferPointer { lists in
                guard let lists = lists.baseAddress else { return }
                rowBases.withUnsafeBufferPointer { rows in
                    guard let rows = rows.baseAddress else { return }
                    var round = SteadyLane.Round(
                        entries: base, exits: lists, count: count, parts: parts, now: now, context: context,
                        rows: rows, scratch: steadyLane.scratch.pointer(0))
                    guard parts > 1, let threads else { return round.evaluate(part: 0) }
                    withUnsafeMutablePointer(to: &round) { round in
                        threads.run(parts: parts, context: UnsafeMutableRawPointer(round)) { round, part in
                            round.assumingMemoryBound(to: SteadyLane.Round.self).pointee.evaluate(part: part)
                        }
                    }
                }
            }
        }
        swap(&entries, &steadyLane.entries)
        for part in 0..<parts {
            for index in exits[part] { leaveSteadyLane(entry: Int(index)) }
        }
        swap(&exits, &steadyLane.exits)
    }

    /// A record the general walk evaluated steady this tick (see `TickNotice.Kind.steady`), or
    /// one committing now (`joinsSteadyLaneAtCommit`), joins the lane if the rest holds: it is
    /// still running in its first cycle, its layer runs on engine time and no other animation
    /// of its layer touches its property. Its layer leaves the general walk when every
    /// animation of it is in the lane. `onEngineTime`: the caller found that its layer runs on
    /// engine time (`joinsSteadyLaneAtCommit`).
    mutating func joinSteadyLane(_ index: Int, onEngineTime: Bool = false) {
        let record = animations.base + index
        guard record.pointee.state == .running, record.pointee.laneEntry < 0 else { return }
        let slot = Int(record.pointee.layer)
        guard onEngineTime || runsOnEngineTime(slot) else { return }
        let timing = record.pointee.timing
        let end = min(record.pointee.activeParentDuration, timing.duration)
        // Past its first cycle (a repeat) it would leave at once: it stays out until its layer
        // changes (it would ask again every tick).
        let elapsed = currentTime - timing.beginTime
        guard elapsed >= 0 && elapsed < end else {
            if elapsed >= end { record.pointee.isRefusedByLane = true }
            return
        }
        if joinTowardModelAlone(index, slot: slot, timing: timing, end: end) { return }
        // The records that join with it, in the same entry: a path's rotation (the keyframes'
        // follower, on its own timing equal to theirs), a group's children (checked when added).
        let isGroup = record.pointee.kind == .group
        let rotation = record.pointee.kind == .keyframe && record.pointee.followers == 1 ? Int(record.pointee.next) : -1
        let joining = isGroup || rotation >= 0 ? Int(record.pointee.followers) : 0
        if rotation >= 0 && animations[rotation].state != .running { return }
        // (Keyframes on a component of the transform itself would share the rotation's slots:
        // no key path gives that today; the general walk would take them.)
        if rotation >= 0 && animations[rotation].property == record.pointee.property {
            record.pointee.isRefusedByLane = true
            return
        }
        // No other animation of the layer may touch a property of those joining. (The layer's
        // only animation, as an implicit one usually is, has none to ask.)
        var allInLane = true
        let isAlone = layers[slot].firstAnimation == Int32(index) && layers[slot].lastAnimation == Int32(index)
        var other = isAlone ? -1 : Int(layers[slot].firstAnimation)
        var position = 0  // of `other` in the layer's list; `index` is at `first`
        var first = -1
        while other >= 0 {
            if other == index { first = position }
            let isJoining = first >= 0 && position >= first && position <= first + joining
            let member = animations.base + other
            if !isJoining {
                if sharesProperty(member.pointee.property, withRecordsFrom: index, count: joining + 1) {
                    record.pointee.isRefusedByLane = true  // until its layer changes
                    return
                }
                if member.pointee.laneEntry < 0 { allInLane = false }
            }
            other = Int(member.pointee.next)
            position += 1
        }
        // What the lane needs of each kind: a basic animation's ends and curve, a scalar
        // spring's ends and spring, scalar keyframes' curve and keyframes, a free decay's
        // record, over the whole value; the others are evaluated from their records.
        let isScalar = record.pointee.valueKind == .scalar
        let whole = record.pointee.overwritesWholeValue
        // From a given value toward the model value underneath, over the whole value (an
        // implicit animation's; the missing end reads what lies underneath: in the lane, the
        // model), held in the class's rows (read from the entry, `SteadyEntry.modelSlots`).
        let modelOffset = Int(places[slot].row) + Int(record.pointee.modelOffset)
        let towardModel = Self.readsInlineModel(record, modelOffset: modelOffset)
        var kind = whole ? SteadyEntry.Kind.record : .recordOverModel
        var function: Int32 = -1
        var ends = BasicRecord()
        switch record.pointee.kind {
        case .basic where whole:
            let values = basicRecords[record.pointee.parameters]
            if movesBetweenGivenEnds(values, function: record.pointee.function, kind: record.pointee.valueKind) {
                // A cumulative one takes `applyEndpoints`' general route (`ValueMath.lerp`,
                // exact at a fraction of 1), which the coordinates' loop computes too.
                kind = isScalar && !record.pointee.isCumulative ? .scalar : .coordinates
                function = record.pointee.function
                ends = values
            }
        case .basic where isScalar && record.pointee.component != nil && !record.pointee.isAdditive
            && !record.pointee.isCumulative:
            // Into a component of the whole value (`transform.rotation.z`), over the model.
            let values = basicRecords[record.pointee.parameters]
            if movesBetweenGivenEnds(values, function: record.pointee.function, kind: .scalar) {
                kind = .scalarComponent
                function = record.pointee.function
                ends = values
            }
        case .basic where towardModel:
            let values = basicRecords[record.pointee.parameters]
            if movesTowardModel(values, function: record.pointee.function) {
                kind = .towardModel
                function = record.pointee.function
                ends = values
            }
        case .spring where towardModel:
            // With the velocity it carried, or none.
            // (In place: a copy of the spring record costs more than these reads.)
            let spring = springRecords.records.base + Int(record.pointee.parameters)
            let endpoints = spring.pointee.endpoints
            if endpoints.from >= 0 && endpoints.to < 0 && endpoints.by < 0 {
                kind = .springTowardModel
                function = record.pointee.parameters
                ends.from = endpoints.from
                ends.to = spring.pointee.startVelocity
            }
        case .spring where whole && isScalar && !record.pointee.isCumulative:
            let spring = springRecords.records.base + Int(record.pointee.parameters)
            let endpoints = spring.pointee.endpoints
            if endpoints.from >= 0 && endpoints.to >= 0 && endpoints.by < 0 && spring.pointee.startVelocity < 0 {
                kind = .scalarSpring
                function = record.pointee.parameters
                ends = endpoints
            }
        case .decay where whole:
            let decay = decayRecords[record.pointee.parameters]
            let components = animationValues.pointer(Int(decay.block))
            let count = Int(record.pointee.propertySlotCount)
            if (0..<count).allSatisfy({ components[$0 * DecayRecord.stride + 2] == DecayRecord.Mode.free.rawValue }) {
                kind = .freeDecay
                function = record.pointee.parameters
            }
        case .keyframe where rotation >= 0:
            // The keyframes from their record; the rotation's output in `to`.
            kind = .pathKeyframes
            ends.to = places[slot].presentationOffset + animations[rotation].presentationOffset
        case .keyframe where whole && isScalar:
            // `keyframeProgress`: paced keyframes ignore the timing function.
            let eased = keyframeRecords[record.pointee.parameters].isPaced ? -1 : record.pointee.function
            if isBezierOrNone(eased) {
                kind = .scalarKeyframes
                function = eased
                ends.from = record.pointee.parameters
            }
        default:
            break
        }
        let hasScalarEnds = kind == .scalar || kind == .scalarSpring || kind == .scalarComponent
        if isGroup {
            kind = .group
            markLaneChildren(of: index, count: joining)
        }
        record.pointee.laneEntry = Int32(steadyLane.entries.count)
        if joining > 0 { setLaneEntry(record.pointee.laneEntry, ofRecordsAfter: index, count: joining) }
        var entry = SteadyEntry(
            beginTime: timing.beginTime, duration: timing.duration, end: end,
            scalarFrom: hasScalarEnds ? animationValues.pointer(Int(ends.from))[0] : 0,
            scalarTo: hasScalarEnds ? animationValues.pointer(Int(ends.to))[0] : 0, function: function,
            from: ends.from, to: ends.to,
            output: places[slot].presentationOffset + record.pointee.presentationOffset, record: Int32(index),
            slotCount: Int16(record.pointee.propertySlotCount), kind: kind)
        if kind == .towardModel || kind == .springTowardModel {
            entry.modelSlots = (places[slot].classIndex, Int32(modelOffset))
        }
        steadyLane.entries.append(entry)
        if allInLane { leaveGeneralWalk(slot) }
    }

    /// `joinSteadyLane`'s commonest case, decided first: a basic animation's record from a given
    /// value toward the model value underneath (an implicit animation's; `readsInlineModel`,
    /// `movesTowardModel`) alone in its layer: a `towardModel` entry, made as the general
    /// decision makes it. False, having changed nothing, for any other record. The caller
    /// checked the rest: running in its first cycle, on engine time, not in the lane.
    // [Perf] The general decision cost about 220 instructions of an implicit start's 1150 (a
    // batch set with its commit tick).
    @inline(__always)
    private mutating func joinTowardModelAlone(_ index: Int, slot: Int, timing: MediaTiming, end: Double) -> Bool {
        let record = animations.base + index
        guard record.pointee.kind == .basic, record.pointee.followers == 0,
              layers[slot].firstAnimation == Int32(index), layers[slot].lastAnimation == Int32(index)
        else { return false }
        let modelOffset = Int(places[slot].row) + Int(record.pointee.modelOffset)
        let function = record.pointee.function
        let values = basicRecords[record.pointee.parameters]
        guard Self.readsInlineModel(record, modelOffset: modelOffset), movesTowardModel(values, function: function)
        else { return false }
        record.pointee.laneEntry = Int32(steadyLane.entries.count)
        var entry = SteadyEntry(
            beginTime: timing.beginTime, duration: timing.duration, end: end, scalarFrom: 0, scalarTo: 0,
            function: function, from: values.from, to: values.to,
            output: places[slot].presentationOffset + record.pointee.presentationOffset, record: Int32(index),
            slotCount: Int16(record.pointee.propertySlotCount), kind: .towardModel)
        entry.modelSlots = (places[slot].classIndex, Int32(modelOffset))
        steadyLane.entries.append(entry)
        leaveGeneralWalk(slot)
        return true
    }

    /// Whether the record in `record` heads for the model value underneath over its whole value,
    /// held inline in its class's rows at `modelOffset` (the lane reads it there: its entry's
    /// `modelSlots`): not a whole-value animation (both ends its own), not additive, cumulative
    /// or on a component, of a kind with coordinates.
    @inline(__always)
    private static func readsInlineModel(_ record: UnsafeMutablePointer<AttachedAnimation>, modelOffset: Int) -> Bool {
        !record.pointee.overwritesWholeValue && !record.pointee.isAdditive && record.pointee.component == nil
            && !record.pointee.isCumulative && record.pointee.valueKind.hasCoordinates
            && record.pointee.modelIsInline && modelOffset <= Int(Int32.max)
    }

    /// Whether a basic animation's ends and curve make a `towardModel` entry: a from value,
    /// neither to nor by, a bezier or no curve.
    @inline(__always)
    private func movesTowardModel(_ values: BasicRecord, function: Int32) -> Bool {
        values.from >= 0 && values.to < 0 && values.by < 0 && isBezierOrNone(function)
    }

    /// Whether a basic animation's ends, curve and value kind make a `scalar` or `coordinates`
    /// entry (or a plain group child): a from and a to value, no by, a bezier or no curve, a
    /// kind with coordinates.
    @inline(__always)
    private func movesBetweenGivenEnds(_ values: BasicRecord, function: Int32, kind: ValueKind) -> Bool {
        values.from >= 0 && values.to >= 0 && values.by < 0 && isBezierOrNone(function) && kind.hasCoordinates
    }

    /// Whether the curve at `function` (an index in `functions`; −1 for none) is a bezier or
    /// none: the curves the lane evaluates.
    @inline(__always)
    private func isBezierOrNone(_ function: Int32) -> Bool {
        function < 0 || functions.isBezier(function)
    }

    /// Whether the record at `index`, committing now, joins the lane at once rather than after
    /// the general walk's first evaluation. It does when that evaluation would only move it to
    /// running and notice it steady: it runs on engine time, in its first cycle now, and has no
    /// delegate waiting for its start (the walk sends starts in walk order) and no records of
    /// its own (a group's children, a path's rotation join with theirs, from the walk).
    /// `joinSteadyLane` checks the rest (the layer's other animations).
    // [Perf] The walk's first evaluation of a new animation, with its notice, cost about 550
    // instructions of an implicit animation's start; the lane evaluates it in this tick instead.
    // The value is the same to the bit: the lane and the walk compute each kind alike.
    @inline(__always)  // a call from mutating code would copy the whole state
    func joinsSteadyLaneAtCommit(_ index: Int) -> Bool {
        let record = animations.base + index
        guard isSteadyLaneEnabled, record.pointee.mayJoinSteadyLane, !record.pointee.isRefusedByLane,
              record.pointee.followers == 0, record.pointee.kind != .group, record.pointee.laneEntry < 0
        else { return false }
        if !animationDelegates.isEmpty, animationDelegates[Int32(index)]?.didStart != nil { return false }
        guard runsOnEngineTime(Int(record.pointee.layer)) else { return false }
        let elapsed = currentTime - record.pointee.timing.beginTime
        return elapsed >= 0 && elapsed < min(record.pointee.activeParentDuration, record.pointee.timing.duration)
    }

    /// Takes every animation of the layer in `slot` out of the lane, before anything about
    /// them changes (an animation added or removed, the presentation block moved); the layer
    /// rejoins the general walk.
    @inline(__always)  // often for a layer with no animation: the call cost more than the loop
    mutating func leaveSteadyLane(layer slot: Int) {
        var index = Int(layers[slot].firstAnimation)
        while index >= 0 {
            animations[index].isRefusedByLane = false
            let entry = Int(animations[index].laneEntry)
            if entry >= 0 { leaveSteadyLane(entry: entry) }
            index = Int(animations[index].next)
        }
    }

    /// `leaveSteadyLane(layer:)` for the layer in `slot` and every layer under it: their
    /// time may no longer be engine time.
    mutating func leaveSteadyLane(subtree slot: Int) {
        guard steadyLane.liveCount > 0 else { return }
        var pending = [slot]
        while let current = pending.popLast() {
            leaveSteadyLane(layer: current)
            var child = Int(layers[current].firstChild)
            while child >= 0 {
                pending.append(child)
                child = Int(layers[child].nextSibling)
            }
        }
    }

    /// Takes every animation out of the lane.
    mutating func leaveSteadyLane() {
        for entry in steadyLane.entries.indices { leaveSteadyLane(entry: entry) }
    }

    /// Whether the layer in `slot` runs on engine time: it and its superlayers have default
    /// timing.
    func runsOnEngineTime(_ slot: Int) -> Bool {
        var current = slot
        while current >= 0 {
            if !layers[current].hasDefaultTiming { return false }
            current = Int(layers[current].parent)
        }
        return true
    }

    /// Makes the entry in `entry` a tombstone; its record and layer go back to the general walk.
    private mutating func leaveSteadyLane(entry: Int) {
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
    // [Perf] Static: a non-mutating method called from the mutating callers copied the whole
    // state (about 3000 instructions each time an entry left the lane).
    private static func joiningCount(_ kind: SteadyEntry.Kind, _ record: AttachedAnimation) -> Int {
        kind == .pathKeyframes || kind == .group ? Int(record.followers) : 0
    }

    /// Sets `laneChild` of a group's `count` children, the records after the group's in
    /// `index` (`LaneChild`).
    private mutating func markLaneChildren(of index: Int, count: Int) {
        var member = Int(animations[index].next)
        for _ in 0..<count where member >= 0 {
            let child = animations.base + member
            let timing = child.pointee.timing
            let isPlain = child.pointee.kind == .basic && child.pointee.overwritesWholeValue
                && !child.pointee.isCumulative && timing.speed == 1 && timing.timeOffset == 0
                && movesBetweenGivenEnds(basicRecords[child.pointee.parameters], function: child.pointee.function, kind: child.pointee.valueKind)
            let isOneCycle = !timing.autoreverses && (timing.repeatCount == 0 || timing.repeatCount == 1)
                && timing.repeatDuration == 0
            child.pointee.laneChild = !isPlain ? .general : isOneCycle ? .plainBasicOneCycle : .plainBasic
            member = Int(child.pointee.next)
        }
    }

    /// Sets `laneEntry` of the `count` records after the one in `index` in its layer's list.
    private mutating func setLaneEntry(_ entry: Int32, ofRecordsAfter index: Int, count: Int) {
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

    /// Compacts the lane when a quarter or more of its entries are tombstones.
    mutating func compactSteadyLaneIfSparse() {
        if steadyLane.tombstones > 0 && steadyLane.tombstones * 4 >= steadyLane.entries.count { compactSteadyLane() }
    }

    /// Drops the tombstones, keeping the entries' order.
    private mutating func compactSteadyLane() {
        var kept = 0
        for position in steadyLane.entries.indices where steadyLane.entries[position].record >= 0 {
            let entry = steadyLane.entries[position]
            steadyLane.entries[kept] = entry
            animations[Int(entry.record)].laneEntry = Int32(kept)
            setLaneEntry(Int32(kept), ofRecordsAfter: Int(entry.record), count: Self.joiningCount(entry.kind, animations[Int(entry.record)]))
            kept += 1
        }
        steadyLane.entries.removeLast(steadyLane.entries.count - kept)
        steadyLane.tombstones = 0
    }

    /// Puts the layer in `slot` in the general walk (`animatedLayers`) if it is not there.
    mutating func joinGeneralWalk(_ slot: Int) {
        guard layers[slot].animatedIndex < 0 else { return }
        layers[slot].animatedIndex = Int32(animatedLayers.count)
        animatedLayers.append(Int32(slot))
    }

    /// Takes the layer in `slot` out of the general walk: it has no animation left there.
    @inline(__always)  // often for a layer not in the walk: the call cost more than the check
    mutating func leaveGeneralWalk(_ slot: Int) {
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
