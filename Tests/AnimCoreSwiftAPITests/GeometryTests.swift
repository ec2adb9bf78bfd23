import Testing

import AnimCore

/// Layer geometry (reference core-animation-geometry.md §1): matrices, conversion, frame,
/// affineTransform, geometryFlipped, with the worked numbers of §1.9.
@Suite("Swift API: layer geometry")
struct GeometryTests {
    /// A layer with bounds (0, 0, w, h) at `position`, under `parent` when given.
    static func layer(
        _ engine: Engine, width: Double, height: Double, position: Point, in parent: Layer? = nil
    ) throws -> Layer {
        let layer = try engine.makeLayer()
        try layer.setValue(Rect(x: 0, y: 0, width: width, height: height), for: .bounds)
        try layer.setValue(position, for: .position)
        try parent?.addSublayer(layer)
        return layer
    }

    static func near(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-4) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func near(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.origin.x - b.origin.x) <= tolerance && abs(a.origin.y - b.origin.y) <= tolerance
            && abs(a.size.width - b.size.width) <= tolerance && abs(a.size.height - b.size.height) <= tolerance
    }

    @Test("1.8-A: child (0,0) -> parent (75,25), (50,50) -> (125,75), back, and rects both ways")
    func example18A() throws {
        let engine = Engine()
        let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let child = try Self.layer(engine, width: 50, height: 50, position: Point(x: 100, y: 50), in: parent)
        #expect(try child.convert(Point(x: 0, y: 0), to: parent) == Point(x: 75, y: 25))
        #expect(try child.convert(Point(x: 50, y: 50), to: parent) == Point(x: 125, y: 75))
        #expect(try parent.convert(Point(x: 0, y: 0), to: child) == Point(x: -75, y: -25))
        #expect(try child.convert(Point(x: 0, y: 0), from: parent) == Point(x: -75, y: -25))
        #expect(try child.convert(Rect(x: 0, y: 0, width: 10, height: 20), to: parent) == Rect(x: 75, y: 25, width: 10, height: 20))
        #expect(try parent.convert(Rect(x: 0, y: 0, width: 10, height: 20), to: child) == Rect(x: -75, y: -25, width: 10, height: 20))
        // The superlayer's bounds origin leaves the conversion to it unchanged (§1.2).
        try parent.setValue(Rect(x: 10, y: 20, width: 200, height: 200), for: .bounds)
        #expect(try child.convert(Point(x: 0, y: 0), to: parent) == Point(x: 75, y: 25))
        // nil is the root space: parent's (position - anchor) offset comes in.
        #expect(try child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 65, y: 5))
    }

    @Test("1.8-D: the superlayer's sublayerTransform applies about its anchor: (60, -38)")
    func example18D() throws {
        let engine = Engine()
        let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let child = try Self.layer(engine, width: 50, height: 50, position: Point(x: 100, y: 50), in: parent)
        try parent.setValue(Transform3D(scaleX: 2, y: 2, z: 1), for: .sublayerTransform)
        try child.setValue(Transform3D(translationX: 5, y: 6, z: 0), for: .transform)
        #expect(try child.convert(Point(x: 0, y: 0), to: parent) == Point(x: 60, y: -38))
        let matrix = try child.matrixToSuperlayer()
        #expect(matrix.m41 == 60 && matrix.m42 == -38 && matrix.m11 == 2)
        #expect(try child.matrix(to: parent) == matrix)
    }

    @Test("1.8-J: frame from position, bounds and anchorPoint; the bounds origin and z do not move it")
    func example18J() throws {
        let engine = Engine()
        let layer = try Self.layer(engine, width: 100, height: 50, position: Point(x: 200, y: 300))
        #expect(try layer[.frame] == Rect(x: 150, y: 275, width: 100, height: 50))
        try layer.setValue(Point(x: 0, y: 0), for: .anchorPoint)
        #expect(try layer[.frame] == Rect(x: 200, y: 300, width: 100, height: 50))
        try layer.setValue(Point(x: 1, y: 1), for: .anchorPoint)
        #expect(try layer[.frame] == Rect(x: 100, y: 250, width: 100, height: 50))
        try layer.setValue(Point(x: 0.5, y: 0.5), for: .anchorPoint)
        try layer.setValue(Rect(x: 11, y: 22, width: 100, height: 50), for: .bounds)
        #expect(try layer[.frame] == Rect(x: 150, y: 275, width: 100, height: 50))
        try layer.setValue(7, for: .zPosition)
        try layer.setValue(9, for: .anchorPointZ)
        try layer.setValue(true, for: .isGeometryFlipped)
        #expect(try layer[.frame] == Rect(x: 150, y: 275, width: 100, height: 50))
        try layer.setValue(Point(x: 2, y: -1), for: .anchorPoint)
        try layer.setValue(Point(x: 0, y: 0), for: .position)
        #expect(try layer[.frame] == Rect(x: -200, y: 50, width: 100, height: 50))
    }

    @Test("1.8-P: perspective in the parent's sublayerTransform, child turned about y")
    func example18P() throws {
        let engine = Engine()
        let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let child = try Self.layer(engine, width: 100, height: 100, position: Point(x: 100, y: 100), in: parent)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try parent.setValue(perspective, for: .sublayerTransform)
        try child.setValue(Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0), for: .transform)
        let expected: [(Point, Point)] = [
            (Point(x: 0, y: 0), Point(x: 61.9544, y: 46.1954)),
            (Point(x: 100, y: 0), Point(x: 133.0204, y: 53.3020)),
            (Point(x: 100, y: 100), Point(x: 133.0204, y: 146.6980)),
            (Point(x: 0, y: 100), Point(x: 61.9544, y: 153.8046)),
            (Point(x: 50, y: 50), Point(x: 100, y: 100)),
        ]
        for (point, shown) in expected {
            let mapped = try child.convert(point, to: parent)
            #expect(Self.near(mapped, shown), "\(point) -> \(String(describing: mapped)), expected \(shown)")
            // And back through the plane's homography.
            #expect(Self.near(try parent.convert(shown, to: child), point, 1e-3))
        }
        // The w of the first corner: 0.929289.
        let m = try child.matrixToSuperlayer()
        #expect(abs(m.m44 - 0.929289) < 1e-6)
        // The rect of the whole child is the box of its corners.
        let box = try #require(try child.convert(Rect(x: 0, y: 0, width: 100, height: 100), to: parent))
        #expect(Self.near(box, Rect(x: 61.9544, y: 46.1954, width: 133.0204 - 61.9544, height: 153.8046 - 46.1954), 1e-4))
    }

    @Test("a point behind the eye is unmapped, not divided")
    func behindTheEye() throws {
        let engine = Engine()
        let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let child = try Self.layer(engine, width: 2000, height: 100, position: Point(x: 100, y: 100), in: parent)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try parent.setValue(perspective, for: .sublayerTransform)
        try child.setValue(Transform3D(rotationAngle: .pi / 2 - 0.1, x: 0, y: 1, z: 0), for: .transform)
        // The child's left end swings toward the viewer, past the eye at z = 500.
        #expect(try child.convert(Point(x: 0, y: 50), to: parent) == nil)
        #expect(try child.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: parent) == nil)
        #expect(try child.convert(Point(x: 1000, y: 50), to: parent) != nil)
    }

    @Test("layers of different trees convert through their roots; nil is the root space")
    func differentTrees() throws {
        let engine = Engine()
        let a = try Self.layer(engine, width: 10, height: 10, position: Point(x: 5, y: 5))
        let b = try Self.layer(engine, width: 10, height: 10, position: Point(x: 105, y: 5))
        #expect(try a.convert(Point(x: 0, y: 0), to: b) == Point(x: -100, y: 0))
        #expect(try a.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2))
        #expect(try b.convert(Point(x: 100, y: 0), from: nil) == Point(x: 0, y: 0))
    }

    @Test("matrix(to:) of a layer whose plane is singular throws .notInvertible; convert is nil")
    func singular() throws {
        let engine = Engine()
        let parent = try Self.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50))
        let child = try Self.layer(engine, width: 10, height: 10, position: Point(x: 5, y: 5), in: parent)
        try child.setValue(Transform3D(scaleX: 0, y: 1, z: 1), for: .transform)
        #expect(throws: AnimCoreError.self) { try parent.matrix(to: child) }
        do {
            _ = try parent.matrix(to: child)
        } catch {
            #expect(error.code == .notInvertible && error.message.hasPrefix("to:"))
        }
        #expect(try parent.convert(Point(x: 1, y: 1), to: child) == nil)
        #expect(try child.convert(Point(x: 1, y: 1), to: parent) == Point(x: 5, y: 1))
    }

    @Test("a layer scaled far from 1 on every axis converts, is hit and takes a frame (its determinant leaves the doubles)")
    func extremeScales() throws {
        for factor in [1e170, 1e-170] {
            let engine = Engine()
            let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
            let child = try Self.layer(engine, width: 10, height: 10, position: Point(x: 0, y: 0), in: parent)
            try child.setValue(Transform3D(scaleX: factor, y: factor, z: factor), for: .transform)
            // The child's (7, 2) is (2, -3) × factor from its anchor (5, 5), at its position.
            let shown = Point(x: 2 * factor, y: -3 * factor)
            let back = try #require(try parent.convert(shown, to: child), "scale \(factor)")
            #expect(abs(back.x - 7) <= 1e-12 && abs(back.y - 2) <= 1e-12, "scale \(factor): \(back)")
            #expect(abs(try parent.matrix(to: child).m11 * factor - 1) <= 1e-15, "scale \(factor)")
            try child.setValue(Rect(x: 0, y: 0, width: 4 * factor, height: 6 * factor), for: .frame)
            #expect(Self.near(try child[.bounds], Rect(x: 0, y: 0, width: 4, height: 6), 1e-12), "scale \(factor)")
        }
        // Scaled up, the child covers its parent and is hit there.
        let engine = Engine()
        let parent = try Self.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let child = try Self.layer(engine, width: 10, height: 10, position: Point(x: 100, y: 100), in: parent)
        try child.setValue(Transform3D(scaleX: 1e170, y: 1e170, z: 1e170), for: .transform)
        #expect(try parent.hitTest(Point(x: 150, y: 150)) == child)
        // Turned away, it is hit only while double-sided (its determinant still leaves the doubles).
        try child.setValue(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(Transform3D(scaleX: 1e170, y: 1e170, z: 1e170)), for: .transform)
        #expect(try parent.hitTest(Point(x: 150, y: 150)) == child)
        try child.setValue(false, for: .isDoubleSided)
        #expect(try parent.hitTest(Point(x: 150, y: 150)) == parent)
    }

    @Test("bad input: NaN points and rects, another engine's layer")
    func badInput() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        let foreign = try Engine().makeLayer()
        #expect { try layer.convert(Point(x: .nan, y: 0), to: nil) } throws: { ($0 as? AnimCoreError)?.code == .notFinite }
        #expect { try layer.convert(Rect(x: 0, y: 0, width: .infinity, height: 1), to: nil) } throws: {
            ($0 as? AnimCoreError)?.message.hasPrefix("rect is") == true
        }
        #expect { try layer.hitTest(Point(x: 0, y: .infinity)) } throws: { ($0 as? AnimCoreError)?.code == .notFinite }
        #expect { try layer.convert(Point(x: 0, y: 0), to: foreign) } throws: {
            ($0 as? AnimCoreError)?.code == .badHandle && ($0 as? AnimCoreError)?.message == "to belongs to another engine"
        }
        #expect { try layer.setAffineTransform(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) } throws: {
            ($0 as? AnimCoreError)?.message.hasPrefix("transform.a is nan") == true
        }
    }

    @Test("affineTransform: identity when the transform is not affine; setAffineTransform replaces all of it")
    func affineTransform() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try layer.setValue(Transform3D(scaleX: 2, y: 3, z: 4), for: .transform)
        #expect(try layer.affineTransform() == .identity)
        try layer.setAffineTransform(AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 6))
        let transform = try layer[.transform]
        #expect(transform.m33 == 1 && transform.m11 == 2 && transform.m42 == 6)
        #expect(try layer.affineTransform() == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 6))
        try layer.setValue(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1), for: .transform)
        #expect(try layer.affineTransform() == AffineTransform(Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)))
    }

    @Test("setFrame through a transform: scale and a quarter turn give back the frame set")
    func setFrameTransformed() throws {
        let engine = Engine()
        let layer = try Self.layer(engine, width: 10, height: 10, position: Point(x: 0, y: 0))
        try layer.setValue(Transform3D(scaleX: 2, y: 3, z: 1), for: .transform)
        try layer.setValue(Rect(x: 10, y: 20, width: 100, height: 60), for: .frame)
        #expect(try layer[.bounds] == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(try layer[.position] == Point(x: 60, y: 50))
        #expect(try layer[.frame] == Rect(x: 10, y: 20, width: 100, height: 60))
        try layer.setValue(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), for: .transform)
        try layer.setValue(Point(x: 0, y: 0), for: .anchorPoint)
        try layer.setValue(Rect(x: 10, y: 20, width: 100, height: 60), for: .frame)
        #expect(Self.near(try layer[.bounds], Rect(x: 0, y: 0, width: 60, height: 100), 1e-9))
        #expect(Self.near(try layer[.frame], Rect(x: 10, y: 20, width: 100, height: 60), 1e-9))
        // A singular transform cannot take a frame.
        try layer.setValue(Transform3D(scaleX: 0, y: 1, z: 1), for: .transform)
        #expect { try layer.setValue(Rect(x: 0, y: 0, width: 1, height: 1), for: .frame) } throws: {
            ($0 as? AnimCoreError)?.code == .notInvertible
        }
    }

    @Test("setFrame under a perspective that keeps the plane facing the viewer (a move in depth, with anchorPointZ): frame = frame round-trips, a frame set comes back")
    func setFrameInDepth() throws {
        let engine = Engine()
        let layer = try Self.layer(engine, width: 100, height: 50, position: Point(x: 200, y: 300))
        // The "zoom toward the viewer" idiom: m34 = −1/200, then 50 towards the viewer
        // (m44 = 0.75: the plane scaled by 4/3), alone, with a scale and with anchorPointZ.
        var zoom = Transform3D.identity
        zoom.m34 = -1.0 / 200
        zoom = Transform3D(translationX: 0, y: 0, z: 50).concatenating(zoom)
        let cases: [(Transform3D, Double)] = [
            (zoom, 0), (Transform3D(scaleX: 2, y: 0.5, z: 1).concatenating(zoom), 0), (zoom, 30),
        ]
        for (transform, anchorZ) in cases {
            try layer.setValue(Rect(x: 0, y: 0, width: 100, height: 50), for: .bounds)
            try layer.setValue(Point(x: 200, y: 300), for: .position)
            try layer.setValue(anchorZ, for: .anchorPointZ)
            try layer.setValue(transform, for: .transform)
            let frame = try layer[.frame]
            try layer.setValue(frame, for: .frame)
            #expect(Self.near(try layer[.bounds], Rect(x: 0, y: 0, width: 100, height: 50), 1e-9), "anchorZ \(anchorZ)")
            #expect(Self.near(try layer[.position], Point(x: 200, y: 300), 1e-9), "anchorZ \(anchorZ)")
            try layer.setValue(Rect(x: 10, y: 20, width: 100, height: 60), for: .frame)
            #expect(Self.near(try layer[.frame], Rect(x: 10, y: 20, width: 100, height: 60), 1e-9), "anchorZ \(anchorZ)")
        }
        // A plane behind the eye has no frame to set.
        var behind = Transform3D.identity
        behind.m44 = -1
        try layer.setValue(0, for: .anchorPointZ)
        try layer.setValue(behind, for: .transform)
        #expect { try layer.setValue(Rect(x: 0, y: 0, width: 1, height: 1), for: .frame) } throws: {
            ($0 as? AnimCoreError)?.code == .notInvertible
        }
    }

    @Test("1.8-F geometryFlipped: sublayers mirror about the bounds' mid-line; contentsAreFlipped counts flips")
    func geometryFlipped() throws {
        let engine = Engine()
        let root = try Self.layer(engine, width: 200, height: 100, position: Point(x: 100, y: 50))
        let child = try Self.layer(engine, width: 20, height: 20, position: Point(x: 50, y: 30), in: root)
        let grandchild = try Self.layer(engine, width: 4, height: 4, position: Point(x: 2, y: 2), in: child)
        #expect(try child.convert(Point(x: 0, y: 0), to: root) == Point(x: 40, y: 20))
        try root.setValue(true, for: .isGeometryFlipped)
        // y' = 2·by + h − y: the child's top-left (40, 20) shows at (40, 80).
        #expect(try child.convert(Point(x: 0, y: 0), to: root) == Point(x: 40, y: 80))
        #expect(try root.convert(Point(x: 40, y: 80), to: child) == Point(x: 0, y: 0))
        // Conversions to the flipped layer itself from its own space are unchanged.
        #expect(try root.convert(Point(x: 3, y: 4), to: root) == Point(x: 3, y: 4))
        #expect(try root.contentsAreFlipped())
        #expect(try grandchild.contentsAreFlipped())
        try child.setValue(true, for: .isGeometryFlipped)
        #expect(try !grandchild.contentsAreFlipped())
        try grandchild.setValue(true, for: .isGeometryFlipped)
        #expect(try grandchild.contentsAreFlipped())
        #expect(try !engine.makeLayer().contentsAreFlipped())
    }
}
