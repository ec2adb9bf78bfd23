/// Struct key-path components (reference §3.2): names, plain fields, and the computed
/// transform parts (rotation Euler angles, scale, translation) with their fast path.
@testable import AnimCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func component(_ kind: ValueKind, _ name: String) throws -> KeyPathComponent {
    try #require(kind.component(named: name), "\(kind.name).\(name)")
}

/// Reads a scalar transform part.
private func readPart(_ name: String, _ m: Transform3D) throws -> Double {
    read(try component(.transform3D, name), of: slots(m))[0]
}

/// Writes a scalar transform part.
private func writePart(_ name: String, _ value: Double, _ m: Transform3D) throws -> Transform3D {
    transform3D(write(try component(.transform3D, name), [value], into: slots(m)))
}

@Suite("Key-path components: names and plain fields")
struct KeyPathNameTests {
    @Test("every documented name resolves, with its kinds")
    func names() throws {
        let expected: [(ValueKind, String, ValueKind)] = [
            (.point, "x", .scalar), (.point, "y", .scalar),
            (.size, "width", .scalar), (.size, "height", .scalar),
            (.rect, "origin", .point), (.rect, "origin.x", .scalar), (.rect, "origin.y", .scalar),
            (.rect, "size", .size), (.rect, "size.width", .scalar), (.rect, "size.height", .scalar),
            (.vector3, "x", .scalar), (.vector3, "y", .scalar), (.vector3, "z", .scalar),
            (.color, "red", .scalar), (.color, "green", .scalar), (.color, "blue", .scalar),
            (.color, "alpha", .scalar),
            (.transform3D, "rotation.x", .scalar), (.transform3D, "rotation.y", .scalar),
            (.transform3D, "rotation.z", .scalar), (.transform3D, "rotation", .scalar),
            (.transform3D, "scale.x", .scalar), (.transform3D, "scale.y", .scalar),
            (.transform3D, "scale.z", .scalar), (.transform3D, "scale", .scalar),
            (.transform3D, "translation.x", .scalar), (.transform3D, "translation.y", .scalar),
            (.transform3D, "translation.z", .scalar), (.transform3D, "translation", .size),
            (.affineTransform, "rotation.z", .scalar), (.affineTransform, "rotation", .scalar),
            (.affineTransform, "scale.x", .scalar), (.affineTransform, "scale.y", .scalar),
            (.affineTransform, "scale", .scalar), (.affineTransform, "translation.x", .scalar),
            (.affineTransform, "translation.y", .scalar), (.affineTransform, "translation", .size),
        ]
        for (parent, name, kind) in expected {
            let c = try component(parent, name)
            #expect(c.kind == kind, "\(parent.name).\(name)")
            #expect(c.parentKind == parent, "\(parent.name).\(name)")
            let canonical = name == "rotation" ? "rotation.z" : name
            #expect(c.name == canonical)
            #expect(parent.componentNames.contains(name))
        }
        // componentNames lists exactly these.
        for kind in ValueKind.allCases {
            let listed = Set(kind.componentNames)
            let documented = Set(expected.filter { $0.0 == kind }.map(\.1))
            #expect(listed == documented, "\(kind.name)")
        }
        #expect(ValueKind.transform3D.component(named: "rotation") == .transform3D(.rotationZ))
        #expect(ValueKind.affineTransform.component(named: "rotation") == .affineTransform(.rotationZ))
    }

    @Test("unknown names, wrong kinds and component-less kinds are nil")
    func unknown() {
        #expect(ValueKind.point.component(named: "z") == nil)
        #expect(ValueKind.point.component(named: "X") == nil)
        #expect(ValueKind.rect.component(named: "x") == nil)
        #expect(ValueKind.rect.component(named: "origin.z") == nil)
        #expect(ValueKind.rect.component(named: "size.x") == nil)
        #expect(ValueKind.transform3D.component(named: "rotation.w") == nil)
        #expect(ValueKind.transform3D.component(named: "") == nil)
        #expect(ValueKind.transform3D.component(named: "translation.") == nil)
        for name in ["rotation.x", "rotation.y", "scale.z", "translation.z"] {
            #expect(ValueKind.affineTransform.component(named: name) == nil, "\(name)")
        }
        for kind in [ValueKind.scalar, .bool, .integer, .token] {
            #expect(kind.componentNames.isEmpty)
            #expect(kind.component(named: "x") == nil)
        }
    }

    @Test("plain fields read and write their slots and keep the rest")
    func fields() throws {
        let rect = [1.0, 2, 3, 4]
        #expect(read(try component(.rect, "origin"), of: rect) == [1, 2])
        #expect(read(try component(.rect, "origin.x"), of: rect) == [1])
        #expect(read(try component(.rect, "origin.y"), of: rect) == [2])
        #expect(read(try component(.rect, "size"), of: rect) == [3, 4])
        #expect(read(try component(.rect, "size.width"), of: rect) == [3])
        #expect(read(try component(.rect, "size.height"), of: rect) == [4])
        #expect(write(try component(.rect, "origin"), [10, 20], into: rect) == [10, 20, 3, 4])
        #expect(write(try component(.rect, "size"), [30, 40], into: rect) == [1, 2, 30, 40])
        #expect(write(try component(.rect, "size.height"), [9], into: rect) == [1, 2, 3, 9])
        #expect(write(try component(.rect, "origin.y"), [-1], into: rect) == [1, -1, 3, 4])
        #expect(read(try component(.point, "y"), of: [5, 6]) == [6])
        #expect(write(try component(.point, "x"), [7], into: [5, 6]) == [7, 6])
        #expect(read(try component(.size, "width"), of: [5, 6]) == [5])
        #expect(write(try component(.size, "height"), [1], into: [5, 6]) == [5, 1])
        #expect(read(try component(.vector3, "z"), of: [1, 2, 3]) == [3])
        #expect(write(try component(.vector3, "y"), [0], into: [1, 2, 3]) == [1, 0, 3])
        let color = [0.1, 0.2, 0.3, 0.4]
        for (index, name) in ["red", "green", "blue", "alpha"].enumerated() {
            #expect(read(try component(.color, name), of: color) == [color[index]])
            var expected = color
            expected[index] = 1
            #expect(write(try component(.color, name), [1], into: color) == expected)
        }
        // Slot offsets of the plain fields.
        #expect(KeyPathComponent.rectSizeHeight.slotOffset == 3)
        #expect(KeyPathComponent.transform3D(.scale).slotOffset == nil)
    }
}

@Suite("Key-path components: transforms")
struct TransformComponentTests {
    static let angles: [Double] = [
        0, 0.1, -0.1, 1, -1, .pi / 2, -.pi / 2, 2, -2, 3, -3, .pi, -.pi, 3.1, 4, -4, 7, -7,
        2 * .pi, 100,
    ]

    @Test("on the identity, writing rotation.z = θ gives CATransform3DMakeRotation(θ, 0, 0, 1)")
    func rotationZOnIdentity() throws {
        for theta in Self.angles {
            let written = try writePart("rotation.z", theta, .identity)
            expectClose(written, rotation(theta, 0, 0, 1), tolerance: 1e-12, "θ \(theta)")
            let back = try readPart("rotation.z", written)
            let wrapped = EulerAngles.wrapped(theta)
            #expect(back > -.pi && back <= .pi)
            expectClose(angleDistance(back, wrapped), 0, tolerance: 1e-12, "read θ \(theta)")
            if abs(abs(wrapped) - .pi) > 1e-9 { expectClose(back, wrapped, tolerance: 1e-12) }
            expectClose(try readPart("rotation", written), back, tolerance: 0)
            expectClose(try writePart("rotation", theta, .identity), written, tolerance: 0)
        }
    }

    @Test("on the identity, writing rotation.x / rotation.y gives the MakeRotation about that axis")
    func rotationXYOnIdentity() throws {
        for theta in Self.angles {
            let wrapped = EulerAngles.wrapped(theta)
            for (name, axis) in [("rotation.x", (1.0, 0.0, 0.0)), ("rotation.y", (0, 1, 0))] {
                let written = try writePart(name, theta, .identity)
                expectClose(written, rotation(theta, axis.0, axis.1, axis.2), tolerance: 1e-12,
                            "\(name) θ \(theta)")
                // Single-axis turns read back as written (wrapped), beyond ±π/2 too.
                let back = try readPart(name, written)
                expectClose(angleDistance(back, wrapped), 0, tolerance: 1e-9, "\(name) read θ \(theta)")
                for other in ["rotation.x", "rotation.y", "rotation.z"] where other != name {
                    expectClose(angleDistance(try readPart(other, written), 0), 0, tolerance: 1e-9,
                                "\(other) after \(name) θ \(theta)")
                }
            }
        }
    }

    @Test("Euler convention: Rz(z) · Ry(y) · Rx(x), z applied first; angles read back when |x| + |z| < π")
    func eulerConvention() throws {
        var random = SplitMix64(seed: 9)
        for _ in 0..<400 {
            let x = random.double(in: -3...3)
            let y = random.double(in: -3...3)
            let z = random.double(in: -3...3)
            guard abs(x) + abs(z) < .pi - 1e-6 else { continue }
            var m = try writePart("rotation.x", x, .identity)
            m = try writePart("rotation.y", y, m)
            m = try writePart("rotation.z", z, m)
            let expected = concat(concat(rotation(z, 0, 0, 1), rotation(y, 0, 1, 0)), rotation(x, 1, 0, 0))
            expectClose(m, expected, tolerance: 1e-12)
            expectClose(try readPart("rotation.x", m), x, tolerance: 1e-9)
            expectClose(try readPart("rotation.y", m), y, tolerance: 1e-9)
            expectClose(try readPart("rotation.z", m), z, tolerance: 1e-9)
        }
        // Otherwise the other triple of the same rotation is read.
        let m = concat(concat(rotation(2.5, 0, 0, 1), rotation(0.3, 0, 1, 0)), rotation(2, 1, 0, 0))
        expectClose(try readPart("rotation.x", m), 2 - .pi, tolerance: 1e-9)
        expectClose(try readPart("rotation.y", m), .pi - 0.3, tolerance: 1e-9)
        expectClose(try readPart("rotation.z", m), 2.5 - .pi, tolerance: 1e-9)
    }

    @Test("gimbal lock (y = ±π/2) reads x as 0 and keeps the matrix on write")
    func gimbalLock() throws {
        for sign in [1.0, -1.0] {
            let m = concat(concat(rotation(0.7, 0, 0, 1), rotation(sign * .pi / 2, 0, 1, 0)), rotation(0.2, 1, 0, 0))
            expectClose(try readPart("rotation.y", m), sign * .pi / 2, tolerance: 1e-9)
            expectClose(try readPart("rotation.x", m), 0, tolerance: 0)
            // Writing back what was read changes nothing.
            let z = try readPart("rotation.z", m)
            expectClose(try writePart("rotation.z", z, m), m, tolerance: 1e-9)
        }
    }

    @Test("writing rotation keeps scale, skew, translation and perspective")
    func rotationKeepsTheRest() throws {
        let scaled = scale(2, 2, 2)
        let turned = try writePart("rotation.z", 0.5, scaled)
        expectClose(turned, concat(scale(2, 2, 2), rotation(0.5, 0, 0, 1)), tolerance: 1e-12)
        expectClose(try readPart("scale", turned), 2, tolerance: 1e-12)
        expectClose(try readPart("scale.x", turned), 2, tolerance: 1e-12)
        // Non-uniform scale and a translation: the scale stays on the layer's axes.
        let base = concat(concat(scale(2, 3, 1), rotation(0.3, 0, 0, 1)), translation(10, 20, 30))
        let rotated = try writePart("rotation.z", -1.2, base)
        expectClose(rotated, concat(concat(scale(2, 3, 1), rotation(-1.2, 0, 0, 1)), translation(10, 20, 30)),
                    tolerance: 1e-12)
        // A perspective baked into the transform stays in screen space (the door of seed 003).
        let door = try writePart("rotation.y", -.pi / 2, perspective(500))
        expectClose(door, concat(rotation(-.pi / 2, 0, 1, 0), perspective(500)), tolerance: 1e-12)
        expectClose(door, perspective(500).rotatedBy(angle: -.pi / 2, x: 0, y: 1, z: 0), tolerance: 1e-12)
        let swung = try writePart("rotation.y", -0.4, concat(rotation(-1, 0, 1, 0), perspective(500)))
        expectClose(swung, concat(rotation(-0.4, 0, 1, 0), perspective(500)), tolerance: 1e-12)
    }

    @Test("write(read(m)) leaves m unchanged, for every part of random transforms")
    func readWriteIdempotent() throws {
        var random = SplitMix64(seed: 10)
        let names = ValueKind.transform3D.componentNames
        for index in 0..<200 {
            let m = random.transform()
            // "scale" writes its average to all three axes: not a no-op unless uniform.
            for name in names where name != "scale" {
                let c = try component(.transform3D, name)
                let value = read(c, of: slots(m))
                let again = transform3D(write(c, value, into: slots(m)))
                expectClose(again, m, tolerance: 1e-9, "case \(index) \(name)")
            }
        }
    }

    @Test("scale: the decomposition's factors; \"scale\" averages and writes all three")
    func scaleParts() throws {
        let base = concat(concat(scale(2, 3, 4), rotation(0.9, 1, 1, 1)), translation(1, 2, 3))
        expectClose(try readPart("scale.x", base), 2, tolerance: 1e-12)
        expectClose(try readPart("scale.y", base), 3, tolerance: 1e-12)
        expectClose(try readPart("scale.z", base), 4, tolerance: 1e-12)
        expectClose(try readPart("scale", base), 3, tolerance: 1e-12)
        let uniform = try writePart("scale", 5, base)
        expectClose(uniform, concat(concat(scale(5, 5, 5), rotation(0.9, 1, 1, 1)), translation(1, 2, 3)),
                    tolerance: 1e-12)
        let wider = try writePart("scale.x", 7, base)
        expectClose(wider, concat(concat(scale(7, 3, 4), rotation(0.9, 1, 1, 1)), translation(1, 2, 3)),
                    tolerance: 1e-12)
        // A mirrored axis reads negative.
        expectClose(try readPart("scale.x", scale(-2, 1, 1)), -2, tolerance: 1e-15)
        expectClose(try readPart("rotation.z", scale(-2, 1, 1)), 0, tolerance: 1e-15)
    }

    @Test("translation reads and writes m41, m42, m43 directly, keeping rotation and scale")
    func translationParts() throws {
        let base = concat(concat(scale(2, 3, 4), rotation(0.4, 0, 0, 1)), translation(1, 2, 3))
        #expect(try readPart("translation.x", base) == 1)
        #expect(try readPart("translation.y", base) == 2)
        #expect(try readPart("translation.z", base) == 3)
        #expect(read(try component(.transform3D, "translation"), of: slots(base)) == [1, 2])
        let moved = transform3D(write(try component(.transform3D, "translation"), [10, 20], into: slots(base)))
        expectClose(moved, concat(concat(scale(2, 3, 4), rotation(0.4, 0, 0, 1)), translation(10, 20, 3)))
        let deeper = try writePart("translation.z", -5, base)
        #expect(deeper.m43 == -5 && deeper.m41 == 1 && deeper.m11 == base.m11)
        expectClose(try readPart("rotation.z", moved), 0.4, tolerance: 1e-12)
        expectClose(try readPart("scale.y", moved), 3, tolerance: 1e-12)
    }

    @Test("the planar fast path agrees with the general factoring")
    func planarMatchesGeneral() throws {
        var random = SplitMix64(seed: 11)
        for index in 0..<500 {
            // A 2D transform (mirrors and skews included) with a z scale and translation.
            var m = Transform3D(random.affine())
            m.m33 = random.double(in: 0.5...2)
            m.m43 = random.double(in: -5...5)
            m.m44 = random.double(in: 0.5...2)
            let planar = try #require(PlanarFactors(m), "case \(index)")
            let general = try #require(EulerAngles(m))
            expectClose(general.x, 0, tolerance: 1e-12)
            expectClose(general.y, 0, tolerance: 1e-12)
            expectClose(angleDistance(planar.angle, general.z), 0, tolerance: 1e-12, "case \(index)")
            // The write: −m is the same projective transform but has no planar shape (m44 < 0),
            // so it takes the general path; the results must agree up to the sign.
            let theta = random.double(in: -4...4)
            let fast = try writePart("rotation.z", theta, m)
            let slow = try writePart("rotation.z", theta, scaledBy(m, -1))
            expectClose(fast, scaledBy(slow, -1), tolerance: 1e-9, "case \(index)")
            // Only the 2×2 changes.
            #expect(fast.m33 == m.m33 && fast.m43 == m.m43 && fast.m44 == m.m44 && fast.m41 == m.m41)
        }
    }

    @Test("singular transforms are read and written without trapping")
    func singular() throws {
        // Scaled to nothing, then scaled back: a working transform again.
        let collapsed = scale(0, 0, 1)
        expectClose(try readPart("scale", collapsed), 1.0 / 3, tolerance: 1e-15)
        expectClose(try readPart("rotation.z", collapsed), 0, tolerance: 0)
        expectClose(try writePart("scale", 1, collapsed), .identity, tolerance: 1e-15)
        expectClose(try writePart("scale", 1, scale(0, 0, 0)), .identity, tolerance: 1e-15)
        let spun = try writePart("rotation.z", 0.5, collapsed)
        expectClose(spun, collapsed, tolerance: 1e-15)
        // A rotated layer scaled to 0 on x keeps its rotation readable and restorable.
        let flat = concat(scale(0, 1, 1), rotation(0.8, 0, 0, 1))
        expectClose(try readPart("rotation.z", flat), 0.8, tolerance: 1e-12)
        expectClose(try writePart("scale.x", 1, flat), rotation(0.8, 0, 0, 1), tolerance: 1e-12)
        let mirroredFlat = concat(scale(-1, 0, 1), rotation(0.8, 0, 0, 1))
        expectClose(try writePart("scale.y", 1, mirroredFlat), concat(scale(-1, 1, 1), rotation(0.8, 0, 0, 1)),
                    tolerance: 1e-12)
        // Only one axis left, pointing away from its own: a negative scale, no half turn.
        let line = scale(-3, 0, 0)
        expectClose(try readPart("scale.x", line), -3, tolerance: 1e-15)
        expectClose(try writePart("scale", 1, line), .identity, tolerance: 1e-15)
        let tilted = concat(scale(0, 0, 2), rotation(0.3, 1, 0, 0))
        expectClose(try writePart("scale", 2, tilted), concat(scale(2, 2, 2), rotation(0.3, 1, 0, 0)),
                    tolerance: 1e-12)
        // m44 = 0 is not divided by.
        var corner = Transform3D.identity
        corner.m44 = 0
        expectClose(try writePart("rotation.z", .pi / 2, corner).m12, 1, tolerance: 1e-12)
        // Non-finite: NaN reads, writes ignored.
        var nan = Transform3D.identity
        nan.m23 = .nan
        #expect(try readPart("rotation.x", nan).isNaN)
        #expect(try readPart("scale", nan).isNaN)
        #expect(slots(try writePart("scale", 2, nan)).map(\.bitPattern) == slots(nan).map(\.bitPattern))
        #expect(try writePart("translation.x", 4, nan).m41 == 4)
        // Writing NaN gives NaN, not a trap.
        #expect(try writePart("rotation.z", .nan, .identity).m11.isNaN)
        #expect(try writePart("scale.y", .infinity, .identity).m22 == .infinity)
    }

    @Test("m44 ≠ 1: scale is read of the normalised matrix, writes keep the weight")
    func weighted() throws {
        let m = scaledBy(concat(scale(2, 2, 2), rotation(0.3, 0, 1, 0)), 4)  // m44 = 4
        expectClose(try readPart("scale", m), 2, tolerance: 1e-12)
        expectClose(try readPart("rotation.y", m), 0.3, tolerance: 1e-12)
        let written = try writePart("rotation.y", 0.6, m)
        expectClose(written, scaledBy(concat(scale(2, 2, 2), rotation(0.6, 0, 1, 0)), 4), tolerance: 1e-12)
    }
}

@Suite("Key-path components: affine transforms")
struct AffineComponentTests {
    private func part(_ name: String) throws -> KeyPathComponent {
        try component(.affineTransform, name)
    }

    @Test("rotation, scale and translation of a CGAffineTransform")
    func parts() throws {
        let identity = slots(AffineTransform.identity)
        for theta in TransformComponentTests.angles {
            let written = affine(write(try part("rotation"), [theta], into: identity))
            expectClose(written, AffineTransform(rotationAngle: theta), tolerance: 1e-12)
            expectClose(angleDistance(read(try part("rotation.z"), of: slots(written))[0], theta), 0,
                        tolerance: 1e-12)
        }
        let base = AffineTransform(scaleX: 2, y: 4).concatenating(AffineTransform(rotationAngle: 0.5))
            .concatenating(AffineTransform(translationX: 7, y: 8))
        expectClose(read(try part("scale"), of: slots(base))[0], 3, tolerance: 1e-12)  // (2 + 4) / 2
        expectClose(read(try part("scale.x"), of: slots(base))[0], 2, tolerance: 1e-12)
        expectClose(read(try part("scale.y"), of: slots(base))[0], 4, tolerance: 1e-12)
        expectClose(read(try part("rotation.z"), of: slots(base))[0], 0.5, tolerance: 1e-12)
        #expect(read(try part("translation"), of: slots(base)) == [7, 8])
        #expect(read(try part("translation.x"), of: slots(base)) == [7])
        let uniform = affine(write(try part("scale"), [1], into: slots(base)))
        expectClose(uniform, AffineTransform(rotationAngle: 0.5).concatenating(AffineTransform(translationX: 7, y: 8)),
                    tolerance: 1e-12)
        let moved = affine(write(try part("translation.y"), [-1], into: slots(base)))
        #expect(moved.ty == -1 && moved.tx == 7 && moved.a == base.a)
        let turned = affine(write(try part("rotation.z"), [-0.25], into: slots(base)))
        expectClose(turned, AffineTransform(scaleX: 2, y: 4).concatenating(AffineTransform(rotationAngle: -0.25))
            .concatenating(AffineTransform(translationX: 7, y: 8)), tolerance: 1e-12)
    }

    @Test("3D-only parts built by hand read as the identity's and ignore writes")
    func threeDOnly() {
        let base = slots(AffineTransform(rotationAngle: 0.5))
        #expect(read(.affineTransform(.rotationX), of: base) == [0])
        #expect(read(.affineTransform(.rotationY), of: base) == [0])
        #expect(read(.affineTransform(.scaleZ), of: base) == [1])
        #expect(read(.affineTransform(.translationZ), of: base) == [0])
        for part in [TransformPart.rotationX, .rotationY, .scaleZ, .translationZ] {
            #expect(write(.affineTransform(part), [3], into: base) == base)
        }
    }
}
