/// CAShapeLayer's properties with Core Animation's defaults and animatable flags (reference
/// core-animation-geometry.md §4.1), after CALayer's. The host draws the shape from them (read
/// by the layer's handle); the render list carries no shape data.
enum ShapeLayerProperties {
    static let descriptors: [PropertyDescriptor] = [
        // The shape, in the layer's coordinate space; empty (Core Animation's NULL) by default.
        // Animatable: paths of the same element types interpolate point by point
        // (`VariableInterpolation`), others switch half way.
        PropertyDescriptor("path", default: .path(Path())),
        PropertyDescriptor("fillColor", default: .color(red: 0, green: 0, blue: 0, alpha: 1)),
        // A `ShapeFillRule` raw value, 0...1; non-zero by default.
        PropertyDescriptor(
            "fillRule", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(ShapeFillRule.allCases.count - 1), "a fill rule is 0 (non-zero) or 1 (even-odd)")),
        // Transparent black stands for Core Animation's nil: no stroke.
        PropertyDescriptor("strokeColor", default: .color(red: 0, green: 0, blue: 0, alpha: 0)),
        // Fractions of the path's length. [INFERRED] Kept as set (Core Animation stores any
        // value and clamps to [0, 1] when drawing; a spring may overshoot): the host clamps.
        PropertyDescriptor("strokeStart", default: .scalar(0)),
        PropertyDescriptor("strokeEnd", default: .scalar(1)),
        // Points. [INFERRED] Kept as set, negative too: Core Animation documents no range.
        PropertyDescriptor("lineWidth", default: .scalar(1)),
        PropertyDescriptor("miterLimit", default: .scalar(10)),
        // A `ShapeLineCap` raw value, 0...2; butt by default.
        PropertyDescriptor(
            "lineCap", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(ShapeLineCap.allCases.count - 1), "a line cap is 0 (butt) to 2 (square)")),
        // A `ShapeLineJoin` raw value, 0...2; miter by default.
        PropertyDescriptor(
            "lineJoin", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(ShapeLineJoin.allCases.count - 1), "a line join is 0 (miter) to 2 (bevel)")),
        // Points.
        PropertyDescriptor("lineDashPhase", default: .scalar(0)),
        // Dash and gap lengths in points; empty (Core Animation's nil) for a solid line. Not
        // marked animatable in Core Animation's header.
        PropertyDescriptor("lineDashPattern", default: .numbers([]), animatable: false),
    ]
}

/// CAShapeLayer's fillRule (`kCAFillRule*`), as the integer the property holds.
public enum ShapeFillRule: Int64, CaseIterable, Sendable {
    /// `kCAFillRuleNonZero` (the default).
    case nonZero = 0
    /// `kCAFillRuleEvenOdd`.
    case evenOdd = 1
}

/// CAShapeLayer's lineCap (`kCALineCap*`), as the integer the property holds.
public enum ShapeLineCap: Int64, CaseIterable, Sendable {
    /// `kCALineCapButt` (the default).
    case butt = 0
    /// `kCALineCapRound`.
    case round = 1
    /// `kCALineCapSquare`.
    case square = 2
}

/// CAShapeLayer's lineJoin (`kCALineJoin*`), as the integer the property holds.
public enum ShapeLineJoin: Int64, CaseIterable, Sendable {
    /// `kCALineJoinMiter` (the default).
    case miter = 0
    /// `kCALineJoinRound`.
    case round = 1
    /// `kCALineJoinBevel`.
    case bevel = 2
}
