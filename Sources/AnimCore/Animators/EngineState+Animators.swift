/// Animators: their life, the animations they take over, their clock and its control. Every
/// control call re-anchors the clock and re-times each animation through the one in-place
/// re-timing (`retime(_:to:)`), so the tick evaluates them as any other animation.
extension EngineState {
    // MARK: Life

    /// A new inactive animator whose blocks animate over `duration` seconds with
    /// `timingFunction`; the caller holds its one reference.
    func makeAnimator(duration: Double, timingFunction: TimingFunction?) throws(AnimCoreError) -> UInt64 {
        try refuseWhileEnding("making an animator")
        try Check.within(duration, 0...MediaTiming.Limits.time, "duration")
        let slot: Int
        if let free = freeAnimatorSlots.popLast() {
            slot = Int(free)
        } else {
            guard animators.count <= Handle.maxIndex else {
                throw AnimCoreError(.outOfRange, "the engine holds \(animators.count) animators, the most it can")
            }
            slot = animators.count
            animators.append(AnimatorRecord())
        }
        var animator = AnimatorRecord()
        animator.stamp = Handle.nextStamp(.animator)
        animator.references = 1
        animator.duration = duration
        animator.timingFunction = timingFunction
        animator.anchorTime = currentTime
        animators[slot] = animator
        return Handle.make(kind: .animator, stamp: animator.stamp, index: slot)
    }

    /// The slot of a live animator, or `.badHandle` naming the animator.
    ///
    /// For the host (`host` true, every call made through a handle) an animator whose last
    /// reference is gone is not live: its handle was released, even though a running one still
    /// runs on to its end in its slot. Only the engine's own path (`host` false) reaches such an
    /// animator by its handle.
    func animatorSlot(_ handle: UInt64, host: Bool = true) throws(AnimCoreError) -> Int {
        guard let (index, stamp) = Handle.unpack(handle, kind: .animator),
              index < animators.count, stamp != 0, animators[index].stamp == stamp
        else {
            throw AnimCoreError(.badHandle, "animator handle \(handle) is not a live animator of this engine")
        }
        guard !host || animators[index].references > 0 else {
            throw AnimCoreError(.badHandle, "animator handle \(handle) has been released (its last reference is gone)")
        }
        return index
    }

    /// Adds a reference to the animator.
    func retainAnimator(_ handle: UInt64) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        guard animators[slot].references < Int32.max else {
            throw AnimCoreError(.outOfRange, "the animator holds \(Int32.max) references, the most it can")
        }
        animators[slot].references += 1
    }

    /// Drops a reference. With the last one gone, a running animator runs on to its end (its
    /// completion is still called); one that is inactive or paused, which nothing could start
    /// again, is cancelled; the slot is freed once it has ended.
    func releaseAnimator(_ handle: UInt64) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)  // (refused once the last reference is gone)
        animators[slot].references -= 1
        guard animators[slot].references == 0 else { return }
        switch animators[slot].state {
        case .running: break
        case .inactive, .paused: endAnimator(slot, at: .cancelled)
        case .finished: freeAnimator(slot)
        }
    }

    func freeAnimator(_ slot: Int) {
        animators[slot] = AnimatorRecord()
        freeAnimatorSlots.append(Int32(slot))
    }

    /// Adds a callback told once where the animator ended; refused once it has ended.
    func addAnimatorCompletion(_ handle: UInt64, _ completion: AnimatorCompletion) throws(AnimCoreError) {
        let slot = try animatorSlot(handle)
        guard animators[slot].state != .finished else {
            throw AnimCoreError(.invalidState, "the animator has finished; adding a completion is refused")
        }
        animators[slot].completions.append(completion)
    }

    // MARK: Reading

    /// The animator's state, clock and settings.
    func animatorSnapshot(_ handle: UInt64) throws(AnimCoreError) -> AnimatorSnapshot {
        let animator = animators[try animatorSlot(handle)]
        let time = animator.time(at: currentTime)
        return AnimatorSnapshot(
            state: animator.state, duration: animator.duration, time: time,
            fractionComplete: animator.duration > 0 ? time / animator.duration : (animator.endedAt == .end ? 1 : 0),
            isReversed: animator.isReversed, rate: animator.rate,
            animationCount: liveMembers(of: animator).count)
    }

    /// Whether the animation in `index` can be held exactly at its end without ending
    /// (`AnimatorMember.holdsEndUnended`): not a group, of some length, and not paced by a steps
    /// function.
    func holdsEndUnended(_ index: Int) -> Bool {
        let record = animations[index]
        guard record.kind != .group, record.timing.activeDuration > 0 else { return false }
        if record.function >= 0, case .steps = functions.functions[Int(record.function)] { return false }
        return true
    }

    /// The records of the animator's animations that are still attached (one removed or
    /// replaced by other calls drops out).
    func liveMembers(of animator: AnimatorRecord) -> [AnimatorMember] {
        animator.members.filter { member in
            animations[Int(member.record)].isAlive && animations[Int(member.record)].generation == member.generation
        }
    }
}

/// What an animator reads back: its state, clock and settings at the engine's time.
package struct AnimatorSnapshot: Sendable {
    package var state: AnimatorState
    package var duration: Double
    package var time: Double
    package var fractionComplete: Double
    package var isReversed: Bool
    package var rate: Double
    package var animationCount: Int
}
