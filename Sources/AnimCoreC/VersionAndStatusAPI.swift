import CAnimCore

// The version and status section of animcore.h.

/// The version string, copied once from the header's AC_VERSION_STRING into storage that is
/// never written again (hence safe to share between threads).
nonisolated(unsafe) private let versionCString: UnsafePointer<CChar> = {
    let bytes = AC_VERSION_STRING.utf8CString
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    for (index, byte) in bytes.enumerated() { (storage + index).initialize(to: byte) }
    return UnsafePointer(storage)
}()

@_cdecl("ac_version_number")
public func ac_version_number() -> Int32 {
    // AC_VERSION_NUMBER's formula; Swift imports only the plain number macros.
    Int32(AC_VERSION_MAJOR * 10000 + AC_VERSION_MINOR * 100 + AC_VERSION_PATCH)
}

@_cdecl("ac_version_string")
public func ac_version_string() -> UnsafePointer<CChar> {
    versionCString
}

@_cdecl("ac_status_name")
public func ac_status_name(_ status: ac_status) -> UnsafePointer<CChar> {
    ac_status_table_lookup(status, 1)
}

@_cdecl("ac_status_message")
public func ac_status_message(_ status: ac_status) -> UnsafePointer<CChar> {
    ac_status_table_lookup(status, 0)
}

@_cdecl("ac_last_error_message")
public func ac_last_error_message() -> UnsafePointer<CChar> {
    LastError.message
}

@_cdecl("ac_last_error_status")
public func ac_last_error_status() -> ac_status {
    LastError.status
}

@_cdecl("ac_clear_last_error")
public func ac_clear_last_error() {
    LastError.clear()
}
