/// Typed reads of a `Value`: one accessor per kind, nil when the value is of another kind.
///
/// ```swift
/// let position = try layer.value(forKeyPath: "position")   // Value?
/// if let point = position?.point { print(point.x) }
/// ```
extension Value {
    /// The number of a `scalar` value; nil for another kind.
    public var scalar: Double? {
        if case .scalar(let number) = self { number } else { nil }
    }

    /// The point of a `point` value; nil for another kind.
    public var point: Point? {
        if case .point(let x, let y) = self { Point(x: x, y: y) } else { nil }
    }

    /// The size of a `size` value; nil for another kind.
    public var size: Size? {
        if case .size(let width, let height) = self { Size(width: width, height: height) } else { nil }
    }

    /// The rectangle of a `rect` value; nil for another kind.
    public var rect: Rect? {
        if case .rect(let x, let y, let width, let height) = self {
            Rect(x: x, y: y, width: width, height: height)
        } else {
            nil
        }
    }

    /// The vector of a `vector3` value; nil for another kind.
    public var vector3: Vector3? {
        if case .vector3(let x, let y, let z) = self { Vector3(x: x, y: y, z: z) } else { nil }
    }

    /// The colour of a `color` value; nil for another kind.
    public var color: Color? {
        if case .color(let red, let green, let blue, let alpha) = self {
            Color(red: red, green: green, blue: blue, alpha: alpha)
        } else {
            nil
        }
    }

    /// The transform of an `affineTransform` value; nil for another kind.
    public var affineTransform: AffineTransform? {
        if case .affineTransform(let transform) = self { transform } else { nil }
    }

    /// The transform of a `transform3D` value; nil for another kind.
    public var transform3D: Transform3D? {
        if case .transform3D(let transform) = self { transform } else { nil }
    }

    /// The Boolean of a `bool` value; nil for another kind.
    public var bool: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    /// The integer of an `integer` value; nil for another kind.
    public var integer: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }

    /// The token of a `token` value; nil for another kind.
    public var token: Token? {
        if case .token(let bits) = self { Token(rawValue: bits) } else { nil }
    }

    /// The path of a `path` value; nil for another kind.
    public var path: Path? {
        if case .path(let path) = self { path } else { nil }
    }

    /// The numbers of a `numbers` value; nil for another kind.
    public var numbers: [Double]? {
        if case .numbers(let numbers) = self { numbers } else { nil }
    }

    /// The colours of a `colors` value; nil for another kind.
    public var colors: [Color]? {
        if case .colors(let colors) = self { colors } else { nil }
    }

    /// The element count of a variable-length value (path elements, numbers or colours); nil
    /// for a value of a fixed-length kind.
    public var elementCount: Int? {
        switch self {
        case .path(let path): path.elements.count
        case .numbers(let numbers): numbers.count
        case .colors(let colors): colors.count
        default: nil
        }
    }
}
