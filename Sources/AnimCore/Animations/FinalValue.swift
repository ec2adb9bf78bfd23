extension EngineState {
    /// Writes what the animation in `index`, which has just finished, shows at its end into
    /// its layer's model (`Animation.keepsFinalValue`): each of its records — itself, a path's
    /// rotation, a group's children in order — sampled at the end of its active duration and
    /// applied over the model value, which then holds the result. The write runs no action.
    func keepFinalValue(_ index: Int) {
        let first = animations.base + index
        let end = first.pointee.timing.beginTime + first.pointee.activeParentDuration
        guard end.isFinite else { return }
        keepShownValue(ofAnimation: index, atLayerTime: end, heldAtEnd: true)
        refreshPresentation(ofRecordsFrom: index, slot: Int(first.pointee.layer))
    }

    /// Writes what the animation in `index` shows at `time` (its layer's time) into its layer's
    /// model: each of its records — itself, a path's rotation, a group's children in order —
    /// sampled at `time` and applied over the model value, which then holds the result. With
    /// `heldAtEnd`, its own records are taken at the end of their active duration whatever
    /// their fill mode (`time` is that end); without, as their timing samples `time` (an
    /// animator holds its animations at the position it ends at). The write runs no action.
    func keepShownValue(ofAnimation index: Int, atLayerTime time: Double, heldAtEnd: Bool) {
        let slot = Int(animations[index].layer)
        var member = index
        for _ in 0...Int(animations[index].followers) where member >= 0 {
            // Again for each record: a model write may allocate (an out-of-line value's block).
            let context = evaluationContext()
            let record = animations.base + member
            member = Int(record.pointee.next)
            // The animation's own records (its rotation too) held at their end whatever their
            // fill mode; a group's children in the group held at its end.
            let (sample, parentTime, parentApplies) = record.pointee.parent < 0 && heldAtEnd
                ? (record.pointee.timing.sampleAfterEnd(), time, true)
                : context.timing(of: record, layerTime: time)
            let applies = parentApplies && sample.isInEffect
            if record.pointee.kind == .group {
                // Also when it does not apply: its children read that from it.
                context.applyGroup(record, sample: sample, parentTime: parentTime, applies: applies)
            } else if applies && record.pointee.kind.writesProperty {  // (a transition keeps nothing)
                keepValue(of: record, sample: sample, parentTime: parentTime, slot: slot, context: context)
            }
        }
    }

    /// Recomputes, at the layer's time now, the presentation of each property the records from
    /// `index` (the animation and its followers) animate, where the layer's block holds one:
    /// this tick computed it on the model before the write, and the property's other animations
    /// go on over the new one. (The finished animation, removed now, applies no more.)
    private func refreshPresentation(ofRecordsFrom index: Int, slot: Int) {
        let time = layerTime(slot, atEngineTime: currentTime)
        var member = index
        for _ in 0...Int(animations[index].followers) where member >= 0 {
            let record = animations.base + member
            member = Int(record.pointee.next)
            guard record.pointee.kind.writesProperty else { continue }
            let property = Int(record.pointee.property)
            let model = modelValue(slot, property)
            let shown = presentationSlots(slot, property)
            guard shown != model else { continue }
            _ = evaluationContext(showingPresentation: true).evaluateProperty(
                first: layers[slot].firstAnimation, property: Int32(property), model: model,
                slotCount: classes[Int(places[slot].classIndex)].properties[property].kind.slotCount, layerTime: time,
                pendingBegin: time, into: shown)
        }
    }

    /// Writes the value of `record`'s property with the record applied at `sample` over the
    /// model value into the model of the layer in `slot`.
    private func keepValue(
        of record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, slot: Int,
        context: EvaluationContext
    ) {
        withValue(appliedBy: record, sample: sample, parentTime: parentTime, slot: slot, context: context) { value, kind in
            writeModel(slot, KeyPathTarget(property: Int(record.pointee.property), component: nil, kind: kind), value)
        }
    }
}
