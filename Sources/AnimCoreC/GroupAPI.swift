import AnimCore
import CAnimCore

// The groups part of the animations section of animcore.h (CAAnimationGroup): creation and
// the children, copied from descriptions when set and copied out to new descriptions.

extension EngineBox {
    /// The group parameters of a description; INVALID_ARGUMENT for another kind.
    func group(_ handle: ac_animation) throws(APIError) -> GroupParameters {
        let animation = try description(handle, "group")
        guard let group = animation.group else {
            throw .wrongAnimationKind(animation, "group", field: "animations", belongsTo: .group)
        }
        return group
    }
}

@_cdecl("ac_animation_create_group")
public func ac_animation_create_group(
    _ engine: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outAnimation, "out_animation")
            out.pointee = try box.makeDescription(.group([]))
        }
    }
}

@_cdecl("ac_animation_set_children")
public func ac_animation_set_children(
    _ engine: OpaquePointer?, _ group: ac_animation, _ children: UnsafePointer<ac_animation>?, _ count: Int
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let handles = try inputList(children, count, "children")
            // The group's own kind first, so that a basic animation is refused as such.
            _ = try box.group(group)
            var copies: [Animation] = []
            copies.reserveCapacity(handles.count)
            for (index, handle) in handles.enumerated() {
                guard handle != group else {
                    throw APIError(
                        AC_ERR_INVALID_ARGUMENT, "children[\(index)] is the group itself; a group cannot contain itself")
                }
                copies.append(try box.description(handle, "children[\(index)]"))
            }
            do throws(AnimCoreError) {
                try GroupParameters.checkChildren(copies, "children")
            } catch {
                throw APIError(field: error)
            }
            try box.updateDescription(group, "group") { (animation) throws(APIError) in
                guard var parameters = animation.group else {
                    throw .wrongAnimationKind(animation, "group", field: "animations", belongsTo: .group)
                }
                parameters.animations = copies
                animation.group = parameters
            }
        }
    }
}

@_cdecl("ac_animation_child_count")
public func ac_animation_child_count(
    _ engine: OpaquePointer?, _ group: ac_animation, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outCount, "out_count")
            out.pointee = try box.group(group).animations.count
        }
    }
}

@_cdecl("ac_animation_copy_child")
public func ac_animation_copy_child(
    _ engine: OpaquePointer?, _ group: ac_animation, _ index: Int, _ outChild: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outChild, "out_child")
            let animations = try box.group(group).animations
            guard index >= 0, index < animations.count else {
                throw APIError(
                    AC_ERR_OUT_OF_RANGE,
                    "index is \(UInt(bitPattern: index)); the group has \(animations.count) children")
            }
            out.pointee = try box.makeDescription(animations[index])
        }
    }
}
