import Testing

@testable import AnimCore

/// Groups in the steady lane, scenario by scenario with the lane off and on: the presentations
/// (to the bit), velocities and callbacks must be equal. Between layers the order of one tick's
/// callbacks is not specified (animcore.h): where layers leave and rejoin the general walk, the
/// tests compare each tick's callbacks as a set.
@Suite("Steady lane: group scenarios against the general walk")
struct SteadyLaneGroupScenarioTests {
    /// Each tick's callbacks, sorted (their order between layers is not specified).
    static func perTick(_ log: [String]) -> [[String]] {
        var ticks: [[String]] = [[]]
        for line in log {
            if line.hasPrefix("tick") { ticks.append([]) } else { ticks[ticks.count - 1].append(line) }
        }
        return ticks.map { $0.sorted() }
    }

    static func fade(_ from: Double, _ to: Double, duration: Double) -> Animation {
        var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(from), toValue: .scalar(to))))
        fade.timing.duration = duration
        return fade
    }

    /// A plain group: a position child that begins late and ends early, a z spring.
    static func plainGroup(_ name: String, _ log: Log<String>, duration: Double = 1) -> Animation {
        var position = Animation(keyPath: "position", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 90, y: 40))))
        position.timing.beginTime = 0.2
        position.timing.duration = 0.4
        position.timing.fillMode = .forwards
        let spring = Animation(
            keyPath: "zPosition",
            kind: .spring(BasicParameters(fromValue: .scalar(0), toValue: .scalar(3)), Spring(mass: 1, stiffness: 120, damping: 9)))
        var group = Animation.group([position, spring])
        group.timing.duration = duration
        group.timingFunction = .easeInEaseOut
        group.delegate = AnimationDelegate(
            didStart: { _ in log.add("\(name) start") }, didStop: { _, finished in log.add("\(name) stop \(finished)") })
        return group
    }

    /// A group the lane refuses (a nested group).
    static func nestedGroup(_ name: String, _ log: Log<String>, duration: Double = 1) -> Animation {
        var inner = Animation.group([fade(1, 0.5, duration: 0.5)])
        inner.timing.duration = duration
        var group = Animation.group([inner])
        group.timing.duration = duration
        group.delegate = AnimationDelegate(
            didStart: { _ in log.add("\(name) start") }, didStop: { _, finished in log.add("\(name) stop \(finished)") })
        return group
    }

    @Test("a group after other records and groups, begun later, fill forwards and kept: lane == general")
    func afterOthers() throws {
        let out = try LaneComparison.run(layers: 1, times: LaneComparison.frames(90), keys: ["position", "zPosition", "opacity", "bounds"], velocity: true) { engine, layers, log in
            try engine.addAnimation(Self.nestedGroup("n", log), forKey: "n", to: layers[0])
            var bounds = Animation(keyPath: "bounds", kind: .basic(BasicParameters(fromValue: .rect(x: 0, y: 0, width: 1, height: 1), toValue: .rect(x: 0, y: 0, width: 9, height: 9))))
            bounds.timing.duration = 0.7
            try engine.addAnimation(bounds, forKey: "b", to: layers[0])
            var group = Self.plainGroup("g", log)
            group.timing.beginTime = 0.25
            group.timing.fillMode = .both
            group.isRemovedOnCompletion = false
            try engine.addAnimation(group, forKey: "g", to: layers[0])
        }
        #expect(out.steady >= 1, "the group joined")
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
    }

    @Test("removing the group, a model change and an implicit change of a child's property while in the lane: lane == general")
    func changesWhileInLane() throws {
        let out = try LaneComparison.run(layers: 3, times: LaneComparison.frames(80), keys: ["position", "zPosition"], velocity: true) { engine, layers, log in
            for (index, layer) in layers.enumerated() {
                try engine.addAnimation(Self.plainGroup("g\(index)", log, duration: 1.2), forKey: "g", to: layer)
            }
        } step: { engine, layers, _, frame in
            if frame == 20 { try engine.removeAnimation(forKey: "g", from: layers[0]) }
            if frame == 25 { try engine.setValue(.scalar(7), forKeyPath: "zPosition", of: layers[1]) }
            if frame == 30 { try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layers[2]) }
        }
        #expect(out.steady >= 2)
        #expect(out.bits[0] == out.bits[1])
        #expect(Self.perTick(out.logs[0]) == Self.perTick(out.logs[1]))
    }

    @Test("callbacks of several layers in one tick when a group layer leaves the walk: the same in each tick")
    func callbackOrderAcrossLayers() throws {
        // Layer 0's group joins the lane (its layer leaves the walk); layers 1 and 2 have
        // groups the lane refuses, ending in the same tick.
        let out = try LaneComparison.run(layers: 3, times: LaneComparison.frames(70), keys: ["opacity", "position"]) { engine, layers, log in
            try engine.addAnimation(Self.plainGroup("a", log, duration: 0.5), forKey: "g", to: layers[0])
            try engine.addAnimation(Self.nestedGroup("b", log), forKey: "g", to: layers[1])
            try engine.addAnimation(Self.nestedGroup("c", log), forKey: "g", to: layers[2])
        }
        #expect(out.steady >= 1)
        #expect(out.bits[0] == out.bits[1])
        #expect(Self.perTick(out.logs[0]) == Self.perTick(out.logs[1]))
    }

    @Test("a plain child before its begin and after its end (fill removed) shows the model as it changes while its group is in the lane: lane == general")
    func childOutOfEffectShowsModel() throws {
        let out = try LaneComparison.run(layers: 2, times: LaneComparison.frames(60), keys: ["position", "opacity"]) { engine, layers, _ in
            for layer in layers {
                var position = Animation(keyPath: "position", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 90, y: 40))))
                position.timing.beginTime = 0.3
                position.timing.duration = 0.3
                var group = Animation.group([position, Self.fade(1, 0.2, duration: 0.9)])
                group.timing.duration = 0.9
                try engine.addAnimation(group, forKey: "g", to: layer)
            }
        } step: { engine, layers, _, frame in
            // Model changes with no action, before, during and after the position child.
            guard frame % 7 == 0 else { return }
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.disableActions = true }
            try engine.setValue(.point(x: Double(frame), y: -Double(frame)), forKeyPath: "position", of: layers[frame % 2])
            try engine.commitTransaction()
        }
        #expect(out.steady == 2, "both groups joined")
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
    }

    @Test("children begun late and ended early in each fill mode leave every record in the run state the general walk gives, tick by tick")
    func childRunStates() throws {
        var states: [[[RunState]]] = []
        for lane in [false, true] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            let layers = try (0..<4).map { _ in try engine.makeLayerHandle() }
            try engine.tick(0)
            for (index, layer) in layers.enumerated() {
                var position = Animation(keyPath: "position", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 90, y: 40))))
                position.timing.beginTime = 0.2
                position.timing.duration = 0.3
                position.timing.fillMode = [FillMode.removed, .backwards, .forwards, .both][index]
                var fade = Self.fade(1, 0.2, duration: 0.25)
                fade.timing.beginTime = 0.05 * Double(index)
                var group = Animation.group([position, fade])
                group.timing.duration = 0.8
                try engine.addAnimation(group, forKey: "g", to: layer)
            }
            var ticks: [[RunState]] = []
            var steady = 0
            for time in LaneComparison.frames(54) {
                try engine.tick(time)
                steady = max(steady, engine.steadyAnimationCount)
                ticks.append(engine.animationRecords().map(\.runState))
            }
            if lane { #expect(steady == 4, "every group joined the lane") }
            states.append(ticks)
        }
        #expect(states[0] == states[1])
        #expect(states[0][20].contains(.running) && states[0][40].contains(.finished), "the children started and finished")
    }

    @Test("groups on two tick threads (more than one part): lane == general")
    func twoThreads() throws {
        let count = 2 * SteadyLane.entriesPerThreadMinimum + 10
        let out = try LaneComparison.run(layers: count, times: LaneComparison.frames(8), keys: ["zPosition"], threads: 2) { engine, layers, log in
            for layer in layers { try engine.addAnimation(Self.plainGroup("g", log, duration: 0.1), forKey: "g", to: layer) }
        }
        #expect(out.steady == count)
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
    }
}

extension SteadyLaneGroupScenarioTests {
    @Test("(no group) removing one layer's animation, then two others ending in one tick: the same callbacks in each tick")
    func callbackOrderPlain() throws {
        let out = try LaneComparison.run(layers: 3, times: LaneComparison.frames(80), keys: ["opacity"]) { engine, layers, log in
            for (index, layer) in layers.enumerated() {
                var fade = Self.fade(1, 0, duration: 1.2)
                fade.delegate = AnimationDelegate(
                    didStart: { _ in log.add("f\(index) start") }, didStop: { _, finished in log.add("f\(index) stop \(finished)") })
                try engine.addAnimation(fade, forKey: "f", to: layer)
            }
        } step: { engine, layers, _, frame in
            if frame == 20 { try engine.removeAnimation(forKey: "f", from: layers[0]) }
        }
        #expect(out.steady >= 2)
        #expect(out.bits[0] == out.bits[1])
        #expect(Self.perTick(out.logs[0]) == Self.perTick(out.logs[1]))
    }
}

extension SteadyLaneGroupScenarioTests {
    @Test("a repeating, autoreversing group; an explicit animation of a child's property added while in the lane: lane == general")
    func repeatsAndExplicitChange() throws {
        let out = try LaneComparison.run(layers: 2, times: LaneComparison.frames(100), keys: ["position", "zPosition"], velocity: true) { engine, layers, log in
            for (index, layer) in layers.enumerated() {
                var group = Self.plainGroup("g\(index)", log, duration: 0.6)
                group.timing.repeatCount = 2
                group.timing.autoreverses = true
                try engine.addAnimation(group, forKey: "g", to: layer)
            }
        } step: { engine, layers, _, frame in
            if frame == 10 {
                var lift = Animation(keyPath: "zPosition", kind: .basic(BasicParameters(byValue: .scalar(2))))
                lift.isAdditive = true
                lift.timing.duration = 0.5
                try engine.addAnimation(lift, forKey: "lift", to: layers[1])
            }
        }
        #expect(out.steady == 2)
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
    }
}

extension SteadyLaneGroupScenarioTests {
    @Test("children of one cycle, repeating and autoreversing, in each fill mode, the host's time going on and back inside the group: lane == general, run states too")
    func childFillPhasesTimeBack() throws {
        // Forward through the group, then back and forth inside it (as a host scrubbing, or a
        // benchmark running its frames again): children finished earlier become active again.
        // The group begins at the first tick (1/60 s); some times fall on children's ends.
        let start = 1.0 / 60
        let times = LaneComparison.frames(56) + [0.5, 0.1, 0.3, 0.05, 0.7, 0.95, 0.15, 0.45, 0.62, 0.9]
            + [0.2, 0.5, 0.4, 0.6, 0.1, 0.25].map { start + $0 }
        let out = try LaneComparison.run(layers: 4, times: times, keys: ["position", "opacity", "bounds", "zPosition", "anchorPoint"]) { engine, layers, _ in
            for (index, layer) in layers.enumerated() {
                let fill = [FillMode.removed, .backwards, .forwards, .both][index]
                // One cycle, ending at 0.5 s.
                var position = Animation(keyPath: "position", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 90, y: 40))))
                position.timing.beginTime = 0.2
                position.timing.duration = 0.3
                position.timing.repeatCount = index == 3 ? 1 : 0
                position.timing.fillMode = fill
                position.timingFunction = .easeIn
                // Repeating, and autoreversing.
                var fade = Self.fade(1, 0.2, duration: 0.15)
                fade.timing.beginTime = 0.1
                fade.timing.repeatCount = 1.5
                fade.timing.fillMode = fill
                var bounds = Animation(keyPath: "bounds", kind: .basic(BasicParameters(fromValue: .rect(x: 0, y: 0, width: 1, height: 1), toValue: .rect(x: 0, y: 0, width: 9, height: 5))))
                bounds.timing.beginTime = 0.4
                bounds.timing.duration = 0.1
                bounds.timing.autoreverses = true
                bounds.timing.fillMode = fill
                // One cycle longer than what is left of the group (the group leaves the lane
                // at its end, before this child ends).
                var lift = Animation(keyPath: "zPosition", kind: .basic(BasicParameters(fromValue: .scalar(-2), toValue: .scalar(6))))
                lift.timing.beginTime = 0.7
                lift.timing.duration = 0.6
                lift.timing.fillMode = fill
                // One endless cycle: progress 0 from its begin on.
                var anchor = Animation(keyPath: "anchorPoint", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 1, y: 1))))
                anchor.timing.beginTime = 0.6
                anchor.timing.duration = .infinity
                anchor.timing.fillMode = fill
                var group = Animation.group([position, fade, bounds, lift, anchor])
                group.timing.duration = 1
                if index % 2 == 1 { group.timingFunction = .easeOut }
                try engine.addAnimation(group, forKey: "g", to: layer)
            }
        } step: { engine, _, log, frame in
            log.add("states \(engine.animationRecords().map(\.runState))")
        }
        #expect(out.steady == 4, "every group joined the lane")
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
        #expect(out.logs[0].contains { $0.contains("finished") }, "children finished")
    }
}
