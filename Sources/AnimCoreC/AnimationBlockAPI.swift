import AnimCore
import CAnimCore

// The animation-blocks section of animcore.h: UIKit-style UIView.animate on top of transactions.

extension AnimationBlockOptions {
    /// Reads and validates C options; errors name `argument`'s fields. The completion is not
    /// read here (see `ac_animate_begin`).
    init(_ pointer: UnsafePointer<ac_animate_options>, argument: String) throws(APIError) {
        try checkStructSize(pointer, expected: MemoryLayout<ac_animate_options>.size, argument)
        let raw = pointer.pointee
        self.init()
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument)->reserved is \(raw.reserved); it must be 0")
        }
        let limit = MediaTiming.Limits.time
        duration = try finite(raw.duration_s, "\(argument)->duration_s")
        guard duration > 0, duration <= limit else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE, "\(argument)->duration_s is \(duration); it must be > 0 and <= \(limit)")
        }
        delay = try finite(raw.delay_s, "\(argument)->delay_s")
        guard delay >= 0, delay <= limit else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument)->delay_s is \(delay); it must be in [0, \(limit)]")
        }
        guard !raw.repeat_count.isNaN else { throw .notFinite("\(argument)->repeat_count", raw.repeat_count) }
        guard raw.repeat_count >= 0 else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE, "\(argument)->repeat_count is \(raw.repeat_count); it must be >= 0 (INFINITY: forever)")
        }
        repeatCount = raw.repeat_count
        autoreverses = try flagArgument(raw.autoreverses, "\(argument)->autoreverses")
        beginsFromCurrentState = try flagArgument(raw.begin_from_current_state, "\(argument)->begin_from_current_state")
        additive = try flagArgument(raw.additive, "\(argument)->additive")
        switch raw.curve {
        case Int32(AC_CURVE_EASE_IN_OUT): curve = .easeInEaseOut
        case Int32(AC_CURVE_EASE_IN): curve = .easeIn
        case Int32(AC_CURVE_EASE_OUT): curve = .easeOut
        case Int32(AC_CURVE_LINEAR): curve = .linear
        case Int32(AC_CURVE_CUSTOM):
            curve = try withUnsafePointer(to: raw.custom_function) { (function) throws(APIError) in
                try TimingFunction(function, argument: "\(argument)->custom_function")
            }
        default:
            throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument)->curve is \(raw.curve); it must be one of AC_CURVE_*")
        }
        // A spring (NULL: none) makes every implicit animation of the block a spring.
        if let spring = raw.spring { self.spring = try Spring(spring, "\(argument)->spring") }
    }
}

@_cdecl("ac_animate_begin")
public func ac_animate_begin(_ engine: OpaquePointer?, _ options: UnsafePointer<ac_animate_options>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard let options else {
                try core { () throws(AnimCoreError) in try box.engine.beginAnimationBlock(AnimationBlockOptions()) }
                return
            }
            var block = try AnimationBlockOptions(options, argument: "options")
            let raw = options.pointee
            let callback = raw.completion.map {
                CompletionCallback($0, engine: box.pointer, userData: raw.completion_user_data, destroy: raw.completion_destroy)
            }
            block.completion = callback?.completion
            do throws(AnimCoreError) {
                try box.engine.beginAnimationBlock(block)
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: ErrorArguments(value: "options", other: "options"))
            }
            // No completion: its registration ends at once.
            if raw.completion == nil, let destroy = raw.completion_destroy { destroy(raw.completion_user_data) }
        }
    }
}

@_cdecl("ac_animate_commit")
public func ac_animate_commit(_ engine: OpaquePointer?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.commitAnimationBlock() }
        }
    }
}
