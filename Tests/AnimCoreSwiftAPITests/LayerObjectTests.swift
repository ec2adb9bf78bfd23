import Testing

import AnimCore

/// `Layer`: an object holding one reference to its layer, released when it goes away; layers
/// handed out by the tree and by callbacks are objects too, equal by engine and handle.
@Suite("Swift API: Layer objects")
struct LayerObjectTests {
    @Test("a layer whose last object goes away is destroyed (deinit releases its reference)")
    func deinitReleases() throws {
        let engine = Engine()
        var layer: Layer? = try engine.makeLayer()
        let id = try #require(layer).id
        #expect(engine.isValid(id))
        layer = nil
        #expect(!engine.isValid(id))
    }

    @Test("Layer(engine:class:) and engine.makeLayer make layers of the class, every property at its default")
    func makingLayers() throws {
        let engine = Engine()
        let radius = PropertyName<Double>("radius")
        let circle = try engine.makeLayerClass("Circle", properties: [PropertyDescriptor(radius, default: 10)])
        let first = try Layer(engine: engine, class: circle)
        let second = try engine.makeLayer(circle)
        let plain = try engine.makeLayer()
        #expect(try first.layerClass == circle)
        #expect(try second.layerClass == circle)
        #expect(try plain.layerClass == .layer)
        #expect(try first.value(radius) == 10)
        #expect(try plain.value(.opacity) == 1)
        #expect(first != second)
        #expect(first.engine === engine)
    }

    @Test("a class of another engine is refused with .badHandle")
    func foreignClass() throws {
        let engine = Engine()
        let other = Engine()
        let foreign = try other.makeLayerClass("Foreign")
        expectError(.badHandle) { _ = try engine.makeLayer(foreign) }
        expectError(.badHandle) { _ = try Layer(engine: engine, class: foreign) }
    }

    @Test("a layer of another engine is named by its argument, not by its handle number (issue 34)")
    func foreignLayer() throws {
        let engine = Engine()
        let parent = try engine.makeLayer(), child = try engine.makeLayer()
        let foreign = try Engine().makeLayer()
        try parent.addSublayer(child)
        expectError(.badHandle, containing: "child belongs to another engine") { try parent.addSublayer(foreign) }
        expectError(.badHandle, containing: "child belongs to another engine") { try parent.insertSublayer(foreign, at: 0) }
        expectError(.badHandle, containing: "new belongs to another engine") { try parent.replaceSublayer(child, with: foreign) }
        expectError(.badHandle, containing: "old belongs to another engine") { try parent.replaceSublayer(foreign, with: child) }
        expectError(.badHandle, containing: "source belongs to another engine") { _ = try parent.convertTime(1, from: foreign) }
        expectError(.badHandle, containing: "destination belongs to another engine") { _ = try parent.convertTime(1, to: foreign) }
        expectError(.badHandle, containing: "layers[1]: the layer belongs to another engine") {
            _ = try engine.presentationValues(.opacity, of: [child, foreign])
        }
    }

    @Test("a layer in a tree outlives its object: the superlayer holds it, sublayers hands it back")
    func treeHoldsLayers() throws {
        let engine = Engine()
        let parent = try engine.makeLayer()
        var child: Layer? = try engine.makeLayer()
        let id = try #require(child).id
        try parent.addSublayer(try #require(child))
        child = nil
        #expect(engine.isValid(id))
        let again = try #require(try parent.sublayers.first)
        #expect(again.id == id)
        try again.removeFromSuperlayer()
        #expect(engine.isValid(id), "the object from sublayers holds its own reference")
        #expect(try parent.sublayers.isEmpty)
        _ = consume again
        #expect(!engine.isValid(id))
    }

    @Test("objects for one layer are equal and hash alike; sublayers and superlayer give objects equal to the originals")
    func equality() throws {
        let engine = Engine()
        let parent = try engine.makeLayer()
        let a = try engine.makeLayer()
        let b = try engine.makeLayer()
        try parent.addSublayer(a)
        try parent.insertSublayer(b, at: 0)
        #expect(try parent.sublayers == [b, a])
        #expect(try a.superlayer == parent)
        #expect(try parent.superlayer == nil)
        let set: Set<Layer> = [a, b, try parent.sublayers[0], try parent.sublayers[1]]
        #expect(set.count == 2)
        #expect(a != b)
    }

    @Test("replaceSublayer replaces a sublayer of this layer and refuses one of another with .invalidArgument")
    func replaceSublayer() throws {
        let engine = Engine()
        let parent = try engine.makeLayer()
        let elsewhere = try engine.makeLayer()
        let old = try engine.makeLayer()
        let new = try engine.makeLayer()
        let stranger = try engine.makeLayer()
        try parent.addSublayer(old)
        try elsewhere.addSublayer(stranger)
        expectError(.invalidArgument, containing: "not a sublayer") { try parent.replaceSublayer(stranger, with: new) }
        #expect(try stranger.superlayer == elsewhere)
        try parent.replaceSublayer(old, with: new)
        #expect(try parent.sublayers == [new])
        #expect(try old.superlayer == nil)
    }

    @Test("a cycle in the tree is refused with .cycle")
    func cycle() throws {
        let engine = Engine()
        let parent = try engine.makeLayer()
        let child = try engine.makeLayer()
        try parent.addSublayer(child)
        expectError(.cycle) { try child.addSublayer(parent) }
        expectError(.cycle) { try child.addSublayer(child) }
    }

    @Test("an object that could not take a reference (a destroyed layer) holds none and answers .badHandle")
    func objectOfADestroyedLayer() throws {
        let engine = Engine()
        var layer: Layer? = try engine.makeLayer()
        let id = try #require(layer).id
        layer = nil
        let stale = Layer(engine: engine, retaining: id)
        #expect(!stale.isValid)
        expectError(.badHandle) { _ = try stale.value(.opacity) }
        expectError(.badHandle) { try stale.setValue(0.5, for: .opacity) }
        expectError(.badHandle) { _ = try stale.sublayers }
        // A new layer may reuse the slot; the stale object must not release it.
        let fresh = try engine.makeLayer()
        _ = consume stale
        #expect(fresh.isValid)
    }

    @Test("after invalidate, calls throw .invalidState and the objects' own releases are dropped quietly")
    func invalidatedEngine() throws {
        let engine = Engine()
        var layer: Layer? = try engine.makeLayer()
        engine.invalidate()
        let held = try #require(layer)
        #expect(!held.isValid)
        expectError(.invalidState) { _ = try held.value(.position) }
        expectError(.invalidState) { _ = try engine.makeLayer() }
        layer = nil
        _ = consume held  // deinit's release is refused (.invalidState) without a trap
    }

    @Test("the animations of a layer stop (finished = false) when its last object goes away")
    func animationsStopWithTheLayer() throws {
        let engine = Engine()
        let stops = Log<Bool>()
        var layer: Layer? = try engine.makeLayer()
        var fade = Animation.basic(.opacity, from: 1, to: 0)
        fade.timing.duration = 10
        fade.onStop = { finished in stops.add(finished) }
        try #require(layer).add(fade, forKey: "fade")
        try engine.tick(0)
        layer = nil
        try engine.tick(0.1)
        #expect(stops.all == [false])
    }

    @Test("add, keys, copy and removal of animations through the layer")
    func animations() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try layer.add(.basic(.opacity, to: 0), forKey: "fade")
        try layer.add(.basic(.position, to: Point(x: 5, y: 5)), forKey: "move")
        try layer.add(.basic(.zPosition, to: 2))
        #expect(try layer.animationKeys() == ["fade", "move"])
        let copy = try #require(try layer.animation(forKey: "move"))
        #expect(copy.keyPath == "position")
        #expect(copy.basic?.toValue == .point(x: 5, y: 5))
        #expect(try layer.animation(forKey: "none") == nil)
        try layer.removeAnimation(forKey: "fade")
        #expect(try layer.animationKeys() == ["move"])
        try layer.removeAllAnimations()
        #expect(try layer.animationKeys().isEmpty)
    }

    @Test("layer time: localTime and convertTime(_:from:) / (_:to:) through a parent at speed 2")
    func time() throws {
        let engine = Engine()
        let parent = try engine.makeLayer()
        let child = try engine.makeLayer()
        try parent.addSublayer(child)
        try parent.setValue(2, for: .speed)
        try engine.tick(0)
        try engine.tick(3)
        expectNear(try child.localTime, 6)
        expectNear(try child.convertTime(1, from: nil), 2)
        expectNear(try parent.convertTime(2, to: nil), 1)
        expectNear(try child.convertTime(4, to: parent), 4)
        expectError(.notFinite) { _ = try child.convertTime(.nan, from: nil) }
        let other = Engine()
        let foreign = try other.makeLayer()
        expectError(.badHandle) { _ = try child.convertTime(1, from: foreign) }
    }

    @Test("setNeedsDisplay marks the layer; the class's display closure gets a Layer equal to it at the next tick")
    func display() throws {
        let engine = Engine()
        let shown = Log<Layer>()
        let dial = try engine.makeLayerClass("Dial", display: { layer in shown.add(layer) })
        let layer = try engine.makeLayer(dial)
        #expect(try !layer.needsDisplay())
        try layer.setNeedsDisplay()
        #expect(try layer.needsDisplay())
        try engine.tick(0)
        #expect(shown.all == [layer])
        #expect(try !layer.needsDisplay())
    }
}
