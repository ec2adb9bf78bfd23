// Animation keys are forgotten once no animation uses them (issue 9, defect 8: every distinct key
// stayed for the engine's life, about 58 B each).
import Testing

@testable import AnimCore

@Suite("Animation keys")
struct AnimationKeyTests {
    @Test("numbered keys come and go: the table holds only the keys in use")
    func numberedKeys() throws {
        let engine = Engine()
        let layers = try (0..<4).map { _ in try engine.makeLayerHandle() }
        let propertyKeys = engine.bookkeeping().propertyKeys
        for number in 0..<20_000 {
            let layer = layers[number % layers.count]
            var animation = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
            animation.timing.duration = 0.05
            try engine.addAnimation(animation, forKey: "bounce-\(number)", to: layer)
            // Half are removed by key; the rest finish and are removed on completion.
            if number % 2 == 0 { try engine.removeAnimation(forKey: "bounce-\(number)", from: layer) }
            if number % 100 == 99 { try engine.tick(Double(number) / 100) }
            #expect(engine.bookkeeping().animationKeys <= 200, "after \(number + 1) keys")
        }
        try engine.tick(1_000)
        #expect(engine.bookkeeping().animationKeys == 0)
        #expect(engine.bookkeeping().propertyKeys == propertyKeys, "animation keys are not interned as property keys")
    }

    @Test("a key in use stays correct while others come and go, and a released key can return")
    func keysInUse() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let long = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        try engine.addAnimation(long, forKey: "kept", to: layer)
        for number in 0..<1000 {
            try engine.addAnimation(long, forKey: "passing-\(number)", to: layer)
            try engine.removeAnimation(forKey: "passing-\(number)", from: layer)
        }
        #expect(try engine.animationKeys(of: layer) == ["kept"])
        try engine.addAnimation(long, forKey: "passing-7", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["kept", "passing-7"])
        // Replacing under the same key keeps one use.
        try engine.addAnimation(long, forKey: "kept", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["passing-7", "kept"])
        #expect(engine.bookkeeping().animationKeys == 2)
        try engine.removeAllAnimations(from: layer)
        #expect(engine.bookkeeping().animationKeys == 0)
        #expect(try engine.animation(forKey: "kept", of: layer) == nil)
    }
}
