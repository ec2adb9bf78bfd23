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
        let kind: String
        switch curve {
        case .cubicBezier: kind = ""
        case .steps: kind = "a steps function"
        case .piecewiseLinear: kind = "a linear() function"
        case .preset: kind = "a preset"
        }
        guard kind.isEmpty else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "function is \(kind), not a cubic bezier; it has no control points")
        }
        guard let point = curve.controlPoint(at: Int(index)) else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "index is \(index); it must be in [0, 3]")
        }
        x.pointee = point.x
        y.pointee = point.y
    }
}

@_cdecl("ac_timing_function_parse")
public func ac_timing_function_parse(
    _ text: UnsafePointer<CChar>?, _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        guard let text else { throw .nullPointer("text") }
        let out = try required(outFunction, "out_function")
        do throws(AnimCoreError) {
            try out.pointee = storable(TimingFunction(css: String(cString: text), argument: "text"))
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}

/// The C value of a function just made, refusing a linear() function the store has no room for.
private func storable(_ function: TimingFunction) throws(AnimCoreError) -> ac_timing_function {
    let value = function.cValue
    if case .piecewiseLinear = function, value.linear_id == 0 {
        throw AnimCoreError(
            .outOfRange,
            "the library holds \(LinearFunctionStore.capacity) distinct linear() functions, its most (AC_LINEAR_FUNCTIONS_MAX)")
    }
    return value
}

@_cdecl("ac_timing_function_linear")
public func ac_timing_function_linear(
    _ outputs: UnsafePointer<Double>?, _ inputs: UnsafePointer<Double>?, _ count: Int,
    _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        let pointCount = try sizeArgument(count, "count")
        guard pointCount <= LinearFunction.maximumPoints else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "count is \(pointCount); it must be at most AC_LINEAR_POINTS_MAX (\(LinearFunction.maximumPoints))")
        }
        guard let outputs else { throw .nullPointer("outputs") }
        let stops = (0..<pointCount).map { index in LinearStop(outputs[index], at: inputs.map { $0[index] }) }
        do throws(AnimCoreError) {
            out.pointee = try storable(.piecewiseLinear(LinearFunction(stops: stops)))
        } catch {
            // The core names stops[i].output / .input; C passes them as outputs[i] and inputs[i].
            throw APIError(error.code.status, cStopNames(error.message))
        }
    }
}

/// A core message about `stops` ("stops has 1 stops; ...", "stops[2].output is nan; ..."),
/// in the C call's names (count, outputs[2], inputs[2]).
private func cStopNames(_ message: String) -> String {
    let rest = message.dropFirst("stops".count)
    if rest.hasPrefix(" has ") {
        let count = rest.dropFirst(" has ".count).prefix { $0 != " " }
        return "count is \(count)" + rest.drop { $0 != ";" }
    }
    guard rest.hasPrefix("[") else { return message }
    let index = rest.dropFirst().prefix { $0 != "]" }
    let field = rest.dropFirst(index.count + 3)  // "[", the index, "]."
    return (field.hasPrefix("output") ? "outputs" : "inputs") + "[\(index)]" + field.drop { $0 != " " }
}

@_cdecl("ac_timing_function_linear_points")
public func ac_timing_function_linear_points(
    _ function: UnsafePointer<ac_timing_function>?, _ outInputs: UnsafeMutablePointer<Double>?,
    _ outOutputs: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let curve = try TimingFunction(function, argument: "function")
        guard case .piecewiseLinear(let linear) = curve else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "function is not a linear() function; it has no points")
        }
        try outputList(linear.points.map(\.input), into: outInputs, capacity: capacity, outCount: outCount, "out_inputs")
        try outputList(linear.points.map(\.output), into: outOutputs, capacity: capacity, outCount: outCount, "out_outputs")
    }
}

/// A preset's direction from the C constant.
private func presetDirection(_ direction: Int32) throws(APIError) -> EasingPreset.Direction {
    guard let value = EasingPreset.Direction(rawValue: direction) else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "direction is \(direction); it must be one of AC_EASE_*")
    }
    return value
}

@_cdecl("ac_timing_function_back")
public func ac_timing_function_back(
    _ direction: Int32, _ overshoot: Double, _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        let ease = try presetDirection(direction)
        do throws(AnimCoreError) {
            out.pointee = try TimingFunction.back(ease, overshoot: overshoot).cValue
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}

@_cdecl("ac_timing_function_bounce")
public func ac_timing_function_bounce(
    _ direction: Int32, _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        out.pointee = TimingFunction.bounce(try presetDirection(direction)).cValue
    }
}

@_cdecl("ac_timing_function_elastic")
public func ac_timing_function_elastic(
    _ direction: Int32, _ amplitude: Double, _ period: Double,
    _ outFunction: UnsafeMutablePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outFunction, "out_function")
        let ease = try presetDirection(direction)
        do throws(AnimCoreError) {
            out.pointee = try TimingFunction.elastic(ease, amplitude: amplitude, period: period).cValue
        } catch {
            throw APIError(error.code.status, error.message)
        }
    }
}
