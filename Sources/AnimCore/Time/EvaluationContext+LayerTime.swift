extension EvaluationContext {
    /// The layer's time at this tick, cached per tick: each layer's time is computed once from
    /// its superlayer's, iteratively (a tree may be arbitrarily deep). The same walk as
    /// `EngineState.layerTime(_:atEngineTime:)`, with the cache the tick needs.
    @inline(__always)
    func layerTime(
        _ slot: Int, rows: UnsafeBufferPointer<UnsafeMutablePointer<Double>>, engineTime: Double,
        stamp: UInt64, ancestors: inout [Int32]
    ) -> Double {
        // The common case: a root layer with default timing runs on engine time (nothing to
        // cache, so its record is only read).
        if layers[slot].parent < 0 && layers[slot].hasDefaultTiming { return engineTime }
        if layers[slot].timeStamp == stamp { return layers[slot].cachedTime }
        ancestors.removeAll(keepingCapacity: true)
        var current = slot
        while current >= 0 && layers[current].timeStamp != stamp {
            ancestors.append(Int32(current))
            current = Int(layers[current].parent)
        }
        var time = current >= 0 ? layers[current].cachedTime : engineTime
        for layer in ancestors.reversed() {
            let index = Int(layer)
            if !layers[index].hasDefaultTiming {
                let row = rows[Int(layers[index].classIndex)] + Int(layers[index].row)
                time = timingOffsets.timing(in: row).localTime(atParentTime: time)
            }
            layers[index].timeStamp = stamp
            layers[index].cachedTime = time
        }
        return time
    }
}
