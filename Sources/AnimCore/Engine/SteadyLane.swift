import Glibc

/// The tick's steady lane: animations in the steady middle of a plain motion, evaluated by a
/// compact loop over small entries instead of the general walk over layers and records.
///
/// An animation is steady while it is
/// - a basic, spring, decay or keyframe animation (along a path, with its rotation record,
///   which joins in the same entry), or a group of those (with its children, in one entry),
///   on properties that do not redisplay the layer;
/// - the only animation of its layer on that property (a group's children count; a path's
///   rotation is the only one on the transform);
/// - on a layer that runs on engine time (it and its superlayers have default timing);
/// - at speed 1 with time offset 0, in the active part of its first cycle, its did-start sent
///   (or none owed).
///
/// Then its value depends only on the engine time, its record and the model value underneath:
/// the lane computes the common kinds from their entry (a basic animation from one value to
/// another, eased by a bezier, over a whole value or into a component such as
/// `transform.rotation.z`; a spring between two scalars; a basic animation or a spring from
/// a value toward the model value, as implicit animations go; scalar keyframes; a decay moving
/// freely) with the general evaluation's arithmetic in the same order, and hands the others to
/// their kind's evaluation with the sample the general walk would take, over the model value
/// when they read what lies underneath (an additive animation, a key-path component, a
/// transform).
/// So the values are equal to the bit; nothing is owed to anyone (no callback, no display)
/// until the animation leaves. Entries are independent, so the lane may run on several threads
/// (`TickThreads`; each part has its own scratch slots).
///
/// A record joins at its commit when the general walk's first evaluation would owe nothing (no
/// did-start delegate, no records of its own: `EngineState.joinsSteadyLaneAtCommit`), else
/// after a tick has evaluated it in that state (the general path has sent its did-start). It
/// leaves when its time leaves the lane's interval — the general path then
/// evaluates it in the same tick (its end, its did-stop) — or when its layer changes: an
/// animation added or removed, a timing property or a superlayer that takes the layer off engine
/// time. A layer whose every animation is in the lane leaves the general walk.
struct SteadyLane {
    /// The entries in the order they joined; a left entry stays as a tombstone (`record` −1)
    /// until the next compaction.
    var entries: [SteadyEntry] = []
    /// Tombstones among `entries`.
    var tombstones = 0
    /// Each thread's entries that left during the last evaluation (indexes in `entries`), one
    /// list per part of the work, kept with their capacity.
    var exits: [[Int32]] = [[]]
    /// Scratch slots of the parts that run on other threads (`ScratchOffset.count` each).
    let scratch = SlotBuffer(initialCapacity: 0)

    /// Entries of records that are still in the lane.
    var liveCount: Int { entries.count - tombstones }

    /// The fewest entries worth another thread: below this, waking a thread costs more than
    /// the entries' evaluation.
    static let entriesPerThreadMinimum = 4096

    /// Whether a record may ever join: what does not change while it runs (the rest — its
    /// state, its layer's time, the other animations of its property — is checked when it
    /// joins).
    static func admits(_ record: AttachedAnimation) -> Bool {
        let timing = record.timing
        let kindAdmits = switch record.kind {
        case .basic, .spring, .decay: true
        case .keyframe: true  // with a path's rotation record or not
        case .group: true  // with its children (`admitsInGroup`)
        case .pathRotation: false
        }
        return kindAdmits && record.parent < 0 && !record.needsDisplay
            && timing.speed == 1 && timing.timeOffset == 0 && timing.duration > 0 && timing.duration.isFinite
    }

    /// Whether a group's record `child` may join the lane with its group (the record at
    /// `parent`): a direct child that the general evaluation computes alone (no group, no
    /// path's rotation), on a property that does not redisplay the layer.
    static func admitsInGroup(_ child: AttachedAnimation, parent: Int32) -> Bool {
        let kindAdmits = switch child.kind {
        case .basic, .spring, .decay: true
        case .keyframe: child.followers == 0
        case .group, .pathRotation: false
        }
        return kindAdmits && child.parent == parent && !child.needsDisplay
    }

    /// One evaluation of the lane, split in `parts` of consecutive entries; each part writes
    /// its entries' presentation slots and its own exit list only.
    struct Round {
        let entries: UnsafeMutablePointer<SteadyEntry>
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
            SteadyLane.evaluate(entries, range, at: now, context: own, rows: rows, exits: &exits[part])
        }
    }

    /// Evaluates the entries in `range` at engine time `now`, writing presentation values;
    /// appends the indexes of those whose time left the lane's interval to `exits` (they are
    /// not written). Writes only the entries' presentation slots and `context`'s scratch; reads
    /// their records, kind data and model values.
    @inline(__always)
    static func evaluate(
        _ entries: UnsafeMutablePointer<SteadyEntry>, _ range: Range<Int>, at now: Double,
        context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>, exits: inout [Int32]
    ) {
        let beziers = context.beziers
        let values = context.values
        let presentation = context.presentation
        // The implicit springs one transaction started, next to each other here, share their motion.
        var springMotions = SpringMotionMemo()
        // What a steady group's children would notice: nothing (checked in debug builds). One
        // array for the whole range: one per group cost a release per group per tick.
        var noNotices: [TickNotice] = []
        for index in range {
            let entry = entries + index
            guard entry.pointee.record >= 0 else { continue }
            // The general path's sample, reduced: at speed 1 and offset 0 the local time is
            // the elapsed time, inside the first cycle the progress is elapsed / duration.
            let elapsed = now - entry.pointee.beginTime
            guard elapsed >= 0 && elapsed < entry.pointee.end else {
                exits.append(Int32(index))
                continue
            }
            let progress = elapsed / entry.pointee.duration
            let out = presentation + Int(entry.pointee.output)
            switch entry.pointee.kind {
            case .scalar, .coordinates:
                // `applyBasic`: the bezier's `TimingFunction.value(at:beforeFlag:)` without the
                // enum, then `applyEndpoints`' scalar or coordinates case, in its arithmetic.
                let function = Int(entry.pointee.function)
                let fraction = function >= 0 ? beziers[function].value(at: progress) : progress
                if entry.pointee.kind == .scalar {
                    let start = entry.pointee.scalarFrom
                    out[0] = start + (entry.pointee.scalarTo - start) * fraction
                } else {
                    let from = values + Int(entry.pointee.from)
                    let to = values + Int(entry.pointee.to)
                    for k in 0..<Int(entry.pointee.slotCount) { out[k] = ValueMath.lerp(from[k], to[k], fraction) }
                }
            case .scalarComponent:
                // `applyBasic` into a key path's component over the model (the first animation
                // of a property starts from it): the bezier's value, `applyEndpoints`' general
                // route for a scalar (`ValueMath.lerp`), then `compose` writes the component.
                let record = context.animations + Int(entry.pointee.record)
                let place = context.places + Int(record.pointee.layer)
                let model = context.modelValue(record, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
                for k in 0..<Int(entry.pointee.slotCount) { out[k] = model[k] }
                let function = Int(entry.pointee.function)
                let fraction = function >= 0 ? beziers[function].value(at: progress) : progress
                var value = ValueMath.lerp(entry.pointee.scalarFrom, entry.pointee.scalarTo, fraction)
                record.pointee.component?.write(&value, into: out)
            case .towardModel, .springTowardModel:
                moveTowardModel(entry, progress: progress, context: context, rows: rows, springMotions: &springMotions, into: out)
            case .scalarSpring:
                // `applySpring` of a finite spring without a carried velocity: its time is the
                // progress times the duration, then `applyEndpoints`' scalar case at 1 − u.
                let spring = context.springs + Int(entry.pointee.function)
                let (rest, push) = spring.pointee.response.restAndPush(at: progress * entry.pointee.duration)
                let fraction = 1 - (rest - spring.pointee.initialVelocity * push)
                let start = entry.pointee.scalarFrom
                out[0] = start + (entry.pointee.scalarTo - start) * fraction
            case .freeDecay:
                // `applyDecay` with every component moving freely: its time is the progress
                // times the duration, each component x0 + v0 · travel (`compose` copies the
                // value into place).
                let decay = context.decays + Int(entry.pointee.function)
                let exponent = decay.pointee.exponent
                let travel = expm1(exponent * (progress * entry.pointee.duration)) / exponent
                let components = values + Int(decay.pointee.block)
                for k in 0..<Int(entry.pointee.slotCount) {
                    let component = components + k * DecayRecord.stride
                    out[k] = component[0] + component[1] * travel
                }
            case .scalarKeyframes:
                // `applyKeyframes` of a scalar: the progress eased by a bezier (not when
                // paced), the keyframes' value straight into place (`compose` copies it there).
                let function = Int(entry.pointee.function)
                let eased = function >= 0 ? beziers[function].value(at: progress) : progress
                context.keyframeValue(context.keyframes + Int(entry.pointee.from), kind: .scalar, at: eased, into: out)
            case .group:
                // The group and its children as the general walk evaluates them (a running
                // group in its first cycle and its owned children owe no callback: nothing is
                // noticed), without the walk's work per layer. The group itself, running in
                // the active part of its first cycle, only sets its children's time
                // (`applyGroup`; its run state stays); a plain basic child whose run state
                // stays this tick takes a short way (`applyBasicChild`, `LaneChild`).
                let record = context.animations + Int(entry.pointee.record)
                let layer = context.layers + Int(record.pointee.layer)
                let place = context.places + Int(record.pointee.layer)
                let row = rows[Int(place.pointee.classIndex)] + Int(place.pointee.row)
                let block = presentation + Int(place.pointee.presentationOffset)
                let sample = TimingSample(
                    phase: .active, isInEffect: true, progress: progress, cycleStart: 0,
                    cycleLength: record.pointee.timing.cycleDuration, isReversed: false)
                context.applyGroup(record, sample: sample, parentTime: now, applies: true)
                let group = context.groups + Int(record.pointee.parameters)
                var member = Int(record.pointee.next)
                for _ in 0..<Int(record.pointee.followers) {
                    let child = context.animations + member
                    if !applyBasicChild(child, group: group, context: context, row: row, block: block) {
                        context.evaluate(child, index: member, layer: layer, row: row, layerTime: now, block: block, notices: &noNotices)
                    }
                    member = Int(child.pointee.next)
                }
                assert(noNotices.isEmpty, "a steady group noticed something")
            case .record, .recordOverModel, .pathKeyframes:
                // The general walk's sample in the first cycle's active part, to the kind's
                // own evaluation; over the model value when it reads what lies underneath (the
                // first animation of a property starts from the model).
                let record = context.animations + Int(entry.pointee.record)
                // (Path keyframes that are additive or on a component read what lies
                // underneath too: the model, as for the others.)
                if entry.pointee.kind == .recordOverModel
                    || (entry.pointee.kind == .pathKeyframes && !record.pointee.overwritesWholeValue) {
                    let place = context.places + Int(record.pointee.layer)
                    let model = context.modelValue(record, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
                    for k in 0..<Int(entry.pointee.slotCount) { out[k] = model[k] }
                }
                let sample = TimingSample(
                    phase: .active, isInEffect: true, progress: progress, cycleStart: 0,
                    cycleLength: record.pointee.timing.cycleDuration, isReversed: false)
                guard entry.pointee.kind == .pathKeyframes else {
                    context.apply(record, sample: sample, parentTime: now, to: out)
                    continue
                }
                // The keyframes, then the path's rotation, on its own timing (equal to the
                // keyframes'), over the model transform it turns: at the position the keyframes
                // found when its progress is theirs (`applyPathRotation` without the note it
                // would read that from), else through its own evaluation.
                let found = context.applyKeyframes(record, context.keyframes + Int(record.pointee.parameters), sample: sample, to: out)
                let rotation = context.animations + Int(record.pointee.next)
                let place = context.places + Int(rotation.pointee.layer)
                let model = context.modelValue(rotation, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
                let turned = presentation + Int(entry.pointee.to)
                for k in 0..<Int(rotation.pointee.propertySlotCount) { turned[k] = model[k] }
                let path = context.keyframes + Int(rotation.pointee.parameters)
                if context.keyframeProgress(rotation, path, sample: sample).bitPattern == found.progress.bitPattern {
                    context.turn(turned, along: path, segment: found.segment, parameter: found.parameter)
                } else {
                    context.apply(rotation, sample: sample, parentTime: now, to: turned)
                }
            }
        }
    }
}

extension SteadyLane {
    /// A steady group's child (its group active at `group.time`) that the lane computes from its
    /// record (`LaneChild`), when this tick leaves its run state as it is (not shown, started or
    /// finished now): the general evaluation's value (`applyBasic`, then `applyEndpoints`'
    /// scalar or coordinates case) written into its slots of `block`, or the model value from
    /// `row` while it is not in effect. Started and active in its first cycle, or before its
    /// begin or after its end as a one-cycle child, its sample is the lane's own; elsewhere
    /// the general one (`applyBasicChildSampled`). False for any other child, or a tick that moves its run
    /// state on: the general evaluation takes it.
    @inline(__always)
    static func applyBasicChild(
        _ child: UnsafeMutablePointer<AttachedAnimation>, group: UnsafeMutablePointer<GroupRecord>,
        context: EvaluationContext, row: UnsafeMutablePointer<Double>, block: UnsafeMutablePointer<Double>
    ) -> Bool {
        let laneChild = child.pointee.laneChild
        guard laneChild != .general else { return false }
        // At speed 1 and offset 0 the local time is the elapsed time; in the first cycle the
        // progress is elapsed / duration. Active, its run state stays once it has started
        // (finished too: a host's time may go back).
        let elapsed = group.pointee.time - child.pointee.timing.beginTime
        let duration = child.pointee.timing.duration
        let state = child.pointee.state
        if state >= .running && elapsed >= 0 && elapsed < min(child.pointee.activeParentDuration, duration) {
            writePlainChild(child, progress: elapsed / duration, context: context, block: block)
            return true
        }
        guard laneChild == .plainBasicOneCycle else {
            return applyBasicChildSampled(child, group: group, context: context, row: row, block: block)
        }
        return applyOneCycleChildBeforeOrAfter(child, elapsed: elapsed, context: context, row: row, block: block)
    }

    /// `applyBasicChild` for a one-cycle child (`LaneChild.plainBasicOneCycle`) at `elapsed`
    /// seconds of its group's time after its begin, not active and started.
    // [Perf] Through the general sample, filling children cost about 220 instructions each:
    // bench_engine's groups (an opacity child filling half the time) ticked at 1.48x the plain
    // loop, 1.25-1.32x since; out of line, the active way stays in the lane's loop.
    @inline(never)
    static func applyOneCycleChildBeforeOrAfter(
        _ child: UnsafeMutablePointer<AttachedAnimation>, elapsed: Double, context: EvaluationContext,
        row: UnsafeMutablePointer<Double>, block: UnsafeMutablePointer<Double>
    ) -> Bool {
        // One cycle at speed 1 and offset 0 (`MediaTiming.cyclePosition(in:localTime:)`):
        // before its begin the start of its cycle, progress 0; after its end (its one cycle,
        // or none for a zero duration) the end, progress 1. The run state stays as the
        // general sample's test finds (`applyBasicChildSampled`): before, once shown or when
        // not filling; after, once finished (shown and started before); active, once started
        // (not so here: the caller took the started ones).
        let state = child.pointee.state
        if elapsed < 0 {
            let isInEffect = child.pointee.timing.fillMode.fillsBackwards
            guard state >= .filling || !isInEffect else { return false }
            writeChild(child, isInEffect: isInEffect, progress: 0, context: context, row: row, block: block)
            return true
        }
        guard elapsed >= child.pointee.activeParentDuration, state == .finished else { return false }
        writeChild(child, isInEffect: child.pointee.timing.fillMode.fillsForwards, progress: 1, context: context, row: row, block: block)
        return true
    }

    /// `applyBasicChild` outside the lane's own sample: the general one (`childSample`), when
    /// this tick leaves the child's run state as it is.
    @inline(never)
    static func applyBasicChildSampled(
        _ child: UnsafeMutablePointer<AttachedAnimation>, group: UnsafeMutablePointer<GroupRecord>,
        context: EvaluationContext, row: UnsafeMutablePointer<Double>, block: UnsafeMutablePointer<Double>
    ) -> Bool {
        let sample = context.childSample(child, group: group)
        let runStateStays = (child.pointee.hasBeenShown || !sample.isInEffect)
            && (child.pointee.didStart || sample.phase == .before)
            && (child.pointee.didFinish || sample.phase != .after)
        guard runStateStays else { return false }
        writeChild(child, isInEffect: sample.isInEffect, progress: sample.progress, context: context, row: row, block: block)
        return true
    }

    /// A plain basic child's value at `progress` into its slots of `block` when it is in
    /// effect; else, when it is its property's first animation, the model value from `row`
    /// (the first animation of a property starts from the model value).
    @inline(__always)
    static func writeChild(
        _ child: UnsafeMutablePointer<AttachedAnimation>, isInEffect: Bool, progress: Double, context: EvaluationContext,
        row: UnsafeMutablePointer<Double>, block: UnsafeMutablePointer<Double>
    ) {
        if isInEffect {
            writePlainChild(child, progress: progress, context: context, block: block)
        } else if child.pointee.initializesPresentation {
            context.copyModelValue(child, row: row, block: block)
        }
    }

    /// A plain basic child's value at `progress` into its slots of `block`.
    @inline(__always)
    static func writePlainChild(
        _ child: UnsafeMutablePointer<AttachedAnimation>, progress: Double, context: EvaluationContext,
        block: UnsafeMutablePointer<Double>
    ) {
        let ends = context.basics + Int(child.pointee.parameters)
        let function = Int(child.pointee.function)
        let fraction = function >= 0 ? context.beziers[function].value(at: progress) : progress
        let out = block + Int(child.pointee.presentationOffset)
        let start = context.values + Int(ends.pointee.from), end = context.values + Int(ends.pointee.to)
        if child.pointee.valueKind == .scalar {
            out[0] = start[0] + (end[0] - start[0]) * fraction
        } else {
            for k in 0..<child.pointee.valueKind.slotCount { out[k] = ValueMath.lerp(start[k], end[k], fraction) }
        }
    }

    /// A towardModel or springTowardModel entry's value at `progress` (0 ≤ progress < 1 of its
    /// duration) from its from value toward its record's model value underneath:
    /// - towardModel: `applyBasic` with the from value only (an implicit animation's), the
    ///   bezier's value, then `applyEndpoints`' general route (`ValueMath.interpolate` of a
    ///   coordinate kind, slot by slot);
    /// - springTowardModel: `applySpring` the same way at 1 − u, plus the carried velocity's
    ///   share when the entry has one (`to` ≥ 0); its motion through `springMotions`.
    // [Perf] Out of line: inlined in the lane's loop, it made the other kinds' entries a few
    // instructions slower (a spring's 81 → 85).
    @inline(never)
    static func moveTowardModel(
        _ entry: UnsafeMutablePointer<SteadyEntry>, progress: Double, context: EvaluationContext,
        rows: UnsafePointer<UnsafeMutablePointer<Double>>, springMotions: inout SpringMotionMemo,
        into out: UnsafeMutablePointer<Double>
    ) {
        let slots = entry.pointee.modelSlots
        let model = rows[Int(slots.classIndex)] + Int(slots.offset)
        let from = context.values + Int(entry.pointee.from)
        let fraction: Double
        var push = 0.0
        var velocity: UnsafeMutablePointer<Double>?  // a spring's carried velocity
        if entry.pointee.kind == .springTowardModel {
            let spring = context.springs + Int(entry.pointee.function)
            let motion = springMotions.motion(of: spring.pointee.response, at: progress * entry.pointee.duration)
            push = motion.push
            fraction = 1 - (motion.rest - spring.pointee.initialVelocity * push)
            if entry.pointee.to >= 0 { velocity = context.values + Int(entry.pointee.to) }
        } else {
            let function = Int(entry.pointee.function)
            fraction = function >= 0 ? context.beziers[function].value(at: progress) : progress
        }
        for k in 0..<Int(entry.pointee.slotCount) {
            var value = ValueMath.lerp(from[k], model[k], fraction)
            if let velocity { value += velocity[k] * push }
            out[k] = value
        }
    }
}

/// One steady animation: what the lane needs to compute its value (64 bytes: one cache line).
struct SteadyEntry {
    /// The engine time (seconds) its active interval began at.
    var beginTime: Double
    /// One cycle's length (local seconds, > 0).
    var duration: Double
    /// Elapsed time (seconds) at which it leaves the lane: its active duration or its first
    /// cycle's end (the forward leg when autoreversing), whichever is first.
    var end: Double
    /// A scalar's from and to values, kept here (the value buffer is one more cache line);
    /// towardModel and springTowardModel entries keep `modelSlots` in `scalarTo`'s bits.
    var scalarFrom: Double
    var scalarTo: Double
    /// A basic animation's or scalar keyframes' timing function (its index in the engine's
    /// table, a bezier; −1 for none, and for paced keyframes); a spring's `SpringRecord`
    /// (springs ignore timing functions); a free decay's `DecayRecord`.
    var function: Int32
    /// Coordinates' from and to values (offsets in the animation-value buffer; `to` is −1
    /// toward the model, a spring's carried velocity or −1 for a spring toward it); scalar
    /// keyframes' `KeyframeRecord` in `from`; a path's rotation's presentation slots in `to`.
    var from: Int32
    var to: Int32
    /// Offset of its property's presentation slots in the presentation buffer.
    var output: Int32
    /// Its record's index; −1 once it has left (a tombstone).
    var record: Int32
    /// Slots of the value (1 to 16).
    var slotCount: Int16
    /// How the lane computes it.
    var kind: Kind

    /// Where a towardModel or springTowardModel entry reads the model value: at
    /// `rows[classIndex] + offset` (those kinds take properties held in their class's rows;
    /// a layer's row never moves). Kept in `scalarTo`'s bits, which those kinds do not use.
    // [Perf] Through the record and the layer, the model cost two or three more cache lines
    // per entry per tick: implicit springs at 100k layers ticked in 22–23 ns, now 13.
    var modelSlots: (classIndex: Int32, offset: Int32) {
        get {
            let bits = scalarTo.bitPattern
            return (Int32(truncatingIfNeeded: bits >> 32), Int32(truncatingIfNeeded: bits))
        }
        set {
            let high = UInt64(UInt32(bitPattern: newValue.classIndex)) << 32
            scalarTo = Double(bitPattern: high | UInt64(UInt32(bitPattern: newValue.offset)))
        }
    }

    enum Kind: UInt8 {
        /// A basic animation of a scalar (`applyEndpoints`' scalar case).
        case scalar
        /// A basic animation of a point, size, rect, vector3 or colour (slot by slot).
        case coordinates
        /// A basic animation from a given value to the model value (an implicit animation's)
        /// of a scalar, point, size, rect, vector3 or colour, over the whole value: not
        /// additive, cumulative or on a component; held in its class's rows (`modelSlots`).
        case towardModel
        /// A spring from a given value to the model value (an implicit spring's), with the
        /// velocity it carried or none, of the kinds `towardModel` takes, on the same terms.
        case springTowardModel
        /// A spring between two scalars, without a carried velocity.
        case scalarSpring
        /// A basic animation between two given scalars into a component of the whole value (a
        /// key path such as `transform.rotation.z`), over the model value: not additive or
        /// cumulative, eased by a bezier or not at all.
        case scalarComponent
        /// A keyframe animation of a scalar, eased by a bezier or not at all.
        case scalarKeyframes
        /// A decay whose every component moves freely (none starts outside a bound or reaches
        /// one), over the whole value.
        case freeDecay
        /// Keyframes along a path with its rotation record: both from their records, the
        /// rotation's output in `to`.
        case pathKeyframes
        /// A group with its children: each evaluated as the general walk does.
        case group
        /// Any other, evaluated from its record over the whole value.
        case record
        /// Any other that reads the value underneath, evaluated from its record over the model.
        case recordOverModel
    }
}
