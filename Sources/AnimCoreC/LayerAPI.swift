import AnimCore
import CAnimCore

// The layers section of animcore.h: life, values, batch reads, snapshots, display, delegates.

@_cdecl("ac_layer_create")
public func ac_layer_create(
    _ engine: OpaquePointer?, _ layerClass: ac_class, _ outLayer: UnsafeMutablePointer<ac_layer>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let id = LayerClassID(rawValue: layerClass)
            let out = try required(outLayer, "out_layer")
            out.pointee = try core(ErrorArguments(handle: "layer_class", other: "layer_class")) { () throws(AnimCoreError) in
                try box.engine.makeLayerHandle(id)
            }.rawValue
        }
    }
}

@_cdecl("ac_layer_retain")
public func ac_layer_retain(_ engine: OpaquePointer?, _ layer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.retain(LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_release")
public func ac_layer_release(_ engine: OpaquePointer?, _ layer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard layer != 0 else { return }
            try core { () throws(AnimCoreError) in try box.engine.release(LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_class")
public func ac_layer_class(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outClass: UnsafeMutablePointer<ac_class>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outClass, "out_class")
            let id = try core { () throws(AnimCoreError) in try box.engine.layerClass(of: LayerID(rawValue: layer)) }
            out.pointee = id.rawValue
        }
    }
}

// MARK: Values

/// Sets a model value; the core checks it (kind, finite numbers, timing ranges).
@inline(__always)
private func setModelValue(_ box: EngineBox, _ layer: ac_layer, _ key: ac_key, _ value: Value) throws(APIError) {
    try core(ErrorArguments(other: "value")) { () throws(AnimCoreError) in
        try box.engine.setValue(value, forKey: PropertyKey(key), of: LayerID(rawValue: layer))
    }
}

/// Reads the model (or presentation) value at `key` into `value` (every field set); an
/// undeclared key never set is UNKNOWN_KEY. No `Value` is made on the way.
@inline(__always)
private func readValue(
    _ box: EngineBox, _ layer: ac_layer, _ key: ac_key, presentation: Bool, into value: inout ac_value
) throws(APIError) {
    let result: Result<ValueKind?, AnimCoreError> = withUnsafeMutablePointer(to: &value.v) { tuple in
        tuple.withMemoryRebound(to: Double.self, capacity: ValueKind.maximumSlotCount) { slots in
            do throws(AnimCoreError) {
                return .success(try box.engine.readValue(
                    forKey: PropertyKey(key), of: LayerID(rawValue: layer), presentation: presentation, into: slots))
            } catch {
                return .failure(error)
            }
        }
    }
    let kind: ValueKind?
    switch result {
    case .success(let found): kind = found
    case .failure(let error): throw APIError(error, arguments: .layer)
    }
    guard let kind else {
        throw APIError(
            AC_ERR_UNKNOWN_KEY,
            "key \"\(box.name(of: key) ?? "\(key)")\" is not declared by the layer's class and was never set on it")
    }
    value.finish(kind)
}

extension ac_value {
    /// Completes a value whose v[] holds `kind`'s slots as the engine stores them: the kind set,
    /// bit-pattern kinds moved to i, every unused field 0.
    @inline(__always)
    mutating func finish(_ kind: ValueKind) {
        self.kind = kind.rawValue
        reserved = 0
        let count = kind.slotCount
        let bits: UInt64? = kind.storesBitPatterns ? v.0.bitPattern : nil
        withUnsafeMutablePointer(to: &v) { tuple in
            tuple.withMemoryRebound(to: Double.self, capacity: ValueKind.maximumSlotCount) { slots in
                let firstUnused = bits == nil ? count : 0
                for index in firstUnused..<ValueKind.maximumSlotCount { slots[index] = 0 }
            }
        }
        switch kind {
        case .bool: i = bits.unsafelyUnwrapped != 0 ? 1 : 0
        case .integer, .token: i = Int64(bitPattern: bits.unsafelyUnwrapped)
        default: i = 0
        }
    }
}

/// The scalar at `key`, or WRONG_KIND naming the key's kind.
@inline(__always)
private func readScalar(_ box: EngineBox, _ layer: ac_layer, _ key: ac_key, presentation: Bool) throws(APIError) -> Double {
    var value = ac_value()
    try readValue(box, layer, key, presentation: presentation, into: &value)
    guard value.kind == ValueKind.scalar.rawValue else {
        let kind = ValueKind(rawValue: value.kind)?.name ?? "another kind of"
        throw APIError(
            AC_ERR_WRONG_KIND,
            "key \"\(box.name(of: key) ?? "\(key)")\" holds \(kind) values, not scalar; use ac_layer_get_value")
    }
    return value.v.0
}

@_cdecl("ac_layer_set_value")
public func ac_layer_set_value(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ value: UnsafePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let converted = try Value(value, "value", checkingFinite: false)
            try setModelValue(box, layer, key, converted)
        }
    }
}

@_cdecl("ac_layer_get_value")
public func ac_layer_get_value(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ outValue: UnsafeMutablePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outValue, "out_value")
            var value = ac_value()
            try readValue(box, layer, key, presentation: false, into: &value)
            out.pointee = value
        }
    }
}

@_cdecl("ac_layer_get_presentation_value")
public func ac_layer_get_presentation_value(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ outValue: UnsafeMutablePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outValue, "out_value")
            var value = ac_value()
            try readValue(box, layer, key, presentation: true, into: &value)
            out.pointee = value
        }
    }
}

@_cdecl("ac_layer_get_presentation_velocity")
public func ac_layer_get_presentation_velocity(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ outVelocity: UnsafeMutablePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outVelocity, "out_velocity")
            let name = try box.checkedName(of: key)
            let velocity = try core(ErrorArguments(key: "key", value: "key")) { () throws(AnimCoreError) in
                try box.engine.presentationVelocity(forKeyPath: name, of: LayerID(rawValue: layer))
            }
            out.pointee = velocity.cValue
        }
    }
}

@_cdecl("ac_layer_set_scalar")
public func ac_layer_set_scalar(_ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ value: Double) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core(ErrorArguments(other: "value")) { () throws(AnimCoreError) in
                try box.engine.setScalar(value, forKey: PropertyKey(key), of: LayerID(rawValue: layer))
            }
        }
    }
}

@_cdecl("ac_layer_get_scalar")
public func ac_layer_get_scalar(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ outValue: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outValue, "out_value")
            out.pointee = try readScalar(box, layer, key, presentation: false)
        }
    }
}

@_cdecl("ac_layer_get_presentation_scalar")
public func ac_layer_get_presentation_scalar(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: ac_key, _ outValue: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outValue, "out_value")
            out.pointee = try readScalar(box, layer, key, presentation: true)
        }
    }
}

// MARK: Batch and snapshot

/// The kind a batch call works on: layers[0]'s value at `key` (an error names `naming`,
/// layers[0] by default).
private func batchKind(
    _ box: EngineBox, _ first: ac_layer, _ key: ac_key, presentation: Bool, naming: String = "layers[0]"
) throws(APIError) -> ValueKind? {
    var value = ac_value()
    do throws(APIError) {
        try readValue(box, first, key, presentation: presentation, into: &value)
    } catch {
        throw APIError(Int(error.status), naming + ": " + error.message)
    }
    return ValueKind(rawValue: value.kind)
}

/// A batch read's numbers of a bool, integer or token kind, stored as bit patterns, as the
/// doubles the C API gives: `count` values `stride` apart from `slots`.
private func convertBitPatterns(_ kind: ValueKind, _ slots: UnsafeMutablePointer<Double>, count: Int, stride: Int) {
    guard kind.storesBitPatterns else { return }
    for index in 0..<count {
        let bits = slots[index * stride].bitPattern
        slots[index * stride] = switch kind {
        case .bool: bits != 0 ? 1 : 0
        case .token: Double(bits)
        default: Double(Int64(bitPattern: bits))
        }
    }
}

@_cdecl("ac_layers_get_presentation")
public func ac_layers_get_presentation(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ outSlots: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outStride: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let strideOut = try required(outStride, "out_stride")
            let total = try sizeArgument(count, "count")
            let room = try sizeArgument(capacity, "capacity")
            guard total > 0 else {
                strideOut.pointee = 0
                return
            }
            guard let layers else { throw .nullPointer("layers") }
            try withUnsafePointer(to: key) { (key) throws(APIError) in
                try readPresentationRows(
                    box, layers, count: total, keys: UnsafeBufferPointer(start: key, count: 1), room: room, outSlots: outSlots,
                    strideOut: strideOut, outColumns: nil, keyName: { _ in nil })
            }
        }
    }
}

/// The batch reads' common part, after their own checks: the kinds layers[0] holds at `keys`,
/// the row's stride and each key's column, the room in `out_slots`, the read, and bool, integer
/// and token numbers as the C API gives them. `keyName(k)` names key k in messages (nil: none,
/// the one-key read's).
private func readPresentationRows(
    _ box: EngineBox, _ layers: UnsafePointer<ac_layer>, count total: Int, keys: UnsafeBufferPointer<ac_key>, room: Int,
    outSlots: UnsafeMutablePointer<Double>?, strideOut: UnsafeMutablePointer<Int>, outColumns: UnsafeMutablePointer<Int>?,
    keyName: (Int) -> String?
) throws(APIError) {
    func naming(_ layer: String, _ key: Int) -> String { keyName(key).map { "\(layer), \($0)" } ?? layer }
    var kinds: [ValueKind] = []
    kinds.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
        guard let kind = try batchKind(box, layers[0], key, presentation: true, naming: naming("layers[0]", index)) else { return }
        kinds.append(kind)
    }
    var stride = 0
    for (index, kind) in kinds.enumerated() {
        outColumns?[index] = stride
        stride += kind.slotCount
    }
    strideOut.pointee = stride
    let (needed, overflow) = total.multipliedReportingOverflow(by: stride)
    guard !overflow, room >= needed else {
        throw .bufferTooSmall("out_slots", capacity: room, needed: overflow ? Int.max : needed)
    }
    let out = try required(outSlots, "out_slots")
    // LayerID and PropertyKey are single integers: the handles and keys as they are.
    let propertyKeys = keys.map { PropertyKey($0) }
    let failure: BatchReadFailure? = layers.withMemoryRebound(to: LayerID.self, capacity: total) { handles in
        propertyKeys.withUnsafeBufferPointer { propertyKeys in
            kinds.withUnsafeBufferPointer { kinds in
                do throws(BatchReadFailure) {
                    try box.engine.readPresentationTable(
                        forKeys: propertyKeys, of: UnsafeBufferPointer(start: handles, count: total), expecting: kinds, into: out)
                    return nil
                } catch {
                    return error
                }
            }
        }
    }
    if let failure {
        throw APIError(failure.error, argument: failure.key >= 0 ? naming("layers[\(failure.index)]", failure.key) : "layers[\(failure.index)]")
    }
    var column = 0
    for kind in kinds {
        convertBitPatterns(kind, out + column, count: total, stride: stride)
        column += kind.slotCount
    }
}

@_cdecl("ac_layers_get_presentation_table")
public func ac_layers_get_presentation_table(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ keys: UnsafePointer<ac_key>?,
    _ keyCount: Int, _ outSlots: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outStride: UnsafeMutablePointer<Int>?,
    _ outColumns: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let strideOut = try required(outStride, "out_stride")
            let total = try sizeArgument(count, "count")
            let room = try sizeArgument(capacity, "capacity")
            let columnCount = try sizeArgument(keyCount, "key_count")
            guard columnCount <= Int(AC_PRESENTATION_TABLE_MAX_KEYS) else {
                throw APIError(
                    AC_ERR_OUT_OF_RANGE, "key_count is \(columnCount); it must be at most \(AC_PRESENTATION_TABLE_MAX_KEYS)")
            }
            guard total > 0 && columnCount > 0 else {
                strideOut.pointee = 0
                if let outColumns { outColumns.update(repeating: 0, count: columnCount) }
                return
            }
            guard let layers else { throw .nullPointer("layers") }
            guard let keys else { throw .nullPointer("keys") }
            try readPresentationRows(
                box, layers, count: total, keys: UnsafeBufferPointer(start: keys, count: columnCount), room: room,
                outSlots: outSlots, strideOut: strideOut, outColumns: outColumns, keyName: { "keys[\($0)]" })
        }
    }
}

@_cdecl("ac_layers_set_value")
public func ac_layers_set_value(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<ac_layer>?, _ count: Int, _ key: ac_key,
    _ slots: UnsafePointer<Double>?, _ stride: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let total = try sizeArgument(count, "count")
            guard total > 0 else { return }
            guard let layers else { throw .nullPointer("layers") }
            guard let kind = try batchKind(box, layers[0], key, presentation: false) else { return }
            guard stride == kind.slotCount else {
                throw APIError(
                    AC_ERR_INVALID_ARGUMENT,
                    "stride is \(stride); the key holds \(kind.name) values, \(kind.slotCount) number(s) each")
            }
            guard let numbers = slots else { throw .nullPointer("slots") }
            let failure: BatchWriteFailure? = layers.withMemoryRebound(to: LayerID.self, capacity: total) { handles in
                do throws(BatchWriteFailure) {
                    try box.engine.setValues(
                        forKey: PropertyKey(key), of: UnsafeBufferPointer(start: handles, count: total), kind: kind,
                        from: numbers)
                    return nil
                } catch {
                    return error
                }
            }
            guard let failure else { return }
            let isValue = failure.error.code == .notFinite || failure.error.code == .outOfRange
            throw APIError(
                failure.error,
                argument: isValue
                    ? "slots[\(failure.index * stride)] (layers[\(failure.index)]'s value)" : "layers[\(failure.index)]")
        }
    }
}

@_cdecl("ac_layer_snapshot")
public func ac_layer_snapshot(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ presentation: Int32,
    _ outValues: UnsafeMutablePointer<ac_property_value>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let countOut = try required(outCount, "out_count")
            let room = try sizeArgument(capacity, "capacity")
            let properties = try core { () throws(AnimCoreError) in
                try box.engine.snapshot(of: LayerID(rawValue: layer), presentation: presentation != 0)
            }
            countOut.pointee = properties.count
            guard room >= properties.count else {
                throw APIError(
                    AC_ERR_BUFFER_TOO_SMALL,
                    "out_values holds \(room) properties but the layer has \(properties.count)")
            }
            guard !properties.isEmpty else { return }
            let out = try required(outValues, "out_values")
            for (index, property) in properties.enumerated() {
                out[index] = ac_property_value(
                    key: property.key.raw, reserved: 0, value: property.value.cValue)
            }
        }
    }
}

// MARK: Display

@_cdecl("ac_layer_set_needs_display")
public func ac_layer_set_needs_display(_ engine: OpaquePointer?, _ layer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.setNeedsDisplay(LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_needs_display")
public func ac_layer_needs_display(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outNeedsDisplay: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outNeedsDisplay, "out_needs_display")
            out.pointee = try core { () throws(AnimCoreError) in
                try box.engine.needsDisplay(LayerID(rawValue: layer))
            } ? 1 : 0
        }
    }
}

@_cdecl("ac_layer_set_delegate")
public func ac_layer_set_delegate(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ delegate: UnsafePointer<ac_layer_delegate>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let id = LayerID(rawValue: layer)
            // Only the display handler: the delegate's action callback is set apart
            // (ac_layer_set_action_callback) and stays.
            guard let delegate else {
                try core { () throws(AnimCoreError) in try box.engine.setDelegateDisplayHandler(nil, for: id) }
                return
            }
            try checkStructSize(delegate, expected: MemoryLayout<ac_layer_delegate>.size, "delegate")
            let raw = delegate.pointee
            guard raw.reserved == 0 else {
                throw APIError(AC_ERR_INVALID_ARGUMENT, "delegate->reserved is \(raw.reserved); it must be 0")
            }
            let callback = raw.display.map {
                DisplayCallback($0, engine: box.pointer, userData: raw.user_data, destroy: raw.destroy)
            }
            do throws(AnimCoreError) {
                try box.engine.setDelegateDisplayHandler(callback?.handler, for: id)
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: .layer)
            }
            // No callback: the registration ends at once.
            if raw.display == nil, let destroy = raw.destroy { destroy(raw.user_data) }
        }
    }
}
