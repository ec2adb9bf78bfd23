/// A growable array of plain-data records in manually managed memory, read and written in place
/// through its subscript.
///
/// The engine keeps layers and animations here rather than in Swift arrays so that the per-frame
/// loop reaches them through raw pointers: no copy-on-write uniqueness checks, no exclusivity
/// checks, no closures. `Element` must be plain data (no references); indices must be in
/// `0..<count` (the engine only indexes slots it has handed out, after validating handles).
final class RecordBuffer<Element> {
    // Every access is made holding the engine's lock, so exclusivity is not checked at run
    // time (the check would cost more than most accesses).
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(initialCapacity: Int = 64) {
        capacity = max(initialCapacity, 4)
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Appends a record (moving the storage when it is full) and returns its index.
    @discardableResult
    func append(_ element: Element) -> Int {
        let place = appendUninitialized()
        place.initialize(to: element)
        return count - 1
    }

    /// Appends `added` copies of `element` (moving the storage when it is too small), in one
    /// pass.
    func append(repeating element: Element, count added: Int) {
        reserve(count + added)
        (base + count).initialize(repeating: element, count: added)
        count += added
    }

    /// Makes room for one more record at the end (moving the storage when it is full) and
    /// returns its place, for the caller to initialise before anything reads it: a large
    /// record built in place is not copied.
    @inline(__always)
    func appendUninitialized() -> UnsafeMutablePointer<Element> {
        if count == capacity { reserve(count + 1) }
        count += 1
        return base + count - 1
    }

    /// Removes the last record and returns it; nil when there is none (a free list's pop).
    @inline(__always)
    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Makes room for `minimumCapacity` records, so that appending up to it moves nothing:
    /// pointers into the buffer stay valid. Only the `count` records move: bytes that
    /// `removeAll` left past them are not carried over.
    func reserve(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let newCapacity = max(minimumCapacity, capacity * 2)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Removes the last record (there must be one), in place: a large record is not moved out.
    @inline(__always)
    func removeLast() {
        assert(count > 0, "removeLast on an empty RecordBuffer")
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// Trades records and storage with `other` (no record is moved or copied), so that a buffer
    /// held in a constant can still take another's place (a constant reference is read with no
    /// retain around each access).
    func swapStorage(with other: RecordBuffer<Element>) {
        swap(&base, &other.base)
        swap(&count, &other.count)
        swap(&capacity, &other.capacity)
    }

    /// Removes every record, keeping the storage (so that refilling it allocates nothing).
    /// Records of plain data keep their bytes there until written again.
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// The record at `index`, in place.
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + index) }
        unsafeMutableAddress { base + index }
    }

    var indices: Range<Int> { 0..<count }

    /// Bytes held by this buffer.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }
}
