/// CAGradientLayer's properties with Core Animation's defaults and animatable flags (reference
/// core-animation-geometry.md §4.2), after CALayer's. The host draws the gradient from them
/// (read by the layer's handle); the render list carries no gradient data.
enum GradientLayerProperties {
    static let descriptors: [PropertyDescriptor] = [
        // The stop colours; empty (Core Animation's nil) by default. Animatable: arrays of the
        // same count interpolate colour by colour, others switch half way.
        PropertyDescriptor("colors", default: .colors([])),
        // The stops' positions in [0, 1]; empty (nil) for evenly spaced stops. Animatable, as
        // colors.
        PropertyDescriptor("locations", default: .numbers([])),
        // In the unit space of the bounds ((0, 0) the bottom-left corner, (1, 1) the top-right).
        PropertyDescriptor("startPoint", default: .point(x: 0.5, y: 0)),
        PropertyDescriptor("endPoint", default: .point(x: 0.5, y: 1)),
        // A `GradientType` raw value, 0...2; axial by default. [INFERRED] Core Animation keeps
        // an unknown type string; an integer outside the range is refused instead.
        PropertyDescriptor(
            "type", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(GradientType.allCases.count - 1), "a gradient type is 0 (axial) to 2 (conic)")),
    ]
}

/// CAGradientLayer's type (`kCAGradientLayer*`), as the integer the property holds.
public enum GradientType: Int64, CaseIterable, Sendable {
    /// `kCAGradientLayerAxial` (the default): along the line from startPoint to endPoint.
    case axial = 0
    /// `kCAGradientLayerRadial`: an ellipse centred on startPoint reaching endPoint.
    case radial = 1
    /// `kCAGradientLayerConic`: about startPoint, 0 degrees towards endPoint.
    case conic = 2
}
