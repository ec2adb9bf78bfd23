/// Layer classes with closures: declaring a class (CALayer subclassing with `@dynamic`
/// properties, `+needsDisplayForKey:`, `-display`), and a class's display and default action.
extension Engine {
    /// Declares a layer class: the properties it adds to its superclass's, each stored,
    /// presented and interpolated by the engine (no copying code), and how its layers display.
    ///
    /// ```swift
    /// let radius = PropertyName<Double>("radius")
    /// let circle = try engine.makeLayerClass("Circle", properties: [PropertyDescriptor(radius, default: 10)])
    /// ```
    ///
    /// C: `ac_class_create`, `ac_class_set_display`, `ac_class_set_strict`.
    /// - Parameters:
    ///   - name: the class's name, unique in this engine.
    ///   - superclass: the class it extends; default the built-in layer class.
    ///   - properties: the properties it adds (`PropertyDescriptor(radius, default: 10)`).
    ///   - display: its display callback (`-display`), called with each layer that needs
    ///     display, on the thread that calls `tick`; nil: the superclass's.
    ///   - strict: whether its layers refuse undeclared keys (see `setStrict(_:for:)`); nil: as
    ///     the superclass (the built-in class is permissive, as Core Animation is).
    /// - Returns: the new class.
    /// - Throws: `.invalidArgument` for a name already used or a property name that is empty,
    ///   dotted, "frame" or declared twice; `.badHandle` for a superclass of another engine;
    ///   `.invalidState` once the engine is invalidated; `.outOfRange` when the engine holds the
    ///   most classes it can.
    public func makeLayerClass(
        _ name: String, superclass: LayerClassID = .layer, properties: [PropertyDescriptor] = [],
        display: (@Sendable (_ layer: Layer) -> Void)? = nil, strict: Bool? = nil
    ) throws(AnimCoreError) -> LayerClassID {
        try makeLayerClass(
            name: name, superclass: superclass, properties: properties,
            display: display.map(DisplayHandler.init(layerCallback:)), strict: strict)
    }

    /// Sets a class's display callback (`-display`): it runs for each layer of the class that
    /// needs display, on the thread that calls `tick`, unless the layer's delegate has one.
    /// Classes declared later with this one as superclass inherit it.
    ///
    /// C: `ac_class_set_display`.
    /// - Parameters:
    ///   - layerClass: the class.
    ///   - display: called with the layer to display; nil for none.
    /// - Throws: `.badHandle` for a class of another engine, `.invalidState` once the engine is
    ///   invalidated.
    public func setDisplay(
        for layerClass: LayerClassID, _ display: (@Sendable (_ layer: Layer) -> Void)?
    ) throws(AnimCoreError) {
        try setDisplayHandler(display.map(DisplayHandler.init(layerCallback:)), for: layerClass)
    }

    /// Sets a class's default action callback (`+defaultActionForKey:`), the third step of the
    /// action search, for its layers and those of classes declared later with it as superclass.
    /// It runs on the thread making the change, before the new value is stored, and may call
    /// back into the engine.
    ///
    /// ```swift
    /// try engine.setDefaultAction(for: clockFace) { clock, key in
    ///     guard key == "time" else { return .continueSearch }
    ///     return .animation(.basic(time, from: try? clock.presentationValue(time)))
    /// }
    /// ```
    ///
    /// C: `ac_class_set_default_action`.
    /// - Parameters:
    ///   - layerClass: the class.
    ///   - action: called with the layer and the key ("opacity", "onOrderIn", ...); answers an
    ///     animation, `.noAction` or `.continueSearch`; nil for none.
    /// - Throws: `.badHandle` for a class of another engine, `.invalidState` once the engine is
    ///   invalidated.
    public func setDefaultAction(
        for layerClass: LayerClassID, _ action: (@Sendable (_ layer: Layer, _ key: String) -> ActionResult)?
    ) throws(AnimCoreError) {
        try setDefaultActionHandler(action.map(ActionHandler.init(layerCallback:)), for: layerClass)
    }
}

extension DisplayHandler {
    /// A handler that calls `callback` with the layer as a `Layer` object.
    init(layerCallback callback: @escaping @Sendable (Layer) -> Void) {
        self.init { engine, layer in callback(Layer(engine: engine, retaining: layer)) }
    }
}
