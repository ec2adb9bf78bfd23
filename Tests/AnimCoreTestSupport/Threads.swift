#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A body for a pthread (`spawnThread`).
private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a pthread running `body` once; join it with `joinThreads`.
public func spawnThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let status = pthread_create(&thread, nil, { raw in
        let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Glibc)
    return thread
    #else
    return thread!
    #endif
}

/// Waits for each of `threads` to end.
public func joinThreads(_ threads: [pthread_t]) {
    for thread in threads { pthread_join(thread, nil) }
}
