/// ValueMath: interpolation, add / subtract / additiveDelta / addScaled and exact equality for
/// every kind, with the reference's value vectors that are pure value math (§9.2).
@testable import AnimCore
import Testing

private func int(_ value: Int64) -> [Double] { [SlotEncoding.slot(integer: value)] }
private func intValue(_ slots: [Double]) -> Int64 { SlotEncoding.integer(slots[0]) }
private func boolSlot(_ value: Bool) -> [Double] { [SlotEncoding.slot(bool: value)] }
private func token(_ value: UInt64) -> [Double] { [SlotEncoding.slot(token: value)] }

@Suite("Reference value vectors (§9.2)")
struct ReferenceValueVectorTests {
    @Test("V1: from 10 to 20 at 0.5 is 15")
    func v1() {
        #expect(interpolate(.scalar, [10], [20], 0.5) == [15])
    }

    @Test("V2: from 10 by 5 interpolates 10 → 15: 12.5 at 0.5")
    func v2() {
        let end = add(.scalar, [10], [5])
        #expect(end == [15])
        #expect(interpolate(.scalar, [10], end, 0.5) == [12.5])
    }

    @Test("V3: to 20 by 5 interpolates 15 → 20: 17.5 at 0.5")
    func v3() {
        let start = subtract(.scalar, [20], [5])
        #expect(start == [15])
        #expect(interpolate(.scalar, start, [20], 0.5) == [17.5])
    }

    @Test("V9: additive delta, model 10, from −10 to 0 at 0.5 shows 5")
    func v9() {
        let from = additiveDelta(.scalar, from: [10], to: [0])  // old − new = 0 − 10
        #expect(from == [-10])
        let value = interpolate(.scalar, from, [0], 0.5)
        #expect(add(.scalar, [10], value) == [5])
    }

    @Test("V16 value math: cumulative repeat 1 of 10 → 20 at 0.5 is 1 × 20 + 15 = 35")
    func v16() {
        let current = interpolate(.scalar, [10], [20], 0.5)
        #expect(addScaled(.scalar, base: current, increment: [20], count: 1) == [35])
    }

    @Test("V18: whole-matrix identity → rotation(2π) shows no motion")
    func v18() {
        let full = slots(rotation(2 * .pi, 0, 0, 1))
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            let value = transform3D(interpolate(.transform3D, slots(Transform3D.identity), full, fraction))
            expectClose(value, .identity, tolerance: 1e-12, "fraction \(fraction)")
        }
    }
}

@Suite("Interpolation")
struct InterpolationTests {
    @Test("floating-point kinds: componentwise, exact ends, overshoot extrapolates")
    func componentwise() {
        let cases: [(ValueKind, [Double], [Double])] = [
            (.scalar, [0.1], [0.7]),
            (.point, [1, -2], [3, 6]),
            (.size, [10, 20], [30, 0]),
            (.rect, [0, 0, 100, 50], [10, -20, 200, 150]),
            (.vector3, [1, 2, 3], [-1, -2, -3]),
            (.color, [1, 0, 0, 1], [0, 0.5, 1, 0]),
        ]
        for (kind, from, to) in cases {
            #expect(interpolate(kind, from, to, 0) == from, "\(kind.name) at 0")
            #expect(interpolate(kind, from, to, 1) == to, "\(kind.name) at 1")
            for fraction in [0.25, 0.5, 1.5, -0.25] {
                let expected = zip(from, to).map { $0 + ($1 - $0) * fraction }
                expectClose(
                    interpolate(kind, from, to, fraction), expected, "\(kind.name) at \(fraction)")
            }
        }
    }

    @Test("equal ends do not move, not even by an ulp or the sign of a zero")
    func noMotion() {
        for value in [0.1, -0.0, 300, 1e-300] {
            for fraction in [0.1, 0.5, 0.9, 1.7] {
                let result = interpolate(.scalar, [value], [value], fraction)
                #expect(result[0].bitPattern == value.bitPattern)
            }
        }
    }

    @Test("colour: straight RGBA componentwise, alpha included, not clamped")
    func color() {
        let red = [1.0, 0, 0, 1]
        let clearBlue = [0.0, 0, 1, 0]
        #expect(interpolate(.color, red, clearBlue, 0.5) == [0.5, 0, 0.5, 0.5])
        expectClose(interpolate(.color, red, clearBlue, 1.25), [-0.25, 0, 1.25, -0.25])
    }

    @Test("integer: linear, then rounded to nearest with ties away from zero")
    func integer() {
        #expect(intValue(interpolate(.integer, int(0), int(10), 0.25)) == 3)  // 2.5
        #expect(intValue(interpolate(.integer, int(0), int(-10), 0.25)) == -3)  // −2.5
        #expect(intValue(interpolate(.integer, int(-3), int(-2), 0.5)) == -3)  // −2.5
        #expect(intValue(interpolate(.integer, int(2), int(3), 0.5)) == 3)  // 2.5
        #expect(intValue(interpolate(.integer, int(-1), int(0), 0.5)) == -1)  // −0.5
        #expect(intValue(interpolate(.integer, int(0), int(1), 0.5)) == 1)  // 0.5
        #expect(intValue(interpolate(.integer, int(0), int(10), 0.24)) == 2)
        #expect(intValue(interpolate(.integer, int(0), int(10), 1.5)) == 15)
        #expect(intValue(interpolate(.integer, int(0), int(10), -0.5)) == -5)
        #expect(intValue(interpolate(.integer, int(4), int(9), .nan)) == 4)
    }

    @Test("integer: extremes are exact at the ends, saturate beyond, keep all 64 bits")
    func integerExtremes() {
        #expect(intValue(interpolate(.integer, int(.min), int(.max), 0)) == .min)
        #expect(intValue(interpolate(.integer, int(.min), int(.max), 1)) == .max)
        #expect(intValue(interpolate(.integer, int(.min), int(.max), 0.5)) == 0)
        #expect(intValue(interpolate(.integer, int(0), int(.max), 2)) == .max)
        #expect(intValue(interpolate(.integer, int(0), int(.max), -2)) == .min)
        #expect(intValue(interpolate(.integer, int(0), int(.max), -1)) == -.max)
        #expect(intValue(interpolate(.integer, int(.min), int(0), 3)) == .max)
        #expect(intValue(interpolate(.integer, int(.max - 10), int(.max), 0.5)) == .max - 5)
        #expect(intValue(interpolate(.integer, int(.min), int(.min + 3), 0.5)) == .min + 1)  // −…806.5
        #expect(intValue(interpolate(.integer, int(.max - 3), int(.max), 0.5)) == .max - 1)  // …805.5
        #expect(intValue(interpolate(.integer, int(.max), int(.max), 0.7)) == .max)
        #expect(intValue(interpolate(.integer, int(0), int(10), .infinity)) == .max)
    }

    @Test("bool and token switch at 0.5 [INF]")
    func discrete() {
        for (kind, from, to) in [
            (ValueKind.bool, boolSlot(false), boolSlot(true)),
            (.token, token(17), token(.max)),
        ] {
            #expect(equal(kind, interpolate(kind, from, to, 0), from))
            #expect(equal(kind, interpolate(kind, from, to, 0.4999), from))
            #expect(equal(kind, interpolate(kind, from, to, 0.5), to))
            #expect(equal(kind, interpolate(kind, from, to, 1), to))
            #expect(equal(kind, interpolate(kind, from, to, 1.5), to))
            #expect(equal(kind, interpolate(kind, from, to, -3), from))
            #expect(equal(kind, interpolate(kind, from, to, .nan), from))
        }
    }

    @Test("the output may be an input")
    func aliasing() {
        // from = to = result.
        let same = mutating([1.0, 2, 3, 4]) { pointer in
            ValueMath.interpolate(
                .rect, from: UnsafePointer(pointer), to: UnsafePointer(pointer), fraction: 0.3,
                into: pointer)
        }
        #expect(same == [1, 2, 3, 4])
        // from = result, then a = b = result.
        let target = [5.0, 6, 7, 8]
        var moved: [Double] = []
        _ = withSlots([target], resultCount: 0) { inputs, _ in
            moved = mutating([1.0, 2, 3, 4]) { pointer in
                ValueMath.interpolate(
                    .rect, from: UnsafePointer(pointer), to: inputs[0], fraction: 0.5,
                    into: pointer)
                ValueMath.add(.rect, UnsafePointer(pointer), UnsafePointer(pointer), into: pointer)
            }
        }
        #expect(moved == [6, 8, 10, 12])
        // Transforms load both inputs before storing.
        let start = slots(rotation(0.3, 0, 0, 1))
        let product = mutating(start) { pointer in
            ValueMath.add(.transform3D, UnsafePointer(pointer), UnsafePointer(pointer), into: pointer)
        }
        expectClose(transform3D(product), rotation(0.6, 0, 0, 1))
        let cumulative = mutating(start) { pointer in
            ValueMath.addScaled(
                .transform3D, base: UnsafePointer(pointer), increment: UnsafePointer(pointer),
                count: 2, into: pointer)
        }
        expectClose(transform3D(cumulative), rotation(0.9, 0, 0, 1))
        let integer = mutating(int(5)) { pointer in
            ValueMath.addScaled(
                .integer, base: UnsafePointer(pointer), increment: UnsafePointer(pointer),
                count: 3, into: pointer)
        }
        #expect(intValue(integer) == 20)
    }

    @Test("copy is bit for bit")
    func copy() {
        let source = [-0.0, .nan, Double(nan: 7, signaling: true), SlotEncoding.slot(integer: .min)]
        let copied = withSlots([source], resultCount: 4) { inputs, result in
            ValueMath.copy(.rect, from: inputs[0], into: result)
        }
        #expect(copied.map(\.bitPattern) == source.map(\.bitPattern))
        #expect(equal(.rect, copied, source))
    }
}

@Suite("Additive composition")
struct AdditiveTests {
    static let numericCases: [(ValueKind, [Double], [Double])] = [
        (.scalar, [1.5], [-4]),
        (.point, [1, 2], [10, 20]),
        (.size, [3, 4], [0.5, -1]),
        (.rect, [1, 2, 3, 4], [10, 20, 30, 40]),
        (.vector3, [1, 2, 3], [0.5, 0.25, 0.125]),
        (.color, [0.5, 0.25, 0, 1], [0.25, 0.5, 0.5, -0.5]),
    ]

    @Test("floating-point kinds add, subtract and scale componentwise")
    func numeric() {
        for (kind, a, b) in Self.numericCases {
            #expect(add(kind, a, b) == zip(a, b).map(+), "\(kind.name)")
            #expect(subtract(kind, a, b) == zip(a, b).map(-), "\(kind.name)")
            #expect(additiveDelta(kind, from: b, to: a) == zip(a, b).map(-), "\(kind.name)")
            #expect(
                addScaled(kind, base: a, increment: b, count: 3) == zip(a, b).map { $0 + 3 * $1 })
            #expect(
                addScaled(kind, base: a, increment: b, count: 0.5)
                    == zip(a, b).map { $0 + 0.5 * $1 })
            #expect(add(kind, subtract(kind, a, b), b) == a, "\(kind.name)")
        }
    }

    @Test("integer: saturating, never wrapping")
    func integer() {
        #expect(intValue(add(.integer, int(40), int(2))) == 42)
        #expect(intValue(add(.integer, int(.max), int(1))) == .max)
        #expect(intValue(add(.integer, int(.min), int(-1))) == .min)
        #expect(intValue(subtract(.integer, int(.min), int(1))) == .min)
        #expect(intValue(subtract(.integer, int(0), int(.min))) == .max)
        #expect(intValue(subtract(.integer, int(20), int(5))) == 15)
        #expect(intValue(additiveDelta(.integer, from: int(10), to: int(0))) == -10)
        #expect(intValue(addScaled(.integer, base: int(5), increment: int(20), count: 2)) == 45)
        #expect(intValue(addScaled(.integer, base: int(0), increment: int(3), count: 0.5)) == 2)
        #expect(intValue(addScaled(.integer, base: int(0), increment: int(-3), count: 0.5)) == -2)
        #expect(intValue(addScaled(.integer, base: int(1), increment: int(.max), count: 3)) == .max)
        #expect(intValue(addScaled(.integer, base: int(1), increment: int(.max), count: -3)) == .min)
        #expect(intValue(addScaled(.integer, base: int(7), increment: int(3), count: .nan)) == 7)
        #expect(
            intValue(addScaled(.integer, base: int(0), increment: int(1), count: .infinity))
                == .max)
        #expect(
            intValue(addScaled(.integer, base: int(.max - 1), increment: int(1), count: 1)) == .max)
        // The total saturates, not the product: max + (−2) × max = −max.
        #expect(intValue(addScaled(.integer, base: int(.max), increment: int(.max), count: -2)) == -.max)
        #expect(intValue(addScaled(.integer, base: int(.max), increment: int(-1), count: 0.5)) == .max)  // …806.5
        #expect(intValue(addScaled(.integer, base: int(.min), increment: int(1), count: 0.5)) == .min)  // −…807.5
        #expect(intValue(addScaled(.integer, base: int(-3), increment: int(1), count: 0.5)) == -3)  // −2.5
    }

    @Test("bool and token: add gives b, subtract gives a, addScaled gives base")
    func discrete() {
        for kind in [ValueKind.bool, .token] {
            let a = kind == .bool ? boolSlot(true) : token(0xDEAD_BEEF)
            let b = kind == .bool ? boolSlot(false) : token(.max)
            #expect(equal(kind, add(kind, a, b), b))
            #expect(equal(kind, subtract(kind, a, b), a))
            #expect(equal(kind, additiveDelta(kind, from: a, to: b), b))
            #expect(equal(kind, addScaled(kind, base: a, increment: b, count: 4), a))
        }
    }

    @Test("transform3D: add is CATransform3DConcat(b, a) — b applied first, in the layer's space")
    func transformAdd() {
        let base = rotation(.pi / 2, 0, 0, 1)
        let value = translation(10, 0, 0)
        let sum = transform3D(add(.transform3D, slots(base), slots(value)))
        expectClose(sum, concat(value, base))
        // The point (0, 0, 0) moves 10 along the layer's own x, which the base turns to +y.
        expectClose(sum.m41, 0, tolerance: 1e-12)
        expectClose(sum.m42, 10, tolerance: 1e-12)
    }

    @Test("transform3D: add(subtract(a, b), b) == a and add(base, additiveDelta) == value")
    func transformSubtract() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<50 {
            let a = random.transform()
            let b = random.transform()
            let difference = subtract(.transform3D, slots(a), slots(b))
            expectClose(transform3D(add(.transform3D, difference, slots(b))), a, tolerance: 1e-8)
            let delta = additiveDelta(.transform3D, from: slots(b), to: slots(a))
            expectClose(transform3D(add(.transform3D, slots(b), delta)), a, tolerance: 1e-8)
        }
        // A singular b leaves a unchanged.
        let a = slots(rotation(0.4, 1, 1, 0))
        #expect(subtract(.transform3D, a, slots(scale(0, 1, 1))) == a)
        #expect(additiveDelta(.transform3D, from: slots(scale(0, 1, 1)), to: a) == a)
    }

    @Test("transform3D: addScaled concatenates the increment ⌊count⌋ times under base")
    func transformAddScaled() {
        let step = rotation(.pi / 6, 0, 0, 1)
        let base = translation(1, 2, 3)
        let three = transform3D(addScaled(.transform3D, base: slots(base), increment: slots(step), count: 3))
        expectClose(three, concat(base, rotation(.pi / 2, 0, 0, 1)), tolerance: 1e-12)
        let rounded = transform3D(addScaled(.transform3D, base: slots(base), increment: slots(step), count: 2.9))
        expectClose(rounded, concat(base, rotation(.pi / 3, 0, 0, 1)), tolerance: 1e-12)
        let none = transform3D(addScaled(.transform3D, base: slots(base), increment: slots(step), count: 0))
        #expect(none == base)
        let back = transform3D(addScaled(.transform3D, base: slots(base), increment: slots(step), count: -1))
        expectClose(back, concat(base, rotation(-.pi / 6, 0, 0, 1)), tolerance: 1e-12)
        // addScaled(b, i, 1) == add(i, b).
        let once = addScaled(.transform3D, base: slots(base), increment: slots(step), count: 1)
        expectClose(once, add(.transform3D, slots(step), slots(base)), tolerance: 1e-12)
        // A singular increment with a negative count, a NaN count, a huge count: no trap.
        let singular = slots(scale(0, 1, 1))
        #expect(addScaled(.transform3D, base: slots(base), increment: singular, count: -2) == slots(base))
        #expect(addScaled(.transform3D, base: slots(base), increment: slots(step), count: .nan) == slots(base))
        let many = transform3D(
            addScaled(.transform3D, base: slots(Transform3D.identity), increment: slots(step), count: 12e6))
        expectClose(many, .identity, tolerance: 1e-6)
        _ = addScaled(.transform3D, base: slots(base), increment: slots(step), count: -.infinity)
    }

    @Test("affineTransform: CGAffineTransformConcat(b, a), inverse and powers")
    func affineOperations() {
        let base = AffineTransform(rotationAngle: .pi / 2)
        let value = AffineTransform(translationX: 10, y: 0)
        let sum = affine(add(.affineTransform, slots(base), slots(value)))
        expectClose(sum, value.concatenating(base))
        expectClose(sum.tx, 0)
        expectClose(sum.ty, 10)
        var random = SplitMix64(seed: 2)
        for _ in 0..<30 {
            let a = random.affine()
            let b = random.affine()
            let difference = subtract(.affineTransform, slots(a), slots(b))
            expectClose(affine(add(.affineTransform, difference, slots(b))), a, tolerance: 1e-7)
            let delta = additiveDelta(.affineTransform, from: slots(b), to: slots(a))
            expectClose(affine(add(.affineTransform, slots(b), delta)), a, tolerance: 1e-7)
        }
        let step = AffineTransform(rotationAngle: .pi / 4)
        let two = affine(addScaled(.affineTransform, base: slots(value), increment: slots(step), count: 2))
        expectClose(two, value.concatenating(AffineTransform(rotationAngle: .pi / 2)))
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(subtract(.affineTransform, slots(value), slots(singular)) == slots(value))
    }
}

@Suite("Exact equality")
struct EqualityTests {
    @Test("bit equality: a NaN equals itself, −0 differs from +0")
    func bits() {
        #expect(equal(.scalar, [1.5], [1.5]))
        #expect(!equal(.scalar, [1.5], [1.5000000000000002]))
        #expect(!equal(.scalar, [0.0], [-0.0]))
        #expect(equal(.scalar, [.nan], [.nan]))
        #expect(!equal(.scalar, [Double(nan: 1, signaling: false)], [Double(nan: 2, signaling: false)]))
        #expect(equal(.point, [1, 2], [1, 2]))
        #expect(!equal(.point, [1, 2], [1, 3]))
        #expect(equal(.transform3D, slots(Transform3D.identity), slots(Transform3D.identity)))
        var nearlyIdentity = Transform3D.identity
        nearlyIdentity.m44 = 1.0000000000000002
        #expect(!equal(.transform3D, slots(Transform3D.identity), slots(nearlyIdentity)))
        #expect(!equal(.integer, int(.min), int(0)))
        #expect(equal(.integer, int(.min), int(.min)))
        #expect(!equal(.bool, boolSlot(true), boolSlot(false)))
    }
}
