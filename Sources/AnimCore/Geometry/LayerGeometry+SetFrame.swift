/// CALayer `setFrame:` through the transform (reference §1.3, GNUstep's rule, backed as
/// [APPLE-TEST-HOPEFUL]): the frame is standardised; the bounds size is the frame size through
/// the inverse of the transform's 2D linear part (sizes taken positive), the bounds origin
/// kept; the position is what puts `frame` (the getter's bounding box) at the frame's origin.
/// Exact for scales and multiples of 90°, also under a perspective that keeps the layer's plane
/// facing the viewer (a move in depth under m34: the getter divides the whole plane by one w,
/// and so does the size here); Apple says not to set the frame of a layer turned by another
/// angle, and neither is exact then.
extension LayerGeometry {
    /// The position and bounds that give this layer the frame `frame`.
    /// - Parameter frame: the frame wanted, in the superlayer's space; finite.
    /// - Returns: the new position and bounds (origin kept).
    /// - Throws: `.notInvertible` when the transform's linear part is singular (a zero scale),
    ///   `.notFinite` when the result overflows.
    func placing(frame: Rect) throws(AnimCoreError) -> (position: Point, bounds: Rect) {
        let (minX, maxX) = Self.span(frame.origin.x, frame.size.width)
        let (minY, maxY) = Self.span(frame.origin.y, frame.size.height)
        let (width, height) = (maxX - minX, maxY - minY)
        let depth = try planeDepth()
        let size = try Self.linearPreimage(width * depth, height * depth, through: transform)
        // Finite numbers can still make an infinite anchor (anchorPoint × size).
        let anchored = Point(x: minX + anchorPoint.x * size.width, y: minY + anchorPoint.y * size.height)
        guard anchored.x.isFinite, anchored.y.isFinite else {
            throw AnimCoreError(
                .notFinite,
                "\"frame\" makes position (\(anchored.x), \(anchored.y)) from origin + anchorPoint × size; it must be finite")
        }
        var placed = self
        placed.bounds.size = size
        placed.position = Point(x: 0, y: 0)
        let offset = placed.frame.origin
        let position = Point(x: minX - offset.x, y: minY - offset.y)
        guard size.width.isFinite, size.height.isFinite, position.x.isFinite, position.y.isFinite else {
            throw AnimCoreError(
                .notFinite, "\"frame\" makes position (\(position.x), \(position.y)) and size (\(size.width), \(size.height)); they must be finite")
        }
        return (position, Rect(origin: bounds.origin, size: size))
    }

    /// The w the frame getter divides the layer's plane by (`Transform3D.mapPlanePoint` of
    /// `localMatrix`) when it is one number for the whole plane (no perspective along x or y:
    /// m14 = m24 = 0); 1 otherwise, where no size is exact.
    /// - Throws: `.notInvertible` when that w puts the plane behind the eye (w ≤ 0).
    private func planeDepth() throws(AnimCoreError) -> Double {
        let local = localMatrix
        guard local.m14 == 0, local.m24 == 0 else { return 1 }
        guard local.m44 > 0, local.m44.isFinite else {
            throw AnimCoreError(
                .notInvertible, "\"frame\" cannot be set: the layer's transform puts its plane behind the eye (w = \(local.m44))")
        }
        return local.m44
    }

    /// The size whose image through the 2D linear part [[a b] [c d]] of `transform` is
    /// [`width` `height`] (`[W H] · inverse`), each taken positive: by the adjugate over the
    /// determinant, the frame rule's own arithmetic, where that holds
    /// (`Transform3D.plainDeterminantHolds`); otherwise through `AffineTransform.inverted()`,
    /// which inverts the part in its 3D embedding's equilibrated form.
    /// - Throws: `.notInvertible` when the part is singular or its inverse leaves the doubles.
    private static func linearPreimage(_ width: Double, _ height: Double, through transform: Transform3D) throws(AnimCoreError)
        -> Size
    {
        let (a, b, c, d) = (transform.m11, transform.m12, transform.m21, transform.m22)
        let determinant = a * d - b * c
        if Transform3D.plainDeterminantHolds(determinant) {
            return Size(width: abs((width * d - height * c) / determinant), height: abs((height * a - width * b) / determinant))
        }
        guard let inverse = AffineTransform(a: a, b: b, c: c, d: d, tx: 0, ty: 0).inverted() else {
            throw AnimCoreError(
                .notInvertible,
                "\"frame\" cannot be set: the layer's transform has a 2D part that is singular or whose inverse is not finite")
        }
        return Size(width: abs(width * inverse.a + height * inverse.c), height: abs(width * inverse.b + height * inverse.d))
    }
}
