import AnimCore
import CAnimCore

// The timing-function section of animcore.h.

@_cdecl("ac_timing_function_named")
public func ac_timing_function_named(
    _ name: UnsafePointer<CChar>?, _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        guard let name else { throw .nullPointer("name") }
        let out = try required(outFunction, "out_function")
        do throws(AnimCoreError) {
            out.pointee = try TimingFunction(named: String(cString: name)).cValue
        } catch {
            throw APIError(error, argument: "name")
        }
    }
}

@_cdecl("ac_timing_function_cubic_bezier")
public func ac_timing_function_cubic_bezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        do throws(AnimCoreError) {
            out.pointee = TimingFunction.cubicBezier(try UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)).cValue
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}

@_cdecl("ac_timing_function_steps")
public func ac_timing_function_steps(
    _ steps: Int32, _ position: Int32, _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        guard let stepPosition = StepPosition(rawValue: position) else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE, "position is \(position); it must be one of AC_STEP_JUMP_*")
        }
        do throws(AnimCoreError) {
            out.pointee = TimingFunction.steps(try StepsFunction(steps: Int(steps), position: stepPosition)).cValue
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}

@_cdecl("ac_timing_function_evaluate")
public func ac_timing_function_evaluate(
    _ function: UnsafePointer<ac_timing_function>?, _ x: Double, _ beforeFlag: Int32,
    _ outY: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        let input = try finite(x, "x")
        try required(outY, "out_y").pointee = curve.value(at: input, beforeFlag: beforeFlag != 0)
    }
}

@_cdecl("ac_timing_function_evaluate_batch")
public func ac_timing_function_evaluate_batch(
    _ function: UnsafePointer<ac_timing_function>?, _ xs: UnsafePointer<Double>?, _ count: Int,
    _ outYs: UnsafeMutablePointer<Double>?, _ outCapacity: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        guard count > 0 else { return }
        guard let xs else { throw .nullPointer("xs") }
        let out = try required(outYs, "out_ys")
        guard outCapacity >= count else {
            throw .bufferTooSmall("out_ys", capacity: outCapacity, needed: count)
        }
        for index in 0..<count {
            let x = xs[index]
            guard x.isFinite else { throw .notFinite("xs[\(index)]", x) }
            out[index] = curve.value(at: x)
        }
    }
}

@_cdecl("ac_timing_function_slope")
public func ac_timing_function_slope(
    _ function: UnsafePointer<ac_timing_function>?, _ x: Double,
    _ outSlope: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        let input = try finite(x, "x")
        try required(outSlope, "out_slope").pointee = curve.slope(at: input)
    }
}

@_cdecl("ac_timing_function_range")
public func ac_timing_function_range(
    _ function: UnsafePointer<ac_timing_function>?, _ outMin: UnsafeMutablePointer<Double>?,
    _ outMax: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        let low = try required(outMin, "out_min")
        let high = try required(outMax, "out_max")
        let range = curve.outputRange
        low.pointee = range.lowerBound
        high.pointee = range.upperBound
    }
}

@_cdecl("ac_timing_function_control_point")
public func ac_timing_function_control_point(
    _ function: UnsafePointer<ac_timing_function>?, _ index: Int32,
    _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        let x = try required(outX, "out_x")
        let y = try required(outY, "out_y")
        guard case .cubicBezier = curve else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "function is a steps function; it has no control points")
        }
        guard let point = curve.controlPoint(at: Int(index)) else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "index is \(index); it must be in [0, 3]")
        }
        x.pointee = point.x
        y.pointee = point.y
    }
}
