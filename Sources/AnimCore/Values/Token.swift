/// An opaque 64-bit host value: a value of kind `token` (an image handle, an enum case, a key
/// into the host's own table; what CALayer's `contents` holds). animcore stores and switches
/// tokens (at the half-way point of an animation), never interpolates them.
public struct Token: RawRepresentable, Hashable, Sendable {
    /// The host's 64 bits, kept exactly.
    public var rawValue: UInt64

    /// The token holding `rawValue`.
    /// - Parameter rawValue: the host's 64 bits.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// No token (0): the default of `contents`.
    public static let none = Token(rawValue: 0)
}
