import Testing

import AnimCore

/// Closures: `transaction { }` and `animate { }` (begin, run, commit also when the body throws,
/// the body's error thrown on), completions, animation callbacks, display and action callbacks.
@Suite("Swift API: closures")
struct ClosureTests {
    /// An engine with one layer, committed by a first tick at 0.
    static func committedLayer() throws -> (Engine, Layer) {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        return (engine, layer)
    }

    @Test("transaction(duration:timingFunction:) animates the changes it wraps with its settings")
    func transactionSettings() throws {
        let (engine, layer) = try Self.committedLayer()
        try engine.transaction(duration: 2, timingFunction: .linear) {
            try layer.setValue(0, for: .opacity)
        }
        let implicit = try #require(try layer.animation(forKey: "opacity"))
        #expect(implicit.timing.duration == 2)
        #expect(implicit.timingFunction == .linear)
        try engine.tick(1)
        let begin = try #require(try layer.animation(forKey: "opacity")).timing.beginTime
        try engine.tick(begin + 1)
        expectNear(try layer.presentationValue(.opacity), 0.5)
        #expect(try layer.value(.opacity) == 0)
    }

    @Test("transaction(disableActions: true) changes without an animation; nested transactions read the outer settings")
    func disableActions() throws {
        let (engine, layer) = try Self.committedLayer()
        try engine.transaction(disableActions: true) {
            try layer.setValue(0, for: .opacity)
            try engine.transaction(duration: 1) {
                #expect(try engine.transactionSettings().disableActions == true)
                #expect(try engine.transactionSettings().animationDuration == 1)
                try layer.setValue(Point(x: 5, y: 5), for: .position)
            }
            #expect(try engine.transactionSettings().animationDuration == 0.25)
        }
        #expect(try layer.animationKeys().isEmpty)
        try engine.tick(0.1)
        #expect(try layer.presentationValue(.opacity) == 0)
        #expect(try layer.presentationValue(.position) == Point(x: 5, y: 5))
    }

    @Test("transaction returns the body's result and runs its completion once, finished, after the animations end")
    func transactionCompletion() throws {
        let (engine, layer) = try Self.committedLayer()
        let calls = Log<Bool>()
        let answer = try engine.transaction(duration: 0.5, completion: { finished in calls.add(finished) }) {
            try layer.setValue(0, for: .opacity)
            return 42
        }
        #expect(answer == 42)
        try engine.tick(0.25)
        #expect(calls.all.isEmpty)
        try engine.tick(1)
        try engine.tick(2)
        #expect(calls.all == [true])
    }

    @Test("a body that throws: the transaction is committed (its change animates) and the error is thrown on")
    func throwingBody() throws {
        let (engine, layer) = try Self.committedLayer()
        #expect(throws: Planned.self) {
            try engine.transaction(duration: 1) {
                try layer.setValue(0, for: .opacity)
                throw Planned()
            }
        }
        expectError(.invalidState) { try engine.commitTransaction() }  // nothing left open
        #expect(try layer.animationKeys() == ["opacity"])
        #expect(try engine.transactionSettings().animationDuration == 0.25)
    }

    @Test("a bad setting throws .outOfRange before the body runs, and leaves no transaction open")
    func badSettings() throws {
        let (engine, _) = try Self.committedLayer()
        let ran = Log<Bool>()
        expectError(.outOfRange, containing: "animationDuration") {
            try engine.transaction(duration: -1) { ran.add(true) }
        }
        #expect(ran.all.isEmpty)
        expectError(.invalidState) { try engine.commitTransaction() }
    }

    @Test("animate(options, completion:) animates the changes with the options and calls the completion")
    func animateBlock() throws {
        let (engine, layer) = try Self.committedLayer()
        let calls = Log<Bool>()
        try engine.animate(AnimationBlockOptions(duration: 1, curve: .linear), completion: { calls.add($0) }) {
            try layer.setValue(Point(x: 100, y: 0), for: .position)
        }
        let block = try #require(try layer.animation(forKey: "position"))
        #expect(block.timing.duration == 1)
        try engine.tick(0.5)
        let begin = try #require(try layer.animation(forKey: "position")).timing.beginTime
        try engine.tick(begin + 0.5)
        expectNear(try layer.presentationValue(.position).x, 50)
        try engine.tick(begin + 2)
        try engine.tick(begin + 3)
        #expect(calls.all == [true])
    }

    @Test("animate with throwing changes commits the block and throws the error on")
    func animateThrows() throws {
        let (engine, layer) = try Self.committedLayer()
        #expect(throws: Planned.self) {
            try engine.animate {
                try layer.setValue(0.5, for: .opacity)
                throw Planned()
            }
        }
        expectError(.invalidState) { try engine.commitTransaction() }
        #expect(try layer.animationKeys() == ["opacity"])
        expectError(.outOfRange, containing: "duration") {
            try engine.animate(AnimationBlockOptions(duration: 0)) {}
        }
    }

    @Test("AnimationBlockOptions() keeps UIKit's defaults")
    func blockDefaults() {
        let options = AnimationBlockOptions()
        #expect(options.duration == 0.25)
        #expect(options.delay == 0)
        #expect(options.curve == .easeInEaseOut)
        #expect(options.repeatCount == 0)
        #expect(!options.autoreverses && options.beginsFromCurrentState && !options.additive)
        #expect(options.spring == nil)
    }

    @Test("addCompletion takes a closure: it runs at the next tick when no animation was added")
    func addCompletion() throws {
        let (engine, _) = try Self.committedLayer()
        let calls = Log<Bool>()
        try engine.transaction {
            try engine.addCompletion { finished in calls.add(finished) }
        }
        #expect(calls.all.isEmpty)
        try engine.tick(0.1)
        #expect(calls.all == [true])
    }

    @Test("onStart and onStop fire once each; onStop says false for an animation removed early")
    func animationCallbacks() throws {
        let (engine, layer) = try Self.committedLayer()
        let log = Log<String>()
        var fade = Animation.basic(.opacity, from: 1, to: 0)
        fade.timing.duration = 1
        fade.onStart = { log.add("start") }
        fade.onStop = { finished in log.add("stop \(finished)") }
        #expect(fade.onStart != nil && fade.onStop != nil)
        try layer.add(fade, forKey: "fade")
        var slide = Animation.basic(.position, to: Point(x: 9, y: 9))
        slide.timing.duration = 5
        slide.onStop = { finished in log.add("slide \(finished)") }
        try layer.add(slide, forKey: "slide")
        try engine.tick(0.5)
        try engine.tick(1)
        try engine.tick(2)
        try layer.removeAnimation(forKey: "slide")
        try engine.tick(3)
        #expect(log.all == ["start", "stop true", "slide false"])

        fade.onStart = nil
        fade.onStop = nil
        #expect(fade.onStart == nil && fade.onStop == nil)
    }

    @Test("the class's default action gets the layer as a Layer equal to it and the key; its answer is used")
    func defaultAction() throws {
        let engine = Engine()
        let time = PropertyName<Double>("time")
        let clockFace = try engine.makeLayerClass("ClockFace", properties: [PropertyDescriptor(time, default: 0)])
        let asked = Log<(Layer, String)>()
        try engine.setDefaultAction(for: clockFace) { clock, key in
            asked.add((clock, key))
            guard key == "time" else { return .continueSearch }
            var animation = Animation.basic(time, from: try? clock.presentationValue(time))
            animation.timingFunction = .linear
            return .animation(animation)
        }
        let clock = try engine.makeLayer(clockFace)
        try engine.tick(0)
        try clock.setValue(1.5, for: time)
        try clock.setValue(Point(x: 1, y: 1), for: .position)
        #expect(asked.all.map(\.1) == ["time", "position"])
        #expect(asked.all.allSatisfy { $0.0 == clock })
        let action = try #require(try clock.animation(forKey: "time"))
        #expect(action.timingFunction == .linear)
        #expect(action.basic?.fromValue == .scalar(0))
        #expect(try clock.animation(forKey: "position") != nil, "position ran the built-in action")
        try engine.setDefaultAction(for: clockFace, nil)
        try clock.setValue(3, for: time)
        #expect(asked.all.count == 2)
    }

    @Test("the delegate's action callback comes first; .noAction ends the search; action(forKey:) reports it")
    func delegateAction() throws {
        let (_, layer) = try Self.committedLayer()
        let seen = Log<Layer>()
        try layer.setDelegateAction { subject, key in
            seen.add(subject)
            return key == "opacity" ? .noAction : .continueSearch
        }
        guard case .noAction = try layer.action(forKey: "opacity") else {
            Issue.record("expected .noAction")
            return
        }
        try layer.setValue(0, for: .opacity)
        #expect(try layer.animationKeys().isEmpty)
        #expect(seen.all.allSatisfy { $0 == layer } && seen.all.count == 2)
        try layer.setAction(.noAction, forKey: "position")
        try layer.setValue(Point(x: 1, y: 1), for: .position)
        #expect(try layer.animationKeys().isEmpty)
        try layer.setDelegateAction(nil)
        try layer.setAction(nil, forKey: "position")
        try layer.setValue(Point(x: 2, y: 2), for: .position)
        #expect(try layer.animationKeys() == ["position"])
    }

    @Test("the delegate's display callback wins over the class's; setDisplay(for:) replaces the class's")
    func displayCallbacks() throws {
        let engine = Engine()
        let level = PropertyName<Double>("level")
        let classCalls = Log<Layer>()
        let delegateCalls = Log<Layer>()
        let dial = try engine.makeLayerClass(
            "Dial", properties: [PropertyDescriptor(level, default: 0, needsDisplay: true)],
            display: { classCalls.add($0) })
        let plain = try engine.makeLayer(dial)
        let delegated = try engine.makeLayer(dial)
        try delegated.setDelegateDisplay { delegateCalls.add($0) }
        try plain.setValue(1, for: level)
        try delegated.setValue(1, for: level)
        try engine.tick(0)
        #expect(classCalls.all == [plain])
        #expect(delegateCalls.all == [delegated])

        let replaced = Log<Double>()
        try engine.setDisplay(for: dial) { layer in replaced.add((try? layer.presentationValue(level)) ?? -1) }
        try engine.transaction(disableActions: true) { try plain.setValue(2, for: level) }
        try engine.tick(0.1)
        #expect(replaced.all == [2])
        #expect(classCalls.all.count == 1)
    }
}
