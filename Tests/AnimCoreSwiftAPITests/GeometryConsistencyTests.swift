#if canImport(Glibc)
import Glibc
#endif
import Testing

import AnimCore

/// Geometry checked against itself and against the formulas written out by hand: seed 003's
/// door, conversions that come back where they started, and hit testing that agrees with a
/// plain reading of Core Animation's rules over random trees.
@Suite("Swift API: geometry consistency")
struct GeometryConsistencyTests {
    typealias Make = GeometryTests

    @Test("seed 003's door: anchorPoint (0, 0.5), turned about y under m34 = -1/500, by the formulas")
    func door() throws {
        let engine = Engine()
        let container = try Make.layer(engine, width: 300, height: 200, position: Point(x: 150, y: 100))
        let door = try Make.layer(engine, width: 100, height: 160, position: Point(x: 100, y: 100), in: container)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try container.setValue(perspective, for: .sublayerTransform)
        try door.setValue(Point(x: 0, y: 0.5), for: .anchorPoint)
        let angle = -Double.pi / 3
        try door.setValue(Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0), for: .transform)
        for corner in [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 160), Point(x: 37, y: 21)] {
            // Relative to the anchor (0, 80); turned about y (CATransform3D's rotation, m11 = c,
            // m13 = −s: x' = x·cos a, z' = −x·sin a for z = 0); placed at (100, 100); then about
            // the container's anchor (150, 100) with the perspective divide.
            let (x, y) = (corner.x - 0, corner.y - 80)
            let (rx, rz) = (x * cos(angle), -x * sin(angle))
            let (px, py, pz) = (rx + 100 - 150, y + 100 - 100, rz)
            let w = 1 - pz / 500
            let expected = Point(x: px / w + 150, y: py / w + 100)
            #expect(Make.near(try door.convert(corner, to: container), expected, 1e-9), "\(corner)")
            #expect(Make.near(try container.convert(expected, to: door), corner, 1e-9))
        }
        // The hinge (the anchor) stays where it is; the free edge swings toward the viewer
        // (z > 0 for a negative angle), so it is drawn taller than the hinge.
        #expect(Make.near(try door.convert(Point(x: 0, y: 80), to: container), Point(x: 100, y: 100), 1e-12))
        let top = try #require(try door.convert(Point(x: 100, y: 0), to: container))
        let bottom = try #require(try door.convert(Point(x: 100, y: 160), to: container))
        #expect(bottom.y - top.y > 160)
        // A tap on the swung door's far side finds it; the untransformed spot it left does not.
        let middle = try #require(try door.convert(Point(x: 90, y: 80), to: container))
        #expect(try container.hitTest(try #require(try container.convert(middle, to: nil))) == door)
    }

    /// A random tree of layers: affine and 3D transforms, perspective on some
    /// sublayerTransforms, flips, zPositions, hidden and masking layers.
    /// A share `transformLayers` of the layers below the root are transform layers.
    static func randomTree(
        _ engine: Engine, _ random: inout SplitMix64, count: Int, transformLayers: Double = 0
    ) throws -> [Layer] {
        var layers = [try Make.layer(engine, width: 400, height: 300, position: Point(x: 200, y: 150))]
        for _ in 1..<count {
            let parent = random.pick(layers)
            let layer = try engine.makeLayer(random.chance(transformLayers) ? .transformLayer : .layer)
            try layer.setValue(Rect(x: 0, y: 0, width: random.range(10, 200), height: random.range(10, 200)), for: .bounds)
            try layer.setValue(Point(x: random.range(-50, 350), y: random.range(-50, 300)), for: .position)
            try parent.addSublayer(layer)
            try layer.setValue(Point(x: random.range(-0.5, 1.5), y: random.range(-0.5, 1.5)), for: .anchorPoint)
            try layer.setValue(Rect(x: random.range(-20, 20), y: random.range(-20, 20),
                                    width: try layer[.bounds].size.width, height: try layer[.bounds].size.height), for: .bounds)
            var transform = Transform3D(rotationAngle: random.range(-3, 3), x: 0, y: 0, z: 1)
            if random.chance(0.3) { transform = transform.rotatedBy(angle: random.range(-1, 1), x: 0, y: 1, z: 0) }
            if random.chance(0.3) { transform = transform.scaledBy(x: random.range(0.5, 2), y: random.range(0.5, 2), z: 1) }
            try layer.setValue(transform, for: .transform)
            if random.chance(0.3) {
                var perspective = Transform3D.identity
                perspective.m34 = -1 / random.range(300, 1000)
                try layer.setValue(perspective, for: .sublayerTransform)
            }
            try layer.setValue(random.chance(0.2), for: .isGeometryFlipped)
            try layer.setValue(random.chance(0.3) ? random.range(-2, 2).rounded() : 0, for: .zPosition)
            try layer.setValue(random.chance(0.1), for: .isHidden)
            try layer.setValue(random.chance(0.2), for: .masksToBounds)
            layers.append(layer)
        }
        return layers
    }

    /// Core Animation's hit test read plainly: conversions from the root space (not the
    /// engine's step-by-step search), sublayers by zPosition then last added; a transform
    /// layer never hit and never clipping, its sublayers by the depth of their centres.
    static func referenceHit(_ layer: Layer, _ point: Point) throws -> Layer? {
        let isTransformLayer = try layer.layerClass == .transformLayer
        let local = try layer.convert(point, from: nil)
        guard isTransformLayer || local != nil else { return nil }
        if !isTransformLayer, try layer[.masksToBounds], let local, try !layer.contains(local) { return nil }
        let sublayers = try layer.sublayers.enumerated().filter { try !$0.element[.isHidden] }
        let ordered = try sublayers.sorted { a, b in
            let (za, zb) = isTransformLayer
                ? (try centreDepth(a.element, in: try flatteningAncestor(of: layer)),
                   try centreDepth(b.element, in: try flatteningAncestor(of: layer)))
                : (try a.element[.zPosition], try b.element[.zPosition])
            return za != zb ? za > zb : a.offset > b.offset
        }
        for (_, sublayer) in ordered {
            if let hit = try referenceHit(sublayer, point) { return hit }
        }
        guard !isTransformLayer, let local else { return nil }
        return try layer.contains(local) ? layer : nil
    }

    /// The nearest of `layer` and its superlayers that is no transform layer (nil: the root
    /// space).
    static func flatteningAncestor(of layer: Layer) throws -> Layer? {
        var current: Layer? = layer
        while let candidate = current, try candidate.layerClass == .transformLayer { current = try candidate.superlayer }
        return current
    }

    /// The z of a layer's bounds centre in the space of `plane` (divided by w; −∞ behind the
    /// eye): a transform layer's order of its sublayers, back to front.
    static func centreDepth(_ layer: Layer, in plane: Layer?) throws -> Double {
        let m = try layer.matrix(to: plane)
        let bounds = try layer[.bounds]
        let (x, y) = (bounds.origin.x + bounds.size.width / 2, bounds.origin.y + bounds.size.height / 2)
        let w = x * m.m14 + y * m.m24 + m.m44
        let z = (x * m.m13 + y * m.m23 + m.m43) / w
        return w > 0 && !z.isNaN ? z : -.infinity
    }

    @Test("over random trees, the hit test agrees with the rules read plainly", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func hitTestsAgree(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = Engine()
        // Seeds 4 to 6 with transform layers.
        let layers = try Self.randomTree(engine, &random, count: 14, transformLayers: seed > 3 ? 0.3 : 0)
        var hits = 0
        for _ in 0..<300 {
            let point = Point(x: random.range(-100, 500), y: random.range(-100, 400))
            let hit = try layers[0].hitTest(point)
            // Points on an edge may fall either side in the two computations; the samples are
            // random reals, so the test skips nothing.
            #expect(hit == (try Self.referenceHit(layers[0], point)), "seed \(seed), point \(point)")
            if let hit {
                hits += 1
                let local = try #require(try hit.convert(point, from: nil))
                #expect(try hit.contains(local))
            }
        }
        #expect(hits > 30, "the random trees are hit often enough to test something (\(hits))")
    }

    @Test("over random trees, a point converted there and back comes home", arguments: [7, 8, 9] as [UInt64])
    func roundTrips(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = Engine()
        let layers = try Self.randomTree(engine, &random, count: 12, transformLayers: seed == 9 ? 0.3 : 0)
        var mapped = 0
        for _ in 0..<300 {
            let (a, b) = (random.pick(layers), random.pick(layers))
            let point = Point(x: random.range(-50, 250), y: random.range(-50, 250))
            guard let there = try a.convert(point, to: b), let back = try a.convert(there, from: b) else { continue }
            mapped += 1
            let scale = max(1, abs(point.x), abs(point.y))
            #expect(Make.near(back, point, 1e-6 * scale), "seed \(seed): \(point) -> \(there) -> \(back)")
            // The matrix between them says the same.
            if let matrix = try? a.matrix(to: b) {
                let w = point.x * matrix.m14 + point.y * matrix.m24 + matrix.m44
                let viaMatrix = Point(
                    x: (point.x * matrix.m11 + point.y * matrix.m21 + matrix.m41) / w,
                    y: (point.x * matrix.m12 + point.y * matrix.m22 + matrix.m42) / w)
                #expect(Make.near(viaMatrix, there, 1e-6 * max(1, abs(there.x), abs(there.y))), "seed \(seed)")
            }
        }
        #expect(mapped > 200)
    }

    @Test("through a transform layer: a sublayer's own depth turns with it, in perspective, by the formulas")
    func transformLayerConversion() throws {
        let engine = Engine()
        let (container, turning) = try Self.perspectiveStage(engine, width: 300, height: 200, stage: Size(width: 300, height: 200))
        let angle = Double.pi / 5
        try turning.setValue(Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0), for: .transform)
        let card = try Make.layer(engine, width: 100, height: 100, position: Point(x: 150, y: 100), in: turning)
        var lift = Transform3D.identity
        lift.m43 = 50
        try card.setValue(lift, for: .transform)
        for corner in [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 30, y: 70)] {
            // In the transform layer's space, about its anchor (150, 100): the card's corner
            // lifted 50 toward the viewer, kept in 3D; turned about y (x' = x·c + z·s,
            // z' = −x·s + z·c); then the container's perspective about its anchor.
            let (x, y, z) = (corner.x - 50 + 150 - 150, corner.y - 50 + 100 - 100, 50.0)
            let (tx, tz) = (x * cos(angle) + z * sin(angle), -x * sin(angle) + z * cos(angle))
            let w = 1 - tz / 500
            let expected = Point(x: tx / w + 150, y: y / w + 100)
            #expect(Make.near(try card.convert(corner, to: container), expected, 1e-9), "\(corner)")
            #expect(Make.near(try container.convert(expected, to: card), corner, 1e-9))
            // The matrix says the same, and the render list draws it there.
            let matrix = try card.matrix(to: container)
            let mw = corner.x * matrix.m14 + corner.y * matrix.m24 + matrix.m44
            let viaMatrix = Point(
                x: (corner.x * matrix.m11 + corner.y * matrix.m21 + matrix.m41) / mw,
                y: (corner.x * matrix.m12 + corner.y * matrix.m22 + matrix.m42) / mw)
            #expect(Make.near(viaMatrix, expected, 1e-9))
        }
        // Hit where it is drawn; the transform layer itself is never hit: a point of its
        // bounds that misses the card finds the container.
        let middle = try #require(try card.convert(Point(x: 50, y: 50), to: container))
        #expect(try container.hitTest(middle) == card)
        #expect(try container.hitTest(Point(x: 5, y: 5)) == container)
        // Hit-testing from the transform layer takes the point in the container's plane.
        #expect(try turning.hitTest(middle) == card)
        #expect(try turning.hitTest(Point(x: 5, y: 5)) == nil)
    }

    @Test("over random trees with transform layers, each render-list entry's matrix is its matrix to the root space",
          arguments: [11, 12, 13] as [UInt64])
    func renderListMatricesAgree(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = Engine()
        let layers = try Self.randomTree(engine, &random, count: 16, transformLayers: 0.4)
        for layer in layers {
            try layer.setValue(false, for: .isHidden)
            try layer.setValue(true, for: .isDoubleSided)
        }
        let list = RenderList()
        try layers[0].fillRenderList(list, presentation: false)
        #expect(list.count == layers.count)
        let entries = list.withEntries { Array($0) }
        for index in 0..<list.count {
            let layer = try #require(list.layer(at: index))
            let expected = try layer.matrix(to: nil)
            let entry = entries[index].matrix
            let scale = max(1, expected.m41.magnitude, expected.m42.magnitude, expected.m43.magnitude)
            for (a, b) in zip(Self.elements(entry), Self.elements(expected)) {
                #expect(abs(a - b) <= 1e-9 * scale, "seed \(seed), entry \(index)")
            }
        }
    }

    static func elements(_ m: Transform3D) -> [Double] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
    }

    @Test("a card flipped by a transform layer: each single-sided face is drawn only while it faces the viewer")
    func cardFlip() throws {
        let engine = Engine()
        let (container, card, front, back) = try Self.flipCard(engine)
        let list = RenderList()
        func drawn() throws -> [Layer] {
            try container.fillRenderList(list, presentation: false)
            return (0..<list.count).compactMap { list.layer(at: $0) }
        }
        #expect(try drawn() == [container, card, front])
        // Turned past a quarter, the back faces the viewer and the front away (each face's own
        // matrix alone would say the opposite).
        try card.setValue(Transform3D(rotationAngle: .pi * 0.75, x: 0, y: 1, z: 0), for: .transform)
        #expect(try drawn() == [container, card, back])
        try card.setValue(Transform3D(rotationAngle: .pi * 0.25, x: 0, y: 1, z: 0), for: .transform)
        #expect(try drawn() == [container, card, front])
        // Under a plain layer turned the same way, both faces are flattened into it first: the
        // front's own matrix faces the viewer, so it is drawn, mirrored with its layer.
        let plainCard = try Make.layer(engine, width: 100, height: 100, position: Point(x: 100, y: 100), in: container)
        try plainCard.setValue(Transform3D(rotationAngle: .pi * 0.75, x: 0, y: 1, z: 0), for: .transform)
        let plainFront = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: plainCard)
        try plainFront.setValue(false, for: .isDoubleSided)
        #expect(try drawn().contains(plainFront))
    }

    /// A container (`width` × `height`, its frame at the origin) with perspective m34 = −1/500
    /// on its sublayerTransform, holding a layer of `role` of `stage` size at its middle.
    static func perspectiveStage(
        _ engine: Engine, _ role: LayerClassID = .transformLayer, width: Double = 200, height: Double = 200,
        stage size: Size = Size(width: 100, height: 100)
    ) throws -> (Layer, Layer) {
        let middle = Point(x: width / 2, y: height / 2)
        let container = try Make.layer(engine, width: width, height: height, position: middle)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try container.setValue(perspective, for: .sublayerTransform)
        let stage = try engine.makeLayer(role)
        try stage.setValue(Rect(x: 0, y: 0, width: size.width, height: size.height), for: .bounds)
        try stage.setValue(middle, for: .position)
        try container.addSublayer(stage)
        return (container, stage)
    }

    /// The classic card: a transform layer on a perspective stage with two single-sided faces,
    /// the back one turned half a turn about y.
    static func flipCard(_ engine: Engine) throws -> (container: Layer, card: Layer, front: Layer, back: Layer) {
        let (container, card) = try perspectiveStage(engine)
        let front = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: card)
        let back = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: card)
        try back.setValue(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0), for: .transform)
        for face in [front, back] { try face.setValue(false, for: .isDoubleSided) }
        return (container, card, front, back)
    }

    @Test("in a turned transform layer, the sublayer nearer the viewer is drawn on top and hit first")
    func depthThroughTheTurn() throws {
        let engine = Engine()
        let (container, stage) = try Self.perspectiveStage(engine)
        let a = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: stage)
        let b = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: stage)
        var lift = Transform3D.identity
        lift.m43 = 20
        try a.setValue(lift, for: .transform)
        lift.m43 = -20
        try b.setValue(lift, for: .transform)
        let list = RenderList()
        try container.fillRenderList(list, presentation: false)
        #expect((0..<list.count).map { list.layer(at: $0) } == [container, stage, b, a])
        #expect(try container.hitTest(Point(x: 100, y: 100)) == a)
        // Turned past a quarter, b is in front.
        try stage.setValue(Transform3D(rotationAngle: .pi * 0.9, x: 0, y: 1, z: 0), for: .transform)
        try container.fillRenderList(list, presentation: false)
        #expect((0..<list.count).map { list.layer(at: $0) } == [container, stage, a, b])
        #expect(try container.hitTest(Point(x: 100, y: 100)) == b)
    }

    @Test("a flipped card's face turned away takes no tap; the face toward the viewer does")
    func cardFlipHit() throws {
        let engine = Engine()
        let (container, card, front, back) = try Self.flipCard(engine)
        #expect(try container.hitTest(Point(x: 100, y: 100)) == front)
        try card.setValue(Transform3D(rotationAngle: .pi * 0.75, x: 0, y: 1, z: 0), for: .transform)
        #expect(try container.hitTest(Point(x: 100, y: 100)) == back)
    }

    @Test("a replicator preserving depth seen edge-on still has its 3D sublayers hit")
    func preservingReplicatorEdgeOn() throws {
        let engine = Engine()
        let (container, replicator) = try Self.perspectiveStage(engine, .replicatorLayer)
        try replicator.setValue(true, for: .preservesDepth)
        try replicator.setValue(Transform3D(rotationAngle: .pi / 2 + 0.05, x: 0, y: 1, z: 0), for: .transform)
        let card = try Make.layer(engine, width: 100, height: 100, position: Point(x: 50, y: 50), in: replicator)
        try card.setValue(Transform3D(rotationAngle: -(.pi / 2 + 0.05), x: 0, y: 1, z: 0), for: .transform)
        let point = try #require(try card.convert(Point(x: 10, y: 50), to: container))
        #expect(try container.hitTest(point) == card)
    }
}
