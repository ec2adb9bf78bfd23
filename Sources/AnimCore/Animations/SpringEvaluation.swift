/// What a spring animation's record adds: its endpoints (as a basic animation's) and its
/// spring, precomputed.
struct SpringRecord {
    var endpoints = BasicRecord()
    /// The spring as given (for reading the animation back).
    var spring: Spring
    var response: SpringResponse
    /// The spring's initialVelocity: fractions of the from → to distance per second.
    var initialVelocity: Double
    /// Offset of the velocity the value started with (value units per second, one per slot) in
    /// the animation-value buffer, when it carries a presentation's velocity; -1 when not.
    var startVelocity: Int32 = -1
}

extension EvaluationContext {
    /// A spring's time: the animation's basic local time in seconds (its timing function, if
    /// any, is ignored: the spring is the pacing).
    /// [INF] Core Animation does not document whether a spring applies its timingFunction.
    /// An endless spring (an undamped one added with duration 0) runs on its local time.
    @inline(__always)
    func springTime(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double) -> Double {
        record.pointee.timing.basicTime(of: sample, atParentTime: parentTime)
    }

    /// Computes a spring animation's value from its record.
    @inline(__always)
    func applySpring(
        _ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, to slots: UnsafeMutablePointer<Double>
    ) {
        let spring = springs + Int(record.pointee.parameters)
        let motion = spring.pointee.response.restAndPush(at: springTime(record, sample: sample, parentTime: parentTime))
        let ends = Ends(&spring.pointee.endpoints, values: values)
        applySpring(Composition(record), spring, ends, motion: motion, sample: sample, to: slots)
    }

    /// A spring's value given its `motion` at its time (`SpringResponse.restAndPush`): the
    /// interpolation of `ends` at 1 − u, with u the spring's normalised displacement, plus the
    /// start velocity's share when it carries one (a path or an array carries none: a whole
    /// one from given ends is written through its resolved interpolation, as a basic one).
    @inline(__always)
    func applySpring(
        _ composition: Composition, _ spring: UnsafeMutablePointer<SpringRecord>, _ ends: Ends,
        motion: (rest: Double, push: Double), sample: TimingSample, to slots: UnsafeMutablePointer<Double>
    ) {
        let u = motion.rest - spring.pointee.initialVelocity * motion.push
        if applyResolvedInterpolation(composition, &spring.pointee.endpoints, fraction: 1 - u, to: slots) { return }
        let offset = spring.pointee.startVelocity
        if offset >= 0 {
            applyEndpoints(
                composition, ends, fraction: 1 - u, sample: sample, to: slots,
                push: values + Int(offset), pushFactor: motion.push)
        } else {
            applyEndpoints(composition, ends, fraction: 1 - u, sample: sample, to: slots)
        }
    }
}
