/// The geometry calls on the engine's state, under its lock, with every argument checked and
/// named in the error: the callers (`Layer`, the C shim) pass the names their users know
/// ("to" in Swift, "to_layer" in C). `presentation` selects presentation values at the
/// engine's time (the last tick) or model values. A layer of nil is the root space (CALayer's
/// nil layer: the space a root layer's position is in).
extension Engine {
    /// The slot of `layer` (−1 for nil), or `.badHandle` naming `argument`.
    private static func slot(_ layer: LayerID?, _ argument: String, in state: EngineState) throws(AnimCoreError) -> Int {
        guard let layer else { return -1 }
        do throws(AnimCoreError) {
            return try state.layerSlot(layer)
        } catch {
            throw error.prefixed("\(argument): ")
        }
    }

    /// `.notFinite` naming `argument` unless both coordinates are finite.
    private static func checkFinite(_ point: Point, _ argument: String) throws(AnimCoreError) {
        guard point.x.isFinite, point.y.isFinite else {
            throw AnimCoreError(.notFinite, "\(argument) is (\(point.x), \(point.y)); it must be finite")
        }
    }

    /// `matrix`, or `.outOfRange` naming `argument` when it is beyond the range of doubles
    /// (`LayerGeometry.isPlaced(by:)`), `consequence` saying what that means: refused rather than
    /// given with infinities or NaN in it.
    private static func checkPlaced(
        _ matrix: Transform3D, _ argument: String, _ consequence: String
    ) throws(AnimCoreError) -> Transform3D {
        guard LayerGeometry.isPlaced(by: matrix) else {
            throw AnimCoreError(
                .outOfRange, "\(argument): the matrix is beyond the range of doubles (finite values whose products overflow); \(consequence)")
        }
        return matrix
    }

    /// The layer's matrix to its superlayer (to the root space for a root layer). Throws
    /// `.outOfRange` when it is beyond the range of doubles.
    package func matrixToSuperlayer(of layer: LayerID, presentation: Bool, argument: String = "layer") throws(AnimCoreError) -> Transform3D {
        try withState { (state) throws(AnimCoreError) in
            let matrix = state.matrixToSuperlayer(try Self.slot(layer, argument, in: state), presentation: presentation)
            return try Self.checkPlaced(matrix, argument, "the layer is placed nowhere")
        }
    }

    /// The matrix from `source`'s space to `destination`'s (see `EngineState.matrix(from:to:presentation:)`).
    /// Throws `.notInvertible` naming `names.destination` when its plane is singular, and
    /// `.outOfRange` naming `names.source` when the matrix is beyond the range of doubles.
    package func matrix(
        from source: LayerID?, to destination: LayerID?, presentation: Bool, names: (source: String, destination: String)
    ) throws(AnimCoreError) -> Transform3D {
        try withState { (state) throws(AnimCoreError) in
            let from = try Self.slot(source, names.source, in: state)
            let to = try Self.slot(destination, names.destination, in: state)
            guard let matrix = state.matrix(from: from, to: to, presentation: presentation) else {
                throw AnimCoreError(
                    .notInvertible, "\(names.destination): its matrix from the common ancestor is singular (a zero scale or a plane seen edge-on) or beyond the range of doubles")
            }
            return try Self.checkPlaced(matrix, names.source, "no matrix between the two spaces can be given")
        }
    }

    /// `point` in `source`'s space expressed in `destination`'s; nil when unmapped (behind
    /// the eye, or a singular plane on the way).
    package func convert(
        _ point: Point, from source: LayerID?, to destination: LayerID?, presentation: Bool,
        names: (point: String, source: String, destination: String)
    ) throws(AnimCoreError) -> Point? {
        try Self.checkFinite(point, names.point)
        return try withState { (state) throws(AnimCoreError) in
            let from = try Self.slot(source, names.source, in: state)
            let to = try Self.slot(destination, names.destination, in: state)
            return state.convert(point, from: from, to: to, presentation: presentation)
        }
    }

    /// `rect` in `source`'s space as the bounding box of its corners in `destination`'s; nil
    /// when a corner is unmapped.
    package func convert(
        _ rect: Rect, from source: LayerID?, to destination: LayerID?, presentation: Bool,
        names: (rect: String, source: String, destination: String)
    ) throws(AnimCoreError) -> Rect? {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else {
            throw AnimCoreError(
                .notFinite,
                "\(names.rect) is (\(rect.origin.x), \(rect.origin.y), \(rect.size.width), \(rect.size.height)); it must be finite")
        }
        return try withState { (state) throws(AnimCoreError) in
            let from = try Self.slot(source, names.source, in: state)
            let to = try Self.slot(destination, names.destination, in: state)
            return state.convert(rect, from: from, to: to, presentation: presentation)
        }
    }

    /// The farthest descendant of `layer` (or `layer`) containing `point`, given in `layer`'s
    /// superlayer's space; the model layer's handle, nil for none.
    package func hitTest(
        _ point: Point, in layer: LayerID, presentation: Bool, names: (point: String, layer: String)
    ) throws(AnimCoreError) -> LayerID? {
        try Self.checkFinite(point, names.point)
        return try withState { (state) throws(AnimCoreError) in
            let slot = try Self.slot(layer, names.layer, in: state)
            return state.hitTest(slot, point, presentation: presentation).map { state.layerID($0) }
        }
    }

    /// Whether `point`, in `layer`'s own space, lies in its bounds (half-open).
    package func contains(
        _ point: Point, in layer: LayerID, presentation: Bool, names: (point: String, layer: String)
    ) throws(AnimCoreError) -> Bool {
        try Self.checkFinite(point, names.point)
        return try withState { (state) throws(AnimCoreError) in
            state.contains(point, in: try Self.slot(layer, names.layer, in: state), presentation: presentation)
        }
    }

    /// CALayer `contentsAreFlipped`.
    package func contentsAreFlipped(_ layer: LayerID, presentation: Bool, argument: String = "layer") throws(AnimCoreError) -> Bool {
        try withState { (state) throws(AnimCoreError) in
            state.contentsAreFlipped(try Self.slot(layer, argument, in: state), presentation: presentation)
        }
    }

    /// CALayer `affineTransform`: the transform's 2D part when it is affine, else the identity
    /// (reference §0.3, [APPLE-TEST]: not the six raw elements).
    package func affineTransform(of layer: LayerID, presentation: Bool, argument: String = "layer") throws(AnimCoreError) -> AffineTransform {
        try withState { (state) throws(AnimCoreError) in
            let transform = state.geometry(try Self.slot(layer, argument, in: state), presentation: presentation).transform
            return transform.isAffine ? AffineTransform(transform) : .identity
        }
    }

    /// CALayer `setAffineTransform:`: replaces the whole 3D transform (m33 back to 1), with
    /// its action as any change of "transform".
    package func setAffineTransform(_ affine: AffineTransform, of layer: LayerID, argument: String) throws(AnimCoreError) {
        for (field, number) in [("a", affine.a), ("b", affine.b), ("c", affine.c), ("d", affine.d), ("tx", affine.tx), ("ty", affine.ty)] {
            guard number.isFinite else { throw AnimCoreError(.notFinite, "\(argument).\(field) is \(number); it must be finite") }
        }
        try setValue(.transform3D(Transform3D(affine)), forKeyPath: "transform", of: layer)
    }
}
