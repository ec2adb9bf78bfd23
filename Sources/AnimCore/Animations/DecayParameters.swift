import Glibc

/// What a decay animation adds (Pop's POPDecayAnimation, a scroll view's inertia; reference
/// §8): a value thrown with a velocity slows down at a constant rate until its speed falls
/// below `minimumSpeed`, optionally springing back at bounds (rubber-banding). Beyond Core
/// Animation.
///
/// Every component moves on the same deceleration: `v(t) = v₀ r^(1000 t)` and
/// `x(t) = x₀ + v₀ (r^(1000 t) − 1) / (1000 ln r)`, with r the rate per millisecond. The animation
/// lasts until the speed (the velocity's length) falls below `minimumSpeed`; added with
/// duration 0 it takes that time — for a component that springs back at a bound, until its
/// spring settles instead — whichever component ends last.
/// [INF] Pop sums per-millisecond steps, (v₀/1000) r (1 − r^(1000t)) / (1 − r), 0.1 % short of
/// this continuous form; the continuous form keeps v(0) = v₀ exactly, so a change in flight
/// carries its velocity without a jump.
public struct DecayParameters: Hashable, Sendable {
    /// The start value; nil = the presentation value when added.
    public var fromValue: Value?
    /// The start velocity, value units per second, of the key path's kind; nil = the
    /// presentation's velocity when added (a fling continuing a drag).
    public var velocity: Value?
    /// The fraction of the velocity kept per millisecond, in (0, 1). Default 0.998 (Pop's,
    /// UIScrollView's normal rate).
    public var decelerationRate: Double = 0.998
    /// The speed (value units per second) below which the motion ends, > 0. Default 1.
    /// [INF] Pop ends at 5 × the property's threshold (a point: 5 pt/s); one unit per second
    /// suits points and pixels, and a scalar property of another scale sets its own.
    public var minimumSpeed: Double = 1
    /// The lower bounds per component, of the key path's kind (nil: none). A component that
    /// reaches one springs back to it with the velocity it had there; a start outside springs
    /// back from there.
    public var lowerBound: Value?
    /// The upper bounds per component, as `lowerBound`.
    public var upperBound: Value?
    /// The spring back at a bound. Default: perceptual duration 0.4 s, no bounce (critically damped).
    public var boundSpring: Spring = DecayParameters.defaultBoundSpring

    /// A critically damped spring of perceptual duration 0.4 s.
    public static let defaultBoundSpring = Spring(
        mass: 1, stiffness: (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4), damping: 2 * (2 * Double.pi / 0.4),
        allowsOverdamping: true)

    /// A decay from `fromValue` with `velocity`, no bounds, minimum speed 1.
    ///
    /// C: `ac_decay_init`.
    /// - Parameters:
    ///   - fromValue: the start value; nil: the presentation value when added.
    ///   - velocity: units per second, of the key path's kind; nil: the presentation's velocity
    ///     when added.
    ///   - decelerationRate: the fraction of the velocity kept per millisecond, in (0, 1);
    ///     default 0.998.
    public init(fromValue: Value? = nil, velocity: Value? = nil, decelerationRate: Double = 0.998) {
        self.fromValue = fromValue
        self.velocity = velocity
        self.decelerationRate = decelerationRate
    }

    /// Checks the parameters (done again when the animation is added).
    /// - Parameter field: the name messages give these parameters ("decay",
    ///   "animation.decay"); default "decay".
    /// - Throws: `.outOfRange` for a rate outside (0, 1), a minimum speed that is not > 0 or
    ///   bounds out of order, `.notFinite` for a NaN or infinite number, `.wrongKind` for
    ///   values of different kinds, and the spring's checks (`Spring.validate(_:)`).
    public func validate(_ field: @autoclosure () -> String = "decay") throws(AnimCoreError) {
        try Check.finite(decelerationRate, "\(field()).decelerationRate")
        guard decelerationRate > 0, decelerationRate < 1 else {
            throw AnimCoreError(.outOfRange, "\(field()).decelerationRate is \(decelerationRate); it must be in (0, 1)")
        }
        try Check.finite(minimumSpeed, "\(field()).minimumSpeed")
        guard minimumSpeed > 0 else {
            throw AnimCoreError(.outOfRange, "\(field()).minimumSpeed is \(minimumSpeed); it must be > 0")
        }
        try Self.checkCoordinates(fromValue, "fromValue", field())
        try Self.checkCoordinates(velocity, "velocity", field())
        try Self.checkCoordinates(lowerBound, "lowerBound", field())
        try Self.checkCoordinates(upperBound, "upperBound", field())
        if let lower = lowerBound, let upper = upperBound {
            guard lower.kind == upper.kind else {
                throw AnimCoreError(.wrongKind, "\(field()).lowerBound is a \(lower.kind.name) but upperBound a \(upper.kind.name)")
            }
            var a = SlotScratch(), b = SlotScratch()
            let ordered = a.withPointer { low in
                b.withPointer { high in
                    lower.write(into: low)
                    upper.write(into: high)
                    return (0..<lower.kind.slotCount).allSatisfy { low[$0] <= high[$0] }
                }
            }
            guard ordered else {
                throw AnimCoreError(.invalidArgument, "\(field()).lowerBound \(lower) is above upperBound \(upper) in some component")
            }
        }
        try boundSpring.validate("\(field()).boundSpring")
    }

    /// A value of the decay (`name`, nil: unset): of a kind with coordinates, each finite.
    private static func checkCoordinates(
        _ value: Value?, _ name: StaticString, _ field: @autoclosure () -> String
    ) throws(AnimCoreError) {
        guard let value else { return }
        guard value.kind.hasCoordinates else {
            throw AnimCoreError(.wrongKind, "\(field()).\(name) is a \(value.kind.name); a decay moves scalar, point, size, rect, vector3 or color values")
        }
        try value.checkFinite("\(field()).\(name)")
    }

    /// 1000 ln r: the exponent rate per second (negative).
    var exponent: Double { 1000 * log(decelerationRate) }

    /// Seconds until a start speed falls below `minimumSpeed`.
    /// - Parameter speed: value units per second, >= 0.
    /// - Returns: seconds; 0 when it starts below.
    public func stoppingTime(speed: Double) -> Double {
        guard speed > minimumSpeed else { return 0 }
        let ratio = minimumSpeed / speed
        // A ratio below the normal range has lost its digits (or is 0): the logs' difference
        // keeps them, so a fling of 1e300 units per second still stops in finite time.
        let fall = ratio >= Double.leastNormalMagnitude ? log(ratio) : log(minimumSpeed) - log(speed)
        return fall / exponent
    }

    /// The distance (per unit of start velocity) covered in `t` seconds: (r^(1000t) − 1) / (1000 ln r).
    func travel(_ t: Double) -> Double { expm1(exponent * t) / exponent }

    /// The length of a velocity of `count` slots (`VectorLength.euclidean`).
    static func speed(_ velocity: UnsafePointer<Double>, count: Int) -> Double {
        VectorLength.euclidean(count: count) { velocity[$0] }
    }

    /// Where a value starting at `from` with `velocity` (value units per second, same kind)
    /// comes to rest, without bounds: the value when the speed falls below `minimumSpeed` — what
    /// a scroll view uses to snap a fling to a page before it runs.
    ///
    /// C: `ac_decay_resting_value`.
    /// - Parameters:
    ///   - from: the start value.
    ///   - velocity: units per second, of `from`'s kind.
    /// - Returns: the resting value, of `from`'s kind.
    /// - Throws: `.wrongKind` for a kind a decay cannot move (bool, integer, token, transforms)
    ///   or a velocity of another kind; `.notFinite` for NaN or infinite components.
    public func restingValue(from: Value, velocity: Value) throws(AnimCoreError) -> Value {
        guard from.kind.hasCoordinates, from.kind == velocity.kind else {
            throw AnimCoreError(.wrongKind, "from is a \(from.kind.name) and velocity a \(velocity.kind.name); they must be one coordinate kind")
        }
        var a = SlotScratch(), b = SlotScratch()
        return a.withPointer { x in
            b.withPointer { v in
                from.write(into: x)
                velocity.write(into: v)
                let count = from.kind.slotCount
                let distance = travel(stoppingTime(speed: DecayParameters.speed(v, count: count)))
                for k in 0..<count { x[k] += v[k] * distance }
                return Value(kind: from.kind, slots: x)
            }
        }
    }
}
