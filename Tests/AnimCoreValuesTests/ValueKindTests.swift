/// ValueKind (raw values, names, slot counts, defaults) and SlotEncoding (bit patterns and
/// saturating conversions).
@testable import AnimCore
import Testing

@Suite("Value kinds")
struct ValueKindTests {
    @Test("raw values are the C ABI's and never change")
    func rawValues() {
        let expected: [(ValueKind, Int32)] = [
            (.scalar, 0), (.point, 1), (.size, 2), (.rect, 3), (.vector3, 4), (.color, 5),
            (.affineTransform, 6), (.transform3D, 7), (.bool, 8), (.integer, 9), (.token, 10),
            (.path, 11), (.numbers, 12), (.colors, 13),
        ]
        #expect(ValueKind.allCases.count == expected.count)
        for (kind, raw) in expected {
            #expect(kind.rawValue == raw)
            #expect(ValueKind(rawValue: raw) == kind)
        }
        #expect(ValueKind(rawValue: 14) == nil)
        #expect(ValueKind(rawValue: -1) == nil)
    }

    @Test("slot counts follow the CG / CA structs")
    func slotCounts() {
        let expected: [ValueKind: Int] = [
            .scalar: 1, .point: 2, .size: 2, .rect: 4, .vector3: 3, .color: 4,
            .affineTransform: 6, .transform3D: 16, .bool: 1, .integer: 1, .token: 1,
            .path: 1, .numbers: 1, .colors: 1,  // (the handle of their stored contents)
        ]
        for kind in ValueKind.allCases {
            #expect(kind.slotCount == expected[kind], "\(kind.name)")
            #expect(kind.slotCount <= ValueKind.maximumSlotCount)
        }
        #expect(ValueKind.allCases.map(\.slotCount).max() == ValueKind.maximumSlotCount)
    }

    @Test("names round-trip; unknown names are nil")
    func names() {
        let names = [
            "scalar", "point", "size", "rect", "vector3", "color", "affineTransform",
            "transform3D", "bool", "integer", "token", "path", "numbers", "colors",
        ]
        #expect(ValueKind.allCases.map(\.name) == names)
        for kind in ValueKind.allCases { #expect(ValueKind(name: kind.name) == kind) }
        #expect(ValueKind(name: "Scalar") == nil)
        #expect(ValueKind(name: "") == nil)
        #expect(ValueKind(name: "transform") == nil)
    }

    @Test("only bool and token are not interpolable; bit-pattern and variable-length kinds")
    func interpolable() {
        let variable: Set<ValueKind> = [.path, .numbers, .colors]
        for kind in ValueKind.allCases {
            #expect(kind.isInterpolable == (kind != .bool && kind != .token), "\(kind.name)")
            #expect(kind.isVariableLength == variable.contains(kind), "\(kind.name)")
            #expect(
                kind.storesBitPatterns
                    == (kind == .bool || kind == .integer || kind == .token || variable.contains(kind)))
        }
    }

    @Test("defaults: identity transforms, zero bits otherwise")
    func defaults() {
        for kind in ValueKind.allCases {
            let value = mutating(Array(repeating: .nan, count: kind.slotCount)) {
                kind.writeDefault(into: $0)
            }
            switch kind {
            case .transform3D:
                #expect(transform3D(value) == .identity)
            case .affineTransform:
                #expect(value == [1, 0, 0, 1, 0, 0])
            default:
                #expect(value.allSatisfy { $0.bitPattern == 0 }, "\(kind.name)")
            }
        }
        let boolDefault = mutating([.nan]) { ValueKind.bool.writeDefault(into: $0) }
        #expect(SlotEncoding.bool(boolDefault[0]) == false)
        let integerDefault = mutating([.nan]) { ValueKind.integer.writeDefault(into: $0) }
        #expect(SlotEncoding.integer(integerDefault[0]) == 0)
    }
}

@Suite("Slot encoding")
struct SlotEncodingTests {
    static let integers: [Int64] = [
        0, 1, -1, 42, .max, .min, .max - 1, .min + 1, 1 << 53, (1 << 53) + 1,
        // NaN bit patterns (quiet and signalling) and infinities.
        0x7FF8_0000_0000_0001, 0x7FF0_0000_0000_0001, 0x7FF0_0000_0000_0000,
        -0x0008_0000_0000_0001,
    ]

    @Test("every Int64 round-trips through a slot, Int64.min and max included")
    func integerRoundTrip() {
        for value in Self.integers {
            #expect(SlotEncoding.integer(SlotEncoding.slot(integer: value)) == value)
        }
        // Int64.min is the bit pattern of −0.0: it must not compare equal to 0 anywhere.
        let minimum = SlotEncoding.slot(integer: .min)
        #expect(minimum.bitPattern == (-0.0).bitPattern)
        #expect(!equal(.integer, [minimum], [SlotEncoding.slot(integer: 0)]))
    }

    @Test("integers survive copying by every operation that copies")
    func integerThroughOperations() {
        for value in Self.integers {
            let slot = [SlotEncoding.slot(integer: value)]
            let other = [SlotEncoding.slot(integer: 7)]
            for result in [
                interpolate(.integer, slot, other, 0), interpolate(.integer, other, slot, 1),
                interpolate(.integer, slot, slot, 0.3),
                add(.integer, slot, [SlotEncoding.slot(integer: 0)]),
                subtract(.integer, slot, [SlotEncoding.slot(integer: 0)]),
                addScaled(.integer, base: slot, increment: other, count: 0),
            ] {
                #expect(SlotEncoding.integer(result[0]) == value, "\(value)")
            }
        }
    }

    @Test("bools and tokens keep their bits")
    func boolAndToken() {
        #expect(SlotEncoding.bool(SlotEncoding.slot(bool: true)))
        #expect(!SlotEncoding.bool(SlotEncoding.slot(bool: false)))
        #expect(SlotEncoding.slot(bool: false).bitPattern == 0)
        #expect(SlotEncoding.slot(bool: true).bitPattern == 1)
        #expect(SlotEncoding.bool(-0.0))  // any non-zero bit pattern is true
        for token: UInt64 in [0, 1, .max, 0x7FF0_0000_0000_0001, 0x8000_0000_0000_0000] {
            #expect(SlotEncoding.token(SlotEncoding.slot(token: token)) == token)
            let slot = [SlotEncoding.slot(token: token)]
            let result = interpolate(.token, [SlotEncoding.slot(token: 5)], slot, 0.5)
            #expect(SlotEncoding.token(result[0]) == token)
        }
    }

    @Test("saturating conversions never trap")
    func saturating() {
        #expect(SlotEncoding.saturatingInteger(.nan) == 0)
        #expect(SlotEncoding.saturatingInteger(.infinity) == .max)
        #expect(SlotEncoding.saturatingInteger(-.infinity) == .min)
        #expect(SlotEncoding.saturatingInteger(9_223_372_036_854_775_808.0) == .max)
        #expect(SlotEncoding.saturatingInteger(-9_223_372_036_854_775_808.0) == .min)
        #expect(SlotEncoding.saturatingInteger(1e300) == .max)
        #expect(SlotEncoding.saturatingInteger(2.5) == 3)
        #expect(SlotEncoding.saturatingInteger(-2.5) == -3)
        #expect(SlotEncoding.saturatingInteger(2.4999) == 2)
        #expect(SlotEncoding.saturatingInteger(-0.0) == 0)
        #expect(SlotEncoding.saturatingFloor(-0.5) == -1)
        #expect(SlotEncoding.saturatingFloor(2.9) == 2)
        #expect(SlotEncoding.saturatingFloor(.nan) == 0)
        #expect(SlotEncoding.saturatingAdd(.max, 1) == .max)
        #expect(SlotEncoding.saturatingAdd(.min, -1) == .min)
        #expect(SlotEncoding.saturatingSubtract(.min, 1) == .min)
        #expect(SlotEncoding.saturatingSubtract(.max, -1) == .max)
        #expect(SlotEncoding.saturatingSubtract(0, .min) == .max)
        #expect(SlotEncoding.saturatingMultiply(.max, 2) == .max)
        #expect(SlotEncoding.saturatingMultiply(.max, -2) == .min)
        #expect(SlotEncoding.saturatingMultiply(.min, -1) == .max)
    }
}
