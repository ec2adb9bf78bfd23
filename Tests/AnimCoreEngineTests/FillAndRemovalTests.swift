import Testing

@testable import AnimCore

/// Fill modes and removedOnCompletion tick by tick (reference §2.6, §2.11): what the
/// presentation shows before, during and after an animation's active interval, whether the
/// animation is still attached, and that the presentation returns to the model once it is gone.
/// Also the add-time rules of §2.9 (duration 0 → the transaction's 0.25 s, beginTime 0 → the
/// layer's time at commit, also on a sped-up or paused layer; an explicit beginTime is in the
/// layer's time), composition of several animations of one key path in add order (§6.2), and
/// replacement under the same key.
@Suite("Fill modes, removal, begin times and composition")
struct FillAndRemovalTests {
    /// A probe layer with model 5 and an animation from 10 to 20 (d 1) beginning at layer time
    /// 11, added while the engine is at 10; returns the presentation at each host time.
    private func fillRun(
        _ fill: FillMode, removedOnCompletion: Bool, at times: [Double]
    ) throws -> (values: [Double?], keysAfter: [String]) {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(5), forKeyPath: "value", of: layer)
        try engine.tick(10)
        var animation = basic("value", from: 10, to: 20)
        animation.timing.beginTime = 11
        animation.timing.fillMode = fill
        animation.isRemovedOnCompletion = removedOnCompletion
        try engine.addAnimation(animation, forKey: "a", to: layer)
        var values: [Double?] = []
        for t in times {
            try engine.tick(t)
            values.append(try presented(engine, "value", layer))
            #expect(try model(engine, "value", layer) == 5, "the model never changes (t \(t))")
        }
        return (values, try engine.animationKeys(of: layer))
    }

    private let times = [10.0, 10.5, 11, 11.5, 12, 12.5]

    @Test("removed (default): model before, animates during, model after; removed at the end")
    func fillRemoved() throws {
        let (values, keys) = try fillRun(.removed, removedOnCompletion: true, at: times)
        let expected: [Double] = [5, 5, 10, 15, 5, 5]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys.isEmpty)
    }

    @Test("backwards: the from value before the begin (with the default removedOnCompletion), model after")
    func fillBackwards() throws {
        let (values, keys) = try fillRun(.backwards, removedOnCompletion: true, at: times)
        let expected: [Double] = [10, 10, 10, 15, 5, 5]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys.isEmpty)
    }

    @Test("forwards with removedOnCompletion false: model before, the end value held after, still attached")
    func fillForwardsKept() throws {
        let (values, keys) = try fillRun(.forwards, removedOnCompletion: false, at: times)
        let expected: [Double] = [5, 5, 10, 15, 20, 20]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys == ["a"])
    }

    @Test("forwards needs removedOnCompletion false: with the default it is removed and the model shows")
    func fillForwardsRemoved() throws {
        let (values, keys) = try fillRun(.forwards, removedOnCompletion: true, at: times)
        let expected: [Double] = [5, 5, 10, 15, 5, 5]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys.isEmpty)
    }

    @Test("both with removedOnCompletion false: from before, end after")
    func fillBoth() throws {
        let (values, keys) = try fillRun(.both, removedOnCompletion: false, at: times)
        let expected: [Double] = [10, 10, 10, 15, 20, 20]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys == ["a"])
    }

    @Test("removed fill with removedOnCompletion false: attached after the end but the model shows")
    func fillRemovedKept() throws {
        let (values, keys) = try fillRun(.removed, removedOnCompletion: false, at: times)
        let expected: [Double] = [5, 5, 10, 15, 5, 5]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-12, "t \(times[index])") }
        #expect(keys == ["a"])
    }

    @Test("a kept, forward-filling animation removed by key: the presentation returns to the model")
    func removalRestoresModel() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(5), forKeyPath: "value", of: layer)
        var animation = basic("value", from: 10, to: 20)
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(10)
        try engine.tick(12)
        expectNear(try presented(engine, "value", layer), 20, 0, "held")
        try engine.removeAnimation(forKey: "a", from: layer)
        try engine.tick(12.1)
        expectNear(try presented(engine, "value", layer), 5, 0, "after removal")
        #expect(try engine.animationKeys(of: layer).isEmpty)
        // Removing again, or a key never used, is harmless (reference D4).
        try engine.removeAnimation(forKey: "a", from: layer)
        try engine.removeAnimation(forKey: "never", from: layer)
        try engine.removeAllAnimations(from: layer)
        try engine.removeAllAnimations(from: layer)
    }

    @Test("the presentation is the model before the animation's first commit")
    func uncommittedShowsModel() throws {
        let (engine, layer) = try probe()
        try engine.tick(1)
        try quietly(engine) {
            try engine.setValue(.scalar(5), forKeyPath: "value", of: layer)
            try engine.addAnimation(basic("value", from: 10, to: 20), forKey: "a", to: layer)
        }
        expectNear(try presented(engine, "value", layer), 5, 0, "before the tick that commits it")
        try engine.tick(1)
        expectNear(try presented(engine, "value", layer), 10, 0, "committed at 1, p 0")
    }

    // MARK: Add-time rules

    @Test("duration 0 becomes the default 0.25 s (T23: or the duration the engine is given)")
    func zeroDuration() throws {
        let (engine, layer) = try probe()
        var animation = Animation.basic("value")
        animation.basic?.fromValue = .scalar(0)
        animation.basic?.toValue = .scalar(100)
        #expect(animation.timing.duration == 0)
        try engine.addAnimation(animation, forKey: "a", to: layer)
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.duration == 0.25)
        try engine.tick(10)
        try engine.tick(10.125)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "half of 0.25 s")
        try engine.tick(10.25)
        #expect(try engine.animationKeys(of: layer).isEmpty, "finished after 0.25 s")

        // T23: inside a transaction with animationDuration 0.75.
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 0.75 }
        try engine.addAnimation(animation, forKey: "b", to: layer)
        try engine.commitTransaction()
        #expect(try engine.animation(forKey: "b", of: layer)?.timing.duration == 0.75)
        try engine.tick(11)
        try engine.tick(11.375)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "half of 0.75 s")
        // The caller's copy is untouched.
        #expect(animation.timing.duration == 0)
    }

    @Test("setDefaultAnimationDuration sets the duration that animations added with duration 0 get")
    func engineDefaultDuration() throws {
        let (engine, layer) = try probe()
        try engine.setDefaultAnimationDuration(0.5)
        try engine.addAnimation(basic("value", from: 0, to: 100, duration: 0), forKey: "a", to: layer)
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.duration == 0.5)
        try engine.tick(10)
        try engine.tick(10.25)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "half of 0.5 s")
    }

    @Test("beginTime 0 becomes the engine time at commit on a root layer with default timing")
    func beginAtCommitRoot() throws {
        let (engine, layer) = try probe()
        try engine.tick(3)
        try engine.addAnimation(basic("value", from: 0, to: 100), forKey: "a", to: layer)
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.beginTime == 0, "not resolved before commit")
        try engine.tick(7)  // 4 s later: the animation starts now, not at 3
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.beginTime == 7)
        expectNear(try presented(engine, "value", layer), 0, 0, "p 0 at the commit")
        try engine.tick(7.5)
        expectNear(try presented(engine, "value", layer), 50, 1e-9)
    }

    @Test("beginTime 0 on a layer with speed 2: the layer's time at commit; plays twice as fast")
    func beginAtCommitFastLayer() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
        try engine.tick(10)  // layer time 20
        expectNear(try engine.localTime(of: layer), 20, 0, "layer time")
        try engine.addAnimation(basic("value", from: 0, to: 100), forKey: "a", to: layer)
        try engine.tick(10)
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.beginTime == 20)
        try engine.tick(10.25)  // layer time 20.5
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "p 0.5 after 0.25 s of host time")
        try engine.tick(10.5)
        #expect(try engine.animationKeys(of: layer).isEmpty, "done after 0.5 s of host time")
    }

    @Test("beginTime 0 on a paused layer (speed 0, timeOffset 0.3): begins at 0.3 and stays on its first frame")
    func beginAtCommitPausedLayer() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(0), forKeyPath: "speed", of: layer)
        try engine.setValue(.scalar(0.3), forKeyPath: "timeOffset", of: layer)
        try engine.tick(10)
        try engine.addAnimation(basic("value", from: 0, to: 100), forKey: "a", to: layer)
        try engine.tick(10)
        expectNear(try engine.animation(forKey: "a", of: layer)?.timing.beginTime, 0.3, 0)
        for t in [10.0, 11, 50, 1000] {
            try engine.tick(t)
            expectNear(try presented(engine, "value", layer), 0, 0, "frozen at t \(t)")
        }
        // Moving the paused layer's offset scrubs: progress = offset − begin.
        try engine.setValue(.scalar(0.8), forKeyPath: "timeOffset", of: layer)
        try engine.tick(1001)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "offset 0.8 → p 0.5")
    }

    @Test("an explicit future beginTime is in the layer's time (speed-2 layer: convertTime + 1)")
    func explicitBeginInLayerTime() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
        try engine.tick(10)
        let now = try engine.convertTime(engine.currentTime, from: nil, to: layer)
        expectNear(now, 20, 0, "layer time at host 10")
        var animation = basic("value", from: 0, to: 100)
        animation.timing.beginTime = now + 1  // layer time 21 = host 10.5
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(10.25)
        expectNear(try presented(engine, "value", layer), 0, 0, "before: the model")
        #expect(try engine.animation(forKey: "a", of: layer)?.timing.beginTime == 21, "kept, not replaced at commit")
        try engine.tick(10.75)  // layer 21.5
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "p 0.5")
        try engine.tick(11)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("an explicit beginTime in the past starts part-way (T15: begin now − 0.5, d 1.5 → p 1/3)")
    func pastBegin() throws {
        let (engine, layer) = try probe()
        try engine.tick(10)
        var animation = basic("value", from: 0, to: 90, duration: 1.5)
        animation.timing.beginTime = 9.5
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(10)
        expectNear(try presented(engine, "value", layer), 30, 1e-9, "p 1/3")
        try engine.tick(10.999)
        #expect(try engine.animationKeys(of: layer) == ["a"])
        try engine.tick(11)
        #expect(try engine.animationKeys(of: layer).isEmpty, "ends 1 s after now")
    }

    // MARK: Composition

    @Test("animations of one key path apply in add order: a later non-additive one replaces, additive ones stack")
    func composition() throws {
        // Model 10; A: 0 → 100; B: additive 0 → 10. At p 0.5, A then B: 50 + 5.
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
        var additive = basic("value", from: 0, to: 10)
        additive.isAdditive = true
        try engine.addAnimation(basic("value", from: 0, to: 100), forKey: "A", to: layer)
        try engine.addAnimation(additive, forKey: "B", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["A", "B"])
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 55, 1e-9, "A then additive B")

        // B then A: A ignores what is beneath it.
        let (engine2, layer2) = try probe()
        try engine2.setValue(.scalar(10), forKeyPath: "value", of: layer2)
        try engine2.addAnimation(additive, forKey: "B", to: layer2)
        try engine2.addAnimation(basic("value", from: 0, to: 100), forKey: "A", to: layer2)
        #expect(try engine2.animationKeys(of: layer2) == ["B", "A"])
        try engine2.tick(10)
        try engine2.tick(10.5)
        expectNear(try presented(engine2, "value", layer2), 50, 1e-9, "additive B then A")
    }

    @Test("additive animations stack on the model and on each other, and unwind as each ends")
    func additiveStack() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(100), forKeyPath: "value", of: layer)
        var one = basic("value", from: 0, to: 10, duration: 1)
        one.isAdditive = true
        var two = basic("value", from: 0, to: 20, duration: 2)
        two.isAdditive = true
        try engine.addAnimation(one, forKey: "one", to: layer)
        try engine.addAnimation(two, forKey: "two", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 100 + 5 + 5, 1e-9, "e 0.5")
        try engine.tick(11.5)
        expectNear(try presented(engine, "value", layer), 100 + 15, 1e-9, "e 1.5: one has ended")
        #expect(try engine.animationKeys(of: layer) == ["two"])
        try engine.tick(12)
        expectNear(try presented(engine, "value", layer), 100, 0, "all ended: the model")
    }

    @Test("additive from/to animations (no nil end) stack: model + each value")
    func additiveStackSimple() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(100), forKeyPath: "value", of: layer)
        for (key, end) in [("x", 10.0), ("y", 20.0), ("z", -40.0)] {
            var animation = basic("value", from: 0, to: end)
            animation.isAdditive = true
            try engine.addAnimation(animation, forKey: key, to: layer)
        }
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 100 + 5 + 10 - 20, 1e-9)
    }

    @Test("animations of different key paths of one property compose (position.x and position.y)")
    func componentsCompose() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 1, y: 2), forKeyPath: "position", of: layer)
        try engine.addAnimation(basic("position.x", from: 0, to: 100), forKey: "x", to: layer)
        try engine.addAnimation(basic("position.y", from: 0, to: 10, duration: 2), forKey: "y", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), .point(x: 50, y: 2.5), 1e-9)
        try engine.tick(11.5)
        expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), .point(x: 1, y: 7.5), 1e-9,
                    "x ended: its model value shows")
    }

    @Test("a whole-value animation and a component animation of one property compose in add order")
    func wholeAndComponent() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(basic("position", from: .point(x: 0, y: 0), to: .point(x: 100, y: 100)), forKey: "whole", to: layer)
        try engine.addAnimation(basic("position.x", from: 0, to: 10), forKey: "x", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), .point(x: 5, y: 50), 1e-9,
                    "x on top of the whole value")

        let other = try engine.makeLayerHandle()
        try engine.addAnimation(basic("position.x", from: 0, to: 10), forKey: "x", to: other)
        try engine.addAnimation(basic("position", from: .point(x: 0, y: 0), to: .point(x: 100, y: 100)), forKey: "whole", to: other)
        try engine.tick(11)
        try engine.tick(11.5)
        expectValue(try engine.presentationValue(forKeyPath: "position", of: other), .point(x: 50, y: 50), 1e-9,
                    "the whole value on top of x")
    }

    @Test("adding under an existing key replaces the animation; only the new one applies")
    func replacement() throws {
        let (engine, layer) = try probe()
        try engine.addAnimation(basic("value", from: 0, to: 100), forKey: "k", to: layer)
        try engine.addAnimation(basic("value", from: 1000, to: 2000), forKey: "other", to: layer)
        try engine.tick(10)
        try engine.tick(10.25)
        try engine.removeAnimation(forKey: "other", from: layer)
        try engine.addAnimation(basic("value", from: 500, to: 600), forKey: "k", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["k"])
        #expect(try engine.animation(forKey: "k", of: layer)?.basic?.fromValue == .scalar(500))
        try engine.tick(10.5)  // the replacement commits now: p 0
        expectNear(try presented(engine, "value", layer), 500, 1e-9)
        try engine.tick(11)
        expectNear(try presented(engine, "value", layer), 550, 1e-9)
        try engine.tick(11.5)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        expectNear(try presented(engine, "value", layer), 0, 0)
    }

    @Test("animations without a key are not listed but apply, and several may coexist")
    func nilKeys() throws {
        let (engine, layer) = try probe()
        var additive = basic("value", from: 0, to: 10)
        additive.isAdditive = true
        try engine.addAnimation(additive, forKey: nil, to: layer)
        try engine.addAnimation(additive, forKey: nil, to: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 10, 1e-9, "two copies, 5 each")
    }

    @Test("the added animation is a copy: changing the caller's value later changes nothing")
    func addCopies() throws {
        let (engine, layer) = try probe()
        var animation = basic("value", from: 0, to: 100)
        try engine.addAnimation(animation, forKey: "a", to: layer)
        animation.basic?.toValue = .scalar(-100)
        animation.timing.duration = 10
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 50, 1e-9)
    }
}
