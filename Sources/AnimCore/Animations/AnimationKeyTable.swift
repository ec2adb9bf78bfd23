/// The keys animations are added under ("opacity", "bounce-17"), interned while an animation
/// uses them: each attached animation with a key holds one use, and a key no animation uses is
/// forgotten, so a host that numbers its animations keeps a table as small as its live set.
///
/// A class, held by the engine state and used under its lock (so exclusivity is not checked
/// at run time): a lookup reads the table in place, where a value would be copied for the call.
final class AnimationKeyTable {
    /// Names by id ("" for a free id) and how many animations use each.
    @exclusivity(unchecked) private var names: [String] = []
    @exclusivity(unchecked) private var uses: [Int32] = []
    @exclusivity(unchecked) private var ids: [String: Int32] = [:]
    @exclusivity(unchecked) private var freeIDs: [Int32] = []

    /// The id last retained or found: `retain(_:)` and `lookup(_:)` try it first, so a run of
    /// adds under one key (an animation added to many layers) hashes no name.
    @exclusivity(unchecked) private var recentID: Int32 = -1
    /// How many times a key was forgotten (its last use given back): while it is unchanged, a
    /// key in use before is still in use, under the same name.
    @exclusivity(unchecked) private(set) var freedCount = 0

    /// The id of `name`, with one more use (interning it when no animation uses it).
    func retain(_ name: String) -> Int32 {
        retain(name, hint: recentID)
    }

    /// `retain(_:)` that first tries `hint`, the id `name` had before (`isLive` checks it still
    /// names it): a change path that adds animations under the same key again and again finds
    /// it without hashing the name.
    func retain(_ name: String, hint: Int32) -> Int32 {
        let id: Int32
        if isLive(hint, named: name) {
            id = hint
            uses[Int(id)] += 1
        } else if let existing = ids[name] {
            id = existing
            uses[Int(id)] += 1
        } else {
            if let reused = freeIDs.popLast() {
                id = reused
                names[Int(id)] = name
                uses[Int(id)] = 1
            } else {
                id = Int32(names.count)
                names.append(name)
                uses.append(1)
            }
            ids[name] = id
        }
        recentID = id
        return id
    }

    /// One more use of the key `id`, which is in use (held by the caller).
    @inline(__always)
    func retain(id: Int32) {
        uses[Int(id)] += 1
    }

    /// Whether `id` is a key in use named `name`.
    func isLive(_ id: Int32, named name: String) -> Bool {
        let index = Int(id)
        return index >= 0 && index < uses.count && uses[index] > 0 && names[index] == name
    }

    /// One use of `id` less; the key is forgotten at the last.
    func release(_ id: Int32) {
        let index = Int(id)
        uses[index] -= 1
        guard uses[index] == 0 else { return }
        ids[names[index]] = nil
        names[index] = ""
        freeIDs.append(id)
        freedCount &+= 1
    }

    /// The id of `name` while an animation uses it.
    func lookup(_ name: String) -> Int32? {
        isLive(recentID, named: name) ? recentID : ids[name]
    }

    /// The name of a key in use.
    func name(of id: Int32) -> String {
        names[Int(id)]
    }

    /// Keys in use.
    var count: Int { ids.count }
}
