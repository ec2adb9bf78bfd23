// The steady lane's path keyframes that read what lies underneath: an additive path, and a path
// on a component (bounds.origin) whose model changes under it, give the general walk's value to
// the bit.
import Testing

@testable import AnimCore

@Suite("Steady lane: paths over what lies underneath")
struct SteadyLanePathTests {
    /// Presentation of `keys` on one layer (model position, bounds and a scaled transform),
    /// lane off then on, after a tick at 0 and each of 100 ticks at 60 Hz (the model bounds
    /// changing without an action before the tick at 30/60 s).
    static func run(_ animation: Animation, keys: [String]) throws -> LaneComparison.Outcome {
        try LaneComparison.run(
            times: (0...100).map { Double($0) / 60 }, keys: keys,
            prepare: { engine, layers in
                try engine.setValue(.point(x: 10, y: 20), forKeyPath: "position", of: layers[0])
                try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 30), forKeyPath: "bounds", of: layers[0])
                try engine.setValue(.transform3D(Transform3D(scaleX: 2, y: 2, z: 1)), forKeyPath: "transform", of: layers[0])
            }
        ) { engine, layers, _ in
            try engine.addAnimation(animation, forKey: "a", to: layers[0])
        } step: { engine, layers, _, tick in
            guard tick == 31 else { return }  // before the tick at 30/60 s
            try quietly(engine) {
                try engine.setValue(.rect(x: 0, y: 0, width: 80, height: 60), forKeyPath: "bounds", of: layers[0])
            }
        }
    }

    static func firstDifference(_ a: [[UInt64]], _ b: [[UInt64]]) -> String {
        guard let frame = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) else { return "none" }
        return "frame \(frame): general \(a[frame].prefix(4).map { Double(bitPattern: $0) }), lane \(b[frame].prefix(4).map { Double(bitPattern: $0) })"
    }

    static var path: Path {
        var path = Path()
        path.move(x: 0, y: 0)
        path.addLine(x: 100, y: 0)
        path.addQuadCurve(cx: 150, cy: 0, x: 150, y: 50)
        return path
    }

    @Test("additive keyframes along a path with rotation: lane == general walk")
    func additivePath() throws {
        var animation = Animation.keyframe("position", path: Self.path)
        animation.keyframe?.rotationMode = .auto
        animation.isAdditive = true
        animation.timing.duration = 1.5
        let out = try Self.run(animation, keys: ["position", "transform"])
        #expect(out.steady == 1, "joined the lane")
        let difference = Self.firstDifference(out.bits[0], out.bits[1])
        #expect(difference == "none")
    }

    @Test("keyframes along a path on bounds.origin with rotation, model bounds changed: lane == general walk")
    func componentPath() throws {
        var animation = Animation.keyframe("bounds.origin", path: Self.path)
        animation.keyframe?.rotationMode = .auto
        animation.timing.duration = 1.5
        let out = try Self.run(animation, keys: ["bounds", "transform"])
        #expect(out.steady == 1, "joined the lane")
        let difference = Self.firstDifference(out.bits[0], out.bits[1])
        #expect(difference == "none")
    }
}
