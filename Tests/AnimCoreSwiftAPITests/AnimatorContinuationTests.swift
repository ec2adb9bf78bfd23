import Testing

@testable import AnimCore

/// Continuing an animator with a spring or a new curve: each animation keeps its value and
/// velocity (in its layer's time); a refused continuation changes nothing; the whole motion
/// stays reachable; finishing after a reversed continuation.
@Suite("Swift API: continuing an animator")
struct AnimatorContinuationTests {
    /// Seconds of each animation's own velocity now, by the engine's rule, for `keyPath` of
    /// each layer.
    static func velocities(_ layers: [Layer], _ keyPath: String) throws -> [Double] {
        try layers.map { try #require(try $0.presentationVelocity(forKeyPath: keyPath).scalar) }
    }

    static func values(_ layers: [Layer], _ keyPath: String) throws -> [Double] {
        try layers.map { try #require(try $0.presentationValue(forKeyPath: keyPath)?.scalar) }
    }

    @Test("continue with a spring over animations of 1 s and 0.4 s, one on a layer at speed 2: each keeps its value and its velocity (in its layer's time)", arguments: [false, true])
    func springPerMember(paused: Bool) throws {
        let engine = Engine()
        let long = try engine.makeLayer(), short = try engine.makeLayer(), fast = try engine.makeLayer()
        try fast.setValue(2, for: .speed)
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        let layers = [long, short, fast]
        for (layer, duration) in zip(layers, [1.0, 0.4, 1.0]) {
            var move = Animation.basic("position.x", from: .scalar(0), to: .scalar(100))
            move.timing.duration = duration
            try animator.add(move, to: layer)
        }
        try animator.startAnimation()
        try engine.tick(0.25)
        if paused { try animator.pauseAnimation() }
        let valuesBefore = try Self.values(layers, "position.x")
        let velocitiesBefore = try Self.velocities(layers, "position.x")
        if !paused {
            // 100 per second of the layer's time (the fast layer's animation runs in its time,
            // at 2 layer seconds per engine second: the animator's clock runs in engine time).
            expectNear(velocitiesBefore[0], 100, 1e-6)
            expectNear(velocitiesBefore[1], 250, 1e-6)
            expectNear(velocitiesBefore[2], 50, 1e-6)
        }
        try animator.continueAnimation(spring: Spring(mass: 1, stiffness: 120, damping: 14))
        try engine.tick(0.25)
        let valuesAfter = try Self.values(layers, "position.x")
        for k in layers.indices { expectNear(valuesAfter[k], valuesBefore[k], 1e-9, "value of animation \(k)") }
        // The velocity: what each has moved a little later, per second of its layer's time
        // (the spring's acceleration adds a·δ/2, under 0.3 % of these velocities). Before the
        // fix: the 0.4 s one and the one at speed 2 moved at other velocities (one pace for
        // all; engine seconds).
        let step = 1e-5
        try engine.tick(0.25 + step)
        let valuesLater = try Self.values(layers, "position.x")
        let running = [100.0, 250, 50]
        for (k, layer) in layers.enumerated() {
            let layerStep = step * (layer === fast ? 2 : 1)
            expectNear((valuesLater[k] - valuesAfter[k]) / layerStep, paused ? 0 : velocitiesBefore[k], running[k] * 3e-3, "velocity of animation \(k)")
        }
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        var time = 0.25 + step
        while try animator.state == .running && time < 20 {
            time += 1.0 / 60
            try engine.tick(time)
        }
        #expect(ends.all == [.end])
        for layer in layers { expectNear(try Self.opacityOrX(layer), 100, 1e-9) }
    }

    static func opacityOrX(_ layer: Layer) throws -> Double {
        try #require(try layer.value(forKeyPath: "position.x")?.scalar)
    }

    @Test("continue with a spring: a transform's rotation keeps its velocity (the engine's velocity of a computed component)")
    func springRotationVelocity() throws {
        let (engine, door, animator) = try AnimatorTests.door()
        try animator.startAnimation()
        try engine.tick(0.5)
        let velocity = try #require(try door.presentationVelocity(forKeyPath: "transform.rotation.y").scalar)
        expectNear(velocity, AnimatorTests.open, 1e-6, "−π/2 per second (the component of the matrix's velocity was not)")
        let before = try AnimatorTests.angle(door)
        try animator.continueAnimation(spring: Spring(mass: 1, stiffness: 200, damping: 30))
        try engine.tick(0.5)
        expectNear(try AnimatorTests.angle(door), before, 1e-12)
        let step = 1e-5
        try engine.tick(0.5 + step)
        expectNear((try AnimatorTests.angle(door) - before) / step, velocity, abs(velocity) * 1e-3, "velocity after")
    }

    @Test("a refused continuation changes nothing: rate × pace beyond the limits (a fast rate, a denormal factor) keeps the animations and the position")
    func continueAllOrNothing() throws {
        for (rate, factor) in [(1e6, 1e-3), (1.0, Double.leastNonzeroMagnitude)] {
            let (engine, door, animator) = try AnimatorTests.door()
            try animator.pauseAnimation()
            try animator.setFractionComplete(0.5)
            try animator.setRate(rate)
            try engine.tick(0.1)
            do {
                try animator.continueAnimation(timingFunction: .linear, durationFactor: factor)
                Issue.record("continue at rate \(rate), factor \(factor) was accepted")
            } catch {
                #expect(error.code == .outOfRange)
                #expect(error.message.contains("durationFactor"), "\(error.message)")
            }
            #expect(try animator.state == .paused)
            #expect(try animator.animationCount == 1)
            #expect(try door.animationKeys().count == 1)
            try engine.tick(0.2)
            expectNear(try AnimatorTests.angle(door), AnimatorTests.open * 0.5, 1e-9)
            try animator.setRate(1)
            try animator.continueAnimation(timingFunction: .linear)
            try engine.tick(0.7)
            #expect(try animator.state == .finished)
            expectNear(try AnimatorTests.model(door), AnimatorTests.open, 1e-9)
        }
    }

    @Test("after continuing with a new curve the whole motion stays reachable: scrubbing back, a second continuation without a jump, finish at the start")
    func continueKeepsTheWholeMotion() throws {
        let (engine, door, animator) = try AnimatorTests.door()
        let open = AnimatorTests.open
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.5)
        try engine.tick(0.1)
        try animator.continueAnimation(timingFunction: .linear)
        try engine.tick(0.3)
        expectNear(try AnimatorTests.angle(door), open * 0.7, 1e-9)
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.1)
        try engine.tick(0.35)
        expectNear(try AnimatorTests.angle(door), open * 0.1, 1e-9)  // the original's part
        try animator.setFractionComplete(0.8)
        try engine.tick(0.4)
        expectNear(try AnimatorTests.angle(door), open * 0.8, 1e-9)
        try animator.continueAnimation(timingFunction: .easeIn)
        try engine.tick(0.4 + 1e-9)
        expectNear(try AnimatorTests.angle(door), open * 0.8, 1e-6)  // no jump
        try animator.finishAnimation(at: .start)
        expectNear(try AnimatorTests.model(door), 0, 1e-12)
    }

    @Test("continuing reversed with a new curve, then finish at the end: the model holds the end; with a spring, finish at the start holds the start")
    func continueReversedThenFinish() throws {
        let (engine, door, animator) = try AnimatorTests.door()
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.5)
        try engine.tick(0.1)
        try animator.setReversed(true)
        try animator.continueAnimation(timingFunction: .linear)
        try engine.tick(0.2)
        expectNear(try AnimatorTests.angle(door), AnimatorTests.open * 0.4, 1e-9)
        try animator.finishAnimation(at: .end)
        expectNear(try AnimatorTests.model(door), AnimatorTests.open, 1e-12)

        let (engine2, door2, sprung) = try AnimatorTests.door()
        try sprung.startAnimation()
        try engine2.tick(0.25)
        try sprung.continueAnimation(spring: Spring(mass: 1, stiffness: 200, damping: 30))
        try engine2.tick(0.3)
        try sprung.finishAnimation(at: .start)
        expectNear(try AnimatorTests.model(door2), 0, 1e-12)
    }
}
