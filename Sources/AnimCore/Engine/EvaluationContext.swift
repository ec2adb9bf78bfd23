/// Raw pointers the tick's evaluation loop reads and writes through, and the per-animation
/// evaluation itself. Valid for one evaluation pass, during which nothing is allocated (so no
/// buffer moves).
struct EvaluationContext {
    let layers: UnsafeMutablePointer<LayerRecord>
    let animations: UnsafeMutablePointer<AttachedAnimation>
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

    /// The layer's time at this tick, cached per tick: each layer's time is computed once from
    /// its superlayer's, iteratively (a tree may be arbitrarily deep).
    @inline(__always)
    func layerTime(
        _ slot: Int, rows: UnsafeBufferPointer<UnsafeMutablePointer<Double>>, engineTime: Double,
        stamp: UInt64, ancestors: inout [Int32]
    ) -> Double {
        // The common case: a root layer with default timing runs on engine time (nothing to
        // cache, so its record is only read).
        if layers[slot].parent < 0 && layers[slot].hasDefaultTiming { return engineTime }
        if layers[slot].timeStamp == stamp { return layers[slot].cachedTime }
        ancestors.removeAll(keepingCapacity: true)
        var current = slot
        while current >= 0 && layers[current].timeStamp != stamp {
            ancestors.append(Int32(current))
            current = Int(layers[current].parent)
        }
        var time = current >= 0 ? layers[current].cachedTime : engineTime
        for layer in ancestors.reversed() {
            let index = Int(layer)
            if !layers[index].hasDefaultTiming {
                let row = rows[Int(layers[index].classIndex)] + Int(layers[index].row)
                time = timingOffsets.timing(in: row).localTime(atParentTime: time)
            }
            layers[index].timeStamp = stamp
            layers[index].cachedTime = time
        }
        return time
    }

    /// Evaluates one committed animation at its layer's time: notices start, finish and display,
    /// and applies its value unless it is removed now.
    @inline(__always)
    func evaluate(
        _ record: UnsafeMutablePointer<AttachedAnimation>, index: Int,
        layer: UnsafeMutablePointer<LayerRecord>, row: UnsafeMutablePointer<Double>, at time: Double,
        into slots: UnsafeMutablePointer<Double>, notices: inout [TickNotice]
    ) {
        let sample = record.pointee.timing.sample(
            atParentTime: time, activeParentDuration: record.pointee.activeParentDuration)
        let removedNow = sample.phase == .after && record.pointee.isRemovedOnCompletion
        let applies = sample.isInEffect && !removedNow
        // The first animation of a property starts from the model value, unless it overwrites
        // the whole value anyway.
        if record.pointee.initializesPresentation && !(applies && record.pointee.overwritesWholeValue) {
            let source = modelValue(record, row: row)
            for offset in 0..<Int(record.pointee.propertySlotCount) { slots[offset] = source[offset] }
        }
        let firstShown = !record.pointee.hasBeenShown && sample.isInEffect
        if firstShown { record.pointee.hasBeenShown = true }
        if !record.pointee.didStart && sample.phase != .before {
            record.pointee.didStart = true
            notices.append(TickNotice(animation: Int32(index), kind: .started))
        }
        var finishing = false
        if sample.phase == .after && !record.pointee.didFinish {
            finishing = true
            record.pointee.didFinish = true
            notices.append(TickNotice(
                animation: Int32(index),
                kind: record.pointee.isRemovedOnCompletion ? .finishedAndRemoved : .finished))
        }
        if applies {
            apply(record, sample: sample, to: slots)
        }
        // A needs-display property redisplays every tick while it animates, when it first
        // shows (a backwards fill) and when it ends; not while waiting unseen for its begin.
        if record.pointee.needsDisplay && (sample.phase == .active || finishing || firstShown)
            && !layer.pointee.needsDisplay {
            layer.pointee.needsDisplay = true
            notices.append(TickNotice(animation: Int32(index), kind: .display))
        }
    }

    /// Computes one basic animation's value and writes it into its property's presentation
    /// slots (reference §6.2–6.3): endpoints from from/to/by and the value underneath, the
    /// timing function, cumulative repeats, additive composition, key-path components.
    @inline(__always)
    func apply(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, to slots: UnsafeMutablePointer<Double>) {
        let function = record.pointee.function
        let fraction = function >= 0
            ? functions[Int(function)].value(at: sample.progress, beforeFlag: sample.beforeFlag)
            : sample.progress
        let kind = record.pointee.kind
        let from = record.pointee.from
        let to = record.pointee.to
        // The common case: a scalar property from one number to another.
        if kind == .scalar && record.pointee.component == nil && from >= 0 && to >= 0
            && record.pointee.by < 0 && !record.pointee.isCumulative {
            let start = values[Int(from)]
            let value = start + (values[Int(to)] - start) * fraction
            slots[0] = record.pointee.isAdditive ? slots[0] + value : value
            return
        }
        let underneath: UnsafeMutablePointer<Double>
        if let component = record.pointee.component {
            underneath = scratch
            component.read(from: slots, into: underneath)
        } else {
            underneath = slots
        }
        let derived = scratch + 16
        let value = scratch + 32
        let fromSlots = from >= 0 ? values + Int(from) : nil
        let toSlots = to >= 0 ? values + Int(to) : nil
        let bySlots = record.pointee.by >= 0 ? values + Int(record.pointee.by) : nil
        let start: UnsafeMutablePointer<Double>
        let end: UnsafeMutablePointer<Double>
        switch (fromSlots, toSlots, bySlots) {
        case let (from?, to?, _):
            (start, end) = (from, to)
        case let (from?, nil, by?):
            ValueMath.add(kind, from, by, into: derived)
            (start, end) = (from, derived)
        case let (nil, to?, by?):
            ValueMath.subtract(kind, to, by, into: derived)
            (start, end) = (derived, to)
        case let (from?, nil, nil):
            (start, end) = (from, underneath)
        case let (nil, to?, nil):
            (start, end) = (underneath, to)
        case let (nil, nil, by?):
            ValueMath.add(kind, underneath, by, into: derived)
            (start, end) = (underneath, derived)
        case (nil, nil, nil):
            (start, end) = (underneath, underneath)
        }
        ValueMath.interpolate(kind, from: start, to: end, fraction: fraction, into: value)
        if record.pointee.isCumulative && sample.iteration >= 1 {
            // [INF] Each repeat adds the value a cycle ends at (the start when autoreversing).
            let cycleEnd = record.pointee.timing.autoreverses ? start : end
            ValueMath.addScaled(kind, base: value, increment: cycleEnd, count: sample.iteration, into: value)
        }
        if record.pointee.isAdditive {
            ValueMath.add(kind, underneath, value, into: value)
        }
        if let component = record.pointee.component {
            component.write(value, into: slots)
        } else {
            for offset in 0..<kind.slotCount { slots[offset] = value[offset] }
        }
    }
}
