/// Transform3D and AffineTransform: CA's constructors, concatenation, inversion, powers and
/// the affine embedding.
@testable import AnimCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps a point (row vector) through a transform, with the perspective divide.
private func apply(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double) -> [Double] {
    let px = x * m.m11 + y * m.m21 + z * m.m31 + m.m41
    let py = x * m.m12 + y * m.m22 + z * m.m32 + m.m42
    let pz = x * m.m13 + y * m.m23 + z * m.m33 + m.m43
    let pw = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
    return [px / pw, py / pw, pz / pw]
}

@Suite("Transform3D")
struct Transform3DTests {
    @Test("isFinite: false for an infinity or NaN in any element; true for the largest finite elements")
    func finiteness() {
        var slots = [Double](repeating: -.greatestFiniteMagnitude, count: 16)
        let largest = slots.withUnsafeBufferPointer { Transform3D(slots: $0.baseAddress!) }
        #expect(largest.isFinite && Transform3D.identity.isFinite)
        for index in 0..<16 {
            for bad in [Double.infinity, -.infinity, .nan] {
                slots = [Double](repeating: 1e308, count: 16)
                slots[index] = bad
                let matrix = slots.withUnsafeBufferPointer { Transform3D(slots: $0.baseAddress!) }
                #expect(!matrix.isFinite, "element \(index) = \(bad)")
            }
        }
    }

    @Test("constructors have CATransform3D's elements")
    func constructors() {
        #expect(Transform3D.identity.isIdentity)
        let t = translation(1, 2, 3)
        #expect([t.m41, t.m42, t.m43] == [1, 2, 3])
        let s = scale(2, 3, 4)
        #expect([s.m11, s.m22, s.m33, s.m44] == [2, 3, 4, 1])
        // rotation(π/2, z): CA's m11 = cos, m12 = sin, m21 = −sin, m22 = cos.
        let r = rotation(.pi / 2, 0, 0, 1)
        expectClose(
            r,
            Transform3D(
                m11: 0, m12: 1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
        // The axis need not be a unit vector; a zero axis is the identity.
        expectClose(rotation(0.7, 0, 0, 5), rotation(0.7, 0, 0, 1))
        #expect(rotation(0.7, 0, 0, 0) == .identity)
    }

    @Test("an axis of any finite length turns as its direction: squares beyond 2^±1022 neither overflow nor vanish")
    func rotationAxisAtExtremeScales() {
        // Scaled by powers of two, the axis gives the same bits (components a power of two
        // apart, so that they stay exact in the subnormal range too).
        let unit = rotation(0.7, 0.25, 1, 0.125)
        let unitQuaternion = Quaternion(rotationAngle: 0.7, x: 0.25, y: 1, z: 0.125)
        for scale in [0x1p600, 0x1p-600, 0x1p1000, 0x1p-1060] {
            #expect(rotation(0.7, 0.25 * scale, scale, 0.125 * scale) == unit, "axis scaled by \(scale)")
            let q = Quaternion(rotationAngle: 0.7, x: 0.25 * scale, y: scale, z: 0.125 * scale)
            #expect([q.x, q.y, q.z, q.w] == [unitQuaternion.x, unitQuaternion.y, unitQuaternion.z, unitQuaternion.w],
                    "quaternion, axis scaled by \(scale)")
        }
        // Other scales round, once per component.
        let general = rotation(0.7, 3, 1, 2)
        for scale in [1e200, 3e-200] {
            expectClose(rotation(0.7, 3 * scale, scale, 2 * scale), general, tolerance: 1e-15, "axis scaled by \(scale)")
        }
    }

    @Test("an axis that is not finite gives NaN; a zero axis, the identity")
    func rotationAxisNotFinite() {
        for axis in [(Double.infinity, 0.0, 0.0), (0, -.infinity, 1), (.nan, 0, 1)] {
            let r = rotation(0.7, axis.0, axis.1, axis.2)
            let linear = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
            #expect(linear.filter(\.isNaN).count == 9, "axis \(axis): \(linear)")
            #expect([r.m14, r.m24, r.m34, r.m41, r.m42, r.m43, r.m44] == [0, 0, 0, 0, 0, 0, 1], "axis \(axis)")
        }
        #expect(rotation(0.7, 0, -0.0, 0) == .identity)
    }

    @Test("rotations are right-handed, counterclockwise about an axis towards the viewer")
    func handedness() {
        expectClose(apply(rotation(.pi / 2, 0, 0, 1), 1, 0, 0), [0, 1, 0])  // x → y
        expectClose(apply(rotation(.pi / 2, 1, 0, 0), 0, 1, 0), [0, 0, 1])  // y → z
        expectClose(apply(rotation(.pi / 2, 0, 1, 0), 0, 0, 1), [1, 0, 0])  // z → x
        // A general axis: 120° about (1, 1, 1) cycles x → y → z.
        expectClose(apply(rotation(2 * .pi / 3, 1, 1, 1), 1, 0, 0), [0, 1, 0])
    }

    @Test("concatenation is CATransform3DConcat: the first argument applies first")
    func concatenation() {
        // Translate then scale: (0,0,0) → (10,0,0) → (20,0,0).
        let translateThenScale = concat(translation(10, 0, 0), scale(2, 2, 2))
        #expect(translateThenScale.m41 == 20)
        #expect(translateThenScale.m11 == 2)
        // Scale then translate: the translation is not scaled.
        let scaleThenTranslate = concat(scale(2, 2, 2), translation(10, 0, 0))
        #expect(scaleThenTranslate.m41 == 10)
        // Rotate then translate: (1,0,0) → (0,1,0) → (10,1,0).
        expectClose(apply(concat(rotation(.pi / 2, 0, 0, 1), translation(10, 0, 0)), 1, 0, 0), [10, 1, 0])
        // CATransform3DTranslate / Scale / Rotate put the new part first.
        let base = rotation(0.4, 0, 1, 0)
        expectClose(base.translatedBy(x: 1, y: 2, z: 3), concat(translation(1, 2, 3), base))
        expectClose(base.scaledBy(x: 1, y: 2, z: 3), concat(scale(1, 2, 3), base))
        expectClose(base.rotatedBy(angle: 0.3, x: 1, y: 0, z: 0), concat(rotation(0.3, 1, 0, 0), base))
        // A known full product.
        let a = Transform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        let b = Transform3D(
            m11: 17, m12: 18, m13: 19, m14: 20, m21: 21, m22: 22, m23: 23, m24: 24,
            m31: 25, m32: 26, m33: 27, m34: 28, m41: 29, m42: 30, m43: 31, m44: 32)
        #expect(
            concat(a, b)
                == Transform3D(
                    m11: 250, m12: 260, m13: 270, m14: 280, m21: 618, m22: 644, m23: 670, m24: 696,
                    m31: 986, m32: 1028, m33: 1070, m34: 1112, m41: 1354, m42: 1412, m43: 1470,
                    m44: 1528))
        // Rotations about one axis add up.
        expectClose(concat(rotation(0.3, 1, 2, 3), rotation(0.5, 1, 2, 3)), rotation(0.8, 1, 2, 3))
    }

    @Test("inverse: M · M⁻¹ = I; singular and non-finite matrices have none")
    func inverse() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<100 {
            let m = random.transform()
            let inverse = try #require(m.inverted())
            expectClose(concat(m, inverse), .identity, tolerance: 1e-9)
            expectClose(concat(inverse, m), .identity, tolerance: 1e-9)
        }
        let general = Transform3D(
            m11: 2, m12: 1, m13: 0, m14: 0.1, m21: 0, m22: 3, m23: 1, m24: 0,
            m31: 1, m32: 0, m33: 1, m34: -0.01, m41: 5, m42: -2, m43: 7, m44: 1)
        expectClose(concat(general, try #require(general.inverted())), Transform3D.identity, tolerance: 1e-12)
        #expect(scale(0, 1, 1).inverted() == nil)
        #expect(Transform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 2, m22: 4, m23: 6, m24: 8,
                            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1).inverted() == nil)
        var notFinite = Transform3D.identity
        notFinite.m42 = .nan
        #expect(notFinite.inverted() == nil)
        notFinite.m42 = .infinity
        #expect(notFinite.inverted() == nil)
        let generalInverse = try #require(general.inverted())
        expectClose(general.determinant * generalInverse.determinant, 1, tolerance: 1e-12)
        #expect(scale(2, 3, 4).determinant == 24)
    }

    @Test("inverse at any scale: a determinant beyond the doubles' range is no singularity")
    func inverseAtExtremeScales() throws {
        for factor in [1e120, 1e-120, 1e300, 1e-300] {
            // Determinants of factor^3: beyond 1e±308 for each of these.
            let scaled = scale(factor, factor, factor)
            let inverse = try #require(scaled.inverted(), "scale \(factor)")
            expectClose(concat(scaled, inverse), .identity, tolerance: 1e-15, "scale \(factor)")
            #expect(abs(inverse.m22 * factor - 1) <= 1e-15, "scale \(factor): \(inverse.m22)")
            // A turn, a scale and a move together: M · M⁻¹ = I.
            let general = concat(concat(rotation(0.7, 1, 2, 3), scaled), translation(2 * factor, -factor, 0.5))
            let generalInverse = try #require(general.inverted(), "general, scale \(factor)")
            expectClose(concat(general, generalInverse), .identity, tolerance: 1e-12, "general, scale \(factor)")
        }
        // Still singular: a zero axis, at any scale of the others.
        #expect(scale(0, 1e200, 1e200).inverted() == nil)
        #expect(scale(1e-200, 0, 1e-200).inverted() == nil)
    }

    @Test("powers: repeated concatenation by squaring; negative uses the inverse")
    func powers() throws {
        let step = rotation(.pi / 18, 1, 1, 0)
        expectClose(try #require(step.power(36)), .identity, tolerance: 1e-12)
        #expect(step.power(0) == .identity)
        #expect(step.power(1) == step)
        expectClose(try #require(step.power(-2)), rotation(-.pi / 9, 1, 1, 0), tolerance: 1e-12)
        #expect(scale(0, 1, 1).power(-1) == nil)
        #expect(scale(0, 1, 1).power(3) == scale(0, 1, 1))
        // Extremes do not trap (63 squarings).
        _ = step.power(.min)
        _ = step.power(.max)
    }

    @Test("products beyond the range of doubles: ±infinity there, the other elements kept, never NaN")
    func productsBeyondTheRange() throws {
        // A cumulative scale of 2 after 1100 cycles: 0 × ∞ in the plain squarings.
        let doubling = scale(2, 2, 1)
        let grown = ValueMath.cumulated(scale(1.5, 1.5, 1), doubling, count: 1100)
        #expect(grown == scale(.infinity, .infinity, 1))
        #expect(slots(grown).allSatisfy { !$0.isNaN })
        // Within the range, the plain products, bit for bit.
        let turn = rotation(0.3, 0, 0, 1).concatenating(doubling)
        let plain = rotation(0.1, 1, 0, 0).concatenating(try #require(turn.power(37)))
        #expect(slots(ValueMath.cumulated(rotation(0.1, 1, 0, 0), turn, count: 37)).map(\.bitPattern) == slots(plain).map(\.bitPattern))
        #expect(ValueMath.cumulated(scale(0, 1, 1), scale(0, 1, 1), count: -2) == scale(0, 1, 1))  // no inverse: the top
        // ∞ − ∞ in one product: a turned scale of 1e200 on another.
        let big = rotation(0.5, 0, 0, 1).concatenating(scale(1e200, 1e200, 1))
        let product = big.concatenatingHeld(big)
        #expect(product.m11 == .infinity && product.m12 == .infinity && product.m21 == -.infinity && product.m22 == .infinity)
        #expect(product.m33 == 1 && product.m44 == 1 && product.m13 == 0 && product.m41 == 0)
        #expect(big.concatenating(big).m11.isNaN)  // (what the plain product gives)
        let small = rotation(0.5, 0, 0, 1)
        #expect(small.concatenatingHeld(big) == small.concatenating(big))
        // Through the value operations a host's animations take.
        let added = add(.transform3D, slots(big), slots(big))
        #expect(added.allSatisfy { !$0.isNaN })
        let affine = AffineTransform(big)
        let affineSum = add(.affineTransform, slots(affine), slots(affine))
        #expect(affineSum.allSatisfy { !$0.isNaN } && affineSum[0] == .infinity)
        let cumulatedAffine = addScaled(.affineTransform, base: slots(AffineTransform(doubling)), increment: slots(AffineTransform(doubling)), count: 1500)
        #expect(cumulatedAffine == [.infinity, 0, 0, .infinity, 0, 0])
        // An operand that is not finite already: the plain product, as before (its a and d
        // finite, where the 3D product's m14 × m41 would be 0 × ∞).
        let moved = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0)
        let scaled = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(slots(moved.concatenatingHeld(scaled)).map(\.bitPattern) == slots(moved.concatenating(scaled)).map(\.bitPattern))
        #expect(add(.affineTransform, slots(moved), slots(scaled))[0] == 2)
    }

    @Test("isAffine and isIdentity follow CATransform3DIsAffine / IsIdentity")
    func predicates() {
        #expect(Transform3D.identity.isAffine)
        #expect(rotation(0.3, 0, 0, 1).isAffine)
        #expect(translation(1, 2, 0).isAffine)
        #expect(!translation(1, 2, 3).isAffine)
        #expect(!rotation(0.3, 0, 1, 0).isAffine)
        #expect(!perspective(500).isAffine)
        #expect(!scale(1, 1, 2).isAffine)
        #expect(!translation(0, 0, 1e-300).isIdentity)
    }
}

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test("constructors have CGAffineTransform's fields")
    func constructors() {
        let r = AffineTransform(rotationAngle: .pi / 2)
        expectClose(r, AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(AffineTransform(translationX: 3, y: 4) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(AffineTransform(scaleX: 3, y: 4) == AffineTransform(a: 3, b: 0, c: 0, d: 4, tx: 0, ty: 0))
        #expect(AffineTransform.identity.isIdentity)
    }

    @Test("embedding in 3D and back; concatenation and inverse agree with Transform3D")
    func embedding() throws {
        var random = SplitMix64(seed: 4)
        for _ in 0..<50 {
            let a = random.affine()
            let b = random.affine()
            let embedded = Transform3D(a)
            #expect(embedded.isAffine)
            #expect(AffineTransform(embedded) == a)
            expectClose(Transform3D(a.concatenating(b)), concat(Transform3D(a), Transform3D(b)),
                        tolerance: 1e-12)
            let inverse = try #require(a.inverted())
            expectClose(a.concatenating(inverse), .identity, tolerance: 1e-9)
            expectClose(a.determinant, Transform3D(a).determinant, tolerance: 1e-12)
        }
        #expect(Transform3D(AffineTransform(rotationAngle: 0.3)) == rotation(0.3, 0, 0, 1))
        #expect(AffineTransform(scaleX: 0, y: 2).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        // A determinant beyond the doubles' range is no singularity (factor^2 beyond 1e±308).
        for factor in [1e200, 1e-200] {
            let turned = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: factor, y: factor))
            let inverse = try #require(turned.inverted(), "scale \(factor)")
            expectClose(turned.concatenating(inverse), .identity, tolerance: 1e-15, "scale \(factor)")
        }
        #expect(AffineTransform(scaleX: 1e200, y: 0).inverted() == nil)
    }

    @Test("interpolation: by decomposition, as the embedded transform")
    func interpolation() {
        let quarter = AffineTransform.interpolate(
            .identity, AffineTransform(rotationAngle: .pi / 2), fraction: 0.5)
        expectClose(quarter, AffineTransform(rotationAngle: .pi / 4))
        // A mirror animates through a collapsed axis, not through a half turn.
        let mirror = AffineTransform.interpolate(
            .identity, AffineTransform(scaleX: -1, y: 1), fraction: 0.5)
        expectClose(mirror, AffineTransform(scaleX: 0, y: 1))
        var random = SplitMix64(seed: 5)
        for _ in 0..<30 {
            let a = random.affine()
            let b = random.affine()
            let f = random.double(in: -0.5...1.5)
            let flat = AffineTransform.interpolate(a, b, fraction: f)
            let deep = Transform3D.interpolate(Transform3D(a), Transform3D(b), fraction: f)
            expectClose(Transform3D(flat), deep, tolerance: 1e-12)
            // 2D in, 2D out.
            expectClose(deep.m13, 0)
            expectClose(deep.m33, 1, tolerance: 1e-12)
            expectClose(deep.m44, 1, tolerance: 1e-12)
        }
        let slotted = interpolate(
            .affineTransform, slots(AffineTransform.identity),
            slots(AffineTransform(translationX: 10, y: -4)), 0.25)
        expectClose(slotted, [1, 0, 0, 1, 2.5, -1])
    }
}
