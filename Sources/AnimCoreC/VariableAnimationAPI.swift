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
