/// An animator's blocks: the changes and animations made inside one become its animations
/// (UIViewPropertyAnimator's addAnimations).
extension EngineState {
    /// Opens a block of the inactive animator on the calling thread: a transaction whose
    /// duration is the animator's and whose timing function is its own (when it has one), so
    /// changes made inside animate with them; what the block adds is taken over at its commit.
    func beginAnimatorBlock(_ handle: UInt64) throws(AnimCoreError) {
        try refuseWhileEnding("an animator block")
        let slot = try animatorSlot(handle)
        guard animators[slot].state == .inactive else {
            throw AnimCoreError(
                .invalidState,
                "the animator is \(animators[slot].state.name); animations are added to an animator while it is inactive")
        }
        guard animators[slot].blockThread == 0 else {
            throw AnimCoreError(.invalidState, "a block of this animator is already open")
        }
        beginTransaction()
        let duration = animators[slot].duration, function = animators[slot].timingFunction
        // (A duration of 0 is no transaction duration: the engine's default applies.)
        do {
            try setTransactionFields { settings in
                if duration > 0 { settings.animationDuration = duration }
                if let function { settings.timingFunction = function }
            }
        } catch {
            try? commitTransaction()  // nothing is left open
            throw error
        }
        let thread = currentThread
        animators[slot].blockThread = thread
        animators[slot].blockStart = waitingAnimations(of: thread).count
    }

    /// Commits the block opened last on this animator, on this thread: the animations it made
    /// (implicit and explicit, on any layer, not taken over by another animator's block opened
    /// inside it) become the animator's, held at their start, then its transaction commits.
    /// The transaction is committed whatever happened while the block was open: when the
    /// animator has ended meanwhile (its last reference released: cancelled), nothing is
    /// adopted, and when it was released, `.badHandle` is thrown after the commit. Throws,
    /// having committed, when one of them cannot be driven (speed 0, an endless active
    /// duration): those run as plain animations.
    func commitAnimatorBlock(_ handle: UInt64) throws(AnimCoreError) {
        // (Reached by the engine's path: a block open on a released animator still commits.)
        let slot = try animatorSlot(handle, host: false)
        let thread = currentThread
        guard animators[slot].blockThread == thread else {
            if animators[slot].references == 0 { _ = try animatorSlot(handle) }  // released: .badHandle
            throw AnimCoreError(.invalidState, "no block of this animator is open on this thread: commit without begin")
        }
        animators[slot].blockThread = 0
        var refused: AnimCoreError?
        let adoptedFrom = animators[slot].members.count
        if animators[slot].state == .inactive {
            let made = waitingAnimations(of: thread).dropFirst(animators[slot].blockStart)
            for reference in made {
                let index = Int(reference.index)
                guard animations[index].isAlive, animations[index].generation == reference.generation,
                      !animations[index].isAnimators
                else { continue }
                do {
                    try adopt(index, into: slot)
                } catch {
                    refused = refused ?? error
                }
            }
        }
        if animators[slot].state == .inactive { refreshAnimatorFills(slot, adoptedFrom: adoptedFrom) }
        let released = animators[slot].references == 0
        if released, animators[slot].state == .finished { freeAnimator(slot) }
        try commitTransaction()
        if released { _ = try animatorSlot(handle) }  // .badHandle: it was released in the block
        if let refused { throw refused }
    }

    /// The animations waiting for the outermost commit of `thread`'s transactions, in the
    /// order they were added.
    private func waitingAnimations(of thread: UInt) -> [AnimationRef] {
        guard let position = threadTransactions.index(forKey: thread) else { return [] }
        return threadTransactions.values[position].pending
    }

    /// Makes the animation in `index` one of the animator's: where it lies in the animator's
    /// time is read from its own timing (a begin time resolved at commit: its delay; one given:
    /// the time from now to it), it stays attached until the animator ends, and it is held at
    /// the animator's position (its start: the animator is inactive) by `refreshAnimatorFills`,
    /// which the commit calls next.
    private func adopt(_ index: Int, into slot: Int) throws(AnimCoreError) {
        let record = animations[index]
        let timing = record.timing
        let name = animatedName(record)
        guard timing.speed != 0 else {
            throw AnimCoreError(
                .invalidArgument, "the animation of \(name) has speed 0; an animator drives animations whose speed is not 0")
        }
        let active = timing.activeDuration
        guard active.isFinite else {
            throw AnimCoreError(
                .invalidArgument,
                "the animation of \(name) repeats forever; an animator drives animations with a finite active duration")
        }
        let layerTime = self.layerTime(Int(record.layer), atEngineTime: currentTime)
        let delay = record.beginsAtCommit ? record.beginDelay : max(timing.beginTime - layerTime, 0)
        let scale = abs(timing.speed)
        guard delay + active / scale <= MediaTiming.Limits.time else {
            throw AnimCoreError(
                .outOfRange, "the animation of \(name) ends beyond \(MediaTiming.Limits.time) s; an animator's time is limited to it")
        }
        var member = AnimatorMember(
            record: Int32(index), generation: record.generation, delay: delay, span: active / scale, scale: scale,
            sign: timing.speed < 0 ? -1 : 1, offset: timing.timeOffset, activeDuration: active)
        member.holdsEndUnended = holdsEndUnended(index)
        // Kept until the animator ends (it removes them): a reversed animator plays them back.
        var kept = index
        for _ in 0...Int(record.kind == .keyframe ? record.followers : 0) where kept >= 0 {
            animations[kept].isRemovedOnCompletion = false
            animations[kept].isAnimators = true
            kept = Int(animations[kept].next)
        }
        animators[slot].members.append(member)
        animators[slot].duration = max(animators[slot].duration, delay + member.span)
        // (Held at the animator's start by `refreshAnimatorFills`, for all of them at once.)
    }

    /// Marks which of the inactive animator's animations fill backwards (the earliest of each
    /// layer and key path: see `AnimatorMember.timing`) and holds each at the animator's start
    /// with its fill. The members from `first` on are those the block just adopted: when no
    /// animator animation has been ended since the marks were last made from all members and
    /// none of the new ones comes before an older one of its layer and key path, the older
    /// marks stand and only the new ones are marked and held, so a block costs what it adopted.
    private func refreshAnimatorFills(_ slot: Int, adoptedFrom first: Int) {
        if animators[slot].fillsEndedCount == endedAnimatorAnimations, noteEarliestDelays(slot, from: first) {
            holdAnimatorFills(slot, from: first)
        } else {
            animators[slot].members = liveMembers(of: animators[slot])
            animators[slot].earliestDelays = [:]
            _ = noteEarliestDelays(slot, from: 0)
            animators[slot].fillsEndedCount = endedAnimatorAnimations
            holdAnimatorFills(slot, from: 0)
        }
    }

    /// Takes the delays of the animator's members from `first` on into its earliest delays;
    /// false when one of them is earlier than the earliest of an older member (whose mark it
    /// changes: the caller marks all again).
    private func noteEarliestDelays(_ slot: Int, from first: Int) -> Bool {
        var keepsOlderMarks = true
        for member in animators[slot].members[first...] {
            let key = fillKey(Int(member.record))
            if let earliest = animators[slot].earliestDelays[key] {
                if member.delay < earliest {
                    keepsOlderMarks = false
                    animators[slot].earliestDelays[key] = member.delay
                }
            } else {
                animators[slot].earliestDelays[key] = member.delay
            }
        }
        return keepsOlderMarks
    }

    /// Marks whether each of the animator's members from `first` on fills backwards (a group
    /// animates no key path of its own: it keeps filling both ways) and holds it at the
    /// animator's position with its fill; each layer leaves the lane once.
    private func holdAnimatorFills(_ slot: Int, from first: Int) {
        var held: [(index: Int, timing: MediaTiming)] = []
        for position in first..<animators[slot].members.count {
            let member = animators[slot].members[position]
            let index = Int(member.record)
            let fills = animations[index].keyPath < 0 || member.delay <= animators[slot].earliestDelays[fillKey(index)] ?? 0
            animators[slot].members[position].fillsBackwards = fills
            let layerTime = self.layerTime(Int(animations[index].layer), atEngineTime: currentTime)
            held.append((index, animators[slot].members[position].timing(
                animations[index].timing, layerTime: layerTime, time: animators[slot].position, rate: 0, frozen: true)))
        }
        retime(held)
    }

    /// The layer and key path of the animation in `index`, as one key.
    private func fillKey(_ index: Int) -> Int64 {
        Int64(animations[index].layer) << 32 | Int64(UInt32(bitPattern: animations[index].keyPath))
    }

    /// What an animator's message calls the animation of `record`: its key path, "a group" or
    /// "a transition".
    func animatedName(_ record: AttachedAnimation) -> String {
        if record.kind == .transition { return "a transition" }
        guard record.kind != .group, record.keyPath >= 0 else { return "a group" }
        return keys.name(of: keys.key(at: record.keyPath)) ?? "a key path"
    }
}
