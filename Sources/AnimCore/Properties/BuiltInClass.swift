/// Core Animation's built-in layer classes, each one entry of `BuiltInClass.table`: its name,
/// its fixed handle (its index in the table and in every engine's class table, the same in
/// every engine), its superclass, the properties it adds, and the render role its layers (and
/// those of its subclasses) play in the render list.
///
/// Adding a class is one entry at the end of `table` (its handle is its index; existing handles
/// never move) and the list of its properties; a `LayerClassID` constant and the C header's
/// `AC_CLASS_*` give it its names on the surfaces.
struct BuiltInClass {
    /// The class name Core Animation uses ("CATextLayer").
    let name: String
    /// The superclass's table index; nil for CALayer alone.
    let superclass: Int?
    /// The properties the class adds to its superclass's, in declaration order.
    let properties: [PropertyDescriptor]
    /// How its layers take part in the render list.
    let role: LayerRenderRole
    /// The order its properties' model slots take in a layer's row (`LayerClass.init`); nil:
    /// declaration order.
    var storageOrder: [Int]? = nil

    /// The built-in classes, by handle. Index 0 is CALayer, the root of every class.
    static let table: [BuiltInClass] = [
        BuiltInClass(
            name: BuiltInLayerProperties.className, superclass: nil,
            properties: BuiltInLayerProperties.descriptors, role: .plain, storageOrder: BuiltInLayerProperties.storageOrder),
        BuiltInClass(name: "CATextLayer", superclass: 0, properties: TextLayerProperties.descriptors, role: .plain),
        BuiltInClass(
            name: "CAReplicatorLayer", superclass: 0, properties: ReplicatorLayerProperties.descriptors, role: .replicator),
        BuiltInClass(name: "CATransformLayer", superclass: 0, properties: [], role: .transformLayer),
        BuiltInClass(name: "CAShapeLayer", superclass: 0, properties: ShapeLayerProperties.descriptors, role: .plain),
        BuiltInClass(name: "CAGradientLayer", superclass: 0, properties: GradientLayerProperties.descriptors, role: .plain),
    ]
}

/// What a layer class's layers are to the render list (reference core-animation-geometry.md
/// §1.5, §5); subclasses inherit their superclass's role.
enum LayerRenderRole: UInt8 {
    /// Drawn as CALayer is.
    case plain
    /// CAReplicatorLayer: its sublayers are drawn once per instance.
    case replicator
    /// CATransformLayer: only its sublayers are drawn, kept in 3D.
    case transformLayer
}
