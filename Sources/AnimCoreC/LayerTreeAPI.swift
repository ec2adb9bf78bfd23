import AnimCore
import CAnimCore

// The layer tree and layer time section of animcore.h.

/// The argument a bad-handle error of a two-layer call is about: the first of them that is not
/// a live layer (checked again only on the error path). 0 is valid where `zeroIsValid` (absolute
/// time in convertTime).
private func badLayerArgument(_ box: EngineBox, _ candidates: [(ac_layer, String)], zeroIsValid: Bool = false) -> String {
    for (layer, argument) in candidates {
        if layer == 0 && zeroIsValid { continue }
        if !box.engine.isValid(LayerID(rawValue: layer)) { return argument }
    }
    return candidates.first?.1 ?? "layer"
}

/// Inserts child into parent (at index, nil = last); errors name parent or child.
private func insert(_ box: EngineBox, _ parent: ac_layer, _ child: ac_layer, at index: Int?) throws(APIError) {
    do throws(AnimCoreError) {
        if let index {
            try box.engine.insertSublayer(LayerID(rawValue: child), into: LayerID(rawValue: parent), at: index)
        } else {
            try box.engine.addSublayer(LayerID(rawValue: child), to: LayerID(rawValue: parent))
        }
    } catch {
        let argument = error.code == .badHandle
            ? badLayerArgument(box, [(parent, "parent"), (child, "child")]) : "child"
        throw APIError(error, argument: argument)
    }
}

@_cdecl("ac_layer_add_sublayer")
public func ac_layer_add_sublayer(_ engine: OpaquePointer?, _ parent: ac_layer, _ child: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try insert(box, parent, child, at: nil)
        }
    }
}

@_cdecl("ac_layer_insert_sublayer")
public func ac_layer_insert_sublayer(
    _ engine: OpaquePointer?, _ parent: ac_layer, _ child: ac_layer, _ index: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            // size_t beyond Int.max is past the end anyway: clamp.
            try insert(box, parent, child, at: index < 0 ? Int.max : index)
        }
    }
}

@_cdecl("ac_layer_remove_from_superlayer")
public func ac_layer_remove_from_superlayer(_ engine: OpaquePointer?, _ layer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.removeFromSuperlayer(LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_superlayer")
public func ac_layer_superlayer(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outSuperlayer: UnsafeMutablePointer<ac_layer>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outSuperlayer, "out_superlayer")
            out.pointee = try core { () throws(AnimCoreError) in
                try box.engine.superlayer(of: LayerID(rawValue: layer))
            }?.rawValue ?? 0
        }
    }
}

@_cdecl("ac_layer_sublayers")
public func ac_layer_sublayers(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outLayers: UnsafeMutablePointer<ac_layer>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let countOut = try required(outCount, "out_count")
            let room = try sizeArgument(capacity, "capacity")
            guard room == 0 || outLayers != nil else { throw .nullPointer("out_layers") }
            let sublayers = try core { () throws(AnimCoreError) in try box.engine.sublayers(of: LayerID(rawValue: layer)) }
            countOut.pointee = sublayers.count
            guard room >= sublayers.count else {
                throw APIError(
                    AC_ERR_BUFFER_TOO_SMALL, "out_layers holds \(room) layers but there are \(sublayers.count) sublayers")
            }
            for (index, sublayer) in sublayers.enumerated() { outLayers.unsafelyUnwrapped[index] = sublayer.rawValue }
        }
    }
}

// MARK: Time

@_cdecl("ac_layer_convert_time")
public func ac_layer_convert_time(
    _ engine: OpaquePointer?, _ time: Double, _ fromLayer: ac_layer, _ toLayer: ac_layer,
    _ outTime: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outTime, "out_time_s")
            let source = fromLayer == 0 ? nil : LayerID(rawValue: fromLayer)
            let destination = toLayer == 0 ? nil : LayerID(rawValue: toLayer)
            do throws(AnimCoreError) {
                out.pointee = try box.engine.convertTime(time, from: source, to: destination)
            } catch {
                if let renamed = APIError(error, renaming: "time", to: "time_s") { throw renamed }
                let argument = error.code == .badHandle
                    ? badLayerArgument(box, [(fromLayer, "from_layer"), (toLayer, "to_layer")], zeroIsValid: true) : "from_layer"
                throw APIError(error, argument: argument)
            }
        }
    }
}

@_cdecl("ac_layer_local_time")
public func ac_layer_local_time(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outTime: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outTime, "out_time_s")
            out.pointee = try core { () throws(AnimCoreError) in try box.engine.localTime(of: LayerID(rawValue: layer)) }
        }
    }
}
