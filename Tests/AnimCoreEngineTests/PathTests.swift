import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths (CGPath) and keyframe animations along them (reference §6.4 "path", "rotationMode"):
/// the builders' elements, a layer following lines and curves segment by segment (linear mode:
/// the bezier at the segment's fraction), paced at constant speed along the arc length, and the
/// rotation to the tangent (auto, autoReverse, on top of a model transform).
@Suite("Paths and following them")
struct PathTests {
    /// 4/3 · (√2 − 1): control points at this fraction of the radius draw a quarter circle.
    private let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// An element as a name and its numbers.
    private func parts(_ element: Path.Element) -> (String, [Double]) {
        switch element {
        case .move(let x, let y): ("move", [x, y])
        case .line(let x, let y): ("line", [x, y])
        case .quadCurve(let cx, let cy, let x, let y): ("quad", [cx, cy, x, y])
        case .curve(let a, let b, let c, let d, let x, let y): ("curve", [a, b, c, d, x, y])
        case .close: ("close", [])
        }
    }

    /// Expects `path`'s elements to be `expected` (names and numbers to 1e-12).
    private func expectElements(
        _ path: Path, _ expected: [(String, [Double])], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(path.elements.count == expected.count, "\(what): \(path.elements.count) elements", sourceLocation: sourceLocation)
        for (index, (element, wanted)) in zip(path.elements, expected).enumerated() {
            let (name, numbers) = parts(element)
            #expect(name == wanted.0, "\(what) element \(index): \(name), expected \(wanted.0)", sourceLocation: sourceLocation)
            let worst = zip(numbers, wanted.1).map { abs($0 - $1) }.max() ?? 0
            #expect(numbers.count == wanted.1.count && worst <= 1e-12,
                    "\(what) element \(index): \(numbers), expected \(wanted.1)", sourceLocation: sourceLocation)
        }
    }

    /// Adds `animation` to `layer`, commits it at host time 10, and calls `check` after each
    /// tick at the elapsed times.
    private func follow(
        _ engine: Engine, _ layer: LayerID, _ animation: Animation, at elapsed: [Double], _ check: (Double) throws -> Void
    ) throws {
        try engine.addAnimation(animation, forKey: "follow", to: layer)
        try engine.tick(10)
        for e in elapsed {
            try engine.tick(10 + e)
            try check(e)
        }
    }

    // MARK: Builders

    @Test("the element builders append what they say; keyframeCount = segments + 1 (inner moves are no segment; 0 without segments)")
    func builders() throws {
        var path = Path()
        #expect(path.keyframeCount == 0)
        path.move(x: 1, y: 2)
        #expect(path.keyframeCount == 0, "a move alone has no segment")
        path.addLine(x: 3, y: 4)
        path.addQuadCurve(cx: 5, cy: 6, x: 7, y: 8)
        path.addCurve(c1x: 9, c1y: 10, c2x: 11, c2y: 12, x: 13, y: 14)
        path.close()
        path.move(x: 20, y: 20)
        path.addLine(x: 30, y: 20)
        expectElements(path, [("move", [1, 2]), ("line", [3, 4]), ("quad", [5, 6, 7, 8]), ("curve", [9, 10, 11, 12, 13, 14]),
                              ("close", []), ("move", [20, 20]), ("line", [30, 20])], "built")
        #expect(path.keyframeCount == 6, "5 segments (line, quad, curve, close, line) + 1")
        #expect(path == Path(path.elements))
        try path.validate("p")
    }

    @Test("addRect: move to the origin, three lines clockwise in a y-down space, close — 5 elements, 5 keyframes")
    func rect() {
        var path = Path()
        path.addRect(x: 10, y: 20, width: 100, height: 50)
        expectElements(path, [("move", [10, 20]), ("line", [110, 20]), ("line", [110, 70]), ("line", [10, 70]), ("close", [])], "rect")
        #expect(path.keyframeCount == 5)
    }

    @Test("addEllipse: 6 elements (move to the right-most point, 4 quarter arcs with controls at κ·r, close); arcs within 0.03 % of the ellipse")
    func ellipse() {
        var path = Path()
        let (x, y, w, h) = (10.0, 20.0, 200.0, 100.0)
        path.addEllipse(x: x, y: y, width: w, height: h)
        let (rx, ry, cx, cy) = (w / 2, h / 2, x + w / 2, y + h / 2)
        let (kx, ky) = (kappa * rx, kappa * ry)
        expectElements(path, [
            ("move", [cx + rx, cy]),
            ("curve", [cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry]),
            ("curve", [cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy]),
            ("curve", [cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry]),
            ("curve", [cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy]),
            ("close", []),
        ], "ellipse")
        #expect(path.keyframeCount == 6)
        // Every point of every arc lies on the ellipse within 0.03 % of the radius.
        var start = XY(cx + rx, cy)
        for element in path.elements {
            guard case .curve(let c1x, let c1y, let c2x, let c2y, let ex, let ey) = element else { continue }
            for k in 0...32 {
                let p = cubicBezier(start, XY(c1x, c1y), XY(c2x, c2y), XY(ex, ey), Double(k) / 32)
                let radius = ((p.x - cx) * (p.x - cx) / (rx * rx) + (p.y - cy) * (p.y - cy) / (ry * ry)).squareRoot()
                #expect(abs(radius - 1) <= 3e-4, "\(p) at normalised radius \(radius)")
            }
            start = XY(ex, ey)
        }
    }

    @Test("addRoundedRect: 10 elements (move, then line + corner arc per side, close); corner radii clamped to half the side")
    func roundedRect() {
        var path = Path()
        let (x, y, w, h, rx, ry) = (0.0, 0.0, 100.0, 60.0, 10.0, 20.0)
        path.addRoundedRect(x: x, y: y, width: w, height: h, cornerWidth: rx, cornerHeight: ry)
        let (kx, ky) = (kappa * rx, kappa * ry)
        let (right, bottom) = (x + w, y + h)
        expectElements(path, [
            ("move", [x + rx, y]),
            ("line", [right - rx, y]),
            ("curve", [right - rx + kx, y, right, y + ry - ky, right, y + ry]),
            ("line", [right, bottom - ry]),
            ("curve", [right, bottom - ry + ky, right - rx + kx, bottom, right - rx, bottom]),
            ("line", [x + rx, bottom]),
            ("curve", [x + rx - kx, bottom, x, bottom - ry + ky, x, bottom - ry]),
            ("line", [x, y + ry]),
            ("curve", [x, y + ry - ky, x + rx - kx, y, x + rx, y]),
            ("close", []),
        ], "rounded rect")
        #expect(path.keyframeCount == 10)

        // Radii larger than half the side: a 40 × 40 square with radius 100 is a circle of 20.
        var clamped = Path()
        clamped.addRoundedRect(x: 0, y: 0, width: 40, height: 40, cornerWidth: 100, cornerHeight: 100)
        #expect(clamped.elements.count == 10)
        if case .move(let mx, let my) = clamped.elements.first { #expect(mx == 20 && my == 0) }
        if case .curve(_, _, _, _, let ex, let ey) = clamped.elements[2] { #expect(ex == 40 && ey == 20) }
        if case .line(let lx, let ly) = clamped.elements[3] { #expect(lx == 40 && ly == 20, "zero-length side") }
    }

    @Test("Path.validate: finite points and at least one segment, messages naming the element")
    func validate() {
        expectError(.invalidArgument, naming: "p") { try Path().validate("p") }
        expectError(.invalidArgument, naming: "p") { try Path([.move(x: 0, y: 0), .move(x: 1, y: 1)]).validate("p") }
        expectError(.notFinite, naming: "p.elements[2]") {
            try Path([.move(x: 0, y: 0), .line(x: 1, y: 1), .curve(c1x: 0, c1y: .infinity, c2x: 0, c2y: 0, x: 1, y: 1)]).validate("p")
        }
        expectError(.notFinite, naming: "p.elements[0]") { try Path([.move(x: .nan, y: 0), .line(x: 1, y: 1)]).validate("p") }
    }

    // MARK: Following a path

    @Test("following an ellipse (linear, 5 segments over 5 s): on the ellipse's quarter points at whole seconds, on the arcs between")
    func followEllipse() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var path = Path()
        path.addEllipse(x: -100, y: 0, width: 200, height: 80)
        let (cx, cy, rx, ry) = (0.0, 40.0, 100.0, 40.0)
        var animation = Animation.keyframe("position", path: path)
        animation.timing.duration = 5
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        let quarters = [XY(cx + rx, cy), XY(cx, cy + ry), XY(cx - rx, cy), XY(cx, cy - ry), XY(cx + rx, cy), XY(cx + rx, cy)]
        try follow(engine, layer, animation, at: (0...40).map { Double($0) / 8 }) { e in
            let value = try engine.presentationValue(forKeyPath: "position", of: layer)
            guard let p = xy(value) else {
                Issue.record("no point at e \(e)")
                return
            }
            if e == e.rounded() { expectPoint(value, quarters[Int(e)], 1e-9, "keyframe \(Int(e))") }
            let radius = ((p.x - cx) * (p.x - cx) / (rx * rx) + (p.y - cy) * (p.y - cy) / (ry * ry)).squareRoot()
            #expect(abs(radius - 1) <= 3e-4, "e \(e): \(p) is off the ellipse (\(radius))")
            if e > 0 && e < 4 {
                // Clockwise in a y-down space: the quarter of the turn it is in.
                let quarter = Int(e)
                let angle = atan2((p.y - cy) / ry, (p.x - cx) / rx)
                let expectedAngle = Double.pi / 2 * e  // not exact on the bezier, but within the quarter
                #expect(angleDistance(angle, expectedAngle) < .pi / 4, "e \(e) in quarter \(quarter): angle \(angle)")
            }
        }
    }

    @Test("following lines and a quad curve (linear): segment i at fraction s is the bezier at s; rotation auto = atan2 of the tangent")
    func linesAndQuad() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let (a, b, c, d, f) = (XY(0, 0), XY(100, 0), XY(150, 0), XY(150, 50), XY(150, 150))
        var path = Path()
        path.move(x: a.x, y: a.y)
        path.addLine(x: b.x, y: b.y)
        path.addQuadCurve(cx: c.x, cy: c.y, x: d.x, y: d.y)
        path.addLine(x: f.x, y: f.y)
        var animation = Animation.keyframe("position", path: path)
        animation.keyframe?.rotationMode = .auto
        animation.timing.duration = 3
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        try follow(engine, layer, animation, at: (0...48).map { Double($0) / 16 }) { e in
            let (i, s) = segmentAndFraction([0, 1.0 / 3, 2.0 / 3, 1], e / 3)
            let point: XY
            let tangent: XY
            switch i {
            case 0: (point, tangent) = (lerp(a, b, s), b - a)
            case 1: (point, tangent) = (quadBezier(b, c, d, s), quadBezierTangent(b, c, d, s))
            default: (point, tangent) = (lerp(d, f, s), f - d)
            }
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), point, 1e-9, "position e \(e)")
            expectNear(try presented(engine, "transform.rotation.z", layer), tangent.angle, 1e-9, "rotation e \(e)")
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)), rotationZ(tangent.angle), 1e-9,
                         "transform e \(e)")
        }
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 0, y: 0), "the model never moves")
        #expect(try engine.value(forKeyPath: "transform", of: layer) == .transform3D(identityMatrix))
    }

    @Test("a path with key times [0, 0.5, 0.75, 1]: the line takes half the time, the quad and the last line a quarter each")
    func pathKeyTimes() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let (a, b, c, d, f) = (XY(0, 0), XY(100, 0), XY(150, 0), XY(150, 50), XY(150, 150))
        var path = Path()
        path.move(x: a.x, y: a.y)
        path.addLine(x: b.x, y: b.y)
        path.addQuadCurve(cx: c.x, cy: c.y, x: d.x, y: d.y)
        path.addLine(x: f.x, y: f.y)
        var animation = Animation.keyframe("position", path: path)
        animation.keyframe?.keyTimes = [0, 0.5, 0.75, 1]
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        try follow(engine, layer, animation, at: (0...64).map { Double($0) / 64 }) { e in
            let (i, s) = segmentAndFraction([0, 0.5, 0.75, 1], e)
            let point = i == 0 ? lerp(a, b, s) : i == 1 ? quadBezier(b, c, d, s) : lerp(d, f, s)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), point, 1e-9, "e \(e)")
        }
    }

    @Test("paced along a path: constant speed along the arc length (line 300, quad, line 300); key times and timing function ignored")
    func pacedAlongPath() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let (a, b, c, d, f) = (XY(0, 0), XY(300, 0), XY(400, 0), XY(400, 100), XY(400, 400))
        var path = Path()
        path.move(x: a.x, y: a.y)
        path.addLine(x: b.x, y: b.y)
        path.addQuadCurve(cx: c.x, cy: c.y, x: d.x, y: d.y)
        path.addLine(x: f.x, y: f.y)
        let quadTangent = { (u: Double) in quadBezierTangent(b, c, d, u) }
        let quadLength = arcLength(quadTangent)
        let total = 300 + quadLength + 300
        var animation = Animation.keyframe("position", path: path, calculationMode: .paced)
        animation.keyframe?.keyTimes = [0, 0.9, 0.95, 1]
        animation.keyframe?.rotationMode = .auto
        animation.timingFunction = .easeInEaseOut
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        var previous: XY?
        try follow(engine, layer, animation, at: (0...64).map { Double($0) / 64 }) { e in
            let distance = e * total
            let expected: XY
            let tangent: XY
            if distance <= 300 {
                (expected, tangent) = (XY(distance, 0), b - a)
            } else if distance <= 300 + quadLength {
                let u = parameter(atArcLength: distance - 300, quadTangent)
                (expected, tangent) = (quadBezier(b, c, d, u), quadTangent(u))
            } else {
                (expected, tangent) = (XY(400, 100 + distance - 300 - quadLength), f - d)
            }
            let value = try engine.presentationValue(forKeyPath: "position", of: layer)
            guard let point = xy(value) else {
                Issue.record("no point at e \(e)")
                return
            }
            #expect((point - expected).length <= 1e-4 * total, "e \(e): got \(point), expected \(expected) (arc \(total))")
            expectNear(try presented(engine, "transform.rotation.z", layer), tangent.angle, 1e-2, "rotation e \(e)")
            if let previous {
                let step = (point - previous).length
                #expect(abs(step - total / 64) <= 3e-3 * total / 64, "e \(e): moved \(step) this tick, expected \(total / 64)")
            }
            previous = point
        }
    }

    // MARK: Rotation along the path

    /// The seed's curve: (0, 150) to (300, 150), controls (75, 0), (225, 300).
    private let p0 = XY(0, 150), c1 = XY(75, 0), c2 = XY(225, 300), p1 = XY(300, 150)

    private var seedPath: Path {
        var path = Path()
        path.move(x: p0.x, y: p0.y)
        path.addCurve(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: p1.x, y: p1.y)
        return path
    }

    /// Follows the seed's curve for 1 s with `mode` on a layer whose model transform is `model`,
    /// checking position, the full presented transform (Rz(angle) then the model) and, when the
    /// model is identity or a uniform scale, transform.rotation.z.
    private func rotate(_ mode: RotationMode, model: Transform3D, readsAngle: Bool) throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.transform3D(model), forKeyPath: "transform", of: layer)
        var animation = Animation.keyframe("position", path: seedPath)
        animation.keyframe?.rotationMode = mode
        animation.timing.duration = 1
        try follow(engine, layer, animation, at: (0...40).map { Double($0) / 32 }) { e in
            let transform = matrix(try engine.presentationValue(forKeyPath: "transform", of: layer))
            guard e < 1 else {
                expectMatrix(transform, model, 0, "the model transform after the end (e \(e))")
                expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(0, 0), 0, "model position")
                return
            }
            let angle = cubicBezierTangent(p0, c1, c2, p1, e).angle + (mode == .autoReverse ? Double.pi : 0)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), cubicBezier(p0, c1, c2, p1, e), 1e-9,
                        "position e \(e)")
            expectMatrix(transform, concat(rotationZ(angle), model), 1e-9, "\(mode.name) transform e \(e)")
            if readsAngle, let read = try presented(engine, "transform.rotation.z", layer) {
                #expect(angleDistance(read, angle) < 1e-9, "\(mode.name) rotation.z e \(e): \(read), expected \(angle)")
            }
        }
        #expect(try engine.value(forKeyPath: "transform", of: layer) == .transform3D(model), "the model transform is untouched")
    }

    @Test("rotationMode auto on the seed's curve: transform = Rz(atan2 B′(u)), rotation.z reads the angle")
    func rotationAuto() throws {
        try rotate(.auto, model: identityMatrix, readsAngle: true)
    }

    @Test("rotationMode autoReverse adds π")
    func rotationAutoReverse() throws {
        try rotate(.autoReverse, model: identityMatrix, readsAngle: true)
    }

    @Test("with a model transform scale 2: presented = CATransform3DConcat(Rz(angle), model)")
    func rotationOverScale() throws {
        try rotate(.auto, model: scaleMatrix(2, 2, 1), readsAngle: true)
    }

    @Test("with a non-uniform scale then a translation as the model: still Rz(angle) first (order matters here)")
    func rotationOverScaleAndTranslation() throws {
        let model = concat(scaleMatrix(2, 0.5, 1), translationMatrix(5, 7, 0))
        // Sanity: the two orders differ for this model, so the test tells them apart.
        let turned = rotationZ(0.7)
        #expect(slots(.transform3D(concat(turned, model))) != slots(.transform3D(concat(model, turned))))
        try rotate(.auto, model: model, readsAngle: false)
        try rotate(.autoReverse, model: model, readsAngle: false)
    }

    @Test("over a 3D model (a turn about x, a translation in z, perspective): Rz(angle) first; rows 3 and 4 stay the model's, bit for bit")
    func rotationOver3DModel() throws {
        var model = concat(Transform3D(rotationAngle: 0.4, x: 1, y: 0, z: 0), translationMatrix(3, -2, 10))
        model.m34 = -1.0 / 500
        try rotate(.auto, model: model, readsAngle: false)
        try rotate(.autoReverse, model: model, readsAngle: false)
        // A rotation about z leaves rows 3 and 4 of what it turns as they are: exactly.
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.transform3D(model), forKeyPath: "transform", of: layer)
        var animation = Animation.keyframe("position", path: seedPath)
        animation.keyframe?.rotationMode = .auto
        animation.timing.duration = 1
        try follow(engine, layer, animation, at: [0, 0.25, 0.5, 0.75]) { e in
            let shown = try #require(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)))
            let kept = [shown.m31, shown.m32, shown.m33, shown.m34, shown.m41, shown.m42, shown.m43, shown.m44]
            let expected = [model.m31, model.m32, model.m33, model.m34, model.m41, model.m42, model.m43, model.m44]
            #expect(kept.map(\.bitPattern) == expected.map(\.bitPattern), "rows 3 and 4 at e \(e): \(kept), model \(expected)")
        }
    }

    @Test("rotation auto at the end of a closed ellipse (a close of no length): the direction the last arc arrives in, not 0")
    func rotationAtTheEndOfAClosedPath() throws {
        let (engine, layer) = try probe()
        var path = Path()
        path.addEllipse(x: 0, y: 0, width: 200, height: 100)
        var animation = Animation.keyframe("position", path: path, calculationMode: .paced)
        animation.keyframe?.rotationMode = .auto
        animation.timing.duration = 1
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10)
        // The last arc ends at the right-most point heading +y (down in a y-down space): π/2.
        for e in [0.999, 1, 2] {
            try engine.tick(10 + e)
            let angle = try #require(try presented(engine, "transform.rotation.z", layer))
            expectNear(angle, Double.pi / 2, 0.02, "at e \(e)")
        }
        // The zero-length close in linear mode: the last fifth of the time holds the end point,
        // facing the same way.
        var linear = Animation.keyframe("position", path: path)
        linear.keyframe?.rotationMode = .auto
        linear.timing.duration = 5
        try engine.addAnimation(linear, forKey: "k", to: layer)
        try engine.tick(20)
        try engine.tick(24.5)
        expectNear(try presented(engine, "transform.rotation.z", layer), Double.pi / 2, 1e-9, "during the close")
    }

    @Test("a path must start with a move (CGPath needs a current point)")
    func pathStartsWithAMove() throws {
        let path = Path([.line(x: 1, y: 1), .line(x: 2, y: 2)])
        #expect(throws: AnimCoreError.self) { try path.validate("path") }
        do {
            try path.validate("path")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("path.elements[0]"))
        }
        #expect(throws: AnimCoreError.self) { try Path([.close]).validate("path") }
    }
}

