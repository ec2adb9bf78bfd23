/// The values that place one layer (model or presentation), and the matrices they make
/// (reference core-animation-geometry.md §1.2–1.3, §1.8; row vectors as CATransform3D:
/// `p' = p · M`, `a.concatenating(b)` applies a first). The layer's sublayerTransform is not
/// among them: only a layer with sublayers needs it (`sublayerMatrix(sublayerTransform:)`), so
/// the render list reads it for those alone.
struct LayerGeometry {
    var bounds: Rect
    var position: Point
    var zPosition: Double
    /// Normalised over the bounds; values outside [0, 1] are kept (Core Animation's rule).
    var anchorPoint: Point
    var anchorPointZ: Double
    var transform: Transform3D
    var isGeometryFlipped: Bool
    var isHidden: Bool
    var masksToBounds: Bool

    /// The anchor in the layer's own space: A = (bx + ax·w, by + ay·h, anchorPointZ).
    ///
    /// [INFERRED] The same point is the pivot of the layer's `sublayerTransform`, bounds origin
    /// included: the reference leaves open whether the superlayer's pivot has its bounds
    /// origin in it (GNUstep and WebKit leave it out). Both agree when bounds.origin is 0; one
    /// rule for "the anchor in its own space" keeps the pivot on the anchor as drawn when the
    /// bounds origin scrolls. Its z (anchorPointZ) is in the pivot as in WebKit ([INFERRED]).
    var anchor: Vector3 {
        Vector3(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height,
            z: anchorPointZ)
    }

    /// M_local = T(−A) · transform · T(position, zPosition): the layer's space into its
    /// superlayer's, before the superlayer's sublayerTransform (the two translations as row
    /// operations, `Transform3D+Translation.swift`).
    @inline(__always)
    var localMatrix: Transform3D {
        let a = anchor
        return transform.translatedBy(x: -a.x, y: -a.y, z: -a.z).thenTranslated(x: position.x, y: position.y, z: zPosition)
    }

    /// M_toSuper, the layer's space into its superlayer's (reference §1.2): `localMatrix`, then
    /// the superlayer's `sublayerMatrix` when it has one. The rule's one home: every path —
    /// matrices, conversions, hit testing — comes here (through
    /// `EngineState.matrixToSuperlayer` or with the superlayer's matrix already in hand).
    /// - Parameter sublayerMatrix: the superlayer's `sublayerMatrix`; nil for none (or a root).
    func matrixToSuperlayer(under sublayerMatrix: Transform3D?) -> Transform3D {
        guard let sublayerMatrix else { return matrixToSuperlayer(underPartAt: nil) }
        return withUnsafePointer(to: sublayerMatrix) { matrixToSuperlayer(underPartAt: $0) }
    }

    /// `matrixToSuperlayer(under:)` with the superlayer's part read where it lies (nil: none),
    /// so that a caller holding it in a larger value (the render list's walk) copies nothing.
    @inline(__always)
    func matrixToSuperlayer(underPartAt sublayerMatrix: UnsafePointer<Transform3D>?) -> Transform3D {
        guard let sublayerMatrix else { return localMatrix }
        return localMatrix.concatenating(sublayerMatrix.pointee)
    }

    /// What the layer's sublayers gain on their way into its space, given its
    /// `sublayerTransform`: Flip · T(−A) · sublayerTransform · T(A); nil when that is the
    /// identity (the common case, no product needed). Read through
    /// `EngineState.sublayerMatrix(of:geometry:)`.
    ///
    /// Flip, for a geometryFlipped layer, mirrors its sublayer space about the horizontal
    /// mid-line of its bounds, y' = 2·by + h − y ([INFERRED], reference §1.8; the bounds centre
    /// is the pivot, which is the anchor for the default anchorPoint). [INFERRED] The mirror
    /// comes first: it belongs to the sublayers' coordinates, while the sublayerTransform acts
    /// on what the layer renders of them.
    func sublayerMatrix(sublayerTransform: Transform3D) -> Transform3D? {
        guard isGeometryFlipped || !sublayerTransform.isIdentity else { return nil }
        var matrix = Transform3D.identity
        if isGeometryFlipped {
            matrix.m22 = -1
            matrix.m42 = 2 * bounds.origin.y + bounds.size.height
        }
        guard !sublayerTransform.isIdentity else { return matrix }
        let a = anchor
        return matrix
            .concatenating(Transform3D(translationX: -a.x, y: -a.y, z: -a.z))
            .concatenating(sublayerTransform)
            .concatenating(Transform3D(translationX: a.x, y: a.y, z: a.z))
    }

    /// What a superlayer adds to the matrix of a layer under it: `sublayerMatrix` to a
    /// sublayer; nothing to its mask, which lives in the layer's own space (reference §3.1 item
    /// 10; [INFERRED] the sublayerTransform and the geometryFlipped mirror belong to the
    /// sublayers, which a mask is not).
    /// - Parameters:
    ///   - sublayerMatrix: the superlayer's `sublayerMatrix(sublayerTransform:)`.
    ///   - isMask: whether the layer under it is its mask.
    static func superlayerPart(_ sublayerMatrix: Transform3D?, isMask: Bool) -> Transform3D? {
        isMask ? nil : sublayerMatrix
    }

    /// Whether a superlayer's geometryFlipped (`flipped`) mirrors the plane of a layer under
    /// it: a sublayer's, as `superlayerPart` gives it the flip; not its mask's.
    static func mirrorsPlane(underFlipped flipped: Bool, isMask: Bool) -> Bool {
        superlayerPart(flipped ? .identity : nil, isMask: isMask) != nil
    }

    /// Whether a layer whose matrix into a space is `matrix` has a place there: every element
    /// finite. The rule's one home: the render list asks it of each entry's matrix to the
    /// root, hit testing of each layer's matrix into the plane it is hit in.
    ///
    /// [INFERRED] The reference does not cover geometry whose products leave the range of
    /// doubles although each value is finite (an anchorPoint of 1e10 over bounds of 1e308, a
    /// scale of 1e200 under another): such a layer is placed nowhere. It is not drawn and not
    /// hit, with its subtree, as a single-sided layer facing away; its matrix is refused
    /// (`.outOfRange`) rather than given with NaN in it (a point converted through it is
    /// unmapped when it lands beyond the range, as any point does). Hit
    /// testing maps the point plane by plane, so a layer whose matrices are each finite, and
    /// only their product to the root is not, is still hit where the point falls in it.
    @inline(__always)
    static func isPlaced(by matrix: Transform3D) -> Bool { matrix.isFinite }

    /// CALayer `containsPoint:`: whether `point` (in the layer's own space) lies in the bounds,
    /// half-open as CGRectContainsPoint (minX ≤ x < maxX, minY ≤ y < maxY), the bounds taken
    /// standardised.
    func contains(_ point: Point) -> Bool {
        let (minX, maxX) = Self.span(bounds.origin.x, bounds.size.width)
        let (minY, maxY) = Self.span(bounds.origin.y, bounds.size.height)
        return minX <= point.x && point.x < maxX && minY <= point.y && point.y < maxY
    }

    /// CALayer's frame: the bounding box of the bounds' corners through `localMatrix`, so the
    /// bounds origin cancels out and zPosition moves nothing (reference §1.3; for an affine
    /// transform this is Core Animation's and GNUstep's frame). [INFERRED] With perspective in
    /// the layer's own transform the corners are divided by w; corners behind the eye are left
    /// out, and when all are, the frame is empty at the position.
    var frame: Rect {
        let matrix = localMatrix
        let (minX, maxX) = Self.span(bounds.origin.x, bounds.size.width)
        let (minY, maxY) = Self.span(bounds.origin.y, bounds.size.height)
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
        return Self.boundingBox(of: corners.compactMap { matrix.mapPlanePoint($0) }) ?? Rect(origin: position, size: Size(width: 0, height: 0))
    }

    /// The smallest rect holding `points`; nil for none.
    static func boundingBox(of points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The low and high ends of an extent that starts at `origin` (a negative `length` runs
    /// back from it: CGRectStandardize's rule).
    static func span(_ origin: Double, _ length: Double) -> (Double, Double) {
        length < 0 ? (origin + length, origin) : (origin, origin + length)
    }
}
