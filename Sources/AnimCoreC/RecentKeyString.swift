import CAnimCore

/// The last short C string an engine's descriptions were given as a key path or an animation
/// key, with the String it was converted to: a program that adds animations of one key path
/// gives the same few bytes again and again, and this takes them from here instead of
/// converting and validating them each time (`utf8String` stays the one conversion and the one
/// check: only bytes it accepted are kept). Used under `EngineBox.lock` only.
struct RecentKeyString {
    /// Strings of at most this many bytes (the NUL not counted) are kept: two words.
    static let capacity = 2 * wordBytes
    static let wordBytes = MemoryLayout<UInt64>.size

    /// The kept string's bytes, zero beyond `length`.
    private var bytes: (UInt64, UInt64) = (0, 0)
    /// The kept string's length in bytes; -1: none kept.
    private var length = -1
    /// The kept string.
    private var text = ""

    /// `utf8String(pointer, argument)`: the kept String when `pointer` holds the kept bytes,
    /// else the conversion's, kept when it is short.
    mutating func string(_ pointer: UnsafePointer<CChar>?, _ argument: String) throws(APIError) -> String {
        guard let pointer else { return try utf8String(pointer, argument) }
        // The bytes before the NUL, read once, gathered into two words in registers (bytes
        // stored one by one and read back as words would stall the load); nil when there are
        // more than `capacity`.
        var given: (UInt64, UInt64) = (0, 0)
        var measured: Int?
        for index in 0...RecentKeyString.capacity {
            let byte = UInt64(UInt8(bitPattern: pointer[index]))
            if byte == 0 {
                measured = index
                break
            }
            let word = RecentKeyString.wordBytes
            if index < word {
                given.0 |= byte << (8 * index)
            } else if index < 2 * word {
                given.1 |= byte << (8 * (index - word))
            }
        }
        guard let count = measured else { return try utf8String(pointer, argument) }
        if count == length && given == bytes { return text }
        let converted = try utf8String(pointer, argument)
        (bytes, length, text) = (given, count, converted)
        return converted
    }
}
