/// UIViewPropertyAnimator's continueAnimation(withTimingParameters:durationFactor:): the rest
/// of the motion re-timed, from where it stands, with no jump.
extension EngineState {
    /// Runs the animator on from where it stands. `durationFactor` scales the time left (the
    /// clock's pace becomes 1 / factor). With a timing function, the part of each animation's
    /// motion left is taken over by a basic animation of the same key path (added under no
    /// key) from the value shown now to the value at the end the clock runs to, paced by the
    /// function over its time left; with a spring, by a spring animation between the same
    /// values, one of its own for each, that starts with the velocity the motion it takes over
    /// has there (the engine's presentation velocity, in its layer's time; zero when paused)
    /// and lasts its settling duration, the clock's pace set so that the longest one plays in
    /// real time (the factor is not used; see `paceSprings`). The original animation stays the
    /// animator's and shows the motion outside that part (scrubbing back, reversing, finishing
    /// at the start); the replacement shows nothing outside it. Only basic and spring animations
    /// that are not additive can be replaced: with any other, nothing changes.
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
            retime(zip(animator.members, saved).map { (Int($0.record), $1) })
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
    /// original's motion left, and the member it becomes (its record filled in when added). For
    /// a spring: the velocity of the motion it takes over at its start (value units per second
    /// of its layer's time; nil: at rest) and that velocity as a fraction of its distance, its
    /// layer's seconds per engine second, and its own local seconds per layer second once paced.
    private struct Replacement {
        var animation: Animation
        var layer: Int
        var member: AnimatorMember
        var carried: Value?
        var velocity = 0.0
        var layerScale = 1.0
        var localSpeed = 1.0
    }

    /// Plans the replacement of each animation of `animator` that has motion left by one with
    /// `timing` (see `continueAnimator`); `before` is the animator as it ran until now (for
    /// velocities). With a spring, sets the pace and each spring's own timing
    /// (`paceSprings(_:of:)`).
    private func planReplacements(
        of animator: inout AnimatorRecord, before: AnimatorRecord, timing: AnimatorTiming
    ) throws(AnimCoreError) -> [Replacement] {
        let forward = animator.effectiveRate >= 0
        let now = animator.position
        // The replacements of each original by earlier continuations, in the order added.
        var replacements: [Int32: [AnimatorMember]] = [:]
        for member in animator.members where member.original >= 0 { replacements[member.original, default: []].append(member) }
        // Each original with motion left, what shows it now, where it ends and where it stands.
        var parts: [(member: AnimatorMember, shown: AnimatorMember, end: Double, start: Double)] = []
        for member in animator.members where member.original < 0 {
            let (end, start) = forward
                ? (member.delay + member.span, max(now, member.delay))
                : (member.delay, min(now, member.delay + member.span))
            guard forward ? end > start : start > end else { continue }
            // What shows now: the last replacement of it whose span holds `start` (later in the
            // list: it wins), else the original itself (also at a replacement's bounds, where
            // they show the same value).
            let shown = replacements[member.record]?.last { candidate in
                candidate.delay < start && start < candidate.delay + candidate.span
            } ?? member
            parts.append((member, shown, end, start))
        }
        // The velocities first, while every animation still runs on its old timing (reading a
        // shown value holds the animation there).
        var velocities: [Value?] = []
        if case .spring = timing {
            velocities = parts.map { velocity(of: $0.shown, at: $0.start, before: before) }
        }
        var plans: [Replacement] = []
        var left = LeftLayers()  // (the layers out of the lane: each leaves once)
        for (position, part) in parts.enumerated() {
            var plan = try plan(part.member, shown: part.shown, from: part.start, to: part.end, timing: timing, left: &left)
            if position < velocities.count {
                plan.carried = velocities[position]
                plan.velocity = Self.projection(velocities[position], along: plan.animation)
                plan.layerScale = layerTimeScale(plan.layer)
            }
            plans.append(plan)
        }
        if case .spring = timing { try paceSprings(&plans, of: &animator) }
        return plans
    }

    /// The replacement of the original `member` over animator times `start` to `end`: a new
    /// animation going from what `shown` (it or a replacement of it) shows at `start` to what
    /// `member` shows at `end` (checked, not yet added). A spring's starts at rest and lasts its
    /// settling duration until `paceSprings` gives it its velocity and time.
    private func plan(
        _ member: AnimatorMember, shown current: AnimatorMember, from start: Double, to end: Double,
        timing: AnimatorTiming, left: inout LeftLayers
    ) throws(AnimCoreError) -> Replacement {
        let index = Int(member.record)
        let layer = Int(animations[index].layer)
        let from = shown(current, at: start, left: &left), to = shown(member, at: end, left: &left)
        let span = abs(end - start)
        var animation: Animation
        switch timing {
        case .function(let function):
            animation = .basic(animatedName(animations[index]), from: from, to: to)
            animation.timingFunction = function
            animation.timing.duration = span
        case .spring(var spring) where from.kind.isVariableLength && !VariableInterpolation.haveSameShape(from, to):
            // Paths or arrays of two shapes switch once, half way: a spring has no half way in
            // its value (an underdamped one crosses it again and again), so half way through
            // its settling time, linearly.
            spring.initialVelocity = 0
            animation = .basic(animatedName(animations[index]), from: from, to: to)
            animation.timingFunction = .linear
            animation.timing.duration = spring.settlingDuration
        case .spring(var spring):
            spring.initialVelocity = 0
            animation = .spring(animatedName(animations[index]), from: from, to: to, spring: spring)
            animation.timing.duration = spring.settlingDuration
        }
        // (The values are a value function's numbers when the original has one: it goes on.)
        animation.valueFunction = animations[index].valueFunction?.function
        // What shows now and where it ends may be paths or arrays of two shapes (a to-only
        // original over a model value of another): the continuation switches once, at its 0.5
        // (a spring's, half way through its settling time), as the original would at its own.
        animation.endsMaySwitch = true
        try animation.validate()
        let active = animation.timing.duration
        let forward = end > start
        var replacement = AnimatorMember(
            record: -1, generation: 0, delay: min(start, end), span: span,
            scale: active / span, sign: forward ? 1 : -1, offset: forward ? 0 : active, activeDuration: active)
        replacement.fillsBackwards = false
        replacement.fillsForwards = false
        replacement.original = member.record
        return Replacement(animation: animation, layer: layer, member: replacement)
    }

    /// Gives each planned spring its own continuation: the clock's pace is set so that the
    /// longest (in engine seconds at its layer's speed) plays in real time — at 1 second of its
    /// own per second of its layer — and each spring, playing its settling duration over its own
    /// span at that pace, starts with the velocity of the motion it takes over expressed in its
    /// own local seconds (that velocity over the local seconds it plays per layer second), so
    /// value and velocity are continuous for each, whatever its length or its layer's speed. Its
    /// duration is the settling duration of that start velocity (found by a few rounds: the
    /// velocity depends on the duration through the local speed, the settling on the velocity,
    /// weakly).
    private func paceSprings(_ plans: inout [Replacement], of animator: inout AnimatorRecord) throws(AnimCoreError) {
        let forward = animator.effectiveRate >= 0
        let left = forward ? animator.duration - animator.position : animator.position
        // Each one's settling duration in real time (starting with the velocity it takes over).
        let settling = plans.map { plan -> Double in
            guard case .spring(_, var spring) = plan.animation.kind else { return 0 }
            spring.initialVelocity = plan.velocity
            return spring.settlingDuration
        }
        let longest = zip(plans, settling).map { $0.layerScale > 0 ? $1 / $0.layerScale : 0 }.max() ?? 0
        if longest > 0, animator.rate != 0 { animator.pace = left / longest / abs(animator.rate) }
        let clock = animator.pace * abs(animator.rate)  // animator seconds per engine second
        for position in plans.indices {
            var plan = plans[position]
            guard case .spring(let ends, var spring) = plan.animation.kind, plan.layerScale > 0, clock > 0 else { continue }
            // Local seconds per layer second = duration / span × clock / layer scale.
            let perDuration = clock / (plan.member.span * plan.layerScale)
            var duration = settling[position]
            for _ in 0..<4 where plan.velocity != 0 && abs(duration * perDuration - 1) > 1e-12 {
                spring.initialVelocity = plan.velocity / (duration * perDuration)
                duration = spring.settlingDuration
            }
            plan.localSpeed = duration * perDuration
            // A value with coordinates carries its velocity in value units (`install(_:)`), off
            // the line between the ends too; a transform, along its path only.
            let carries = plan.carried?.kind.hasCoordinates ?? true
            spring.initialVelocity = carries ? 0 : plan.velocity / plan.localSpeed
            plan.animation.kind = .spring(ends, spring)
            plan.animation.timing.duration = duration
            try plan.animation.validate()
            plan.member.scale = duration / plan.member.span
            plan.member.activeDuration = duration
            if plan.member.sign < 0 { plan.member.offset = duration }
            plans[position] = plan
        }
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
        member.holdsEndUnended = holdsEndUnended(added)
        if let carried = plan.carried, carried.kind.hasCoordinates, animations[added].kind == .spring, plan.localSpeed > 0,
           carried.kind == animations[added].valueKind {
            // The engine's carry-over of a spring's start velocity (as an implicit spring that
            // retargets a moving value): value units per second of the spring's own time.
            var slots = [Double](repeating: 0, count: carried.kind.slotCount)
            carried.write(into: &slots)
            for k in slots.indices { slots[k] /= plan.localSpeed }
            let spring = springRecords.records.base + Int(animations[added].parameters)
            spring.pointee.startVelocity = slots.withUnsafeBufferPointer { storeSlots($0.baseAddress!, $0.count, reusing: -1) }
            spring.pointee.initialVelocity = 0
        }
        return member
    }

    /// What `member` shows at animator time `time` over the model value alone (held there; its
    /// layer leaves the lane unless it is in `left`).
    private func shown(_ member: AnimatorMember, at time: Double, left: inout LeftLayers) -> Value {
        let index = Int(member.record)
        let layerTime = self.layerTime(Int(animations[index].layer), atEngineTime: currentTime)
        let held = member.timing(animations[index].timing, layerTime: layerTime, time: time, rate: 0, frozen: true)
        retime(index, to: held, leaving: &left)
        return valueShown(byAnimation: index, atLayerTime: layerTime)
    }

    /// The velocity of what `member` (an animation of the animator `before`, timed as it ran
    /// until now) shows at animator time `time`, in value units per second of its layer's time,
    /// one per slot of its animated value: the engine's presentation velocity of its property
    /// (`presentationVelocity(_:_:atLayerTime:into:)`, the component's when it animates one) at
    /// the layer time where the old clock reaches `time`; none while that clock stood still.
    private func velocity(of member: AnimatorMember, at time: Double, before: AnimatorRecord) -> Value? {
        let record = animations[Int(member.record)]
        let layer = Int(record.layer)
        let rate = before.state == .running ? before.effectiveRate : 0
        let scale = layerTimeScale(layer)
        guard rate != 0, scale > 0, record.property >= 0 else { return nil }
        let at = layerTime(layer, atEngineTime: currentTime) + (time - before.position) * scale / rate
        return presentationVelocity(
            layer, Int(record.property), component: record.component, kind: record.valueKind, atLayerTime: at)
    }

    /// `velocity` (value units per second) as a fraction of the way from the spring
    /// `animation`'s from value to its to value per second: its projection on the tangent of
    /// that way at its start (`to − from` for a value with coordinates; a transform's
    /// interpolation, which is not a straight line, taken a millionth of the way) over the
    /// tangent's length squared, for a move and a velocity of any finite size; 0 when the ends
    /// are equal (or for no velocity, or one that is not finite).
    static func projection(_ velocity: Value?, along animation: Animation) -> Double {
        guard let velocity, case .spring(let ends, _) = animation.kind, let from = ends.fromValue, let to = ends.toValue,
              velocity.kind == from.kind, to.kind == from.kind
        else { return 0 }
        let kind = from.kind, count = kind.slotCount
        var a = [Double](repeating: 0, count: count), b = a, v = a, tangent = a
        from.write(into: &a)
        to.write(into: &b)
        velocity.write(into: &v)
        let step = kind.hasCoordinates ? 1.0 : 1e-6
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                tangent.withUnsafeMutableBufferPointer {
                    ValueMath.interpolate(kind, from: a.baseAddress!, to: b.baseAddress!, fraction: step, into: $0.baseAddress!)
                }
            }
        }
        let t = (0..<count).map { (tangent[$0] - a[$0]) / step }
        guard t.allSatisfy(\.isFinite), v.allSatisfy(\.isFinite) else { return 0 }
        let largestT = VectorLength.largestMagnitude(count: count) { t[$0] }
        let largestV = VectorLength.largestMagnitude(count: count) { v[$0] }
        guard largestT > 0, largestV > 0 else { return 0 }
        // Both scaled by powers of two (`VectorLength.powerOfTwo`, exact) so that the products
        // and squares stay normal however large or small the move and the velocity are.
        let (scaleT, scaleV) = (VectorLength.powerOfTwo(toUnit: largestT), VectorLength.powerOfTwo(toUnit: largestV))
        var dot = 0.0, length = 0.0
        for k in 0..<count {
            let tangent = t[k] * scaleT
            dot += (v[k] * scaleV) * tangent
            length += tangent * tangent
        }
        // Scaled back by one exponent (x · 2^e): the ratio of the two scales may overflow
        // where the answer does not, and 0 (a velocity across the way) stays 0.
        return Double(sign: .plus, exponent: scaleT.exponent - scaleV.exponent, significand: dot / length)
    }
}

/// The timing an animator's continuation gives the rest of its motion.
package enum AnimatorTiming: Sendable {
    /// A basic animation paced by the function.
    case function(TimingFunction)
    /// A spring animation of this spring (its initial velocity is the motion's own).
    case spring(Spring)
}
