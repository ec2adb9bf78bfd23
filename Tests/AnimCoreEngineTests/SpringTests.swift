import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The reference's closed form, written out here

/// A damped spring's motion written from the reference §6.5 formulas (not the core's code):
/// ω₀ = √(k/m), ζ = c / (2√(k m)); the normalised displacement u(t) starts at 1 with
/// u′(0) = −v₀ and a value goes from + (to − from)(1 − u(t)).
private struct ReferenceSpring: Sendable, CustomStringConvertible {
    var description: String { "(m \(mass), k \(stiffness), c \(damping), v0 \(initialVelocity), overdamping \(allowsOverdamping))" }

    var mass: Double
    var stiffness: Double
    var damping: Double
    var initialVelocity: Double
    var allowsOverdamping: Bool

    init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    var omega: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// x(t), x′(t) of `m x″ + c x′ + k x = 0` with x(0) = x0, x′(0) = v (§6.5's three branches,
    /// with general initial conditions).
    func motion(x0: Double, v: Double, at t: Double) -> (x: Double, dx: Double) {
        let w = omega, z = zeta
        if z < 1 {
            let a = z * w
            let wd = w * (1 - z * z).squareRoot()
            let b = (v + a * x0) / wd   // §6.5: B = (ζω₀ − v₀)/ω_d for x0 = 1, v = −v₀
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            return (e * (x0 * c + b * s), e * (-a * (x0 * c + b * s) + wd * (-x0 * s + b * c)))
        } else if z == 1 || !allowsOverdamping {
            let e = exp(-w * t)
            let slope = v + w * x0   // §6.5: ω₀ − v₀ for x0 = 1
            return ((x0 + slope * t) * e, e * (slope - w * (x0 + slope * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c1 = (v - r2 * x0) / (r1 - r2)   // §6.5: (−v₀ − r₂)/(r₁ − r₂)
            let c2 = x0 - c1
            return (c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// u(t), u′(t).
    func u(_ t: Double) -> (x: Double, dx: Double) { motion(x0: 1, v: -initialVelocity, at: t) }

    /// u″(t) from the equation of motion.
    func acceleration(_ t: Double) -> Double {
        let (x, dx) = u(t)
        return -(damping * dx + stiffness * x) / mass
    }

    /// The reference's settling duration for an underdamped spring:
    /// ln((1 + |B|)/ε)/(ζω₀), ε = 0.001, B = (ζω₀ − v₀)/ω_d.
    var underdampedSettling: Double {
        let a = zeta * omega
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let b = (a - initialVelocity) / wd
        return log((1 + abs(b)) / 0.001) / a
    }

    /// For a spring whose displacement decreases monotonically to 0 (critical or overdamped from
    /// rest): the time u falls to ε = 0.001 (bisection), rounded up to 0.1 s.
    var monotonicSettlingRounded: Double {
        var low = 0.0, high = 1.0
        while u(high).x > 0.001 { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if u(middle).x > 0.001 { low = middle } else { high = middle }
        }
        return (high * 10).rounded(.up) / 10
    }

    var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity, allowsOverdamping: allowsOverdamping)
    }
}

/// The probe engine with a model value, not yet ticked (so setting it runs no action).
private func probeAt(_ model: Double) throws -> (Engine, LayerID) {
    let (engine, layer) = try probe()
    try engine.setValue(.scalar(model), forKeyPath: "value", of: layer)
    return (engine, layer)
}

/// Elapsed times 0, 1/64, … below `end`.
private func grid(to end: Double, step: Double = 1.0 / 64) -> [Double] {
    (0..<Int((end / step).rounded())).map { Double($0) * step }
}

/// A spring animation of `keyPath` with a duration (a long one unless given).
private func springAnimation(
    _ keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, spring: Spring, duration: Double = 1000
) -> Animation {
    var animation = Animation.spring(keyPath, from: from, to: to, by: by, spring: spring)
    animation.timing.duration = duration
    return animation
}

// MARK: - Spring parameters

@Suite("Spring parameters")
struct SpringParameterTests {
    @Test("defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, initialVelocity 0, no overdamping")
    func defaults() throws {
        let spring = Spring()
        #expect(spring.mass == 1)
        #expect(spring.stiffness == 100)
        #expect(spring.damping == 10)
        #expect(spring.initialVelocity == 0)
        #expect(spring.allowsOverdamping == false)
        expectNear(spring.naturalFrequency, 10, 1e-15, "ω₀ = √(100/1)")
        expectNear(spring.dampingRatio, 0.5, 1e-15, "ζ = 10 / (2√100)")
        let animation = Animation.spring("value")
        #expect(animation.spring == Spring())
        #expect(animation.kindTag == .spring)
        #expect(animation.kindTag.rawValue == 3)
        #expect(animation.basic?.fromValue == nil && animation.basic?.toValue == nil && animation.basic?.byValue == nil)
        try spring.validate()
    }

    @Test("validate refuses each bad input with a message naming the field",
          arguments: [
            ("mass", 0.0, AnimCoreError.Code.outOfRange), ("mass", -1, .outOfRange), ("mass", .nan, .notFinite),
            ("mass", .infinity, .notFinite), ("stiffness", 0, .outOfRange), ("stiffness", -5, .outOfRange),
            ("stiffness", .nan, .notFinite), ("stiffness", -.infinity, .notFinite), ("damping", -0.001, .outOfRange),
            ("damping", .nan, .notFinite), ("damping", .infinity, .notFinite), ("initialVelocity", .nan, .notFinite),
            ("initialVelocity", .infinity, .notFinite), ("initialVelocity", -.infinity, .notFinite),
          ])
    func validateRefuses(field: String, value: Double, code: AnimCoreError.Code) throws {
        var spring = Spring()
        switch field {
        case "mass": spring.mass = value
        case "stiffness": spring.stiffness = value
        case "damping": spring.damping = value
        default: spring.initialVelocity = value
        }
        expectError(code, naming: "spring.\(field)", "\(field) = \(value)") { try spring.validate() }
        expectError(code, naming: "mySpring.\(field)", "custom field name, \(field) = \(value)") { try spring.validate("mySpring") }
        // The engine refuses it at add, naming the animation's member.
        let (engine, layer) = try probeAt(0)
        expectError(code, naming: "spring.\(field)", "add with \(field) = \(value)") {
            try engine.addAnimation(springAnimation("value", from: .scalar(0), to: .scalar(1), spring: spring), forKey: "s", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
        // A spring transaction or block refuses it too.
        var options = AnimationBlockOptions()
        options.spring = spring
        expectError(code, naming: field, "block with \(field) = \(value)") { try engine.beginAnimationBlock(options) }
    }

    @Test("edge values are accepted: damping 0, tiny mass, negative initial velocity")
    func validateAccepts() throws {
        try Spring(damping: 0).validate()
        try Spring(mass: 1e-6).validate()
        try Spring(initialVelocity: -50).validate()
        try Spring(damping: 1000, allowsOverdamping: true).validate()
    }

    @Test("perceptual init: mass 1, stiffness (2π/d)², damping 4π(1−b)/d, allowsOverdamping on",
          arguments: [(0.5, 0.3), (1, 0), (1, 0.5), (0.25, 0.9), (2, 0.1), (0.3, 0.999)])
    func perceptual(duration: Double, bounce: Double) throws {
        let spring = try Spring(duration: duration, bounce: bounce)
        #expect(spring.mass == 1)
        expectNear(spring.stiffness, pow(2 * .pi / duration, 2), 1e-9 * pow(2 * .pi / duration, 2), "stiffness")
        expectNear(spring.damping, 4 * .pi * (1 - bounce) / duration, 1e-12 * (1 + 4 * .pi / duration), "damping")
        #expect(spring.allowsOverdamping)
        #expect(spring.initialVelocity == 0)
        try spring.validate()
    }

    @Test("Apple's examples: Spring(0.5, 0.3) → 157.9 / 17.6; (1, 100, 10) → duration 0.63, bounce 0.5")
    func appleExamples() throws {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        expectNear(spring.stiffness, 157.9, 0.05)
        expectNear(spring.damping, 17.6, 0.05)
        let classic = Spring(mass: 1, stiffness: 100, damping: 10)
        expectNear(classic.perceptualDuration, 0.63, 0.005)
        expectNear(classic.bounce, 0.5, 1e-12)
        let withVelocity = try Spring(duration: 0.5, bounce: 0.3, initialVelocity: 2.5)
        #expect(withVelocity.initialVelocity == 2.5)
    }

    @Test("negative bounce: ζ = 1/(1 + b), overdamped (−0.5, d 1 → ζ 2, damping 8π)",
          arguments: [(1.0, -0.5), (0.5, -0.25), (2, -0.9)])
    func negativeBounce(duration: Double, bounce: Double) throws {
        let spring = try Spring(duration: duration, bounce: bounce)
        let omega = 2 * Double.pi / duration
        let zeta = 1 / (1 + bounce)
        expectNear(spring.stiffness, omega * omega, 1e-9 * omega * omega, "stiffness")
        expectNear(spring.damping, 2 * zeta * omega, 1e-12 * 2 * zeta * omega, "damping")
        expectNear(spring.dampingRatio, zeta, 1e-12, "ζ")
        #expect(spring.allowsOverdamping)
        if duration == 1 && bounce == -0.5 { expectNear(spring.damping, 8 * .pi, 1e-12, "8π") }
    }

    @Test("perceptual init refuses bounce outside (−1, 1) and bad durations, naming the argument")
    func perceptualRefuses() {
        for bounce in [1.0, -1, 1.5, -2, 100] {
            expectError(.outOfRange, naming: "bounce", "bounce \(bounce)") { _ = try Spring(duration: 1, bounce: bounce) }
        }
        for bounce in [Double.nan, .infinity, -.infinity] {
            expectError(.notFinite, naming: "bounce", "bounce \(bounce)") { _ = try Spring(duration: 1, bounce: bounce) }
        }
        for duration in [0.0, -1] {
            expectError(.outOfRange, naming: "duration", "duration \(duration)") { _ = try Spring(duration: duration, bounce: 0) }
        }
        for duration in [Double.nan, .infinity] {
            expectError(.notFinite, naming: "duration", "duration \(duration)") { _ = try Spring(duration: duration, bounce: 0) }
        }
        expectError(.notFinite, naming: "initialVelocity") { _ = try Spring(duration: 1, bounce: 0, initialVelocity: .infinity) }
    }

    @Test("perceptualDuration and bounce invert the perceptual init",
          arguments: [0.1, 0.5, 1, 3], [-0.9, -0.5, -0.1, 0, 0.2, 0.5, 0.95])
    func perceptualRoundTrip(duration: Double, bounce: Double) throws {
        let spring = try Spring(duration: duration, bounce: bounce)
        expectNear(spring.perceptualDuration, duration, 1e-12 * duration, "duration")
        expectNear(spring.bounce, bounce, 1e-12, "bounce")
        // And mass, stiffness, damping → (duration, bounce) → the same stiffness and damping.
        let classic = Spring(mass: 2, stiffness: 300, damping: 12)
        let back = try Spring(duration: classic.perceptualDuration, bounce: classic.bounce)
        expectNear(back.stiffness, 300.0 / 2, 1e-9, "k/m")
        expectNear(back.damping, 12.0 / 2, 1e-9, "c/m")
    }

    @Test("settlingDuration: default 1.4727003346780925, damping 1 → 13.91321015404625, perceptual (1, 0.5) → 2.3438753795710703")
    func settlingDurationReferenceValues() throws {
        expectNear(Spring().settlingDuration, 1.4727003346780925, 1e-12, "default")
        expectNear(ReferenceSpring().underdampedSettling, 1.4727003346780925, 1e-12, "the test's own formula")
        expectNear(Spring(damping: 1).settlingDuration, 13.91321015404625, 1e-12, "damping 1")
        expectNear(try Spring(duration: 1, bounce: 0.5).settlingDuration, 2.3438753795710703, 1e-12, "perceptual (1, 0.5)")
        // Apple's documentation: damping 5 ≈ 2.85 s, damping 15 "just over 1 second".
        let five = Spring(damping: 5).settlingDuration
        expectNear(five, 2.855, 0.001, "damping 5")
        expectNear(five, ReferenceSpring(damping: 5).underdampedSettling, 1e-12, "damping 5, formula")
        let fifteen = Spring(damping: 15).settlingDuration
        expectNear(fifteen, 1.022, 0.001, "damping 15")
        #expect(fifteen > 1)
        expectNear(fifteen, ReferenceSpring(damping: 15).underdampedSettling, 1e-12, "damping 15, formula")
    }

    @Test("settlingDuration of underdamped springs follows ln((1+|B|)/ε)/(ζω₀), initial velocity included",
          arguments: [(1.0, 100.0, 10.0, 0.0), (1, 100, 10, 5), (1, 100, 10, -5), (2, 50, 3, 0), (0.5, 400, 8, 20), (1, 100, 19.9, 0)])
    func settlingDurationFormula(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let reference = ReferenceSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        let spring = reference.spring
        expectNear(spring.settlingDuration, reference.underdampedSettling, 1e-12 * reference.underdampedSettling,
                   "(\(mass), \(stiffness), \(damping), v0 \(velocity))")
    }

    @Test("settlingDuration of critical and clamped springs: (1,100,20) → 1.0, (1,100,100) → 1.0; undamped → ∞")
    func settlingDurationCritical() throws {
        #expect(Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration == 1.0)
        #expect(Spring(mass: 1, stiffness: 100, damping: 100).settlingDuration == 1.0, "clamped to critical")
        // The analytic crossing of (1 + ω₀t)e^(−ω₀t) = 0.001 is ≈ 0.92 s: rounded up to 0.1 s.
        expectNear(ReferenceSpring(damping: 20).monotonicSettlingRounded, 1.0, 1e-12, "the test's own rounding")
        // True overdamping (allowsOverdamping): the slow root governs; rounded up to 0.1 s.
        let over = ReferenceSpring(damping: 100, allowsOverdamping: true)
        expectNear(over.spring.settlingDuration, over.monotonicSettlingRounded, 1e-9, "(1,100,100) overdamped")
        expectNear(over.spring.settlingDuration, 6.9, 1e-9, "(1,100,100) overdamped")
        let negative = try Spring(duration: 1, bounce: -0.5)
        let negativeReference = ReferenceSpring(
            mass: 1, stiffness: pow(2 * .pi, 2), damping: 8 * .pi, allowsOverdamping: true)
        expectNear(negative.settlingDuration, negativeReference.monotonicSettlingRounded, 1e-9, "perceptual (1, −0.5)")
        // Undamped: never settles.
        #expect(Spring(damping: 0).settlingDuration == .infinity)
    }
}

// MARK: - Spring animations tick by tick

@Suite("Spring animations")
struct SpringAnimationTests {
    /// Runs a scalar spring from `from` to `to` on the probe (begun at 10) and checks every
    /// 64th of a second for `seconds` against the reference.
    private func checkScalar(
        _ reference: ReferenceSpring, from: Double = 0, to: Double = 100, seconds: Double = 3,
        duration: Double = 1000, tolerance: Double = 1e-9, _ what: String
    ) throws {
        let (engine, layer) = try probeAt(-1)
        try engine.addAnimation(
            springAnimation("value", from: .scalar(from), to: .scalar(to), spring: reference.spring, duration: duration),
            forKey: "s", to: layer)
        try engine.tick(10)
        for t in grid(to: seconds) {
            try engine.tick(10 + t)
            let expected = t < duration ? from + (to - from) * (1 - reference.u(t).x) : -1
            expectNear(try presented(engine, "value", layer), expected, tolerance * max(1, abs(to - from)), "\(what) t = \(t)")
        }
    }

    @Test("underdamped (default spring) follows 1 − u(t) and overshoots; S5: 0.34030 / 1.12435")
    func underdamped() throws {
        try checkScalar(ReferenceSpring(), "default")
        try checkScalar(ReferenceSpring(damping: 2), from: 40, to: -60, seconds: 4, "damping 2")
        try checkScalar(ReferenceSpring(mass: 3, stiffness: 250, damping: 7), seconds: 4, "m3 k250 c7")
        // The reference's own numbers.
        expectNear(1 - ReferenceSpring().u(0.1).x, 0.34030, 1e-5)
        expectNear(1 - ReferenceSpring().u(0.3).x, 1.12435, 1e-5)
        let (engine, layer) = try probeAt(0)
        try engine.addAnimation(springAnimation("value", from: .scalar(0), to: .scalar(1), spring: Spring()), forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(0.1)
        expectNear(try presented(engine, "value", layer), 0.34030, 1e-5, "S5 t 0.1")
        try engine.tick(0.3)
        expectNear(try presented(engine, "value", layer), 1.12435, 1e-5, "S5 t 0.3")
    }

    @Test("critical damping (1,100,20): (1 + ω₀t)e^(−ω₀t); S6 at 0.1 = 1 − 2/e")
    func critical() throws {
        try checkScalar(ReferenceSpring(damping: 20), "critical")
        let (engine, layer) = try probeAt(0)
        try engine.addAnimation(springAnimation("value", from: .scalar(0), to: .scalar(1), spring: Spring(damping: 20)), forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(0.1)
        expectNear(try presented(engine, "value", layer), 1 - 2 / M_E, 1e-9, "S6")
    }

    @Test("overdamped (1,100,100): critical without allowsOverdamping (S7 0.264241), true overdamping with it (0.086766)")
    func overdamped() throws {
        try checkScalar(ReferenceSpring(damping: 100), "clamped to critical")
        try checkScalar(ReferenceSpring(damping: 100, allowsOverdamping: true), seconds: 8, "overdamped")
        try checkScalar(ReferenceSpring(mass: 2, stiffness: 30, damping: 40, allowsOverdamping: true), seconds: 4, "m2 k30 c40")
        for (allows, expected) in [(false, 0.264241), (true, 0.086766)] {
            let (engine, layer) = try probeAt(0)
            let spring = Spring(damping: 100, allowsOverdamping: allows)
            try engine.addAnimation(springAnimation("value", from: .scalar(0), to: .scalar(1), spring: spring), forKey: nil, to: layer)
            try engine.tick(0)
            try engine.tick(0.1)
            expectNear(try presented(engine, "value", layer), expected, 1e-6, "S7 allowsOverdamping \(allows)")
        }
    }

    @Test("initialVelocity, in fractions of the distance per second towards the target (S8: v₀ 5 at 0.1 → 0.60705)")
    func initialVelocity() throws {
        try checkScalar(ReferenceSpring(initialVelocity: 5), "default v0 5")
        try checkScalar(ReferenceSpring(initialVelocity: -3), from: 10, to: 30, "default v0 −3")
        try checkScalar(ReferenceSpring(damping: 20, initialVelocity: 12), "critical v0 12")
        try checkScalar(ReferenceSpring(damping: 60, initialVelocity: -4, allowsOverdamping: true), seconds: 5, "overdamped v0 −4")
        expectNear(1 - ReferenceSpring(initialVelocity: 5).u(0.1).x, 0.60705, 1e-5, "S8, the test's formula")
        // The start moves at v₀ × distance per second.
        let (engine, layer) = try probeAt(0)
        try engine.addAnimation(springAnimation("value", from: .scalar(0), to: .scalar(200), spring: Spring(initialVelocity: 5)), forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(1.0 / 1024)
        expectNear(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)), 1000, 1000 * 0.05, "v₀ · (to − from) at the start")
    }

    @Test("the duration only decides when it ends: the shape is the same for 0.5 s and 5 s")
    func durationDoesNotShape() throws {
        try checkScalar(ReferenceSpring(), seconds: 1, duration: 0.5, "duration 0.5")
        try checkScalar(ReferenceSpring(), seconds: 1, duration: 5, "duration 5")
    }

    @Test("from/to/by combinations resolve as a basic animation's, on the model underneath (20)",
          arguments: [
            (10.0 as Double?, 50.0 as Double?, nil as Double?, 10.0, 50.0),
            (10, nil, 5, 10, 15),
            (nil, nil, 30, 20, 50),
            (nil, 50, nil, 20, 50),
            (10, nil, nil, 10, 20),
            (nil, 50, 5, 45, 50),
          ])
    func fromToBy(from: Double?, to: Double?, by: Double?, start: Double, end: Double) throws {
        let (engine, layer) = try probeAt(20)
        let reference = ReferenceSpring(damping: 6)
        try engine.addAnimation(
            springAnimation("value", from: from.map(Value.scalar), to: to.map(Value.scalar), by: by.map(Value.scalar), spring: reference.spring),
            forKey: "s", to: layer)
        try engine.tick(10)
        for t in grid(to: 2) {
            try engine.tick(10 + t)
            expectNear(try presented(engine, "value", layer), start + (end - start) * (1 - reference.u(t).x), 1e-9,
                       "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by)) t \(t)")
        }
    }

    @Test("points, rects and colours: each component on the same normalised spring")
    func multiComponent() throws {
        let reference = ReferenceSpring(damping: 4, initialVelocity: 2)
        let cases: [(String, Value, Value)] = [
            ("position", .point(x: 0, y: 0), .point(x: 100, y: -50)),
            ("bounds", .rect(x: 10, y: 20, width: 30, height: 40), .rect(x: -10, y: 60, width: 300, height: 4)),
            ("backgroundColor", .color(red: 0, green: 0, blue: 0, alpha: 0), .color(red: 1, green: 0.5, blue: 0.25, alpha: 1)),
        ]
        for (keyPath, from, to) in cases {
            let engine = Engine()
            let layer = try engine.makeLayerHandle()
            try engine.addAnimation(springAnimation(keyPath, from: from, to: to, spring: reference.spring), forKey: "s", to: layer)
            try engine.tick(10)
            for t in grid(to: 2) {
                try engine.tick(10 + t)
                let fraction = 1 - reference.u(t).x
                let expected = zip(slots(from), slots(to)).map { $0 + ($1 - $0) * fraction }
                let shown = try #require(try engine.presentationValue(forKeyPath: keyPath, of: layer))
                #expect(shown.kind == from.kind)
                for (k, (a, e)) in zip(slots(shown), expected).enumerated() {
                    expectNear(a, e, 1e-9 * max(1, abs(e)), "\(keyPath)[\(k)] t \(t)")
                }
            }
        }
        // A component key path springs alone.
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 5, y: 7), forKeyPath: "position", of: layer)
        try engine.addAnimation(springAnimation("position.y", from: .scalar(0), to: .scalar(70), spring: reference.spring), forKey: "s", to: layer)
        try engine.tick(10)
        for t in grid(to: 1) {
            try engine.tick(10 + t)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(5, 70 * (1 - reference.u(t).x)), 1e-9, "position.y t \(t)")
        }
    }

    @Test("an additive spring adds from + (to − from)(1 − u) to the model; two stack")
    func additive() throws {
        let (engine, layer) = try probeAt(10)
        let reference = ReferenceSpring()
        let stiff = ReferenceSpring(stiffness: 400, damping: 30)
        var first = springAnimation("value", from: .scalar(-10), to: .scalar(0), spring: reference.spring)
        first.isAdditive = true
        var second = springAnimation("value", from: .scalar(6), to: .scalar(0), spring: stiff.spring)
        second.isAdditive = true
        try engine.addAnimation(first, forKey: "a", to: layer)
        try engine.addAnimation(second, forKey: "b", to: layer)
        try engine.tick(10)
        for t in grid(to: 2) {
            try engine.tick(10 + t)
            let expected = 10 + (-10 + 10 * (1 - reference.u(t).x)) + (6 - 6 * (1 - stiff.u(t).x))
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "t \(t)")
        }
    }

    @Test("duration 0 becomes settlingDuration; did-stop arrives at that time")
    func durationZeroIsSettlingDuration() throws {
        let (engine, layer) = try probeAt(-1)
        let log = Log<CallbackRecord>()
        let ticks = TickCounter()
        var animation = Animation.spring("value", from: .scalar(0), to: .scalar(100), spring: Spring())
        animation.delegate = recordingDelegate(log, ticks)
        #expect(animation.timing.duration == 0)
        try engine.addAnimation(animation, forKey: "s", to: layer)
        let settling = ReferenceSpring().underdampedSettling   // 1.4727…
        expectNear(try engine.animation(forKey: "s", of: layer)?.timing.duration, settling, 1e-12, "stored duration")
        try engine.tick(10)
        // 1/64 grid: 94/64 = 1.46875 < settling <= 95/64 = 1.484375.
        for k in 0...100 {
            ticks.advance()
            try engine.tick(10 + Double(k) / 64)
            let t = Double(k) / 64
            let expected = t < settling ? 100 * (1 - ReferenceSpring().u(t).x) : -1
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "t \(t)")
            let stops = log.all.filter { $0.kind == .stop(finished: true) }
            if k < 95 { #expect(stops.isEmpty, "no did-stop before the settling duration (t \(t))") }
        }
        let stops = log.all.filter { $0.kind == .stop(finished: true) }
        #expect(stops.count == 1)
        #expect(stops.first?.tick == 96, "did-stop during the tick at 95/64 s (counter 96), the first at or after \(settling)")
        #expect(try engine.animationKeys(of: layer).isEmpty)

        // A different spring: its own settling duration.
        let (engine2, layer2) = try probeAt(0)
        try engine2.addAnimation(Animation.spring("value", to: .scalar(1), spring: Spring(damping: 5)), forKey: "s", to: layer2)
        expectNear(try engine2.animation(forKey: "s", of: layer2)?.timing.duration, ReferenceSpring(damping: 5).underdampedSettling, 1e-12)
        // The transaction's duration does not replace a spring's settling duration.
        try engine2.beginTransaction()
        try engine2.modifyTransaction { $0.animationDuration = 3 }
        try engine2.addAnimation(Animation.spring("value", to: .scalar(1), spring: Spring(damping: 20)), forKey: "t", to: layer2)
        try engine2.commitTransaction()
        expectNear(try engine2.animation(forKey: "t", of: layer2)?.timing.duration, 1.0, 1e-12, "critical: 1.0")
    }

    @Test("a spring in a group runs in the group's time (begin 0.25 in the group), clipped to the group")
    func inGroup() throws {
        let (engine, layer) = try probeAt(-1)
        let reference = ReferenceSpring(damping: 4)
        var child = springAnimation("value", from: .scalar(0), to: .scalar(100), spring: reference.spring, duration: 3)
        child.timing.beginTime = 0.25
        var group = Animation.group([child])
        group.timing.duration = 2
        try engine.addAnimation(group, forKey: "g", to: layer)
        try engine.tick(10)
        for e in grid(to: 3) {
            try engine.tick(10 + e)
            let expected = e >= 0.25 && e < 2 ? 100 * (1 - reference.u(e - 0.25).x) : -1
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "group time \(e)")
        }
        // Group speed 2: the child's spring time runs twice as fast.
        let (engine2, layer2) = try probeAt(-1)
        var fast = Animation.group([springAnimation("value", from: .scalar(0), to: .scalar(100), spring: reference.spring, duration: 3)])
        fast.timing.duration = 2
        fast.timing.speed = 2
        try engine2.addAnimation(fast, forKey: "g", to: layer2)
        try engine2.tick(10)
        for e in grid(to: 0.9) {
            try engine2.tick(10 + e)
            expectNear(try presented(engine2, "value", layer2), 100 * (1 - reference.u(2 * e).x), 1e-9, "speed 2, host \(e)")
        }
    }
}

// MARK: - Presentation velocity

@Suite("Presentation velocity")
struct PresentationVelocityTests {
    @Test("zero without an animation, before one begins and after it ends")
    func zeroWithoutAnimation() throws {
        let (engine, layer) = try probeAt(5)
        try engine.tick(1)
        #expect(try engine.presentationVelocity(forKeyPath: "value", of: layer) == .scalar(0))
        let built = Engine()
        let plain = try built.makeLayerHandle()
        try built.tick(1)
        #expect(try built.presentationVelocity(forKeyPath: "position", of: plain) == .point(x: 0, y: 0))
        #expect(try built.presentationVelocity(forKeyPath: "backgroundColor", of: plain) == .color(red: 0, green: 0, blue: 0, alpha: 0))
        // After a basic animation has ended and been removed.
        try engine.addAnimation(basic("value", from: 0, to: 10, duration: 0.5), forKey: "b", to: layer)
        try engine.tick(2)
        try engine.tick(3)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try engine.presentationVelocity(forKeyPath: "value", of: layer) == .scalar(0))
    }

    @Test("a linear basic animation moves at (to − from)/duration")
    func linearBasic() throws {
        let (engine, layer) = try probeAt(0)
        var animation = basic("value", from: 20, to: 120, duration: 2)
        animation.timingFunction = .linear
        try engine.addAnimation(animation, forKey: "b", to: layer)
        try engine.tick(10)
        for e in [0.0, 0.25, 1, 1.5, 1.96875] {
            try engine.tick(10 + e)
            expectNear(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)), 50, 1e-6, "e \(e)")
        }
        // A point animation: per component.
        let built = Engine()
        let plain = try built.makeLayerHandle()
        var move = basic("position", from: .point(x: 0, y: 0), to: .point(x: 30, y: -60), duration: 3)
        move.timingFunction = .linear
        try built.addAnimation(move, forKey: "m", to: plain)
        try built.tick(10)
        try built.tick(11)
        expectValue(try built.presentationVelocity(forKeyPath: "position", of: plain), .point(x: 10, y: -20), 1e-6)
        expectValue(try built.presentationVelocity(forKeyPath: "position.y", of: plain), .scalar(-20), 1e-6)
    }

    /// The tolerance of a 1e-4 s one-sided difference of `scale` × u: |u″| × 1e-4 / 2 (plus a
    /// hair for rounding).
    private func differenceTolerance(_ reference: ReferenceSpring, _ t: Double, scale: Double) -> Double {
        abs(scale) * (abs(reference.acceleration(t)) * 1e-4 / 2 * 1.05 + 1e-6) + 1e-7
    }

    @Test("a spring's velocity is the analytic −(to − from) u′(t)",
          arguments: [
            ReferenceSpring(), ReferenceSpring(damping: 20), ReferenceSpring(damping: 100),
            ReferenceSpring(damping: 100, allowsOverdamping: true), ReferenceSpring(initialVelocity: 5),
            ReferenceSpring(mass: 2, stiffness: 300, damping: 3, initialVelocity: -2),
          ])
    private func springVelocity(reference: ReferenceSpring) throws {
        let (engine, layer) = try probeAt(0)
        try engine.addAnimation(springAnimation("value", from: .scalar(-20), to: .scalar(80), spring: reference.spring), forKey: "s", to: layer)
        try engine.tick(10)
        for t in grid(to: 2).dropFirst() {
            try engine.tick(10 + t)
            let expected = -100 * reference.u(t).dx
            expectNear(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)), expected,
                       differenceTolerance(reference, t, scale: 100), "t \(t)")
        }
    }

    @Test("components: \"position.x\" reads one slot, \"position\" both, of a point spring")
    func components() throws {
        let reference = ReferenceSpring(damping: 7)
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(springAnimation("position", from: .point(x: 0, y: 10), to: .point(x: 100, y: -40), spring: reference.spring), forKey: "s", to: layer)
        try engine.tick(10)
        for t in grid(to: 1.5).dropFirst() {
            try engine.tick(10 + t)
            let du = reference.u(t).dx
            let tolerance = differenceTolerance(reference, t, scale: 100)
            expectNear(scalar(try engine.presentationVelocity(forKeyPath: "position.x", of: layer)), -100 * du, tolerance, "x t \(t)")
            expectNear(scalar(try engine.presentationVelocity(forKeyPath: "position.y", of: layer)), 50 * du, tolerance, "y t \(t)")
            let whole = try engine.presentationVelocity(forKeyPath: "position", of: layer)
            let expected = Value.point(x: -100 * du, y: 50 * du)
            #expect(whole.kind == .point)
            expectValue(whole, expected, tolerance, "point t \(t)")
        }
    }

    @Test("bool (and other bit-pattern) properties have no velocity: .wrongKind; undeclared keys: .unknownKey")
    func wrongKind() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        expectError(.wrongKind, naming: "hidden") { _ = try engine.presentationVelocity(forKeyPath: "hidden", of: layer) }
        expectError(.unknownKey) { _ = try engine.presentationVelocity(forKeyPath: "noSuchProperty", of: layer) }
    }
}
