extension Array {
    /// `removeAll(keepingCapacity: true)` in a few instructions for the usual lists of none or
    /// one element (the general call replaces a subrange, many times that even then).
    @inline(__always)
    mutating func empty() {
        switch count {
        case 0: break
        case 1: removeLast()
        default: removeAll(keepingCapacity: true)
        }
    }
}
