/// What an action search step answers for a layer and a key (CALayerDelegate
/// actionForLayer:forKey:, the layer's actions, the class's defaultActionForKey:).
public enum ActionResult: Sendable {
    /// Run this animation: it is added to the layer under the key (its keyPath, when empty,
    /// becomes the key).
    case animation(Animation)
    /// No answer here: continue the search (Objective-C's nil).
    case continueSearch
    /// Stop the search: no action (Objective-C's NSNull).
    case noAction
}

/// An action search step the host supplies: called with the engine, the layer and the key
/// ("opacity", "onOrderIn", ...), on the thread making the change, before the new value is
/// stored. It may read the engine (the layer still reads its old model value).
package struct ActionHandler: Sendable {
    package let call: @Sendable (_ engine: Engine, _ layer: LayerID, _ key: String) -> ActionResult

    package init(_ call: @escaping @Sendable (_ engine: Engine, _ layer: LayerID, _ key: String) -> ActionResult) {
        self.call = call
    }
}

/// An entry of a layer's actions table (CALayer.actions): an animation to copy, or an explicit
/// "no action" (NSNull) that ends the search.
public enum LayerAction: Sendable {
    /// Run a copy of this animation, added under the key (its keyPath, when empty, becomes the
    /// key).
    case animation(Animation)
    /// Stop the search: no action (NSNull).
    case noAction
}

/// The special action keys of layer tree events (Core Animation's string values).
public enum ActionKey {
    /// A layer joins a tree (kCAOnOrderIn).
    public static let orderIn = "onOrderIn"
    /// A layer leaves a tree (kCAOnOrderOut).
    public static let orderOut = "onOrderOut"
    /// A layer replaces another (kCATransition).
    public static let transition = "transition"
    /// A layer's sublayers change (one added, inserted, removed, replaced or moved away):
    /// searched on that layer, so that an action can answer a transition for it. Core Animation
    /// looks this key up (WebKit's layers answer no action for it to stop the default).
    public static let sublayers = "sublayers"
}
