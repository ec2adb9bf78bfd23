/// Raw pointers the tick's evaluation loop reads and writes through, and the evaluation of one
/// record: its time, run state, callbacks and display, then its kind's value. Valid for one
/// evaluation pass, during which nothing is allocated (so no buffer moves).
struct EvaluationContext {
    let layers: UnsafeMutablePointer<LayerRecord>
    let animations: UnsafeMutablePointer<AttachedAnimation>
    let basics: UnsafeMutablePointer<BasicRecord>
    let keyframes: UnsafeMutablePointer<KeyframeRecord>
    let groups: UnsafeMutablePointer<GroupRecord>
    let functions: UnsafeMutablePointer<TimingFunction>
    let outOfLine: UnsafeMutablePointer<Double>
    let values: UnsafeMutablePointer<Double>
    let presentation: UnsafeMutablePointer<Double>
    let scratch: UnsafeMutablePointer<Double>
    let timingOffsets: LayerTimingOffsets

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
        var time = layerTime
        var parentApplies = true
        let sample: TimingSample
        let parent = Int(record.pointee.parent)
        if parent >= 0 {
            let group = groups + Int(animations[parent].parameters)
            parentApplies = group.pointee.isInEffect
            time = group.pointee.time
            sample = parentApplies
                ? childSample(record, group: group)
                : TimingSample(phase: .before, isInEffect: false, progress: 0, cycleStart: 0, cycleLength: 1, isReversed: false)
        } else {
            sample = record.pointee.timing.sample(atParentTime: time, activeParentDuration: record.pointee.activeParentDuration)
        }
        let owned = record.pointee.isOwned
        let kind = record.pointee.kind
        // Removed on completion: a record of its own, or the rotation of one (they go together);
        // a group's children never are (the group's removal removes them).
        let removable = !owned || (kind == .pathRotation && parent < 0)
        let removedNow = sample.phase == .after && record.pointee.isRemovedOnCompletion && removable
        let applies = parentApplies && sample.isInEffect && !removedNow
        if kind == .group {
            applyGroup(record, sample: sample, parentTime: time, applies: applies)
        } else if record.pointee.initializesPresentation && !(applies && record.pointee.overwritesWholeValue) {
            // The first animation of a property starts from the model value, unless it
            // overwrites the whole value anyway.
            let source = modelValue(record, row: row)
            let slots = block + Int(record.pointee.presentationOffset)
            for offset in 0..<Int(record.pointee.propertySlotCount) { slots[offset] = source[offset] }
        }
        // The run state: shown, begun, ended. Owned records follow their owner's callbacks.
        let firstShown = !record.pointee.hasBeenShown && sample.isInEffect
        if firstShown && record.pointee.state < .filling { record.pointee.state = .filling }
        if !record.pointee.didStart && parentApplies && sample.phase != .before {
            record.pointee.state = .running
            if !owned { notices.append(TickNotice(animation: Int32(index), kind: .started)) }
        }
        var finishing = false
        if sample.phase == .after && !record.pointee.didFinish && parentApplies {
            finishing = true
            record.pointee.state = .finished
            if !owned {
                notices.append(TickNotice(
                    animation: Int32(index),
                    kind: record.pointee.isRemovedOnCompletion ? .finishedAndRemoved : .finished))
            }
        }
        guard kind != .group else { return }
        if applies {
            let slots = block + Int(record.pointee.presentationOffset)
            switch kind {
            case .basic: applyBasic(record, sample: sample, to: slots)
            case .keyframe: applyKeyframes(record, sample: sample, to: slots)
            case .pathRotation: applyPathRotation(record, sample: sample, to: slots)
            case .group: break
            }
        }
        // A needs-display property redisplays every tick while it animates, when it first
        // shows (a backwards fill) and when it ends; not while waiting unseen for its begin.
        if record.pointee.needsDisplay && (sample.phase == .active || finishing || firstShown)
            && !layer.pointee.needsDisplay {
            layer.pointee.needsDisplay = true
            notices.append(TickNotice(animation: Int32(index), kind: .display))
        }
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
    /// A path rotation's matrix.
    static let rotation = 48
    /// An implicit additive animation's delta (actions, outside the tick).
    static let actionDelta = 64
    /// The value a property shows before an add replaces its animation (outside the tick).
    static let shown = 80
    /// Slots in all.
    static let count = 96
}
