import Testing

@testable import AnimCore

/// Custom properties declared on a layer class animate implicitly like built-in ones, with the
/// transaction's timing and no user code (no actionForKey:, no initWithLayer:), and in step with
/// built-in properties changed in the same transaction (the stutter seed 001 could not fix).
@Suite struct CustomPropertyTests {
    static func gaugeClass(_ engine: Engine) throws -> LayerClassID {
        try engine.makeLayerClass(name: "Gauge", properties: [
            PropertyDescriptor("level", default: .scalar(0)),
            PropertyDescriptor("tint", default: .color(red: 0, green: 0, blue: 0, alpha: 1)),
            PropertyDescriptor("needle", default: .point(x: 0, y: 0)),
            PropertyDescriptor("steps", default: .integer(0)),
            PropertyDescriptor("label", default: .token(1), animatable: true),
            PropertyDescriptor("serial", default: .scalar(0), animatable: false),
        ])
    }

    @Test func customScalarAnimatesImplicitlyWithTheTransactionsTiming() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        try inTransaction(engine, {
            $0.animationDuration = 0.5
            $0.timingFunction = .easeInEaseOut
        }) {
            try engine.setValue(.scalar(80), forKeyPath: "level", of: layer)
        }
        let animation = try #require(try engine.animation(forKey: "level", of: layer))
        #expect(animation.keyPath == "level")
        #expect(animation.timing.duration == 0.5)
        #expect(animation.timingFunction == .easeInEaseOut)
        #expect(animation.basic?.fromValue == .scalar(0))
        #expect(try modelNumber(engine, "level", layer) == 80)
        let begin = frame
        for index in 1...40 {
            let time = Double(index) * frame
            try engine.tick(time)
            let expected = 80 * ReferenceCurve.easeInEaseOut(min((time - begin) / 0.5, 1))
            expectNear(try shown(engine, "level", layer), expected, 1e-9, "t = \(time)")
        }
    }

    @Test func customPropertiesOfEveryInterpolableKindAnimate() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        let tint: Value = .color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5)
        let needle: Value = .point(x: 32, y: -64)
        try inTransaction(engine, {
            $0.animationDuration = 0.25
            $0.timingFunction = .linear
        }) {
            try engine.setValue(tint, forKeyPath: "tint", of: layer)
            try engine.setValue(needle, forKeyPath: "needle", of: layer)
            try engine.setValue(.integer(10), forKeyPath: "steps", of: layer)
        }
        #expect(Set(try engine.animationKeys(of: layer)) == ["tint", "needle", "steps"])
        let begin = frame
        for index in 1...18 {
            let time = Double(index) * frame
            try engine.tick(time)
            let f = min((time - begin) / 0.25, 1)
            expectValue(try engine.presentationValue(forKeyPath: "tint", of: layer),
                        .color(red: f, green: 0.5 * f, blue: 0.25 * f, alpha: 1 - 0.5 * f), 1e-12, "tint t = \(time)")
            expectValue(try engine.presentationValue(forKeyPath: "needle", of: layer),
                        .point(x: 32 * f, y: -64 * f), 1e-12, "needle t = \(time)")
            // Integers interpolate and round to the nearest integer.
            #expect(try engine.presentationValue(forKeyPath: "steps", of: layer) == .integer(Int64((10 * f).rounded())),
                    "steps t = \(time)")
        }
    }

    @Test func customTokenSwitchesHalfWay() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        try inTransaction(engine, { $0.animationDuration = 0.5; $0.timingFunction = .linear }) {
            try engine.setValue(.token(2), forKeyPath: "label", of: layer)
        }
        try engine.tick(frame)
        try engine.tick(frame + 0.25 - frame)
        #expect(try engine.presentationValue(forKeyPath: "label", of: layer) == .token(1), "before half way")
        try engine.tick(frame + 0.25 + frame)
        #expect(try engine.presentationValue(forKeyPath: "label", of: layer) == .token(2), "after half way")
    }

    @Test func nonAnimatableCustomPropertyChangesAtOnce() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        try engine.setValue(.scalar(7), forKeyPath: "serial", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(frame)
        #expect(try shown(engine, "serial", layer) == 7)
    }

    @Test func inheritedCustomPropertyAnimatesInASubclass() throws {
        let engine = Engine()
        let gauge = try Self.gaugeClass(engine)
        let fancy = try engine.makeLayerClass(
            name: "FancyGauge", superclass: gauge, properties: [PropertyDescriptor("glow", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(fancy)
        try engine.tick(0)
        try engine.setValue(.scalar(1), forKeyPath: "level", of: layer)
        try engine.setValue(.scalar(1), forKeyPath: "glow", of: layer)
        #expect(Set(try engine.animationKeys(of: layer)) == ["level", "glow"])
        for index in 1...20 {
            try engine.tick(Double(index) * frame)
            #expect(try shown(engine, "level", layer) == (try shown(engine, "glow", layer)))
        }
        #expect(try shown(engine, "level", layer) == 1)
    }

    @Test func customNeedsDisplayPropertyRedisplaysEveryTickWithItsPresentationValue() throws {
        let engine = Engine()
        let drawn = Log<Double>()
        let cls = try engine.makeLayerClass(
            name: "Dial", properties: [PropertyDescriptor("angle", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                drawn.add((try? shown(engine, "angle", layer)) ?? .nan)
            })
        let layer = try engine.makeLayerHandle(cls)
        try engine.tick(0)
        drawn.clear()
        try inTransaction(engine, { $0.animationDuration = 0.25; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(64), forKeyPath: "angle", of: layer)
        }
        var expected: [Double] = []
        for index in 1...16 {
            let time = Double(index) * frame
            try engine.tick(time)
            expected.append(64 * (time - frame) / 0.25)
        }
        try engine.tick(17 * frame)
        expected.append(64)
        #expect(drawn.all == expected)
    }

    // MARK: In step with built-in properties (seed 001's stutter)

    @Test func customAndBuiltInShowTheSameProgressAtEveryTick() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        // An implicit transaction, as `[CATransaction setAnimationDuration:]` outside any.
        try engine.modifyTransaction {
            $0.animationDuration = 0.75
            $0.timingFunction = .easeInEaseOut
        }
        try engine.setValue(.scalar(100), forKeyPath: "level", of: layer)
        try engine.setValue(.point(x: 200, y: 100), forKeyPath: "position", of: layer)
        try engine.setValue(.color(red: 1, green: 1, blue: 1, alpha: 1), forKeyPath: "tint", of: layer)
        try engine.setValue(.color(red: 1, green: 1, blue: 1, alpha: 1), forKeyPath: "backgroundColor", of: layer)
        for index in 1...60 {
            let time = Double(index) * frame
            try engine.tick(time)
            let level = try #require(try shown(engine, "level", layer)) / 100
            guard case .point(let x, let y)? = try engine.presentationValue(forKeyPath: "position", of: layer),
                  case .color(let r, _, _, _)? = try engine.presentationValue(forKeyPath: "tint", of: layer),
                  case .color(_, let g, _, let a)? = try engine.presentationValue(forKeyPath: "backgroundColor", of: layer)
            else {
                Issue.record("unexpected kinds at t = \(time)")
                continue
            }
            #expect(abs(level - x / 200) < 1e-12, "position.x vs level, t = \(time)")
            #expect(abs(level - y / 100) < 1e-12, "position.y vs level, t = \(time)")
            #expect(abs(level - r) < 1e-12, "tint vs level, t = \(time)")
            #expect(abs(level - g) < 1e-12, "backgroundColor vs level, t = \(time)")
            #expect(abs(level - a) < 1e-12, "backgroundColor alpha (0 → 1) vs level, t = \(time)")
            expectNear(level, ReferenceCurve.easeInEaseOut(min((time - frame) / 0.75, 1)), 1e-9, "curve, t = \(time)")
        }
    }

    @Test func customAndBuiltInStayInStepThroughADelayedBlock() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle(try Self.gaugeClass(engine))
        try engine.tick(0)
        var options = AnimationBlockOptions()
        options.duration = 0.5
        options.delay = 0.25
        options.curve = .easeOut
        try engine.animate(options) {
            try engine.setValue(.scalar(50), forKeyPath: "level", of: layer)
            try engine.setValue(.scalar(50), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...64 {
            let time = Double(index) * frame
            try engine.tick(time)
            let level = try #require(try shown(engine, "level", layer))
            let z = try #require(try shown(engine, "zPosition", layer))
            #expect(level == z, "t = \(time)")
        }
    }
}
