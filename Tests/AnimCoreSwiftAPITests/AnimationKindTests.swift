import Testing

import AnimCore

/// A description's kind read and written whole (`kind`) and through each kind's accessor
/// (`basic`, `spring`, `keyframe`, `decay`, `group`, `transition`): what one writes, the others
/// read.
@Suite("Swift API: an animation's kind and its accessors")
struct AnimationKindTests {
    @Test("the kind read back is the kind given, for every kind")
    func kindRoundTrip() {
        let values = BasicParameters(fromValue: .scalar(1), toValue: .scalar(2), byValue: nil)
        let spring = Spring(stiffness: 300)
        var animation = Animation(keyPath: "opacity", kind: .basic(values))
        guard case .basic(let read) = animation.kind else { Issue.record("not basic: \(animation.kindTag)"); return }
        #expect(read == values)

        animation.kind = .spring(values, spring)
        guard case .spring(let springValues, let readSpring) = animation.kind else {
            Issue.record("not a spring: \(animation.kindTag)")
            return
        }
        #expect(springValues == values)
        #expect(readSpring.stiffness == 300)

        animation.kind = .keyframe(Animation.keyframe("opacity", values: [.scalar(0), .scalar(1)]).keyframe!)
        #expect(animation.kindTag == .keyframe)
        #expect(animation.keyframe?.values == [.scalar(0), .scalar(1)])
        #expect(animation.basic == nil)

        animation.kind = .decay(DecayParameters(fromValue: .scalar(3), velocity: .scalar(4)))
        #expect(animation.decay?.velocity == .scalar(4))
        animation.kind = .transition(TransitionParameters(type: .push))
        #expect(animation.transition?.type == .push)
        animation.kind = .group(GroupParameters(animations: [.basic("opacity", to: .scalar(1))]))
        #expect(animation.group?.animations.count == 1)
    }

    @Test("from/to/by written through `basic` keep a spring a spring, and make another kind basic")
    func basicAccessor() {
        var spring = Animation.spring("opacity", from: .scalar(0), to: .scalar(1), spring: Spring(damping: 4))
        spring.basic?.toValue = .scalar(0.5)
        #expect(spring.kindTag == .spring)
        #expect(spring.spring?.damping == 4)
        #expect(spring.basic == BasicParameters(fromValue: .scalar(0), toValue: .scalar(0.5)))

        var keyframe = Animation.keyframe("opacity", values: [.scalar(0)])
        keyframe.basic?.fromValue = .scalar(9)  // not a basic or spring animation: nothing changes
        #expect(keyframe.kindTag == .keyframe)
        keyframe.basic = BasicParameters(toValue: .scalar(2))
        #expect(keyframe.kindTag == .basic)
        #expect(keyframe.basic == BasicParameters(toValue: .scalar(2)))
        #expect(keyframe.keyframe == nil)
    }

    @Test("a spring set on a basic animation keeps its values; on another kind it starts with none")
    func springAccessor() {
        var basic = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        basic.spring = Spring(mass: 2)
        #expect(basic.kindTag == .spring)
        #expect(basic.basic == BasicParameters(fromValue: .scalar(0), toValue: .scalar(1)))
        #expect(basic.spring?.mass == 2)

        var decay = Animation.decay("opacity", from: .scalar(5), velocity: .scalar(1))
        decay.spring = Spring()
        #expect(decay.kindTag == .spring)
        #expect(decay.basic == BasicParameters())
        #expect(decay.decay == nil)

        // A basic animation made a keyframe animation leaves its values behind.
        var former = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        former.keyframe = Animation.keyframe("opacity", values: [.scalar(0), .scalar(1)]).keyframe
        former.spring = Spring()
        #expect(former.kindTag == .spring)
        #expect(former.basic == BasicParameters())
    }
}
