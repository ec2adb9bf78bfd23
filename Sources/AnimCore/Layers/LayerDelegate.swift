/// A layer's delegate: callbacks that take precedence over the layer class's behaviour.
/// Every callback runs on the thread that calls tick, outside the engine's internal state
/// access, so it may call back into the engine.
package struct LayerDelegate: Sendable {
    /// Displays the layer instead of the class's display handler (CALayerDelegate displayLayer:).
    package var display: DisplayHandler?
    /// The first step of the action search (CALayerDelegate actionForLayer:forKey:).
    package var action: ActionHandler?

    package init(display: DisplayHandler? = nil, action: ActionHandler? = nil) {
        self.display = display
        self.action = action
    }
}
