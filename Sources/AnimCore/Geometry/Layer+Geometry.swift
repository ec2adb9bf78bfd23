/// Where a layer is: its matrices, point and rect conversion, affineTransform, contentsAreFlipped
/// and hit testing, on model values (`presentation: false`, the default, as CALayer) or on
/// presentation values at the engine's time (the last tick; CALayer's `presentation()` tree).
/// Matrices are CATransform3D's row-vector convention (`p' = p · M`, see `Transform3D`).
/// A layer of nil is the root space: the space a root layer's position is in (CALayer's nil
/// layer); layers of different trees meet in their roots' shared space.
extension Layer {
    /// The matrix from the layer's space to its superlayer's (to the root space for a root
    /// layer): T(−anchor) · transform · T(position, zPosition) · the superlayer's
    /// (geometryFlipped mirror then sublayerTransform about its anchor). Not flattened.
    ///
    /// C: `ac_layer_matrix_to_superlayer`.
    /// - Parameter presentation: presentation values (true) or model values (false, default).
    /// - Returns: the matrix (row vectors: `p' = p · M`).
    /// - Throws: `.outOfRange` when an element is beyond the range of doubles (finite values
    ///   whose products overflow: the layer is placed nowhere, not drawn and not hit);
    ///   `.badHandle` for a destroyed layer, `.invalidState` once the engine is invalidated.
    public func matrixToSuperlayer(presentation: Bool = false) throws(AnimCoreError) -> Transform3D {
        try engine.matrixToSuperlayer(of: id, presentation: presentation)
    }

    /// The matrix from the layer's space to `layer`'s, through their common ancestor, each
    /// layer on the way flattening its sublayers (perspective kept; a transform layer keeps
    /// them in 3D, composing their matrices with its own): a point of this layer's
    /// plane times it, divided by w, is where it shows in `layer`'s plane.
    ///
    /// C: `ac_layer_matrix_to_layer`.
    /// - Parameters:
    ///   - layer: the destination; nil for the root space.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the matrix (row vectors: `p' = p · M`, then divide by w).
    /// - Throws: `.notInvertible` when `layer`'s plane is singular seen from where the two
    ///   meet (their common ancestor, or its nearest flattening ancestor when it is a
    ///   transform layer); `.outOfRange` when the matrix is beyond the range of doubles (as
    ///   `matrixToSuperlayer`); `.badHandle` for a destroyed layer or one of another engine.
    public func matrix(to layer: Layer?, presentation: Bool = false) throws(AnimCoreError) -> Transform3D {
        let destination = try layer.map { (other) throws(AnimCoreError) in try handle(of: other, "to") }
        return try engine.matrix(from: id, to: destination, presentation: presentation, names: ("layer", "to"))
    }

    /// CALayer `convertPoint:toLayer:`.
    ///
    /// C: `ac_layer_convert_point`.
    /// - Parameters:
    ///   - point: a point of this layer's space; finite.
    ///   - layer: the destination; nil for the root space.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the point in `layer`'s space; nil when unmapped (behind the eye, or a plane
    ///   seen edge-on on the way), never a point divided by w ≤ 0.
    /// - Throws: `.notFinite` for a NaN or infinite point, `.badHandle` as `matrix(to:)`.
    public func convert(_ point: Point, to layer: Layer?, presentation: Bool = false) throws(AnimCoreError) -> Point? {
        let destination = try layer.map { (other) throws(AnimCoreError) in try handle(of: other, "to") }
        return try engine.convert(point, from: id, to: destination, presentation: presentation, names: ("point", "layer", "to"))
    }

    /// CALayer `convertPoint:fromLayer:`: `point` of `layer`'s space (nil: the root space) in
    /// this layer's.
    ///
    /// C: `ac_layer_convert_point`.
    /// - Parameters:
    ///   - point: a point of `layer`'s space; finite.
    ///   - layer: the source; nil for the root space.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the point in this layer's space; nil when unmapped.
    /// - Throws: `.notFinite` for a NaN or infinite point, `.badHandle` for a destroyed layer
    ///   or one of another engine.
    public func convert(_ point: Point, from layer: Layer?, presentation: Bool = false) throws(AnimCoreError) -> Point? {
        let source = try layer.map { (other) throws(AnimCoreError) in try handle(of: other, "from") }
        return try engine.convert(point, from: source, to: id, presentation: presentation, names: ("point", "from", "layer"))
    }

    /// CALayer `convertRect:toLayer:`: the bounding box of the rect's four corners (the rect
    /// standardised first) in `layer`'s space.
    ///
    /// C: `ac_layer_convert_rect`.
    /// - Parameters:
    ///   - rect: a rect of this layer's space; finite.
    ///   - layer: the destination; nil for the root space.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the box; nil when a corner is unmapped.
    /// - Throws: `.notFinite` for a NaN or infinite rect, `.badHandle` for a destroyed layer or
    ///   one of another engine.
    public func convert(_ rect: Rect, to layer: Layer?, presentation: Bool = false) throws(AnimCoreError) -> Rect? {
        let destination = try layer.map { (other) throws(AnimCoreError) in try handle(of: other, "to") }
        return try engine.convert(rect, from: id, to: destination, presentation: presentation, names: ("rect", "layer", "to"))
    }

    /// CALayer `convertRect:fromLayer:`: the bounding box of the corners of `rect`, of
    /// `layer`'s space (nil: the root space), in this layer's.
    ///
    /// C: `ac_layer_convert_rect`.
    /// - Parameters:
    ///   - rect: a rect of `layer`'s space; finite.
    ///   - layer: the source; nil for the root space.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the box; nil when a corner is unmapped.
    /// - Throws: `.notFinite` for a NaN or infinite rect, `.badHandle` for a destroyed layer or
    ///   one of another engine.
    public func convert(_ rect: Rect, from layer: Layer?, presentation: Bool = false) throws(AnimCoreError) -> Rect? {
        let source = try layer.map { (other) throws(AnimCoreError) in try handle(of: other, "from") }
        return try engine.convert(rect, from: source, to: id, presentation: presentation, names: ("rect", "from", "layer"))
    }

    /// CALayer `hitTest:`: the farthest descendant of this layer (or the layer) containing
    /// `point`. Searched front to back: higher zPosition first, then the last added; hidden
    /// sublayers skipped; a masksToBounds layer that misses cuts off its subtree; bounds are
    /// half-open. With `presentation`, the layers are where they are drawn at the engine's
    /// time — the tap on a moving layer — and the answer is still the (model) layer.
    /// Transform layers are passed over, never hit themselves: their sublayers are tested in
    /// 3D, nearest first; a single-sided layer facing away is not hit, as it is not drawn.
    ///
    /// C: `ac_layer_hit_test`.
    /// - Parameters:
    ///   - point: in the superlayer's space (the root space for a root layer; under transform
    ///     layers, the space of their nearest ancestor that is none); finite.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: the layer hit; nil for none.
    /// - Throws: `.notFinite` for a NaN or infinite point, `.badHandle` for a destroyed layer.
    public func hitTest(_ point: Point, presentation: Bool = false) throws(AnimCoreError) -> Layer? {
        try engine.hitTest(point, in: id, presentation: presentation, names: ("point", "layer"))
            .map { Layer(engine: engine, retaining: $0) }
    }

    /// CALayer `containsPoint:`: whether `point`, in the layer's own space, is inside its
    /// bounds (minX ≤ x < maxX, minY ≤ y < maxY).
    ///
    /// C: `ac_layer_contains_point`.
    /// - Parameters:
    ///   - point: in the layer's own space; finite.
    ///   - presentation: presentation values (true) or model values (false, default).
    /// - Returns: true when the point is inside.
    /// - Throws: `.notFinite` for a NaN or infinite point, `.badHandle` for a destroyed layer.
    public func contains(_ point: Point, presentation: Bool = false) throws(AnimCoreError) -> Bool {
        try engine.contains(point, in: id, presentation: presentation, names: ("point", "layer"))
    }

    /// CALayer `affineTransform`: the transform as a 2D affine transform, or the identity when
    /// it is not affine (CATransform3DIsAffine false), as Core Animation answers.
    ///
    /// C: `ac_layer_affine_transform`.
    /// - Parameter presentation: presentation values (true) or model values (false, default).
    /// - Returns: a, b, c, d, tx, ty; the identity for a 3D transform.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is invalidated.
    public func affineTransform(presentation: Bool = false) throws(AnimCoreError) -> AffineTransform {
        try engine.affineTransform(of: id, presentation: presentation)
    }

    /// CALayer `setAffineTransform:`: replaces the whole 3D transform with `transform`
    /// embedded (m33 back to 1); runs the "transform" action as any change does.
    ///
    /// C: `ac_layer_set_affine_transform`.
    /// - Parameter transform: the new transform; finite fields.
    /// - Throws: `.notFinite` for a NaN or infinite field, as `setValue(_:for:)` otherwise.
    public func setAffineTransform(_ transform: AffineTransform) throws(AnimCoreError) {
        try engine.setAffineTransform(transform, of: id, argument: "transform")
    }

    /// CALayer `contentsAreFlipped`: whether an odd number of layers from this one up to its
    /// root are geometryFlipped.
    ///
    /// C: `ac_layer_contents_are_flipped`.
    /// - Parameter presentation: presentation values (true) or model values (false, default).
    /// - Returns: true for an odd number of flips.
    /// - Throws: `.badHandle` for a destroyed layer, `.invalidState` once the engine is invalidated.
    public func contentsAreFlipped(presentation: Bool = false) throws(AnimCoreError) -> Bool {
        try engine.contentsAreFlipped(id, presentation: presentation)
    }
}
