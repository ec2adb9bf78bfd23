/// The host clock's part of the engine (`Engine.setClock(_:)`): when a transaction's animations
/// begin for a host that ticks lazily.
///
/// Core Animation begins a transaction's animations at its commit's time, and its run loop
/// commits right after the change. A host with a clock gets the same: the engine reads the
/// clock when an implicit transaction opens (that reading stands for its commit) and when an
/// explicit outermost transaction commits; the next tick begins the transaction's animations
/// at that host time, in engine time, rather than at the tick's own time.
///
/// The clock is read by the `Engine` after the state access that asked for it ends (as handlers
/// are run), so a clock may call back into the engine. Readings are checked when they arrive
/// and placed in time by the next tick (`beginTime(forHostTime:)`).

/// A transaction's commit time from the host clock.
enum CommitClock: Equatable {
    /// No reading: its animations begin at the next tick (no clock, or a refused reading).
    case none
    /// Asked for: the `Engine` reads the clock when the state access that asked ends.
    case awaiting
    /// The host time the clock read (checked: finite, within ±`MediaTiming.Limits.time`).
    case host(Double)
}

/// The animations of one committed transaction with a clock reading: `readyAnimations[range]`.
struct ReadyCommitTime {
    var range: Range<Int>
    var time: CommitClock
}

/// What the engine keeps for its host clock.
struct CommitClockState {
    /// Whether the host set a clock: transactions ask for readings.
    var isSet = false
    /// A reading is awaited (some `CommitClock.awaiting` is waiting for it).
    var isOwed = false
    /// A refused reading, reported (and forgotten) by the next tick, which it refuses.
    var fault: AnimCoreError?
    /// The committed transactions with a reading, over `EngineState.readyAnimations`.
    var ready: [ReadyCommitTime] = []
    /// The host time of the tick before the current one; NaN before the second tick.
    var previousHostTime = Double.nan
}

extension EngineState {
    /// A reading for a transaction of the calling thread, now: `.awaiting` with the reading
    /// owed when a clock is set, `.none` without one.
    func askClock() -> CommitClock {
        guard commitClock.isSet else { return .none }
        commitClock.isOwed = true
        return .awaiting
    }

    /// Records that `readyAnimations[range]` (one outermost commit's animations) begin at
    /// `time`; an explicit transaction (`explicit`) asks the clock now, an implicit one gives
    /// the reading it took when it opened.
    func noteCommitTime(_ time: CommitClock, explicit: Bool, range: Range<Int>) {
        guard !range.isEmpty else { return }
        let time = explicit ? askClock() : time
        guard time != .none else { return }
        commitClock.ready.append(ReadyCommitTime(range: range, time: time))
    }

    /// The clock's reading arrived (owed by the state access that just ended, on this thread):
    /// every awaiting transaction takes it, or, refused, begins at the next tick, which reports
    /// the refusal. Refused: a reading that is not finite or beyond ±`MediaTiming.Limits.time`.
    func receiveClockReading(_ reading: Double) {
        commitClock.isOwed = false
        var time = CommitClock.host(reading)
        // (The message names the clock: "clock" is its argument in C.)
        let then = "its transaction's animations begin at the next tick"
        if !reading.isFinite {
            time = .none
            commitClock.fault = AnimCoreError(.notFinite, "clock reading is \(reading); it must be finite (\(then))")
        } else if abs(reading) > MediaTiming.Limits.time {
            time = .none
            commitClock.fault = AnimCoreError(
                .outOfRange, "clock reading is \(reading); it must be within ±\(MediaTiming.Limits.time) s (\(then))")
        }
        if let position = threadTransactions.index(forKey: currentThread),
           threadTransactions.values[position].commitClock == .awaiting {
            threadTransactions.values[position].commitClock = time
        }
        // The awaiting commits are the last ones: the readings before them have arrived.
        for index in commitClock.ready.indices.reversed() {
            guard commitClock.ready[index].time == .awaiting else { break }
            commitClock.ready[index].time = time
        }
    }

    /// Throws, once, the clock's refused reading (the tick's first check).
    func reportClockFault() throws(AnimCoreError) {
        guard let fault = commitClock.fault else { return }
        commitClock.fault = nil
        throw fault
    }

    /// The engine time a commit at host time `hostTime` begins its animations at, for the
    /// tick in progress: `hostTime` clamped to the host times of the previous tick and this
    /// one (a reading before the last frame begins at it; one after the tick, at the tick),
    /// converted as the tick converts. Before the second tick: the tick's time.
    func beginTime(forHostTime hostTime: Double) -> Double {
        guard let now = lastHostTime, !commitClock.previousHostTime.isNaN else { return currentTime }
        let clamped = min(max(hostTime, min(commitClock.previousHostTime, now)), now)
        return engineTime(atHostTime: clamped, lastHostTime: commitClock.previousHostTime, lastEngineTime: previousTickTime)
    }

    /// Engine time at host time `hostTime` for a clock that was at `lastEngineTime` at host time
    /// `lastHostTime`: it advances by the host time elapsed × `globalSpeed` (the tick's rule).
    @inline(__always)
    func engineTime(atHostTime hostTime: Double, lastHostTime: Double, lastEngineTime: Double) -> Double {
        lastEngineTime + (hostTime - lastHostTime) * globalSpeed
    }

    /// The commit times of `readyAnimations`, taken by the tick's commit (emptied, capacity kept).
    func takeReadyCommitTimes() -> [ReadyCommitTime] {
        var taken: [ReadyCommitTime] = []
        swap(&taken, &commitClock.ready)
        return taken
    }
}
