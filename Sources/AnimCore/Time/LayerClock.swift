/// What a layer's time takes from its parent's: its timing's beginTime, speed and timeOffset
/// (`MediaTiming.localTime(atParentTime:)`; a layer's own duration and repeats do not change
/// its sublayers' time). A copy of its model row's timing, kept in `EngineState.clocks` beside
/// its record and written only by `refreshTimingCopies` (when the layer is made and when a
/// timing property changes), so that the walk of layer times reads 24 bytes of a dense array,
/// not a cache line of each row.
struct LayerClock: Equatable {
    var beginTime = 0.0
    var speed = 1.0
    var timeOffset = 0.0

    /// The default timing's: the parent's time passes unchanged.
    init() {}

    /// The mapping of `timing`.
    init(_ timing: MediaTiming) {
        beginTime = timing.beginTime
        speed = timing.speed
        timeOffset = timing.timeOffset
    }

    /// The layer's time at its parent's time `parentTime` (`MediaTiming.layerTime`: held
    /// within ±`MediaTiming.Limits.time`).
    @inline(__always)
    func localTime(atParentTime parentTime: Double) -> Double {
        MediaTiming(beginTime: beginTime, speed: speed, timeOffset: timeOffset).layerTime(atParentTime: parentTime)
    }
}
