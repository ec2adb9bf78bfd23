import Testing

@testable import AnimCore

/// `Animation.keepsFinalValue`: when an animation finishes, the value it shows at its end is
/// written into the model, so nothing snaps back once it is removed (on by default for a decay).
@Suite("Animations that keep their final value")
struct FinalValueTests {
    /// A committed probe layer (its changes would run actions) at engine time 10.
    private func committedProbe() throws -> (Engine, LayerID) {
        let (engine, layer) = try probe()
        try engine.tick(10)
        return (engine, layer)
    }

    @Test("a basic animation that keeps its final value leaves the model at its end; the presentation shows it on")
    func basicKeepsItsEnd() throws {
        let (engine, layer) = try committedProbe()
        var animation = basic("value", from: 2, to: 7, duration: 1)
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "move", to: layer)
        try engine.tick(10.5)
        #expect(try model(engine, "value", layer) == 0, "the model is untouched while it runs")
        try engine.tick(11.5)
        #expect(try engine.animationKeys(of: layer).isEmpty, "removed on completion")
        #expect(try model(engine, "value", layer) == 7)
        #expect(try presented(engine, "value", layer) == 7)
        try engine.tick(12)
        #expect(try presented(engine, "value", layer) == 7, "no implicit animation followed the write")
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("the value kept is the end itself when the begin time is not a round number (no rounding of end − begin)")
    func exactEndOffRoundTimes() throws {
        let (engine, layer) = try probe()
        try engine.tick(1.0 / 60)
        var animation = basic("value", from: 2, to: 7, duration: 1)
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "move", to: layer)
        try engine.tick(2.0 / 60)
        try engine.tick(2)
        #expect(try model(engine, "value", layer) == 7)
    }

    @Test("by default a basic animation snaps back to the model (Core Animation's rule)")
    func basicSnapsBackByDefault() throws {
        let (engine, layer) = try committedProbe()
        let animation = basic("value", from: 2, to: 7, duration: 1)
        #expect(!animation.keepsFinalValue)
        try engine.addAnimation(animation, forKey: "move", to: layer)
        try engine.tick(10.5)
        try engine.tick(11.5)
        #expect(try model(engine, "value", layer) == 0)
        #expect(try presented(engine, "value", layer) == 0)
    }

    @Test("a decay keeps where it comes to rest by default; set false, it snaps back")
    func decayKeepsItsRestingValueByDefault() throws {
        let from = Value.point(x: 10, y: 20), velocity = Value.point(x: 600, y: -800)
        let fling = Animation.decay("position", from: from, velocity: velocity)
        #expect(fling.keepsFinalValue)
        let resting = try (fling.decay!).restingValue(from: from, velocity: velocity)
        for keeps in [true, false] {
            let engine = Engine()
            let layer = try engine.makeLayerHandle()
            try engine.tick(10)
            var animation = fling
            animation.keepsFinalValue = keeps
            try engine.addAnimation(animation, forKey: "fling", to: layer)
            try engine.tick(10 + 1.0 / 60)
            try engine.tick(20)
            #expect(try engine.animationKeys(of: layer).isEmpty)
            let expected = keeps ? resting : .point(x: 0, y: 0)
            expectValue(try engine.value(forKeyPath: "position", of: layer), expected, 1e-9, "model, keeps \(keeps)")
            expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), expected, 1e-9, "shown, keeps \(keeps)")
        }
    }

    @Test("an additive animation's end is added to the model; a component key path keeps that component alone")
    func additiveAndComponent() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 100, y: 50), forKeyPath: "position", of: layer)
        try engine.tick(10)
        var nudge = basic("position.x", from: 0, to: 30, duration: 1)
        nudge.isAdditive = true
        nudge.keepsFinalValue = true
        try engine.addAnimation(nudge, forKey: "nudge", to: layer)
        try engine.tick(10.5)
        try engine.tick(11.5)
        expectValue(try engine.value(forKeyPath: "position", of: layer), .point(x: 130, y: 50), 0, "model")
        expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), .point(x: 130, y: 50), 0, "shown")
    }

    @Test("a repeating, autoreversing animation keeps where its last cycle ends (its start)")
    func autoreverseEndsAtItsStart() throws {
        let (engine, layer) = try committedProbe()
        var pulse = basic("value", from: 2, to: 7, duration: 0.5)
        pulse.timing.autoreverses = true
        pulse.timing.repeatCount = 2
        pulse.keepsFinalValue = true
        try engine.addAnimation(pulse, forKey: "pulse", to: layer)
        try engine.tick(10.25)
        try engine.tick(13)
        #expect(try model(engine, "value", layer) == 2)
    }

    @Test("a group keeps each child's end, in order, where the group ends")
    func groupKeepsItsChildren() throws {
        let engine = Engine()
        let probeClass = try engine.makeLayerClass(
            name: "Pair", properties: [PropertyDescriptor("a", default: .scalar(0)), PropertyDescriptor("b", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(probeClass)
        try engine.tick(10)
        // "a" ends with the group at 4, then an additive child adds 1 to it; "b" runs past the
        // group's end (held at 2 of its 4 s: 5 + 4 × 0.5 = 7); a child that ended before the
        // group without filling shows nothing there, so keeps nothing.
        var bump = basic("a", from: 0, to: 1, duration: 2)
        bump.isAdditive = true
        var early = basic("a", from: 100, to: 200, duration: 0.5)
        early.isAdditive = true
        var group = Animation.group([
            basic("a", from: 0, to: 4, duration: 2), basic("b", from: 5, to: 9, duration: 4), bump, early,
        ])
        group.timing.duration = 2
        group.keepsFinalValue = true
        try engine.addAnimation(group, forKey: "group", to: layer)
        try engine.tick(10.5)
        try engine.tick(12.5)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try model(engine, "a", layer) == 5)
        #expect(try model(engine, "b", layer) == 7)
    }

    @Test("another animation of the property shows over the kept value in the tick the first ends, not a tick later")
    func othersOverTheKeptValue() throws {
        let (engine, layer) = try committedProbe()
        var first = basic("value", from: 0, to: 10, duration: 1)
        first.keepsFinalValue = true
        var drift = basic("value", by: 100, duration: 5)
        drift.isAdditive = true
        try engine.addAnimation(first, forKey: "first", to: layer)
        try engine.addAnimation(drift, forKey: "drift", to: layer)
        try engine.tick(10.5)
        try engine.tick(11.5)  // the first ended: the model is 10, the drift at 1.5 of 5 s adds 30
        #expect(try model(engine, "value", layer) == 10)
        expectNear(try presented(engine, "value", layer), 40, 1e-12)
    }

    @Test("one that stays attached writes nothing: a relative animation filling forwards does not count twice")
    func notKeptWhenItStays() throws {
        let (engine, layer) = try committedProbe()
        var animation = basic("value", by: 5, duration: 1)
        animation.isAdditive = true
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "nudge", to: layer)
        try engine.tick(10.5)
        try engine.tick(11.5)
        try engine.tick(12)
        #expect(try model(engine, "value", layer) == 0)
        #expect(try presented(engine, "value", layer) == 5)
    }

    @Test("nothing is kept when the animation is removed or replaced before it finishes")
    func notKeptWhenInterrupted() throws {
        let (engine, layer) = try committedProbe()
        var animation = basic("value", from: 2, to: 7, duration: 1)
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "move", to: layer)
        try engine.tick(10.5)
        try engine.removeAnimation(forKey: "move", from: layer)
        try engine.tick(12)
        #expect(try model(engine, "value", layer) == 0)
    }

    @Test("the did-stop callback reads the kept value in the model")
    func didStopSeesTheModel() throws {
        let (engine, layer) = try committedProbe()
        let seen = Log<Double?>()
        var animation = basic("value", from: 2, to: 7, duration: 1)
        animation.keepsFinalValue = true
        animation.delegate = AnimationDelegate(didStart: nil, didStop: { _, _ in
            seen.add(try? model(engine, "value", layer))
        })
        try engine.addAnimation(animation, forKey: "move", to: layer)
        try engine.tick(10.5)
        try engine.tick(11.5)
        #expect(seen.all == [7])
    }

    @Test("the setting is read back from the added copy, and the kind's default until set")
    func readBack() throws {
        let (engine, layer) = try committedProbe()
        var animation = basic("value", from: 2, to: 7, duration: 1)
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "move", to: layer)
        #expect(try #require(try engine.animation(forKey: "move", of: layer)).keepsFinalValue)
        var decay = Animation.decay("value", from: .scalar(0), velocity: .scalar(10))
        #expect(decay.keepsFinalValue)
        decay.keepsFinalValue = false
        #expect(!decay.keepsFinalValue)
        #expect(!Animation.basic("value").keepsFinalValue)
    }
}
