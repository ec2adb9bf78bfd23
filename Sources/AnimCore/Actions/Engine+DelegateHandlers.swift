/// Setting one handler of a layer's delegate without touching the other (the C API registers a
/// delegate's display callback and its action callback with separate calls, each replacing only
/// its own registration), and replacing action sources so that what they replace is dropped
/// after the state access: a host's handler may own a registration whose end calls back into
/// the engine, which must not happen while the state is being changed.
extension Engine {
    /// Sets the action handler of the layer's delegate (nil: none), keeping its display handler.
    /// The previous handler is dropped after the state access (its owner may call back in).
    public func setDelegateActionHandler(_ handler: ActionHandler?, for layer: LayerID) throws(AnimCoreError) {
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
    public func setDelegateDisplayHandler(_ handler: DisplayHandler?, for layer: LayerID) throws(AnimCoreError) {
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

    /// Sets a class's default action handler (nil: none), like `setDefaultActionHandler`, but
    /// drops the previous handler after the state access.
    public func replaceDefaultActionHandler(_ handler: ActionHandler?, for layerClass: LayerClassID) throws(AnimCoreError) {
        let previous = try withState { (state) throws(AnimCoreError) -> ActionHandler? in
            let target = try state.layerClass(layerClass)
            let previous = target.defaultAction
            target.defaultAction = handler
            return previous
        }
        withExtendedLifetime(previous) {}
    }

    /// Sets the layer's actions table entry for `key` (nil removes it), like `setAction`, but
    /// drops the entry it replaces after the state access.
    public func replaceAction(_ action: LayerAction?, forKey key: String, of layer: LayerID) throws(AnimCoreError) {
        let previous = try withState { (state) throws(AnimCoreError) -> LayerAction? in
            let slot = Int32(try state.layerSlot(layer))
            let previous = state.layerActions[slot]?[key]
            if let action {
                state.layerActions[slot, default: [:]][key] = action
            } else if state.layerActions[slot] != nil {
                state.layerActions[slot]?[key] = nil
                if state.layerActions[slot]?.isEmpty ?? false { state.layerActions[slot] = nil }
            }
            return previous
        }
        withExtendedLifetime(previous) {}
    }
}
