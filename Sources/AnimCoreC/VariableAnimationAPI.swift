import AnimCore
import CAnimCore

// The path and array values part of the animations section of animcore.h: the from/to/by
// values and keyframe values of animations of path, numbers and colors properties, read from
// C arrays (an ac_value's fixed v[] cannot carry them).

@_cdecl("ac_animation_set_path_value")
public func ac_animation_set_path_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ elements: UnsafePointer<ac_path_element>?,
    _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try valueField(which)
            try setAnimationValue(box, animation, which, name, try pathValue(elements, count, "elements"))
        }
    }
}

@_cdecl("ac_animation_set_numbers_value")
public func ac_animation_set_numbers_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ numbers: UnsafePointer<Double>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try valueField(which)
            try setAnimationValue(box, animation, which, name, try numbersValue(numbers, count, "numbers"))
        }
    }
}

@_cdecl("ac_animation_set_colors_value")
public func ac_animation_set_colors_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ rgba: UnsafePointer<Double>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try valueField(which)
            try setAnimationValue(box, animation, which, name, try colorsValue(rgba, count, "rgba"))
        }
    }
}

/// The keyframe values of `keyframeCount` paths or arrays given one after another in one C
/// array at `start` (`counts[i]` elements each, `stride` items of the array per element): each
/// read by `convert` from its part, with messages naming "`argument`, keyframe i".
private func keyframeValues<T>(
    _ start: UnsafePointer<T>?, _ argument: String, counts: UnsafePointer<Int>?, _ keyframeCount: Int, stride: Int,
    _ convert: (UnsafePointer<T>?, Int, String) throws(APIError) -> Value
) throws(APIError) -> [Value] {
    let sizes = try inputList(counts, keyframeCount, "counts")
    var values: [Value] = []
    var offset = 0
    for (index, count) in sizes.enumerated() {
        guard count >= 0, count <= ValueKind.maximumElementCount else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE,
                "counts[\(index)] is \(UInt(bitPattern: count)); a value holds at most \(ValueKind.maximumElementCount) elements")
        }
        if count > 0 && start == nil { throw .nullPointer(argument) }
        values.append(try convert(start.map { $0 + offset * stride }, count, "\(argument), keyframe \(index)"))
        offset += count
    }
    return values
}

/// Sets the keyframe values of the description `animation` to `values` (checked as
/// `ac_animation_set_values` checks its values).
private func setKeyframeValues(_ box: EngineBox, _ animation: ac_animation, _ values: [Value]) throws(APIError) {
    do throws(AnimCoreError) {
        try KeyframeParameters.checkValues(values, "values")
    } catch {
        throw APIError(field: error)
    }
    try box.updateKeyframe(animation, field: "values") { $0.values = values }
}

@_cdecl("ac_animation_set_path_values")
public func ac_animation_set_path_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ elements: UnsafePointer<ac_path_element>?,
    _ counts: UnsafePointer<Int>?, _ keyframeCount: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let values = try keyframeValues(elements, "elements", counts: counts, keyframeCount, stride: 1, pathValue)
            try setKeyframeValues(box, animation, values)
        }
    }
}

@_cdecl("ac_animation_set_numbers_values")
public func ac_animation_set_numbers_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ numbers: UnsafePointer<Double>?,
    _ counts: UnsafePointer<Int>?, _ keyframeCount: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let values = try keyframeValues(numbers, "numbers", counts: counts, keyframeCount, stride: 1, numbersValue)
            try setKeyframeValues(box, animation, values)
        }
    }
}

@_cdecl("ac_animation_set_colors_values")
public func ac_animation_set_colors_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ rgba: UnsafePointer<Double>?,
    _ counts: UnsafePointer<Int>?, _ keyframeCount: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let values = try keyframeValues(rgba, "rgba", counts: counts, keyframeCount, stride: 4, colorsValue)
            try setKeyframeValues(box, animation, values)
        }
    }
}

// MARK: Reading them back

/// `value` unless it holds another kind than `kind` (WRONG_KIND naming `name` and its kind).
private func ofKind(_ value: Value?, _ kind: ValueKind, _ name: String) throws(APIError) -> Value? {
    guard let value, value.kind != kind else { return value }
    throw APIError(AC_ERR_WRONG_KIND, "\(name) holds \(value.kind.name) values, not \(kind.name)")
}

/// From, to or by (`which`) of the basic or spring description `animation`, unset or of `kind`;
/// `*outIsSet` says which.
private func animationValue(
    _ box: EngineBox, _ animation: ac_animation, _ which: Int32, _ kind: ValueKind, _ outIsSet: UnsafeMutablePointer<Int32>?
) throws(APIError) -> Value? {
    let name = try valueField(which)
    let isSet = try required(outIsSet, "out_is_set")
    let description = try box.description(animation)
    let value = try ofKind(try valueAccess(description.kindTag, which, name).read(description), kind, "animation.\(name)")
    isSet.pointee = value == nil ? 0 : 1
    return value
}

/// Keyframe `index` of the keyframe description `animation`, of `kind`.
private func keyframeValue(_ box: EngineBox, _ animation: ac_animation, _ index: Int, _ kind: ValueKind) throws(APIError) -> Value? {
    let description = try box.description(animation)
    guard let values = description.keyframe?.values else {
        throw APIError(AC_ERR_INVALID_ARGUMENT, "animation is \(description.kindTag.phrase); keyframe values belong to keyframe animations")
    }
    guard index >= 0, index < values.count else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "index is \(UInt(bitPattern: index)); the animation has \(values.count) keyframe values")
    }
    return try ofKind(values[index], kind, "animation.values[\(index)]")
}

@_cdecl("ac_animation_get_path_value")
public func ac_animation_get_path_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ outElements: UnsafeMutablePointer<ac_path_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let value = try animationValue(box, animation, which, .path, outIsSet)
            let elements = value?.path?.elements.map(\.cValue) ?? []
            try outputList(elements, into: outElements, capacity: capacity, outCount: outCount, "out_elements")
        }
    }
}

@_cdecl("ac_animation_get_numbers_value")
public func ac_animation_get_numbers_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ outNumbers: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let numbers = try animationValue(box, animation, which, .numbers, outIsSet)?.numbers ?? []
            try outputList(numbers, into: outNumbers, capacity: capacity, outCount: outCount, "out_numbers")
        }
    }
}

@_cdecl("ac_animation_get_colors_value")
public func ac_animation_get_colors_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ outRGBA: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let colours = try animationValue(box, animation, which, .colors, outIsSet)?.colors ?? []
            try outputColors(colours, into: outRGBA, capacity: capacity, outCount: outCount)
        }
    }
}

@_cdecl("ac_animation_get_keyframe_path")
public func ac_animation_get_keyframe_path(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ index: Int, _ outElements: UnsafeMutablePointer<ac_path_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let elements = try keyframeValue(box, animation, index, .path)?.path?.elements.map(\.cValue) ?? []
            try outputList(elements, into: outElements, capacity: capacity, outCount: outCount, "out_elements")
        }
    }
}

@_cdecl("ac_animation_get_keyframe_numbers")
public func ac_animation_get_keyframe_numbers(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ index: Int, _ outNumbers: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let numbers = try keyframeValue(box, animation, index, .numbers)?.numbers ?? []
            try outputList(numbers, into: outNumbers, capacity: capacity, outCount: outCount, "out_numbers")
        }
    }
}

@_cdecl("ac_animation_get_keyframe_colors")
public func ac_animation_get_keyframe_colors(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ index: Int, _ outRGBA: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let colours = try keyframeValue(box, animation, index, .colors)?.colors ?? []
            try outputColors(colours, into: outRGBA, capacity: capacity, outCount: outCount)
        }
    }
}
