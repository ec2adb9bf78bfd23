import Testing

@testable import AnimCore

/// The variable-length kinds (path, numbers, colors): model values of custom classes, their
/// defaults, snapshots, the store's ownership (a replaced value or a destroyed layer gives its
/// storage back), the checks of bad input, and the calls that refuse them with a message.
/// Their animations: `VariableAnimationTests`.
@Suite("Variable-length value kinds: paths, numbers and colours")
struct VariableValueKindTests {
    static let triangle = Path([.move(x: 0, y: 0), .line(x: 10, y: 0), .line(x: 5, y: 8), .close])
    static let curve = Path([.move(x: 1, y: 2), .curve(c1x: 3, c1y: 4, c2x: 5, c2y: 6, x: 7, y: 8)])
    static let gradient: [Color] = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)]

    /// An engine with a class declaring a path, a numbers and a colors property (the colours
    /// defaulting to `gradient`), and a layer of it.
    static func shapeLayer() throws -> (Engine, LayerID) {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "Shape",
            properties: [
                PropertyDescriptor("path", default: .path(Path())),
                PropertyDescriptor("locations", default: .numbers([0, 1])),
                PropertyDescriptor("colors", default: .colors(gradient)),
            ])
        return (engine, try engine.makeLayerHandle(klass))
    }

    static func liveValues(_ engine: Engine) throws -> Int {
        try engine.variableValueCounts().values
    }

    @Test("defaults read back; set values read back as model and presentation, in snapshots")
    func modelRoundTrip() throws {
        let (engine, layer) = try Self.shapeLayer()
        #expect(try engine.value(forKeyPath: "path", of: layer) == .path(Path()))
        #expect(try engine.value(forKeyPath: "locations", of: layer) == .numbers([0, 1]))
        #expect(try engine.value(forKeyPath: "colors", of: layer) == .colors(Self.gradient))
        try engine.setValue(.path(Self.triangle), forKeyPath: "path", of: layer)
        try engine.setValue(.numbers([0, 0.25, 1]), forKeyPath: "locations", of: layer)
        try engine.tick(1)
        #expect(try engine.value(forKeyPath: "path", of: layer)?.path == Self.triangle)
        #expect(try engine.presentationValue(forKeyPath: "path", of: layer)?.path == Self.triangle)
        #expect(try engine.presentationValue(forKeyPath: "locations", of: layer)?.numbers == [0, 0.25, 1])
        let snapshot = try engine.snapshot(of: layer, presentation: true)
        let byName = Dictionary(uniqueKeysWithValues: try snapshot.map { (try engine.name(of: $0.key), $0.value) })
        #expect(byName["path"] == .path(Self.triangle))
        #expect(byName["locations"] == .numbers([0, 0.25, 1]))
        #expect(byName["colors"] == .colors(Self.gradient))
    }

    @Test("typed names: Path, [Double] and [Color] are property values")
    func typedNames() throws {
        let (engine, id) = try Self.shapeLayer()
        let layer = Layer(engine: engine, retaining: id)
        try layer.setValue(Self.curve, for: PropertyName<Path>("path"))
        try layer.setValue([0.5], for: PropertyName<[Double]>("locations"))
        #expect(try layer.value(PropertyName<Path>("path")) == Self.curve)
        #expect(try layer.value(PropertyName<[Double]>("locations")) == [0.5])
        #expect(try layer.value(PropertyName<[Color]>("colors")) == Self.gradient)
        #expect(Value.numbers([1, 2]).elementCount == 2 && Value.scalar(1).elementCount == nil)
    }

    @Test("storage: a replaced value and a destroyed layer's values are given back; defaults are shared")
    func releasingStorage() throws {
        let (engine, layer) = try Self.shapeLayer()
        let pinned = try Self.liveValues(engine)  // the class defaults (empty ones take none)
        #expect(pinned == 2)
        try engine.setValue(.path(Self.triangle), forKeyPath: "path", of: layer)
        #expect(try Self.liveValues(engine) == pinned + 1)
        try engine.setValue(.path(Self.curve), forKeyPath: "path", of: layer)
        try engine.setValue(.path(Self.curve), forKeyPath: "path", of: layer)  // equal: no change
        #expect(try Self.liveValues(engine) == pinned + 1)
        try engine.setValue(.path(Path()), forKeyPath: "path", of: layer)  // empty: no storage
        #expect(try Self.liveValues(engine) == pinned)
        try engine.setValue(.colors([]), forKeyPath: "colors", of: layer)  // the default stays
        #expect(try Self.liveValues(engine) == pinned)
        try engine.setValue(.numbers([1, 2, 3]), forKeyPath: "locations", of: layer)
        #expect(try Self.liveValues(engine) == pinned + 1)
        try engine.release(layer)
        #expect(try Self.liveValues(engine) == pinned)
    }

    @Test("bad values: not finite, too many elements, the wrong kind; each names the argument")
    func badValues() throws {
        let (engine, layer) = try Self.shapeLayer()
        func code(_ body: () throws -> Void) -> (AnimCoreError.Code?, String) {
            do { try body() } catch let error as AnimCoreError { return (error.code, error.message) } catch { return (nil, "") }
            return (nil, "")
        }
        let nan = code { try engine.setValue(.path(Path([.move(x: 0, y: .nan)])), forKeyPath: "path", of: layer) }
        #expect(nan.0 == .notFinite && nan.1.contains("path[0] has nan"))
        let inf = code { try engine.setValue(.numbers([0, .infinity]), forKeyPath: "locations", of: layer) }
        #expect(inf.0 == .notFinite && inf.1.contains("locations[1]"))
        let colour = code {
            try engine.setValue(.colors([Color(red: 0, green: .nan, blue: 0)]), forKeyPath: "colors", of: layer)
        }
        #expect(colour.0 == .notFinite && colour.1.contains("colors[0].v[1]"))
        let many = [Double](repeating: 0, count: ValueKind.maximumElementCount + 1)
        let tooMany = code { try engine.setValue(.numbers(many), forKeyPath: "locations", of: layer) }
        #expect(tooMany.0 == .outOfRange && tooMany.1.contains("65536"))
        let kind = code { try engine.setValue(.numbers([1]), forKeyPath: "path", of: layer) }
        #expect(kind.0 == .wrongKind)
        #expect(try engine.value(forKeyPath: "path", of: layer) == .path(Path()), "nothing changed")
    }

    @Test("velocities and batch tables refuse these kinds with a message")
    func refusals() throws {
        let (engine, layer) = try Self.shapeLayer()
        do {
            _ = try engine.presentationVelocity(forKeyPath: "locations", of: layer)
            Issue.record("a velocity of numbers was given")
        } catch {
            #expect(error.code == .wrongKind)
        }
        let layers = [layer]
        var output = [Double](repeating: 0, count: 4)
        let key = try engine.key("colors")
        layers.withUnsafeBufferPointer { buffer in
            output.withUnsafeMutableBufferPointer { out in
                do throws(BatchReadFailure) {
                    try engine.readPresentationValues(forKey: key, of: buffer, expecting: .colors, into: out.baseAddress!)
                    Issue.record("a batch read of colours was answered")
                } catch {
                    #expect(error.error.code == .wrongKind && error.error.message.contains("batch"))
                }
            }
        }
    }

    @Test("an implicit change animates, and ends at the new value")
    func implicitChange() throws {
        let (engine, layer) = try Self.shapeLayer()
        try engine.tick(0)
        try engine.setValue(.numbers([0.2, 0.8]), forKeyPath: "locations", of: layer)
        try engine.tick(0.1)
        #expect(try engine.value(forKeyPath: "locations", of: layer) == .numbers([0.2, 0.8]))
        #expect(try engine.presentationValue(forKeyPath: "locations", of: layer) != .numbers([0.2, 0.8]))
        try engine.tick(0.5)
        #expect(try engine.presentationValue(forKeyPath: "locations", of: layer) == .numbers([0.2, 0.8]))
    }
}

/// The interpolation rules of paths and arrays (`VariableInterpolation`): element by element
/// with the scalar and colour rules for the same shape; the discrete switch half way otherwise;
/// the mismatch messages an add names.
@Suite("Variable-length interpolation")
struct VariableInterpolationTests {
    @Test("paths of the same element types interpolate point by point, controls included")
    func paths() {
        let a = Path([.move(x: 0, y: 0), .quadCurve(cx: 2, cy: 2, x: 4, y: 0), .close])
        let b = Path([.move(x: 10, y: 0), .quadCurve(cx: 12, cy: 6, x: 14, y: 4), .close])
        let mid = VariableInterpolation.interpolate(from: .path(a), to: .path(b), fraction: 0.5)
        #expect(mid == .path(Path([.move(x: 5, y: 0), .quadCurve(cx: 7, cy: 4, x: 9, y: 2), .close])))
        #expect(VariableInterpolation.interpolate(from: .path(a), to: .path(b), fraction: 0) == .path(a))
        #expect(VariableInterpolation.interpolate(from: .path(a), to: .path(b), fraction: 1) == .path(b))
        let over = VariableInterpolation.interpolate(from: .path(a), to: .path(b), fraction: 1.5)
        #expect(over.path?.elements[0] == .move(x: 15, y: 0), "extrapolates as the scalar rule does")
    }

    @Test("arrays of the same count interpolate number by number and colour by colour")
    func arrays() {
        #expect(VariableInterpolation.interpolate(from: .numbers([0, 1]), to: .numbers([1, 3]), fraction: 0.25)
            == .numbers([0.25, 1.5]))
        let from = Value.colors([Color(red: 1, green: 0, blue: 0, alpha: 1)])
        let to = Value.colors([Color(red: 0, green: 0, blue: 1, alpha: 0)])
        #expect(VariableInterpolation.interpolate(from: from, to: to, fraction: 0.5)
            == .colors([Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)]))
    }

    @Test("different shapes switch half way, as bool and token do")
    func mismatchSwitches() {
        let three = Value.numbers([0, 0.5, 1]), two = Value.numbers([0, 1])
        #expect(VariableInterpolation.interpolate(from: three, to: two, fraction: 0.49) == three)
        #expect(VariableInterpolation.interpolate(from: three, to: two, fraction: 0.5) == two)
        #expect(VariableInterpolation.interpolate(from: three, to: two, fraction: .nan) == three)
        let line = Value.path(Path([.move(x: 0, y: 0), .line(x: 1, y: 1)]))
        let quad = Value.path(Path([.move(x: 0, y: 0), .quadCurve(cx: 1, cy: 0, x: 1, y: 1)]))
        #expect(!VariableInterpolation.haveSameShape(line, quad))
        #expect(VariableInterpolation.interpolate(from: line, to: quad, fraction: 0.7) == quad)
    }

    @Test("mismatch messages name both arguments and what differs")
    func messages() {
        let four = Value.path(Path([.move(x: 0, y: 0), .line(x: 1, y: 0), .line(x: 1, y: 1), .close]))
        let three = Value.path(Path([.move(x: 0, y: 0), .line(x: 1, y: 0), .close]))
        #expect(VariableInterpolation.shapeMismatch(three, "toValue", against: four, "fromValue")
            == "toValue has 3 path elements where fromValue has 4")
        let curve = Value.path(Path([.move(x: 0, y: 0), .curve(c1x: 0, c1y: 0, c2x: 1, c2y: 1, x: 1, y: 0), .close]))
        #expect(VariableInterpolation.shapeMismatch(curve, "values[1]", against: three, "values[0]")
            == "values[1].elements[1] is a curve where values[0] has a line")
        #expect(VariableInterpolation.shapeMismatch(.numbers([1]), "byValue", against: .numbers([2]), "fromValue") == nil)
    }
}
