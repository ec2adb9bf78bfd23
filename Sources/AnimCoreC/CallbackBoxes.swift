import AnimCore
import CAnimCore

// C callbacks as the core's Swift callbacks: a box holding the function pointers, user_data and
// the optional destroy, captured by the closures handed to the engine. The engine drops the
// closures when the registration ends (replaced, its object or the engine destroyed); the box
// goes with the last of them and its deinit calls destroy(user_data), exactly once.

/// The user_data and destroy function of one registration.
class CallbackRegistration: @unchecked Sendable {
    let userData: UnsafeMutableRawPointer?
    private let destroy: ac_destroy_fn?
    /// Cleared when the registering call fails, so the caller keeps user_data.
    private var armed = true

    init(userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.userData = userData
        self.destroy = destroy
    }

    /// For a call that failed after making the box: destroy must not run.
    func disarm() {
        armed = false
    }

    deinit {
        if armed, let destroy { destroy(userData) }
    }
}

/// A display callback (a class's or a layer delegate's).
final class DisplayCallback: CallbackRegistration, @unchecked Sendable {
    let function: ac_display_fn
    let engine: OpaquePointer

    init(_ function: ac_display_fn, engine: OpaquePointer, userData: UnsafeMutableRawPointer?, destroy: ac_destroy_fn?) {
        self.function = function
        self.engine = engine
        super.init(userData: userData, destroy: destroy)
    }

    /// The core handler calling this callback.
    var handler: DisplayHandler {
        DisplayHandler { [self] _, layer in
            function(engine, layer.rawValue, userData)
        }
    }
}

/// The callbacks of an animation delegate.
final class AnimationCallbacks: CallbackRegistration, @unchecked Sendable {
    let didStart: ac_animation_start_fn?
    let didStop: ac_animation_stop_fn?
    let engine: OpaquePointer

    init(_ delegate: ac_animation_delegate, engine: OpaquePointer) {
        didStart = delegate.did_start
        didStop = delegate.did_stop
        self.engine = engine
        super.init(userData: delegate.user_data, destroy: delegate.destroy)
    }

    /// The core delegate calling these callbacks; the key is a NUL-terminated string during
    /// the call (NULL for an animation added without a key).
    var delegate: AnimationDelegate {
        var delegate = AnimationDelegate()
        if let didStart {
            delegate.didStart = { [self] event in
                if let key = event.key {
                    key.withCString { didStart(engine, event.layer.rawValue, $0, userData) }
                } else {
                    didStart(engine, event.layer.rawValue, nil, userData)
                }
            }
        }
        if let didStop {
            delegate.didStop = { [self] event, finished in
                let flag: Int32 = finished ? 1 : 0
                if let key = event.key {
                    key.withCString { didStop(engine, event.layer.rawValue, $0, flag, userData) }
                } else {
                    didStop(engine, event.layer.rawValue, nil, flag, userData)
                }
            }
        }
        return delegate
    }
}
