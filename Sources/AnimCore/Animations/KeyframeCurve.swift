/// What a keyframe animation's record adds: its keyframes, prepared when added so that each
/// frame only finds a segment and interpolates (reference §6.4).
///
/// Everything lives in one block of the engine's animation-value buffer (offsets below are
/// absolute offsets into that buffer):
///
/// | part        | slots                                  | holds                                      |
/// |-------------|----------------------------------------|--------------------------------------------|
/// | points      | n × s, or (n − 1) × 4 × s with curves  | the values, or each segment's bezier points |
/// | key times   | n (n + 1 discrete)                     | when each keyframe is reached, in [0, 1]    |
/// | arc tables  | (n − 1) × (`arcSamples` + 1), paced curves | cumulative arc length per segment, 0…1  |
/// | functions   | n − 1                                  | each segment's timing function index       |
///
/// with n keyframes of s slots each. Curves are cubic beziers: a path's lines and curves, or the
/// Kochanek–Bartels spline of the cubic modes in bezier form. Keyframes of paths and arrays keep
/// handles in their points instead: n keyframes', then with curves n − 1 segments' beziers
/// (`variableHandleCount`, `VariableKeyframeCurves.swift`).
struct KeyframeRecord {
    var mode: CalculationMode = .linear
    /// Segments are cubic beziers (`points` holds 4 points per segment) rather than straight
    /// interpolation between values.
    var usesCurves = false
    /// The mode ignores the animation's timing function and the segments' (paced modes).
    var isPaced = false
    var keyframeCount: Int32 = 0
    /// The block holding everything, and its size.
    var block: Int32 = -1
    var blockSize: Int32 = 0
    var points: Int32 = -1
    var keyTimes: Int32 = -1
    var keyTimeCount: Int32 = 0
    /// -1 when segments are traced by their own parameter.
    var arcTables: Int32 = -1
    /// -1 when no segment has a timing function.
    var functions: Int32 = -1
    var rotation: RotationMode?
    /// For keyframes of paths or arrays (whose points are their values' handles, one slot each,
    /// which the animation owns), the offset of their `VariableBuffers` in the animation-value
    /// buffer; -1 for keyframes of another kind.
    var buffers: Int32 = -1

    /// Samples per segment of an arc-length table: a table holds the cumulative length at
    /// `arcSamples + 1` evenly spaced bezier parameters, normalised to end at 1.
    static let arcSamples = 128

    /// The most slots one keyframe animation's block may take (128 MiB): it bounds the memory
    /// a single add can take (a paced path of about 130 000 segments).
    static let maximumSlots = 1 << 24
}

/// The keyframes of one animation prepared for evaluation: the arithmetic that turns
/// `KeyframeParameters` into a `KeyframeRecord`'s block. Pure functions of their inputs.
enum KeyframeCurve {
    /// Evenly spaced key times: i / (count − 1) for i in 0..<count (a single time is 0).
    static func evenKeyTimes(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the cumulative `lengths` of the segments; even spacing when
    /// the total length is 0.
    static func pacedKeyTimes(_ lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return evenKeyTimes(lengths.count + 1) }
        var times = [0.0]
        var sum = 0.0
        for length in lengths {
            sum += length
            times.append(min(sum / total, 1))
        }
        times[times.count - 1] = 1
        return times
    }

    /// Euclidean distance between two values of `slots` coordinates (`VectorLength.euclidean`).
    static func distance(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
        VectorLength.euclidean(count: min(a.count, b.count)) { b[b.startIndex + $0] - a[a.startIndex + $0] }
    }

    /// The Kochanek–Bartels spline through `points` (n values of `slots` each) as n − 1 cubic
    /// beziers (4 × slots numbers each). Standard KB tangents with the end points duplicated;
    /// with uneven `keyTimes` (nil = even) each tangent is scaled by the ratio of the adjacent
    /// segments' durations so speed is continuous across a keyframe.
    /// [INF] Core Animation does not document its end tangents or its scaling for uneven key
    /// times; duplicated end points and duration scaling are the reference's inference.
    /// Coordinates of 2^1015 or more, whose differences and tangents could leave the doubles,
    /// are made into curves scaled down by 2^−8 and scaled back (powers of two: exact, the
    /// same bits wherever nothing overflows).
    static func kochanekBartels(
        _ points: [Double], slots: Int, keyTimes: [Double]?, tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) -> [Double] {
        let largest = VectorLength.largestMagnitude(count: points.count) { points[$0] }
        guard !(largest >= 0x1p1015 && largest.isFinite) else {
            let curves = kochanekBartels(
                points.map { $0 * 0x1p-8 }, slots: slots, keyTimes: keyTimes, tension: tension, continuity: continuity,
                bias: bias)
            return curves.map { $0 * 0x1p8 }
        }
        let count = points.count / slots
        func point(_ index: Int) -> ArraySlice<Double> {
            let clamped = min(max(index, 0), count - 1)
            return points[(clamped * slots)..<((clamped + 1) * slots)]
        }
        func parameter(_ array: [Double]?, _ index: Int) -> Double {
            guard let array, index < array.count else { return 0 }
            return array[index]
        }
        func interval(_ index: Int) -> Double {
            guard let keyTimes else { return 1 }
            let clamped = min(max(index, 0), count - 2)
            return keyTimes[clamped + 1] - keyTimes[clamped]
        }
        // The outgoing (leaving keyframe i) and incoming (arriving at i) tangents.
        func tangents(_ index: Int) -> (outgoing: [Double], incoming: [Double]) {
            let t = parameter(tension, index), c = parameter(continuity, index), b = parameter(bias, index)
            let before = point(index - 1), here = point(index), after = point(index + 1)
            var outgoing = [Double](repeating: 0, count: slots)
            var incoming = [Double](repeating: 0, count: slots)
            let previous = interval(index - 1), next = interval(index)
            let sum = previous + next
            let outScale = sum > 0 ? 2 * next / sum : 1
            let inScale = sum > 0 ? 2 * previous / sum : 1
            for k in 0..<slots {
                let left = here[here.startIndex + k] - before[before.startIndex + k]
                let right = after[after.startIndex + k] - here[here.startIndex + k]
                outgoing[k] = outScale * ((1 - t) * (1 + b) * (1 + c) / 2 * left + (1 - t) * (1 - b) * (1 - c) / 2 * right)
                incoming[k] = inScale * ((1 - t) * (1 + b) * (1 - c) / 2 * left + (1 - t) * (1 - b) * (1 + c) / 2 * right)
            }
            return (outgoing, incoming)
        }
        var result: [Double] = []
        result.reserveCapacity((count - 1) * 4 * slots)
        var leaving = tangents(0).outgoing
        for segment in 0..<(count - 1) {
            let start = point(segment), end = point(segment + 1)
            let arriving = tangents(segment + 1)
            result += start
            for k in 0..<slots { result.append(start[start.startIndex + k] + leaving[k] / 3) }
            for k in 0..<slots { result.append(end[end.startIndex + k] - arriving.incoming[k] / 3) }
            result += end
            leaving = arriving.outgoing
        }
        return result
    }

    /// The cumulative arc length of a cubic bezier (4 × slots numbers at `curve`) at
    /// `arcSamples + 1` evenly spaced parameters (chords between samples).
    static func arcTable(_ curve: UnsafePointer<Double>, slots: Int) -> [Double] {
        let samples = KeyframeRecord.arcSamples
        var table = [0.0]
        table.reserveCapacity(samples + 1)
        var previous = [Double](repeating: 0, count: slots)
        var current = [Double](repeating: 0, count: slots)
        previous.withUnsafeMutableBufferPointer { bezier(curve, slots: slots, at: 0, into: $0.baseAddress!) }
        var length = 0.0
        for sample in 1...samples {
            current.withUnsafeMutableBufferPointer {
                bezier(curve, slots: slots, at: Double(sample) / Double(samples), into: $0.baseAddress!)
            }
            length += VectorLength.euclidean(count: slots) { current[$0] - previous[$0] }
            table.append(length)
            swap(&previous, &current)
        }
        return table
    }

    /// The point at parameter `u` of the cubic bezier at `curve` (4 points of `slots`).
    @inline(__always)
    static func bezier(_ curve: UnsafePointer<Double>, slots: Int, at u: Double, into result: UnsafeMutablePointer<Double>) {
        let v = 1 - u
        let b0 = v * v * v, b1 = 3 * v * v * u, b2 = 3 * v * u * u, b3 = u * u * u
        for k in 0..<slots {
            result[k] = b0 * curve[k] + b1 * curve[slots + k] + b2 * curve[2 * slots + k] + b3 * curve[3 * slots + k]
        }
    }

    /// The derivative by `u` of the cubic bezier at `curve`, at `u`.
    @inline(__always)
    static func bezierDerivative(_ curve: UnsafePointer<Double>, slots: Int, at u: Double, into result: UnsafeMutablePointer<Double>) {
        let v = 1 - u
        let d0 = 3 * v * v, d1 = 6 * v * u, d2 = 3 * u * u
        for k in 0..<slots {
            result[k] = d0 * (curve[slots + k] - curve[k]) + d1 * (curve[2 * slots + k] - curve[slots + k])
                + d2 * (curve[3 * slots + k] - curve[2 * slots + k])
        }
    }
}
