/// An RGBA colour: a value of kind `color`, each component nominally in [0, 1], not
/// premultiplied (a CGColor in sRGB). Colours interpolate component by component.
public struct Color: Hashable, Sendable {
    /// The red component, nominally in [0, 1].
    public var red: Double
    /// The green component, nominally in [0, 1].
    public var green: Double
    /// The blue component, nominally in [0, 1].
    public var blue: Double
    /// The opacity, nominally in [0, 1] (0 transparent).
    public var alpha: Double

    /// A colour from its components.
    /// - Parameters:
    ///   - red: the red component, nominally in [0, 1].
    ///   - green: the green component, nominally in [0, 1].
    ///   - blue: the blue component, nominally in [0, 1].
    ///   - alpha: the opacity, nominally in [0, 1]; default 1 (opaque).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black (0, 0, 0, 0): what CALayer's nil `backgroundColor` reads as.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black (0, 0, 0, 1).
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white (1, 1, 1, 1).
    public static let white = Color(red: 1, green: 1, blue: 1)
}

extension Color {
    /// The colour in four slots (red, green, blue, alpha), as the engine stores it.
    /// - Parameter slots: four readable slots.
    @inlinable package init(slots: UnsafePointer<Double>) {
        self.init(red: slots[0], green: slots[1], blue: slots[2], alpha: slots[3])
    }
}
