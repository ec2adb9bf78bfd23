import AnimCore
import CAnimCore

// Conversions between the header's structs and the core's types, validating every field.

extension MediaTiming {
    /// Reads and validates a C timing; errors name `argument` ("timing", "chain[2]").
    init(_ pointer: UnsafePointer<ac_timing>?, argument: String) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument) }
        try checkStructSize(pointer, expected: MemoryLayout<ac_timing>.size, argument)
        let raw = pointer.pointee
        guard let fillMode = FillMode(rawValue: raw.fill_mode) else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE,
                "\(argument)->fill_mode is \(raw.fill_mode); it must be one of AC_FILL_*")
        }
        guard raw.autoreverses == 0 || raw.autoreverses == 1 else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE,
                "\(argument)->autoreverses is \(raw.autoreverses); it must be 0 or 1")
        }
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument)->reserved is \(raw.reserved); it must be 0")
        }
        self.init(
            beginTime: raw.begin_time_s, duration: raw.duration_s, speed: raw.speed,
            timeOffset: raw.time_offset_s, repeatCount: raw.repeat_count,
            repeatDuration: raw.repeat_duration_s, autoreverses: raw.autoreverses != 0,
            fillMode: fillMode)
        do throws(AnimCoreError) {
            try validate(naming: .cHeader)
        } catch {
            throw APIError(error, fieldOf: argument)
        }
    }

    /// The header's struct for this timing.
    var cValue: ac_timing {
        ac_timing(
            struct_size: UInt32(MemoryLayout<ac_timing>.size), fill_mode: fillMode.rawValue,
            begin_time_s: beginTime, duration_s: duration, speed: speed,
            time_offset_s: timeOffset, repeat_count: repeatCount,
            repeat_duration_s: repeatDuration, autoreverses: autoreverses ? 1 : 0, reserved: 0)
    }
}

extension TimingState {
    /// Writes this state into a caller's struct after checking its struct_size.
    func store(into pointer: UnsafeMutablePointer<ac_timing_state>?, argument: String) throws(APIError) {
        let out = try required(pointer, argument)
        try checkStructSize(out, expected: MemoryLayout<ac_timing_state>.size, argument)
        out.pointee = ac_timing_state(
            struct_size: UInt32(MemoryLayout<ac_timing_state>.size), phase: phase.rawValue,
            in_effect: isInEffect ? 1 : 0, reversed: isReversed ? 1 : 0,
            local_time_s: localTime, iteration_time_s: iterationTime, progress: progress,
            current_iteration: currentIteration, active_duration_s: activeDuration,
            end_time_s: endTime)
    }
}

extension TimingFunction {
    /// Reads and validates a C timing function; errors name `argument` (built only for an
    /// error: an eager string would be built on every animation block's begin).
    init(_ pointer: UnsafePointer<ac_timing_function>?, argument: @autoclosure () -> String) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument()) }
        let raw = pointer.pointee
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument())->reserved is \(raw.reserved); it must be 0")
        }
        do throws(AnimCoreError) {
            switch raw.kind {
            case AC_TIMING_FUNCTION_CUBIC_BEZIER:
                self = .cubicBezier(try UnitBezier(x1: raw.x1, y1: raw.y1, x2: raw.x2, y2: raw.y2))
            case AC_TIMING_FUNCTION_STEPS:
                guard let position = StepPosition(rawValue: raw.step_position) else {
                    throw AnimCoreError(
                        .invalidArgument, "step_position is \(raw.step_position); it must be one of AC_STEP_JUMP_*")
                }
                self = .steps(try StepsFunction(steps: Int(raw.steps), position: position))
            case AC_TIMING_FUNCTION_LINEAR:
                guard let function = LinearFunctionStore.function(raw.linear_id) else {
                    throw AnimCoreError(
                        .invalidArgument,
                        "linear_id is \(raw.linear_id); it is not an id ac_timing_function_linear() or _parse() gave")
                }
                self = .piecewiseLinear(function)
            case AC_TIMING_FUNCTION_PRESET:
                self = .preset(try EasingPreset(raw))
            default:
                throw AnimCoreError(
                    .invalidArgument,
                    "kind is \(raw.kind); it must be one of AC_TIMING_FUNCTION_CUBIC_BEZIER, _STEPS, _LINEAR, _PRESET")
            }
        } catch {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument())->\(error.message)")
        }
    }

    /// The header's struct for this function (a linear() function's points go to
    /// `LinearFunctionStore`; linear_id 0 when it is full, which a later read refuses).
    var cValue: ac_timing_function {
        var value = ac_timing_function()
        switch self {
        case .cubicBezier(let curve):
            value.kind = Int32(AC_TIMING_FUNCTION_CUBIC_BEZIER)
            (value.x1, value.y1, value.x2, value.y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
        case .steps(let steps):
            value.kind = Int32(AC_TIMING_FUNCTION_STEPS)
            value.steps = Int32(steps.steps)
            value.step_position = steps.position.rawValue
        case .piecewiseLinear(let function):
            value.kind = Int32(AC_TIMING_FUNCTION_LINEAR)
            value.linear_id = LinearFunctionStore.id(of: function) ?? 0
        case .preset(let preset):
            value.kind = Int32(AC_TIMING_FUNCTION_PRESET)
            value.preset = preset.kind.rawValue
            value.direction = preset.direction.rawValue
            value.x1 = preset.kind == .back ? preset.overshoot : preset.amplitude
            value.y1 = preset.period
        }
        return value
    }
}

extension EasingPreset {
    /// The preset a C value describes (kind AC_TIMING_FUNCTION_PRESET): preset, direction,
    /// x1 (back's overshoot, elastic's amplitude), y1 (elastic's period).
    init(_ raw: ac_timing_function) throws(AnimCoreError) {
        guard let kind = Kind(rawValue: raw.preset) else {
            throw AnimCoreError(.invalidArgument, "preset is \(raw.preset); it must be one of AC_PRESET_*")
        }
        guard let direction = Direction(rawValue: raw.direction) else {
            throw AnimCoreError(.invalidArgument, "direction is \(raw.direction); it must be one of AC_EASE_*")
        }
        do throws(AnimCoreError) {
            switch kind {
            case .back: self = try .back(direction, overshoot: raw.x1)
            case .bounce: self = .bounce(direction)
            case .elastic: self = try .elastic(direction, amplitude: raw.x1, period: raw.y1)
            }
        } catch {
            // The struct's fields are x1 and y1.
            let field = error.message.hasPrefix("period") ? "y1 (period)" : "x1 (\(kind == .back ? "overshoot" : "amplitude"))"
            let rest = error.message.drop { $0 != " " }
            throw AnimCoreError(error.code, field + rest)
        }
    }
}

extension MediaTiming.FieldNames {
    /// The field names of the header's ac_timing.
    static let cHeader = MediaTiming.FieldNames(
        beginTime: "begin_time_s", duration: "duration_s", speed: "speed",
        timeOffset: "time_offset_s", repeatCount: "repeat_count", repeatDuration: "repeat_duration_s")
}

// MARK: Lists

/// The most entries a description's list holds (AC_ANIMATION_LIST_MAX).
let animationListMaximum = Int(AC_ANIMATION_LIST_MAX)

/// A C input list (pointer, count) as a buffer: NULL with count 0 is empty; NULL with count > 0
/// is NULL_POINTER; count beyond `maximum` is OUT_OF_RANGE. Errors name `argument` and "count".
func inputList<T>(
    _ pointer: UnsafePointer<T>?, _ count: Int, _ argument: String, maximum: Int = animationListMaximum
) throws(APIError) -> UnsafeBufferPointer<T> {
    guard count >= 0, count <= maximum else {
        throw APIError(
            AC_ERR_OUT_OF_RANGE,
            "count is \(UInt(bitPattern: count)); \(argument) may hold at most \(maximum) entries")
    }
    guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    guard let pointer else { throw .nullPointer(argument) }
    return UnsafeBufferPointer(start: pointer, count: count)
}

/// The capacity of a C output array, checked: a size, and a pointer (named `argument`) unless
/// it is 0.
func outputRoom<T>(_ pointer: UnsafeMutablePointer<T>?, _ capacity: Int, _ argument: String) throws(APIError) -> Int {
    let room = try sizeArgument(capacity, "capacity")
    guard pointer != nil || room == 0 else { throw .nullPointer(argument) }
    return room
}

/// Writes a list to a C output array: *out_count always gets the full count; the array may be
/// NULL with capacity 0; capacity < count is BUFFER_TOO_SMALL (nothing written).
func outputList<T>(
    _ items: [T], into pointer: UnsafeMutablePointer<T>?, capacity: Int,
    outCount: UnsafeMutablePointer<Int>?, _ argument: String
) throws(APIError) {
    let count = try required(outCount, "out_count")
    let room = try outputRoom(pointer, capacity, argument)
    count.pointee = items.count
    guard room >= items.count else {
        throw .bufferTooSmall(argument, capacity: room, needed: items.count)
    }
    guard let pointer else { return }
    for (index, item) in items.enumerated() { pointer[index] = item }
}
