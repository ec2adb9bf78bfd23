/// The tick: commit what is pending, evaluate every animated layer, queue display and callbacks.
extension EngineState {
    /// Advances the engine to host time `hostTime` (seconds on the host's clock) and evaluates.
    /// Engine time advances by the host's elapsed time × `globalSpeed`; the first tick sets it
    /// to `hostTime`.
    mutating func tick(hostTime: Double) throws(AnimCoreError) {
        guard hostTime.isFinite else {
            throw AnimCoreError(.notFinite, "now is \(hostTime); it must be finite")
        }
        if let last = lastHostTime {
            currentTime += (hostTime - last) * globalSpeed
        } else {
            currentTime = hostTime
        }
        lastHostTime = hostTime
        tickCount &+= 1
        commit()
        evaluateAnimations()
        queueDisplays()
    }

    /// Commits pending animations: a begin time of 0 becomes the layer's time now.
    mutating func commit() {
        guard !pendingAnimations.isEmpty else { return }
        for index in pendingAnimations {
            let record = animations[Int(index)]
            guard record.isAlive, !record.isCommitted else { continue }
            let slot = Int(record.layer)
            if record.beginsAtCommit {
                animations[Int(index)].timing.beginTime = layerTime(slot, atEngineTime: currentTime)
            }
            animations[Int(index)].isCommitted = true
            // The property's presentation starts from the model until evaluated.
            layers[slot].isCommitted = true
        }
        pendingAnimations.removeAll(keepingCapacity: true)
    }

    /// Moves layers marked for display into this tick's display events.
    mutating func queueDisplays() {
        guard !displayQueue.isEmpty else { return }
        for slot in displayQueue {
            let index = Int(slot)
            guard index < layers.count, layers[index].isAlive else { continue }
            layers[index].isQueuedForDisplay = false
            if layers[index].needsDisplay {
                layers[index].needsDisplay = false
                events.append(.display(layerID(index)))
            }
        }
        displayQueue.removeAll(keepingCapacity: true)
    }

    /// Evaluates every committed animation of every animated layer at the current time, writing
    /// presentation values; queues start/stop callbacks, display and removals. Allocates nothing
    /// once the engine's scratch arrays have grown to the workload.
    mutating func evaluateAnimations() {
        guard !animatedLayers.isEmpty else { return }
        let stamp = tickCount
        let now = currentTime
        if rowBases.count != classes.count {
            rowBases = classes.map { $0.rows.base }
        } else {
            for index in classes.indices { rowBases[index] = classes[index].rows.base }
        }
        // Take the reusable arrays out of the state (so they stay uniquely referenced and
        // keep their capacity), and put them back afterwards.
        var notices: [TickNotice] = []
        swap(&notices, &tickNotices)
        notices.removeAll(keepingCapacity: true)
        var ancestors: [Int32] = []
        swap(&ancestors, &ancestorScratch)
        let animated = animatedLayers
        let offsets = timingOffsets
        let context = EvaluationContext(
            rowBases: rowBases, outOfLine: outOfLine.base, values: animationValues.base,
            presentation: presentation.base, scratch: scratch.base)
        layers.withUnsafeMutableBufferPointer { layerRecords in
            animations.withUnsafeMutableBufferPointer { animationRecords in
                for layerSlot in animated {
                    let slot = Int(layerSlot)
                    let time = Self.layerTime(
                        slot, layers: layerRecords, rowBases: context.rowBases, offsets: offsets,
                        engineTime: now, stamp: stamp, ancestors: &ancestors)
                    let block = context.presentation + Int(layerRecords[slot].presentationOffset)
                    let row = context.rowBases[Int(layerRecords[slot].classIndex)] + Int(layerRecords[slot].row)
                    var index = Int(layerRecords[slot].firstAnimation)
                    while index >= 0 {
                        let record = animationRecords[index]
                        let slots = block + Int(record.presentationOffset)
                        if record.initializesPresentation {
                            slots.update(from: context.modelValue(record, row: row), count: Int(record.propertySlotCount))
                        }
                        if record.isCommitted {
                            let sample = record.timing.sample(atParentTime: time)
                            var notice = TickNotice.Kind?.none
                            if !record.didStart && sample.phase != .before {
                                animationRecords[index].didStart = true
                                notices.append(TickNotice(animation: Int32(index), kind: .started))
                            }
                            let finishing = sample.phase == .after && !record.didFinish
                            if finishing {
                                animationRecords[index].didFinish = true
                                notice = record.isRemovedOnCompletion ? .finishedAndRemoved : .finished
                                notices.append(TickNotice(animation: Int32(index), kind: notice!))
                            }
                            let removedNow = sample.phase == .after && record.isRemovedOnCompletion
                            if sample.isInEffect && !removedNow {
                                Self.apply(record, sample: sample, to: slots, context: context)
                            }
                            if record.needsDisplay && (sample.phase == .active || finishing || !record.didStart) {
                                if !layerRecords[slot].needsDisplay {
                                    layerRecords[slot].needsDisplay = true
                                    notices.append(TickNotice(animation: Int32(index), kind: .display))
                                }
                            }
                        }
                        index = Int(record.next)
                    }
                }
            }
        }
        swap(&ancestors, &ancestorScratch)
        handle(notices)
        swap(&notices, &tickNotices)
    }

    /// Turns the loop's notices into callbacks, display marks and removals.
    private mutating func handle(_ notices: [TickNotice]) {
        var removals: [Int32: [Int]] = [:]
        for notice in notices {
            let index = Int(notice.animation)
            let slot = Int(animations[index].layer)
            switch notice.kind {
            case .started:
                if let delegate = animationDelegates[notice.animation], delegate.didStart != nil {
                    let (layer, key) = eventSubject(index)
                    events.append(.animationDidStart(delegate, layer: layer, key: key))
                }
            case .finished, .finishedAndRemoved:
                if let delegate = animationDelegates[notice.animation], delegate.didStop != nil {
                    let (layer, key) = eventSubject(index)
                    events.append(.animationDidStop(delegate, layer: layer, key: key, finished: true))
                }
                if notice.kind == .finishedAndRemoved { removals[Int32(slot), default: []].append(index) }
            case .display:
                setNeedsDisplay(slot)
            }
        }
        for (slot, indexes) in removals { removeAnimations(indexes, slot: Int(slot)) }
    }

    /// The layer's time at this tick, cached per tick: each layer's time is computed once from
    /// its superlayer's, iteratively (a tree may be arbitrarily deep).
    @inline(__always)
    static func layerTime(
        _ slot: Int, layers: UnsafeMutableBufferPointer<LayerRecord>,
        rowBases: [UnsafeMutablePointer<Double>], offsets: LayerTimingOffsets, engineTime: Double,
        stamp: UInt64, ancestors: inout [Int32]
    ) -> Double {
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
                let row = rowBases[Int(layers[index].classIndex)] + Int(layers[index].row)
                time = offsets.timing(in: row).localTime(atParentTime: time)
            }
            layers[index].timeStamp = stamp
            layers[index].cachedTime = time
        }
        return time
    }

    /// Computes one basic animation's value and writes it into its property's presentation
    /// slots (reference §6.2–6.3): endpoints from from/to/by and the value underneath, the
    /// timing function, cumulative repeats, additive composition, key-path components.
    @inline(__always)
    static func apply(
        _ record: AttachedAnimation, sample: TimingSample, to slots: UnsafeMutablePointer<Double>,
        context: EvaluationContext
    ) {
        let kind = record.kind
        let count = kind.slotCount
        let underneath: UnsafeMutablePointer<Double>
        if let component = record.component {
            underneath = context.scratch
            component.read(from: slots, into: underneath)
        } else {
            underneath = slots
        }
        let derived = context.scratch + 16
        let value = context.scratch + 32
        let from = record.from >= 0 ? context.values + Int(record.from) : nil
        let to = record.to >= 0 ? context.values + Int(record.to) : nil
        let by = record.by >= 0 ? context.values + Int(record.by) : nil
        let start: UnsafeMutablePointer<Double>
        let end: UnsafeMutablePointer<Double>
        switch (from, to, by) {
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
        let fraction = record.timingFunction?.value(at: sample.progress, beforeFlag: sample.beforeFlag)
            ?? sample.progress
        ValueMath.interpolate(kind, from: start, to: end, fraction: fraction, into: value)
        if record.isCumulative && sample.iteration >= 1 {
            // [INF] Each repeat adds the value a cycle ends at (the start when autoreversing).
            let cycleEnd = record.timing.autoreverses ? start : end
            ValueMath.addScaled(kind, base: value, increment: cycleEnd, count: sample.iteration, into: value)
        }
        if record.isAdditive {
            ValueMath.add(kind, underneath, value, into: value)
        }
        if let component = record.component {
            component.write(value, into: slots)
        } else {
            slots.update(from: value, count: count)
        }
    }
}

/// Raw pointers the evaluation loop reads through; valid for one tick's evaluation pass.
struct EvaluationContext {
    let rowBases: [UnsafeMutablePointer<Double>]
    let outOfLine: UnsafeMutablePointer<Double>
    let values: UnsafeMutablePointer<Double>
    let presentation: UnsafeMutablePointer<Double>
    let scratch: UnsafeMutablePointer<Double>

    /// The model value an animation's property reads from, given the layer's model row.
    @inline(__always) func modelValue(_ record: AttachedAnimation, row: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<Double> {
        let slots = row + Int(record.modelOffset)
        if record.modelIsInline { return slots }
        let block = Int(Int64(bitPattern: slots[0].bitPattern))
        return outOfLine + (block >= 0 ? block : Int(record.defaultBlock))
    }
}

/// Something the evaluation loop noticed, handled after it.
struct TickNotice {
    enum Kind {
        case started
        case finished
        case finishedAndRemoved
        case display
    }

    var animation: Int32
    var kind: Kind
}
