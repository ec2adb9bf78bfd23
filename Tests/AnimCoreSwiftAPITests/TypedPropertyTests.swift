import Testing

import AnimCore

/// Typed property names: reads and writes of every kind, the subscript, key paths into values,
/// the errors for a wrong type or an unknown name, presentation values and velocity, the batch
/// read, and classes declared with typed names.
@Suite("Swift API: typed properties")
struct TypedPropertyTests {
    static let number = PropertyName<Double>("number")
    static let point = PropertyName<Point>("point")
    static let size = PropertyName<Size>("size")
    static let rect = PropertyName<Rect>("rect")
    static let vector = PropertyName<Vector3>("vector")
    static let color = PropertyName<Color>("color")
    static let affine = PropertyName<AffineTransform>("affine")
    static let matrix = PropertyName<Transform3D>("matrix")
    static let flag = PropertyName<Bool>("flag")
    static let count = PropertyName<Int64>("count")
    static let token = PropertyName<Token>("token")

    /// A class with one typed property of every kind.
    static func everyKind(_ engine: Engine, strict: Bool? = nil) throws -> LayerClassID {
        try engine.makeLayerClass(
            "EveryKind",
            properties: [
                PropertyDescriptor(number, default: 1.5),
                PropertyDescriptor(point, default: Point(x: 1, y: 2)),
                PropertyDescriptor(size, default: Size(width: 3, height: 4)),
                PropertyDescriptor(rect, default: Rect(x: 1, y: 2, width: 3, height: 4)),
                PropertyDescriptor(vector, default: Vector3(x: 1, y: 2, z: 3)),
                PropertyDescriptor(color, default: Color(red: 0.1, green: 0.2, blue: 0.3)),
                PropertyDescriptor(affine, default: AffineTransform(translationX: 4, y: 5)),
                PropertyDescriptor(matrix, default: Transform3D(scaleX: 2, y: 2, z: 1)),
                PropertyDescriptor(flag, default: true),
                PropertyDescriptor(count, default: 7),
                PropertyDescriptor(token, default: Token(rawValue: 42)),
            ],
            strict: strict)
    }

    @Test("typed descriptors declare the kind and default of their type")
    func descriptors() throws {
        let engine = Engine()
        let properties = try engine.properties(of: try Self.everyKind(engine))
        let own = Array(properties.suffix(11))
        #expect(own.map(\.name) == ["number", "point", "size", "rect", "vector", "color", "affine", "matrix", "flag", "count", "token"])
        #expect(own.map(\.kind) == [.scalar, .point, .size, .rect, .vector3, .color, .affineTransform, .transform3D, .bool, .integer, .token])
        #expect(own[1].defaultValue == .point(x: 1, y: 2))
        #expect(own[10].defaultValue == .token(42))
        #expect(own.allSatisfy { $0.isAnimatable && !$0.needsDisplay })
        let quiet = PropertyDescriptor(Self.number, default: 0, animatable: false, needsDisplay: true)
        #expect(!quiet.isAnimatable && quiet.needsDisplay && quiet.defaultValue == .scalar(0))
    }

    @Test("every kind reads its default, takes a new value and reads it back, model and presentation alike")
    func roundTrips() throws {
        let engine = Engine()
        let layer = try engine.makeLayer(try Self.everyKind(engine))
        #expect(try layer.value(Self.number) == 1.5)
        #expect(try layer.value(Self.rect) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try layer[Self.token] == Token(rawValue: 42))

        try layer.setValue(-2.5, for: Self.number)
        try layer.setValue(Point(x: -1, y: 9), for: Self.point)
        try layer.setValue(Size(width: 8, height: 0.5), for: Self.size)
        try layer.setValue(Rect(origin: Point(x: 5, y: 6), size: Size(width: 7, height: 8)), for: Self.rect)
        try layer.setValue(Vector3(x: -3, y: 0, z: 3), for: Self.vector)
        try layer.setValue(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25), for: Self.color)
        try layer.setValue(AffineTransform(rotationAngle: 0.5), for: Self.affine)
        try layer.setValue(Transform3D(translationX: 1, y: 2, z: 3), for: Self.matrix)
        try layer.setValue(false, for: Self.flag)
        try layer.setValue(Int64.min, for: Self.count)
        try layer.setValue(Token(rawValue: .max), for: Self.token)

        #expect(try layer.value(Self.number) == -2.5)
        #expect(try layer.presentationValue(Self.number) == -2.5)
        #expect(try layer.value(Self.point) == Point(x: -1, y: 9))
        #expect(try layer.presentationValue(Self.point) == Point(x: -1, y: 9))
        #expect(try layer[Self.size] == Size(width: 8, height: 0.5))
        #expect(try layer[Self.rect] == Rect(x: 5, y: 6, width: 7, height: 8))
        #expect(try layer[Self.vector] == Vector3(x: -3, y: 0, z: 3))
        #expect(try layer[Self.color] == Color(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(try layer[Self.affine] == AffineTransform(rotationAngle: 0.5))
        #expect(try layer[Self.matrix] == Transform3D(translationX: 1, y: 2, z: 3))
        #expect(try layer[Self.flag] == false)
        #expect(try layer[Self.count] == Int64.min)
        #expect(try layer[Self.token] == Token(rawValue: .max))
        #expect(try layer.presentationValue(Self.token) == Token(rawValue: .max))
    }

    @Test("the built-in properties have their CALayer types and defaults")
    func builtIns() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        #expect(try layer[.bounds] == .zero)
        #expect(try layer[.position] == .zero)
        #expect(try layer[.anchorPoint] == Point(x: 0.5, y: 0.5))
        #expect(try layer[.opacity] == 1)
        #expect(try layer[.transform] == .identity)
        #expect(try layer[.isHidden] == false)
        #expect(try layer[.isDoubleSided] == true)
        #expect(try layer[.backgroundColor] == .clear)
        #expect(try layer[.borderColor] == .black)
        #expect(try layer[.shadowOffset] == Size(width: 0, height: -3))
        #expect(try layer[.shadowRadius] == 3)
        #expect(try layer[.contentsRect] == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(try layer[.contents] == .none)
        #expect(try layer[.duration] == .infinity)
        #expect(try layer[.speed] == 1)
        #expect(try layer[.fillMode] == .removed)
        #expect(try layer[.autoreverses] == false)
        try layer.setValue(.forwards, for: .fillMode)
        #expect(try layer[.fillMode] == .forwards)
        #expect(try layer.value(forKeyPath: "fillMode") == .integer(1))
    }

    @Test("key paths into values and frame are typed by their component")
    func keyPaths() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try layer.setValue(Rect(x: 0, y: 0, width: 100, height: 50), for: .bounds)
        try layer.setValue(Point(x: 10, y: 20), for: .position)
        #expect(try layer.value(PropertyName<Double>("position.x")) == 10)
        #expect(try layer.value(PropertyName<Size>("bounds.size")) == Size(width: 100, height: 50))
        #expect(try layer[.frame] == Rect(x: -40, y: -5, width: 100, height: 50))
        try layer.setValue(30, for: PropertyName<Double>("position.y"))
        #expect(try layer[.position] == Point(x: 10, y: 30))
        try layer.setValue(Rect(x: 0, y: 0, width: 10, height: 10), for: .frame)
        #expect(try layer[.position] == Point(x: 5, y: 5))
        try layer.setValue(0.5, for: PropertyName<Double>("transform.rotation.z"))
        expectNear(try layer.value(PropertyName<Double>("transform.rotation.z")), 0.5)
    }

    @Test("a name of the wrong type answers .wrongKind, naming the key path and both kinds")
    func wrongType() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        let misnamed = PropertyName<Double>("position")
        expectError(.wrongKind, containing: "position holds a point value, not a Double (scalar)") {
            _ = try layer.value(misnamed)
        }
        expectError(.wrongKind) { _ = try layer[misnamed] }
        expectError(.wrongKind) { _ = try layer.presentationValue(misnamed) }
        expectError(.wrongKind) { try layer.setValue(3, for: misnamed) }
        #expect(try layer[.position] == .zero)
    }

    @Test("an unknown name answers .unknownKey: never set in a permissive class, any undeclared key in a strict one")
    func unknownNames() throws {
        let engine = Engine()
        let permissive = try engine.makeLayer()
        let typo = PropertyName<Double>("opacityy")
        expectError(.unknownKey, containing: "\"opacityy\"") { _ = try permissive.value(typo) }
        try permissive.setValue(2, for: typo)  // Core Animation's rule: stored as it comes
        #expect(try permissive.value(typo) == 2)
        expectError(.unknownKey) { _ = try permissive.value(PropertyName<Double>("position.w")) }

        let strict = try engine.makeLayer(try Self.everyKind(engine, strict: true))
        expectError(.unknownKey, containing: "strict") { try strict.setValue(2, for: typo) }
        expectError(.unknownKey, containing: "number") { _ = try strict.value(typo) }
    }

    @Test("values a property refuses answer .notFinite or .outOfRange and change nothing")
    func refusedValues() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        expectError(.notFinite, containing: "opacity") { try layer.setValue(.nan, for: .opacity) }
        expectError(.notFinite) { try layer.setValue(Point(x: .infinity, y: 0), for: .position) }
        expectError(.outOfRange) { try layer.setValue(-1, for: .duration) }
        #expect(try layer[.opacity] == 1)
    }

    @Test("key-path access returns Value of any kind; nil only for an undeclared key never set")
    func untyped() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try layer.setValue(.point(x: 3, y: 4), forKeyPath: "position")
        #expect(try layer.value(forKeyPath: "position")?.point == Point(x: 3, y: 4))
        #expect(try layer.presentationValue(forKeyPath: "position.x")?.scalar == 3)
        #expect(try layer.value(forKeyPath: "custom") == nil)
        try layer.setValue(.token(9), forKeyPath: "custom")
        #expect(try layer.value(forKeyPath: "custom") == .token(9))
    }

    @Test("presentation values and velocity follow an animation; typed and key-path velocity agree")
    func presentation() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        var move = Animation.basic(.position, from: Point(x: 0, y: 0), to: Point(x: 100, y: 50))
        move.timing.duration = 1
        try layer.add(move, forKey: "move")
        try engine.tick(0)
        try engine.tick(0.5)
        #expect(try layer.value(.position) == .zero)
        let shown = try layer.presentationValue(.position)
        expectNear(shown.x, 50)
        expectNear(shown.y, 25)
        let velocity = try layer.presentationVelocity(.position)
        expectNear(velocity.x, 100, 1e-3)
        expectNear(velocity.y, 50, 1e-3)
        #expect(try layer.presentationVelocity(forKeyPath: "position").point == velocity)
        expectError(.wrongKind) { _ = try layer.presentationVelocity(.isHidden) }
    }

    @Test("a snapshot names every declared property, the built-in ones first")
    func snapshot() throws {
        let engine = Engine()
        let layer = try engine.makeLayer(try Self.everyKind(engine))
        try layer.setValue(0.25, for: .opacity)
        let model = try layer.snapshot()
        #expect(model.count == 47)  // the 36 built-in properties and the class's 11
        #expect(model.first?.name == "bounds")
        #expect(model.last?.name == "token")
        #expect(model.first(where: { $0.name == "opacity" })?.value == .scalar(0.25))
        #expect(try layer.snapshot(presentation: true).map(\.name) == model.map(\.name))
    }

    @Test("the batch read gives one typed value per layer, or the first failure with its index")
    func batch() throws {
        let engine = Engine()
        let layers = try (0..<4).map { index -> Layer in
            let layer = try engine.makeLayer()
            try layer.setValue(Point(x: Double(index), y: -Double(index)), for: .position)
            return layer
        }
        try engine.tick(0)
        #expect(try engine.presentationValues(.position, of: layers) == (0..<4).map { Point(x: Double($0), y: -Double($0)) })
        #expect(try engine.presentationValues(.opacity, of: []) == [])
        let foreign = try Engine().makeLayer()
        expectError(.badHandle, containing: "layers[2]: the layer belongs to another engine") {
            _ = try engine.presentationValues(.position, of: [layers[0], layers[1], foreign])
        }
        expectError(.wrongKind, containing: "layers[0]: ") {
            _ = try engine.presentationValues(PropertyName<Double>("position"), of: layers)
        }
    }

    @Test("the table read gives one typed tuple per layer, each value its own read, or the first failure with its layer and name")
    func table() throws {
        let engine = Engine()
        let level = PropertyName<Double>("level")
        let mode = PropertyName<FillMode>("mode")  // an integer property read as a fill mode
        let dot = try engine.makeLayerClass(
            "Dot", properties: [PropertyDescriptor(level, default: 0.5), PropertyDescriptor("mode", default: .integer(1))])
        // 3000 layers of two classes (the read shared out to two threads), half of them
        // moving, fading and turning; "level" undeclared in the base class (set on its
        // layers), "position.y" a key path.
        try engine.setTickThreadCount(2)
        var layers: [Layer] = []
        for index in 0..<3000 {
            let layer = try engine.makeLayer(index % 2 == 0 ? dot : engine.baseLayerClass)
            try layer.setValue(Double(index) / 4, for: level)
            try layer.setValue(Point(x: Double(index), y: 1), for: .position)
            layers.append(layer)
        }
        try engine.tick(0)
        try engine.transaction(duration: 2) {
            for (index, layer) in layers.enumerated() where index % 2 == 1 {
                try layer.setValue(Point(x: 0, y: Double(index)), for: .position)
                try layer.setValue(0.25, for: .opacity)
                try layer.setValue(Transform3D.identity.rotatedBy(angle: Double(index % 7) + 0.5, x: 0, y: 0, z: 1), for: .transform)
            }
        }
        try engine.tick(0.1)
        try engine.tick(0.7)
        let rows = try engine.presentationTable(.position, .opacity, level, PropertyName<Double>("position.y"), .transform, .opacity, of: layers)
        #expect(rows.count == layers.count)
        for (index, layer) in layers.enumerated() {
            let (position, opacity, levelValue, y, transform, again) = rows[index]
            #expect(position == (try layer.presentationValue(.position)), "layer \(index)")
            #expect(opacity == (try layer.presentationValue(.opacity)))
            #expect(levelValue == Double(index) / 4)
            #expect(y == (try layer.presentationValue(forKeyPath: "position.y"))?.scalar)
            #expect(transform == (try layer.presentationValue(.transform)))
            #expect(again == opacity, "a name twice: the same value in both columns")
            if index % 2 == 1 { #expect(opacity > 0.25 && opacity < 1 && transform != .identity, "under way") }
        }
        #expect(try engine.presentationTable(.position, .opacity, of: []).isEmpty)
        let single = try engine.presentationTable(.opacity, of: Array(layers[0..<4]))
        #expect(single == (try layers[0..<4].map { try $0.presentationValue(.opacity) }))
        // No name: refused, whatever the layers.
        expectError(.invalidArgument, containing: "names: none given") { _ = try engine.presentationTable(of: layers) }
        // Failures, the first in order: a layer of another engine; another kind at a name; a
        // value that is not its name's type (before a later layer's failure).
        let foreign = try Engine().makeLayer()
        expectError(.badHandle, containing: "layers[2]: the layer belongs to another engine") {
            _ = try engine.presentationTable(.position, .opacity, of: [layers[0], layers[1], foreign])
        }
        try layers[5].setValue(.point(x: 1, y: 2), forKeyPath: "level")  // base class: undeclared, another kind
        expectError(.wrongKind, containing: "layers[5], names[1]: ") {
            _ = try engine.presentationTable(.position, level, of: layers)
        }
        try engine.transaction(disableActions: true) {
            try layers[2].setValue(.integer(99), forKeyPath: "mode")  // no fill mode's raw value
        }
        expectError(.wrongKind, containing: "layers[1], names[1]: mode holds integer(99)") {
            _ = try engine.presentationTable(.opacity, mode, of: [layers[0], layers[2], layers[4], foreign])
        }
        expectError(.wrongKind, containing: "layers[1]: mode holds integer(99)") {
            _ = try engine.presentationValues(mode, of: [layers[0], layers[2], foreign])
        }
        // An invalidated engine's error names no layer.
        engine.invalidate()
        do {
            _ = try engine.presentationTable(.position, .opacity, of: [layers[0]])
            Issue.record("an invalidated engine read a table")
        } catch {
            #expect(error.code == .invalidState && !error.message.contains("layers["), "\(error.message)")
        }
    }
}
