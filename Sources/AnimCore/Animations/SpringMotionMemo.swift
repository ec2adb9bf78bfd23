/// The motion of the spring evaluated last (`SpringResponse.motion(at:)`), for paths that
/// evaluate many springs one after another: the lane's implicit springs at a tick, the
/// presentation velocities a transaction's spring changes start with. The springs one
/// transaction starts share their response and, at each tick, their time, so their
/// exponential, sine and cosine are computed once for all of them. A spring with another
/// response or time computes its own, which takes the memo's place. The values are
/// `motion(at:)`'s, to the bit: times and responses are compared by bit pattern (equal bits
/// compute equal motions; a zero of the other sign is a miss, computed again).
struct SpringMotionMemo {
    private var response = SpringResponse(Spring())
    private var time = 0.0
    private var last: SpringResponse.Motion

    /// A memo holding the default spring's motion at 0.
    init() {
        last = response.motion(at: time)
    }

    /// `response.motion(at: t)`, computed unless it is the last one asked for.
    @inline(__always)
    mutating func motion(of response: SpringResponse, at t: Double) -> SpringResponse.Motion {
        if t.bitPattern == time.bitPattern && response.hasSameBits(as: self.response) { return last }
        last = response.motion(at: t)
        self.response = response
        time = t
        return last
    }
}

extension SpringResponse {
    /// Whether `other` holds the same bits, field by field.
    // The memo's test, for every implicit spring of the lane at every tick: the derived `==`
    // is a call comparing five doubles as numbers.
    @inline(__always)
    func hasSameBits(as other: SpringResponse) -> Bool {
        regime == other.regime && frequency.bitPattern == other.frequency.bitPattern
            && decay.bitPattern == other.decay.bitPattern
            && dampedFrequency.bitPattern == other.dampedFrequency.bitPattern
            && rootSlow.bitPattern == other.rootSlow.bitPattern && rootFast.bitPattern == other.rootFast.bitPattern
    }
}
