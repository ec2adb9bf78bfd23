import Glibc
import Synchronization

/// A recursive lock: the thread holding it may take it again (a callback calling back into the
/// engine), which then runs without touching the lock. A `Lock` (a benaphore: one atomic
/// read-modify-write to take or give back when no other thread wants it) with the holding
/// thread's identity beside it.
final class RecursiveLock: @unchecked Sendable {
    private let lock = Lock()
    /// The holding thread's `pthread_self()` (0: none). Only the holder stores its own
    /// identity or clears it, so a thread that reads its own identity here holds the lock,
    /// and one that reads anything else does not.
    private let holder = Atomic<UInt>(0)

    @inline(__always) func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let thread = UInt(pthread_self())
        if holder.load(ordering: .relaxed) == thread { return try body() }
        lock.lock()
        holder.store(thread, ordering: .relaxed)
        defer {
            holder.store(0, ordering: .relaxed)
            lock.unlock()
        }
        return try body()
    }
}
