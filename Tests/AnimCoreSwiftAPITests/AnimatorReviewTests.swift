import Testing

@testable import AnimCore

/// Animators: the second review's defects — control calls over many animations of one layer
/// (one lane exit per layer, not per animation), a paused animator scrubbed to fraction 1
/// (held at its end, not ended), and continuing with a spring (each animation's own value and
/// velocity continuous, in its layer's time, through the engine's velocity rule).
@Suite("Swift API: animator review")
struct AnimatorReviewTests {
    // MARK: One batch per layer

    /// An engine whose layers (`layerCount`) hold `count` fades of one animator of 1 s, linear,
    /// the i-th on layer i mod layerCount, started and ticked (their animations in the lane).
    static func crowd(count: Int, layerCount: Int) throws -> (Engine, [Layer], Animator) {
        let engine = Engine()
        let layers = try (0..<layerCount).map { _ in try engine.makeLayer() }
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        for i in 0..<count {
            var fade = Animation.basic(.opacity, from: 1, to: Double(i % 7) / 10)
            fade.timing.duration = 1
            try animator.add(fade, to: layers[i % layerCount])
        }
        try animator.startAnimation()
        try engine.tick(0.1)
        try engine.tick(0.2)
        return (engine, layers, animator)
    }

    @Test("each control call over 300 animations of one layer takes the layer out of the lane once (was once per animation), of two layers twice")
    func oneLaneExitPerLayer() throws {
        for layerCount in [1, 2] {
            let (engine, layers, animator) = try Self.crowd(count: 300, layerCount: layerCount)
            // (Each exit walks the layer's whole list of animations, in the lane or not: once
            // per animation made a call over N animations of one layer cost O(N²).)
            var time = 0.2
            let calls: [(String, () throws(AnimCoreError) -> Void)] = [
                ("pause", { () throws(AnimCoreError) in try animator.pauseAnimation() }),
                ("seek", { () throws(AnimCoreError) in try animator.setFractionComplete(0.4) }),
                ("start", { () throws(AnimCoreError) in try animator.startAnimation() }),
                ("reverse", { () throws(AnimCoreError) in try animator.setReversed(true) }),
                ("rate", { () throws(AnimCoreError) in try animator.setRate(0.5) }),
                ("finish", { () throws(AnimCoreError) in try animator.finishAnimation(at: .current) }),
            ]
            for (name, call) in calls {
                let before = engine.bookkeeping().laneLayerLeaves
                try call()
                let leaves = engine.bookkeeping().laneLayerLeaves - before
                // (Finishing re-times them, then removes them: once each per layer.)
                #expect(leaves == (name == "finish" ? 2 : 1) * layerCount, "\(name) on \(layerCount) layer(s)")
                time += 0.01
                try engine.tick(time)
            }
            #expect(try animator.state == .finished)
            // The last animation of each layer wins: 0.4 + 0.01 × 0.5 (running backwards at 0.5
            // from 0.4 for 0.01 s after the rate, 0.01 s at rate 1 backwards before it) ...
            let shown = try layers.map { try #require(try $0.presentationValue(forKeyPath: "opacity")?.scalar) }
            let model = try layers.map { try #require(try $0.value(forKeyPath: "opacity")?.scalar) }
            #expect(shown == model, "finished where it stood: the model holds what showed")
        }
    }

    @Test("a block adopting 300 animations of one layer, and continuing them with a curve: the layer leaves the lane once per call besides once per animation added")
    func oneLaneExitPerLayerInBlocksAndContinuations() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        var before = engine.bookkeeping().laneLayerLeaves
        try animator.addAnimations {
            for i in 0..<300 {
                var fade = Animation.basic(.opacity, from: 1, to: Double(i % 7) / 10)
                fade.timing.duration = 1
                try layer.add(fade)
            }
        }
        // (Each add leaves once, as any add does; the adoption once, not once per animation
        // twice.)
        #expect(engine.bookkeeping().laneLayerLeaves - before == 300 + 1)
        try animator.startAnimation()
        try engine.tick(0.25)
        before = engine.bookkeeping().laneLayerLeaves
        try animator.continueAnimation(timingFunction: .easeOut)
        // Reading what each shows (once), the 300 replacements added (once each), the re-timing.
        #expect(engine.bookkeeping().laneLayerLeaves - before == 1 + 300 + 1)
        #expect(try animator.animationCount == 600)
        try engine.tick(0.5)
        try engine.tick(1.0)
        #expect(try animator.state == .finished)
        expectNear(try #require(try layer.presentationValue(forKeyPath: "opacity")?.scalar), 0.5, 1e-12, "the last one's end (299 mod 7 = 5)")
    }

    // MARK: Paused at the end

    /// A fade (1 → 0 over 1 s, linear) owned by an animator, with its did-stops logged.
    static func fade() throws -> (Engine, Layer, Animator, Log<Bool>) {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let stops = Log<Bool>()
        var fade = Animation.basic(.opacity, from: 1, to: 0)
        fade.timing.duration = 1
        fade.onStop = { finished in stops.add(finished) }
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try animator.add(fade, to: layer, forKey: "fade")
        return (engine, layer, animator, stops)
    }

    static func opacity(_ layer: Layer) throws -> Double {
        try #require(try layer.presentationValue(forKeyPath: "opacity")?.scalar)
    }

    @Test("a paused animator scrubbed to fraction 1 holds its animations at their end, not ended: no did-stop, still paused; they end on finish or when the clock runs to the end")
    func pausedAtEndNotEnded() throws {
        for ending in ["finish", "start", "reverse"] {
            let (engine, layer, animator, stops) = try Self.fade()
            let ends = Log<AnimatorPosition>()
            try animator.addCompletion { ends.add($0) }
            try animator.startAnimation()
            try engine.tick(0.3)
            try animator.pauseAnimation()
            try animator.setFractionComplete(1)
            for time in [0.4, 0.5, 2.0] {
                try engine.tick(time)
                #expect(try Self.opacity(layer) == 0, "shows the end")
                #expect(stops.all == [], "\(ending): no did-stop while paused at the end (time \(time))")
                #expect(try animator.state == .paused)
                #expect(try animator.fractionComplete == 1)
                #expect(try animator.animationCount == 1)
            }
            try animator.setFractionComplete(0.5)  // and back: still one animation, no stop
            try engine.tick(2.1)
            expectNear(try Self.opacity(layer), 0.5, 1e-12)
            try animator.setFractionComplete(1)
            try engine.tick(2.2)
            #expect(stops.all == [])
            switch ending {
            case "finish":
                try animator.finishAnimation(at: .end)
                try engine.tick(2.3)
                #expect(stops.count == 1)
                #expect(ends.all == [.end])
            case "start":
                try animator.startAnimation()  // at its end: it ends in the next tick
                try engine.tick(2.3)
                #expect(stops.all == [true])
                #expect(ends.all == [.end])
            default:
                try animator.setReversed(true)
                try animator.startAnimation()  // runs back from the end to the start
                try engine.tick(2.7)
                expectNear(try Self.opacity(layer), 0.5, 1e-9)
                #expect(stops.all == [])
                try engine.tick(3.3)
                #expect(stops.all == [true])
                #expect(ends.all == [.start])
            }
            #expect(try animator.state == .finished)
        }
    }

    @Test("a sequence on one key path, paused and scrubbed past the first's end: the first is held at its end, not ended, until the clock runs past it")
    func pausedAtEndOfSequencePart() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let stops = Log<String>()
        let animator = try engine.makeAnimator(duration: 2, timingFunction: .linear)
        var first = Animation.basic(.opacity, from: 1, to: 0.5)
        first.timing.duration = 1
        first.onStop = { _ in stops.add("first") }
        var second = Animation.basic(.opacity, from: 0.5, to: 0)
        second.timing.duration = 1
        second.timing.beginTime = 1
        second.onStop = { _ in stops.add("second") }
        try animator.add(first, to: layer)
        try animator.add(second, to: layer)
        try animator.setFractionComplete(0.5)
        try engine.tick(0.1)
        expectNear(try Self.opacity(layer), 0.5, 1e-12)
        #expect(stops.all == [])
        try animator.setFractionComplete(1)
        try engine.tick(0.2)
        #expect(try Self.opacity(layer) == 0)
        // Decided: scrubbed past while paused is not played through (Web Animations: paused
        // is not finished), for the first as for the second at the very end.
        #expect(stops.all == [], "both are held at their ends, not ended")
        try animator.setFractionComplete(0.25)  // and back: the first shows again, nothing sent
        try engine.tick(0.3)
        expectNear(try Self.opacity(layer), 0.75, 1e-12)
        #expect(stops.all == [])
        try animator.setFractionComplete(0.75)
        try animator.startAnimation()
        try engine.tick(0.4)
        #expect(stops.all == ["first"], "running on past the first's end ends it")
        try engine.tick(1.0)
        #expect(stops.all == ["first", "second"])
    }

    @Test("an inactive animator built in blocks: the earliest animation of a property fills backwards; when another call removes it, the next block's commit lets the next one fill backwards")
    func fillsAcrossBlocks() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 2, timingFunction: .linear)
        var first = Animation.basic(.opacity, from: 0.2, to: 0.3)
        first.timing.duration = 1
        var second = Animation.basic(.opacity, from: 0.6, to: 0.7)
        second.timing.duration = 1
        second.timing.beginTime = 1
        try animator.add(first, to: layer, forKey: "first")
        try animator.add(second, to: layer, forKey: "second")  // (a block of its own: marks only it)
        try engine.tick(0.1)
        expectNear(try Self.opacity(layer), 0.2, 1e-12, "held at the animator's start: the first's start")
        try layer.removeAnimation(forKey: "first")
        try engine.tick(0.2)
        expectNear(try Self.opacity(layer), 1, 1e-12, "the second, marked when it was not the earliest, does not fill backwards yet")
        let moved = Animation.basic("position.x", from: .scalar(0), to: .scalar(10))
        try animator.add(moved, to: layer)
        try engine.tick(0.3)
        expectNear(try Self.opacity(layer), 0.6, 1e-12, "the commit marks all again: the second is the earliest now")
        try animator.startAnimation()
        try engine.tick(1.8)
        expectNear(try Self.opacity(layer), 0.6 + 0.1 * 0.5, 1e-9)
    }

    @Test("an animator's animation retargeted in place by another animator's change drops out: the next block's commit lets its later animation of the property fill backwards")
    func fillsAfterRetarget() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let first = try engine.makeAnimator(duration: 1)
        let second = try engine.makeAnimator(duration: 1)
        try first.addAnimations { try layer.setValue(8, for: .cornerRadius) }
        // (Its change takes over the first's record of the property: the first's one is gone.)
        try second.addAnimations { try layer.setValue(6, for: .cornerRadius) }
        var late = Animation.basic(.cornerRadius, from: 3, to: 4)
        late.timing.duration = 0.5
        late.timing.beginTime = 0.5
        try first.add(late, to: layer)
        try engine.tick(0.1)
        expectNear(try #require(try layer.presentationValue(forKeyPath: "cornerRadius")?.scalar), 3, 1e-12,
                   "the first's earliest animation of cornerRadius now: held at its start")
    }

    @Test("scrubbed past an animation's end while paused, then finished or cancelled: its did-stop comes once, unfinished", arguments: ["end", "current", "cancel"])
    func scrubbedPastThenEnded(ending: String) throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let stops = Log<Bool>()
        let animator = try engine.makeAnimator(duration: 2, timingFunction: .linear)
        var first = Animation.basic(.opacity, from: 1, to: 0.5)
        first.timing.duration = 1
        first.onStop = { stops.add($0) }
        try animator.add(first, to: layer)
        try animator.setFractionComplete(0.75)
        try engine.tick(0.1)
        #expect(stops.all == [])
        switch ending {
        case "end": try animator.finishAnimation(at: .end)
        case "current": try animator.finishAnimation(at: .current)
        default: try animator.cancel()
        }
        try engine.tick(0.2)
        try engine.tick(0.3)
        #expect(stops.all == [false], "\(ending): once, and not as having played through")
    }

    // MARK: Continuing with a spring

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
}
