/// Layer time: each layer's local time is its superlayer's time through its own timing
/// properties (`beginTime`, `speed`, `timeOffset`, ...), from the engine's time at the root.
extension Layer {
    /// The layer's local time now, at the engine's current time (CALayer
    /// `convertTime(CACurrentMediaTime(), from: nil)`).
    ///
    /// C: `ac_layer_local_time`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public var localTime: Double {
        get throws(AnimCoreError) { try engine.localTime(of: id) }
    }

    /// A time in another layer's time space (or absolute time) converted to this layer's
    /// (CALayer `convertTime(_:from:)`), through the two layers' common ancestor.
    ///
    /// C: `ac_layer_convert_time`.
    /// - Parameters:
    ///   - time: seconds in `source`'s time space; within ±1e15.
    ///   - source: a layer of the same engine; nil for absolute (engine) time.
    /// - Returns: the same instant in this layer's local time.
    /// - Throws: `.notFinite` for a NaN or infinite time, `.outOfRange` for one beyond ±1e15,
    ///   `.notInvertible` when a speed of 0 on the way makes the conversion impossible,
    ///   `.badHandle` for a destroyed layer or one of another engine, `.invalidState` once the
    ///   engine is invalidated.
    public func convertTime(_ time: Double, from source: Layer?) throws(AnimCoreError) -> Double {
        try engine.convertTime(time, from: source.map { (source) throws(AnimCoreError) in try handle(of: source, "source") }, to: id)
    }

    /// A time in this layer's time space converted to another layer's (or to absolute time)
    /// (CALayer `convertTime(_:to:)`).
    ///
    /// C: `ac_layer_convert_time`.
    /// - Parameters:
    ///   - time: seconds in this layer's local time; within ±1e15.
    ///   - destination: a layer of the same engine; nil for absolute (engine) time.
    /// - Returns: the same instant in `destination`'s time space.
    /// - Throws: as `convertTime(_:from:)`.
    public func convertTime(_ time: Double, to destination: Layer?) throws(AnimCoreError) -> Double {
        try engine.convertTime(time, from: id, to: destination.map { (destination) throws(AnimCoreError) in try handle(of: destination, "destination") })
    }
}
