/// The cubic and paced calculation modes of keyframes of paths and arrays
/// (`ValueKind.isVariableLength`).
///
/// [INFERRED] Core Animation documents these modes for values with coordinates and says
/// nothing of paths and arrays; animcore treats a path or array as the fixed-size kinds treat
/// their slots, element by element, by the same rules:
/// - the curve and pacing functions (`KeyframeCurve.kochanekBartels`, `pacedKeyTimes`,
///   `arcTable`) run on each keyframe's flat run — a path's coordinates in element order, its
///   control points too; the numbers; four components per colour — as on one value of that
///   many slots: the cubic modes take the same Kochanek–Bartels spline (tension, continuity,
///   bias) on every number, so each number follows the curve a scalar keyframe animation of
///   its own values follows;
/// - a paced distance between two keyframes is the Euclidean norm of the difference of their
///   whole runs, and cubicPaced's arc length is measured in that space.
///
/// Keyframes whose shapes differ are refused when added (`checkVariableKeyframes`), so every
/// run has one length. The curves are stored when the animation is added: each segment's
/// bezier (start, two control points, end: 4 runs) as one value of the store, whose handle
/// follows the keyframes' handles in the record's points; a tick only evaluates a bezier into
/// the animation's result buffer (`VariableValues.bezier`).
extension EngineState {
    /// Keyframes of a path or array: checks their shapes (`checkVariableKeyframes`) and, in the
    /// cubic and paced modes, gives their flat runs and a run's length (nil in the others).
    /// Keyframes whose numbers (`numbers`, `variableNumbers`), with the curves the cubic modes
    /// make of them, would take more than a keyframe block may are refused here, before
    /// anything is flattened or computed (`keyframesTooLarge`).
    func variableCurveInput(
        _ keyframes: [Value], numbers: Int, kind: ValueKind, mode: CalculationMode, field: String
    ) throws(AnimCoreError) -> (runs: [Double], length: Int)? {
        try checkVariableKeyframes(keyframes, kind: kind, field: field)
        // (Of one shape: every run as long as the first. No overflow: the runs are in memory,
        // and the curves take 4 times their numbers but one run's.)
        let length = keyframes.first.map(VariableValues.runLength) ?? 0
        let curveNumbers = mode.isCubic ? 4 * max(numbers - length, 0) : 0
        if numbers + curveNumbers > KeyframeRecord.maximumSlots {
            throw Self.keyframesTooLarge(numbers + curveNumbers, count: keyframes.count, field: field)
        }
        guard mode.isCubic || mode.isPaced else { return nil }
        return Self.variableRuns(keyframes)
    }

    /// The numbers of the runs of keyframes of a path or array (`VariableValues.runLength`),
    /// which the value store holds for the animation: they count towards its block's bound.
    static func variableNumbers(_ keyframes: [Value]) -> Int {
        keyframes.reduce(0) { $0 + VariableValues.runLength(of: $1) }
    }

    /// The keyframes' flat runs one after another, and the numbers in each (the run of the
    /// first; keyframes of one shape, already checked, all have it).
    static func variableRuns(_ keyframes: [Value]) -> (runs: [Double], length: Int) {
        let runs = keyframes.map { VariableValues.flatten($0).run }
        return (runs.flatMap { $0 }, runs.first?.count ?? 0)
    }

    /// Stores each segment's bezier of `curves` (`KeyframeCurve.kochanekBartels` over runs of
    /// `length` numbers: 4 × `length` numbers per segment) as one value; their handles, in
    /// segment order.
    func storeVariableCurves(_ curves: [Double], length: Int) -> [Double] {
        let size = 4 * length
        guard size > 0 else { return [] }
        return stride(from: 0, to: curves.count, by: size).map {
            variableValues.store(.numbers(Array(curves[$0..<($0 + size)])))
        }
    }
}

extension KeyframeRecord {
    /// The handles in the points of keyframes of a path or array: one per keyframe, then, with
    /// curves, one per segment (its bezier, `EngineState.storeVariableCurves`).
    var variableHandleCount: Int {
        let count = Int(keyframeCount)
        return usesCurves ? count + max(count - 1, 0) : count
    }
}

extension EvaluationContext {
    /// The value at `parameter` of segment `segment`'s bezier of keyframes of a path or array
    /// whose `count` keyframe handles start at `points` (the curves' handles after them), into
    /// `buffer`, shaped as the segment's first keyframe; `result[0]` names it.
    @inline(__always)
    func variableCurveValue(
        _ kind: ValueKind, _ points: UnsafeMutablePointer<Double>, count: Int, segment: Int, at parameter: Double,
        into result: UnsafeMutablePointer<Double>, buffer: Double
    ) {
        result[0] = variables._withUnsafeGuaranteedRef {
            $0.bezier(kind, curve: points[count + segment], like: points[segment], at: parameter, into: buffer)
        }
    }
}
