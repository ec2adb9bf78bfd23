/// A Swift type that stands for one kind of property value and converts to and from `Value`:
/// `Double` (scalar), `Point`, `Size`, `Rect`, `Vector3`, `Color`, `AffineTransform`,
/// `Transform3D`, `Bool`, `Int64` (integer), `Token` and `FillMode` (an integer holding a
/// fill mode's raw value, as the layer's `fillMode` property does), `Path`, `[Double]`
/// (numbers) and `[Color]` (colours).
///
/// Typed property names (`PropertyName<Point>.position`) and the typed calls of `Layer` and
/// `Animation` use it, so a value of the wrong kind is a compile-time error rather than a
/// `.wrongKind` at run time.
public protocol PropertyValue: Sendable {
    /// The kind of the `Value` this type converts to.
    static var valueKind: ValueKind { get }

    /// This value as a `Value` of kind `valueKind`.
    var value: Value { get }

    /// The value held by `value`.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil when `value` is not of kind `valueKind` (or, for `FillMode`, not one of
    ///   its raw values).
    init?(value: Value)
}

extension Double: PropertyValue {
    /// `.scalar`.
    public static var valueKind: ValueKind { .scalar }
    /// `.scalar(self)`.
    public var value: Value { .scalar(self) }
    /// The number of a scalar value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a scalar.
    public init?(value: Value) {
        guard let number = value.scalar else { return nil }
        self = number
    }
}

extension Point: PropertyValue {
    /// `.point`.
    public static var valueKind: ValueKind { .point }
    /// `.point(x:y:)` of this point.
    public var value: Value { .point(x: x, y: y) }
    /// The point of a point value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a point.
    public init?(value: Value) {
        guard let point = value.point else { return nil }
        self = point
    }
}

extension Size: PropertyValue {
    /// `.size`.
    public static var valueKind: ValueKind { .size }
    /// `.size(width:height:)` of this size.
    public var value: Value { .size(width: width, height: height) }
    /// The size of a size value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a size.
    public init?(value: Value) {
        guard let size = value.size else { return nil }
        self = size
    }
}

extension Rect: PropertyValue {
    /// `.rect`.
    public static var valueKind: ValueKind { .rect }
    /// `.rect(x:y:width:height:)` of this rectangle.
    public var value: Value { .rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
    /// The rectangle of a rect value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a rect.
    public init?(value: Value) {
        guard let rect = value.rect else { return nil }
        self = rect
    }
}

extension Vector3: PropertyValue {
    /// `.vector3`.
    public static var valueKind: ValueKind { .vector3 }
    /// `.vector3(x:y:z:)` of this vector.
    public var value: Value { .vector3(x: x, y: y, z: z) }
    /// The vector of a vector3 value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a vector3.
    public init?(value: Value) {
        guard let vector = value.vector3 else { return nil }
        self = vector
    }
}

extension Color: PropertyValue {
    /// `.color`.
    public static var valueKind: ValueKind { .color }
    /// `.color(red:green:blue:alpha:)` of this colour.
    public var value: Value { .color(red: red, green: green, blue: blue, alpha: alpha) }
    /// The colour of a color value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a color.
    public init?(value: Value) {
        guard let color = value.color else { return nil }
        self = color
    }
}

extension AffineTransform: PropertyValue {
    /// `.affineTransform`.
    public static var valueKind: ValueKind { .affineTransform }
    /// `.affineTransform(self)`.
    public var value: Value { .affineTransform(self) }
    /// The transform of an affineTransform value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an affineTransform.
    public init?(value: Value) {
        guard let transform = value.affineTransform else { return nil }
        self = transform
    }
}

extension Transform3D: PropertyValue {
    /// `.transform3D`.
    public static var valueKind: ValueKind { .transform3D }
    /// `.transform3D(self)`.
    public var value: Value { .transform3D(self) }
    /// The transform of a transform3D value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a transform3D.
    public init?(value: Value) {
        guard let transform = value.transform3D else { return nil }
        self = transform
    }
}

extension Bool: PropertyValue {
    /// `.bool`.
    public static var valueKind: ValueKind { .bool }
    /// `.bool(self)`.
    public var value: Value { .bool(self) }
    /// The Boolean of a bool value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a bool.
    public init?(value: Value) {
        guard let flag = value.bool else { return nil }
        self = flag
    }
}

extension Int64: PropertyValue {
    /// `.integer`.
    public static var valueKind: ValueKind { .integer }
    /// `.integer(self)`.
    public var value: Value { .integer(self) }
    /// The integer of an integer value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an integer.
    public init?(value: Value) {
        guard let number = value.integer else { return nil }
        self = number
    }
}

extension Token: PropertyValue {
    /// `.token`.
    public static var valueKind: ValueKind { .token }
    /// `.token(rawValue)`.
    public var value: Value { .token(rawValue) }
    /// The token of a token value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a token.
    public init?(value: Value) {
        guard let token = value.token else { return nil }
        self = token
    }
}

extension FillMode: PropertyValue {
    /// `.integer`: the layer's `fillMode` property holds a fill mode's raw value.
    public static var valueKind: ValueKind { .integer }
    /// `.integer` of the raw value.
    public var value: Value { .integer(Int64(rawValue)) }
    /// The fill mode whose raw value an integer value holds.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an integer holding a fill mode's raw value (0 to 3).
    public init?(value: Value) {
        guard let number = value.integer, let raw = Int32(exactly: number), let mode = FillMode(rawValue: raw) else {
            return nil
        }
        self = mode
    }
}

extension Path: PropertyValue {
    /// `.path`.
    public static var valueKind: ValueKind { .path }
    /// `.path(self)`.
    public var value: Value { .path(self) }
    /// The path of a path value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is a path.
    public init?(value: Value) {
        guard let path = value.path else { return nil }
        self = path
    }
}

extension Array: PropertyValue where Element: ArrayElementValue {
    /// `.numbers` for `[Double]`, `.colors` for `[Color]`.
    public static var valueKind: ValueKind { Element.arrayKind }
    /// `.numbers(self)` or `.colors(self)`.
    public var value: Value { Element.arrayValue(self) }
    /// The array of a numbers or colors value.
    /// - Parameter value: a value of any kind.
    /// - Returns: nil unless `value` is an array of this element type.
    public init?(value: Value) {
        guard let array = Element.array(of: value) else { return nil }
        self = array
    }
}

/// An element type of the array kinds: `Double` (`numbers`) and `Color` (`colors`), so that
/// `[Double]` and `[Color]` are property values (`PropertyName<[Double]>("locations")`).
public protocol ArrayElementValue: Sendable {
    /// The kind of an array of these elements.
    static var arrayKind: ValueKind { get }
    /// An array of these elements as a `Value`.
    /// - Parameter array: the elements.
    /// - Returns: a value of kind `arrayKind`.
    static func arrayValue(_ array: [Self]) -> Value
    /// The elements of `value`; nil when it is not an array of this element type.
    /// - Parameter value: a value of any kind.
    /// - Returns: the elements, or nil for a value of another kind.
    static func array(of value: Value) -> [Self]?
}

extension Double: ArrayElementValue {
    /// `.numbers`.
    public static var arrayKind: ValueKind { .numbers }
    /// `.numbers(array)`.
    /// - Parameter array: the numbers.
    /// - Returns: a numbers value.
    public static func arrayValue(_ array: [Double]) -> Value { .numbers(array) }
    /// The numbers of a numbers value.
    /// - Parameter value: a value of any kind.
    /// - Returns: the numbers, or nil for a value of another kind.
    public static func array(of value: Value) -> [Double]? { value.numbers }
}

extension Color: ArrayElementValue {
    /// `.colors`.
    public static var arrayKind: ValueKind { .colors }
    /// `.colors(array)`.
    /// - Parameter array: the colours.
    /// - Returns: a colors value.
    public static func arrayValue(_ array: [Color]) -> Value { .colors(array) }
    /// The colours of a colors value.
    /// - Parameter value: a value of any kind.
    /// - Returns: the colours, or nil for a value of another kind.
    public static func array(of value: Value) -> [Color]? { value.colors }
}
