/// Where the jumps of a steps function fall (CSS `<step-position>`).
public enum StepPosition: Int32, CaseIterable, Sendable {
    /// The first jump happens at the start (CSS `start`).
    case jumpStart = 0
    /// The last jump happens at the end (CSS `end`, the default).
    case jumpEnd = 1
    /// No jump at either end: `steps` levels from 0 to 1.
    case jumpNone = 2
    /// Jumps at both ends: `steps + 1` jumps.
    case jumpBoth = 3
}

/// CSS `steps(n, position)`, beyond Core Animation (whose nearest concept is discrete
/// keyframes). Follows CSS Easing Functions Level 1 exactly, including inputs outside [0, 1]
/// and the before flag.
public struct StepsFunction: Hashable, Sendable {
    /// The number of steps: >= 1, and >= 2 for `.jumpNone`.
    public let steps: Int
    /// Where the jumps fall.
    public let position: StepPosition

    /// CSS `steps(steps, position)`.
    ///
    /// C: `ac_timing_function_steps`.
    /// - Parameters:
    ///   - steps: the number of steps: >= 1, and >= 2 for `.jumpNone`.
    ///   - position: where the jumps fall.
    /// - Throws: `.outOfRange` for too few steps.
    public init(steps: Int, position: StepPosition) throws(AnimCoreError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard steps >= minimum else {
            throw AnimCoreError(
                .outOfRange, "steps is \(steps); it must be >= \(minimum) for this position")
        }
        self.init(unchecked: steps, position)
    }

    /// A steps function whose count is known to be valid.
    init(unchecked steps: Int, _ position: StepPosition) {
        self.steps = steps
        self.position = position
    }

    /// The number of jumps between levels.
    var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd: steps
        case .jumpNone: steps - 1
        case .jumpBoth: steps + 1
        }
    }

    /// The output at input progress x. `beforeFlag` (set in the before phase) moves a jump that
    /// lands exactly on x to after x.
    /// - Parameters:
    ///   - x: input progress; values outside [0, 1] follow CSS.
    ///   - beforeFlag: true in the before phase (or after the end on a reverse leg).
    /// - Returns: the output progress, a multiple of 1 / jumps.
    public func value(at x: Double, beforeFlag: Bool) -> Double {
        let scaled = x * Double(steps)
        var step = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if beforeFlag && scaled == scaled.rounded(.down) { step -= 1 }
        let jumps = Double(self.jumps)
        if x >= 0 && step < 0 { step = 0 }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}
