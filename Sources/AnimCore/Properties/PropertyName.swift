/// A property name, or a key path into a property's value, with the Swift type of its values:
/// `PropertyName<Point>.position`, `PropertyName<Double>.opacity`, or one of a class's own
/// properties, `let radius = PropertyName<Double>("radius")`.
///
/// Layers read and write values by typed name (`try layer.value(.position)`,
/// `try layer.setValue(Point(x: 10, y: 20), for: .position)`, `try layer[.opacity]`), classes
/// declare their properties with one (`PropertyDescriptor(radius, default: 10)`), and
/// animations target one (`Animation.basic(.opacity, to: 0)`). The name is checked by the
/// engine when it is used: an unknown key path throws `.unknownKey`, a type that does not match
/// the property's kind `.wrongKind`.
///
/// Key paths into values (Core Animation's "KVC extensions for structures") have the
/// component's type: `PropertyName<Double>("position.x")`,
/// `PropertyName<Size>("bounds.size")`, `PropertyName<Double>("transform.rotation.z")`.
public struct PropertyName<T: PropertyValue>: Hashable, Sendable, CustomStringConvertible {
    /// The property's name or key path, as the engine and the C API spell it ("position",
    /// "position.x", "radius").
    public let keyPath: String

    /// A typed name for `keyPath`.
    /// - Parameter keyPath: a property name ("radius") or a key path into a property's value
    ///   ("position.x"); `T` must be the Swift type of the values found there.
    public init(_ keyPath: String) {
        self.keyPath = keyPath
    }

    /// The key path.
    public var description: String { keyPath }
}

// The built-in layer class's properties (CALayer's), with their Swift types. Boolean
// properties take CALayer's Swift names (`isHidden` for the key "hidden").

extension PropertyName where T == Rect {
    /// "bounds": the layer's own coordinate space; default (0, 0, 0, 0).
    public static var bounds: Self { Self("bounds") }
    /// "contentsRect": the part of `contents` shown, in unit coordinates; default (0, 0, 1, 1).
    public static var contentsRect: Self { Self("contentsRect") }
    /// "contentsCenter": the stretchable centre of the contents (nine-slice), in unit
    /// coordinates; default (0, 0, 1, 1).
    public static var contentsCenter: Self { Self("contentsCenter") }
    /// "frame": the layer's rectangle in its superlayer, computed from `position`, `bounds`
    /// and `anchorPoint` (setting it sets `position` and `bounds`, each with its action).
    public static var frame: Self { Self("frame") }
}

extension PropertyName where T == Point {
    /// "position": where the anchor point lies in the superlayer; default (0, 0).
    public static var position: Self { Self("position") }
    /// "anchorPoint": the point of `bounds` placed at `position`, in unit coordinates;
    /// default (0.5, 0.5).
    public static var anchorPoint: Self { Self("anchorPoint") }
}

extension PropertyName where T == Double {
    /// "zPosition": the layer's position on the z axis; default 0.
    public static var zPosition: Self { Self("zPosition") }
    /// "anchorPointZ": the anchor point's z coordinate; default 0.
    public static var anchorPointZ: Self { Self("anchorPointZ") }
    /// "opacity": in [0, 1]; default 1.
    public static var opacity: Self { Self("opacity") }
    /// "borderWidth": default 0.
    public static var borderWidth: Self { Self("borderWidth") }
    /// "cornerRadius": default 0.
    public static var cornerRadius: Self { Self("cornerRadius") }
    /// "contentsScale": pixels of the contents per point, > 0; default 1. Not animatable.
    public static var contentsScale: Self { Self("contentsScale") }
    /// "shadowOpacity": in [0, 1]; default 0.
    public static var shadowOpacity: Self { Self("shadowOpacity") }
    /// "shadowRadius": the shadow's blur radius; default 3.
    public static var shadowRadius: Self { Self("shadowRadius") }
    /// "beginTime": the layer's own begin time in its parent's time (seconds); default 0. Not
    /// animatable.
    public static var beginTime: Self { Self("beginTime") }
    /// "duration": the layer's own duration (seconds); default infinity. Not animatable.
    public static var duration: Self { Self("duration") }
    /// "speed": the layer's time per parent time; default 1 (0 pauses the subtree). Not
    /// animatable.
    public static var speed: Self { Self("speed") }
    /// "timeOffset": added to the layer's local time (seconds); default 0. Not animatable.
    public static var timeOffset: Self { Self("timeOffset") }
    /// "repeatCount": default 0. Not animatable.
    public static var repeatCount: Self { Self("repeatCount") }
    /// "repeatDuration": seconds; default 0. Not animatable.
    public static var repeatDuration: Self { Self("repeatDuration") }
}

extension PropertyName where T == Transform3D {
    /// "transform": applied to the layer about its anchor point; default identity.
    public static var transform: Self { Self("transform") }
    /// "sublayerTransform": applied to the sublayers; default identity.
    public static var sublayerTransform: Self { Self("sublayerTransform") }
}

extension PropertyName where T == Bool {
    /// "hidden": default false.
    public static var isHidden: Self { Self("hidden") }
    /// "masksToBounds": default false.
    public static var masksToBounds: Self { Self("masksToBounds") }
    /// "doubleSided": default true.
    public static var isDoubleSided: Self { Self("doubleSided") }
    /// "geometryFlipped": mirrors the sublayers' geometry vertically about the bounds' mid-line
    /// (see `Layer.contentsAreFlipped()`); default false. Not animatable.
    public static var isGeometryFlipped: Self { Self("geometryFlipped") }
    /// "allowsGroupOpacity": opacity below 1 composites the layer and its subtree as one group
    /// (see `RenderEntry.Flags.opacityGroup`); default true. Not animatable.
    public static var allowsGroupOpacity: Self { Self("allowsGroupOpacity") }
    /// "needsDisplayOnBoundsChange": default false. Not animatable.
    public static var needsDisplayOnBoundsChange: Self { Self("needsDisplayOnBoundsChange") }
    /// "autoreverses": the layer's own timing plays forward then back; default false. Not
    /// animatable.
    public static var autoreverses: Self { Self("autoreverses") }
}

extension PropertyName where T == Color {
    /// "backgroundColor": default transparent black (CALayer's nil).
    public static var backgroundColor: Self { Self("backgroundColor") }
    /// "borderColor": default opaque black.
    public static var borderColor: Self { Self("borderColor") }
    /// "shadowColor": default opaque black.
    public static var shadowColor: Self { Self("shadowColor") }
}

extension PropertyName where T == Size {
    /// "shadowOffset": default (0, −3).
    public static var shadowOffset: Self { Self("shadowOffset") }
}

extension PropertyName where T == Token {
    /// "contents": the host's image (an opaque token); default `Token.none`.
    public static var contents: Self { Self("contents") }
}

extension PropertyName where T == ContentsGravity {
    /// "contentsGravity": how the contents fill the bounds; default `.resize`. Not animatable.
    public static var contentsGravity: Self { Self("contentsGravity") }
}

extension PropertyName where T == CornerMask {
    /// "maskedCorners": the corners cornerRadius rounds; default `.all`. Not animatable.
    public static var maskedCorners: Self { Self("maskedCorners") }
}

extension PropertyName where T == FillMode {
    /// "fillMode": the layer's own fill mode; default `.removed`. Not animatable.
    public static var fillMode: Self { Self("fillMode") }
}
