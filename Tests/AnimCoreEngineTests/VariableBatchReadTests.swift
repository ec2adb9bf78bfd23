import Testing

@testable import AnimCore

/// Batch reads of paths and arrays (`Engine.readVariableValues`, the public
/// `presentationValues(_:of:)` for these kinds, `presentationPathCoordinates(_:of:)`) equal the single reads, for model-only and
/// animated layers (basic, keyframe, spring, additive) of mixed element counts; their refusals
/// name the layer; the store's counts (`variableValueCounts`) come back once animations are
/// removed and layers released.
@Suite("Batch reads of paths and arrays; the value store's counts")
struct VariableBatchReadTests {
    static let layerCount = 15
    static let kinds: [(String, ValueKind)] = [("path", .path), ("locations", .numbers), ("colors", .colors)]

    /// An engine with `layerCount` layers of a class declaring path, locations and colors
    /// (empty defaults), their models set, unanimated.
    static func modelWorld() throws -> (Engine, [LayerID]) {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "Shape",
            properties: [
                PropertyDescriptor("path", default: .path(Path())),
                PropertyDescriptor("locations", default: .numbers([])),
                PropertyDescriptor("colors", default: .colors([])),
            ])
        var layers: [LayerID] = []
        for i in 0..<layerCount {
            let layer = try engine.makeLayerHandle(klass)
            try setModels(engine, layer, i)
            layers.append(layer)
        }
        try engine.tick(0)
        return (engine, layers)
    }

    /// Layer i's models: a square, a curve or no path; i % 7 numbers; i % 4 colours.
    static func setModels(_ engine: Engine, _ layer: LayerID, _ i: Int) throws {
        let x = Double(i)
        let path: Path = switch i % 3 {
        case 1: Path([.move(x: x, y: 0), .line(x: 10, y: x), .line(x: 10, y: 10), .close])
        case 2: Path([.move(x: -x, y: 1), .curve(c1x: 3, c1y: x, c2x: 5, c2y: 6, x: 7, y: 8), .quadCurve(cx: 1, cy: 2, x: x, y: 4)])
        default: Path()
        }
        try engine.setValue(.path(path), forKeyPath: "path", of: layer)
        try engine.setValue(.numbers((0..<(i % 7)).map { 0.1 * Double($0) + 0.01 * x }), forKeyPath: "locations", of: layer)
        let colours = (0..<(i % 4)).map { Color(red: 0.1 * Double($0), green: 0.05 * x, blue: 0.5, alpha: 1) }
        try engine.setValue(.colors(colours), forKeyPath: "colors", of: layer)
    }

    /// Layer i's animation by i % 5: none; a basic path; keyframe locations; a spring of
    /// colours; an additive basic of locations (the model's shape).
    static func animate(_ engine: Engine, _ layer: LayerID, _ i: Int) throws {
        var animation: Animation
        switch i % 5 {
        case 1:
            let end = Path([.move(x: 5, y: 5), .line(x: 30, y: 20), .line(x: 0, y: 10), .close])
            animation = basic("path", to: .path(end), duration: 2)
        case 2:
            animation = .keyframe("locations", values: [.numbers([0, 0.5, 1]), .numbers([0.25, 0.5, 0.75]), .numbers([1, 0.5, 0])])
        case 3:
            let from = Value.colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
            let to = Value.colors([Color(red: 0, green: 1, blue: 0), Color(red: 1, green: 1, blue: 0, alpha: 0.5)])
            animation = .spring("colors", from: from, to: to, spring: Spring(mass: 1, stiffness: 100, damping: 5))
        case 4:
            let count = i % 7
            animation = basic("locations", from: .numbers(Array(repeating: 0, count: count)), to: .numbers((0..<count).map { Double($0 + 1) }), duration: 2)
            animation.isAdditive = true
        default:
            return
        }
        animation.timing.duration = 2
        try engine.addAnimation(animation, forKey: "a", to: layer)
    }

    /// `modelWorld` with every layer animated, ticked into the animations.
    static func animatedWorld() throws -> (Engine, [LayerID]) {
        let (engine, layers) = try modelWorld()
        for (i, layer) in layers.enumerated() { try animate(engine, layer, i) }
        try engine.tick(0.01)
        try engine.tick(0.7)
        return (engine, layers)
    }

    /// The batch read of `key` as values, one per layer.
    static func batch(_ engine: Engine, _ key: String, _ kind: ValueKind, _ layers: [LayerID]) throws -> [Value] {
        var values: [Value] = []
        try layers.withUnsafeBufferPointer { (handles) throws in
            try engine.readVariableValues(forKey: engine.key(key), of: handles, presentation: true, expecting: kind) { index, run in
                #expect(index == values.count)
                values.append(run.value(kind))
            }
        }
        return values
    }

    @Test("the batch equals the single reads, model-only and animated, mixed element counts", arguments: [false, true])
    func batchEqualsSingle(animated: Bool) throws {
        let (engine, layers) = try animated ? Self.animatedWorld() : Self.modelWorld()
        for (key, kind) in Self.kinds {
            let values = try Self.batch(engine, key, kind, layers)
            let singles = try layers.map { try engine.presentationValue(forKeyPath: key, of: $0) }
            #expect(values == singles, "\(key)")
            #expect(Set(values.map { $0.elementCount ?? -1 }).count > 2, "mixed element counts")
            // The single read in place gives the same memory's contents.
            for (index, layer) in layers.enumerated() {
                let single = try engine.readVariableValue(forKey: engine.key(key), of: layer, presentation: true, expecting: kind) {
                    $0.value(kind)
                }
                #expect(single == values[index])
            }
        }
        if animated {
            let shown = try Self.batch(engine, "locations", .numbers, layers)
            let model = try engine.value(forKeyPath: "locations", of: layers[2])
            #expect(shown[2].elementCount == 3 && model?.elementCount == 2, "the keyframes' shape, not the model's")
        }
    }

    @Test("the public presentationValues reads Path, [Double] and [Color] for many layers")
    func publicBatch() throws {
        let (engine, ids) = try Self.animatedWorld()
        let layers = ids.map { Layer(engine: engine, retaining: $0) }
        let paths = try engine.presentationValues(PropertyName<Path>("path"), of: layers)
        let numbers = try engine.presentationValues(PropertyName<[Double]>("locations"), of: layers)
        let colours = try engine.presentationValues(PropertyName<[Color]>("colors"), of: layers)
        for (index, layer) in layers.enumerated() {
            #expect(paths[index] == (try layer.presentationValue(PropertyName<Path>("path"))))
            #expect(numbers[index] == (try layer.presentationValue(PropertyName<[Double]>("locations"))))
            #expect(colours[index] == (try layer.presentationValue(PropertyName<[Color]>("colors"))))
        }
        #expect(try engine.presentationValues(PropertyName<Path>("path"), of: []) == [])
        #expect(throws: AnimCoreError.self) { try engine.presentationValues(PropertyName<Path>("locations"), of: layers) }
        do {
            _ = try engine.presentationValues(PropertyName<[Double]>("path"), of: layers)
            Issue.record("a path read as numbers")
        } catch {
            #expect(error.code == .wrongKind && error.message.hasPrefix("layers[0]: "))
        }
        let foreign = Layer(engine: Engine(), retaining: try Engine().makeLayerHandle())
        #expect(throws: AnimCoreError.self) { try engine.presentationValues(PropertyName<Path>("path"), of: [layers[0], foreign]) }
    }

    @Test("the public presentationPathCoordinates packs each path's coordinates, those of its elements")
    func publicPathCoordinates() throws {
        let (engine, ids) = try Self.animatedWorld()
        let layers = ids.map { Layer(engine: engine, retaining: $0) }
        let packed = try engine.presentationPathCoordinates(PropertyName<Path>("path"), of: layers)
        let paths = try engine.presentationValues(PropertyName<Path>("path"), of: layers)
        #expect(packed.offsets.count == layers.count + 1 && packed.offsets.first == 0)
        #expect(packed.offsets.last == packed.coordinates.count)
        for (index, path) in paths.enumerated() {
            let coordinates = Array(packed.coordinates[packed.offsets[index]..<packed.offsets[index + 1]])
            #expect(coordinates == path.elements.flatMap(\.coordinates), "layers[\(index)]")
        }
        #expect(Set(paths.map { $0.elements.flatMap(\.coordinates).count }).count > 2, "mixed coordinate counts")
        let empty = try engine.presentationPathCoordinates(PropertyName<Path>("path"), of: [])
        #expect(empty.coordinates.isEmpty && empty.offsets == [0])
        do {
            _ = try engine.presentationPathCoordinates(PropertyName<Path>("locations"), of: layers)
            Issue.record("numbers read as a path's coordinates")
        } catch {
            #expect(error.code == .wrongKind && error.message.hasPrefix("layers[0]: "))
        }
        let foreign = Layer(engine: Engine(), retaining: try Engine().makeLayerHandle())
        #expect(throws: AnimCoreError.self) { try engine.presentationPathCoordinates(PropertyName<Path>("path"), of: [layers[0], foreign]) }
    }

    @Test("refusals stop at the layer that fails: wrong kind, bad handle, unknown key")
    func refusals() throws {
        let (engine, layers) = try Self.animatedWorld()
        let other = try engine.makeLayerClass(name: "Other", properties: [PropertyDescriptor("locations", default: .scalar(0))])
        let mixed = [layers[1], layers[2], try engine.makeLayerHandle(other)]
        let gone = try engine.makeLayerHandle()
        try engine.release(gone)
        let plain = try engine.makeLayerHandle()
        let cases: [([LayerID], String, Int, Int, AnimCoreError.Code)] = [
            (mixed, "locations", 2, 0, .wrongKind),
            ([layers[0], gone], "locations", 1, -1, .badHandle),
            ([layers[0], plain], "locations", 1, 0, .unknownKey),
            (layers, "path", 0, 0, .wrongKind),
        ]
        for (batch, key, index, keyIndex, code) in cases {
            var seen = 0
            do {
                try batch.withUnsafeBufferPointer { (handles) throws in
                    try engine.readVariableValues(forKey: engine.key(key), of: handles, presentation: true, expecting: .numbers) { _, _ in
                        seen += 1
                    }
                }
                Issue.record("\(key) read")
            } catch let failure as BatchReadFailure {
                #expect(failure.index == index && failure.key == keyIndex && failure.error.code == code, "\(failure)")
                #expect(seen == index, "the layers before it were read")
            }
        }
    }

    @Test("the store's counts come back once animations are removed and layers released")
    func storeCounts() throws {
        let engine = Engine()
        let start = try engine.variableValueCounts()
        engine.invalidate()
        #expect(throws: AnimCoreError.self) { try engine.variableValueCounts() }
        let (world, layers) = try Self.modelWorld()
        let models = try world.variableValueCounts()
        #expect(models.values > start.values && models.numbers > start.numbers)
        for (i, layer) in layers.enumerated() { try Self.animate(world, layer, i) }
        try world.tick(0.5)
        let animated = try world.variableValueCounts()
        #expect(animated.values > models.values && animated.numbers > models.numbers)
        for layer in layers { try world.removeAllAnimations(from: layer) }
        try world.tick(0.6)
        #expect(try world.variableValueCounts() == models)
        for (i, layer) in layers.enumerated() { try Self.animate(world, layer, i) }
        try world.tick(0.7)
        for layer in layers { try world.release(layer) }
        try world.tick(0.8)
        #expect(try world.variableValueCounts() == start)
    }
}
