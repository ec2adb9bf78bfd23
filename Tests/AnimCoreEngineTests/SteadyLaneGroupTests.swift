import Testing

@testable import AnimCore

/// Groups in the steady lane: a group whose children are plain animations joins with them in
/// one entry; every tick's presentation (to the bit) and the group's callbacks are the general
/// walk's (`LaneComparison`).
@Suite("Steady lane: groups")
struct SteadyLaneGroupTests {
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
        let result = try LaneComparison.run(times: LaneComparison.frames(150), keys: keys) { engine, layers, log in
            try engine.setValue(.transform3D(Transform3D(scaleX: 2, y: 1, z: 1)), forKeyPath: "transform", of: layers[0])
            try engine.addAnimation(Self.group(log), forKey: "g", to: layers[0])
        }
        #expect(result.steady == 1, "the group joined the lane")
        #expect(result.bits[0] == result.bits[1], "lane and general walk differ")
        #expect(result.logs[0] == result.logs[1])
        #expect(result.logs[1].contains("stop true"))
    }

    @Test("a group beside another animation of the layer, then one of its properties animated apart: lane == general walk")
    func besideOthers() throws {
        let keys = ["position", "opacity", "bounds", "transform", "zPosition"]
        let result = try LaneComparison.run(times: LaneComparison.frames(150), keys: keys) { engine, layers, log in
            try engine.addAnimation(Self.group(log), forKey: "g", to: layers[0])
            var lift = Animation(keyPath: "zPosition", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(5))))
            lift.timing.duration = 1
            try engine.addAnimation(lift, forKey: "z", to: layers[0])
        }
        #expect(result.steady == 2, "the group and the other animation joined the lane")
        #expect(result.bits[0] == result.bits[1], "lane and general walk differ")
        #expect(result.logs[0] == result.logs[1])
        // A second animation of the group's opacity keeps the group out of the lane.
        let shared = try LaneComparison.run(times: LaneComparison.frames(60), keys: keys) { engine, layers, log in
            try engine.addAnimation(Self.group(log), forKey: "g", to: layers[0])
            var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(1), toValue: .scalar(0))))
            fade.timing.duration = 1
            fade.isAdditive = true
            try engine.addAnimation(fade, forKey: "f", to: layers[0])
        }
        #expect(shared.steady == 0)
        #expect(shared.bits[0] == shared.bits[1])
    }
}
