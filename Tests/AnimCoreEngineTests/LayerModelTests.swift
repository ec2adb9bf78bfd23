import Testing

@testable import AnimCore

/// The layer model: the built-in class's properties and defaults (CALayer's documented ones,
/// reference §2.2 T22 and §3), custom classes with single inheritance and every value kind, key
/// paths into struct values (§3.2) read and written, undeclared keys (KVC container: stored,
/// read back, not animatable), the derived `frame`, the errors for wrong kinds, unknown key
/// paths and bad handles, the layer tree and its references, convertTime (§2.10, T20/T21), and
/// pausing a layer's subtree with speed 0 + timeOffset (§2.8).
@Suite("Layer model, key paths, tree and time spaces")
struct LayerModelTests {
    // MARK: Built-in defaults

    /// CALayer's documented defaults (CALayer.h / the CALayer reference), in the engine's value
    /// kinds: nil colours and contents are the all-zero value (transparent black, token 0), and
    /// fillMode is the integer raw value of `.removed`. Whether each is animatable, per the
    /// CALayer reference ("Animatable.") and the Core Animation Programming Guide, Table B-1.
    private static let documented: [String: (value: Value, animatable: Bool)] = [
        "bounds": (.rect(x: 0, y: 0, width: 0, height: 0), true),
        "position": (.point(x: 0, y: 0), true),
        "zPosition": (.scalar(0), true),
        "anchorPoint": (.point(x: 0.5, y: 0.5), true),
        "anchorPointZ": (.scalar(0), true),
        "transform": (.transform3D(identityMatrix), true),
        "sublayerTransform": (.transform3D(identityMatrix), true),
        "opacity": (.scalar(1), true),
        "hidden": (.bool(false), true),
        "backgroundColor": (.color(red: 0, green: 0, blue: 0, alpha: 0), true),  // nil
        "borderColor": (.color(red: 0, green: 0, blue: 0, alpha: 1), true),  // opaque black
        "borderWidth": (.scalar(0), true),
        "cornerRadius": (.scalar(0), true),
        "shadowColor": (.color(red: 0, green: 0, blue: 0, alpha: 1), true),  // opaque black
        "shadowOpacity": (.scalar(0), true),
        "shadowOffset": (.size(width: 0, height: -3), true),
        "shadowRadius": (.scalar(3), true),
        "contentsRect": (.rect(x: 0, y: 0, width: 1, height: 1), true),
        "contents": (.token(0), true),  // nil
        "masksToBounds": (.bool(false), true),
        "doubleSided": (.bool(true), true),  // "isDoubleSided … Animatable." (CALayer reference)
        "needsDisplayOnBoundsChange": (.bool(false), false),
        // CAMediaTiming of a layer (T22): duration is infinite.
        "beginTime": (.scalar(0), false),
        "duration": (.scalar(.infinity), false),
        "speed": (.scalar(1), false),
        "timeOffset": (.scalar(0), false),
        "repeatCount": (.scalar(0), false),
        "repeatDuration": (.scalar(0), false),
        "autoreverses": (.bool(false), false),
        "fillMode": (.integer(Int64(FillMode.removed.rawValue)), false),
        // "geometryFlipped … Defaults to NO." (CALayer.h; not marked animatable).
        "geometryFlipped": (.bool(false), false),
        // For the render list (CALayer.h): all four corners, resize, scale 1, group opacity on.
        "maskedCorners": (.integer(15), false),
        "contentsGravity": (.integer(0), false),
        "contentsScale": (.scalar(1), false),
        "allowsGroupOpacity": (.bool(true), false),
        "contentsCenter": (.rect(x: 0, y: 0, width: 1, height: 1), true),  // "Animatable." (CALayer.h)
    ]

    @Test("every built-in property has CALayer's documented default, on the class and on a new layer")
    func builtInDefaults() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let descriptors = try engine.properties(of: engine.baseLayerClass)
        let names = Set(descriptors.map(\.name))
        for name in Self.documented.keys.sorted() {
            #expect(names.contains(name), "CALayer property \(name) is declared")
        }
        for descriptor in descriptors {
            guard let expected = Self.documented[descriptor.name] else {
                Issue.record("\(descriptor.name) is not a CALayer property with a documented default")
                continue
            }
            #expect(descriptor.defaultValue == expected.value, "\(descriptor.name) default")
            #expect(try engine.value(forKeyPath: descriptor.name, of: layer) == expected.value, "\(descriptor.name) on a new layer")
            #expect(try engine.presentationValue(forKeyPath: descriptor.name, of: layer) == expected.value,
                    "\(descriptor.name) presentation on a new layer")
            #expect(!descriptor.needsDisplay, "CALayer needsDisplayForKey: is NO for \(descriptor.name) (D1)")
        }
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("the built-in properties' animatability follows CALayer's documentation")
    func builtInAnimatability() throws {
        let engine = Engine()
        for descriptor in try engine.properties(of: engine.baseLayerClass) {
            guard let expected = Self.documented[descriptor.name] else { continue }
            #expect(descriptor.isAnimatable == expected.animatable, "\(descriptor.name) animatable")
        }
    }

    @Test("the base class's timing properties are the layer's time space (T22, T21)")
    func layerTimingProperties() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(50)
        expectNear(try engine.localTime(of: layer), 50, 0, "default timing: absolute time")
        try engine.setValue(.scalar(10), forKeyPath: "beginTime", of: layer)
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
        try engine.setValue(.scalar(1), forKeyPath: "timeOffset", of: layer)
        expectNear(try engine.localTime(of: layer), (50 - 10) * 2 + 1, 1e-12)
    }

    // MARK: Custom classes

    /// One property of every value kind, with a from and a to value for interpolation and the
    /// midpoint each kind's interpolation gives (independent arithmetic; discrete kinds switch
    /// at the half as CSS does for discrete values, so just after the half reads `to`).
    private static let kinds: [(name: String, initial: Value, from: Value, to: Value, mid: Value)] = [
        ("s", .scalar(1), .scalar(0), .scalar(10), .scalar(5)),
        ("p", .point(x: 1, y: 2), .point(x: 0, y: 0), .point(x: 10, y: -20), .point(x: 5, y: -10)),
        ("z", .size(width: 3, height: 4), .size(width: 2, height: 2), .size(width: 4, height: 6), .size(width: 3, height: 4)),
        ("r", .rect(x: 1, y: 2, width: 3, height: 4), .rect(x: 0, y: 0, width: 0, height: 0),
         .rect(x: 2, y: 4, width: 6, height: 8), .rect(x: 1, y: 2, width: 3, height: 4)),
        ("v", .vector3(x: 1, y: 1, z: 1), .vector3(x: 0, y: 0, z: 0), .vector3(x: 2, y: 4, z: 6), .vector3(x: 1, y: 2, z: 3)),
        ("c", .color(red: 1, green: 0, blue: 0, alpha: 1), .color(red: 0, green: 0, blue: 0, alpha: 0),
         .color(red: 1, green: 0.5, blue: 0.25, alpha: 1), .color(red: 0.5, green: 0.25, blue: 0.125, alpha: 0.5)),
        ("a", .affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 5)),
         .affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
         .affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 20)),
         .affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 10))),
        ("t", .transform3D(scaleMatrix(2, 2, 2)), .transform3D(scaleMatrix(1, 1, 1)), .transform3D(scaleMatrix(3, 5, 1)),
         .transform3D(scaleMatrix(2, 3, 1))),
        ("i", .integer(7), .integer(0), .integer(10), .integer(5)),
        ("b", .bool(true), .bool(false), .bool(true), .bool(true)),
        ("k", .token(42), .token(1), .token(2), .token(2)),
    ]

    @Test("a class with a property of every kind: defaults, set and read back each, animate each")
    func everyKind() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "AllKinds", properties: Self.kinds.map { PropertyDescriptor($0.name, default: $0.initial) })
        let layer = try engine.makeLayerHandle(klass)
        for kind in Self.kinds {
            #expect(try engine.value(forKeyPath: kind.name, of: layer) == kind.initial, "default of \(kind.name)")
            try engine.setValue(kind.to, forKeyPath: kind.name, of: layer)
            #expect(try engine.value(forKeyPath: kind.name, of: layer) == kind.to, "read back \(kind.name)")
            try engine.setValue(kind.initial, forKeyPath: kind.name, of: layer)
            try engine.addAnimation(basic(kind.name, from: kind.from, to: kind.to), forKey: kind.name, to: layer)
        }
        try engine.tick(10)
        for kind in Self.kinds {
            expectValue(try engine.presentationValue(forKeyPath: kind.name, of: layer), kind.from, 1e-12, "p 0 of \(kind.name)")
        }
        try engine.tick(10.5)
        for kind in Self.kinds {
            expectValue(try engine.presentationValue(forKeyPath: kind.name, of: layer), kind.mid, 1e-9, "p 0.5 of \(kind.name)")
            #expect(try engine.value(forKeyPath: kind.name, of: layer) == kind.initial, "model of \(kind.name) untouched")
        }
        try engine.tick(12)
        for kind in Self.kinds {
            #expect(try engine.presentationValue(forKeyPath: kind.name, of: layer) == kind.initial, "\(kind.name) after the end")
        }
    }

    @Test("a discrete value (bool, token) never shows anything but its from or to value")
    func discreteKinds() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "D", properties: [PropertyDescriptor("b", default: .bool(false)), PropertyDescriptor("k", default: .token(9))])
        let layer = try engine.makeLayerHandle(klass)
        try engine.addAnimation(basic("b", from: .bool(false), to: .bool(true)), forKey: "b", to: layer)
        try engine.addAnimation(basic("k", from: .token(1), to: .token(2)), forKey: "k", to: layer)
        try engine.tick(10)
        var sawTo = false
        for p in [0.1, 0.3, 0.6, 0.9] {
            try engine.tick(10 + p)
            let b = try engine.presentationValue(forKeyPath: "b", of: layer)
            let k = try engine.presentationValue(forKeyPath: "k", of: layer)
            #expect(b == .bool(false) || b == .bool(true))
            #expect(k == .token(1) || k == .token(2))
            if p > 0.5 { sawTo = sawTo || (b == .bool(true) && k == .token(2)) }
            if p < 0.25 { #expect(b == .bool(false) && k == .token(1), "starts at from") }
        }
        #expect(sawTo, "reaches to before the end")
    }

    @Test("single inheritance: a subclass has its superclass's properties (inherited first) and its own")
    func inheritance() throws {
        let engine = Engine()
        let base = try engine.properties(of: engine.baseLayerClass)
        let shape = try engine.makeLayerClass(
            name: "Shape", properties: [PropertyDescriptor("lineWidth", default: .scalar(1))])
        let arrow = try engine.makeLayerClass(
            name: "Arrow", superclass: shape,
            properties: [PropertyDescriptor("head", default: .scalar(0.2), needsDisplay: true)])
        let names = try engine.properties(of: arrow).map(\.name)
        #expect(names == base.map(\.name) + ["lineWidth", "head"])
        let layer = try engine.makeLayerHandle(arrow)
        #expect(try engine.layerClass(of: layer) == arrow)
        #expect(try model(engine, "lineWidth", layer) == 1)
        #expect(try model(engine, "head", layer) == 0.2)
        #expect(try model(engine, "opacity", layer) == 1)
        // A layer of the superclass does not have the subclass's property: it is an undeclared key.
        let plain = try engine.makeLayerHandle(shape)
        #expect(try engine.value(forKeyPath: "head", of: plain) == nil)
        expectError(.notAnimatable, "head on a Shape") {
            try engine.addAnimation(basic("head", from: 0, to: 1), forKey: nil, to: plain)
        }
        // Two classes may declare the same name independently.
        let other = try engine.makeLayerClass(name: "Other", properties: [PropertyDescriptor("head", default: .point(x: 0, y: 0))])
        #expect(try engine.value(forKeyPath: "head", of: try engine.makeLayerHandle(other)) == .point(x: 0, y: 0))
    }

    @Test("class declarations refuse redeclared, dotted, empty and \"frame\" names, and unknown superclasses")
    func badDeclarations() throws {
        let engine = Engine()
        let shape = try engine.makeLayerClass(name: "Shape", properties: [PropertyDescriptor("lineWidth", default: .scalar(1))])
        expectError(.invalidArgument, "redeclares a CALayer property") {
            _ = try engine.makeLayerClass(name: "X", properties: [PropertyDescriptor("opacity", default: .scalar(1))])
        }
        expectError(.invalidArgument, "redeclares an inherited property") {
            _ = try engine.makeLayerClass(name: "X", superclass: shape, properties: [PropertyDescriptor("lineWidth", default: .scalar(1))])
        }
        expectError(.invalidArgument, "declares a name twice") {
            _ = try engine.makeLayerClass(
                name: "X", properties: [PropertyDescriptor("q", default: .scalar(1)), PropertyDescriptor("q", default: .scalar(2))])
        }
        for name in ["", "a.b", "frame"] {
            expectError(.invalidArgument, "name \"\(name)\"") {
                _ = try engine.makeLayerClass(name: "X", properties: [PropertyDescriptor(name, default: .scalar(1))])
            }
        }
        expectError(.badHandle, "unknown superclass") {
            _ = try engine.makeLayerClass(name: "X", superclass: LayerClassID(rawValue: 99), properties: [])
        }
        expectError(.badHandle, "unknown class") { _ = try engine.makeLayerHandle(LayerClassID(rawValue: 0xC1 << 56 | 99)) }
        expectError(.badHandle, "properties of an unknown class") { _ = try engine.properties(of: LayerClassID(rawValue: .max)) }
    }

    @Test("a class name is taken once per engine; another engine may reuse it")
    func uniqueClassNames() throws {
        let engine = Engine()
        _ = try engine.makeLayerClass(name: "Circle", properties: [])
        expectError(.invalidArgument, naming: "\"Circle\" is already the name", "a second Circle") {
            _ = try engine.makeLayerClass(name: "Circle", properties: [PropertyDescriptor("r", default: .scalar(1))])
        }
        expectError(.invalidArgument, naming: "CALayer", "the built-in class's name") {
            _ = try engine.makeLayerClass(name: "CALayer", properties: [])
        }
        _ = try Engine().makeLayerClass(name: "Circle", properties: [])
    }

    @Test("a strict class refuses undeclared keys when set, read or animated, listing its properties")
    func strictClasses() throws {
        let engine = Engine()
        let circle = try engine.makeLayerClass(
            name: "Circle", properties: [PropertyDescriptor("radius", default: .scalar(10))], strict: true)
        let ring = try engine.makeLayerClass(name: "Ring", superclass: circle, properties: [])
        let loose = try engine.makeLayerClass(name: "Loose", superclass: circle, properties: [], strict: false)
        let layer = try engine.makeLayerHandle(circle)
        let listed = "\"radiuss\" is not a property of class Circle (a strict class); its own properties: radius; and the built-in layer properties"
        expectError(.unknownKey, naming: listed, "set") { try engine.setValue(.scalar(3), forKeyPath: "radiuss", of: layer) }
        expectError(.unknownKey, naming: "radiuss", "set by key") {
            try engine.setValue(.scalar(3), forKey: try engine.key("radiuss"), of: layer)
        }
        expectError(.unknownKey, naming: "radiuss", "read") { _ = try engine.value(forKeyPath: "radiuss", of: layer) }
        expectError(.unknownKey, naming: "radiuss", "read by key") {
            _ = try engine.presentationValue(forKey: try engine.key("radiuss"), of: layer)
        }
        expectError(.unknownKey, naming: "radiuss", "animated") {
            try engine.addAnimation(basic("radiuss", from: 0, to: 1), forKey: nil, to: layer)
        }
        expectError(.unknownKey, naming: "class Ring", "a subclass made later is strict") {
            try engine.setValue(.scalar(3), forKeyPath: "radiuss", of: try engine.makeLayerHandle(ring))
        }
        let plain = try engine.makeLayerClass(name: "Plain", properties: [], strict: true)
        expectError(.unknownKey, naming: "it declares only the built-in layer properties", "no own properties") {
            try engine.setValue(.scalar(3), forKeyPath: "radiuss", of: try engine.makeLayerHandle(plain))
        }
        // Declared properties, key paths and frame work as ever; a permissive subclass stores.
        try engine.setValue(.scalar(4), forKeyPath: "radius", of: layer)
        try engine.setValue(.scalar(5), forKeyPath: "position.x", of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 8, height: 8), forKeyPath: "frame", of: layer)
        #expect(try engine.value(forKeyPath: "radius", of: layer) == .scalar(4))
        let looseLayer = try engine.makeLayerHandle(loose)
        try engine.setValue(.integer(7), forKeyPath: "userTag", of: looseLayer)
        #expect(try engine.value(forKeyPath: "userTag", of: looseLayer) == .integer(7))
        // Stored while permissive, unreachable while strict, not lost.
        try engine.setStrict(false, for: circle)
        try engine.setValue(.integer(9), forKeyPath: "userTag", of: layer)
        try engine.setStrict(true, for: circle)
        expectError(.unknownKey, naming: "userTag", "unreachable while strict") {
            _ = try engine.value(forKeyPath: "userTag", of: layer)
        }
        try engine.setStrict(false, for: circle)
        #expect(try engine.value(forKeyPath: "userTag", of: layer) == .integer(9))
    }

    @Test("a property declared not animatable is stored but refused as an animation target")
    func notAnimatableDeclared() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(
            name: "N", properties: [PropertyDescriptor("mode", default: .integer(0), animatable: false)])
        let layer = try engine.makeLayerHandle(klass)
        try engine.setValue(.integer(3), forKeyPath: "mode", of: layer)
        #expect(try engine.value(forKeyPath: "mode", of: layer) == .integer(3))
        expectError(.notAnimatable) { try engine.addAnimation(basic("mode", from: .integer(0), to: .integer(1)), forKey: nil, to: layer) }
        expectError(.notAnimatable, "a layer timing property") {
            try engine.addAnimation(basic("speed", from: 1, to: 2), forKey: nil, to: layer)
        }
        expectError(.notAnimatable, "needsDisplayOnBoundsChange") {
            try engine.addAnimation(basic("needsDisplayOnBoundsChange", from: .bool(false), to: .bool(true)), forKey: nil, to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: Key paths

    @Test("position.x, bounds.size.width and bounds.origin read and write their part only")
    func structKeyPaths() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 10, y: 20), forKeyPath: "position", of: layer)
        #expect(try engine.value(forKeyPath: "position.x", of: layer) == .scalar(10))
        #expect(try engine.value(forKeyPath: "position.y", of: layer) == .scalar(20))
        try engine.setValue(.scalar(15), forKeyPath: "position.x", of: layer)
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 15, y: 20))

        try engine.setValue(.rect(x: 1, y: 2, width: 3, height: 4), forKeyPath: "bounds", of: layer)
        #expect(try engine.value(forKeyPath: "bounds.size.width", of: layer) == .scalar(3))
        #expect(try engine.value(forKeyPath: "bounds.size", of: layer) == .size(width: 3, height: 4))
        #expect(try engine.value(forKeyPath: "bounds.origin", of: layer) == .point(x: 1, y: 2))
        #expect(try engine.value(forKeyPath: "bounds.origin.y", of: layer) == .scalar(2))
        try engine.setValue(.scalar(30), forKeyPath: "bounds.size.width", of: layer)
        #expect(try engine.value(forKeyPath: "bounds", of: layer) == .rect(x: 1, y: 2, width: 30, height: 4))
        try engine.setValue(.point(x: -5, y: -6), forKeyPath: "bounds.origin", of: layer)
        #expect(try engine.value(forKeyPath: "bounds", of: layer) == .rect(x: -5, y: -6, width: 30, height: 4))
        try engine.setValue(.size(width: 7, height: 8), forKeyPath: "bounds.size", of: layer)
        #expect(try engine.value(forKeyPath: "bounds", of: layer) == .rect(x: -5, y: -6, width: 7, height: 8))
        try engine.setValue(.scalar(-3), forKeyPath: "shadowOffset.height", of: layer)
        try engine.setValue(.scalar(0.5), forKeyPath: "backgroundColor.alpha", of: layer)
        #expect(try engine.value(forKeyPath: "backgroundColor", of: layer) == .color(red: 0, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("transform.rotation.z, transform.scale and transform.translation.x read and write the matrix")
    func transformKeyPaths() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.scalar(.pi / 2), forKeyPath: "transform.rotation.z", of: layer)
        expectMatrix(matrix(try engine.value(forKeyPath: "transform", of: layer)), rotationZ(.pi / 2), 1e-12, "rotation.z on identity")
        expectNear(try model(engine, "transform.rotation.z", layer), .pi / 2, 1e-12)
        expectNear(try model(engine, "transform.rotation", layer), .pi / 2, 1e-12, "rotation is rotation.z")

        try engine.setValue(.transform3D(identityMatrix), forKeyPath: "transform", of: layer)
        try engine.setValue(.scalar(2), forKeyPath: "transform.scale", of: layer)
        expectMatrix(matrix(try engine.value(forKeyPath: "transform", of: layer)), scaleMatrix(2, 2, 2), 1e-12, "scale on identity")
        expectNear(try model(engine, "transform.scale", layer), 2, 1e-12)
        expectNear(try model(engine, "transform.scale.x", layer), 2, 1e-12)

        try engine.setValue(.scalar(7), forKeyPath: "transform.translation.x", of: layer)
        var expected = scaleMatrix(2, 2, 2)
        expected.m41 = 7
        expectMatrix(matrix(try engine.value(forKeyPath: "transform", of: layer)), expected, 1e-12, "translation keeps the scale")
        #expect(try model(engine, "transform.translation.x", layer) == 7)
        #expect(try engine.value(forKeyPath: "transform.translation", of: layer) == .size(width: 7, height: 0))

        // Rotating a scaled, translated transform keeps its scale and translation.
        try engine.setValue(.scalar(.pi / 2), forKeyPath: "transform.rotation.z", of: layer)
        let r = rotationZ(.pi / 2)
        let turned = Transform3D(
            m11: 2 * r.m11, m12: 2 * r.m12, m13: 0, m14: 0, m21: 2 * r.m21, m22: 2 * r.m22, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 2, m34: 0, m41: 7, m42: 0, m43: 0, m44: 1)
        expectMatrix(matrix(try engine.value(forKeyPath: "transform", of: layer)), turned, 1e-12, "rotation keeps scale and translation")
    }

    @Test("key-path animations: transform.scale and transform.translation.x animate their part")
    func transformKeyPathAnimations() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(basic("transform.scale", from: 1, to: 3), forKey: "s", to: layer)
        try engine.addAnimation(basic("transform.translation.x", from: 0, to: 100), forKey: "t", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        var expected = scaleMatrix(2, 2, 2)
        expected.m41 = 50
        expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)), expected, 1e-9)
        expectNear(try presented(engine, "transform.scale", layer), 2, 1e-9)
        expectNear(try presented(engine, "transform.translation.x", layer), 50, 1e-9)
    }

    @Test("undeclared keys are stored and read back (nil until set), any kind, but never animatable")
    func undeclaredKeys() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        #expect(try engine.value(forKeyPath: "aKeyNobodyDefined", of: layer) == nil)
        #expect(try engine.presentationValue(forKeyPath: "aKeyNobodyDefined", of: layer) == nil)
        try engine.setValue(.token(77), forKeyPath: "aKeyNobodyDefined", of: layer)
        #expect(try engine.value(forKeyPath: "aKeyNobodyDefined", of: layer) == .token(77))
        #expect(try engine.presentationValue(forKeyPath: "aKeyNobodyDefined", of: layer) == .token(77))
        try engine.setValue(.point(x: 1, y: 2), forKeyPath: "aKeyNobodyDefined", of: layer)
        #expect(try engine.value(forKeyPath: "aKeyNobodyDefined", of: layer) == .point(x: 1, y: 2), "any kind, replaced")
        try engine.setValue(.scalar(5), forKeyPath: "another", of: layer)
        #expect(try engine.value(forKeyPath: "another", of: layer) == .scalar(5))
        // Per layer.
        let second = try engine.makeLayerHandle()
        #expect(try engine.value(forKeyPath: "another", of: second) == nil)
        expectError(.notAnimatable, "undeclared key") {
            try engine.addAnimation(basic("another", from: 0, to: 1), forKey: nil, to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
        // A layer made later in a reused slot does not inherit them.
        try engine.release(layer)
        let reused = try engine.makeLayerHandle()
        #expect(try engine.value(forKeyPath: "another", of: reused) == nil)
    }

    // MARK: Frame

    @Test("frame is derived from bounds, position, anchorPoint and transform")
    func frameDerived() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 100, height: 50), forKeyPath: "bounds", of: layer)
        try engine.setValue(.point(x: 200, y: 100), forKeyPath: "position", of: layer)
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: 150, y: 75, width: 100, height: 50))
        try engine.setValue(.point(x: 0, y: 0), forKeyPath: "anchorPoint", of: layer)
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: 200, y: 100, width: 100, height: 50))
        try engine.setValue(.point(x: 0.5, y: 0.5), forKeyPath: "anchorPoint", of: layer)
        try engine.setValue(.transform3D(scaleMatrix(2, 2, 1)), forKeyPath: "transform", of: layer)
        expectValue(try engine.value(forKeyPath: "frame", of: layer), .rect(x: 100, y: 50, width: 200, height: 100), 1e-12,
                    "scaled about the anchor")
        try engine.setValue(.transform3D(rotationZ(.pi / 2)), forKeyPath: "transform", of: layer)
        expectValue(try engine.value(forKeyPath: "frame", of: layer), .rect(x: 175, y: 50, width: 50, height: 100), 1e-9,
                    "a quarter turn swaps the extents")
        // The bounds origin does not move the frame.
        try engine.setValue(.transform3D(identityMatrix), forKeyPath: "transform", of: layer)
        try engine.setValue(.point(x: 33, y: 44), forKeyPath: "bounds.origin", of: layer)
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: 150, y: 75, width: 100, height: 50))
    }

    @Test("setting frame sets position and bounds size; frame is not animatable")
    func frameSettable() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 3, y: 4), forKeyPath: "bounds.origin", of: layer)
        try engine.setValue(.rect(x: 10, y: 20, width: 30, height: 40), forKeyPath: "frame", of: layer)
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 25, y: 40))
        #expect(try engine.value(forKeyPath: "bounds", of: layer) == .rect(x: 3, y: 4, width: 30, height: 40))
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: 10, y: 20, width: 30, height: 40))
        try engine.setValue(.point(x: 0, y: 1), forKeyPath: "anchorPoint", of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 8, height: 6), forKeyPath: "frame", of: layer)
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 0, y: 6))
        expectError(.notAnimatable, "frame") {
            try engine.addAnimation(basic("frame", from: .rect(x: 0, y: 0, width: 0, height: 0), to: .rect(x: 0, y: 0, width: 1, height: 1)),
                                    forKey: nil, to: layer)
        }
        expectError(.wrongKind, "frame as a point") { try engine.setValue(.point(x: 0, y: 0), forKeyPath: "frame", of: layer) }
    }

    @Test("the presentation frame follows animated position and bounds")
    func presentationFrame() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 10, height: 10), forKeyPath: "bounds", of: layer)
        try engine.addAnimation(basic("position.x", from: 0, to: 100), forKey: nil, to: layer)
        try engine.addAnimation(basic("bounds.size.width", from: 10, to: 30), forKey: nil, to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectValue(try engine.presentationValue(forKeyPath: "frame", of: layer), .rect(x: 40, y: -5, width: 20, height: 10), 1e-9)
        #expect(try engine.value(forKeyPath: "frame", of: layer) == .rect(x: -5, y: -5, width: 10, height: 10))
    }

    // MARK: Errors

    @Test("wrong kinds are refused with .wrongKind (set, component set, animation values) and change nothing")
    func wrongKinds() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        expectError(.wrongKind, "opacity as a point") { try engine.setValue(.point(x: 1, y: 1), forKeyPath: "opacity", of: layer) }
        expectError(.wrongKind, "position as a scalar") { try engine.setValue(.scalar(1), forKeyPath: "position", of: layer) }
        expectError(.wrongKind, "position.x as a point") { try engine.setValue(.point(x: 1, y: 1), forKeyPath: "position.x", of: layer) }
        expectError(.wrongKind, "transform as an affine transform") {
            try engine.setValue(.affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)), forKeyPath: "transform", of: layer)
        }
        expectError(.wrongKind, "hidden as an integer") { try engine.setValue(.integer(1), forKeyPath: "hidden", of: layer) }
        #expect(try engine.value(forKeyPath: "opacity", of: layer) == .scalar(1))
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 0, y: 0))
        expectError(.wrongKind, "fromValue") {
            try engine.addAnimation(basic("opacity", from: .point(x: 0, y: 0), to: .scalar(1)), forKey: "a", to: layer)
        }
        expectError(.wrongKind, "toValue") {
            try engine.addAnimation(basic("position.x", from: .scalar(0), to: .point(x: 0, y: 0)), forKey: "a", to: layer)
        }
        expectError(.wrongKind, "byValue") {
            try engine.addAnimation(basic("bounds", by: .size(width: 1, height: 1)), forKey: "a", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty, "refused animations are not added")
    }

    @Test("unknown key paths are refused with .unknownKey")
    func unknownKeyPaths() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        for path in ["position.z", "opacity.x", "bounds.size.depth", "transform.rotation.w", "nothing.x", "", "position.", "bounds.origin.x.y"] {
            expectError(.unknownKey, "read \"\(path)\"") { _ = try engine.value(forKeyPath: path, of: layer) }
            expectError(.unknownKey, "presentation \"\(path)\"") { _ = try engine.presentationValue(forKeyPath: path, of: layer) }
            expectError(.unknownKey, "write \"\(path)\"") { try engine.setValue(.scalar(1), forKeyPath: path, of: layer) }
            expectError(.unknownKey, "animate \"\(path)\"") {
                try engine.addAnimation(basic(path, from: 0, to: 1), forKey: nil, to: layer)
            }
        }
    }

    /// [Decision] CALayer gives a "zero or negative" duration the default; animcore refuses a
    /// negative one in every language alike (issue 9, defect 12: Swift used to accept it while C
    /// refused it).
    @Test("a negative duration is refused with outOfRange, and nothing is added")
    func negativeDuration() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var animation = basic("opacity", from: 0, to: 1)
        animation.timing.duration = -1
        expectError(.outOfRange, "duration -1") { try engine.addAnimation(animation, forKey: "a", to: layer) }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("non-finite timing on an added animation is refused and nothing is added")
    func invalidTiming() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        for field in ["duration", "beginTime", "speed", "timeOffset", "repeatCount"] {
            var animation = basic("opacity", from: 0, to: 1)
            switch field {
            case "duration": animation.timing.duration = .nan
            case "beginTime": animation.timing.beginTime = .infinity
            case "speed": animation.timing.speed = .nan
            case "timeOffset": animation.timing.timeOffset = -.infinity
            default: animation.timing.repeatCount = .nan
            }
            do {
                try engine.addAnimation(animation, forKey: "a", to: layer)
                Issue.record("a non-finite \(field) was accepted")
            } catch {
                #expect(error.code == .notFinite || error.code == .outOfRange, "\(field): \(error.code)")
            }
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
        expectError(.notFinite, "tick(NaN)") { try engine.tick(.nan) }
        expectError(.outOfRange, "tick beyond 1e15 s") { try engine.tick(-2e15) }
        expectError(.outOfRange, "negative global speed") { try engine.setGlobalSpeed(-1) }
        expectError(.outOfRange, "global speed beyond 1e6") { try engine.setGlobalSpeed(2e6) }
        expectError(.notFinite, "NaN global speed") { try engine.setGlobalSpeed(.nan) }
        expectError(.outOfRange, "zero default duration") { try engine.setDefaultAnimationDuration(0) }
        expectError(.notFinite, "NaN default duration") { try engine.setDefaultAnimationDuration(.nan) }
        expectError(.outOfRange, "default duration beyond 1e15 s") { try engine.setDefaultAnimationDuration(2e15) }
    }

    @Test("the default duration takes a transaction's range: a transaction that reads it can be changed")
    func defaultDurationInTransactionRange() throws {
        let (engine, _) = try probe()
        try engine.setDefaultAnimationDuration(1e15)
        // The settings read resolve the duration to the default; changing another field checks
        // them again, so a default a transaction could not hold would refuse every change.
        try engine.modifyTransaction { $0.disableActions = true }
        try engine.setTransactionValue(.scalar(1), forKey: "k")
        #expect(try engine.transactionSettings().animationDuration == 1e15)
    }

    @Test("globalSpeed scales engine time: at 0.5 a 1 s animation takes 2 s of host time")
    func globalSpeed() throws {
        let (engine, layer) = try probe()
        #expect(engine.globalSpeed == 1)
        try engine.setGlobalSpeed(0.5)
        try engine.addAnimation(basic("value", from: 0, to: 1), forKey: "a", to: layer)
        try engine.tick(10)
        try engine.tick(11)
        expectNear(engine.currentTime, 10.5, 1e-12)
        expectNear(try presented(engine, "value", layer), 0.5, 1e-9)
        try engine.tick(12)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: Handles

    @Test("a released layer's handle is refused everywhere with .badHandle; a reused slot gets a new handle")
    func staleHandles() throws {
        let engine = Engine()
        let other = try engine.makeLayerHandle()
        let layer = try engine.makeLayerHandle()
        try engine.release(layer)
        #expect(!engine.isValid(layer))
        try checkRefused(engine, layer, other)
        let fresh = try engine.makeLayerHandle()
        #expect(fresh != layer)
        #expect(engine.isValid(fresh))
        #expect(!engine.isValid(layer), "the old handle stays stale after its slot is reused")
        expectError(.badHandle) { _ = try engine.value(forKeyPath: "opacity", of: layer) }
    }

    @Test("a handle from another engine, and the null handle, are refused with .badHandle")
    func foreignHandles() throws {
        let engine = Engine()
        let mine = try engine.makeLayerHandle()
        let otherEngine = Engine()
        let foreign = try otherEngine.makeLayerHandle()
        #expect(!engine.isValid(foreign))
        try checkRefused(engine, foreign, mine)
        #expect(!engine.isValid(LayerID(rawValue: 0)))
        try checkRefused(engine, LayerID(rawValue: 0), mine)
        // The foreign layer is untouched in its own engine.
        #expect(otherEngine.isValid(foreign))
        #expect(try otherEngine.sublayers(of: foreign).isEmpty)
    }

    /// Every call taking a layer refuses `bad` with .badHandle (`good` is a live layer).
    private func checkRefused(_ engine: Engine, _ bad: LayerID, _ good: LayerID) throws {
        expectError(.badHandle, "setValue") { try engine.setValue(.scalar(1), forKeyPath: "opacity", of: bad) }
        expectError(.badHandle, "value") { _ = try engine.value(forKeyPath: "opacity", of: bad) }
        expectError(.badHandle, "presentationValue") { _ = try engine.presentationValue(forKeyPath: "opacity", of: bad) }
        expectError(.badHandle, "addAnimation") { try engine.addAnimation(basic("opacity", from: 0, to: 1), forKey: "a", to: bad) }
        expectError(.badHandle, "removeAnimation") { try engine.removeAnimation(forKey: "a", from: bad) }
        expectError(.badHandle, "removeAllAnimations") { try engine.removeAllAnimations(from: bad) }
        expectError(.badHandle, "animationKeys") { _ = try engine.animationKeys(of: bad) }
        expectError(.badHandle, "animation(forKey:)") { _ = try engine.animation(forKey: "a", of: bad) }
        expectError(.badHandle, "setNeedsDisplay") { try engine.setNeedsDisplay(bad) }
        expectError(.badHandle, "needsDisplay") { _ = try engine.needsDisplay(bad) }
        expectError(.badHandle, "addSublayer child") { try engine.addSublayer(bad, to: good) }
        expectError(.badHandle, "addSublayer parent") { try engine.addSublayer(good, to: bad) }
        expectError(.badHandle, "insertSublayer") { try engine.insertSublayer(bad, into: good, at: 0) }
        expectError(.badHandle, "removeFromSuperlayer") { try engine.removeFromSuperlayer(bad) }
        expectError(.badHandle, "sublayers") { _ = try engine.sublayers(of: bad) }
        expectError(.badHandle, "superlayer") { _ = try engine.superlayer(of: bad) }
        expectError(.badHandle, "convertTime from") { _ = try engine.convertTime(1, from: bad, to: nil) }
        expectError(.badHandle, "convertTime to") { _ = try engine.convertTime(1, from: nil, to: bad) }
        expectError(.badHandle, "localTime") { _ = try engine.localTime(of: bad) }
        expectError(.badHandle, "retain") { try engine.retain(bad) }
        expectError(.badHandle, "release") { try engine.release(bad) }
        expectError(.badHandle, "setDelegate") { try engine.setDelegate(LayerDelegate(), for: bad) }
        expectError(.badHandle, "layerClass(of:)") { _ = try engine.layerClass(of: bad) }
        #expect(try engine.sublayers(of: good).isEmpty, "the good layer gained nothing")
        #expect(try engine.superlayer(of: good) == nil)
    }

    // MARK: Tree

    @Test("add, insert (clamped), remove and reparent sublayers")
    func tree() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        let a = try engine.makeLayerHandle()
        let b = try engine.makeLayerHandle()
        let c = try engine.makeLayerHandle()
        let d = try engine.makeLayerHandle()
        try engine.addSublayer(a, to: root)
        try engine.addSublayer(b, to: root)
        #expect(try engine.sublayers(of: root) == [a, b])
        try engine.insertSublayer(c, into: root, at: 1)
        #expect(try engine.sublayers(of: root) == [a, c, b])
        try engine.insertSublayer(d, into: root, at: 0)
        #expect(try engine.sublayers(of: root) == [d, a, c, b])
        #expect(try engine.superlayer(of: c) == root)
        #expect(try engine.superlayer(of: root) == nil)
        // Re-inserting a sublayer moves it.
        try engine.insertSublayer(d, into: root, at: 100)
        #expect(try engine.sublayers(of: root) == [a, c, b, d], "an index past the end appends")
        try engine.insertSublayer(b, into: root, at: -5)
        #expect(try engine.sublayers(of: root) == [b, a, c, d], "a negative index inserts first")
        try engine.addSublayer(a, to: root)
        #expect(try engine.sublayers(of: root) == [b, c, d, a], "adding an existing sublayer moves it last")
        // Reparent.
        try engine.addSublayer(c, to: a)
        #expect(try engine.sublayers(of: root) == [b, d, a])
        #expect(try engine.sublayers(of: a) == [c])
        #expect(try engine.superlayer(of: c) == a)
        // Remove.
        try engine.removeFromSuperlayer(d)
        #expect(try engine.sublayers(of: root) == [b, a])
        #expect(try engine.superlayer(of: d) == nil)
        #expect(engine.isValid(d), "still held by the host")
        try engine.removeFromSuperlayer(d)  // no superlayer: nothing happens
        #expect(engine.isValid(d))
    }

    @Test("cycles are refused with .cycle and leave the tree as it was")
    func cycles() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        let mid = try engine.makeLayerHandle()
        let leaf = try engine.makeLayerHandle()
        try engine.addSublayer(mid, to: root)
        try engine.addSublayer(leaf, to: mid)
        expectError(.cycle, "itself") { try engine.addSublayer(root, to: root) }
        expectError(.cycle, "parent into child") { try engine.addSublayer(mid, to: leaf) }
        expectError(.cycle, "root into grandchild") { try engine.insertSublayer(root, into: leaf, at: 0) }
        #expect(try engine.sublayers(of: root) == [mid])
        #expect(try engine.sublayers(of: mid) == [leaf])
        #expect(try engine.sublayers(of: leaf).isEmpty)
        #expect(try engine.superlayer(of: root) == nil)
    }

    @Test("references: a tree keeps released layers alive; removal or the parent's destruction frees them")
    func references() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle()
        let grandchild = try engine.makeLayerHandle()
        let kept = try engine.makeLayerHandle()
        try engine.addSublayer(child, to: root)
        try engine.addSublayer(grandchild, to: child)
        try engine.addSublayer(kept, to: root)
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: grandchild)
        try engine.release(child)
        try engine.release(grandchild)
        #expect(engine.isValid(child) && engine.isValid(grandchild), "held by their superlayers")
        #expect(try model(engine, "opacity", grandchild) == 0.5)
        // Moving a released layer keeps it alive.
        try engine.addSublayer(grandchild, to: root)
        #expect(engine.isValid(grandchild))
        try engine.addSublayer(grandchild, to: child)
        // Removing the released child frees it and its released subtree.
        try engine.removeFromSuperlayer(child)
        #expect(!engine.isValid(child))
        #expect(!engine.isValid(grandchild))
        // Releasing the root frees it; a sublayer the host still holds survives, detached.
        try engine.release(root)
        #expect(!engine.isValid(root))
        #expect(engine.isValid(kept))
        #expect(try engine.superlayer(of: kept) == nil)
        // Retain and release count.
        try engine.retain(kept)
        try engine.release(kept)
        #expect(engine.isValid(kept))
        try engine.release(kept)
        #expect(!engine.isValid(kept))
    }

    @Test("a deep tree is freed without recursion limits")
    func deepTree() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        var parent = root
        var all: [LayerID] = []
        for _ in 0..<2_000 {
            let layer = try engine.makeLayerHandle()
            try engine.addSublayer(layer, to: parent)
            try engine.release(layer)
            all.append(layer)
            parent = layer
        }
        try engine.tick(0)
        try engine.release(root)
        #expect(all.allSatisfy { !engine.isValid($0) })
    }

    // MARK: Time spaces

    @Test("T20: convertTime through root → mid(b2, s3, o0.25) → leaf(b1, s2, o0.5)")
    func convertTimeT20() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        let mid = try engine.makeLayerHandle()
        let leaf = try engine.makeLayerHandle()
        try engine.addSublayer(mid, to: root)
        try engine.addSublayer(leaf, to: mid)
        for (layer, b, s, o) in [(mid, 2.0, 3.0, 0.25), (leaf, 1.0, 2.0, 0.5)] {
            try engine.setValue(.scalar(b), forKeyPath: "beginTime", of: layer)
            try engine.setValue(.scalar(s), forKeyPath: "speed", of: layer)
            try engine.setValue(.scalar(o), forKeyPath: "timeOffset", of: layer)
        }
        expectNear(try engine.convertTime(10, from: mid, to: leaf), 18.5, 1e-12, "leaf.convertTime(10, from: mid)")
        expectNear(try engine.convertTime(10, from: root, to: leaf), 47, 1e-12, "from root")
        expectNear(try engine.convertTime(10, from: leaf, to: mid), 5.75, 1e-12, "to mid")
        expectNear(try engine.convertTime(10, from: leaf, to: root), 23.0 / 6, 1e-12, "to root")
        expectNear(try engine.convertTime(10, from: leaf, to: nil), 23.0 / 6, 1e-12, "to nil")
        expectNear(try engine.convertTime(10, from: nil, to: leaf), 47, 1e-12, "from nil converts the time given")
        expectNear(try engine.convertTime(10, from: leaf, to: leaf), 10, 1e-12, "to itself")
        // localTime is convertTime of the engine's current time.
        try engine.tick(10)
        expectNear(try engine.localTime(of: leaf), 47, 1e-12)
        expectNear(try engine.localTime(of: mid), 24.25, 1e-12)
    }

    @Test("T21: a single layer (b10, s2, o1): 20 → 21 and back; a paused layer cannot be converted out of")
    func convertTimeT21() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.scalar(10), forKeyPath: "beginTime", of: layer)
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
        try engine.setValue(.scalar(1), forKeyPath: "timeOffset", of: layer)
        expectNear(try engine.convertTime(20, from: nil, to: layer), 21, 1e-12)
        expectNear(try engine.convertTime(21, from: layer, to: nil), 20, 1e-12)
        try engine.setValue(.scalar(0), forKeyPath: "speed", of: layer)
        expectNear(try engine.convertTime(20, from: nil, to: layer), 1, 0, "frozen at its offset")
        expectError(.notInvertible, "out of a paused layer") { _ = try engine.convertTime(1, from: layer, to: nil) }
        expectError(.notFinite, "NaN") { _ = try engine.convertTime(.nan, from: nil, to: layer) }
        expectError(.notFinite, "infinity") { _ = try engine.convertTime(.infinity, from: nil, to: nil) }
        expectError(.outOfRange, "beyond 1e15 s") { _ = try engine.convertTime(2e15, from: nil, to: nil) }
    }

    @Test("convertTime between layers of different trees goes through absolute time")
    func convertTimeAcrossTrees() throws {
        let engine = Engine()
        let a = try engine.makeLayerHandle()
        let b = try engine.makeLayerHandle()
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: a)
        try engine.setValue(.scalar(4), forKeyPath: "speed", of: b)
        try engine.setValue(.scalar(1), forKeyPath: "timeOffset", of: b)
        // a's 10 is absolute 5; b's local at absolute 5 is 5 × 4 + 1.
        expectNear(try engine.convertTime(10, from: a, to: b), 21, 1e-12)
        expectNear(try engine.convertTime(21, from: b, to: a), 10, 1e-12)
    }

    @Test("layer speeds multiply down the tree (T18/T19) for the animations of sublayers")
    func hierarchicalSpeed() throws {
        let engine = Engine()
        let superlayer = try engine.makeLayerHandle()
        let klass = try engine.makeLayerClass(name: "P", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(klass)
        try engine.addSublayer(layer, to: superlayer)
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: superlayer)
        try engine.setValue(.scalar(1.5), forKeyPath: "speed", of: layer)
        try engine.addAnimation(basic("value", from: 0, to: 30, duration: 3), forKey: "a", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 15, 1e-9, "3× speed: half done after 0.5 s")
        try engine.tick(10.999)
        #expect(try engine.animationKeys(of: layer) == ["a"])
        try engine.tick(11)
        #expect(try engine.animationKeys(of: layer).isEmpty, "finished after 1 s of media time")
    }

    @Test("pausing a layer (speed 0, timeOffset = its time) freezes its subtree's animations; the resume recipe continues them")
    func pauseSubtree() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(name: "P", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let parent = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle(klass)
        let grandchild = try engine.makeLayerHandle(klass)
        let outsider = try engine.makeLayerHandle(klass)
        try engine.addSublayer(child, to: parent)
        try engine.addSublayer(grandchild, to: child)
        for layer in [child, grandchild, outsider] {
            try engine.addAnimation(basic("value", from: 0, to: 100, duration: 2), forKey: "a", to: layer)
        }
        try engine.tick(10)
        try engine.tick(10.5)
        // Pause: p = parent.convertTime(now, from: nil); speed = 0; timeOffset = p.
        let pausedAt = try engine.convertTime(engine.currentTime, from: nil, to: parent)
        try engine.setValue(.scalar(0), forKeyPath: "speed", of: parent)
        try engine.setValue(.scalar(pausedAt), forKeyPath: "timeOffset", of: parent)
        for t in [11.0, 12, 15] {
            try engine.tick(t)
            expectNear(try presented(engine, "value", child), 25, 1e-9, "child frozen at t \(t)")
            expectNear(try presented(engine, "value", grandchild), 25, 1e-9, "grandchild frozen at t \(t)")
        }
        #expect(try engine.animationKeys(of: outsider).isEmpty, "a layer outside the subtree kept playing and finished")
        // Resume: p = timeOffset; speed 1; timeOffset 0; beginTime 0; beginTime = convertTime(now) − p.
        try engine.setValue(.scalar(1), forKeyPath: "speed", of: parent)
        try engine.setValue(.scalar(0), forKeyPath: "timeOffset", of: parent)
        try engine.setValue(.scalar(0), forKeyPath: "beginTime", of: parent)
        let resumeBegin = try engine.convertTime(engine.currentTime, from: nil, to: parent) - pausedAt
        try engine.setValue(.scalar(resumeBegin), forKeyPath: "beginTime", of: parent)
        expectNear(try engine.localTime(of: parent), pausedAt, 1e-9, "local time continues from the pause")
        try engine.tick(15.5)
        expectNear(try presented(engine, "value", child), 50, 1e-9, "continues after resuming")
        try engine.tick(16.5)
        #expect(try engine.animationKeys(of: child).isEmpty)
        #expect(try engine.animationKeys(of: grandchild).isEmpty)
    }
}
