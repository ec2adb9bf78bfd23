/// The callbacks of an added animation as closures (CAAnimationDelegate
/// `animationDidStart(_:)` and `animationDidStop(_:finished:)`).
///
/// Each fires exactly once per added copy, on the thread that calls `tick`, outside the
/// engine's internal state access (so it may call back into the engine). A group's children's
/// callbacks are not called: the group's are.
extension Animation {
    /// Called when the added animation begins its active duration; nil: none (the default).
    ///
    /// C: `ac_animation_set_delegate` (`did_start`).
    public var onStart: (@Sendable () -> Void)? {
        get { delegate?.onStart }
        set {
            var callbacks = delegate ?? AnimationDelegate()
            callbacks.onStart = newValue
            if let call = newValue {
                callbacks.didStart = { @Sendable _ in call() }
            } else {
                callbacks.didStart = nil
            }
            delegate = callbacks.didStart == nil && callbacks.didStop == nil ? nil : callbacks
        }
    }

    /// Called when the added animation stops: with true when it completed its active duration,
    /// false when it was removed or replaced before that (or its layer destroyed, or its engine
    /// invalidated); nil: none (the default).
    ///
    /// C: `ac_animation_set_delegate` (`did_stop`).
    public var onStop: (@Sendable (_ finished: Bool) -> Void)? {
        get { delegate?.onStop }
        set {
            var callbacks = delegate ?? AnimationDelegate()
            callbacks.onStop = newValue
            if let call = newValue {
                callbacks.didStop = { @Sendable _, finished in call(finished) }
            } else {
                callbacks.didStop = nil
            }
            delegate = callbacks.didStart == nil && callbacks.didStop == nil ? nil : callbacks
        }
    }

    /// Whether dropping the description may call back into the host: it holds a delegate, or
    /// is a group (whose children may hold delegates), whose C destroy functions run when the
    /// last copy goes. A holder under a lock the host may take drops such a description after
    /// releasing it.
    package var mayCallBackWhenDropped: Bool {
        delegate != nil || kindTag == .group
    }
}
