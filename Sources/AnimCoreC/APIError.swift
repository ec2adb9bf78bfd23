import AnimCore
import CAnimCore

/// A failed C call: the status it returns and the message recorded for the thread.
struct APIError: Error {
    var status: ac_status
    var message: String

    init(_ status: Int, _ message: String) {
        self.status = ac_status(status)
        self.message = message
    }

    /// A core error about `argument` ("tree: parents[2] is 7; ...").
    /// A message that names the argument already ("count is 0; ...") is kept as it is.
    init(_ error: AnimCoreError, argument: String) {
        // The core's refusal of another engine's key names the key itself ("key 5242910 is not
        // a key of this engine ..."), whichever handle the call's other errors name. (Decided
        // here, on the error path: a choice among the arguments made every call set them up.)
        let named = error.message.hasPrefix(argument + " ")
            || (error.code == .badHandle && error.message.hasPrefix("key "))
        self.init(error.code.status, named ? error.message : "\(argument): \(error.message)")
    }

    /// A core error whose message begins with the core's name of a parameter, `field`
    /// ("duration is 0.0; ..."), given C's name for it, `name` ("duration_s is 0.0; ..."); nil
    /// for a message about anything else.
    init?(_ error: AnimCoreError, renaming field: String, to name: String) {
        guard error.message.hasPrefix(field + " ") else { return nil }
        self.init(error.code.status, name + error.message.dropFirst(field.count))
    }

    /// A core error about a field of the struct `argument` points to
    /// ("timing->duration is -1.0; it must be >= 0").
    init(_ error: AnimCoreError, fieldOf argument: String) {
        self.init(error.code.status, "\(argument)->\(error.message)")
    }

    static func nullPointer(_ argument: String) -> APIError {
        APIError(AC_ERR_NULL_POINTER, "\(argument) is NULL")
    }

    static func notFinite(_ argument: String, _ value: Double) -> APIError {
        APIError(AC_ERR_NOT_FINITE, "\(argument) is \(value); it must be finite")
    }

    static func bufferTooSmall(_ argument: String, capacity: Int, needed: Int) -> APIError {
        APIError(
            AC_ERR_BUFFER_TOO_SMALL,
            "\(argument) holds \(capacity) values but \(needed) are needed")
    }
}

extension AnimCoreError.Code {
    /// The C status of this kind of problem.
    var status: Int {
        switch self {
        case .notFinite: AC_ERR_NOT_FINITE
        case .outOfRange: AC_ERR_OUT_OF_RANGE
        case .invalidArgument: AC_ERR_INVALID_ARGUMENT
        case .unknownName: AC_ERR_UNKNOWN_NAME
        case .notInvertible: AC_ERR_NOT_INVERTIBLE
        case .cycle: AC_ERR_CYCLE
        case .badHandle: AC_ERR_BAD_HANDLE
        case .unknownKey: AC_ERR_UNKNOWN_KEY
        case .wrongKind: AC_ERR_WRONG_KIND
        case .notAnimatable: AC_ERR_NOT_ANIMATABLE
        case .invalidState: AC_ERR_INVALID_STATE
        }
    }
}

/// Runs the body of a C entry point: AC_OK when it returns, else the error's status, with its
/// message recorded as this thread's last error.
@inline(__always)
func reportingStatus(_ body: () throws(APIError) -> Void) -> ac_status {
    do {
        try body()
        return ac_status(AC_OK)
    } catch {
        LastError.record(error.status, error.message)
        return error.status
    }
}

/// The pointee of an out_* argument, or a NULL-pointer error naming it.
@inline(__always)
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ argument: @autoclosure () -> String) throws(APIError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw .nullPointer(argument()) }
    return pointer
}

/// A finite input number, or an error naming it.
@inline(__always)
func finite(_ value: Double, _ argument: @autoclosure () -> String) throws(APIError) -> Double {
    guard value.isFinite else { throw .notFinite(argument(), value) }
    return value
}

/// A time argument: the core's rule (`Check.time`), its error naming the argument.
@inline(__always)
func timeArgument(_ value: Double, _ argument: @autoclosure () -> String) throws(APIError) -> Double {
    do throws(AnimCoreError) {
        try Check.time(value, argument())
    } catch {
        throw APIError(error.code.status, error.message)
    }
    return value
}

/// Checks a struct's leading `struct_size` field against the size this library was built with.
func checkStructSize(_ pointer: UnsafeRawPointer, expected: Int, _ argument: @autoclosure () -> String) throws(APIError) {
    let size = pointer.load(as: UInt32.self)
    guard Int(size) == expected else {
        throw APIError(
            AC_ERR_BAD_STRUCT_SIZE,
            "\(argument())->struct_size is \(size); this library expects \(expected)")
    }
}

extension APIError {
    /// A core error whose message names the field itself ("key_times[2] is 1.5; ...", from a
    /// core check called with the C argument's name).
    init(field error: AnimCoreError) {
        self.init(error.code.status, error.message)
    }

    /// A call about one kind's field on a description of another kind: "animation is a
    /// keyframe animation; fromValue belongs to basic animations".
    static func wrongAnimationKind(
        _ animation: Animation, _ argument: String, field: String, belongsTo kind: AnimationKindTag
    ) -> APIError {
        APIError(
            AC_ERR_INVALID_ARGUMENT,
            "\(argument) is \(animation.kindTag.phrase); \(field) belongs to \(kind.plural)")
    }
}

extension AnimationKindTag {
    /// "a basic animation", "a keyframe animation", "a group".
    var phrase: String {
        switch self {
        case .basic: "a basic animation"
        case .keyframe: "a keyframe animation"
        case .group: "a group"
        case .spring: "a spring animation"
        case .decay: "a decay animation"
        case .transition: "a transition"
        }
    }

    /// "basic animations", "keyframe animations", "groups".
    var plural: String {
        switch self {
        case .basic: "basic animations"
        case .keyframe: "keyframe animations"
        case .group: "groups"
        case .spring: "spring animations"
        case .decay: "decay animations"
        case .transition: "transitions"
        }
    }
}

extension String {
    /// The string with every occurrence of `target` replaced by `replacement`, left to right
    /// (`target` empty: unchanged). The shim's renaming of field names in messages; the
    /// standard library's `replacing(_:with:)` lives in _StringProcessing, which the library
    /// does not link (1.3 MB; see CMakeLists.txt).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                result += replacement
                index = self.index(index, offsetBy: target.count)
            } else {
                result.append(self[index])
                index = self.index(after: index)
            }
        }
        return result
    }
}
