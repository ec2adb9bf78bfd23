import AnimCore
import CAnimCore

// The actions section of animcore.h: the delegate's and the class's action callbacks, the
// layer's actions table, actionForKey and replaceSublayer.

/// An action callback (a layer delegate's or a class's default). Each call hands the callback a
/// fresh description from the engine's table, reads back what it configured, and releases it.
final class ActionCallback: CallbackRegistration, @unchecked Sendable {
    let function: ac_action_fn
    let engine: OpaquePointer

    init(_ function: ac_action_fn, engine: OpaquePointer, userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.function = function
        self.engine = engine
        super.init(userData: userData, destroy: destroy)
    }

    /// The core handler calling this callback.
    var handler: ActionHandler {
        ActionHandler { [self] _, layer, key in answer(layer, key) }
    }

    /// Runs the callback for `key` on `layer`. The engine is entered again by its pointer (the
    /// handler runs inside a call into it, so it is live; it holds no reference to its box, which
    /// owns the engine that owns this handler).
    private func answer(_ layer: LayerID, _ key: String) -> ActionResult {
        let result: ActionResult? = try? withEngine(engine) { (box) throws(APIError) -> ActionResult in
            // A full description table gives the callback 0: an animation answer then continues.
            let animation = (try? box.makeDescription(.basic(key))) ?? 0
            let answer = key.withCString { function(engine, layer.rawValue, $0, animation, userData) }
            guard animation != 0 else { return answer == AC_ACTION_NONE ? .noAction : .continueSearch }
            // Released by the callback: there is nothing to run.
            let configured = try? box.description(animation)
            try? box.releaseDescription(animation)
            switch answer {
            case Int32(AC_ACTION_NONE): return .noAction
            case Int32(AC_ACTION_ANIMATION): return configured.map { .animation($0) } ?? .continueSearch
            default: return .continueSearch
            }
        }
        return result ?? .continueSearch
    }
}

/// A C action key: UTF-8 and not empty.
private func actionKey(_ key: UnsafePointer<CChar>?) throws(APIError) -> String {
    let name = try utf8String(key, "key")
    guard !name.isEmpty else { throw APIError(AC_ERR_UNKNOWN_KEY, "key is \"\"; an action needs a key") }
    return name
}

@_cdecl("ac_layer_set_action_callback")
public func ac_layer_set_action_callback(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ function: ac_action_fn?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let callback = function.map { ActionCallback($0, engine: box.pointer, userData: userData, destroy: destroy) }
            do throws(AnimCoreError) {
                try box.engine.setDelegateActionHandler(callback?.handler, for: LayerID(rawValue: layer))
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: .layer)
            }
            // No function: the registration ends at once.
            if function == nil, let destroy { destroy(userData) }
        }
    }
}

@_cdecl("ac_class_set_default_action")
public func ac_class_set_default_action(
    _ engine: OpaquePointer?, _ layerClass: ac_class, _ function: ac_action_fn?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: ac_destroy_fn?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let id = LayerClassID(rawValue: layerClass)
            let callback = function.map { ActionCallback($0, engine: box.pointer, userData: userData, destroy: destroy) }
            do throws(AnimCoreError) {
                try box.engine.setDefaultActionHandler(callback?.handler, for: id)
            } catch {
                callback?.disarm()
                throw APIError(error, arguments: ErrorArguments(handle: "layer_class"))
            }
            // No function: the registration ends at once.
            if function == nil, let destroy { destroy(userData) }
        }
    }
}

@_cdecl("ac_layer_set_action")
public func ac_layer_set_action(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: UnsafePointer<CChar>?, _ animation: ac_animation,
    _ noAction: Int32
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try actionKey(key)
            let stops = try flagArgument(noAction, "no_action")
            let entry: LayerAction?
            if animation != 0 {
                guard !stops else {
                    throw APIError(
                        AC_ERR_INVALID_ARGUMENT,
                        "no_action is 1 with animation \(animation); give an animation or no_action, not both")
                }
                entry = .animation(try box.description(animation))
            } else {
                entry = stops ? .noAction : nil
            }
            try core { () throws(AnimCoreError) in
                try box.engine.setAction(entry, forKey: name, of: LayerID(rawValue: layer))
            }
        }
    }
}

@_cdecl("ac_layer_action_for_key")
public func ac_layer_action_for_key(
    _ engine: OpaquePointer?, _ layer: ac_layer, _ key: UnsafePointer<CChar>?,
    _ outResult: UnsafeMutablePointer<Int32>?, _ outAnimation: UnsafeMutablePointer<ac_animation>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let name = try actionKey(key)
            let result = try required(outResult, "out_result")
            let animation = try required(outAnimation, "out_animation")
            let answer = try core { () throws(AnimCoreError) in
                try box.engine.action(forKey: name, of: LayerID(rawValue: layer))
            }
            switch answer {
            case .continueSearch:
                result.pointee = Int32(AC_ACTION_CONTINUE)
                animation.pointee = 0
            case .noAction:
                result.pointee = Int32(AC_ACTION_NONE)
                animation.pointee = 0
            case .animation(let found):
                animation.pointee = try box.makeDescription(found)
                result.pointee = Int32(AC_ACTION_ANIMATION)
            }
        }
    }
}

@_cdecl("ac_layer_replace_sublayer")
public func ac_layer_replace_sublayer(_ engine: OpaquePointer?, _ oldLayer: ac_layer, _ newLayer: ac_layer) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            do throws(AnimCoreError) {
                try box.engine.replaceSublayer(LayerID(rawValue: oldLayer), with: LayerID(rawValue: newLayer))
            } catch {
                var argument = "old_layer"
                if error.code == .badHandle {
                    argument = box.engine.isValid(LayerID(rawValue: oldLayer)) ? "new_layer" : "old_layer"
                } else if error.code == .cycle {
                    argument = "new_layer"
                } else if error.code != .invalidArgument {
                    argument = "new_layer's \"transition\" action"
                }
                throw APIError(error, argument: argument)
            }
        }
    }
}
