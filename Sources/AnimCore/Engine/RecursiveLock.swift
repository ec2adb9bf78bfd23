import Glibc
import Synchronization

/// A recursive lock: the thread holding it may take it again (a callback calling back into the
/// engine). A pthread mutex, so that ThreadSanitizer follows it, with one shortcut: while the
/// process has one thread (`ProcessThreads`), there is nobody to exclude, and a hold is a plain
/// count (`plainDepth`) instead of the mutex.
///
/// A plain hold may outlive the process's single thread: a callback run under it may create a
/// thread. That thread, and any other, takes the mutex and then waits until the plain holds are
/// given back (they end with a releasing store, so it sees everything done under them); the
/// thread that took them takes further holds as plain ones until they end. A plain hold begins
/// only while the process has one thread; from the second on, the mutex serves every new hold.
///
/// The engine's lock, and the C shim's (`@usableFromInline`: its `withLock` inlines there).
@usableFromInline package final class RecursiveLock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Plain holds in progress (0: none); written by their thread only.
    @usableFromInline let plainDepth = Atomic<Int>(0)
    /// The thread of the plain holds, set when the first is taken (valid while `plainDepth` > 0).
    @usableFromInline @exclusivity(unchecked) var plainOwner = pthread_t()
    /// glibc's flag of a process with one thread (`ProcessThreads.singleThreadedFlag`).
    @usableFromInline let singleThreaded = ProcessThreads.singleThreadedFlag

    package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable @inline(__always) package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let plain = lock()
        defer { unlock(plain: plain) }
        return try body()
    }

    /// Takes the lock; whether the hold is a plain one (to give to `unlock`).
    @inlinable @inline(__always)
    func lock() -> Bool {
        let depth = plainDepth.load(ordering: .relaxed)
        if ProcessThreads.isSingle(singleThreaded) || (depth > 0 && pthread_equal(plainOwner, pthread_self()) != 0) {
            if depth == 0 { plainOwner = pthread_self() }
            plainDepth.store(depth + 1, ordering: .relaxed)
            return true
        }
        pthread_mutex_lock(mutex)
        if depth > 0 || plainDepth.load(ordering: .acquiring) > 0 { waitForPlainHolds() }
        return false
    }

    /// Gives back a hold taken by `lock`.
    @inlinable @inline(__always)
    func unlock(plain: Bool) {
        if plain {
            plainDepth.store(plainDepth.load(ordering: .relaxed) - 1, ordering: .releasing)
        } else {
            pthread_mutex_unlock(mutex)
        }
    }

    /// Waits, holding the mutex, until the plain holds taken before this thread existed end.
    @usableFromInline @inline(never)
    func waitForPlainHolds() {
        while plainDepth.load(ordering: .acquiring) > 0 { sched_yield() }
    }
}
