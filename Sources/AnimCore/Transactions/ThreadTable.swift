/// A map from thread identity to that thread's transactions (`ThreadTransactions`), with a
/// dictionary's shape (`index(forKey:)`, `values[position]`, `[thread]`, `add(for:)`,
/// `remove(at:)`), searched linearly: only the threads with a transaction open have an entry,
/// and up to `keptIdle` more that committed theirs (one or a few in all); comparing a handful
/// of integers costs less than hashing one.
///
/// A thread that commits its outermost transaction keeps its entry, emptied, for its next one
/// while few entries are kept (`close(at:)`); a removed entry's lists stay behind, emptied, for
/// the next thread that opens a transaction. Nothing is allocated, and no list is copied in or
/// out (which cost retains and releases). A class, held by the engine state and used under its
/// lock (exclusivity unchecked at run time): a lookup reads the table in place, where a value
/// held by the state would be copied for the call.
final class ThreadTable: Sequence {
    /// Entries kept after their thread committed its outermost transaction, at most: beyond
    /// this many entries, a committing thread's entry goes.
    static let keptIdle = 4

    /// Thread identities, in no particular order; `values` holds each one's transactions at the
    /// same position. Positions change when an entry is removed.
    @exclusivity(unchecked) private(set) var keys: [UInt] = []
    /// The entries' transactions at `0..<keys.count`; after them, emptied ones kept for reuse.
    @exclusivity(unchecked) var values: [ThreadTransactions] = []

    /// The position of `thread`'s entry, if it has one.
    @inline(__always)
    func index(forKey thread: UInt) -> Int? {
        var position = 0
        while position < keys.count {
            if keys[position] == thread { return position }
            position += 1
        }
        return nil
    }

    /// The position of `thread`'s entry if it has a transaction open.
    @inline(__always)
    func openIndex(forKey thread: UInt) -> Int? {
        guard let position = index(forKey: thread), !values[position].frames.isEmpty else { return nil }
        return position
    }

    /// `thread`'s transactions, if it has an entry.
    subscript(thread: UInt) -> ThreadTransactions? {
        index(forKey: thread).map { values[$0] }
    }

    /// Adds an entry with no transaction for `thread`, which has none; its position.
    func add(for thread: UInt) -> Int {
        keys.append(thread)
        if values.count < keys.count { values.append(ThreadTransactions()) }
        return keys.count - 1
    }

    /// Removes every entry.
    func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Ends the transactions of the entry at `position` (its thread committed the outermost):
    /// the entry stays, emptied, while the table holds at most `keptIdle` entries. Beyond, an
    /// entry goes (`remove(at:)`): another one with nothing open if there is one (its thread may
    /// have ended; kept, it would cost every later thread its own), else this one.
    func close(at position: Int) {
        values[position].removeAll()
        guard keys.count > Self.keptIdle else { return }
        var leaving = position
        for other in keys.indices where other != position && values[other].frames.isEmpty {
            leaving = other
            break
        }
        remove(at: leaving)
    }

    /// Removes the entry at `position`, emptying its transactions; the last entry takes its place.
    func remove(at position: Int) {
        let last = keys.count - 1
        if position != last {
            keys.swapAt(position, last)
            values.swapAt(position, last)
        }
        keys.removeLast()
        values[last].removeAll()
    }

    func makeIterator() -> Zip2Sequence<[UInt], ArraySlice<ThreadTransactions>>.Iterator {
        zip(keys, values[..<keys.count]).makeIterator()
    }
}
