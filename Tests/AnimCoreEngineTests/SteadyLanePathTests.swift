// The steady lane's path keyframes that read what lies underneath: an additive path, and a path
// on a component (bounds.origin) whose model changes under it, give the general walk's value to
// the bit.
import Testing

@testable import AnimCore

@Suite("Steady lane: paths over what lies underneath")
struct SteadyLanePathTests {
    /// Presentation of `keys` on one layer, lane off then on, after each of 100 ticks at 60 Hz
    /// (the model bounds changing without an action at frame 30), as bit patterns; and the
    /// most lane entries seen.
    static func run(_ animation: Animation, keys: [String]) throws -> (general: [[UInt64]], lane: [[UInt64]], steady: Int) {
        var results: [[[UInt64]]] = []
        var steady = 0
        for lane in [false, true] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            let layer = try engine.makeLayerHandle()
            try engine.setValue(.point(x: 10, y: 20), forKeyPath: "position", of: layer)
            try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 30), forKeyPath: "bounds", of: layer)
            try engine.setValue(.transform3D(Transform3D(scaleX: 2, y: 2, z: 1)), forKeyPath: "transform", of: layer)
            try engine.tick(0)
            try engine.addAnimation(animation, forKey: "a", to: layer)
            var frames: [[UInt64]] = []
            for frame in 0...100 {
                if frame == 30 {
                    try quietly(engine) {
                        try engine.setValue(.rect(x: 0, y: 0, width: 80, height: 60), forKeyPath: "bounds", of: layer)
                    }
                }
                try engine.tick(Double(frame) / 60)
                if lane { steady = max(steady, engine.steadyAnimationCount) }
                var bits: [UInt64] = []
                for key in keys {
                    var slots = [Double](repeating: 0, count: 16)
                    let value = try #require(try engine.presentationValue(forKeyPath: key, of: layer))
                    slots.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
                    bits += slots.map(\.bitPattern)
                }
                frames.append(bits)
            }
            results.append(frames)
        }
        return (results[0], results[1], steady)
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
        let (general, lane, steady) = try Self.run(animation, keys: ["position", "transform"])
        #expect(steady == 1, "joined the lane")
        let difference = Self.firstDifference(general, lane)
        #expect(difference == "none")
    }

    @Test("keyframes along a path on bounds.origin with rotation, model bounds changed: lane == general walk")
    func componentPath() throws {
        var animation = Animation.keyframe("bounds.origin", path: Self.path)
        animation.keyframe?.rotationMode = .auto
        animation.timing.duration = 1.5
        let (general, lane, steady) = try Self.run(animation, keys: ["bounds", "transform"])
        #expect(steady == 1, "joined the lane")
        let difference = Self.firstDifference(general, lane)
        #expect(difference == "none")
    }
}
