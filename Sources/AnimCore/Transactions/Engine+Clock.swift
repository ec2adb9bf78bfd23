/// The host clock: when the animations of a transaction begin for a host that ticks lazily
/// (see `CommitClock`).
extension Engine {
    /// Sets the host clock (nil clears it): a function answering the host's time now, in
    /// seconds on the clock the host passes to `tick` (`currentMediaTime()` if it ticks with
    /// that). With a clock, the animations of a transaction (added explicitly or by actions)
    /// begin at its commit's time, as in Core Animation, rather than at the next tick: the
    /// engine reads the clock when an implicit transaction opens (the first change since the
    /// last tick or flush: its commit ends this run-loop turn) and when an explicit outermost
    /// transaction commits, and the next tick places that time in engine time as it places its
    /// own (host time elapsed × `globalSpeed`). Without a clock (the default) they begin at the
    /// next tick.
    ///
    /// - A reading before the last tick's host time begins at the last tick; after the next
    ///   tick's, at that tick. Before the second tick the animations begin at the tick.
    /// - A reading that is not finite or beyond ±1e15 s is refused: its animations begin at the
    ///   next tick, and that tick throws (`.notFinite` or `.outOfRange`, naming the clock) and
    ///   does nothing else; the tick after it runs.
    /// - The clock runs on the thread making the change, holding the engine's lock, after the
    ///   engine's state access: it may call back into the engine (a transaction that call
    ///   opens or commits takes the same reading) but must not wait for other threads that use
    ///   the engine. It is read at most once per call into the engine.
    ///
    /// C: `ac_engine_set_clock`.
    /// - Parameter clock: the host's time now, in seconds; nil for none. A closure that
    ///   captures the engine should capture it weakly (the engine holds its clock).
    /// - Throws: `.invalidState` once the engine is invalidated or while it is being
    ///   invalidated.
    public func setClock(_ clock: (() -> Double)?) throws(AnimCoreError) {
        let previous = try withState { (state) throws(AnimCoreError) -> (() -> Double)? in
            try state.refuseWhileEnding("setting a clock")
            state.commitClock.isSet = clock != nil
            let previous = hostClock
            hostClock = clock
            return previous
        }
        // Dropped after the state access: its owner's release may call back into the engine.
        withExtendedLifetime(previous) {}
    }

    /// Whether a host clock is set (`setClock(_:)`).
    ///
    /// C: none (a C host knows what it set).
    public var hasClock: Bool {
        lock.withLock { hostClock != nil }
    }

    /// Reads the host clock for the state access that just ended, which owes a reading (called
    /// by `withState`, holding the lock). A call from the clock into the engine reads nothing:
    /// what it asks for takes this reading.
    func readClock() {
        guard !isReadingClock else { return }
        guard let clock = hostClock else {
            state.commitClock.isOwed = false
            return
        }
        isReadingClock = true
        let reading = clock()
        isReadingClock = false
        state.receiveClockReading(reading)
    }
}
