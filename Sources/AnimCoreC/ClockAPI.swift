import Glibc

// The clock section of animcore.h.

@_cdecl("ac_current_media_time")
public func ac_current_media_time() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
