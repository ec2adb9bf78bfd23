import Glibc

/// A damped spring (CASpringAnimation's physics, SwiftUI's `Spring`): a mass on a spring with
/// damping, pulling a value towards its target (reference §6.5).
///
/// The motion is the closed-form solution of `m x″ + c x′ + k (x − target) = 0`, so any time can
/// be evaluated directly and the result does not depend on the frame rate. Normalised, the
/// displacement from the target starts at 1 and moves with `initialVelocity` towards 0:
///
///     ω₀ = √(k/m), ζ = c / (2√(k m))
///     ζ < 1:  e^(−ζω₀t) (cos ω_d t + B sin ω_d t),  ω_d = ω₀√(1 − ζ²)
///     ζ = 1, or ζ > 1 without `allowsOverdamping`:  (1 + (ω₀ − v₀) t) e^(−ω₀t)
///     ζ > 1 with `allowsOverdamping`:  C₁ e^(r₁t) + C₂ e^(r₂t),  r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1))
public struct Spring: Hashable, Sendable {
    /// Mass, > 0. Default 1.
    public var mass: Double = 1
    /// Stiffness, > 0. Default 100.
    public var stiffness: Double = 100
    /// Damping, >= 0. Default 10.
    public var damping: Double = 10
    /// The velocity at the start, in fractions of the from → to distance per second, positive
    /// towards the target (a gesture's v points/s is v / (to − from)). Default 0.
    public var initialVelocity: Double = 0
    /// Whether damping above critical slows the spring down (true), or counts as critical
    /// (false: CASpringAnimation's default). Default false.
    public var allowsOverdamping = false

    /// A spring with these parameters (Core Animation's defaults: 1, 100, 10, 0), checked when
    /// used (`validate(_:)`).
    ///
    /// C: `ac_spring_init`.
    /// - Parameters:
    ///   - mass: > 0; default 1.
    ///   - stiffness: > 0; default 100.
    ///   - damping: >= 0; default 10.
    ///   - initialVelocity: fractions of the distance per second, towards the target; default 0.
    ///   - allowsOverdamping: whether damping above critical slows the spring down; default false.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The spring of a perceptual duration and bounce (SwiftUI's `Spring(duration:bounce:)`,
    /// CASpringAnimation's `initWithPerceptualDuration:bounce:`): mass 1, stiffness (2π / duration)²,
    /// damping 4π(1 − bounce) / duration for bounce >= 0; for a negative bounce the damping
    /// ratio is 1 / (1 + bounce) (overdamped, `allowsOverdamping` on).
    /// [INF] Negative bounce follows OpenCoreAnimation's reading, which claims QuartzCore parity.
    /// - Parameters:
    ///   - duration: seconds, finite and > 0.
    ///   - bounce: in (−1, 1): 0 is critically damped, towards 1 bouncier, below 0 overdamped.
    ///   - initialVelocity: fractions of the distance per second, towards the target; default 0.
    /// - Throws: `.notFinite` for a NaN or infinite argument, `.outOfRange` for a duration that
    ///   is not > 0 (or beyond 1e15 s) or a bounce outside (−1, 1).
    ///
    /// C: `ac_spring_from_perceptual`.
    public init(duration: Double, bounce: Double = 0, initialVelocity: Double = 0) throws(AnimCoreError) {
        try Check.finite(duration, "duration")
        guard duration > 0, duration <= MediaTiming.Limits.time else {
            throw AnimCoreError(.outOfRange, "duration is \(duration); it must be > 0 and <= \(MediaTiming.Limits.time)")
        }
        try Check.finite(bounce, "bounce")
        guard bounce > -1, bounce < 1 else {
            throw AnimCoreError(.outOfRange, "bounce is \(bounce); it must be in (-1, 1)")
        }
        try Check.finite(initialVelocity, "initialVelocity")
        let omega = 2 * Double.pi / duration
        mass = 1
        stiffness = omega * omega
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        damping = 2 * ratio * omega
        self.initialVelocity = initialVelocity
        allowsOverdamping = true
    }

    /// Throws unless mass > 0, stiffness > 0, damping >= 0 (all finite) and the initial
    /// velocity is finite. (Messages are made only on failure: implicit springs are checked on
    /// the per-change path.)
    /// - Parameter field: the name messages give the spring ("spring", "animation.spring");
    ///   default "spring".
    /// - Throws: `.notFinite` for a NaN or infinite parameter, `.outOfRange` for a mass or
    ///   stiffness that is not > 0, a negative damping, or a stiffness / mass that is not finite.
    public func validate(_ field: @autoclosure () -> String = "spring") throws(AnimCoreError) {
        guard mass.isFinite, stiffness.isFinite, damping.isFinite, initialVelocity.isFinite else {
            let (name, value) = !mass.isFinite ? ("mass", mass) : !stiffness.isFinite ? ("stiffness", stiffness)
                : !damping.isFinite ? ("damping", damping) : ("initialVelocity", initialVelocity)
            throw AnimCoreError(.notFinite, "\(field()).\(name) is \(value); it must be finite")
        }
        guard mass > 0 else { throw AnimCoreError(.outOfRange, "\(field()).mass is \(mass); it must be > 0") }
        guard stiffness > 0 else { throw AnimCoreError(.outOfRange, "\(field()).stiffness is \(stiffness); it must be > 0") }
        guard damping >= 0 else { throw AnimCoreError(.outOfRange, "\(field()).damping is \(damping); it must be >= 0") }
        guard (stiffness / mass).isFinite, stiffness / mass > 0 else {
            throw AnimCoreError(.outOfRange, "\(field()): stiffness / mass is \(stiffness / mass); it must be finite and > 0")
        }
    }

    /// ω₀ = √(k/m), the undamped angular frequency (radians per second); finite and > 0 for a
    /// valid spring.
    ///
    /// C: `ac_spring_damping_ratio`.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(k m)): below 1 the spring oscillates. Computed as c / (m ω₀) / 2, which
    /// neither underflows (√(k m) of two tiny numbers) nor overflows (2m of a huge mass);
    /// +infinity when ζ itself is beyond the largest double (damping 1e300 on mass 1e-300).
    ///
    /// C: `ac_spring_damping_ratio`.
    public var dampingRatio: Double { damping / (mass * naturalFrequency) / 2 }

    /// SwiftUI's perceptual duration: 2π / ω₀ seconds.
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }
    /// SwiftUI's bounce: 1 − ζ for ζ <= 1, 1/ζ − 1 above (the inverse of `init(duration:bounce:)`).
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// CASpringAnimation's settlingDuration: seconds until the displacement stays within
    /// ε = 0.001 of the distance. Underdamped: ln((1 + |B|) / ε) / (ζω₀) with B = (ζω₀ − v₀) / ω_d
    /// (the reference's reconstruction; it gives Apple's documented 2.85 s and 1.02 s). Critical
    /// and overdamped: the first time the displacement stays below ε, rounded up to 0.1 s.
    /// [INF] The rounding matches OpenCoreAnimation's measured 1.0 s for (1, 100, 20) and (1, 100, 100).
    /// Infinite for an undamped spring.
    public var settlingDuration: Double {
        SpringResponse(self).settlingDuration(initialVelocity: initialVelocity)
    }
}

/// A spring's motion, precomputed from its parameters: the normalised displacement from the
/// target for a start at 1 with velocity 0 (`g`) and for a start at 0 with velocity 1 (`h`);
/// any start is a sum of the two (the equation is linear).
struct SpringResponse: Hashable {
    enum Regime: UInt8 { case underdamped, critical, overdamped }
    var regime: Regime
    /// ω₀.
    var frequency: Double
    /// ζω₀ (underdamped), the decay rate of the envelope.
    var decay: Double
    /// ω_d (underdamped).
    var dampedFrequency: Double
    /// r₁ > r₂ (overdamped): both negative.
    var rootSlow: Double
    var rootFast: Double

    init(_ spring: Spring) {
        let omega = spring.naturalFrequency
        let ratio = spring.dampingRatio
        frequency = omega
        decay = ratio * omega
        dampedFrequency = 0
        rootSlow = 0
        rootFast = 0
        if ratio < 1 {
            regime = .underdamped
            dampedFrequency = omega * (1 - ratio * ratio).squareRoot()
        } else if ratio == 1 || !spring.allowsOverdamping {
            regime = .critical
        } else {
            regime = .overdamped
            // ζ ± √(ζ² − 1) without the cancellation of ζ − √(ζ² − 1) for a large ζ, nor the
            // overflow of ζ²: the slow root is ω₀ / (ζ + √(ζ² − 1)).
            let sum = ratio * (1 + (1 - 1 / (ratio * ratio)).squareRoot())
            rootSlow = -omega / sum
            rootFast = -omega * sum
            if !sum.isFinite || !rootFast.isFinite {
                (rootSlow, rootFast) = Self.extremeRoots(spring)
            }
        }
    }

    /// The roots of m r² + c r + k = 0 of a spring overdamped beyond the double range (ζ or
    /// ω₀ζ overflows: damping 1e300 on mass 1e-300), from m, c and k without forming ζ:
    /// r₁ = −2k / (c (1 + s)) and r₂ = −c (1 + s) / (2m), s = √(1 − 4 (m/c)(k/c)). Such a
    /// spring is a slow exponential, e^(r₁t): the fast mode is over at once, and a fast root
    /// beyond the double range is taken as the most negative finite double, so that the motion
    /// (which divides by r₁ − r₂ and multiplies r₂ by 0 at t = 0) stays finite.
    private static func extremeRoots(_ spring: Spring) -> (slow: Double, fast: Double) {
        let m = spring.mass, c = spring.damping, k = spring.stiffness
        let s = max(0, 1 - 4 * (m / c) * (k / c)).squareRoot()
        let slow = -(k / c) * (2 / (1 + s))
        let fast = max(-(c / m) * ((1 + s) / 2), -Double.greatestFiniteMagnitude)
        return (slow, fast)
    }

    /// The slowest rate at which the motion decays (1/s), for bracketing.
    var slowestRate: Double {
        switch regime {
        case .underdamped: decay
        case .critical: frequency
        case .overdamped: -rootSlow
        }
    }

    /// `Spring.settlingDuration` for the spring of this response starting with `initialVelocity`
    /// (fractions of the distance per second, towards the target): seconds, or infinity.
    func settlingDuration(initialVelocity: Double) -> Double {
        let settling = estimatedSettlingDuration(initialVelocity: initialVelocity)
        // Beyond the time limit a spring does not settle in any time the engine counts.
        return settling.isFinite && settling <= MediaTiming.Limits.time ? settling : .infinity
    }

    /// The time after which the displacement stays within 0.001 of the target.
    // [Perf] Inlined for the underdamped case, a formula; the others bisect out of line (a spring
    // change in flight asks once per carried component).
    @inline(__always)
    private func estimatedSettlingDuration(initialVelocity: Double) -> Double {
        guard slowestRate > 0, slowestRate.isFinite else { return .infinity }
        guard regime == .underdamped else { return bisectedSettlingDuration(initialVelocity: initialVelocity) }
        guard decay > 0 else { return .infinity }
        let b = (decay - initialVelocity) / dampedFrequency
        return log((1 + abs(b)) / Self.settledDisplacement) / decay
    }

    /// The largest displacement (a fraction of the distance) that counts as settled.
    private static var settledDisplacement: Double { 0.001 }

    /// `estimatedSettlingDuration` of a critically damped or overdamped spring.
    private func bisectedSettlingDuration(initialVelocity: Double) -> Double {
        let epsilon = Self.settledDisplacement
        // The displacement has at most one zero crossing and, after it, one extremum; past
        // the extremum its size only shrinks, and before the crossing too. So the last time
        // it is above ε lies after the extremum when the extremum is above ε, else before
        // it: either way in a stretch where bisection applies.
        let above = { (t: Double) in
            abs(self.displacement(at: t, initialVelocity: initialVelocity).value) > epsilon
        }
        let turn = extremumTime(initialVelocity: initialVelocity)
        var low: Double, high: Double
        if above(turn) {
            low = turn
            high = turn + 1 / slowestRate
            var doublings = 0
            while above(high) && doublings < 200 {
                low = high
                high = turn + 2 * (high - turn)
                doublings += 1
            }
        } else {
            (low, high) = (0, turn)
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if above(middle) { low = middle } else { high = middle }
        }
        return (high * 10).rounded(.up) / 10
    }

    /// g(t), g′(t), h(t) and h′(t): the motion at one time.
    typealias Motion = (rest: Double, restSlope: Double, push: Double, pushSlope: Double)

    /// g(t), g′(t), h(t) and h′(t) (g from 1 at rest, h from 0 with velocity 1), with each
    /// exponential and each sine and cosine computed once. The functions below take the parts
    /// they need; inlined, what a caller leaves is not computed.
    @inline(__always)
    func motion(at t: Double) -> Motion {
        switch regime {
        case .underdamped:
            let envelope = exp(-decay * t)
            let c = cos(dampedFrequency * t), s = sin(dampedFrequency * t)
            let b = decay / dampedFrequency
            return (envelope * (c + b * s), -envelope * (decay * b + dampedFrequency) * s,
                    envelope * s / dampedFrequency, envelope * (c - decay * s / dampedFrequency))
        case .critical:
            // ω₀t e^(−ω₀t) is at most 1/e, so −ω₀ (ω₀t e^(−ω₀t)) never overflows where
            // (−ω₀² t) e^(−ω₀t) did (inf × 0 for a stiff spring on a long duration).
            let phase = frequency * t
            let envelope = exp(-phase)
            return ((1 + phase) * envelope, -frequency * (phase * envelope),
                    t * envelope, (1 - phase) * envelope)
        case .overdamped:
            let slow = exp(rootSlow * t), fast = exp(rootFast * t)
            let span = rootSlow - rootFast
            return ((rootSlow * fast - rootFast * slow) / span, rootSlow * rootFast * (fast - slow) / span,
                    (slow - fast) / span, (rootSlow * slow - rootFast * fast) / span)
        }
    }

    /// g(t), g′(t): from 1 at rest.
    @inline(__always)
    func rest(at t: Double) -> (value: Double, derivative: Double) {
        let motion = motion(at: t)
        return (motion.rest, motion.restSlope)
    }

    /// h(t), h′(t): from 0 with velocity 1.
    @inline(__always)
    func push(at t: Double) -> (value: Double, derivative: Double) {
        let motion = motion(at: t)
        return (motion.push, motion.pushSlope)
    }

    /// g(t) and h(t) together (the tick's path).
    @inline(__always)
    func restAndPush(at t: Double) -> (rest: Double, push: Double) {
        let motion = motion(at: t)
        return (motion.rest, motion.push)
    }

    /// The normalised displacement u(t) = g(t) − v₀ h(t) and its derivative, for a start at 1
    /// moving towards 0 at v₀ (fractions of the distance per second).
    @inline(__always)
    func displacement(at t: Double, initialVelocity: Double) -> (value: Double, derivative: Double) {
        let motion = motion(at: t)
        guard initialVelocity != 0 else { return (motion.rest, motion.restSlope) }
        return (motion.rest - initialVelocity * motion.push, motion.restSlope - initialVelocity * motion.pushSlope)
    }

    /// The time (>= 0) of the last extremum of u = g − v₀ h for a critical or overdamped spring:
    /// 0 when |u| only shrinks from the start. (Such a displacement crosses 0 at most once and
    /// turns at most once.)
    func extremumTime(initialVelocity v0: Double) -> Double {
        switch regime {
        case .underdamped:
            return 0
        case .critical:
            // u = (1 + a t) e^(−ω₀ t), a = ω₀ − v₀; u′ = 0 at t = (a − ω₀) / (a ω₀).
            let a = frequency - v0
            guard a != 0 else { return 0 }
            let t = (a - frequency) / (a * frequency)
            return t > 0 && t.isFinite ? t : 0
        case .overdamped:
            // u = C₁ e^(r₁t) + C₂ e^(r₂t); u′ = 0 where e^((r₁ − r₂)t) = −C₂ r₂ / (C₁ r₁).
            let c1 = (-v0 - rootFast) / (rootSlow - rootFast)
            let c2 = 1 - c1
            let ratio = -c2 * rootFast / (c1 * rootSlow)
            guard ratio > 0, ratio.isFinite else { return 0 }
            let t = log(ratio) / (rootSlow - rootFast)
            return t > 0 && t.isFinite ? t : 0
        }
    }
}
