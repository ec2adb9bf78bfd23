/// The interpolation of the variable-length kinds (`path`, `numbers`, `colors`): two values of
/// the same shape — paths of the same element types in the same order, arrays of the same
/// count — interpolate element by element, each number by `ValueMath.lerp` (the scalar rule)
/// and each colour by `ValueMath.interpolate(.color, …)`; values of different shapes switch
/// from one to the other half way (`ValueMath.switchesToEnd`, the rule of `bool` and `token`).
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
        switch (from, to) {
        case (.path(let p), .path(let q)):
            return .path(Path(zip(p.elements, q.elements).map { a, b in
                let (u, v) = (a.coordinates, b.coordinates)
                return a.with(coordinates: zip(u, v).map { ValueMath.lerp($0, $1, fraction) })
            }))
        case (.numbers(let p), .numbers(let q)):
            return .numbers(zip(p, q).map { ValueMath.lerp($0, $1, fraction) })
        case (.colors(let p), .colors(let q)):
            return .colors(zip(p, q).map { interpolateColor($0, $1, fraction) })
        default:
            return ValueMath.switchesToEnd(at: fraction) ? to : from
        }
    }

    /// One colour of an array: the `color` kind's rule.
    private static func interpolateColor(_ a: Color, _ b: Color, _ fraction: Double) -> Color {
        var scratch = SlotScratch()
        return scratch.withPointer { slots in
            Value.color(red: a.red, green: a.green, blue: a.blue, alpha: a.alpha).write(into: slots)
            Value.color(red: b.red, green: b.green, blue: b.blue, alpha: b.alpha).write(into: slots + 4)
            ValueMath.interpolate(.color, from: slots, to: slots + 4, fraction: fraction, into: slots + 8)
            return Color(slots: slots + 8)
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
