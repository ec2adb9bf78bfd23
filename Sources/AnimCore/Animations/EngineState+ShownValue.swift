/// What one animation shows on its own, applied over the model value alone: the value the
/// final-value rule keeps, and what an animator's continuation goes from and to.
extension EngineState {
    /// Runs `body` with the whole value of `record`'s property as the record applied at
    /// `sample` (its parent time `parentTime`) over the model value of the layer in `slot`
    /// shows it, in scratch slots (the model is not touched), and the property's kind.
    func withValue<R>(
        appliedBy record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, slot: Int,
        context: EvaluationContext, _ body: (UnsafeMutablePointer<Double>, ValueKind) -> R
    ) -> R {
        let property = Int(record.pointee.property)
        let kind = classes[Int(places[slot].classIndex)].properties[property].kind
        var buffer = SlotScratch()
        return buffer.withPointer { value in
            value.update(from: modelValue(slot, property), count: kind.slotCount)
            context.apply(record, sample: sample, parentTime: parentTime, to: value)
            return body(value, kind)
        }
    }

    /// The value of its key path that the basic or spring animation in `index` shows at `time`
    /// (its layer's time) over the model value alone; the model value where it does not apply.
    func valueShown(byAnimation index: Int, atLayerTime time: Double) -> Value {
        let record = animations.base + index
        let slot = Int(record.pointee.layer)
        let context = evaluationContext()
        let target = KeyPathTarget(
            property: Int(record.pointee.property), component: record.pointee.component, kind: record.pointee.valueKind)
        let (sample, parentTime, applies) = context.timing(of: record, layerTime: time)
        guard applies && sample.isInEffect else { return read(target, from: modelValue(slot, target.property)) }
        return withValue(appliedBy: record, sample: sample, parentTime: parentTime, slot: slot, context: context) { value, _ in
            read(target, from: value)
        }
    }

    /// How far along its from → to interpolation the basic animation in `index` is at `time`
    /// (its layer's time): its eased progress; nil for another kind.
    func easedProgress(ofAnimation index: Int, atLayerTime time: Double) -> Double? {
        let record = animations.base + index
        guard record.pointee.kind == .basic else { return nil }
        let context = evaluationContext()
        return context.eased(record.pointee.function, context.timing(of: record, layerTime: time).sample)
    }
}
