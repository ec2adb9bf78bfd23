/// One stop of CSS `linear()` as written: an output, and zero, one or two input positions
/// (progress, 0...1 for 0%...100%; CSS writes them as percentages).
public struct LinearStop: Hashable, Sendable {
    /// The output progress at this stop (any finite number: outside [0, 1] overshoots).
    public var output: Double
    /// Where the stop starts, or nil to be placed by the CSS rules (evenly between neighbours).
    public var input: Double?
    /// A second input: the stop holds `output` from `input` to here (needs `input`).
    public var endInput: Double?

    /// A stop at `output`, at `input` (nil: placed by the CSS rules), held to `endInput`.
    /// - Parameters:
    ///   - output: the output progress.
    ///   - input: where it starts (progress); nil to be placed; default nil.
    ///   - endInput: where its hold ends (progress; needs `input`); default nil.
    public init(_ output: Double, at input: Double? = nil, to endInput: Double? = nil) {
        self.output = output
        self.input = input
        self.endInput = endInput
    }
}

/// CSS Easing Level 2 `linear()`: a piecewise-linear function through points (input, output),
/// inputs non-decreasing. Beyond the first and last points the nearest segment is extended
/// (the spec's extrapolation); where two points share an input the output jumps there.
/// The before flag plays no part.
public struct LinearFunction: Hashable, Sendable {
    /// The most points a function holds: far beyond any curve written by hand or generated
    /// (a spring to 1e-4 needs about 100), and a bound on the memory one can take.
    public static let maximumPoints = 10_000
    /// Largest |input| or |output| accepted (as a bezier's y): the arithmetic never overflows.
    public static let maximumMagnitude = 1e9

    /// The points, input (progress) non-decreasing, at least two.
    public let points: [(input: Double, output: Double)]

    /// A function from stops, placed as CSS Easing Level 2 says: a first stop without an input
    /// goes at 0 and a last at 1 (or the largest input before it); an input below the largest
    /// before it is raised to it; runs of stops without inputs are spread evenly between their
    /// neighbours; a stop with two inputs is two points.
    ///
    /// C: `ac_timing_function_linear`.
    /// - Parameter stops: two or more, at most `maximumPoints` points in all.
    /// - Throws: `.outOfRange` for fewer than two stops, too many points or a number beyond
    ///   ±1e9; `.notFinite` for NaN or an infinity; `.invalidArgument` for an end input
    ///   without an input.
    public init(stops: [LinearStop]) throws(AnimCoreError) {
        guard stops.count >= 2 else {
            throw AnimCoreError(.outOfRange, "stops has \(stops.count) stops; linear() needs at least 2")
        }
        var outputs: [Double] = []
        var inputs: [Double?] = []
        var largest = -Double.infinity
        for (index, stop) in stops.enumerated() {
            try Self.check(stop, index)
            outputs.append(stop.output)
            if let input = stop.input {
                largest = Swift.max(input, largest)
                inputs.append(largest)
                if let end = stop.endInput {
                    largest = Swift.max(end, largest)
                    outputs.append(stop.output)
                    inputs.append(largest)
                }
            } else if index == 0 {
                largest = 0
                inputs.append(0)
            } else if index == stops.count - 1 {
                largest = Swift.max(1, largest)
                inputs.append(largest)
            } else {
                inputs.append(nil)
            }
        }
        guard outputs.count <= Self.maximumPoints else {
            throw AnimCoreError(
                .outOfRange, "stops make \(outputs.count) points; linear() holds at most \(Self.maximumPoints)")
        }
        let placed = Self.spreadMissing(inputs)
        points = (0..<outputs.count).map { (placed[$0], outputs[$0]) }
    }

    /// Checks one stop's numbers; errors name `stops[index]`.
    private static func check(_ stop: LinearStop, _ index: Int) throws(AnimCoreError) {
        let fields: [(String, Double?)] = [("output", stop.output), ("input", stop.input), ("endInput", stop.endInput)]
        for (name, value) in fields {
            guard let value else { continue }
            guard value.isFinite else {
                throw AnimCoreError(.notFinite, "stops[\(index)].\(name) is \(value); it must be finite")
            }
            guard abs(value) <= maximumMagnitude else {
                throw AnimCoreError(.outOfRange, "stops[\(index)].\(name) is \(value); it must be within ±1e9")
            }
        }
        if stop.endInput != nil && stop.input == nil {
            throw AnimCoreError(.invalidArgument, "stops[\(index)].endInput is set without an input")
        }
    }

    /// The inputs with each run of nils spread evenly between the known inputs around it (the
    /// first and last are always known).
    private static func spreadMissing(_ inputs: [Double?]) -> [Double] {
        var result = inputs.map { $0 ?? 0 }
        var lastKnown = 0
        for index in 1..<inputs.count where inputs[index] != nil {
            let gap = index - lastKnown
            if gap > 1 {
                let start = result[lastKnown], end = result[index]
                for k in 1..<gap {
                    result[lastKnown + k] = start + (end - start) * Double(k) / Double(gap)
                }
            }
            lastKnown = index
        }
        return result
    }

    /// The output at input progress x, for any finite x (CSS's algorithm: the segment of the
    /// last point at or before x, the first segment before the first point and the last after
    /// the last; a segment of zero width answers its second point's output).
    /// - Parameter x: input progress, any finite number.
    /// - Returns: the output progress.
    public func value(at x: Double) -> Double {
        let (a, b) = segment(at: x)
        guard b.input != a.input else { return b.output }
        return a.output + (x - a.input) / (b.input - a.input) * (b.output - a.output)
    }

    /// The slope of the segment x lies on (0 on a segment of zero width).
    /// - Parameter x: input progress.
    /// - Returns: dy/dx of that segment.
    public func slope(at x: Double) -> Double {
        let (a, b) = segment(at: x)
        guard b.input != a.input else { return 0 }
        return (b.output - a.output) / (b.input - a.input)
    }

    /// The smallest and largest output over inputs [0, 1], 0 and 1 included.
    public var outputRange: ClosedRange<Double> {
        var low = Swift.min(0, value(at: 0), value(at: 1))
        var high = Swift.max(1, value(at: 0), value(at: 1))
        for point in points where point.input > 0 && point.input < 1 {
            low = Swift.min(low, point.output)
            high = Swift.max(high, point.output)
        }
        return low...high
    }

    /// The points of the segment that evaluates x: the last point with input <= x (the first
    /// when none), and the one after it (the last segment when that is the last point).
    private func segment(at x: Double) -> (a: (input: Double, output: Double), b: (input: Double, output: Double)) {
        // Binary search for the first point with input > x.
        var low = 0, high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].input <= x { low = middle + 1 } else { high = middle }
        }
        let index = Swift.min(Swift.max(low - 1, 0), points.count - 2)
        return (points[index], points[index + 1])
    }

    /// Equal points.
    /// - Parameters:
    ///   - lhs: a function.
    ///   - rhs: another.
    /// - Returns: whether their points are equal, in order.
    public static func == (lhs: LinearFunction, rhs: LinearFunction) -> Bool {
        lhs.points.count == rhs.points.count
            && zip(lhs.points, rhs.points).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }

    /// Hashes the points.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for point in points {
            hasher.combine(point.input)
            hasher.combine(point.output)
        }
    }
}
