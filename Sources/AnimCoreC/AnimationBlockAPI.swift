import AnimCore
import CAnimCore

// The animation-blocks section of animcore.h: UIKit-style UIView.animate on top of transactions.

extension AnimationBlockOptions {
    /// Reads C options. Only what C can get wrong is checked here (the struct's size and
    /// reserved field, the flags, the curve's constant and custom function, the spring's
    /// struct); the numbers are the core's to check (`Engine.beginAnimationBlock`), its errors
    /// renamed by `APIError(blockOptions:_:)`. Errors name `argument`'s fields. The completion
    /// is not read here (see `ac_animate_begin`).
    init(_ pointer: UnsafePointer<ac_animate_options>, argument: String) throws(APIError) {
        try checkStructSize(pointer, expected: MemoryLayout<ac_animate_options>.size, argument)
        let raw = pointer.pointee
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument)->reserved is \(raw.reserved); it must be 0")
        }
        // Read into locals and set once: an options value made with its defaults first, then
        // changed, copies and drops a curve more.
        let autoreverses = try flagArgument(raw.autoreverses, "\(argument)->autoreverses")
        let beginsFromCurrentState = try flagArgument(raw.begin_from_current_state, "\(argument)->begin_from_current_state")
        let additive = try flagArgument(raw.additive, "\(argument)->additive")
        let curve = try Self.curve(raw, argument: argument)
        // A spring (NULL: none) makes every implicit animation of the block a spring.
        let spring = try raw.spring.map { (spring) throws(APIError) in try Spring(fieldsOf: spring, "\(argument)->spring") }
        self.init(
            duration: raw.duration_s, delay: raw.delay_s, curve: curve, repeatCount: raw.repeat_count,
            autoreverses: autoreverses, beginsFromCurrentState: beginsFromCurrentState, additive: additive, spring: spring)
    }

    /// The curve `raw` names: one of the AC_CURVE_* constants, its custom function read for
    /// AC_CURVE_CUSTOM.
    private static func curve(_ raw: ac_animate_options, argument: String) throws(APIError) -> TimingFunction {
        switch raw.curve {
        case Int32(AC_CURVE_EASE_IN_OUT): return .easeInEaseOut
        case Int32(AC_CURVE_EASE_IN): return .easeIn
        case Int32(AC_CURVE_EASE_OUT): return .easeOut
        case Int32(AC_CURVE_LINEAR): return .linear
        case Int32(AC_CURVE_CUSTOM):
            return try withUnsafePointer(to: raw.custom_function) { (function) throws(APIError) in
                try TimingFunction(function, argument: "\(argument)->custom_function")
            }
        default:
            throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument)->curve is \(raw.curve); it must be one of AC_CURVE_*")
        }
    }
}

extension APIError {
    /// A core error of `Engine.beginAnimationBlock`, the message naming the C fields of
    /// `argument` ("duration is 0.0" → "options->duration_s is 0.0", "spring.mass is 0" →
    /// "options->spring->mass is 0"); any other error names `argument` or the engine.
    init(blockOptions error: AnimCoreError, _ argument: String) {
        for (swift, c) in [("duration", "duration_s"), ("delay", "delay_s"), ("repeatCount", "repeat_count")] {
            if let renamed = APIError(error, renaming: swift, to: "\(argument)->\(c)") {
                self = renamed
                return
            }
        }
        if error.message.hasPrefix("spring.") {
            self.init(spring: AnimCoreError(error.code, "\(argument)->\(error.message)"), "\(argument)->spring")
            return
        }
        self.init(error, arguments: ErrorArguments(value: argument, other: argument))
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
                throw APIError(blockOptions: error, "options")
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
