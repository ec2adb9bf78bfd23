import Testing

@testable import AnimCore

/// Display (reference §3.3): class display handlers and delegate display handlers (the delegate
/// wins), properties declared needs-display (`+needsDisplayForKey:` YES) displaying when set and
/// every tick while an animation drives them, then once when it ends; `setNeedsDisplay`;
/// `needsDisplayOnBoundsChange` (D3); never at creation, never for a value set to what it
/// already was; and presentation and model values readable from inside display.
@Suite("Display")
struct DisplayTests {
    /// An engine with a class "Dial" (a needs-display scalar "level", a plain scalar "other")
    /// whose class display handler logs (layer, tick), and a tick counter.
    private struct Fixture {
        let engine = Engine()
        let ticks = TickCounter()
        let log = Log<(layer: LayerID, tick: Int)>()
        let dial: LayerClassID

        init() throws {
            let log = self.log
            let ticks = self.ticks
            dial = try engine.makeLayerClass(
                name: "Dial",
                properties: [
                    PropertyDescriptor("level", default: .scalar(0), needsDisplay: true),
                    PropertyDescriptor("other", default: .scalar(0)),
                ],
                display: DisplayHandler { _, layer in log.add((layer, ticks.current)) })
        }

        func tick(_ time: Double) throws {
            ticks.advance()
            try engine.tick(time)
        }

        func displays(of layer: LayerID) -> [Int] { log.all.filter { $0.layer == layer }.map(\.tick) }
    }

    @Test("never at creation: a new layer of a class with a display handler does not display")
    func notAtCreation() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        #expect(try !f.engine.needsDisplay(layer))
        for t in [0.0, 1, 2] { try f.tick(t) }
        #expect(f.displays(of: layer).isEmpty)
    }

    @Test("setting a needs-display property displays once at the next tick; a plain property does not")
    func setDisplays() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(0)
        try quietly(f.engine) { try f.engine.setValue(.scalar(2), forKeyPath: "level", of: layer) }
        #expect(try f.engine.needsDisplay(layer))
        #expect(f.displays(of: layer).isEmpty, "display waits for the tick")
        try f.tick(1)  // tick 2
        #expect(f.displays(of: layer) == [2])
        #expect(try !f.engine.needsDisplay(layer), "display clears needsDisplay (D2)")
        try f.tick(2)
        #expect(f.displays(of: layer) == [2], "once")
        try quietly(f.engine) {
            try f.engine.setValue(.scalar(5), forKeyPath: "other", of: layer)
            try f.engine.setValue(.point(x: 3, y: 4), forKeyPath: "position", of: layer)
            try f.engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        try f.tick(3)
        #expect(f.displays(of: layer) == [2], "CALayer's own keys and undeclared-display keys do not display (D1)")
    }

    @Test("several changes before one tick display once")
    func coalesced() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        for v in 1...5 { try f.engine.setValue(.scalar(Double(v)), forKeyPath: "level", of: layer) }
        try f.engine.setNeedsDisplay(layer)
        try f.tick(0)
        #expect(f.displays(of: layer) == [1])
    }

    @Test("a value set to what it already is does not display (the default, or the current value)")
    func sameValue() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.engine.setValue(.scalar(0), forKeyPath: "level", of: layer)  // the default
        #expect(try !f.engine.needsDisplay(layer))
        try f.tick(0)
        #expect(f.displays(of: layer).isEmpty)
        try quietly(f.engine) { try f.engine.setValue(.scalar(1.5), forKeyPath: "level", of: layer) }
        try f.tick(1)
        try quietly(f.engine) { try f.engine.setValue(.scalar(1.5), forKeyPath: "level", of: layer) }
        try f.tick(2)
        #expect(f.displays(of: layer) == [2], "only the real change")
    }

    @Test("a key path into a needs-display property displays when it changes the value, not when it does not")
    func componentDisplays() throws {
        let engine = Engine()
        let log = Log<Int>()
        let ticks = TickCounter()
        let klass = try engine.makeLayerClass(
            name: "Tint",
            properties: [PropertyDescriptor("tint", default: .color(red: 0, green: 0, blue: 0, alpha: 1), needsDisplay: true)],
            display: DisplayHandler { _, _ in log.add(ticks.current) })
        let layer = try engine.makeLayerHandle(klass)
        try engine.setValue(.scalar(1), forKeyPath: "tint.alpha", of: layer)  // already 1
        ticks.advance(); try engine.tick(0)
        #expect(log.all.isEmpty)
        try quietly(engine) { try engine.setValue(.scalar(0.5), forKeyPath: "tint.red", of: layer) }
        ticks.advance(); try engine.tick(1)
        #expect(log.all == [2])
        #expect(try engine.value(forKeyPath: "tint", of: layer) == .color(red: 0.5, green: 0, blue: 0, alpha: 1))
    }

    @Test("setNeedsDisplay marks the layer; it displays at the next tick only")
    func setNeedsDisplay() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(0)
        try f.engine.setNeedsDisplay(layer)
        try f.engine.setNeedsDisplay(layer)
        #expect(try f.engine.needsDisplay(layer))
        try f.tick(1)
        try f.tick(2)
        #expect(f.displays(of: layer) == [2])
        #expect(try !f.engine.needsDisplay(layer))
    }

    @Test("a layer of the built-in class displays through a handler set on the built-in class")
    func baseClassHandler() throws {
        let engine = Engine()
        let log = Log<LayerID>()
        try engine.setDisplayHandler(DisplayHandler { _, layer in log.add(layer) }, for: engine.baseLayerClass)
        let layer = try engine.makeLayerHandle()
        try engine.setNeedsDisplay(layer)
        try engine.tick(0)
        #expect(log.all == [layer])
        try engine.setDisplayHandler(nil, for: engine.baseLayerClass)
        try engine.setNeedsDisplay(layer)
        try engine.tick(1)
        #expect(log.all == [layer], "no handler: nothing called")
        #expect(try !engine.needsDisplay(layer))
    }

    @Test("a subclass made later inherits its superclass's display handler and needs-display properties")
    func inheritedHandler() throws {
        let f = try Fixture()
        let sub = try f.engine.makeLayerClass(
            name: "BigDial", superclass: f.dial, properties: [PropertyDescriptor("size", default: .scalar(1))])
        let layer = try f.engine.makeLayerHandle(sub)
        try f.engine.setValue(.scalar(3), forKeyPath: "level", of: layer)
        try f.tick(0)
        #expect(f.displays(of: layer) == [1])
    }

    @Test("the delegate's display handler wins over the class's; removing the delegate restores the class's")
    func delegateWins() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        let delegateLog = Log<Int>()
        let ticks = f.ticks
        try f.engine.setDelegate(LayerDelegate(display: DisplayHandler { _, _ in delegateLog.add(ticks.current) }), for: layer)
        try f.engine.setValue(.scalar(1), forKeyPath: "level", of: layer)
        try f.tick(0)
        #expect(delegateLog.all == [1])
        #expect(f.displays(of: layer).isEmpty, "the class handler is not called as well")
        // A delegate without a display handler leaves the class's in charge.
        try f.engine.setDelegate(LayerDelegate(), for: layer)
        try quietly(f.engine) { try f.engine.setValue(.scalar(2), forKeyPath: "level", of: layer) }
        try f.tick(1)
        #expect(f.displays(of: layer) == [2])
        try f.engine.setDelegate(nil, for: layer)
        try f.engine.setNeedsDisplay(layer)
        try f.tick(2)
        #expect(f.displays(of: layer) == [2, 3])
        #expect(delegateLog.all == [1])
    }

    @Test("a delegate display handler displays a layer whose class has none")
    func delegateOnly() throws {
        let engine = Engine()
        let log = Log<LayerID>()
        let layer = try engine.makeLayerHandle()
        try engine.setDelegate(LayerDelegate(display: DisplayHandler { _, l in log.add(l) }), for: layer)
        try engine.setNeedsDisplay(layer)
        try engine.tick(0)
        #expect(log.all == [layer])
    }

    @Test("needsDisplayOnBoundsChange (D3): a bounds change alone does not display; with the flag it does")
    func boundsChange() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(0)
        try quietly(f.engine) { try f.engine.setValue(.rect(x: 0, y: 0, width: 10, height: 10), forKeyPath: "bounds", of: layer) }
        #expect(try !f.engine.needsDisplay(layer))
        try f.tick(1)
        #expect(f.displays(of: layer).isEmpty, "flag off")
        try quietly(f.engine) { try f.engine.setValue(.bool(true), forKeyPath: "needsDisplayOnBoundsChange", of: layer) }
        try f.tick(2)
        #expect(f.displays(of: layer).isEmpty, "setting the flag is not a bounds change")
        try quietly(f.engine) { try f.engine.setValue(.rect(x: 0, y: 0, width: 20, height: 10), forKeyPath: "bounds", of: layer) }
        #expect(try f.engine.needsDisplay(layer))
        try f.tick(3)
        #expect(f.displays(of: layer) == [4])
        try quietly(f.engine) { try f.engine.setValue(.scalar(30), forKeyPath: "bounds.size.height", of: layer) }
        try f.tick(4)
        #expect(f.displays(of: layer) == [4, 5], "through a key path too")
        try quietly(f.engine) { try f.engine.setValue(.rect(x: 0, y: 0, width: 20, height: 30), forKeyPath: "bounds", of: layer) }
        try quietly(f.engine) { try f.engine.setValue(.point(x: 9, y: 9), forKeyPath: "position", of: layer) }
        try f.tick(5)
        #expect(f.displays(of: layer) == [4, 5], "same bounds, or a position change: nothing")
        try quietly(f.engine) { try f.engine.setValue(.rect(x: 1, y: 2, width: 40, height: 50), forKeyPath: "frame", of: layer) }
        try f.tick(6)
        #expect(f.displays(of: layer) == [4, 5, 7], "a frame change that resizes changes the bounds")
    }

    @Test("an animation of a needs-display property displays every tick while active and once when it ends")
    func animationDisplays() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(9)  // tick 1
        try f.engine.addAnimation(basic("level", from: 0, to: 1), forKey: "a", to: layer)
        for i in 0...8 {  // ticks 2…10 at 10, 10.125, …, 11 (exact binary fractions): the last one ends it
            try f.tick(10 + Double(i) / 8)
        }
        let during = f.displays(of: layer)
        #expect(during == Array(2...10), "every tick while active plus the ending tick: \(during)")
        for i in 1...5 { try f.tick(11 + Double(i) / 8) }
        #expect(f.displays(of: layer) == during, "nothing after the end")
    }

    @Test("an animation of a needs-display property removed mid-flight displays once more (the value snaps back to the model)")
    func removedAnimationDisplays() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.engine.addAnimation(basic("level", from: 10, to: 20), forKey: "a", to: layer)
        try f.tick(10)  // tick 1
        try f.tick(10.5)  // tick 2: shows 15
        #expect(f.displays(of: layer) == [1, 2])
        try f.engine.removeAnimation(forKey: "a", from: layer)
        try f.tick(10.6)  // tick 3: shows the model, 0
        try f.tick(10.7)
        #expect(try presented(f.engine, "level", layer) == 0)
        #expect(f.displays(of: layer) == [1, 2, 3], "one display for the change back to the model")
    }

    @Test("an animation of a plain property never displays")
    func plainAnimation() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.engine.addAnimation(basic("other", from: 0, to: 1), forKey: "a", to: layer)
        try f.engine.addAnimation(basic("position.x", from: 0, to: 1), forKey: "b", to: layer)
        for t in stride(from: 10.0, through: 11.5, by: 0.1) { try f.tick(t) }
        #expect(f.displays(of: layer).isEmpty)
    }

    @Test("a forward-filling kept animation displays once at its end, then stops displaying")
    func filledAnimation() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        var animation = basic("level", from: 0, to: 1, duration: 0.5)
        animation.isRemovedOnCompletion = false
        animation.timing.fillMode = .forwards
        try f.engine.addAnimation(animation, forKey: "a", to: layer)
        for t in [10.0, 10.25, 10.5, 10.75, 11, 12] { try f.tick(t) }
        #expect(f.displays(of: layer) == [1, 2, 3])
        #expect(try presented(f.engine, "level", layer) == 1)
    }

    @Test("waiting for a future beginTime (no backwards fill) the value does not change, so it does not display every tick")
    func waitingAnimation() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(10)
        var animation = basic("level", from: 5, to: 6)
        animation.timing.beginTime = 12
        try f.engine.addAnimation(animation, forKey: "a", to: layer)
        for t in [10.1, 10.5, 11, 11.5, 11.9] { try f.tick(t) }  // ticks 2…6, before the begin
        #expect(try presented(f.engine, "level", layer) == 0, "the model shows while waiting")
        let waiting = f.displays(of: layer)
        #expect(waiting.count <= 1, "displays while nothing changes: \(waiting)")
        try f.tick(12.5)
        #expect(f.displays(of: layer).last == 7, "displays once active")
    }

    @Test("waiting with a backwards fill: one display when the from value takes effect, not one per tick")
    func waitingFilledAnimation() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.tick(10)
        var animation = basic("level", from: 5, to: 6)
        animation.timing.beginTime = 12
        animation.timing.fillMode = .backwards
        try f.engine.addAnimation(animation, forKey: "a", to: layer)
        for t in [10.1, 10.5, 11, 11.5, 11.9] { try f.tick(t) }  // ticks 2…6
        #expect(try presented(f.engine, "level", layer) == 5, "the from value fills backwards")
        #expect(f.displays(of: layer) == [2], "one display for the one change")
    }

    @Test("inside display: the presentation value is the interpolated one, the model value the final one")
    func valuesInsideDisplay() throws {
        let engine = Engine()
        let seen = Log<(presented: Double, model: Double)>()
        let dial = try engine.makeLayerClass(
            name: "Dial", properties: [PropertyDescriptor("level", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                let p = (try? presented(engine, "level", layer)) ?? .nan
                let m = (try? model(engine, "level", layer)) ?? .nan
                seen.add((p, m))
            })
        let layer = try engine.makeLayerHandle(dial)
        try engine.tick(0)
        try quietly(engine) {
            try engine.setValue(.scalar(8), forKeyPath: "level", of: layer)
            try engine.addAnimation(basic("level", from: 0, duration: 1), forKey: "a", to: layer)
        }
        for t in [1.0, 1.25, 1.5, 1.75, 2] { try engine.tick(t) }
        let values = seen.all
        #expect(values.count == 5)
        let expected: [Double] = [0, 2, 4, 6, 8]
        for (index, value) in values.enumerated() where index < expected.count {
            expectNear(value.presented, expected[index], 1e-9, "presentation in display \(index)")
            expectNear(value.model, 8, 0, "model in display \(index)")
        }
    }

    @Test("a display handler may change values; the display that change owes comes at the next tick")
    func reentrantDisplay() throws {
        let engine = Engine()
        let ticks = TickCounter()
        let log = Log<Int>()
        let dial = try engine.makeLayerClass(
            name: "Dial", properties: [PropertyDescriptor("level", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                log.add(ticks.current)
                if ticks.current == 1 {
                    try? quietly(engine) { try engine.setValue(.scalar(99), forKeyPath: "level", of: layer) }
                }
            })
        let layer = try engine.makeLayerHandle(dial)
        try engine.setNeedsDisplay(layer)
        ticks.advance(); try engine.tick(0)
        #expect(log.all == [1])
        ticks.advance(); try engine.tick(1)
        #expect(log.all == [1, 2])
        ticks.advance(); try engine.tick(2)
        #expect(log.all == [1, 2])
    }

    @Test("a released layer queued for display is not displayed")
    func releasedNotDisplayed() throws {
        let f = try Fixture()
        let layer = try f.engine.makeLayerHandle(f.dial)
        try f.engine.setValue(.scalar(1), forKeyPath: "level", of: layer)
        try f.engine.release(layer)
        try f.tick(0)
        #expect(f.log.all.isEmpty)
    }
}
