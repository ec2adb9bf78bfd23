// The change paths' shortcuts keep what the general paths give: the C scalar setter's direct
// change, the thread table that keeps committed entries for reuse, the transaction setters that
// write straight into the innermost frame (a duration set equal to the engine's default is the
// transaction's own), the batch set that reads the caller's numbers in place, the spring facts
// cached per transaction and a root layer's time answered at once.
import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


/// An engine with a committed probe layer (class "Probe", scalar "value", animatable).
private func committedProbe() throws -> (Engine, LayerID) {
    let (engine, layer) = try probe()
    try engine.tick(0)
    return (engine, layer)
}

/// How many threads have a transaction open on `engine`.
private func openEntries(_ engine: Engine) -> Int {
    engine.transactionThreads().filter { !$0.frames.isEmpty }.count
}

/// The duration of the animation under `key` (the implicit one's key is the property's name).
private func duration(_ engine: Engine, _ key: String, _ layer: LayerID) throws -> Double? {
    try engine.animation(forKey: key, of: layer)?.timing.duration
}

/// A call's answer as text: "ok", or the error's code and message.
private func outcome(_ body: () throws(AnimCoreError) -> Void) -> String {
    do throws(AnimCoreError) {
        try body()
        return "ok"
    } catch {
        return "\(error.code): \(error.message)"
    }
}

@Suite("Change-path shortcuts keep the general paths' answers")
struct ChangePathShortcutTests {
    // MARK: Transaction setters (cb5cd0b)

    /// The ways a host sets a transaction's animationDuration: the C setter
    /// (`ac_transaction_set_animation_duration` → `setTransactionFields`), the C key-value setter
    /// (`ac_transaction_set_value("animationDuration")` → `setTransactionValue`) and Swift's
    /// closure transaction (`transaction(duration:)`).
    enum DurationSetter: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case cSetter, keyValue, closureTransaction
        var testDescription: String { rawValue }
    }

    @Test("a spring transaction that sets animationDuration to the engine's default lasts that duration, however it is set (header: a spring lasts its settling duration unless a transaction sets a duration)",
          arguments: DurationSetter.allCases)
    func durationEqualToDefaultWithSpring(_ setter: DurationSetter) throws {
        let (engine, layer) = try committedProbe()
        let spring = Spring()
        #expect(abs(spring.settlingDuration - 0.25) > 1, "the spring's own duration is far from 0.25")
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = spring }
        switch setter {
        case .cSetter:
            try engine.setTransactionFields { $0.animationDuration = 0.25 }
            try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
        case .keyValue:
            try engine.setTransactionValue(.scalar(0.25), forKey: "animationDuration")
            try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
        case .closureTransaction:
            try engine.transaction(duration: 0.25) {
                try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
            }
        }
        try engine.commitTransaction()
        #expect(try duration(engine, "value", layer) == 0.25, "\(setter.rawValue): the duration set, not the spring's settling duration")
    }

    @Test("an animationDuration set equal to the engine's default stays the transaction's when the default changes, however it is set",
          arguments: DurationSetter.allCases.filter { $0 != .closureTransaction })
    func durationEqualToDefaultOutlivesDefaultChange(_ setter: DurationSetter) throws {
        let (engine, layer) = try committedProbe()
        try engine.beginTransaction()
        switch setter {
        case .cSetter: try engine.setTransactionFields { $0.animationDuration = 0.25 }
        case .keyValue: try engine.setTransactionValue(.scalar(0.25), forKey: "animationDuration")
        case .closureTransaction: break
        }
        try engine.setDefaultAnimationDuration(2)
        #expect(try engine.transactionSettings().animationDuration == 0.25, "\(setter.rawValue): reads the duration set")
        try engine.setValue(.scalar(10), forKeyPath: "value", of: layer)
        try engine.commitTransaction()
        #expect(try duration(engine, "value", layer) == 0.25, "\(setter.rawValue): animates with the duration set")
    }

    @Test("the C setters over nested frames: a field set to the enclosing frame's value, a NULL spring and curve, the values kept; each frame's commit restores the enclosing reading")
    func settersOverNestedFrames() throws {
        let (engine, layer) = try committedProbe()
        let outerSpring = try Spring(duration: 0.5, bounce: 0.2)
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = outerSpring }
        try engine.setTransactionFields { $0.disableActions = false }
        try engine.setTransactionFields { $0.timingFunction = .easeIn }
        try engine.setTransactionValue(.scalar(7), forKey: "custom")
        try engine.beginTransaction()
        // The same values as the enclosing frame's; a NULL spring and curve (the enclosing ones read).
        try engine.setTransactionFields { $0.spring = outerSpring }
        try engine.setTransactionFields { $0.disableActions = false }
        try engine.setTransactionFields { $0.spring = nil }
        try engine.setTransactionFields { $0.timingFunction = nil }
        var inner = try engine.transactionSettings()
        #expect(inner.spring == outerSpring, "NULL spring: the enclosing transaction's is read")
        #expect(inner.timingFunction == .easeIn, "NULL curve: the enclosing transaction's is read")
        #expect(inner.disableActions == false)
        #expect(inner.values["custom"] == .scalar(7), "values untouched by a field setter")
        try engine.setTransactionFields { $0.disableActions = true }
        inner = try engine.transactionSettings()
        #expect(inner.disableActions == true)
        try engine.setValue(.scalar(5), forKeyPath: "value", of: layer)
        #expect(try engine.animation(forKey: "value", of: layer) == nil, "actions disabled in the inner frame")
        try engine.commitTransaction()
        let outer = try engine.transactionSettings()
        #expect(outer.disableActions == false, "the inner frame's setting ended with it")
        #expect(outer.spring == outerSpring && outer.timingFunction == .easeIn && outer.values["custom"] == .scalar(7))
        try engine.setValue(.scalar(9), forKeyPath: "value", of: layer)
        try engine.commitTransaction()
        let animation = try #require(try engine.animation(forKey: "value", of: layer))
        #expect(animation.spring != nil, "the outer frame's spring animates")
        #expect(animation.timing.duration == outerSpring.settlingDuration, "lasting the spring's settling duration")
    }

    @Test("a field setter that unsets reads the enclosing frames' again, at once: a duration, a curve, a spring, a value removed; an engine default duration set meanwhile is read")
    func setterUnsetsReadEnclosing() throws {
        let (engine, _) = try committedProbe()
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 3; $0.timingFunction = .easeOut }
        try engine.setTransactionValue(.scalar(1), forKey: "k")
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 0.5; $0.timingFunction = .linear; $0.spring = Spring() }
        try engine.setTransactionFields { $0.values["k"] = .scalar(2) }
        #expect(try engine.transactionValue(forKey: "k") == .scalar(2))
        // Read after each setter: the thread's settings are read from what the setter left.
        try engine.setTransactionFields { $0.values["k"] = nil }
        #expect(try engine.transactionValue(forKey: "k") == .scalar(1), "the enclosing frame's value")
        try engine.setTransactionFields { $0.animationDuration = nil }
        #expect(try engine.transactionSettings().animationDuration == 3)
        try engine.setTransactionFields { $0.timingFunction = nil; $0.spring = nil }
        var inner = try engine.transactionSettings()
        #expect(inner.timingFunction == .easeOut && inner.spring == nil)
        try engine.commitTransaction()
        try engine.setTransactionFields { $0.animationDuration = nil; $0.values["k"] = nil }
        try engine.setDefaultAnimationDuration(2)
        inner = try engine.transactionSettings()
        #expect(inner.animationDuration == 2, "no frame sets one: the engine's default")
        #expect(inner.timingFunction == .easeOut && inner.values["k"] == nil)
        try engine.commitTransaction()
    }

    @Test("a setter's refusal stores nothing and opens no transaction")
    func setterRefusalStoresNothing() throws {
        let (engine, _) = try committedProbe()
        expectError(.outOfRange, "duration 0") { try engine.setTransactionFields { $0.animationDuration = 0 } }
        expectError(.outOfRange, "delay -1") { try engine.setTransactionFields { $0.delay = -1 } }
        expectError(.notFinite, "repeat NaN") { try engine.setTransactionFields { $0.repeatCount = .nan } }
        #expect(openEntries(engine) == 0, "no implicit transaction opened")
        #expect(try engine.transactionSettings().animationDuration == 0.25)
        engine.invalidate()
        expectError(.invalidState, "after invalidation") { try engine.setTransactionFields { $0.disableActions = true } }
    }

    // MARK: Thread table (34479da)

    @Test("threads: a thread that commits keeps its entry, emptied, and reads nothing of its last transaction; beyond the kept entries a committed entry that is not the last goes and the moved thread's transaction stays whole; a new thread takes the emptied lists; completions in order")
    func threadEntriesReused() throws {
        let (engine, layer) = try committedProbe()
        let other = JobThread()
        let third = JobThread()
        let crowd = (0..<ThreadTable.keptIdle).map { _ in JobThread() }
        defer { other.stop(); third.stop(); crowd.forEach { $0.stop() } }
        let order = Log<String>()

        // This thread first (index 0), the other second (index 1).
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 3 }
        try engine.addCompletion { _ in order.add("first outer") }
        try engine.beginTransaction()
        try engine.addCompletion { _ in order.add("first inner") }
        try engine.setValue(.scalar(4), forKeyPath: "value", of: layer)
        try engine.commitTransaction()
        try other.run {
            try engine.beginTransaction()
            try engine.setTransactionFields { $0.animationDuration = 5; $0.delay = 1 }
            try engine.addCompletion { _ in order.add("second") }
        }
        // Committing keeps this thread's entry (two entries are within those kept), emptied.
        try engine.commitTransaction()
        #expect(engine.transactionThreads().count == 2)
        #expect(openEntries(engine) == 1)
        try engine.beginTransaction()
        let again = try engine.transactionSettings()
        let kept = engine.callingThreadTransactions()
        let keptShape: [Double] = [again.animationDuration ?? -1, again.delay ?? -1, Double(kept?.frames.count ?? -1),
                                   Double(kept?.settingsCount ?? -1), Double(kept?.pending.count ?? -1), Double(kept?.sealed.count ?? -1)]
        #expect(keptShape == [0.25, 0, 1, 0, 0, 0], "the kept entry starts empty")
        try engine.commitTransaction()

        // More threads than are kept: the first of them commits at an index that is not the last.
        for (number, worker) in crowd.enumerated() {
            try worker.run {
                try engine.beginTransaction()
                try engine.setTransactionFields { $0.animationDuration = Double(10 + number) }
            }
        }
        #expect(engine.transactionThreads().count == 2 + crowd.count)
        try crowd[0].run { try engine.commitTransaction() }
        #expect(engine.transactionThreads().count == 1 + crowd.count, "the entry went")
        let moved = try crowd[crowd.count - 1].run { () throws -> [Double] in
            [try engine.transactionSettings().animationDuration ?? -1,
             Double(engine.callingThreadTransactions()?.frames.count ?? 0)]
        }
        #expect(moved == [Double(10 + crowd.count - 1), 1], "the moved thread's transaction is whole")
        let seen = try other.run { () throws -> [Double] in
            let settings = try engine.transactionSettings()
            return [settings.animationDuration ?? -1, settings.delay ?? -1,
                    Double(engine.callingThreadTransactions()?.frames.count ?? 0)]
        }
        #expect(seen == [5, 1, 1], "the other thread's transaction is whole")
        // A third thread takes the emptied lists: defaults, one frame, nothing pending or sealed.
        let fresh = try third.run { () throws -> [Double] in
            try engine.beginTransaction()
            let settings = try engine.transactionSettings()
            let entry = engine.callingThreadTransactions()
            return [settings.animationDuration ?? -1, settings.delay ?? -1, Double(entry?.frames.count ?? -1),
                    Double(entry?.settingsCount ?? -1), Double(entry?.pending.count ?? -1), Double(entry?.sealed.count ?? -1)]
        }
        #expect(fresh == [0.25, 0, 1, 0, 0, 0], "a reused entry starts empty")
        try third.run { try engine.commitTransaction() }
        for worker in crowd.dropFirst() { try worker.run { try engine.commitTransaction() } }
        try other.run { try engine.commitTransaction() }
        #expect(openEntries(engine) == 0)
        #expect(engine.transactionThreads().count <= ThreadTable.keptIdle)
        let leftovers = engine.transactionThreads().filter { !$0.isEmpty }.count + engine.bookkeeping().heldSpareTransactionLists
        #expect(leftovers == 0, "the entries kept are empty")
        #expect(try duration(engine, "value", layer) == 3, "the first thread's animation took its outer duration")
        try engine.tick(1)
        try engine.tick(10)
        #expect(order.all == ["second", "first inner", "first outer"] || order.all == ["first inner", "first outer", "second"],
                "each thread's completions once, inner before outer: \(order.all)")
        #expect(order.all.count == 3)
    }

    @Test("threads: implicit transactions of two threads with an emptied entry between them all commit at the tick; invalidation abandons another thread's open transaction once")
    func implicitCommitsAndAbandonment() throws {
        let (engine, layer) = try committedProbe()
        let second = try engine.makeLayerHandle(engine.layerClass(of: layer))
        try engine.tick(0.5)
        let other = JobThread()
        defer { other.stop() }
        let finishedFlags = Log<Bool>()
        // Leave a kept, emptied entry behind, then open implicit transactions on both threads.
        try other.run { try engine.beginTransaction(); try engine.commitTransaction() }
        try engine.setValue(.scalar(1), forKeyPath: "value", of: layer)
        try other.run { try engine.setValue(.scalar(2), forKeyPath: "value", of: second) }
        #expect(openEntries(engine) == 2)
        try engine.tick(1)
        #expect(openEntries(engine) == 0, "the tick committed both implicit transactions")
        #expect(try engine.animationKeys(of: layer) == ["value"] && engine.animationKeys(of: second) == ["value"])
        // An explicit transaction left open on the other thread, one on this thread too.
        try other.run {
            try engine.beginTransaction()
            try engine.addCompletion { finished in finishedFlags.add(finished) }
            try engine.setValue(.scalar(3), forKeyPath: "value", of: second)
        }
        try engine.beginTransaction()
        try engine.addCompletion { finished in finishedFlags.add(finished) }
        engine.invalidate()
        #expect(finishedFlags.all == [false, false], "each abandoned transaction's completion once, unfinished: \(finishedFlags.all)")
    }

    // MARK: Spring facts (9b20c79)

    @Test("spring facts: a spring changed between changes on one thread (C setter, modifyTransaction, a nested animation block) gives each change its own spring's duration")
    func springFactsFollowTheSettings() throws {
        let (engine, layer) = try committedProbe()
        let probeClass = try engine.layerClass(of: layer)
        let targets = try (0..<4).map { _ in try engine.makeLayerHandle(probeClass) }
        try engine.tick(1)
        let springs = [Spring(), Spring(damping: 5), try Spring(duration: 0.4, bounce: 0.1), Spring(stiffness: 300, damping: 30)]
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = springs[0] }
        try engine.setValue(.scalar(1), forKeyPath: "value", of: targets[0])
        try engine.setTransactionFields { $0.spring = springs[1] }
        try engine.setValue(.scalar(1), forKeyPath: "value", of: targets[1])
        try engine.modifyTransaction { $0.spring = springs[2] }
        try engine.setValue(.scalar(1), forKeyPath: "value", of: targets[2])
        var options = AnimationBlockOptions()
        options.spring = springs[3]
        try engine.beginAnimationBlock(options)
        try engine.setValue(.scalar(1), forKeyPath: "value", of: targets[3])
        try engine.commitAnimationBlock()
        try engine.commitTransaction()
        for index in 0..<4 {
            let animation = try #require(try engine.animation(forKey: "value", of: targets[index]))
            #expect(animation.spring == springs[index], "change \(index): its own spring")
            #expect(animation.timing.duration == springs[index].settlingDuration, "change \(index): its spring's settling duration")
        }
    }

    @Test("spring facts: two threads alternating changes under different springs each get their own spring's duration")
    func springFactsTwoThreads() throws {
        let (engine, layer) = try committedProbe()
        let probeClass = try engine.layerClass(of: layer)
        let mine = try (0..<3).map { _ in try engine.makeLayerHandle(probeClass) }
        let theirs = try (0..<3).map { _ in try engine.makeLayerHandle(probeClass) }
        try engine.tick(1)
        let other = JobThread()
        defer { other.stop() }
        let (springA, springB) = (Spring(damping: 4), Spring(stiffness: 400, damping: 40))
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = springA }
        try other.run { try engine.beginTransaction(); try engine.setTransactionFields { $0.spring = springB } }
        for index in 0..<3 {
            try engine.setValue(.scalar(Double(index + 1)), forKeyPath: "value", of: mine[index])
            try other.run { try engine.setValue(.scalar(Double(index + 1)), forKeyPath: "value", of: theirs[index]) }
        }
        try other.run { try engine.commitTransaction() }
        try engine.commitTransaction()
        for index in 0..<3 {
            #expect(try duration(engine, "value", mine[index]) == springA.settlingDuration, "this thread's change \(index)")
            #expect(try duration(engine, "value", theirs[index]) == springB.settlingDuration, "the other thread's change \(index)")
        }
    }

    // MARK: Batch set (32d9a70)

    /// Sets `numbers` at `name` on `layers` in one batch; the failure, if any.
    private func batch(_ engine: Engine, _ name: String, _ layers: [LayerID], _ numbers: [Double]) -> BatchWriteFailure? {
        layers.withUnsafeBufferPointer { handles in
            numbers.withUnsafeBufferPointer { numbers in
                do throws(BatchWriteFailure) {
                    try engine.setValues(forKey: (try? engine.key(name))!, of: handles, kind: .scalar, from: numbers.baseAddress!)
                    return nil
                } catch { return error }
            }
        }
    }

    @Test("batch with actions: a delegate's action that destroys a later layer stops the batch there, changed; a refused batch (not finite) changes nothing")
    func batchWithActionCallbacks() throws {
        let (engine, first) = try committedProbe()
        let probeClass = try engine.layerClass(of: first)
        let layers = [first] + (try (0..<3).map { _ in try engine.makeLayerHandle(probeClass) })
        try engine.tick(1)
        // Refused: a NaN at the last layer while actions could run: nothing changes, no animation.
        let refused = batch(engine, "value", layers, [1, 2, 3, .nan])
        #expect(refused?.index == 3 && refused?.error.code == .notFinite && refused?.changed == false)
        for layer in layers {
            #expect(try model(engine, "value", layer) == 0, "a refused batch changes nothing")
            #expect(try engine.animationKeys(of: layer).isEmpty, "a refused batch starts nothing")
        }
        // Layer 1's delegate answers with no action and destroys layer 3 on the way.
        let doomed = layers[3]
        try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
            try? engine.release(doomed)
            return .noAction
        }, for: layers[1])
        let failure = batch(engine, "value", layers, [1, 2, 3, 4])
        #expect(failure?.index == 3, "stopped at the destroyed layer: \(String(describing: failure))")
        #expect(failure?.error.code == .badHandle)
        #expect(failure?.changed == true, "the layers before it changed")
        #expect(try model(engine, "value", layers[0]) == 1 && model(engine, "value", layers[1]) == 2 && model(engine, "value", layers[2]) == 3)
        #expect(try engine.animationKeys(of: layers[0]) == ["value"], "the first layer animates implicitly")
        #expect(try engine.animationKeys(of: layers[1]).isEmpty, "the delegate said no action")
        #expect(try engine.animationKeys(of: layers[2]) == ["value"])
        #expect(!engine.isValid(doomed))
    }

    // MARK: Scalar setter (6729571)

    @Test("setScalar answers every input as setValue(.scalar) does: the same code and message")
    func setScalarParity() throws {
        let engine = Engine()
        let strictClass = try engine.makeLayerClass(
            name: "Strict", properties: [PropertyDescriptor("level", default: .scalar(0))], strict: true)
        let plain = try engine.makeLayerHandle()
        let strict = try engine.makeLayerHandle(strictClass)
        let gone = try engine.makeLayerHandle()
        try engine.release(gone)
        try engine.tick(0)
        let keys = ["opacity", "position", "frame", "position.x", "bounds.size.width", "speed", "duration", "repeatCount",
                    "beginTime", "undeclared", "level", "fillMode", "transform", ""]
        let numbers: [Double] = [0.5, .nan, .infinity, -1, 1e300, 0]
        var compared = 0
        for layer in [plain, strict, gone] {
            for name in keys {
                let key = try engine.key(name)
                for number in numbers {
                    // Two engines would differ in state; compare on the same engine, setting back.
                    let byValue = outcome { () throws(AnimCoreError) in try engine.setValue(.scalar(number), forKey: key, of: layer) }
                    let byScalar = outcome { () throws(AnimCoreError) in try engine.setScalar(number, forKey: key, of: layer) }
                    #expect(byValue == byScalar, "\(name) = \(number)")
                    compared += 1
                }
            }
        }
        // A key number this engine never gave out.
        let unknown = PropertyKey(raw: UInt32(Int32.max - 7))
        let a = outcome { () throws(AnimCoreError) in try engine.setValue(.scalar(1), forKey: unknown, of: plain) }
        let b = outcome { () throws(AnimCoreError) in try engine.setScalar(1, forKey: unknown, of: plain) }
        #expect(a == b && a != "ok", "an unknown key number: \(a) / \(b)")
        #expect(compared == 3 * keys.count * numbers.count)
        engine.invalidate()
        let opacity = try engine.key("opacity")
        let afterValue = outcome { () throws(AnimCoreError) in try engine.setValue(.scalar(1), forKey: opacity, of: plain) }
        let afterScalar = outcome { () throws(AnimCoreError) in try engine.setScalar(1, forKey: opacity, of: plain) }
        #expect(afterValue == afterScalar && afterValue.hasPrefix("invalidState"), "after invalidation: \(afterValue) / \(afterScalar)")
    }

    // MARK: Layer time (3af2680)

    @Test("a root layer's time follows its timing as it changes (default → speed 2, offset → default again), as convertTime gives it")
    func rootLayerTime() throws {
        let (engine, layer) = try committedProbe()
        try engine.tick(4)
        func check(_ what: String) throws {
            let local = try engine.localTime(of: layer)
            let converted = try engine.convertTime(4, from: nil, to: layer)
            #expect(local == converted, "\(what): \(local) vs \(converted)")
        }
        try check("default timing")
        try quietly(engine) {
            try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
            try engine.setValue(.scalar(1), forKeyPath: "timeOffset", of: layer)
        }
        try check("speed 2, offset 1")
        #expect(try engine.localTime(of: layer) == 9)
        try quietly(engine) {
            try engine.setValue(.scalar(1), forKeyPath: "speed", of: layer)
            try engine.setValue(.scalar(0), forKeyPath: "timeOffset", of: layer)
        }
        try check("default again")
        #expect(try engine.localTime(of: layer) == 4)
        // An animation added at the commit begins at the layer's time: its progress at the next tick.
        try quietly(engine) { try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer) }
        try engine.addAnimation(basic("value", from: 0, to: 10, duration: 4), forKey: "ramp", to: layer)
        try engine.tick(4)
        try engine.tick(5)  // one second of engine time: two of the layer's
        expectNear(try presented(engine, "value", layer), 5, 1e-9, "half-way after two layer seconds")
    }
}
