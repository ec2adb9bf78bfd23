import AnimCore
import CAnimCore

// The layer-class section of animcore.h.

@_cdecl("ac_class_create")
public func ac_class_create(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ superclass: ac_class,
    _ properties: UnsafePointer<ac_property_desc>?, _ count: Int,
    _ outClass: UnsafeMutablePointer<ac_class>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let className = try utf8String(name, "name")
            let parent = LayerClassID(rawValue: superclass)
            let total = try sizeArgument(count, "count")
            let out = try required(outClass, "out_class")
            guard total == 0 || properties != nil else { throw .nullPointer("properties") }
            let inherited = try core(ErrorArguments(handle: "superclass")) { () throws(AnimCoreError) in
                try box.engine.properties(of: parent)
            }
            var taken = Set(inherited.map(\.name))
            var descriptors: [PropertyDescriptor] = []
            descriptors.reserveCapacity(total)
            for index in 0..<total {
                let argument = "properties[\(index)]"
                let pointer = properties.unsafelyUnwrapped + index
                try checkStructSize(pointer, expected: MemoryLayout<ac_property_desc>.size, argument)
                let raw = pointer.pointee
                for (field, flag) in [("animatable", raw.animatable), ("needs_display", raw.needs_display)]
                where flag != 0 && flag != 1 {
                    throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument).\(field) is \(flag); it must be 0 or 1")
                }
                guard raw.reserved == 0 else {
                    throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument).reserved is \(raw.reserved); it must be 0")
                }
                let propertyName = try utf8String(raw.name, "\(argument).name")
                guard !propertyName.isEmpty, !propertyName.contains("."), propertyName != "frame" else {
                    throw APIError(
                        AC_ERR_INVALID_ARGUMENT,
                        "\(argument).name is \"\(propertyName)\"; a property name must be non-empty, without dots and not \"frame\"")
                }
                guard taken.insert(propertyName).inserted else {
                    throw APIError(
                        AC_ERR_INVALID_ARGUMENT,
                        "\(argument).name is \"\(propertyName)\"; that property is already declared by the superclass or an earlier entry")
                }
                let value = try Value(raw.default_value, "\(argument).default_value")
                descriptors.append(
                    PropertyDescriptor(
                        propertyName, default: value, animatable: raw.animatable == 1,
                        needsDisplay: raw.needs_display == 1))
            }
            let id = try core(ErrorArguments(handle: "superclass", other: "name")) { () throws(AnimCoreError) in
                try box.engine.makeLayerClass(name: className, superclass: parent, properties: descriptors)
            }
            out.pointee = id.rawValue
        }
    }
}

@_cdecl("ac_class_find")
public func ac_class_find(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outClass: UnsafeMutablePointer<ac_class>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let className = try utf8String(name, "name")
            let out = try required(outClass, "out_class")
            let id = try core(ErrorArguments(other: "name")) { () throws(AnimCoreError) in
                try box.engine.layerClass(named: className)
            }
            out.pointee = id.rawValue
        }
    }
}

@_cdecl("ac_class_set_strict")
public func ac_class_set_strict(_ engine: OpaquePointer?, _ layerClass: ac_class, _ strict: Int32) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard strict == 0 || strict == 1 else {
                throw APIError(AC_ERR_INVALID_ARGUMENT, "strict is \(strict); it must be 0 or 1")
            }
            try core(ErrorArguments(handle: "layer_class")) { () throws(AnimCoreError) in
                try box.engine.setStrict(strict == 1, for: LayerClassID(rawValue: layerClass))
            }
        }
    }
}

@_cdecl("ac_class_set_display")
public func ac_class_set_display(
    _ engine: OpaquePointer?, _ layerClass: ac_class, _ function: ac_display_fn?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let id = LayerClassID(rawValue: layerClass)
            let callback = function.map {
                DisplayCallback($0, engine: box.pointer, userData: userData, destroy: destroy)
            }
            do throws(AnimCoreError) {
                try box.engine.setDisplayHandler(callback?.handler, for: id)
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: ErrorArguments(handle: "layer_class"))
            }
            // No function: the registration ends at once.
            if function == nil, let destroy { destroy(userData) }
        }
    }
}
