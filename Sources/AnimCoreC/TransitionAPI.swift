import AnimCore
import CAnimCore

// The transitions part of the animations section of animcore.h: ac_transition, transition
// descriptions and the composite at a progress. The checks are the core's
// (TransitionParameters.validate); this file converts the C enums and renames what the
// messages call the fields to the C names.

extension TransitionParameters {
    /// Reads and checks a C transition; errors name `argument`'s fields.
    init(_ pointer: UnsafePointer<ac_transition>?, _ argument: String) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument) }
        try checkStructSize(pointer, expected: MemoryLayout<ac_transition>.size, argument)
        let raw = pointer.pointee
        guard raw.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument)->reserved is \(raw.reserved); it must be 0")
        }
        self.init(
            type: try transitionType(raw.type, "\(argument)->type"), subtype: try transitionSubtype(raw.subtype, "\(argument)->subtype"),
            startProgress: raw.start_progress, endProgress: raw.end_progress)
        do throws(AnimCoreError) {
            try validate(argument)
        } catch {
            let message = error.message
                .replacingEvery("\(argument).startProgress", with: "\(argument)->start_progress")
                .replacingEvery("\(argument).endProgress", with: "\(argument)->end_progress")
            throw APIError(error.code.status, message)
        }
    }

    /// The header's struct for these parameters.
    var cValue: ac_transition {
        ac_transition(
            struct_size: UInt32(MemoryLayout<ac_transition>.size), type: type.rawValue, subtype: subtype?.rawValue ?? 0,
            reserved: 0, start_progress: startProgress, end_progress: endProgress)
    }
}

/// An AC_TRANSITION_* type, or OUT_OF_RANGE naming `argument`.
private func transitionType(_ raw: Int32, _ argument: String) throws(APIError) -> TransitionType {
    guard let type = TransitionType(rawValue: raw) else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument) is \(raw); it must be AC_TRANSITION_FADE, _MOVE_IN, _PUSH or _REVEAL (0...3)")
    }
    return type
}

/// An AC_TRANSITION_FROM_* subtype (nil for AC_TRANSITION_FROM_NONE), or OUT_OF_RANGE naming
/// `argument`.
private func transitionSubtype(_ raw: Int32, _ argument: String) throws(APIError) -> TransitionSubtype? {
    guard raw != 0 else { return nil }
    guard let subtype = TransitionSubtype(rawValue: raw) else {
        throw APIError(
            AC_ERR_OUT_OF_RANGE, "\(argument) is \(raw); it must be AC_TRANSITION_FROM_NONE, _RIGHT, _LEFT, _TOP or _BOTTOM (0...4)")
    }
    return subtype
}

@_cdecl("ac_animation_create_transition")
public func ac_animation_create_transition(_ engine: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<ac_animation>?) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outAnimation, "out_animation")
            out.pointee = try box.makeDescription(.transition())
        }
    }
}

@_cdecl("ac_animation_set_transition")
public func ac_animation_set_transition(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ transition: UnsafePointer<ac_transition>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let parameters = try TransitionParameters(transition, "transition")
            try box.editDescription(animation) { (description) throws(APIError) in
                guard description.kindTag == .transition else {
                    throw .wrongAnimationKind(description, "animation", field: "the transition", belongsTo: .transition)
                }
                description.transition = parameters
            }
        }
    }
}

@_cdecl("ac_animation_get_transition")
public func ac_animation_get_transition(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outTransition: UnsafeMutablePointer<ac_transition>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outTransition, "out_transition")
            try checkStructSize(out, expected: MemoryLayout<ac_transition>.size, "out_transition")
            let description = try box.description(animation)
            guard let transition = description.transition else {
                throw .wrongAnimationKind(description, "animation", field: "the transition", belongsTo: .transition)
            }
            out.pointee = transition.cValue
        }
    }
}

@_cdecl("ac_transition_composite_at")
public func ac_transition_composite_at(
    _ type: Int32, _ subtype: Int32, _ progress: Double, _ width: Double, _ height: Double,
    _ outComposite: UnsafeMutablePointer<ac_transition_composite>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        let out = try required(outComposite, "out_composite")
        let composite = TransitionComposite.at(
            type: try transitionType(type, "type"), subtype: try transitionSubtype(subtype, "subtype"),
            progress: try finite(progress, "progress"), size: Size(width: try finite(width, "width"), height: try finite(height, "height")))
        out.pointee.old_offset = (composite.oldOffset.width, composite.oldOffset.height)
        out.pointee.new_offset = (composite.newOffset.width, composite.newOffset.height)
        out.pointee.old_alpha = composite.oldAlpha
        out.pointee.new_alpha = composite.newAlpha
        out.pointee.layering = composite.layering.rawValue
        out.pointee.reserved = 0
    }
}
