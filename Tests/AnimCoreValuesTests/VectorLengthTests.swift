@testable import AnimCore
import Testing

@Suite("Vector lengths of any finite size")
struct VectorLengthTests {
    private func length(_ components: [Double]) -> Double {
        VectorLength.euclidean(count: components.count) { components[$0] }
    }

    @Test("3-4-5 at every scale: squares that overflow, vanish or are subnormal")
    func pythagorasAtEveryScale() {
        for scale in [1.0, 0x1p600, 0x1p-600, 0x1p1000, 0x1p-1060, 1e200, 3e-200] {
            let got = length([3 * scale, -4 * scale])
            #expect(abs(got / (5 * scale) - 1) <= 1e-15, "scale \(scale): \(got)")
        }
        // Powers of two scale it exactly.
        #expect(length([3 * 0x1p700, 4 * 0x1p700]) == 5 * 0x1p700)
        #expect(length([3 * 0x1p-700, 4 * 0x1p-700]) == 5 * 0x1p-700)
    }

    @Test("a tiny component beside a large one, zero, and the plain sum within 1e±150")
    func plainAndEdges() {
        #expect(length([1, 1e-170]) == 1)
        #expect(length([0, 0, 0]) == 0)
        #expect(length([]) == 0)
        // Within the plain range, the plain formula's bits.
        let plain = [0.3, 1.7, -2.9]
        #expect(length(plain) == (0.3 * 0.3 + 1.7 * 1.7 + 2.9 * 2.9).squareRoot())
        #expect(SIMD3(0.3, 1.7, -2.9).euclideanLength == length(plain))
    }

    @Test("NaN and infinite components")
    func notFinite() {
        #expect(length([1, .nan]).isNaN)
        #expect(length([1e300, .nan]).isNaN)
        #expect(length([-.infinity, 1]) == .infinity)
        #expect(length([.infinity, .nan]).isNaN)
    }

    @Test("powerOfTwo brings a magnitude near 1, within 2^±1022")
    func powerOfTwo() {
        #expect(VectorLength.powerOfTwo(toUnit: 5) == 0.25)
        #expect(VectorLength.powerOfTwo(toUnit: 0x1p-1060) == 0x1p1022)
        #expect(VectorLength.powerOfTwo(toUnit: .greatestFiniteMagnitude) == 0x1p-1022)
        #expect(VectorLength.powerOfTwo(toUnit: 1) == 1)
    }
}
