import Testing

import AnimCore

/// `Value`'s accessors (one per kind, nil for the others) and the `PropertyValue` conversions.
@Suite("Swift API: Value accessors and PropertyValue")
struct ValueAccessorTests {
    /// One value of each kind.
    static let samples: [Value] = [
        .scalar(2.5), .point(x: 1, y: 2), .size(width: 3, height: 4), .rect(x: 1, y: 2, width: 3, height: 4),
        .vector3(x: 1, y: 2, z: 3), .color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
        .affineTransform(AffineTransform(scaleX: 2, y: 3)), .transform3D(Transform3D(translationX: 1, y: 2, z: 3)),
        .bool(true), .integer(-7), .token(99),
        .path(Path([.move(x: 0, y: 0), .line(x: 1, y: 1)])), .numbers([0, 0.5, 1]),
        .colors([Color(red: 1, green: 0, blue: 0)]),
    ]

    /// The accessors' answers for `value`, by the kind each accessor reads.
    static func answers(_ value: Value) -> [ValueKind: Bool] {
        [
            .scalar: value.scalar != nil, .point: value.point != nil, .size: value.size != nil,
            .rect: value.rect != nil, .vector3: value.vector3 != nil, .color: value.color != nil,
            .affineTransform: value.affineTransform != nil, .transform3D: value.transform3D != nil,
            .bool: value.bool != nil, .integer: value.integer != nil, .token: value.token != nil,
            .path: value.path != nil, .numbers: value.numbers != nil, .colors: value.colors != nil,
        ]
    }

    @Test("each accessor answers for its own kind only", arguments: samples)
    func oneAccessorPerKind(value: Value) {
        let answers = Self.answers(value)
        #expect(answers.count == ValueKind.allCases.count)
        for (kind, answered) in answers {
            #expect(answered == (kind == value.kind), "\(kind.name) accessor on a \(value.kind.name) value")
        }
    }

    @Test("the accessors return the value's contents")
    func contents() {
        #expect(Value.scalar(2.5).scalar == 2.5)
        #expect(Value.point(x: 1, y: 2).point == Point(x: 1, y: 2))
        #expect(Value.size(width: 3, height: 4).size == Size(width: 3, height: 4))
        #expect(Value.rect(x: 1, y: 2, width: 3, height: 4).rect == Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)))
        #expect(Value.vector3(x: 1, y: 2, z: 3).vector3 == Vector3(x: 1, y: 2, z: 3))
        #expect(Value.color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).color == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        #expect(Value.affineTransform(AffineTransform(scaleX: 2, y: 3)).affineTransform == AffineTransform(scaleX: 2, y: 3))
        #expect(Value.transform3D(.identity).transform3D == .identity)
        #expect(Value.bool(false).bool == false)
        #expect(Value.integer(.min).integer == .min)
        #expect(Value.token(.max).token == Token(rawValue: .max))
        #expect(Value.path(Path([.close])).path == Path([.close]))
        #expect(Value.numbers([1, 2]).numbers == [1, 2])
        #expect(Value.colors([.white]).colors == [.white])
    }

    @Test("PropertyValue converts to a Value of its kind and back, and refuses other kinds")
    func conversions() {
        func roundTrip<T: PropertyValue & Equatable>(_ typed: T) {
            #expect(typed.value.kind == T.valueKind)
            #expect(T(value: typed.value) == typed)
            for other in Self.samples where other.kind != T.valueKind {
                #expect(T(value: other) == nil, "\(T.self) from a \(other.kind.name)")
            }
        }
        roundTrip(-0.5)
        roundTrip(Point(x: 1, y: -1))
        roundTrip(Size(width: 2, height: 3))
        roundTrip(Rect(x: 1, y: 2, width: 3, height: 4))
        roundTrip(Vector3(x: 1, y: 2, z: 3))
        roundTrip(Color(red: 1, green: 0, blue: 0))
        roundTrip(AffineTransform(rotationAngle: 1))
        roundTrip(Transform3D(rotationAngle: 1, x: 0, y: 1, z: 0))
        roundTrip(true)
        roundTrip(Int64(-3))
        roundTrip(Token(rawValue: 5))
        roundTrip(FillMode.both)
        roundTrip(Path([.move(x: 1, y: 2), .quadCurve(cx: 3, cy: 4, x: 5, y: 6)]))
        roundTrip([0.25, 0.75])
        roundTrip([Color.black, Color.clear])
    }

    @Test("a fill mode is an integer holding its raw value; other integers are not fill modes")
    func fillModes() {
        #expect(FillMode.forwards.value == .integer(1))
        #expect(FillMode(value: .integer(3)) == .both)
        #expect(FillMode(value: .integer(4)) == nil)
        #expect(FillMode(value: .integer(-1)) == nil)
        #expect(FillMode(value: .integer(.max)) == nil)
    }

    @Test("the geometry types build as CGRect and CGColor do")
    func geometry() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).origin == Point(x: 1, y: 2))
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).size == Size(width: 3, height: 4))
        #expect(Color(red: 0.5, green: 0.5, blue: 0.5).alpha == 1)
        #expect(Color.clear.value == .color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(Token.none.rawValue == 0)
    }
}
