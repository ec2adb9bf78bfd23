import AnimCore
import CAnimCore

// The decay section of animcore.h: ac_decay, decay animation descriptions and the predicted
// resting value. The from value and the velocity go through ac_animation_set_value
// (AnimationAPI: AC_ANIMATION_FROM and AC_ANIMATION_VELOCITY). The checks are the core's
// (DecayParameters.validate, restingValue); this file only renames what their messages call
// the fields to the C names.

extension APIError {
    /// A core error about a decay's fields, the message naming the C fields of `argument`
    /// ("decay.decelerationRate is 1" → "decay->deceleration_rate is 1",
    /// "decay.boundSpring.mass" → "decay->bound_spring.mass").
    init(decay error: AnimCoreError, _ argument: String) {
        var message = error.message
        for (swift, c) in [
            ("boundSpring.initialVelocity", "bound_spring.initial_velocity"),
            ("boundSpring", "bound_spring"), ("decelerationRate", "deceleration_rate"),
            ("minimumSpeed", "minimum_speed"), ("lowerBound", "lower_bound"), ("upperBound", "upper_bound"),
        ] {
            message = message.replacingEvery("\(argument).\(swift)", with: "\(argument)->\(c)")
            // "lowerBound ... but upperBound a point": the second name without the prefix.
            message = message.replacingEvery(" \(swift) ", with: " \(argument)->\(c) ")
        }
        self.init(error.code.status, message)
    }
}

extension DecayParameters {
    /// Reads and checks a C decay's parameters into `self` (the from value and velocity are
    /// kept); errors name `argument`'s fields.
    mutating func assign(_ pointer: UnsafePointer<ac_decay>?, _ argument: String) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument) }
        try checkStructSize(pointer, expected: MemoryLayout<ac_decay>.size, argument)
        let raw = pointer.pointee
        let hasLower = try flagArgument(raw.has_lower_bound, "\(argument)->has_lower_bound")
        let hasUpper = try flagArgument(raw.has_upper_bound, "\(argument)->has_upper_bound")
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument)->reserved is \(raw.reserved); it must be 0")
        }
        var spring = raw.bound_spring
        let springName = "\(argument)->bound_spring"
        try withUnsafePointer(to: &spring) { (springPointer) throws(APIError) in
            try checkStructSize(springPointer, expected: MemoryLayout<ac_spring>.size, springName)
        }
        var parameters = self
        parameters.decelerationRate = raw.deceleration_rate
        parameters.minimumSpeed = raw.minimum_speed
        parameters.lowerBound = hasLower ? try Value(raw.lower_bound, "\(argument)->lower_bound") : nil
        parameters.upperBound = hasUpper ? try Value(raw.upper_bound, "\(argument)->upper_bound") : nil
        parameters.boundSpring = Spring(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
            initialVelocity: spring.initial_velocity,
            allowsOverdamping: try flagArgument(spring.allows_overdamping, "\(springName).allows_overdamping"))
        do throws(AnimCoreError) {
            try parameters.validate(argument)
        } catch {
            throw APIError(decay: error, argument)
        }
        self = parameters
    }

    /// The header's struct for these parameters.
    var cValue: ac_decay {
        var out = ac_decay()
        out.struct_size = UInt32(MemoryLayout<ac_decay>.size)
        out.has_lower_bound = lowerBound == nil ? 0 : 1
        out.has_upper_bound = upperBound == nil ? 0 : 1
        out.reserved = 0
        out.deceleration_rate = decelerationRate
        out.minimum_speed = minimumSpeed
        out.lower_bound = lowerBound?.cValue ?? ac_value()
        out.upper_bound = upperBound?.cValue ?? ac_value()
        out.bound_spring = boundSpring.cValue
        return out
    }
}

@_cdecl("ac_animation_create_decay")
public func ac_animation_create_decay(
    _ engine: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    createDescription(engine, keyPath, outAnimation) { .decay($0) }
}

@_cdecl("ac_animation_set_decay")
public func ac_animation_set_decay(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ decay: UnsafePointer<ac_decay>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            // Checked once before the description is locked (the kept from/velocity do not
            // take part in the checks of the C fields).
            var checked = DecayParameters()
            try checked.assign(decay, "decay")
            try box.updateDescription(animation) { (description) throws(APIError) in
                guard var parameters = description.decay else {
                    throw .wrongAnimationKind(description, "animation", field: "the decay", belongsTo: .decay)
                }
                parameters.decelerationRate = checked.decelerationRate
                parameters.minimumSpeed = checked.minimumSpeed
                parameters.lowerBound = checked.lowerBound
                parameters.upperBound = checked.upperBound
                parameters.boundSpring = checked.boundSpring
                description.decay = parameters
            }
        }
    }
}

@_cdecl("ac_animation_get_decay")
public func ac_animation_get_decay(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outDecayPointer: UnsafeMutablePointer<ac_decay>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outDecayPointer, "out_decay")
            try checkStructSize(out, expected: MemoryLayout<ac_decay>.size, "out_decay")
            let description = try box.description(animation)
            guard let decay = description.decay else {
                throw .wrongAnimationKind(description, "animation", field: "the decay", belongsTo: .decay)
            }
            out.pointee = decay.cValue
        }
    }
}

@_cdecl("ac_decay_resting_value")
public func ac_decay_resting_value(
    _ decay: UnsafePointer<ac_decay>?, _ from: UnsafePointer<ac_value>?, _ velocity: UnsafePointer<ac_value>?,
    _ outValue: UnsafeMutablePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        var parameters = DecayParameters()
        try parameters.assign(decay, "decay")
        let start = try Value(from, "from")
        let speed = try Value(velocity, "velocity")
        let out = try required(outValue, "out_value")
        let resting: Value
        do throws(AnimCoreError) {
            resting = try parameters.restingValue(from: start, velocity: speed)
        } catch {
            throw APIError(field: error)
        }
        out.pointee = resting.cValue
    }
}
