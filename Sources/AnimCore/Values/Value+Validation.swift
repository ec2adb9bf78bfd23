/// The check every value from outside passes before the engine stores or animates it.
extension Value {
    /// Throws `.notFinite` when a floating-point component is NaN or infinite (+infinity is
    /// accepted when `allowingInfinity`); bool, integer and token values always pass. The
    /// message names `field` and the component ("position.v[1] is nan; it must be finite").
    /// A variable-length value (`path`, `numbers`, `colors`) passes `checkElements` instead.
    @inline(__always)  // (the passing case inline: it runs on every value an add or a change checks)
    package func checkFinite(_ field: @autoclosure () -> String, allowingInfinity: Bool = false) throws(AnimCoreError) {
        guard kind.isVariableLength || firstNonFinite(allowingInfinity: allowingInfinity) != nil else { return }
        try refuseNonFinite(field(), allowingInfinity: allowingInfinity)
    }

    /// `checkFinite` of a value that may fail it: a variable-length one, or one with a
    /// component that is not accepted.
    private func refuseNonFinite(_ field: String, allowingInfinity: Bool) throws(AnimCoreError) {
        if kind.isVariableLength { return try checkElements(field) }
        guard let bad = firstNonFinite(allowingInfinity: allowingInfinity) else { return }
        let component = kind.slotCount == 1 ? field : "\(field).v[\(bad.index)]"
        throw AnimCoreError(
            .notFinite, "\(component) is \(bad.number); it must be finite\(allowingInfinity ? " or infinity" : "")")
    }

    /// The first floating-point component that is NaN or infinite (+infinity passes when
    /// `allowingInfinity`), with its slot index; nil when there is none. Reads the payload in
    /// place: the common kinds make no slot copy (the check runs on every change).
    private func firstNonFinite(allowingInfinity: Bool) -> (index: Int, number: Double)? {
        @inline(__always) func bad(_ number: Double) -> Bool {
            !ValueKind.accepts(number, allowingInfinity: allowingInfinity)
        }
        switch self {
        case .scalar(let v):
            return bad(v) ? (0, v) : nil
        case .point(let a, let b), .size(let a, let b):
            return bad(a) ? (0, a) : bad(b) ? (1, b) : nil
        case .vector3(let a, let b, let c):
            return bad(a) ? (0, a) : bad(b) ? (1, b) : bad(c) ? (2, c) : nil
        case .rect(let a, let b, let c, let d), .color(let a, let b, let c, let d):
            return bad(a) ? (0, a) : bad(b) ? (1, b) : bad(c) ? (2, c) : bad(d) ? (3, d) : nil
        case .bool, .integer, .token, .path, .numbers, .colors:
            return nil
        case .affineTransform, .transform3D:
            var scratch = SlotScratch()
            return scratch.withPointer { slots in
                write(into: slots)
                return kind.firstNonFinite(in: slots, allowingInfinity: allowingInfinity).map { ($0, slots[$0]) }
            }
        }
    }
}

extension Value {
    /// The check of a variable-length value: at most `ValueKind.maximumElementCount` elements
    /// (`.outOfRange`), every number finite (`.notFinite`, naming the element: "path[2] has nan;
    /// every point must be finite", "locations[1] is inf; it must be finite"). Any other
    /// kind passes.
    package func checkElements(_ field: String) throws(AnimCoreError) {
        guard let count = elementCount else { return }
        guard count <= ValueKind.maximumElementCount else {
            throw AnimCoreError(
                .outOfRange,
                "\(field) has \(count) \(kind.elementNoun); a \(kind.name) value holds at most \(ValueKind.maximumElementCount)")
        }
        switch self {
        case .path(let path):
            for (index, element) in path.elements.enumerated() {
                for number in element.coordinates where !number.isFinite {
                    throw AnimCoreError(.notFinite, "\(field)[\(index)] has \(number); every point must be finite")
                }
            }
        case .numbers(let numbers):
            for (index, number) in numbers.enumerated() where !number.isFinite {
                throw AnimCoreError(.notFinite, "\(field)[\(index)] is \(number); it must be finite")
            }
        case .colors(let colors):
            for (index, color) in colors.enumerated() {
                for (component, number) in [color.red, color.green, color.blue, color.alpha].enumerated() where !number.isFinite {
                    throw AnimCoreError(.notFinite, "\(field)[\(index)].v[\(component)] is \(number); it must be finite")
                }
            }
        default:
            return
        }
    }
}

extension ValueKind {
    /// What a variable-length value of this kind counts: "path elements", "numbers", "colors"
    /// (messages); "slots" for a fixed-length kind.
    package var elementNoun: String {
        switch self {
        case .path: "path elements"
        case .numbers: "numbers"
        case .colors: "colors"
        default: "slots"
        }
    }

    /// Whether a number of a value passes the check: it is finite (or +infinity, when
    /// `allowingInfinity`).
    @inline(__always)
    static func accepts(_ number: Double, allowingInfinity: Bool = false) -> Bool {
        number.isFinite || (allowingInfinity && number == .infinity)
    }

    /// `Value.checkFinite` on a value of this kind held as its slots (the kind's slot layout):
    /// the index of the first slot refused, nil when none is (always for bool, integer and
    /// token, whose slots hold bit patterns).
    @inline(__always)
    func firstNonFinite(in slots: UnsafePointer<Double>, allowingInfinity: Bool = false) -> Int? {
        guard !storesBitPatterns else { return nil }
        for index in 0..<slotCount where !ValueKind.accepts(slots[index], allowingInfinity: allowingInfinity) {
            return index
        }
        return nil
    }
}
