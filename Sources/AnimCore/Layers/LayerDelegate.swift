/// A layer's delegate: callbacks that take precedence over the layer class's behaviour.
/// Every callback runs on the thread that calls tick, outside the engine's internal state
/// access, so it may call back into the engine.
public struct LayerDelegate: Sendable {
    /// Displays the layer instead of the class's display handler (CALayerDelegate displayLayer:).
    public var display: DisplayHandler?
    /// The first step of the action search (CALayerDelegate actionForLayer:forKey:).
    public var action: ActionHandler?

    public init(display: DisplayHandler? = nil, action: ActionHandler? = nil) {
        self.display = display
        self.action = action
    }
}
