/// A layer's part in the action search (CALayer `action(forKey:)`): its delegate's callbacks,
/// which come first, and its actions table.
extension Layer {
    /// What the action search answers for `key` (CALayer `action(forKey:)`, steps 1 to 4: the
    /// delegate's action callback, the actions table, the class's default action). Disabling
    /// actions does not change the answer.
    ///
    /// C: `ac_layer_action_for_key`.
    /// - Parameter key: a property name ("opacity") or a tree event ("onOrderIn",
    ///   "onOrderOut", "transition", "sublayers").
    /// - Returns: the action found; `.continueSearch` when no step answered (a property change
    ///   then runs the built-in implicit animation).
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func action(forKey key: String) throws(AnimCoreError) -> ActionResult {
        try engine.action(forKey: key, of: id)
    }

    /// Sets the layer's actions table entry for `key` (CALayer `actions[key]`): an animation
    /// copied each time the key's event happens, or `.noAction` to end the search with none.
    ///
    /// C: `ac_layer_set_action`.
    /// - Parameters:
    ///   - action: the entry; nil removes it.
    ///   - key: a property name or a tree event ("onOrderIn", "onOrderOut", "transition",
    ///     "sublayers").
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func setAction(_ action: LayerAction?, forKey key: String) throws(AnimCoreError) {
        try engine.setAction(action, forKey: key, of: id)
    }

    /// Sets the layer delegate's display callback (CALayerDelegate `display(_:)`): it runs
    /// instead of the class's when the layer displays, on the thread that calls `tick`, and may
    /// call back into the engine. The delegate's action callback is set apart.
    ///
    /// C: `ac_layer_set_delegate`.
    /// - Parameter display: called with the layer; nil for none (the class's display runs).
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func setDelegateDisplay(_ display: (@Sendable (_ layer: Layer) -> Void)?) throws(AnimCoreError) {
        try engine.setDelegateDisplayHandler(display.map(DisplayHandler.init(layerCallback:)), for: id)
    }

    /// Sets the layer delegate's action callback (CALayerDelegate `action(for:forKey:)`), the
    /// first step of the action search. It runs on the thread making the change, before the new
    /// value is stored (the layer still reads its old model value), and may call back into the
    /// engine. The delegate's display callback is set apart.
    ///
    /// C: `ac_layer_set_action_callback`.
    /// - Parameter action: called with the layer and the key; answers an animation,
    ///   `.noAction` or `.continueSearch`; nil for none.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func setDelegateAction(
        _ action: (@Sendable (_ layer: Layer, _ key: String) -> ActionResult)?
    ) throws(AnimCoreError) {
        try engine.setDelegateActionHandler(action.map(ActionHandler.init(layerCallback:)), for: id)
    }
}

extension ActionHandler {
    /// A handler that calls `callback` with the layer as a `Layer` object.
    init(layerCallback callback: @escaping @Sendable (Layer, String) -> ActionResult) {
        self.init { engine, layer, key in callback(Layer(engine: engine, retaining: layer), key) }
    }
}
