/// The built-in layer class's properties (CALayer's), with Core Animation's defaults.
///
/// Colours are RGBA; a transparent black stands for CALayer's nil backgroundColor. The layer's
/// own CAMediaTiming properties are properties too (set with the same calls); they are not
/// animatable, and `fillMode` is an integer holding a `FillMode` raw value.
enum BuiltInLayerProperties {
    /// The class name of the built-in layer class.
    static let className = "CALayer"

    static let descriptors: [PropertyDescriptor] = [
        PropertyDescriptor("bounds", default: .rect(x: 0, y: 0, width: 0, height: 0)),
        PropertyDescriptor("position", default: .point(x: 0, y: 0)),
        PropertyDescriptor("zPosition", default: .scalar(0)),
        PropertyDescriptor("anchorPoint", default: .point(x: 0.5, y: 0.5)),
        PropertyDescriptor("anchorPointZ", default: .scalar(0)),
        PropertyDescriptor("transform", default: .transform3D(.identity)),
        PropertyDescriptor("sublayerTransform", default: .transform3D(.identity)),
        PropertyDescriptor("opacity", default: .scalar(1)),
        PropertyDescriptor("hidden", default: .bool(false)),
        PropertyDescriptor("backgroundColor", default: .color(red: 0, green: 0, blue: 0, alpha: 0)),
        PropertyDescriptor("borderColor", default: .color(red: 0, green: 0, blue: 0, alpha: 1)),
        PropertyDescriptor("borderWidth", default: .scalar(0)),
        PropertyDescriptor("cornerRadius", default: .scalar(0)),
        PropertyDescriptor("shadowColor", default: .color(red: 0, green: 0, blue: 0, alpha: 1)),
        PropertyDescriptor("shadowOpacity", default: .scalar(0)),
        PropertyDescriptor("shadowOffset", default: .size(width: 0, height: -3)),
        PropertyDescriptor("shadowRadius", default: .scalar(3)),
        PropertyDescriptor("contentsRect", default: .rect(x: 0, y: 0, width: 1, height: 1)),
        PropertyDescriptor("contents", default: .token(0)),
        PropertyDescriptor("masksToBounds", default: .bool(false)),
        PropertyDescriptor("doubleSided", default: .bool(true)),
        PropertyDescriptor("needsDisplayOnBoundsChange", default: .bool(false), animatable: false),
        // The layer's own CAMediaTiming (CALayer's defaults: duration is infinite).
        PropertyDescriptor("beginTime", default: .scalar(0), animatable: false),
        PropertyDescriptor("duration", default: .scalar(.infinity), animatable: false),
        PropertyDescriptor("speed", default: .scalar(1), animatable: false),
        PropertyDescriptor("timeOffset", default: .scalar(0), animatable: false),
        PropertyDescriptor("repeatCount", default: .scalar(0), animatable: false),
        PropertyDescriptor("repeatDuration", default: .scalar(0), animatable: false),
        PropertyDescriptor("autoreverses", default: .bool(false), animatable: false),
        PropertyDescriptor("fillMode", default: .integer(0), animatable: false),
        // Appended after the timing properties, so that the indexes before it stay as they were.
        // Flips the layer's sublayer geometry vertically (CALayer.h: not animatable; see
        // LayerGeometry.sublayerMatrix).
        PropertyDescriptor("geometryFlipped", default: .bool(false), animatable: false),
    ]

    /// Property indexes in every layer class (inherited properties come first, in this order).
    enum Index {
        static let bounds = 0
        static let position = 1
        static let zPosition = 2
        static let anchorPoint = 3
        static let anchorPointZ = 4
        static let transform = 5
        static let sublayerTransform = 6
        static let hidden = 8
        static let masksToBounds = 19
        static let needsDisplayOnBoundsChange = 21
        static let beginTime = 22
        static let duration = 23
        static let speed = 24
        static let timeOffset = 25
        static let repeatCount = 26
        static let repeatDuration = 27
        static let autoreverses = 28
        static let fillMode = 29
        static let geometryFlipped = 30
        /// The timing properties, which decide the layer's time space.
        static let timing = beginTime...fillMode
    }
}
