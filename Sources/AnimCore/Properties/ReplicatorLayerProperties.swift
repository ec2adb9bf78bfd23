/// CAReplicatorLayer's properties with Core Animation's defaults (reference
/// core-animation-geometry.md §5.1), after CALayer's. The render list draws a replicator's
/// sublayers once per instance with them (`EngineState+Replicas.swift`).
enum ReplicatorLayerProperties {
    /// `LayerClassID.maxReplicatorInstances`, as the integer the count holds.
    static let maxInstances = Int64(LayerClassID.maxReplicatorInstances)

    /// The instance delays a replicator takes: within ±10^6 s, so that the time shifts of any
    /// nesting (at most `maxInstances` instances in all) stay within the engine's time limits.
    /// [INFERRED] Core Animation sets no documented limit.
    static let delayRange = PropertyRange(-1e6...1e6, "an instance delay is -1e6 to 1e6 seconds")

    static let descriptors: [PropertyDescriptor] = [
        // Copies drawn, the sublayers themselves included; 0 draws none. Animatable (integers
        // interpolate and round).
        PropertyDescriptor(
            "instanceCount", default: .integer(1),
            range: PropertyRange(0...maxInstances, "an instance count is 0 to \(maxInstances)")),
        // Seconds between instances: instance k sees its sublayers' time shifted by k × delay.
        PropertyDescriptor("instanceDelay", default: .scalar(0), range: delayRange),
        // Applied to instance k − 1 to make instance k, about the replicator's bounds centre.
        PropertyDescriptor("instanceTransform", default: .transform3D(.identity)),
        // Multiplies instance 0's colours; the offsets add to it per instance.
        PropertyDescriptor("instanceColor", default: .color(red: 1, green: 1, blue: 1, alpha: 1)),
        PropertyDescriptor("instanceRedOffset", default: .scalar(0)),
        PropertyDescriptor("instanceGreenOffset", default: .scalar(0)),
        PropertyDescriptor("instanceBlueOffset", default: .scalar(0)),
        PropertyDescriptor("instanceAlphaOffset", default: .scalar(0)),
        // Whether the sublayers keep their 3D, as a transform layer's do.
        PropertyDescriptor("preservesDepth", default: .bool(false), animatable: false),
    ]

    /// Property indexes in CAReplicatorLayer and its subclasses.
    enum Index {
        static let instanceCount = BuiltInLayerProperties.descriptors.count
        static let instanceDelay = instanceCount + 1
        static let instanceTransform = instanceCount + 2
        static let instanceColor = instanceCount + 3
        static let instanceRedOffset = instanceCount + 4
        static let instanceGreenOffset = instanceCount + 5
        static let instanceBlueOffset = instanceCount + 6
        static let instanceAlphaOffset = instanceCount + 7
        static let preservesDepth = instanceCount + 8
    }
}
