/// A property value of any kind, as key-path access and animations pass it around. Read a
/// kind's contents with its accessor (`value.point`, `value.scalar`, ...; nil for another
/// kind); typed property names (`PropertyName<Point>`) do without `Value` altogether.
///
/// C: `ac_value` (its `kind` and `v[]`, laid out as `ValueKind` describes); the variable-length
/// kinds (`path`, `numbers`, `colors`) through their own calls (`ac_layer_set_path`, ...).
public enum Value: Hashable, Sendable {
    /// A number (CGFloat, an NSNumber of a floating-point type); `Double`.
    case scalar(Double)
    /// A point (CGPoint); `Point`.
    case point(x: Double, y: Double)
    /// A size (CGSize); `Size`.
    case size(width: Double, height: Double)
    /// A rectangle (CGRect), origin then size; `Rect`.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// Three coordinates; `Vector3`.
    case vector3(x: Double, y: Double, z: Double)
    /// RGBA, each nominally in [0, 1], not premultiplied.
    case color(red: Double, green: Double, blue: Double, alpha: Double)
    // Boxed (indirect): the transforms' 48 and 128 bytes would otherwise make every value, and
    // every animation and change that carries values, that large.
    /// A 2D transform (CGAffineTransform).
    indirect case affineTransform(AffineTransform)
    /// A 3D transform (CATransform3D).
    indirect case transform3D(Transform3D)
    /// A Boolean: switches half way through an animation, never interpolates.
    case bool(Bool)
    /// An integer: interpolates and rounds to the nearest integer; `Int64`.
    case integer(Int64)
    /// An opaque host value (an image, a date): stored and switched, never interpolated.
    case token(UInt64)
    /// A path (CAShapeLayer's `path`): paths of the same element types in the same order
    /// interpolate point by point (`VariableInterpolation`); at most
    /// `ValueKind.maximumElementCount` elements.
    case path(Path)
    /// An array of numbers (CAGradientLayer's `locations`, a dash pattern): arrays of the same
    /// count interpolate number by number; at most `ValueKind.maximumElementCount` numbers.
    case numbers([Double])
    /// An array of colours (CAGradientLayer's `colors`): arrays of the same count interpolate
    /// colour by colour; at most `ValueKind.maximumElementCount` colours.
    case colors([Color])

    /// The kind of this value.
    public var kind: ValueKind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .vector3: .vector3
        case .color: .color
        case .affineTransform: .affineTransform
        case .transform3D: .transform3D
        case .bool: .bool
        case .integer: .integer
        case .token: .token
        case .path: .path
        case .numbers: .numbers
        case .colors: .colors
        }
    }

    /// Writes the value's `kind.slotCount` slots. A variable-length value writes the empty
    /// handle 0: its contents are stored by the engine's `VariableValues`, which every path
    /// storing one calls instead.
    package func write(into slots: UnsafeMutablePointer<Double>) {
        switch self {
        case .scalar(let v): slots[0] = v
        case .point(let x, let y): (slots[0], slots[1]) = (x, y)
        case .size(let w, let h): (slots[0], slots[1]) = (w, h)
        case .rect(let x, let y, let w, let h): (slots[0], slots[1], slots[2], slots[3]) = (x, y, w, h)
        case .vector3(let x, let y, let z): (slots[0], slots[1], slots[2]) = (x, y, z)
        case .color(let r, let g, let b, let a): (slots[0], slots[1], slots[2], slots[3]) = (r, g, b, a)
        case .affineTransform(let t):
            (slots[0], slots[1], slots[2], slots[3], slots[4], slots[5]) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
        case .transform3D(let t): t.store(into: slots)
        case .bool(let v): slots[0] = Double(bitPattern: v ? 1 : 0)
        case .integer(let v): slots[0] = Double(bitPattern: UInt64(bitPattern: v))
        case .token(let v): slots[0] = Double(bitPattern: v)
        case .path, .numbers, .colors: slots[0] = 0
        }
    }

    /// Reads a value of `kind` from its slots; a variable-length kind reads empty (its contents
    /// are read through the engine's `VariableValues`).
    package init(kind: ValueKind, slots: UnsafePointer<Double>) {
        switch kind {
        case .scalar: self = .scalar(slots[0])
        case .point: self = .point(x: slots[0], y: slots[1])
        case .size: self = .size(width: slots[0], height: slots[1])
        case .rect: self = .rect(x: slots[0], y: slots[1], width: slots[2], height: slots[3])
        case .vector3: self = .vector3(x: slots[0], y: slots[1], z: slots[2])
        case .color: self = .color(red: slots[0], green: slots[1], blue: slots[2], alpha: slots[3])
        case .affineTransform:
            self = .affineTransform(
                AffineTransform(a: slots[0], b: slots[1], c: slots[2], d: slots[3], tx: slots[4], ty: slots[5]))
        case .transform3D: self = .transform3D(Transform3D(slots: slots))
        case .bool: self = .bool(slots[0].bitPattern != 0)
        case .integer: self = .integer(Int64(bitPattern: slots[0].bitPattern))
        case .token: self = .token(slots[0].bitPattern)
        case .path, .numbers, .colors: self = .empty(kind)
        }
    }
}

extension Value {
    /// The empty value of a variable-length kind (no elements); for another kind, its default
    /// (`ValueKind.writeDefault`).
    /// - Parameter kind: the kind.
    package static func empty(_ kind: ValueKind) -> Value {
        switch kind {
        case .path: return .path(Path())
        case .numbers: return .numbers([])
        case .colors: return .colors([])
        default:
            var scratch = SlotScratch()
            return scratch.withPointer { slots in
                kind.writeDefault(into: slots)
                return Value(kind: kind, slots: slots)
            }
        }
    }
}

/// Stack storage for the largest value (a 3D transform's 16 slots), for code that needs a value's
/// slots briefly without allocating.
struct SlotScratch {
    static let capacity = 16
    private var slots: (Double, Double, Double, Double, Double, Double, Double, Double,
                        Double, Double, Double, Double, Double, Double, Double, Double) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Calls `body` with a pointer to the 16 slots.
    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<Double>) -> R) -> R {
        withUnsafeMutablePointer(to: &slots) { tuple in
            tuple.withMemoryRebound(to: Double.self, capacity: SlotScratch.capacity, body)
        }
    }
}
