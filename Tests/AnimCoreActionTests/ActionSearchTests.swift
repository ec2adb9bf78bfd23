import Testing

@testable import AnimCore

/// The action search (reference §4, vectors A1–A11 of §9.4 adapted): delegate handler, the
/// layer's actions table, the class default handler, then the built-in implicit animation.
@Suite struct ActionSearchTests {
    /// A recognisable animation: keyPath "position", a given duration.
    static func marker(_ duration: Double, keyPath: String = "position") -> Animation {
        var animation = Animation.basic(keyPath)
        animation.timing.duration = duration
        animation.basic?.fromValue = .point(x: -duration, y: -duration)
        return animation
    }

    /// The duration of the animation an action result carries; nil for `.noAction`, -1 for
    /// `.continueSearch`.
    static func answer(_ result: ActionResult) -> Double? {
        switch result {
        case .animation(let animation): animation.timing.duration
        case .noAction: nil
        case .continueSearch: -1
        }
    }

    /// A delegate whose action handler returns `result` and logs the keys it was asked about.
    static func delegate(_ log: Log<String>, _ result: @escaping @Sendable () -> ActionResult) -> LayerDelegate {
        LayerDelegate(action: ActionHandler { _, _, key in
            log.add(key)
            return result()
        })
    }

    // MARK: A1–A4 and A6 — the order of the search

    @Test func delegateNoneEndsTheSearch() throws {  // A1
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .noAction }, for: layer)
        try engine.setAction(.animation(Self.marker(3)), forKey: "position", of: layer)
        try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .animation(Self.marker(4)) }, for: engine.baseLayerClass)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == nil)
        try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty, "no action, not even the built-in one")
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 5, y: 5))
        #expect(asked.all == ["position", "position"])
    }

    @Test func delegateContinueFallsThroughToTheActionsTable() throws {  // A2
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setAction(.animation(Self.marker(3)), forKey: "position", of: layer)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == 3)
        try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layer)
        let added = try #require(try engine.animation(forKey: "position", of: layer))
        #expect(added.timing.duration == 3)
        #expect(added.basic?.fromValue == .point(x: -3, y: -3))
        #expect(asked.count == 2)
    }

    @Test func delegateAnswerWinsOverTheActionsTable() throws {  // A3
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .animation(Self.marker(2)) }, for: layer)
        try engine.setAction(.animation(Self.marker(3)), forKey: "position", of: layer)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == 2)
        try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layer)
        #expect(try engine.animation(forKey: "position", of: layer)?.timing.duration == 2)
    }

    @Test func actionsTableNoneEndsTheSearch() throws {  // A4
        let (engine, layer) = try committedLayer()
        let classAsked = Log<String>()
        // The explicit "no action" entry is `.noAction`; nil would remove the entry.
        try engine.setAction(LayerAction.noAction, forKey: "position", of: layer)
        try engine.setDefaultActionHandler(ActionHandler { _, _, key in
            classAsked.add(key)
            return .animation(Self.marker(4))
        }, for: engine.baseLayerClass)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == nil)
        try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(classAsked.count == 0, "the class step is never reached")
        // Removing the entry (nil) restores the rest of the search.
        try engine.setAction(nil, forKey: "position", of: layer)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == 4)
    }

    @Test func baseClassHasNoDefaultAction() throws {  // A6
        let (engine, layer) = try committedLayer()
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == -1)
        #expect(Self.answer(try engine.action(forKey: "opacity", of: layer)) == -1)
        #expect(Self.answer(try engine.action(forKey: ActionKey.orderIn, of: layer)) == -1)
    }

    @Test func classDefaultHandlerComesAfterTheTableAndBeforeTheBuiltIn() throws {
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDefaultActionHandler(ActionHandler { _, _, key in
            asked.add(key)
            return key == "position" ? .animation(Self.marker(4)) : key == "opacity" ? .noAction : .continueSearch
        }, for: engine.baseLayerClass)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == 4)
        // Class answer used for a change.
        try engine.setValue(.point(x: 1, y: 2), forKeyPath: "position", of: layer)
        #expect(try engine.animation(forKey: "position", of: layer)?.timing.duration == 4)
        // Class .noAction: no animation at all.
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(try engine.animation(forKey: "opacity", of: layer) == nil)
        #expect(try modelNumber(engine, "opacity", layer) == 0.5)
        // Class .continueSearch: the built-in implicit animation.
        try engine.setValue(.scalar(8), forKeyPath: "zPosition", of: layer)
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 0.25)
        // The table wins over the class.
        try engine.setAction(.animation(Self.marker(3)), forKey: "position", of: layer)
        #expect(Self.answer(try engine.action(forKey: "position", of: layer)) == 3)
        // Setting nil removes the class handler.
        try engine.setDefaultActionHandler(nil, for: engine.baseLayerClass)
        #expect(Self.answer(try engine.action(forKey: "opacity", of: layer)) == -1)
    }

    @Test func subclassMadeLaterInheritsTheClassHandler() throws {
        let engine = Engine()
        let base = try engine.makeLayerClass(name: "Base", properties: [PropertyDescriptor("level", default: .scalar(0))])
        try engine.setDefaultActionHandler(ActionHandler { _, _, key in
            key == "level" ? .animation(Self.marker(1.5, keyPath: "level")) : .continueSearch
        }, for: base)
        let derived = try engine.makeLayerClass(name: "Derived", superclass: base, properties: [])
        let layer = try engine.makeLayerHandle(derived)
        try engine.tick(0)
        #expect(Self.answer(try engine.action(forKey: "level", of: layer)) == 1.5)
        // The marker's from value is a point, not the scalar "level": refused with the value set.
        expectError(.wrongKind, "a point animation for a scalar property") {
            try engine.setValue(.scalar(2), forKeyPath: "level", of: layer)
        }
        #expect(try modelNumber(engine, "level", layer) == 2)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: A7 — disableActions

    @Test func actionForKeyIsTheSameWithActionsDisabled() throws {
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setAction(.animation(Self.marker(3)), forKey: "position", of: layer)
        try engine.setAction(LayerAction.noAction, forKey: "bounds", of: layer)
        let keys = ["position", "bounds", "opacity"]
        let enabled = try keys.map { Self.answer(try engine.action(forKey: $0, of: layer)) }
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.disableActions = true }
        let disabled = try keys.map { Self.answer(try engine.action(forKey: $0, of: layer)) }
        try engine.commitTransaction()
        #expect(enabled == [3, nil, -1])
        #expect(disabled == enabled)
        #expect(asked.count == 6, "the delegate is asked in both cases")
    }

    @Test func disableActionsStopsActionsButNotTheChange() throws {
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .animation(Self.marker(2)) }, for: layer)
        try inTransaction(engine, { $0.disableActions = true }) {
            try engine.setValue(.point(x: 9, y: 9), forKeyPath: "position", of: layer)
            try engine.setValue(.scalar(0.25), forKeyPath: "opacity", of: layer)
        }
        #expect(asked.count == 0, "no search runs")
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 9, y: 9))
        try engine.tick(frame)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: layer) == .scalar(0.25))
        // The flag applied to that transaction only.
        try engine.setValue(.point(x: 1, y: 1), forKeyPath: "position", of: layer)
        #expect(asked.all == ["position"])
        #expect(try engine.animation(forKey: "position", of: layer)?.timing.duration == 2)
    }

    @Test func nestedTransactionInheritsDisableActions() throws {
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.disableActions = true }) {
            try inTransaction(engine) {
                try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
            }
            // A nested transaction may enable them again for its own changes.
            try inTransaction(engine, { $0.disableActions = false }) {
                try engine.setValue(.scalar(3), forKeyPath: "zPosition", of: layer)
            }
        }
        #expect(try engine.animationKeys(of: layer) == ["zPosition"])
    }

    @Test func disableActionsSetByKeyOutsideATransaction() throws {
        let (engine, layer) = try committedLayer()
        try engine.setTransactionValue(.bool(true), forKey: "disableActions")
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(frame)
        // The implicit transaction ended with the tick: actions run again.
        try engine.setValue(.scalar(1), forKeyPath: "opacity", of: layer)
        #expect(try engine.animationKeys(of: layer) == ["opacity"])
    }

    // MARK: When a change runs an action

    @Test func settingTheCurrentValueRunsNothing() throws {
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setValue(.scalar(1), forKeyPath: "opacity", of: layer)  // the default
        try engine.setValue(.point(x: 0, y: 0), forKeyPath: "position", of: layer)
        try engine.setValue(.scalar(0), forKeyPath: "position.x", of: layer)
        #expect(asked.count == 0)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test func firstValuesBeforeTheFirstTickDoNotAnimate() throws {  // A8, A9
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        try engine.setValue(.point(x: 10, y: 20), forKeyPath: "position", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(asked.count == 0, "no search for a layer never committed")
        try engine.tick(0)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: layer) == .scalar(0.5))
        // Committed now: the same kind of change animates for 0.25 s.
        try engine.setValue(.scalar(1), forKeyPath: "opacity", of: layer)
        #expect(asked.all == ["opacity"])
        let animation = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(animation.keyPath == "opacity")
        #expect(animation.timing.duration == 0.25)
    }

    @Test func aLayerMadeAfterTheFirstTickIsCommittedByTheNextOne() throws {
        let (engine, _) = try committedLayer()
        let late = try engine.makeLayerHandle()
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: late)
        #expect(try engine.animationKeys(of: late).isEmpty)
        try engine.tick(frame)
        try engine.setValue(.scalar(0.75), forKeyPath: "opacity", of: late)
        #expect(try engine.animationKeys(of: late) == ["opacity"])
    }

    @Test func nonAnimatableAndUndeclaredKeysRunNoAction() throws {
        let engine = Engine()
        let cls = try engine.makeLayerClass(
            name: "Flags", properties: [PropertyDescriptor("mode", default: .integer(0), animatable: false)])
        let layer = try engine.makeLayerHandle(cls)
        try engine.tick(0)
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .animation(Self.marker(2)) }, for: layer)
        try engine.setValue(.bool(true), forKeyPath: "needsDisplayOnBoundsChange", of: layer)
        try engine.setValue(.integer(3), forKeyPath: "mode", of: layer)
        try engine.setValue(.scalar(4), forKeyPath: "someUndeclaredKey", of: layer)
        #expect(asked.count == 0)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try engine.value(forKeyPath: "mode", of: layer) == .integer(3))
        #expect(try engine.value(forKeyPath: "someUndeclaredKey", of: layer) == .scalar(4))
    }

    // MARK: The built-in implicit animation (step 5)

    @Test func builtInAnimationRunsFromThePresentationToTheNewModelWithTheDefaultCurve() throws {
        let (engine, layer) = try committedLayer()
        try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layer)
        let animation = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(animation.keyPath == "opacity")
        #expect(animation.basic?.fromValue == .scalar(1))
        #expect(animation.basic?.toValue == nil || animation.basic?.toValue == .scalar(0.2))
        #expect(animation.timing.duration == 0.25)
        #expect(animation.timingFunction == .default, "no transaction curve: Core Animation's default curve")
        #expect(!animation.isAdditive)
        #expect(try modelNumber(engine, "opacity", layer) == 0.2, "the model takes the new value at once")
        let begin = frame
        for index in 1...20 {
            let time = Double(index) * frame
            try engine.tick(time)
            let progress = min((time - begin) / 0.25, 1)
            expectNear(try shown(engine, "opacity", layer), 1 + (0.2 - 1) * ReferenceCurve.caDefault(progress), 1e-9, "t = \(time)")
        }
        #expect(try engine.animationKeys(of: layer).isEmpty, "removed on completion")
    }

    @Test func builtInAnimationTakesTheTransactionsDurationAndCurve() throws {
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, {
            $0.animationDuration = 0.5
            $0.timingFunction = .easeIn
        }) {
            try engine.setValue(.point(x: 64, y: -32), forKeyPath: "position", of: layer)
        }
        let animation = try #require(try engine.animation(forKey: "position", of: layer))
        #expect(animation.timing.duration == 0.5)
        #expect(animation.timingFunction == .easeIn)
        let begin = frame
        for index in 1...40 {
            let time = Double(index) * frame
            try engine.tick(time)
            let f = ReferenceCurve.easeIn(min((time - begin) / 0.5, 1))
            expectValue(try engine.presentationValue(forKeyPath: "position", of: layer),
                        .point(x: 64 * f, y: -32 * f), 1e-9, "t = \(time)")
        }
    }

    @Test func settingTheFrameRunsTheActionsOfPositionAndBounds() throws {
        // frame is derived, not animatable itself (§4.4), but setting it sets position and
        // bounds, both animatable: on a committed layer each runs its action like a direct set.
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setValue(.rect(x: 10, y: 20, width: 100, height: 50), forKeyPath: "frame", of: layer)
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 60, y: 45))
        #expect(try engine.value(forKeyPath: "bounds", of: layer) == .rect(x: 0, y: 0, width: 100, height: 50))
        #expect(Set(asked.all) == ["position", "bounds"])
        #expect(Set(try engine.animationKeys(of: layer)) == ["position", "bounds"])
        // With actions disabled the frame changes without animation.
        let quiet = try engine.makeLayerHandle()
        try engine.tick(frame)
        try inTransaction(engine, { $0.disableActions = true }) {
            try engine.setValue(.rect(x: 0, y: 0, width: 10, height: 10), forKeyPath: "frame", of: quiet)
        }
        #expect(try engine.animationKeys(of: quiet).isEmpty)
    }

    @Test func aKeyPathChangeSearchesThePropertysKey() throws {
        let (engine, layer) = try committedLayer()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: layer)
        try engine.setValue(.scalar(16), forKeyPath: "position.x", of: layer)
        #expect(asked.all == ["position"])
        let animation = try #require(try engine.animation(forKey: "position", of: layer))
        #expect(animation.keyPath == "position")
        #expect(animation.basic?.fromValue == .point(x: 0, y: 0))
        #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: 16, y: 0))
    }

    @Test func actionAnimationWithAnEmptyKeyPathTakesTheKey() throws {
        let (engine, layer) = try committedLayer()
        var animation = Animation.basic("")
        animation.basic?.fromValue = .scalar(0)
        animation.timing.duration = 1
        try engine.setAction(.animation(animation), forKey: "opacity", of: layer)
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        let added = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(added.keyPath == "opacity")
        try engine.tick(frame)
        try engine.tick(frame + 0.5)
        // From 0 to the value underneath (0.5), linear (no function): 0.25 halfway.
        expectNear(try shown(engine, "opacity", layer), 0.25, 1e-12)
    }

    // MARK: Handlers

    @Test func handlerSeesTheOldModelValueAndMayCallBackIntoTheEngine() throws {
        let (engine, layer) = try committedLayer()
        let seen = Log<Double>()
        try engine.setDelegate(LayerDelegate(action: ActionHandler { engine, subject, key in
            guard key == "opacity" else { return .continueSearch }
            seen.add((try? modelNumber(engine, "opacity", subject)) ?? .nan)
            seen.add((try? shown(engine, "opacity", subject)) ?? .nan)
            // A change of another property from inside the handler (it runs its own search).
            try? engine.setValue(.scalar(12), forKeyPath: "zPosition", of: subject)
            var animation = Animation.basic("opacity")
            animation.basic?.fromValue = (try? engine.presentationValue(forKeyPath: "opacity", of: subject)) ?? nil
            animation.timing.duration = 0.5
            return .animation(animation)
        }), for: layer)
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(seen.all == [1, 1], "the handler runs before the new value is stored")
        #expect(try modelNumber(engine, "opacity", layer) == 0.5)
        #expect(try modelNumber(engine, "zPosition", layer) == 12)
        #expect(Set(try engine.animationKeys(of: layer)) == ["opacity", "zPosition"])
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 0.5)
    }

    @Test func handlerIsToldTheEngineLayerAndKey() throws {
        let (engine, layer) = try committedLayer()
        let calls = Log<String>()
        try engine.setDelegate(LayerDelegate(action: ActionHandler { caller, subject, key in
            calls.add("\(caller === engine) \(subject == layer) \(key)")
            return .continueSearch
        }), for: layer)
        try engine.setValue(.scalar(3), forKeyPath: "cornerRadius", of: layer)
        #expect(calls.all == ["true true cornerRadius"])
    }

    @Test func handlerThatDestroysTheLayerGetsBadHandle() throws {
        let (engine, layer) = try committedLayer()
        try engine.setDelegate(LayerDelegate(action: ActionHandler { engine, subject, _ in
            try? engine.release(subject)
            return .continueSearch
        }), for: layer)
        expectError(.badHandle, "the layer died in its own action search") {
            try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        #expect(!engine.isValid(layer))
        // The engine goes on working.
        let other = try engine.makeLayerHandle()
        try engine.tick(frame)
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: other)
        #expect(try engine.animationKeys(of: other) == ["opacity"])
    }

    @Test func handlerThatDestroysTheLayerAndReusesItsSlotDoesNotTouchTheNewLayer() throws {
        let (engine, layer) = try committedLayer()
        let replacement = Log<LayerID>()
        try engine.setDelegate(LayerDelegate(action: ActionHandler { engine, subject, _ in
            try? engine.release(subject)
            if let fresh = try? engine.makeLayerHandle() { replacement.add(fresh) }
            return .continueSearch
        }), for: layer)
        expectError(.badHandle) { try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer) }
        let fresh = try #require(replacement.all.first)
        #expect(try modelNumber(engine, "opacity", fresh) == 1)
        #expect(try engine.animationKeys(of: fresh).isEmpty)
    }

    @Test func animationThatDoesNotFitThrowsAndTheValueStillChanges() throws {
        let (engine, layer) = try committedLayer()
        // A point animation answered for the scalar "opacity".
        try engine.setAction(.animation(Self.marker(1, keyPath: "opacity")), forKey: "opacity", of: layer)
        expectError(.wrongKind, "point values for a scalar") {
            try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        #expect(try modelNumber(engine, "opacity", layer) == 0.5)
        #expect(try engine.animationKeys(of: layer).isEmpty)

        // An animation of a key path the class does not have.
        var unknown = Animation.basic("noSuchProperty.x")
        unknown.timing.duration = 1
        try engine.setAction(.animation(unknown), forKey: "zPosition", of: layer)
        expectError(.unknownKey, "unknown key path") {
            try engine.setValue(.scalar(5), forKeyPath: "zPosition", of: layer)
        }
        #expect(try modelNumber(engine, "zPosition", layer) == 5)

        // An animation of a non-animatable property.
        var frozen = Animation.basic("needsDisplayOnBoundsChange")
        frozen.timing.duration = 1
        try engine.setAction(.animation(frozen), forKey: "cornerRadius", of: layer)
        expectError(.notAnimatable, "non-animatable target") {
            try engine.setValue(.scalar(4), forKeyPath: "cornerRadius", of: layer)
        }
        #expect(try modelNumber(engine, "cornerRadius", layer) == 4)

        // Invalid timing (a negative duration would take the transaction's, §2.9; a negative
        // repeat count has no meaning).
        var negative = Animation.basic("borderWidth")
        negative.timing.duration = 1
        negative.timing.repeatCount = -1
        try engine.setAction(.animation(negative), forKey: "borderWidth", of: layer)
        expectError(.outOfRange, "negative repeat count") {
            try engine.setValue(.scalar(2), forKeyPath: "borderWidth", of: layer)
        }
        #expect(try modelNumber(engine, "borderWidth", layer) == 2)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: Tree events

    @Test func addingALayerRunsOnOrderIn() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle()
        let second = try engine.makeLayerHandle()
        try engine.tick(0)
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: child)
        var fadeIn = Animation.basic("opacity")
        fadeIn.basic?.fromValue = .scalar(0)
        fadeIn.timing.duration = 0.5
        try engine.setAction(.animation(fadeIn), forKey: ActionKey.orderIn, of: child)
        try engine.addSublayer(child, to: parent)
        #expect(asked.all == ["onOrderIn"])
        #expect(try engine.animationKeys(of: child) == ["onOrderIn"])
        #expect(try engine.animation(forKey: "onOrderIn", of: child)?.keyPath == "opacity")
        #expect(try engine.sublayers(of: parent) == [child])
        try engine.tick(frame)
        try engine.tick(frame + 0.25)
        expectNear(try shown(engine, "opacity", child), 0.5, 1e-12, "half way from 0 to the model's 1")
        // insertSublayer runs it too.
        try engine.setAction(.animation(fadeIn), forKey: ActionKey.orderIn, of: second)
        try engine.insertSublayer(second, into: parent, at: 0)
        #expect(try engine.animationKeys(of: second) == ["onOrderIn"])
        #expect(try engine.sublayers(of: parent) == [second, child])
    }

    @Test func removingALayerRunsOnOrderOutBeforeItLeaves() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle()
        try engine.addSublayer(child, to: parent)
        try engine.tick(0)
        let parentSeen = Log<Bool>()
        try engine.setDelegate(LayerDelegate(action: ActionHandler { engine, subject, key in
            parentSeen.add(key == ActionKey.orderOut && (try? engine.superlayer(of: subject)) == parent)
            var fadeOut = Animation.basic("opacity")
            fadeOut.basic?.toValue = .scalar(0)
            fadeOut.timing.duration = 1
            return .animation(fadeOut)
        }), for: child)
        try engine.removeFromSuperlayer(child)
        #expect(parentSeen.all == [true], "searched while still in the tree")
        #expect(try engine.superlayer(of: child) == nil)
        #expect(try engine.animationKeys(of: child) == ["onOrderOut"])
        // Removing a layer with no superlayer runs nothing.
        try engine.removeFromSuperlayer(child)
        #expect(parentSeen.count == 1)
    }

    @Test func replacingALayerRunsTransitionOnTheNewOne() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        let first = try engine.makeLayerHandle()
        let old = try engine.makeLayerHandle()
        let new = try engine.makeLayerHandle()
        try engine.addSublayer(first, to: parent)
        try engine.addSublayer(old, to: parent)
        try engine.tick(0)
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: new)
        var crossFade = Animation.basic("opacity")
        crossFade.basic?.fromValue = .scalar(0)
        crossFade.timing.duration = 0.5
        try engine.setAction(.animation(crossFade), forKey: ActionKey.transition, of: new)
        try engine.replaceSublayer(old, with: new)
        #expect(asked.all.contains(ActionKey.transition))
        #expect(try engine.animationKeys(of: new).contains(ActionKey.transition))
        #expect(try engine.sublayers(of: parent) == [first, new])
        #expect(try engine.superlayer(of: old) == nil)
    }

    /// Each layer's "sublayers" event as (layer, key), after the sublayer's own event.
    @Test func sublayersChangingRunTheSuperlayersSublayersAction() throws {
        let engine = Engine()
        let (parent, other, child, new) = (
            try engine.makeLayerHandle(), try engine.makeLayerHandle(), try engine.makeLayerHandle(),
            try engine.makeLayerHandle()
        )
        let mask = try engine.makeLayerHandle()
        try engine.tick(0)
        let asked = Log<String>()
        for (layer, name) in [(parent, "parent"), (other, "other"), (child, "child"), (new, "new"), (mask, "mask")] {
            try engine.setDelegate(LayerDelegate(action: ActionHandler { _, _, key in
                asked.add("\(name) \(key)")
                return .continueSearch
            }), for: layer)
        }
        // A transition answered for "sublayers" is added under "transition".
        var fade = Animation.transition()
        fade.timing.duration = 0.5
        try engine.setAction(.animation(fade), forKey: ActionKey.sublayers, of: parent)
        try engine.addSublayer(child, to: parent)
        #expect(asked.all == ["child onOrderIn", "parent sublayers"])
        #expect(try engine.animationKeys(of: parent) == [ActionKey.transition])
        try engine.insertSublayer(new, into: other, at: 0)
        // A move: the layer's event, the superlayer it left, the one it joined.
        asked.clear()
        try engine.insertSublayer(child, into: other, at: 0)
        #expect(asked.all == ["child onOrderIn", "parent sublayers", "other sublayers"])
        asked.clear()
        try engine.replaceSublayer(child, with: new)  // (within one superlayer: asked once)
        #expect(asked.all == ["new transition", "other sublayers"])
        asked.clear()
        try engine.replaceSublayer(new, with: new)
        #expect(asked.all.isEmpty, "replacing a layer by itself changes nothing")
        try engine.removeFromSuperlayer(new)
        #expect(asked.all == ["new onOrderOut", "other sublayers"])
        // A mask is none of the sublayers: its removal asks its layer nothing.
        try engine.setMask(mask, of: parent, names: (layer: "layer", mask: "mask"))
        asked.clear()
        try engine.removeFromSuperlayer(mask)
        #expect(asked.all == ["mask onOrderOut"])
        // Disabled actions: nothing is asked.
        asked.clear()
        try inTransaction(engine, { $0.disableActions = true }) { try engine.addSublayer(child, to: parent) }
        #expect(asked.count == 0)
    }

    @Test func actionSearchesNestAtMostSixteenDeep() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        try engine.tick(0)
        let asked = Log<String>()
        // Each "sublayers" search adds a sublayer, whose addition searches again.
        try engine.setDelegate(LayerDelegate(action: ActionHandler { engine, layer, key in
            asked.add(key)
            if key == ActionKey.sublayers, let more = try? engine.makeLayerHandle() {
                try? engine.addSublayer(more, to: layer)
            }
            return .continueSearch
        }), for: parent)
        try engine.addSublayer(try engine.makeLayerHandle(), to: parent)
        #expect(asked.count == Engine.actionNestingLimit)
        #expect(try engine.sublayers(of: parent).count == Engine.actionNestingLimit + 1)
        // The bound is per chain: the next change searches again.
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: parent)
        #expect(asked.all.last == "opacity")
    }

    @Test func treeEventsHaveNoBuiltInActionAndObeyDisableActions() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle()
        try engine.tick(0)
        // No handler, no table entry: nothing.
        try engine.addSublayer(child, to: parent)
        #expect(try engine.animationKeys(of: child).isEmpty)
        try engine.removeFromSuperlayer(child)
        // With actions disabled, not even the handler is asked.
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .animation(Self.marker(1, keyPath: "zPosition")) }, for: child)
        try inTransaction(engine, { $0.disableActions = true }) {
            try engine.addSublayer(child, to: parent)
            try engine.removeFromSuperlayer(child)
        }
        #expect(asked.count == 0)
        #expect(try engine.animationKeys(of: child).isEmpty)
    }

    @Test func treeEventOfALayerNotYetCommittedRunsNoAction() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        try engine.tick(0)
        let child = try engine.makeLayerHandle()
        let asked = Log<String>()
        try engine.setDelegate(Self.delegate(asked) { .continueSearch }, for: child)
        try engine.addSublayer(child, to: parent)
        #expect(asked.count == 0)
        #expect(try engine.sublayers(of: parent) == [child])
    }

    @Test func treeEventAnimationThatDoesNotFitThrowsAndTheTreeStillChanges() throws {
        let engine = Engine()
        let parent = try engine.makeLayerHandle()
        let child = try engine.makeLayerHandle()
        try engine.tick(0)
        try engine.setAction(.animation(Self.marker(1, keyPath: "opacity")), forKey: ActionKey.orderIn, of: child)
        expectError(.wrongKind) { try engine.addSublayer(child, to: parent) }
        #expect(try engine.sublayers(of: parent) == [child])
        #expect(try engine.animationKeys(of: child).isEmpty)
    }
}
