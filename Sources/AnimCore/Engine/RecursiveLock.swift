import Glibc
import Synchronization

/// A recursive lock: the thread holding it may take it again (a callback calling back into the
/// engine). A pthread mutex, so that ThreadSanitizer follows it, with one shortcut: while the
/// process has one thread (`ProcessThreads`), there is nobody to exclude, and a hold is a plain
/// count (`plainDepth`) instead of the mutex.
///
/// A plain hold may outlive the process's single thread: a callback run under it may create a
/// thread. That thread, and any other, takes the mutex and then sleeps until the plain holds are
/// given back (they end with a releasing store, so it sees everything done under them, and the
/// last one wakes it: `plainHoldsEnded`); the thread that took them takes further holds as plain
/// ones until they end. A plain hold begins only while the process has one thread; from the
/// second on, the mutex serves every new hold.
///
/// The engine's lock, and the C shim's (`@usableFromInline`: its `withLock` inlines there).
@usableFromInline package final class RecursiveLock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Plain holds in progress (0: none); written by their thread only.
    @usableFromInline let plainDepth = Atomic<Int>(0)
    /// The thread of the plain holds, set when the first is taken (valid while `plainDepth` > 0).
    @usableFromInline @exclusivity(unchecked) var plainOwner = pthread_t()
    /// Where a thread waiting for the plain holds to end sleeps (`waitForPlainHolds`), and the
    /// mutex that guards the wait.
    @usableFromInline let plainHoldsEnded: UnsafeMutablePointer<pthread_cond_t>
    @usableFromInline let waitingMutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        plainHoldsEnded = .allocate(capacity: 1)
        pthread_cond_init(plainHoldsEnded, nil)
        waitingMutex = .allocate(capacity: 1)
        pthread_mutex_init(waitingMutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        pthread_cond_destroy(plainHoldsEnded)
        plainHoldsEnded.deallocate()
        pthread_mutex_destroy(waitingMutex)
        waitingMutex.deallocate()
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
        if ProcessThreads.isSingle() || (depth > 0 && pthread_equal(plainOwner, pthread_self()) != 0) {
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
            let depth = plainDepth.load(ordering: .relaxed) - 1
            plainDepth.store(depth, ordering: .releasing)
            // Another thread exists: it may sleep until now.
            if depth == 0 && !ProcessThreads.isSingle() { announcePlainHoldsEnded() }
        } else {
            pthread_mutex_unlock(mutex)
        }
    }

    /// Sleeps, holding the mutex, until the plain holds taken before this thread existed end.
    @usableFromInline @inline(never)
    func waitForPlainHolds() {
        pthread_mutex_lock(waitingMutex)
        while plainDepth.load(ordering: .acquiring) > 0 { pthread_cond_wait(plainHoldsEnded, waitingMutex) }
        pthread_mutex_unlock(waitingMutex)
    }

    /// Wakes the threads `waitForPlainHolds` put to sleep (the last plain hold ended).
    @usableFromInline @inline(never)
    func announcePlainHoldsEnded() {
        pthread_mutex_lock(waitingMutex)
        pthread_cond_broadcast(plainHoldsEnded)
        pthread_mutex_unlock(waitingMutex)
    }
}
