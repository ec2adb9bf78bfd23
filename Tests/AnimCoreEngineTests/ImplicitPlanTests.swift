// The built-in implicit animation is one plan (`ImplicitPlan`, made by
// `EngineState.planImplicitAnimation` from the transaction's settings and the property) carried
// out by one add. The plan is remembered and made again only when what it is made of changes: the
// class and the property, the transaction's duration, curve, repeat count, autoreverse, delay and
// spring; the key it remembers is used only while no key has been forgotten since. Each change
// runs on two engines, one of whose class has a default action answering "continue the search"
// (every change then takes the action path, which plans with the settings the request saw); they
// must agree on every animation, value and curve use, and on sound bookkeeping.
import Testing

@testable import AnimCore

@Suite("Implicit starts: one plan, remembered, on the direct and the action path")
struct ImplicitPlanTests {
    /// One engine per path, each with `count` committed layers of a class "Dot" with a custom
    /// scalar "level", then `meters` of a class "Meter" whose first property, a point "pad",
    /// has the index "level" has in Dot.
    struct Pair {
        let engines = [Engine(), Engine()]
        var layers: [[LayerID]] = [[], []]

        init(count: Int, meters: Int = 0) throws {
            for (side, engine) in engines.enumerated() {
                let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
                let meter = try engine.makeLayerClass(
                    name: "Meter", properties: [PropertyDescriptor("pad", default: .point(x: 0, y: 0)), PropertyDescriptor("level", default: .scalar(0))])
                if side == 1 {
                    for layerClass in [dot, meter] {
                        try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: layerClass)
                    }
                }
                for index in 0..<(count + meters) { layers[side].append(try engine.makeLayerHandle(index < count ? dot : meter)) }
                try engine.tick(0)
            }
        }

        /// Sets `value` at `key` of layer `index` on both, in a transaction with `settings`.
        func change(_ key: String, _ value: Value, layer index: Int, _ settings: (inout TransactionSettings) -> Void = { _ in }) throws {
            for (side, engine) in engines.enumerated() {
                try engine.beginTransaction()
                try engine.modifyTransaction(settings)
                try engine.setValue(value, forKeyPath: key, of: layers[side][index])
                try engine.commitTransaction()
            }
        }

        /// `change` of a scalar.
        func change(_ key: String, _ value: Double, layer index: Int, _ settings: (inout TransactionSettings) -> Void = { _ in }) throws {
            try change(key, .scalar(value), layer: index, settings)
        }

        /// Adds `animation` under `key` to layer `index` of both.
        func add(_ animation: Animation, forKey key: String, layer index: Int) throws {
            for (side, engine) in engines.enumerated() { try engine.addAnimation(animation, forKey: key, to: layers[side][index]) }
        }

        /// Ticks both at `time` and compares what a host reads of every layer, each curve's uses
        /// and the bookkeeping.
        func tickAndCompare(_ time: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
            for engine in engines { try engine.tick(time) }
            for index in layers[0].indices {
                let (a, b) = (layers[0][index], layers[1][index])
                #expect(try engines[0].animationKeys(of: a) == engines[1].animationKeys(of: b),
                        "t = \(time): layer \(index) keys", sourceLocation: sourceLocation)
                for key in ["level", "opacity", "pad"] where try engines[1].value(forKeyPath: key, of: b) != nil {
                    #expect(try engines[0].presentationValue(forKeyPath: key, of: a) == engines[1].presentationValue(forKeyPath: key, of: b),
                            "t = \(time): layer \(index) \(key)", sourceLocation: sourceLocation)
                    let animations = try engines.indices.map { side in
                        try engines[side].animation(forKey: key, of: layers[side][index]).map { String(reflecting: $0) }
                    }
                    #expect(animations[0] == animations[1], "t = \(time): layer \(index) \(key) animation", sourceLocation: sourceLocation)
                }
            }
            let curveUses = engines.map { engine in engine.bookkeeping().timingFunctionUses }
            #expect(curveUses[0] == curveUses[1], "t = \(time): each curve's uses", sourceLocation: sourceLocation)
            for engine in engines {
                #expect(engine.bookkeepingIssues().isEmpty, "t = \(time): \(engine.bookkeepingIssues())", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("each change differs from the one before in one thing (duration, curve, delay, repeat count, autoreverse, spring, property): the record of its own settings")
    func settingsChange() throws {
        let pair = try Pair(count: 12)
        let steps: [(String, (inout TransactionSettings) -> Void)] = [
            ("level", { _ in }),
            ("level", { _ in }),
            ("level", { $0.animationDuration = 0.5 }),
            ("level", { $0.animationDuration = 0.5 }),
            ("level", { $0.animationDuration = 0.5; $0.timingFunction = .easeIn }),
            ("level", { $0.animationDuration = 0.5; $0.timingFunction = .easeOut }),
            ("level", { $0.animationDuration = 0.5; $0.timingFunction = .easeOut; $0.delay = 0.1 }),
            ("level", { $0.animationDuration = 0.5; $0.timingFunction = .easeOut; $0.delay = 0.1; $0.repeatCount = 2 }),
            ("level", { $0.animationDuration = 0.5; $0.timingFunction = .easeOut; $0.delay = 0.1; $0.repeatCount = 2; $0.autoreverses = true }),
            ("level", {
                $0.animationDuration = 0.5; $0.timingFunction = .easeOut; $0.delay = 0.1; $0.repeatCount = 2; $0.autoreverses = true
                $0.spring = Spring(mass: 1, stiffness: 200, damping: 20)
            }),
            ("opacity", { _ in }),
            ("level", { _ in }),
        ]
        for (index, (key, settings)) in steps.enumerated() { try pair.change(key, Double(index + 1) / 16, layer: index, settings) }
        for time in [0.05, 0.12, 0.2, 0.3, 0.6, 1.2, 2.5, 6] { try pair.tickAndCompare(time) }
    }

    @Test("a change of another class's property at the same index (a point where the plan animated a scalar): planned anew")
    func otherClass() throws {
        let pair = try Pair(count: 1, meters: 2)
        try pair.change("level", 1, layer: 0)
        try pair.change("pad", .point(x: 3, y: 4), layer: 1)
        try pair.change("level", 2, layer: 2)
        for time in [0.05, 0.1, 0.2, 1] { try pair.tickAndCompare(time) }
    }

    /// Starts a plan (level, 0.5 s, easeIn) on layer 0 and lets it end while `keeping`
    /// an animation on layer 3 that holds its key ("level") or its curve; then `other` (5 s,
    /// easeOut, under "other") takes the freed key id or curve index; then two changes with the
    /// plan's settings must make their own record.
    private func afterPlanEnded(keeping: Animation, forKey key: String) throws {
        let pair = try Pair(count: 4)
        let easeIn: (inout TransactionSettings) -> Void = { $0.animationDuration = 0.5; $0.timingFunction = .easeIn }
        try pair.add(keeping, forKey: key, layer: 3)
        try pair.change("level", 1, layer: 0, easeIn)
        try pair.tickAndCompare(0.1)
        try pair.tickAndCompare(2)  // ended and removed
        var other = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        other.timing.duration = 5
        other.timingFunction = .easeOut
        try pair.add(other, forKey: "other", layer: 1)
        try pair.tickAndCompare(2.1)
        try pair.change("level", 2, layer: 2, easeIn)
        try pair.tickAndCompare(2.2)
        #expect(try pair.engines[0].animationKeys(of: pair.layers[0][2]) == ["level"])
        try pair.change("level", 3, layer: 0, easeIn)  // (from the plan remembered)
        for time in [2.4, 2.7, 3, 9] { try pair.tickAndCompare(time) }
    }

    @Test("after the plan's key was forgotten and its id taken by another key (its curve still in use): found anew")
    func keyReused() throws {
        var keeping = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        keeping.timing.duration = 6
        keeping.timingFunction = .easeIn
        try afterPlanEnded(keeping: keeping, forKey: "keeping")
    }

    @Test("after the plan's curve was dropped and its index taken by another curve (its key still in use): found anew")
    func curveReused() throws {
        var keeping = Animation.basic("level", from: .scalar(0), to: .scalar(1))
        keeping.timing.duration = 6
        try afterPlanEnded(keeping: keeping, forKey: "level")
    }

    // MARK: The plan alone

    /// The plan for `settings` of the property `name` of a "Dot" layer (a scalar "level", a point
    /// "pad", a bool "on"), on a fresh engine.
    private func plan(_ name: String, _ settings: (inout TransactionSettings) -> Void) throws -> ImplicitPlan {
        let engine = Engine()
        let dot = try engine.makeLayerClass(name: "Dot", properties: [
            PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("pad", default: .point(x: 0, y: 0)),
            PropertyDescriptor("on", default: .bool(false)),
        ])
        var given = TransactionSettings()
        settings(&given)
        return engine.implicitPlan(for: name, of: dot, given)
    }

    @Test("a basic plan: the transaction's duration, or the engine's; its curve, or \"default\"; a delay fills backwards")
    func basicPlan() throws {
        let plain = try plan("level") { _ in }
        #expect(plain.record.kind == .basic && plain.record.timing.duration == 0.25 && !plain.curve.isSet)
        #expect(plain.record.function >= 0, "the engine's default curve")
        #expect(plain.record.timing.fillMode == .removed && plain.record.beginDelay == 0 && plain.beginsFromCurrentState)
        let set = try plan("level") {
            $0.animationDuration = 2; $0.timingFunction = .easeIn; $0.delay = 0.5; $0.repeatCount = 3; $0.autoreverses = true
            $0.beginsFromCurrentState = false
        }
        #expect(set.record.timing.duration == 2 && set.curve == .function(.easeIn) && set.record.function == -1)
        #expect(set.record.timing.fillMode == .backwards && set.record.beginDelay == 0.5)
        #expect(set.record.timing.repeatCount == 3 && set.record.timing.autoreverses && !set.beginsFromCurrentState)
        #expect(set.record.activeParentDuration == set.record.timing.activeParentDuration)
    }

    @Test("a spring plan: its settling duration unless a transaction sets one (0 asks for it too); velocity carried for kinds with coordinates")
    func springPlan() throws {
        let spring = Spring(mass: 1, stiffness: 200, damping: 20)
        let settling = try plan("pad") { $0.spring = spring }
        #expect(settling.record.kind == .spring && settling.record.timing.duration == spring.settlingDuration)
        #expect(settling.carriesVelocity && settling.lengthensForVelocity && !settling.curve.isSet && settling.record.function == -1)
        let zero = try plan("pad") { $0.spring = spring; $0.animationDuration = 0 }
        #expect(zero.record.timing.duration == spring.settlingDuration && zero.carriesVelocity && !zero.lengthensForVelocity)
        let timed = try plan("level") { $0.spring = spring; $0.animationDuration = 3; $0.timingFunction = .easeOut }
        #expect(timed.record.timing.duration == 3 && timed.curve == .function(.easeOut) && !timed.lengthensForVelocity)
        let bool = try plan("on") { $0.spring = spring }
        #expect(!bool.carriesVelocity, "a bool has no coordinates")
        let fromModel = try plan("pad") { $0.spring = spring; $0.beginsFromCurrentState = false }
        #expect(!fromModel.carriesVelocity)
    }

    @Test("an additive plan: only for interpolable kinds, never carrying velocity")
    func additivePlan() throws {
        let additive = try plan("pad") { $0.additiveImplicitAnimations = true; $0.spring = Spring() }
        #expect(additive.isAdditive && additive.record.isAdditive && !additive.carriesVelocity)
        let bool = try plan("on") { $0.additiveImplicitAnimations = true }
        #expect(!bool.isAdditive && !bool.record.isAdditive)
    }

    @Test("settings animate alike unless a field that shapes the plan differs; every stored field is named here")
    func settingsAlikeFieldByField() {
        let base = TransactionSettings.everyFieldSet
        let shaping: [(String, (inout TransactionSettings) -> Void)] = [
            ("animationDuration", { $0.animationDuration = 0.6 }),
            ("animationDuration unset", { $0.animationDuration = nil }),
            ("storedTimingFunction", { $0.timingFunction = .easeOut }),
            ("storedTimingFunction unset", { $0.timingFunction = nil }),
            ("delay", { $0.delay = 0.2 }),
            ("repeatCount", { $0.repeatCount = 3 }),
            ("autoreverses", { $0.autoreverses = false }),
            ("additiveImplicitAnimations", { $0.additiveImplicitAnimations = false }),
            ("beginsFromCurrentState", { $0.beginsFromCurrentState = nil }),
            ("spring", { $0.spring = Spring(damping: 13) }),
            ("spring with an initial velocity of −0", { $0.spring = Spring(damping: 3, initialVelocity: -0.0) }),
        ]
        for (name, change) in shaping {
            var edited = base
            change(&edited)
            var reference = base
            let alike = reference.animateAlike(&edited)
            #expect(!alike, "\(name) shapes the plan")
        }
        let notShaping: [(String, (inout TransactionSettings) -> Void)] = [
            ("disableActions", { $0.disableActions = false }),
            ("values", { $0.values["k"] = .scalar(2) }),
        ]
        for (name, change) in notShaping {
            var edited = base
            change(&edited)
            var reference = base
            let alike = reference.animateAlike(&edited)
            #expect(alike, "\(name) does not shape the plan")
        }
        // A field added to the settings must be sorted into one of the two lists (and, if it
        // shapes the plan, into `TransactionSettings.animateAlike(_:)`).
        let named = Set((shaping + notShaping).map { String($0.0.prefix { $0 != " " }) })
        let stored = Set(Mirror(reflecting: base).children.compactMap(\.label))
        #expect(stored == named, "fields not named here: \(stored.subtracting(named).sorted())")
    }
}
