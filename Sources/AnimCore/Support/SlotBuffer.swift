/// A growable run of Double slots in manually managed memory, handing out blocks by offset.
///
/// The engine's hot loop reads and writes values through raw pointers into these buffers, so
/// they avoid Swift arrays' copy-on-write and exclusivity checks. A pointer stays valid until
/// the next `allocate` (which may move the storage); the tick's evaluation pass allocates
/// nothing. Freed blocks are reused by later allocations of the same size.
final class SlotBuffer {
    // [Perf] Every access is made holding the engine's lock, so exclusivity is not checked at
    // run time (the check costs about 80 instructions per access of a class's property).
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// Slots handed out so far (the high-water mark).
    @exclusivity(unchecked) private(set) var used = 0
    /// Free blocks by size: freeBlocks[size] holds offsets of freed blocks of exactly that size
    /// (an array indexed by size: sizes are small, and no hashing is needed).
    @exclusivity(unchecked) private var freeBlocks: [[Int]] = []
    /// Slots currently allocated (not freed).
    @exclusivity(unchecked) private(set) var liveSlots = 0

    init(initialCapacity: Int = 1024) {
        capacity = max(initialCapacity, 16)
        base = .allocate(capacity: capacity)
        base.initialize(repeating: 0, count: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A block of `size` slots (contents unspecified); returns its offset.
    func allocate(_ size: Int) -> Int {
        liveSlots += size
        // Pop in place (copying the list out would copy it whole on every reuse).
        if size < freeBlocks.count, let offset = freeBlocks[size].popLast() { return offset }
        if used + size > capacity { grow(toHold: used + size) }
        let offset = used
        used += size
        return offset
    }

    /// Returns a block to the buffer.
    func free(_ offset: Int, size: Int) {
        liveSlots -= size
        if size >= freeBlocks.count {
            freeBlocks.append(contentsOf: repeatElement([], count: size + 1 - freeBlocks.count))
        }
        freeBlocks[size].append(offset)
    }

    /// The slots at `offset`.
    @inline(__always) func pointer(_ offset: Int) -> UnsafeMutablePointer<Double> {
        base + offset
    }

    /// Bytes held by this buffer.
    var bytes: Int { capacity * MemoryLayout<Double>.stride }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<Double>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: capacity)
        (fresh + capacity).initialize(repeating: 0, count: newCapacity - capacity)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}
