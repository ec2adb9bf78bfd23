/// What the change path works out once for a run of implicit springs with one spring (in one
/// transaction or many): the spring's settling duration and response, and the settling
/// duration for the velocity the last change carried (the changes of one transaction, over
/// values that moved alike, carry the same).
struct ImplicitSpringFacts {
    let spring: Spring
    /// `spring.settlingDuration`: seconds, or infinity.
    let settlingDuration: Double
    let response: SpringResponse
    /// The last carried initial velocity asked about (NaN before the first: equal to none)
    /// and its settling duration. (Compared by `==`: a zero of either sign settles alike.)
    private var carried = Double.nan
    private var carriedSettlingDuration = 0.0

    init(_ spring: Spring) {
        self.spring = spring
        settlingDuration = spring.settlingDuration
        response = SpringResponse(spring)
    }

    /// `response.settlingDuration(initialVelocity:)`: seconds, or infinity.
    @inline(__always)
    mutating func settlingDuration(initialVelocity: Double) -> Double {
        if initialVelocity != carried {
            carried = initialVelocity
            carriedSettlingDuration = response.settlingDuration(initialVelocity: initialVelocity)
        }
        return carriedSettlingDuration
    }
}
