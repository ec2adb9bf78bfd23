/// Layer time: the walk from the root down to a layer, and convertTime between layers. The
/// tick's cached form of the same walk is `EvaluationContext.layerTime` (EvaluationContext+LayerTime.swift).
extension EngineState {
    /// The layer's local time at engine time `time`: each layer from the root maps its parent's
    /// time with `(parent − beginTime) × speed + timeOffset`.
    func layerTime(_ slot: Int, atEngineTime time: Double) -> Double {
        var chain: [Int] = []
        var current = slot
        while current >= 0 {
            chain.append(current)
            current = Int(layers[current].parent)
        }
        var result = time
        for layer in chain.reversed() where !layers[layer].hasDefaultTiming {
            result = layerTiming(layer).localTime(atParentTime: result)
        }
        return result
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
