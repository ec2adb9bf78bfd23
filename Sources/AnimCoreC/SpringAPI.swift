import AnimCore
import CAnimCore

// The springs section of animcore.h: ac_spring, the parameter conversions (perceptual duration
// and bounce, settling duration) and spring animation descriptions. The transaction option is
// in TransactionAPI, the animation-block option in AnimationBlockAPI and the presentation
// velocity in LayerAPI. The checks are the core's (Spring.validate, Spring(duration:bounce:));
// this file only renames what their messages call the fields to the C names.

extension APIError {
    /// A core error about a spring's fields, the message naming the C fields of `argument`
    /// ("spring.mass is 0" → "spring->mass is 0", "spring.initialVelocity" →
    /// "spring->initial_velocity").
    init(spring error: AnimCoreError, _ argument: String) {
        let message = error.message
            .replacingEvery("\(argument).initialVelocity", with: "\(argument)->initial_velocity")
            .replacingEvery("\(argument).", with: "\(argument)->")
        self.init(error.code.status, message)
    }
}

extension Spring {
    /// Reads and checks a C spring; errors name `argument`'s fields (built only for an error).
    init(_ pointer: UnsafePointer<ac_spring>?, _ argument: @autoclosure () -> String) throws(APIError) {
        try self.init(fieldsOf: pointer, argument())
        do throws(AnimCoreError) {
            try validate(argument())
        } catch {
            throw APIError(spring: error, argument())
        }
    }

    /// Reads a C spring for a core call that checks the fields itself (a transaction's spring:
    /// `TransactionSettings.validate`); only what C can get wrong is checked here (NULL, the
    /// struct size, the flag).
    init(fieldsOf pointer: UnsafePointer<ac_spring>?, _ argument: @autoclosure () -> String) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument()) }
        try checkStructSize(pointer, expected: MemoryLayout<ac_spring>.size, argument())
        let raw = pointer.pointee
        let overdamping = try flagArgument(raw.allows_overdamping, "\(argument())->allows_overdamping")
        self.init(
            mass: raw.mass, stiffness: raw.stiffness, damping: raw.damping,
            initialVelocity: raw.initial_velocity, allowsOverdamping: overdamping)
    }

    /// The header's struct for this spring.
    var cValue: ac_spring {
        ac_spring(
            struct_size: UInt32(MemoryLayout<ac_spring>.size), allows_overdamping: allowsOverdamping ? 1 : 0,
            mass: mass, stiffness: stiffness, damping: damping, initial_velocity: initialVelocity)
    }
}

/// An out_spring argument: not NULL, with the struct_size this library was built with.
private func checkedOutSpring(_ pointer: UnsafeMutablePointer<ac_spring>?, _ argument: String) throws(APIError) -> UnsafeMutablePointer<ac_spring> {
    let out = try required(pointer, argument)
    try checkStructSize(out, expected: MemoryLayout<ac_spring>.size, argument)
    return out
}

// MARK: Conversions (no engine)

@_cdecl("ac_spring_from_perceptual")
public func ac_spring_from_perceptual(
    _ duration: Double, _ bounce: Double, _ outSpring: UnsafeMutablePointer<ac_spring>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try checkedOutSpring(outSpring, "out_spring")
        let spring: Spring
        do throws(AnimCoreError) {
            spring = try Spring(duration: duration, bounce: bounce)
        } catch {
            // The core names its parameters "duration" and "bounce"; the C one is duration_s.
            throw APIError(error, renaming: "duration", to: "duration_s") ?? APIError(error.code.status, error.message)
        }
        out.pointee = spring.cValue
    }
}

@_cdecl("ac_spring_perceptual")
public func ac_spring_perceptual(
    _ spring: UnsafePointer<ac_spring>?, _ outDuration: UnsafeMutablePointer<Double>?,
    _ outBounce: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let parameters = try Spring(spring, "spring")
        outDuration?.pointee = parameters.perceptualDuration
        outBounce?.pointee = parameters.bounce
    }
}

@_cdecl("ac_spring_damping_ratio")
public func ac_spring_damping_ratio(
    _ spring: UnsafePointer<ac_spring>?, _ outNaturalFrequency: UnsafeMutablePointer<Double>?,
    _ outDampingRatio: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let parameters = try Spring(spring, "spring")
        outNaturalFrequency?.pointee = parameters.naturalFrequency
        outDampingRatio?.pointee = parameters.dampingRatio
    }
}

@_cdecl("ac_spring_settling_duration")
public func ac_spring_settling_duration(
    _ spring: UnsafePointer<ac_spring>?, _ outDuration: UnsafeMutablePointer<Double>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let parameters = try Spring(spring, "spring")
        let out = try required(outDuration, "out_duration_s")
        out.pointee = parameters.settlingDuration
    }
}

// MARK: Spring animation descriptions

@_cdecl("ac_animation_create_spring")
public func ac_animation_create_spring(
    _ engine: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    createDescription(engine, keyPath, outAnimation) { .spring($0) }
}

@_cdecl("ac_animation_set_spring")
public func ac_animation_set_spring(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ spring: UnsafePointer<ac_spring>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let parameters = try Spring(spring, "spring")
            try box.updateDescription(animation) { (description) throws(APIError) in
                switch description.kindTag {
                case .basic, .spring: description.spring = parameters
                default: throw .wrongAnimationKind(description, "animation", field: "the spring", belongsTo: .spring)
                }
            }
        }
    }
}

@_cdecl("ac_animation_get_spring")
public func ac_animation_get_spring(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outSpringPointer: UnsafeMutablePointer<ac_spring>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try checkedOutSpring(outSpringPointer, "out_spring")
            let description = try box.description(animation)
            guard let spring = description.spring else {
                throw .wrongAnimationKind(description, "animation", field: "the spring", belongsTo: .spring)
            }
            out.pointee = spring.cValue
        }
    }
}
