/// An interned key: a property name ("position") or a key path ("position.x"), valid in the
/// engine that interned it. Comparing and looking up keys costs an integer, not a string.
///
///     bits 20...31  engine tag (its engine's, never 0; see `KeyTable.tag`)
///     bits  0...19  index      (the key's place in its engine's key table)
///
/// The tag is what lets an engine refuse another engine's key (`KeyTable.check(_:)`): without
/// it, key 30 of one engine would name whatever key 30 of another is.
package struct PropertyKey: Hashable, Sendable {
    package static let indexBits: UInt32 = 20
    package static let indexMask: UInt32 = (1 << indexBits) - 1
    /// Keys one engine can intern: 2^20.
    package static let capacity = Int(indexMask) + 1
    /// Engine tags drawn before one is drawn again: 2^12 − 1.
    package static let tagLimit: UInt32 = UInt32.max >> indexBits

    /// The key as the C API passes it: tag and index.
    package let raw: UInt32

    /// The key's index in its engine's key table, from 0.
    @inline(__always)
    package var id: Int32 { Int32(bitPattern: raw & Self.indexMask) }

    /// The key's engine tag.
    @inline(__always)
    package var tag: UInt32 { raw >> Self.indexBits }

    /// The key whose C form is `raw`.
    package init(raw: UInt32) {
        self.raw = raw
    }

    /// The key at `id` of the engine tagged `tag`.
    package init(id: Int32, tag: UInt32) {
        raw = tag << Self.indexBits | (UInt32(bitPattern: id) & Self.indexMask)
    }
}

/// The strings an engine has interned as keys.
///
/// A class, held by the engine state and used under its lock (so exclusivity is not checked
/// at run time): a lookup reads the table in place, where a value would be copied for the call.
final class KeyTable {
    @exclusivity(unchecked) private(set) var names: [String] = []
    @exclusivity(unchecked) private var ids: [String: Int32] = [:]
    /// The tag of this table's keys, drawn per engine from a process-wide counter: another
    /// engine's key is refused until the counter comes round (`PropertyKey.tagLimit` engines).
    let tag = KeyTable.nextTag()

    /// The name last interned and its id (−1: none yet): a run of calls with one name (an
    /// animation added to many layers) finds it without hashing.
    @exclusivity(unchecked) private var recentName = ""
    @exclusivity(unchecked) private var recentID: Int32 = -1

    /// The key for `name`, interning it on first use; `.outOfRange` once the table holds
    /// `PropertyKey.capacity` keys.
    func intern(_ name: String) throws(AnimCoreError) -> PropertyKey {
        if recentID >= 0 && name == recentName { return PropertyKey(id: recentID, tag: tag) }
        let id: Int32
        if let existing = ids[name] {
            id = existing
        } else {
            guard names.count < PropertyKey.capacity else {
                throw AnimCoreError(
                    .outOfRange, "this engine already holds \(names.count) keys, the most it can; \"\(name)\" is refused")
            }
            id = Int32(names.count)
            names.append(name)
            ids[name] = id
        }
        recentName = name
        recentID = id
        return PropertyKey(id: id, tag: tag)
    }

    /// The key for `name` if it was interned.
    func lookup(_ name: String) -> PropertyKey? {
        ids[name].map { PropertyKey(id: $0, tag: tag) }
    }

    /// The key at `id` (an index this table gave out, as animation records keep it).
    func key(at id: Int32) -> PropertyKey {
        PropertyKey(id: id, tag: tag)
    }

    /// Refuses a key of another engine (or a made-up number): `.badHandle` naming it. The one
    /// check every call taking a key from outside makes first; a key with this engine's tag
    /// that was never given out is `checkedName(of:)`'s `.unknownKey`.
    @inline(__always)
    func check(_ key: PropertyKey) throws(AnimCoreError) {
        guard key.tag == tag else { throw foreignKey(key) }
    }

    private func foreignKey(_ key: PropertyKey) -> AnimCoreError {
        AnimCoreError(
            .badHandle,
            "key \(key.raw) is not a key of this engine (another engine's, or made up); get keys from this engine")
    }

    /// The name of a key taken from outside: `.badHandle` for another engine's key (`check`),
    /// `.unknownKey` for one this engine never gave out.
    func checkedName(of key: PropertyKey) throws(AnimCoreError) -> String {
        try check(key)
        guard let name = name(of: key), !name.isEmpty else {
            throw AnimCoreError(.unknownKey, "key \(key.raw) is not a key of this engine")
        }
        return name
    }

    /// The string of `key`, or nil for a key this table did not make.
    func name(of key: PropertyKey) -> String? {
        key.tag == tag && names.indices.contains(Int(key.id)) ? names[Int(key.id)] : nil
    }

    var count: Int { names.count }

    private static func nextTag() -> UInt32 {
        UInt32(truncatingIfNeeded: Handle.nextStamp(.keyTag) % UInt64(PropertyKey.tagLimit)) + 1
    }
}
