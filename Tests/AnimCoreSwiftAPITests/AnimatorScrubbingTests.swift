import Testing

@testable import AnimCore

/// Animators paused and scrubbed: held at their end, not ended, at fraction 1 (sequences
/// too); one did-stop when finished or cancelled after; sequences on one key path; a
/// duration-0 animator's fraction; layers with time of their own following its clock.
@Suite("Swift API: animators paused, scrubbed and at their ends")
struct AnimatorScrubbingTests {
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

    @Test("a sequence on one key path: the second does not cover the first with its start before it begins")
    func sequenceOnOneKeyPath() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        var first = Animation.basic("position.x", from: .scalar(0), to: .scalar(100))
        first.timing.duration = 0.5
        first.timingFunction = .linear
        var second = Animation.basic("position.x", from: .scalar(100), to: .scalar(200))
        second.timing.duration = 0.5
        second.timing.beginTime = 0.5
        second.timingFunction = .linear
        try animator.addAnimations {
            try layer.add(first, forKey: "first")
            try layer.add(second, forKey: "second")
        }
        let x = { () throws -> Double in try #require(try layer.presentationValue(forKeyPath: "position.x")?.scalar) }
        try engine.tick(0.1)
        expectNear(try x(), 0, 1e-9)  // inactive: the first's start
        try animator.startAnimation()
        try engine.tick(0.35)
        expectNear(try x(), 50, 1e-9)
        try engine.tick(0.85)
        expectNear(try x(), 150, 1e-9)
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.1)
        try engine.tick(0.9)
        expectNear(try x(), 20, 1e-9)
        try animator.finishAnimation(at: .start)
        try engine.tick(1)
        #expect(try layer.value(forKeyPath: "position.x")?.scalar == 0)
    }

    @Test("a duration-0 animator that ended at its end reports fractionComplete 1; at its start 0")
    func zeroDurationFraction() throws {
        let engine = Engine()
        try engine.tick(0)
        for (position, fraction) in [(AnimatorPosition.end, 1.0), (.start, 0)] {
            let animator = try engine.makeAnimator(duration: 0)
            try animator.finishAnimation(at: position)
            #expect(try animator.fractionComplete == fraction, "\(position)")
        }
        let running = try engine.makeAnimator(duration: 0)
        try running.startAnimation()
        try engine.tick(0.1)
        #expect(try running.state == .finished)
        #expect(try running.fractionComplete == 1)
    }

    @Test("a layer at speed 2 follows the animator's clock (engine seconds); at speed 0 a running clock is refused and a pause shows the position")
    func layersWithTheirOwnTime() throws {
        let engine = Engine()
        let fast = try engine.makeLayer()
        try fast.setValue(2, for: .speed)
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try animator.addAnimations { try fast.setValue(.scalar(100), forKeyPath: "position.x") }
        try animator.startAnimation()
        let x = { (layer: Layer) throws -> Double in try #require(try layer.presentationValue(forKeyPath: "position.x")?.scalar) }
        for time in [0.25, 0.5, 0.75] {
            try engine.tick(time)
            expectNear(try x(fast), 100 * time, 1e-9, "speed 2 at \(time)")
            expectNear(try animator.fractionComplete, time, 1e-12)
        }
        try animator.setRate(-1)
        try engine.tick(1)
        expectNear(try x(fast), 50, 1e-9)
        try animator.pauseAnimation()
        try engine.tick(1.1)
        expectNear(try x(fast), 50, 1e-9)

        let frozen = try engine.makeLayer()
        try frozen.setValue(0, for: .speed)
        try engine.tick(2)
        let still = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try still.addAnimations { try frozen.setValue(.scalar(100), forKeyPath: "position.x") }
        do {
            try still.startAnimation()
            Issue.record("a running clock over a layer at speed 0 was accepted")
        } catch {
            #expect(error.code == .invalidState)
            #expect(error.message.contains("position"), "\(error.message)")
        }
        #expect(try still.state == .inactive)
        try still.setFractionComplete(0.3)
        try engine.tick(2.5)
        expectNear(try x(frozen), 30, 1e-9)
    }
}
