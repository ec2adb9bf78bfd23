import Glibc

/// The tick's steady lane: animations whose evaluation owes nothing, evaluated by a compact
/// loop over small entries instead of the general walk over layers and records.
///
/// An animation is steady while
/// - it is a basic, spring, decay or keyframe animation (along a path, with its rotation
///   record, which joins in the same entry), or a group of those (with its children, in one
///   entry), on properties that do not redisplay the layer;
/// - it is the only animation of its layer on that property (a group's children count; a
///   path's rotation is the only one on the transform);
/// - it applies (active, or filling) and a tick at its time leaves its run state as it is
///   (`RunState.step(at:parentApplies:)` makes no step: no start, end or first showing owed).
///
/// Any timing qualifies — repeating, autoreversing, any speed or time offset, begin times per
/// layer, a fill held after the end — and so does any layer time (the layer's own timing and
/// its superlayers', paused or not): every entry is sampled by the one timing pipeline
/// (`MediaTiming.sample(atParentTime:activeParentDuration:)`) at its layer's time, which the
/// tick computes once per layer (`LayerTimeWalk`) before the lane runs.
///
/// The lane computes the common kinds from their entry (a basic animation from one value to
/// another, over a whole value or into a component such as `transform.rotation.z`; a spring
/// between two scalars; a basic animation or a spring from a value toward the model value, as
/// implicit animations go; scalar keyframes; a decay moving freely) with the general
/// evaluation's arithmetic in the same order, and hands the others to their kind's evaluation
/// with the same sample, over the model value when they read what lies underneath (an
/// additive animation, a key-path component, a transform). So the values are equal to the bit.
/// Entries are independent, so the lane may run on several threads (`TickThreads`; each part
/// has its own scratch slots).
///
/// A record joins at its commit when the general walk's first evaluation would owe nothing
/// (`EngineState.steadyStateAtCommit`), else after a tick in which the general walk
/// evaluated it (that tick sent what it owed). It leaves when a tick would move its run state
/// on or it stops applying — the general walk then evaluates it in the same tick (its start,
/// its end, its did-stop) — or when its layer changes: an animation added or removed, a timing
/// property or a superlayer that takes the layer off engine time. A layer whose every
/// animation is in the lane leaves the general walk.
struct SteadyLane {
    /// The entries in the order they joined; a left entry stays as a tombstone (`record` −1)
    /// until the next compaction.
    var entries: [SteadyEntry] = []
    /// Tombstones among `entries`.
    var tombstones = 0
    /// The layers that live entries run on off engine time (`SteadyEntry.timeLayer`), each as
    /// often as it has entries, and some of left entries until the next compaction: the tick
    /// computes their times before the lane runs.
    var timedLayers: [Int32] = []
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
    /// run state at its time, the other animations of its property — is checked when it
    /// joins).
    static func admits(_ record: AttachedAnimation) -> Bool {
        let kindAdmits = switch record.kind {
        case .basic, .spring, .decay: true
        case .keyframe: true  // with a path's rotation record or not
        case .group: true  // with its children (`admitsInGroup`)
        case .pathRotation: false
        }
        // Whatever its timing: the lane samples it as the general walk does.
        return kindAdmits && record.parent < 0 && !record.needsDisplay
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
    /// appends the indexes of those that would move their run state on or stop applying to
    /// `exits` (they are not written). Writes only the entries' presentation slots and
    /// `context`'s scratch (and a group's children's records); reads their records, kind data,
    /// model values and their layers' times of this tick.
    @inline(__always)
    static func evaluate(
        _ entries: UnsafeMutablePointer<SteadyEntry>, _ range: Range<Int>, at now: Double,
        context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>, exits: inout [Int32]
    ) {
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
            let timeLayer = Int(entry.pointee.timeLayer)
            let time = timeLayer < 0 ? now : context.layers[timeLayer].cachedTime
            let sample = entry.pointee.timing.sample(atParentTime: time, activeParentDuration: entry.pointee.activeParentDuration)
            guard sample.isInEffect && entry.pointee.state.step(at: sample, parentApplies: true).isNone else {
                exits.append(Int32(index))
                continue
            }
            let out = presentation + Int(entry.pointee.output)
            switch entry.pointee.kind {
            case .scalar, .coordinates:
                // `applyBasic`: the eased progress, then `applyEndpoints`' scalar or coordinates
                // case, in its arithmetic.
                let fraction = context.eased(entry.pointee.function, sample)
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
                // of a property starts from it): the eased progress, `applyEndpoints`' general
                // route for a scalar (`ValueMath.lerp`), then `compose` writes the component.
                let record = context.animations + Int(entry.pointee.record)
                let place = context.places + Int(record.pointee.layer)
                let model = context.modelValue(record, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
                for k in 0..<Int(entry.pointee.slotCount) { out[k] = model[k] }
                let fraction = context.eased(entry.pointee.function, sample)
                var value = ValueMath.lerp(entry.pointee.scalarFrom, entry.pointee.scalarTo, fraction)
                record.pointee.component?.write(&value, into: out)
            case .towardModel, .springTowardModel:
                moveTowardModel(entry, sample: sample, time: time, context: context, rows: rows, springMotions: &springMotions, into: out)
            case .scalarSpring:
                // `applySpring` of a finite spring without a carried velocity: at its basic
                // time, then `applyEndpoints`' scalar case at 1 − u.
                let spring = context.springs + Int(entry.pointee.function)
                let (rest, push) = spring.pointee.response.restAndPush(at: entry.pointee.timing.basicTime(of: sample, atParentTime: time))
                let fraction = 1 - (rest - spring.pointee.initialVelocity * push)
                let start = entry.pointee.scalarFrom
                out[0] = start + (entry.pointee.scalarTo - start) * fraction
            case .freeDecay:
                // `applyDecay` with every component moving freely: at its basic time, each
                // component x0 + v0 · travel (`compose` copies the value into place).
                let decay = context.decays + Int(entry.pointee.function)
                let exponent = decay.pointee.exponent
                let travel = expm1(exponent * entry.pointee.timing.basicTime(of: sample, atParentTime: time)) / exponent
                let components = values + Int(decay.pointee.block)
                for k in 0..<Int(entry.pointee.slotCount) {
                    let component = components + k * DecayRecord.stride
                    out[k] = component[0] + component[1] * travel
                }
            case .scalarKeyframes:
                // `applyKeyframes` of a scalar: the eased progress (`keyframeProgress`: not when
                // paced), the keyframes' value straight into place (`compose` copies it there).
                let keyframes = context.keyframes + Int(entry.pointee.from)
                let progress = context.keyframeProgress(entry.pointee.function, keyframes, sample: sample)
                context.keyframeValue(keyframes, kind: .scalar, at: progress, into: out)
            case .group:
                evaluateGroup(entry, sample: sample, time: time, context: context, rows: rows, notices: &noNotices)
            case .record, .recordOverModel, .pathKeyframes:
                evaluateRecord(entry, sample: sample, time: time, context: context, rows: rows, into: out)
            }
        }
    }

    /// A group's entry at `sample` (taken at its layer's time `time`): the group and its
    /// children as the general walk evaluates them, without the walk's work per layer. The group
    /// sets its children's time (`applyGroup`; its run state stays), each child is evaluated in
    /// it (an owned child owes nothing whatever its run state does: nothing is noticed, so
    /// `notices` stays empty).
    // Out of the lane's loop, so that the children's evaluation is inlined here (the loop is
    // beyond the size the compiler inlines into).
    @inline(never)
    static func evaluateGroup(
        _ entry: UnsafeMutablePointer<SteadyEntry>, sample: TimingSample, time: Double, context: EvaluationContext,
        rows: UnsafePointer<UnsafeMutablePointer<Double>>, notices: inout [TickNotice]
    ) {
        let record = context.animations + Int(entry.pointee.record)
        let layer = context.layers + Int(record.pointee.layer)
        let place = context.places + Int(record.pointee.layer)
        let row = rows[Int(place.pointee.classIndex)] + Int(place.pointee.row)
        let block = context.presentation + Int(place.pointee.presentationOffset)
        context.applyGroup(record, sample: sample, parentTime: time, applies: true)
        var member = Int(record.pointee.next)
        for _ in 0..<Int(record.pointee.followers) {
            let child = context.animations + member
            context.evaluate(child, index: member, layer: layer, row: row, layerTime: time, block: block, notices: &notices)
            member = Int(child.pointee.next)
        }
        assert(notices.isEmpty, "a steady group noticed something")
    }

    /// A `record`, `recordOverModel` or `pathKeyframes` entry: its kind's own evaluation at
    /// `sample`, over the model value when it reads what lies underneath (the first animation
    /// of a property starts from the model).
    @inline(never)  // as `evaluateGroup`
    static func evaluateRecord(
        _ entry: UnsafeMutablePointer<SteadyEntry>, sample: TimingSample, time: Double, context: EvaluationContext,
        rows: UnsafePointer<UnsafeMutablePointer<Double>>, into out: UnsafeMutablePointer<Double>
    ) {
        let record = context.animations + Int(entry.pointee.record)
        // (Path keyframes that are additive or on a component read what lies underneath too:
        // the model, as for the others.)
        if entry.pointee.kind == .recordOverModel
            || (entry.pointee.kind == .pathKeyframes && !record.pointee.overwritesWholeValue) {
            let place = context.places + Int(record.pointee.layer)
            let model = context.modelValue(record, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
            for k in 0..<Int(entry.pointee.slotCount) { out[k] = model[k] }
        }
        guard entry.pointee.kind == .pathKeyframes else {
            context.apply(record, sample: sample, parentTime: time, to: out)
            return
        }
        // The keyframes, then the path's rotation, on its own timing (equal to the keyframes'),
        // over the model transform it turns: at the position the keyframes found when its
        // progress is theirs (`applyPathRotation` without the note it would read that from),
        // else through its own evaluation.
        let found = context.applyKeyframes(record, context.keyframes + Int(record.pointee.parameters), sample: sample, to: out)
        let rotation = context.animations + Int(record.pointee.next)
        let place = context.places + Int(rotation.pointee.layer)
        let model = context.modelValue(rotation, row: rows[Int(place.pointee.classIndex)] + Int(place.pointee.row))
        let turned = context.presentation + Int(entry.pointee.to)
        for k in 0..<Int(rotation.pointee.propertySlotCount) { turned[k] = model[k] }
        let path = context.keyframes + Int(rotation.pointee.parameters)
        if context.keyframeProgress(rotation.pointee.function, path, sample: sample).bitPattern == found.progress.bitPattern {
            context.turn(turned, along: path, segment: found.segment, parameter: found.parameter)
        } else {
            context.apply(rotation, sample: sample, parentTime: time, to: turned)
        }
    }
}

extension SteadyLane {
    /// A towardModel or springTowardModel entry's value at `sample` (taken at its layer's time
    /// `time`) from its from value toward its record's model value underneath:
    /// - towardModel: `applyBasic` with the from value only (an implicit animation's), the
    ///   eased progress, then `applyEndpoints`' general route (`ValueMath.interpolate` of a
    ///   coordinate kind, slot by slot);
    /// - springTowardModel: `applySpring` the same way at 1 − u, plus the carried velocity's
    ///   share when the entry has one (`to` ≥ 0); its motion through `springMotions`.
    // Out of line: inlined, it makes the lane's loop, and so every other kind's entry, slower.
    @inline(never)
    static func moveTowardModel(
        _ entry: UnsafeMutablePointer<SteadyEntry>, sample: TimingSample, time: Double, context: EvaluationContext,
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
            let t = entry.pointee.timing.basicTime(of: sample, atParentTime: time)
            let motion = springMotions.motion(of: spring.pointee.response, at: t)
            push = motion.push
            fraction = 1 - (motion.rest - spring.pointee.initialVelocity * push)
            if entry.pointee.to >= 0 { velocity = context.values + Int(entry.pointee.to) }
        } else {
            fraction = context.eased(entry.pointee.function, sample)
        }
        for k in 0..<Int(entry.pointee.slotCount) {
            var value = ValueMath.lerp(from[k], model[k], fraction)
            if let velocity { value += velocity[k] * push }
            out[k] = value
        }
    }
}

/// One steady animation: what the lane needs to compute its value.
struct SteadyEntry {
    /// Its record's timing and `activeParentDuration` (they do not change while it runs).
    var timing: MediaTiming
    var activeParentDuration: Double
    /// A scalar's from and to values, kept here (the value buffer is one more cache line);
    /// towardModel and springTowardModel entries keep `modelSlots` in `scalarTo`'s bits.
    var scalarFrom: Double
    var scalarTo: Double
    /// A basic animation's or scalar keyframes' timing function (its index in the engine's
    /// table; −1 for none); a spring's `SpringRecord` (springs ignore timing functions); a free
    /// decay's `DecayRecord`.
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
    /// The layer whose time it runs on, computed this tick before the lane runs
    /// (`LayerRecord.cachedTime`); −1 when that is engine time (a root layer of default timing
    /// and its sublayers of default timing).
    var timeLayer: Int32
    /// Slots of the value (1 to 16).
    var slotCount: Int16
    /// Its record's run state, which stays as it is while it is in the lane.
    var state: RunState
    /// How the lane computes it.
    var kind: Kind

    /// Where a towardModel or springTowardModel entry reads the model value: at
    /// `rows[classIndex] + offset` (those kinds take properties held in their class's rows;
    /// a layer's row never moves). Kept in `scalarTo`'s bits, which those kinds do not use.
    // (Read through the record and the layer, the model costs two or three more cache lines
    // per entry per tick.)
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
        /// A basic animation between two given scalars over the whole value, not cumulative
        /// (`applyEndpoints`' scalar case).
        case scalar
        /// A basic animation between two given points, sizes, rects, vector3s or colours over
        /// the whole value, not cumulative (slot by slot).
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
        /// cumulative.
        case scalarComponent
        /// A keyframe animation of a scalar over the whole value, not cumulative.
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
