/// UIViewPropertyAnimator's continueAnimation(withTimingParameters:durationFactor:): the rest
/// of the motion re-timed, from where it stands, with no jump.
extension EngineState {
    /// Runs the animator on from where it stands. `durationFactor` scales the time left (the
    /// clock's pace becomes 1 / factor). With a timing function, the part of each animation's
    /// motion left is taken over by a basic animation of the same key path (added under no
    /// key) from the value shown now to the value at the end the clock runs to, paced by the
    /// function over its time left; with a spring, by a spring animation between the same
    /// values that starts with the velocity it has now (zero when paused) and lasts its
    /// settling duration, the clock's pace set so that the longest one plays in real time (the
    /// factor is not used). The original animation stays the animator's and shows the motion
    /// outside that part (scrubbing back, reversing, finishing at the start); the replacement
    /// shows nothing outside it. Only basic and spring animations that are not additive can be
    /// replaced: with any other, nothing changes.
    func continueAnimator(_ handle: UInt64, timing: AnimatorTiming?, durationFactor: Double) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        try Check.within(durationFactor, 0...MediaTiming.Limits.speed, "durationFactor")
        guard durationFactor > 0 else {
            throw AnimCoreError(.outOfRange, "durationFactor is 0; it must be > 0")
        }
        let cause: String
        if case .spring(let spring)? = timing {
            try spring.validate()
            cause = "spring"
        } else {
            cause = "durationFactor"
        }
        var animator = try anchored(slot, "continuing it")
        let before = animator
        animator.members = liveMembers(of: animator)
        for member in animator.members {
            let record = animations[Int(member.record)]
            guard timing == nil || ((record.kind == .basic || record.kind == .spring) && !record.isAdditive) else {
                throw AnimCoreError(
                    .invalidArgument,
                    "the animation of \(animatedName(record)) is \(record.isAdditive ? "additive" : "not a basic or spring animation"); new timing parameters replace basic and spring animations that are not additive")
            }
        }
        animator.state = .running
        animator.pace = 1 / durationFactor
        // All or nothing: every new timing is computed and checked before the first animation
        // is replaced (reading the shown values retimes the old ones: restored on a refusal).
        let saved = animator.members.map { animations[Int($0.record)].timing }
        var plans: [Replacement] = []
        do {
            if let timing { plans = try planReplacements(of: &animator, before: before, timing: timing) }
            try checkContinuation(animator, plans: plans, cause: cause)
        } catch {
            for (member, timing) in zip(animator.members, saved) { retime(Int(member.record), to: timing) }
            throw error
        }
        for plan in plans { animator.members.append(try install(plan)) }
        try apply(animator, slot: slot, cause: cause)
    }

    /// Checks what `continueAnimator` would set, changing nothing: the clock's rate (rate ×
    /// pace) within the engine's speed limits, and the timing each animation would get — the
    /// kept ones' and the replacements' — within the time limits (`apply`'s own check).
    private func checkContinuation(_ animator: AnimatorRecord, plans: [Replacement], cause: String) throws(AnimCoreError) {
        let rate = animator.effectiveRate
        guard rate.isFinite, abs(rate) <= MediaTiming.Limits.speed else {
            throw AnimCoreError(
                .outOfRange,
                "\(cause) makes the animator's clock run at \(rate) animator seconds per second; its rate × pace must lie in ±\(MediaTiming.Limits.speed)")
        }
        for member in animator.members {
            let record = animations[Int(member.record)]
            _ = try checkedTiming(member, base: record.timing, record: record, animator: animator, cause: cause)
        }
        for plan in plans {
            let record = animations[Int(plan.member.original)]
            _ = try checkedTiming(plan.member, base: plan.animation.timing, record: record, animator: animator, cause: cause)
        }
    }

    /// A replacement planned by `continueAnimator`: the animation to add over the part of an
    /// original's motion left, and the member it becomes (its record filled in when added).
    private struct Replacement {
        var animation: Animation
        var layer: Int
        var member: AnimatorMember
    }

    /// Plans the replacement of each animation of `animator` that has motion left by one with
    /// `timing` (see `continueAnimator`); `before` is the animator as it ran until now (for
    /// velocities). Sets the pace a spring's settling asks for.
    private func planReplacements(
        of animator: inout AnimatorRecord, before: AnimatorRecord, timing: AnimatorTiming
    ) throws(AnimCoreError) -> [Replacement] {
        let forward = animator.effectiveRate >= 0
        let now = animator.position
        let oldRate = before.state == .running ? before.effectiveRate : 0
        var longest = 0.0
        var plans: [Replacement] = []
        for member in animator.members where member.original < 0 {
            let window = forward
                ? (member.delay + member.span, max(now, member.delay))
                : (member.delay, min(now, member.delay + member.span))
            // (first: where it ends; second: where it stands.)
            let (end, start) = window
            guard forward ? end > start : start > end else { continue }
            // What shows now: the last replacement of it whose span holds `start` (later in the
            // list: it wins), else the original itself (also at a replacement's bounds, where
            // they show the same value).
            let shown = animator.members.last { candidate in
                candidate.original == member.record && candidate.delay < start && start < candidate.delay + candidate.span
            } ?? member
            let plan = try plan(member, shown: shown, from: start, to: end, timing: timing, rate: oldRate)
            plans.append(plan)
            longest = max(longest, plan.member.activeDuration)
        }
        if case .spring = timing, longest > 0, animator.rate != 0 {
            let left = forward ? animator.duration - now : now
            animator.pace = left / longest / abs(animator.rate)
        }
        return plans
    }

    /// The replacement of the original `member` over animator times `start` to `end`: a new
    /// animation going from what `shown` (it or a replacement of it) shows at `start` to what
    /// `member` shows at `end` (checked, not yet added).
    private func plan(
        _ member: AnimatorMember, shown current: AnimatorMember, from start: Double, to end: Double,
        timing: AnimatorTiming, rate: Double
    ) throws(AnimCoreError) -> Replacement {
        let index = Int(member.record)
        let layer = Int(animations[index].layer)
        let from = shown(current, at: start), to = shown(member, at: end)
        let span = abs(end - start)
        var animation: Animation
        var scale = 1.0
        switch timing {
        case .function(let function):
            animation = .basic(animatedName(animations[index]), from: from, to: to)
            animation.timingFunction = function
            animation.timing.duration = span
        case .spring(var spring):
            // The velocity now, as a fraction of the distance left per second.
            let h = min(span, 1e-3) / 2
            let ahead = end > start ? start + h : start - h
            let moved = rate == 0 || h == 0 ? 0 : fractionMoved(current, from: start, to: ahead, towards: end, from, to)
            spring.initialVelocity = moved / h * abs(rate)
            let settling = spring.settlingDuration
            animation = .spring(animatedName(animations[index]), from: from, to: to, spring: spring)
            animation.timing.duration = settling
            scale = settling / span
        }
        // (The values are a value function's numbers when the original has one: it goes on.)
        animation.valueFunction = animations[index].valueFunction?.function
        try animation.validate()
        let active = span * scale
        let forward = end > start
        var replacement = AnimatorMember(
            record: -1, generation: 0, delay: min(start, end), span: span,
            scale: scale, sign: forward ? 1 : -1, offset: forward ? 0 : active, activeDuration: active)
        replacement.fillsBackwards = false
        replacement.fillsForwards = false
        replacement.original = member.record
        return Replacement(animation: animation, layer: layer, member: replacement)
    }

    /// Adds the planned animation (under no key: the original stays, showing the motion
    /// outside the replacement's span) and returns the member it is.
    private func install(_ plan: Replacement) throws(AnimCoreError) -> AnimatorMember {
        try addAnimation(plan.animation, forKey: nil, to: layerID(plan.layer))
        let added = Int(layers[plan.layer].lastAnimation)
        animations[added].isRemovedOnCompletion = false
        animations[added].isAnimators = true
        var member = plan.member
        member.record = Int32(added)
        member.generation = animations[added].generation
        return member
    }

    /// What `member` shows at animator time `time` over the model value alone.
    private func shown(_ member: AnimatorMember, at time: Double) -> Value {
        let index = Int(member.record)
        let layerTime = self.layerTime(Int(animations[index].layer), atEngineTime: currentTime)
        retime(index, to: member.timing(animations[index].timing, layerTime: layerTime, time: time, rate: 0, frozen: true))
        return valueShown(byAnimation: index, atLayerTime: layerTime)
    }

    /// How far `member` moves from animator time `start` to `ahead`, as a fraction of the way
    /// from what it shows at `start` (`from`) to what it shows at `end` (`to`): for a basic
    /// animation through its eased progress (exact for every interpolation, a rotation's too),
    /// else by the projection of the values' change.
    private func fractionMoved(
        _ member: AnimatorMember, from start: Double, to ahead: Double, towards end: Double, _ from: Value, _ to: Value
    ) -> Double {
        let index = Int(member.record)
        let progress = { (time: Double) -> Double? in
            _ = self.shown(member, at: time)  // held there
            return self.easedProgress(ofAnimation: index, atLayerTime: self.layerTime(Int(self.animations[index].layer), atEngineTime: self.currentTime))
        }
        if let now = progress(start), let next = progress(ahead), let last = progress(end), last != now {
            return (next - now) / (last - now)
        }
        return Self.fraction(of: from, shown(member, at: ahead), along: from, to)
    }

    /// How far `value` lies from `from` towards `to`, as a fraction of the distance (the
    /// projection of `value − from` on `to − from`); 0 when they are equal.
    static func fraction(of from: Value, _ value: Value, along start: Value, _ end: Value) -> Double {
        let count = from.kind.slotCount
        var a = [Double](repeating: 0, count: count), b = a, c = a
        from.write(into: &a)
        value.write(into: &b)
        end.write(into: &c)
        var dot = 0.0, length = 0.0
        for k in 0..<count {
            dot += (b[k] - a[k]) * (c[k] - a[k])
            length += (c[k] - a[k]) * (c[k] - a[k])
        }
        return length > 0 ? dot / length : 0
    }
}

/// The timing an animator's continuation gives the rest of its motion.
package enum AnimatorTiming: Sendable {
    /// A basic animation paced by the function.
    case function(TimingFunction)
    /// A spring animation of this spring (its initial velocity is the motion's own).
    case spring(Spring)
}
