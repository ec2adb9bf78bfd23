/// The tick: commit what is pending, evaluate every animated layer, queue display and callbacks.
extension EngineState {
    /// Advances the engine to host time `hostTime` (seconds on the host's clock) and evaluates.
    /// Engine time advances by the host's elapsed time × `globalSpeed`; the first tick sets it
    /// to `hostTime`.
    func tick(hostTime: Double) throws(AnimCoreError) {
        try Check.time(hostTime, "now")
        try reportClockFault()
        previousTickTime = lastHostTime == nil ? .nan : currentTime
        commitClock.previousHostTime = lastHostTime ?? .nan
        if let last = lastHostTime {
            currentTime = engineTime(atHostTime: hostTime, lastHostTime: last, lastEngineTime: currentTime)
        } else {
            currentTime = hostTime
        }
        lastHostTime = hostTime
        tickCount &+= 1
        commit()
        evaluateAnimations()
        releaseRetiredVariableValues()
        if runningAnimatorCount > 0 { endAnimatorsAtTheirEnds() }
        queueDisplays()
    }

    /// The tick's commit: every thread's implicit transaction commits, layers made since the
    /// last tick become committed (implicit actions now run for them), and animations whose
    /// transaction committed start: a begin time of 0 becomes the layer's time now (plus the
    /// animation block's delay), or at the commit's time when the host clock read it
    /// (`CommitClock`).
    func commit() {
        commitImplicitTransactions()
        for slot in uncommittedLayers where Int(slot) < layers.count && places[Int(slot)].isAlive {
            layers[Int(slot)].isCommitted = true
        }
        uncommittedLayers.removeAll(keepingCapacity: true)
        var commitTimes = takeReadyCommitTimes()
        defer {
            commitTimes.removeAll(keepingCapacity: true)
            swap(&commitTimes, &commitClock.ready)
        }
        guard !readyAnimations.isEmpty else { return }
        // Before records join (below): the compaction moves only the entries there are now.
        compactSteadyLaneIfSparse()
        var nextTimed = 0
        for (position, reference) in readyAnimations.enumerated() {
            // The engine time its commit read on the host clock, if it did (NaN: none).
            var clockBegin = Double.nan
            while nextTimed < commitTimes.count && commitTimes[nextTimed].range.upperBound <= position { nextTimed += 1 }
            if nextTimed < commitTimes.count, commitTimes[nextTimed].range.contains(position),
               case .host(let hostTime) = commitTimes[nextTimed].time {
                clockBegin = beginTime(forHostTime: hostTime)
            }
            let index = reference.index
            // Through a pointer: a copy of the record per animation showed in the commit's cost.
            let record = animations.base + Int(index)
            guard record.pointee.isAlive, record.pointee.generation == reference.generation, !record.pointee.isCommitted
            else { continue }
            let slot = Int(record.pointee.layer)
            if record.pointee.beginsAtCommit {
                // Continuing the presentation the previous tick showed (its value and velocity),
                // it begins at that tick's time, so the motion does not stall for a frame.
                // The commit's time on the host clock comes first: Core Animation's begin.
                let continues = record.pointee.continuesFrom == previousTickTime
                let engineBegin = !clockBegin.isNaN ? clockBegin : continues ? record.pointee.continuesFrom : currentTime
                let begin = layerTime(slot, atEngineTime: engineBegin) + record.pointee.beginDelay
                record.pointee.timing.beginTime = begin
                // A path's rotation runs on its animation's timing.
                if record.pointee.kind == .keyframe && record.pointee.followers == 1 {
                    animations[Int(record.pointee.next)].timing.beginTime = begin
                }
            }
            // The record and those it owns (a group's children, a path's rotation) commit together.
            var member = Int(index)
            for _ in 0...Int(record.pointee.followers) {
                animations[member].state = .waiting
                member = Int(animations[member].next)
            }
            if isSteadyLaneEnabled && record.pointee.mayJoinSteadyLane {
                let time = laneTime(of: slot)
                if let (state, sample) = steadyStateAtCommit(Int(index), time: time.time) {
                    record.pointee.state = state
                    joinSteadyLane(Int(index), laneTime: time, sample: sample)
                    // Refused (another animation of its layer shares its property): the walk's
                    // first evaluation moves it on, with its notices, as before.
                    if record.pointee.laneEntry < 0 { record.pointee.state = .waiting }
                }
            }
            // Off the lane the general walk evaluates it: its layer joins the walk now (an
            // uncommitted animation needs no walk, which would only skip it).
            if record.pointee.laneEntry < 0 { joinGeneralWalk(slot) }
        }
        readyAnimations.removeAll(keepingCapacity: true)
    }

    /// Moves layers marked for display into this tick's display events.
    func queueDisplays() {
        guard !displayQueue.isEmpty else { return }
        for slot in displayQueue {
            let index = Int(slot)
            guard index < layers.count, places[index].isAlive else { continue }
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
    func evaluateAnimations() {
        guard !animatedLayers.isEmpty || steadyLane.liveCount > 0 else { return }
        let stamp = tickCount
        let now = currentTime
        refreshRowBases()
        // The lane first: what leaves it rejoins the general walk below, in this tick.
        evaluateSteadyLane(at: now, context: evaluationContext(showingPresentation: true))
        tickNotices.removeAll(keepingCapacity: true)
        let context = evaluationContext(showingPresentation: true)
        rowBases.withUnsafeBufferPointer { rows in
            for layerSlot in animatedLayers {
                let slot = Int(layerSlot)
                let layer = context.layers + slot
                let place = context.places + slot
                let time = context.layerTime(slot, engineTime: now, stamp: stamp, ancestors: &ancestorScratch)
                let block = context.presentation + Int(place.pointee.presentationOffset)
                let row = rows[Int(place.pointee.classIndex)] + Int(place.pointee.row)
                var index = Int(layer.pointee.firstAnimation)
                while index >= 0 {
                    let record = context.animations + index
                    // Uncommitted animations keep the value they were added over; the lane
                    // has evaluated its own.
                    if record.pointee.isCommitted && record.pointee.laneEntry < 0 {
                        context.evaluate(
                            record, index: index, layer: layer, row: row, layerTime: time, block: block,
                            notices: &tickNotices)
                    }
                    index = Int(record.pointee.next)
                }
            }
        }
        handle(tickNotices)
    }

    /// Turns the loop's notices into callbacks, display marks and removals.
    private func handle(_ notices: [TickNotice]) {
        // Finished animations to remove, in notice order.
        tickRemovals.removeAll(keepingCapacity: true)
        for notice in notices {
            let index = Int(notice.animation)
            let slot = Int(animations[index].layer)
            switch notice.kind {
            case .started:
                if !animationDelegates.isEmpty, let delegate = animationDelegates[notice.animation], delegate.didStart != nil {
                    let (layer, key) = eventSubject(index)
                    events.append(.animationDidStart(delegate, layer: layer, key: key))
                }
            case .finished, .finishedAndRemoved:
                // Removed at its end (one that stays attached shows what its fill says), before
                // the did-stop callback, which may read the model.
                if notice.kind == .finishedAndRemoved && animations[index].keepsFinalValue { keepFinalValue(index) }
                if !animationDelegates.isEmpty, let delegate = animationDelegates[notice.animation], delegate.didStop != nil {
                    let (layer, key) = eventSubject(index)
                    events.append(.animationDidStop(delegate, layer: layer, key: key, finished: true))
                }
                animationStopped(index, finished: true)
                if notice.kind == .finishedAndRemoved { tickRemovals.append(notice.animation) }
            case .display:
                setNeedsDisplay(slot)
            case .steady:
                if isSteadyLaneEnabled { joinSteadyLane(index) }
            }
        }
        // A layer's removals go together, in notice order: finish notices come from the general
        // walk, which visits each layer once, so one layer's are adjacent (a layer whose runs
        // were not would have them removed one after the other, with the same result).
        let removals = tickRemovals
        var start = 0
        while start < removals.count {
            let slot = animations[Int(removals[start])].layer
            var end = start + 1
            while end < removals.count && animations[Int(removals[end])].layer == slot { end += 1 }
            if end == start + 1 {
                removeAnimation(Int(removals[start]), slot: Int(slot))
            } else {
                removeAnimations(removals[start..<end].lazy.map { Int($0) }, slot: Int(slot))
            }
            start = end
        }
    }

    /// Points `rowBases` at each class's model-row buffer (they move when they grow).
    func refreshRowBases() {
        if rowBases.count != classes.count {
            rowBases = classes.map { $0.rows.base }
        } else {
            for index in classes.indices { rowBases[index] = classes[index].rows.base }
        }
    }
}

extension EngineState {
    /// Pointers to the engine's buffers for an evaluation: valid until the next allocation.
    /// `showingPresentation`: it computes the presentation the engine shows (the tick's walk, a
    /// refresh of it), so path and array animations write the buffers it shows; default false.
    func evaluationContext(showingPresentation: Bool = false) -> EvaluationContext {
        var context = EvaluationContext(
            layers: layers.base, places: places.base, animations: animations.base, basics: basicRecords.records.base,
            keyframes: keyframeRecords.records.base, groups: groupRecords.records.base,
            springs: springRecords.records.base, decays: decayRecords.records.base,
            transitions: transitionRecords.records.base,
            functions: functions.functions.base, beziers: functions.beziers.base,
            outOfLine: outOfLine.base, values: animationValues.base,
            presentation: presentation.base, variables: .passUnretained(variableValues), scratch: scratch.base, clocks: clocks.base)
        context.showsPresentation = showingPresentation
        return context
    }
}

/// Something the evaluation loop noticed, handled after it.
struct TickNotice {
    enum Kind {
        case started
        case finished
        case finishedAndRemoved
        case display
        /// Evaluated, applied and admitted by the lane: from the next tick on it may owe nothing,
        /// so it may join (`joinSteadyLane` checks).
        case steady
    }

    var animation: Int32
    var kind: Kind
}
