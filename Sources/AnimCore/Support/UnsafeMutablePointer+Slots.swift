extension UnsafeMutablePointer where Pointee == Double {
    /// Copies `count` value slots from `source` (the regions may overlap, as for
    /// `update(from:count:)`): one slot by a plain store, more by `update(from:count:)`, a call
    /// of `memmove`, which costs many times a store even for one slot.
    @inline(__always)
    func copySlots(from source: UnsafePointer<Double>, count: Int) {
        if count == 1 {
            pointee = source.pointee
        } else {
            update(from: source, count: count)
        }
    }
}
