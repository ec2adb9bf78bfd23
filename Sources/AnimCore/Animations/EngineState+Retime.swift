extension EngineState {
    /// Gives the attached animation in `index` (a record of a layer's own, not a group's child)
    /// new CAMediaTiming in place — what an animator's pause, seek, resume, reverse and rate
    /// come to — without removing it: its run state, key, delegate, completion group and
    /// presentation entry stay as they are, so the rules of fill, removal and did-stop (once)
    /// go on applying to it as the tick evaluates it at its new timing.
    ///
    /// The one home of that change: the layer's steady animations leave the lane (as on any
    /// change of the layer's list; the tick admits them again once a step owes nothing), the
    /// record's active parent duration is computed again, a begin time resolved at commit is
    /// given up (`timing` has the begin time it keeps), and a path's rotation, which runs on its
    /// keyframes' timing, takes the same timing. `timing` has passed `MediaTiming.validate()`.
    func retime(_ index: Int, to timing: MediaTiming) {
        let record = animations.base + index
        guard record.pointee.isAlive, !record.pointee.isOwned else { return }
        let slot = Int(record.pointee.layer)
        leaveSteadyLane(layer: slot)
        setTiming(index, timing)
        if record.pointee.isCommitted { joinGeneralWalk(slot) }
    }

    /// `retime(_:to:)` of several animations at once (an animator's control call over all of
    /// its animations): each layer's animations leave the lane once for all of its records in
    /// `batch`, not once per record, so re-timing N animations of one layer costs O(N), not
    /// O(N²) (leaving walks the layer's whole list). The records take their timings in the
    /// batch's order.
    func retime(_ batch: [(index: Int, timing: MediaTiming)]) {
        var left = LeftLayers()
        for (index, timing) in batch { retime(index, to: timing, leaving: &left) }
    }

    /// `retime(_:to:)` as one of several re-timings of one call: the record's layer leaves the
    /// lane only if it is not in `left` (the layers that have left during the call, which this
    /// adds it to). Nothing rejoins the lane until the next tick or commit, so a layer left once
    /// stays out for the rest of the call.
    func retime(_ index: Int, to timing: MediaTiming, leaving left: inout LeftLayers) {
        let record = animations.base + index
        guard record.pointee.isAlive, !record.pointee.isOwned else { return }
        let slot = Int(record.pointee.layer)
        if left.insert(slot, of: layers.count) { leaveSteadyLane(layer: slot) }
        setTiming(index, timing)
        if record.pointee.isCommitted { joinGeneralWalk(slot) }
    }

    /// Sets `timing` on the record in `index` and a path's rotation that follows it (a group's
    /// children keep theirs: they run in the group's time); its layer has left the lane.
    private func setTiming(_ index: Int, _ timing: MediaTiming) {
        let record = animations.base + index
        var member = index
        let count = record.pointee.kind == .keyframe ? Int(record.pointee.followers) : 0
        for _ in 0...count where member >= 0 {
            let retimed = animations.base + member
            retimed.pointee.timing = timing
            retimed.pointee.activeParentDuration = timing.activeParentDuration
            retimed.pointee.beginsAtCommit = false
            retimed.pointee.beginDelay = 0
            retimed.pointee.continuesFrom = .nan
            member = Int(retimed.pointee.next)
        }
    }
}

/// The layers that have left the steady lane during one call (`EngineState.retime(_:to:leaving:)`):
/// a bit per layer slot, made at the first insertion, and the last layer inserted (a call's
/// records of one layer usually come together). No hashing: a call over one animation on each of
/// N layers costs what N bit tests cost.
struct LeftLayers {
    private var bits: [UInt64] = []
    private var last = -1

    /// Adds the layer in `slot` (of `count` slots); whether it was not there yet.
    mutating func insert(_ slot: Int, of count: Int) -> Bool {
        if slot == last { return false }
        last = slot
        if bits.isEmpty { bits = [UInt64](repeating: 0, count: (count + 63) / 64) }
        let word = slot >> 6, bit = UInt64(1) << UInt64(slot & 63)
        guard bits[word] & bit == 0 else { return false }
        bits[word] |= bit
        return true
    }
}
