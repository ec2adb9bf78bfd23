/// The lane's loop, specialised by the shape of its entries.
///
/// Entries join in runs: the animations one transaction or one batch adds are, as a rule, of
/// one kind and one composition, next to each other; when they are not (several properties of
/// each of many layers), the next compaction regroups them by shape (`SteadyLane.isFragmented`,
/// `EngineState.compactSteadyLane`). The loop takes the entries in maximal runs
/// of one `RunShape` and computes each run with `evaluateRun`, specialised for the shape by the
/// compiler: the entry's kind evaluation is inlined with its composition a constant, and the
/// timing sample stays in registers, where one loop for every kind would switch on the kind
/// and call out of line for each entry. Every specialisation runs the same per-entry steps
/// (`evaluateRun`) and the same kind evaluation (`evaluate(_:as:…)`), so the values are the
/// same to the bit whatever the runs.
extension SteadyLane {
    /// The shapes of entries, each computed by one evaluation (`evaluate(_:as:…)`): an entry's
    /// kind, and for the common cases its composition and where its ends are.
    enum RunShape: UInt8 {
        /// A basic animation between two given scalars (`SteadyEntry.hasInlineEnds`).
        case basicScalar
        /// A basic animation of a whole point, its ends in its record.
        case basicPoint
        /// Any other basic animation.
        case basic
        /// A basic animation of a whole path or array (`SteadyEntry.Whole.variable`).
        case basicVariable
        /// A spring between two given scalars.
        case springScalar
        /// Any other spring.
        case spring
        /// A decay of a whole point (a thrown position).
        case decayPoint
        /// Any other decay.
        case decay
        /// Keyframes of a whole scalar.
        case keyframesScalar
        /// Any other keyframes (not along a path with its rotation).
        case keyframes
        /// Keyframes along a path, with its rotation record.
        case path
        /// A group with its children.
        case group
        /// A transition.
        case transition

        /// The shape of an entry of `kind`, whose ends are `hasInlineEnds` and composition `whole`.
        @inline(__always)
        init(kind: SteadyEntry.Kind, hasInlineEnds: Bool, whole: SteadyEntry.Whole) {
            switch kind {
            case .basic:
                self = hasInlineEnds ? .basicScalar : whole == .point ? .basicPoint : whole == .variable ? .basicVariable : .basic
            case .spring: self = hasInlineEnds ? .springScalar : .spring
            case .decay: self = whole == .point ? .decayPoint : .decay
            case .keyframes: self = whole == .scalar ? .keyframesScalar : .keyframes
            case .pathKeyframes: self = .path
            case .group: self = .group
            case .transition: self = .transition
            }
        }

        /// How many shapes there are.
        static let count = Int(RunShape.transition.rawValue) + 1
    }

    /// Evaluates the entries in `range` at engine time `now`, run by run, writing presentation
    /// values; appends the indexes of those that would move their run state on or stop applying
    /// to `exits` (they are not written). Writes only the entries' presentation slots, their
    /// counts of cycles (`SteadyEntry.cycles`) and `context`'s scratch (and a group's children's
    /// run states: their `members` entries and records); reads their records, kind data, model
    /// values and their layers' times of this tick.
    @inline(__always)
    static func evaluateRuns(
        _ entries: UnsafeMutablePointer<SteadyEntry>, _ range: Range<Int>, members: UnsafeMutablePointer<SteadyEntry>,
        at now: Double, context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>,
        exits: inout [Int32]
    ) {
        // The implicit springs one transaction started, next to each other here, share their motion.
        var springMotions = SpringMotionMemo()
        let lane = Lane(entries: entries, members: members, now: now, context: context, rows: rows)
        var index = range.lowerBound
        while index < range.upperBound {
            let run = index..<range.upperBound
            switch entries[index].runShape {
            case .basicScalar: index = lane.evaluateRun(BasicScalarRun.self, run, &springMotions, &exits)
            case .basicPoint: index = lane.evaluateRun(BasicPointRun.self, run, &springMotions, &exits)
            case .basic: index = lane.evaluateRun(BasicRun.self, run, &springMotions, &exits)
            case .basicVariable: index = lane.evaluateRun(BasicVariableRun.self, run, &springMotions, &exits)
            case .springScalar: index = lane.evaluateRun(SpringScalarRun.self, run, &springMotions, &exits)
            case .spring: index = lane.evaluateRun(SpringRun.self, run, &springMotions, &exits)
            case .decayPoint: index = lane.evaluateRun(DecayPointRun.self, run, &springMotions, &exits)
            case .decay: index = lane.evaluateRun(DecayRun.self, run, &springMotions, &exits)
            case .keyframesScalar: index = lane.evaluateRun(KeyframesScalarRun.self, run, &springMotions, &exits)
            case .keyframes: index = lane.evaluateRun(KeyframesRun.self, run, &springMotions, &exits)
            case .path: index = lane.evaluateRun(PathRun.self, run, &springMotions, &exits)
            case .group: index = lane.evaluateRun(GroupRun.self, run, &springMotions, &exits)
            case .transition: index = lane.evaluateRun(TransitionRun.self, run, &springMotions, &exits)
            }
        }
    }

    /// What every run of one evaluation reads.
    struct Lane {
        let entries: UnsafeMutablePointer<SteadyEntry>
        let members: UnsafeMutablePointer<SteadyEntry>
        let now: Double
        let context: EvaluationContext
        let rows: UnsafePointer<UnsafeMutablePointer<Double>>

        /// Evaluates the entries of `range` from its first while they have `Shape`'s shape
        /// (the first has it); returns the index of the first it did not take. Each entry is
        /// sampled at its layer's time; one that would move its run state on or stops applying
        /// is appended to `exits` (and not written); any other has its property's slots filled
        /// from the model value when it starts from it, then its value computed over them.
        // Out of line, once per shape: the compiler specialises it, its shape a constant.
        @inline(never)
        func evaluateRun<Shape: LaneRunShape>(
            _: Shape.Type, _ range: Range<Int>, _ springMotions: inout SpringMotionMemo, _ exits: inout [Int32]
        ) -> Int {
            let presentation = context.presentation
            var index = range.lowerBound
            repeat {
                let entry = entries + index
                index += 1
                guard entry.pointee.record >= 0 else { continue }
                let timeLayer = Int(entry.pointee.timeLayer)
                let time =
                    timeLayer < 0
                    ? now
                    : entry.pointee.timeLayerStepsFromEngineTime
                        ? LayerTimeWalk.timeUnderEngineTime(of: timeLayer, engineTime: now, clocks: context.clocks)
                        : context.layers[timeLayer].cachedTime
                let sample = entry.pointee.timing.sample(
                    atParentTime: time, activeParentDuration: entry.pointee.activeParentDuration, cycles: &entry.pointee.cycles)
                guard sample.isInEffect && entry.pointee.state.step(at: sample, parentApplies: true).isNone else {
                    exits.append(Int32(index - 1))
                    continue
                }
                let out = presentation + Int(entry.pointee.output)
                if entry.pointee.startsFromModel(applies: true) { startFromModel(entry, context: context, rows: rows, into: out) }
                SteadyLane.evaluate(
                    entry, as: Shape.shape, sample: sample, time: time, members: members, context: context, rows: rows,
                    springMotions: &springMotions, into: out)
            } while index < range.upperBound && entries[index].runShape == Shape.shape
            return index
        }
    }

    /// The value of an entry of `shape` (a constant where this is inlined) at `sample`, taken at
    /// its layer's time `time`, into its property's slots `out`; a group's and a transition's
    /// into their own. A spring's and a decay's of the common shapes are inlined in their run
    /// (`evaluateValue`, for a group's children of every kind, keeps them out of line).
    @_transparent
    static func evaluate(
        _ entry: UnsafeMutablePointer<SteadyEntry>, as shape: RunShape, sample: TimingSample, time: Double,
        members: UnsafeMutablePointer<SteadyEntry>, context: EvaluationContext, rows: UnsafePointer<UnsafeMutablePointer<Double>>,
        springMotions: inout SpringMotionMemo, into out: UnsafeMutablePointer<Double>
    ) {
        switch shape {
        case .basicPoint:
            let fraction = context.eased(entry.pointee.function, sample)
            let basic = context.basics + Int(entry.pointee.parameters)
            evaluateWholePointApart(basic, fraction: fraction, sample: sample, context: context, into: out)
        case .springScalar:
            let t = entry.pointee.timing.basicTime(of: sample, atParentTime: time)
            scalarSpringValue(entry, at: t, sample: sample, context: context, into: out)
        case .decayPoint:
            decayPointValue(entry, at: entry.pointee.timing.basicTime(of: sample, atParentTime: time), context: context, into: out)
        case .path:
            evaluatePath(entry, sample: sample, time: time, context: context, rows: rows, into: out)
        case .group:
            evaluateGroup(
                entry, sample: sample, time: time, members: members, context: context, rows: rows, springMotions: &springMotions)
        case .transition:
            context.applyTransition(context.animations + Int(entry.pointee.record), sample: sample, applies: true)
        default:
            evaluateValue(entry, as: shape, sample: sample, time: time, context: context, springMotions: &springMotions, into: out)
        }
    }

    /// `applyEndpoints` out of line: the way of a path or array entry whose interpolation was
    /// not resolved, kept out of its run's loop.
    @inline(never)
    static func applyEndpointsApart(
        _ composition: Composition, _ basic: UnsafeMutablePointer<BasicRecord>, fraction: Double, sample: TimingSample,
        context: EvaluationContext, into out: UnsafeMutablePointer<Double>
    ) {
        context.applyEndpoints(composition, basic, fraction: fraction, sample: sample, to: out)
    }

    /// `evaluateWholePoint` out of line: in a run's specialised loop the compiler calls
    /// `applyEndpoints` for any composition instead of inlining it for a point.
    @inline(never)
    static func evaluateWholePointApart(
        _ basic: UnsafeMutablePointer<BasicRecord>, fraction: Double, sample: TimingSample, context: EvaluationContext,
        into out: UnsafeMutablePointer<Double>
    ) {
        evaluateWholePoint(basic, fraction: fraction, sample: sample, context: context, into: out)
    }
}

/// A shape the lane's loop is specialised for (`SteadyLane.Lane.evaluateRun`).
protocol LaneRunShape {
    static var shape: SteadyLane.RunShape { get }
}

enum BasicScalarRun: LaneRunShape { static var shape: SteadyLane.RunShape { .basicScalar } }
enum BasicPointRun: LaneRunShape { static var shape: SteadyLane.RunShape { .basicPoint } }
enum BasicRun: LaneRunShape { static var shape: SteadyLane.RunShape { .basic } }
enum BasicVariableRun: LaneRunShape { static var shape: SteadyLane.RunShape { .basicVariable } }
enum SpringScalarRun: LaneRunShape { static var shape: SteadyLane.RunShape { .springScalar } }
enum SpringRun: LaneRunShape { static var shape: SteadyLane.RunShape { .spring } }
enum DecayPointRun: LaneRunShape { static var shape: SteadyLane.RunShape { .decayPoint } }
enum DecayRun: LaneRunShape { static var shape: SteadyLane.RunShape { .decay } }
enum KeyframesScalarRun: LaneRunShape { static var shape: SteadyLane.RunShape { .keyframesScalar } }
enum KeyframesRun: LaneRunShape { static var shape: SteadyLane.RunShape { .keyframes } }
enum PathRun: LaneRunShape { static var shape: SteadyLane.RunShape { .path } }
enum GroupRun: LaneRunShape { static var shape: SteadyLane.RunShape { .group } }
enum TransitionRun: LaneRunShape { static var shape: SteadyLane.RunShape { .transition } }
