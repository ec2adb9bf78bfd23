import AnimCore
import CAnimCore

// The paths part of the animations section of animcore.h: path elements as plain C arrays,
// the shape builders, and a keyframe animation's path.

extension Path.Element {
    /// Reads a C element; errors name `argument` ("elements[2]"). Entries of points[] the type
    /// does not use are ignored; finiteness is the core's check (Path.validate).
    init(_ raw: ac_path_element, _ argument: String) throws(APIError) {
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument).reserved is \(raw.reserved); it must be 0")
        }
        let p = raw.points
        switch raw.type {
        case Int32(AC_PATH_MOVE_TO): self = .move(x: p.0, y: p.1)
        case Int32(AC_PATH_LINE_TO): self = .line(x: p.0, y: p.1)
        case Int32(AC_PATH_QUAD_CURVE_TO): self = .quadCurve(cx: p.0, cy: p.1, x: p.2, y: p.3)
        case Int32(AC_PATH_CURVE_TO): self = .curve(c1x: p.0, c1y: p.1, c2x: p.2, c2y: p.3, x: p.4, y: p.5)
        case Int32(AC_PATH_CLOSE): self = .close
        default:
            throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument).type is \(raw.type); it must be one of AC_PATH_* (0...4)")
        }
    }

    /// The header's struct for this element, unused points 0.
    var cValue: ac_path_element {
        var out = ac_path_element()
        switch self {
        case .move(let x, let y):
            out.type = Int32(AC_PATH_MOVE_TO)
            out.points = (x, y, 0, 0, 0, 0)
        case .line(let x, let y):
            out.type = Int32(AC_PATH_LINE_TO)
            out.points = (x, y, 0, 0, 0, 0)
        case .quadCurve(let cx, let cy, let x, let y):
            out.type = Int32(AC_PATH_QUAD_CURVE_TO)
            out.points = (cx, cy, x, y, 0, 0)
        case .curve(let c1x, let c1y, let c2x, let c2y, let x, let y):
            out.type = Int32(AC_PATH_CURVE_TO)
            out.points = (c1x, c1y, c2x, c2y, x, y)
        case .close:
            out.type = Int32(AC_PATH_CLOSE)
        }
        return out
    }
}

// MARK: Shape builders

/// Writes the elements of a shape built by `build` on an empty path.
private func writeShape(
    _ numbers: [(Double, String)], _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?, _ build: (inout Path) -> Void
) throws(APIError) {
    for (number, name) in numbers { _ = try finite(number, name) }
    var path = Path()
    build(&path)
    // Finite numbers can still place a point beyond the doubles (x + width past 1.8e308).
    do throws(AnimCoreError) {
        try path.validate("the shape")
    } catch {
        let names = numbers.map(\.1).joined(separator: ", ")
        throw APIError(AC_ERR_NOT_FINITE, "\(names) put a point beyond the doubles (about ±1.8e308): \(error.message)")
    }
    try outputList(path.elements.map(\.cValue), into: outElements, capacity: capacity, outCount: outCount, "out_elements")
}

@_cdecl("ac_path_rect")
public func ac_path_rect(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try writeShape([(x, "x"), (y, "y"), (width, "width"), (height, "height")], outElements, capacity, outCount) {
            $0.addRect(x: x, y: y, width: width, height: height)
        }
    }
}

@_cdecl("ac_path_ellipse")
public func ac_path_ellipse(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try writeShape([(x, "x"), (y, "y"), (width, "width"), (height, "height")], outElements, capacity, outCount) {
            $0.addEllipse(x: x, y: y, width: width, height: height)
        }
    }
}

@_cdecl("ac_path_rounded_rect")
public func ac_path_rounded_rect(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ cornerWidth: Double, _ cornerHeight: Double,
    _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let numbers = [(x, "x"), (y, "y"), (width, "width"), (height, "height"),
                       (cornerWidth, "corner_width"), (cornerHeight, "corner_height")]
        try writeShape(numbers, outElements, capacity, outCount) {
            $0.addRoundedRect(
                x: x, y: y, width: width, height: height, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        }
    }
}

// MARK: A keyframe animation's path

@_cdecl("ac_animation_set_path")
public func ac_animation_set_path(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ elements: UnsafePointer<ac_path_element>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let list = try inputList(elements, count, "elements")
            var path: Path?
            if !list.isEmpty {
                var converted: [Path.Element] = []
                converted.reserveCapacity(list.count)
                for (index, raw) in list.enumerated() { converted.append(try Path.Element(raw, "elements[\(index)]")) }
                let built = Path(converted)
                do throws(AnimCoreError) {
                    try built.validate("path")
                } catch {
                    throw APIError(error, argument: "elements")
                }
                path = built
            }
            try box.updateKeyframe(animation, field: "path") { $0.path = path }
        }
    }
}

@_cdecl("ac_animation_get_path")
public func ac_animation_get_path(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outElements: UnsafeMutablePointer<ac_path_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let elements = try box.keyframe(animation, field: "path").path?.elements ?? []
            try outputList(elements.map(\.cValue), into: outElements, capacity: capacity, outCount: outCount, "out_elements")
        }
    }
}
