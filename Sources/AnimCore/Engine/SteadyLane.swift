import Glibc

/// The tick's steady lane: animations whose evaluation owes nothing, evaluated by a compact
/// loop over small entries instead of the general walk over layers and records.
///
/// An animation is steady while
/// - it is a basic, spring, decay or keyframe animation (along a path, with its rotation
///   record, which joins in the same entry), or a group of those (with its children, which
///   join with it, each in an entry of `members`), on properties that do not redisplay the
///   layer;
/// - it is the only animation of its layer on that property (a group's children count; a
///   path's rotation is the only one on the transform);
/// - it applies (active, or filling) and a tick at its time leaves its run state as it is
///   (`RunState.step(at:parentApplies:)` makes no step: no start, end or first showing owed).
///
/// Any timing qualifies — repeating, autoreversing, any speed or time offset, begin times per
/// layer, a fill held after the end — and so does any layer time (the layer's own timing and
/// its superlayers', paused or not): every entry is sampled by the one timing pipeline
/// (`MediaTiming.sample(atParentTime:activeParentDuration:cycles:)`, starting from the count of
/// cycles it kept from its last frame) at its layer's time: the clock's mapping of engine time
/// of its time layer when no layer above that one has timing of its own
/// (`SteadyEntry.timeLayerStepsFromEngineTime`), else the time the tick computes once per
/// layer with timing of its own (`LayerTimeWalk`) before the lane runs.
///
/// Each entry is computed by its kind's one evaluation (`applyEndpoints` through
/// `applySpring`, `applyDecay`, `applyKeyframes`; a group's time by `applyGroup`, and each of
/// its children, sampled in it by `childSample`, from an entry of its own in `members`) from
/// what its entry keeps: the composition, the ends, its kind's record, and the
/// model value its property starts from (the first animation of a property starts from it, as
/// in the general walk). So the values are the general walk's to the bit, by construction.
/// The loop takes them in runs of one shape (`SteadyLane+Runs.swift`). Entries are
/// independent, so the lane may run on several threads (`TickThreads`; each part has its own
/// scratch slots). A path or array animation writes its value into buffers of its
/// own in the engine's `VariableValues`, reserved when it was added: the store's structure does
/// not change while the parts run (`VariableValues` says why; a record whose value might not
/// fit its buffers stays on the general walk, `EngineState.variableResultsKeepOwnShape`).
///
/// A record joins at its commit when the general walk's first evaluation would owe nothing
/// (`EngineState.steadyStateAtCommit`), else after a tick in which the general walk
/// evaluated it (that tick sent what it owed). It leaves when a tick would move its run state
/// on or it stops applying — the general walk then evaluates it in the same tick (its start,
/// its end, its did-stop) — or when its layer changes: an animation added or removed, a timing
/// property or a superlayer that takes the layer off engine time. A layer whose every
/// animation is in the lane leaves the general walk.
struct SteadyLane {
    /// The entries: those the last compaction kept grouped by shape (`RunShape`), each
    /// shape's in the order they joined, then those that joined since, in that order; a left
    /// entry stays as a tombstone (`record` −1) until the next compaction.
    var entries: [SteadyEntry] = []
    /// Tombstones among `entries`.
    var tombstones = 0
    /// Neighbouring entries of different shapes: one run ends at each (`evaluateRuns`).
    var runBreaks = 0
    /// `runBreaks` when the lane was last regrouped by shape (one fewer than the shapes it had
    /// then), or fewer when entries have left since.
    var groupedRunBreaks = 0
    /// The children of the groups in `entries`, each group's together and in its list's order
    /// (`SteadyEntry.firstMember`, `memberCount`), in the order of their groups' entries; a
    /// left group's stay until the next compaction.
    var members: [SteadyEntry] = []
    /// The layers that live entries run on off engine time (`SteadyEntry.timeLayer`) under a
    /// superlayer off engine time too (not `timeLayerStepsFromEngineTime`), each as often as
    /// it has entries, and some of left entries until the next compaction: the tick computes
    /// their times before the lane runs.
    var timedLayers: [Int32] = []
    /// Each thread's entries that left during the last evaluation (indexes in `entries`), one
    /// list per part of the work, kept with their capacity.
    var exits: [[Int32]] = [[]]
    /// Scratch slots of the parts that run on other threads (`ScratchOffset.count` each).
    let scratch = SlotBuffer(initialCapacity: 0)

    /// Entries of records that are still in the lane.
    var liveCount: Int { entries.count - tombstones }

    /// Appends `entry`, counting the run it may start.
    mutating func append(_ entry: SteadyEntry) {
        if let last = entries.last, last.runShape != entry.runShape { runBreaks += 1 }
        entries.append(entry)
    }

    /// Whether the next compaction is due: a quarter or more of the entries are tombstones, or
    /// the lane is fragmented.
    var needsCompaction: Bool { (tombstones > 0 && tombstones * 4 >= entries.count) || isFragmented }

    /// Whether the runs that joins have broken since the lane was last regrouped average fewer
    /// than `entriesPerRunMinimum` entries (interleaved joins: the animations of several
    /// properties of each of many layers): the next compaction regroups the entries by shape.
    var isFragmented: Bool { (runBreaks - groupedRunBreaks) * Self.entriesPerRunMinimum > entries.count }

    /// Notes a compaction that left `runBreaks` breaks between runs, `regrouped` by shape or not.
    mutating func noteCompaction(runBreaks breaks: Int, regrouped: Bool) {
        tombstones = 0
        runBreaks = breaks
        // (A compaction in place keeps the breaks joins made; it may merge runs whose entries
        // between them all left.)
        groupedRunBreaks = regrouped ? breaks : min(groupedRunBreaks, breaks)
    }

    /// The fewest entries the runs average before the lane regroups them: a run costs the loop
    /// about as much as a few entries.
    static let entriesPerRunMinimum = 16

    /// The fewest entries worth another thread: below this, waking a thread costs more than
    /// the entries' evaluation.
    static let entriesPerThreadMinimum = 4096

    /// Whether a record may ever join: what does not change while it runs (the rest — its
    /// run state at its time, the other animations of its property — is checked when it
    /// joins).
    static func admits(_ record: AttachedAnimation) -> Bool {
        let kindAdmits = switch record.kind {
        case .basic, .spring, .decay: true
        case .keyframe: true  // with a path's rotation record or not
        case .group: true  // with its children (`admitsInGroup`)
        case .transition: true  // (writes no property: its record's progress)
        case .pathRotation: false  // (joins with its keyframes)
        }
        // Whatever its timing: the lane samples it as the general walk does. Whatever its
        // kind: a path or array writes only its own buffers in the engine's `VariableValues`
        // (see there for why the parts may share the store; `joinSteadyLane` checks the rest).
        return kindAdmits && record.parent < 0 && !record.needsDisplay
    }

    /// Whether a group's record `child` may join the lane with its group (the record at
    /// `parent`): a direct child that the general evaluation computes alone (no group, no
    /// path's rotation), on a property that does not redisplay the layer.
    static func admitsInGroup(_ child: AttachedAnimation, parent: Int32) -> Bool {
        let kindAdmits = switch child.kind {
        case .basic, .spring, .decay: true
        case .keyframe: child.followers == 0
        case .group, .pathRotation, .transition: false
        }
        return kindAdmits && child.parent == parent && !child.needsDisplay
    }

    /// One evaluation of the lane, split in `parts` of consecutive entries; each part writes
    /// its entries' presentation slots, their counts of cycles and its own exit list only.
    struct Round {
        let entries: UnsafeMutablePointer<SteadyEntry>
        /// The groups' children (`SteadyLane.members`); a group's part evaluates them.
        let members: UnsafeMutablePointer<SteadyEntry>
        let exits: UnsafeMutablePointer<[Int32]>
        let count: Int
        let parts: Int
        let now: Double
        let context: EvaluationContext
        /// Each class's model-row buffer, by class index (`EngineState.rowBases`).
        let rows: UnsafePointer<UnsafeMutablePointer<Double>>
        /// `ScratchOffset.count` slots per part but the first (which uses the engine's).
        let scratch: UnsafeMutablePointer<Double>

        func evaluate(part: Int) {
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            let own = part == 0 ? context : context.with(scratch: scratch + (part - 1) * ScratchOffset.count)
            exits[part].removeAll(keepingCapacity: true)
            SteadyLane.evaluateRuns(entries, range, members: members, at: now, context: own, rows: rows, exits: &exits[part])
        }
    }

    /// The value of a basic, spring, decay or keyframe entry of `shape` (its own, or a group's
    /// child's) at `sample`, taken at its parent's time `time` (its layer's, or its group's),
    /// into its property's slots `out`, which hold what lies underneath.
    // Transparent: inlined before the optimiser's own inlining, as if written in each caller,
    // whose size would otherwise stop it (`@inline(__always)` is not inlined there); `shape`
    // is a constant in a run of the lane (`Lane.evaluateRun`), where the switch folds away.
    @_transparent
    static func evaluateValue(
        _ entry: UnsafeMutablePointer<SteadyEntry>, as shape: RunShape, sample: TimingSample, time: Double,
        context: EvaluationContext, springMotions: inout SpringMotionMemo, into out: UnsafeMutablePointer<Double>
    ) {
        switch shape {
        case .basicScalar, .basicPoint, .basic, .basicVariable:
            // (Eased once for the four: a group's children, of any of them, share the curve's
            // code. A whole scalar's or point's composition passed as a constant, which the
            // compiler reduces `applyEndpoints` to; a whole path's or array's resolved
            // interpolation taken without testing its composition, which its shape says, the
            // rest of `applyEndpoints` out of line.)
            let fraction = context.eased(entry.pointee.function, sample)
            if shape == .basicScalar {
                context.applyEndpoints(.whole(.scalar), inlineEnds(entry), fraction: fraction, sample: sample, to: out)
            } else if shape == .basicPoint {
                let basic = context.basics + Int(entry.pointee.parameters)
                evaluateWholePoint(basic, fraction: fraction, sample: sample, context: context, into: out)
            } else if shape == .basicVariable {
                let basic = context.basics + Int(entry.pointee.parameters)
                let whole = Composition.whole(entry.pointee.composition.kind)
                if !context.applyResolvedInterpolation(whole, basic, fraction: fraction, to: out) {
                    applyEndpointsApart(entry.pointee.composition, basic, fraction: fraction, sample: sample, context: context, into: out)
                }
            } else {
                let basic = context.basics + Int(entry.pointee.parameters)
                context.applyEndpoints(entry.pointee.composition, basic, fraction: fraction, sample: sample, to: out)
            }
        case .springScalar:
            let t = entry.pointee.timing.basicTime(of: sample, atParentTime: time)
            evaluateScalarSpring(entry, at: t, sample: sample, context: context, into: out)
        case .spring:
            let t = entry.pointee.timing.basicTime(of: sample, atParentTime: time)
            evaluateSpring(entry, at: t, sample: sample, context: context, springMotions: &springMotions, into: out)
        case .decayPoint, .decay:
            evaluateDecay(entry, at: entry.pointee.timing.basicTime(of: sample, atParentTime: time), context: context, into: out)
        case .keyframesScalar:
            let keyframes = context.keyframes + Int(entry.pointee.parameters)
            evaluateScalarKeyframes(entry.pointee.function, keyframes, sample: sample, context: context, into: out)
        case .keyframes:
            let keyframes = context.keyframes + Int(entry.pointee.parameters)
            _ = context.applyKeyframes(entry.pointee.composition, entry.pointee.function, keyframes, sample: sample, to: out)
        case .path, .group, .transition:
            break  // (not values of one property: `evaluatePath`, `evaluateGroup`, `applyTransition`)
        }
    }

    /// A basic entry that moves a whole point (a position, as a rule) at `fraction`: its
    /// composition passed as a constant, which the compiler reduces `applyEndpoints` to.
    // Inlined where it is called (the lane's runs, a group's children): the point's two
    // lerps cost less than a call there.
    @inline(__always)
    static func evaluateWholePoint(
        _ basic: UnsafeMutablePointer<BasicRecord>, fraction: Double, sample: TimingSample, context: EvaluationContext,
        into out: UnsafeMutablePointer<Double>
    ) {
        context.applyEndpoints(.whole(.point), basic, fraction: fraction, sample: sample, to: out)
    }

    /// A keyframes entry that moves a whole scalar: its composition passed as a constant, which
    /// the compiler reduces `applyKeyframes` and its `keyframeValue` to.
    // Out of line, in a run of such entries too: inlined in a loop, `keyframeValue` is not
    // inlined in turn and takes its kind as a variable.
    @inline(never)
    static func evaluateScalarKeyframes(
        _ function: Int32, _ keyframes: UnsafeMutablePointer<KeyframeRecord>, sample: TimingSample, context: EvaluationContext,
        into out: UnsafeMutablePointer<Double>
    ) {
        _ = context.applyKeyframes(.whole(.scalar), function, keyframes, sample: sample, to: out)
    }

    /// The scalar ends an entry keeps (`hasInlineEnds`), in place.
    @inline(__always)
    static func inlineEnds(_ entry: UnsafeMutablePointer<SteadyEntry>) -> Ends {
        let bytes = UnsafeMutableRawPointer(entry)
        let from = bytes + MemoryLayout<SteadyEntry>.offset(of: \.scalarFrom)!
        let to = bytes + MemoryLayout<SteadyEntry>.offset(of: \.scalarTo)!
        return Ends(from: from.assumingMemoryBound(to: Double.self), to: to.assumingMemoryBound(to: Double.self), by: nil)
    }

    /// Copies the model value of an entry's property into its presentation slots `out`: the
    /// value underneath it (the only animation of its property), as the general walk copies it.
    @inline(__always)
    static func startFromModel(
        _ entry: UnsafeMutablePointer<SteadyEntry>, context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>,
        into out: UnsafeMutablePointer<Double>
    ) {
        let model: UnsafeMutablePointer<Double>
        if entry.pointee.modelClass >= 0 {
            model = rows[Int(entry.pointee.modelClass)] + Int(entry.pointee.modelOffset)
        } else {
            let record = context.animations + Int(entry.pointee.record)
            let place = context.places + Int(record.pointee.layer)
            model = context.modelValue(record, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
        }
        for k in 0..<Int(entry.pointee.slotCount) { out[k] = model[k] }
    }

    /// A spring's entry at `sample`, basic time `t` (seconds), whose ends are two given scalars
    /// over the whole value: `applySpring` reduced to that case. (Such springs are seldom alike:
    /// their motion is computed without the memo.)
    // Out of the loop over every kind (a group's children): inlined, its calls of exp, cos and
    // sin make the loop spill its registers for every other kind's entry too. Apart from
    // `evaluateSpring`, whose general case would make this one's frame as large as its own. A
    // run of such entries inlines `scalarSpringValue`.
    @inline(never)
    static func evaluateScalarSpring(
        _ entry: UnsafeMutablePointer<SteadyEntry>, at t: Double, sample: TimingSample, context: EvaluationContext,
        into out: UnsafeMutablePointer<Double>
    ) {
        scalarSpringValue(entry, at: t, sample: sample, context: context, into: out)
    }

    /// The body of `evaluateScalarSpring`.
    @inline(__always)
    static func scalarSpringValue(
        _ entry: UnsafeMutablePointer<SteadyEntry>, at t: Double, sample: TimingSample, context: EvaluationContext,
        into out: UnsafeMutablePointer<Double>
    ) {
        let spring = context.springs + Int(entry.pointee.parameters)
        let motion = spring.pointee.response.restAndPush(at: t)
        context.applySpring(.whole(.scalar), spring, inlineEnds(entry), motion: motion, sample: sample, to: out)
    }

    /// A spring's entry at `sample`, basic time `t` (seconds): `applySpring`, its motion
    /// through `springMotions` (the implicit springs one transaction started, toward the model,
    /// share it).
    @inline(never)  // as `evaluateScalarSpring`
    static func evaluateSpring(
        _ entry: UnsafeMutablePointer<SteadyEntry>, at t: Double, sample: TimingSample, context: EvaluationContext,
        springMotions: inout SpringMotionMemo, into out: UnsafeMutablePointer<Double>
    ) {
        let spring = context.springs + Int(entry.pointee.parameters)
        let motion = springMotions.motion(of: spring.pointee.response, at: t)
        let ends = Ends(&spring.pointee.endpoints, values: context.values)
        context.applySpring(entry.pointee.composition, spring, ends, motion: (motion.rest, motion.push), sample: sample, to: out)
    }

    /// A decay's entry at basic time `t` (seconds): `applyDecay`, reduced to a value replacing
    /// the whole value when it is one (a thrown position, as a rule, its kind then a constant).
    @inline(never)  // as `evaluateSpring`
    static func evaluateDecay(
        _ entry: UnsafeMutablePointer<SteadyEntry>, at t: Double, context: EvaluationContext, into out: UnsafeMutablePointer<Double>
    ) {
        let decay = context.decays + Int(entry.pointee.parameters)
        let composition = entry.pointee.composition
        switch entry.pointee.whole {
        case .point: decayPointValue(entry, at: t, context: context, into: out)
        case .scalar: context.applyDecay(.whole(.scalar), decay, at: t, to: out)
        case .other where composition.writesInPlace: context.applyDecay(.whole(composition.kind), decay, at: t, to: out)
        case .other, .variable: context.applyDecay(composition, decay, at: t, to: out)
        }
    }

    /// A decay's entry of a whole point at basic time `t` (seconds): `applyDecay`, its
    /// composition a constant. Inlined in a run of such entries, and in `evaluateDecay`.
    @inline(__always)
    static func decayPointValue(
        _ entry: UnsafeMutablePointer<SteadyEntry>, at t: Double, context: EvaluationContext, into out: UnsafeMutablePointer<Double>
    ) {
        context.applyDecay(.whole(.point), context.decays + Int(entry.pointee.parameters), at: t, to: out)
    }

    /// A group's entry at `sample` (taken at its layer's time `time`): the group and its
    /// children as the general walk evaluates them, without the walk's work per layer. The group
    /// sets its children's time (`applyGroup`; its run state stays), then its children, their
    /// entries in `members`, are evaluated in it (`evaluateMembers`).
    // Inlined in a run of groups (`Lane.evaluateRun`).
    @inline(__always)
    static func evaluateGroup(
        _ entry: UnsafeMutablePointer<SteadyEntry>, sample: TimingSample, time: Double, members: UnsafeMutablePointer<SteadyEntry>,
        context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>, springMotions: inout SpringMotionMemo
    ) {
        let group = context.groups + Int(entry.pointee.parameters)
        context.applyGroup(
            group, timing: entry.pointee.timing, function: entry.pointee.function, sample: sample, parentTime: time,
            applies: true)
        let first = members + Int(entry.pointee.firstMember)
        evaluateMembers(
            first..<(first + Int(entry.pointee.memberCount)), group: group, context: context, rows: rows,
            springMotions: &springMotions)
    }

    /// A group's children, their entries `members`, in its time (`group`, computed this tick):
    /// each sampled there (`childSample`), its run state moved on (an owned child tells no one,
    /// so whatever its step the group stays), its value computed as a lane entry's over the
    /// model value, which it starts from by `AttachedAnimation.startsFromModel`.
    // Out of `evaluateGroup`, so that each child's sample and value are inlined here (with them
    // the group's evaluation is beyond the size the compiler inlines into).
    @inline(never)
    static func evaluateMembers(
        _ members: Range<UnsafeMutablePointer<SteadyEntry>>, group: UnsafeMutablePointer<GroupRecord>,
        context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>, springMotions: inout SpringMotionMemo
    ) {
        for member in members {
            evaluateMember(member, group: group, context: context, rows: rows, springMotions: &springMotions)
        }
    }

    /// One child of `evaluateMembers`.
    @inline(__always)
    static func evaluateMember(
        _ member: UnsafeMutablePointer<SteadyEntry>, group: UnsafeMutablePointer<GroupRecord>, context: EvaluationContext,
        rows: UnsafePointer<UnsafeMutablePointer<Double>>, springMotions: inout SpringMotionMemo
    ) {
        let sample = context.childSample(member.pointee.timing, activeParentDuration: member.pointee.activeParentDuration, group: group)
        let step = member.pointee.state.step(at: sample, parentApplies: true)
        if !step.isNone {
            member.pointee.state = member.pointee.state.advanced(by: step)
            context.animations[Int(member.pointee.record)].state = member.pointee.state
        }
        let applies = sample.isInEffect
        let out = context.presentation + Int(member.pointee.output)
        if member.pointee.startsFromModel(applies: applies) { startFromModel(member, context: context, rows: rows, into: out) }
        guard applies else { return }
        evaluateValue(
            member, as: member.pointee.runShape, sample: sample, time: group.pointee.time, context: context,
            springMotions: &springMotions, into: out)
    }

    /// A `pathKeyframes` entry: the keyframes, then the path's rotation, on its own timing
    /// (equal to the keyframes'), over the model transform it turns: at the position the
    /// keyframes found when its progress is theirs (`applyPathRotation` without the note it
    /// would read that from), else through its own evaluation.
    // Out of line, in a run of such entries too: inlined there, its run costs more.
    @inline(never)
    static func evaluatePath(
        _ entry: UnsafeMutablePointer<SteadyEntry>, sample: TimingSample, time: Double, context: EvaluationContext,
        rows: UnsafePointer<UnsafeMutablePointer<Double>>, into out: UnsafeMutablePointer<Double>
    ) {
        let keyframes = context.keyframes + Int(entry.pointee.parameters)
        let found = context.applyKeyframes(entry.pointee.composition, entry.pointee.function, keyframes, sample: sample, to: out)
        let record = context.animations + Int(entry.pointee.record)
        let rotation = context.animations + Int(record.pointee.next)
        let place = context.places + Int(rotation.pointee.layer)
        let model = context.modelValue(rotation, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
        let turned = context.presentation + Int(place.pointee.presentationOffset) + Int(rotation.pointee.presentationOffset)
        for k in 0..<Int(rotation.pointee.propertySlotCount) { turned[k] = model[k] }
        let path = context.keyframes + Int(rotation.pointee.parameters)
        if context.keyframeProgress(rotation.pointee.function, path, sample: sample).bitPattern == found.progress.bitPattern {
            context.turn(turned, along: path, segment: found.segment, parameter: found.parameter)
        } else {
            context.apply(rotation, sample: sample, parentTime: time, to: turned)
        }
    }
}

/// One steady animation: what the lane needs to compute its value without its record.
struct SteadyEntry {
    /// Its record's timing (it does not change while it runs).
    var timing: MediaTiming
    /// The whole cycles it had played at its last sample, where the next one starts looking
    /// (`MediaTiming.sample(atParentTime:activeParentDuration:cycles:)`); in the padding after
    /// `timing`, so the entry stays 128 bytes. A group's children (`SteadyLane.members`),
    /// sampled in their group's time, keep none (`.none`).
    var cycles: CycleCount
    /// Its record's `activeParentDuration` (it does not change while it runs).
    var activeParentDuration: Double
    /// A basic animation's or spring's from and to values when both are given and it is whole
    /// scalar (`hasInlineEnds`): kept here, the value buffer is one more cache line per entry.
    var scalarFrom: Double
    var scalarTo: Double
    /// A basic animation's or keyframes' timing function (its index in the engine's table; −1
    /// for none).
    var function: Int32
    /// Its kind's record (`AttachedAnimation.parameters`): a basic, spring, decay or keyframe
    /// record.
    var parameters: Int32
    /// Where the model value its property starts from lives (`startsFromModel`):
    /// `rows[modelClass] + modelOffset`, a layer's row never moving; `modelClass` −1: through its
    /// record (a value held out of the row).
    var modelClass: Int32
    var modelOffset: Int32
    /// Offset of its property's presentation slots in the presentation buffer.
    var output: Int32
    /// Its record's index; −1 once it has left (a tombstone).
    var record: Int32
    /// A group's children: their entries in `SteadyLane.members`, from `firstMember` on
    /// (`memberCount`, last below so that an entry stays 128 bytes; 0 for any other kind).
    var firstMember: Int32
    /// The layer whose time it runs on: the nearest at or above its layer with timing of its
    /// own (`EngineState.timeSource(of:)`); −1 when that is engine time (no layer up to the
    /// root has timing of its own). Its time is its clock's mapping of engine time when
    /// `timeLayerStepsFromEngineTime`, else the walk's, computed this tick before the lane runs
    /// (`LayerRecord.cachedTime`).
    var timeLayer: Int32
    /// How its value meets its property's (its record's).
    var composition: Composition
    /// Slots of its property's value (1 to 16; a byte, so that an entry stays 128 bytes).
    var slotCount: UInt8
    /// Its record's run state, which stays as it is while it is in the lane.
    var state: RunState
    /// Which kind's evaluation computes it.
    var kind: Kind
    /// Whether its value starts from the model value, copied into its slots first, when it
    /// applies and when it does not (a group's child may not): `AttachedAnimation.startsFromModel`
    /// of its record, worked out when it joins (false for a group and a transition, which have
    /// no property).
    var startsFromModelApplying: Bool
    var startsFromModelNotApplying: Bool
    /// Whether `timeLayer`'s superlayers all run on engine time, so that its time is its
    /// clock's mapping of engine time (`LayerTimeWalk.timeUnderEngineTime`: superlayers of
    /// the default timing pass engine time through), computed where the lane samples the
    /// entry, reading 24 bytes of the dense clocks; false: the tick's walk of layer times
    /// caches it first (`timedLayers`). Fixed while the entry lives: a change above
    /// `timeLayer` that could alter it takes the entry out (`leaveSteadyLane(subtree:)`,
    /// `superlayerChanges(of:superlayer:)`); the bookkeeping audit checks it.
    var timeLayerStepsFromEngineTime: Bool
    /// Whether its ends are `scalarFrom` and `scalarTo` (a whole scalar from one given number
    /// to another: the common case, which passes `Composition.whole(.scalar)`).
    var hasInlineEnds: Bool
    /// Whether its composition is `Composition.whole` of a scalar or a point (the common cases,
    /// which its evaluation passes as constants).
    var whole: Whole
    /// How many children a group has (`firstMember`); a group of more does not join.
    var memberCount: UInt16

    /// The evaluation that computes it (`SteadyLane.RunShape`).
    @inline(__always)
    var runShape: SteadyLane.RunShape { SteadyLane.RunShape(kind: kind, hasInlineEnds: hasInlineEnds, whole: whole) }

    /// Whether the tick's walk of layer times computes its time before the lane runs
    /// (`SteadyLane.timedLayers`): a time layer off engine time under a superlayer off it too.
    var needsWalkedTime: Bool { timeLayer >= 0 && !timeLayerStepsFromEngineTime }

    /// Whether its value starts from the model value when it `applies` or not (it reads what
    /// lies underneath: a missing end, additive, a component; or it shows the model value).
    @inline(__always)
    func startsFromModel(applies: Bool) -> Bool { applies ? startsFromModelApplying : startsFromModelNotApplying }

    /// The compositions an entry's evaluation knows before it runs (`whole`): passed as
    /// constants for a scalar or a point; for a path or an array, written through its resolved
    /// interpolation.
    enum Whole: UInt8 {
        /// Any other composition, passed as the entry keeps it.
        case other
        /// `Composition.whole(.scalar)`.
        case scalar
        /// `Composition.whole(.point)`.
        case point
        /// `Composition.whole` of a path or an array (`Composition.replacesWholeVariableValue`).
        case variable

        init(_ composition: Composition) {
            if composition.replacesWholeVariableValue { self = .variable; return }
            guard composition.writesInPlace else { self = .other; return }
            switch composition.kind {
            case .scalar: self = .scalar
            case .point: self = .point
            default: self = .other
            }
        }
    }

    enum Kind: UInt8 {
        /// A basic animation (`applyEndpoints`).
        case basic
        /// A spring (`applySpring`).
        case spring
        /// A decay (`applyDecay`).
        case decay
        /// Keyframes without a path's rotation (`applyKeyframes`).
        case keyframes
        /// Keyframes along a path with its rotation record, which joins in the same entry.
        case pathKeyframes
        /// A group with its children (`SteadyLane.members`).
        case group
        /// A transition (`applyTransition`): its record's progress, no property.
        case transition
    }
}
