import CAnimCore
import Glibc

/// The calling thread's last failure: a status and a NUL-terminated message, kept in one
/// malloc'd slot per thread (freed when the thread exits).
enum LastError {
    /// Message bytes kept per thread, including the terminating NUL; longer messages are cut.
    static let messageCapacity = 1024
    /// Bytes before the message: the status (Int32), padded.
    private static let headerSize = 8

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in free(slot) }
        return key
    }()

    private static let emptyMessage: StaticString = ""

    /// The calling thread's slot; created when `create` is true and there is none yet.
    private static func slot(create: Bool) -> UnsafeMutableRawPointer? {
        if let existing = pthread_getspecific(key) { return existing }
        guard create, let fresh = calloc(1, headerSize + messageCapacity) else { return nil }
        pthread_setspecific(key, fresh)
        return fresh
    }

    /// Records a failure for the calling thread; the message gets the status name in front.
    static func record(_ status: ac_status, _ message: String) {
        guard let slot = slot(create: true) else { return }
        slot.storeBytes(of: status, as: ac_status.self)
        let text = String(cString: ac_status_table_lookup(status, 1)) + ": " + message
        let destination = (slot + headerSize).assumingMemoryBound(to: UInt8.self)
        let room = messageCapacity - 1
        var count = 0
        if text.utf8.count <= room {
            for byte in text.utf8 {
                destination[count] = byte
                count += 1
            }
        } else {
            // Cut between characters, never inside one, and say so with an ellipsis.
            let ellipsis = "\u{2026}".utf8
            for scalar in text.unicodeScalars {
                let bytes = scalar.utf8
                guard count + bytes.count <= room - ellipsis.count else { break }
                for byte in bytes {
                    destination[count] = byte
                    count += 1
                }
            }
            for byte in ellipsis {
                destination[count] = byte
                count += 1
            }
        }
        destination[count] = 0
    }

    /// The calling thread's last status (AC_OK when none failed).
    static var status: ac_status {
        slot(create: false)?.load(as: ac_status.self) ?? ac_status(AC_OK)
    }

    /// The calling thread's last message ("" when none failed).
    static var message: UnsafePointer<CChar> {
        guard let slot = slot(create: false), slot.load(as: ac_status.self) != AC_OK else {
            return UnsafeRawPointer(emptyMessage.utf8Start).assumingMemoryBound(to: CChar.self)
        }
        return UnsafePointer((slot + headerSize).assumingMemoryBound(to: CChar.self))
    }

    /// Forgets the calling thread's last failure.
    static func clear() {
        guard let slot = slot(create: false) else { return }
        slot.storeBytes(of: ac_status(AC_OK), as: ac_status.self)
        (slot + headerSize).storeBytes(of: 0, as: UInt8.self)
    }
}
