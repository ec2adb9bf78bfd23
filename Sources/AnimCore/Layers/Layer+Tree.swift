/// The layer tree: a layer has at most one superlayer and any number of ordered sublayers.
/// Adding a layer elsewhere moves it (as in Core Animation); a cycle is refused. A layer's time
/// runs in its superlayer's time space (see `convertTime(_:from:)`).
extension Layer {
    /// Adds `child` as the last sublayer, moving it from any other superlayer; runs the
    /// child's "onOrderIn" action, then the "sublayers" actions of the superlayer it left and of
    /// this layer.
    ///
    /// C: `ac_layer_add_sublayer`.
    /// - Parameter child: a layer of the same engine.
    /// - Throws: `.cycle` when `child` is this layer or one of its superlayers, `.badHandle`
    ///   for a destroyed layer or one of another engine, `.invalidState` once the engine is
    ///   invalidated.
    public func addSublayer(_ child: Layer) throws(AnimCoreError) {
        try engine.addSublayer(handle(of: child, "child"), to: id)
    }

    /// Inserts `child` among the sublayers at `index`, moving it from any other superlayer;
    /// runs the actions `addSublayer(_:)` runs.
    ///
    /// C: `ac_layer_insert_sublayer`.
    /// - Parameters:
    ///   - child: a layer of the same engine.
    ///   - index: its place among the sublayers, from 0; clamped to [0, count].
    /// - Throws: as `addSublayer(_:)`.
    public func insertSublayer(_ child: Layer, at index: Int) throws(AnimCoreError) {
        try engine.insertSublayer(handle(of: child, "child"), into: id, at: index)
    }

    /// Replaces the sublayer `old` by `new` (moved from wherever it was); runs `new`'s
    /// "transition" action, then the "sublayers" actions of the superlayer `new` left and of
    /// this layer. Replacing a layer by itself changes nothing and runs no action.
    ///
    /// C: `ac_layer_replace_sublayer`.
    /// - Parameters:
    ///   - old: one of this layer's sublayers.
    ///   - new: the layer that takes its place.
    /// - Throws: `.invalidArgument` when `old` is not a sublayer of this layer, `.cycle` when
    ///   `new` is this layer or one of its superlayers, `.badHandle` for a destroyed layer or
    ///   one of another engine, `.invalidState` once the engine is invalidated.
    public func replaceSublayer(_ old: Layer, with new: Layer) throws(AnimCoreError) {
        let oldID = try handle(of: old, "old"), newID = try handle(of: new, "new")
        try engine.lock.withLock { () throws(AnimCoreError) in
            guard try engine.superlayer(of: oldID) == id else {
                throw AnimCoreError(.invalidArgument, "old is not a sublayer of this layer")
            }
            try engine.replaceSublayer(oldID, with: newID)
        }
    }

    /// Removes the layer from its superlayer after running its "onOrderOut" action, then runs
    /// the superlayer's "sublayers" action (not when the layer is its mask); nothing happens
    /// without one. The superlayer's reference goes: a layer no `Layer` object holds is
    /// destroyed.
    ///
    /// C: `ac_layer_remove_from_superlayer`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public func removeFromSuperlayer() throws(AnimCoreError) {
        try engine.removeFromSuperlayer(id)
    }

    /// The sublayers, in order (back to front).
    ///
    /// C: `ac_layer_sublayers`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public var sublayers: [Layer] {
        get throws(AnimCoreError) {
            try engine.sublayers(of: id).map { Layer(engine: engine, retaining: $0) }
        }
    }

    /// The superlayer; nil for a root layer.
    ///
    /// C: `ac_layer_superlayer`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public var superlayer: Layer? {
        get throws(AnimCoreError) {
            try engine.superlayer(of: id).map { Layer(engine: engine, retaining: $0) }
        }
    }
}
