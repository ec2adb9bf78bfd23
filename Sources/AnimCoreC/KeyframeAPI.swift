import AnimCore
import CAnimCore

// The keyframe animations part of the animations section of animcore.h (CAKeyframeAnimation):
// creation, values, key times, per-segment timing functions, calculation mode, spline values
// and rotation mode. Each field is checked here with the core's own checks (so every language
// gets the same answer); the checks that need the whole description run when it is added.

extension EngineBox {
    /// Edits the keyframe parameters of a description; INVALID_ARGUMENT naming `field` for
    /// another kind.
    func updateKeyframe(
        _ handle: ac_animation, field: String, _ body: (inout KeyframeParameters) throws(APIError) -> Void
    ) throws(APIError) {
        try updateDescription(handle) { (animation) throws(APIError) in
            guard var keyframe = animation.keyframe else {
                throw .wrongAnimationKind(animation, "animation", field: field, belongsTo: .keyframe)
            }
            try body(&keyframe)
            animation.keyframe = keyframe
        }
    }

    /// The keyframe parameters of a description; INVALID_ARGUMENT naming `field` for another kind.
    func keyframe(_ handle: ac_animation, field: String) throws(APIError) -> KeyframeParameters {
        let animation = try description(handle)
        guard let keyframe = animation.keyframe else {
            throw .wrongAnimationKind(animation, "animation", field: field, belongsTo: .keyframe)
        }
        return keyframe
    }
}

/// Runs a core field check whose messages name the C argument.
@inline(__always)
private func checked(_ body: () throws(AnimCoreError) -> Void) throws(APIError) {
    do throws(AnimCoreError) {
        try body()
    } catch {
        throw APIError(field: error)
    }
}

@_cdecl("ac_animation_create_keyframe")
public func ac_animation_create_keyframe(
    _ engine: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    createDescription(engine, keyPath, outAnimation) { .keyframe($0) }
}

// MARK: Values

@_cdecl("ac_animation_set_values")
public func ac_animation_set_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ values: UnsafePointer<ac_value>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let list = try inputList(values, count, "values")
            var converted: [Value] = []
            converted.reserveCapacity(list.count)
            for (index, raw) in list.enumerated() { converted.append(try Value(raw, "values[\(index)]")) }
            try checked { () throws(AnimCoreError) in try KeyframeParameters.checkValues(converted, "values") }
            try box.updateKeyframe(animation, field: "values") { $0.values = converted }
        }
    }
}

@_cdecl("ac_animation_get_values")
public func ac_animation_get_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outValues: UnsafeMutablePointer<ac_value>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let values = try box.keyframe(animation, field: "values").values
            try outputList(values.map(\.cValue), into: outValues, capacity: capacity, outCount: outCount, "out_values")
        }
    }
}

// MARK: Key times

@_cdecl("ac_animation_set_key_times")
public func ac_animation_set_key_times(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ keyTimes: UnsafePointer<Double>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let times = Array(try inputList(keyTimes, count, "key_times"))
            try checked { () throws(AnimCoreError) in try KeyframeParameters.checkKeyTimes(times, "key_times") }
            try box.updateKeyframe(animation, field: "keyTimes") { $0.keyTimes = times.isEmpty ? nil : times }
        }
    }
}

@_cdecl("ac_animation_get_key_times")
public func ac_animation_get_key_times(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outKeyTimes: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let times = try box.keyframe(animation, field: "keyTimes").keyTimes ?? []
            try outputList(times, into: outKeyTimes, capacity: capacity, outCount: outCount, "out_key_times")
        }
    }
}

// MARK: Timing functions

@_cdecl("ac_animation_set_timing_functions")
public func ac_animation_set_timing_functions(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ functions: UnsafePointer<ac_timing_function>?,
    _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let list = try inputList(functions, count, "functions")
            var curves: [TimingFunction] = []
            curves.reserveCapacity(list.count)
            if let base = list.baseAddress {
                for index in 0..<list.count {
                    curves.append(try TimingFunction(base + index, argument: "functions[\(index)]"))
                }
            }
            try box.updateKeyframe(animation, field: "timingFunctions") {
                $0.timingFunctions = curves.isEmpty ? nil : curves
            }
        }
    }
}

@_cdecl("ac_animation_get_timing_functions")
public func ac_animation_get_timing_functions(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outFunctions: UnsafeMutablePointer<ac_timing_function>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let curves = try box.keyframe(animation, field: "timingFunctions").timingFunctions ?? []
            try outputList(curves.map(\.cValue), into: outFunctions, capacity: capacity, outCount: outCount, "out_functions")
        }
    }
}

// MARK: Calculation mode

/// A C calculation mode, or OUT_OF_RANGE naming `argument`.
private func calculationMode(_ mode: Int32, _ argument: String) throws(APIError) -> CalculationMode {
    guard let known = CalculationMode(rawValue: mode) else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument) is \(mode); it must be one of AC_CALCULATION_* (0...4)")
    }
    return known
}

@_cdecl("ac_animation_set_calculation_mode")
public func ac_animation_set_calculation_mode(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ mode: Int32
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let known = try calculationMode(mode, "mode")
            try box.updateKeyframe(animation, field: "calculationMode") { $0.calculationMode = known }
        }
    }
}

@_cdecl("ac_animation_get_calculation_mode")
public func ac_animation_get_calculation_mode(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outMode: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outMode, "out_mode")
            out.pointee = try box.keyframe(animation, field: "calculationMode").calculationMode.rawValue
        }
    }
}

/// The modes' names as static C strings, by raw value (never freed, never written).
private let calculationModeNames: [StaticString] = ["linear", "discrete", "paced", "cubic", "cubicPaced"]

@_cdecl("ac_calculation_mode_from_name")
public func ac_calculation_mode_from_name(
    _ name: UnsafePointer<CChar>?, _ outMode: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let text = try utf8String(name, "name")
        let out = try required(outMode, "out_mode")
        guard let mode = CalculationMode(name: text) else {
            throw APIError(
                AC_ERR_UNKNOWN_NAME,
                "name is \"\(text)\"; it must be \"linear\", \"discrete\", \"paced\", \"cubic\" or \"cubicPaced\"")
        }
        out.pointee = mode.rawValue
    }
}

@_cdecl("ac_calculation_mode_name")
public func ac_calculation_mode_name(
    _ mode: Int32, _ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let known = try calculationMode(mode, "mode")
        let out = try required(outName, "out_name")
        let name = calculationModeNames[Int(known.rawValue)]
        out.pointee = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

// MARK: Spline values

/// The spline list selector and its Core Animation name, or OUT_OF_RANGE.
private func splineField(_ which: Int32) throws(APIError) -> (WritableKeyPath<KeyframeParameters, [Double]?>, String) {
    switch which {
    case Int32(AC_SPLINE_TENSION): (\.tensionValues, "tensionValues")
    case Int32(AC_SPLINE_CONTINUITY): (\.continuityValues, "continuityValues")
    case Int32(AC_SPLINE_BIAS): (\.biasValues, "biasValues")
    default:
        throw APIError(AC_ERR_OUT_OF_RANGE, "which is \(which); it must be AC_SPLINE_TENSION, _CONTINUITY or _BIAS")
    }
}

@_cdecl("ac_animation_set_spline_values")
public func ac_animation_set_spline_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ values: UnsafePointer<Double>?,
    _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let (field, name) = try splineField(which)
            let numbers = Array(try inputList(values, count, "values"))
            try checked { () throws(AnimCoreError) in try KeyframeParameters.checkSplineValues(numbers, "values") }
            try box.updateKeyframe(animation, field: name) { $0[keyPath: field] = numbers.isEmpty ? nil : numbers }
        }
    }
}

@_cdecl("ac_animation_get_spline_values")
public func ac_animation_get_spline_values(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ outValues: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let (field, name) = try splineField(which)
            let numbers = try box.keyframe(animation, field: name)[keyPath: field] ?? []
            try outputList(numbers, into: outValues, capacity: capacity, outCount: outCount, "out_values")
        }
    }
}

// MARK: Rotation mode

@_cdecl("ac_animation_set_rotation_mode")
public func ac_animation_set_rotation_mode(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ mode: Int32
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let rotation: RotationMode?
            if mode == Int32(AC_ROTATION_NONE) {
                rotation = nil
            } else if let known = RotationMode(rawValue: mode) {
                rotation = known
            } else {
                throw APIError(
                    AC_ERR_OUT_OF_RANGE,
                    "mode is \(mode); it must be AC_ROTATION_NONE, AC_ROTATION_AUTO or AC_ROTATION_AUTO_REVERSE")
            }
            try box.updateKeyframe(animation, field: "rotationMode") { $0.rotationMode = rotation }
        }
    }
}

@_cdecl("ac_animation_get_rotation_mode")
public func ac_animation_get_rotation_mode(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outMode: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outMode, "out_mode")
            let rotation = try box.keyframe(animation, field: "rotationMode").rotationMode
            out.pointee = rotation?.rawValue ?? Int32(AC_ROTATION_NONE)
        }
    }
}
