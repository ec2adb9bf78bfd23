/// The type of a property value, and how a value of that type is laid out as a flat run of
/// Double "slots".
///
/// Every value animcore stores, interpolates or hands to the host is `slotCount` consecutive
/// Doubles. The layouts follow the Core Graphics / Core Animation structs field by field:
///
/// | kind              | slots | layout                                                        |
/// |-------------------|-------|---------------------------------------------------------------|
/// | `scalar`          | 1     | value                                                         |
/// | `point`           | 2     | x, y                                                          |
/// | `size`            | 2     | width, height                                                 |
/// | `rect`            | 4     | x, y, width, height (origin then size, as CGRect)             |
/// | `vector3`         | 3     | x, y, z                                                       |
/// | `color`           | 4     | red, green, blue, alpha: RGBA, nominally in [0, 1], not premultiplied |
/// | `affineTransform` | 6     | a, b, c, d, tx, ty (CGAffineTransform)                        |
/// | `transform3D`     | 16    | m11 m12 m13 m14 m21 … m44, row-major (CATransform3D)          |
/// | `bool`            | 1     | bit pattern of Int64 0 (false) or 1 (true)                    |
/// | `integer`         | 1     | bit pattern of an Int64                                       |
/// | `token`           | 1     | bit pattern of a UInt64 (an opaque host value: an enum case, a handle) |
/// | `path`            | 1     | handle of the engine's stored elements (`VariableValues`); 0: none |
/// | `numbers`         | 1     | handle of the engine's stored numbers; 0: none                 |
/// | `colors`          | 1     | handle of the engine's stored colours; 0: none                 |
///
/// `path`, `numbers` and `colors` are variable-length kinds: their contents (up to
/// `maximumElementCount` elements) live out of line in the engine's `VariableValues` store, and
/// their one slot holds the bit pattern of the handle, copied and compared like a token's.
///
/// `bool`, `integer` and `token` keep their bits in the Double with `Double(bitPattern:)` and are
/// never computed on as floating-point numbers, so every Int64 (Int64.min is the bit pattern of
/// −0.0, some values are NaN bit patterns) survives storage, copying and comparison exactly.
/// The C API's `ac_value` carries values in this layout (`v[]`).
///
/// The raw values are part of the C ABI and never change.
public enum ValueKind: Int32, CaseIterable, Sendable {
    /// A Double (CGFloat, NSNumber of a floating-point type). Interpolates linearly.
    case scalar = 0
    /// CGPoint: x, y.
    case point = 1
    /// CGSize: width, height.
    case size = 2
    /// CGRect: x, y, width, height.
    case rect = 3
    /// Three Doubles x, y, z (a CAValueFunction "scale" / "translate" argument, a 3D position).
    case vector3 = 4
    /// An RGBA colour, components nominally in [0, 1], not premultiplied (CGColor in sRGB).
    case color = 5
    /// CGAffineTransform: a, b, c, d, tx, ty.
    case affineTransform = 6
    /// CATransform3D: m11 … m44, row-major.
    case transform3D = 7
    /// A Boolean; switches, never interpolates.
    case bool = 8
    /// An Int64; interpolates and rounds to the nearest integer.
    case integer = 9
    /// An opaque 64-bit value the host gives meaning to; switches, never interpolates.
    case token = 10
    /// A path (CGPath, CAShapeLayer's `path`): `Path`'s elements. Two paths of the same element
    /// types in the same order interpolate point by point.
    case path = 11
    /// An array of numbers (CAGradientLayer's `locations`, a dash pattern). Two arrays of the
    /// same count interpolate number by number.
    case numbers = 12
    /// An array of RGBA colours (CAGradientLayer's `colors`). Two arrays of the same count
    /// interpolate colour by colour, as `color` does.
    case colors = 13

    /// The most elements a value of a variable-length kind (`path`, `numbers`, `colors`) holds:
    /// 65,536 path elements, numbers or colours. It bounds the memory one value takes.
    public static let maximumElementCount = 65_536

    /// The largest `slotCount` of any kind (transform3D's 16): a buffer of this many Doubles
    /// holds a value of any kind.
    package static let maximumSlotCount = 16

    /// The number of Doubles a value of this kind occupies (see the table on the type).
    @inlinable package var slotCount: Int {
        switch self {
        case .scalar, .bool, .integer, .token, .path, .numbers, .colors: 1
        case .point, .size: 2
        case .vector3: 3
        case .rect, .color: 4
        case .affineTransform: 6
        case .transform3D: 16
        }
    }

    /// Whether values of this kind have intermediate values. `bool` and `token` do not: they
    /// switch from the start to the end value half way through an animation.
    @inlinable public var isInterpolable: Bool {
        switch self {
        case .bool, .token: false
        default: true
        }
    }

    /// Whether the slots are coordinates in a Euclidean space (scalar, point, size, rect,
    /// vector3, color): distances, splines and slot-by-slot interpolation have a meaning.
    @inlinable package var hasCoordinates: Bool {
        switch self {
        case .scalar, .point, .size, .rect, .vector3, .color: true
        default: false
        }
    }

    /// Whether the slots hold bit patterns (`bool`, `integer`, `token`, and the handle of a
    /// variable-length kind) rather than floating-point numbers.
    @inlinable package var storesBitPatterns: Bool {
        switch self {
        case .bool, .integer, .token, .path, .numbers, .colors: true
        default: false
        }
    }

    /// Whether a value of this kind has a variable length (`path`, `numbers`, `colors`): its
    /// slot holds a handle of the engine's `VariableValues` store, not the value.
    @inlinable public var isVariableLength: Bool {
        switch self {
        case .path, .numbers, .colors: true
        default: false
        }
    }

    /// The kind's name, as the C API and the bindings spell it: "scalar", "point", "size",
    /// "rect", "vector3", "color", "affineTransform", "transform3D", "bool", "integer", "token",
    /// "path", "numbers", "colors".
    public var name: String {
        switch self {
        case .scalar: "scalar"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .vector3: "vector3"
        case .color: "color"
        case .affineTransform: "affineTransform"
        case .transform3D: "transform3D"
        case .bool: "bool"
        case .integer: "integer"
        case .token: "token"
        case .path: "path"
        case .numbers: "numbers"
        case .colors: "colors"
        }
    }

    /// The kind with this exact (case-sensitive) name; nil if there is none.
    /// - Parameter name: a kind's `name` ("scalar", "point", ..., "token").
    public init?(name: String) {
        guard let kind = ValueKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// Writes the kind's zero value into `slotCount` slots at `value`: the identity matrix for
    /// `affineTransform` and `transform3D`; zeros otherwise (origin, zero size, transparent
    /// black, false, integer 0, token 0, the empty path or array — all of which are the all-zero
    /// bit pattern).
    package func writeDefault(into value: UnsafeMutablePointer<Double>) {
        switch self {
        case .affineTransform:
            AffineTransform.identity.store(into: value)
        case .transform3D:
            Transform3D.identity.store(into: value)
        default:
            value.update(repeating: 0, count: slotCount)
        }
    }
}
