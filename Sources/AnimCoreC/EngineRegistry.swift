import AnimCore
import CAnimCore
import Glibc
import Synchronization

// The live engines, and what the shim keeps per engine (EngineBox).
//
// An `ac_engine *` is never a real address: it encodes a slot of a fixed table and the slot's
// generation, so a destroyed, foreign or made-up pointer is recognised and refused without ever
// being followed. Looking an engine up is lock-free: each slot has one atomic state word
//
//     bits 32...63  generation (bumped each time the slot is freed)
//     bit  31       alive      (cleared by ac_engine_destroy)
//     bit  30       destroying (set once, by the first ac_engine_destroy)
//     bits 0...29   users      (calls in progress)
//
// A call enters with one compare-and-swap (users + 1, only while alive and of the pointer's
// generation) and leaves with one atomic subtract; whoever brings users to 0 after alive was
// cleared frees the engine, so an engine never goes away under a call in progress (another
// thread's, or the tick whose callback destroyed it). Creating and freeing slots take a lock
// (they are rare).
//
// While the process has one thread, entering and leaving are a plain load and store of the same
// word: no other thread can touch it, and a locked read-modify-write costs several times more
// than the rest of a small call. glibc says when that is so (`ProcessThreads`).

enum EngineRegistry {
    /// Engines alive at once, at most (12 bits of the pointer encoding).
    static let capacity = 4096

    static let aliveBit: UInt64 = 1 << 31
    static let destroyingBit: UInt64 = 1 << 30
    static let usersMask: UInt64 = (1 << 30) - 1

    /// Pointer encoding: 0xAC in the top byte, the generation in bits 16...47, the slot in bits
    /// 4...15, 0x8 in the low nibble. The top byte makes it a non-canonical address on x86-64
    /// and aarch64, so it is never a real object's address.
    static let tag: UInt = 0xAC

    /// What the registry allocates at its first engine and never frees.
    private struct Tables {
        /// The state words (see above), one per slot.
        let states: UnsafeMutablePointer<Atomic<UInt64>>
        /// The box of each live slot. Written only while the slot has no users and is not alive
        /// (before it is published, and when it is freed); read only by a call that entered it.
        let boxes: UnsafeMutablePointer<Unmanaged<EngineBox>?>
    }

    /// The tables' address; 0 until the first engine is registered (no call enters one before).
    /// A constant-initialised word, read with one load, where a lazy global would check its
    /// initialisation with a call on every C call.
    private static let tablesAddress = Atomic<Int>(0)

    /// The tables, once an engine was registered (after any successful `enter`).
    @inline(__always) private static var tables: UnsafePointer<Tables> {
        UnsafePointer(bitPattern: tablesAddress.load(ordering: .acquiring)).unsafelyUnwrapped
    }

    @inline(__always) static var states: UnsafeMutablePointer<Atomic<UInt64>> { tables.pointee.states }
    @inline(__always) static var boxes: UnsafeMutablePointer<Unmanaged<EngineBox>?> { tables.pointee.boxes }

    /// Makes the tables if they are not yet made; under `mutex`.
    private static func makeTablesOnce() {
        guard tablesAddress.load(ordering: .relaxed) == 0 else { return }
        let states = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: capacity)
        for slot in 0..<capacity { (states + slot).initialize(to: Atomic<UInt64>(0)) }
        let boxes = UnsafeMutablePointer<Unmanaged<EngineBox>?>.allocate(capacity: capacity)
        boxes.initialize(repeating: nil, count: capacity)
        let tables = UnsafeMutablePointer<Tables>.allocate(capacity: 1)
        tables.initialize(to: Tables(states: states, boxes: boxes))
        tablesAddress.store(Int(bitPattern: tables), ordering: .releasing)
    }

    /// Free slots, and the first slot never used; guarded by `mutex`.
    nonisolated(unsafe) private static var freeSlots: [Int] = []
    nonisolated(unsafe) private static var nextUnusedSlot = 0
    private static let mutex = RecursiveLock()

    /// The C pointer of `slot` at `generation`.
    static func pointer(slot: Int, generation: UInt32) -> OpaquePointer {
        let raw = (tag << 56) | (UInt(generation) << 16) | (UInt(slot) << 4) | 0x8
        return OpaquePointer(bitPattern: raw).unsafelyUnwrapped  // never 0: the tag is set
    }

    /// Registers a new engine box made by `make(pointer)`; nil when every slot is taken.
    static func register(_ make: (OpaquePointer) -> EngineBox) -> EngineBox? {
        let slot: Int? = mutex.withLock {
            makeTablesOnce()
            if let reused = freeSlots.popLast() { return reused }
            guard nextUnusedSlot < capacity else { return nil }
            nextUnusedSlot += 1
            return nextUnusedSlot - 1
        }
        guard let slot else { return nil }
        let generation = UInt32(truncatingIfNeeded: states[slot].load(ordering: .acquiring) >> 32)
        let box = make(pointer(slot: slot, generation: generation))
        boxes[slot] = Unmanaged.passRetained(box)
        states[slot].store((UInt64(generation) << 32) | aliveBit, ordering: .releasing)
        return box
    }

    /// Enters the engine `engine` points to: its slot, or nil when it is not a live engine.
    /// Every successful enter must be matched by `leave`.
    @inline(__always)
    static func enter(_ engine: OpaquePointer) -> Int? {
        let raw = UInt(bitPattern: engine)
        guard raw >> 56 == tag, raw & 0xF == 0x8, (raw >> 48) & 0xFF == 0 else { return nil }
        let slot = Int((raw >> 4) & 0xFFF)
        let generation = UInt64((raw >> 16) & 0xFFFF_FFFF)
        guard let tables = UnsafePointer<Tables>(bitPattern: tablesAddress.load(ordering: .acquiring)) else { return nil }
        let state = tables.pointee.states + slot
        let single = ProcessThreads.isSingle()
        var current = state.pointee.load(ordering: .relaxed)
        while true {
            guard current >> 32 == generation, current & aliveBit != 0,
                  current & usersMask != usersMask
            else { return nil }
            if single {
                state.pointee.store(current &+ 1, ordering: .relaxed)
                return slot
            }
            let (exchanged, original) = state.pointee.compareExchange(
                expected: current, desired: current &+ 1, ordering: .acquiring)
            if exchanged { return slot }
            current = original
        }
    }

    /// Leaves a slot entered with `enter`; frees the engine when it was the last call of an
    /// engine being destroyed.
    @inline(__always)
    static func leave(_ slot: Int) {
        // users − 1 (UInt64.max wraps to it).
        let after = ProcessThreads.add(.max, to: states[slot])
        if after & (aliveBit | usersMask) == 0 { free(slot, state: after) }
    }

    /// Marks the engine in `slot` (entered by the caller) as being destroyed; false when
    /// another call did it first.
    static func beginDestroying(_ slot: Int) -> Bool {
        let before = states[slot].bitwiseOr(destroyingBit, ordering: .acquiringAndReleasing).oldValue
        return before & destroyingBit == 0
    }

    /// Refuses every later `enter` of the engine in `slot` (entered by the caller, who then
    /// leaves as usual; the last call to leave frees it).
    static func retire(_ slot: Int) {
        states[slot].bitwiseAnd(~aliveBit, ordering: .acquiringAndReleasing)
    }

    /// Frees a slot with no users whose engine was retired: the next generation, the box
    /// dropped (which ends every callback registration of the engine), the slot reusable.
    private static func free(_ slot: Int, state: UInt64) {
        let box = boxes[slot]
        boxes[slot] = nil
        let next = ((state >> 32) &+ 1) & 0xFFFF_FFFF
        states[slot].store(next << 32, ordering: .releasing)
        mutex.withLock { freeSlots.append(slot) }
        box?.release()
    }
}

/// What the shim keeps for one engine: the engine, its C pointer, and the animation
/// descriptions (a generational table).
final class EngineBox: @unchecked Sendable {
    let engine: Engine
    /// The engine's C pointer, passed to callbacks.
    let pointer: OpaquePointer

    /// Guards the description table. Never held while calling the engine, nor while a value
    /// that may hold a callback registration is dropped (its destroy function may call back in);
    /// taken inside the engine's state access only to lend a description to an add
    /// (`addDescription`), which runs no callback.
    let lock = RecursiveLock()
    /// Animation descriptions by index (read and written in place), and the free indexes.
    let descriptions = DescriptionTable()
    @exclusivity(unchecked) var freeDescriptions: [Int] = []
    /// The key path or animation key converted last (`RecentKeyString`); under `lock`.
    @exclusivity(unchecked) var recentKey = RecentKeyString()

    init(engine: Engine, pointer: OpaquePointer) {
        self.engine = engine
        self.pointer = pointer
    }

    /// The key for `name`, interned in the engine.
    func key(_ name: String) throws(APIError) -> ac_key {
        try core(ErrorArguments(other: "name")) { () throws(AnimCoreError) in try engine.key(name).raw }
    }

    /// The name of a key, or nil for another engine's key or a number never given out (for
    /// messages about something else).
    func name(of key: ac_key) -> String? {
        try? engine.name(of: PropertyKey(key))
    }

    /// The name of `key`, or the core's refusal (AC_ERR_BAD_HANDLE for another engine's key,
    /// AC_ERR_UNKNOWN_KEY for a number never given out).
    func checkedName(of key: ac_key) throws(APIError) -> String {
        try core { () throws(AnimCoreError) in try engine.name(of: PropertyKey(key)) }
    }
}

extension PropertyKey {
    /// The core key of a C key (its engine tag and index, checked by the core).
    @inline(__always) init(_ key: ac_key) {
        self.init(raw: key)
    }
}

// MARK: Entering an engine

/// Runs `body` with the live engine `engine` points to, or fails: AC_ERR_NULL_POINTER for NULL,
/// AC_ERR_BAD_HANDLE for anything that is not a live engine.
@inline(__always)
func withEngine<R>(_ engine: OpaquePointer?, _ body: (EngineBox) throws(APIError) -> R) throws(APIError) -> R {
    guard let engine else { throw .nullPointer("engine") }
    guard let slot = EngineRegistry.enter(engine) else { throw badEngine(engine) }
    defer { EngineRegistry.leave(slot) }
    // The box lives while the slot has users: no retain needed.
    let result: Result<R, APIError> = EngineRegistry.boxes[slot].unsafelyUnwrapped._withUnsafeGuaranteedRef { box in
        do throws(APIError) {
            return .success(try body(box))
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// The error for a pointer that is not a live engine.
func badEngine(_ engine: OpaquePointer) -> APIError {
    APIError(
        AC_ERR_BAD_HANDLE,
        "engine is \(String(describing: engine)); it is not a live engine (destroyed, foreign or never created)")
}

// MARK: Core errors

extension APIError {
    /// A core error, prefixed with the argument its code points to in this call.
    init(_ error: AnimCoreError, arguments: ErrorArguments) {
        let argument: String
        switch error.code {
        case .badHandle: argument = arguments.handle
        case .unknownKey: argument = arguments.key
        case .wrongKind: argument = arguments.value
        case .notAnimatable: argument = arguments.key
        case .invalidState: argument = error.concernsEngine ? "engine" : arguments.state
        default: argument = arguments.other
        }
        self.init(error, argument: argument)
    }
}

/// Which argument each kind of core error is about, for one call.
struct ErrorArguments {
    var handle = "layer"
    var key = "key"
    var value = "value"
    var other = "layer"
    /// Named by an `invalidState` error about the call's object rather than the engine
    /// (`AnimCoreError.concernsEngine`): an animator that has finished.
    var state = "engine"

    static let layer = ErrorArguments()
}

/// Runs a core call, turning its error into the C status with the argument named.
@inline(__always)
func core<R>(_ arguments: ErrorArguments = .layer, _ body: () throws(AnimCoreError) -> R) throws(APIError) -> R {
    do throws(AnimCoreError) {
        return try body()
    } catch {
        throw APIError(error, arguments: arguments)
    }
}
