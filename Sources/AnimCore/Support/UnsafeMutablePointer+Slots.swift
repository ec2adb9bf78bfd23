extension UnsafeMutablePointer where Pointee == Double {
    /// Copies `count` value slots from `source` (the regions may overlap, as for
    /// `update(from:count:)`): one slot or a pair (a point, a size) by plain loads and stores,
    /// more by `update(from:count:)`, a call of `memmove`, which costs many times a store for so
    /// few slots.
    @inline(__always)
    func copySlots(from source: UnsafePointer<Double>, count: Int) {
        switch count {
        case 1:
            pointee = source.pointee
        case 2:
            let (first, second) = (source[0], source[1])  // both read first: the regions may overlap
            self[0] = first
            self[1] = second
        default:
            update(from: source, count: count)
        }
    }
}
