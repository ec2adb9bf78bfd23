/// How an animation's value meets its property's value: the kind of the value it computes,
/// whether it adds to what lies underneath, whether its cycles add up, and the key path's
/// component it writes. The general walk reads it from the record (`init(_:)`), the steady lane
/// from its entry, which keeps a copy: every kind's evaluation takes it, so the two run the same
/// function.
struct Composition {
    /// Kind of the animated value (the component's, or the property's).
    var kind: ValueKind
    var isAdditive: Bool
    var isCumulative: Bool
    /// Whether its cycles autoreverse: a cumulative cycle then ends where it started.
    var autoreverses: Bool
    /// The component of the property's value it animates, if its key path goes inside it.
    var component: KeyPathComponent?
    /// The value function that turns its value (`kind`: a number or a vector3) into the
    /// transform its property shows, if it has one (`Animation.valueFunction`).
    var valueFunction: AppliedValueFunction?

    /// The composition of the animation in `record`.
    @inline(__always)
    init(_ record: UnsafeMutablePointer<AttachedAnimation>) {
        kind = record.pointee.valueKind
        isAdditive = record.pointee.isAdditive
        isCumulative = record.pointee.isCumulative
        autoreverses = record.pointee.timing.autoreverses
        component = record.pointee.component
        valueFunction = record.pointee.valueFunction
    }

    /// A value of `kind` replacing its property's whole value: not additive, not cumulative,
    /// on no component. Passed as a constant, it lets the compiler reduce an evaluation to
    /// that case.
    @inline(__always)
    static func whole(_ kind: ValueKind) -> Composition {
        Composition(kind: kind, isAdditive: false, isCumulative: false, autoreverses: false, component: nil)
    }

    @inline(__always)
    init(
        kind: ValueKind, isAdditive: Bool, isCumulative: Bool, autoreverses: Bool, component: KeyPathComponent?,
        valueFunction: AppliedValueFunction? = nil
    ) {
        (self.kind, self.isAdditive, self.isCumulative, self.autoreverses, self.component, self.valueFunction) =
            (kind, isAdditive, isCumulative, autoreverses, component, valueFunction)
    }

    /// Whether the value replaces the whole value (not added to it, written into a component
    /// or turned into a matrix by a value function) and no repeat adds to it afterwards: what
    /// `whole(kind)` says.
    @inline(__always)
    var replacesWhole: Bool { !isAdditive && component == nil && !isCumulative && valueFunction == nil }

    /// Whether the value replaces the whole value of a path or an array
    /// (`ValueKind.isVariableLength`): it is its own buffer's handle, which the tick writes
    /// through the interpolation resolved when the animation was added, when it has one
    /// (`EvaluationContext.applyResolvedInterpolation`).
    @inline(__always)
    var replacesWholeVariableValue: Bool { replacesWhole && kind.isVariableLength }

    /// Whether the value is computed straight into the property's slots: it replaces the whole
    /// value. Never for a path or array: the property's slot holds a handle of a value the
    /// animation does not own, so it computes into its own buffer (`VariableBuffers`) and shows
    /// that.
    @inline(__always)
    var writesInPlace: Bool { replacesWhole && !kind.isVariableLength }
}

/// A value function as an animation's record applies it (`Animation.valueFunction`): the
/// function, and the kind of the transform property it writes (`transform3D`, 16 slots, or
/// `affineTransform`, 6), whose slots the property's presentation entry holds while the
/// animation's own values (its ends, keyframes, `Composition.kind`) are numbers or vector3s.
// An enum of two payload cases, as `KeyPathComponent`'s transform parts: one byte, optional
// too, so a `Composition` takes one byte more and a lane entry (`SteadyEntry`) stays 128.
enum AppliedValueFunction: Equatable {
    case transform3D(ValueFunction)
    case affineTransform(ValueFunction)

    /// The function on a property of `kind` (`affineTransform`, else `transform3D`).
    init(_ function: ValueFunction, on kind: ValueKind) {
        self = kind == .affineTransform ? .affineTransform(function) : .transform3D(function)
    }

    /// The function.
    @inline(__always)
    var function: ValueFunction {
        switch self {
        case .transform3D(let function), .affineTransform(let function): function
        }
    }

    /// The kind of the property's value: the matrix the function builds.
    @inline(__always)
    var propertyKind: ValueKind {
        if case .affineTransform = self { return .affineTransform }
        return .transform3D
    }
}

/// A basic or spring animation's given ends, wherever they are kept: nil for an end not given.
struct Ends {
    var from: UnsafeMutablePointer<Double>?
    var to: UnsafeMutablePointer<Double>?
    var by: UnsafeMutablePointer<Double>?
    /// Where a path or array animation writes: its `VariableBuffers` slots (nil for another kind).
    var buffers: UnsafeMutablePointer<Double>?

    /// The ends of `basic`, whose offsets are in the animation-value buffer at `values`.
    @inline(__always)
    init(_ basic: UnsafeMutablePointer<BasicRecord>, values: UnsafeMutablePointer<Double>) {
        from = basic.pointee.from >= 0 ? values + Int(basic.pointee.from) : nil
        to = basic.pointee.to >= 0 ? values + Int(basic.pointee.to) : nil
        by = basic.pointee.by >= 0 ? values + Int(basic.pointee.by) : nil
        buffers = basic.pointee.buffers >= 0 ? values + Int(basic.pointee.buffers) : nil
    }

    /// The ends of `basic` when it gives both from and to: a by beside both is unused.
    @inline(__always)
    init(fromAndTo basic: UnsafeMutablePointer<BasicRecord>, values: UnsafeMutablePointer<Double>) {
        self.init(basic, values: values)
        by = nil
    }

    @inline(__always)
    init(from: UnsafeMutablePointer<Double>?, to: UnsafeMutablePointer<Double>?, by: UnsafeMutablePointer<Double>?) {
        (self.from, self.to, self.by) = (from, to, by)
    }

    /// Whether the value depends on what lies underneath: an end is missing (from alone, to
    /// alone, by alone or none).
    @inline(__always)
    var readsUnderneath: Bool { (by == nil && (from == nil || to == nil)) || (from == nil && to == nil) }
}
