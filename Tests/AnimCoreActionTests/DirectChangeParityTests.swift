import Testing
@testable import AnimCore

/// The direct change (`EngineState+DirectChange.swift`) gives what the general path
/// gives: the same scenario runs on two engines, one of which has a class default action that
/// answers "continue the search" — which leaves the built-in implicit animation as the action
/// but sends every change down the general path — and the two must agree on the animations
/// added (their values and timing), the model and the presentation at every tick.
@Suite("Direct changes match the general path")
struct DirectChangeParityTests {
    /// One engine per path, each with a committed layer of a class with a custom scalar and a
    /// custom point.
    struct Pair {
        let engines: [Engine]
        let layers: [LayerID]

        init() throws {
            var engines: [Engine] = []
            var layers: [LayerID] = []
            for general in [false, true] {
                let engine = Engine()
                let dot = try engine.makeLayerClass(
                    name: "Dot",
                    properties: [PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
                if general {
                    try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot)
                }
                let layer = try engine.makeLayerHandle(dot)
                try engine.tick(0)
                engines.append(engine)
                layers.append(layer)
            }
            self.engines = engines
            self.layers = layers
        }

        /// Runs `change` on both engines.
        func both(_ change: (Engine, LayerID) throws -> Void) throws {
            for (engine, layer) in zip(engines, layers) { try change(engine, layer) }
        }

        /// Ticks both to `time` and compares everything a host can read.
        func expectSame(at time: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try both { engine, _ in try engine.tick(time) }
            let (fast, general) = (engines[0], engines[1])
            let (a, b) = (layers[0], layers[1])
            #expect(try fast.animationKeys(of: a) == general.animationKeys(of: b), sourceLocation: sourceLocation)
            for key in try fast.animationKeys(of: a) {
                let x = try #require(try fast.animation(forKey: key, of: a), sourceLocation: sourceLocation)
                let y = try #require(try general.animation(forKey: key, of: b), sourceLocation: sourceLocation)
                #expect(x.basic?.fromValue == y.basic?.fromValue, "\(key) from", sourceLocation: sourceLocation)
                #expect(x.basic?.toValue == y.basic?.toValue, "\(key) to", sourceLocation: sourceLocation)
                #expect(x.basic?.byValue == y.basic?.byValue, "\(key) by", sourceLocation: sourceLocation)
                #expect(x.timing == y.timing, "\(key) timing", sourceLocation: sourceLocation)
                #expect(x.timingFunction == y.timingFunction, "\(key) curve", sourceLocation: sourceLocation)
                #expect(x.isAdditive == y.isAdditive && x.isRemovedOnCompletion == y.isRemovedOnCompletion,
                        sourceLocation: sourceLocation)
            }
            for key in ["level", "spot", "opacity", "position"] {
                #expect(try fast.value(forKeyPath: key, of: a) == general.value(forKeyPath: key, of: b),
                        "model \(key) at \(time)", sourceLocation: sourceLocation)
                #expect(try fast.presentationValue(forKeyPath: key, of: a) == general.presentationValue(forKeyPath: key, of: b),
                        "presentation \(key) at \(time)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("a change, then another with actions disabled while the first runs: both end at the model")
    func changeThenDisabledChange() throws {
        let pair = try Pair()
        try pair.both { engine, layer in try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer) }
        try pair.expectSame(at: 0.05)
        try pair.both { engine, layer in
            try inTransaction(engine, { $0.disableActions = true }) {
                try engine.setValue(.scalar(1), forKeyPath: "opacity", of: layer)
            }
        }
        for frame in 1...20 { try pair.expectSame(at: 0.05 + Double(frame) / 60) }
    }

    @Test("animation blocks: duration, curve, delay, repeat and autoreverse, custom and built-in keys")
    func blocks() throws {
        let pair = try Pair()
        var options = AnimationBlockOptions()
        options.duration = 0.5
        options.delay = 0.1
        options.curve = .easeOut
        options.repeatCount = 1.5
        options.autoreverses = true
        try pair.both { engine, layer in
            try engine.animate(options) {
                try engine.setValue(.scalar(10), forKeyPath: "level", of: layer)
                try engine.setValue(.point(x: 3, y: 4), forKeyPath: "spot", of: layer)
                try engine.setValue(.point(x: 30, y: 40), forKeyPath: "position", of: layer)
            }
        }
        for frame in 0...100 { try pair.expectSame(at: Double(frame) / 60) }
    }

    @Test("nested transactions, retargeting in flight, and beginning from the model value")
    func nestedAndRetargeted() throws {
        let pair = try Pair()
        try pair.both { engine, layer in
            try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
                try engine.setValue(.scalar(5), forKeyPath: "level", of: layer)
                try inTransaction(engine, { $0.animationDuration = 0.4 }) {
                    try engine.setValue(.point(x: 8, y: 9), forKeyPath: "spot", of: layer)
                }
            }
        }
        for frame in 1...12 { try pair.expectSame(at: Double(frame) / 60) }
        try pair.both { engine, layer in
            try engine.setValue(.scalar(-5), forKeyPath: "level", of: layer)  // retargets in flight
            try inTransaction(engine, { $0.beginsFromCurrentState = false }) {
                try engine.setValue(.point(x: 1, y: 1), forKeyPath: "spot", of: layer)
            }
        }
        for frame in 13...90 { try pair.expectSame(at: Double(frame) / 60) }
    }

    @Test("implicit springs: settling durations, the velocity carried over in flight, a set duration and curve")
    func springs() throws {
        let pair = try Pair()
        var options = AnimationBlockOptions()
        options.spring = try Spring(duration: 0.5, bounce: 0.3)
        try pair.both { engine, layer in
            try engine.animate(options) {
                try engine.setValue(.scalar(10), forKeyPath: "level", of: layer)
                try engine.setValue(.point(x: 30, y: 40), forKeyPath: "spot", of: layer)
                try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layer)
            }
        }
        for frame in 1...9 { try pair.expectSame(at: Double(frame) / 60) }
        // Retargeted in flight: the new springs start with the presentation's velocity.
        try pair.both { engine, layer in
            try engine.animate(options) {
                try engine.setValue(.scalar(-4), forKeyPath: "level", of: layer)
                try engine.setValue(.point(x: -3, y: 7), forKeyPath: "spot", of: layer)
            }
        }
        for frame in 10...40 { try pair.expectSame(at: Double(frame) / 60) }
        // A transaction's own duration and curve with a spring.
        let spring = try Spring(duration: 0.3, bounce: 0)
        try pair.both { engine, layer in
            try inTransaction(engine, { $0.spring = spring; $0.animationDuration = 0.8; $0.timingFunction = .easeIn }) {
                try engine.setValue(.scalar(2), forKeyPath: "level", of: layer)
            }
            try inTransaction(engine, { $0.spring = spring; $0.beginsFromCurrentState = false }) {
                try engine.setValue(.point(x: 5, y: 5), forKeyPath: "spot", of: layer)
            }
        }
        for frame in 41...120 { try pair.expectSame(at: Double(frame) / 60) }
    }

    @Test("retargeting a layer's only animation — in the steady lane, pending in its transaction, with completions — is removing it and adding the new one")
    func retargetSoleAnimation() throws {
        let pair = try Pair()
        let logs = [Log<CompletionCall>(), Log<CompletionCall>()]
        let ticking = Flag()
        func change(_ value: Double, duration: Double? = nil, twice: Double? = nil) throws {
            for ((engine, layer), log) in zip(zip(pair.engines, pair.layers), logs) {
                try inTransaction(engine, { $0.animationDuration = duration }) {
                    try engine.addCompletion(recordingCompletion(log, ticking))
                    try engine.setValue(.scalar(value), forKeyPath: "level", of: layer)
                    if let twice { try engine.setValue(.scalar(twice), forKeyPath: "level", of: layer) }
                }
            }
        }
        try change(10)
        for frame in 1...6 { try pair.expectSame(at: Double(frame) / 60) }
        #expect(pair.engines[0].steadyAnimationCount == 1)  // retargeted from the steady lane
        try change(-10)
        for frame in 7...12 { try pair.expectSame(at: Double(frame) / 60) }
        #expect(pair.engines[0].steadyAnimationCount == 1)
        try change(3, duration: 0.5, twice: 4)  // the second replaces the first before it starts
        for frame in 13...60 { try pair.expectSame(at: Double(frame) / 60) }
        #expect(try pair.engines[0].presentationValue(forKeyPath: "level", of: pair.layers[0]) == .scalar(4))
        // Each transaction's animation was replaced before finishing (the last one's by its own second change).
        #expect(logs[0].all.map(\.finished) == [false, false, false])
        try change(7)
        for frame in 61...90 { try pair.expectSame(at: Double(frame) / 60) }
        #expect(logs[0].all.map(\.finished) == [false, false, false, true])
        #expect(logs[0].all == logs[1].all)
    }
}
