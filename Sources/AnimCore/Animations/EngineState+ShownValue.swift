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
        if let applied = record.pointee.valueFunction {
            return numberShown(
                byAnimation: record, applied, sample: sample, parentTime: parentTime, applies: applies && sample.isInEffect,
                slot: slot, context: context)
        }
        guard applies && sample.isInEffect else { return read(target, from: modelValue(slot, target.property)) }
        return withValue(appliedBy: record, sample: sample, parentTime: parentTime, slot: slot, context: context) { value, _ in
            read(target, from: value)
        }
    }

    /// `valueShown` of an animation with a value function: the number (or vector3) it
    /// interpolates, not the matrix built from it — its evaluation with the function left out
    /// (and not added to anything), over the function's part of the model value, which a
    /// missing end takes; that part where it does not apply. So an animator continues a turn
    /// past π with the angle, which the matrix cannot give back.
    private func numberShown(
        byAnimation record: UnsafeMutablePointer<AttachedAnimation>, _ applied: AppliedValueFunction, sample: TimingSample,
        parentTime: Double, applies: Bool, slot: Int, context: EvaluationContext
    ) -> Value {
        var buffer = SlotScratch()
        return buffer.withPointer { input in
            applied.function.read(from: modelValue(slot, Int(record.pointee.property)), as: applied.propertyKind, into: input)
            if applies {
                var number = record.pointee  // a copy, the function and the addition left out
                number.valueFunction = nil
                number.isAdditive = false
                withUnsafeMutablePointer(to: &number) { context.apply($0, sample: sample, parentTime: parentTime, to: input) }
            }
            return Value(kind: record.pointee.valueKind, slots: input)
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
