/// A layer class handle: a built-in class (`LayerClassID.layer`, raw value 0, `.textLayer` 1,
/// `.replicatorLayer` 2, `.transformLayer` 3, `.shapeLayer` 4, `.gradientLayer` 5: the same in
/// every engine) or a class declared in one engine (the C API's `ac_class`; layout and bound in
/// `Handle`). A class of another engine or a made-up value is refused (`.badHandle`).
public struct LayerClassID: Hashable, Sendable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The built-in layer class, CALayer.
    public static let layer = LayerClassID(rawValue: 0)
    /// CATextLayer: fontSize, foregroundColor, string, font, alignmentMode, truncationMode,
    /// wrapped, allowsFontSubpixelQuantization.
    public static let textLayer = LayerClassID(rawValue: 1)
    /// CAReplicatorLayer: its sublayers drawn once per instance (instanceCount,
    /// instanceDelay, instanceTransform, instanceColor and its offsets, preservesDepth).
    public static let replicatorLayer = LayerClassID(rawValue: 2)
    /// CATransformLayer: only its sublayers are drawn, kept in 3D and depth sorted.
    public static let transformLayer = LayerClassID(rawValue: 3)
    /// CAShapeLayer: path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd,
    /// lineWidth, miterLimit, lineCap, lineJoin, lineDashPhase, lineDashPattern. The host draws
    /// the shape from the layer's values.
    public static let shapeLayer = LayerClassID(rawValue: 4)
    /// CAGradientLayer: colors, locations, startPoint, endPoint, type. The host draws the
    /// gradient from the layer's values.
    public static let gradientLayer = LayerClassID(rawValue: 5)

    /// The most instances a replicator draws, alone or with the replicators it is nested in
    /// (the product of their counts): 2^20. A model instanceCount above it is refused
    /// (`.outOfRange`); an animated count is clamped to it, and a nested replicator draws only
    /// as many instances as keep the product within it (`RenderEntry.Flags.instancesClamped`).
    /// [INFERRED] Core Animation sets no documented limit; this one keeps a render list within
    /// the memory a host can hold.
    public static let maxReplicatorInstances = 1 << 20

    /// Whether this is a built-in class's handle (the same in every engine).
    public var isBuiltIn: Bool { rawValue < UInt64(BuiltInClass.table.count) }

    /// The class's index in its engine's table (the built-in classes first, by handle); meaningful only for
    /// a handle the engine has checked.
    var index: Int { Int(rawValue & Handle.indexMask) }

    /// The handle of the class declared at `index` with `stamp`.
    init(index: Int, stamp: UInt64) {
        self.init(rawValue: Handle.make(kind: .layerClass, stamp: stamp, index: index))
    }
}
