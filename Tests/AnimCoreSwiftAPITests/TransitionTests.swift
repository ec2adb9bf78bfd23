import Testing

import AnimCore
import AnimCoreTestSupport

/// Transitions (CATransition, reference core-animation-geometry.md §6): the composite of each
/// type and subtype against §6.2's table with worked numbers, the progress mapping with
/// start/end progress and easing, repeat and autoreverse, the "transition" key, start and stop
/// exactly once, removal, the default duration, a group refusing one, an action returning one,
/// and the render list's transition fields over successive fills.
@Suite("Swift API: transitions")
struct TransitionTests {
    /// A layer of bounds 100 × 50 whose entry's space is the root space, ticked at 0.
    static func stage(_ engine: Engine) throws -> Layer {
        let layer = try GeometryTests.layer(engine, width: 100, height: 50, position: Point(x: 50, y: 25))
        try engine.tick(0)
        return layer
    }

    /// The layer's only entry in a presentation fill of `list`.
    static func entry(_ list: RenderList, _ layer: Layer) throws -> RenderEntry {
        try layer.fillRenderList(list)
        #expect(list.count == 1)
        return try list.entry(at: 0)
    }

    static let size = Size(width: 100, height: 50)

    @Test("§6.2 at p = 0.25 over 100 × 50: fade's alphas, moveIn's, push's and reveal's offsets from each side")
    func compositeTable() {
        func at(_ type: TransitionType, _ subtype: TransitionSubtype?) -> TransitionComposite {
            TransitionComposite.at(type: type, subtype: subtype, progress: 0.25, size: Self.size)
        }
        let zero = Size(width: 0, height: 0)
        #expect(at(.fade, nil) == TransitionComposite(oldOffset: zero, newOffset: zero, oldAlpha: 0.75, newAlpha: 0.25, layering: .crossDissolve))
        #expect(at(.moveIn, .fromRight) == TransitionComposite(oldOffset: zero, newOffset: Size(width: 75, height: 0), oldAlpha: 1, newAlpha: 1, layering: .newOverOld))
        #expect(at(.moveIn, .fromTop).newOffset == Size(width: 0, height: 37.5))
        #expect(at(.push, .fromRight) == TransitionComposite(
            oldOffset: Size(width: -25, height: 0), newOffset: Size(width: 75, height: 0), oldAlpha: 1, newAlpha: 1, layering: .newOverOld))
        #expect(at(.push, .fromLeft).oldOffset == Size(width: 25, height: 0) && at(.push, .fromLeft).newOffset == Size(width: -75, height: 0))
        #expect(at(.push, .fromBottom).oldOffset == Size(width: 0, height: 12.5) && at(.push, .fromBottom).newOffset == Size(width: 0, height: -37.5))
        #expect(at(.push, nil) == at(.push, .fromLeft))  // [INFERRED] no subtype: from the left
        #expect(at(.reveal, .fromRight) == TransitionComposite(
            oldOffset: Size(width: -25, height: 0), newOffset: zero, oldAlpha: 1, newAlpha: 1, layering: .oldOverNew))
        #expect(at(.reveal, .fromTop).oldOffset == Size(width: 0, height: -12.5))
        // Overshoot moves offsets past their ends; alphas stay in [0, 1].
        let over = TransitionComposite.at(type: .fade, subtype: nil, progress: 1.2, size: Self.size)
        #expect(over.oldAlpha == 0 && over.newAlpha == 1)
        #expect(TransitionParameters.progress(atEased: 0.5, start: 0.25, end: 0.75) == 0.5)
    }

    @Test("validation: progress bounds in [0, 1] and start ≤ end, named; a group refuses a transition child")
    func validation() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        func refusal(_ animation: Animation) -> AnimCoreError? {
            do { try layer.add(animation) } catch { return error }
            return nil
        }
        #expect(refusal(.transition(startProgress: -0.1))?.code == .outOfRange)
        #expect(refusal(.transition(endProgress: .nan))?.code == .notFinite)
        let backwards = refusal(.transition(startProgress: 0.75, endProgress: 0.25))
        #expect(backwards?.code == .invalidArgument && backwards?.message.contains("endProgress") == true)
        #expect(refusal(.group([.transition()]))?.code == .invalidArgument)
        var withFunction = Animation.transition()
        #expect(throws: AnimCoreError.self) { try withFunction.setValueFunction(named: "rotateZ") }
        #expect(try layer.animationKeys().isEmpty)
        #expect(TransitionType(named: "moveIn") == .moveIn && TransitionType(named: "slide") == nil)
        #expect(TransitionSubtype(named: "fromBottom") == .fromBottom && TransitionSubtype.fromTop.name == "fromTop")
    }

    @Test("a transition on a replicator's sublayer: each instance's entry carries it beside its instance fields (the two sets of fields at the entry's end)")
    func transitionInReplicatorInstances() throws {
        let engine = Engine()
        let replicator = try BuiltInClassTests.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let dot = try BuiltInClassTests.layer(engine, .layer, 8, 8, at: Point(x: 50, y: 10), in: replicator)
        try replicator.setValue(3, for: .instanceCount)
        try replicator.setValue(-0.25, for: .instanceAlphaOffset)
        try engine.tick(0)
        var push = Animation.transition(type: .push, subtype: .fromRight)
        push.timing.duration = 1
        push.timingFunction = .linear
        try dot.add(push)
        try engine.tick(0.1)
        try engine.tick(0.6)
        let list = RenderList()
        try replicator.fillRenderList(list)
        let entries = BuiltInClassTests.entries(list)
        #expect(entries.count == 4)
        let instances = entries.dropFirst()
        #expect(instances.map(\.instanceIndex) == [0, 1, 2])
        #expect(instances.map(\.instanceColor.alpha) == [1, 0.75, 0.5])
        #expect(Set(instances.map(\.transitionID)).count == 1 && instances.allSatisfy { $0.transitionID != 0 })
        for entry in instances {
            #expect(entry.transitionType == .push && abs(entry.transitionProgress - 0.5) < 1e-12)
            #expect(entry.transitionState.contains(.inEffect) && entry.flags.contains(.changed))
        }
        #expect(entries[0].transitionID == 0 && entries[0].transitionNewAlpha == 1, "the replicator has none")
    }

    @Test("p = start + (end − start) · eased fraction, in the render list with the offsets; began, then changed each fill")
    func progressInTheRenderList() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        var push = Animation.transition(type: .push, subtype: .fromRight, startProgress: 0.25, endProgress: 0.75)
        push.timing.duration = 1
        try layer.add(push, forKey: "slide")
        #expect(try layer.animationKeys() == ["transition"])
        let list = RenderList()
        try engine.tick(0.1)
        try engine.tick(0.3)
        var entry = try Self.entry(list, layer)
        #expect(abs(entry.transitionProgress - 0.35) < 1e-12)
        #expect(entry.transitionType == .push && entry.transitionSubtype == .fromRight)
        #expect(abs(entry.transitionComposite.oldOffset.width + 35) < 1e-12)
        #expect(abs(entry.transitionComposite.newOffset.width - 65) < 1e-12)
        #expect(entry.transitionState == [.began, .inEffect, .active])
        #expect(entry.flags.contains(.changed))
        let id = entry.transitionID
        entry = try Self.entry(list, layer)  // no tick between: still changed while active
        #expect(entry.transitionState == [.inEffect, .active] && entry.flags.contains(.changed) && entry.transitionID == id)

        push.timingFunction = .easeIn
        try layer.add(push)
        try engine.tick(2)
        try engine.tick(2.5)
        entry = try Self.entry(list, layer)
        let eased = TimingFunction.easeIn.value(at: 0.5)
        #expect(abs(entry.transitionProgress - (0.25 + 0.5 * eased)) < 1e-12)
        #expect(entry.transitionState.contains(.began) && entry.transitionID != id)
    }

    @Test("repeat and autoreverse; start and stop exactly once; removed on completion; ended in the next fill")
    func repeatAutoreverseAndEnd() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        let log = Log<String>()
        var fade = Animation.transition()
        fade.timing.duration = 1
        fade.timing.autoreverses = true
        fade.timing.repeatCount = 2
        fade.onStart = { log.add("start") }
        fade.onStop = { log.add("stop \($0)") }
        try layer.add(fade)
        let list = RenderList()
        try engine.tick(1)
        try engine.tick(1.25)
        #expect(abs(try Self.entry(list, layer).transitionProgress - 0.25) < 1e-12)
        try engine.tick(2.25)
        let reverse = try Self.entry(list, layer)
        #expect(abs(reverse.transitionProgress - 0.75) < 1e-12)
        #expect(abs(reverse.transitionComposite.oldAlpha - 0.25) < 1e-12)
        try engine.tick(3.5)
        #expect(abs(try Self.entry(list, layer).transitionProgress - 0.5) < 1e-12)
        try engine.tick(5.1)
        let ended = try Self.entry(list, layer)
        #expect(ended.transitionState == [.ended] && ended.transitionID == reverse.transitionID && ended.transitionType == nil)
        #expect(try Self.entry(list, layer).transitionState.isEmpty)
        try engine.tick(6)
        #expect(log.all == ["start", "stop true"])
        #expect(try layer.animationKeys().isEmpty)
    }

    @Test("the \"transition\" key: a second replaces the first (stops unfinished); removal; duration 0 becomes 0.25 s")
    func keyReplacementAndRemoval() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        let log = Log<String>()
        var first = Animation.transition()
        first.onStop = { log.add("first \($0)") }
        var second = Animation.transition(type: .reveal, subtype: .fromTop)
        second.timing.duration = 2
        second.onStop = { log.add("second \($0)") }
        try layer.add(first)
        #expect(try layer.animation(forKey: "transition")?.timing.duration == 0.25)
        try engine.tick(1)
        try layer.add(second, forKey: nil)
        #expect(try layer.animation(forKey: "transition")?.transition == second.transition)
        try engine.tick(1.1)
        #expect(log.all == ["first false"])
        try layer.removeAnimation(forKey: "transition")
        try engine.tick(1.2)
        #expect(log.all == ["first false", "second false"])
        // Every transition record given back, the books sound.
        #expect(engine.bookkeeping().transitionRecords == 0)
        #expect(engine.bookkeepingIssues().isEmpty)
    }

    @Test("waiting for a later begin: began, not in effect; held by a forwards fill: in effect, not active; the dirty rect covers what moves")
    func waitingFillingAndDirtyRect() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        let list = RenderList()
        try layer.fillRenderList(list)
        var moveIn = Animation.transition(type: .moveIn, subtype: .fromLeft, endProgress: 0.5)
        moveIn.timing.duration = 1
        moveIn.timing.beginTime = 1
        moveIn.timing.fillMode = .forwards
        moveIn.isRemovedOnCompletion = false
        try layer.add(moveIn)
        try engine.tick(0.5)
        var entry = try Self.entry(list, layer)
        #expect(entry.transitionState == [.began] && entry.transitionComposite == .newOnly)
        try engine.tick(3)
        entry = try Self.entry(list, layer)
        #expect(entry.transitionState == [.inEffect] && entry.transitionProgress == 0.5)
        #expect(entry.transitionComposite.newOffset == Size(width: -50, height: 0))  // −W (1 − p)
        var push = Animation.transition(type: .push, subtype: .fromRight)
        push.timing.duration = 1
        try layer.add(push)
        try engine.tick(4)
        try engine.tick(4.5)
        try layer.fillRenderList(list)
        // The bounds (0, 0, 100, 50) grown by the longer offset, 50.
        #expect(list.dirtyRect == Rect(x: -50, y: -50, width: 200, height: 150))
    }

    @Test("an action answers a \"contents\" change with a transition, added under \"transition\"")
    func actionReturnsTransition() throws {
        let engine = Engine()
        let layer = try Self.stage(engine)
        try layer.setAction(.animation(.transition(type: .moveIn, subtype: .fromLeft)), forKey: "contents")
        try layer.setValue(Token(rawValue: 7), for: .contents)
        #expect(try layer.animationKeys() == ["transition"])
        #expect(try layer.animation(forKey: "transition")?.transition?.type == .moveIn)
    }

    @Test("a layer counts its transition: one on a layer, none on its sibling; replaced, then removed; entries and books right")
    func transitionCount() throws {
        let engine = Engine()
        let root = try Self.stage(engine)
        let holder = try GeometryTests.layer(engine, width: 10, height: 10, position: Point(x: 5, y: 5), in: root)
        let sibling = try GeometryTests.layer(engine, width: 10, height: 10, position: Point(x: 20, y: 5), in: root)
        var fade = Animation.transition()
        fade.timing.duration = 10
        var push = Animation.transition(type: .push, subtype: .fromRight)
        push.timing.duration = 10
        var fadeIn = Animation.basic(.opacity, from: 0, to: 1)
        fadeIn.timing.duration = 10
        try holder.add(fade)
        try sibling.add(fadeIn)
        try engine.tick(1)
        let list = RenderList()
        func ids() throws -> [UInt64] {
            try root.fillRenderList(list)
            return try (0..<list.count).map { try list.entry(at: $0).transitionID }
        }
        let first = try ids()
        #expect(first[0] == 0 && first[1] != 0 && first[2] == 0, "root, holder, sibling: \(first)")
        #expect(engine.bookkeepingIssues().isEmpty)
        // The "transition" key holds one: the second replaces the first.
        try holder.add(push, forKey: "other")
        try engine.tick(2)
        let second = try ids()
        #expect(second[1] != 0 && second[1] != first[1] && second[2] == 0, "\(first) then \(second)")
        #expect(engine.bookkeepingIssues().isEmpty)
        try holder.removeAnimation(forKey: "transition")
        try engine.tick(3)
        #expect(try ids() == [0, second[1], 0], "the fill after the removal carries the ended transition's id")
        #expect(try ids() == [0, 0, 0])
        #expect(engine.bookkeepingIssues().isEmpty)
    }
}
