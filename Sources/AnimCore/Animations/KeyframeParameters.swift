/// What a keyframe animation (CAKeyframeAnimation) adds: the values it passes through, when it
/// reaches each, and how it moves between them (reference §6.4).
///
/// `values` (or the keyframes of `path`, which overrides them) are reached at `keyTimes`,
/// fractions of the animation's (eased) progress. Between two keyframes the value follows the
/// `calculationMode`; `timingFunctions[i]` paces the segment from keyframe i to i + 1.
public struct KeyframeParameters: Sendable {
    /// The keyframe values, all of the key path's kind. Ignored when `path` is set.
    public var values: [Value] = []
    /// The path a point-valued key path follows: every segment end is a keyframe. Overrides
    /// `values`. Default nil.
    public var path: Path?
    /// When each keyframe is reached, as fractions of progress in [0, 1], non-decreasing; nil =
    /// evenly spaced. As in Core Animation, key times that do not fit the mode are ignored:
    /// linear and cubic need one per keyframe from 0 to 1, discrete one more than the keyframes
    /// (the last value holds until the last key time), the paced modes ignore them.
    public var keyTimes: [Double]?
    /// The pacing of each segment (n − 1 for n keyframes); nil or missing entries = linear.
    /// Ignored by the discrete and paced modes.
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    public var calculationMode: CalculationMode = .linear
    /// Kochanek–Bartels parameters of the cubic modes, one per keyframe, each in [−1, 1];
    /// missing entries are 0 (all zero: Catmull-Rom). A spline may overshoot the values between
    /// keyframes (a colour beyond [0, 1]); nothing is clamped. Tension tightens the curve at a keyframe,
    /// continuity sharpens its corner, bias moves the curve before (+) or after (−) it.
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity, one per keyframe, each in [−1, 1] (see `tensionValues`).
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias, one per keyframe, each in [−1, 1] (see `tensionValues`).
    public var biasValues: [Double]?
    /// Turning the layer to the path's tangent; nil = none (the default). Only with a path.
    public var rotationMode: RotationMode?

    /// No values, no path, evenly spaced linear keyframes.
    public init() {}

    /// The keyframe count: the path's keyframes when a path is set, else the values'.
    public var keyframeCount: Int { path.map { $0.keyframeCount } ?? values.count }
}

/// How a keyframe animation moves between keyframes (CAAnimationCalculationMode). The raw
/// values are part of the C ABI (AC_CALCULATION_*).
///
/// The paced and cubic modes take values with coordinates (scalar, point, size, rect, vector3,
/// color) and paths and arrays of numbers or colours, number by number: each number follows
/// the curve a scalar would, and a distance is the Euclidean norm over all the numbers
/// ([INFERRED] for paths and arrays: Core Animation documents these modes for coordinates).
public enum CalculationMode: Int32, CaseIterable, Sendable {
    /// Straight interpolation from each keyframe to the next, at the key times (the default).
    case linear = 0
    /// No interpolation: each value holds until the next key time.
    case discrete = 1
    /// Linear, at a constant speed: key times and timing functions are ignored and generated
    /// from the distances between keyframes (the arc length along a path).
    case paced = 2
    /// A Kochanek–Bartels spline through the keyframes, at the key times.
    case cubic = 3
    /// The cubic spline at a constant speed along its arc length.
    case cubicPaced = 4

    /// Core Animation's string value: "linear", "discrete", "paced", "cubic", "cubicPaced".
    public var name: String {
        switch self {
        case .linear: "linear"
        case .discrete: "discrete"
        case .paced: "paced"
        case .cubic: "cubic"
        case .cubicPaced: "cubicPaced"
        }
    }

    /// The mode with this exact name.
    ///
    /// C: `ac_calculation_mode_from_name`.
    /// - Parameter name: "linear", "discrete", "paced", "cubic" or "cubicPaced".
    public init?(name: String) {
        guard let mode = CalculationMode.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }

    /// Whether the mode ignores key times and timing functions.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }
    /// Whether the mode follows a spline through the values.
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}

/// Turning a layer that follows a path to the path's tangent (CAAnimationRotationMode). The
/// raw values are part of the C ABI (AC_ROTATION_*).
public enum RotationMode: Int32, CaseIterable, Sendable {
    /// The layer's x axis points along the path's direction at its position ("auto"); on a
    /// reverse leg or at a negative speed it keeps facing the path's direction.
    case auto = 1
    /// The same turned by a half turn ("autoReverse").
    case autoReverse = 2

    /// Core Animation's string value: "auto" or "autoReverse".
    public var name: String { self == .auto ? "auto" : "autoReverse" }
}
