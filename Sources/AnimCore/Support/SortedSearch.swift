/// The search of a non-decreasing table of numbers: keyframes' key times and a curve
/// segment's arc-length table.
enum SortedSearch {
    /// The last index i in 0..<count with `table[i] <= value`; 0 when there is none (a value
    /// below the first entry, or NaN). `table` does not decrease; `count` ≥ 1.
    ///
    /// [Perf] Free of branches on the data: the number of steps depends on `count` alone and
    /// each step's choice is a select, a conditional move in the CMake Release build on x86-64
    /// (CMakeLists.txt keeps LLVM from turning it back into a branch). When each layer's
    /// animation is in a segment of its own, a branch there is mispredicted about once a
    /// search, and a misprediction in the tick's loop costs far more than the few
    /// instructions it saves.
    @inline(__always)
    static func lastIndex(in table: UnsafePointer<Double>, count: Int, atOrBelow value: Double) -> Int {
        // The answer lies in base..<(base + remaining). If table[base + half] <= value, it is
        // at or after that index; otherwise before it, as the table does not decrease, so in
        // base..<(base + remaining − half), since half ≤ remaining − half.
        var base = 0, remaining = count
        while remaining > 1 {
            let half = remaining &>> 1
            base = table[base &+ half] <= value ? base &+ half : base
            remaining &-= half
        }
        return base
    }
}
