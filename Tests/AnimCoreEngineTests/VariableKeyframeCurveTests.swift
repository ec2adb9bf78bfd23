import Testing

@testable import AnimCore

/// The cubic, paced and cubicPaced calculation modes on keyframes of paths, arrays of numbers
/// and arrays of colours ([INFERRED] element by element: every number of a keyframe's flat run
/// takes the Kochanek–Bartels spline a scalar takes; a paced distance is the Euclidean norm of
/// the whole run): worked Catmull-Rom values, the same curve as the scalar, point and colour
/// kinds, paths, additive and cumulative, repeats, removal and the store's count, the refusals
/// that stay.
@Suite("Variable-length kinds: cubic and paced keyframes")
struct VariableKeyframeCurveTests {
    /// Elapsed times 0, 1/48, …, 1 (a multiple of the 3 segments of 4 keyframes).
    static let grid = (0...48).map { Double($0) / 48 }

    /// An engine with a class of a path, numbers ([0, 1]), colours, two scalars, a point and
    /// a colour, a layer of it, ticked at 0.
    static func layer() throws -> (Engine, LayerID) {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "Curves",
            properties: [
                PropertyDescriptor("path", default: .path(Path())),
                PropertyDescriptor("locations", default: .numbers([0, 1])),
                PropertyDescriptor("colors", default: .colors([])),
                PropertyDescriptor("a", default: .scalar(0)),
                PropertyDescriptor("b", default: .scalar(0)),
                PropertyDescriptor("spot", default: .point(x: 0, y: 0)),
                PropertyDescriptor("tint", default: .color(red: 0, green: 0, blue: 0, alpha: 0)),
            ])
        let layer = try engine.makeLayerHandle(klass)
        try engine.tick(0)
        return (engine, layer)
    }

    /// Keyframes of `keyPath` through `values` in `mode`, duration 1, filling both ways and kept.
    static func keyframes(
        _ keyPath: String, _ values: [Value], mode: CalculationMode, keyTimes: [Double]? = nil
    ) -> Animation {
        var animation = Animation.keyframe(keyPath, values: values, keyTimes: keyTimes, calculationMode: mode)
        animation.timing.duration = 1
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// Adds the animations (committed at 10: they begin at 10) and returns what `keyPaths`
    /// show at each elapsed time: one row per time, one value per key path.
    static func run(
        _ animations: [Animation], reading keyPaths: [String], at elapsed: [Double] = grid
    ) throws -> [[Value?]] {
        let (engine, layer) = try layer()
        for (index, animation) in animations.enumerated() { try engine.addAnimation(animation, forKey: "k\(index)", to: layer) }
        try engine.tick(10)
        return try elapsed.map { e in
            try engine.tick(10 + e)
            return try keyPaths.map { try engine.presentationValue(forKeyPath: $0, of: layer) }
        }
    }

    /// The uniform Catmull-Rom curve through `values` (end values duplicated), in Hermite form,
    /// at progress `p` (the reference's tangents with T = C = B = 0).
    static func catmullRom(_ values: [Double], _ p: Double) -> Double {
        let n = values.count
        let segment = min(Int(p * Double(n - 1)), n - 2)
        let s = p * Double(n - 1) - Double(segment)
        func tangent(_ k: Int) -> Double { (values[min(k + 1, n - 1)] - values[max(k - 1, 0)]) / 2 }
        let (p0, p1, m0, m1) = (values[segment], values[segment + 1], tangent(segment), tangent(segment + 1))
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
    }

    static func live(_ engine: Engine) throws -> Int { try engine.variableValueCounts().values }

    static let first = [0.0, 10, 5, 20]
    static let second = [4.0, -2, 8, 8]

    @Test("cubic numbers: each element is the Catmull-Rom curve of its own values, as a scalar keyframe animation draws it")
    func cubicNumbersAsScalars() throws {
        let arrays = zip(Self.first, Self.second).map { Value.numbers([$0, $1]) }
        let rows = try Self.run(
            [Self.keyframes("locations", arrays, mode: .cubic),
             Self.keyframes("a", Self.first.map(Value.scalar), mode: .cubic),
             Self.keyframes("b", Self.second.map(Value.scalar), mode: .cubic)],
            reading: ["locations", "a", "b"])
        for (row, e) in zip(rows, Self.grid) {
            let numbers = try #require(row[0]?.numbers)
            #expect(numbers.count == 2)
            expectNear(numbers[0], scalar(row[1]) ?? .nan, 1e-12, "element 0 = the scalar's curve at \(e)")
            expectNear(numbers[1], scalar(row[2]) ?? .nan, 1e-12, "element 1 = the scalar's curve at \(e)")
            expectNear(numbers[0], Self.catmullRom(Self.first, e), 1e-9, "element 0 by hand at \(e)")
            expectNear(numbers[1], Self.catmullRom(Self.second, e), 1e-9, "element 1 by hand at \(e)")
        }
        // Half way through segment 1 (10 → 5) of element 0: tangents (5 − 0)/2 and (20 − 10)/2,
        // 7.5 + (2.5 − 5)/8 = 7.1875, not the chord's 7.5.
        expectNear(rows[24][0]?.numbers?[0], 7.1875, 1e-12, "worked value")
        expectNear(rows[16][0]?.numbers?[0], 10, 1e-12, "through keyframe 1 at its key time")
        expectNear(rows[16][0]?.numbers?[1], -2, 1e-12, "through keyframe 1 at its key time")
        #expect(rows[48][0]?.numbers == [20, 8], "the last keyframe at the end")
    }

    @Test("cubic with tension, continuity, bias and uneven key times: the scalar's curve on each element")
    func cubicParametersAsScalars() throws {
        let times = [0.0, 0.125, 0.625, 1]
        func withParameters(_ animation: Animation) -> Animation {
            var animation = animation
            animation.keyframe?.tensionValues = [0, 0.5]
            animation.keyframe?.continuityValues = [0, 0, -0.5]
            animation.keyframe?.biasValues = [0.25]
            return animation
        }
        let arrays = zip(Self.first, Self.second).map { Value.numbers([$0, $1]) }
        let rows = try Self.run(
            [withParameters(Self.keyframes("locations", arrays, mode: .cubic, keyTimes: times)),
             withParameters(Self.keyframes("a", Self.first.map(Value.scalar), mode: .cubic, keyTimes: times)),
             withParameters(Self.keyframes("b", Self.second.map(Value.scalar), mode: .cubic, keyTimes: times))],
            reading: ["locations", "a", "b"])
        for (row, e) in zip(rows, Self.grid) {
            expectNear(row[0]?.numbers?[0], scalar(row[1]) ?? .nan, 1e-12, "element 0 at \(e)")
            expectNear(row[0]?.numbers?[1], scalar(row[2]) ?? .nan, 1e-12, "element 1 at \(e)")
        }
        #expect(rows[6][0]?.numbers == [10, -2], "keyframe 1 at its key time 0.125")
    }

    @Test("paced numbers: key times from the Euclidean distances of the whole arrays (5 and 6), timing functions ignored")
    func pacedNumbers() throws {
        var animation = Self.keyframes(
            "locations", [.numbers([0, 0]), .numbers([3, 4]), .numbers([3, 10])], mode: .paced, keyTimes: [0, 0.9, 1])
        animation.timingFunction = .easeIn
        animation.keyframe?.timingFunctions = [.easeOut, .easeOut]
        let rows = try Self.run([animation], reading: ["locations"])
        for (row, e) in zip(rows, Self.grid) {
            let d = 11 * e
            let expected = d <= 5 ? [3 * d / 5, 4 * d / 5] : [3, 4 + (d - 5)]
            let shown = try #require(row[0]?.numbers)
            expectNear(shown[0], expected[0], 1e-9, "x at \(e)")
            expectNear(shown[1], expected[1], 1e-9, "y at \(e)")
        }
    }

    @Test("paced and cubicPaced numbers of two elements draw what the point kind draws through the same values")
    func pacedModesAsPoints() throws {
        let xs = [0.0, 30, 30, 0], ys = [0.0, 40, 100, 100]
        for mode in [CalculationMode.paced, .cubicPaced, .cubic] {
            let rows = try Self.run(
                [Self.keyframes("locations", zip(xs, ys).map { .numbers([$0, $1]) }, mode: mode),
                 Self.keyframes("spot", zip(xs, ys).map { .point(x: $0, y: $1) }, mode: mode)],
                reading: ["locations", "spot"])
            for (row, e) in zip(rows, Self.grid) {
                let point = try #require(row[1]?.point)
                expectNear(row[0]?.numbers?[0], point.x, 1e-12, "\(mode.name) x at \(e)")
                expectNear(row[0]?.numbers?[1], point.y, 1e-12, "\(mode.name) y at \(e)")
            }
        }
    }

    @Test("cubic and cubicPaced colours: each colour's components follow the colour kind's curve")
    func coloursAsColour() throws {
        let tints = [
            Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0.5, blue: 1, alpha: 0.5),
            Color(red: 0.25, green: 1, blue: 0), Color(red: 0, green: 0, blue: 0, alpha: 0.25),
        ]
        for mode in [CalculationMode.cubic, .cubicPaced, .paced] {
            let rows = try Self.run(
                [Self.keyframes("colors", tints.map { .colors([$0, $0]) }, mode: mode),
                 Self.keyframes("tint", tints.map { .color(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }, mode: mode)],
                reading: ["colors", "tint"], at: [0, 0.1, 0.3, 0.5, 0.7, 0.95, 1])
            for row in rows {
                let colours = try #require(row[0]?.colors)
                let tint = try #require(row[1])
                #expect(colours.count == 2)
                for colour in colours {
                    let components = [colour.red, colour.green, colour.blue, colour.alpha]
                    for (k, expected) in slots(tint).enumerated() {
                        // The pair's distances are √2 × the single colour's: the same paced times.
                        expectNear(components[k], expected, 1e-9, "\(mode.name) component \(k)")
                    }
                }
            }
        }
    }

    @Test("cubic paths: every coordinate, control points too, follows its own Catmull-Rom curve")
    func cubicPaths() throws {
        func path(_ k: Int) -> Path {
            let (a, b) = (Self.first[k], Self.second[k])
            return Path([.move(x: a, y: b), .line(x: a + b, y: 1), .curve(c1x: b, c1y: a, c2x: 2 * a, c2y: 0, x: 1, y: b), .close])
        }
        let rows = try Self.run(
            [Self.keyframes("path", (0..<4).map { .path(path($0)) }, mode: .cubic)], reading: ["path"])
        let runs = (0..<4).map { path($0).elements.flatMap(\.coordinates) }
        for (row, e) in zip(rows, Self.grid) {
            let shown = try #require(row[0]?.path)
            #expect(shown.elements.map(\.typeName) == ["move", "line", "curve", "close"], "the keyframes' element types")
            let numbers = shown.elements.flatMap(\.coordinates)
            #expect(numbers.count == 10)
            for index in numbers.indices {
                expectNear(numbers[index], Self.catmullRom(runs.map { $0[index] }, e), 1e-9, "number \(index) at \(e)")
            }
        }
    }

    @Test("additive cubic numbers add to the model; cumulative repeats add the last keyframe; a plain repeat draws the curve again")
    func additiveCumulativeRepeat() throws {
        let arrays = zip(Self.first, Self.second).map { Value.numbers([$0, $1]) }
        var additive = Self.keyframes("locations", arrays, mode: .cubic)
        additive.isAdditive = true
        var cumulative = Self.keyframes("locations", arrays, mode: .cubicPaced)
        cumulative.isCumulative = true
        cumulative.timing.repeatCount = 3
        var repeating = Self.keyframes("locations", arrays, mode: .cubic)
        repeating.timing.repeatCount = 2
        let elapsed = [0.3, 1.3, 2.3]
        let added = try Self.run([additive], reading: ["locations"], at: [0.3])
        expectNear(added[0][0]?.numbers?[0], Self.catmullRom(Self.first, 0.3), 1e-9, "model 0 + curve")
        expectNear(added[0][0]?.numbers?[1], 1 + Self.catmullRom(Self.second, 0.3), 1e-9, "model 1 + curve")
        let once = try Self.run([Self.keyframes("locations", arrays, mode: .cubicPaced)], reading: ["locations"], at: [0.3])
        let cycles = try Self.run([cumulative], reading: ["locations"], at: elapsed)
        for (cycle, row) in cycles.enumerated() {
            expectNear(row[0]?.numbers?[0], (once[0][0]?.numbers?[0] ?? .nan) + Double(cycle) * 20, 1e-9, "cycle \(cycle), element 0")
            expectNear(row[0]?.numbers?[1], (once[0][0]?.numbers?[1] ?? .nan) + Double(cycle) * 8, 1e-9, "cycle \(cycle), element 1")
        }
        let repeats = try Self.run([repeating], reading: ["locations"], at: [0.3, 1.3])
        #expect(repeats[0][0] == repeats[1][0], "the second cycle draws the first's curve")
    }

    @Test("the store holds the keyframes, one curve per segment and the buffers; ticks add nothing; removal gives everything back")
    func storeCounts() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        let arrays = zip(Self.first, Self.second).map { Value.numbers([$0, $1]) }
        try engine.addAnimation(Self.keyframes("locations", arrays, mode: .cubicPaced), forKey: "c", to: layer)
        try engine.addAnimation(Self.keyframes("colors", [.colors([.clear]), .colors([Color(red: 1, green: 0, blue: 0)])], mode: .paced), forKey: "p", to: layer)
        try engine.tick(1)
        let during = try Self.live(engine)
        #expect(during == before + (4 + 3 + 4) + (2 + 4), "cubic: 4 keyframes, 3 curves, 4 buffers; paced: 2 keyframes, 4 buffers")
        for step in 1...30 { try engine.tick(1 + Double(step) / 40) }
        #expect(try Self.live(engine) == during, "no store entry per tick")
        try engine.removeAllAnimations(from: layer)
        try engine.tick(3)
        try engine.tick(4)
        #expect(try Self.live(engine) == before)
    }

    @Test("empty arrays and paths of closes alone take the cubic and paced modes (nothing to curve)")
    func withoutNumbers() throws {
        for mode in [CalculationMode.cubic, .cubicPaced, .paced] {
            let rows = try Self.run(
                [Self.keyframes("locations", [.numbers([]), .numbers([]), .numbers([])], mode: mode),
                 Self.keyframes("path", [.path(Path([.close])), .path(Path([.close]))], mode: mode)],
                reading: ["locations", "path"], at: [0, 0.5, 1])
            for row in rows {
                #expect(row[0] == .numbers([]), "\(mode.name)")
                #expect(row[1] == .path(Path([.close])), "\(mode.name)")
            }
        }
    }

    @Test("the refusals that stay: transforms in the cubic and paced modes; shapes that differ, naming both")
    func refusals() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        for mode in [CalculationMode.cubic, .paced, .cubicPaced] {
            let transform = Animation.keyframe("transform", values: [.transform3D(.identity), .transform3D(.identity)], calculationMode: mode)
            do {
                try engine.addAnimation(transform, forKey: nil, to: layer)
                Issue.record("\(mode.name) transforms were taken")
            } catch {
                #expect(error.code == .wrongKind && error.message.contains("calculationMode \(mode.name)"), "\(error.message)")
            }
            let shapes = Animation.keyframe("locations", values: [.numbers([1, 2]), .numbers([1, 2]), .numbers([3])], calculationMode: mode)
            do {
                try engine.addAnimation(shapes, forKey: nil, to: layer)
                Issue.record("\(mode.name) keyframes of different counts were taken")
            } catch {
                #expect(error.code == .invalidArgument && error.message.contains("values[2] has 1 numbers where animation.values[0] has 2"), "\(error.message)")
            }
            let paths = Animation.keyframe(
                "path", values: [.path(Path([.move(x: 0, y: 0)])), .path(Path([.line(x: 0, y: 0)]))], calculationMode: mode)
            do {
                try engine.addAnimation(paths, forKey: nil, to: layer)
                Issue.record("\(mode.name) paths of different element types were taken")
            } catch {
                #expect(error.code == .invalidArgument && error.message.contains("values[1].elements[0] is a line"), "\(error.message)")
            }
        }
        #expect(try Self.live(engine) == before, "a refused add stores nothing")
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("cubic curves of more numbers than a keyframe block may hold are refused before they are computed")
    func curvesOverTheBound() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        let big = Value.numbers([Double](repeating: 1, count: 65536))
        // 66 keyframes of 65 536 numbers and 65 segments × 4 × 65 536 = 21 364 736 numbers >
        // 2^24; paced keeps no curves.
        do {
            try engine.addAnimation(Animation.keyframe("locations", values: Array(repeating: big, count: 66), calculationMode: .cubic), forKey: nil, to: layer)
            Issue.record("curves over the bound were taken")
        } catch {
            #expect(error.code == .outOfRange && error.message.contains("needs 21364736 slots for its 66 keyframes"), "\(error.message)")
        }
        #expect(try Self.live(engine) == before, "nothing stored")
        try engine.addAnimation(Animation.keyframe("locations", values: Array(repeating: big, count: 66), calculationMode: .paced), forKey: "p", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["p"])
    }

    @Test("keyframes whose own numbers pass a keyframe block's bound are refused in every mode, storing nothing")
    func keyframeNumbersOverTheBound() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        let big = Value.numbers([Double](repeating: 1, count: 65536))
        // 257 × 65 536 = 16 842 752 numbers > 2^24, which the value store would hold (they were
        // not counted in the modes without curves: a later add could exhaust memory).
        for mode in [CalculationMode.linear, .discrete, .paced] {
            do {
                try engine.addAnimation(Animation.keyframe("locations", values: Array(repeating: big, count: 257), calculationMode: mode), forKey: nil, to: layer)
                Issue.record("\(mode.name): keyframes over the bound were taken")
            } catch {
                #expect(error.code == .outOfRange && error.message.contains("slots for its 257 keyframes"), "\(mode.name): \(error.message)")
            }
        }
        #expect(try Self.live(engine) == before, "nothing stored")
        try engine.addAnimation(Animation.keyframe("locations", values: Array(repeating: big, count: 100), calculationMode: .linear), forKey: "l", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["l"])
    }
}
