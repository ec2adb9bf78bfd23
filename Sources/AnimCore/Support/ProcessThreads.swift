import Glibc
import Synchronization

/// Whether the process has one thread, as glibc tells it, and the read-modify-writes that may
/// then be plain.
///
/// glibc's `__libc_single_threaded` is nonzero while the process has one thread: the thread that
/// calls `pthread_create` clears it before the second thread starts, so a thread that reads it
/// nonzero is alone and stays alone until it creates a thread itself. glibc's internal locks
/// (stdio, malloc) and libstdc++'s reference counts skip their locked instructions on it; so do
/// the engine registry, the engine's lock (`RecursiveLock`) and the handle stamps, whose locked
/// read-modify-write costs more than the rest of a small call.
///
/// What the flag does not see:
/// - glibc 2.36 never sets it again once a second thread was made, even after that thread
///   ends: from then on every call takes the locked path;
/// - threads made without this glibc's `pthread_create` (a raw `clone`, a C library loaded with
///   `dlmopen`) leave it set: glibc itself does not support such threads;
/// - a child forked from a process with several threads may read it set while a lock a vanished
///   thread held is still taken: a plain hold then proceeds where the mutex would have
///   deadlocked (POSIX allows only async-signal-safe calls in such a child).
// (`@usableFromInline`: so that the C shim's calls inline `isSingle`.)
@usableFromInline package enum ProcessThreads {
    /// The flag's address; 0 until it is looked up. Where the C library has none (not glibc, or
    /// older than 2.32), a byte of our own that stays 0: every answer is "several threads". A
    /// constant-initialised word, read with one load where a lazy global would check its
    /// initialisation each time.
    @usableFromInline static let flagAddress = Atomic<Int>(0)

    /// Whether the process has one thread now.
    @inlinable @inline(__always)
    package static func isSingle() -> Bool {
        var address = flagAddress.load(ordering: .relaxed)
        if address == 0 { address = lookUpFlag() }
        return UnsafePointer<UInt8>(bitPattern: address).unsafelyUnwrapped.pointee != 0
    }

    /// Finds the flag in the running C library and stores its address (`flagAddress`); two
    /// threads that look it up at once store the same address (a lone byte at most leaks).
    @usableFromInline @inline(never)
    static func lookUpFlag() -> Int {
        let flag = dlsym(nil, "__libc_single_threaded") ?? {
            let never = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            never.initialize(to: 0)
            return UnsafeMutableRawPointer(never)
        }()
        flagAddress.store(Int(bitPattern: flag), ordering: .relaxed)
        return Int(bitPattern: flag)
    }

    /// `counter` + `amount` (wrapping), stored and returned: a plain load and store while the
    /// process has one thread, else one atomic add, acquiring and releasing (what the registry's
    /// count of calls needs; a stamp counter needs less, at no cost on x86).
    @inlinable @inline(__always)
    package static func add(_ amount: UInt64, to counter: borrowing Atomic<UInt64>) -> UInt64 {
        if isSingle() {
            let value = counter.load(ordering: .relaxed) &+ amount
            counter.store(value, ordering: .relaxed)
            return value
        }
        return counter.wrappingAdd(amount, ordering: .acquiringAndReleasing).newValue
    }
}
