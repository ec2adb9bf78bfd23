import Glibc

extension EngineState {
    /// Prepares the keyframes of an animation of `kind` values for evaluation: checks the
    /// values against the key path, resolves key times for the mode, converts paths and
    /// splines to bezier segments, builds arc-length tables for the paced modes, and stores it
    /// all in one block. `field` names the animation in messages.
    func storeKeyframes(
        _ parameters: KeyframeParameters, kind: ValueKind, keyPath: String, field: String
    ) throws(AnimCoreError) -> KeyframeRecord {
        var record = KeyframeRecord()
        record.mode = parameters.calculationMode
        record.isPaced = parameters.calculationMode.isPaced
        record.rotation = parameters.rotationMode
        var (points, count) = try Self.keyframePoints(parameters, kind: kind, keyPath: keyPath, field: field, into: &record)
        record.keyframeCount = Int32(count)
        // The numbers of one keyframe the curve and pacing rules see: its slots, or a path's
        // or array's flat run (see `variableRuns`).
        var slots = kind.slotCount
        let valueNumbers = kind.isVariableLength ? Self.variableNumbers(parameters.values) : 0
        if kind.isVariableLength,
           let runs = try variableCurveInput(
               parameters.values, numbers: valueNumbers, kind: kind, mode: record.mode, field: field) {
            (points, slots) = runs
        }
        var keyTimes = Self.keyTimes(given: parameters.keyTimes ?? [], mode: record.mode, count: count)
        if !parameters.values.isEmpty && parameters.path == nil && record.mode.isCubic && count > 1 && slots > 0 {
            record.usesCurves = true
            points = KeyframeCurve.kochanekBartels(
                points, slots: slots, keyTimes: record.mode == .cubic ? keyTimes : nil,
                tension: parameters.tensionValues, continuity: parameters.continuityValues, bias: parameters.biasValues)
        }
        var arcTables: [Double] = []
        if record.isPaced {
            (keyTimes, arcTables) = Self.pacedKeyTimes(points, slots: slots, count: count, alongCurves: record.usesCurves)
        }
        var functionIndexes: [Double] = []
        if !record.isPaced && record.mode != .discrete, let timingFunctions = parameters.timingFunctions, !timingFunctions.isEmpty {
            for segment in 0..<max(count - 1, 0) {
                let index = segment < timingFunctions.count ? functions.retain(timingFunctions[segment]) : -1
                functionIndexes.append(Double(index))
            }
        }

        // A path's or array's points are handles; the numbers of its keyframes and its curves,
        // which the value store holds, count towards the bound.
        let (placed, stored) = kind.isVariableLength
            ? (record.variableHandleCount, valueNumbers + (record.usesCurves ? points.count : 0)) : (points.count, 0)
        let size = placed + keyTimes.count + arcTables.count + functionIndexes.count
        guard size + stored <= KeyframeRecord.maximumSlots else {
            for index in functionIndexes { functions.release(Int32(index)) }
            throw Self.keyframesTooLarge(size + stored, count: count, field: field)
        }
        if kind.isVariableLength {
            // (After every check: nothing stored is left behind by a refusal.)
            let stored = storeVariableKeyframes(parameters.values, kind: kind, curves: record.usesCurves ? points : [], length: slots)
            (points, record.buffers) = (stored.points, storeVariableBuffers(stored.buffers))
        }
        let block = animationValues.allocate(size)
        var offset = block
        func place(_ numbers: [Double]) -> Int32 {
            guard !numbers.isEmpty else { return -1 }
            animationValues.pointer(offset).update(from: numbers, count: numbers.count)
            defer { offset += numbers.count }
            return Int32(offset)
        }
        record.block = Int32(block)
        record.blockSize = Int32(size)
        record.points = place(points)
        record.keyTimes = place(keyTimes)
        record.keyTimeCount = Int32(keyTimes.count)
        record.arcTables = place(arcTables)
        record.functions = place(functionIndexes)
        return record
    }

    /// The refusal of keyframes that need `size` slots, more than `KeyframeRecord.maximumSlots`.
    static func keyframesTooLarge(_ size: Int, count: Int, field: String) -> AnimCoreError {
        AnimCoreError(
            .outOfRange,
            "\(field) needs \(size) slots for its \(count) keyframes; at most \(KeyframeRecord.maximumSlots) (a paced path keeps \(KeyframeRecord.arcSamples + 1) per segment)")
    }

    /// The keyframes' points (`slots` numbers each; a path's or a curve's as bezier segments,
    /// four points each, and `record.usesCurves` set) and their count, checked against the key
    /// path's `kind`.
    static func keyframePoints(
        _ parameters: KeyframeParameters, kind: ValueKind, keyPath: String, field: String, into record: inout KeyframeRecord
    ) throws(AnimCoreError) -> (points: [Double], count: Int) {
        let slots = kind.slotCount
        if let path = parameters.path {
            guard kind == .point else {
                throw AnimCoreError(
                    .wrongKind, "\(field).path moves a point, but \"\(keyPath)\" holds \(kind.name) values")
            }
            let segments = path.cubicSegments()
            let count = segments.count / 8 + 1
            guard record.mode == .discrete else {
                record.usesCurves = true
                return (segments, count)
            }
            // Discrete along a path: the keyframes themselves, without the curves.
            var points = Array(segments[0..<2])
            for segment in 0..<(count - 1) { points += segments[(segment * 8 + 6)..<(segment * 8 + 8)] }
            return (points, count)
        }
        let count = parameters.values.count
        var points: [Double] = []
        points.reserveCapacity(count * slots)
        var buffer = SlotScratch()
        for (index, value) in parameters.values.enumerated() {
            guard value.kind == kind else {
                throw AnimCoreError(
                    .wrongKind, "\(field).values[\(index)] is a \(value.kind.name) but \"\(keyPath)\" holds \(kind.name) values")
            }
            buffer.withPointer { slotPointer in
                value.write(into: slotPointer)
                for k in 0..<slots { points.append(slotPointer[k]) }
            }
        }
        // [INFERRED] Paths and arrays take these modes element by element (`variableRuns`).
        if (record.mode.isCubic || record.mode.isPaced) && !kind.hasCoordinates && !kind.isVariableLength {
            throw AnimCoreError(
                .wrongKind,
                "\(field).calculationMode \(record.mode.name) needs scalar, point, size, rect, vector3, color, path, numbers or colors values; \"\(keyPath)\" holds \(kind.name) values")
        }
        return (points, count)
    }

    /// The key times of `count` keyframes in `mode`: the `given` ones when they fit it, else
    /// evenly spaced. Core Animation ignores key times that do not fit the mode: linear and
    /// cubic need one per keyframe from 0 to 1, discrete one more (the last value holds to the
    /// end); the paced modes generate their own (`pacedKeyTimes`), so none here.
    static func keyTimes(given: [Double], mode: CalculationMode, count: Int) -> [Double] {
        switch mode {
        case .discrete:
            let fits = given.count == count + 1 && given.first == 0 && given.last == 1
            return fits ? given : KeyframeCurve.evenKeyTimes(count + 1)
        case .linear, .cubic:
            let fits = given.count == count && given.first == 0 && given.last == 1
            return fits ? given : KeyframeCurve.evenKeyTimes(count)
        case .paced, .cubicPaced:
            return []
        }
    }

    /// A paced animation's key times (each segment's share of the whole length) and, along
    /// curves, each segment's arc-length table (`KeyframeRecord.arcSamples` + 1 fractions of its
    /// length).
    static func pacedKeyTimes(
        _ points: [Double], slots: Int, count: Int, alongCurves: Bool
    ) -> (keyTimes: [Double], arcTables: [Double]) {
        var lengths: [Double] = []
        var arcTables: [Double] = []
        for segment in 0..<max(count - 1, 0) {
            guard alongCurves else {
                lengths.append(KeyframeCurve.distance(
                    points[(segment * slots)..<((segment + 1) * slots)],
                    points[((segment + 1) * slots)..<((segment + 2) * slots)]))
                continue
            }
            let table = points.withUnsafeBufferPointer { buffer in
                KeyframeCurve.arcTable(buffer.baseAddress! + segment * 4 * slots, slots: slots)
            }
            let length = table.last ?? 0
            lengths.append(length)
            arcTables += table.map { length > 0 ? $0 / length : 0 }
        }
        return (KeyframeCurve.pacedKeyTimes(lengths), arcTables)
    }

    /// Gives back what `storeKeyframes` took: the block and the segments' timing functions.
    func freeKeyframes(_ record: KeyframeRecord) {
        retireVariableKeyframes(record)
        if record.functions >= 0 {
            for segment in 0..<Int(record.keyframeCount - 1) {
                functions.release(Int32(animationValues.pointer(Int(record.functions))[segment]))
            }
        }
        if record.block >= 0 { animationValues.free(Int(record.block), size: Int(record.blockSize)) }
    }
}

extension EvaluationContext {
    /// The keyframe animation's progress: the sample's, through the animation's timing
    /// function unless the mode is paced.
    @inline(__always)
    func keyframeProgress(_ function: Int32, _ keyframes: UnsafeMutablePointer<KeyframeRecord>, sample: TimingSample) -> Double {
        keyframes.pointee.isPaced ? sample.progress : eased(function, sample)
    }

    /// Computes a keyframe animation's value and writes it into its property's presentation
    /// slots: the segment at the eased progress, cumulative repeats, additive composition.
    @inline(__always)
    func applyKeyframes(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, to slots: UnsafeMutablePointer<Double>) {
        let keyframes = self.keyframes + Int(record.pointee.parameters)
        let (progress, segment, parameter) = applyKeyframes(record, keyframes, sample: sample, to: slots)
        if keyframes.pointee.rotation != nil { rememberPathPosition(record, progress, segment, parameter) }
    }

    /// `applyKeyframes` but for the note its path's rotation reads (`rememberPathPosition`):
    /// the progress, the segment and the bezier parameter the value was found at.
    @inline(__always)
    func applyKeyframes(
        _ record: UnsafeMutablePointer<AttachedAnimation>, _ keyframes: UnsafeMutablePointer<KeyframeRecord>, sample: TimingSample,
        to slots: UnsafeMutablePointer<Double>
    ) -> (progress: Double, segment: Int, parameter: Double) {
        applyKeyframes(Composition(record), record.pointee.function, keyframes, sample: sample, to: slots)
    }

    /// Keyframes' value at `sample`, eased by the timing function at `function` unless paced,
    /// composed as `composition` says: the segment at the progress, cumulative repeats,
    /// additive composition, a key path's component.
    @inline(__always)
    func applyKeyframes(
        _ composition: Composition, _ function: Int32, _ keyframes: UnsafeMutablePointer<KeyframeRecord>,
        sample: TimingSample, to slots: UnsafeMutablePointer<Double>
    ) -> (progress: Double, segment: Int, parameter: Double) {
        let kind = composition.kind
        let progress = keyframeProgress(function, keyframes, sample: sample)
        let inPlace = composition.writesInPlace
        let value = inPlace ? slots : scratch + ScratchOffset.value
        let buffers = keyframes.pointee.buffers >= 0 ? values + Int(keyframes.pointee.buffers) : nil
        let (segment, parameter) = keyframeValue(keyframes, kind: kind, at: progress, into: value, buffer: resultBuffer(buffers))
        guard !inPlace else { return (progress, segment, parameter) }
        let underneath = composition.isAdditive ? readUnderneath(composition.component, slots) : slots  // read only to add to
        if composition.isCumulative && sample.iteration >= 1 {
            // [INF] As for basic animations: each repeat adds the value a cycle ends at — the
            // last keyframe, or the first when autoreversing.
            let cycleEnd = scratch + ScratchOffset.derived
            keyframeValue(keyframes, kind: kind, at: composition.autoreverses ? 0 : 1, into: cycleEnd, buffer: derivedBuffer(buffers))
            addScaled(kind, base: value, increment: cycleEnd, count: sample.iteration, into: value, buffer: resultBuffer(buffers))
        }
        compose(composition, value: value, underneath: underneath, into: slots, buffer: resultBuffer(buffers))
        return (progress, segment, parameter)
    }

    /// The segment holding `progress`: the last i in 0..<segments with keyTimes[i] <= progress
    /// (0 before the first key time).
    @inline(__always)
    func segment(_ times: UnsafeMutablePointer<Double>, segments: Int, at progress: Double) -> Int {
        SortedSearch.lastIndex(in: times, count: segments, atOrBelow: progress)
    }

    /// The keyframes' value at `progress`, into `result` (a path or array's into `buffer`,
    /// a `VariableBuffers` handle). Also gives the segment and the bezier parameter it used
    /// (for the tangent of a path).
    @inline(__always) @discardableResult
    func keyframeValue(
        _ keyframes: UnsafeMutablePointer<KeyframeRecord>, kind: ValueKind, at progress: Double,
        into result: UnsafeMutablePointer<Double>, buffer: Double = 0
    ) -> (segment: Int, parameter: Double) {
        let slots = kind.slotCount
        let count = Int(keyframes.pointee.keyframeCount)
        let points = values + Int(keyframes.pointee.points)
        let times = values + Int(keyframes.pointee.keyTimes)
        if keyframes.pointee.mode == .discrete {
            // Each value holds from its key time to the next; the last to the end.
            let index = min(segment(times, segments: Int(keyframes.pointee.keyTimeCount) - 1, at: progress), count - 1)
            ValueMath.copy(kind, from: points + index * slots, into: result)
            return (index, 0)
        }
        if count == 1 {
            ValueMath.copy(kind, from: points, into: result)
            return (0, 0)
        }
        let index = segment(times, segments: count - 1, at: progress)
        let start = times[index], end = times[index + 1]
        var fraction = end > start ? (progress - start) / (end - start) : (progress >= end ? 1 : 0)
        if keyframes.pointee.functions >= 0 {
            let function = Int(values[Int(keyframes.pointee.functions) + index])
            if function >= 0 { fraction = functions[function].value(at: fraction, beforeFlag: false) }
        }
        guard keyframes.pointee.usesCurves else {
            interpolate(
                kind, from: points + index * slots, to: points + (index + 1) * slots, fraction: fraction, into: result, buffer: buffer)
            return (index, fraction)
        }
        var parameter = fraction
        if keyframes.pointee.arcTables >= 0 {
            parameter = arcParameter(values + Int(keyframes.pointee.arcTables) + index * (KeyframeRecord.arcSamples + 1), fraction)
        }
        if kind.isVariableLength {
            variableCurveValue(kind, points, count: count, segment: index, at: parameter, into: result, buffer: buffer)
        } else {
            KeyframeCurve.bezier(points + index * 4 * slots, slots: slots, at: parameter, into: result)
        }
        return (index, parameter)
    }

    /// The bezier parameter at which a segment has covered `fraction` of its length, from its
    /// arc-length table (linear between samples).
    @inline(__always)
    func arcParameter(_ table: UnsafeMutablePointer<Double>, _ fraction: Double) -> Double {
        let samples = KeyframeRecord.arcSamples
        if !(fraction > 0) { return fraction.isNaN ? fraction : 0 }
        if fraction >= 1 { return 1 }
        // The sample at or below `fraction` in 0..<samples, so `high` is in the table (a
        // segment of no length has a table of zeros: a span of 0).
        let low = SortedSearch.lastIndex(in: table, count: samples, atOrBelow: fraction), high = low + 1
        let span = table[high] - table[low]
        let within = span > 0 ? (fraction - table[low]) / span : 0
        return (Double(low) + within) / Double(samples)
    }

    /// A path rotation record: turns the layer's transform to the path's tangent at its owner's
    /// position on the path, in the layer's own space on top of the transform underneath.
    @inline(__always)
    func applyPathRotation(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, to slots: UnsafeMutablePointer<Double>) {
        let keyframes = self.keyframes + Int(record.pointee.parameters)
        let progress = keyframeProgress(record.pointee.function, keyframes, sample: sample)
        let (index, parameter) = pathPosition(record, keyframes, at: progress)
        turn(slots, along: keyframes, segment: index, parameter: parameter)
    }

    /// Turns the transform in `slots` to the path's tangent at `parameter` of `segment` (what
    /// a path rotation record does once it knows its owner's position on the path).
    @inline(__always)
    func turn(_ slots: UnsafeMutablePointer<Double>, along keyframes: UnsafeMutablePointer<KeyframeRecord>, segment index: Int, parameter: Double) {
        var (c, s) = tangentDirection(keyframes, segment: index, parameter: parameter)
        // autoReverse: turned by π more, the direction reversed (0 − x: a zero stays +0, as
        // the sine of π rounds to a positive number).
        if keyframes.pointee.rotation == .autoReverse { (c, s) = (0 - c, 0 - s) }
        // [INF] Core Animation does not say how the rotation combines with the layer's
        // transform; it is applied first, in the layer's own space:
        // CATransform3DConcat(Rz(angle), transform underneath). Only the first two rows change;
        // they are computed as the product's (c·row1 + s·row2, c·row2 − s·row1), the other
        // rows kept exactly. (Multiplying the whole 4×4 by the axis-angle matrix, as before,
        // scaled row 3 by its m33 = (1 − c) + c, which misses 1 by an ulp at some angles.)
        for column in 0..<4 {
            let row1 = slots[column], row2 = slots[4 + column]
            slots[column] = c * row1 + s * row2
            slots[4 + column] = c * row2 - s * row1
        }
    }

    /// Notes where a path's keyframes found their position this frame (`ScratchOffset.pathPosition`),
    /// for their rotation record, evaluated next at the same progress.
    @inline(__always)
    func rememberPathPosition(_ record: UnsafeMutablePointer<AttachedAnimation>, _ progress: Double, _ segment: Int, _ parameter: Double) {
        let memo = scratch + ScratchOffset.pathPosition
        memo[0] = Double(record - animations)
        memo[1] = Double(record.pointee.generation)
        memo[2] = progress
        memo[3] = Double(segment)
        memo[4] = parameter
    }

    /// The segment and bezier parameter of the path at `progress` for the rotation record
    /// `record`: what its owner (the keyframe record before it) noted at this progress, else
    /// computed again (its owner was not evaluated, e.g. a read of the transform alone).
    /// The owner's index and generation name it uniquely, so a note never answers for another.
    @inline(__always)
    func pathPosition(
        _ record: UnsafeMutablePointer<AttachedAnimation>, _ keyframes: UnsafeMutablePointer<KeyframeRecord>, at progress: Double
    ) -> (segment: Int, parameter: Double) {
        let memo = scratch + ScratchOffset.pathPosition
        let owner = Int(record.pointee.previous)
        if owner >= 0 && memo[0] == Double(owner) && memo[1] == Double(animations[owner].generation)
            && memo[2].bitPattern == progress.bitPattern {
            return (Int(memo[3]), memo[4])
        }
        return keyframeValue(keyframes, kind: .point, at: progress, into: scratch + ScratchOffset.derived)
    }

    /// The path's direction at a point of the keyframes, as the cosine and sine of its angle
    /// from +x towards +y (`unit`; (1, 0) for a path of no length): the bezier's derivative
    /// there. Where it vanishes (a control point on its end point) the
    /// direction the curve leaves or reaches the point in; on a segment of no length (a close
    /// back to where the path already is, a corner of radius 0) the direction at the end of the
    /// nearest segment before it that has a length, else at the start of the nearest after it.
    /// The direction is the path's own: a reverse leg does not turn the layer round.
    @inline(__always)
    func tangentDirection(
        _ keyframes: UnsafeMutablePointer<KeyframeRecord>, segment index: Int, parameter: Double
    ) -> (cos: Double, sin: Double) {
        let count = Int(keyframes.pointee.keyframeCount)
        guard count > 1 else { return (1, 0) }
        let segment = min(index, count - 2)
        if let (dx, dy) = direction(keyframes, segment: segment, parameter: parameter) { return Self.unit(dx, dy) }
        var before = segment - 1
        while before >= 0 {
            if let (dx, dy) = direction(keyframes, segment: before, parameter: 1) { return Self.unit(dx, dy) }
            before -= 1
        }
        var after = segment + 1
        while after < count - 1 {
            if let (dx, dy) = direction(keyframes, segment: after, parameter: 0) { return Self.unit(dx, dy) }
            after += 1
        }
        return (1, 0)
    }

    /// The direction (dx, dy) (not both 0) at length 1: the cosine and sine of its angle
    /// atan2(dy, dx), without the angle, which every path animation would otherwise take and
    /// turn back each frame (a hypot and two divisions agree with cos and sin to an ulp). A
    /// coordinate beyond the range (a derivative that overflowed) counts as ±1 against the
    /// others' ±0, as atan2 takes it; one whose length overflows is halved first (exactly).
    @inline(__always)
    static func unit(_ dx: Double, _ dy: Double) -> (cos: Double, sin: Double) {
        let length = hypot(dx, dy)
        return length.isFinite ? (dx / length, dy / length) : unitBeyondRange(dx, dy)
    }

    /// `unit` where the length overflows.
    @inline(never)
    static func unitBeyondRange(_ dx: Double, _ dy: Double) -> (cos: Double, sin: Double) {
        guard dx.isInfinite || dy.isInfinite else { return unit(dx * 0.5, dy * 0.5) }
        let x = dx.isInfinite ? Double(signOf: dx, magnitudeOf: 1) : Double(signOf: dx, magnitudeOf: 0)
        let y = dy.isInfinite ? Double(signOf: dy, magnitudeOf: 1) : Double(signOf: dy, magnitudeOf: 0)
        return unit(x, y)
    }

    /// The direction of one segment at `parameter`; nil when the segment has no length.
    @inline(__always)
    func direction(_ keyframes: UnsafeMutablePointer<KeyframeRecord>, segment: Int, parameter: Double) -> (Double, Double)? {
        let points = values + Int(keyframes.pointee.points)
        guard keyframes.pointee.usesCurves else {
            let from = points + segment * 2
            let dx = from[2] - from[0], dy = from[3] - from[1]
            return dx != 0 || dy != 0 ? (dx, dy) : nil
        }
        let curve = points + segment * 8
        // What counts as no length: relative to the segment's coordinates. (A comparison, not
        // `max`: the coordinates are finite, so `max`'s NaN rule would be work for nothing.)
        var scale = 1.0
        for k in 0..<8 where abs(curve[k]) > scale { scale = abs(curve[k]) }
        let tiny = 1e-12 * scale
        var derivative = (0.0, 0.0)
        withUnsafeMutablePointer(to: &derivative) { pair in
            pair.withMemoryRebound(to: Double.self, capacity: 2) { d in
                KeyframeCurve.bezierDerivative(curve, slots: 2, at: parameter, into: d)
            }
        }
        if abs(derivative.0) > tiny || abs(derivative.1) > tiny { return derivative }
        // A vanishing derivative: towards the next distinct control point.
        let towards = parameter < 0.5 ? [2, 4, 6] : [4, 2, 0]
        let anchor = parameter < 0.5 ? 0 : 6
        for other in towards {
            let dx = curve[other] - curve[anchor], dy = curve[other + 1] - curve[anchor + 1]
            if abs(dx) > tiny || abs(dy) > tiny { return parameter < 0.5 ? (dx, dy) : (-dx, -dy) }
        }
        return nil
    }
}
