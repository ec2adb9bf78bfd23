/// Matrices and point and rect conversion between any two layers (CALayer
/// `convertPoint:toLayer:`, `convertRect:toLayer:`; reference §1.4), through their common
/// ancestor, or through their roots' shared space for layers of different trees. A slot of −1
/// stands for that root space (CALayer's nil layer).
extension EngineState {
    /// The 4×4 matrix from `source`'s space to `destination`'s:
    /// Up(source) · Flat(Up(destination))⁻¹, Up being `matrix(from:upTo:)` to the layer where
    /// they meet (`meetingLayer`). It takes a point of `source`'s plane along the line of sight
    /// onto `destination`'s plane (divide by w); for a superlayer that flattens its sublayers
    /// it is `matrixToSuperlayer`.
    /// - Returns: the matrix; nil when `destination`'s plane is singular seen from where they
    ///   meet (a zero scale, a plane seen edge-on).
    func matrix(from source: Int, to destination: Int, presentation: Bool) -> Transform3D? {
        let ancestor = meetingLayer(source, destination, presentation: presentation)
        let up = source < 0 ? .identity : matrix(from: source, upTo: ancestor, presentation: presentation)
        guard destination >= 0, destination != ancestor else { return up }
        let down = matrix(from: destination, upTo: ancestor, presentation: presentation).flattened
        guard let inverse = down.inverted() else { return nil }
        return up.concatenating(inverse)
    }

    /// `point` in `source`'s space expressed in `destination`'s: up through each plane's
    /// matrix (`planeMatrices`) with the perspective divide, then down through each plane's
    /// homography inverse.
    /// - Returns: the point; nil when it is unmapped on the way (behind the eye, or a singular
    ///   plane).
    // Plane by plane rather than through `matrix(from:to:)` (both use `planeMatrices`): a
    // point behind the eye of a plane on the way is unmapped there, which the product of the
    // matrices, its divides deferred, cannot tell.
    func convert(_ point: Point, from source: Int, to destination: Int, presentation: Bool) -> Point? {
        let ancestor = meetingLayer(source, destination, presentation: presentation)
        var current = point
        for plane in planeMatrices(from: source, upTo: ancestor, presentation: presentation) {
            guard let mapped = plane.mapPlanePoint(current) else { return nil }
            current = mapped
        }
        for plane in planeMatrices(from: destination, upTo: ancestor, presentation: presentation).reversed() {
            guard let mapped = plane.unmapPlanePoint(current) else { return nil }
            current = mapped
        }
        return current
    }

    /// Where points of `source` and `destination` meet: the plane of their common ancestor,
    /// or of its nearest flattening ancestor when it keeps its sublayers in 3D (a transform
    /// layer has no plane its sublayers are projected into; reference §1.5, §2.1); −1, the
    /// root space, for layers of different trees.
    private func meetingLayer(_ source: Int, _ destination: Int, presentation: Bool) -> Int {
        flatteningAncestor(commonAncestor(source, destination), presentation: presentation)
    }

    /// `rect` (standardised) in `source`'s space as the bounding box of its four corners in
    /// `destination`'s; nil when a corner is unmapped or the box's size overflows.
    func convert(_ rect: Rect, from source: Int, to destination: Int, presentation: Bool) -> Rect? {
        let (minX, maxX) = LayerGeometry.span(rect.origin.x, rect.size.width)
        let (minY, maxY) = LayerGeometry.span(rect.origin.y, rect.size.height)
        var corners: [Point] = []
        for corner in [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)] {
            guard let mapped = convert(corner, from: source, to: destination, presentation: presentation) else { return nil }
            corners.append(mapped)
        }
        guard let box = LayerGeometry.boundingBox(of: corners), box.size.width.isFinite, box.size.height.isFinite else { return nil }
        return box
    }

    /// CALayer `contentsAreFlipped`: an odd number of geometryFlipped layers from `slot` up to
    /// its root (reference §1.8).
    func contentsAreFlipped(_ slot: Int, presentation: Bool) -> Bool {
        var flipped = false
        var layer = slot
        while layer >= 0 {
            if geometry(layer, presentation: presentation).isGeometryFlipped { flipped.toggle() }
            layer = Int(layers[layer].parent)
        }
        return flipped
    }
}

extension EngineState {
    /// Whether the geometryFlipped layers above the layer in `slot`, up to its tree's root,
    /// mirror its plane: an odd number of them apply their flip on the way
    /// (`LayerGeometry.mirrorsPlane`: each mirrors its sublayers' space, not its own and not its
    /// mask's). Its contents are drawn mirrored back, so that an image keeps its orientation on
    /// screen (reference §1.8); unlike `contentsAreFlipped`, the layer's own flip plays no
    /// part.
    func isMirroredByFlips(_ slot: Int, presentation: Bool) -> Bool {
        var mirrored = false
        var layer = slot
        while layers[layer].parent >= 0 {
            let parent = Int(layers[layer].parent)
            let flipped = geometry(parent, presentation: presentation).isGeometryFlipped
            if LayerGeometry.mirrorsPlane(underFlipped: flipped, isMask: Int(layers[parent].mask) == layer) { mirrored.toggle() }
            layer = parent
        }
        return mirrored
    }
}
