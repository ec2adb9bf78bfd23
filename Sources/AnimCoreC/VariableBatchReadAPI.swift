import AnimCore
import CAnimCore

// The batch reads of the path and array values part of animcore.h: one key's presentation
// path, numbers or colours of many layers in one call, packed one after another with offsets;
// and the value store's counts.

/// How a batch read lays each layer's value out in C memory.
private enum BatchLayout {
    /// As the single reads do (`writeRun`), counted in elements: path elements, numbers or
    /// colours.
    case elements
    /// A path's coordinates alone, counted in numbers (`ac_layers_get_presentation_path_coordinates`):
    /// the store's run as it is, copied as an array of numbers is.
    case coordinates
}

/// The batch read of `kind` (`ac_layers_get_presentation_path` and its siblings): layer i's
/// value into `out[offsets[i] ..< offsets[i + 1]]`, laid out as `layout` says, copied
/// straight from the engine's store under one lock (numbers by `Engine.copyVariableNumbers`,
/// path elements by `Engine.readVariableValues`). Every offset is set even when `out` is too
/// small (BUFFER_TOO_SMALL; the layers that fit are written), so a caller sizes its buffer from
/// offsets[count]. Errors name layers[i] (`argument` for `out`).
private func readVariableBatch(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key, _ kind: ValueKind,
    _ layout: BatchLayout = .elements, into out: UnsafeMutableRawPointer?, capacity: Int,
    offsets outOffsets: UnsafeMutablePointer<Int>?, _ argument: String
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let offsets = try required(outOffsets, "out_offsets")
            let total = try sizeArgument(count, "count")
            let room = try sizeArgument(capacity, "capacity")
            offsets[0] = 0
            guard total > 0 else { return }
            guard let layers else { throw .nullPointer("layers") }
            guard out != nil || room == 0 else { throw .nullPointer(argument) }
            // LayerID is a single integer: the handles as they are.
            let read = layers.withMemoryRebound(to: LayerID.self, capacity: total) { start in
                let handles = UnsafeBufferPointer(start: start, count: total)
                return Result { () throws(BatchReadFailure) -> Int in
                    if kind == .path && layout == .elements {
                        return try readPathElements(box.engine, key, handles, into: out, capacity: room, offsets: offsets)
                    }
                    return try box.engine.copyVariableNumbers(
                        forKey: PropertyKey(key), of: handles, presentation: true, expecting: kind,
                        into: out?.assumingMemoryBound(to: Double.self), capacity: room, offsets: offsets)
                }
            }
            let end: Int
            switch read {
            case .success(let needed): end = needed
            case .failure(let failure):
                let named = failure.error.concernsEngine ? "engine" : "layers[\(failure.index)]"
                throw APIError(failure.error, argument: named)
            }
            guard end <= room else { throw .bufferTooSmall(argument, capacity: room, needed: end) }
        }
    }
}

/// The presentation paths of `layers` at `key` as `ac_path_element`s (`writeRun`) into `out`
/// (room for `capacity` elements), one after another; layer i's are
/// `offsets[i] ..< offsets[i + 1]`. Returns the elements all need.
private func readPathElements(
    _ engine: Engine, _ key: ac_key, _ layers: UnsafeBufferPointer<LayerID>, into out: UnsafeMutableRawPointer?,
    capacity: Int, offsets: UnsafeMutablePointer<Int>
) throws(BatchReadFailure) -> Int {
    var end = 0
    try engine.readVariableValues(forKey: PropertyKey(key), of: layers, presentation: true, expecting: .path) { index, run in
        // (Ends only grow: once a layer does not fit, none after it does.)
        if end + run.elements <= capacity, let out { writeRun(run, .path, into: out, at: end) }
        end += run.elements
        offsets[index + 1] = end
    }
    return end
}

@_cdecl("ac_layers_get_presentation_path")
public func ac_layers_get_presentation_path(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ outElements: UnsafeMutablePointer<ac_path_element>?, _ capacity: Int, _ outOffsets: UnsafeMutablePointer<Int>?
) -> ac_status {
    readVariableBatch(
        engine, layers, count, key, .path, into: outElements.map { UnsafeMutableRawPointer($0) }, capacity: capacity,
        offsets: outOffsets, "out_elements")
}

@_cdecl("ac_layers_get_presentation_path_coordinates")
public func ac_layers_get_presentation_path_coordinates(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ outNumbers: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outOffsets: UnsafeMutablePointer<Int>?
) -> ac_status {
    readVariableBatch(
        engine, layers, count, key, .path, .coordinates, into: outNumbers.map { UnsafeMutableRawPointer($0) },
        capacity: capacity, offsets: outOffsets, "out_numbers")
}

@_cdecl("ac_layers_get_presentation_numbers")
public func ac_layers_get_presentation_numbers(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ outNumbers: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outOffsets: UnsafeMutablePointer<Int>?
) -> ac_status {
    readVariableBatch(
        engine, layers, count, key, .numbers, into: outNumbers.map { UnsafeMutableRawPointer($0) }, capacity: capacity,
        offsets: outOffsets, "out_numbers")
}

@_cdecl("ac_layers_get_presentation_colors")
public func ac_layers_get_presentation_colors(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ outRGBA: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outOffsets: UnsafeMutablePointer<Int>?
) -> ac_status {
    readVariableBatch(
        engine, layers, count, key, .colors, into: outRGBA.map { UnsafeMutableRawPointer($0) }, capacity: capacity,
        offsets: outOffsets, "out_rgba")
}

@_cdecl("ac_engine_get_value_store_counts")
public func ac_engine_get_value_store_counts(
    _ engine: OpaquePointer?, _ outCounts: UnsafeMutablePointer<ac_value_store_counts>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outCounts, "out_counts")
            try checkStructSize(out, expected: MemoryLayout<ac_value_store_counts>.size, "out_counts")
            let counts = try core { () throws(AnimCoreError) in try box.engine.variableValueCounts() }
            out.pointee = ac_value_store_counts(
                struct_size: UInt32(MemoryLayout<ac_value_store_counts>.size), reserved: 0, values: counts.values,
                numbers: counts.numbers)
        }
    }
}
