/// Layer time outside the tick (commit, localTime) through the one walk (`LayerTimeWalk`), and
/// convertTime between layers.
extension EngineState {
    /// The layer's local time at engine time `time`, from the root down.
    // [Perf] Inlined for its first case, a root layer of default timing: the walk's first
    // answer, without its set-up or a call (the commit asks once per animation it starts, a
    // spring change in flight once for its velocity).
    @inline(__always)
    func layerTime(_ slot: Int, atEngineTime time: Double) -> Double {
        if layers[slot].parent < 0 && layers[slot].hasDefaultTiming { return time }
        return walkedLayerTime(slot, atEngineTime: time)
    }

    /// `layerTime(_:atEngineTime:)` through the walk.
    private func walkedLayerTime(_ slot: Int, atEngineTime time: Double) -> Double {
        // A stamp of its own: these count down from the top, the ticks' count up from 1, so
        // they never meet (each call walks anew: model timings may have changed since).
        walkStamp &-= 1
        return LayerTimeWalk.time(
            of: slot, layers: layers.base, clocks: clocks.base, engineTime: time, stamp: walkStamp, ancestors: &ancestorScratch)
    }

    /// convertTime: `time` in `source`'s time space (nil = absolute) expressed in
    /// `destination`'s. Throws `.notInvertible` when a layer on the way up has speed 0.
    func convertTime(_ time: Double, from source: LayerID?, to destination: LayerID?) throws(AnimCoreError) -> Double {
        var timings: [MediaTiming] = []
        var parents: [Int?] = []
        var nodeOf: [Int: Int] = [:]
        func node(_ slot: Int) -> Int {
            if let existing = nodeOf[slot] { return existing }
            var path: [Int] = []
            var current = slot
            while current >= 0 && nodeOf[current] == nil {
                path.append(current)
                current = Int(layers[current].parent)
            }
            var parentNode: Int? = current >= 0 ? nodeOf[current] : nil
            for layer in path.reversed() {
                timings.append(layerTiming(layer))
                parents.append(parentNode)
                nodeOf[layer] = timings.count - 1
                parentNode = timings.count - 1
            }
            return nodeOf[slot] ?? 0
        }
        let from = try source.map { (id) throws(AnimCoreError) -> Int in node(try layerSlot(id)) }
        let to = try destination.map { (id) throws(AnimCoreError) -> Int in node(try layerSlot(id)) }
        let tree = try TimeTree(timings: timings, parents: parents)
        return try tree.convert(time, from: from, to: to)
    }
}
