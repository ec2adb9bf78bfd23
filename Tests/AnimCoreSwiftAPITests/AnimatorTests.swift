import Glibc
import Testing

import AnimCore

/// `Animator`: the state machine of UIViewPropertyAnimator and Web Animations' Animation over
/// the engine's own animations — pause, fractionComplete, reverse, rate, finish at a position,
/// cancel, the completion (once, with the position), continuing with a new curve or a spring
/// without a jump, several layers, groups and springs, and the refused inputs.
@Suite("Swift API: animators")
struct AnimatorTests {
    static let open = -Double.pi / 2

    /// Seed 003's door (anchorPoint (0, 0.5), 128 × 256) committed by a tick at 0, and an
    /// animator of 1 s, linear, whose block swings it open (transform.rotation.y 0 → −π/2).
    static func door(duration: Double = 1) throws -> (Engine, Layer, Animator) {
        let engine = Engine()
        let door = try engine.makeLayer()
        try door.setValue(.point(x: 0, y: 0.5), forKeyPath: "anchorPoint")
        try door.setValue(.rect(x: 0, y: 0, width: 128, height: 256), forKeyPath: "bounds")
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: duration, timingFunction: .linear)
        try animator.addAnimations {
            try door.setValue(.scalar(open), forKeyPath: "transform.rotation.y")
        }
        return (engine, door, animator)
    }

    static func angle(_ door: Layer) throws -> Double {
        try #require(try door.presentationValue(forKeyPath: "transform.rotation.y")?.scalar)
    }

    static func model(_ door: Layer) throws -> Double {
        try #require(try door.value(forKeyPath: "transform.rotation.y")?.scalar)
    }

    @Test("an animator holding a transition (no property) finishes at each position and at its end")
    func transitionMember() throws {
        for position in [AnimatorPosition.end, .start, .current, nil] {
            let (engine, door, animator) = try Self.door()
            try animator.add(.transition(), to: door)
            try animator.setFractionComplete(0.5)
            if let position {
                try animator.finishAnimation(at: position)
            } else {
                try animator.startAnimation()
                try engine.tick(0.1)
                try engine.tick(2)
            }
            #expect(try animator.state == .finished)
            let expected: Double = position == .start ? 0 : position == .current ? Self.open / 2 : Self.open
            expectNear(try Self.model(door), expected)
            #expect(try door.animationKeys().isEmpty)
        }
    }

    @Test("an inactive animator holds its animations at their start; the model already has the end")
    func inactiveHoldsStart() throws {
        let (engine, door, animator) = try Self.door()
        #expect(try animator.state == .inactive)
        #expect(try animator.animationCount == 1)
        try engine.tick(0.5)
        expectNear(try Self.angle(door), 0)
        expectNear(try Self.model(door), Self.open)
        #expect(try animator.fractionComplete == 0)
    }

    @Test("the door scrubbed by a drag: pause, fractionComplete from drag positions, then continue to the end")
    func scrubThenContinue() throws {
        let (engine, door, animator) = try Self.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.pauseAnimation()
        #expect(try animator.state == .paused)
        for (time, drag) in [(0.1, 0.2), (0.2, 0.45), (0.3, 0.3)] {
            try animator.setFractionComplete(drag)
            try engine.tick(time)
            expectNear(try Self.angle(door), Self.open * drag, 1e-12, "drag \(drag)")
            #expect(try animator.fractionComplete == drag)
        }
        try engine.tick(0.9)  // time passes; a paused animator stays
        expectNear(try Self.angle(door), Self.open * 0.3, 1e-12)
        let before = try Self.angle(door)
        try animator.continueAnimation(timingFunction: .easeOut)
        try engine.tick(0.9)  // the same time: no jump
        expectNear(try Self.angle(door), before, 1e-12, "no jump after continue")
        #expect(try animator.state == .running)
        try engine.tick(1.25)  // half the time left (0.7 s)
        let halfway = 0.3 + 0.7 * TimingFunction.easeOut.value(at: 0.5)
        expectNear(try Self.angle(door), Self.open * halfway, 1e-9)
        try engine.tick(1.6)
        #expect(try animator.state == .finished)
        #expect(ends.all == [.end])
        expectNear(try Self.model(door), Self.open)
        expectNear(try Self.angle(door), Self.open)
        #expect(try door.animationKeys().isEmpty)
        try engine.tick(2)
        #expect(ends.all == [.end], "the completion runs once")
    }

    @Test("it runs to its end on its own: did-stop once, the completion once with .end during the tick that reaches it")
    func finishesOnItsOwn() throws {
        let (engine, door, animator) = try Self.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        try engine.tick(0.5)
        expectNear(try Self.angle(door), Self.open / 2)
        expectNear(try animator.fractionComplete, 0.5)
        #expect(ends.all.isEmpty)
        try engine.tick(1)
        #expect(ends.all == [.end])
        #expect(try animator.state == .finished)
        expectNear(try Self.angle(door), Self.open)
        try engine.tick(1.5)
        #expect(ends.all == [.end])
        expectError(.invalidState, naming: "finished") { try animator.startAnimation() }
    }

    @Test("reversed: fractionComplete does not jump, runs back, ends at .start with the model at the start")
    func reverse() throws {
        let (engine, door, animator) = try Self.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        try engine.tick(0.6)
        let shown = try Self.angle(door)
        try animator.setReversed(true)
        #expect(try animator.isReversed)
        expectNear(try animator.fractionComplete, 0.6, 1e-12)
        try engine.tick(0.6)
        expectNear(try Self.angle(door), shown, 1e-12, "no jump")
        try engine.tick(0.9)
        expectNear(try animator.fractionComplete, 0.3, 1e-12)
        expectNear(try Self.angle(door), Self.open * 0.3, 1e-12)
        try engine.tick(1.2)
        #expect(ends.all == [.start])
        expectNear(try Self.model(door), 0, 1e-12)
        expectNear(try Self.angle(door), 0, 1e-12)
    }

    @Test("pause at fractionComplete 1 shows the end (not the start of a cycle); 0 shows the start")
    func pausedAtTheEnds() throws {
        let (engine, door, animator) = try Self.door()
        try animator.setFractionComplete(1)
        #expect(try animator.state == .paused)
        try engine.tick(0.1)
        expectNear(try Self.angle(door), Self.open)
        try animator.setFractionComplete(0)
        try engine.tick(0.2)
        expectNear(try Self.angle(door), 0)
    }

    @Test("finish(at:) sets the model to the end, the start or the current value; completion once at the next tick")
    func finishAtPositions() throws {
        for (position, fraction) in [(AnimatorPosition.end, 1.0), (.start, 0), (.current, 0.4)] {
            let (engine, door, animator) = try Self.door()
            let ends = Log<AnimatorPosition>()
            try animator.addCompletion { ends.add($0) }
            try animator.startAnimation()
            try engine.tick(0.4)
            try animator.finishAnimation(at: position)
            #expect(try animator.state == .finished)
            expectNear(try Self.model(door), Self.open * fraction, 1e-12, "\(position.name) model")
            expectNear(try Self.angle(door), Self.open * fraction, 1e-12, "\(position.name) presentation")
            #expect(ends.all.isEmpty, "delivered by a tick")
            try engine.tick(0.5)
            expectNear(try Self.angle(door), Self.open * fraction, 1e-12, "\(position.name): nothing snaps back")
            #expect(ends.all == [position])
            try engine.tick(2)
            #expect(ends.all == [position])
        }
    }

    @Test("cancel removes the animations without moving the model; the completion is told .cancelled")
    func cancel() throws {
        let (engine, door, animator) = try Self.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        try engine.tick(0.3)
        try animator.cancel()
        try engine.tick(0.4)
        #expect(ends.all == [.cancelled])
        expectNear(try Self.model(door), Self.open)
        expectNear(try Self.angle(door), Self.open, 1e-12, "the model shows again")
        expectError(.invalidState) { try animator.cancel() }
    }

    @Test("rate 2 halves the time; rate −1 runs back to the start")
    func rates() throws {
        let (engine, door, animator) = try Self.door()
        try animator.setRate(2)
        try animator.startAnimation()
        try engine.tick(0.25)
        expectNear(try animator.fractionComplete, 0.5)
        expectNear(try Self.angle(door), Self.open / 2, 1e-12)
        try animator.setRate(-1)
        #expect(try animator.rate == -1)
        try engine.tick(0.35)
        expectNear(try animator.fractionComplete, 0.4, 1e-12)
        expectNear(try Self.angle(door), Self.open * 0.4, 1e-12)
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try engine.tick(0.75)
        #expect(ends.all == [.start])
        expectNear(try Self.model(door), 0, 1e-12)
    }

    @Test("seek(toTime:) and currentTime count seconds of the animator's time")
    func seekTime() throws {
        let (engine, door, animator) = try Self.door(duration: 2)
        try animator.seek(toTime: 0.5)
        try engine.tick(0.1)
        expectNear(try animator.currentTime, 0.5)
        expectNear(try animator.fractionComplete, 0.25)
        expectNear(try Self.angle(door), Self.open / 4, 1e-12)
        #expect(try animator.duration == 2)
    }

    @Test("continue with a spring while running: no jump in value or velocity, and it settles at the end")
    func continueWithSpring() throws {
        let (engine, door, animator) = try Self.door()
        try animator.startAnimation()
        let step = 1.0 / 240
        try engine.tick(0.5 - step)
        let early = try Self.angle(door)
        try engine.tick(0.5)
        let now = try Self.angle(door)
        let velocityBefore = (now - early) / step
        try animator.continueAnimation(spring: Spring(mass: 1, stiffness: 200, damping: 30))
        try engine.tick(0.5)
        expectNear(try Self.angle(door), now, 1e-12, "no jump in value")
        let instant = 1e-6
        try engine.tick(0.5 + instant)
        let velocityAfter = (try Self.angle(door) - now) / instant
        expectNear(velocityAfter, velocityBefore, abs(velocityBefore) * 0.01, "no jump in velocity")
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        var time = 0.5 + instant
        while try animator.state == .running && time < 10 {
            time += step * 4
            try engine.tick(time)
        }
        #expect(ends.all == [.end])
        // (Where the spring has settled: within its settling threshold of the end.)
        expectNear(try Self.model(door), Self.open, 1e-3)
    }

    @Test("continue with a spring keeps the velocity of a move far smaller or larger than 1e±154")
    func continueWithSpringAtExtremeScales() throws {
        for scale in [0x1p-600, 0x1p600] {
            let engine = Engine()
            let layer = try engine.makeLayer()
            try engine.tick(0)
            let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
            try animator.addAnimations { try layer.setValue(.scalar(3 * scale), forKeyPath: "zPosition") }
            try animator.startAnimation()
            func z() throws -> Double { try #require(try layer.presentationValue(forKeyPath: "zPosition")?.scalar) }
            let step = 1.0 / 240
            try engine.tick(0.5 - step)
            let early = try z()
            try engine.tick(0.5)
            let now = try z()
            let velocityBefore = (now - early) / step
            try animator.continueAnimation(spring: Spring(mass: 1, stiffness: 200, damping: 30))
            try engine.tick(0.5)
            let instant = 1e-6
            try engine.tick(0.5 + instant)
            let velocityAfter = (try z() - now) / instant
            expectNear(velocityAfter / scale, velocityBefore / scale, abs(velocityBefore / scale) * 0.01, "scale \(scale)")
        }
    }

    @Test("continue with a new curve and a duration factor retimes the rest; refused for a keyframe animation")
    func continueRefusedForKeyframes() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1)
        try animator.add(.keyframe("opacity", values: [.scalar(1), .scalar(0), .scalar(1)]), to: layer)
        try animator.setFractionComplete(0.25)
        expectError(.invalidArgument, naming: "opacity") { try animator.continueAnimation(timingFunction: .linear) }
        #expect(try animator.state == .paused, "nothing changed")
        try animator.continueAnimation(timingFunction: nil, durationFactor: 2)
        try engine.tick(0.75)  // 0.75 of the 1.5 s left
        expectNear(try animator.fractionComplete, 0.625)
        expectNear(try layer.presentationValue(.opacity), 0.25, 1e-12)
    }

    @Test("one animator over layers of their own: every animation follows its clock")
    func severalLayers() throws {
        let engine = Engine()
        let a = try engine.makeLayer(), b = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 2, timingFunction: .linear)
        try animator.addAnimations {
            try a.setValue(0, for: .opacity)
            try b.setValue(Point(x: 100, y: 0), for: .position)
        }
        #expect(try animator.animationCount == 2)
        try animator.setFractionComplete(0.25)
        try engine.tick(1)
        expectNear(try a.presentationValue(.opacity), 0.75, 1e-12)
        expectNear(try b.presentationValue(.position).x, 25, 1e-9)
        try animator.finishAnimation(at: .start)
        #expect(try a.value(.opacity) == 1)
        #expect(try b.value(.position) == Point(x: 0, y: 0))
    }

    @Test("over a group: its children follow the clock; finish(at: .end) keeps the children's ends")
    func group() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        var group = Animation.group([
            .basic("opacity", from: .scalar(1), to: .scalar(0)),
            .basic("position.x", from: .scalar(0), to: .scalar(50)),
        ])
        group.timing.duration = 1
        try animator.add(group, to: layer, forKey: "g")
        try animator.setFractionComplete(0.5)
        try engine.tick(0.1)
        expectNear(try layer.presentationValue(.opacity), 0.5, 1e-12)
        expectNear(try layer.presentationValue(.position).x, 25, 1e-12)
        try animator.finishAnimation(at: .end)
        #expect(try layer.value(.opacity) == 0)
        #expect(try layer.value(.position).x == 50)
        #expect(try layer.animationKeys().isEmpty)
    }

    @Test("over a spring: a scrubbed position shows the spring's value at that time")
    func spring() throws {
        let engine = Engine()
        let driven = try engine.makeLayer(), free = try engine.makeLayer()
        try engine.tick(0)
        let spring = Animation.spring("position.x", from: .scalar(0), to: .scalar(100))
        let animator = try engine.makeAnimator(duration: 0)
        try animator.add(spring, to: driven)
        let settling = try animator.duration
        expectNear(settling, Spring().settlingDuration, 1e-12)
        try free.add(spring)
        try engine.tick(1)  // the free one begins at 1
        try animator.seek(toTime: 0.3)
        try engine.tick(1.3)
        expectNear(try driven.presentationValue(.position).x, try free.presentationValue(.position).x, 1e-9)
    }

    @Test("invalid inputs are refused with the argument named, never a trap")
    func invalidInputs() throws {
        let (engine, _, animator) = try Self.door()
        expectError(.notFinite, naming: "fractionComplete") { try animator.setFractionComplete(.nan) }
        expectError(.outOfRange, naming: "fractionComplete") { try animator.setFractionComplete(1.5) }
        expectError(.outOfRange, naming: "time") { try animator.seek(toTime: 3) }
        expectError(.notFinite, naming: "rate") { try animator.setRate(.infinity) }
        expectError(.outOfRange, naming: "durationFactor") { try animator.continueAnimation(timingFunction: nil, durationFactor: 0) }
        expectError(.invalidArgument, naming: "cancel") { try animator.finishAnimation(at: .cancelled) }
        expectError(.outOfRange, naming: "duration") { _ = try engine.makeAnimator(duration: -1) }
        let other = Engine()
        let foreign = try other.makeLayer()
        let fresh = try engine.makeAnimator(duration: 1)
        expectError(.badHandle, naming: "layer") { try fresh.add(.basic("opacity", to: .scalar(0)), to: foreign) }
        var forever = Animation.basic("opacity", to: .scalar(0))
        forever.timing.repeatCount = .infinity
        let layer = try engine.makeLayer()
        try engine.tick(0.1)
        expectError(.invalidArgument, naming: "repeats forever") { try fresh.add(forever, to: layer) }
        try animator.startAnimation()
        expectError(.invalidState, naming: "inactive") { try animator.addAnimations {} }
        engine.invalidate()
        expectError(.invalidState) { _ = try animator.state }
    }

    @Test("releasing the last reference: a running animator runs to its end; a paused one is cancelled")
    func release() throws {
        let ends = Log<AnimatorPosition>()
        let (engine, door, animator) = try Self.door()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        _ = consume animator
        try engine.tick(1)
        #expect(ends.all == [.end])
        expectNear(try Self.angle(door), Self.open)
        let (engine2, door2, paused) = try Self.door()
        try paused.addCompletion { ends.add($0) }
        try paused.setFractionComplete(0.5)
        _ = consume paused
        try engine2.tick(0.5)
        #expect(ends.all == [.end, .cancelled])
        #expect(try door2.animationKeys().isEmpty)
    }

    @Test("engine invalidation cancels an animator that has not ended")
    func invalidation() throws {
        let (engine, _, animator) = try Self.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        engine.invalidate()
        #expect(ends.all == [.cancelled])
    }
}

/// Animators and the rules of the animations they hold: did-start when it starts, did-stop
/// once; an animation removed by another call drops out; calls from other threads.
@Suite("Swift API: animators and their animations")
struct AnimatorAnimationTests {
    @Test("did-start is sent when the animator starts (not while inactive), did-stop once with finished = true")
    func callbacksOnce() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let starts = Log<Bool>(), stops = Log<Bool>()
        var fade = Animation.basic(.opacity, from: 1, to: 0)
        fade.timing.duration = 1
        fade.onStart = { starts.add(true) }
        fade.onStop = { finished in stops.add(finished) }
        let animator = try engine.makeAnimator(duration: 1)
        try animator.add(fade, to: layer, forKey: "fade")
        try engine.tick(0.5)
        #expect(starts.count == 0, "held at its start, not begun")
        try animator.startAnimation()
        try engine.tick(0.6)
        #expect(starts.count == 1)
        try animator.setReversed(true)
        try animator.setReversed(false)
        try engine.tick(1.6)
        #expect(try animator.state == .finished)
        #expect(stops.all == [true])
        try engine.tick(2)
        #expect(starts.count == 1 && stops.all == [true])
    }

    @Test("an animation removed by another call drops out of the animator; the others go on")
    func removedElsewhere() throws {
        let engine = Engine()
        let a = try engine.makeLayer(), b = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try animator.addAnimations {
            try a.setValue(0, for: .opacity)
            try b.setValue(0, for: .opacity)
        }
        #expect(try animator.animationCount == 2)
        try a.removeAllAnimations()
        #expect(try animator.animationCount == 1)
        try animator.setFractionComplete(0.5)
        try engine.tick(0.1)
        expectNear(try b.presentationValue(.opacity), 0.5, 1e-12)
        #expect(try a.presentationValue(.opacity) == 0)
    }

    @Test("state transitions: pause from inactive holds 0; start while running and pause while paused change nothing; a seek keeps a running animator running; finish from inactive")
    func transitions() throws {
        let (engine, door, animator) = try AnimatorTests.door()
        try animator.pauseAnimation()
        #expect(try animator.state == .paused)
        #expect(try animator.fractionComplete == 0)
        try animator.pauseAnimation()
        #expect(try animator.state == .paused)
        try animator.startAnimation()
        try engine.tick(0.25)
        try animator.startAnimation()  // nothing: already running
        try engine.tick(0.5)
        expectNear(try animator.fractionComplete, 0.5)
        try animator.setFractionComplete(0.1)
        #expect(try animator.state == .running)
        try engine.tick(0.7)
        expectNear(try animator.fractionComplete, 0.3)
        expectNear(try AnimatorTests.angle(door), AnimatorTests.open * 0.3, 1e-12)
        let (_, other, inactive) = try AnimatorTests.door()
        try inactive.finishAnimation(at: .start)
        #expect(try inactive.state == .finished)
        expectNear(try AnimatorTests.model(other), 0, 1e-12)
    }

    @Test("over a decay: a scrub shows the decay at that time; finish(at: .end) keeps where it comes to rest")
    func decay() throws {
        let engine = Engine()
        let driven = try engine.makeLayer(), free = try engine.makeLayer()
        try engine.tick(0)
        let fling = Animation.decay("position.x", from: .scalar(0), velocity: .scalar(1000))
        let animator = try engine.makeAnimator(duration: 0)
        try animator.add(fling, to: driven)
        var loose = fling
        loose.keepsFinalValue = true
        try free.add(loose)
        try engine.tick(1)
        try animator.seek(toTime: 0.2)
        try engine.tick(1.2)
        expectNear(try driven.presentationValue(.position).x, try free.presentationValue(.position).x, 1e-9)
        try animator.finishAnimation(at: .end)
        try engine.tick(100)  // the free one has come to rest and kept its value
        expectNear(try driven.value(.position).x, try free.value(.position).x, 1e-9)
    }

    @Test("its animations stay in the tick's steady lane running, paused, scrubbed and reversed (no extra cost per tick)")
    func steadyLane() throws {
        let engine = Engine()
        let layers = try (0..<20).map { _ in try engine.makeLayer() }
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 10, timingFunction: .easeInEaseOut)
        try animator.addAnimations {
            for (index, layer) in layers.enumerated() { try layer.setValue(Double(index) / 20, for: .opacity) }
        }
        var time = 0.0
        func settle() throws {
            for _ in 0..<3 {
                time += 1.0 / 60
                try engine.tick(time)
            }
        }
        try animator.startAnimation()
        try settle()
        #expect(engine.steadyAnimationCount == 20, "running")
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.4)
        try settle()
        #expect(engine.steadyAnimationCount == 20, "paused and scrubbed")
        try animator.setReversed(true)
        try animator.startAnimation()
        try settle()
        #expect(engine.steadyAnimationCount == 20, "reversed")
        try animator.setRate(-2)
        try settle()
        #expect(engine.steadyAnimationCount == 20, "rate -2")
    }

    @Test("control from other threads while one thread ticks: every call answers, the completion runs once")
    func threads() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try animator.addAnimations { try layer.setValue(0, for: .opacity) }
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        let failures = Log<String>()
        let worker = spawnThread {
            for k in 0..<200 {
                do {
                    switch k % 4 {
                    case 0: try animator.pauseAnimation()
                    case 1: try animator.setFractionComplete(Double(k % 10) / 10)
                    case 2: try animator.setRate(k % 8 == 2 ? -1 : 2)
                    default: try animator.startAnimation()
                    }
                    _ = try animator.fractionComplete
                } catch let error as AnimCoreError where error.code == .invalidState {
                    return  // it ended meanwhile
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        for frame in 1...120 { try engine.tick(Double(frame) / 240) }
        joinThreads([worker])
        #expect(failures.all.isEmpty)
        if try animator.state != .finished { try animator.finishAnimation(at: .current) }
        try engine.tick(1)
        #expect(ends.count == 1)
    }

    @Test("continuing a path animation before its shape switch (a to-only path over a model of another shape): the continuation switches once, at its own 0.5, with a curve and with an underdamped spring")
    func continuesAcrossAShapeSwitch() throws {
        let triangle = Path([.move(x: 0, y: 0), .line(x: 10, y: 0), .line(x: 0, y: 10)])
        let segment = Path([.move(x: 0, y: 0), .line(x: 20, y: 20)])
        for continuation in ["curve", "spring"] {
            let engine = Engine()
            let shape = try engine.makeLayer(.shapeLayer)
            try shape.setValue(triangle, for: .path)
            try engine.tick(0)
            let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
            try animator.add(Animation.basic(.path, to: segment), to: shape, forKey: "morph")
            try animator.pauseAnimation()
            try animator.setFractionComplete(0.3)
            try engine.tick(0.1)
            #expect(try shape.presentationValue(.path) == triangle, "\(continuation): before the switch")
            // The review's case: refused as if the caller had given ends of two shapes.
            if continuation == "curve" {
                try animator.continueAnimation(timingFunction: .linear)
            } else {
                try animator.continueAnimation(spring: Spring(mass: 1, stiffness: 200, damping: 1))
            }
            try engine.tick(0.1)
            #expect(try shape.presentationValue(.path) == triangle, "\(continuation): no jump")
            if continuation == "spring" {
                // An underdamped spring crosses its half way again and again: the values
                // switch once all the same.
                var switches = 0
                var last = triangle
                for frame in 1...600 {
                    try engine.tick(0.1 + Double(frame) / 60)
                    let shown = try shape.presentationValue(.path)
                    if shown != last { (switches, last) = (switches + 1, shown) }
                }
                #expect(switches == 1 && last == segment, "spring: \(switches) switches")
            }
            if continuation == "curve" {
                // 0.7 s left, linear: the switch at 0.35 s from now.
                try engine.tick(0.3)
                #expect(try shape.presentationValue(.path) == triangle, "before its 0.5")
                try engine.tick(0.6)
                #expect(try shape.presentationValue(.path) == segment, "after its 0.5")
            }
            try engine.tick(20)
            #expect(try shape.presentationValue(.path) == segment, "\(continuation): at the end")
        }
        // A caller's animation with ends of two shapes is still refused.
        let engine = Engine()
        let shape = try engine.makeLayer(.shapeLayer)
        #expect(throws: AnimCoreError.self) {
            try shape.add(Animation.basic(.path, from: triangle, to: segment), forKey: "morph")
        }
    }
}
