import Testing

@testable import AnimCore

/// Changing a property while it animates: the new animation starts from the presentation value
/// (no jump), and in additive mode interrupted motion stays continuous in value and velocity.
@Suite struct InterruptionTests {
    /// Samples zPosition 0 → 100 (duration 1, `curve`) for 140 ticks; when `interruptAt` is given,
    /// the target becomes `newTarget` right after that tick.
    static func zPositionRun(
        curve: TimingFunction, interruptAt: Int?, newTarget: Double = 0
    ) throws -> (samples: [Double], presentationAtChange: Double?, afterChange: Double?, model: Double?) {
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = curve }) {
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        var samples: [Double] = [0]
        var atChange: Double?
        var after: Double?
        var model: Double?
        for index in 1...140 {
            try engine.tick(Double(index) * frame)
            let value = try #require(try shown(engine, "zPosition", layer))
            samples.append(value)
            if index == (interruptAt ?? -1) + 1 { after = value }
            if index == interruptAt {
                atChange = value
                try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = curve }) {
                    try engine.setValue(.scalar(newTarget), forKeyPath: "zPosition", of: layer)
                }
                model = try modelNumber(engine, "zPosition", layer)
            }
        }
        return (samples, atChange, after, model)
    }

    @Test(arguments: [("linear", TimingFunction.linear), ("default", .default), ("easeInEaseOut", .easeInEaseOut)])
    func interruptionStartsFromThePresentationWithoutAJump(name: String, curve: TimingFunction) throws {
        let straight = try Self.zPositionRun(curve: curve, interruptAt: nil)
        let uninterruptedStep = largestStep(straight.samples)
        #expect(uninterruptedStep > 0)
        for tick in [8, 24, 40, 56] {
            let run = try Self.zPositionRun(curve: curve, interruptAt: tick)
            let atChange = try #require(run.presentationAtChange)
            #expect(run.model == 0, "\(name): the model takes the new value at once")
            // The tick that starts the new animation shows the value the old one was showing.
            expectNear(run.afterChange, atChange, 1e-9, "\(name) @\(tick): first tick of the new animation")
            // Heading back over at most the distance already covered, with the same curve and
            // duration, no step is larger than the uninterrupted animation's largest.
            let jump = largestStep(run.samples)
            #expect(jump <= uninterruptedStep + 1e-9,
                    "\(name) @\(tick): largest step \(jump) > uninterrupted \(uninterruptedStep)")
            expectNear(run.samples.last, 0, 1e-12, "\(name) @\(tick): ends at the new model value")
        }
    }

    @Test func retargetingForwardContinuesFromThePresentation() throws {
        // 0 → 100, then at half way 100 → 150 (linear): from the presentation value, to 150.
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...33 { try engine.tick(Double(index) * frame) }
        let mid = try #require(try shown(engine, "zPosition", layer))
        expectNear(mid, 50, 1e-9)
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(150), forKeyPath: "zPosition", of: layer)
        }
        let replacement = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(replacement.basic?.fromValue == .scalar(mid))
        #expect(try engine.animationKeys(of: layer) == ["zPosition"], "the old animation is replaced")
        let begin = 34 * frame
        for index in 34...100 {
            let time = Double(index) * frame
            try engine.tick(time)
            expectNear(try shown(engine, "zPosition", layer), mid + (150 - mid) * min((time - begin), 1), 1e-9, "t = \(time)")
        }
    }

    @Test func presentationReadRightAfterAnInterruptionIsStillTheCurrentOne() throws {
        // presentationSlots' contract: "an animation not yet committed keeps the value it was
        // added over". Until the next tick nothing has moved.
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...33 { try engine.tick(Double(index) * frame) }
        let before = try #require(try shown(engine, "zPosition", layer))
        expectNear(before, 50, 1e-9)
        try engine.setValue(.scalar(150), forKeyPath: "zPosition", of: layer)
        expectNear(try shown(engine, "zPosition", layer), before, 1e-9, "presentation right after the change")
    }

    @Test func twoChangesBeforeTheNextTickStillContinueFromThePresentation() throws {
        // Two retargets in one frame (coalesced input): the second change must start where the
        // layer is shown, like the first.
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        var samples: [Double] = [0]
        for index in 1...33 {
            try engine.tick(Double(index) * frame)
            samples.append(try #require(try shown(engine, "zPosition", layer)))
        }
        let before = try #require(samples.last)
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(150), forKeyPath: "zPosition", of: layer)
        }
        try inTransaction(engine, { $0.animationDuration = 1; $0.timingFunction = .linear }) {
            try engine.setValue(.scalar(200), forKeyPath: "zPosition", of: layer)
        }
        let second = try #require(try engine.animation(forKey: "zPosition", of: layer))
        expectNear(number(second.basic?.fromValue), before, 1e-9, "the second change's start value")
        for index in 34...110 {
            try engine.tick(Double(index) * frame)
            samples.append(try #require(try shown(engine, "zPosition", layer)))
        }
        // 50 → 200 in 1 s: 150/64 per tick at most; the uninterrupted 0 → 100 moved 100/64.
        let jump = largestStep(samples)
        #expect(jump <= 150.0 / 64 + 1e-9, "largest step \(jump)")
        expectNear(samples.last, 200, 1e-12)
    }

    // MARK: Additive mode under repeated interruption

    /// The targets, one every `interval` ticks starting right after the tick at 0.
    static let targets: [Double] = [100, 30, 160, 80, 200, 0, 120, 120.5, 40]
    static let interval = 4
    static let duration = 0.5
    static let curve = ReferenceCurve.easeInEaseOut

    enum Mode { case transactionAdditive, blockAdditive, replacing }

    /// Runs the schedule in `mode` and returns the presentation at every tick, checking the model
    /// after each change and the presentation against independently computed values.
    static func schedule(_ mode: Mode) throws -> [Double] {
        let (engine, layer) = try committedLayer()
        var samples: [Double] = [0]
        // Independent bookkeeping: additive contributions (delta, begin) and, for the replacing
        // mode, the one running animation (from, to, begin).
        var contributions: [(delta: Double, begin: Double)] = []
        var replacing: (from: Double, to: Double, begin: Double)?
        var model = 0.0
        let ticks = targets.count * interval + 48
        for index in 0...ticks {
            let time = Double(index) * frame
            if index > 0 {
                try engine.tick(time)
                let value = try #require(try shown(engine, "zPosition", layer))
                samples.append(value)
                var expected: Double
                switch mode {
                case .transactionAdditive, .blockAdditive:
                    expected = model
                    for c in contributions where time < c.begin + duration {
                        expected += c.delta * (1 - curve(max(0, (time - c.begin) / duration)))
                    }
                case .replacing:
                    if let r = replacing {
                        expected = r.from + (r.to - r.from) * curve(min(max(0, (time - r.begin) / duration), 1))
                    } else {
                        expected = model
                    }
                }
                expectNear(value, expected, 1e-9, "\(mode) t = \(time)")
            }
            guard index % interval == 0, index / interval < targets.count else { continue }
            let target = targets[index / interval]
            let presentation = samples.last ?? 0
            switch mode {
            case .transactionAdditive, .replacing:
                try inTransaction(engine, {
                    $0.animationDuration = duration
                    $0.timingFunction = .easeInEaseOut
                    if mode == .transactionAdditive { $0.additiveImplicitAnimations = true }
                }) {
                    try engine.setValue(.scalar(target), forKeyPath: "zPosition", of: layer)
                }
            case .blockAdditive:
                var options = AnimationBlockOptions()
                options.duration = duration
                options.curve = .easeInEaseOut
                options.additive = true
                try engine.animate(options) {
                    try engine.setValue(.scalar(target), forKeyPath: "zPosition", of: layer)
                }
            }
            #expect(try modelNumber(engine, "zPosition", layer) == target, "\(mode): the model takes \(target) at once")
            contributions.append((model - target, time + frame))
            replacing = (presentation, target, time + frame)
            model = target
        }
        expectNear(samples.last, targets.last!, 1e-12, "\(mode): ends at the final model value")
        #expect(try engine.animationKeys(of: layer).isEmpty, "\(mode): every animation is gone at the end")
        return samples
    }

    @Test func additiveAnimationsKeepRepeatedInterruptionsContinuous() throws {
        let additive = try Self.schedule(.transactionAdditive)
        let block = try Self.schedule(.blockAdditive)
        let replacing = try Self.schedule(.replacing)
        #expect(additive == block, "the transaction setting and the block option behave the same")
        // One uninterrupted animation over the largest single change of the schedule.
        let largestChange = zip(Self.targets, [0] + Self.targets).map { abs($0 - $1) }.max()!
        var single: [Double] = []
        for index in 0...40 {
            single.append(largestChange * Self.curve(min(Double(index) * frame / Self.duration, 1)))
        }
        let singleStep = largestStep(single)
        let additiveJump = largestStep(additive)
        let replacingJump = largestStep(replacing)
        // Neither mode jumps: no step is larger than that of one uninterrupted animation over the
        // schedule's largest change (measured: additive ≈ 6.35, replacing ≈ 1.88, bound ≈ 10.75).
        #expect(additiveJump <= singleStep, "additive largest step \(additiveJump) > \(singleStep)")
        #expect(replacingJump <= singleStep, "replacing largest step \(replacingJump) > \(singleStep)")
        // Additive motion keeps its velocity through each interruption; replacing animations
        // restart from the curve's zero initial slope, so their per-tick step collapses at every
        // interruption (measured: ≈ 0.72 against ≈ 1.88).
        let additiveKink = largestStepChange(additive)
        let replacingKink = largestStepChange(replacing)
        #expect(additiveKink < replacingKink, "velocity change: additive \(additiveKink), replacing \(replacingKink)")
        // Replacing animations stall: they never get as fast as the additive motion.
        #expect(replacingJump < additiveJump)
    }

    @Test func additiveKeysAreUniqueAndTheModelIsTheLastValue() throws {
        let (engine, layer) = try committedLayer()
        for (index, target) in [10.0, 20, 30].enumerated() {
            try inTransaction(engine, { $0.additiveImplicitAnimations = true }) {
                try engine.setValue(.scalar(target), forKeyPath: "zPosition", of: layer)
            }
            #expect(try engine.animationKeys(of: layer).count == index + 1)
        }
        let keys = try engine.animationKeys(of: layer)
        #expect(Set(keys).count == 3)
        for key in keys {
            let animation = try #require(try engine.animation(forKey: key, of: layer))
            #expect(animation.isAdditive)
            #expect(animation.keyPath == "zPosition")
            #expect(animation.basic?.toValue == .scalar(0))
            #expect(animation.basic?.fromValue == .scalar(-10), "old − new of each step")
        }
        #expect(try modelNumber(engine, "zPosition", layer) == 30)
        try engine.tick(frame)
        expectNear(try shown(engine, "zPosition", layer), 0, 1e-12, "all three start at their old values")
    }
}
