import Testing

@testable import AnimCore

/// Animators and the steady lane: a control call, a block or a continuation over many
/// animations of a layer takes the layer out of the lane once, not once per animation.
@Suite("Swift API: animator control calls and the steady lane")
struct AnimatorLaneTests {
    /// An engine whose layers (`layerCount`) hold `count` fades of one animator of 1 s, linear,
    /// the i-th on layer i mod layerCount, started and ticked (their animations in the lane).
    static func crowd(count: Int, layerCount: Int) throws -> (Engine, [Layer], Animator) {
        let engine = Engine()
        let layers = try (0..<layerCount).map { _ in try engine.makeLayer() }
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        for i in 0..<count {
            var fade = Animation.basic(.opacity, from: 1, to: Double(i % 7) / 10)
            fade.timing.duration = 1
            try animator.add(fade, to: layers[i % layerCount])
        }
        try animator.startAnimation()
        try engine.tick(0.1)
        try engine.tick(0.2)
        return (engine, layers, animator)
    }

    @Test("each control call over 300 animations of one layer takes the layer out of the lane once, of two layers twice")
    func oneLaneExitPerLayer() throws {
        for layerCount in [1, 2] {
            let (engine, layers, animator) = try Self.crowd(count: 300, layerCount: layerCount)
            // (Each exit walks the layer's whole list of animations, in the lane or not: once
            // per animation made a call over N animations of one layer cost O(N²).)
            var time = 0.2
            let calls: [(String, () throws(AnimCoreError) -> Void)] = [
                ("pause", { () throws(AnimCoreError) in try animator.pauseAnimation() }),
                ("seek", { () throws(AnimCoreError) in try animator.setFractionComplete(0.4) }),
                ("start", { () throws(AnimCoreError) in try animator.startAnimation() }),
                ("reverse", { () throws(AnimCoreError) in try animator.setReversed(true) }),
                ("rate", { () throws(AnimCoreError) in try animator.setRate(0.5) }),
                ("finish", { () throws(AnimCoreError) in try animator.finishAnimation(at: .current) }),
            ]
            for (name, call) in calls {
                let before = engine.bookkeeping().laneLayerLeaves
                try call()
                let leaves = engine.bookkeeping().laneLayerLeaves - before
                // (Finishing re-times them, then removes them: once each per layer.)
                #expect(leaves == (name == "finish" ? 2 : 1) * layerCount, "\(name) on \(layerCount) layer(s)")
                time += 0.01
                try engine.tick(time)
            }
            #expect(try animator.state == .finished)
            // The last animation of each layer wins: 0.4 + 0.01 × 0.5 (running backwards at 0.5
            // from 0.4 for 0.01 s after the rate, 0.01 s at rate 1 backwards before it) ...
            let shown = try layers.map { try #require(try $0.presentationValue(forKeyPath: "opacity")?.scalar) }
            let model = try layers.map { try #require(try $0.value(forKeyPath: "opacity")?.scalar) }
            #expect(shown == model, "finished where it stood: the model holds what showed")
        }
    }

    @Test("a block adopting 300 animations of one layer, and continuing them with a curve: the layer leaves the lane once per call besides once per animation added")
    func oneLaneExitPerLayerInBlocksAndContinuations() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        var before = engine.bookkeeping().laneLayerLeaves
        try animator.addAnimations {
            for i in 0..<300 {
                var fade = Animation.basic(.opacity, from: 1, to: Double(i % 7) / 10)
                fade.timing.duration = 1
                try layer.add(fade)
            }
        }
        // (Each add leaves once, as any add does; the adoption once, not once per animation
        // twice.)
        #expect(engine.bookkeeping().laneLayerLeaves - before == 300 + 1)
        try animator.startAnimation()
        try engine.tick(0.25)
        before = engine.bookkeeping().laneLayerLeaves
        try animator.continueAnimation(timingFunction: .easeOut)
        // Reading what each shows (once), the 300 replacements added (once each), the re-timing.
        #expect(engine.bookkeeping().laneLayerLeaves - before == 1 + 300 + 1)
        #expect(try animator.animationCount == 600)
        try engine.tick(0.5)
        try engine.tick(1.0)
        #expect(try animator.state == .finished)
        expectNear(try #require(try layer.presentationValue(forKeyPath: "opacity")?.scalar), 0.5, 1e-12, "the last one's end (299 mod 7 = 5)")
    }
}
