// A basic animation held at its end shows its toValue (reference §2.6: fill forwards "remains
// visible in its final state"), whatever the kind of its value. Found by the reference
// evaluator: a scalar from/to basic animation computed from + (to − from) × 1, which misses
// toValue by an ulp for about one pair in seven (0.2 → 0.9 gave 0.8999999999999999), while the
// same ends as a point animation or as scalar keyframes showed toValue exactly.
import Testing

@testable import AnimCore

@Suite("A basic animation held at its end")
struct ScalarEndTests {
    /// A one-second animation of `animation`'s kind, held by fill forwards.
    static func held(_ animation: Animation) -> Animation {
        var animation = animation
        animation.timing.duration = 1
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }

    @Test("from 0.2 to 0.9, held by fill forwards: a scalar basic animation, a point animation and scalar keyframes show 0.9 exactly")
    func showsToValueExactly() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        try engine.addAnimation(Self.held(.basic("opacity", from: .scalar(0.2), to: .scalar(0.9))), forKey: "scalar", to: layer)
        try engine.addAnimation(
            Self.held(.basic("position", from: .point(x: 0.2, y: 0.2), to: .point(x: 0.9, y: 0.9))), forKey: "point", to: layer)
        try engine.addAnimation(Self.held(.keyframe("zPosition", values: [.scalar(0.2), .scalar(0.9)])), forKey: "keys", to: layer)
        try engine.tick(0.5)
        try engine.tick(2)
        #expect(try engine.presentationValue(forKeyPath: "position", of: layer) == .point(x: 0.9, y: 0.9))
        #expect(try presented(engine, "zPosition", layer) == 0.9)
        #expect(try presented(engine, "opacity", layer) == 0.9, "not 0.2 + (0.9 − 0.2), which is \(0.2 + (0.9 - 0.2))")
    }
}
