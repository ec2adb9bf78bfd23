/// What animations of paths and arrays (`ValueKind.isVariableLength`) keep beside their
/// records: their values in `variableValues` (their slots hold the handles) and the buffers
/// their evaluation writes (`VariableBuffers`), made when they are added and retired when
/// they are removed.
extension EngineState {
    /// Throws when a basic or spring animation's given values differ in shape (paths of other
    /// element types, arrays of other counts): `.invalidArgument`, naming both. A by beside
    /// both from and to is not used, so not checked.
    func checkVariableEnds(_ basic: BasicParameters, field: String) throws(AnimCoreError) {
        var given: [(Value, String)] = []
        if let from = basic.fromValue { given.append((from, "\(field).fromValue")) }
        if let to = basic.toValue { given.append((to, "\(field).toValue")) }
        if let by = basic.byValue, given.count < 2 { given.append((by, "\(field).byValue")) }
        guard given.count == 2 else { return }
        if let message = VariableInterpolation.shapeMismatch(given[1].0, given[1].1, against: given[0].0, given[0].1) {
            throw AnimCoreError(.invalidArgument, "\(message); a \(given[0].0.kind.name) animation's values must have one shape")
        }
    }

    /// The buffers of a basic or spring animation of `kind` with the ends `values` (their
    /// slots hold handles): the results shaped as its to (else from, else by) value, the
    /// derived ends as its by value (none without one); given from and to, their
    /// interpolation into the result resolved.
    func makeVariableBuffers(_ values: BasicRecord, kind: ValueKind) -> VariableBuffers {
        func handle(_ offset: Int32) -> Double? { offset >= 0 ? animationValues.pointer(Int(offset))[0] : nil }
        let shape = handle(values.to) ?? handle(values.from) ?? handle(values.by) ?? 0
        var buffers = VariableBuffers(kind, in: variableValues, shape: shape, derivedShape: handle(values.by))
        if let from = handle(values.from), let to = handle(values.to) {
            buffers.interpolation = variableValues.resolveInterpolation(kind, from: from, to: to, into: buffers.result)
        }
        return buffers
    }

    /// Stores `buffers` in the animation-value buffer: the offset a kind record keeps.
    func storeVariableBuffers(_ buffers: VariableBuffers) -> Int32 {
        let offset = animationValues.allocate(VariableBuffers.slotCount)
        buffers.write(into: animationValues.pointer(offset))
        return Int32(offset)
    }

    /// Retires the buffers stored at `offset` (`storeVariableBuffers`) and frees their slots.
    func retireVariableBuffers(at offset: Int32) {
        VariableBuffers(slots: animationValues.pointer(Int(offset))).retire(in: variableValues)
        animationValues.free(Int(offset), size: VariableBuffers.slotCount)
    }

    /// Retires what a basic or spring animation of a path or array holds in `variableValues`:
    /// its from, to and by values and its buffers (nothing for another kind). Before its slots
    /// are freed (a freed slot's contents are gone).
    func retireVariableValues(_ values: BasicRecord) {
        guard values.buffers >= 0 else { return }
        for offset in [values.from, values.to, values.by] where offset >= 0 {
            variableValues.retire(animationValues.pointer(Int(offset))[0])
        }
        retireVariableBuffers(at: values.buffers)
    }

    /// Whether each of the `count` records from the one in `index` on in its layer's list (a
    /// record and the records joining it in the steady lane) writes, when evaluated, no more
    /// numbers than its buffers hold, so that its evaluation on a lane thread allocates and
    /// frees nothing in `variableValues` (see `VariableValues` on threads). True for a record
    /// of another kind.
    ///
    /// The buffers take the shape of the animation's own values when it is added (a basic
    /// animation or spring given nothing holds the presentation value then as its from), and
    /// every value it writes has that shape — but for one case: a basic animation or spring
    /// with one end given that is additive or cumulative, over a model value of another shape.
    /// The half-way switch then shows the model's value, and its sum or repeat, of the model's
    /// shape, is written into the buffer, which may have too little room. Such a record is
    /// evaluated on the general walk, where its buffer grows. Keyframes write their own shape
    /// only (each value between two keyframes, each sum with a value of their shape).
    func variableResultsKeepOwnShape(_ index: Int, count: Int) -> Bool {
        var member = index
        for _ in 0..<count where member >= 0 {
            let record = animations.base + member
            if record.pointee.valueKind.isVariableLength {
                let ends: BasicRecord? = switch record.pointee.kind {
                case .basic: basicRecords[record.pointee.parameters]
                case .spring: (springRecords.records.base + Int(record.pointee.parameters)).pointee.endpoints
                default: nil
                }
                let composition = Composition(record)
                if let ends, !ends.hasBothEnds, composition.isAdditive || composition.isCumulative { return false }
            }
            member = Int(record.pointee.next)
        }
        return true
    }

    /// Throws `.invalidArgument` when a keyframe of a path or array differs in shape from the
    /// first, naming both.
    func checkVariableKeyframes(_ keyframes: [Value], kind: ValueKind, field: String) throws(AnimCoreError) {
        for (index, value) in keyframes.enumerated().dropFirst() {
            if let message = VariableInterpolation.shapeMismatch(value, "\(field).values[\(index)]", against: keyframes[0], "\(field).values[0]") {
                throw AnimCoreError(.invalidArgument, "\(message); keyframes of \(kind.name) values must have one shape")
            }
        }
    }

    /// Stores keyframe values of a path or array kind (checked by `checkVariableKeyframes`) in
    /// `variableValues` and returns their handles, one slot per keyframe, then one per segment
    /// of `curves` (the cubic modes' beziers over runs of `length` numbers; empty for none),
    /// with the buffers to evaluate them into.
    func storeVariableKeyframes(
        _ keyframes: [Value], kind: ValueKind, curves: [Double], length: Int
    ) -> (points: [Double], buffers: VariableBuffers) {
        let points = keyframes.map { variableValues.store($0) }
        let shape = points.first ?? 0
        let buffers = VariableBuffers(kind, in: variableValues, shape: shape, derivedShape: shape)
        return (points + storeVariableCurves(curves, length: length), buffers)
    }

    /// Retires what keyframes of a path or array hold in `variableValues` (their values and
    /// curves, one handle per point slot, and their buffers); nothing for keyframes of another
    /// kind.
    func retireVariableKeyframes(_ record: KeyframeRecord) {
        guard record.buffers >= 0 else { return }
        if record.points >= 0 {
            let points = animationValues.pointer(Int(record.points))
            for index in 0..<record.variableHandleCount { variableValues.retire(points[index]) }
        }
        retireVariableBuffers(at: record.buffers)
    }
}
