/// The motion of the spring evaluated last (`SpringResponse.motion(at:)`), for paths that
/// evaluate many springs one after another: the lane's implicit springs at a tick, the
/// presentation velocities a transaction's spring changes start with. The springs one
/// transaction starts share their response and, at each tick, their time, so their
/// exponential, sine and cosine are computed once for all of them. A spring with another
/// response or time computes its own, which takes the memo's place. The values are
/// `motion(at:)`'s, to the bit.
struct SpringMotionMemo {
    private var response = SpringResponse(Spring())
    /// NaN until the first motion: no time equals it.
    private var time = Double.nan
    private var last: SpringResponse.Motion = (0, 0, 0, 0)

    /// `response.motion(at: t)`, computed unless it is the last one asked for.
    @inline(__always)
    mutating func motion(of response: SpringResponse, at t: Double) -> SpringResponse.Motion {
        if t == time && response == self.response { return last }
        last = response.motion(at: t)
        self.response = response
        time = t
        return last
    }
}
