/// Setting one handler of a layer's delegate without touching the other (the C API registers a
/// delegate's display callback and its action callback with separate calls, each replacing only
/// its own registration). What they replace is dropped after the state access: a host's handler
/// may own a registration whose end calls back into the engine.
extension Engine {
    /// Sets the action handler of the layer's delegate (nil: none), keeping its display handler.
    /// The previous handler is dropped after the state access (its owner may call back in).
    package func setDelegateActionHandler(_ handler: ActionHandler?, for layer: LayerID) throws(AnimCoreError) {
        let previous = try withState { (state) throws(AnimCoreError) -> ActionHandler? in
            let slot = Int32(try state.layerSlot(layer))
            var delegate = state.layerDelegates[slot] ?? LayerDelegate()
            let previous = delegate.action
            delegate.action = handler
            state.layerDelegates[slot] = delegate.display == nil && delegate.action == nil ? nil : delegate
            return previous
        }
        withExtendedLifetime(previous) {}
    }

    /// Sets the display handler of the layer's delegate (nil: none), keeping its action handler.
    /// The previous handler is dropped after the state access (its owner may call back in).
    package func setDelegateDisplayHandler(_ handler: DisplayHandler?, for layer: LayerID) throws(AnimCoreError) {
        let previous = try withState { (state) throws(AnimCoreError) -> DisplayHandler? in
            let slot = Int32(try state.layerSlot(layer))
            var delegate = state.layerDelegates[slot] ?? LayerDelegate()
            let previous = delegate.display
            delegate.display = handler
            state.layerDelegates[slot] = delegate.display == nil && delegate.action == nil ? nil : delegate
            return previous
        }
        withExtendedLifetime(previous) {}
    }
}
