/// A replicator's instance k sees its sublayers' time shifted by k × instanceDelay (reference
/// core-animation-geometry.md §5.2): its layers' values are presentation reads at that time,
/// through the engine's one evaluation of a property's animations
/// (`EvaluationContext.evaluateProperty`), not the presentation the tick stored.
extension EngineState {
    /// The local time of the layer in `slot` given its superlayer's time `parentTime`: the
    /// layer-time walk's step, uncached.
    func layerTime(_ slot: Int, fromParentTime parentTime: Double) -> Double {
        LayerTimeWalk.localTime(of: slot, fromParentTime: parentTime, layers: layers.base, clocks: clocks.base)
    }

    /// The values of the layer in `slot` as they show at its layer time `time`: a copy of its
    /// presentation block in `block` (grown when smaller: a list once sized allocates nothing),
    /// each property an animation drives evaluated at `time` into it, at the block's offsets, so
    /// the reads find them as they find the tick's.
    /// [INFERRED] An animation added but not committed yet counts as beginning at `time`.
    func layerSlots(_ slot: Int, atLayerTime time: Double, block: RecordBuffer<Double>) -> LayerSlots {
        let tick = layerSlots(slot, presentation: true)
        let first = layers[slot].firstAnimation
        let size = Int(layers[slot].presentationSize)
        guard first >= 0, size > 0, places[slot].presentationOffset >= 0 else { return tick }
        block.reserve(size)
        block.base.update(from: tick.block, count: size)
        let context = evaluationContext()
        var index = Int(first)
        while index >= 0 {
            let record = context.animations + index
            // Each property once, from its first animation (`initializesPresentation`, the
            // layout's own mark; none for a group or a transition, which drive no property).
            let fits = Int(record.pointee.presentationOffset + record.pointee.propertySlotCount) <= size
            if record.pointee.initializesPresentation && record.pointee.property >= 0 && fits {
                let property = Int(record.pointee.property)
                context.evaluateProperty(
                    first: first, property: record.pointee.property, model: tick.model(property),
                    slotCount: Int(record.pointee.propertySlotCount), layerTime: time, pendingBegin: time,
                    into: block.base + Int(record.pointee.presentationOffset))
            }
            index = Int(record.pointee.next)
        }
        return LayerSlots(
            stores: tick.stores, slot: slot, row: tick.row, layouts: tick.layouts, block: block.base, layout: tick.layout,
            showsPresentation: true, presented: tick.presented)
    }

    /// The state of the transition `record` (a layer's own: a transition is in no group) at its
    /// layer's time `time`, by the rules the tick applies (`EvaluationContext.applies`,
    /// `transitionMoment`).
    func transitionMoment(_ record: UnsafeMutablePointer<AttachedAnimation>, atLayerTime time: Double) -> TransitionMoment {
        let context = evaluationContext()
        let sample = record.pointee.timing.sample(atParentTime: time, activeParentDuration: record.pointee.activeParentDuration)
        return context.transitionMoment(record, sample: sample, applies: context.applies(record, sample, parentApplies: true))
    }
}
