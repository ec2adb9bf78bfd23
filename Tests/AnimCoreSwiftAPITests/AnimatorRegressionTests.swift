import Glibc
import Testing

@testable import AnimCore

/// Animators: regressions found by review — stale handles, blocks, continuation, sequences on
/// one key path, a duration-0 end and layers with their own time.
@Suite("Swift API: animator regressions")
struct AnimatorRegressionTests {
    @Test("a released handle is stale at once: further releases and calls are .badHandle; the running animator still ends and frees its slot")
    func releasedHandleIsStale() throws {
        let (engine, _, animator) = try AnimatorTests.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        try engine.controlAnimator(animator.handle, .release)  // the object's own reference
        for command in [AnimatorCommand.release, .release, .retain, .pause, .start, .cancel] {
            #expect(throws: AnimCoreError.self) { try engine.controlAnimator(animator.handle, command) }
        }
        do {
            try engine.controlAnimator(animator.handle, .release)
            Issue.record("a stale release was accepted")
        } catch {
            #expect(error.code == .badHandle)
            #expect(error.message.contains("animator"))
        }
        #expect(throws: AnimCoreError.self) { try engine.animatorSnapshot(animator.handle) }
        try engine.tick(1)
        #expect(ends.all == [.end])
        // The slot was freed: a new animator takes it.
        let next = try engine.makeAnimator(duration: 1)
        #expect(Handle.unpack(next.handle, kind: .animator)?.index == Handle.unpack(animator.handle, kind: .animator)?.index)
    }

    @Test("control calls inside the animator's own block are refused with .invalidState naming the open block; the commit then adopts as usual")
    func controlInsideBlockRefused() throws {
        let engine = Engine()
        let door = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try animator.addAnimations {
            try door.setValue(.scalar(AnimatorTests.open), forKeyPath: "transform.rotation.y")
            let calls: [(String, () throws(AnimCoreError) -> Void)] = [
                ("cancel", { () throws(AnimCoreError) in try animator.cancel() }),
                ("start", { () throws(AnimCoreError) in try animator.startAnimation() }),
                ("pause", { () throws(AnimCoreError) in try animator.pauseAnimation() }),
                ("seek", { () throws(AnimCoreError) in try animator.setFractionComplete(0.5) }),
                ("rate", { () throws(AnimCoreError) in try animator.setRate(2) }),
                ("reverse", { () throws(AnimCoreError) in try animator.setReversed(true) }),
                ("finish", { () throws(AnimCoreError) in try animator.finishAnimation(at: .end) }),
                ("continue", { () throws(AnimCoreError) in try animator.continueAnimation(timingFunction: nil) }),
            ]
            for (name, call) in calls {
                do throws(AnimCoreError) {
                    try call()
                    Issue.record("\(name) inside the block was accepted")
                } catch {
                    #expect(error.code == .invalidState, "\(name)")
                    #expect(error.message.contains("animator") && error.message.contains("block"), "\(name): \(error.message)")
                }
            }
        }
        #expect(try animator.state == .inactive)
        #expect(try animator.animationCount == 1)
        try animator.startAnimation()
        try engine.tick(0.5)
        expectNear(try AnimatorTests.angle(door), AnimatorTests.open * 0.5, 1e-9)
    }

    @Test("releasing the last reference inside the block: the commit closes the transaction, then reports .badHandle")
    func releaseInsideBlock() throws {
        let engine = Engine()
        let door = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        try engine.controlAnimator(animator.handle, .beginBlock)
        try door.setValue(.scalar(AnimatorTests.open), forKeyPath: "transform.rotation.y")
        try engine.controlAnimator(animator.handle, .release)
        do {
            try engine.controlAnimator(animator.handle, .commitBlock)
            Issue.record("the commit of a released animator's block was accepted")
        } catch {
            #expect(error.code == .badHandle)
        }
        // The block's transaction was committed: none is left open on this thread.
        #expect(throws: AnimCoreError.self) { try engine.commitTransaction() }
        try engine.tick(0.5)  // the change runs as a plain animation, from this commit
        try engine.tick(0.75)
        #expect(try AnimatorTests.angle(door) < 0)
        // The slot was freed: a new animator takes it.
        let next = try engine.makeAnimator(duration: 1)
        #expect(Handle.unpack(next.handle, kind: .animator)?.index == Handle.unpack(animator.handle, kind: .animator)?.index)
    }

    @Test("two animators' blocks nested on one thread: each adopts its own animations only")
    func nestedBlocks() throws {
        let engine = Engine()
        let outerLayer = try engine.makeLayer(), innerLayer = try engine.makeLayer()
        try engine.tick(0)
        let outer = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        let inner = try engine.makeAnimator(duration: 2, timingFunction: .linear)
        try outer.addAnimations {
            try outerLayer.setValue(.scalar(0), forKeyPath: "opacity")
            try inner.addAnimations {
                try innerLayer.setValue(.scalar(0.5), forKeyPath: "opacity")
            }
        }
        #expect(try outer.animationCount == 1)
        #expect(try inner.animationCount == 1)
        #expect(try outer.duration == 1)
        try inner.setFractionComplete(0.5)
        try outer.setFractionComplete(0.25)
        try engine.tick(0.1)
        expectNear(try #require(try innerLayer.presentationValue(forKeyPath: "opacity")?.scalar), 0.75, 1e-9)
    }

    @Test("a refused continuation changes nothing: rate × pace beyond the limits (a fast rate, a denormal factor) keeps the animations and the position")
    func continueAllOrNothing() throws {
        for (rate, factor) in [(1e6, 1e-3), (1.0, 5e-324)] {
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
