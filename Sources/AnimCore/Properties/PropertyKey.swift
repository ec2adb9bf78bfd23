/// An interned key: a property name ("position") or a key path ("position.x"), valid in the
/// engine that interned it. Comparing and looking up keys costs an integer, not a string.
package struct PropertyKey: Hashable, Sendable {
    /// The key's index in its engine's key table, from 0.
    package let id: Int32

    package init(id: Int32) {
        self.id = id
    }
}

/// The strings an engine has interned as keys.
struct KeyTable {
    private(set) var names: [String] = []
    private var ids: [String: Int32] = [:]

    /// The name last interned and its id (−1: none yet): a run of calls with one name (an
    /// animation added to many layers) finds it without hashing.
    private var recentName = ""
    private var recentID: Int32 = -1

    /// The key for `name`, interning it on first use.
    mutating func intern(_ name: String) -> PropertyKey {
        if recentID >= 0 && name == recentName { return PropertyKey(id: recentID) }
        let id: Int32
        if let existing = ids[name] {
            id = existing
        } else {
            id = Int32(names.count)
            names.append(name)
            ids[name] = id
        }
        recentName = name
        recentID = id
        return PropertyKey(id: id)
    }

    /// The key for `name` if it was interned.
    func lookup(_ name: String) -> PropertyKey? {
        ids[name].map(PropertyKey.init(id:))
    }

    /// The string of `key`, or nil for a key this table did not make.
    func name(of key: PropertyKey) -> String? {
        names.indices.contains(Int(key.id)) ? names[Int(key.id)] : nil
    }

    var count: Int { names.count }
}
