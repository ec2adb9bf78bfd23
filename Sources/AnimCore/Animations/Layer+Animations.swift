/// Explicit animations on a layer (CALayer `add(_:forKey:)` and its companions).
extension Layer {
    /// Adds a copy of `animation` to the layer (later changes to `animation` do not touch it).
    /// It starts at the next tick after the calling thread's outermost transaction commits (or
    /// at the next tick, outside any transaction). An animation added under the key of another
    /// replaces it (the old one stops with finished = false).
    ///
    /// C: `ac_layer_add_animation`.
    /// - Parameters:
    ///   - animation: the description; a duration of 0 takes the transaction's (0.25 s by
    ///     default), and no timing function the transaction's.
    ///   - key: the name to find or remove it by; nil for none.
    /// - Throws: the checks of `Animation.validate(_:)` (`.notFinite`, `.outOfRange`,
    ///   `.invalidArgument`, `.wrongKind`), `.unknownKey` or `.notAnimatable` for a key path
    ///   the layer cannot animate, `.wrongKind` for values of another kind than the property's,
    ///   `.badHandle` for a destroyed layer, `.invalidState` once the engine is invalidated or
    ///   while it is being invalidated.
    public func add(_ animation: Animation, forKey key: String? = nil) throws(AnimCoreError) {
        try engine.addAnimation(animation, forKey: key, to: id)
    }

    /// Removes the animation added under `key` (it stops with finished = false at the next
    /// tick); nothing happens when there is none. A property no other animation drives shows
    /// its model value at once: to carry a motion on, read its presentation value and
    /// velocity, or add the new animation, before removing the old one.
    ///
    /// C: `ac_layer_remove_animation`.
    /// - Parameter key: the key it was added under.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func removeAnimation(forKey key: String) throws(AnimCoreError) {
        try engine.removeAnimation(forKey: key, from: id)
    }

    /// Removes every animation of the layer (each stops with finished = false at the next tick).
    ///
    /// C: `ac_layer_remove_all_animations`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func removeAllAnimations() throws(AnimCoreError) {
        try engine.removeAllAnimations(from: id)
    }

    /// The keys of the layer's animations, in the order they apply (CALayer `animationKeys()`).
    ///
    /// C: `ac_layer_animation_count`, `ac_layer_animation_key`.
    /// - Returns: the keys of the animations added with one.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func animationKeys() throws(AnimCoreError) -> [String] {
        try engine.animationKeys(of: id)
    }

    /// A copy of the animation added under `key`, as the layer holds it (CALayer
    /// `animation(forKey:)`).
    ///
    /// C: `ac_layer_copy_animation`.
    /// - Parameter key: the key it was added under.
    /// - Returns: the animation; nil when none has that key.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func animation(forKey key: String) throws(AnimCoreError) -> Animation? {
        try engine.animation(forKey: key, of: id)
    }
}
