import Glibc
import Synchronization

/// Whether the process has one thread, as glibc tells it.
///
/// glibc's `__libc_single_threaded` is nonzero while the process has one thread: it is cleared
/// before `pthread_create` starts a second thread, by the thread that creates it, so a thread
/// that reads it nonzero is alone and stays alone until it creates a thread itself. glibc's
/// mutexes and libstdc++'s reference counts skip their locked instructions on it; so do the
/// engine registry and the handle stamps, whose locked read-modify-write costs more than the
/// rest of a small call. Threads made without `pthread_create` (a raw `clone`) are not seen:
/// glibc itself does not support them.
// (`@usableFromInline`: so that the C shim's calls inline `isSingle`.)
@usableFromInline package enum ProcessThreads {
    /// The flag, found once in the running C library; nil where it has none (not glibc, or
    /// older than 2.32): then every answer is "several threads". (Its users keep a copy: reading
    /// this lazy constant checks its initialisation each time.)
    nonisolated(unsafe) package static let singleThreadedFlag: UnsafePointer<UInt8>? =
        dlsym(nil, "__libc_single_threaded").map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }

    /// Whether the process has one thread now, read from `flag` (`singleThreadedFlag`).
    @inlinable @inline(__always)
    package static func isSingle(_ flag: UnsafePointer<UInt8>?) -> Bool {
        guard let flag else { return false }
        return flag.pointee != 0
    }

    /// `counter` + `amount` (wrapping), stored and returned, with relaxed ordering (a counter that
    /// orders nothing else): a plain load and store while the process has one thread (`flag`),
    /// else one atomic add.
    @inline(__always)
    package static func add(_ amount: UInt64, to counter: borrowing Atomic<UInt64>, flag: UnsafePointer<UInt8>?) -> UInt64 {
        if isSingle(flag) {
            let value = counter.load(ordering: .relaxed) &+ amount
            counter.store(value, ordering: .relaxed)
            return value
        }
        return counter.wrappingAdd(amount, ordering: .relaxed).newValue
    }
}
