/// Raw pointers the tick's evaluation loop reads and writes through, and the evaluation of one
/// record: its time, run state, callbacks and display, then its kind's value. Valid for one
/// evaluation pass, during which nothing is allocated (so no buffer moves).
struct EvaluationContext {
    /// The layers' records and places (stamp, class, model row, presentation block), by slot.
    let layers: UnsafeMutablePointer<LayerRecord>
    let places: UnsafeMutablePointer<LayerPlace>
    let animations: UnsafeMutablePointer<AttachedAnimation>
    let basics: UnsafeMutablePointer<BasicRecord>
    let keyframes: UnsafeMutablePointer<KeyframeRecord>
    let groups: UnsafeMutablePointer<GroupRecord>
    let springs: UnsafeMutablePointer<SpringRecord>
    let decays: UnsafeMutablePointer<DecayRecord>
    let transitions: UnsafeMutablePointer<TransitionRecord>
    let functions: UnsafeMutablePointer<TimingFunction>
    /// The functions' beziers (`TimingFunctionTable.beziers`).
    let beziers: UnsafeMutablePointer<UnitBezier>
    let outOfLine: UnsafeMutablePointer<Double>
    let values: UnsafeMutablePointer<Double>
    let presentation: UnsafeMutablePointer<Double>
    /// The store of paths and arrays (`VariableValues`), unretained: the engine holds it.
    let variables: Unmanaged<VariableValues>
    /// Whether this evaluation computes the presentation the engine shows (the tick's, a
    /// refresh of it), so path and array animations write the buffers the presentation
    /// shows; false for evaluations at other times (`VariableBuffers`).
    var showsPresentation = false
    private(set) var scratch: UnsafeMutablePointer<Double>
    /// Each layer's clock (`EngineState.clocks`), by slot, for the walk of layer times.
    let clocks: UnsafeMutablePointer<LayerClock>

    /// This context with its scratch slots elsewhere (a part of the lane on another thread).
    func with(scratch: UnsafeMutablePointer<Double>) -> EvaluationContext {
        var context = self
        context.scratch = scratch
        return context
    }

    /// `sample`'s progress through the timing function at `function` (an index in `functions`;
    /// −1 for none: linear): the one easing of the tick, for every kind and path.
    // A bezier is read in place from its own table (`TimingFunctionTable.beziers`): taken out
    // of the enum, the curve is copied at every call. Every other kind (steps, linear(),
    // presets) is evaluated out of line by `TimingFunction.value`, so the bezier path stays
    // one tag test and the solve.
    @inline(__always)
    func eased(_ function: Int32, _ sample: TimingSample) -> Double {
        guard function >= 0 else { return sample.progress }
        if case .cubicBezier = functions[Int(function)] {
            return beziers[Int(function)].value(at: sample.progress)
        }
        return easedOutOfLine(functions + Int(function), sample)
    }

    /// `eased` for a function that is not a bezier.
    @inline(never)
    func easedOutOfLine(_ function: UnsafeMutablePointer<TimingFunction>, _ sample: TimingSample) -> Double {
        function.pointee.value(at: sample.progress, beforeFlag: sample.beforeFlag)
    }

    /// Copies the model value of the record's property into its presentation slots in `block`
    /// (the first animation of a property starts from it).
    @inline(__always)
    func copyModelValue(_ record: UnsafeMutablePointer<AttachedAnimation>, row: UnsafeMutablePointer<Double>, block: UnsafeMutablePointer<Double>) {
        let source = modelValue(record, row: row)
        let slots = block + Int(record.pointee.presentationOffset)
        for offset in 0..<Int(record.pointee.propertySlotCount) { slots[offset] = source[offset] }
    }

    /// The model value an animation's property reads from, given the layer's model row.
    @inline(__always)
    func modelValue(_ record: UnsafeMutablePointer<AttachedAnimation>, row: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<Double> {
        let slots = row + Int(record.pointee.modelOffset)
        if record.pointee.modelIsInline { return slots }
        let block = Int(Int64(bitPattern: slots[0].bitPattern))
        return outOfLine + (block >= 0 ? block : Int(record.pointee.defaultBlock))
    }

    /// Evaluates one committed record at its parent's time — the layer's time, or its group's
    /// time for a group's child: moves its run state on, notices start, finish and display,
    /// and applies its kind's value unless it is removed now.
    @inline(__always)
    func evaluate(
        _ record: UnsafeMutablePointer<AttachedAnimation>, index: Int,
        layer: UnsafeMutablePointer<LayerRecord>, row: UnsafeMutablePointer<Double>, layerTime: Double,
        block: UnsafeMutablePointer<Double>, notices: inout [TickNotice]
    ) {
        // A record of the layer's own (the common case) samples in place; a group's child
        // through its group.
        let sample: TimingSample
        let time: Double
        let parentApplies: Bool
        if record.pointee.parent < 0 {
            sample = record.pointee.timing.sample(atParentTime: layerTime, activeParentDuration: record.pointee.activeParentDuration)
            time = layerTime
            parentApplies = true
        } else {
            (sample, time, parentApplies) = timing(of: record, layerTime: layerTime)
        }
        let owned = record.pointee.isOwned
        let kind = record.pointee.kind
        let applies = applies(record, sample, parentApplies: parentApplies)
        if kind == .group {
            applyGroup(record, sample: sample, parentTime: time, applies: applies)
        } else if kind == .transition {
            applyTransition(record, sample: sample, applies: applies)
        } else if AttachedAnimation.startsFromModel(
            initializesPresentation: record.pointee.initializesPresentation,
            overwritesWholeValue: record.pointee.overwritesWholeValue, applies: applies) {
            copyModelValue(record, row: row, block: block)
        }
        // The run state: shown, begun, ended. Owned records follow their owner's callbacks.
        let step = record.pointee.state.step(at: sample, parentApplies: parentApplies)
        record.pointee.state = record.pointee.state.advanced(by: step)
        if step.starts && !owned { notices.append(TickNotice(animation: Int32(index), kind: .started)) }
        if step.finishes && !owned {
            notices.append(TickNotice(
                animation: Int32(index), kind: record.pointee.isRemovedOnCompletion ? .finishedAndRemoved : .finished))
        }
        // Applied, with its run state now what its time says, it owes nothing from the next tick
        // on while that holds: it may join the lane (`EngineState.joinSteadyLane` checks the rest).
        if applies && record.pointee.mayJoinSteadyLane && !record.pointee.isRefusedByLane && record.pointee.laneEntry < 0 {
            notices.append(TickNotice(animation: Int32(index), kind: .steady))
        }
        guard kind.writesProperty else { return }
        if applies { apply(record, sample: sample, parentTime: time, to: block + Int(record.pointee.presentationOffset)) }
        // A needs-display property redisplays every tick while it animates, when it first
        // shows (a backwards fill) and when it ends; not while waiting unseen for its begin.
        if record.pointee.needsDisplay && (sample.phase == .active || step.finishes || step.shows)
            && !layer.pointee.needsDisplay {
            layer.pointee.needsDisplay = true
            notices.append(TickNotice(animation: Int32(index), kind: .display))
        }
    }
}

extension EvaluationContext {
    /// A record's sample at this tick: in its layer's time, or in its group's time for a group's
    /// child (nothing applies while the group does not). Also the parent time it was taken at.
    @inline(__always)
    func timing(of record: UnsafeMutablePointer<AttachedAnimation>, layerTime: Double) -> (sample: TimingSample, parentTime: Double, parentApplies: Bool) {
        let parent = Int(record.pointee.parent)
        guard parent >= 0 else {
            let sample = record.pointee.timing.sample(atParentTime: layerTime, activeParentDuration: record.pointee.activeParentDuration)
            return (sample, layerTime, true)
        }
        let group = groups + Int(animations[parent].parameters)
        guard group.pointee.isInEffect else {
            let none = TimingSample(phase: .before, isInEffect: false, progress: 0, cycleStart: 0, cycleLength: 1, isReversed: false)
            return (none, group.pointee.time, false)
        }
        return (childSample(record, group: group), group.pointee.time, true)
    }

    /// Whether a record is removed on completion at this sample: a record of its own, or the
    /// rotation of one (they go together); a group's children never are (the group's removal
    /// removes them).
    @inline(__always)
    func isRemovedNow(_ record: UnsafeMutablePointer<AttachedAnimation>, _ sample: TimingSample) -> Bool {
        let removable = !record.pointee.isOwned || (record.pointee.kind == .pathRotation && record.pointee.parent < 0)
        return sample.phase == .after && record.pointee.isRemovedOnCompletion && removable
    }

    /// Whether a record applies at `sample`: its group applies (`parentApplies`; true for a
    /// record of its own), it is in effect, and it is not removed on completion now.
    @inline(__always)
    func applies(_ record: UnsafeMutablePointer<AttachedAnimation>, _ sample: TimingSample, parentApplies: Bool) -> Bool {
        parentApplies && sample.isInEffect && !isRemovedNow(record, sample)
    }

    /// Applies a record's kind value into `slots` (the property's presentation, or a scratch copy).
    @inline(__always)
    func apply(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, to slots: UnsafeMutablePointer<Double>) {
        switch record.pointee.kind {
        case .basic: applyBasic(record, sample: sample, to: slots)
        case .keyframe: applyKeyframes(record, sample: sample, to: slots)
        case .pathRotation: applyPathRotation(record, sample: sample, to: slots)
        case .spring: applySpring(record, sample: sample, parentTime: parentTime, to: slots)
        case .decay: applyDecay(record, sample: sample, parentTime: parentTime, to: slots)
        case .group, .transition: break
        }
    }

    /// One property's presentation value at layer time `layerTime`, computed into `out` with
    /// no side effect on the records (their run states, callbacks and display stay as they
    /// are; group times are recomputed, as every tick does before it reads them): the model
    /// value with the property's committed animations applied in order.
    /// Returns a signature of which records applied: equal signatures at two times mean the
    /// same animations drove the value at both (no animation began or ended between them).
    @discardableResult
    /// Animations added but not committed yet count as begun at layer time `pendingBegin` (their
    /// delay after it), as they will when the next tick commits them: a property set twice in
    /// one transaction continues the motion the first change started.
    func evaluateProperty(
        first: Int32, property: Int32, model: UnsafePointer<Double>, slotCount: Int, layerTime: Double,
        pendingBegin: Double, into out: UnsafeMutablePointer<Double>
    ) -> UInt64 {
        var signature: UInt64 = 0
        for k in 0..<slotCount { out[k] = model[k] }
        var index = Int(first)
        while index >= 0 {
            let record = animations + index
            let kind = record.pointee.kind
            if record.pointee.isAlive && (kind == .group || record.pointee.property == property) {
                var (sample, parentTime, parentApplies) = timing(of: record, layerTime: layerTime)
                if !record.pointee.isCommitted && record.pointee.parent < 0 && record.pointee.beginsAtCommit {
                    var timing = record.pointee.timing
                    timing.beginTime = pendingBegin + record.pointee.beginDelay
                    sample = timing.sample(atParentTime: layerTime, activeParentDuration: record.pointee.activeParentDuration)
                }
                let applies = applies(record, sample, parentApplies: parentApplies)
                if kind == .group {
                    applyGroup(record, sample: sample, parentTime: parentTime, applies: applies)
                } else if applies {
                    apply(record, sample: sample, parentTime: parentTime, to: out)
                    signature = (signature &* 0x100000001B3) ^ UInt64(index &+ 1)
                }
            }
            index = Int(record.pointee.next)
        }
        return signature
    }
}

/// Named places in the engine's scratch buffer (`EngineState.scratch`), each large enough for
/// any value (16 slots).
enum ScratchOffset {
    /// A key-path component read out of a property value (the tick's value underneath; reads
    /// of a component outside the tick).
    static let underneath = 0
    /// A derived endpoint (from + by, to − by) or a cumulative cycle's end value.
    static let derived = 16
    /// The value an animation computes this frame.
    static let value = 32
    /// Where a path's keyframes were this frame, for their rotation: the keyframe record's
    /// index and generation, the progress, the segment and the bezier parameter
    /// (`rememberPathPosition`).
    static let pathPosition = 48
    /// An implicit additive animation's delta (actions, outside the tick).
    static let actionDelta = 64
    /// The value a property shows before an add replaces its animation (outside the tick).
    static let shown = 80
    /// A property's presentation now, a moment before and a moment after, for its velocity
    /// (outside the tick).
    static let velocityNow = 96
    static let velocityBefore = 112
    static let velocityAfter = 128
    /// A property's whole new value in a model change (outside the tick).
    static let change = 144
    /// The velocity an implicit spring carries over (outside the tick).
    static let carriedVelocity = 160
    /// Slots in all.
    static let count = 176
}
