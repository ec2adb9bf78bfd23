import Testing

@testable import AnimCore

/// An animator continued with a spring paces the spring by its velocity projected onto the
/// spring's way (`EngineState.projection`): the projection at any finite scale.
@Suite("An animator's velocity projected onto a spring's way")
struct AnimatorProjectionTests {
    private func projection(_ velocity: Value, to end: Value) -> Double {
        EngineState.projection(velocity, along: .spring("position", from: .point(x: 0, y: 0), to: end))
    }

    @Test("(3, 4) onto a way along x: 3 ways a second, at any power-of-two scale of both")
    func anyScale() {
        #expect(projection(.point(x: 3, y: 4), to: .point(x: 1, y: 0)) == 3)
        for scale in [0x1p600, 0x1p-600, 0x1p1000, 0x1p-1000] {
            #expect(projection(.point(x: 3 * scale, y: 4 * scale), to: .point(x: scale, y: 0)) == 3, "scale \(scale)")
        }
    }

    @Test("a velocity across a tiny way is 0; along it, beyond the doubles, infinite; not finite, 0")
    func edges() {
        #expect(projection(.point(x: 0, y: 0x1p500), to: .point(x: 0x1p-600, y: 0)) == 0)
        #expect(projection(.point(x: 0x1p500, y: 0), to: .point(x: 0x1p-600, y: 0)) == .infinity)
        #expect(projection(.point(x: .nan, y: 1), to: .point(x: 1, y: 0)) == 0)
        #expect(projection(.point(x: 1, y: .infinity), to: .point(x: 1, y: 0)) == 0)
        #expect(projection(.point(x: 3, y: 4), to: .point(x: 0, y: 0)) == 0)
    }
}
