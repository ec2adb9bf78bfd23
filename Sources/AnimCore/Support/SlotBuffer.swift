/// A growable run of Double slots in manually managed memory, handing out blocks by offset.
///
/// The engine's hot loop reads and writes values through raw pointers into these buffers, so
/// they avoid Swift arrays' copy-on-write and exclusivity checks. A pointer stays valid until
/// the next `allocate` (which may move the storage); the tick's evaluation pass allocates
/// nothing. Freed blocks are reused by later allocations of the same size, last freed first.
/// A freed block's first slot holds the offset of the next free block of its size (so its
/// contents are gone once freed: read a block before freeing it).
final class SlotBuffer {
    // Every access is made holding the engine's lock, so exclusivity is not checked at run
    // time (the check would cost more than most accesses).
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// Slots handed out so far (the high-water mark).
    @exclusivity(unchecked) private(set) var used = 0
    /// The free blocks of each size, as lists threaded through the blocks themselves:
    /// freeHeads[size] is the offset of the last block of that size freed (-1: none), whose
    /// first slot holds the next one's (as an Int64 bit pattern). Sizes index it directly
    /// (they are small; no hashing), up to `freeHeadCount` − 1.
    // (Threaded through the blocks, not a [[Int]] of offsets: a free and an allocate take no
    // array access and no uniqueness check.)
    @exclusivity(unchecked) private var freeHeads: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var freeHeadCount = 0
    /// Slots currently allocated (not freed).
    @exclusivity(unchecked) private(set) var liveSlots = 0

    init(initialCapacity: Int = 1024) {
        capacity = max(initialCapacity, 16)
        base = .allocate(capacity: capacity)
        base.initialize(repeating: 0, count: capacity)
        freeHeads = .allocate(capacity: 0)
    }

    deinit {
        base.deallocate()
        freeHeads.deallocate()
    }

    /// A block of `size` slots (contents unspecified); returns its offset.
    func allocate(_ size: Int) -> Int {
        liveSlots += size
        if size < freeHeadCount && freeHeads[size] >= 0 {
            let offset = freeHeads[size]
            freeHeads[size] = Int(Int64(bitPattern: base[offset].bitPattern))
            return offset
        }
        if used + size > capacity { grow(toHold: used + size) }
        let offset = used
        used += size
        return offset
    }

    /// Returns a block to the buffer; its contents are gone (its first slot links it).
    func free(_ offset: Int, size: Int) {
        liveSlots -= size
        guard size > 0 else { return }  // an empty block takes no slot: nothing to reuse
        if size >= freeHeadCount { growFreeHeads(toHold: size) }
        base[offset] = Double(bitPattern: UInt64(bitPattern: Int64(freeHeads[size])))
        freeHeads[size] = offset
    }

    private func growFreeHeads(toHold size: Int) {
        let count = max(size + 1, freeHeadCount * 2, 32)
        let fresh = UnsafeMutablePointer<Int>.allocate(capacity: count)
        fresh.moveInitialize(from: freeHeads, count: freeHeadCount)
        (fresh + freeHeadCount).initialize(repeating: -1, count: count - freeHeadCount)
        freeHeads.deallocate()
        freeHeads = fresh
        freeHeadCount = count
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
