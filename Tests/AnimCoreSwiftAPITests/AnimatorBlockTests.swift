import Testing

@testable import AnimCore

/// Animators' blocks and handles: a released handle is stale at once; control calls and
/// releases inside the animator's own block; nested blocks; which animation of a property
/// fills backwards as blocks add them and other changes retarget them.
@Suite("Swift API: animators' blocks and handles")
struct AnimatorBlockTests {
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
        expectNear(try AnimatorScrubbingTests.opacity(layer), 0.2, 1e-12, "held at the animator's start: the first's start")
        try layer.removeAnimation(forKey: "first")
        try engine.tick(0.2)
        expectNear(try AnimatorScrubbingTests.opacity(layer), 1, 1e-12, "the second, marked when it was not the earliest, does not fill backwards yet")
        let moved = Animation.basic("position.x", from: .scalar(0), to: .scalar(10))
        try animator.add(moved, to: layer)
        try engine.tick(0.3)
        expectNear(try AnimatorScrubbingTests.opacity(layer), 0.6, 1e-12, "the commit marks all again: the second is the earliest now")
        try animator.startAnimation()
        try engine.tick(1.8)
        expectNear(try AnimatorScrubbingTests.opacity(layer), 0.6 + 0.1 * 0.5, 1e-9)
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
}
