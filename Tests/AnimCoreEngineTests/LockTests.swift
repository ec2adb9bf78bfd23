// The engine's lock (`RecursiveLock`): one thread at a time inside, a waiting thread let in
// when the holder gives the lock back, and the holder taking it again (a callback calling back
// into the engine).
import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The engine's lock")
struct LockTests {
    /// What the threads change under the lock: a plain counter (a lost update shows as a short
    /// count) and how many threads are inside at once (more than one is a failure of the lock).
    private final class Shared: @unchecked Sendable {
        var count = 0
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        /// Nested bodies whose result did not come back out of the outer one.
        let lostResults = Atomic<Int>(0)

        func enterAndCount() {
            if inside.wrappingAdd(1, ordering: .relaxed).oldValue != 0 { overlaps.add(1, ordering: .relaxed) }
            count += 1
            inside.subtract(1, ordering: .relaxed)
        }
    }

    private static let threads = 4
    private static let rounds = 20_000

    @Test("a recursive lock's holder takes it again; other threads still get it one at a time")
    func recursiveLockNestsAndExcludes() {
        let lock = RecursiveLock()
        let shared = Shared()
        let workers = (0..<Self.threads).map { _ in
            spawnThread {
                for round in 0..<Self.rounds {
                    let nested = lock.withLock { lock.withLock { round } }
                    if nested != round { shared.lostResults.add(1, ordering: .relaxed) }
                    lock.withLock { lock.withLock { shared.enterAndCount() } }
                }
            }
        }
        joinThreads(workers)
        #expect(shared.count == Self.threads * Self.rounds)
        #expect(shared.overlaps.load(ordering: .relaxed) == 0)
        #expect(shared.lostResults.load(ordering: .relaxed) == 0)
    }

    @Test("a thread that wants a held recursive lock waits until the holder gives it back")
    func recursiveLockMakesOthersWait() {
        let lock = RecursiveLock()
        let entered = Atomic<Int>(0)
        var waiter: pthread_t?
        lock.withLock {
            waiter = spawnThread { lock.withLock { entered.store(1, ordering: .relaxed) } }
            usleep(20_000)  // time for the other thread to reach the lock
            #expect(entered.load(ordering: .relaxed) == 0)
            lock.withLock { #expect(entered.load(ordering: .relaxed) == 0) }  // (taken again)
        }
        joinThreads([waiter!])
        #expect(entered.load(ordering: .relaxed) == 1)
    }
}
