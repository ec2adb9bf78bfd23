import AnimCore
import CAnimCore

// The path and array values part of the layers section of animcore.h: a layer's path, numbers
// and colors properties set and read as C arrays (an ac_value's fixed v[] cannot carry them).

/// Sets the model value at `key` to `value`, a path or array read from C (`pathValue`,
/// `numbersValue`, `colorsValue`: checked, messages naming `argument`, the C array).
private func setVariableValue(
    _ box: EngineBox, _ layer: ac_layer, _ key: ac_key, _ value: Value, _ argument: String
) throws(APIError) {
    try core(ErrorArguments(value: argument, other: argument)) { () throws(AnimCoreError) in
        try box.engine.setValue(value, forKey: PropertyKey(key), of: LayerID(rawValue: layer))
    }
}

/// `value` checked as the core checks it (`Value.checkElements`), so that messages name
/// `argument`, the C array.
private func checkedElements(_ value: Value, _ argument: String) throws(APIError) -> Value {
    do throws(AnimCoreError) {
        try value.checkElements(argument)
    } catch {
        throw APIError(error, argument: argument)
    }
    return value
}

/// The path of `count` C elements at `elements` (the argument `argument`), checked.
func pathValue(_ elements: UnsafePointer<ac_path_element>?, _ count: Int, _ argument: String) throws(APIError) -> Value {
    let list = try inputList(elements, count, argument, maximum: ValueKind.maximumElementCount)
    var converted: [Path.Element] = []
    converted.reserveCapacity(list.count)
    for (index, raw) in list.enumerated() { converted.append(try Path.Element(raw, "\(argument)[\(index)]")) }
    return try checkedElements(.path(Path(converted)), argument)
}

/// The array of `count` numbers at `numbers` (the argument `argument`), checked.
func numbersValue(_ numbers: UnsafePointer<Double>?, _ count: Int, _ argument: String) throws(APIError) -> Value {
    let list = try inputList(numbers, count, argument, maximum: ValueKind.maximumElementCount)
    return try checkedElements(.numbers(Array(list)), argument)
}

/// The array of `count` colours at `rgba`, 4 numbers each (the argument `argument`), checked.
func colorsValue(_ rgba: UnsafePointer<Double>?, _ count: Int, _ argument: String) throws(APIError) -> Value {
    let colours = try inputList(rgba, count, argument, maximum: ValueKind.maximumElementCount)
    // (count colours, 4 numbers each: the list's start, read 4 × count.)
    let numbers = count == 0 ? [] : Array(UnsafeBufferPointer(start: colours.baseAddress, count: 4 * count))
    let list = stride(from: 0, to: numbers.count, by: 4).map {
        Color(red: numbers[$0], green: numbers[$0 + 1], blue: numbers[$0 + 2], alpha: numbers[$0 + 3])
    }
    return try checkedElements(.colors(list), argument)
}

/// The model or presentation value at `key`, which must be of `kind` (WRONG_KIND, naming the
/// key and its kind, otherwise; UNKNOWN_KEY for an undeclared key never set).
private func variableValue(
    _ box: EngineBox, _ layer: ac_layer, _ key: ac_key, presentation: Int32, _ kind: ValueKind
) throws(APIError) -> Value {
    let shown = try flagArgument(presentation, "presentation")
    let value = try core { () throws(AnimCoreError) in
        shown
            ? try box.engine.presentationValue(forKey: PropertyKey(key), of: LayerID(rawValue: layer))
            : try box.engine.value(forKey: PropertyKey(key), of: LayerID(rawValue: layer))
    }
    guard let value else {
        throw APIError(AC_ERR_UNKNOWN_KEY, "key \"\(box.name(of: key) ?? "\(key)")\" is not declared and was never set")
    }
    guard value.kind == kind else {
        throw APIError(
            AC_ERR_WRONG_KIND,
            "key \"\(box.name(of: key) ?? "\(key)")\" holds \(value.kind.name) values, not \(kind.name)")
    }
    return value
}

@_cdecl("ac_layer_set_path")
public func ac_layer_set_path(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ elements: UnsafePointer<ac_path_element>?,
    _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try setVariableValue(box, layer, key, try pathValue(elements, count, "elements"), "elements")
        }
    }
}

@_cdecl("ac_layer_get_path")
public func ac_layer_get_path(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ presentation: Int32,
    _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let elements = try variableValue(box, layer, key, presentation: presentation, .path).path?.elements ?? []
            try outputList(elements.map(\.cValue), into: outElements, capacity: capacity, outCount: outCount, "out_elements")
        }
    }
}

@_cdecl("ac_layer_set_numbers")
public func ac_layer_set_numbers(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ numbers: UnsafePointer<Double>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try setVariableValue(box, layer, key, try numbersValue(numbers, count, "numbers"), "numbers")
        }
    }
}

@_cdecl("ac_layer_get_numbers")
public func ac_layer_get_numbers(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ presentation: Int32,
    _ outNumbers: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let numbers = try variableValue(box, layer, key, presentation: presentation, .numbers).numbers ?? []
            try outputList(numbers, into: outNumbers, capacity: capacity, outCount: outCount, "out_numbers")
        }
    }
}

@_cdecl("ac_layer_set_colors")
public func ac_layer_set_colors(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ rgba: UnsafePointer<Double>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try setVariableValue(box, layer, key, try colorsValue(rgba, count, "rgba"), "rgba")
        }
    }
}

@_cdecl("ac_layer_get_colors")
public func ac_layer_get_colors(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ presentation: Int32,
    _ outRGBA: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let colours = try variableValue(box, layer, key, presentation: presentation, .colors).colors ?? []
            try outputColors(colours, into: outRGBA, capacity: capacity, outCount: outCount)
        }
    }
}

/// Writes `colours` to the C array `outRGBA` (argument "out_rgba"), 4 doubles each: the list
/// rules (`outputList`) count colours.
func outputColors(
    _ colours: [Color], into outRGBA: UnsafeMutablePointer<Double>?, capacity: Int, outCount: UnsafeMutablePointer<Int>?
) throws(APIError) {
    typealias RGBA = (Double, Double, Double, Double)
    let items: [RGBA] = colours.map { ($0.red, $0.green, $0.blue, $0.alpha) }
    guard let outRGBA else {
        return try outputList(items, into: nil, capacity: capacity, outCount: outCount, "out_rgba")
    }
    try outRGBA.withMemoryRebound(to: RGBA.self, capacity: max(capacity, 0)) { (rebound) throws(APIError) in
        try outputList(items, into: rebound, capacity: capacity, outCount: outCount, "out_rgba")
    }
}
