/// Where the evaluation of a path or array animation writes (`ValueKind.isVariableLength`):
/// values of the engine's `VariableValues` store the animation owns, made when it is added
/// (shaped as its ends, so a tick allocates nothing) and retired when it is removed. Handles;
/// 0 for none. Its kind record keeps them as `slotCount` slots of the animation-value buffer
/// (result, derived, readResult, readDerived, then the resolved interpolation), so the records
/// of other kinds stay as small.
///
/// Two pairs: the tick's evaluation, whose result the presentation shows, writes `result` and
/// `derived`; an evaluation at another time (a replica instance's, an animator's reading, a
/// kept value) writes `readResult` and `readDerived`, so it never changes what the
/// presentation shows (`EvaluationContext.showsPresentation`).
struct VariableBuffers {
    /// The value the animation shows (the interpolation, then its repeats and additions).
    var result: Double = 0
    /// A derived end (from + by, to − by, underneath + by) or a cumulative cycle's end.
    var derived: Double = 0
    /// `result` and `derived` of the evaluations at other times.
    var readResult: Double = 0
    var readDerived: Double = 0
    /// For a basic or spring animation given both ends of one shape, the tick's interpolation
    /// of them into `result`, resolved when it is added (`VariableValues.resolveInterpolation`);
    /// nil for any other.
    var interpolation: ResolvedInterpolation?

    /// The buffers of a path or array animation of `kind` in `store`: the results shaped as the
    /// value `shape` names, the derived ends as `derivedShape`'s (none when nil: an animation
    /// that derives no end). The tick's pair in the store's shown region, the other pair apart
    /// (`VariableValues.Region`): the tick and the reads of the presentation touch the first only.
    init(_ kind: ValueKind, in store: VariableValues, shape: Double, derivedShape: Double?) {
        result = store.makeBuffer(kind, like: shape, in: .shownBuffers)
        readResult = store.makeBuffer(kind, like: shape, in: .otherBuffers)
        if let derivedShape {
            derived = store.makeBuffer(kind, like: derivedShape, in: .shownBuffers)
            readDerived = store.makeBuffer(kind, like: derivedShape, in: .otherBuffers)
        }
    }

    /// The buffers held in `slots` (`write(into:)`'s layout).
    init(slots: UnsafePointer<Double>) {
        (result, derived, readResult, readDerived) = (slots[0], slots[1], slots[2], slots[3])
        interpolation = ResolvedInterpolation(slots: slots + Self.interpolationOffset)
    }

    /// The slots the buffers take in the animation-value buffer: the four handles, then the
    /// resolved interpolation.
    static let slotCount = interpolationOffset + ResolvedInterpolation.slotCount
    /// Where in those slots the resolved interpolation is.
    static let interpolationOffset = 4

    /// Writes the four handles and the resolved interpolation into `slots`.
    func write(into slots: UnsafeMutablePointer<Double>) {
        (slots[0], slots[1], slots[2], slots[3]) = (result, derived, readResult, readDerived)
        ResolvedInterpolation.write(interpolation, into: slots + Self.interpolationOffset)
    }

    /// Retires the buffers.
    func retire(in store: VariableValues) {
        for buffer in [result, derived, readResult, readDerived] { store.retire(buffer) }
    }
}

/// The value arithmetic of the evaluation, for every kind: `ValueMath`'s on a value's slots,
/// or, for a path or array (whose one slot is a handle), `VariableValues`' on the runs the
/// handles name, writing into the animation's buffer `buffer` and leaving in `result` the
/// handle of what it computed (the buffer, or an end the half-way switch shows). The endpoint,
/// repeat and composition rules call these, so every kind takes them.
extension EvaluationContext {
    /// The buffer a path or array animation's value goes to in this evaluation, of the
    /// `VariableBuffers` at `buffers` (nil: none, 0): the shown one in the evaluation of the
    /// presentation, the other one otherwise.
    @inline(__always)
    func resultBuffer(_ buffers: UnsafeMutablePointer<Double>?) -> Double {
        guard let buffers else { return 0 }
        return buffers[showsPresentation ? 0 : 2]
    }

    /// The buffer a derived end goes to in this evaluation (as `resultBuffer`).
    @inline(__always)
    func derivedBuffer(_ buffers: UnsafeMutablePointer<Double>?) -> Double {
        guard let buffers else { return 0 }
        return buffers[showsPresentation ? 1 : 3]
    }

    /// `ValueMath.interpolate`, or `VariableValues.interpolate` into `buffer`.
    @inline(__always)
    func interpolate(
        _ kind: ValueKind, from: UnsafePointer<Double>, to: UnsafePointer<Double>, fraction: Double,
        into result: UnsafeMutablePointer<Double>, buffer: Double
    ) {
        guard kind.isVariableLength else { return ValueMath.interpolate(kind, from: from, to: to, fraction: fraction, into: result) }
        result[0] = variables._withUnsafeGuaranteedRef {
            $0.interpolate(kind, from: from[0], to: to[0], fraction: fraction, into: buffer)
        }
    }

    /// `ValueMath.add`, or `VariableValues.add` into `buffer`.
    @inline(__always)
    func add(
        _ kind: ValueKind, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into result: UnsafeMutablePointer<Double>,
        buffer: Double
    ) {
        guard kind.isVariableLength else { return ValueMath.add(kind, a, b, into: result) }
        result[0] = variables._withUnsafeGuaranteedRef { $0.add(kind, a[0], b[0], into: buffer) }
    }

    /// `ValueMath.subtract`, or `VariableValues.subtract` into `buffer`.
    @inline(__always)
    func subtract(
        _ kind: ValueKind, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into result: UnsafeMutablePointer<Double>,
        buffer: Double
    ) {
        guard kind.isVariableLength else { return ValueMath.subtract(kind, a, b, into: result) }
        result[0] = variables._withUnsafeGuaranteedRef { $0.subtract(kind, a[0], b[0], into: buffer) }
    }

    /// `ValueMath.addScaled`, or `VariableValues.addScaled` into `buffer`.
    @inline(__always)
    func addScaled(
        _ kind: ValueKind, base: UnsafePointer<Double>, increment: UnsafePointer<Double>, count: Double,
        into result: UnsafeMutablePointer<Double>, buffer: Double
    ) {
        guard kind.isVariableLength else {
            return ValueMath.addScaled(kind, base: base, increment: increment, count: count, into: result)
        }
        result[0] = variables._withUnsafeGuaranteedRef {
            $0.addScaled(kind, base: base[0], increment: increment[0], count: count, into: buffer)
        }
    }
}
