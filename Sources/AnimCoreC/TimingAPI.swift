import AnimCore
import CAnimCore

// The timing section of animcore.h.

@_cdecl("ac_timing_init_animation")
public func ac_timing_init_animation(_ timing: UnsafeMutablePointer<ac_timing>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try required(timing, "timing").pointee = MediaTiming.animationDefault.cValue
    }
}

@_cdecl("ac_timing_init_layer")
public func ac_timing_init_layer(_ timing: UnsafeMutablePointer<ac_timing>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try required(timing, "timing").pointee = MediaTiming.layerDefault.cValue
    }
}

@_cdecl("ac_timing_validate")
public func ac_timing_validate(_ timing: UnsafePointer<ac_timing>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        _ = try MediaTiming(timing, argument: "timing")
    }
}

@_cdecl("ac_timing_evaluate")
public func ac_timing_evaluate(
    _ timing: UnsafePointer<ac_timing>?, _ parentTime: Double,
    _ outState: UnsafeMutablePointer<ac_timing_state>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let media = try MediaTiming(timing, argument: "timing")
        let time = try timeArgument(parentTime, "parent_time_s")
        let state = try core(ErrorArguments(other: "timing")) { () throws(AnimCoreError) in
            try media.evaluate(atParentTime: time)
        }
        try state.store(into: outState, argument: "out_state")
    }
}

@_cdecl("ac_timing_progress")
public func ac_timing_progress(
    _ timing: UnsafePointer<ac_timing>?, _ function: UnsafePointer<ac_timing_function>?,
    _ parentTime: Double, _ outProgress: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let media = try MediaTiming(timing, argument: "timing")
        let curve = try optionalFunction(function)
        let time = try timeArgument(parentTime, "parent_time_s")
        let out = try required(outProgress, "out_progress")
        out.pointee = try core(ErrorArguments(other: "timing")) { () throws(AnimCoreError) in
            try media.easedProgress(atParentTime: time, function: curve)
        }
    }
}

@_cdecl("ac_timing_progress_batch")
public func ac_timing_progress_batch(
    _ timing: UnsafePointer<ac_timing>?, _ function: UnsafePointer<ac_timing_function>?,
    _ parentTimes: UnsafePointer<Double>?, _ count: Int,
    _ outProgress: UnsafeMutablePointer<Double>?, _ outCapacity: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let media = try MediaTiming(timing, argument: "timing")
        let curve = try optionalFunction(function)
        guard count > 0 else { return }
        guard let parentTimes else { throw .nullPointer("parent_times_s") }
        let out = try required(outProgress, "out_progress")
        guard outCapacity >= count else {
            throw .bufferTooSmall("out_progress", capacity: outCapacity, needed: count)
        }
        let input = UnsafeBufferPointer(start: parentTimes, count: count)
        let output = UnsafeMutableBufferPointer(start: out, count: count)
        let firstBad = try core(ErrorArguments(other: "timing")) { () throws(AnimCoreError) in
            try media.easedProgress(atParentTimes: input, function: curve, into: output)
        }
        if let bad = firstBad {
            _ = try timeArgument(input[bad], "parent_times_s[\(bad)]")
        }
    }
}

@_cdecl("ac_timing_chain_evaluate")
public func ac_timing_chain_evaluate(
    _ chain: UnsafePointer<ac_timing>?, _ count: Int, _ parentTime: Double,
    _ outState: UnsafeMutablePointer<ac_timing_state>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let timings = try timingArray(chain, count: count, argument: "chain")
        let time = try timeArgument(parentTime, "parent_time_s")
        let evaluated = try core(ErrorArguments(other: "chain")) { () throws(AnimCoreError) in
            try MediaTiming.evaluate(chain: timings, atParentTime: time)
        }
        guard let state = evaluated else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "count is 0; a chain needs at least one timing")
        }
        try state.store(into: outState, argument: "out_state")
    }
}

/// A timing function argument that may be NULL (meaning linear).
func optionalFunction(_ function: UnsafePointer<ac_timing_function>?) throws(APIError) -> TimingFunction? {
    try storedFunction(function).optional
}

/// `optionalFunction` in the form settings and descriptions store it.
func storedFunction(_ function: UnsafePointer<ac_timing_function>?) throws(APIError) -> StoredTimingFunction {
    guard let function else { return .unset }
    return .function(try TimingFunction(function, argument: "function"))
}

/// Reads and validates `count` C timings; errors name `argument[i]`.
func timingArray(_ pointer: UnsafePointer<ac_timing>?, count: Int, argument: String) throws(APIError) -> [MediaTiming] {
    guard count > 0 else { return [] }
    guard let pointer else { throw .nullPointer(argument) }
    var timings: [MediaTiming] = []
    timings.reserveCapacity(count)
    for index in 0..<count {
        timings.append(try MediaTiming(pointer + index, argument: "\(argument)[\(index)]"))
    }
    return timings
}
