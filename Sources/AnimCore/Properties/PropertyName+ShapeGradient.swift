// The typed names of CAShapeLayer's and CAGradientLayer's own properties (reference
// core-animation-geometry.md §4.1, §4.2), with their Swift types; a layer of another class
// throws `.unknownKey` for them (or stores them as undeclared keys when permissive).

extension PropertyName where T == Path {
    /// CAShapeLayer "path": the shape in the layer's space; default empty (no shape). Declared
    /// animatable, as Core Animation does; an animation of it is refused (`.wrongKind`) until
    /// path animations exist.
    public static var path: Self { Self("path") }
}

extension PropertyName where T == Color {
    /// CAShapeLayer "fillColor": default opaque black; animatable.
    public static var fillColor: Self { Self("fillColor") }
    /// CAShapeLayer "strokeColor": default transparent black, which stands for no stroke;
    /// animatable.
    public static var strokeColor: Self { Self("strokeColor") }
}

extension PropertyName where T == Double {
    /// CAShapeLayer "strokeStart": the fraction of the path's length where the stroke starts;
    /// default 0; kept as set (the host clamps to [0, 1]); animatable.
    public static var strokeStart: Self { Self("strokeStart") }
    /// CAShapeLayer "strokeEnd": where the stroke ends; default 1; kept as set; animatable.
    public static var strokeEnd: Self { Self("strokeEnd") }
    /// CAShapeLayer "lineWidth": points; default 1; animatable.
    public static var lineWidth: Self { Self("lineWidth") }
    /// CAShapeLayer "miterLimit": default 10; animatable.
    public static var miterLimit: Self { Self("miterLimit") }
    /// CAShapeLayer "lineDashPhase": points into the dash pattern; default 0; animatable.
    public static var lineDashPhase: Self { Self("lineDashPhase") }
}

extension PropertyName where T == Int64 {
    /// CAShapeLayer "fillRule": a `ShapeFillRule` raw value; default non-zero.
    public static var fillRule: Self { Self("fillRule") }
    /// CAShapeLayer "lineCap": a `ShapeLineCap` raw value; default butt.
    public static var lineCap: Self { Self("lineCap") }
    /// CAShapeLayer "lineJoin": a `ShapeLineJoin` raw value; default miter.
    public static var lineJoin: Self { Self("lineJoin") }
    /// CAGradientLayer "type": a `GradientType` raw value; default axial.
    public static var gradientType: Self { Self("type") }
}

extension PropertyName where T == [Double] {
    /// CAShapeLayer "lineDashPattern": dash and gap lengths in points; default empty (a solid
    /// line); not animatable.
    public static var lineDashPattern: Self { Self("lineDashPattern") }
    /// CAGradientLayer "locations": the stops' positions in [0, 1]; default empty (evenly
    /// spaced); declared animatable, refused (`.wrongKind`) until array animations exist.
    public static var locations: Self { Self("locations") }
}

extension PropertyName where T == [Color] {
    /// CAGradientLayer "colors": the stop colours; default empty (no gradient); declared
    /// animatable, refused (`.wrongKind`) until array animations exist.
    public static var colors: Self { Self("colors") }
}

extension PropertyName where T == Point {
    /// CAGradientLayer "startPoint": in the bounds' unit space; default (0.5, 0); animatable.
    public static var startPoint: Self { Self("startPoint") }
    /// CAGradientLayer "endPoint": default (0.5, 1); animatable.
    public static var endPoint: Self { Self("endPoint") }
}
