import Testing

@testable import AnimCore

/// Groups in the steady lane: a group whose children are plain animations joins with them in
/// one entry; every tick's presentation (to the bit) and the group's callbacks are the general
/// walk's.
@Suite("Steady lane: groups")
struct SteadyLaneGroupTests {
    /// Runs `build` on an engine with the lane off and one with it on, ticking at 60 Hz for
    /// `frames`; the presentations of `keys` as bit patterns, the callbacks, and the most
    /// entries the lane held.
    static func run(
        frames: Int, keys: [String], _ build: (Engine, LayerID, Log<String>) throws -> Void
    ) throws -> (general: [UInt64], lane: [UInt64], logs: [[String]], steady: Int) {
        var bits: [[UInt64]] = []
        var logs: [[String]] = []
        var steady = 0
        for lane in [false, true] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            let layer = try engine.makeLayerHandle()
            try engine.tick(0)
            let log = Log<String>()
            try build(engine, layer, log)
            var run: [UInt64] = []
            for frame in 1...frames {
                try engine.tick(Double(frame) / 60)
                log.add("tick \(frame)")
                if lane { steady = max(steady, engine.steadyAnimationCount) }
                for key in keys {
                    var slots = [Double](repeating: 0, count: 16)
                    let value = try #require(try engine.presentationValue(forKeyPath: key, of: layer))
                    slots.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
                    run += slots.map(\.bitPattern)
                }
            }
            bits.append(run)
            logs.append(log.all)
        }
        return (bits[0], bits[1], logs, steady)
    }

    /// A group of 2 s: a position child that begins late and ends early (backwards and forwards
    /// fills), an opacity spring, bounds keyframes, an additive rotation, eased by the group's
    /// curve; its delegate logs.
    static func group(_ log: Log<String>) -> Animation {
        var position = Animation(keyPath: "position", kind: .basic(BasicParameters(fromValue: .point(x: 0, y: 0), toValue: .point(x: 90, y: 40))))
        position.timing.beginTime = 0.3
        position.timing.duration = 0.9
        position.timing.fillMode = .both
        let spring = Animation(
            keyPath: "opacity",
            kind: .spring(BasicParameters(fromValue: .scalar(0.2), toValue: .scalar(1)), Spring(mass: 1, stiffness: 120, damping: 9)))
        var bounds = KeyframeParameters()
        bounds.values = [.rect(x: 0, y: 0, width: 10, height: 10), .rect(x: 0, y: 0, width: 80, height: 20), .rect(x: 0, y: 0, width: 30, height: 60)]
        bounds.calculationMode = .cubic
        var turn = Animation(keyPath: "transform.rotation.z", kind: .basic(BasicParameters(byValue: .scalar(1.5))))
        turn.isAdditive = true
        var group = Animation.group([position, spring, Animation(keyPath: "bounds", kind: .keyframe(bounds)), turn])
        group.timing.duration = 2
        group.timingFunction = .easeInEaseOut
        group.delegate = AnimationDelegate(
            didStart: { _ in log.add("start") }, didStop: { _, finished in log.add("stop \(finished)") })
        return group
    }

    @Test("a group with plain children: one lane entry; values to the bit and callbacks as the general walk's")
    func plainChildren() throws {
        let keys = ["position", "opacity", "bounds", "transform"]
        let result = try Self.run(frames: 150, keys: keys) { engine, layer, log in
            try engine.setValue(.transform3D(Transform3D(scaleX: 2, y: 1, z: 1)), forKeyPath: "transform", of: layer)
            try engine.addAnimation(Self.group(log), forKey: "g", to: layer)
        }
        #expect(result.steady == 1, "the group joined the lane")
        #expect(result.general == result.lane, "lane and general walk differ")
        #expect(result.logs[0] == result.logs[1])
        #expect(result.logs[1].contains("stop true"))
    }

    @Test("a group beside another animation of the layer, then one of its properties animated apart: lane == general walk")
    func besideOthers() throws {
        let keys = ["position", "opacity", "bounds", "transform", "zPosition"]
        let result = try Self.run(frames: 150, keys: keys) { engine, layer, log in
            try engine.addAnimation(Self.group(log), forKey: "g", to: layer)
            var lift = Animation(keyPath: "zPosition", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(5))))
            lift.timing.duration = 1
            try engine.addAnimation(lift, forKey: "z", to: layer)
        }
        #expect(result.steady == 2, "the group and the other animation joined the lane")
        #expect(result.general == result.lane, "lane and general walk differ")
        #expect(result.logs[0] == result.logs[1])
        // A second animation of the group's opacity keeps the group out of the lane.
        let shared = try Self.run(frames: 60, keys: keys) { engine, layer, log in
            try engine.addAnimation(Self.group(log), forKey: "g", to: layer)
            var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(1), toValue: .scalar(0))))
            fade.timing.duration = 1
            fade.isAdditive = true
            try engine.addAnimation(fade, forKey: "f", to: layer)
        }
        #expect(shared.steady == 0)
        #expect(shared.general == shared.lane)
    }
}
