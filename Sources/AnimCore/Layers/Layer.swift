/// A layer of an engine (CALayer's counterpart) as a Swift object that releases itself: it
/// holds one reference to its layer, given back when the object goes away, so a `Layer` needs
/// no retain or release. Make one with `Engine.makeLayer(_:)` (or `Layer(engine:class:)`).
///
/// Every call of the layer goes to its engine: model values (`value(_:)`, `setValue(_:for:)`,
/// the subscript), presentation values, the tree (`addSublayer(_:)`, `sublayers`), time
/// conversion, animations (`add(_:forKey:)`), actions and the delegate's callbacks.
/// Layers handed to callbacks and returned by `sublayers` and `superlayer` are `Layer` objects
/// too, each holding its own reference; two objects for the same layer are equal (`==` and
/// `hash` go by the engine and the layer's handle).
///
/// Life: a layer in a tree is also held by its superlayer, so it stays in the tree when its
/// `Layer` objects are gone (as a CALayer does); it is destroyed when nothing holds it, and its
/// animations then stop with finished = false. Once the engine has been invalidated its layers
/// are gone: every call throws `.invalidState`, and the object's own release, refused for the
/// same reason, is dropped without a word.
///
/// Callbacks the engine keeps (display, actions, animation callbacks, completions) keep what
/// they capture: a callback that captures a `Layer` or its `Engine` keeps the engine alive until
/// the callback is replaced. Capture `[weak layer]` where that matters.
///
/// Threads: a `Layer` may be used from any thread, as its engine may.
public final class Layer: Hashable, Sendable {
    /// The engine the layer belongs to; the object keeps it alive.
    ///
    /// C: none (every C call takes the engine and the layer's handle).
    public let engine: Engine
    /// The layer's handle in its engine (the C API's `ac_layer`).
    package let id: LayerID
    /// Whether this object holds one of the layer's references (false only for a layer handed
    /// to a callback after it was destroyed, or one that could take no more references).
    private let holdsReference: Bool

    /// A new layer of `layerClass`, every property at its class's default.
    ///
    /// C: `ac_layer_create`.
    /// - Parameters:
    ///   - engine: the engine the layer belongs to.
    ///   - layerClass: its class; default the built-in layer class.
    /// - Throws: `.badHandle` for a class of another engine, `.invalidState` once the engine is
    ///   invalidated, `.outOfRange` when the engine holds the most layers it can.
    public convenience init(engine: Engine, class layerClass: LayerClassID = .layer) throws(AnimCoreError) {
        self.init(engine: engine, adopting: try engine.makeLayerHandle(layerClass))
    }

    /// An object taking over a reference the caller holds (a new layer's).
    package init(engine: Engine, adopting id: LayerID) {
        self.engine = engine
        self.id = id
        holdsReference = true
    }

    /// An object holding a reference of its own to `id` (a layer handed to a callback or found
    /// in the tree). When the engine refuses the reference (the layer was destroyed) the object
    /// holds none, and every call throws `.badHandle`.
    package init(engine: Engine, retaining id: LayerID) {
        self.engine = engine
        self.id = id
        holdsReference = (try? engine.retain(id)) != nil
    }

    deinit {
        // Refused only when the engine has been invalidated (or the handle was never held):
        // the layer is gone either way.
        if holdsReference { try? engine.release(id) }
    }

    /// The handle of `other`, a layer given to one of this layer's calls as `argument`, or
    /// `.badHandle` saying it belongs to another engine (a handle number would tell the caller
    /// nothing).
    func handle(of other: Layer, _ argument: String) throws(AnimCoreError) -> LayerID {
        try engine.handle(of: other, argument)
    }

    /// Whether two objects name the same layer of the same engine.
    /// - Parameters:
    ///   - lhs: a layer.
    ///   - rhs: another layer.
    /// - Returns: true for the same engine and the same handle.
    public static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.engine === rhs.engine && lhs.id == rhs.id
    }

    /// Hashes the layer's handle.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// Whether the layer is alive: false once it was destroyed (a layer handed to a callback
    /// after the end of its life) or its engine invalidated.
    ///
    /// C: none (a call with such a handle answers `AC_ERR_BAD_HANDLE`).
    public var isValid: Bool {
        engine.lock.withLock { !engine.isInvalidated && engine.isValid(id) }
    }

    /// The layer's class.
    ///
    /// C: `ac_layer_class`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public var layerClass: LayerClassID {
        get throws(AnimCoreError) { try engine.layerClass(of: id) }
    }

    // MARK: Display

    /// Marks the layer to display at the next tick (CALayer `setNeedsDisplay()`): its delegate's
    /// display callback runs, or else its class's.
    ///
    /// C: `ac_layer_set_needs_display`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func setNeedsDisplay() throws(AnimCoreError) {
        try engine.setNeedsDisplay(id)
    }

    /// Whether the layer will display at the next tick (CALayer `needsDisplay()`).
    ///
    /// C: `ac_layer_needs_display`.
    /// - Returns: true when a change, an animation of a needs-display property or
    ///   `setNeedsDisplay()` asked for display since the last tick.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func needsDisplay() throws(AnimCoreError) -> Bool {
        try engine.needsDisplay(id)
    }
}

extension Engine {
    /// A new layer of `layerClass`, every property at its class's default, as an object that
    /// releases itself (see `Layer`).
    ///
    /// C: `ac_layer_create`.
    /// - Parameter layerClass: its class; default the built-in layer class.
    /// - Returns: the layer.
    /// - Throws: `.badHandle` for a class of another engine, `.invalidState` once the engine is
    ///   invalidated, `.outOfRange` when the engine holds the most layers it can.
    public func makeLayer(_ layerClass: LayerClassID = .layer) throws(AnimCoreError) -> Layer {
        Layer(engine: self, adopting: try makeLayerHandle(layerClass))
    }
}
