import Glibc
import Synchronization

/// A number for the calling thread that no other thread ever gets, even after this one exits
/// (pthread_self values are reused). Kept in a pthread key, assigned on first use.
enum ThreadIdentity {
    private static let counter = Atomic<UInt>(1)
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The calling thread's identity (never 0).
    static var current: UInt {
        if let stored = pthread_getspecific(key) { return UInt(bitPattern: stored) }
        let fresh = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: fresh))
        return fresh
    }
}
