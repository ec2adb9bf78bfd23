// The explicit add's reading of the transaction: the transaction's duration and curve read
// in place must give what the copied settings gave (a nil duration: the engine's default; a group
// never takes the curve; an animation block's settings), names equal but built apart share their
// keys, key ids far beyond a class's resolved-path array resolve, one-entry presentation layouts
// of one property index but different sizes stay apart, a class's plain layouts equal its
// descriptors, `Array.empty()` keeps capacity, and the animatable target an add remembers
// answers only for its own key path and class.
import Testing

@testable import AnimCore

@Suite("Explicit add: the transaction's settings read in place, keys, key paths and layouts")
struct ExplicitAddSettingsTests {
    private func basic(_ keyPath: String = "opacity", from: Double = 0, to: Double = 1) -> Animation {
        Animation.basic(keyPath, from: .scalar(from), to: .scalar(to))
    }

    @Test("an add in transactions takes the innermost duration and curve set; its own win; outside, the engine default")
    func transactionDurationAndCurve() throws {
        let engine = Engine()
        try engine.setDefaultAnimationDuration(0.7)
        let layer = try engine.makeLayerHandle()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 3; $0.timingFunction = .easeIn }
        try engine.addAnimation(basic(), forKey: "a", to: layer)
        var own = basic()
        own.timing.duration = 5
        own.timingFunction = .easeOut
        try engine.addAnimation(own, forKey: "b", to: layer)
        try engine.addAnimation(Animation.spring("position.x", from: .scalar(0), to: .scalar(10)), forKey: "s", to: layer)
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.timingFunction = .linear }  // the duration stays the outer's
        try engine.addAnimation(basic(), forKey: "n", to: layer)
        try engine.commitTransaction()
        try engine.addAnimation(basic(), forKey: "after", to: layer)  // the inner frame is gone
        try engine.commitTransaction()
        try engine.addAnimation(basic(), forKey: "outside", to: layer)

        func read(_ key: String) throws -> Animation {
            let animation = try engine.animation(forKey: key, of: layer)
            return try #require(animation, "no animation under \(key)")
        }
        #expect(try read("a").timing.duration == 3)
        #expect(try read("a").timingFunction == .easeIn)
        #expect(try read("b").timing.duration == 5)
        #expect(try read("b").timingFunction == .easeOut)
        #expect(try read("s").timing.duration == Spring().settlingDuration, "a spring lasts its settling duration")
        #expect(try read("s").timingFunction == .easeIn)
        #expect(try read("n").timing.duration == 3)
        #expect(try read("n").timingFunction == .linear)
        #expect(try read("after").timing.duration == 3)
        #expect(try read("after").timingFunction == .easeIn)
        #expect(try read("outside").timing.duration == 0.7, "no transaction sets one: the engine's default")
        #expect(try read("outside").timingFunction == nil)
    }

    @Test("a group in a transaction with a curve is not re-timed by it; its duration is the transaction's")
    func groupIgnoresTransactionCurve() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var child = basic("position.x", from: 0, to: 100)
        child.timing.duration = 2
        child.timingFunction = .linear
        let group = Animation.group([child])  // duration 0: the transaction's (2)
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 2; $0.timingFunction = .easeIn }
        try engine.addAnimation(group, forKey: "g", to: layer)
        try engine.commitTransaction()
        try engine.tick(10)
        try engine.tick(11)
        // Linear child, linear group: half way at the half time (easeIn would give about 31.5).
        expectValue(try engine.presentationValue(forKeyPath: "position.x", of: layer), .scalar(50), 1e-9, "group half way")
        try engine.tick(11.9)
        expectValue(try engine.presentationValue(forKeyPath: "position.x", of: layer), .scalar(95), 1e-9, "group near its end")
        try engine.tick(12.5)
        #expect(try engine.animationKeys(of: layer).isEmpty, "the group ends after the transaction's 2 s")
    }

    @Test("an animation block's implicit animation takes the block's duration and curve")
    func animationBlockSettings() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)  // commits the layer: changes now run actions
        var options = AnimationBlockOptions()
        options.duration = 2
        options.curve = .linear
        try engine.animate(options) { () throws(AnimCoreError) in
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        let implicit = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(implicit.timing.duration == 2)
        #expect(implicit.timingFunction == .linear)
        try engine.tick(1)
        try engine.tick(2)
        expectValue(try engine.presentationValue(forKeyPath: "opacity", of: layer), .scalar(0.5), 1e-9, "linear, half way")
    }

    @Test("names equal but built apart (composed and decomposed) share their keys")
    func canonicallyEqualNames() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let keys = KeyTable()
        let a = try keys.intern(composed)
        #expect(try keys.intern(decomposed) == a, "recent path")
        _ = try keys.intern("other")
        #expect(try keys.intern(decomposed) == a, "hashed path")
        #expect(keys.lookup(decomposed) == a)

        let animationKeys = AnimationKeyTable()
        let id = animationKeys.retain(composed)
        #expect(animationKeys.retain(decomposed) == id)
        #expect(animationKeys.lookup(decomposed) == id)
        animationKeys.release(id)
        #expect(animationKeys.lookup(composed) == id, "one use left")
        animationKeys.release(id)
        #expect(animationKeys.lookup(decomposed) == nil)
        #expect(animationKeys.count == 0)

        // In the engine: an add under the decomposed name replaces the one under the composed.
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var long = basic()
        long.timing.duration = 10
        try engine.addAnimation(long, forKey: composed, to: layer)
        try engine.addAnimation(long, forKey: "x", to: layer)
        try engine.addAnimation(long, forKey: decomposed, to: layer)
        #expect(try engine.animationKeys(of: layer).count == 2)
        #expect(engine.bookkeeping().animationKeys == 2)
        try engine.removeAnimation(forKey: decomposed, from: layer)
        #expect(try engine.animationKeys(of: layer) == ["x"])
    }

    @Test("key paths interned long after a class first resolved one (ids far beyond its array) resolve and cache")
    func keyIDsBeyondTheCache() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var x = basic("position.x", from: 0, to: 100)
        x.timing.duration = 1
        try engine.addAnimation(x, forKey: "x", to: layer)  // a short array
        for index in 0..<600 { try engine.setValue(.scalar(Double(index)), forKeyPath: "extra\(index)", of: layer) }
        var width = basic("bounds.size.width", from: 0, to: 40)
        width.timing.duration = 1
        try engine.addAnimation(width, forKey: "w", to: layer)  // an id beyond 600
        #expect(try engine.key("bounds.size.width").id > 600)
        #expect(throws: AnimCoreError.self) { try engine.addAnimation(basic("extra5.x"), forKey: "bad", to: layer) }
        #expect(throws: AnimCoreError.self) { try engine.addAnimation(basic("extra7"), forKey: "bad", to: layer) }
        for _ in 0..<2 {  // the second round answers from the cache
            try engine.addAnimation(x, forKey: "x", to: layer)
            try engine.addAnimation(width, forKey: "w", to: layer)
            #expect(throws: AnimCoreError.self) { try engine.addAnimation(basic("extra5.x"), forKey: "bad", to: layer) }
        }
        try engine.tick(0)
        try engine.tick(0.5)
        expectValue(try engine.presentationValue(forKeyPath: "position.x", of: layer), .scalar(50), 1e-9, "x")
        expectValue(try engine.presentationValue(forKeyPath: "bounds.size.width", of: layer), .scalar(20), 1e-9, "width")
        #expect(try engine.value(forKeyPath: "extra599", of: layer) == .scalar(599))
    }

    /// A layer of each of three classes where "level" means different things: an animatable
    /// scalar, a point, a scalar that is not animatable.
    private func levelLayers(_ engine: Engine) throws -> (scalar: LayerID, point: LayerID, fixed: LayerID) {
        let descriptors = [
            PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("level", default: .point(x: 0, y: 0)),
            PropertyDescriptor("level", default: .scalar(0), animatable: false),
        ]
        let layers = try zip(["ScalarLevel", "PointLevel", "FixedLevel"], descriptors).map { (name, descriptor) in
            try engine.makeLayerHandle(try engine.makeLayerClass(name: name, properties: [descriptor]))
        }
        return (layers[0], layers[1], layers[2])
    }

    /// What `engine` answers when `animation` is added to `layer`; nil when it is added.
    private func refusal(_ engine: Engine, _ animation: Animation, _ layer: LayerID) -> AnimCoreError? {
        do {
            try engine.addAnimation(animation, forKey: "probe", to: layer)
            return nil
        } catch { return error }
    }

    @Test("the remembered animatable target follows the key path and the class; refusals are worded as ever")
    func rememberedTargetFollowsKeyPathAndClass() throws {
        let engine = Engine()
        let (scalar, point, fixed) = try levelLayers(engine)
        var level = basic("level", from: 0, to: 10)
        level.timing.duration = 1
        // Each refusal right after "level" of the scalar class was remembered, and in a fresh
        // engine that remembers nothing: the same code and message.
        let fresh = Engine()
        let freshLayers = try levelLayers(fresh)
        func refusal(_ animation: Animation, _ layer: LayerID) -> AnimCoreError? { self.refusal(engine, animation, layer) }
        func freshRefusal(_ animation: Animation, _ layer: LayerID) -> AnimCoreError? { self.refusal(fresh, animation, layer) }
        let freshPoint = freshLayers.point, freshFixed = freshLayers.fixed
        try engine.addAnimation(level, forKey: "a", to: scalar)
        let wrongKind = refusal(level, point)
        #expect(wrongKind?.code == .wrongKind, "a scalar on the point class's level")
        #expect(wrongKind == freshRefusal(level, freshPoint))
        try engine.addAnimation(level, forKey: "a", to: scalar)
        let notAnimatable = refusal(level, fixed)
        #expect(notAnimatable?.code == .notAnimatable)
        #expect(notAnimatable == freshRefusal(level, freshFixed))
        try engine.addAnimation(level, forKey: "a", to: scalar)
        let unknown = refusal(basic("level.x"), scalar)
        #expect(unknown != nil, "a component of a scalar")
        #expect(unknown == freshRefusal(basic("level.x"), freshLayers.scalar))
        // Another key path of the same class, then "level" again; the point class's own target.
        var spot = Animation.basic("level", from: .point(x: 0, y: 0), to: .point(x: 10, y: 20))
        spot.timing.duration = 1
        try engine.addAnimation(spot, forKey: "a", to: point)
        try engine.addAnimation(basic("opacity", from: 1, to: 0), forKey: "o", to: scalar)
        try engine.addAnimation(level, forKey: "a", to: scalar)
        try engine.tick(0)
        try engine.tick(0.5)
        expectValue(try engine.presentationValue(forKeyPath: "level", of: scalar), .scalar(5), 1e-9, "scalar level")
        expectValue(try engine.presentationValue(forKeyPath: "level", of: point), .point(x: 5, y: 10), 1e-9, "point level")
        #expect(try engine.presentationValue(forKeyPath: "level", of: fixed) == .scalar(0))
    }

    @Test("one-entry presentation layouts of one property index and different sizes stay apart")
    func singleLayoutsAcrossClasses() throws {
        let engine = Engine()
        let levelClass = try engine.makeLayerClass(name: "Level", properties: [PropertyDescriptor("level", default: .scalar(0))])
        let spotClass = try engine.makeLayerClass(
            name: "Spot", properties: [PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
        #expect(engine.propertyIndex(of: try engine.key("level"), in: levelClass)
            == engine.propertyIndex(of: try engine.key("spot"), in: spotClass), "the same property index")
        let level = try engine.makeLayerHandle(levelClass)
        let spot = try engine.makeLayerHandle(spotClass)
        let level2 = try engine.makeLayerHandle(levelClass)
        var levelAnimation = Animation.basic("level", from: .scalar(0), to: .scalar(10))
        levelAnimation.timing.duration = 1
        var spotAnimation = Animation.basic("spot", from: .point(x: 0, y: 0), to: .point(x: 10, y: 20))
        spotAnimation.timing.duration = 1
        try engine.addAnimation(levelAnimation, forKey: "a", to: level)
        try engine.addAnimation(spotAnimation, forKey: "a", to: spot)
        try engine.addAnimation(levelAnimation, forKey: "a", to: level2)
        let layouts = try [level, spot, level2].map { (layer) throws(AnimCoreError) -> Int32 in try engine.bookkeeping(of: layer).presentationLayout }
        #expect(layouts[0] == layouts[2])
        #expect(layouts[0] != layouts[1])
        try engine.tick(0)
        try engine.tick(0.5)
        expectValue(try engine.presentationValue(forKeyPath: "level", of: level), .scalar(5), 1e-9, "level")
        expectValue(try engine.presentationValue(forKeyPath: "level", of: level2), .scalar(5), 1e-9, "level2")
        expectValue(try engine.presentationValue(forKeyPath: "spot", of: spot), .point(x: 5, y: 10), 1e-9, "spot")
    }

    @Test("a class's plain layouts equal its descriptors (kind, offset, inline, animatable, needs display)")
    func layoutsMatchDescriptors() throws {
        let engine = Engine()
        let custom = try engine.makeLayerClass(
            name: "Mixed",
            properties: [
                PropertyDescriptor("ink", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("fixed", default: .scalar(0), animatable: false),
                PropertyDescriptor("turn", default: .transform3D(.identity)),
                PropertyDescriptor("tint", default: .color(red: 0, green: 0, blue: 0, alpha: 1), animatable: false, needsDisplay: true),
            ])
        let mismatches = engine.propertyLayoutMismatches()
        #expect(mismatches.isEmpty, "\(mismatches)")
        let layer = try engine.makeLayerHandle(custom)
        let refused = #expect(throws: AnimCoreError.self) {
            try engine.addAnimation(Animation.basic("fixed", from: .scalar(0), to: .scalar(1)), forKey: nil, to: layer)
        }
        #expect(refused?.code == .notAnimatable)
        #expect(refused?.message.contains("property \"fixed\" is not animatable") == true, "\(refused?.message ?? "")")
        // The out-of-line property animates and reads back.
        var turn = Animation.basic(
            "turn", from: .transform3D(.identity), to: .transform3D(Transform3D(translationX: 10, y: 0, z: 0)))
        turn.timing.duration = 1
        try engine.addAnimation(turn, forKey: "t", to: layer)
        try engine.tick(0)
        try engine.tick(0.5)
        expectValue(try engine.presentationValue(forKeyPath: "turn", of: layer),
                    .transform3D(Transform3D(translationX: 5, y: 0, z: 0)), 1e-9, "turn half way")
    }

    @Test("Array.empty() empties lists of none, one and many, keeping their capacity")
    func emptyKeepsCapacity() {
        for count in [0, 1, 2, 17] {
            var list = Array(0..<count)
            list.reserveCapacity(32)
            let capacity = list.capacity
            list.empty()
            #expect(list.isEmpty, "\(count)")
            #expect(list.capacity == capacity, "\(count): capacity kept")
            list.append(5)
            #expect(list == [5])
        }
    }
}
