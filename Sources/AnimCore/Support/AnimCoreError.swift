/// An input that animcore cannot accept: what kind of problem, and a message that names the
/// offending field and value ("duration is -1.0; it must be >= 0").
public struct AnimCoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem; each maps to one status of the C API.
    public enum Code: Equatable, Sendable {
        /// A number that must be finite is NaN or infinite.
        case notFinite
        /// A number is outside its allowed range.
        case outOfRange
        /// An argument is not valid for this call.
        case invalidArgument
        /// A name is not known.
        case unknownName
        /// A time or a point cannot be converted: a speed or a matrix on the way is not invertible
        /// (a speed of 0; a singular layer matrix or transform).
        case notInvertible
        /// Parent links form a cycle.
        case cycle
        /// A handle that is released, stale or from another engine.
        case badHandle
        /// A key or key path that the layer's class does not know.
        case unknownKey
        /// A value of another kind than the key holds.
        case wrongKind
        /// A key that animations may not target.
        case notAnimatable
        /// A call the object's state does not allow (an invalidated engine).
        case invalidState
    }

    /// The kind of problem.
    public var code: Code
    /// Whether the error is about the engine itself (`invalidState`: invalidated, being
    /// destroyed, refused a thread), not about the object or argument a call is on (an
    /// animator that has finished, a render list filled since): the C API names its engine
    /// argument for these.
    package var concernsEngine = false
    /// What went wrong, naming the argument and its value; the C API's
    /// `ac_last_error_message()` after the same call, without the status name.
    public var message: String

    /// An error of `code` with `message`.
    /// - Parameters:
    ///   - code: the kind of problem.
    ///   - message: what went wrong, naming the argument and its value.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether two errors are the same: the same code and message (`concernsEngine`
    /// follows from them).
    /// - Parameters:
    ///   - a: an error.
    ///   - b: another.
    /// - Returns: whether their codes and messages are equal.
    public static func == (a: AnimCoreError, b: AnimCoreError) -> Bool {
        a.code == b.code && a.message == b.message
    }

    /// An `invalidState` error about the engine itself (`concernsEngine`).
    package static func engineState(_ message: String) -> AnimCoreError {
        var error = AnimCoreError(.invalidState, message)
        error.concernsEngine = true
        return error
    }

    /// The same error with `prefix` put before the message (to name the argument it came from).
    package func prefixed(_ prefix: String) -> AnimCoreError {
        var error = self
        error.message = prefix + message
        return error
    }
}
