/// A function that turns an animation's interpolated number or 3-vector into a transform
/// (CAValueFunction; reference geometry §7): the animation's from/to/by values or keyframes
/// are numbers (rotations in radians, scale factors, translations in the layer's units) or
/// vector3s (`scale`, `translate`), interpolated exactly as numbers are — timing function,
/// from/to/by rules, calculation modes, additive and cumulative — and the function then builds
/// the matrix that becomes the presentation value of the transform property animated
/// ("transform", "sublayerTransform", or a custom `transform3D` or `affineTransform` property).
///
/// This is how a rotation past π animates: a plain transform animation interpolates matrices by
/// decomposition and takes the shortest turn (0 → 2π is identity → identity: nothing moves),
/// where `rotateZ` from 0 to 2π turns once.
///
/// The raw values are part of the C ABI only through the names (`name`), which are Core
/// Animation's constants (kCAValueFunctionRotateZ is "rotateZ").
public enum ValueFunction: Int32, CaseIterable, Sendable {
    /// A rotation about the x axis by the value, in radians (CATransform3DMakeRotation(v, 1, 0, 0)).
    case rotateX = 0
    /// A rotation about the y axis by the value, in radians.
    case rotateY = 1
    /// A rotation about the z axis by the value, in radians.
    case rotateZ = 2
    /// A scale by the vector3 value's factors (x, y, z) (CATransform3DMakeScale).
    case scale = 3
    /// A scale of the x axis by the value (the other axes 1).
    case scaleX = 4
    /// A scale of the y axis by the value.
    case scaleY = 5
    /// A scale of the z axis by the value.
    case scaleZ = 6
    /// A translation by the vector3 value (x, y, z) (CATransform3DMakeTranslation).
    case translate = 7
    /// A translation along x by the value (the other axes 0).
    case translateX = 8
    /// A translation along y by the value.
    case translateY = 9
    /// A translation along z by the value.
    case translateZ = 10

    /// The function's name: Core Animation's constant ("rotateZ", "scale", "translateX").
    public var name: String {
        switch self {
        case .rotateX: "rotateX"
        case .rotateY: "rotateY"
        case .rotateZ: "rotateZ"
        case .scale: "scale"
        case .scaleX: "scaleX"
        case .scaleY: "scaleY"
        case .scaleZ: "scaleZ"
        case .translate: "translate"
        case .translateX: "translateX"
        case .translateY: "translateY"
        case .translateZ: "translateZ"
        }
    }

    /// The function named `name`, spelled exactly as Core Animation's constant (case-sensitive).
    /// Where `+[CAValueFunction functionWithName:]` answers nil for an unknown or empty name,
    /// this throws.
    ///
    /// C: `ac_animation_set_value_function`.
    /// - Parameters:
    ///   - name: "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
    ///     "translate", "translateX", "translateY" or "translateZ".
    ///   - field: the name the message gives the argument; default "valueFunction".
    /// - Throws: `.unknownName` for any other string (the message lists the names).
    public init(named name: String, field: String = "valueFunction") throws(AnimCoreError) {
        guard let function = ValueFunction.allCases.first(where: { $0.name == name }) else {
            let known = ValueFunction.allCases.map(\.name).joined(separator: ", ")
            throw AnimCoreError(.unknownName, "\(field) is \"\(name)\"; it must be one of \(known)")
        }
        self = function
    }

    /// The kind of value it takes: `vector3` for `scale` and `translate`, `scalar` for the others.
    public var inputKind: ValueKind { self == .scale || self == .translate ? .vector3 : .scalar }

    /// Whether its transforms are 2D (a z rotation, or scales and translations of x and y):
    /// every function but rotateX, rotateY, scaleZ and translateZ, which an `affineTransform`
    /// property cannot show. (`scale` and `translate` are taken on such a property with their
    /// z dropped.)
    public var isPlanar: Bool { transformPart.map(\.isPlanar) ?? true }

    /// The transform for an input value (`inputKind`: a number, or a vector3's x, y, z).
    /// - Parameter input: `inputKind.slotCount` slots.
    /// - Returns: the matrix, made by Transform3D's makers.
    @inline(__always)
    package func transform(_ input: UnsafePointer<Double>) -> Transform3D {
        let v = input[0]
        return switch self {
        case .rotateX: Transform3D(rotationAngle: v, x: 1, y: 0, z: 0)
        case .rotateY: Transform3D(rotationAngle: v, x: 0, y: 1, z: 0)
        case .rotateZ: Transform3D(rotationAngle: v, x: 0, y: 0, z: 1)
        case .scale: Transform3D(scaleX: v, y: input[1], z: input[2])
        case .scaleX: Transform3D(scaleX: v, y: 1, z: 1)
        case .scaleY: Transform3D(scaleX: 1, y: v, z: 1)
        case .scaleZ: Transform3D(scaleX: 1, y: 1, z: v)
        case .translate: Transform3D(translationX: v, y: input[1], z: input[2])
        case .translateX: Transform3D(translationX: v, y: 0, z: 0)
        case .translateY: Transform3D(translationX: 0, y: v, z: 0)
        case .translateZ: Transform3D(translationX: 0, y: 0, z: v)
        }
    }

    /// Writes the transform for `input` into `slots` as a value of `kind` (`transform3D`: 16
    /// slots; `affineTransform`: its 2D part, 6 slots). `input` may be `slots` itself: it is
    /// read whole before anything is written.
    /// - Parameters:
    ///   - input: `inputKind.slotCount` slots.
    ///   - kind: `transform3D` or `affineTransform`.
    ///   - slots: `kind.slotCount` slots.
    @inline(__always)
    package func write(_ input: UnsafePointer<Double>, as kind: ValueKind, into slots: UnsafeMutablePointer<Double>) {
        let matrix = transform(input)
        if kind == .affineTransform {
            AffineTransform(matrix).store(into: slots)
        } else {
            matrix.store(into: slots)
        }
    }

    /// Reads the function's input out of a transform `value` of `kind`: the part of it the
    /// matching key path reads (rotateZ reads "rotation.z", scaleX "scale.x", translate the
    /// three translations, scale the three scale factors; `TransformPart`). The value a missing
    /// from/to end takes from what lies underneath.
    /// [INFERRED] Core Animation does not say what a value-function animation with a missing
    /// end starts or ends at (its value underneath is a matrix); the part the function sets is
    /// the one a "transform.rotation.z"-style animation would read.
    /// - Parameters:
    ///   - value: `kind.slotCount` slots.
    ///   - kind: `transform3D` or `affineTransform`.
    ///   - input: `inputKind.slotCount` slots.
    package func read(from value: UnsafePointer<Double>, as kind: ValueKind, into input: UnsafeMutablePointer<Double>) {
        // (No array of parts: this runs in the tick, which allocates nothing.)
        func read(_ part: TransformPart, into slot: UnsafeMutablePointer<Double>) {
            let component: KeyPathComponent = kind == .affineTransform ? .affineTransform(part) : .transform3D(part)
            component.read(from: value, into: slot)
        }
        switch self {
        case .scale:
            read(.scaleX, into: input)
            read(.scaleY, into: input + 1)
            read(.scaleZ, into: input + 2)
        case .translate:
            read(.translationX, into: input)
            read(.translationY, into: input + 1)
            read(.translationZ, into: input + 2)
        default:
            if let part = transformPart { read(part, into: input) }
        }
    }

    /// The one transform part a scalar function sets; nil for `scale` and `translate`.
    private var transformPart: TransformPart? {
        switch self {
        case .rotateX: .rotationX
        case .rotateY: .rotationY
        case .rotateZ: .rotationZ
        case .scaleX: .scaleX
        case .scaleY: .scaleY
        case .scaleZ: .scaleZ
        case .translateX: .translationX
        case .translateY: .translationY
        case .translateZ: .translationZ
        case .scale, .translate: nil
        }
    }
}
