import Testing

@testable import AnimCore

/// Sequences (`Animation.sequence`, `GroupParameters.isSequential`): a group whose children run
/// one after another, each child's begin time counting from the end of the one before it.
@Suite("Sequences")
struct SequenceTests {
    /// A basic animation of "value" from `from` to `to` over `duration` s, begin time `begin`.
    private func step(_ from: Double, _ to: Double, duration: Double = 1, begin: Double = 0) -> Animation {
        var animation = basic("value", from: from, to: to, duration: duration)
        animation.timing.beginTime = begin
        return animation
    }

    /// The presentation value of "value" at each time (seconds after the add's commit at 10).
    private func values(_ animation: Animation, at times: [Double]) throws -> [Double?] {
        let (engine, layer) = try probe()
        try engine.addAnimation(animation, forKey: "s", to: layer)
        try engine.tick(10)
        var shown: [Double?] = []
        for time in times {
            try engine.tick(10 + time)
            shown.append(try presented(engine, "value", layer))
        }
        return shown
    }

    @Test("children run one after another; a positive begin time is a gap, a negative one an overlap; the sequence lasts until the last ends")
    func oneAfterAnother() throws {
        // A over [0, 1), B after a gap of 0.5 over [1.5, 2.5), C overlapping B by 0.25 over
        // [2.25, 3.25) (later in order, it shows over B). In the gap nothing fills: the model.
        let sequence = Animation.sequence([step(0, 1), step(1, 2, begin: 0.5), step(2, 3, begin: -0.25)])
        #expect(sequence.isSequence)
        let shown = try values(sequence, at: [0.5, 1.25, 2, 2.5, 3, 3.5])
        #expect(shown == [0.5, 0, 1.5, 2.25, 2.75, 0])
        let (engine, layer) = try probe()
        try engine.addAnimation(sequence, forKey: "s", to: layer)
        let copy = try #require(try engine.animation(forKey: "s", of: layer))
        #expect(copy.timing.duration == 3.25)
        #expect(copy.isSequence)
    }

    @Test("a child of duration 0 takes the transaction's animation duration; a given duration cuts the sequence")
    func durations() throws {
        // 0.25 s each (the engine's default animation duration): B begins at 0.25.
        #expect(try values(.sequence([step(0, 1, duration: 0), step(1, 2, duration: 0)]), at: [0.125, 0.375]) == [0.5, 1.5])
        var cut = Animation.sequence([step(0, 1), step(1, 2)])
        cut.timing.duration = 1.5
        #expect(try values(cut, at: [1.25, 1.75]) == [1.25, 0])
    }

    @Test("sequences nest: in a sequence a sequence takes its natural length; in a group of its own duration too, not the group's")
    func nesting() throws {
        let inner = Animation.sequence([step(0, 1), step(1, 2)])  // 2 s
        let outer = Animation.sequence([inner, step(5, 6)])  // the last step over [2, 3)
        #expect(try values(outer, at: [0.5, 1.5, 2.5, 3.5]) == [0.5, 1.5, 5.5, 0])
        var group = Animation.group([inner])
        group.timing.duration = 5
        group.timing.fillMode = .forwards
        group.isRemovedOnCompletion = false
        // The inner sequence ends after its own 2 s; a plain child of duration 0 would span the
        // group's 5 (and a sequence stretched to 5 would still be active, showing the model).
        #expect(try values(group, at: [0.5, 1.5, 2.5]) == [0.5, 1.5, 0])
    }

    @Test("fill modes decide what a gap shows: a child filling forwards holds its end until the next begins")
    func gapsFill() throws {
        var first = step(0, 1)
        first.timing.fillMode = .forwards
        #expect(try values(.sequence([first, step(1, 2, begin: 1)]), at: [1.5, 2.5]) == [1, 1.5])
    }

    @Test("a child after one that never ends would never begin: the add is refused, naming it")
    func afterAnEndlessChild() throws {
        var endless = step(0, 1)
        endless.timing.repeatCount = .infinity
        let (engine, layer) = try probe()
        #expect {
            try engine.addAnimation(.sequence([endless, step(1, 2)]), forKey: "s", to: layer)
        } throws: { error in
            (error as? AnimCoreError)?.message.contains("animation.animations[1]'s begin time in the sequence") == true
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
        // Last, it makes an endless sequence.
        try engine.addAnimation(.sequence([step(1, 2), endless]), forKey: "s", to: layer)
        #expect(try #require(try engine.animation(forKey: "s", of: layer)).timing.duration == .infinity)
    }

    @Test("only a group can be made a sequence")
    func onlyGroups() throws {
        var animation = step(0, 1)
        #expect(throws: AnimCoreError.self) { try animation.setSequential(true) }
        var group = Animation.group([step(0, 1)])
        try group.setSequential(true)
        #expect(group.isSequence)
        #expect(!Animation.group([]).isSequence)
    }
}
