#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A list that any thread may append to (callbacks, completions, events), under a pthread
/// mutex: ThreadSanitizer does not see Synchronization.Mutex's lock on Linux and would report
/// the appends as races.
public final class Log<Element: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var elements: [Element] = []

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<R>(_ body: (inout [Element]) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&elements)
    }

    public func add(_ element: Element) { locked { $0.append(element) } }
    public var all: [Element] { locked { $0 } }
    public var count: Int { locked { $0.count } }
    public func clear() { locked { $0.removeAll() } }
}
