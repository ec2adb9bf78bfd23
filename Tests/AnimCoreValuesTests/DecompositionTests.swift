/// Transform decomposition (CSS Transforms Level 2 order), quaternion slerp, and whole-matrix
/// interpolation.
@testable import AnimCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The same rotation, whatever the sign: |q · r| = 1.
private func expectSameRotation(
    _ q: Quaternion, _ r: Quaternion, tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(abs(q.dot(r)), 1, tolerance: tolerance, "rotation", sourceLocation: sourceLocation)
}

@Suite("Decomposition")
struct DecompositionTests {
    @Test("known parts: scale, skew, rotation, translation, perspective")
    func knownParts() throws {
        // M = Scale · Rotation · Translation · Perspective, read from the point's side.
        let r = rotation(0.6, 1, 2, 3)
        let m = concat(concat(concat(scale(2, 3, 4), r), translation(5, 6, 7)), perspective(500))
        let parts = try #require(m.decomposed())
        // The perspective divides: everything is normalised by m44 = 1 − 7/500.
        let w = m.m44
        expectClose(w, 1 - 7.0 / 500, tolerance: 1e-15)
        expectClose(parts.scale.x, 2 / w, tolerance: 1e-12)
        expectClose(parts.scale.y, 3 / w, tolerance: 1e-12)
        expectClose(parts.scale.z, 4 / w, tolerance: 1e-12)
        expectClose(parts.skew.x, 0, tolerance: 1e-12)
        expectClose(parts.skew.y, 0, tolerance: 1e-12)
        expectClose(parts.skew.z, 0, tolerance: 1e-12)
        // p = A⁻¹ · column is unchanged by the normalisation; p_w = 1 − t·p / w.
        expectClose(parts.perspective.z, -1.0 / 500, tolerance: 1e-15)
        expectClose(parts.perspective.w, 1 + 7.0 / 500 / w, tolerance: 1e-15)
        expectClose(parts.translation.x, 5 / w, tolerance: 1e-12)
        expectSameRotation(parts.rotation, Quaternion(rotationAngle: 0.6, x: 1, y: 2, z: 3))
        expectClose(Transform3D(parts), scaledBy(m, 1 / w), tolerance: 1e-12)
        // Perspective alone.
        let p = try #require(perspective(500).decomposed())
        expectClose(p.perspective.z, -1.0 / 500)
        expectClose(p.perspective.w, 1)
        #expect(p.scale == SIMD3(1, 1, 1))
        // A skew: the xy shear of CSS skew[0].
        var shear = Transform3D.identity
        shear.m21 = 0.5
        let sheared = try #require(shear.decomposed())
        expectClose(sheared.skew.x, 0.5)
        expectSameRotation(sheared.rotation, .identity)
    }

    @Test("the identity decomposes to the identity parts")
    func identity() throws {
        #expect(try #require(Transform3D.identity.decomposed()) == .identity)
        #expect(Transform3D(DecomposedTransform3D.identity) == .identity)
    }

    @Test("round trip for random rotations, scales, translations, skews and perspective")
    func roundTrip() throws {
        var random = SplitMix64(seed: 6)
        for index in 0..<500 {
            let parts = random.parts()
            let m = Transform3D(parts)
            let back = try #require(m.decomposed(), "case \(index)")
            // m44 of a recomposed matrix is t·p + 1, and the decomposition is of m / m44.
            let w = m.m44
            expectClose(Transform3D(back), scaledBy(m, 1 / w), tolerance: 1e-9, "case \(index)")
            if abs(w - 1) < 1e-15 {
                expectClose(back.scale.x, parts.scale.x, tolerance: 1e-9)
                expectClose(back.scale.y, parts.scale.y, tolerance: 1e-9)
                expectClose(back.scale.z, parts.scale.z, tolerance: 1e-9)
                expectClose(back.skew.x, parts.skew.x, tolerance: 1e-9)
                expectClose(back.skew.z, parts.skew.z, tolerance: 1e-9)
                expectSameRotation(back.rotation, parts.rotation)
            }
        }
    }

    @Test("round trip without perspective keeps every part; mirrors included")
    func roundTripAffineParts() throws {
        var random = SplitMix64(seed: 7)
        for index in 0..<500 {
            let m = random.transform(perspective: false)
            let parts = try #require(m.decomposed(), "case \(index)")
            expectClose(Transform3D(parts), m, tolerance: 1e-9, "case \(index)")
            #expect(parts.perspective == SIMD4(0, 0, 0, 1))
            // The rotation is proper (unit quaternion).
            expectClose(parts.rotation.length, 1, tolerance: 1e-12)
        }
    }

    @Test("a plain mirror stays a mirror (one negative scale, no half turn) [INF]")
    func mirrors() throws {
        for (x, y, z) in [(-1.0, 1.0, 1.0), (1, -1, 1), (1, 1, -1), (-2, 3, 4)] {
            let parts = try #require(scale(x, y, z).decomposed())
            expectClose(parts.scale.x, x)
            expectClose(parts.scale.y, y)
            expectClose(parts.scale.z, z)
            expectSameRotation(parts.rotation, .identity)
        }
        // Two mirrors are a half turn.
        let twice = try #require(scale(-1, -1, 1).decomposed())
        #expect(twice.scale == SIMD3(1, 1, 1))
        expectSameRotation(twice.rotation, Quaternion(rotationAngle: .pi, x: 0, y: 0, z: 1))
    }

    @Test("singular and non-finite matrices have no decomposition and never trap")
    func singular() {
        #expect(scale(0, 1, 1).decomposed() == nil)
        #expect(scale(1, 1, 0).decomposed() == nil)
        #expect(scale(0, 0, 0).decomposed() == nil)
        var parallel = Transform3D.identity
        parallel.m21 = 1
        parallel.m22 = 0  // row 1 = row 0
        #expect(parallel.decomposed() == nil)
        var zeroCorner = Transform3D.identity
        zeroCorner.m44 = 0
        #expect(zeroCorner.decomposed() == nil)
        var nan = Transform3D.identity
        nan.m12 = .nan
        #expect(nan.decomposed() == nil)
        var infinite = Transform3D.identity
        infinite.m43 = .infinity
        #expect(infinite.decomposed() == nil)
        // Tiny but regular scales still decompose.
        #expect(scale(1e-9, 1e-9, 1e-9).decomposed() != nil)
        #expect(scale(1e-100, 1, 1e100).decomposed() != nil)
    }
}

@Suite("Quaternion slerp")
struct SlerpTests {
    @Test("takes the shorter arc")
    func shortestArc() {
        let a = Quaternion(rotationAngle: 0, x: 0, y: 0, z: 1)
        let b = Quaternion(rotationAngle: 3 * .pi / 2, x: 0, y: 0, z: 1)  // = −90°
        let middle = Quaternion.slerp(a, b, fraction: 0.5)
        expectSameRotation(middle, Quaternion(rotationAngle: -.pi / 4, x: 0, y: 0, z: 1))
        // −b is the same rotation and gives the same path.
        expectSameRotation(Quaternion.slerp(a, -b, fraction: 0.5), middle)
        // 170° → −170° goes through 180°, not through 0°.
        let p = Quaternion(rotationAngle: 170 * .pi / 180, x: 0, y: 0, z: 1)
        let q = Quaternion(rotationAngle: -170 * .pi / 180, x: 0, y: 0, z: 1)
        expectSameRotation(Quaternion.slerp(p, q, fraction: 0.5), Quaternion(rotationAngle: .pi, x: 0, y: 0, z: 1))
    }

    @Test("constant angular speed, extrapolates, equal inputs stay put")
    func speed() {
        let a = Quaternion(rotationAngle: 0.2, x: 1, y: 0, z: 0)
        let b = Quaternion(rotationAngle: 1.4, x: 1, y: 0, z: 0)
        for f in [0.0, 0.1, 0.5, 0.9, 1, 1.5, -0.5] {
            expectSameRotation(
                Quaternion.slerp(a, b, fraction: f),
                Quaternion(rotationAngle: 0.2 + 1.2 * f, x: 1, y: 0, z: 0), tolerance: 1e-12)
        }
        let same = Quaternion.slerp(a, a, fraction: 0.3)
        expectSameRotation(same, a, tolerance: 1e-15)
        let nearly = Quaternion(rotationAngle: 0.2 + 1e-13, x: 1, y: 0, z: 0)
        let blended = Quaternion.slerp(a, nearly, fraction: 0.5)
        expectClose(blended.length, 1, tolerance: 1e-15)
        #expect(blended.x.isFinite && blended.w.isFinite)
    }
}

@Suite("Whole-matrix interpolation")
struct TransformInterpolationTests {
    @Test("identity → rotation(π/2 about z) at 0.5 is rotation(π/4)")
    func quarterTurn() {
        let value = Transform3D.interpolate(.identity, rotation(.pi / 2, 0, 0, 1), fraction: 0.5)
        expectClose(value, rotation(.pi / 4, 0, 0, 1), tolerance: 1e-12)
        let slotted = interpolate(.transform3D, slots(Transform3D.identity), slots(rotation(.pi / 2, 0, 0, 1)), 0.5)
        expectClose(transform3D(slotted), rotation(.pi / 4, 0, 0, 1), tolerance: 1e-12)
        // About x and about a general axis too, and extrapolated.
        expectClose(Transform3D.interpolate(.identity, rotation(.pi / 2, 1, 0, 0), fraction: 0.5),
                    rotation(.pi / 4, 1, 0, 0), tolerance: 1e-12)
        expectClose(Transform3D.interpolate(.identity, rotation(1.2, 1, -2, 0.5), fraction: 0.25),
                    rotation(0.3, 1, -2, 0.5), tolerance: 1e-12)
        expectClose(Transform3D.interpolate(.identity, rotation(.pi / 2, 0, 0, 1), fraction: 1.5),
                    rotation(3 * .pi / 4, 0, 0, 1), tolerance: 1e-12)
    }

    @Test("matrices take the shortest rotation: 2π is no motion, 270° goes −90°")
    func shortestPath() {
        for f in [0.1, 0.5, 0.9] {
            expectClose(Transform3D.interpolate(.identity, rotation(2 * .pi, 0, 0, 1), fraction: f),
                        .identity, tolerance: 1e-12)
            expectClose(Transform3D.interpolate(.identity, rotation(2 * .pi, 1, 1, 0), fraction: f),
                        .identity, tolerance: 1e-12)
            expectClose(Transform3D.interpolate(.identity, rotation(3 * .pi / 2, 0, 0, 1), fraction: f),
                        rotation(-f * .pi / 2, 0, 0, 1), tolerance: 1e-12)
        }
    }

    @Test("translation, scale and perspective interpolate linearly")
    func linearParts() {
        let from = concat(scale(1, 1, 1), translation(0, 0, 0))
        let to = concat(scale(3, 5, 1), translation(10, -20, 4))
        expectClose(Transform3D.interpolate(from, to, fraction: 0.5),
                    concat(scale(2, 3, 1), translation(5, -10, 2)), tolerance: 1e-12)
        let p = Transform3D.interpolate(.identity, perspective(500), fraction: 0.5)
        expectClose(p, perspective(1000), tolerance: 1e-15)
        // A perspective with m44 ≠ 1 (a z translation before it): the same projective transform
        // as the normalised interpolation, scaled by the interpolated m44.
        let deep = concat(translation(0, 0, 100), perspective(500))  // m44 = 0.8
        // deep / 0.8 has scale 1.25, translation z 125, perspective (0, 0, −0.002, 1.25); half
        // way: scale 1.125, z 62.5, perspective (0, 0, −0.001, 1.125), then × (1 + 0.8) / 2.
        let halfway = Transform3D.interpolate(.identity, deep, fraction: 0.5)
        var expected = Transform3D.identity
        expected.m11 = 1.125 * 0.9
        expected.m22 = 1.125 * 0.9
        expected.m33 = 1.125 * 0.9
        expected.m34 = -0.001125 * 0.9
        expected.m43 = 62.5 * 0.9
        expected.m44 = (62.5 * -0.001 + 1.125) * 0.9
        expectClose(halfway, expected, tolerance: 1e-12)
        // Rotation and scale together: each part on its own track.
        let spin = Transform3D.interpolate(.identity, concat(scale(3, 3, 3), rotation(.pi / 2, 0, 1, 0)), fraction: 0.5)
        expectClose(spin, concat(scale(2, 2, 2), rotation(.pi / 4, 0, 1, 0)), tolerance: 1e-12)
    }

    @Test("exact at the ends and when both ends are equal")
    func ends() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<20 {
            let a = random.transform()
            let b = random.transform()
            #expect(Transform3D.interpolate(a, b, fraction: 0) == a)
            #expect(Transform3D.interpolate(a, b, fraction: 1) == b)
            #expect(Transform3D.interpolate(a, a, fraction: 0.37) == a)
            #expect(slots(Transform3D.interpolate(a, a, fraction: 0.37)) == slots(a))
            // Near the ends it is continuous, element by element (m44 ≠ 1 included).
            expectClose(Transform3D.interpolate(a, b, fraction: 1e-9), a, tolerance: 1e-6)
            expectClose(Transform3D.interpolate(a, b, fraction: 1 - 1e-9), b, tolerance: 1e-6)
        }
    }

    @Test("a singular end switches discretely at 0.5 and never traps")
    func singular() {
        let collapsed = scale(0, 0, 1)
        #expect(Transform3D.interpolate(.identity, collapsed, fraction: 0.25) == .identity)
        #expect(Transform3D.interpolate(.identity, collapsed, fraction: 0.4999) == .identity)
        #expect(Transform3D.interpolate(.identity, collapsed, fraction: 0.5) == collapsed)
        #expect(Transform3D.interpolate(collapsed, .identity, fraction: 0.75) == .identity)
        #expect(Transform3D.interpolate(collapsed, scale(0, 1, 1), fraction: 0.2) == collapsed)
        var nan = Transform3D.identity
        nan.m11 = .nan
        #expect(Transform3D.interpolate(.identity, nan, fraction: 0.3) == .identity)
        let slotted = interpolate(.transform3D, slots(Transform3D.identity), slots(collapsed), 0.7)
        #expect(slotted == slots(collapsed))
        // Affine too.
        let flat = AffineTransform.interpolate(.identity, AffineTransform(scaleX: 0, y: 1), fraction: 0.6)
        #expect(flat == AffineTransform(scaleX: 0, y: 1))
    }
}

/// Every element of `m` times `k`.
func scaledBy(_ m: Transform3D, _ k: Double) -> Transform3D {
    transform3D(slots(m).map { $0 * k })
}

@Suite("TransformInterpolation (cached decompositions)")
struct TransformInterpolationCacheTests {
    @Test("gives the one-shot interpolation's values; discrete for singular ends")
    func matchesOneShot() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<50 {
            let a = random.transform()
            let b = random.transform()
            let cached = TransformInterpolation(from: a, to: b)
            #expect(!cached.isDiscrete)
            for f in [0.0, 0.2, 0.5, 0.9, 1, 1.3, -0.2] {
                #expect(cached.value(at: f) == Transform3D.interpolate(a, b, fraction: f))
            }
        }
        let singular = TransformInterpolation(from: .identity, to: scale(0, 1, 1))
        #expect(singular.isDiscrete)
        #expect(singular.value(at: 0.49) == .identity)
        #expect(singular.value(at: 0.5) == scale(0, 1, 1))
        let same = TransformInterpolation(from: rotation(1, 0, 1, 0), to: rotation(1, 0, 1, 0))
        #expect(!same.isDiscrete)
        #expect(same.value(at: 0.3) == rotation(1, 0, 1, 0))
    }
}
