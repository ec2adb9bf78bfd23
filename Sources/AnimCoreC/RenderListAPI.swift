import AnimCore
import CAnimCore

// The render list section of animcore.h, and CALayer's mask from the layer tree section:
// translation only, with the geometry section's flag and error helpers (GeometryAPI.swift). The core checks every handle and names it as the header does; the list's
// storage is handed to C as it is, `RenderEntry` being `ac_render_entry` byte for byte (checked
// once, below, before any pointer is handed out).

/// Whether `RenderEntry` has `ac_render_entry`'s size and field offsets.
private let entryLayoutMatches: Bool = {
    typealias Swift = MemoryLayout<RenderEntry>
    typealias C = MemoryLayout<ac_render_entry>
    // Every field, in order.
    let offsets: [(Int?, Int?)] = [
        (Swift.offset(of: \.layerID), C.offset(of: \.layer)), (Swift.offset(of: \.layerClass), C.offset(of: \.layer_class)),
        (Swift.offset(of: \.parent), C.offset(of: \.parent)), (Swift.offset(of: \.subtreeEnd), C.offset(of: \.subtree_end)),
        (Swift.offset(of: \.mask), C.offset(of: \.mask)), (Swift.offset(of: \.flags), C.offset(of: \.flags)),
        (Swift.offset(of: \.matrix), C.offset(of: \.matrix)), (Swift.offset(of: \.bounds), C.offset(of: \.bounds)),
        (Swift.offset(of: \.opacity), C.offset(of: \.opacity)), (Swift.offset(of: \.alpha), C.offset(of: \.alpha)),
        (Swift.offset(of: \.backgroundColor), C.offset(of: \.background_color)),
        (Swift.offset(of: \.borderColor), C.offset(of: \.border_color)),
        (Swift.offset(of: \.borderWidth), C.offset(of: \.border_width)),
        (Swift.offset(of: \.cornerRadius), C.offset(of: \.corner_radius)),
        (Swift.offset(of: \.shadowColor), C.offset(of: \.shadow_color)),
        (Swift.offset(of: \.shadowOpacity), C.offset(of: \.shadow_opacity)),
        (Swift.offset(of: \.shadowRadius), C.offset(of: \.shadow_radius)),
        (Swift.offset(of: \.shadowOffset), C.offset(of: \.shadow_offset)),
        (Swift.offset(of: \.contentsRect), C.offset(of: \.contents_rect)),
        (Swift.offset(of: \.contentsCenter), C.offset(of: \.contents_center)),
        (Swift.offset(of: \.contentsScale), C.offset(of: \.contents_scale)),
        (Swift.offset(of: \.contents), C.offset(of: \.contents)), (Swift.offset(of: \.gravity), C.offset(of: \.contents_gravity)),
        (Swift.offset(of: \.maskedCorners), C.offset(of: \.masked_corners)),
        (Swift.offset(of: \.instanceColor), C.offset(of: \.instance_color)),
        (Swift.offset(of: \.instanceTimeShift), C.offset(of: \.instance_time_shift)),
        (Swift.offset(of: \.instanceIndex), C.offset(of: \.instance_index)),
        (Swift.offset(of: \.reserved), C.offset(of: \.reserved)),
        (Swift.offset(of: \.transitionID), C.offset(of: \.transition_id)),
        (Swift.offset(of: \.transitionTypeRaw), C.offset(of: \.transition_type)),
        (Swift.offset(of: \.transitionSubtypeRaw), C.offset(of: \.transition_subtype)),
        (Swift.offset(of: \.transitionProgress), C.offset(of: \.transition_progress)),
        (Swift.offset(of: \.transitionOldOffset), C.offset(of: \.transition_old_offset)),
        (Swift.offset(of: \.transitionNewOffset), C.offset(of: \.transition_new_offset)),
        (Swift.offset(of: \.transitionOldAlpha), C.offset(of: \.transition_old_alpha)),
        (Swift.offset(of: \.transitionNewAlpha), C.offset(of: \.transition_new_alpha)),
        (Swift.offset(of: \.transitionLayeringRaw), C.offset(of: \.transition_layering)),
        (Swift.offset(of: \.transitionState), C.offset(of: \.transition_state)),
    ]
    return Swift.size == C.size && Swift.stride == C.stride && offsets.allSatisfy { $0.0 != nil && $0.0 == $0.1 }
}()

@_cdecl("ac_render_list_create")
public func ac_render_list_create(_ engine: OpaquePointer?, _ outList: UnsafeMutablePointer<ac_render_list>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outList, "out_list")
            guard entryLayoutMatches else {
                throw APIError(AC_ERR_INVALID_STATE, "this library's render entries do not have ac_render_entry's layout")
            }
            out.pointee = try geometryCore { () throws(AnimCoreError) in try box.engine.makeRenderList() }
        }
    }
}

@_cdecl("ac_render_list_destroy")
public func ac_render_list_destroy(_ engine: OpaquePointer?, _ list: ac_render_list) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try geometryCore { () throws(AnimCoreError) in try box.engine.destroyRenderList(list, argument: "list") }
        }
    }
}

@_cdecl("ac_render_list_fill")
public func ac_render_list_fill(
    _ engine: OpaquePointer?, _ list: ac_render_list, _ root: ac_layer, _ presentation: Int32,
    _ outEntries: UnsafeMutablePointer<UnsafePointer<ac_render_entry>?>?, _ outCount: UnsafeMutablePointer<Int>?,
    _ outDirtyRect: UnsafeMutablePointer<Double>?, _ outDirty: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let entries = try required(outEntries, "out_entries")
            let count = try required(outCount, "out_count")
            // The dirty rectangle is made only when asked for (`RenderList.dirtyRect`).
            let wantsDirty = outDirtyRect != nil || outDirty != nil
            let (base, number, dirty) = try geometryCore { () throws(AnimCoreError) in
                try box.engine.fillRenderList(list, from: LayerID(rawValue: root), presentation: flag, names: ("list", "root")) {
                    ($0.entryBase, $0.count, wantsDirty ? $0.dirtyRect : nil)
                }
            }
            entries.pointee = UnsafeRawPointer(base).assumingMemoryBound(to: ac_render_entry.self)
            count.pointee = number
            writeDirty(dirty, outDirtyRect, outDirty)
        }
    }
}

@_cdecl("ac_render_list_fill_into")
public func ac_render_list_fill_into(
    _ engine: OpaquePointer?, _ list: ac_render_list, _ root: ac_layer, _ presentation: Int32,
    _ entries: UnsafeMutablePointer<ac_render_entry>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?,
    _ outFill: UnsafeMutablePointer<UInt64>?, _ outDirtyRect: UnsafeMutablePointer<Double>?, _ outDirty: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let flag = try presentationFlag(presentation)
            let count = try required(outCount, "out_count")
            let room = try outputRoom(entries, capacity, "entries")
            let wantsDirty = outDirtyRect != nil || outDirty != nil
            let (number, fill, copied, dirty) = try geometryCore { () throws(AnimCoreError) in
                try box.engine.fillRenderList(list, from: LayerID(rawValue: root), presentation: flag, names: ("list", "root")) {
                    ($0.count, $0.fillNumber, copyEntries(of: $0, into: entries, capacity: room), wantsDirty ? $0.dirtyRect : nil)
                }
            }
            count.pointee = number
            outFill?.pointee = fill
            writeDirty(dirty, outDirtyRect, outDirty)
            guard copied else { throw .bufferTooSmall("entries", capacity: room, needed: number) }
        }
    }
}

@_cdecl("ac_render_list_copy")
public func ac_render_list_copy(
    _ engine: OpaquePointer?, _ list: ac_render_list, _ fill: UInt64,
    _ entries: UnsafeMutablePointer<ac_render_entry>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let count = try required(outCount, "out_count")
            let room = try outputRoom(entries, capacity, "entries")
            let (number, copied) = try geometryCore(state: "fill") { () throws(AnimCoreError) in
                try box.engine.withRenderList(list, fill: fill, names: ("list", "fill")) { list in
                    (list.count, copyEntries(of: list, into: entries, capacity: room))
                }
            }
            count.pointee = number
            guard copied else { throw .bufferTooSmall("entries", capacity: room, needed: number) }
        }
    }
}

/// Copies `list`'s entries into `entries` when `capacity` holds them (under the engine's
/// lock, so no other fill changes them meanwhile); whether it did.
private func copyEntries(of list: RenderList, into entries: UnsafeMutablePointer<ac_render_entry>?, capacity: Int) -> Bool {
    guard list.count <= capacity else { return false }
    list.withEntries { source in
        guard let base = source.baseAddress, let entries else { return }
        UnsafeMutableRawPointer(entries).copyMemory(from: base, byteCount: source.count * MemoryLayout<ac_render_entry>.stride)
    }
    return true
}

/// Writes a fill's dirty rectangle to the C outputs that are not NULL: the flag 1 and the
/// rectangle, or 0 and all zeros when nothing changed (or none was made).
private func writeDirty(_ dirty: Rect?, _ outDirtyRect: UnsafeMutablePointer<Double>?, _ outDirty: UnsafeMutablePointer<Int32>?) {
    outDirty?.pointee = dirty == nil ? 0 : 1
    if let outDirtyRect {
        let rect = dirty ?? Rect(x: 0, y: 0, width: 0, height: 0)
        (outDirtyRect[0], outDirtyRect[1], outDirtyRect[2], outDirtyRect[3]) = (rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
    }
}

@_cdecl("ac_layer_set_mask")
public func ac_layer_set_mask(_ engine: OpaquePointer?, _ layer: ac_layer, _ mask: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try geometryCore { () throws(AnimCoreError) in
                try box.engine.setMask(mask == 0 ? nil : LayerID(rawValue: mask), of: LayerID(rawValue: layer), names: ("layer", "mask"))
            }
        }
    }
}

@_cdecl("ac_layer_mask")
public func ac_layer_mask(_ engine: OpaquePointer?, _ layer: ac_layer, _ outMask: UnsafeMutablePointer<ac_layer>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outMask, "out_mask")
            out.pointee = try core { () throws(AnimCoreError) in try box.engine.mask(of: LayerID(rawValue: layer)) }?.rawValue ?? 0
        }
    }
}
