/// Whether a matrix is singular is decided alike at any scale: the inverse, the plane's
/// inverse homography (a point converted into a layer, a hit test), the back-face test and
/// setFrame's preimage each take the `equilibrated()` form where their plain determinant
/// overflows or underflows, so a layer scaled far from 1 is neither refused nor shown wrongly.
@testable import AnimCore
import Testing

@Suite("Singularity at any scale")
struct SingularityAtAnyScaleTests {
    /// Factors whose squares (and cubes) leave the doubles' range.
    static let factors = [1e160, 1e-160, 1e300, 1e-300]

    @Test("the plane's point comes back through a homography whose determinant leaves the doubles")
    func unmapAtExtremeScales() throws {
        for factor in Self.factors {
            for mirror in [1.0, -1.0] {
                // Turned about z, scaled on every axis (mirrored in x or not), tilted about y so
                // that the perspective reaches the plane's w column, moved, seen in perspective.
                let scaled = concat(rotation(0.6, 0, 0, 1), scale(mirror * factor, factor, factor))
                let matrix = concat(concat(concat(scaled, rotation(0.3, 0, 1, 0)), translation(3 * factor, 0, 0)), perspective(500 * factor))
                #expect(matrix.m14 != 0 && matrix.m24 != 0, "scale \(factor)")
                let point = Point(x: 3, y: -4)
                let shown = try #require(matrix.mapPlanePoint(point), "scale \(factor)")
                let back = try #require(matrix.unmapPlanePoint(shown), "scale \(factor), mirror \(mirror)")
                #expect(abs(back.x - 3) <= 1e-12 && abs(back.y + 4) <= 1e-12, "scale \(factor), mirror \(mirror): \(back)")
            }
        }
        // H's 3×3 determinant is 1e220, a normal double, but the flattened matrix's plain
        // determinant is infinite (its minor m11·m22 is) and so is the adjugate's a33: the
        // equilibrated inverse decides (the adjugate took the point to (0, 0)).
        var wide = Transform3D.identity
        (wide.m11, wide.m22, wide.m44) = (1e160, 1e160, 1e-100)
        let shown = try #require(wide.mapPlanePoint(Point(x: 3, y: -4)))
        let back = try #require(wide.unmapPlanePoint(shown))
        #expect(abs(back.x - 3) <= 1e-12 && abs(back.y + 4) <= 1e-12, "\(back)")
        // A zero axis in the plane is singular at any scale of the others.
        #expect(scale(0, 1e300, 1).unmapPlanePoint(Point(x: 1, y: 1)) == nil)
        #expect(scale(1e-300, 0, 1).unmapPlanePoint(Point(x: 1, y: 1)) == nil)
    }

    @Test("a plane turned away is back-facing at any scale; one facing the viewer is not")
    func backFacingAtExtremeScales() {
        for factor in [1] + Self.factors {
            let scaled = scale(factor, factor, factor)
            #expect(!scaled.isBackFacing, "scale \(factor)")
            #expect(concat(rotation(.pi, 0, 1, 0), scaled).isBackFacing, "scale \(factor), turned about y")
            #expect(concat(concat(rotation(0.4, 1, 0, 0), rotation(2.5, 0, 1, 0)), scaled).isBackFacing, "scale \(factor)")
            #expect(!concat(rotation(0.4, 1, 0, 0), scaled).isBackFacing, "scale \(factor), turned about x")
        }
        // A singular matrix is not back-facing.
        #expect(!scale(0, 1e300, 1e300).isBackFacing)
    }

    @Test("singular in its scaled form: two equal rows at 1e200 stay singular everywhere")
    func singularWhenScaled() {
        // The plain determinant is NaN (inf - inf); the scaled rows are equal, so M′'s is 0.
        let twin = Transform3D(
            m11: 1e200, m12: 2e200, m13: 0, m14: 0, m21: 1e200, m22: 2e200, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(!twin.determinant.isNormal)
        #expect(twin.inverted() == nil)
        #expect(twin.unmapPlanePoint(Point(x: 1, y: 1)) == nil)
        #expect(!twin.isBackFacing)
        // Invertible, but its inverse (1e310 on x) is beyond the doubles.
        #expect(scale(1e-310, 1, 1).inverted() == nil)
        #expect(AffineTransform(scaleX: 1e-310, y: 1).inverted() == nil)
    }

    @Test("an additive transform's delta from a base scaled far from 1 is the turn between them")
    func additiveDeltaAtExtremeScales() {
        for factor in [1e120, 1e-120] {
            let base = scale(factor, factor, factor)
            let value = concat(rotation(0.5, 0, 0, 1), base)
            // value · base⁻¹: the turn (a uniform scale commutes with it).
            let delta = transform3D(additiveDelta(.transform3D, from: slots(base), to: slots(value)))
            expectClose(delta, rotation(0.5, 0, 0, 1), tolerance: 1e-12, "scale \(factor)")
            // And subtract(value, base) = base⁻¹ · value, the same turn.
            expectClose(transform3D(subtract(.transform3D, slots(value), slots(base))), rotation(0.5, 0, 0, 1), tolerance: 1e-12, "scale \(factor)")
        }
    }

    @Test("setFrame through a transform whose 2D determinant leaves the doubles")
    func setFrameAtExtremeScales() throws {
        for factor in [1e170, 1e-170] {
            let geometry = LayerGeometry(
                bounds: Rect(x: 0, y: 0, width: 1, height: 1), position: Point(x: 0, y: 0), zPosition: 0,
                anchorPoint: Point(x: 0.5, y: 0.5), anchorPointZ: 0,
                transform: concat(rotation(.pi / 2, 0, 0, 1), scale(factor, 2 * factor, 1)), isGeometryFlipped: false,
                isHidden: false, masksToBounds: false)
            let placed = try geometry.placing(frame: Rect(x: 10 * factor, y: 20 * factor, width: 4 * factor, height: 6 * factor))
            // A quarter turn: the frame's width is the bounds' height, scaled by 2 × factor.
            #expect(abs(placed.bounds.size.width / 3 - 1) <= 1e-15, "scale \(factor): \(placed.bounds)")
            #expect(abs(placed.bounds.size.height / 4 - 1) <= 1e-15, "scale \(factor): \(placed.bounds)")
        }
        let flat = LayerGeometry(
            bounds: Rect(x: 0, y: 0, width: 1, height: 1), position: Point(x: 0, y: 0), zPosition: 0,
            anchorPoint: Point(x: 0.5, y: 0.5), anchorPointZ: 0, transform: scale(1e300, 0, 1), isGeometryFlipped: false,
            isHidden: false, masksToBounds: false)
        #expect { try flat.placing(frame: Rect(x: 0, y: 0, width: 1, height: 1)) } throws: {
            ($0 as? AnimCoreError)?.code == .notInvertible
        }
    }
}
