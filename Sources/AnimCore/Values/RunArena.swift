/// Memory for the runs of numbers of `VariableValues`' entries, carved one after another from
/// slabs (the first of 256 numbers, each next one twice the last, up to 65,536 numbers, 512 KiB;
/// 64-byte aligned), so that runs made one after another lie next to each other, in the order
/// they were made, with no allocator's bookkeeping between them: a pass over the values of many
/// layers made in layer order reads one stream of memory.
///
/// A run given back (`free`) is kept for the next run of the same room (exactly); a run of more
/// than `largeRun` numbers has memory of its own (`isSeparate`), given back to the system when
/// freed. The slabs go back to the system only with the arena (`deallocateAll`): the store keeps
/// an entry's run when the entry is freed, for the next value stored in it, and gives a run
/// back only when its entry outgrows it, taking twice the room (`VariableValues.reserve`), so
/// the runs kept free hold fewer numbers than the entries' runs do.
///
/// Not thread-safe: called only while the store's structure may change (see `VariableValues`).
struct RunArena {
    /// The slabs, each 64-byte aligned.
    private var slabs: [UnsafeMutableRawPointer] = []
    /// Where the next run is carved in the last slab, and how many numbers are left there.
    private var next: UnsafeMutablePointer<Double>?
    private var left = 0
    /// How many numbers the next slab holds (at least).
    private var nextSlabNumbers = RunArena.firstSlabNumbers
    /// Runs given back, by their room in numbers; reused last freed first.
    private var freeRuns: [Int: [UnsafeMutablePointer<Double>]] = [:]

    /// The first slab's room, in numbers.
    static let firstSlabNumbers = 256
    /// The largest slab's room, in numbers (512 KiB).
    static let slabNumbersLimit = 1 << 16
    /// The most numbers of a run carved from a slab (64 KiB); a larger run has memory of its own.
    static let largeRun = 1 << 13

    /// Whether a run of room `capacity` has memory of its own rather than a slab's: the owner
    /// deallocates it itself when the arena goes (`deallocateAll` leaves it).
    @inline(__always)
    static func isSeparate(capacity: Int) -> Bool { capacity > largeRun }

    /// A run with room for `count` numbers (count ≥ 1), uninitialised: a freed run of that
    /// room, else the next numbers of the last slab (a new slab when it has too few left).
    mutating func allocate(_ count: Int) -> UnsafeMutablePointer<Double> {
        if Self.isSeparate(capacity: count) { return .allocate(capacity: count) }
        if let reused = freeRuns[count]?.popLast() { return reused }
        if left < count { addSlab(holding: count) }
        guard let run = next else { preconditionFailure("RunArena: a slab was just added") }
        next = run + count
        left -= count
        return run
    }

    /// Gives back `run`, of room `capacity` (as `allocate` gave it): kept for a run of that
    /// room, or deallocated when it has memory of its own.
    mutating func free(_ run: UnsafeMutablePointer<Double>, capacity: Int) {
        if Self.isSeparate(capacity: capacity) { return run.deallocate() }
        freeRuns[capacity, default: []].append(run)
    }

    /// Deallocates the slabs (every run carved from them, freed or not). Runs with memory of
    /// their own (`isSeparate`) are their owners' to deallocate.
    mutating func deallocateAll() {
        for slab in slabs { slab.deallocate() }
        slabs.removeAll()
        (next, left, freeRuns) = (nil, 0, [:])
    }

    /// Starts a new slab with room for at least `count` numbers (the tail of the last one is
    /// left unused).
    private mutating func addSlab(holding count: Int) {
        let numbers = max(nextSlabNumbers, count)
        nextSlabNumbers = min(2 * nextSlabNumbers, Self.slabNumbersLimit)
        let slab = UnsafeMutableRawPointer.allocate(byteCount: numbers * MemoryLayout<Double>.stride, alignment: 64)
        slabs.append(slab)
        next = slab.bindMemory(to: Double.self, capacity: numbers)
        left = numbers
    }
}
