import Testing

import AnimCore

/// Hit testing (reference core-animation-geometry.md §2): the order measured on Apple, hidden,
/// masksToBounds, half-open bounds, 3D, and the presentation tree (§2.5).
@Suite("Swift API: hit testing")
struct HitTestTests {
    typealias Make = GeometryTests

    @Test("2.5: a layer animating position is hit where it is drawn, not at its model place")
    func movingLayer() throws {
        let engine = Engine()
        let root = try Make.layer(engine, width: 400, height: 200, position: Point(x: 200, y: 100))
        let mover = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: root)
        try engine.tick(0)
        try engine.transaction(duration: 1, timingFunction: .linear) {
            try mover.setValue(Point(x: 250, y: 50), for: .position)
        }
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try mover.presentationValue(.position) == Point(x: 150, y: 50))
        // (150, 50) in the root's superlayer space (the root's frame starts at (0, 0)).
        let tap = Point(x: 150, y: 50)
        #expect(try root.hitTest(tap, presentation: true) == mover)
        #expect(try root.hitTest(tap) == root)  // the model frame spans x 200...300
        #expect(try root.hitTest(Point(x: 250, y: 50)) == mover)
        #expect(try root.hitTest(Point(x: 250, y: 50), presentation: true) == root)
        // Conversion sees the same two places.
        #expect(try mover.convert(Point(x: 0, y: 0), to: root, presentation: true) == Point(x: 100, y: 0))
        #expect(try mover.convert(Point(x: 0, y: 0), to: root) == Point(x: 200, y: 0))
        // The layer hit is the model layer's object: it reads model values.
        #expect(try root.hitTest(tap, presentation: true)?.value(.position) == Point(x: 250, y: 50))
    }

    @Test("siblings: the last added first, a higher zPosition above a later one, hidden skipped")
    func order() throws {
        let engine = Engine()
        let root = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50))
        let first = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: root)
        let second = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: root)
        let point = Point(x: 10, y: 10)
        #expect(try root.hitTest(point) == second)
        try first.setValue(1, for: .zPosition)
        #expect(try root.hitTest(point) == first)
        try first.setValue(true, for: .isHidden)
        #expect(try root.hitTest(point) == second)
        try second.setValue(true, for: .isHidden)
        #expect(try root.hitTest(point) == root)
    }

    @Test("a sublayer outside its superlayer's bounds is hit unless masksToBounds; bounds are half-open")
    func masksAndEdges() throws {
        let engine = Engine()
        let root = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50))
        let outside = try Make.layer(engine, width: 20, height: 20, position: Point(x: 150, y: 150), in: root)
        #expect(try root.hitTest(Point(x: 145, y: 145)) == outside)
        #expect(try root.hitTest(Point(x: 160, y: 150)) == nil)  // maxX excluded
        #expect(try root.hitTest(Point(x: 140, y: 140)) == outside)  // minX included
        try root.setValue(true, for: .masksToBounds)
        #expect(try root.hitTest(Point(x: 145, y: 145)) == nil)
        #expect(try root.contains(Point(x: 0, y: 0)))
        #expect(try !root.contains(Point(x: 100, y: 50)))
        #expect(try !root.contains(Point(x: 50, y: 100)))
        #expect(try root.contains(Point(x: 99.999, y: 99.999)))
        // A masksToBounds layer that misses hides its sublayers that would have been hit.
        #expect(try root.hitTest(Point(x: -1, y: -1)) == nil)
    }

    @Test("3D: hit through the inverse of the plane's homography (1.8-P's card)")
    func perspective() throws {
        let engine = Engine()
        let parent = try Make.layer(engine, width: 200, height: 200, position: Point(x: 100, y: 100))
        let card = try Make.layer(engine, width: 100, height: 100, position: Point(x: 100, y: 100), in: parent)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try parent.setValue(perspective, for: .sublayerTransform)
        try card.setValue(Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0), for: .transform)
        // The drawn card spans x 61.95...133.02; its untransformed square would span 50...150.
        #expect(try parent.hitTest(Point(x: 63, y: 100)) == card)
        #expect(try parent.hitTest(Point(x: 140, y: 100)) == parent)
        #expect(try parent.hitTest(Point(x: 55, y: 100)) == parent)
        // Near the left edge, the drawn edge is 107.6 pt tall: y 46.2...153.8 at x 61.95.
        #expect(try parent.hitTest(Point(x: 62.5, y: 47.5)) == card)
    }

    @Test("a root is hit in its position's space; a miss of every layer answers nil")
    func rootSpace() throws {
        let engine = Engine()
        let root = try Make.layer(engine, width: 10, height: 10, position: Point(x: 100, y: 100))
        #expect(try root.hitTest(Point(x: 96, y: 96)) == root)
        #expect(try root.hitTest(Point(x: 5, y: 5)) == nil)
    }

    @Test("a deep chain of sublayers is searched without exhausting the stack")
    func deepChain() throws {
        let engine = Engine()
        let root = try Make.layer(engine, width: 10, height: 10, position: Point(x: 5, y: 5))
        var last = root
        for _ in 0..<4_000 {
            let next = try Make.layer(engine, width: 10, height: 10, position: Point(x: 5, y: 5), in: last)
            last = next
        }
        #expect(try root.hitTest(Point(x: 1, y: 1)) == last)
    }
}
