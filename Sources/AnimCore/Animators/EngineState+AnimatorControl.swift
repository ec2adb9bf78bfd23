/// An animator's control: start, pause, seek, reverse, rate, finish and cancel, and the ends
/// the tick finds. Each call re-anchors the clock at the engine's time (the last tick's) and
/// re-times every animation from it, all or nothing.
extension EngineState {
    /// Runs the clock from where it stands (UIKit's startAnimation, Web Animations' play);
    /// nothing for a running animator.
    func startAnimator(_ handle: UInt64) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        var animator = try anchored(slot, "starting it")
        animator.state = .running
        try apply(animator, slot: slot, cause: "starting")
    }

    /// Stops the clock where it stands (UIKit's pauseAnimation, Web Animations' pause).
    func pauseAnimator(_ handle: UInt64) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        var animator = try anchored(slot, "pausing it")
        animator.state = .paused
        try apply(animator, slot: slot, cause: "pausing")
    }

    /// Moves the clock to `fraction` of its duration (fractionComplete), or to `time` seconds
    /// (Web Animations' currentTime); an inactive animator becomes paused there, a running one
    /// runs on from there.
    func seekAnimator(_ handle: UInt64, fraction: Double? = nil, time: Double? = nil) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        var animator = try anchored(slot, "seeking")
        if let fraction {
            try Check.within(fraction, 0...1, "fractionComplete")
            animator.position = fraction * animator.duration
        } else if let time {
            try Check.within(time, 0...animator.duration, "time")
            animator.position = time
        }
        if animator.state == .inactive { animator.state = .paused }
        try apply(animator, slot: slot, cause: fraction != nil ? "fractionComplete" : "time")
    }

    /// Sets UIKit's isReversed: the clock runs towards the start (fractionComplete keeps
    /// counting from the start).
    func setAnimatorReversed(_ handle: UInt64, _ reversed: Bool) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        var animator = try anchored(slot, "reversing it")
        animator.isReversed = reversed
        try apply(animator, slot: slot, cause: "isReversed")
    }

    /// Sets Web Animations' playbackRate: animator seconds per engine second, signed (0 stands
    /// still while running; negative runs towards the start).
    func setAnimatorRate(_ handle: UInt64, _ rate: Double) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        try Check.within(rate, -MediaTiming.Limits.speed...MediaTiming.Limits.speed, "rate")
        var animator = try anchored(slot, "setting its rate")
        animator.rate = rate
        try apply(animator, slot: slot, cause: "rate")
    }

    /// Ends the animator at `position` (UIKit's finishAnimation(at:)): the model takes what its
    /// animations show there, they are removed, and the completion is owed.
    func finishAnimator(_ handle: UInt64, at position: AnimatorPosition) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        guard position != .cancelled else {
            throw AnimCoreError(.invalidArgument, "position is cancelled; finish at end, start or current, or cancel")
        }
        _ = try anchored(slot, "finishing it")
        endAnimator(slot, at: position)
    }

    /// Ends the animator where it stands without moving the model (Web Animations' cancel):
    /// its animations are removed; the completion is owed with `.cancelled`.
    func cancelAnimator(_ handle: UInt64) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        _ = try anchored(slot, "cancelling it")
        endAnimator(slot, at: .cancelled)
    }

    /// The animator in `slot` with its clock re-anchored at the engine's time, or
    /// `.invalidState` once it has finished or while one of its blocks is open (what the block
    /// adds is taken over at its commit, held at the position the animator has then).
    func anchored(_ slot: Int, _ what: String) throws(AnimCoreError) -> AnimatorRecord {
        var animator = animators[slot]
        guard animator.state != .finished else {
            throw AnimCoreError(.invalidState, "the animator has finished; \(what) is refused")
        }
        guard animator.blockThread == 0 else {
            throw AnimCoreError(
                .invalidState,
                "animator handle \(Handle.make(kind: .animator, stamp: animator.stamp, index: slot)) has its block open; \(what) is refused until the block commits")
        }
        animator.position = animator.time(at: currentTime)
        animator.anchorTime = currentTime
        return animator
    }

    /// Stores `updated` (the animator in `slot`, re-anchored, with its settings changed) and
    /// re-times each of its animations to follow its clock. Every timing is checked first:
    /// when one would leave the engine's limits, nothing changes (`cause` names the argument).
    func apply(_ updated: AnimatorRecord, slot: Int, cause: String) throws(AnimCoreError) {
        var animator = updated
        animator.members = liveMembers(of: updated)
        var timings: [MediaTiming] = []
        for member in animator.members {
            let record = animations[Int(member.record)]
            timings.append(try checkedTiming(member, base: record.timing, record: record, animator: animator, cause: cause))
        }
        let wasRunning = animators[slot].state == .running
        animators[slot] = animator
        runningAnimatorCount += (animator.state == .running ? 1 : 0) - (wasRunning ? 1 : 0)
        // One batch: each layer leaves the lane once, whatever the number of its animations.
        retime(zip(animator.members, timings).map { (Int($0.record), $1) })
    }

    /// The timing `member` (an animation of `record`'s layer and key path, whose own timing is
    /// `base`) follows `animator`'s clock with, or `.outOfRange` naming `cause` when it would
    /// leave the engine's limits. The clock's rate (animator seconds per engine second) becomes
    /// animator seconds per second of the animation's layer through the layer's time scale now
    /// (`layerTimeScale`); a running clock cannot drive an animation on a layer whose time
    /// stands still or runs backwards (`.invalidState`).
    func checkedTiming(
        _ member: AnimatorMember, base: MediaTiming, record: AttachedAnimation, animator: AnimatorRecord, cause: String
    ) throws(AnimCoreError) -> MediaTiming {
        let layer = Int(record.layer)
        let running = animator.state == .running && animator.effectiveRate != 0
        let scale = running ? layerTimeScale(layer) : 1
        guard scale > 0 else {
            throw AnimCoreError(
                .invalidState,
                "the layer of the animation of \(animatedName(record)) runs at \(scale) layer seconds per engine second (its speed or an ancestor's); a running animator drives animations on layers whose time moves forwards")
        }
        let timing = member.timing(
            base, layerTime: layerTime(layer, atEngineTime: currentTime), time: animator.position,
            rate: animator.effectiveRate / scale, frozen: animator.state != .running)
        do {
            try timing.validate()
        } catch {
            throw AnimCoreError(
                .outOfRange, "\(cause) takes the animation of \(animatedName(record)) beyond the time limits: \(error.message)")
        }
        return timing
    }

    /// Seconds of the layer in `slot` per engine second now: the slope of the engine's one
    /// layer-time walk (`layerTime(_:atEngineTime:)`), affine in engine time while the layers'
    /// timings stay as they are (each maps its parent's time with
    /// `(parent − beginTime) × speed + timeOffset`). 1 for a layer on engine time.
    func layerTimeScale(_ slot: Int) -> Double {
        layerTime(slot, atEngineTime: currentTime + 1) - layerTime(slot, atEngineTime: currentTime)
    }

    // MARK: Ends

    /// The tick's look for running animators whose clock has reached the end it runs to: each
    /// ends there (after the tick has evaluated its animations at that time).
    func endAnimatorsAtTheirEnds() {
        for slot in animators.indices where animators[slot].state == .running {
            let animator = animators[slot]
            let rate = animator.effectiveRate, time = animator.time(at: currentTime)
            if (rate > 0 && time >= animator.duration) || (rate < 0 && time <= 0) {
                endAnimator(slot, at: animator.endAhead)
            }
        }
    }

    /// Removes the animations of `members` that are still theirs (a did-stop not yet sent is sent
    /// with finished = false), each layer's at once (`removeAnimations(_:slot:)`, which leaves
    /// the lane and lays the presentation out once per layer), the layers in the order their
    /// first animation comes in `members` and each layer's in their order there.
    private func removeMembers(_ members: [AnimatorMember]) {
        var order: [Int32] = []
        var byLayer: [Int32: [Int]] = [:]
        for member in members where animations[Int(member.record)].generation == member.generation {
            let index = Int(member.record)
            guard animations[index].isAlive else { continue }
            let layer = animations[index].layer
            if byLayer[layer] == nil { order.append(layer) }
            byLayer[layer, default: []].append(index)
        }
        for layer in order {
            guard let indexes = byLayer[layer] else { continue }
            if indexes.count == 1 {
                removeAnimation(indexes[0], slot: Int(layer))
            } else {
                removeAnimations(indexes, slot: Int(layer))
            }
        }
    }

    /// Cancels every animator that has not ended (the engine is being destroyed).
    func cancelAnimators() {
        for slot in animators.indices where animators[slot].stamp != 0 && animators[slot].state != .finished {
            endAnimator(slot, at: .cancelled)
        }
    }

    /// Ends the animator in `slot` at `position`: unless cancelled, each animation is held at
    /// that position and what it shows there is written into the model (the rule of
    /// `keepsFinalValue`, at the animator's position); then they are removed (a did-stop not yet
    /// sent is sent with finished = false) and the completion is owed to the next delivery.
    func endAnimator(_ slot: Int, at position: AnimatorPosition) {
        var animator = animators[slot]
        guard animator.state != .finished else { return }
        let members = liveMembers(of: animator)
        let time = switch position {
        case .end: animator.duration
        case .start: 0.0
        case .current, .cancelled: animator.time(at: currentTime)
        }
        if position != .cancelled {
            var held: [(index: Int, timing: MediaTiming)] = []
            var layerTimes: [Double] = []
            for member in members {
                let index = Int(member.record)
                let layerTime = self.layerTime(Int(animations[index].layer), atEngineTime: currentTime)
                held.append((index, member.timing(animations[index].timing, layerTime: layerTime, time: time, rate: 0, frozen: true)))
                layerTimes.append(layerTime)
            }
            retime(held)
            for ((index, _), layerTime) in zip(held, layerTimes) {
                keepShownValue(ofAnimation: index, atLayerTime: layerTime, heldAtEnd: false)
            }
        }
        removeMembers(members)
        if animator.state == .running { runningAnimatorCount -= 1 }
        animator.state = .finished
        animator.endedAt = position
        animator.position = time
        animator.members = []
        if !animator.completions.isEmpty { events.append(.animatorCompletion(animator.completions, position: position)) }
        animator.completions = []
        animators[slot] = animator
        // (A block still open on it frees the slot at its commit, which must find it.)
        if animator.references == 0, animator.blockThread == 0 { freeAnimator(slot) }
    }
}
