// A layer's only animation is removed the short way (`EngineState.removeAnimation(_:slot:)`):
// the layer is left with no presentation block without laying one out again. Each test holds
// the short way to the general removal (`removeAnimations`), which lays the layer's
// presentation out again from its remaining animations: the same engine afterwards, to the
// bit, for every record kind, removed by key or ended by a tick.
import Testing

@testable import AnimCore

// MARK: - Support

/// What a removal leaves behind in an engine: the layers' places and lists, the buffers'
/// high-water marks and live counts, the free records in order, the lane's tombstones, the keys
/// freed and curves dropped, the callbacks' bookkeeping, the general walk, and every layer's
/// presentation and model value of each property as bit patterns.
private struct Aftermath: Equatable, CustomStringConvertible {
    var layers: [[Int64]] = []
    var buffers: [Int] = []
    var freeRecords: [Int32] = []
    var walk: [Int32] = []
    var values: [[UInt64]] = []
    var description: String { "layers \(layers) buffers \(buffers) free \(freeRecords) walk \(walk) values \(values)" }
}

private let properties = ["level", "spot", "glow"]

private func aftermath(_ engine: Engine, _ layers: [LayerID]) throws -> Aftermath {
    var result = Aftermath()
    for layer in layers {
        let record = try engine.bookkeeping(of: layer)
        result.layers.append([
            Int64(record.firstAnimation), Int64(record.lastAnimation), Int64(record.presentationSize),
            Int64(record.walkIndex), record.needsDisplay ? 1 : 0, Int64(record.presentationOffset),
            Int64(record.presentationLayout),
        ])
    }
    let s = engine.bookkeeping()
    result.buffers = [
        s.presentationSlotsUsed, s.presentationSlots, s.animationValueSlotsUsed, s.animationValueSlots,
        s.basicRecords, s.springRecords, s.keyframeRecords, s.groupRecords,
        s.decayRecords, s.freeAnimationRecords.count, s.laneEntries, s.laneTombstones,
        s.animationKeysFreed, s.timingFunctionsDropped, s.animationDelegates, s.addedDescriptions,
        s.displayQueue, s.queuedEvents,
    ]
    // (Counts only. Not the host registrations the removal retires: the engine's API releases
    // them after each call, the general removal called below keeps them until the next; the
    // queued events would differ the same way, and compare equal because a removal queues its
    // did-stop for the next tick.)
    result.freeRecords = s.freeAnimationRecords
    result.walk = s.walkedLayers.sorted()
    for layer in layers {
        for property in properties {
            result.values.append(slots(try #require(try engine.presentationValue(forKeyPath: property, of: layer))).map(\.bitPattern))
            result.values.append(slots(try #require(try engine.value(forKeyPath: property, of: layer))).map(\.bitPattern))
        }
    }
    return result
}

/// An engine with class "Probe" (a scalar "level", a point "spot", a scalar "glow" that
/// redisplays, its displays logged) and three layers of it, committed at 0.
private func probeEngine(displays: Log<LayerID> = Log()) throws -> (Engine, [LayerID]) {
    let engine = Engine()
    let probe = try engine.makeLayerClass(
        name: "Probe",
        properties: [
            PropertyDescriptor("level", default: .scalar(0)),
            PropertyDescriptor("spot", default: .point(x: 0, y: 0)),
            PropertyDescriptor("glow", default: .scalar(0), needsDisplay: true),
        ],
        display: DisplayHandler { _, layer in displays.add(layer) })
    let layers = try (0..<3).map { _ in try engine.makeLayerHandle(probe) }
    try engine.tick(0)
    return (engine, layers)
}

/// Whether the general removal has run in `engine`: only it fills the removal scratch.
private func generalRemovalRan(_ engine: Engine) -> Bool {
    engine.bookkeeping().generalRemovalHasRun
}

/// Whether the animation under `key` on `layer` is in the steady lane.
private func isInLane(_ engine: Engine, _ key: String, _ layer: LayerID) throws -> Bool {
    try engine.animationRecords(of: layer).first { $0.key == key }.map { $0.laneEntry >= 0 } ?? false
}

/// The animations each test removes from a layer: every record kind, a redisplaying
/// property, a group (its children follow it: the general way).
private let removed: [(name: String, animation: Animation)] = {
    var list: [(String, Animation)] = []
    list.append(("basic scalar", basic("level", from: 10, to: 20, duration: 1)))
    list.append(("basic point", basic("spot", from: .point(x: 1, y: 2), to: .point(x: 30, y: -40), duration: 1)))
    list.append(("basic over the model (no from, no to)", basic("level", from: nil as Value?, duration: 1)))
    list.append(("redisplaying property", basic("glow", from: 0, to: 1, duration: 1)))
    var spring = Animation.spring("level", from: .scalar(0), to: .scalar(5))
    spring.timing.duration = 1
    list.append(("spring", spring))
    var keyframes = Animation.keyframe("spot", values: [.point(x: 0, y: 0), .point(x: 5, y: 9), .point(x: -3, y: 4)])
    keyframes.timing.duration = 1
    list.append(("keyframes", keyframes))
    var decay = Animation.decay("spot", from: .point(x: 3, y: 4), velocity: .point(x: 100, y: -50))
    decay.timing.duration = 1
    list.append(("decay", decay))
    var group = Animation.group([basic("level", from: 1, to: 2, duration: 1), basic("spot", by: .point(x: 5, y: 5), duration: 1)])
    group.timing.duration = 1
    list.append(("group", group))
    return list
}()

// MARK: - Tests

@Suite("Removing a layer's only animation")
struct OnlyAnimationRemovalTests {
    /// Two engines alike, each with `animation` on layer 0 under "a" (with its own delegate, in
    /// a transaction with a completion) and other animations on layers 1 and 2 holding blocks
    /// around it; half way at 0.5 when `ticked`, else not yet committed.
    private func pair(
        _ animation: Animation, log: [Log<CallbackRecord>], completions: [Log<Bool>], displays: [Log<LayerID>],
        ticks: TickCounter, ticked: Bool = true
    ) throws -> [(Engine, [LayerID])] {
        try (0..<2).map { side in
            let (engine, layers) = try probeEngine(displays: displays[side])
            try engine.addAnimation(basic("spot", from: .point(x: 0, y: 0), to: .point(x: 9, y: 9), duration: 4), forKey: "x", to: layers[1])
            var tracked = animation
            tracked.delegate = recordingDelegate(log[side], ticks)
            try engine.beginTransaction()
            try engine.addCompletion(TransactionCompletion { _, finished in completions[side].add(finished) })
            try engine.addAnimation(tracked, forKey: "a", to: layers[0])
            try engine.commitTransaction()
            try engine.addAnimation(basic("level", from: 3, to: 4, duration: 4), forKey: "y", to: layers[2])
            if ticked {
                try engine.tick(0.25)
                try engine.tick(0.5)
            }
            return (engine, layers)
        }
    }

    @Test("removed by key: the short way leaves the engine the general removal leaves", arguments: removed.indices, [true, false])
    func removedByKey(_ which: Int, ticked: Bool) throws {
        let (name, animation) = removed[which]
        let logs = [Log<CallbackRecord>(), Log<CallbackRecord>()]
        let completions = [Log<Bool>(), Log<Bool>()]
        let displays = [Log<LayerID>(), Log<LayerID>()]
        let ticks = TickCounter()
        let engines = try pair(animation, log: logs, completions: completions, displays: displays, ticks: ticks, ticked: ticked)
        let (short, shortLayers) = engines[0], (general, generalLayers) = engines[1]
        // Under way, the animation is in the lane (its layer's only one, on engine time), but
        // on a property that redisplays (the general walk takes those).
        #expect(try isInLane(short, "a", shortLayers[0]) == (ticked && !animation.keyPath.hasPrefix("glow")), "\(name)")
        // The short way, as the API takes it (`removeAnimation(keyID:slot:)`)...
        try short.removeAnimation(forKey: "a", from: shortLayers[0])
        // ... and the general removal of the same record.
        try general.removeFirstAnimationByGeneralRemoval(of: generalLayers[0])
        #expect(short.bookkeepingIssues().isEmpty, "\(name): \(short.bookkeepingIssues())")
        #expect(general.bookkeepingIssues().isEmpty, "\(name): \(general.bookkeepingIssues())")
        #expect(try aftermath(short, shortLayers) == aftermath(general, generalLayers), "\(name): after the removal")
        #expect(try short.animationKeys(of: shortLayers[0]).isEmpty, "\(name)")
        // The short way ran where it applies (a group's children follow it: the general way).
        let isGroup = if case .group = animation.kind { true } else { false }
        #expect(generalRemovalRan(short) == isGroup, "\(name)")
        #expect(generalRemovalRan(general), "\(name)")
        // The did-stop (finished = false; after a start when it had started) and the
        // transaction's completion (unfinished) come at the next tick, once; the redisplays
        // are the same; then a new animation takes the same slots on both.
        ticks.advance()
        for (engine, layers) in engines {
            try engine.tick(0.75)
            try engine.addAnimation(basic("spot", from: .point(x: 7, y: 7), to: .point(x: 8, y: 8), duration: 1), forKey: "b", to: layers[0])
            try engine.tick(1)
        }
        #expect(try aftermath(short, shortLayers) == aftermath(general, generalLayers), "\(name): after a new animation")
        let started = ticked ? [CallbackRecord(kind: .start, key: "a", layer: shortLayers[0], tick: 0)] : []
        let expected = started + [CallbackRecord(kind: .stop(finished: false), key: "a", layer: shortLayers[0], tick: 1)]
        #expect(logs[0].all == expected, "\(name)")
        #expect(logs[1].all.map(\.kind) == expected.map(\.kind) && logs[1].all.map(\.tick) == expected.map(\.tick), "\(name)")
        #expect(completions[0].all == [false] && completions[1].all == [false], "\(name)")
        #expect(displays[0].all.map { $0 == shortLayers[0] } == displays[1].all.map { $0 == generalLayers[0] }, "\(name)")
        #expect(short.bookkeepingIssues().isEmpty, "\(name): \(short.bookkeepingIssues())")
    }

    @Test("ended by a tick: implicit animations on many layers, a layer of two, a layer whose other animation goes on")
    func endedByTick() throws {
        let displays = Log<LayerID>()
        let (engine, layers) = try probeEngine(displays: displays)
        let more = try (0..<20).map { _ in try engine.makeLayerHandle(try engine.layerClass(of: layers[0])) }
        try engine.tick(1)
        let log = Log<CallbackRecord>()
        let ticks = TickCounter()
        // Implicit animations of 0.25 s on 20 layers, in one transaction.
        try engine.beginTransaction()
        for (k, layer) in more.enumerated() { try engine.setValue(.scalar(Double(k + 1)), forKeyPath: "level", of: layer) }
        try engine.commitTransaction()
        // Layer 0: two animations ending in the same tick (the general way); layer 1: one ending,
        // one going on; layer 2: one ending, added with a delegate.
        try engine.addAnimation(basic("level", from: 1, to: 2, duration: 0.5), forKey: "p", to: layers[0])
        try engine.addAnimation(basic("spot", from: .point(x: 1, y: 1), to: .point(x: 2, y: 2), duration: 0.5), forKey: "q", to: layers[0])
        try engine.addAnimation(basic("level", from: 1, to: 2, duration: 0.5), forKey: "ends", to: layers[1])
        try engine.addAnimation(basic("spot", from: .point(x: 1, y: 1), to: .point(x: 2, y: 2), duration: 5), forKey: "goes on", to: layers[1])
        var tracked = basic("glow", from: 0, to: 1, duration: 0.5)
        tracked.delegate = recordingDelegate(log, ticks)
        try engine.addAnimation(tracked, forKey: "t", to: layers[2])
        try engine.tick(1.1)
        try engine.tick(1.2)
        #expect(try isInLane(engine, "level", more[0]))
        // The implicit animations (0.25 s from the commit tick at 1.1) end first, each its
        // layer's only one: the short way alone.
        try engine.tick(1.4)
        #expect(!generalRemovalRan(engine))
        #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
        ticks.advance()
        displays.clear()
        try engine.tick(2)  // everything but layer 1's "goes on" has ended
        #expect(generalRemovalRan(engine), "layer 0's two animations ended together: the general way")
        #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
        #expect(displays.all == [layers[2]], "a redisplaying property's animation ended: its layer displays once")
        for (k, layer) in more.enumerated() {
            #expect(try engine.animationKeys(of: layer).isEmpty)
            #expect(try presented(engine, "level", layer) == Double(k + 1), "the model again")
        }
        #expect(try engine.animationKeys(of: layers[0]).isEmpty)
        #expect(try engine.animationKeys(of: layers[1]) == ["goes on"])
        #expect(try engine.animationKeys(of: layers[2]).isEmpty)
        #expect(log.all.map(\.kind) == [.start, .stop(finished: true)])
        #expect(log.all.last?.tick == 1)
        let goesOn = try engine.bookkeeping(of: layers[1]).slot
        // Only layer 1 is animated: it alone holds a presentation block (one point).
        let counts = engine.bookkeeping()
        #expect(counts.presentationSlots == 2)
        #expect(counts.walkedLayers.allSatisfy { $0 == Int32(goesOn) })
        for layer in more + [layers[0], layers[2]] {
            let record = try engine.bookkeeping(of: layer)
            #expect(record.presentationOffset == -1 && record.presentationLayout == -1)
            #expect(record.presentationSize == 0 && record.walkIndex == -1)
            #expect(record.firstAnimation == -1 && record.lastAnimation == -1)
        }
        // The freed slots serve the next starts.
        try engine.beginTransaction()
        for layer in more { try engine.setValue(.scalar(0), forKeyPath: "level", of: layer) }
        try engine.commitTransaction()
        try engine.tick(2.1)
        #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
        #expect(engine.bookkeeping().presentationSlots == 2 + more.count)
    }
}
