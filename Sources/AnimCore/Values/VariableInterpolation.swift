/// The interpolation of the variable-length kinds (`path`, `numbers`, `colors`): two values of
/// the same shape — paths of the same element types in the same order, arrays of the same
/// count — interpolate element by element, each number by `ValueMath.lerp` (the scalar rule)
/// and each colour by `ValueMath.interpolate(.color, …)`; values of different shapes switch
/// from one to the other half way (`ValueMath.switchesToEnd`, the rule of `bool` and `token`).
///
/// The same rules add (additive animations: element by element, else the value on top
/// replaces), subtract (`toValue − byValue`: element by element, else the minuend) and repeat
/// (cumulative animations: `base + count × increment`, else the base), each element by its own
/// kind's rule in `ValueMath`. The engine's store (`VariableValues`) runs them on its flat runs.
///
/// An animation whose own values (from, to, by, keyframes) differ in shape is refused when it
/// is added (`shapeMismatch`); the switch is the fallback for a shape met only at run time
/// against the model or presentation value.
package enum VariableInterpolation {
    /// Whether `a` and `b` have the same shape: paths with the same element types in the same
    /// order, arrays of the same count. False for values of different kinds.
    package static func haveSameShape(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.path(let p), .path(let q)):
            return p.elements.count == q.elements.count
                && zip(p.elements, q.elements).allSatisfy { $0.hasSameType(as: $1) }
        case (.numbers(let p), .numbers(let q)):
            return p.count == q.count
        case (.colors(let p), .colors(let q)):
            return p.count == q.count
        default:
            return false
        }
    }

    /// Why `value` (named `name`) cannot interpolate with `reference` (named `referenceName`),
    /// for the message of a refused animation ("toValue has 3 path elements where fromValue has
    /// 4", "keyframes[2].elements[1] is a line where keyframes[0] has a curve"); nil when their
    /// shapes agree.
    package static func shapeMismatch(_ value: Value, _ name: String, against reference: Value, _ referenceName: String) -> String? {
        guard !haveSameShape(value, reference) else { return nil }
        let (count, referenceCount) = (value.elementCount ?? 0, reference.elementCount ?? 0)
        if value.kind != reference.kind {
            return "\(name) is a \(value.kind.name) value where \(referenceName) is a \(reference.kind.name) value"
        }
        if count != referenceCount {
            return "\(name) has \(count) \(value.kind.elementNoun) where \(referenceName) has \(referenceCount)"
        }
        if case .path(let p) = value, case .path(let q) = reference,
           let index = p.elements.indices.first(where: { !p.elements[$0].hasSameType(as: q.elements[$0]) }) {
            return "\(name).elements[\(index)] is a \(p.elements[index].typeName) where \(referenceName) has a \(q.elements[index].typeName)"
        }
        return "\(name) does not have the shape of \(referenceName)"
    }

    /// The value `fraction` of the way from `from` (0) to `to` (1), element by element when
    /// their shapes agree (fractions outside [0, 1] extrapolate, as the numeric kinds do);
    /// otherwise `from` below 0.5 and `to` from 0.5 on.
    package static func interpolate(from: Value, to: Value, fraction: Double) -> Value {
        guard haveSameShape(from, to) else { return ValueMath.switchesToEnd(at: fraction) ? to : from }
        let store = VariableValues()
        let (a, b) = (store.store(from), store.store(to))
        let result = store.interpolate(from.kind, from: a, to: b, fraction: fraction, into: store.makeBuffer(from.kind, like: a))
        return store.value(from.kind, slot: result)
    }

    // MARK: Element by element, on flat runs

    // The runs the store keeps (`VariableValues`): a path's coordinates in element order, the
    // numbers, or four components per colour; `count` numbers each, of two values of the same
    // shape. Each element takes its own kind's rule: a colour `color`'s, every other number
    // `scalar`'s. The result may be either input.

    /// The kind whose rule each element of a `kind` run takes: `color` for a colour, `scalar`
    /// for every other number.
    @inline(__always)
    static func elementKind(_ kind: ValueKind) -> ValueKind { kind == .colors ? .color : .scalar }

    /// Calls `body` with each element's kind (`elementKind`) and offset in a run of `count`
    /// numbers of `kind`.
    @inline(__always)
    static func forEachElement(of kind: ValueKind, count: Int, _ body: (ValueKind, Int) -> Void) {
        // One loop per element kind, so that each inlined `body` sees its kind as a constant
        // (and `ValueMath`'s rule of that kind is compiled for it alone).
        if elementKind(kind) == .color {
            for offset in stride(from: 0, to: count, by: ValueKind.color.slotCount) { body(.color, offset) }
        } else {
            for offset in 0..<count { body(.scalar, offset) }
        }
    }

    /// Writes `from + (to − from) × fraction` element by element (`ValueMath.interpolate`).
    static func interpolate(
        _ kind: ValueKind, from: UnsafeMutablePointer<Double>?, to: UnsafeMutablePointer<Double>?, count: Int,
        fraction: Double, into result: UnsafeMutablePointer<Double>
    ) {
        guard let from, let to else { return }
        forEachElement(of: kind, count: count) {
            ValueMath.interpolate($0, from: from + $1, to: to + $1, fraction: fraction, into: result + $1)
        }
    }

    /// Writes `a + b` element by element (`ValueMath.add`). [INFERRED] Core Animation
    /// documents additive animation of numbers, not of arrays or paths; arrays add element by
    /// element, and a path adds its points' coordinates, as an array of points would.
    static func add(
        _ kind: ValueKind, _ a: UnsafeMutablePointer<Double>?, _ b: UnsafeMutablePointer<Double>?, count: Int,
        into result: UnsafeMutablePointer<Double>
    ) {
        guard let a, let b else { return }
        forEachElement(of: kind, count: count) { ValueMath.add($0, a + $1, b + $1, into: result + $1) }
    }

    /// Writes `a − b` element by element (`ValueMath.subtract`).
    static func subtract(
        _ kind: ValueKind, _ a: UnsafeMutablePointer<Double>?, _ b: UnsafeMutablePointer<Double>?, count: Int,
        into result: UnsafeMutablePointer<Double>
    ) {
        guard let a, let b else { return }
        forEachElement(of: kind, count: count) { ValueMath.subtract($0, a + $1, b + $1, into: result + $1) }
    }

    /// Writes `base + repeats × increment` element by element (`ValueMath.addScaled`).
    static func addScaled(
        _ kind: ValueKind, base: UnsafeMutablePointer<Double>?, increment: UnsafeMutablePointer<Double>?, count: Int,
        repeats: Double, into result: UnsafeMutablePointer<Double>
    ) {
        guard let base, let increment else { return }
        forEachElement(of: kind, count: count) {
            ValueMath.addScaled($0, base: base + $1, increment: increment + $1, count: repeats, into: result + $1)
        }
    }
}

extension Path.Element {
    /// The element's type as messages name it: "move", "line", "quad curve", "curve", "close".
    var typeName: String {
        switch self {
        case .move: "move"
        case .line: "line"
        case .quadCurve: "quad curve"
        case .curve: "curve"
        case .close: "close"
        }
    }
}
