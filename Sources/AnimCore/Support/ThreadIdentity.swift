import Glibc
import Synchronization

/// A number for the calling thread that no other thread ever gets, even after this one exits
/// (pthread_self values are reused). Kept in a pthread key, assigned on first use.
enum ThreadIdentity {
    private static let counter = Atomic<UInt>(1)
    /// The pthread key the identities are kept in (created on first use).
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The calling thread's identity (never 0).
    static var current: UInt { current(in: key) }

    /// `current`, given `key` (kept by the caller: no check of the lazy global per call).
    @inline(__always)
    static func current(in key: pthread_key_t) -> UInt {
        if let stored = pthread_getspecific(key) { return UInt(bitPattern: stored) }
        return assign(in: key)
    }

    private static func assign(in key: pthread_key_t) -> UInt {
        let fresh = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: fresh))
        return fresh
    }
}
