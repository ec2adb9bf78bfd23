/// A stored path or array value's memory, read in place (`VariableValues.run(_:slot:)`): the
/// flat run of its numbers and, for a path, its element types. What a batch read copies into a
/// caller's memory without making a `Value`.
///
/// The type and its fields are `@usableFromInline`: the compiler serialises the bodies of a
/// package type's `@inlinable` members (`forEachElement`) only then, so that the shim, another
/// module, inlines the walk and its closure instead of calling them per element.
@usableFromInline package struct VariableRun {
    /// The value's numbers: a path's coordinates in element order, the numbers, or four
    /// components per colour (red, green, blue, alpha); nil when it has none.
    @usableFromInline package var numbers: UnsafePointer<Double>?
    /// How many numbers `numbers` holds.
    @usableFromInline package var count: Int
    /// A path's element types in order (0 move, 1 line, 2 quad curve, 3 curve, 4 close: the
    /// `AC_PATH_*` codes); nil for arrays and for the empty path.
    @usableFromInline package var types: UnsafePointer<UInt8>?
    /// How many elements the value has: path elements, numbers or colours.
    @usableFromInline package var elements: Int

    /// The empty value.
    package init() {
        (numbers, count, types, elements) = (nil, 0, nil, 0)
    }

    /// A value's memory as the store keeps it.
    package init(numbers: UnsafePointer<Double>?, count: Int, types: UnsafePointer<UInt8>?, elements: Int) {
        (self.numbers, self.count, self.types, self.elements) = (numbers, count, types, elements)
    }

    /// How many numbers a path element of type `code` has: 2 for a move or a line, 4 for a
    /// quad curve, 6 for a curve, 0 for a close (`Path.Element.coordinateCount`).
    @inlinable @inline(__always)
    package static func coordinateCount(ofType code: UInt8) -> Int {
        switch code {
        case 0, 1: 2
        case 2: 4
        case 3: 6
        default: 0
        }
    }

    /// The value of `kind` (`path`, `numbers` or `colors`) this memory holds.
    func value(_ kind: ValueKind) -> Value {
        switch kind {
        case .numbers:
            return .numbers(Array(UnsafeBufferPointer(start: numbers, count: numbers == nil ? 0 : count)))
        case .colors:
            guard let numbers else { return .empty(kind) }
            return .colors((0..<elements).map { Color(slots: numbers + 4 * $0) })
        default:
            guard types != nil else { return .empty(kind) }
            var path: [Path.Element] = []
            path.reserveCapacity(elements)
            forEachElement { _, type, coordinates in
                path.append(coordinates.map { Path.Element.ofType(type, coordinates: $0) } ?? .close)
            }
            return .path(Path(path))
        }
    }

    /// Calls `body(position, type, coordinates)` for each element of a path's memory, in
    /// order: its position, its type code and where its numbers begin (nil when the path has
    /// no numbers: every element is then a close, which has none). Nothing for an array.
    @inlinable @inline(__always)
    package func forEachElement(_ body: (Int, UInt8, UnsafePointer<Double>?) -> Void) {
        guard let types else { return }
        var offset = 0
        for position in 0..<elements {
            body(position, types[position], numbers.map { $0 + offset })
            offset += Self.coordinateCount(ofType: types[position])
        }
    }
}
