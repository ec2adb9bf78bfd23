/// A layer's values: the model (what was set) and the presentation (the model with the
/// committed animations applied at the last tick), by typed name or by key path.
///
/// Model values never change by animation. Setting an animatable property of a committed layer
/// (one the engine has ticked once) runs its action: by default an implicit animation from the
/// presentation value with the transaction's duration (0.25 s) and timing function.
extension Layer {
    // MARK: Typed

    /// The model value of a property or of a key path into one.
    ///
    /// C: `ac_layer_get_value`.
    /// - Parameter name: the property's typed name (`.position`, `radius`).
    /// - Returns: the value last set (or the default).
    /// - Throws: `.unknownKey` for a name the class does not declare (and, in a permissive class,
    ///   never set), `.wrongKind` when the property holds values of another kind than `T`,
    ///   `.badHandle` for a destroyed layer, `.invalidState` once the engine is invalidated.
    public func value<T>(_ name: PropertyName<T>) throws(AnimCoreError) -> T {
        try name.typed(engine.value(forKeyPath: name.keyPath, of: id))
    }

    /// The model value of a property, as `value(_:)` reads it: `try layer[.opacity]`.
    ///
    /// C: `ac_layer_get_value`.
    /// - Parameter name: the property's typed name.
    /// - Throws: as `value(_:)`.
    public subscript<T>(name: PropertyName<T>) -> T {
        get throws(AnimCoreError) { try value(name) }
    }

    /// Sets the model value of a property (or of a key path into one, keeping the rest of the
    /// value); a change of an animatable property of a committed layer runs its action (see
    /// `Engine.transaction(duration:timingFunction:disableActions:completion:_:)` to set the
    /// animation's duration or to disable actions).
    ///
    /// C: `ac_layer_set_value`.
    /// - Parameters:
    ///   - value: the new value; its floating-point components must be finite (and a layer's
    ///     timing properties within their ranges).
    ///   - name: the property's typed name.
    /// - Throws: `.notFinite` or `.outOfRange` for a value the property refuses, `.wrongKind`
    ///   when the property holds another kind, `.unknownKey` for a key path the class does
    ///   not know (any undeclared key in a strict class), `.badHandle` for a destroyed layer,
    ///   `.invalidState` once the engine is invalidated; an error thrown while adding the
    ///   action's animation (the value is set all the same).
    public func setValue<T>(_ value: T, for name: PropertyName<T>) throws(AnimCoreError) {
        try engine.setValue(value.value, forKeyPath: name.keyPath, of: id)
    }

    /// The presentation value of a property: what is shown at the engine's last tick (CALayer
    /// `presentation()`'s value).
    ///
    /// C: `ac_layer_get_presentation_value`.
    /// - Parameter name: the property's typed name.
    /// - Returns: the model value with the committed animations applied at the last tick.
    /// - Throws: as `value(_:)`.
    public func presentationValue<T>(_ name: PropertyName<T>) throws(AnimCoreError) -> T {
        try name.typed(engine.presentationValue(forKeyPath: name.keyPath, of: id))
    }

    /// How fast the presentation value of a property changes, in its units per second of the
    /// layer's time, measured at the last tick whatever animates it (zero when nothing does).
    ///
    /// C: `ac_layer_get_presentation_velocity`.
    /// - Parameter name: the typed name of a property of a kind with coordinates or of a
    ///   transform (or a component of one).
    /// - Returns: a value of the property's type whose components are velocities.
    /// - Throws: `.wrongKind` for bool, integer, token, fill-mode, path and array properties,
    ///   `.unknownKey` for undeclared keys, `.badHandle` for a destroyed layer, `.invalidState`
    ///   once the engine is invalidated.
    public func presentationVelocity<T>(_ name: PropertyName<T>) throws(AnimCoreError) -> T {
        try name.typed(engine.presentationVelocity(forKeyPath: name.keyPath, of: id))
    }

    // MARK: By key path

    /// The model value at a key path, of whatever kind it holds.
    ///
    /// C: `ac_layer_get_value`.
    /// - Parameter keyPath: a property ("position"), a key path into one ("position.x"),
    ///   "frame", or an undeclared key (permissive classes).
    /// - Returns: the value; nil only for an undeclared key never set.
    /// - Throws: `.unknownKey` for a key path the class does not know (any undeclared key in a
    ///   strict class), `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func value(forKeyPath keyPath: String) throws(AnimCoreError) -> Value? {
        try engine.value(forKeyPath: keyPath, of: id)
    }

    /// Sets the model value at a key path (see `setValue(_:for:)`); an undeclared key of a
    /// permissive class stores any value as it comes (Core Animation's rule).
    ///
    /// C: `ac_layer_set_value`.
    /// - Parameters:
    ///   - value: the new value.
    ///   - keyPath: a property, a key path into one, "frame", or an undeclared key.
    /// - Throws: as `setValue(_:for:)`.
    public func setValue(_ value: Value, forKeyPath keyPath: String) throws(AnimCoreError) {
        try engine.setValue(value, forKeyPath: keyPath, of: id)
    }

    /// The presentation value at a key path, of whatever kind it holds.
    ///
    /// C: `ac_layer_get_presentation_value`.
    /// - Parameter keyPath: as for `value(forKeyPath:)`.
    /// - Returns: the value at the last tick; nil only for an undeclared key never set.
    /// - Throws: as `value(forKeyPath:)`.
    public func presentationValue(forKeyPath keyPath: String) throws(AnimCoreError) -> Value? {
        try engine.presentationValue(forKeyPath: keyPath, of: id)
    }

    /// How fast the presentation value at a key path changes (see `presentationVelocity(_:)`).
    ///
    /// C: `ac_layer_get_presentation_velocity`.
    /// - Parameter keyPath: a property of a kind with coordinates or a transform, or a
    ///   component of one.
    /// - Returns: a value of the key path's kind whose components are velocities per second.
    /// - Throws: as `presentationVelocity(_:)`.
    public func presentationVelocity(forKeyPath keyPath: String) throws(AnimCoreError) -> Value {
        try engine.presentationVelocity(forKeyPath: keyPath, of: id)
    }

    /// Every property the layer's class declares, inherited ones first, with its model or
    /// presentation value, read at once.
    ///
    /// C: `ac_layer_snapshot`.
    /// - Parameter presentation: true for presentation values; default false (model values).
    /// - Returns: (name, value) pairs in declaration order (the 31 built-in properties first).
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func snapshot(presentation: Bool = false) throws(AnimCoreError) -> [(name: String, value: Value)] {
        try engine.snapshot(of: id, presentation: presentation).map { entry in
            ((try? engine.name(of: entry.key)) ?? "", entry.value)
        }
    }
}

extension PropertyName {
    /// `value`, read at this name, as a `T`.
    func typed(_ value: Value?) throws(AnimCoreError) -> T {
        guard let value else {
            throw AnimCoreError(
                .unknownKey, "\"\(keyPath)\" is not a property of the layer's class and was never set on the layer")
        }
        guard let typed = T(value: value) else {
            let held = value.kind == T.valueKind ? "\(value)" : "a \(value.kind.name) value"
            throw AnimCoreError(.wrongKind, "\(keyPath) holds \(held), not a \(T.self) (\(T.valueKind.name))")
        }
        return typed
    }
}
