import Testing

@testable import AnimCore

/// A property set twice in one spring transaction (retargeted twice before a frame): the second
/// spring continues the motion the first one carried, so the velocity does not drop to rest.
@Suite("Velocity survives two changes in one transaction")
struct SpringRetargetTwiceTests {
    @Test("moving at v, set to 50 then −50 in one spring block: the spring that runs starts with v")
    func twiceInOneBlock() throws {
        let (engine, layer) = try committedLayer()
        try engine.addAnimation(
            {
                var move = Animation.basic("zPosition", from: .scalar(0), to: .scalar(300))
                move.timing.duration = 1
                return move
            }(), forKey: "zPosition", to: layer)
        try engine.tick(1)
        try engine.tick(1.25)
        let before = try #require(number(try engine.presentationVelocity(forKeyPath: "zPosition", of: layer)))
        expectNear(before, 300, 1e-6, "the linear motion's velocity")
        var options = AnimationBlockOptions()
        options.spring = Spring()
        try engine.animate(options) {
            try engine.setValue(.scalar(50), forKeyPath: "zPosition", of: layer)
            try engine.setValue(.scalar(-50), forKeyPath: "zPosition", of: layer)
        }
        // Before the commit, the pending spring already carries the motion.
        // (within the one-sided difference's 1e-4 s × the new spring's acceleration)
        expectNear(number(try engine.presentationVelocity(forKeyPath: "zPosition", of: layer)), before, 2, "before the commit")
        try engine.tick(1.25 + 1.0 / 240)
        let after = try #require(number(try engine.presentationVelocity(forKeyPath: "zPosition", of: layer)))
        // One 1/240 s step of the default spring from 75 towards −50 at 300/s: the velocity
        // changes by at most its acceleration × the step (k (x − target) + c v ≈ 15 500/s²).
        #expect(abs(after - before) < 16_000.0 / 240 + 1, "velocity \(before) → \(after)")
    }
}
