/// A sub-value of a struct-valued property, named by the part of a key path after the property
/// (reference §3.2): "x" in `position.x`, "size.width" in `bounds.size.width`, "rotation.z" in
/// `transform.rotation.z`.
///
/// Created by `ValueKind.component(named:)`. Each component has its own kind (`kind`), lives in
/// a value of `parentKind`, reads itself out of a whole value and writes itself into one
/// (read-modify-write: the rest of the value is kept). These are the names (Core Animation's
/// "KVC extensions for structures", plus the colour and affine ones, which are animcore's):
///
/// | value kind        | component names (component kind)                                    |
/// |-------------------|---------------------------------------------------------------------|
/// | `point`           | x, y (scalar)                                                        |
/// | `size`            | width, height (scalar)                                               |
/// | `rect`            | origin (point), origin.x, origin.y (scalar), size (size), size.width, size.height (scalar) |
/// | `vector3`         | x, y, z (scalar)                                                     |
/// | `color`           | red, green, blue, alpha (scalar) — an animcore extension             |
/// | `transform3D`     | rotation.x, rotation.y, rotation.z, rotation (= rotation.z), scale.x, scale.y, scale.z, scale, translation.x, translation.y, translation.z (scalar), translation (size: x, y) |
/// | `affineTransform` | rotation.z, rotation, scale.x, scale.y, scale, translation.x, translation.y (scalar), translation (size) — an animcore extension |
///
/// Plain struct fields are slots at a fixed offset. Transform components are computed; see
/// `TransformPart` for how each is read and written.
package enum KeyPathComponent: Hashable, Sendable {
    /// point "x", "y".
    case pointX, pointY
    /// size "width", "height".
    case sizeWidth, sizeHeight
    /// rect "origin" (a point), "origin.x", "origin.y".
    case rectOrigin, rectOriginX, rectOriginY
    /// rect "size" (a size), "size.width", "size.height".
    case rectSize, rectSizeWidth, rectSizeHeight
    /// vector3 "x", "y", "z".
    case vector3X, vector3Y, vector3Z
    /// color "red", "green", "blue", "alpha".
    case colorRed, colorGreen, colorBlue, colorAlpha
    /// A computed part of a CATransform3D.
    case transform3D(TransformPart)
    /// A computed part of a CGAffineTransform (the 2D parts: rotation.z, scale.x, scale.y,
    /// scale, translation.x, translation.y, translation). The 3D-only parts, if constructed by
    /// hand, read as their identity value (rotation 0, scale 1, translation 0) and ignore
    /// writes.
    case affineTransform(TransformPart)

    /// The kind of the whole value this component is part of.
    package var parentKind: ValueKind {
        switch self {
        case .pointX, .pointY: .point
        case .sizeWidth, .sizeHeight: .size
        case .rectOrigin, .rectOriginX, .rectOriginY, .rectSize, .rectSizeWidth, .rectSizeHeight:
            .rect
        case .vector3X, .vector3Y, .vector3Z: .vector3
        case .colorRed, .colorGreen, .colorBlue, .colorAlpha: .color
        case .transform3D: .transform3D
        case .affineTransform: .affineTransform
        }
    }

    /// The kind of the component itself.
    package var kind: ValueKind {
        switch self {
        case .rectOrigin: .point
        case .rectSize: .size
        case .transform3D(let part), .affineTransform(let part): part.kind
        default: .scalar
        }
    }

    /// The component's name after the property ("origin.x", "rotation.z"); the canonical
    /// spelling when there are two ("rotation" is "rotation.z").
    package var name: String {
        switch self {
        case .pointX, .vector3X: "x"
        case .pointY, .vector3Y: "y"
        case .vector3Z: "z"
        case .sizeWidth: "width"
        case .sizeHeight: "height"
        case .rectOrigin: "origin"
        case .rectOriginX: "origin.x"
        case .rectOriginY: "origin.y"
        case .rectSize: "size"
        case .rectSizeWidth: "size.width"
        case .rectSizeHeight: "size.height"
        case .colorRed: "red"
        case .colorGreen: "green"
        case .colorBlue: "blue"
        case .colorAlpha: "alpha"
        case .transform3D(let part), .affineTransform(let part): part.name
        }
    }

    /// The first slot of a plain struct field within its value; nil for computed components.
    package var slotOffset: Int? {
        switch self {
        case .pointX, .sizeWidth, .rectOrigin, .rectOriginX, .vector3X, .colorRed: 0
        case .pointY, .sizeHeight, .rectOriginY, .vector3Y, .colorGreen: 1
        case .rectSize, .rectSizeWidth, .vector3Z, .colorBlue: 2
        case .rectSizeHeight, .colorAlpha: 3
        case .transform3D, .affineTransform: nil
        }
    }

    /// For a transform's z rotation over a transform of the planar shape: its factors and the
    /// slots of its 2×2 block (m11, m12, m21, m22), which the rotation reads and writes in place
    /// with the bits of the route through `Transform3D`; nil otherwise.
    @inline(__always)
    private func planarRotationZ(in value: UnsafePointer<Double>) -> (PlanarFactors, (Int, Int, Int, Int))? {
        switch self {
        case .affineTransform(.rotationZ):
            PlanarFactors(m11: value[0], m12: value[1], m21: value[2], m22: value[3]).map { ($0, (0, 1, 2, 3)) }
        case .transform3D(.rotationZ):
            PlanarFactors(transformSlots: value).map { ($0, (0, 1, 4, 5)) }
        default:
            nil
        }
    }

    /// Reads the component out of `value` (`parentKind.slotCount` slots) into `component`
    /// (`kind.slotCount` slots).
    package func read(
        from value: UnsafePointer<Double>, into component: UnsafeMutablePointer<Double>
    ) {
        if let (factors, _) = planarRotationZ(in: value) {
            component[0] = factors.angle
            return
        }
        switch self {
        case .transform3D(let part):
            part.read(from: Transform3D(slots: value), planar: false, into: component)
        case .affineTransform(let part):
            part.read(
                from: Transform3D(AffineTransform(slots: value)), planar: true, into: component)
        default:
            let offset = slotOffset ?? 0
            for i in 0..<kind.slotCount { component[i] = value[offset + i] }
        }
    }

    /// Writes `component` (`kind.slotCount` slots) into `value` (`parentKind.slotCount`
    /// slots), keeping the rest of the value.
    package func write(
        _ component: UnsafePointer<Double>, into value: UnsafeMutablePointer<Double>
    ) {
        if let (factors, block) = planarRotationZ(in: value) {
            (value[block.0], value[block.1], value[block.2], value[block.3]) = factors.block(angle: component[0])
            return
        }
        switch self {
        case .transform3D(let part):
            var transform = Transform3D(slots: value)
            part.write(component, into: &transform, planar: false)
            transform.store(into: value)
        case .affineTransform(let part):
            var transform = Transform3D(AffineTransform(slots: value))
            part.write(component, into: &transform, planar: true)
            AffineTransform(transform).store(into: value)
        default:
            let offset = slotOffset ?? 0
            for i in 0..<kind.slotCount { value[offset + i] = component[i] }
        }
    }
}

extension ValueKind {
    /// The component named `path` (the key path after the property name: "x", "origin.x",
    /// "rotation.z"; case-sensitive) of a value of this kind; nil when there is none — for
    /// the kinds without components (scalar, bool, integer, token, path, numbers, colors) always.
    package func component(named path: String) -> KeyPathComponent? {
        switch self {
        case .point:
            switch path {
            case "x": .pointX
            case "y": .pointY
            default: nil
            }
        case .size:
            switch path {
            case "width": .sizeWidth
            case "height": .sizeHeight
            default: nil
            }
        case .rect:
            switch path {
            case "origin": .rectOrigin
            case "origin.x": .rectOriginX
            case "origin.y": .rectOriginY
            case "size": .rectSize
            case "size.width": .rectSizeWidth
            case "size.height": .rectSizeHeight
            default: nil
            }
        case .vector3:
            switch path {
            case "x": .vector3X
            case "y": .vector3Y
            case "z": .vector3Z
            default: nil
            }
        case .color:
            switch path {
            case "red": .colorRed
            case "green": .colorGreen
            case "blue": .colorBlue
            case "alpha": .colorAlpha
            default: nil
            }
        case .transform3D:
            TransformPart(name: path).map { .transform3D($0) }
        case .affineTransform:
            TransformPart(name: path).flatMap { $0.isPlanar ? .affineTransform($0) : nil }
        case .scalar, .bool, .integer, .token, .path, .numbers, .colors:
            nil
        }
    }

    /// Every name `component(named:)` accepts for this kind, aliases included.
    package var componentNames: [String] {
        switch self {
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"]
        case .vector3: ["x", "y", "z"]
        case .color: ["red", "green", "blue", "alpha"]
        case .transform3D:
            [
                "rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y",
                "scale.z", "scale", "translation.x", "translation.y", "translation.z",
                "translation",
            ]
        case .affineTransform:
            [
                "rotation.z", "rotation", "scale.x", "scale.y", "scale", "translation.x",
                "translation.y", "translation",
            ]
        case .scalar, .bool, .integer, .token, .path, .numbers, .colors: []
        }
    }
}
