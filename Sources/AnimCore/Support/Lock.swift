import Glibc
import Synchronization

/// A mutual-exclusion lock (not recursive) whose lock and unlock, when no other thread wants
/// it, are one atomic read-modify-write each: a benaphore. A thread that finds it held waits on
/// a POSIX semaphore, which the thread unlocking it posts, so a waiter sleeps instead of
/// spinning. Built on Synchronization's atomics and a Glibc semaphore, both of which
/// ThreadSanitizer sees as synchronisation (it misreports Synchronization.Mutex, whose waits
/// it does not see). The engine's lock (`RecursiveLock`) and the C shim's locks use it.
package final class Lock: @unchecked Sendable {
    /// Threads holding the lock or waiting for it (0: free). Whoever brings it from 0 to 1
    /// holds the lock; each later one waits for a post.
    private let contenders = Atomic<Int>(0)
    /// Posted once per waiter the holder hands the lock to.
    private let handOff: UnsafeMutablePointer<sem_t>

    package init() {
        handOff = .allocate(capacity: 1)
        sem_init(handOff, 0, 0)
    }

    deinit {
        sem_destroy(handOff)
        handOff.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    @inline(__always)
    package func lock() {
        if contenders.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { waitForHandOff() }
    }

    /// Gives the lock back: to the next waiter, if there is one.
    @inline(__always)
    package func unlock() {
        if contenders.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue != 1 { sem_post(handOff) }
    }

    /// Waits until the holder posts the hand-off (retried when a signal interrupts the wait).
    private func waitForHandOff() {
        while sem_wait(handOff) != 0 {}
    }
}
