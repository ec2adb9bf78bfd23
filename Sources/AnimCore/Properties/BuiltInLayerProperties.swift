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
        // LayerGeometry.sublayerMatrix(sublayerTransform:)).
        PropertyDescriptor("geometryFlipped", default: .bool(false), animatable: false),
        // What a renderer needs beyond CALayer's first properties (reference
        // core-animation-geometry.md §3), appended for the same reason; read by the render list.
        // The corners cornerRadius rounds: a `CornerMask` raw value, 0...15; all four by default.
        PropertyDescriptor("maskedCorners", default: .integer(15), animatable: false),
        // How contents fill the bounds: a `ContentsGravity` raw value, 0...11; resize by default.
        PropertyDescriptor("contentsGravity", default: .integer(0), animatable: false),
        // Pixels per point of the contents, > 0. [INFERRED] Not animatable: a spring's overshoot
        // could take it through 0, which no renderer can divide by.
        PropertyDescriptor("contentsScale", default: .scalar(1), animatable: false),
        // Whether opacity below 1 composites the layer and its subtree as one group (CALayer.h:
        // true since iOS 7; not animatable).
        PropertyDescriptor("allowsGroupOpacity", default: .bool(true), animatable: false),
        // The stretchable centre of the contents (nine-slice), in unit coordinates; animatable.
        PropertyDescriptor("contentsCenter", default: .rect(x: 0, y: 0, width: 1, height: 1)),
    ]

    /// The properties a render list entry's fields before its drawing fields are read from
    /// (`EngineState.geometry(of:)`, opacity, hidden and the flags read with them), which every
    /// fill reads.
    static let entryFrontReads: [Int] = Array(Index.bounds...Index.hidden)
        + [Index.masksToBounds, Index.doubleSided, Index.geometryFlipped, Index.allowsGroupOpacity]

    /// The order of CALayer's model slots in a layer's row (`LayerClass.init`): `entryFrontReads`
    /// first, so that they share as few cache lines as possible; the others in declaration
    /// order.
    static let storageOrder: [Int] = entryFrontReads + descriptors.indices.filter { !entryFrontReads.contains($0) }

    /// Property indexes in every layer class (inherited properties come first, in this order).
    enum Index {
        static let bounds = 0
        static let position = 1
        static let zPosition = 2
        static let anchorPoint = 3
        static let anchorPointZ = 4
        static let transform = 5
        static let sublayerTransform = 6
        static let opacity = 7
        static let hidden = 8
        static let backgroundColor = 9
        static let borderColor = 10
        static let borderWidth = 11
        static let cornerRadius = 12
        static let shadowColor = 13
        static let shadowOpacity = 14
        static let shadowOffset = 15
        static let shadowRadius = 16
        static let contentsRect = 17
        static let contents = 18
        static let masksToBounds = 19
        static let doubleSided = 20
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
        static let maskedCorners = 31
        static let contentsGravity = 32
        static let contentsScale = 33
        static let allowsGroupOpacity = 34
        static let contentsCenter = 35
        /// The timing properties, which decide the layer's time space.
        static let timing = beginTime...fillMode
        /// The rendering properties with a range of their own (kept adjacent above, so that
        /// this range holds exactly them).
        static let ranged = maskedCorners...contentsScale

        /// Whether a value of `property` has checks beyond being finite
        /// (`EngineState.checkModelValue`): the timing properties and the ranged ones.
        @inline(__always)
        static func hasRange(_ property: Int) -> Bool {
            timing.contains(property) || ranged.contains(property)
        }
    }
}
