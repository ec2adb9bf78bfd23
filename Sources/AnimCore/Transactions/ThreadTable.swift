/// A map from thread identity to a value — each thread's open transactions
/// (`ThreadTransactions`) — with a dictionary's shape (`index(forKey:)`, `values[position]`,
/// `[thread]`, `append(_:for:)`, `remove(at:)`), searched linearly: only the threads with a
/// transaction open have an entry (one or a few), and comparing a handful of integers costs
/// less than hashing one.
struct ThreadTable<Value>: Sequence {
    /// Thread identities, in no particular order; `values` holds each one's value at the same
    /// position. Positions change when an entry is removed.
    private(set) var keys: [UInt] = []
    var values: [Value] = []

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

    /// `thread`'s value, if it has an entry.
    subscript(thread: UInt) -> Value? {
        index(forKey: thread).map { values[$0] }
    }

    /// Adds an entry for `thread`, which has none; its position.
    mutating func append(_ value: Value, for thread: UInt) -> Int {
        keys.append(thread)
        values.append(value)
        return keys.count - 1
    }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Removes the entry at `position` and returns its value; the last entry takes its place.
    mutating func remove(at position: Int) -> Value {
        keys.swapAt(position, keys.count - 1)
        values.swapAt(position, values.count - 1)
        keys.removeLast()
        return values.removeLast()
    }

    func makeIterator() -> Zip2Sequence<[UInt], [Value]>.Iterator {
        zip(keys, values).makeIterator()
    }
}
