import Testing

import AnimCore
import AnimCoreTestSupport

/// The render list (reference core-animation-geometry.md §1.5–1.7, §3.1): draw order, what is
/// left out, matrices, opacity groups, masks, and the change flags with the dirty rectangle.
@Suite("Swift API: render list")
struct RenderListTests {
    /// A layer with bounds (0, 0, w, h) at `position`, under `parent` when given.
    static func layer(_ engine: Engine, _ width: Double, _ height: Double, at position: Point, in parent: Layer? = nil) throws -> Layer {
        try GeometryTests.layer(engine, width: width, height: height, position: position, in: parent)
    }

    /// The list's layers, in order.
    static func layers(_ list: RenderList, of engine: Engine, named names: [Layer: String]) -> [String] {
        (0..<list.count).map { index in names.first { $0.key.isSame(as: list, at: index) }?.value ?? "?" }
    }

    @Test("draw order: a layer, then its sublayers back to front by zPosition (ties in add order), each with its subtree")
    func drawOrder() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        let b = try Self.layer(engine, 10, 10, at: Point(x: 20, y: 20), in: root)
        let c = try Self.layer(engine, 10, 10, at: Point(x: 30, y: 30), in: root)
        let a1 = try Self.layer(engine, 5, 5, at: Point(x: 1, y: 1), in: a)
        try b.setValue(-1, for: .zPosition)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        let names: [Layer: String] = [root: "root", a: "a", b: "b", c: "c", a1: "a1"]
        #expect(Self.layers(list, of: engine, named: names) == ["root", "b", "a", "a1", "c"])
        #expect(list.all[0].parentIndex == nil && list.all[0].subtreeEndIndex == 5)
        #expect(list.all[1].parentIndex == 0 && list.all[1].subtreeEndIndex == 2)
        #expect(list.all[2].parentIndex == 0 && list.all[2].subtreeEndIndex == 4)
        #expect(list.all[3].parentIndex == 2 && list.all[3].subtreeEndIndex == 4)
        #expect(list.all[4].parentIndex == 0 && list.all[4].subtreeEndIndex == 5)
        // Hit testing searches the same order backwards: c is in front of a and b.
        try a.setValue(Point(x: 30, y: 30), for: .position)
        #expect(try root.hitTest(Point(x: 30, y: 30))?.isSame(as: list, at: 4) == true)
    }

    @Test("fill numbers: 0 before the first fill, one more per fill, none for a fill refused")
    func fillNumbers() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let list = RenderList()
        #expect(list.fillNumber == 0)
        try root.fillRenderList(list, presentation: false)
        try root.fillRenderList(list)
        #expect(list.fillNumber == 2)
        engine.invalidate()
        #expect(throws: AnimCoreError.self) { try root.fillRenderList(list) }
        #expect(list.fillNumber == 2 && list.count == 1)
    }

    @Test("hidden layers and back-facing single-sided layers are left out with their subtrees")
    func culling() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let hidden = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        _ = try Self.layer(engine, 5, 5, at: Point(x: 1, y: 1), in: hidden)
        let turned = try Self.layer(engine, 10, 10, at: Point(x: 50, y: 50), in: root)
        _ = try Self.layer(engine, 5, 5, at: Point(x: 1, y: 1), in: turned)
        try hidden.setValue(true, for: .isHidden)
        try turned.setValue(Transform3D(rotationAngle: .pi * 0.75, x: 0, y: 1, z: 0), for: .transform)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 3)  // root, turned and its sublayer: double-sided by default
        try turned.setValue(false, for: .isDoubleSided)
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 1)
        // Turned less than a quarter, it faces the viewer.
        try turned.setValue(Transform3D(rotationAngle: .pi * 0.25, x: 0, y: 1, z: 0), for: .transform)
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 3)
    }

    @Test("a layer whose geometry overflows the range of doubles is placed nowhere: not drawn, not hit, no matrix")
    func placedNowhere() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        // Each value finite; anchorPoint.x × bounds.width is not.
        let overflowing = try Self.layer(engine, 1e308, 10, at: Point(x: 10, y: 10), in: root)
        _ = try Self.layer(engine, 5, 5, at: Point(x: 1, y: 1), in: overflowing)
        let scaled = try Self.layer(engine, 10, 10, at: Point(x: 50, y: 50), in: root)
        let scaledChild = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5), in: scaled)
        let masked = try Self.layer(engine, 10, 10, at: Point(x: 80, y: 80), in: root)
        let mask = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5))
        try masked.setMask(mask)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 7)
        try overflowing.setValue(Point(x: 1e10, y: 0.5), for: .anchorPoint)
        // Scales of 1e200 under 1e200: each matrix finite, their product not.
        try scaled.setValue(Transform3D(scaleX: 1e200, y: 1e200, z: 1), for: .transform)
        try scaledChild.setValue(Transform3D(scaleX: 1e200, y: 1e200, z: 1), for: .transform)
        try mask.setValue(Point(x: -1e10, y: 0.5), for: .anchorPoint)
        try mask.setValue(Rect(x: 0, y: 0, width: 1e308, height: 10), for: .bounds)
        try root.fillRenderList(list, presentation: false)
        let names: [Layer: String] = [root: "root", scaled: "scaled"]
        #expect(Self.layers(list, of: engine, named: names) == ["root", "scaled"])
        #expect(list.all.allSatisfy { $0.matrix.isFinite })
        expectError(.outOfRange, naming: "layer") { _ = try overflowing.matrixToSuperlayer() }
        expectError(.outOfRange, naming: "layer") { _ = try scaledChild.matrix(to: nil) }
        #expect(try overflowing.convert(Point(x: 0, y: 0), to: root) == nil)
        // Hit plane by plane, the sublayer (1e400 wide, covering the plane) is hit, though
        // its matrix to the root is beyond the doubles and the list leaves it out.
        #expect(try root.hitTest(Point(x: 10, y: 10)) == scaledChild)
        try scaled.setValue(Transform3D.identity, for: .transform)
        try scaledChild.setValue(Transform3D.identity, for: .transform)
        #expect(try root.hitTest(Point(x: 10, y: 10)) == root)
        // Back in range, drawn again.
        try overflowing.setValue(Point(x: 0.5, y: 0.5), for: .anchorPoint)
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 5)
    }

    @Test("each entry's matrix is its matrix to the root space, flattened on the way (door in perspective)")
    func matrices() throws {
        let engine = Engine()
        let container = try Self.layer(engine, 300, 300, at: Point(x: 150, y: 150))
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try container.setValue(perspective, for: .sublayerTransform)
        let door = try Self.layer(engine, 100, 200, at: Point(x: 100, y: 150), in: container)
        try door.setValue(Point(x: 0, y: 0.5), for: .anchorPoint)
        try door.setValue(Transform3D(rotationAngle: -.pi / 3, x: 0, y: 1, z: 0), for: .transform)
        let knob = try Self.layer(engine, 10, 10, at: Point(x: 90, y: 100), in: door)
        let list = RenderList()
        try container.fillRenderList(list, presentation: false)
        #expect(list.count == 3)
        for (index, layer) in [container, door, knob].enumerated() {
            let expected = try layer.matrix(to: nil)
            let entry = list.all[index].matrix
            for (x, y) in [(0.0, 0.0), (10, 10), (100, 200)] {
                let point = Point(x: x, y: y)
                let viaEntry = entry.mapPoint(point), viaConversion = try layer.convert(point, to: nil)
                #expect(GeometryTests.near(viaEntry, viaConversion ?? Point(x: .nan, y: .nan), 1e-9))
            }
            #expect(abs(entry.m14 - expected.m14) < 1e-12 && abs(entry.m44 - expected.m44) < 1e-12)
        }
    }

    @Test("opacity: allowsGroupOpacity opens a group blended at the opacity; otherwise it multiplies into the subtree")
    func opacity() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let child = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        try root.setValue(0.5, for: .opacity)
        try child.setValue(0.8, for: .opacity)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.all[0].flags.contains(.opacityGroup) && list.all[0].alpha == 1 && list.all[0].opacity == 0.5)
        #expect(list.all[1].flags.contains(.opacityGroup) && list.all[1].alpha == 1)
        try root.setValue(false, for: .allowsGroupOpacity)
        try child.setValue(false, for: .allowsGroupOpacity)
        try root.fillRenderList(list, presentation: false)
        #expect(!list.all[0].flags.contains(.opacityGroup) && list.all[0].alpha == 0.5)
        #expect(!list.all[1].flags.contains(.opacityGroup) && list.all[1].alpha == 0.5 * 0.8)
    }

    @Test("the visual values come through, and the new built-ins have Core Animation's defaults and ranges")
    func values() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 50, at: Point(x: 50, y: 25))
        try root.setValue(Color(red: 1, green: 0, blue: 0, alpha: 1), for: .backgroundColor)
        try root.setValue(7, for: .cornerRadius)
        try root.setValue([.minXMinY, .maxXMaxY], for: .maskedCorners)
        try root.setValue(.resizeAspect, for: .contentsGravity)
        try root.setValue(2, for: .contentsScale)
        try root.setValue(true, for: .masksToBounds)
        try root.setValue(true, for: .isGeometryFlipped)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        let entry = list.all[0]
        #expect(entry.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1) && entry.cornerRadius == 7)
        #expect(entry.maskedCorners == [.minXMinY, .maxXMaxY] && entry.contentsGravity == .resizeAspect)
        #expect(entry.contentsScale == 2 && entry.contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1))
        // Its own flip mirrors its sublayers' plane, not its own: its image keeps its orientation.
        #expect(entry.flags.contains(.clips) && !entry.flags.contains(.contentsFlipped))
        #expect(entry.bounds == Rect(x: 0, y: 0, width: 100, height: 50) && entry.shadowOffset == Size(width: 0, height: -3))
        let fresh = try engine.makeLayer()
        #expect(try fresh.value(.maskedCorners) == .all)
        #expect(try fresh.value(.contentsGravity) == .resize)
        #expect(try fresh.value(.allowsGroupOpacity))
        #expect(try fresh.value(.contentsScale) == 1)
        #expect(throws: AnimCoreError.self) { try fresh.setValue(0, for: .contentsScale) }
        #expect(throws: AnimCoreError.self) { try fresh.setValue(.integer(16), forKeyPath: "maskedCorners") }
        #expect(throws: AnimCoreError.self) { try fresh.setValue(.integer(12), forKeyPath: "contentsGravity") }
    }

    @Test("a mask: drawn after the subtree in the layer's own space, not a sublayer, not hit; moved from its tree")
    func mask() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let child = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        let mask = try Self.layer(engine, 40, 40, at: Point(x: 20, y: 20), in: child)
        try root.setValue(Transform3D(scaleX: 2, y: 2, z: 1), for: .sublayerTransform)
        try root.setMask(mask)
        #expect(try mask.superlayer == root)
        #expect(try child.sublayers.isEmpty)
        #expect(try root.sublayers == [child])
        #expect(try root.mask == mask)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 3 && list.all[0].maskIndex == 2 && list.all[0].subtreeEndIndex == 3)
        #expect(list.all[2].flags.contains(.isMask) && list.all[2].parentIndex == 0)
        // The sublayerTransform scales the sublayer, not the mask: its (0, 0) is the root's (0, 0).
        #expect(GeometryTests.near(list.all[2].matrix.mapPoint(Point(x: 0, y: 0)), Point(x: 0, y: 0)))
        #expect(try mask.convert(Point(x: 0, y: 0), to: root) == Point(x: 0, y: 0))
        #expect(try root.hitTest(Point(x: 5, y: 5)) == root)
        #expect(throws: AnimCoreError.self) { try mask.setMask(root) }
        try child.addSublayer(mask)
        #expect(try root.mask == nil)
        #expect(try mask.superlayer == child)
        try root.setMask(mask)
        try root.setMask(nil)
        #expect(try mask.superlayer == nil)
    }

    @Test("change flags: the first fill changes everything; a still tree nothing; a move its subtree, with both extents dirty")
    func changes() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 2, y: 2), in: a)
        let b = try Self.layer(engine, 10, 10, at: Point(x: 80, y: 80), in: root)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect((0..<list.count).allSatisfy { list.all[$0].flags.contains(.changed) })
        #expect(list.dirtyRect == Rect(x: 0, y: 0, width: 100, height: 100))
        try root.fillRenderList(list, presentation: false)
        #expect((0..<list.count).allSatisfy { !list.all[$0].flags.contains(.changed) } && list.dirtyRect == nil)
        try a.setValue(Point(x: 30, y: 10), for: .position)
        try root.fillRenderList(list, presentation: false)
        #expect((0..<list.count).map { list.all[$0].flags.contains(.changed) } == [false, true, true, false])
        #expect(list.dirtyRect == Rect(x: 5, y: 5, width: 30, height: 10))
        try b.removeFromSuperlayer()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 3 && list.dirtyRect == Rect(x: 75, y: 75, width: 10, height: 10))
    }

    @Test("change flags of a leaf: a value changed in place, a mask added and removed (its old extent dirty), then still")
    func leafChanges() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let leaf = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        // Its translation the same, its colour not.
        try leaf.setValue(Color(red: 1, green: 0, blue: 0, alpha: 1), for: .backgroundColor)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true])
        #expect(list.dirtyRect == Rect(x: 5, y: 5, width: 10, height: 10))
        // A mask reaching past the leaf's bounds, in its space: (5, 5, 20, 20) in the root's.
        let mask = try Self.layer(engine, 20, 20, at: Point(x: 10, y: 10))
        try leaf.setMask(mask)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true, true])
        try root.fillRenderList(list, presentation: false)
        #expect(list.dirtyRect == nil)
        try leaf.setMask(nil)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true])
        #expect(list.dirtyRect == Rect(x: 5, y: 5, width: 20, height: 20))
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.allSatisfy { !$0.flags.contains(.changed) } && list.dirtyRect == nil)
    }

    @Test("change flags against fills before the last: a layer left out then back, a new layer, a replicator's instances, another root")
    func changesAcrossFills() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        let b = try Self.layer(engine, 10, 10, at: Point(x: 30, y: 10), in: root)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        // a left out: b, drawn after another layer than before, changes; a's old extent is dirty.
        try a.setValue(true, for: .isHidden)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true])
        #expect(list.dirtyRect == Rect(x: 5, y: 5, width: 30, height: 10))
        // Back after a fill without it: new to the list, as b after it.
        try a.setValue(false, for: .isHidden)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true, true])
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.allSatisfy { !$0.flags.contains(.changed) } && list.dirtyRect == nil)
        // A layer released and a new one in its place, with its values: new, so changed.
        try b.removeFromSuperlayer()
        let c = try Self.layer(engine, 10, 10, at: Point(x: 30, y: 10), in: root)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, false, true] && list.layer(at: 2) == c)
        // A replicator's instances of one layer are matched in order: one fewer leaves the
        // others as they were; the one back is new.
        let replicator = try BuiltInClassTests.layer(engine, .replicatorLayer, 40, 40, at: Point(x: 70, y: 70), in: root)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 5, y: 5), in: replicator)
        try replicator.setValue(3, for: .instanceCount)
        try replicator.setValue(Transform3D(translationX: 10, y: 0, z: 0), for: .instanceTransform)
        try root.fillRenderList(list, presentation: false)
        try replicator.setValue(2, for: .instanceCount)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, false, false, false, false, false])
        #expect(list.dirtyRect == Rect(x: 73, y: 53, width: 4, height: 4))
        try replicator.setValue(3, for: .instanceCount)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, false, false, false, false, false, true])
        // Filled from another root, then this one again: every entry is new each time.
        try a.fillRenderList(list, presentation: false)
        #expect(list.count == 1 && list.all[0].flags.contains(.changed))
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 7 && list.all.allSatisfy { $0.flags.contains(.changed) })
    }

    @Test("change flags once the tree draws otherwise mid-list: each layer still meets its own previous entries, in order")
    func changesAfterTheOrderChanges() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let leaves = try (0..<4).map { try Self.layer(engine, 4, 4, at: Point(x: 10 + 10 * Double($0), y: 10), in: root) }
        let replicator = try BuiltInClassTests.layer(engine, .replicatorLayer, 40, 40, at: Point(x: 70, y: 70), in: root)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 5, y: 5), in: replicator)
        try replicator.setValue(3, for: .instanceCount)
        try replicator.setValue(Transform3D(translationX: 10, y: 0, z: 0), for: .instanceTransform)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 9)
        // A layer inserted after the second leaf: it, and the leaf now drawn after it, change;
        // the entries behind them, one place further on, and the instances are as before.
        let inserted = try Self.layer(engine, 4, 4, at: Point(x: 50, y: 50))
        try root.insertSublayer(inserted, at: 2)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, false, false, true, true, false, false, false, false, false])
        #expect(list.layer(at: 3) == inserted && list.dirtyRect == Rect(x: 28, y: 8, width: 24, height: 44))
        // Two leaves trading places: each changes, as the layer now drawn after them.
        try leaves[0].removeFromSuperlayer()
        try root.insertSublayer(leaves[0], at: 1)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, true, true, true, false, false, false, false, false, false])
        #expect(list.layer(at: 1) == leaves[1] && list.dirtyRect == Rect(x: 8, y: 8, width: 44, height: 44))
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.allSatisfy { !$0.flags.contains(.changed) } && list.dirtyRect == nil)
    }

    @Test("change flags: a layer drawn before and after the first entry that differs meets its own previous entries")
    func changesAcrossTheFirstDifference() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let replicator = try BuiltInClassTests.layer(engine, .replicatorLayer, 40, 40, at: Point(x: 50, y: 50), in: root)
        let x = try Self.layer(engine, 4, 4, at: Point(x: 5, y: 5), in: replicator)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 15, y: 5), in: replicator)
        try replicator.setValue(2, for: .instanceCount)
        try replicator.setValue(Transform3D(translationX: 10, y: 0, z: 0), for: .instanceTransform)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        // root, replicator, x₀ y₀, x₁ y₁; then z between x and y in each instance. x₁ (drawn
        // after y₀ as before) meets x₁, not x₀: unchanged. Each z is new, each y follows another
        // layer than before.
        let z = try Self.layer(engine, 4, 4, at: Point(x: 25, y: 5))
        try replicator.insertSublayer(z, at: 1)
        try root.fillRenderList(list, presentation: false)
        #expect(list.all.map { $0.flags.contains(.changed) } == [false, false, false, true, true, false, true, true])
        #expect(list.layer(at: 5) == x && list.dirtyRect == Rect(x: 43, y: 33, width: 24, height: 4))
    }

    @Test("drawing fields kept from the fill before the last only where the same would be written: model writes, animations, transitions, replicators")
    func keptDrawingFields() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        let b = try Self.layer(engine, 10, 10, at: Point(x: 30, y: 10), in: root)
        let replicator = try BuiltInClassTests.layer(engine, .replicatorLayer, 40, 40, at: Point(x: 70, y: 70), in: root)
        try replicator.setValue(2, for: .instanceCount)
        try replicator.setValue(Color(red: 1, green: 0.5, blue: 0.5, alpha: 1), for: .instanceColor)
        var grow = Animation.basic(.borderWidth, from: 0, to: 4)
        grow.timing.duration = 1
        // Ends within the three fills after it and writes 6 into the model (no action).
        var kept = Animation.basic(.cornerRadius, from: 0, to: 6)
        kept.timing.duration = 0.15
        kept.keepsFinalValue = true
        // Each change is followed by three fills of one list (so that each of its two buffers is
        // refilled after it), each compared with a new list's fill at the same time. Model writes
        // run no action: the fields follow from model values alone.
        let changes: [() throws -> Void] = [
            {},
            {
                try engine.transaction(disableActions: true) {
                    try a.setValue(Color(red: 1, green: 0, blue: 0, alpha: 1), for: .backgroundColor)
                }
            },
            { try a.add(grow, forKey: "grow") },
            { try a.removeAnimation(forKey: "grow") },
            { try b.add(Animation.transition()) },
            { try b.removeAnimation(forKey: "transition") },
            { try replicator.addSublayer(a) },
            { try root.addSublayer(a) },
            {
                try engine.transaction(disableActions: true) {
                    try b.setValue(2, for: .cornerRadius)
                    try a.setValue(0.5, for: .shadowOpacity)
                }
            },
            { try b.add(kept, forKey: "kept") },
            // The list shrinks (b's index holds its old fields past the count), b changes out of
            // the tree, and the list grows back over that index.
            {
                try b.removeFromSuperlayer()
                try engine.transaction(disableActions: true) { try b.setValue(Color(red: 0, green: 0, blue: 1, alpha: 1), for: .borderColor) }
            },
            { try root.insertSublayer(b, at: 1) },
        ]
        let list = RenderList()
        var time = 0.0
        for change in changes {
            try change()
            try Self.fillThrice(list, from: root, of: engine, time: &time)
        }
        #expect(list.all.contains { $0.backgroundColor.red == 1 && $0.cornerRadius == 0 && $0.instanceColor.green == 1 })
        #expect(list.all.contains { $0.cornerRadius == 6 && $0.borderColor.blue == 1 })
        // One list filled in turn from two roots and for the model and the presentation: each
        // fill as a new list's.
        try engine.transaction(disableActions: true) { try a.setValue(3, for: .borderWidth) }
        for (layer, presentation) in [(root, true), (replicator, true), (root, false), (root, true), (replicator, false), (root, false)] {
            time += 0.1
            try engine.tick(time)
            try layer.fillRenderList(list, presentation: presentation)
            let fresh = RenderList()
            try layer.fillRenderList(fresh, presentation: presentation)
            #expect(list.all.map(Self.drawing) == fresh.all.map(Self.drawing))
        }
    }

    @Test("drawing fields kept across a list that shrinks, then grows its storage past where it was kept")
    func keptDrawingFieldsAcrossGrowth() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 1000, 1000, at: Point(x: 500, y: 500))
        let leaves = try (0..<300).map { index in
            let leaf = try Self.layer(engine, 4, 4, at: Point(x: Double(index % 30) * 10, y: Double(index / 30) * 10))
            try leaf.setValue(Color(red: Double(index) / 300, green: 0, blue: 1, alpha: 1), for: .backgroundColor)
            return leaf
        }
        let list = RenderList()
        var time = 0.0
        func fillAndCompare() throws { try Self.fillThrice(list, from: root, of: engine, time: &time) }
        // 100 entries: the storages grow from their first size; then 10, the rest kept past
        // the count; then 300, growing the storages over the kept places, with the layers
        // drawn there before changed meanwhile, or in other places.
        for leaf in leaves[..<99] { try root.addSublayer(leaf) }
        try fillAndCompare()
        for leaf in leaves[9..<99] { try leaf.removeFromSuperlayer() }
        try fillAndCompare()
        try engine.transaction(disableActions: true) {
            for leaf in leaves[20..<60] { try leaf.setValue(3, for: .borderWidth) }
        }
        for leaf in leaves[9...].reversed() { try root.addSublayer(leaf) }
        try fillAndCompare()
        #expect(list.count == 301)
    }

    /// Ticks `engine` and fills `list` from `root` three times, 0.1 s apart from `time` on (so
    /// that each of its two storages is refilled after a change), each fill expected to draw
    /// what a new list's fill at the same time draws.
    static func fillThrice(_ list: RenderList, from root: Layer, of engine: Engine, time: inout Double) throws {
        for _ in 0..<3 {
            time += 0.1
            try engine.tick(time)
            try root.fillRenderList(list)
            let fresh = RenderList()
            try root.fillRenderList(fresh)
            #expect(list.all.map(Self.drawing) == fresh.all.map(Self.drawing))
        }
    }

    /// What an entry draws, apart from its change flag and its transition's began and ended
    /// states (which a new list gives otherwise).
    static func drawing(_ entry: RenderEntry) -> String {
        let colours = [entry.backgroundColor, entry.borderColor, entry.shadowColor, entry.instanceColor]
        let numbers = [
            entry.opacity, entry.alpha, entry.borderWidth, entry.cornerRadius, entry.shadowOpacity, entry.shadowRadius,
            entry.contentsScale, entry.instanceTimeShift, entry.transitionProgress,
        ]
        return "\(entry.layerClass) \(entry.flags.subtracting(.changed)) \(entry.matrix) \(entry.bounds) \(colours) \(numbers) "
            + "\(entry.shadowOffset) \(entry.contentsRect) \(entry.contentsCenter) \(entry.contents) \(entry.contentsGravity) "
            + "\(entry.maskedCorners) \(entry.instanceIndex) \(String(describing: entry.transitionType)) \(entry.transitionComposite)"
    }

    @Test("the dirty rectangle is made when read: a fill not read gives the same flags and leaves the next rectangle as when read")
    func dirtyRectWhenRead() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 2, y: 2), in: a)
        let b = try Self.layer(engine, 10, 10, at: Point(x: 80, y: 80), in: root)
        let asked = RenderList(), quiet = RenderList()
        for (step, position) in [Point(x: 30, y: 10), Point(x: 30, y: 40), Point(x: 60, y: 40)].enumerated() {
            try a.setValue(position, for: .position)
            if step == 2 { try b.removeFromSuperlayer() }
            try root.fillRenderList(asked, presentation: false)
            try root.fillRenderList(quiet, presentation: false)
            let dirty = asked.dirtyRect
            #expect(asked.all.map(\.flags) == quiet.all.map(\.flags))
            guard step == 2 else { continue }  // `quiet`'s rectangles before are never read
            // a from (30, 40) to (60, 40) with its sublayer; b's old extent.
            #expect(dirty == Rect(x: 25, y: 35, width: 60, height: 50))
            #expect(quiet.dirtyRect == dirty && quiet.dirtyRect == dirty)
        }
    }

    @Test("a group inside a plain opacity: the group blends at opacity × alpha, its subtree starts at 1")
    func groupInsidePlainOpacity() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let child = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        _ = try Self.layer(engine, 5, 5, at: Point(x: 1, y: 1), in: child)
        try root.setValue(0.5, for: .opacity)
        try root.setValue(false, for: .allowsGroupOpacity)
        try child.setValue(0.8, for: .opacity)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        let entries = list.all
        #expect(entries.map(\.alpha) == [0.5, 0.5, 1])
        #expect(try list.entry(at: 2).alpha == 1)
        #expect(entries[1].flags.contains(.opacityGroup))
        #expect(throws: AnimCoreError.self) { try list.entry(at: 3) }
    }

    @Test("a change of a group, clip or mask dirties the whole subtree, sublayers outside the bounds too")
    func subtreeChanges() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 200, 200, at: Point(x: 100, y: 100))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5), in: root)
        _ = try Self.layer(engine, 10, 10, at: Point(x: 105, y: 105), in: a)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        for change in [{ try a.setValue(0.5, for: .opacity) }, { try a.setValue(true, for: .masksToBounds) }] as [() throws -> Void] {
            try root.fillRenderList(list, presentation: false)
            try change()
            try root.fillRenderList(list, presentation: false)
            #expect(list.dirtyRect == Rect(x: 0, y: 0, width: 110, height: 110))
        }
        let mask = try engine.makeLayer()
        try a.setMask(mask)
        try root.fillRenderList(list, presentation: false)
        #expect(list.dirtyRect == Rect(x: 0, y: 0, width: 110, height: 110))
    }

    @Test("a hidden mask masks everything: its layer is left out with its subtree")
    func hiddenMask() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5), in: root)
        _ = try Self.layer(engine, 4, 4, at: Point(x: 2, y: 2), in: a)
        let mask = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5))
        try a.setMask(mask)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 4)
        try mask.setValue(true, for: .isHidden)
        try root.fillRenderList(list, presentation: false)
        #expect(list.count == 1 && list.dirtyRect == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("under a shadow-casting layer, a sublayer's move dirties where the shadow reaches")
    func shadowReach() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 200, 200, at: Point(x: 100, y: 100))
        let a = try Self.layer(engine, 10, 10, at: Point(x: 5, y: 5), in: root)
        let s = try Self.layer(engine, 10, 10, at: Point(x: 105, y: 105), in: a)
        try a.setValue(1, for: .shadowOpacity)
        try a.setValue(5, for: .shadowRadius)
        try a.setValue(Size(width: 0, height: 30), for: .shadowOffset)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        try s.setValue(Point(x: 155, y: 105), for: .position)
        try root.fillRenderList(list, presentation: false)
        let dirty = try #require(list.dirtyRect)
        // The shadow of s, offset 30 and blurred about 10, reaches y 140 and beyond.
        #expect(dirty.origin.y + dirty.size.height >= 150 && dirty.origin.x <= 100 - 30)
    }

    @Test("presentation values at the engine's time: a moving layer's entry follows the animation")
    func presentation() throws {
        let engine = Engine()
        let root = try Self.layer(engine, 100, 100, at: Point(x: 50, y: 50))
        let moving = try Self.layer(engine, 10, 10, at: Point(x: 10, y: 10), in: root)
        try engine.tick(0)
        var slide = Animation.basic(.position, from: Point(x: 10, y: 10), to: Point(x: 90, y: 10))
        slide.timing.duration = 1
        slide.timingFunction = .linear
        try moving.add(slide, forKey: "slide")
        try engine.tick(0.5)  // commits the animation: it begins now
        try engine.tick(1)
        let list = RenderList()
        try root.fillRenderList(list)
        #expect(GeometryTests.near(list.all[1].matrix.mapPoint(Point(x: 5, y: 5)), Point(x: 50, y: 10), 1e-9))
        try root.fillRenderList(list, presentation: false)
        #expect(GeometryTests.near(list.all[1].matrix.mapPoint(Point(x: 5, y: 5)), Point(x: 10, y: 10), 1e-9))
    }
}

extension RenderList {
    /// Every entry, copied.
    fileprivate var all: [RenderEntry] { withEntries { Array($0) } }
}

extension Layer {
    /// Whether the list's entry at `index` is this layer's.
    fileprivate func isSame(as list: RenderList, at index: Int) -> Bool {
        list.layer(at: index) == self
    }
}

extension Transform3D {
    /// Where a point of the plane z = 0 lands (divided by w); nil behind the eye.
    fileprivate func mapPoint(_ point: Point) -> Point? {
        let w = point.x * m14 + point.y * m24 + m44
        guard w > 0 else { return nil }
        return Point(x: (point.x * m11 + point.y * m21 + m41) / w, y: (point.x * m12 + point.y * m22 + m42) / w)
    }
}
