import AnimCore
import CAnimCore

// The animations section of animcore.h: descriptions (a table of stamped handles per engine,
// holding Animation values of every kind) and the animations of layers. The fields of
// keyframe animations, paths, groups, springs and decays have their own files (KeyframeAPI,
// PathAPI, GroupAPI, SpringAPI, DecayAPI); from/to/by here serve basic and spring animations
// alike, and from/velocity decay animations.

extension EngineBox {
    /// Descriptions one engine holds at once, at most. Their handles are the core's `Handle`s
    /// of kind `.description` (a process-wide stamp each), so a released or another engine's
    /// handle is refused.
    static let maxDescriptions = 1 << 20

    /// Stores a new description; its handle.
    func makeDescription(_ animation: Animation) throws(APIError) -> ac_animation {
        try makeDescription { _ in animation }
    }

    /// Stores the description `make` builds; its handle. `make` runs with the lock held, and
    /// is lent `recentKey` (it must not call the engine or the table). What `make` throws comes
    /// first, and nothing is stored then.
    func makeDescription(
        building make: (inout RecentKeyString) throws(APIError) -> Animation
    ) throws(APIError) -> ac_animation {
        let handle: ac_animation? = try lock.withLock { () throws(APIError) -> ac_animation? in
            let animation = try make(&recentKey)
            let index: Int
            if let reused = freeDescriptions.popLast() {
                index = reused
            } else {
                guard descriptions.count < EngineBox.maxDescriptions else { return nil }
                index = descriptions.appendFree()
            }
            let stamp = Handle.nextStamp(.description)
            descriptions.fill(index, stamp: stamp, with: animation)
            return Handle.make(kind: .description, stamp: stamp, index: index)
        }
        guard let handle else {
            throw APIError(
                AC_ERR_OUT_OF_RANGE,
                "this engine holds \(EngineBox.maxDescriptions) animation descriptions already, the most it can")
        }
        return handle
    }

    /// The index of a live description (call with the lock held), or BAD_HANDLE naming `argument`.
    private func descriptionIndex(_ handle: ac_animation, _ argument: String) throws(APIError) -> Int {
        guard let (index, stamp) = Handle.unpack(handle, kind: .description),
              index < descriptions.count, descriptions.stamp(index) == stamp, stamp != 0
        else {
            throw APIError(
                AC_ERR_BAD_HANDLE,
                "\(argument) is \(handle); it is not a live animation description of this engine (released, stale or foreign)")
        }
        return index
    }

    /// A copy of a description, for a caller that passes it on after the lock is released
    /// (to the engine, or into another description); a field is read in place with
    /// `readDescription(_:_:_:)`.
    func description(_ handle: ac_animation, _ argument: String = "animation") throws(APIError) -> Animation {
        try lock.withLock { () throws(APIError) -> Animation in
            descriptions[try descriptionIndex(handle, argument)]
        }
    }

    /// What `body` reads of a description, read in place under the lock: no copy of the whole
    /// description is made for a getter. `body` must not call the engine or release anything
    /// (the lock is held).
    @inline(__always)  // (specialised for each getter's result: a generic call copies through witnesses)
    func readDescription<R>(
        _ handle: ac_animation, _ argument: String = "animation", _ body: (borrowing Animation) throws(APIError) -> R
    ) throws(APIError) -> R {
        try lock.withLock { () throws(APIError) -> R in
            let index = try descriptionIndex(handle, argument)
            return try borrowingInPlace(&descriptions[index], body)
        }
    }

    /// Edits a description. The previous value is dropped after the lock is released (a
    /// delegate it held may end, and its destroy function may call back in).
    func updateDescription(
        _ handle: ac_animation, _ argument: String = "animation",
        _ body: (inout Animation) throws(APIError) -> Void
    ) throws(APIError) {
        var previous: Animation?
        try lock.withLock { () throws(APIError) in
            let index = try descriptionIndex(handle, argument)
            var animation = descriptions[index]
            try body(&animation)
            previous = descriptions[index]
            descriptions[index] = animation
        }
        withExtendedLifetime(previous) {}
    }

    /// Edits a description in place, for an edit that replaces plain data only (a value, the
    /// timing, the curve, a flag, the key path): nothing it drops can call back, so nothing need
    /// outlive the lock. `body` checks before it changes anything.
    // [Perf] `updateDescription` copies the description twice to keep the previous one.
    func editDescription(
        _ handle: ac_animation, _ argument: String = "animation",
        _ body: (inout Animation) throws(APIError) -> Void
    ) throws(APIError) {
        try lock.withLock { () throws(APIError) in
            let index = try descriptionIndex(handle, argument)
            try body(&descriptions[index])
        }
    }

    /// Adds the description `handle` names to `layer` under `key` (a C string; NULL: no key),
    /// lent to the engine where it lies (`Engine.addAnimation(to:lentBy:)`), not copied out:
    /// the table's lock is taken inside the engine's state access, the one order in which the
    /// two are ever held together (no holder of this lock calls the engine). Refusals in the
    /// order of the arguments: the animation's handle, the key, then the layer and the add's.
    func addDescription(_ handle: ac_animation, forKey key: UnsafePointer<CChar>?, to layer: LayerID) throws(APIError) {
        var refusal: APIError?  // the handle's or the key's, met inside the state access
        var lent = false
        do throws(AnimCoreError) {
            try engine.addAnimation(to: layer) { (add) throws(AnimCoreError) in
                try lock.withLock { () throws(AnimCoreError) in
                    lent = true
                    let index: Int
                    let keyName: String?
                    do throws(APIError) {
                        index = try descriptionIndex(handle, "animation")
                        keyName = key == nil ? nil : try recentKey.string(key, "key")
                    } catch {
                        return refusal = error
                    }
                    try lendingInPlace(&descriptions[index]) { (animation) throws(AnimCoreError) in
                        try add(animation, keyName)
                    }
                }
            }
        } catch {
            // An invalidated engine lends nothing: the earlier arguments' refusals come first.
            if !lent {
                _ = try readDescription(handle) { _ in 0 }
                _ = try optionalKey(key)
            }
            throw APIError(error, arguments: ErrorArguments(key: "animation", value: "animation", other: "animation"))
        }
        if let refusal { throw refusal }
    }

    /// Releases a description: dropped where it lies, or, when dropping it may call back
    /// (`Animation.mayCallBackWhenDropped`), moved out and dropped after the lock is released.
    func releaseDescription(_ handle: ac_animation) throws(APIError) {
        let previous = try lock.withLock { () throws(APIError) -> DeferredDrop? in
            let index = try descriptionIndex(handle, "animation")
            freeDescriptions.append(index)
            return descriptions.free(index)
        }
        withExtendedLifetime(previous) {}
    }
}

// MARK: Descriptions

/// Makes a new description of a property animation on `keyPath` (a C string, not empty) with
/// `make`: the body of every ac_animation_create_<kind> that takes a key path.
func createDescription(
    _ engine: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?,
    _ make: (String) -> Animation
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let handle = try box.makeDescription { (recentKey) throws(APIError) -> Animation in
                let path = try recentKey.string(keyPath, "key_path")
                _ = try required(outAnimation, "out_animation")
                guard !path.isEmpty else { throw APIError(AC_ERR_UNKNOWN_KEY, "key_path is \"\"; an animation needs a key path") }
                return make(path)
            }
            outAnimation.unsafelyUnwrapped.pointee = handle  // checked by the builder
        }
    }
}

@_cdecl("ac_animation_create_basic")
public func ac_animation_create_basic(
    _ engine: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    createDescription(engine, keyPath, outAnimation) { .basic($0) }
}

@_cdecl("ac_animation_release")
public func ac_animation_release(_ engine: OpaquePointer?, _ animation: ac_animation) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard animation != 0 else { return }
            try box.releaseDescription(animation)
        }
    }
}

@_cdecl("ac_animation_assign")
public func ac_animation_assign(_ engine: OpaquePointer?, _ destination: ac_animation, _ source: ac_animation) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let copy = try box.description(source, "source")
            try box.updateDescription(destination, "destination") { $0 = copy }
        }
    }
}

@_cdecl("ac_animation_key_path")
public func ac_animation_key_path(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let path = try box.readDescription(animation) { $0.keyPath }
            try copyString(path, into: buffer, capacity: capacity, outLength: outLength)
        }
    }
}

@_cdecl("ac_animation_set_key_path")
public func ac_animation_set_key_path(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ keyPath: UnsafePointer<CChar>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let path = try utf8String(keyPath, "key_path")
            guard !path.isEmpty else { throw APIError(AC_ERR_UNKNOWN_KEY, "key_path is \"\"; an animation needs a key path") }
            try box.editDescription(animation) { $0.keyPath = path }
        }
    }
}

@_cdecl("ac_animation_set_value_function")
public func ac_animation_set_value_function(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ name: UnsafePointer<CChar>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let text = try name.map { (name) throws(APIError) in try utf8String(name, "name") }
            try box.editDescription(animation) { (description) throws(APIError) in
                do throws(AnimCoreError) { try description.setValueFunction(named: text, field: "name") } catch {
                    throw APIError(field: error)
                }
            }
        }
    }
}

@_cdecl("ac_animation_get_value_function")
public func ac_animation_get_value_function(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try box.readDescription(animation) { $0.valueFunction?.name } ?? ""
            try copyString(name, into: buffer, capacity: capacity, outLength: outLength)
        }
    }
}

extension APIError {
    /// from/to/by asked of a keyframe animation or a group: "animation is a group; fromValue
    /// belongs to basic and spring animations".
    static func valuesBelongToBasicAndSpring(_ kind: AnimationKindTag, field: String) -> APIError {
        APIError(
            AC_ERR_INVALID_ARGUMENT,
            "animation is \(kind.phrase); \(field) belongs to \(AnimationKindTag.basic.plural) and \(AnimationKindTag.spring.plural)")
    }
}

/// The from/to/by/velocity selector and its core name, or OUT_OF_RANGE.
func valueField(_ which: Int32) throws(APIError) -> String {
    switch which {
    case Int32(AC_ANIMATION_FROM): "fromValue"
    case Int32(AC_ANIMATION_TO): "toValue"
    case Int32(AC_ANIMATION_BY): "byValue"
    case Int32(AC_ANIMATION_VELOCITY): "velocity"
    default:
        throw APIError(AC_ERR_OUT_OF_RANGE, "which is \(which); it must be AC_ANIMATION_FROM, _TO, _BY or _VELOCITY")
    }
}

/// The field `which` names of a description: from/to/by of basic and spring animations, from
/// and velocity of decay animations; INVALID_ARGUMENT for the others.
func valueAccess(_ kind: AnimationKindTag, _ which: Int32, _ name: String) throws(APIError) -> ValueSlot {
    if kind == .decay {
        switch which {
        case Int32(AC_ANIMATION_FROM): return .decayFrom
        case Int32(AC_ANIMATION_VELOCITY): return .decayVelocity
        default:
            throw APIError(
                AC_ERR_INVALID_ARGUMENT,
                "animation is a decay animation; \(name) belongs to \(AnimationKindTag.basic.plural) and \(AnimationKindTag.spring.plural) (a decay takes fromValue and velocity)")
        }
    }
    // Not a selector of the other kinds (3 was out of range before decays): OUT_OF_RANGE.
    if which == Int32(AC_ANIMATION_VELOCITY) {
        throw APIError(
            AC_ERR_OUT_OF_RANGE,
            "which is AC_ANIMATION_VELOCITY; animation is \(kind.phrase), and velocity belongs to \(AnimationKindTag.decay.plural) (it takes AC_ANIMATION_FROM, _TO or _BY)")
    }
    guard kind == .basic || kind == .spring else { throw .valuesBelongToBasicAndSpring(kind, field: name) }
    switch which {
    case Int32(AC_ANIMATION_FROM): return .basicFrom
    case Int32(AC_ANIMATION_TO): return .basicTo
    default: return .basicBy
    }
}

/// One value field of a description, read and written on its own kind only (valueAccess).
// [Perf] Written by a switch: a WritableKeyPath through the kinds' computed properties
// allocated a writeback buffer per set.
enum ValueSlot {
    case basicFrom, basicTo, basicBy, decayFrom, decayVelocity

    func read(_ animation: borrowing Animation) -> Value? {
        switch self {
        case .basicFrom: animation.basic?.fromValue
        case .basicTo: animation.basic?.toValue
        case .basicBy: animation.basic?.byValue
        case .decayFrom: animation.decay?.fromValue
        case .decayVelocity: animation.decay?.velocity
        }
    }

    /// Swaps `value` into its field (not copied): `value` is left holding the field's previous
    /// value.
    func write(_ value: inout Value?, into animation: inout Animation) {
        switch self {
        case .basicFrom: _ = animation.changeBasic { swap(&$0.fromValue, &value) }
        case .basicTo: _ = animation.changeBasic { swap(&$0.toValue, &value) }
        case .basicBy: _ = animation.changeBasic { swap(&$0.byValue, &value) }
        case .decayFrom, .decayVelocity:
            guard var decay = animation.decay else { return }
            if self == .decayFrom { swap(&decay.fromValue, &value) } else { swap(&decay.velocity, &value) }
            animation.decay = decay
        }
    }
}

@_cdecl("ac_animation_set_value")
public func ac_animation_set_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32, _ value: UnsafePointer<ac_value>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try valueField(which)
            let converted = try value.map { (pointer) throws(APIError) in try Value(pointer, "value") }
            try setAnimationValue(box, animation, which, name, converted)
        }
    }
}

/// Sets the from, to, by or velocity value (`which`, named `name`) of the description
/// `animation` to `value` (nil: unset): the one write of `ac_animation_set_value` and the path
/// and array setters (`ac_animation_set_path_value`, ...).
func setAnimationValue(
    _ box: EngineBox, _ animation: ac_animation, _ which: Int32, _ name: String, _ value: consuming Value?
) throws(APIError) {
    var value = value  // swapped into the description; then its previous value, dropped here
    try box.editDescription(animation) { (description) throws(APIError) in
        let kind = description.kindTag
        let field = try valueAccess(kind, which, name)
        if kind == .decay, let value, !value.kind.hasCoordinates {
            throw APIError(
                AC_ERR_WRONG_KIND,
                "value is a \(value.kind.name); a decay moves scalar, point, size, rect, vector3 or color values")
        }
        field.write(&value, into: &description)
    }
}

@_cdecl("ac_animation_get_value")
public func ac_animation_get_value(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ which: Int32,
    _ outValue: UnsafeMutablePointer<ac_value>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try valueField(which)
            let out = try required(outValue, "out_value")
            let isSet = try required(outIsSet, "out_is_set")
            // Converted where it lies: only the C value leaves the table.
            let (value, held) = try box.readDescription(animation) { (description) throws(APIError) in
                let value = try valueAccess(description.kindTag, which, name).read(description)
                return (value?.cValue ?? ac_value(), value != nil)
            }
            out.pointee = value
            isSet.pointee = held ? 1 : 0
        }
    }
}

@_cdecl("ac_animation_get_kind")
public func ac_animation_get_kind(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outKind: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outKind, "out_kind")
            out.pointee = try box.readDescription(animation) { $0.kindTag.rawValue }
        }
    }
}

@_cdecl("ac_animation_set_timing")
public func ac_animation_set_timing(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ timing: UnsafePointer<ac_timing>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let media = try MediaTiming(timing, argument: "timing")
            try box.editDescription(animation) { $0.timing = media }
        }
    }
}

@_cdecl("ac_animation_get_timing")
public func ac_animation_get_timing(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ outTiming: UnsafeMutablePointer<ac_timing>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outTiming, "out_timing")
            try checkStructSize(out, expected: MemoryLayout<ac_timing>.size, "out_timing")
            out.pointee = try box.description(animation).timing.cValue  // (plain data: the compiler loads only the timing of the copy)
        }
    }
}

@_cdecl("ac_animation_set_timing_function")
public func ac_animation_set_timing_function(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ function: UnsafePointer<ac_timing_function>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            var curve = try storedFunction(function)
            // Swapped in, not copied: the previous curve is dropped here.
            try box.editDescription(animation) { swap(&$0.storedTimingFunction, &curve) }
        }
    }
}

@_cdecl("ac_animation_get_timing_function")
public func ac_animation_get_timing_function(
    _ engine: OpaquePointer?, _ animation: ac_animation,
    _ outFunction: UnsafeMutablePointer<ac_timing_function>?, _ outIsSet: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outFunction, "out_function")
            let isSet = try required(outIsSet, "out_is_set")
            // Converted where it lies: only the C value leaves the table.
            let (curve, held) = try box.readDescription(animation) { (description) in
                guard let function = description.timingFunction else { return (TimingFunction.linear.cValue, false) }
                return (function.cValue, true)
            }
            out.pointee = curve
            isSet.pointee = held ? 1 : 0
        }
    }
}

/// The flag selector, or OUT_OF_RANGE.
private func flagField(_ flag: Int32) throws(APIError) -> WritableKeyPath<Animation, Bool> {
    switch flag {
    case Int32(AC_ANIMATION_ADDITIVE): \.isAdditive
    case Int32(AC_ANIMATION_CUMULATIVE): \.isCumulative
    case Int32(AC_ANIMATION_REMOVED_ON_COMPLETION): \.isRemovedOnCompletion
    case Int32(AC_ANIMATION_KEEPS_FINAL_VALUE): \.keepsFinalValue
    default:
        throw APIError(
            AC_ERR_OUT_OF_RANGE,
            "flag is \(flag); it must be AC_ANIMATION_ADDITIVE, _CUMULATIVE, _REMOVED_ON_COMPLETION, _KEEPS_FINAL_VALUE or _SEQUENTIAL")
    }
}

@_cdecl("ac_animation_set_flag")
public func ac_animation_set_flag(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ flag: Int32, _ on: Int32
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let sequential = flag == Int32(AC_ANIMATION_SEQUENTIAL)
            let field = sequential ? nil : try flagField(flag)
            guard on == 0 || on == 1 else { throw APIError(AC_ERR_OUT_OF_RANGE, "on is \(on); it must be 0 or 1") }
            try box.editDescription(animation) { (description) throws(APIError) in
                guard let field else {
                    do throws(AnimCoreError) { try description.setSequential(on == 1) } catch { throw APIError(field: error) }
                    return
                }
                description[keyPath: field] = on == 1
            }
        }
    }
}

@_cdecl("ac_animation_get_flag")
public func ac_animation_get_flag(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ flag: Int32, _ outOn: UnsafeMutablePointer<Int32>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let sequential = flag == Int32(AC_ANIMATION_SEQUENTIAL)
            let field = sequential ? nil : try flagField(flag)
            let out = try required(outOn, "out_on")
            let on = try box.readDescription(animation) { (description) in
                field.map { description[keyPath: $0] } ?? description.isSequence
            }
            out.pointee = on ? 1 : 0
        }
    }
}

@_cdecl("ac_animation_set_delegate")
public func ac_animation_set_delegate(
    _ engine: OpaquePointer?, _ animation: ac_animation, _ delegate: UnsafePointer<ac_animation_delegate>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            guard let delegate else {
                try box.updateDescription(animation) { $0.delegate = nil }
                return
            }
            try checkStructSize(delegate, expected: MemoryLayout<ac_animation_delegate>.size, "delegate")
            let raw = delegate.pointee
            guard raw.reserved == 0 else {
                throw APIError(AC_ERR_INVALID_ARGUMENT, "delegate->reserved is \(raw.reserved); it must be 0")
            }
            let callbacks = AnimationCallbacks(raw, engine: box.pointer)
            do throws(APIError) {
                let core = callbacks.delegate
                try box.updateDescription(animation) { $0.delegate = core }
            } catch {
                callbacks.disarm()
                throw error
            }
        }
    }
}

// MARK: Animations of layers

/// A C key argument that may be NULL (no key).
func optionalKey(_ key: UnsafePointer<CChar>?) throws(APIError) -> String? {
    guard let key else { return nil }
    return try utf8String(key, "key")
}

@_cdecl("ac_layer_add_animation")
public func ac_layer_add_animation(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ animation: ac_animation, _ key: UnsafePointer<CChar>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try box.addDescription(animation, forKey: key, to: LayerID(rawValue: layer))
        }
    }
}

@_cdecl("ac_layer_remove_animation")
public func ac_layer_remove_animation(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: UnsafePointer<CChar>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try utf8String(key, "key")
            try core { () throws(AnimCoreError) in try box.engine.removeAnimation(forKey: name, from: LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_remove_all_animations")
public func ac_layer_remove_all_animations(_ engine: OpaquePointer?, _ layer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try core { () throws(AnimCoreError) in try box.engine.removeAllAnimations(from: LayerID(rawValue: layer)) }
        }
    }
}

@_cdecl("ac_layer_animation_count")
public func ac_layer_animation_count(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ outCount: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let out = try required(outCount, "out_count")
            out.pointee = try core { () throws(AnimCoreError) in try box.engine.animationKeys(of: LayerID(rawValue: layer)) }.count
        }
    }
}

@_cdecl("ac_layer_animation_key")
public func ac_layer_animation_key(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ index: Int, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let keys = try core { () throws(AnimCoreError) in try box.engine.animationKeys(of: LayerID(rawValue: layer)) }
            guard index >= 0, index < keys.count else {
                throw APIError(
                    AC_ERR_OUT_OF_RANGE,
                    "index is \(UInt(bitPattern: index)); the layer has \(keys.count) keyed animations")
            }
            try copyString(keys[index], into: buffer, capacity: capacity, outLength: outLength)
        }
    }
}

@_cdecl("ac_layer_copy_animation")
public func ac_layer_copy_animation(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: UnsafePointer<CChar>?,
    _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try utf8String(key, "key")
            let out = try required(outAnimation, "out_animation")
            let copy = try core { () throws(AnimCoreError) in
                try box.engine.animation(forKey: name, of: LayerID(rawValue: layer))
            }
            out.pointee = try copy.map { (animation) throws(APIError) in try box.makeDescription(animation) } ?? 0
        }
    }
}

/// Hands `body` the description `animation` refers to (an inout access to the table's entry)
/// as a borrow: a getter reads the entry where it lies instead of a copy of it.
@inline(__always)
private func borrowingInPlace<R>(
    _ animation: inout Animation, _ body: (borrowing Animation) throws(APIError) -> R
) throws(APIError) -> R {
    try body(animation)
}

/// `borrowingInPlace` for a body that adds the description to a layer (`addDescription`).
@inline(__always)
private func lendingInPlace(
    _ animation: inout Animation, _ body: (borrowing Animation) throws(AnimCoreError) -> Void
) throws(AnimCoreError) {
    try body(animation)
}
