import AnimCore
import CAnimCore

// The geometry and hit testing section of animcore.h: translation only. The core checks every
// argument and names it in its message (the names given here are the header's); this file
// turns the C flags and arrays into Swift values and back.

/// Runs a geometry or render-list core call; its errors already name their argument ("point
/// is (nan, 0); ..."), but for the engine's own state, named "engine".
@inline(__always)
func geometryCore<R>(state: String = "engine", _ body: () throws(AnimCoreError) -> R) throws(APIError) -> R {
    do throws(AnimCoreError) {
        return try body()
    } catch {
        guard error.code == .invalidState else { throw APIError(field: error) }
        throw APIError(error, argument: error.concernsEngine ? "engine" : state)
    }
}

/// The `presentation` flag: 0 model values, 1 presentation values; anything else is refused.
@inline(__always)
func presentationFlag(_ flag: Int32) throws(APIError) -> Bool {
    guard flag == 0 || flag == 1 else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "presentation is \(flag); it must be 0 (model values) or 1 (presentation values)")
    }
    return flag == 1
}

/// A layer argument where 0 is the root space (CALayer's nil layer).
@inline(__always)
private func layerOrRoot(_ layer: ac_layer) -> LayerID? {
    layer == 0 ? nil : LayerID(rawValue: layer)
}

/// The point at `pointer` (x, y), or NULL_POINTER naming `argument`.
@inline(__always)
private func pointArgument(_ pointer: UnsafePointer<Double>?, _ argument: String) throws(APIError) -> Point {
    guard let pointer else { throw .nullPointer(argument) }
    return Point(x: pointer[0], y: pointer[1])
}

@_cdecl("ac_layer_matrix_to_superlayer")
public func ac_layer_matrix_to_superlayer(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32, _ outMatrix: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let out = try required(outMatrix, "out_matrix")
            try geometryCore { () throws(AnimCoreError) in
                try box.engine.matrixToSuperlayer(of: LayerID(rawValue: layer), presentation: flag)
            }.store(into: out)
        }
    }
}

@_cdecl("ac_layer_matrix_to_layer")
public func ac_layer_matrix_to_layer(
    _ engine: OpaquePointer?, _ fromLayer: ac_layer, _ toLayer: ac_layer, _ presentation: Int32,
    _ outMatrix: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let out = try required(outMatrix, "out_matrix")
            try geometryCore { () throws(AnimCoreError) in
                try box.engine.matrix(
                    from: layerOrRoot(fromLayer), to: layerOrRoot(toLayer), presentation: flag, names: ("from_layer", "to_layer"))
            }.store(into: out)
        }
    }
}

@_cdecl("ac_layer_convert_point")
public func ac_layer_convert_point(
    _ engine: OpaquePointer?, _ fromLayer: ac_layer, _ toLayer: ac_layer, _ presentation: Int32,
    _ point: UnsafePointer<Double>?, _ outPoint: UnsafeMutablePointer<Double>?, _ outMapped: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let input = try pointArgument(point, "point")
            let out = try required(outPoint, "out_point")
            let mapped = try required(outMapped, "out_mapped")
            let result = try geometryCore { () throws(AnimCoreError) in
                try box.engine.convert(
                    input, from: layerOrRoot(fromLayer), to: layerOrRoot(toLayer), presentation: flag,
                    names: ("point", "from_layer", "to_layer"))
            }
            out[0] = result?.x ?? .nan
            out[1] = result?.y ?? .nan
            mapped.pointee = result == nil ? 0 : 1
        }
    }
}

@_cdecl("ac_layer_convert_rect")
public func ac_layer_convert_rect(
    _ engine: OpaquePointer?, _ fromLayer: ac_layer, _ toLayer: ac_layer, _ presentation: Int32,
    _ rect: UnsafePointer<Double>?, _ outRect: UnsafeMutablePointer<Double>?, _ outMapped: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            guard let rect else { throw .nullPointer("rect") }
            let out = try required(outRect, "out_rect")
            let mapped = try required(outMapped, "out_mapped")
            let input = Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
            let result = try geometryCore { () throws(AnimCoreError) in
                try box.engine.convert(
                    input, from: layerOrRoot(fromLayer), to: layerOrRoot(toLayer), presentation: flag,
                    names: ("rect", "from_layer", "to_layer"))
            }
            out[0] = result?.origin.x ?? .nan
            out[1] = result?.origin.y ?? .nan
            out[2] = result?.size.width ?? .nan
            out[3] = result?.size.height ?? .nan
            mapped.pointee = result == nil ? 0 : 1
        }
    }
}

@_cdecl("ac_layer_hit_test")
public func ac_layer_hit_test(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32, _ point: UnsafePointer<Double>?,
    _ outHit: UnsafeMutablePointer<ac_layer>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let input = try pointArgument(point, "point")
            let out = try required(outHit, "out_hit")
            out.pointee = try geometryCore { () throws(AnimCoreError) in
                try box.engine.hitTest(input, in: LayerID(rawValue: layer), presentation: flag, names: ("point", "layer"))
            }?.rawValue ?? 0
        }
    }
}

@_cdecl("ac_layer_contains_point")
public func ac_layer_contains_point(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32, _ point: UnsafePointer<Double>?,
    _ outContains: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let input = try pointArgument(point, "point")
            let out = try required(outContains, "out_contains")
            out.pointee = try geometryCore { () throws(AnimCoreError) in
                try box.engine.contains(input, in: LayerID(rawValue: layer), presentation: flag, names: ("point", "layer"))
            } ? 1 : 0
        }
    }
}

@_cdecl("ac_layer_affine_transform")
public func ac_layer_affine_transform(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32, _ outAffine: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let out = try required(outAffine, "out_affine")
            let affine = try geometryCore { () throws(AnimCoreError) in
                try box.engine.affineTransform(of: LayerID(rawValue: layer), presentation: flag)
            }
            affine.store(into: out)
        }
    }
}

@_cdecl("ac_layer_set_affine_transform")
public func ac_layer_set_affine_transform(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ affine: UnsafePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard let affine else { throw .nullPointer("affine") }
            let transform = AffineTransform(a: affine[0], b: affine[1], c: affine[2], d: affine[3], tx: affine[4], ty: affine[5])
            do throws(AnimCoreError) {
                try box.engine.setAffineTransform(transform, of: LayerID(rawValue: layer), argument: "affine")
            } catch {
                // The core names a field ("affine.tx is nan; ..."); a bad handle is the layer's.
                switch error.code {
                case .badHandle: throw APIError(error, argument: "layer")
                case .invalidState: throw APIError(error, argument: error.concernsEngine ? "engine" : "layer")
                default: throw APIError(field: error)
                }
            }
        }
    }
}

@_cdecl("ac_layer_contents_are_flipped")
public func ac_layer_contents_are_flipped(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32, _ outFlipped: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let out = try required(outFlipped, "out_flipped")
            out.pointee = try geometryCore { () throws(AnimCoreError) in
                try box.engine.contentsAreFlipped(LayerID(rawValue: layer), presentation: flag)
            } ? 1 : 0
        }
    }
}
