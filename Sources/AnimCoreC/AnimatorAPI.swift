import AnimCore
import CAnimCore

// The animators section of animcore.h: translation only (the core validates and decides).

/// Which argument each kind of core error names, for a call on `animator` whose other
/// argument is `other`.
private func animatorArguments(_ other: String) -> ErrorArguments {
    ErrorArguments(handle: "animator", key: "key", value: "animation", other: other, state: "animator")
}

/// Runs `command` on the animator; errors name `other` for what is not the handle.
private func control(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ other: String, _ command: () throws(APIError) -> AnimatorCommand
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let command = try command()
            try core(animatorArguments(other)) { () throws(AnimCoreError) in try box.engine.controlAnimator(animator, command) }
        }
    }
}

/// An animator's completion.
final class AnimatorCompletionCallback: CallbackRegistration, @unchecked Sendable {
    let function: ac_animator_completion_fn
    let engine: OpaquePointer

    init(_ function: ac_animator_completion_fn, engine: OpaquePointer, userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.function = function
        self.engine = engine
        super.init(userData: userData, destroy: destroy)
    }

    var completion: AnimatorCompletion {
        AnimatorCompletion { [self] _, position in function(engine, position.rawValue, userData) }
    }
}

@_cdecl("ac_animator_create")
public func ac_animator_create(
    _ engine: OpaquePointer?, _ duration: Double, _ function: UnsafePointer<ac_timing_function>?,
    _ outAnimator: UnsafeMutablePointer<ac_animator>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outAnimator, "out_animator")
            let curve = try optionalFunction(function)
            out.pointee = try core(animatorArguments("duration_s")) { () throws(AnimCoreError) in
                try box.engine.makeAnimatorHandle(duration: duration, timingFunction: curve)
            }
        }
    }
}

@_cdecl("ac_animator_retain")
public func ac_animator_retain(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .retain }
}

@_cdecl("ac_animator_release")
public func ac_animator_release(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    guard animator != 0 else { return reportingStatus { () throws(APIError) in try withEngine(engine) { _ in } } }
    return control(engine, animator, "animator") { .release }
}

@_cdecl("ac_animator_begin")
public func ac_animator_begin(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .beginBlock }
}

@_cdecl("ac_animator_commit")
public func ac_animator_commit(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .commitBlock }
}

@_cdecl("ac_animator_add_animation")
public func ac_animator_add_animation(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ layer: ac_layer, _ animation: ac_animation,
    _ key: UnsafePointer<CChar>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let copy = try box.description(animation)
            let name = try optionalKey(key)
            // (A bad handle names the layer or the animator: the core's message says which.)
            try core(ErrorArguments(handle: "handle", key: "animation", value: "animation", other: "animation", state: "animator")) { () throws(AnimCoreError) in
                try box.engine.addAnimation(copy, forKey: name, to: LayerID(rawValue: layer), animator: animator)
            }
        }
    }
}

@_cdecl("ac_animator_add_completion")
public func ac_animator_add_completion(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ function: ac_animator_completion_fn?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard let function else {
                // No function: the registration ends at once.
                if let destroy { destroy(userData) }
                return
            }
            let callback = AnimatorCompletionCallback(function, engine: box.pointer, userData: userData, destroy: destroy)
            do throws(AnimCoreError) {
                try box.engine.controlAnimator(animator, .addCompletion(callback.completion))
            } catch {
                callback.disarm()
                throw APIError(error, arguments: animatorArguments("animator"))
            }
        }
    }
}

@_cdecl("ac_animator_start")
public func ac_animator_start(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .start }
}

@_cdecl("ac_animator_pause")
public func ac_animator_pause(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .pause }
}

@_cdecl("ac_animator_set_fraction_complete")
public func ac_animator_set_fraction_complete(_ engine: OpaquePointer?, _ animator: ac_animator, _ fraction: Double) -> ac_status {
    control(engine, animator, "fraction_complete") { .seekFraction(fraction) }
}

@_cdecl("ac_animator_seek")
public func ac_animator_seek(_ engine: OpaquePointer?, _ animator: ac_animator, _ time: Double) -> ac_status {
    control(engine, animator, "time_s") { .seekTime(time) }
}

@_cdecl("ac_animator_set_reversed")
public func ac_animator_set_reversed(_ engine: OpaquePointer?, _ animator: ac_animator, _ reversed: Int32) -> ac_status {
    control(engine, animator, "reversed") { () throws(APIError) in .reversed(try flagArgument(reversed, "reversed")) }
}

@_cdecl("ac_animator_set_rate")
public func ac_animator_set_rate(_ engine: OpaquePointer?, _ animator: ac_animator, _ rate: Double) -> ac_status {
    control(engine, animator, "rate") { .rate(rate) }
}

@_cdecl("ac_animator_continue")
public func ac_animator_continue(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ function: UnsafePointer<ac_timing_function>?, _ factor: Double
) -> ac_status {
    control(engine, animator, "duration_factor") { () throws(APIError) in
        .continue(try optionalFunction(function).map { .function($0) }, factor)
    }
}

@_cdecl("ac_animator_continue_with_spring")
public func ac_animator_continue_with_spring(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ spring: UnsafePointer<ac_spring>?
) -> ac_status {
    control(engine, animator, "spring") { () throws(APIError) in
        guard let spring else { throw .nullPointer("spring") }
        return .continue(.spring(try Spring(spring, "spring")), 1)
    }
}

@_cdecl("ac_animator_finish")
public func ac_animator_finish(_ engine: OpaquePointer?, _ animator: ac_animator, _ position: Int32) -> ac_status {
    control(engine, animator, "position") { () throws(APIError) in
        guard let value = AnimatorPosition(rawValue: position) else {
            throw APIError(AC_ERR_OUT_OF_RANGE, "position is \(position); it must be one of AC_ANIMATOR_POSITION_*")
        }
        return .finish(value)
    }
}

@_cdecl("ac_animator_cancel")
public func ac_animator_cancel(_ engine: OpaquePointer?, _ animator: ac_animator) -> ac_status {
    control(engine, animator, "animator") { .cancel }
}

@_cdecl("ac_animator_get_info")
public func ac_animator_get_info(
    _ engine: OpaquePointer?, _ animator: ac_animator, _ outInfo: UnsafeMutablePointer<ac_animator_info>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outInfo, "out_info")
            try checkStructSize(out, expected: MemoryLayout<ac_animator_info>.size, "out_info")
            let info = try core(animatorArguments("animator")) { () throws(AnimCoreError) in try box.engine.animatorSnapshot(animator) }
            out.pointee = ac_animator_info(
                struct_size: UInt32(MemoryLayout<ac_animator_info>.size), state: info.state.rawValue,
                duration_s: info.duration, time_s: info.time, fraction_complete: info.fractionComplete, rate: info.rate,
                reversed: info.isReversed ? 1 : 0, animation_count: Int32(clamping: info.animationCount))
        }
    }
}
