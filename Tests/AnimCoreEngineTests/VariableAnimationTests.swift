import Testing

@testable import AnimCore

/// Animations of paths, arrays of numbers and arrays of colours: basic from/to/by, keyframes,
/// springs, additive and cumulative, implicit actions, the half-way switch of values of
/// different shapes, the store's ownership (nothing left once removed) and the final value.
@Suite("Variable-length kinds animate: paths, numbers and colours")
struct VariableAnimationTests {
    static let square = Path([.move(x: 0, y: 0), .line(x: 10, y: 0), .line(x: 10, y: 10), .close])
    static let bigSquare = Path([.move(x: 0, y: 0), .line(x: 20, y: 0), .line(x: 20, y: 40), .close])
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)

    /// An engine with the built-in-like class of `VariableValueKindTests.shapeLayer`, ticked at 0.
    static func layer() throws -> (Engine, LayerID) {
        let (engine, layer) = try VariableValueKindTests.shapeLayer()
        try engine.tick(0)
        return (engine, layer)
    }

    static func shown(_ engine: Engine, _ key: String, _ layer: LayerID) throws -> Value? {
        try engine.presentationValue(forKeyPath: key, of: layer)
    }

    static func live(_ engine: Engine) throws -> Int { try VariableValueKindTests.liveValues(engine) }

    @Test("a basic animation of a path interpolates every point; before and after it shows the ends")
    func basicPath() throws {
        let (engine, layer) = try Self.layer()
        try engine.addAnimation(basic("path", from: .path(Self.square), to: .path(Self.bigSquare), duration: 1), forKey: "p", to: layer)
        try engine.tick(0)
        #expect(try Self.shown(engine, "path", layer) == .path(Self.square))
        try engine.tick(0.5)
        let expected = Path([.move(x: 0, y: 0), .line(x: 15, y: 0), .line(x: 15, y: 25), .close])
        #expect(try Self.shown(engine, "path", layer) == .path(expected))
        let snapshot = try engine.snapshot(of: layer, presentation: true)
        #expect(try snapshot.contains { try engine.name(of: $0.key) == "path" && $0.value == .path(expected) })
        try engine.tick(2)
        #expect(try Self.shown(engine, "path", layer) == .path(Path()), "removed: the model again")
    }

    @Test("numbers: from+by, to+by and by alone follow Core Animation's endpoint rules")
    func numbersEndpoints() throws {
        let (engine, layer) = try Self.layer()  // locations default [0, 1]
        try engine.addAnimation(basic("locations", by: .numbers([1, 2]), duration: 1), forKey: "by", to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([0.5, 2]))
        try engine.addAnimation(basic("locations", from: .numbers([2, 2]), by: .numbers([2, -2]), duration: 1), forKey: "by", to: layer)
        try engine.tick(1)
        try engine.tick(1.25)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([2.5, 1.5]))
        try engine.addAnimation(basic("locations", to: .numbers([4, 4]), by: .numbers([4, 0]), duration: 1), forKey: "by", to: layer)
        try engine.tick(2)
        try engine.tick(2.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([2, 4]))
    }

    @Test("colours: to alone goes from the value underneath, colour by colour")
    func colorsTo() throws {
        let (engine, layer) = try Self.layer()  // colors default [red, half blue]
        try engine.addAnimation(basic("colors", to: .colors([Self.blue, Self.red]), duration: 2), forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(1)
        let mid = [Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.75), Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.75)]
        #expect(try Self.shown(engine, "colors", layer) == .colors(mid))
    }

    @Test("keyframes of numbers interpolate between the keyframes around the progress")
    func keyframesOfNumbers() throws {
        let (engine, layer) = try Self.layer()
        let animation = Animation.keyframe("locations", values: [.numbers([0, 0]), .numbers([1, 2]), .numbers([3, 2])])
        var timed = animation
        timed.timing.duration = 2
        try engine.addAnimation(timed, forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([0.5, 1]))
        try engine.tick(1.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([2, 2]))
    }

    @Test("keyframes of paths and discrete keyframes of colours")
    func keyframesOfPathsAndColours() throws {
        let (engine, layer) = try Self.layer()
        var paths = Animation.keyframe("path", values: [.path(Self.square), .path(Self.bigSquare)])
        paths.timing.duration = 1
        var colours = Animation.keyframe(
            "colors", values: [.colors([Self.red]), .colors([Self.blue])], calculationMode: .discrete)
        colours.timing.duration = 1
        try engine.addAnimation(paths, forKey: "p", to: layer)
        try engine.addAnimation(colours, forKey: "c", to: layer)
        try engine.tick(0)
        try engine.tick(0.75)
        let expected = Path([.move(x: 0, y: 0), .line(x: 17.5, y: 0), .line(x: 17.5, y: 32.5), .close])
        #expect(try Self.shown(engine, "path", layer) == .path(expected))
        #expect(try Self.shown(engine, "colors", layer) == .colors([Self.blue]))
    }

    @Test("a spring of numbers moves every number as a scalar spring moves its number")
    func springOfNumbers() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "Springy",
            properties: [PropertyDescriptor("locations", default: .numbers([])), PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(klass)
        try engine.tick(0)
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        var numbers = Animation.spring("locations", from: .numbers([0, 10]), to: .numbers([10, 30]), spring: spring)
        var scalar = Animation.spring("value", from: .scalar(0), to: .scalar(10), spring: spring)
        numbers.timing.duration = 5
        scalar.timing.duration = 5
        try engine.addAnimation(numbers, forKey: nil, to: layer)
        try engine.addAnimation(scalar, forKey: nil, to: layer)
        try engine.tick(0)
        var peak = 0.0
        for time in [0.1, 0.32, 0.7] {
            try engine.tick(time)
            let s = try #require(try presented(engine, "value", layer))
            peak = max(peak, s)
            let shown = try #require(try engine.presentationValue(forKeyPath: "locations", of: layer)?.numbers)
            #expect(abs(shown[0] - s) < 1e-12 && abs(shown[1] - (10 + 2 * s)) < 1e-12, "at \(time)")
        }
        #expect(peak > 10, "the scalar overshoots (at its first peak); the numbers with it")
    }

    @Test("additive numbers add to the model; cumulative repeats add each cycle's end")
    func additiveAndCumulative() throws {
        let (engine, layer) = try Self.layer()  // [0, 1]
        var additive = basic("locations", from: .numbers([0, 0]), to: .numbers([2, 4]), duration: 1)
        additive.isAdditive = true
        try engine.addAnimation(additive, forKey: "a", to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([1, 3]))
        var cumulative = basic("colors", from: .colors([.clear]), to: .colors([Color(red: 0.25, green: 0, blue: 0, alpha: 0.25)]), duration: 1)
        cumulative.isCumulative = true
        cumulative.timing.repeatCount = 3
        try engine.addAnimation(cumulative, forKey: "c", to: layer)
        try engine.tick(1)
        try engine.tick(2.5)  // the second repeat, half way: 0.25 + 0.125
        #expect(try Self.shown(engine, "colors", layer) == .colors([Color(red: 0.375, green: 0, blue: 0, alpha: 0.375)]))
    }

    @Test("an additive path adds its points' coordinates")
    func additivePath() throws {
        let (engine, layer) = try Self.layer()
        try engine.setValue(.path(Self.square), forKeyPath: "path", of: layer)
        let offset = Path([.move(x: 1, y: 1), .line(x: 1, y: 1), .line(x: 1, y: 1), .close])
        var additive = basic("path", from: .path(offset), to: .path(offset), duration: 1)
        additive.isAdditive = true
        try engine.addAnimation(additive, forKey: nil, to: layer)
        try engine.tick(0.5)
        try engine.tick(0.6)
        let moved = Path([.move(x: 1, y: 1), .line(x: 11, y: 1), .line(x: 11, y: 11), .close])
        #expect(try Self.shown(engine, "path", layer) == .path(moved))
    }

    @Test("values of different shapes: the animation's own refused at add, naming both; the model's switch half way")
    func mismatchedShapes() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        do {
            try engine.addAnimation(basic("locations", from: .numbers([1]), to: .numbers([1, 2])), forKey: nil, to: layer)
            Issue.record("a from and to of different counts were taken")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("animation.toValue has 2 numbers where animation.fromValue has 1"))
        }
        do {
            try engine.addAnimation(Animation.keyframe("path", values: [.path(Self.square), .path(VariableValueKindTests.curve)]), forKey: nil, to: layer)
            Issue.record("keyframes of different shapes were taken")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("values[1]"))
        }
        #expect(try Self.live(engine) == before, "a refused add stores nothing")
        // The model [0, 1] against a to of three numbers: not an error, the switch at 0.5.
        try engine.addAnimation(basic("locations", to: .numbers([5, 6, 7]), duration: 1), forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(0.4)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([0, 1]))
        try engine.tick(0.6)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([5, 6, 7]))
    }

    @Test("bad values in an animation get a status naming the argument")
    func badAnimationValues() throws {
        let (engine, layer) = try Self.layer()
        do {
            try engine.addAnimation(basic("locations", from: .numbers([0, .nan])), forKey: nil, to: layer)
            Issue.record("a NaN number was taken")
        } catch {
            #expect(error.code == .notFinite && error.message.contains("fromValue[1]"))
        }
        do {
            try engine.addAnimation(basic("locations", to: .colors([Self.red])), forKey: nil, to: layer)
            Issue.record("colours for numbers were taken")
        } catch {
            #expect(error.code == .wrongKind)
        }
    }

    @Test("an implicit change animates from the presentation value to the new model value")
    func implicitAction() throws {
        let (engine, layer) = try Self.layer()
        try engine.setValue(.numbers([1, 1]), forKeyPath: "locations", of: layer)
        try engine.tick(0.01)
        let keys = try engine.animationKeys(of: layer)
        #expect(keys == ["locations"], "the property's name is the key")
        try engine.tick(0.01 + 0.125)
        let mid = try #require(try Self.shown(engine, "locations", layer)?.numbers)
        #expect(mid[0] > 0 && mid[0] < 1 && mid[1] == 1, "between the old [0, 1] and the new [1, 1]: \(mid)")
        try engine.tick(1)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([1, 1]))
        try engine.transaction(disableActions: true) {
            try engine.setValue(.numbers([2, 2]), forKeyPath: "locations", of: layer)
        }
        try engine.tick(1.1)
        #expect(try engine.animationKeys(of: layer).isEmpty, "disabled actions: no animation")
        #expect(try Self.shown(engine, "locations", layer) == .numbers([2, 2]))
    }

    @Test("removal gives every stored value back: adds and removes many, ticking between")
    func removalReleases() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        for round in 0..<50 {
            try engine.addAnimation(basic("path", from: .path(Self.square), to: .path(Self.bigSquare)), forKey: "p\(round % 3)", to: layer)
            try engine.addAnimation(Animation.keyframe("colors", values: [.colors([Self.red]), .colors([Self.blue])]), forKey: "c", to: layer)
            try engine.addAnimation(basic("locations", by: .numbers([1, 1])), forKey: "n", to: layer)
            try engine.tick(Double(round) * 0.1)
            if round % 7 == 0 { try engine.removeAllAnimations(from: layer) }
        }
        try engine.removeAllAnimations(from: layer)
        _ = try Self.shown(engine, "path", layer)  // (read before the tick: the retired values still hold)
        try engine.tick(100)
        #expect(try Self.live(engine) == before)
    }

    @Test("a kept final value is a copy the model owns; the ticks of a running animation allocate no store entry")
    func finalValueAndSteadyStore() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        var animation = basic("locations", from: .numbers([3, 3]), to: .numbers([5, 9]), duration: 1)
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: nil, to: layer)
        try engine.tick(0)
        let during = try Self.live(engine)
        #expect(during == before + 4, "from, to and the result buffers (the shown one and the one read at other times)")
        for step in 1..<10 { try engine.tick(Double(step) * 0.1) }
        #expect(try Self.live(engine) == during)
        try engine.tick(2)
        #expect(try engine.value(forKeyPath: "locations", of: layer) == .numbers([5, 9]))
        try engine.tick(2.1)
        #expect(try Self.live(engine) == before + 1, "only the model's copy remains")
    }

    @Test("an added animation reads back with its values")
    func readBack() throws {
        let (engine, layer) = try Self.layer()
        try engine.addAnimation(basic("colors", from: .colors([Self.red]), to: .colors([Self.blue])), forKey: "c", to: layer)
        let copy = try #require(try engine.animation(forKey: "c", of: layer))
        #expect(copy.basic?.fromValue == .colors([Self.red]) && copy.basic?.toValue == .colors([Self.blue]))
    }

    @Test("the typed Swift API animates Path, [Double] and [Color] properties")
    func typedAnimations() throws {
        let (engine, id) = try Self.layer()
        let layer = Layer(engine: engine, retaining: id)
        var path = Animation.basic(PropertyName<Path>("path"), from: Self.square, to: Self.bigSquare)
        path.timing.duration = 1
        var colours = Animation.keyframe(PropertyName<[Color]>("colors"), values: [[Self.red], [Self.blue]])
        colours.timing.duration = 1
        try layer.add(path, forKey: "p")
        try layer.add(colours, forKey: "c")
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try layer.presentationValue(PropertyName<Path>("path")).elements[1] == .line(x: 15, y: 0))
        let mid = Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.75)
        #expect(try layer.presentationValue(PropertyName<[Color]>("colors")) == [mid])
    }

    @Test("an evaluation at another time (an animator's reading) leaves the presentation as the tick computed it")
    func readingAtAnotherTime() throws {
        let (engine, layer) = try Self.layer()
        let animation = basic("locations", from: .numbers([0, 0]), to: .numbers([10, 10]), duration: 1)
        try engine.addAnimation(animation, forKey: nil, to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        let other = try engine.valueShownByFirstAnimation(of: layer, atLayerTime: 0.9)
        #expect(other == .numbers([9, 9]))
        #expect(try Self.shown(engine, "locations", layer) == .numbers([5, 5]))
    }

    @Test("an animation added in a transaction still open at a tick keeps showing the value it replaced")
    func replacedInAnOpenTransaction() throws {
        let (engine, layer) = try Self.layer()
        try engine.addAnimation(basic("path", from: .path(Self.square), to: .path(Self.bigSquare), duration: 1), forKey: "k", to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        let shown = try Self.shown(engine, "path", layer)
        try engine.beginTransaction()
        try engine.addAnimation(basic("path", from: .path(Self.bigSquare), to: .path(Self.square), duration: 1), forKey: "k", to: layer)
        try engine.tick(0.6)
        try engine.tick(0.7)
        #expect(try Self.shown(engine, "path", layer) == shown, "the replaced animation's last value, still held")
        try engine.commitTransaction()
        try engine.tick(0.8)
        try engine.tick(1.05)
        // Committed: the new animation runs, from the big square towards the small one.
        let moving = try #require(try Self.shown(engine, "path", layer)?.path)
        guard case .line(let x, _) = moving.elements[1] else {
            Issue.record("not a line: \(moving)")
            return
        }
        #expect(x > 10 && x < 20, "between the ends: \(x)")
        try engine.removeAllAnimations(from: layer)
        try engine.tick(2)
        #expect(try Self.live(engine) == 2, "the class's defaults alone")
    }

    @Test("a path of closes alone (no numbers) is stored, read and animated")
    func pathWithoutNumbers() throws {
        let (engine, layer) = try Self.layer()
        let closes = Path([.close, .close])
        try engine.setValue(.path(closes), forKeyPath: "path", of: layer)
        #expect(try engine.value(forKeyPath: "path", of: layer) == .path(closes))
        try engine.addAnimation(basic("path", from: .path(closes), to: .path(closes), duration: 1), forKey: nil, to: layer)
        try engine.tick(0.5)
        try engine.tick(0.75)
        #expect(try Self.shown(engine, "path", layer) == .path(closes))
    }

    @Test("an implicit change in an additive transaction is not additive for these kinds, and follows its duration")
    func implicitActionIgnoresAdditive() throws {
        let (engine, layer) = try Self.layer()
        try engine.beginTransaction()
        try engine.modifyTransaction {
            $0.additiveImplicitAnimations = true
            $0.animationDuration = 2
        }
        try engine.setValue(.numbers([1, 1]), forKeyPath: "locations", of: layer)
        try engine.commitTransaction()
        try engine.tick(0.01)
        #expect(try engine.animationKeys(of: layer) == ["locations"], "under the property's name, not an additive key")
        let added = try #require(try engine.animation(forKey: "locations", of: layer))
        #expect(!added.isAdditive && added.timing.duration == 2)
        #expect(added.basic?.fromValue == .numbers([0, 1]), "from the presentation value")
    }

    @Test("a group's child animates numbers in the group's time; the group's removal gives its values back")
    func inAGroup() throws {
        let (engine, layer) = try Self.layer()
        let before = try Self.live(engine)
        var group = Animation.group([basic("locations", from: .numbers([0, 0]), to: .numbers([4, 8]), duration: 2)])
        group.timing.duration = 1
        try engine.addAnimation(group, forKey: "g", to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([1, 2]), "a quarter of the child's 2 s")
        try engine.tick(1.5)
        try engine.tick(1.6)
        #expect(try Self.shown(engine, "locations", layer) == .numbers([0, 1]), "removed with the group: the model")
        #expect(try Self.live(engine) == before)
    }
}

/// The store's memo of proven shapes (`VariableValues.ShapeProof`): a buffer written again with
/// the same operands skips the shape work only while no operand and not the buffer changed
/// shape — entries freed and reused under the same index included; an interpolation resolved
/// once (`VariableValues.resolveInterpolation`) skips it for good.
@Suite("Variable values: a buffer's proven shapes")
struct VariableShapeProofTests {
    static let square = VariableAnimationTests.square
    static let bigSquare = VariableAnimationTests.bigSquare
    static let triangle = Path([.move(x: 0, y: 0), .line(x: 8, y: 0), .quadCurve(cx: 8, cy: 8, x: 0, y: 8), .close])

    @Test("the same operands into the same buffer, tick after tick: the interpolation of the ends")
    func repeated() {
        let store = VariableValues()
        let (a, b) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
        let buffer = store.makeBuffer(.path, like: a)
        for fraction in [0.25, 0.5, 0.25, 1] {
            let result = store.interpolate(.path, from: a, to: b, fraction: fraction, into: buffer)
            #expect(result == buffer)
            #expect(store.value(.path, slot: result) == VariableInterpolation.interpolate(
                from: .path(Self.square), to: .path(Self.bigSquare), fraction: fraction))
        }
    }

    @Test("an operand freed and its index reused by a value of another shape: the half-way switch, not the old shape")
    func reusedOperand() {
        let store = VariableValues()
        let (a, b) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
        let buffer = store.makeBuffer(.path, like: a)
        _ = store.interpolate(.path, from: a, to: b, fraction: 0.25, into: buffer)
        store.release(b)
        let c = store.store(.path(Self.triangle))
        #expect(c == b, "the store reuses the freed index (last freed first)")
        #expect(store.interpolate(.path, from: a, to: c, fraction: 0.25, into: buffer) == a)
        #expect(store.interpolate(.path, from: a, to: c, fraction: 0.75, into: buffer) == c)
        // Back to a value of the first shape under that index: interpolated again, in the buffer.
        store.release(c)
        let d = store.store(.path(Self.bigSquare))
        #expect(d == b)
        let result = store.interpolate(.path, from: a, to: d, fraction: 0.5, into: buffer)
        #expect(result == buffer)
        #expect(store.value(.path, slot: result) == VariableInterpolation.interpolate(
            from: .path(Self.square), to: .path(Self.bigSquare), fraction: 0.5))
    }

    @Test("the buffer as an operand (sums accumulated in place), the table grown between calls, the buffer's kind changed")
    func ownOperandGrowthAndKind() {
        let store = VariableValues()
        let (a, b) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
        let buffer = store.makeBuffer(.path, like: a)
        _ = store.interpolate(.path, from: a, to: a, fraction: 0, into: buffer)
        for _ in 0..<3 { _ = store.add(.path, buffer, a, into: buffer) }
        let fourTimes = Path([.move(x: 0, y: 0), .line(x: 40, y: 0), .line(x: 40, y: 40), .close])
        #expect(store.value(.path, slot: buffer) == .path(fourTimes))
        _ = store.interpolate(.path, from: a, to: b, fraction: 0.5, into: buffer)
        // More entries than the table's first room: the entries move, their proofs with them.
        let more = (0..<40).map { _ in store.store(.numbers([1, 2, 3])) }
        let expected = VariableInterpolation.interpolate(from: .path(Self.square), to: .path(Self.bigSquare), fraction: 0.25)
        #expect(store.value(.path, slot: store.interpolate(.path, from: a, to: b, fraction: 0.25, into: buffer)) == expected)
        // The same buffer used for numbers: its kind changes, and back.
        let sum = store.add(.numbers, more[0], more[1], into: buffer)
        #expect(sum == buffer && store.value(.numbers, slot: sum) == .numbers([2, 4, 6]))
        #expect(store.value(.path, slot: store.interpolate(.path, from: a, to: b, fraction: 0.25, into: buffer)) == expected)
    }

    @Test("the buffer reshaped by another operation between two calls: shaped again for the next")
    func reshapedBuffer() {
        let store = VariableValues()
        let (a, b) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
        let (t, u) = (store.store(.path(Self.triangle)), store.store(.path(Self.triangle)))
        let buffer = store.makeBuffer(.path, like: a)
        _ = store.interpolate(.path, from: a, to: b, fraction: 0.5, into: buffer)
        let sum = store.add(.path, t, u, into: buffer)
        let doubled = Path([.move(x: 0, y: 0), .line(x: 16, y: 0), .quadCurve(cx: 16, cy: 16, x: 0, y: 16), .close])
        #expect(sum == buffer && store.value(.path, slot: sum) == .path(doubled))
        let again = store.interpolate(.path, from: a, to: b, fraction: 0.5, into: buffer)
        let expected = VariableInterpolation.interpolate(from: .path(Self.square), to: .path(Self.bigSquare), fraction: 0.5)
        #expect(store.value(.path, slot: again) == expected)
        // A bezier point (which records no proof) shapes the buffer as the triangle; the same
        // interpolation as before must shape it back, its old proof notwithstanding.
        // (A segment whose four points are the triangle's coordinates: its point is the triangle.)
        let curve = store.store(.numbers(Array(repeating: [0, 0, 8, 0, 8, 8, 0, 8] as [Double], count: 4).flatMap { $0 }))
        let point = store.bezier(.path, curve: curve, like: t, at: 0.5, into: buffer)
        #expect(point == buffer && store.value(.path, slot: point) == .path(Self.triangle))
        #expect(store.value(.path, slot: store.interpolate(.path, from: a, to: b, fraction: 0.5, into: buffer)) == expected)
    }

    @Test("an interpolation resolved once writes what interpolate writes, while the table and the arenas grow; none for other shapes")
    func resolvedInterpolation() throws {
        let store = VariableValues()
        let (a, b) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
        let buffer = store.makeBuffer(.path, like: b)
        let resolved = try #require(store.resolveInterpolation(.path, from: a, to: b, into: buffer))
        let check = store.makeBuffer(.path, like: b)
        for fraction in [0.25, 0.5, 1, 0] {
            resolved.interpolate(.path, fraction: fraction)
            let expected = store.interpolate(.path, from: a, to: b, fraction: fraction, into: check)
            #expect(store.value(.path, slot: buffer) == store.value(.path, slot: expected))
            _ = (0..<40).map { _ in store.store(.numbers(Array(repeating: fraction, count: 300))) }
        }
        // Kept in slots and read back: the same runs.
        let slots = UnsafeMutablePointer<Double>.allocate(capacity: ResolvedInterpolation.slotCount)
        defer { slots.deallocate() }
        ResolvedInterpolation.write(resolved, into: slots)
        let kept = try #require(ResolvedInterpolation(slots: slots))
        #expect(kept.from == resolved.from && kept.to == resolved.to && kept.result == resolved.result && kept.count == 6)
        ResolvedInterpolation.write(nil, into: slots)
        #expect(ResolvedInterpolation(slots: slots) == nil)
        // Other shapes (the half-way switch instead), no buffer: nothing resolved. Two empty
        // arrays: resolved, with nothing to write.
        let t = store.store(.path(Self.triangle))
        #expect(store.resolveInterpolation(.path, from: a, to: t, into: buffer) == nil)
        #expect(store.resolveInterpolation(.path, from: a, to: b, into: 0) == nil)
        let empty = store.makeBuffer(.numbers, like: 0)
        #expect(store.resolveInterpolation(.numbers, from: 0, to: 0, into: empty)?.count == 0)
    }
}
