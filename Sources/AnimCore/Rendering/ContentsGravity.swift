/// How a layer's contents fill its bounds (CALayer `contentsGravity`; reference
/// core-animation-geometry.md §3.4), stored in the integer property "contentsGravity". "Top"
/// means maximum y and "bottom" minimum y, in the layer's own space, as in Core Animation.
public enum ContentsGravity: Int32, CaseIterable, Sendable {
    /// Stretched to the bounds (the default).
    case resize = 0
    /// Scaled to fit inside the bounds, aspect kept, centred.
    case resizeAspect = 1
    /// Scaled to cover the bounds, aspect kept, centred (overflowing unless clipped).
    case resizeAspectFill = 2
    /// Natural size, centred.
    case center = 3
    /// Natural size, centred at the maximum-y edge.
    case top = 4
    /// Natural size, centred at the minimum-y edge.
    case bottom = 5
    /// Natural size, at the minimum-x edge, centred vertically.
    case left = 6
    /// Natural size, at the maximum-x edge, centred vertically.
    case right = 7
    /// Natural size, at minimum x and maximum y.
    case topLeft = 8
    /// Natural size, at maximum x and maximum y.
    case topRight = 9
    /// Natural size, at minimum x and minimum y.
    case bottomLeft = 10
    /// Natural size, at maximum x and minimum y.
    case bottomRight = 11
}

/// The corners `cornerRadius` rounds (CALayer `maskedCorners`, CACornerMask's bits), stored in
/// the integer property "maskedCorners"; all four by default. MinY is the bottom in a y-up
/// space and the top on a y-down screen.
public struct CornerMask: OptionSet, Hashable, Sendable {
    /// The mask's bits, 0...15.
    public let rawValue: UInt32

    /// The corners of `rawValue`'s bits (bits beyond the four are kept, and refused when the
    /// mask is stored in a layer).
    /// - Parameter rawValue: a mask of 1, 2, 4 and 8.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// kCALayerMinXMinYCorner.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// kCALayerMaxXMinYCorner.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// kCALayerMinXMaxYCorner.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// kCALayerMaxXMaxYCorner.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// The four corners (the default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

extension ContentsGravity: PropertyValue {
    /// `.integer`: the layer's `contentsGravity` property holds a gravity's raw value.
    public static var valueKind: ValueKind { .integer }
    /// `.integer` of the raw value.
    public var value: Value { .integer(Int64(rawValue)) }
    /// The gravity whose raw value an integer value holds.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an integer holding a gravity's raw value (0 to 11).
    public init?(value: Value) {
        guard let number = value.integer, let raw = Int32(exactly: number), let gravity = ContentsGravity(rawValue: raw) else {
            return nil
        }
        self = gravity
    }
}

extension CornerMask: PropertyValue {
    /// `.integer`: the layer's `maskedCorners` property holds the mask's bits.
    public static var valueKind: ValueKind { .integer }
    /// `.integer` of the bits.
    public var value: Value { .integer(Int64(rawValue)) }
    /// The mask an integer value holds.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an integer from 0 to 15.
    public init?(value: Value) {
        guard let number = value.integer, (0...15).contains(number) else { return nil }
        self.init(rawValue: UInt32(number))
    }
}
