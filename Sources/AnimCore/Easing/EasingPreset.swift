import Glibc

/// The easing presets of Robert Penner's equations ("Robert Penner's Easing Equations", 2001;
/// the curves of Qt's QEasingCurve, easings.net and every tweening library), evaluated exactly
/// from their formulas. Inputs outside [0, 1] are clamped (the output is 0 before, 1 after);
/// the before flag plays no part. With t the input progress:
///
/// - back, overshoot s (default 1.70158, a 10% overshoot): in(t) = t²((s + 1)t − s);
///   in-out uses s × 1.525 in each half (Penner's rule, as Qt).
/// - bounce: out(t) is four parabolas 7.5625(t − c)² + k with c = 0, 1.5/2.75, 2.25/2.75,
///   2.625/2.75 and k = 0, 0.75, 0.9375, 0.984375 on t < 1/2.75, 2/2.75, 2.5/2.75, 1;
///   in(t) = 1 − out(1 − t).
/// - elastic, amplitude a (default 1) and period p (default 0.3, in progress units):
///   out(t) = a·2^(−10t)·sin((t − σ)·2π/p) + 1 with σ = p/(2π)·asin(1/a) (σ = p/4 and a = 1
///   when a < 1); in(t) = −a·2^(10(t − 1))·sin((t − 1 − σ)·2π/p); out(0) = in(0) = 0 and
///   out(1) = in(1) = 1 exactly. In-out uses p as given (as Qt; Penner's own in-out widened it).
///
/// For back and elastic, out(t) = 1 − in(1 − t) holds for back only; every in-out is
/// in(2t)/2 below t = 0.5 and (1 + out(2t − 1))/2 from it.
public struct EasingPreset: Hashable, Sendable {
    /// A family of curves.
    public enum Kind: Int32, CaseIterable, Sendable {
        /// Pulls back before it goes (in), or overshoots and settles (out).
        case back = 0
        /// Bounces off the end (out) or the start (in), like a dropped ball.
        case bounce = 1
        /// Oscillates around the end (out) or the start (in), like a spring.
        case elastic = 2
    }

    /// Which end of the motion the effect is at.
    public enum Direction: Int32, CaseIterable, Sendable {
        /// At the start.
        case easeIn = 0
        /// At the end.
        case easeOut = 1
        /// At both: the in curve to the middle, then the out curve.
        case easeInOut = 2
    }

    /// Back's default overshoot: a 10% overshoot (Penner's constant, Qt's default).
    public static let defaultOvershoot = 1.70158
    /// Elastic's default amplitude (Qt's default).
    public static let defaultAmplitude = 1.0
    /// Elastic's default period, in progress units (Qt's default).
    public static let defaultPeriod = 0.3
    /// Largest parameter accepted: the formulas stay finite.
    public static let maximumParameter = 1e6

    /// The family.
    public let kind: Kind
    /// Which end the effect is at.
    public let direction: Direction
    /// Back's overshoot s (>= 0); 0 for the other kinds.
    public let overshoot: Double
    /// Elastic's amplitude a (>= 0; below 1 acts as 1); 0 for the other kinds.
    public let amplitude: Double
    /// Elastic's period p, in progress units (> 0); 0 for the other kinds.
    public let period: Double

    /// Back with overshoot s. C: `ac_timing_function_back`.
    /// - Parameters:
    ///   - direction: which end pulls back or overshoots.
    ///   - overshoot: s in [0, 1e6]; default 1.70158 (10%); 0 gives a plain cubic.
    /// - Returns: the preset.
    /// - Throws: `.notFinite` or `.outOfRange` for another overshoot.
    public static func back(_ direction: Direction, overshoot: Double = defaultOvershoot) throws(AnimCoreError) -> EasingPreset {
        try check(overshoot, "overshoot", minimum: 0, inclusive: true)
        return EasingPreset(unchecked: .back, direction, overshoot: overshoot)
    }

    /// Penner's bounce (no parameter). C: `ac_timing_function_bounce`.
    /// - Parameter direction: which end bounces.
    /// - Returns: the preset.
    public static func bounce(_ direction: Direction) -> EasingPreset {
        EasingPreset(unchecked: .bounce, direction)
    }

    /// Elastic with amplitude a and period p. C: `ac_timing_function_elastic`.
    /// - Parameters:
    ///   - direction: which end oscillates.
    ///   - amplitude: a in [0, 1e6] (below 1 acts as 1); default 1.
    ///   - period: p in (0, 1e6], progress units; default 0.3.
    /// - Returns: the preset.
    /// - Throws: `.notFinite` or `.outOfRange` for another amplitude or period.
    public static func elastic(
        _ direction: Direction, amplitude: Double = defaultAmplitude, period: Double = defaultPeriod
    ) throws(AnimCoreError) -> EasingPreset {
        try check(amplitude, "amplitude", minimum: 0, inclusive: true)
        try check(period, "period", minimum: 0, inclusive: false)
        return EasingPreset(unchecked: .elastic, direction, amplitude: amplitude, period: period)
    }

    /// A preset whose parameters are known to be valid.
    init(unchecked kind: Kind, _ direction: Direction, overshoot: Double = 0, amplitude: Double = 0, period: Double = 0) {
        self.kind = kind
        self.direction = direction
        self.overshoot = overshoot
        self.amplitude = amplitude
        self.period = period
    }

    /// Checks a parameter: finite, above `minimum` (or at it, when inclusive), at most 1e6.
    private static func check(_ value: Double, _ name: String, minimum: Double, inclusive: Bool) throws(AnimCoreError) {
        guard value.isFinite else { throw AnimCoreError(.notFinite, "\(name) is \(value); it must be finite") }
        let above = inclusive ? value >= minimum : value > minimum
        guard above && value <= maximumParameter else {
            let low = inclusive ? "[\(minimum)" : "(\(minimum)"
            throw AnimCoreError(.outOfRange, "\(name) is \(value); it must be in \(low), 1e6]")
        }
    }

    /// The output at input progress x (clamped to [0, 1]).
    /// - Parameter x: input progress, any finite number.
    /// - Returns: the output progress: 0 at and before 0, 1 at and after 1.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        switch direction {
        case .easeIn: return easeIn(x, scale: 1)
        case .easeOut: return easeOut(x, scale: 1)
        case .easeInOut:
            let scale = kind == .back ? 1.525 : 1
            return x < 0.5 ? easeIn(2 * x, scale: scale) / 2 : (1 + easeOut(2 * x - 1, scale: scale)) / 2
        }
    }

    /// The slope at x: a central difference of `value(at:)` over 1e-7 (one-sided at 0 and 1);
    /// 0 outside (0, 1).
    /// - Parameter x: input progress.
    /// - Returns: dy/dx, to about 1e-7.
    public func slope(at x: Double) -> Double {
        guard x >= 0 && x <= 1 else { return 0 }
        let step = 1e-7
        let low = Swift.max(0, x - step), high = Swift.min(1, x + step)
        return (value(at: high) - value(at: low)) / (high - low)
    }

    /// The smallest and largest output over inputs [0, 1], 0 and 1 included: sampled at 4096
    /// steps, each extreme then refined by golden-section search (within 1e-9 of it).
    public var outputRange: ClosedRange<Double> {
        let count = 4096
        var lowest = (x: 0.0, y: 0.0), highest = (x: 1.0, y: 1.0)
        for index in 1..<count {
            let x = Double(index) / Double(count)
            let y = value(at: x)
            if y < lowest.y { lowest = (x, y) }
            if y > highest.y { highest = (x, y) }
        }
        let step = 1 / Double(count)
        let low = refine(around: lowest.x, step: step, sign: 1)
        let high = -refine(around: highest.x, step: step, sign: -1)
        return Swift.min(0, low, lowest.y)...Swift.max(1, high, highest.y)
    }

    /// The least of sign·value over [x − step, x + step], by golden-section search.
    private func refine(around x: Double, step: Double, sign: Double) -> Double {
        var a = Swift.max(0, x - step), b = Swift.min(1, x + step)
        let ratio = 0.6180339887498949
        for _ in 0..<60 {
            let c = b - ratio * (b - a), d = a + ratio * (b - a)
            if sign * value(at: c) < sign * value(at: d) { b = d } else { a = c }
        }
        return sign * value(at: (a + b) / 2)
    }

    /// The in curve at t in (0, 1]; `scale` multiplies back's overshoot (in-out's 1.525).
    private func easeIn(_ t: Double, scale: Double) -> Double {
        switch kind {
        case .back:
            let s = overshoot * scale
            return t * t * ((s + 1) * t - s)
        case .bounce:
            return 1 - Self.bounceOut(1 - t)
        case .elastic:
            guard t < 1 else { return 1 }
            let (a, sigma) = elasticShape
            let u = t - 1
            return -(a * exp2(10 * u) * elasticSine(u - sigma))
        }
    }

    /// The out curve at t in [0, 1).
    private func easeOut(_ t: Double, scale: Double) -> Double {
        switch kind {
        case .back:
            let s = overshoot * scale
            let u = t - 1
            return u * u * ((s + 1) * u + s) + 1
        case .bounce:
            return Self.bounceOut(t)
        case .elastic:
            guard t > 0 else { return 0 }
            let (a, sigma) = elasticShape
            return a * exp2(-10 * t) * elasticSine(t - sigma) + 1
        }
    }

    /// sin(2π·x/p), the oscillation at x progress units from its phase.
    /// [INF] A period below about 3.5e-308 makes the angle overflow: an infinitely fast
    /// oscillation has no value, so the sine is taken as 0 (in gives 0, out gives 1).
    private func elasticSine(_ x: Double) -> Double {
        let angle = x * 2 * Double.pi / period
        return angle.isFinite ? sin(angle) : 0
    }

    /// Elastic's amplitude (at least 1) and phase shift σ.
    private var elasticShape: (amplitude: Double, shift: Double) {
        guard amplitude >= 1 else { return (1, period / 4) }
        return (amplitude, period / (2 * Double.pi) * asin(1 / amplitude))
    }

    /// Penner's bounce out at t in [0, 1].
    private static func bounceOut(_ t: Double) -> Double {
        let k = 7.5625, d = 2.75
        if t < 1 / d { return k * t * t }
        if t < 2 / d { let u = t - 1.5 / d; return k * u * u + 0.75 }
        if t < 2.5 / d { let u = t - 2.25 / d; return k * u * u + 0.9375 }
        let u = t - 2.625 / d
        return k * u * u + 0.984375
    }
}

extension EasingPreset {
    /// The preset of `kind` and `direction` with the default parameters (overshoot 1.70158;
    /// amplitude 1, period 0.3).
    init(defaultsFor kind: Kind, _ direction: Direction) {
        switch kind {
        case .back: self.init(unchecked: .back, direction, overshoot: Self.defaultOvershoot)
        case .bounce: self.init(unchecked: .bounce, direction)
        case .elastic:
            self.init(unchecked: .elastic, direction, amplitude: Self.defaultAmplitude, period: Self.defaultPeriod)
        }
    }
}
