import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decay animations (Pop's decay, reference §8): a thrown value slowing down at a constant rate
/// per millisecond, ending when its speed falls below the minimum, springing back at bounds.
/// Every expectation from the formulas written here: v(t) = v₀ r^(1000t),
/// x(t) = x₀ + v₀ (r^(1000t) − 1) / (1000 ln r).
@Suite("Decay animations")
struct DecayTests {
    let rate = 0.998
    func travel(_ t: Double) -> Double { (pow(rate, 1000 * t) - 1) / (1000 * log(rate)) }
    func stopping(_ speed: Double, minimum: Double = 1) -> Double { log(minimum / speed) / (1000 * log(rate)) }

    @Test("a free decay: x₀ + v₀ travel(t) per component, ending when the speed falls below 1 unit/s, at the predicted resting value")
    func freeDecay() throws {
        let (engine, layer) = try probe()
        let end = stopping(1000)
        var decay = Animation.decay("position", from: .point(x: 10, y: 20), velocity: .point(x: 600, y: -800))
        decay.timing.fillMode = .forwards
        decay.isRemovedOnCompletion = false
        try engine.addAnimation(decay, forKey: "d", to: layer)
        try engine.tick(10)
        #expect(abs(try #require(try engine.animation(forKey: "d", of: layer)).timing.duration - end) < 1e-12)
        for k in 1...240 {
            let t = Double(k) / 60
            try engine.tick(10 + t)
            let shown = min(t, end)
            expectValue(try engine.presentationValue(forKeyPath: "position", of: layer),
                        .point(x: 10 + 600 * travel(shown), y: 20 - 800 * travel(shown)), 1e-9, "t \(t)")
        }
        let resting = try (decay.decay!).restingValue(from: .point(x: 10, y: 20), velocity: .point(x: 600, y: -800))
        expectValue(resting, .point(x: 10 + 600 * travel(end), y: 20 - 800 * travel(end)), 1e-9, "resting value")
        expectValue(try engine.presentationValue(forKeyPath: "position", of: layer), resting, 1e-9, "at rest")
    }

    @Test("without a start or a velocity it continues the presentation: a linear animation's value and velocity at the hand-off")
    func continuesThePresentation() throws {
        let (engine, layer) = try probe()
        try engine.addAnimation(basic("value", from: 0, to: 100, duration: 1), forKey: "move", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        let before = try #require(try presented(engine, "value", layer))
        let velocity = try engine.presentationVelocity(forKeyPath: "value", of: layer)
        expectValue(velocity, .scalar(100), 1e-6, "the linear animation's velocity")
        // Replacing the animation: the decay starts where it was (50) with its velocity (100/s).
        try engine.addAnimation(.decay("value"), forKey: "move", to: layer)
        try engine.tick(10.5 + 1.0 / 60)
        expectNear(try presented(engine, "value", layer), before + 100 * travel(1.0 / 60), 1e-6, "one tick later")
        expectNear(scalarValue(try engine.presentationVelocity(forKeyPath: "value", of: layer)), 100 * pow(rate, 1000.0 / 60), 1e-3)
    }

    @Test("the velocity it continues is finite when each one-sided slope is above half the largest double")
    func continuesASteepPresentation() throws {
        let (engine, layer) = try probe()
        try engine.addAnimation(basic("value", from: 0, to: 1.5e308, duration: 1), forKey: "move", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        let velocity = try #require(scalarValue(try engine.presentationVelocity(forKeyPath: "value", of: layer)))
        expectNear(velocity, 1.5e308, 1e-6 * 1.5e308, "the mean of two slopes of 1.5e308")
    }

    @Test("reaching a bound springs back to it with the velocity it had there (rubber-banding); a start beyond a bound springs back from there")
    func bounds() throws {
        let (engine, layer) = try probe()
        var parameters = DecayParameters(fromValue: .scalar(0), velocity: .scalar(1000))
        parameters.upperBound = .scalar(200)
        let omega = 2 * Double.pi / 0.4
        // Reached when 1000 travel(t) = 200.
        let remaining = 1 + 1000 * log(rate) * 200 / 1000
        let reached = log(remaining) / (1000 * log(rate))
        let arrival = 1000 * remaining
        try engine.addAnimation(Animation(keyPath: "value", kind: .decay(parameters)), forKey: "d", to: layer)
        try engine.tick(10)
        // Its one component springs back: the motion ends when that spring settles, long
        // before the free motion would have stopped.
        // (measured on the distance its arrival velocity carries: a relative velocity of ω₀)
        var back = DecayParameters.defaultBoundSpring
        back.initialVelocity = back.naturalFrequency
        let settle = back.settlingDuration
        let duration = try #require(try engine.animation(forKey: "d", of: layer)).timing.duration
        expectNear(duration, reached + settle, 1e-9, "duration")
        #expect(duration < stopping(1000))
        // Once it ends, the value it came to rest at stays: in the model (a decay keeps its
        // final value by default).
        func bounced(_ t: Double) -> Double { 200 + arrival * (t - reached) * exp(-omega * (t - reached)) }
        for k in 1...90 {
            let t = Double(k) / 60
            try engine.tick(10 + t)
            let expected = t >= duration ? bounced(duration) : t < reached ? 1000 * travel(t) : bounced(t)
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "t \(t)")
        }
        // Beyond the lower bound at the start: back from 300 to 250 with velocity 50/s.
        var outside = DecayParameters(fromValue: .scalar(300), velocity: .scalar(50))
        outside.upperBound = .scalar(250)
        try engine.addAnimation(Animation(keyPath: "value", kind: .decay(outside)), forKey: "d", to: layer)
        try engine.tick(20)
        for k in 1...30 {
            let t = Double(k) / 60
            try engine.tick(20 + t)
            let expected = 250 + 50 * (1 + omega * t) * exp(-omega * t) + 50 * t * exp(-omega * t)
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "outside, t \(t)")
        }
    }

    @Test("a start beyond a bound more than the largest double away springs back through finite values to the bound")
    func springBackAcrossTheDoubles() throws {
        let (engine, layer) = try probe()
        var parameters = DecayParameters(fromValue: .scalar(1.7e308), velocity: .scalar(0))
        (parameters.lowerBound, parameters.upperBound) = (.scalar(-1.7e308), .scalar(-1e308))
        try engine.addAnimation(Animation(keyPath: "value", kind: .decay(parameters)), forKey: "d", to: layer)
        try engine.tick(10)
        var (previous, halfway) = (Double.infinity, Double.nan)
        for k in 1...60 {
            try engine.tick(10 + Double(k) / 60)
            let value = try #require(try presented(engine, "value", layer))
            #expect(value.isFinite && value <= previous && value >= -1e308, "t \(Double(k) / 60): \(value)")
            previous = value
            if k == 30 { halfway = value }
        }
        // Critically damped from rest: (1 + ωt) e^(−ωt) of the way remains at t = 0.5 s.
        let omega = 2 * Double.pi / 0.4
        let rest = (1 + omega / 2) * exp(-omega / 2)
        expectNear(halfway, -1e308 * (1 - rest) + 1.7e308 * rest, 1e-9 * 1e308, "t 0.5 s")
        #expect(DecayRecord.springBack(from: 300, to: 250, rest: 0.25) == 250 + 50 * 0.25, "a finite distance as before")
    }

    @Test("bad input: a rate outside (0, 1), NaN, a minimum speed <= 0, crossed bounds, kinds a decay cannot move")
    func badInput() throws {
        let (engine, layer) = try probe()
        func refused(_ parameters: DecayParameters, keyPath: String = "value", _ code: AnimCoreError.Code, naming: String) {
            do {
                try engine.addAnimation(Animation(keyPath: keyPath, kind: .decay(parameters)), forKey: "d", to: layer)
                Issue.record("accepted \(parameters)")
            } catch {
                #expect(error.code == code, "\(error)")
                #expect(error.message.contains(naming), "\(error.message)")
            }
        }
        refused(DecayParameters(decelerationRate: 1), .outOfRange, naming: "decelerationRate")
        refused(DecayParameters(decelerationRate: 0), .outOfRange, naming: "decelerationRate")
        refused(DecayParameters(decelerationRate: .nan), .notFinite, naming: "decelerationRate")
        var slow = DecayParameters()
        slow.minimumSpeed = 0
        refused(slow, .outOfRange, naming: "minimumSpeed")
        var crossed = DecayParameters()
        crossed.lowerBound = .scalar(5)
        crossed.upperBound = .scalar(1)
        refused(crossed, .invalidArgument, naming: "lowerBound")
        refused(DecayParameters(velocity: .scalar(.infinity)), .notFinite, naming: "velocity")
        refused(DecayParameters(), keyPath: "transform", .wrongKind, naming: "transform")
        refused(DecayParameters(velocity: .point(x: 1, y: 1)), .wrongKind, naming: "velocity")
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("stopping time of a speed whose ratio to the minimum leaves the doubles' range: finite, from the logs")
    func stoppingTimeOfExtremeSpeeds() {
        var parameters = DecayParameters()
        parameters.minimumSpeed = 1e-20
        for speed in [1e300, 1e308, Double.greatestFiniteMagnitude] {
            let expected = (log(1e-20) - log(speed)) / (1000 * log(parameters.decelerationRate))
            let time = parameters.stoppingTime(speed: speed)
            #expect(time.isFinite && time > 0, "speed \(speed): \(time)")
            expectNear(time, expected, 1e-9 * expected, "speed \(speed)")
        }
        // In the normal range the ratio's one log is kept.
        expectNear(parameters.stoppingTime(speed: 1), log(1e-20) / (1000 * log(parameters.decelerationRate)), 1e-12)
    }

    func scalarValue(_ value: Value?) -> Double? { if case .scalar(let number)? = value { number } else { nil } }
}
