/// CALayer `mask` (see `EngineState.setMask(_:of:names:)`).
extension Layer {
    /// The mask layer: its alpha masks this layer's rendering, sublayers included. Its geometry
    /// is in this layer's space and its superlayer is this layer, but it is not one of the
    /// sublayers. nil for none.
    ///
    /// C: `ac_layer_mask`.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is
    ///   invalidated.
    public var mask: Layer? {
        get throws(AnimCoreError) {
            try engine.mask(of: id).map { Layer(engine: engine, retaining: $0) }
        }
    }

    /// Makes `mask` this layer's mask (nil: none), moving it from any tree or layer it was in;
    /// the old mask is let go. Runs no action.
    ///
    /// C: `ac_layer_set_mask`.
    /// - Parameter mask: a layer of the same engine, or nil.
    /// - Throws: `.cycle` when `mask` is this layer or one of its superlayers, `.badHandle` for
    ///   a destroyed layer or one of another engine, `.invalidState` once the engine is
    ///   invalidated.
    public func setMask(_ mask: Layer?) throws(AnimCoreError) {
        let maskID = try mask.map { (layer) throws(AnimCoreError) in try handle(of: layer, "mask") }
        try engine.setMask(maskID, of: id, names: (layer: "layer", mask: "mask"))
    }
}

extension Engine {
    /// Makes `mask` the mask of `layer` (nil: none); the names are the caller's.
    package func setMask(_ mask: LayerID?, of layer: LayerID, names: (layer: String, mask: String)) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.setMask(mask, of: layer, names: names) }
    }

    /// The mask of `layer`, if any.
    package func mask(of layer: LayerID) throws(AnimCoreError) -> LayerID? {
        try withState { (state) throws(AnimCoreError) in try state.mask(of: layer) }
    }
}
