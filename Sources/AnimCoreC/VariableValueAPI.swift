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

/// Reads the model (`presentation` 0) or presentation (1) value at `key` of `layer`, which
/// must be of `kind`, into the C array `out` (argument `argument`), counted in elements (path
/// elements, numbers or colours: `writeRun`), by the list rules: *out_count is always the
/// value's count, capacity < count is BUFFER_TOO_SMALL with nothing written. Copied straight
/// from the engine's store (`Engine.readVariableValue`); WRONG_KIND and UNKNOWN_KEY messages
/// name the key.
private func readVariable(
    _ box: EngineBox, _ layer: ac_layer, _ key: ac_key, presentation: Int32, _ kind: ValueKind,
    into out: UnsafeMutableRawPointer?, capacity: Int, outCount: UnsafeMutablePointer<Int>?, _ argument: String
) throws(APIError) {
    let shown = try flagArgument(presentation, "presentation")
    // (The argument checks come after the read's errors, as the other list reads order them.)
    let writable = outCount != nil && capacity >= 0 && (out != nil || capacity == 0)
    let count = try core(ErrorArguments(value: "key")) { () throws(AnimCoreError) in
        try box.engine.readVariableValue(
            forKey: PropertyKey(key), of: LayerID(rawValue: layer), presentation: shown, expecting: kind
        ) { run in
            if writable, run.elements <= capacity, let out { writeRun(run, kind, into: out, at: 0) }
            return run.elements
        }
    }
    let countOut = try required(outCount, "out_count")
    let room = try sizeArgument(capacity, "capacity")
    guard out != nil || room == 0 else { throw .nullPointer(argument) }
    countOut.pointee = count
    guard room >= count else { throw .bufferTooSmall(argument, capacity: room, needed: count) }
}

/// Copies a path or array value's memory into C memory from element `start` on: a path as
/// `ac_path_element`s (the store's type codes are the AC_PATH_* codes; unused points 0), an
/// array of numbers as doubles, colours as 4 doubles each (`start` counts colours).
func writeRun(_ run: VariableRun, _ kind: ValueKind, into out: UnsafeMutableRawPointer, at start: Int) {
    guard kind == .path else {
        let numbers = out.assumingMemoryBound(to: Double.self) + start * (kind == .colors ? 4 : 1)
        if let source = run.numbers { numbers.update(from: source, count: run.count) }
        return
    }
    let elements = out.assumingMemoryBound(to: ac_path_element.self) + start
    run.forEachElement { position, type, coordinates in
        var points: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        if let p = coordinates {
            switch VariableRun.coordinateCount(ofType: type) {
            case 2: points = (p[0], p[1], 0, 0, 0, 0)
            case 4: points = (p[0], p[1], p[2], p[3], 0, 0)
            case 6: points = (p[0], p[1], p[2], p[3], p[4], p[5])
            default: break
            }
        }
        elements[position] = ac_path_element(type: Int32(type), reserved: 0, points: points)
    }
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
            try readVariable(
                box, layer, key, presentation: presentation, .path, into: outElements.map { UnsafeMutableRawPointer($0) },
                capacity: capacity, outCount: outCount, "out_elements")
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
            try readVariable(
                box, layer, key, presentation: presentation, .numbers, into: outNumbers.map { UnsafeMutableRawPointer($0) },
                capacity: capacity, outCount: outCount, "out_numbers")
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
            try readVariable(
                box, layer, key, presentation: presentation, .colors, into: outRGBA.map { UnsafeMutableRawPointer($0) },
                capacity: capacity, outCount: outCount, "out_rgba")
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
