import AnimCore
import CAnimCore

// The transactions section of animcore.h: per-thread CATransaction stacks, their settings,
// key-value pairs and completions.

/// A transaction completion (also an animation block's).
final class CompletionCallback: CallbackRegistration, @unchecked Sendable {
    let function: ac_completion_fn
    let engine: OpaquePointer

    init(_ function: ac_completion_fn, engine: OpaquePointer, userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.function = function
        self.engine = engine
        super.init(userData: userData, destroy: destroy)
    }

    /// The core completion calling this callback. The engine drops it once it has run (or when
    /// the engine goes), which ends the registration.
    var completion: TransactionCompletion {
        TransactionCompletion { [self] _, finished in
            function(engine, finished ? 1 : 0, userData)
        }
    }
}

/// A 0/1 flag argument, or OUT_OF_RANGE naming it.
func flagArgument(_ value: Int32, _ argument: @autoclosure () -> String) throws(APIError) -> Bool {
    guard value == 0 || value == 1 else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument()) is \(value); it must be 0 or 1")
    }
    return value == 1
}

/// Changes the calling thread's innermost transaction's settings; core errors name `argument`,
/// which stands for the settings' `field` in the core's messages ("animationDuration is 0.0"
/// → "duration_s is 0.0").
private func modifySettings(
    _ box: EngineBox, _ argument: String, field: String? = nil, _ change: (inout TransactionSettings) -> Void
) throws(APIError) {
    do throws(AnimCoreError) {
        try box.engine.setTransactionFields(change)
    } catch {
        if let field, let renamed = APIError(error, renaming: field, to: argument) { throw renamed }
        throw APIError(error, arguments: ErrorArguments(value: argument, other: argument))
    }
}

/// The calling thread's resolved settings.
private func settings(_ box: EngineBox) throws(APIError) -> TransactionSettings {
    try core { () throws(AnimCoreError) in try box.engine.transactionSettings() }
}

/// A transaction key argument: UTF-8, not empty, and not "animationTimingFunction" (which has
/// no value kind).
private func transactionKey(_ key: UnsafePointer<CChar>?) throws(APIError) -> String {
    let name = try utf8String(key, "key")
    guard !name.isEmpty else { throw APIError(AC_ERR_UNKNOWN_KEY, "key is \"\"; a transaction value needs a key") }
    guard name != "animationTimingFunction" else {
        throw APIError(
            AC_ERR_INVALID_ARGUMENT,
            "key is \"animationTimingFunction\"; a timing function is no ac_value: use ac_transaction_set_timing_function / ac_transaction_timing_function")
    }
    return name
}

// MARK: Begin, commit, flush

@_cdecl("ac_transaction_begin")
public func ac_transaction_begin(_ engine: OpaquePointer?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.beginTransaction() }
        }
    }
}

@_cdecl("ac_transaction_commit")
public func ac_transaction_commit(_ engine: OpaquePointer?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.commitTransaction() }
        }
    }
}

@_cdecl("ac_transaction_flush")
public func ac_transaction_flush(_ engine: OpaquePointer?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.flush() }
        }
    }
}

// MARK: Settings

@_cdecl("ac_transaction_set_animation_duration")
public func ac_transaction_set_animation_duration(_ engine: OpaquePointer?, _ duration: Double) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try modifySettings(box, "duration_s", field: "animationDuration") { $0.animationDuration = duration }
        }
    }
}

@_cdecl("ac_transaction_animation_duration")
public func ac_transaction_animation_duration(
    _ engine: OpaquePointer?, _ outDuration: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outDuration, "out_duration_s")
            let resolved = try settings(box)
            out.pointee = resolved.animationDuration ?? 0.25
        }
    }
}

@_cdecl("ac_transaction_set_timing_function")
public func ac_transaction_set_timing_function(
    _ engine: OpaquePointer?, _ function: UnsafePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let curve = try storedFunction(function)
            try modifySettings(box, "function") { $0.storedTimingFunction = curve }
        }
    }
}

@_cdecl("ac_transaction_timing_function")
public func ac_transaction_timing_function(
    _ engine: OpaquePointer?, _ outFunction: UnsafeMutablePointer<ac_timing_function>?,
    _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outFunction, "out_function")
            let isSet = try required(outIsSet, "out_is_set")
            let curve = try settings(box).timingFunction
            out.pointee = (curve ?? TimingFunction.linear).cValue
            isSet.pointee = curve == nil ? 0 : 1
        }
    }
}

@_cdecl("ac_transaction_set_disable_actions")
public func ac_transaction_set_disable_actions(_ engine: OpaquePointer?, _ disable: Int32) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let on = try flagArgument(disable, "disable")
            try modifySettings(box, "disable") { $0.disableActions = on }
        }
    }
}

@_cdecl("ac_transaction_disable_actions")
public func ac_transaction_disable_actions(_ engine: OpaquePointer?, _ outDisable: UnsafeMutablePointer<Int32>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outDisable, "out_disable")
            out.pointee = try settings(box).disableActions ?? false ? 1 : 0
        }
    }
}

@_cdecl("ac_transaction_set_additive")
public func ac_transaction_set_additive(_ engine: OpaquePointer?, _ additive: Int32) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let on = try flagArgument(additive, "additive")
            try modifySettings(box, "additive") { $0.additiveImplicitAnimations = on }
        }
    }
}

@_cdecl("ac_transaction_additive")
public func ac_transaction_additive(_ engine: OpaquePointer?, _ outAdditive: UnsafeMutablePointer<Int32>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outAdditive, "out_additive")
            out.pointee = try settings(box).additiveImplicitAnimations ?? false ? 1 : 0
        }
    }
}

@_cdecl("ac_transaction_set_spring")
public func ac_transaction_set_spring(_ engine: OpaquePointer?, _ spring: UnsafePointer<ac_spring>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            // NULL: none (the enclosing transaction's is read again). The core checks the fields
            // (once, with the settings); their messages get the C names.
            let parameters = try spring.map { (pointer) throws(APIError) in try Spring(fieldsOf: pointer, "spring") }
            do throws(AnimCoreError) {
                try box.engine.setTransactionFields { $0.spring = parameters }
            } catch where error.code == .notFinite || error.code == .outOfRange {
                throw APIError(spring: error, "spring")
            } catch {
                throw APIError(error, arguments: ErrorArguments(value: "spring", other: "spring"))
            }
        }
    }
}

@_cdecl("ac_transaction_spring")
public func ac_transaction_spring(
    _ engine: OpaquePointer?, _ outSpring: UnsafeMutablePointer<ac_spring>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outSpring, "out_spring")
            try checkStructSize(out, expected: MemoryLayout<ac_spring>.size, "out_spring")
            let isSet = try required(outIsSet, "out_is_set")
            let spring = try settings(box).spring
            out.pointee = (spring ?? Spring()).cValue
            isSet.pointee = spring == nil ? 0 : 1
        }
    }
}

// MARK: Key-value pairs

@_cdecl("ac_transaction_set_value")
public func ac_transaction_set_value(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try transactionKey(key)
            let converted = try value.map { (pointer) throws(APIError) in try Value(pointer, "value") }
            try core(ErrorArguments(value: "value", other: "value")) { () throws(AnimCoreError) in
                try box.engine.setTransactionValue(converted, forKey: name)
            }
        }
    }
}

@_cdecl("ac_transaction_get_value")
public func ac_transaction_get_value(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ outValue: UnsafeMutablePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try transactionKey(key)
            let out = try required(outValue, "out_value")
            let value = try core { () throws(AnimCoreError) in try box.engine.transactionValue(forKey: name) }
            guard let value else {
                throw APIError(AC_ERR_UNKNOWN_KEY, "key \"\(name)\" was never set in this thread's transactions")
            }
            out.pointee = value.cValue
        }
    }
}

// MARK: Completions

@_cdecl("ac_transaction_add_completion")
public func ac_transaction_add_completion(
    _ engine: OpaquePointer?, _ function: ac_completion_fn?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard let function else {
                // No function: the registration ends at once.
                if let destroy { destroy(userData) }
                return
            }
            let callback = CompletionCallback(function, engine: box.pointer, userData: userData, destroy: destroy)
            do throws(AnimCoreError) {
                try box.engine.addCompletion(callback.completion)
            } catch {
                callback.disarm()
                throw APIError(error, arguments: .layer)
            }
        }
    }
}

// MARK: The host clock

/// A host clock: the engine calls it for the host's time now.
final class ClockCallback: CallbackRegistration, @unchecked Sendable {
    let function: ac_clock_fn

    init(_ function: ac_clock_fn, userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.function = function
        super.init(userData: userData, destroy: destroy)
    }

    /// The core clock calling this callback; the registration ends when the engine drops it.
    var clock: () -> Double {
        { [self] in function(userData) }
    }
}

@_cdecl("ac_engine_set_clock")
public func ac_engine_set_clock(
    _ engine: OpaquePointer?, _ function: ac_clock_fn?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let callback = function.map { ClockCallback($0, userData: userData, destroy: destroy) }
            do throws(AnimCoreError) {
                try box.engine.setClock(callback?.clock)
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: ErrorArguments(other: "clock"))
            }
        }
    }
}
