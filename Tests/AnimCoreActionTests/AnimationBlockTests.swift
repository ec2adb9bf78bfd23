import Testing

@testable import AnimCore

/// UIKit-style animation blocks (Engine.animate / beginAnimationBlock / commitAnimationBlock):
/// duration, delay, curve, repeat and autoreverse, beginsFromCurrentState, completion.
@Suite struct AnimationBlockTests {
    static func options(
        duration: Double, delay: Double = 0, curve: TimingFunction = .linear, repeatCount: Double = 0,
        autoreverses: Bool = false, beginsFromCurrentState: Bool = true, completion: TransactionCompletion? = nil
    ) -> AnimationBlockOptions {
        var options = AnimationBlockOptions()
        options.duration = duration
        options.delay = delay
        options.curve = curve
        options.repeatCount = repeatCount
        options.autoreverses = autoreverses
        options.beginsFromCurrentState = beginsFromCurrentState
        options.completion = completion
        return options
    }

    @Test func defaultOptionsAreUIKits() {
        let options = AnimationBlockOptions()
        #expect(options.duration == 0.25)
        #expect(options.delay == 0)
        #expect(options.curve == .easeInEaseOut)
        #expect(options.repeatCount == 0)
        #expect(!options.autoreverses)
        #expect(options.beginsFromCurrentState)
        #expect(!options.additive)
        #expect(options.completion == nil)
    }

    @Test func durationDrivesEveryChangeInTheBlock() throws {
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 0.5)) {
            try engine.setValue(.scalar(64), forKeyPath: "zPosition", of: layer)
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 0.5)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 0.5)
        #expect(try engine.transactionSettings().animationDuration == 0.25, "the block's settings end with it")
        #expect(openFrames(engine) == 0)
        let begin = frame
        for index in 1...40 {
            let time = Double(index) * frame
            try engine.tick(time)
            let f = min((time - begin) / 0.5, 1)
            expectNear(try shown(engine, "zPosition", layer), 64 * f, 1e-9, "t = \(time)")
            expectNear(try shown(engine, "opacity", layer), 1 - f, 1e-9, "t = \(time)")
        }
    }

    @Test func blockAppliesToStandaloneLayersToo() throws {
        // Reference A10: in UIKit a standalone layer ignores the block (0.25). animcore's blocks
        // apply to every property change made inside them (AnimationBlockOptions' contract).
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 0.8)) {
            try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 0.8)
    }

    @Test func delayShowsTheStartValueUntilTheAnimationBegins() throws {
        let (engine, layer) = try committedLayer()
        try engine.setValue(.scalar(10), forKeyPath: "zPosition", of: layer)
        for index in 1...20 { try engine.tick(Double(index) * frame) }
        #expect(try shown(engine, "zPosition", layer) == 10)
        try engine.animate(Self.options(duration: 0.5, delay: 0.25)) {
            try engine.setValue(.scalar(74), forKeyPath: "zPosition", of: layer)
        }
        #expect(try modelNumber(engine, "zPosition", layer) == 74, "the model changes at once")
        // Committed at 21/64; begins 0.25 s later; ends 0.5 s after that.
        let begin = 21 * frame + 0.25
        for index in 21...80 {
            let time = Double(index) * frame
            try engine.tick(time)
            let expected = time < begin ? 10 : 10 + 64 * min((time - begin) / 0.5, 1)
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-9, "t = \(time)")
        }
    }

    @Test func additiveBlockWithADelayShowsTheOldValueDuringTheDelay() throws {
        let (engine, layer) = try committedLayer()
        var options = Self.options(duration: 0.5, delay: 0.25)
        options.additive = true
        try engine.animate(options) {
            try engine.setValue(.scalar(32), forKeyPath: "zPosition", of: layer)
        }
        #expect(try modelNumber(engine, "zPosition", layer) == 32)
        let begin = frame + 0.25
        for index in 1...60 {
            let time = Double(index) * frame
            try engine.tick(time)
            let expected = time < begin ? 0 : 32 * min((time - begin) / 0.5, 1)
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-9, "t = \(time)")
        }
    }

    @Test(arguments: [
        ("linear", TimingFunction.linear, ReferenceCurve.linear),
        ("easeIn", .easeIn, .easeIn),
        ("easeOut", .easeOut, .easeOut),
        ("easeInEaseOut", .easeInEaseOut, .easeInEaseOut),
    ])
    func namedCurvesFollowTheirControlPoints(name: String, curve: TimingFunction, reference: ReferenceCurve) throws {
        try Self.checkCurve(curve, reference, name)
    }

    @Test func customBezierCurveFollowsItsControlPoints() throws {
        let curve = TimingFunction.cubicBezier(try UnitBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5))
        try Self.checkCurve(curve, ReferenceCurve(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5), "custom")
    }

    static func checkCurve(_ curve: TimingFunction, _ reference: ReferenceCurve, _ name: String) throws {
        let (engine, layer) = try committedLayer()
        try engine.animate(options(duration: 1, curve: curve)) {
            try engine.setValue(.point(x: 100, y: -50), forKeyPath: "position", of: layer)
        }
        #expect(try engine.animation(forKey: "position", of: layer)?.timingFunction == curve)
        let begin = frame
        for index in 1...70 {
            let time = Double(index) * frame
            try engine.tick(time)
            let f = reference(min((time - begin) / 1, 1))
            expectValue(try engine.presentationValue(forKeyPath: "position", of: layer),
                        .point(x: 100 * f, y: -50 * f), 1e-7, "\(name) t = \(time)")
        }
    }

    @Test func repeatCountAndAutoreverses() throws {
        // duration 0.25, autoreverse, 2 cycles: forward, back, forward, back = 1 s (§2.4).
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(
            duration: 0.25, curve: .easeIn, repeatCount: 2, autoreverses: true,
            completion: recordingCompletion(calls, ticking))
        ) {
            try engine.setValue(.scalar(64), forKeyPath: "zPosition", of: layer)
        }
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.timing.repeatCount == 2)
        #expect(animation.timing.autoreverses)
        let begin = frame
        for index in 1...80 {
            let time = Double(index) * frame
            try tick(engine, time, marking: ticking)
            let elapsed = time - begin
            let expected: Double
            if elapsed >= 1 {
                expected = 64  // removed: the model value
            } else {
                let r = elapsed.truncatingRemainder(dividingBy: 0.5)
                // The reverse leg plays the forward curve backwards (§2.5).
                let basic = r <= 0.25 ? r : 0.5 - r
                expected = 64 * ReferenceCurve.easeIn(basic / 0.25)
            }
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-9, "t = \(time)")
            if elapsed < 1 { #expect(calls.count == 0) }
        }
        #expect(calls.all == [CompletionCall(finished: true, time: begin + 1, duringTick: true)])
    }

    @Test func fractionalRepeatCountWithoutAutoreverse() throws {
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 0.5, repeatCount: 1.5)) {
            try engine.setValue(.scalar(32), forKeyPath: "zPosition", of: layer)
        }
        let begin = frame
        for index in 1...60 {
            let time = Double(index) * frame
            try engine.tick(time)
            let elapsed = time - begin
            let expected = elapsed >= 0.75 ? 32 : 32 * (elapsed.truncatingRemainder(dividingBy: 0.5) / 0.5)
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-9, "t = \(time)")
        }
    }

    @Test func beginsFromCurrentStateFalseStartsFromTheOldModelValue() throws {
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 1)) {
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...33 { try engine.tick(Double(index) * frame) }
        expectNear(try shown(engine, "zPosition", layer), 50, 1e-9)
        try engine.animate(Self.options(duration: 1, beginsFromCurrentState: false)) {
            try engine.setValue(.scalar(200), forKeyPath: "zPosition", of: layer)
        }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.basic?.fromValue == .scalar(100))
        let begin = 34 * frame
        for index in 34...110 {
            let time = Double(index) * frame
            try engine.tick(time)
            expectNear(try shown(engine, "zPosition", layer), 100 + 100 * min(time - begin, 1), 1e-9, "t = \(time)")
        }
        // The default (true) starts from the presentation value instead.
        try engine.animate(Self.options(duration: 1)) {
            try engine.setValue(.scalar(0), forKeyPath: "zPosition", of: layer)
        }
        for index in 111...120 { try engine.tick(Double(index) * frame) }
        let presentation = try #require(try shown(engine, "zPosition", layer))
        try engine.animate(Self.options(duration: 1)) {
            try engine.setValue(.scalar(-50), forKeyPath: "zPosition", of: layer)
        }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.basic?.fromValue == .scalar(presentation))
    }

    @Test func completionRunsOnceWithFinishedTrueAfterTheBlocksAnimationsEnd() throws {
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 0.5, delay: 0.25, completion: recordingCompletion(calls, ticking))) {
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        #expect(calls.count == 0)
        for index in 1...80 { try tick(engine, Double(index) * frame, marking: ticking) }
        // Committed at 1/64, delayed 0.25, lasts 0.5.
        #expect(calls.all == [CompletionCall(finished: true, time: frame + 0.75, duringTick: true)])
    }

    @Test func completionReportsUnfinishedWhenTheBlocksAnimationIsRemoved() throws {
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 1, completion: recordingCompletion(calls, ticking))) {
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        for index in 1...10 { try tick(engine, Double(index) * frame, marking: ticking) }
        try engine.removeAllAnimations(from: layer)
        try tick(engine, 11 * frame, marking: ticking)
        for index in 12...80 { try tick(engine, Double(index) * frame, marking: ticking) }
        #expect(calls.all == [CompletionCall(finished: false, time: 11 * frame, duringTick: true)])
        #expect(try shown(engine, "opacity", layer) == 0, "removal shows the model value")
    }

    @Test func completionOfAnEmptyBlockRunsAtTheNextTick() throws {
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        let (engine, _) = try committedLayer()
        try engine.animate(Self.options(duration: 2, completion: recordingCompletion(calls, ticking))) {}
        #expect(calls.count == 0)
        try tick(engine, frame, marking: ticking)
        #expect(calls.all == [CompletionCall(finished: true, time: frame, duringTick: true)])
    }

    @Test func beginAndCommitAnimationBlockMatchAnimate() throws {
        let (engine, layer) = try committedLayer()
        try engine.beginAnimationBlock(Self.options(duration: 0.5, curve: .easeOut))
        #expect(try engine.transactionSettings().animationDuration == 0.5)
        #expect(try engine.transactionSettings().timingFunction == .easeOut)
        try engine.setValue(.scalar(30), forKeyPath: "zPosition", of: layer)
        try engine.commitAnimationBlock()
        #expect(openFrames(engine) == 0)
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.timing.duration == 0.5)
        #expect(animation.timingFunction == .easeOut)
        #expect(animation.basic?.fromValue == .scalar(0))
        expectError(.invalidState, "one commit too many") { try engine.commitAnimationBlock() }
    }

    @Test func nestedBlocksUseTheirOwnOptionsAndRestoreTheOuterOnes() throws {
        let (engine, layer) = try committedLayer()
        try engine.animate(Self.options(duration: 2, curve: .easeIn)) {
            try engine.animate(Self.options(duration: 0.5, curve: .linear)) {
                try engine.setValue(.scalar(5), forKeyPath: "zPosition", of: layer)
            }
            try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 0.5)
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timingFunction == .linear)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 2)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timingFunction == .easeIn)
    }

    @Test("blocks one after another, with the same options and with others, each animate with their own")
    func successiveBlocksKeepNoStaleSettings() throws {
        let (engine, layer) = try committedLayer()
        let bezier = TimingFunction.cubicBezier(try UnitBezier(x1: 0.3, y1: 0, x2: 0.1, y2: 1))
        // The same options twice, then one field changed at a time, then the first again, then
        // a transaction of its own: the last plan and the thread's cached settings must follow
        // every block (the same values set again, and others), and end with each.
        let blocks: [(Double, TimingFunction, Double)] = [
            (0.5, bezier, 0), (0.5, bezier, 0), (0.5, bezier, 3), (0.5, .easeIn, 3), (2, .easeIn, 3), (0.5, bezier, 0),
        ]
        for (index, (duration, curve, repeatCount)) in blocks.enumerated() {
            try engine.beginAnimationBlock(Self.options(duration: duration, curve: curve, repeatCount: repeatCount))
            try engine.setValue(.scalar(Double(index + 1)), forKeyPath: "zPosition", of: layer)
            try engine.commitAnimationBlock()
            let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
            #expect(animation.timing.duration == duration && animation.timingFunction == curve, "block \(index)")
            #expect(animation.timing.repeatCount == repeatCount, "block \(index)")
        }
        try engine.beginTransaction()
        try engine.setValue(.scalar(9), forKeyPath: "zPosition", of: layer)
        try engine.commitTransaction()
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.timing.duration == 0.25 && animation.timingFunction != bezier, "no block: the defaults")
        #expect(try engine.transactionSettings().animationDuration == 0.25 && openFrames(engine) == 0)
    }

    struct Stop: Error {}

    @Test func blockThatThrowsIsStillCommitted() throws {
        let (engine, layer) = try committedLayer()
        #expect(throws: Stop.self) {
            try engine.animate(Self.options(duration: 0.5)) {
                try engine.setValue(.scalar(40), forKeyPath: "zPosition", of: layer)
                throw Stop()
            }
        }
        #expect(openFrames(engine) == 0)
        #expect(try engine.transactionSettings().animationDuration == 0.25)
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 0.5)
        try engine.tick(frame)
        try engine.tick(frame + 0.25)
        expectNear(try shown(engine, "zPosition", layer), 20, 1e-9, "linear, half way")
    }

    @Test func invalidOptionsAreRefusedAndOpenNothing() throws {
        let engine = Engine()
        for (what, options, code, field) in [
            ("zero duration", Self.options(duration: 0), AnimCoreError.Code.outOfRange, "duration"),
            ("negative duration", Self.options(duration: -1), .outOfRange, "duration"),
            ("NaN duration", Self.options(duration: .nan), .notFinite, "duration"),
            ("infinite delay", Self.options(duration: 1, delay: .infinity), .notFinite, "delay"),
            ("negative delay", Self.options(duration: 1, delay: -0.1), .outOfRange, "delay"),
            ("negative repeat count", Self.options(duration: 1, repeatCount: -1), .outOfRange, "repeatCount"),
            ("NaN repeat count", Self.options(duration: 1, repeatCount: .nan), .notFinite, "repeatCount"),
        ] {
            expectError(code, naming: field, what) { try engine.beginAnimationBlock(options) }
            #expect(openFrames(engine) == 0, "\(what)")
        }
        expectError(.outOfRange, "animate") { try engine.animate(Self.options(duration: 0)) {} }
    }
}
