/// CATextLayer's properties with Core Animation's defaults (reference
/// core-animation-geometry.md §4.3), after CALayer's. The text itself, its font, alignment and
/// truncation are plain values the host draws with; only fontSize and foregroundColor animate.
enum TextLayerProperties {
    static let descriptors: [PropertyDescriptor] = [
        // Points; animatable.
        PropertyDescriptor("fontSize", default: .scalar(36)),
        PropertyDescriptor("foregroundColor", default: .color(red: 1, green: 1, blue: 1, alpha: 1)),
        // The host's string (a token, as contents is); 0 for none (Core Animation's nil).
        PropertyDescriptor("string", default: .token(0), animatable: false),
        // The host's font (a token); 0 for the host's default font. [INFERRED] Core Animation's
        // default is Helvetica, which a token cannot name: the host picks its own default.
        PropertyDescriptor("font", default: .token(0), animatable: false),
        // A `TextAlignmentMode` raw value, 0...4; natural by default.
        PropertyDescriptor(
            "alignmentMode", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(TextAlignmentMode.allCases.count - 1), "an alignment mode is 0 (natural) to 4 (justified)")),
        // A `TextTruncationMode` raw value, 0...3; none by default.
        PropertyDescriptor(
            "truncationMode", default: .integer(0), animatable: false,
            range: PropertyRange(0...Int64(TextTruncationMode.allCases.count - 1), "a truncation mode is 0 (none) to 3 (middle)")),
        // Whether the text wraps to the bounds (CATextLayer's `wrapped`).
        PropertyDescriptor("wrapped", default: .bool(false), animatable: false),
        PropertyDescriptor("allowsFontSubpixelQuantization", default: .bool(false), animatable: false),
    ]

    /// Property indexes in CATextLayer and its subclasses.
    enum Index {
        static let fontSize = BuiltInLayerProperties.descriptors.count
        static let foregroundColor = fontSize + 1
        static let string = fontSize + 2
        static let font = fontSize + 3
        static let alignmentMode = fontSize + 4
        static let truncationMode = fontSize + 5
        static let wrapped = fontSize + 6
        static let allowsFontSubpixelQuantization = fontSize + 7
    }
}

/// CATextLayer's alignmentMode (`kCAAlignment*`), as the integer the property holds.
public enum TextAlignmentMode: Int64, CaseIterable, Sendable {
    /// `kCAAlignmentNatural`: the script's natural alignment (the default).
    case natural = 0
    /// `kCAAlignmentLeft`.
    case left = 1
    /// `kCAAlignmentRight`.
    case right = 2
    /// `kCAAlignmentCenter`.
    case center = 3
    /// `kCAAlignmentJustified`.
    case justified = 4
}

/// CATextLayer's truncationMode (`kCATruncation*`), as the integer the property holds.
public enum TextTruncationMode: Int64, CaseIterable, Sendable {
    /// `kCATruncationNone` (the default).
    case none = 0
    /// `kCATruncationStart`.
    case start = 1
    /// `kCATruncationEnd`.
    case end = 2
    /// `kCATruncationMiddle`.
    case middle = 3
}
