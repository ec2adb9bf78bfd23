import AnimCore
import CAnimCore

// The engine section of animcore.h.

@_cdecl("ac_engine_create")
public func ac_engine_create(
    _ config: UnsafePointer<ac_engine_config>?, _ outEngine: UnsafeMutablePointer<OpaquePointer?>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outEngine, "out_engine")
        var defaultDuration = 0.25
        var globalSpeed = 1.0
        if let config {
            try checkStructSize(config, expected: MemoryLayout<ac_engine_config>.size, "config")
            let raw = config.pointee
            guard raw.header_version_major == AC_VERSION_MAJOR else {
                throw APIError(
                    AC_ERR_VERSION_MISMATCH,
                    "config->header_version_major is \(raw.header_version_major); this library is version \(AC_VERSION_STRING) (major \(AC_VERSION_MAJOR))")
            }
            // (The core checks both.)
            defaultDuration = raw.default_duration_s
            globalSpeed = raw.global_speed
        }
        let engine = Engine()
        do throws(AnimCoreError) {
            try engine.setDefaultAnimationDuration(defaultDuration)
            try engine.setGlobalSpeed(globalSpeed)
        } catch {
            throw APIError(error, renaming: "duration", to: "config->default_duration_s")
                ?? APIError(error, renaming: "speed", to: "config->global_speed") ?? APIError(error, argument: "config")
        }
        guard let box = EngineRegistry.register({ pointer in
            EngineBox(engine: engine, pointer: pointer)
        }) else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE, "\(EngineRegistry.capacity) engines are alive already, the most there can be")
        }
        out.pointee = box.pointer
    }
}

@_cdecl("ac_engine_destroy")
public func ac_engine_destroy(_ engine: OpaquePointer?) -> ac_status {
    reportingStatus { () throws(APIError) in
        guard let engine else { return }
        guard let slot = EngineRegistry.enter(engine) else { throw badEngine(engine) }
        defer { EngineRegistry.leave(slot) }
        guard EngineRegistry.beginDestroying(slot) else {
            throw APIError(AC_ERR_BAD_HANDLE, "engine is \(String(describing: engine)); it is being destroyed already")
        }
        // Did-stop callbacks run now and may still use the engine; then every later call is
        // refused, and the last call to leave (this one, or the tick a callback destroyed the
        // engine from) drops the box, ending every callback registration.
        EngineRegistry.boxes[slot].unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.engine.invalidate() }
        EngineRegistry.retire(slot)
    }
}

@_cdecl("ac_engine_tick")
public func ac_engine_tick(_ engine: OpaquePointer?, _ now: Double) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            do throws(AnimCoreError) {
                try box.engine.tick(now)
            } catch {
                // now_s, or else a bad clock reading.
                throw APIError(error, renaming: "now", to: "now_s") ?? APIError(error, arguments: ErrorArguments(other: "clock"))
            }
        }
    }
}

@_cdecl("ac_engine_current_time")
public func ac_engine_current_time(_ engine: OpaquePointer?, _ outTime: UnsafeMutablePointer<Double>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try required(outTime, "out_time_s").pointee = box.engine.currentTime
        }
    }
}

@_cdecl("ac_engine_set_global_speed")
public func ac_engine_set_global_speed(_ engine: OpaquePointer?, _ speed: Double) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core(ErrorArguments(other: "speed")) { () throws(AnimCoreError) in try box.engine.setGlobalSpeed(speed) }
        }
    }
}

@_cdecl("ac_engine_global_speed")
public func ac_engine_global_speed(_ engine: OpaquePointer?, _ outSpeed: UnsafeMutablePointer<Double>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try required(outSpeed, "out_speed").pointee = box.engine.globalSpeed
        }
    }
}

@_cdecl("ac_engine_set_tick_threads")
public func ac_engine_set_tick_threads(_ engine: OpaquePointer?, _ count: Int32) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core(ErrorArguments(other: "count")) { () throws(AnimCoreError) in
                try box.engine.setTickThreadCount(Int(count))
            }
        }
    }
}

@_cdecl("ac_engine_tick_threads")
public func ac_engine_tick_threads(_ engine: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try required(outCount, "out_count").pointee = Int32(box.engine.tickThreadCount)
        }
    }
}
