import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Springs at the edges of their ranges: very overdamped (the slow root without cancellation),
/// tiny and huge masses, settling beyond the time limit, decays with huge velocities.
@Suite("Spring and decay robustness")
struct SpringRobustnessTests {
    @Test("a very overdamped spring keeps its slow root: settling ≈ ln(1/ε) / |r₁| with r₁ ≈ −k / c")
    func veryOverdamped() throws {
        let spring = Spring(mass: 1, stiffness: 100, damping: 1e9, allowsOverdamping: true)
        // r₁ = −ω₀ / (ζ + √(ζ² − 1)) ≈ −k / c = −1e-7; the displacement ≈ e^(r₁ t).
        let expected = log(1000) / 1e-7
        #expect(abs(spring.settlingDuration - expected) / expected < 1e-3, "\(spring.settlingDuration) vs \(expected)")
        let slow = try Spring(duration: 1, bounce: -0.9999999999)
        #expect(slow.settlingDuration > 1e9, "\(slow.settlingDuration)")
        #expect(Spring(mass: 1, stiffness: 100, damping: 1e200, allowsOverdamping: true).settlingDuration == .infinity)
    }

    @Test("mass and stiffness both tiny or both huge: the damping ratio is the same as for 1 and 1")
    func extremeMass() {
        for scale in [1e-200, 1e200] {
            let spring = Spring(mass: scale, stiffness: scale, damping: 0)
            #expect(spring.dampingRatio == 0)
            #expect(spring.settlingDuration == .infinity)
            let damped = Spring(mass: scale, stiffness: scale, damping: scale)
            #expect(abs(damped.dampingRatio - 0.5) < 1e-12, "\(damped.dampingRatio)")
        }
    }

    @Test("a settling duration beyond the time limit is infinite, and an implicit spring with it runs")
    func beyondTheTimeLimit() throws {
        let spring = Spring(mass: 1, stiffness: 100, damping: 1e-14)
        #expect(spring.settlingDuration == .infinity)
        let (engine, layer) = try probe()
        try engine.tick(0)
        var options = AnimationBlockOptions()
        options.spring = spring
        try engine.animate(options) { try engine.setValue(.scalar(10), forKeyPath: "value", of: layer) }
        try engine.tick(1)
        #expect(try engine.animation(forKey: "value", of: layer)?.timing.duration == .infinity)
    }

    @Test("a decay with a huge velocity ends (the speed without overflow)")
    func hugeVelocity() throws {
        let decay = DecayParameters(velocity: .point(x: 1e200, y: 1e200))
        let speed = 1e200 * 2.0.squareRoot()
        let stop = decay.stoppingTime(speed: speed)
        #expect(stop.isFinite && stop > 0)
        let (engine, layer) = try probe()
        try engine.addAnimation(Animation(keyPath: "position", kind: .decay(DecayParameters(fromValue: .point(x: 0, y: 0), velocity: .point(x: 1e200, y: 1e200)))), forKey: "d", to: layer)
        try engine.tick(0)
        let duration = try #require(try engine.animation(forKey: "d", of: layer)).timing.duration
        #expect(abs(duration - stop) < 1e-9 * stop, "\(duration) vs \(stop)")
    }

    /// Springs overdamped beyond the double range (ζ or ω₀ζ overflows): issue 35's two.
    static let extremelyOverdamped = [
        Spring(mass: 1e-300, stiffness: 1, damping: 1e300, allowsOverdamping: true),
        Spring(mass: 1, stiffness: 1e-300, damping: 1e300, allowsOverdamping: true),
    ]

    @Test("a spring overdamped beyond the double range is a slow exponential: finite roots and motion", arguments: extremelyOverdamped)
    func extremelyOverdampedMotion(spring: Spring) throws {
        try spring.validate()
        let response = SpringResponse(spring)
        #expect(response.regime == .overdamped)
        #expect(response.rootSlow.isFinite && response.rootSlow <= 0 && response.rootFast.isFinite && response.rootFast < 0)
        // r₁ ≈ −k / c: −1e-300 for the first, below the smallest double for the second.
        #expect(abs(response.rootSlow - -spring.stiffness / spring.damping) <= 1e-12 * spring.stiffness / spring.damping)
        for t in [0, 1e-300, 1e-3, 1, 1e6, 1e15] {
            let motion = response.motion(at: t)
            for part in [motion.rest, motion.restSlope, motion.push, motion.pushSlope] {
                #expect(part.isFinite, "t = \(t): \(motion)")
            }
            // So slow that it has not moved: u = e^(r₁t) ≈ 1.
            #expect(abs(motion.rest - 1) < 1e-12, "t = \(t): \(motion.rest)")
        }
        #expect(spring.settlingDuration == .infinity)
    }

    @Test("such a spring moves finitely as an explicit spring, an implicit spring and a decay's bound spring", arguments: extremelyOverdamped)
    func extremelyOverdampedInTheEngine(spring: Spring) throws {
        let (engine, layer) = try probe()
        try engine.tick(0)
        try engine.addAnimation(.spring("value", from: .scalar(0), to: .scalar(100), spring: spring), forKey: "spring", to: layer)
        let other = try engine.makeLayerHandle(engine.layerClass(of: layer))
        let third = try engine.makeLayerHandle(engine.layerClass(of: layer))
        try engine.tick(0.5)
        var options = AnimationBlockOptions()
        options.spring = spring
        try engine.animate(options) { try engine.setValue(.scalar(100), forKeyPath: "value", of: other) }
        var decay = DecayParameters(fromValue: .scalar(0), velocity: .scalar(1000))
        decay.upperBound = .scalar(1)
        decay.boundSpring = spring
        try engine.addAnimation(Animation(keyPath: "value", kind: .decay(decay)), forKey: "decay", to: third)
        for t in [1.0, 1.001, 2, 10, 1e6] {
            try engine.tick(t)
            for target in [layer, other, third] {
                guard case .scalar(let value) = try engine.presentationValue(forKeyPath: "value", of: target),
                      case .scalar(let velocity) = try engine.presentationVelocity(forKeyPath: "value", of: target)
                else { Issue.record("no scalar"); return }
                #expect(value.isFinite && velocity.isFinite, "t = \(t): \(value), \(velocity)")
            }
        }
    }

    @Test("the damping ratio neither underflows (tiny mass and stiffness) nor overflows (a huge mass)")
    func dampingRatioWithoutOverflow() {
        #expect(Spring(mass: 1e-200, stiffness: 1e-200, damping: 1).dampingRatio == 5e199)
        #expect(Spring(mass: 1e308, stiffness: 1e308, damping: 1e308).dampingRatio == 0.5)
        #expect(Spring(mass: 1e-300, stiffness: 1, damping: 1e300).dampingRatio == .infinity)
        #expect(Spring().dampingRatio == 0.5)
    }

    @Test("a stiff critically damped spring's slope stays finite on a long duration (not ω₀² t × 0)")
    func stiffCriticalSlope() {
        let response = SpringResponse(Spring(mass: 1e-300, stiffness: 1e8, damping: 1e300))
        #expect(response.regime == .critical)
        for t in [0, 1e-160, 1, 5, 1e15] {
            let motion = response.motion(at: t)
            #expect(motion.restSlope.isFinite && motion.pushSlope.isFinite, "t = \(t): \(motion)")
        }
    }

    @Test("a very stiff spring's velocity at its first tick is its start velocity (0), within 5e-4 of ω₀ × distance")
    func stiffSpringVelocityAtItsBegin() throws {
        let (engine, layer) = try probe()
        let spring = try Spring(duration: 0.002)
        var animation = Animation.spring("value", from: .scalar(0), to: .scalar(1), spring: spring)
        animation.timing.beginTime = 10
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10)
        let velocity = try engine.presentationVelocity(forKeyPath: "value", of: layer)
        guard case .scalar(let v) = velocity else { Issue.record("\(velocity)"); return }
        #expect(abs(v) <= 5e-4 * spring.naturalFrequency * 1 + 1e-9, "velocity \(v) at the begin")
    }
}

