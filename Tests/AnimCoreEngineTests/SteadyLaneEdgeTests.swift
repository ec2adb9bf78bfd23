// Edge cases where the steady lane must give the general walk's value to the bit (a
// cumulative scalar at a fraction of 1; a script of tree, timing and key changes).
import Testing

@testable import AnimCore

@Suite("Steady lane edge cases")
struct SteadyLaneEdgeTests {
    /// The presentation of scalar `key` on one layer, the lane off and on (`LaneComparison`),
    /// after each tick of `times` (a first tick at 0 commits the animation, beginning at 0), as
    /// bit patterns; and the most lane entries seen.
    static func compare(_ animation: Animation, key: String, times: [Double]) throws -> [(Double, UInt64, UInt64, Int)] {
        let out = try LaneComparison.run(times: [0] + times, keys: [key]) { engine, layers, _ in
            try engine.addAnimation(animation, forKey: "a", to: layers[0])
        }
        return zip(times, zip(out.bits[0].dropFirst(), out.bits[1].dropFirst())).map { ($0, $1.0[0], $1.1[0], out.steady) }
    }

    @Test("a cumulative scalar basic animation in its first cycle: lane == general walk to the bit")
    func cumulativeScalar() throws {
        var animation = Animation(
            keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0.2), toValue: .scalar(0.9))))
        animation.timing.duration = 1
        animation.timing.repeatCount = 2
        animation.isCumulative = true
        // Reaches 1 (in floating point) before the end of the cycle: 1 − (1 − t)³ with x = t³.
        animation.timingFunction = .cubicBezier(try UnitBezier(x1: 0, y1: 1, x2: 0, y2: 1))
        let times = [0.1, 0.5, 0.9, 0.9999, 0.99999, 0.999999]
        let rows = try Self.compare(animation, key: "opacity", times: times)
        #expect(rows.first?.3 == 1, "the animation joined the lane")
        for (time, general, lane, _) in rows {
            #expect(
                general == lane,
                "t = \(time): general walk \(Double(bitPattern: general)), lane \(Double(bitPattern: lane))")
        }
    }
}

extension SteadyLaneEdgeTests {
    @Test("decays: a free one (the lane's own loop) and one that springs back at a bound (its record): lane == general walk to the bit")
    func decays() throws {
        let free = DecayParameters(fromValue: .scalar(0), velocity: .scalar(400))
        var bounded = DecayParameters(fromValue: .scalar(0), velocity: .scalar(1000))
        bounded.upperBound = .scalar(200)
        for parameters in [free, bounded] {
            let times = (1...90).map { Double($0) / 60 }
            let rows = try Self.compare(Animation(keyPath: "opacity", kind: .decay(parameters)), key: "opacity", times: times)
            #expect(rows.first?.3 == 1, "the decay joined the lane")
            for (time, general, lane, _) in rows {
                #expect(general == lane, "t = \(time): general walk \(Double(bitPattern: general)), lane \(Double(bitPattern: lane))")
            }
        }
    }
}

@Suite("Steady lane through layer and tree changes")
struct SteadyLaneScriptTests {
    static let keys = ["opacity", "position", "bounds", "transform"]

    final class World {
        let engine = Engine()
        var layers: [LayerID] = []
        let parent: LayerID
        init(lane: Bool) throws {
            engine.setSteadyLaneEnabled(lane)
            parent = try engine.makeLayerHandle()
            for _ in 0..<8 { layers.append(try engine.makeLayerHandle()) }
            try engine.tick(0)
        }
        func basic(_ key: String, _ from: Value, _ to: Value, duration: Double = 3) -> Animation {
            var animation = Animation(keyPath: key, kind: .basic(BasicParameters(fromValue: from, toValue: to)))
            animation.timing.duration = duration
            animation.timingFunction = .easeInEaseOut
            return animation
        }
        func values() throws -> [Value?] {
            var result: [Value?] = []
            for layer in layers + [parent] where engine.isValid(layer) {
                for key in SteadyLaneScriptTests.keys { result.append(try engine.presentationValue(forKeyPath: key, of: layer)) }
            }
            return result
        }
        func step(_ frame: Int) throws {
            let e = engine
            switch frame {
            case 1:
                for (index, layer) in layers.enumerated() {
                    try e.addAnimation(basic("opacity", .scalar(0), .scalar(1), duration: 2 + Double(index) * 0.1), forKey: "fade", to: layer)
                }
                var additive = basic("position", .point(x: 0, y: 0), .point(x: 10, y: 20))
                additive.isAdditive = true
                try e.addAnimation(additive, forKey: "nudge", to: layers[1])
                try e.setValue(.rect(x: 0, y: 0, width: 40, height: 30), forKeyPath: "bounds", of: layers[2])  // implicit
            case 4:
                // Under a parent (engine time), then the parent's speed set by a batch.
                try e.addSublayer(layers[3], to: parent)
                var two = [2.0]
                try two.withUnsafeMutableBufferPointer { numbers in
                    try [parent].withUnsafeBufferPointer { batch in
                        try e.setValues(forKey: e.key("speed"), of: batch, kind: .scalar, from: numbers.baseAddress!)
                    }
                }
            case 6:
                // A layer's own beginTime by a batch, timeOffset by a key path.
                var begin = [0.25]
                try begin.withUnsafeMutableBufferPointer { numbers in
                    try [layers[4]].withUnsafeBufferPointer { batch in
                        try e.setValues(forKey: e.key("beginTime"), of: batch, kind: .scalar, from: numbers.baseAddress!)
                    }
                }
                try e.setValue(.scalar(0.5), forKeyPath: "timeOffset", of: layers[6])
            case 8:
                try e.removeAllAnimations(from: layers[5])
                try e.addAnimation(basic("opacity", .scalar(1), .scalar(0.5)), forKey: "fade", to: layers[5])
                // Replaced under the same key.
                try e.addAnimation(basic("opacity", .scalar(0.3), .scalar(0.6)), forKey: "fade", to: layers[7])
            case 10:
                // A released layer's slot goes to a new one, animated.
                try e.release(layers[0])
                let fresh = try e.makeLayerHandle()
                layers[0] = fresh
                try e.addAnimation(basic("opacity", .scalar(0.9), .scalar(0.1)), forKey: "fade", to: fresh)
            case 12:
                // The model under an additive and an implicit animation changes, no action.
                try e.transaction { () throws(AnimCoreError) in
                    try e.modifyTransaction { $0.disableActions = true }
                    try e.setValue(.point(x: 5, y: 7), forKeyPath: "position", of: layers[1])
                    try e.setValue(.rect(x: 0, y: 0, width: 80, height: 10), forKeyPath: "bounds", of: layers[2])
                }
                try e.setValue(.scalar(1), forKeyPath: "speed", of: parent)
            case 14:
                try e.replaceSublayer(layers[3], with: layers[7])
                try e.setValue(.scalar(0.5), forKeyPath: "speed", of: parent)
                try e.setValue(.scalar(0), forKeyPath: "beginTime", of: layers[4])
                try e.setValue(.scalar(0), forKeyPath: "timeOffset", of: layers[6])
            case 16:
                try e.setGlobalSpeed(3)
            default:
                break
            }
        }
    }

    @Test("layer clocks read in the lane (a timed layer under engine time) and through the walk, as the tree and timings change: lane == general walk to the bit")
    func laneLayerClocks() throws {
        // 0: a root at its own speed; 2 under the untimed root 1 at its own speed, 3 under 2.
        let times = LaneComparison.frames(80)
        let checked = [9, 19, 29, 39, 49, 54, 59, 64, 69, 74, 80]
        let out = try LaneComparison.run(
            layers: 4, times: times, keys: ["opacity"],
            prepare: { engine, layers in
                try engine.setValue(.scalar(1.5), forKeyPath: "speed", of: layers[0])
                try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: layers[2])
                try engine.addSublayer(layers[2], to: layers[1])
                try engine.addSublayer(layers[3], to: layers[2])
            },
            { engine, layers, _ in
                for (index, layer) in layers.enumerated() where index != 1 {
                    var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
                    fade.timing.duration = 0.2 + 0.05 * Double(index)
                    fade.timing.repeatCount = .infinity
                    fade.timingFunction = .easeInEaseOut
                    try engine.addAnimation(fade, forKey: "fade", to: layer)
                }
            },
            step: { engine, layers, log, tick in
                // The lane's count, and how many entries' times the walk computes first.
                if checked.contains(tick) {
                    log.add("lane \(engine.steadyAnimationCount) walked \(engine.steadyLaneWalkedTimeLayerCount)")
                }
                for issue in engine.bookkeepingIssues() { log.add("tick \(tick): \(issue)") }
                switch tick {
                case 10: try engine.setValue(.scalar(3), forKeyPath: "speed", of: layers[0])  // a clock's own change
                case 20: try engine.setValue(.scalar(2), forKeyPath: "speed", of: layers[1])  // 2's superlayer timed
                case 30: try engine.addSublayer(layers[0], to: layers[2])  // 0 under a timed layer
                case 40: try engine.setValue(.scalar(1), forKeyPath: "speed", of: layers[1])  // untimed again
                case 50: try engine.setValue(.scalar(0.3), forKeyPath: "timeOffset", of: layers[2])
                case 55: try engine.removeFromSuperlayer(layers[0])  // a root again
                case 60: try engine.addSublayer(layers[1], to: layers[0])  // 2's untimed superlayer under a timed one
                case 65: try engine.setValue(.scalar(0), forKeyPath: "speed", of: layers[0])  // paused
                case 70: try engine.setValue(.scalar(0.7), forKeyPath: "beginTime", of: layers[0])
                case 75: try engine.removeFromSuperlayer(layers[1])  // 2 under engine time again
                default: break
                }
            })
        for tick in times.indices where out.bits[0][tick] != out.bits[1][tick] {
            Issue.record("tick \(tick + 1): lane \(out.bits[1][tick]), general walk \(out.bits[0][tick])")
            return
        }
        // Before each change the animations had joined the lane again, and the walk computed
        // first the times of the entries whose time layer is under a timed layer only: 2 and 3
        // under 1 at speed 2 (ticks 20-39), and 0 too under 2 (30-39); 0 alone under 2 once 1
        // is untimed (40-54); 2 and 3 under 1 under 0 (60-74). Paused at 65, 0's time becomes its
        // timeOffset, 0, where one of the animations on it or under it is not in effect: it
        // leaves the lane for the walk.
        let lane = [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2], walked = [0, 0, 2, 3, 1, 1, 0, 2, 2, 2, 0]
        #expect(out.logs[1].filter { $0.hasPrefix("lane") } == zip(lane, walked).map { "lane \($0) walked \($1)" })
        #expect(out.logs.allSatisfy { !$0.contains { $0.contains(": ") } }, "audit: \(out.logs)")
    }

    @Test("replace, reparent, batch timing sets, removeAll, same-key replacement, slot reuse, model changes: lane == general walk")
    func script() throws {
        let worlds = [try World(lane: false), try World(lane: true)]
        var time = 0.0
        var mostSteady = 0
        for frame in 1...40 {
            time += frame == 20 ? -0.4 : 0.05
            for world in worlds {
                try world.step(frame)
                try world.engine.tick(time)
            }
            mostSteady = max(mostSteady, worlds[1].engine.steadyAnimationCount)
            let (general, lane) = (try worlds[0].values(), try worlds[1].values())
            if let at = zip(general, lane).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record("frame \(frame): value \(at.offset) general \(String(describing: at.element.0)) lane \(String(describing: at.element.1))")
                return
            }
        }
        #expect(mostSteady >= 6)
    }

    @Test("an animation refused for sharing its property joins once the other is removed")
    func refusedUntilTheLayerChanges() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        for key in ["a", "b"] {
            var animation = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
            animation.timing.duration = 10
            animation.isAdditive = key == "b"
            try engine.addAnimation(animation, forKey: key, to: layer)
        }
        for time in [0.0, 0.1, 0.2, 0.3] { try engine.tick(time) }
        #expect(engine.steadyAnimationCount == 0)
        try engine.removeAnimation(forKey: "b", from: layer)
        try engine.tick(0.4)
        try engine.tick(0.5)
        #expect(engine.steadyAnimationCount == 1)
        expectNear(scalar(try engine.presentationValue(forKeyPath: "opacity", of: layer)), 0.05, 1e-12)
    }
}

extension SteadyLaneEdgeTests {
    /// Changes the layers at `indexes` to values of their own in one transaction with `spring`.
    static func springChanges(_ engine: Engine, _ layers: [LayerID], _ indexes: [Int], _ spring: Spring, round: Int) throws {
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.spring = spring }
        for index in indexes {
            let x = Double(index * 7 % 11) + Double(round) * 3
            try engine.setValue(.scalar(x / 20), forKeyPath: "opacity", of: layers[index])
            try engine.setValue(.point(x: 10 * x, y: -4 * x), forKeyPath: "position", of: layers[index])
        }
        try engine.commitTransaction()
    }

    @Test("implicit springs started together share their motion in the lane and in the velocities they carry: runs of one spring between runs of another, fresh and retargeted in flight, lane == general walk == the same changes made one by one with the springs alternating, to the bit, values and velocities")
    func springsStartedTogether() throws {
        let first = Spring(stiffness: 150, damping: 12)
        let second = Spring(mass: 2, stiffness: 150, damping: 12)
        // Ticks 1 and 12: the changes, committed by the tick. In runs: three transactions, so
        // the lane takes each run's springs one after another and the shared motion holds
        // through a run and changes at its ends. One by one: a transaction per layer, in
        // reverse order, the springs alternating, so nothing is shared. At 12 every layer is
        // moving: the changes carry their presentation's velocity.
        let rounds: [Int: [(ClosedRange<Int>, Spring)]] = [
            1: [(0...9, first), (10...19, second), (20...29, first)],
            12: [(0...7, second), (8...22, first), (23...29, second)],
        ]
        func scenario(oneByOne: Bool) throws -> LaneComparison.Outcome {
            try LaneComparison.run(
                layers: 30, times: LaneComparison.frames(45), keys: ["opacity", "position"], velocity: true
            ) { _, _, _ in
            } step: { engine, layers, _, tick in
                guard let runs = rounds[tick] else { return }
                let round = tick == 1 ? 0 : 1
                if oneByOne {
                    let springOf = { (index: Int) in runs.first { $0.0.contains(index) }!.1 }
                    for index in (0..<30).reversed() {
                        try Self.springChanges(engine, layers, [index], springOf(index), round: round)
                    }
                } else {
                    for (range, spring) in runs { try Self.springChanges(engine, layers, Array(range), spring, round: round) }
                }
            }
        }
        let together = try scenario(oneByOne: false)
        let apart = try scenario(oneByOne: true)
        #expect(together.steady == 60 && apart.steady == 60, "every spring joined the lane: \(together.steady), \(apart.steady)")
        #expect(together.bits[0] == together.bits[1], "in runs: lane and general walk differ")
        #expect(apart.bits[0] == apart.bits[1], "one by one: lane and general walk differ")
        #expect(together.bits[1] == apart.bits[1], "the springs started together differ from the same changes made one by one")
        // The springs moved (the comparison is not of values at rest).
        #expect(together.bits[1][20].map(Double.init(bitPattern:)).contains { $0 != 0 && $0.isFinite })
    }
}

extension SteadyLaneEdgeTests {
    @Test("transform.rotation.z between two angles (a scalarComponent entry) over model transforms that scale, skew, mirror, move, turn to 3D and change while it runs: lane == general walk to the bit")
    func rotationComponentOverModels() throws {
        let skew = Transform3D(
            m11: 2, m12: 0.5, m13: 0, m14: 0, m21: 0.75, m22: 1.5, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 7, m42: -3, m43: 0, m44: 1)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let models: [Transform3D] = [
            .identity, Transform3D(scaleX: 3, y: 0.5, z: 1), skew, Transform3D(scaleX: -1, y: 1, z: 1),
            Transform3D(translationX: 10, y: 20, z: 0), perspective,
        ]
        let out = try LaneComparison.run(
            layers: models.count, times: LaneComparison.frames(40), keys: ["transform"],
            prepare: { engine, layers in
                for (layer, model) in zip(layers, models) { try engine.setValue(.transform3D(model), forKeyPath: "transform", of: layer) }
            }
        ) { engine, layers, _ in
            for (index, layer) in layers.enumerated() {
                var turn = Animation(keyPath: "transform.rotation.z", kind: .basic(BasicParameters(fromValue: .scalar(-0.4), toValue: .scalar(2.5))))
                turn.timing.duration = 0.5
                turn.timingFunction = index % 2 == 0 ? .easeIn : nil
                try engine.addAnimation(turn, forKey: "turn", to: layer)
            }
        } step: { engine, layers, _, frame in
            // Model changes with no action while the turns run: to another shape and back.
            guard frame == 12 || frame == 24 else { return }
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.disableActions = true }
            for (index, layer) in layers.enumerated() {
                let model = models[(index + frame / 12) % models.count]
                try engine.setValue(.transform3D(model), forKeyPath: "transform", of: layer)
            }
            try engine.commitTransaction()
        }
        #expect(out.steady == models.count, "every turn joined the lane")
        #expect(out.bits[0] == out.bits[1])
        #expect(Set(out.bits[1][20]).count > 2, "the transforms moved")
    }
}

extension SteadyLaneEdgeTests {
    @Test("repeating animations through many cycles, a jump of thousands and time run back: lane == general walk to the bit")
    func cyclesCarriedFromFrameToFrame() throws {
        // Each layer's animation starts at its own point in its cycle; the lane keeps each
        // one's count of cycles from frame to frame, which a jump forward or back makes wrong.
        var times = LaneComparison.frames(150)
        times += [7_000.25, 7_000.25 + 1.0 / 60, 7_000.3, 3.5, 3.5 + 1.0 / 60, 0.2, 9e6, 2.0]
        let out = try LaneComparison.run(layers: 6, times: [0] + times, keys: ["opacity"]) { engine, layers, _ in
            for (index, layer) in layers.enumerated() {
                var animation = Animation(
                    keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0.1), toValue: .scalar(0.8))))
                animation.timing.duration = [0.3, 1.0 / 3, 0.7, 0.25, 1.1, 0.05][index]
                animation.timing.repeatCount = .infinity
                animation.timing.autoreverses = index % 2 == 1
                animation.timing.speed = index == 4 ? 1.7 : 1
                animation.timing.timeOffset = 0.13 * Double(index)
                animation.timingFunction = .easeInEaseOut
                try engine.addAnimation(animation, forKey: "a", to: layer)
            }
        }
        #expect(out.steady == 6, "every animation joined the lane")
        for (tick, time) in times.enumerated() {
            #expect(out.bits[0][tick + 1] == out.bits[1][tick + 1], "t = \(time): general walk and lane differ")
        }
    }

    @Test("a lane entry keeps its count of cycles in the padding after its timing: 128 bytes")
    func entrySize() {
        #expect(MemoryLayout<SteadyEntry>.stride == 128, "a lane entry is \(MemoryLayout<SteadyEntry>.stride) bytes")
        #expect(MemoryLayout<SteadyEntry>.offset(of: \.activeParentDuration)! == MemoryLayout<MediaTiming>.stride,
                "the count of cycles sits in the padding after the timing")
    }
}

extension SteadyLaneEdgeTests {
    /// Adds a repeating, eased opacity fade to each layer of `layers`, each of its own duration.
    static func addFades(_ engine: Engine, to layers: [LayerID]) throws {
        for (index, layer) in layers.enumerated() {
            var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
            fade.timing.duration = 0.2 + 0.05 * Double(index)
            fade.timing.repeatCount = .infinity
            fade.timingFunction = .easeInEaseOut
            try engine.addAnimation(fade, forKey: "fade", to: layer)
        }
    }

    /// The lane's entries and the entries whose time the tick's walk computes first, as the
    /// scenarios below log them.
    static func laneCounts(_ engine: Engine) -> String {
        "lane \(engine.steadyAnimationCount) walked \(engine.steadyLaneWalkedTimeLayerCount)"
    }

    @Test("superlayers destroyed while their timed sublayers live (an untimed root, then a timed layer): lane == general walk to the bit, the lane's clocks audited")
    func destroyedSuperlayers() throws {
        // 0: an untimed root holding 1 (speed 0.5, holding 2) and 3 (speed 2). The host holds a
        // reference to each and drops 0's at tick 20 (1 and 3 become roots), then 3's at 40,
        // when 1 is under it.
        let checked = [19, 29, 39, 49, 60]
        let out = try LaneComparison.run(
            layers: 4, times: LaneComparison.frames(60), keys: ["opacity"],
            prepare: { engine, layers in
                try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: layers[1])
                try engine.setValue(.scalar(2), forKeyPath: "speed", of: layers[3])
                try engine.addSublayer(layers[1], to: layers[0])
                try engine.addSublayer(layers[2], to: layers[1])
                try engine.addSublayer(layers[3], to: layers[0])
            },
            { engine, layers, _ in try Self.addFades(engine, to: layers) },
            step: { engine, layers, log, tick in
                if checked.contains(tick) { log.add(Self.laneCounts(engine)) }
                for issue in engine.bookkeepingIssues() { log.add("tick \(tick): \(issue)") }
                switch tick {
                case 20: try engine.release(layers[0])  // destroyed: 1 and 3 are roots
                case 30: try engine.addSublayer(layers[1], to: layers[3])  // 1 under a timed layer
                case 40: try engine.release(layers[3])  // destroyed above 1, a root again
                case 50: try engine.setValue(.scalar(1), forKeyPath: "speed", of: layers[1])  // 1 and 2 on engine time
                default: break
                }
            })
        for tick in out.bits[0].indices where out.bits[0][tick] != out.bits[1][tick] {
            Issue.record("tick \(tick + 1): lane \(out.bits[1][tick]), general walk \(out.bits[0][tick])")
            return
        }
        // Before each change the fades had joined the lane again. Only the entries under a
        // timed superlayer need the walk first: 1's and 2's under 3 (ticks 30-39).
        let lane = [4, 3, 3, 2, 2], walked = [0, 0, 2, 0, 0]
        #expect(out.logs[1].filter { $0.hasPrefix("lane") } == zip(lane, walked).map { "lane \($0) walked \($1)" })
        #expect(out.logs.allSatisfy { !$0.contains { $0.contains(": ") } }, "audit: \(out.logs)")
    }

    @Test("a mask's animations under its host's timing, as the host's and its superlayer's timings and the mask's host change: lane == general walk to the bit, the lane's clocks audited")
    func maskUnderTimedHost() throws {
        // 0: a host at speed 2 with mask 1, under the untimed root 3; 2: an untimed root host.
        let checked = [14, 24, 34, 44, 54, 64, 70]
        let out = try LaneComparison.run(
            layers: 4, times: LaneComparison.frames(70), keys: ["opacity"],
            prepare: { engine, layers in
                try engine.setValue(.scalar(2), forKeyPath: "speed", of: layers[0])
                try engine.setMask(layers[1], of: layers[0], names: (layer: "layer", mask: "mask"))
                try engine.addSublayer(layers[0], to: layers[3])
            },
            { engine, layers, _ in try Self.addFades(engine, to: layers) },
            step: { engine, layers, log, tick in
                if checked.contains(tick) { log.add(Self.laneCounts(engine)) }
                for issue in engine.bookkeepingIssues() { log.add("tick \(tick): \(issue)") }
                let names = (layer: "layer", mask: "mask")
                switch tick {
                case 15: try engine.setValue(.scalar(0.25), forKeyPath: "timeOffset", of: layers[0])  // the host's clock
                case 25: try engine.setValue(.scalar(3), forKeyPath: "speed", of: layers[3])  // the host under a timed layer
                case 35: try engine.setMask(nil, of: layers[0], names: names)  // the mask a root
                case 45: try engine.setMask(layers[1], of: layers[2], names: names)  // under an untimed host
                case 55: try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: layers[2])  // that host timed
                case 65: try engine.setValue(.scalar(1.5), forKeyPath: "speed", of: layers[1])  // the mask's own timing
                default: break
                }
            })
        for tick in out.bits[0].indices where out.bits[0][tick] != out.bits[1][tick] {
            Issue.record("tick \(tick + 1): lane \(out.bits[1][tick]), general walk \(out.bits[0][tick])")
            return
        }
        // The mask runs on its host's time: read from the host's clock while the host is a
        // timed layer under untimed ones (ticks 1-24, 55-64), walked first while the host is
        // under a timed layer (25-34); from tick 65, on its own clock under a timed host, walked
        // too. The host's own fade is walked from tick 25 on (3 stays timed).
        let lane = [4, 4, 4, 4, 4, 4, 4], walked = [0, 0, 2, 1, 1, 1, 2]
        #expect(out.logs[1].filter { $0.hasPrefix("lane") } == zip(lane, walked).map { "lane \($0) walked \($1)" })
        #expect(out.logs.allSatisfy { !$0.contains { $0.contains(": ") } }, "audit: \(out.logs)")
    }
}
