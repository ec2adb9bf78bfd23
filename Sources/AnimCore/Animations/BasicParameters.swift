/// What a basic animation (CABasicAnimation) adds: the values it interpolates between
/// (reference §6.3). All are optional; at most two should be set.
///
/// | from | to | by | interpolates                                   |
/// |------|----|----|------------------------------------------------|
/// | ✓    | ✓  |    | from → to                                      |
/// | ✓    |    | ✓  | from → from + by                               |
/// |      | ✓  | ✓  | to − by → to                                   |
/// | ✓    |    |    | from → underneath                              |
/// |      | ✓  |    | underneath → to                                |
/// |      |    | ✓  | underneath → underneath + by                   |
/// |      |    |    | the presentation value when added → underneath |
///
/// "Underneath" is the model value with the earlier animations of the property applied, read
/// every frame. With all three set, `byValue` is ignored.
public struct BasicParameters: Hashable, Sendable {
    /// Start value; nil = the value underneath.
    public var fromValue: Value?
    /// End value; nil = the value underneath.
    public var toValue: Value?
    /// A relative end (from + by) or start (to − by).
    public var byValue: Value?

    /// The values of a basic animation (see the table above).
    /// - Parameters:
    ///   - fromValue: the start value; nil: the value underneath.
    ///   - toValue: the end value; nil: the value underneath.
    ///   - byValue: the relative change; nil: none.
    public init(fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil) {
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
    }
}
