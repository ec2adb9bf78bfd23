/// The one walk from the root down to a layer that gives its local time: each layer maps its
/// parent's time with `(parent − beginTime) × speed + timeOffset` (a layer with the default
/// timing passes it through). Each layer's time is cached under a stamp, so a tick computes
/// every layer's time once however many animated layers share its ancestors; iterative, so a
/// tree may be arbitrarily deep.
enum LayerTimeWalk {
    /// The time of the layer in `slot` at `engineTime`, using and filling the cache of `stamp`
    /// (a stamp the cache has not seen computes from the root). `ancestors` is scratch, empty
    /// on entry and on return.
    @inline(__always)
    static func time(
        of slot: Int, layers: UnsafeMutablePointer<LayerRecord>, clocks: UnsafeMutablePointer<LayerClock>, engineTime: Double,
        stamp: UInt64, ancestors: inout [Int32]
    ) -> Double {
        // The common case: a root layer with default timing runs on engine time (nothing to
        // cache, so its record is only read).
        if layers[slot].parent < 0 && layers[slot].hasDefaultTiming { return engineTime }
        if layers[slot].timeStamp == stamp { return layers[slot].cachedTime }
        // A layer whose parent's time is known (a root, or a sibling's walk cached it): one step.
        let parent = Int(layers[slot].parent)
        if parent < 0 || layers[parent].timeStamp == stamp {
            let parentTime = parent < 0 ? engineTime : layers[parent].cachedTime
            return step(slot, from: parentTime, layers: layers, clocks: clocks, stamp: stamp)
        }
        // The uncached layers from `slot` up, then their times from the top down (`ancestors`
        // is left empty, with its capacity: emptied by `popLast`, which costs nothing more).
        var current = slot
        while current >= 0 && layers[current].timeStamp != stamp {
            ancestors.append(Int32(current))
            current = Int(layers[current].parent)
        }
        var time = current >= 0 ? layers[current].cachedTime : engineTime
        while let layer = ancestors.popLast() {
            time = step(Int(layer), from: time, layers: layers, clocks: clocks, stamp: stamp)
        }
        return time
    }

    /// The time of the layer in `slot` given its parent's, `parentTime`, cached under `stamp`
    /// (`localTime(of:fromParentTime:layers:clocks:)`).
    @inline(__always)
    static func step(
        _ slot: Int, from parentTime: Double, layers: UnsafeMutablePointer<LayerRecord>, clocks: UnsafeMutablePointer<LayerClock>,
        stamp: UInt64
    ) -> Double {
        let time = localTime(of: slot, fromParentTime: parentTime, layers: layers, clocks: clocks)
        layers[slot].timeStamp = stamp
        layers[slot].cachedTime = time
        return time
    }

    /// The walk's answer for a layer with timing of its own whose superlayers all have the
    /// default timing (they pass engine time through unchanged): its clock's mapping of
    /// `engineTime`, uncached. The steady lane computes it where it samples an entry
    /// (`SteadyEntry.timeLayerStepsFromEngineTime`).
    @inline(__always)
    static func timeUnderEngineTime(of slot: Int, engineTime: Double, clocks: UnsafePointer<LayerClock>) -> Double {
        clocks[slot].localTime(atParentTime: engineTime)
    }

    /// The time of the layer in `slot` given its parent's, `parentTime`, uncached: its clock's
    /// mapping, or the parent's time itself for the default timing.
    @inline(__always)
    static func localTime(
        of slot: Int, fromParentTime parentTime: Double, layers: UnsafeMutablePointer<LayerRecord>,
        clocks: UnsafeMutablePointer<LayerClock>
    ) -> Double {
        layers[slot].hasDefaultTiming ? parentTime : clocks[slot].localTime(atParentTime: parentTime)
    }
}

extension EvaluationContext {
    /// The layer's time at this tick (the tick's stamp caches it for the other layers).
    @inline(__always)
    func layerTime(_ slot: Int, engineTime: Double, stamp: UInt64, ancestors: inout [Int32]) -> Double {
        LayerTimeWalk.time(of: slot, layers: layers, clocks: clocks, engineTime: engineTime, stamp: stamp, ancestors: &ancestors)
    }
}
