import AnimCore

/// An engine's animation descriptions by index, in manually managed memory: a description is
/// built, read, edited and dropped where it lies, never copied whole. A free entry has stamp 0
/// and no description (its memory uninitialised). Entries are moved, never copied, when the
/// storage grows. Used under `EngineBox.lock` only, so exclusivity is not checked at run time.
final class DescriptionTable {
    /// Each entry's stamp (the stamp of its handle; 0: the entry is free).
    @exclusivity(unchecked) private var stamps: UnsafeMutablePointer<UInt64>
    /// Each live entry's description; a free entry's memory is uninitialised.
    @exclusivity(unchecked) private var animations: UnsafeMutablePointer<Animation>
    /// Entries made so far (free ones included).
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 16

    init() {
        stamps = .allocate(capacity: capacity)
        animations = .allocate(capacity: capacity)
    }

    deinit {
        for index in 0..<count where stamps[index] != 0 { (animations + index).deinitialize(count: 1) }
        stamps.deallocate()
        animations.deallocate()
    }

    /// The stamp of the entry at `index` (in `0..<count`); 0 for a free entry.
    @inline(__always)
    func stamp(_ index: Int) -> UInt64 { stamps[index] }

    /// Adds a free entry at the end (moving the storage when it is full); its index.
    func appendFree() -> Int {
        if count == capacity {
            let freshStamps = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
            let freshAnimations = UnsafeMutablePointer<Animation>.allocate(capacity: capacity * 2)
            freshStamps.moveInitialize(from: stamps, count: count)
            for index in 0..<count where freshStamps[index] != 0 {
                (freshAnimations + index).moveInitialize(from: animations + index, count: 1)
            }
            stamps.deallocate()
            animations.deallocate()
            (stamps, animations) = (freshStamps, freshAnimations)
            capacity *= 2
        }
        stamps[count] = 0
        count += 1
        return count - 1
    }

    /// Fills the free entry at `index` with `stamp` and `animation`.
    @inline(__always)
    func fill(_ index: Int, stamp: UInt64, with animation: consuming Animation) {
        assert(stamp != 0, "a live entry's stamp is never 0")
        (animations + index).initialize(to: animation)
        stamps[index] = stamp
    }

    /// Frees the live entry at `index`: its description is dropped in place, or, when dropping
    /// it may call back (`Animation.mayCallBackWhenDropped`), moved out into a `DeferredDrop`
    /// and returned, for the caller to drop once it holds no lock. (A box, not an optional
    /// description: the common case then returns one word, not a moved description.)
    @inline(__always)
    func free(_ index: Int) -> DeferredDrop? {
        stamps[index] = 0
        if mayCallBackWhenDropped(&self[index]) { return DeferredDrop((animations + index).move()) }
        (animations + index).deinitialize(count: 1)
        return nil
    }

    /// `Animation.mayCallBackWhenDropped` of a description read in place (an inout access
    /// lends its address; a read through the subscript's address would be copied first).
    @inline(__always)
    private func mayCallBackWhenDropped(_ animation: inout Animation) -> Bool {
        animation.mayCallBackWhenDropped
    }

    /// The description of the live entry at `index`, in place.
    subscript(index: Int) -> Animation {
        @inline(__always) unsafeAddress { UnsafePointer(animations + index) }
        @inline(__always) unsafeMutableAddress { animations + index }
    }
}

/// A description taken out of the table whose drop may call back (a delegate's or a group
/// child's destroy function): its holder drops it once no lock is held.
final class DeferredDrop {
    let animation: Animation

    init(_ animation: consuming Animation) {
        self.animation = animation
    }
}
