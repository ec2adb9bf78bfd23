/// A point (CGPoint): a value of kind `point`, in the layer's coordinate units.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// A point at (x, y).
    /// - Parameters:
    ///   - x: the horizontal coordinate.
    ///   - y: the vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A size (CGSize): a value of kind `size`, in the layer's coordinate units.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size of width × height.
    /// - Parameters:
    ///   - width: the horizontal extent.
    ///   - height: the vertical extent.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle (CGRect): a value of kind `rect`, its origin then its size.
public struct Rect: Hashable, Sendable {
    /// The corner the size extends from (key path component `origin`).
    public var origin: Point
    /// The extent (key path component `size`).
    public var size: Size

    /// A rectangle at `origin` of extent `size`.
    /// - Parameters:
    ///   - origin: the corner the size extends from.
    ///   - size: the extent.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle at (x, y) of width × height (CGRectMake).
    /// - Parameters:
    ///   - x: the origin's horizontal coordinate.
    ///   - y: the origin's vertical coordinate.
    ///   - width: the horizontal extent.
    ///   - height: the vertical extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)
}

/// Three coordinates: a value of kind `vector3` (a 3D position, a scale or translate argument).
public struct Vector3: Hashable, Sendable {
    /// The first coordinate.
    public var x: Double
    /// The second coordinate.
    public var y: Double
    /// The third coordinate.
    public var z: Double

    /// The vector (x, y, z).
    /// - Parameters:
    ///   - x: the first coordinate.
    ///   - y: the second coordinate.
    ///   - z: the third coordinate.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)
}

extension Rect {
    /// The rect in four slots (x, y, width, height), as the engine stores it.
    /// - Parameter slots: four readable slots.
    @inlinable package init(slots: UnsafePointer<Double>) {
        self.init(x: slots[0], y: slots[1], width: slots[2], height: slots[3])
    }
}
