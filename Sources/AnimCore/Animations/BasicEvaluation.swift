/// What a basic animation's record adds: where its from/to/by values live.
struct BasicRecord {
    /// Offsets of the from/to/by values in the engine's animation-value buffer; -1 when nil.
    var from: Int32 = -1
    var to: Int32 = -1
    var by: Int32 = -1
    /// Neither from, to nor by was given: from was captured from the presentation when added.
    var fromIsCaptured = false
    /// For a path or array animation, the offset of its `VariableBuffers` in the
    /// animation-value buffer; -1 for another kind.
    var buffers: Int32 = -1

    /// Whether both ends are given, so the value does not depend on what lies underneath.
    var hasBothEnds: Bool { (from >= 0 && to >= 0) || (from >= 0 && by >= 0) || (to >= 0 && by >= 0) }
}

extension EvaluationContext {
    /// Computes one basic animation's value and writes it into its property's presentation
    /// slots (reference §6.2–6.3): endpoints from from/to/by and the value underneath, the
    /// timing function, cumulative repeats, additive composition, key-path components.
    @inline(__always)
    func applyBasic(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, to slots: UnsafeMutablePointer<Double>) {
        let fraction = eased(record.pointee.function, sample)
        applyEndpoints(Composition(record), basics + Int(record.pointee.parameters), fraction: fraction, sample: sample, to: slots)
    }

    /// `applyEndpoints` with the ends of `basic`. The common case — a value replacing the whole
    /// value, from one given end to another — passes that composition and those ends as
    /// constants, which the compiler reduces to the interpolation; a whole path or array is
    /// written through its resolved interpolation (`applyResolvedInterpolation`).
    @inline(__always)
    func applyEndpoints(
        _ composition: Composition, _ basic: UnsafeMutablePointer<BasicRecord>, fraction: Double, sample: TimingSample,
        to slots: UnsafeMutablePointer<Double>
    ) {
        if applyResolvedInterpolation(composition, basic, fraction: fraction, to: slots) { return }
        let (from, to) = (basic.pointee.from, basic.pointee.to)
        if composition.replacesWhole && from >= 0 && to >= 0 {
            applyEndpoints(.whole(composition.kind), Ends(fromAndTo: basic, values: values), fraction: fraction, sample: sample, to: slots)
        } else {
            applyEndpoints(composition, Ends(basic, values: values), fraction: fraction, sample: sample, to: slots)
        }
    }

    /// The value of a basic or spring animation of `composition` with the ends `basic` at
    /// `fraction` (any number: a spring's overshoots), when it is a whole path or array
    /// (`Composition.replacesWholeVariableValue`) whose interpolation was resolved when it was
    /// added (`VariableBuffers.interpolation`: both ends given, of one shape): written through
    /// the resolved runs, the interpolation `applyEndpoints` makes of those ends without
    /// looking them up, and its buffer's handle into `slots`. False, nothing written, for any
    /// other animation, and in an evaluation at another time (whose buffer is another).
    @inline(__always)
    func applyResolvedInterpolation(
        _ composition: Composition, _ basic: UnsafeMutablePointer<BasicRecord>, fraction: Double,
        to slots: UnsafeMutablePointer<Double>
    ) -> Bool {
        guard composition.replacesWholeVariableValue, showsPresentation, basic.pointee.buffers >= 0 else { return false }
        return writeResolvedInterpolation(composition.kind, buffers: values + Int(basic.pointee.buffers), fraction: fraction, to: slots)
    }

    /// `applyResolvedInterpolation` past its tests of the composition: the interpolation kept
    /// after the `VariableBuffers` at `buffers`, if any, written, and the result's handle into
    /// `slots`. Out of line: its loops over the numbers would make every caller's frame larger.
    @inline(never)
    func writeResolvedInterpolation(
        _ kind: ValueKind, buffers: UnsafeMutablePointer<Double>, fraction: Double, to slots: UnsafeMutablePointer<Double>
    ) -> Bool {
        guard let interpolation = ResolvedInterpolation(slots: buffers + VariableBuffers.interpolationOffset) else { return false }
        interpolation.interpolate(kind, fraction: fraction)
        slots[0] = buffers[0]
        return true
    }

    /// Writes the value `fraction` of the way between a basic or spring animation's `ends`
    /// (from/to/by and the value underneath, which `slots` holds: the property's running
    /// presentation value), with cumulative repeats, additive composition and key-path
    /// components, as `composition` says. `push` adds a velocity term (a spring started
    /// moving): slots of velocity (value units per second) times `pushFactor`.
    @inline(__always)
    func applyEndpoints(
        _ composition: Composition, _ ends: Ends, fraction: Double, sample: TimingSample,
        to slots: UnsafeMutablePointer<Double>, push: UnsafeMutablePointer<Double>? = nil, pushFactor: Double = 0
    ) {
        let kind = composition.kind
        // A component is read out of the value underneath only when something uses it: a
        // missing end, or an additive animation.
        let usesUnderneath = composition.isAdditive || ends.readsUnderneath
        let underneath = usesUnderneath ? readUnderneath(composition, slots) : slots
        let inPlace = composition.writesInPlace
        let value = inPlace ? slots : scratch + ScratchOffset.value
        let derived = scratch + ScratchOffset.derived
        let start: UnsafeMutablePointer<Double>
        let end: UnsafeMutablePointer<Double>
        switch (ends.from, ends.to, ends.by) {
        case let (from?, to?, _):
            (start, end) = (from, to)
        case let (from?, nil, by?):
            add(kind, from, by, into: derived, buffer: derivedBuffer(ends.buffers))
            (start, end) = (from, derived)
        case let (nil, to?, by?):
            subtract(kind, to, by, into: derived, buffer: derivedBuffer(ends.buffers))
            (start, end) = (derived, to)
        case let (from?, nil, nil):
            (start, end) = (from, underneath)
        case let (nil, to?, nil):
            (start, end) = (underneath, to)
        case let (nil, nil, by?):
            add(kind, underneath, by, into: derived, buffer: derivedBuffer(ends.buffers))
            (start, end) = (underneath, derived)
        case (nil, nil, nil):
            (start, end) = (underneath, underneath)
        }
        // (In place, `value` may be an end itself, the value underneath: each kind reads the
        // slots it writes before writing them.)
        interpolate(kind, from: start, to: end, fraction: fraction, into: value, buffer: resultBuffer(ends.buffers))
        if let push, kind.hasCoordinates {
            for k in 0..<kind.slotCount { value[k] += push[k] * pushFactor }
        }
        guard !inPlace else { return }
        if composition.isCumulative && sample.iteration >= 1 {
            // [INF] Each repeat adds the value a cycle ends at (the start when autoreversing).
            let cycleEnd = composition.autoreverses ? start : end
            addScaled(kind, base: value, increment: cycleEnd, count: sample.iteration, into: value, buffer: resultBuffer(ends.buffers))
        }
        compose(composition, value: value, underneath: underneath, into: slots, buffer: resultBuffer(ends.buffers))
    }

    /// The value underneath an animation of `composition`: `readUnderneath(_:_:)` of its
    /// component, or with a value function, the function's input read out of the transform in
    /// `slots` (`ValueFunction.read`, copied to scratch): the number or vector3 a missing end
    /// takes.
    @inline(__always)
    func readUnderneath(_ composition: Composition, _ slots: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<Double> {
        guard let applied = composition.valueFunction else { return readUnderneath(composition.component, slots) }
        let underneath = scratch + ScratchOffset.underneath
        applied.function.read(from: slots, as: applied.propertyKind, into: underneath)
        return underneath
    }

    /// The value underneath an animation: its property's running presentation value in
    /// `slots`, or the `component` of it that its key path names (copied to scratch).
    @inline(__always)
    func readUnderneath(_ component: KeyPathComponent?, _ slots: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<Double> {
        guard let component else { return slots }
        let underneath = scratch + ScratchOffset.underneath
        component.read(from: slots, into: underneath)
        return underneath
    }

    /// Writes an animation's value over what lies underneath: added to it when additive, into
    /// the key path's component when it names one. `buffer`: where a path or array sum goes.
    @inline(__always)
    func compose(
        _ composition: Composition, value: UnsafeMutablePointer<Double>,
        underneath: UnsafeMutablePointer<Double>, into slots: UnsafeMutablePointer<Double>, buffer: Double = 0
    ) {
        if let applied = composition.valueFunction {
            return composeTransform(applied, isAdditive: composition.isAdditive, value: value, into: slots)
        }
        let kind = composition.kind
        if composition.isAdditive {
            add(kind, underneath, value, into: value, buffer: buffer)
        }
        if let component = composition.component {
            component.write(value, into: slots)
        } else {
            for offset in 0..<kind.slotCount { slots[offset] = value[offset] }
        }
    }

    /// Writes the transform a value function builds from an animation's `value` (a number or
    /// vector3, cumulative repeats already added; its scratch slots, room for 16) over the
    /// property's transform in `slots`: in place of it, or when additive concatenated with it
    /// by `ValueMath.add` — the built matrix applied first, then the value underneath
    /// (CATransform3DConcat(built, underneath), as CATransform3DRotate(underneath, v) makes it).
    /// [INFERRED] The reference says additive value-function results are concatenated with the
    /// current value but not in which order; this is the order every additive transform
    /// animation of the engine uses.
    @inline(__always)
    func composeTransform(
        _ applied: AppliedValueFunction, isAdditive: Bool, value: UnsafeMutablePointer<Double>,
        into slots: UnsafeMutablePointer<Double>
    ) {
        let kind = applied.propertyKind
        applied.function.write(value, as: kind, into: value)
        if isAdditive {
            ValueMath.add(kind, slots, value, into: slots)
        } else {
            for offset in 0..<kind.slotCount { slots[offset] = value[offset] }
        }
    }
}
