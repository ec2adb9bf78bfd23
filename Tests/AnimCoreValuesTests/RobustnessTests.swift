/// No input traps: every operation and every key-path component on slots drawn from special
/// values (NaN, infinities, ±0, extremes, subnormals, NaN bit patterns of integers).
@testable import AnimCore
import Testing

@Suite("Robustness")
struct RobustnessTests {
    static let specials: [Double] = [
        0, -0.0, 1, -1, 0.5, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e300,
        SlotEncoding.slot(integer: .max), SlotEncoding.slot(integer: .min),
        Double(nan: 3, signaling: true), 1e154, -1e-154,
    ]

    static let fractions: [Double] = [
        0, 1, 0.5, -0.5, 2, .nan, .infinity, -.infinity, 1e300, -1e300, 0x1p62, 0x1p63, -0x1p63,
        1e-300,
    ]

    @Test("every operation and component accepts any slots without trapping")
    func specialSlots() {
        var random = SplitMix64(seed: 13)
        for kind in ValueKind.allCases {
            let components = kind.componentNames.compactMap { kind.component(named: $0) }
            for _ in 0..<300 {
                let a = (0..<kind.slotCount).map { _ in
                    Self.specials[Int(random.next() % UInt64(Self.specials.count))]
                }
                // Half the time, mostly sane values with one special.
                var b = (0..<kind.slotCount).map { _ in random.double(in: -3...3) }
                if Bool.random(using: &random) {
                    b[Int(random.next() % UInt64(kind.slotCount))] =
                        Self.specials[Int(random.next() % UInt64(Self.specials.count))]
                }
                let f = Self.fractions[Int(random.next() % UInt64(Self.fractions.count))]
                _ = interpolate(kind, a, b, f)
                _ = interpolate(kind, b, a, f)
                _ = add(kind, a, b)
                _ = subtract(kind, a, b)
                _ = subtract(kind, b, a)
                _ = additiveDelta(kind, from: a, to: b)
                _ = addScaled(kind, base: a, increment: b, count: f)
                _ = addScaled(kind, base: b, increment: a, count: f)
                #expect(equal(kind, a, a))
                for component in components {
                    _ = read(component, of: a)
                    _ = read(component, of: b)
                    let part = (0..<component.kind.slotCount).map { _ in
                        Self.specials[Int(random.next() % UInt64(Self.specials.count))]
                    }
                    _ = write(component, part, into: a)
                    _ = write(component, part, into: b)
                    _ = write(component, [f, f].prefix(component.kind.slotCount).map { $0 }, into: b)
                }
            }
        }
        for part in TransformPart.allCases {
            for value in [slots(Transform3D.identity), Self.specials.prefix(16).map { $0 }] {
                _ = read(.transform3D(part), of: value)
                _ = write(.transform3D(part), [.nan, .infinity], into: value)
            }
            _ = read(.affineTransform(part), of: [.nan, 0, 0, 1, 0, 0])
            _ = write(.affineTransform(part), [1e300, -1e300], into: [0, 0, 0, 0, 0, 0])
        }
    }

    @Test("decomposition of extreme matrices never traps")
    func extremeMatrices() {
        var random = SplitMix64(seed: 14)
        for _ in 0..<2000 {
            let m = transform3D((0..<16).map { _ in
                Bool.random(using: &random)
                    ? random.double(in: -2...2)
                    : Self.specials[Int(random.next() % UInt64(Self.specials.count))]
            })
            _ = m.decomposed()
            _ = m.inverted()
            _ = m.power(-3)
            _ = Transform3D.interpolate(m, .identity, fraction: 0.3)
            _ = TransformFactors(m, completingCollapsedAxes: true)?.composed()
            _ = EulerAngles(m)
            _ = PlanarFactors(m)?.angle
        }
    }
}
