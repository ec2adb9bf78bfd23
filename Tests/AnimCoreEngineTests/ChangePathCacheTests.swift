// The change path's caches and shortcuts: the
// "default" curve the engine holds (reference counts checked against the records that use each
// curve), the last implicit spring's facts reused across transactions (against the general
// path, which works them out afresh), the inlined velocity helpers and event subject, the
// registration with the cached thread (retargets that complete groups, animation delegates,
// action handlers inside a batch, two threads), the thread table that drops another idle entry,
// the settings resolved in place, and a curve's range checks against the parent's.
import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Support

/// An engine with a class "CacheDot" (scalar "value", point "spot"; animatable) and `count`
/// committed layers. `general`: the class has a default action that continues the search, so
/// every change takes the general path (`implicitAnimation`, `addAnimation`).
private func cacheDots(_ count: Int, general: Bool = false) throws -> (Engine, [LayerID]) {
    let engine = Engine()
    let dot = try engine.makeLayerClass(
        name: "CacheDot",
        properties: [PropertyDescriptor("value", default: .scalar(0)), PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
    if general {
        try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot)
    }
    let layers = try (0..<count).map { _ in try engine.makeLayerHandle(dot) }
    try engine.tick(0)
    return (engine, layers)
}

/// The state of the last animation on `layer` (nil: none).
private func lastAnimationState(_ engine: Engine, _ layer: LayerID) -> RunState? {
    lastAnimationRecord(engine, layer)?.runState
}

/// The last animation record on `layer` (nil: none).
private func lastAnimationRecord(_ engine: Engine, _ layer: LayerID) -> AnimationRecordInspection? {
    (try? engine.animationRecords(of: layer))?.last
}

// MARK: Timing function table

/// Where the table's counts disagree with the uses held, or its map with its slots.
private func functionTableIssues(_ engine: Engine) -> [String] {
    guard let table = engine.timingFunctionTable() else {
        return ["the table's map is not readable by reflection"]
    }
    var issues: [String] = []
    let uses = engine.heldTimingFunctionUses()
    let defaultFunction = engine.bookkeeping().defaultTimingFunction
    let held = Int(defaultFunction)
    for index in table.uses.indices {
        let expected = uses[Int32(index)] ?? 0
        if Int(table.uses[index]) != expected {
            issues.append("curve \(index) (\(table.functions[index])): counted \(table.uses[index]), held \(expected)\(index == held ? " (the engine's one included)" : "")")
        }
        if table.uses[index] > 0 && table.indexByFunction[table.functions[index]] != Int32(index) {
            issues.append("curve \(index) in use but mapped to \(String(describing: table.indexByFunction[table.functions[index]]))")
        }
    }
    for (function, index) in table.indexByFunction
    where !(index >= 0 && Int(index) < table.uses.count && table.uses[Int(index)] > 0 && table.functions[Int(index)] == function) {
        issues.append("the map names slot \(index) for \(function), which does not hold it")
    }
    if held >= table.functions.count || table.functions[held] != .default {
        issues.append("the engine's default slot \(held) does not hold the default curve")
    }
    if table.indexByFunction[.default] != defaultFunction {
        issues.append("the map finds the default curve at \(String(describing: table.indexByFunction[.default])), not \(held)")
    }
    return issues
}

// MARK: Springs

/// A response's fields as bit patterns.
private func responseBits(_ response: SpringResponse) -> [UInt64] {
    [UInt64(response.regime.rawValue), response.frequency.bitPattern, response.decay.bitPattern,
     response.dampedFrequency.bitPattern, response.rootSlow.bitPattern, response.rootFast.bitPattern]
}

/// The spring facts of the last animation on `layer` (nil: not a spring): its spring, its
/// initial velocity as the record keeps it, its response, duration and carried velocity.
private func lastSpringRecord(_ engine: Engine, _ layer: LayerID)
    -> (spring: Spring, initialVelocity: Double, response: SpringResponse, duration: Double, startVelocity: Double?)? {
    guard let record = lastAnimationRecord(engine, layer), record.kind == .spring,
          let spring = record.spring, let initialVelocity = record.springInitialVelocity, let response = record.springResponse
    else { return nil }
    let start = record.startVelocity >= 0 ? engine.animationValueSlots(at: record.startVelocity, count: 1)[0] : nil
    return (spring, initialVelocity, response, record.duration, start)
}

// MARK: Registration

/// nil when the last animation added on `layer` is in `thread`'s pending list and counts for
/// that thread's innermost open frame; else what is wrong.
private func registrationIssue(_ engine: Engine, _ layer: LayerID, thread: UInt) -> String? {
    guard let records = try? engine.animationRecords(of: layer) else { return "no such layer" }
    guard let found = records.last(where: { $0.runState == .pending }) else { return "no pending animation on the layer" }
    guard let entry = engine.transactionThreads().first(where: { $0.thread == thread }) else { return "the thread has no entry" }
    guard entry.pending.contains(AnimationReference(index: found.index, generation: found.generation)) else {
        return "the animation is not in the thread's pending list"
    }
    guard let innermost = entry.frames.last else { return "the thread has no frame open" }
    guard found.completionGroup == innermost.completionGroup else {
        return "the animation counts for group \(found.completionGroup), not the innermost frame's \(innermost.completionGroup)"
    }
    return nil
}

/// A completion as it fired.
private struct FiredCompletion: Sendable, Equatable {
    var id: Int
    var finished: Bool
}

// MARK: - Tests

@Suite("Change path caches: default curve, implicit spring facts, cached registration, thread table, settings in place, curve checks")
struct ChangePathCacheTests {
    // MARK: The engine's default curve

    @Test("default curve: every path that uses it (direct change, general change, explicit add by value, a transaction that sets it, keyframe segments, groups) finds the engine's slot; counts equal the uses held after each of 400 random steps; at the end only the engine's hold is left")
    func defaultCurveCountsStayExact() throws {
        let (engine, layers) = try cacheDots(6)
        let key = try engine.key("value")
        // Layer 0 takes the general path (a delegate action that continues the search).
        try engine.setDelegateActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: layers[0])
        let held = engine.bookkeeping().defaultTimingFunction
        #expect(functionTableIssues(engine).isEmpty, "a new engine: \(functionTableIssues(engine))")

        // Each path that uses "default" lands on the engine's slot.
        try engine.setScalar(1, forKey: key, of: layers[1])
        #expect(lastAnimationRecord(engine, layers[1])?.function == held, "direct change, no curve set")
        try engine.setScalar(1, forKey: key, of: layers[0])
        #expect(lastAnimationRecord(engine, layers[0])?.function == held, "general change (implicitAnimation), no curve set")
        var explicit = basic("value", from: 0, to: 1)
        explicit.timingFunction = .cubicBezier(try UnitBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        try engine.addAnimation(explicit, forKey: "explicit", to: layers[2])
        #expect(lastAnimationRecord(engine, layers[2])?.function == held, "explicit add of an equal curve made anew")
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.timingFunction = try? TimingFunction(named: "ease") }
        try engine.setScalar(1, forKey: key, of: layers[3])
        try engine.commitTransaction()
        #expect(lastAnimationRecord(engine, layers[3])?.function == held, "a transaction that sets \"ease\"")
        #expect(functionTableIssues(engine).isEmpty, "\(functionTableIssues(engine))")

        let curves: [TimingFunction?] = [
            nil, .default, .easeIn, .linear, .cubicBezier(try UnitBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)),
            .cubicBezier(try UnitBezier(x1: 0.3, y1: -0.5, x2: 0.6, y2: 1.4)),
        ]
        var mix = SplitMix64(seed: 12)
        var time = 0.0
        var step = 0
        var counts = [Int](repeating: 0, count: 11)
        while step < 400 {
            step += 1
            let layer = mix.pick(layers)
            let curve = mix.pick(curves)
            let operation = mix.below(11)
            counts[operation] += 1
            switch operation {
            case 0:  // a change outside any transaction
                try engine.setScalar(mix.unit() * 10, forKey: key, of: layer)
            case 1:  // a transaction with a curve (or none), one or two changes
                try engine.beginTransaction()
                if let curve { try engine.setTransactionFields { $0.timingFunction = curve } }
                try engine.setScalar(mix.unit() * 10, forKey: key, of: layer)
                if mix.chance(0.5) { try engine.setScalar(mix.unit() * 10, forKey: key, of: mix.pick(layers)) }
                try engine.commitTransaction()
            case 2:  // a spring transaction, with a curve or not
                try engine.beginTransaction()
                try engine.setTransactionFields {
                    $0.spring = Spring(stiffness: 400, damping: 40)
                    $0.timingFunction = curve
                }
                try engine.setScalar(mix.unit() * 10, forKey: key, of: layer)
                try engine.commitTransaction()
            case 3:  // an explicit basic animation
                var animation = basic("value", from: 0, to: 1, duration: mix.pick([0.05, 0.5, 50]))
                animation.timingFunction = curve
                try engine.addAnimation(animation, forKey: mix.pick(["a", "b", "value"]), to: layer)
            case 4:  // keyframes with segment curves
                var animation = Animation.keyframe("value", values: [.scalar(0), .scalar(2), .scalar(1)])
                animation.keyframe?.timingFunctions = [.default, curve ?? .linear]
                animation.timingFunction = curve
                animation.timing.duration = mix.pick([0.05, 0.5])
                try engine.addAnimation(animation, forKey: mix.pick(["k", "value"]), to: layer)
            case 5:  // a group with a curve and a child with one
                var child = basic("value", from: 0, to: 3, duration: 0)
                child.timingFunction = curve ?? .default
                var group = Animation.group([child])
                group.timingFunction = curve
                group.timing.duration = mix.pick([0.05, 0.5])
                try engine.addAnimation(group, forKey: "g", to: layer)
            case 6:
                try engine.removeAnimation(forKey: mix.pick(["a", "b", "k", "g", "value"]), from: layer)
            case 7:
                try engine.removeAllAnimations(from: layer)
            case 8:
                time += mix.pick([0.01, 0.1, 0.3, 20])
                try engine.tick(time)
            case 9:  // a batch over every layer (layer 0's change takes the general path)
                let numbers = layers.map { _ in mix.unit() * 10 }
                try layers.withUnsafeBufferPointer { handles in
                    try numbers.withUnsafeBufferPointer { values in
                        try engine.setValues(forKey: key, of: handles, kind: .scalar, from: values.baseAddress!)
                    }
                }
            default:  // a change with actions disabled (no animation)
                try engine.beginTransaction()
                try engine.setTransactionFields { $0.disableActions = true }
                try engine.setScalar(mix.unit() * 10, forKey: key, of: layer)
                try engine.commitTransaction()
            }
            let issues = functionTableIssues(engine)
            if !issues.isEmpty {
                Issue.record("step \(step) (operation \(operation)): \(issues.prefix(4))")
                break
            }
        }
        #expect(counts.allSatisfy { $0 > 10 }, "every operation ran: \(counts)")
        // Everything removed or finished: only the engine's hold on "default" is left.
        for layer in layers { try engine.removeAllAnimations(from: layer) }
        try engine.tick(time + 100)
        try engine.tick(time + 200)
        let table = try #require(engine.timingFunctionTable())
        #expect(table.uses[Int(held)] == 1, "the engine's hold alone: \(table.uses[Int(held)])")
        #expect(table.uses.enumerated().allSatisfy { $0.offset == Int(held) || $0.element == 0 }, "no other curve held: \(table.uses)")
        #expect(table.indexByFunction == [.default: held])
        // The held curve is not dropped: a new curve takes another slot, a change still finds it.
        var fresh = basic("value", from: 0, to: 1)
        fresh.timingFunction = .cubicBezier(try UnitBezier(x1: 0.1, y1: 0.9, x2: 0.2, y2: 0.8))
        try engine.addAnimation(fresh, forKey: "fresh", to: layers[4])
        #expect(lastAnimationRecord(engine, layers[4])?.function != held)
        try engine.setScalar(-1, forKey: key, of: layers[5])
        #expect(lastAnimationRecord(engine, layers[5])?.function == held)
        #expect(functionTableIssues(engine).isEmpty, "\(functionTableIssues(engine))")
    }

    @Test("default curve: an implicit animation with no curve set follows the default bezier (written out here) on the steady lane and off it, on the direct and the general path")
    func defaultCurveEvaluates() throws {
        for general in [false, true] {
            for lane in [true, false] {
                let (engine, layers) = try cacheDots(1, general: general)
                engine.setSteadyLaneEnabled(lane)
                try engine.setScalar(10, forKey: try engine.key("value"), of: layers[0])
                try engine.tick(0)  // commits: it begins at 0 and lasts 0.25 s
                #expect(lastAnimationRecord(engine, layers[0])?.function == engine.bookkeeping().defaultTimingFunction)
                for time in [0.02, 0.05, 0.1, 0.15, 0.2, 0.24] {
                    try engine.tick(time)
                    let expected = 10 * referenceBezierValue(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, at: time / 0.25)
                    expectNear(try presented(engine, "value", layers[0]), expected, 1e-9,
                               "general \(general), lane \(lane), t = \(time)")
                }
                let inLane = (lastAnimationRecord(engine, layers[0])?.laneEntry ?? -1) >= 0
                #expect(inLane == lane, "general \(general), lane \(lane): the animation runs on the steady lane only when it is on")
            }
        }
    }

    // MARK: The last implicit spring's facts

    @Test("implicit spring facts: 160 changes under 12 springs that differ in one field each (mass, stiffness, damping, initial velocity ±, -0.0, overdamping, damping 0 / -0.0), in new and shared transactions, fresh layers and retargets: durations, responses, presentations and velocities equal the general path's to the bit; a fresh layer's duration is Spring.settlingDuration")
    func implicitSpringFactsMatchTheGeneralPath() throws {
        let springs: [(name: String, spring: Spring)] = [
            ("base", Spring()),
            ("mass 2", Spring(mass: 2)),
            ("stiffness 150", Spring(stiffness: 150)),
            ("damping 11", Spring(damping: 11)),
            ("initialVelocity 4", Spring(initialVelocity: 4)),
            ("initialVelocity -4", Spring(initialVelocity: -4)),
            ("initialVelocity -0.0", Spring(initialVelocity: -0.0)),
            ("damping 30", Spring(damping: 30)),
            ("damping 30, overdamping", Spring(damping: 30, allowsOverdamping: true)),
            ("damping 0", Spring(damping: 0)),
            ("damping -0.0", Spring(damping: -0.0)),
            ("perceptual", try Spring(duration: 0.5, bounce: 0.2)),
        ]
        let (direct, directLayers) = try cacheDots(40)
        let (general, generalLayers) = try cacheDots(40, general: true)
        let key = try direct.key("value")
        let generalKey = try general.key("value")
        var mix = SplitMix64(seed: 77)
        var time = 0.0
        var changes = 0, fresh = 0, carried = 0
        var differences: [String] = []
        func change(_ layerIndex: Int, _ value: Double, _ chosen: (name: String, spring: Spring)) throws {
            let wasFresh = try direct.animationKeys(of: directLayers[layerIndex]).isEmpty
            try direct.setScalar(value, forKey: key, of: directLayers[layerIndex])
            try general.setScalar(value, forKey: generalKey, of: generalLayers[layerIndex])
            changes += 1
            guard let mine = lastSpringRecord(direct, directLayers[layerIndex]),
                  let theirs = lastSpringRecord(general, generalLayers[layerIndex])
            else {
                Issue.record("change \(changes) (\(chosen.name)): no spring record")
                return
            }
            let what = "change \(changes) (\(chosen.name)\(wasFresh ? ", fresh layer" : ", retarget"))"
            #expect(sameBits(mine.duration, theirs.duration), "\(what): duration \(mine.duration), general path \(theirs.duration)")
            #expect(mine.spring == chosen.spring && sameBits(mine.initialVelocity, theirs.initialVelocity), "\(what): spring and initial velocity")
            if chosen.spring.damping != 0 {
                #expect(responseBits(mine.response) == responseBits(SpringResponse(chosen.spring)), "\(what): the response is this spring's")
            } else {
                // Spring's == treats -0.0 and 0.0 alike, so these two share facts: the response
                // may differ in the sign of a zero decay only (the outputs are compared below).
                #expect(mine.response == SpringResponse(chosen.spring), "\(what): the response is this spring's")
            }
            if let start = mine.startVelocity {
                carried += 1
                #expect(theirs.startVelocity.map { sameBits($0, start) } == true, "\(what): carried velocity")
            }
            if wasFresh {
                fresh += 1
                #expect(sameBits(mine.duration, chosen.spring.settlingDuration), "\(what): \(mine.duration), settling \(chosen.spring.settlingDuration)")
            }
        }
        for _ in 0..<90 {
            let shared = mix.chance(0.4)
            try direct.beginTransaction()
            try general.beginTransaction()
            for _ in 0..<(shared ? 3 : 1) {
                let chosen = mix.pick(springs)
                try direct.setTransactionFields { $0.spring = chosen.spring }
                try general.setTransactionFields { $0.spring = chosen.spring }
                try change(mix.below(directLayers.count), mix.unit() * 100 - 50, chosen)
            }
            try direct.commitTransaction()
            try general.commitTransaction()
            time += mix.pick([0.0, 0.013, 0.05, 0.4])
            try direct.tick(time)
            try general.tick(time)
            for index in directLayers.indices {
                let a = try presented(direct, "value", directLayers[index]) ?? .nan
                let b = try presented(general, "value", generalLayers[index]) ?? .nan
                if !sameBits(a, b) { differences.append("t = \(time), layer \(index): presentation \(a), general path \(b)") }
            }
            let probe = mix.below(directLayers.count)
            let va = scalar(try direct.presentationVelocity(forKeyPath: "value", of: directLayers[probe])) ?? .nan
            let vb = scalar(try general.presentationVelocity(forKeyPath: "value", of: generalLayers[probe])) ?? .nan
            if !sameBits(va, vb) { differences.append("t = \(time), layer \(probe): velocity \(va), general path \(vb)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differences: \(differences.prefix(4))")
        #expect(changes >= 140 && fresh > 20 && carried > 20, "changes \(changes), on fresh layers \(fresh), carrying a velocity \(carried)")
    }

    @Test("implicit spring facts: damping 0 then -0.0 (equal springs to Swift, so they share facts): presentations and velocities equal to the bit an engine's that saw -0.0 alone; initial velocity 0 then -0.0: the record keeps -0.0")
    func signedZeroSpringsGiveTheSameMotion() throws {
        let (shared, sharedLayers) = try cacheDots(2)
        let (alone, aloneLayers) = try cacheDots(2)
        func springChange(_ engine: Engine, _ layer: LayerID, _ spring: Spring, to value: Double) throws {
            try engine.beginTransaction()
            try engine.setTransactionFields { $0.spring = spring }
            try engine.setScalar(value, forKey: try engine.key("value"), of: layer)
            try engine.commitTransaction()
        }
        try springChange(shared, sharedLayers[0], Spring(damping: 0), to: 3)
        try springChange(shared, sharedLayers[1], Spring(damping: -0.0), to: 7)
        try springChange(alone, aloneLayers[1], Spring(damping: -0.0), to: 7)
        for time in stride(from: 0.0, through: 3.0, by: 0.037) {
            try shared.tick(time)
            try alone.tick(time)
            let a = try presented(shared, "value", sharedLayers[1]) ?? .nan
            let b = try presented(alone, "value", aloneLayers[1]) ?? .nan
            #expect(sameBits(a, b), "t = \(time): \(a) after a damping-0 spring, \(b) alone")
            let va = scalar(try shared.presentationVelocity(forKeyPath: "value", of: sharedLayers[1])) ?? .nan
            let vb = scalar(try alone.presentationVelocity(forKeyPath: "value", of: aloneLayers[1])) ?? .nan
            #expect(sameBits(va, vb), "t = \(time): velocity \(va), alone \(vb)")
        }
        // Initial velocity -0.0 after 0.0: the record's own initial velocity is the spring's.
        let (engine, layers) = try cacheDots(2)
        try springChange(engine, layers[0], Spring(initialVelocity: 0), to: 1)
        try springChange(engine, layers[1], Spring(initialVelocity: -0.0), to: 1)
        let record = try #require(lastSpringRecord(engine, layers[1]))
        #expect(record.initialVelocity.bitPattern == (-0.0).bitPattern && record.spring.initialVelocity.sign == .minus)
        #expect(sameBits(record.duration, Spring(initialVelocity: -0.0).settlingDuration))
    }

    // MARK: Inlined helpers

    @Test("inlined velocity helpers and event subject: a spring change carries the velocity the API reads just before, to the bit; a sole spring's velocity is the closed form's; a basic animation's central difference; did-stop of a replaced and of a finished animation name their layer and key")
    func inlinedHelpersBehave() throws {
        let (engine, layers) = try cacheDots(4)
        let key = try engine.key("value")
        // (1) Carried velocity: a linear basic animation under another key moves "value" at 100/s.
        var linear = basic("value", from: 0, to: 100, duration: 1)
        linear.timingFunction = .linear
        try engine.addAnimation(linear, forKey: "other", to: layers[0])
        try engine.tick(0)
        try engine.tick(0.3)
        let before = scalar(try engine.presentationVelocity(forKeyPath: "value", of: layers[0])) ?? .nan
        expectNear(before, 100, 1e-6, "the linear animation's velocity")
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = Spring() }
        try engine.setScalar(50, forKey: key, of: layers[0])
        try engine.commitTransaction()
        let carried = try #require(lastSpringRecord(engine, layers[0])?.startVelocity)
        #expect(sameBits(carried, before), "carried \(carried), read before \(before)")

        // (2) A sole spring from 0 to 10 (mass 1, stiffness 100, damping 10), begun at 0.3.
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.spring = Spring() }
        try engine.setScalar(10, forKey: key, of: layers[1])
        try engine.commitTransaction()
        try engine.tick(0.3)
        let damped = (100.0 - 25).squareRoot()
        for time in [0.31, 0.35, 0.5, 0.77, 1.2] {
            try engine.tick(time)
            let t = time - 0.3
            // x = 10 − 10 e^(−5t)(cos ω_d t + 5/ω_d sin ω_d t), x′ = 10 e^(−5t) (100/ω_d) sin ω_d t.
            let expected = 10 * exp(-5 * t) * (100 / damped) * sin(damped * t)
            expectNear(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layers[1])), expected, 1e-9 * max(1, abs(expected)), "sole spring at t = \(t)")
        }

        // (3) A basic animation's central difference: from 0 to 10 over 2 s, linear: 5/s.
        var slow = basic("value", from: 0, to: 10, duration: 2)
        slow.timingFunction = .linear
        try engine.addAnimation(slow, forKey: "slow", to: layers[2])
        try engine.tick(1.2)
        try engine.tick(2.2)
        expectNear(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layers[2])), 5, 1e-6, "linear basic")

        // (4) Did-stop's subject: an explicit animation under "value" replaced by a change (the
        // direct path's `end`), and one under "short" that finishes at a tick.
        let log = Log<CallbackRecord>()
        let ticks = TickCounter()
        var replaced = basic("value", from: 0, to: 1, duration: 100)
        replaced.delegate = recordingDelegate(log, ticks)
        try engine.addAnimation(replaced, forKey: "value", to: layers[3])
        var short = basic("spot", from: .point(x: 0, y: 0), to: .point(x: 1, y: 1), duration: 0.1)
        short.delegate = recordingDelegate(log, ticks)
        try engine.addAnimation(short, forKey: "short", to: layers[3])
        try engine.tick(2.3)
        try engine.setScalar(4, forKey: key, of: layers[3])
        try engine.tick(2.5)
        let stops = log.all.filter { $0.kind != .start }
        #expect(stops.contains(CallbackRecord(kind: .stop(finished: false), key: "value", layer: layers[3], tick: 0)), "\(stops)")
        #expect(stops.contains(CallbackRecord(kind: .stop(finished: true), key: "short", layer: layers[3], tick: 0)), "\(stops)")
        #expect(stops.count == 2)
    }

    // MARK: Registration with the cached thread

    @Test("cached registration: a retarget whose replaced animation completes its group (the id reused by the new frame), a replaced animation with a delegate inside a transaction with settings, two threads interleaved: each animation in its thread's innermost frame; completions once with the right flag")
    func cachedRegistrationAcrossRetargetsAndThreads() throws {
        let (engine, layers) = try cacheDots(6)
        let key = try engine.key("value")
        let me = ThreadIdentity.current
        let fired = Log<FiredCompletion>()
        func completion(_ id: Int) -> @Sendable (Bool) -> Void { { finished in fired.add(FiredCompletion(id: id, finished: finished)) } }

        // (1) Group 1 holds one animation; a change outside any transaction replaces it: the
        // group completes (unfinished) during the change, and the change's new frame follows.
        try engine.beginTransaction()
        try engine.addCompletion(completion(1))
        try engine.setScalar(1, forKey: key, of: layers[0])
        try engine.commitTransaction()
        try engine.tick(0.05)
        #expect(lastAnimationState(engine, layers[0]) == .running)
        try engine.setScalar(2, forKey: key, of: layers[0])
        #expect(registrationIssue(engine, layers[0], thread: me) == nil, "\(registrationIssue(engine, layers[0], thread: me) ?? "")")
        try engine.addCompletion(completion(2))
        try engine.tick(0.08)

        // (2) A replaced explicit animation with a delegate, inside a transaction of 2 s.
        let log = Log<CallbackRecord>()
        var explicit = basic("value", from: 0, to: 1, duration: 100)
        explicit.delegate = recordingDelegate(log, TickCounter())
        try engine.addAnimation(explicit, forKey: "value", to: layers[1])
        try engine.tick(0.1)
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 2 }
        try engine.addCompletion(completion(3))
        try engine.setScalar(5, forKey: key, of: layers[1])
        #expect(registrationIssue(engine, layers[1], thread: me) == nil, "\(registrationIssue(engine, layers[1], thread: me) ?? "")")
        #expect(try engine.animation(forKey: "value", of: layers[1])?.timing.duration == 2)

        // (3) Another thread's changes between this thread's, this transaction still open.
        let worker = JobThread()
        defer { worker.stop() }
        let other = try worker.run { ThreadIdentity.current }
        let (l2, l3, l4) = (layers[2], layers[3], layers[4])
        let fourth = completion(4)
        try worker.run {
            try engine.setScalar(1, forKey: key, of: l2)
            try engine.addCompletion(fourth)
        }
        #expect(registrationIssue(engine, l2, thread: other) == nil, "\(registrationIssue(engine, l2, thread: other) ?? "")")
        try engine.setScalar(1, forKey: key, of: l3)
        #expect(registrationIssue(engine, l3, thread: me) == nil, "\(registrationIssue(engine, l3, thread: me) ?? "")")
        try worker.run { try engine.setScalar(1, forKey: key, of: l4) }
        #expect(registrationIssue(engine, l4, thread: other) == nil, "\(registrationIssue(engine, l4, thread: other) ?? "")")
        #expect(try engine.animation(forKey: "value", of: l3)?.timing.duration == 2)
        #expect(try engine.animation(forKey: "value", of: l4)?.timing.duration == 0.25)
        // The tick commits the worker's implicit frame, not this thread's explicit one.
        try engine.tick(0.2)
        for layer in [l2, l4] {
            let state = lastAnimationState(engine, layer)
            #expect(state != nil && state != .pending, "the worker's animations committed: \(String(describing: state))")
        }
        #expect(lastAnimationState(engine, l3) == .pending && lastAnimationState(engine, layers[1]) == .pending)
        try engine.commitTransaction()
        for time in [0.3, 1.0, 3.0, 4.0] { try engine.tick(time) }
        #expect(fired.all.sorted { $0.id < $1.id } == [
            FiredCompletion(id: 1, finished: false), FiredCompletion(id: 2, finished: true),
            FiredCompletion(id: 3, finished: true), FiredCompletion(id: 4, finished: true),
        ], "\(fired.all)")
        #expect(log.all.filter { $0.kind == .stop(finished: false) && $0.key == "value" && $0.layer == layers[1] }.count == 1, "\(log.all)")
    }

    @Test("cached registration in batches: 30 layers, every fourth with a delegate action handler that opens and commits a frame (with settings, or with a completion only) mid-batch; a batch in an implicit frame, then one in a transaction retargeting them all, a failing batch read between: each animation in this thread's innermost frame, completions once")
    func cachedRegistrationInBatchesWithHandlers() throws {
        let (engine, layers) = try cacheDots(30)
        let key = try engine.key("value")
        let me = ThreadIdentity.current
        let fired = Log<FiredCompletion>()
        func completion(_ id: Int) -> @Sendable (Bool) -> Void { { finished in fired.add(FiredCompletion(id: id, finished: finished)) } }
        for index in stride(from: 1, to: layers.count, by: 4) {
            let inner = completion(100 + index)
            let withSettings = index % 8 == 1
            try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
                try? engine.beginTransaction()
                if withSettings {
                    try? engine.setTransactionFields { $0.animationDuration = 3; $0.delay = 0.2 }
                    try? engine.setTransactionValue(.scalar(1), forKey: "handler")
                } else {
                    try? engine.addCompletion(inner)
                }
                try? engine.commitTransaction()
                return .continueSearch
            }, for: layers[index])
        }
        func batch(_ base: Double) throws {
            let numbers = layers.indices.map { base + Double($0) }
            try layers.withUnsafeBufferPointer { handles in
                try numbers.withUnsafeBufferPointer { values in
                    try engine.setValues(forKey: key, of: handles, kind: .scalar, from: values.baseAddress!)
                }
            }
        }
        // In an implicit frame (opened by the batch's first change).
        try batch(1)
        try engine.addCompletion(completion(1))
        for (index, layer) in layers.enumerated() {
            if let issue = registrationIssue(engine, layer, thread: me) { Issue.record("first batch, layer \(index): \(issue)") }
        }
        try engine.tick(0.05)
        #expect(layers.allSatisfy { lastAnimationState(engine, $0) == .running })
        // In a transaction of 0.5 s: every change replaces a running animation.
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 0.5 }
        try engine.addCompletion(completion(2))
        try batch(100)
        for (index, layer) in layers.enumerated() {
            if let issue = registrationIssue(engine, layer, thread: me) { Issue.record("second batch, layer \(index): \(issue)") }
            #expect(try engine.animation(forKey: "value", of: layer)?.timing.duration == 0.5, "layer \(index)")
        }
        #expect(try engine.transactionSettings().animationDuration == 0.5 && engine.transactionValue(forKey: "handler") == nil)
        // A batch read that fails (the wrong kind) copies the state for its message.
        var out = [Double](repeating: 0, count: layers.count * 2)
        let failed = layers.withUnsafeBufferPointer { handles in
            out.withUnsafeMutableBufferPointer { output in
                (try? engine.readPresentationValues(forKey: key, of: handles, expecting: .point, into: output.baseAddress!)) == nil
            }
        }
        #expect(failed, "a point read of a scalar fails")
        try engine.commitTransaction()
        for time in [0.1, 1.0, 5.0, 6.0] { try engine.tick(time) }
        var expected = [FiredCompletion(id: 1, finished: false), FiredCompletion(id: 2, finished: true)]
        for index in stride(from: 1, to: layers.count, by: 4) where index % 8 != 1 {
            // Each handler's frame completes twice: it held nothing (finished) — once per batch.
            expected += [FiredCompletion(id: 100 + index, finished: true), FiredCompletion(id: 100 + index, finished: true)]
        }
        #expect(fired.all.sorted { ($0.id, $0.finished ? 1 : 0) < ($1.id, $1.finished ? 1 : 0) }
                    == expected.sorted { ($0.id, $0.finished ? 1 : 0) < ($1.id, $1.finished ? 1 : 0) }, "\(fired.all)")
        #expect(layers.allSatisfy { lastAnimationState(engine, $0) == nil }, "every animation finished and went")
    }

    // MARK: The thread table

    @Test("thread table beyond its kept entries: the tick commits every thread's implicit frame wherever the idle and open entries lie (idle first; open, idle, open; an explicit transaction between); none is committed twice or skipped; at most four idle entries kept")
    func tickCommitsEveryImplicitFrameWhileEntriesMove() throws {
        enum Action { case idle, implicit, explicit }
        let arrangements: [[Action]] = [
            [.idle, .idle, .idle, .idle, .implicit, .implicit, .implicit],
            [.implicit, .implicit, .idle, .idle, .implicit, .implicit, .implicit],
            [.implicit, .idle, .explicit, .idle, .implicit, .idle, .implicit],
        ]
        for (number, arrangement) in arrangements.enumerated() {
            let (engine, layers) = try cacheDots(arrangement.count)
            let key = try engine.key("value")
            let fired = Log<FiredCompletion>()
            let workers = arrangement.map { _ in JobThread() }
            defer { for worker in workers { worker.stop() } }
            for (index, action) in arrangement.enumerated() {
                let layer = layers[index]
                let done: @Sendable (Bool) -> Void = { finished in fired.add(FiredCompletion(id: index, finished: finished)) }
                switch action {
                case .idle:
                    try workers[index].run { try engine.beginTransaction(); try engine.commitTransaction() }
                case .implicit:
                    try workers[index].run {
                        try engine.setScalar(1, forKey: key, of: layer)
                        try engine.addCompletion(done)
                    }
                case .explicit:
                    try workers[index].run {
                        try engine.beginTransaction()
                        try engine.setScalar(1, forKey: key, of: layer)
                        try engine.addCompletion(done)
                    }
                }
            }
            let before = engine.transactionThreads().count
            #expect(before > ThreadTable.keptIdle + 1, "arrangement \(number): \(before) entries before the tick")
            try engine.tick(0.1)
            let entries = engine.transactionThreads()
            let (keys, idle, implicitAlone) = (entries.map(\.thread), entries.filter { $0.frames.isEmpty }.count,
                                               entries.filter { $0.frames.count == 1 && $0.frames[0].isImplicit }.count)
            #expect(implicitAlone == 0, "arrangement \(number): an implicit frame left after the tick")
            #expect(idle <= ThreadTable.keptIdle && Set(keys).count == keys.count, "arrangement \(number): \(idle) idle entries, keys \(keys) (before the tick \(before))")
            for (index, action) in arrangement.enumerated() where action != .idle {
                let state = lastAnimationState(engine, layers[index])
                #expect(action == .implicit ? (state != nil && state != .pending) : state == .pending, "arrangement \(number), thread \(index) (\(action)): \(String(describing: state))")
            }
            for (index, action) in arrangement.enumerated() where action == .explicit {
                try workers[index].run { try engine.commitTransaction() }
            }
            for time in [0.2, 2.0, 3.0] { try engine.tick(time) }
            let expected = arrangement.indices.filter { arrangement[$0] != .idle }.map { FiredCompletion(id: $0, finished: true) }
            #expect(fired.all.sorted { $0.id < $1.id } == expected, "arrangement \(number): \(fired.all)")
        }
    }

    // MARK: Settings resolved in place

    @Test("settings in place: setDefaults and setUnset over settings with every field and a value set give the defaults (duration nil for unset); nested frames with values resolve, and go back to nothing, as resolved(over:) gives")
    func settingsResolveInPlace() throws {
        func text(_ s: TransactionSettings) -> String {
            func t<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "nil" }
            let values = s.values.keys.sorted().map { "\($0)=\(s.values[$0]!)" }.joined(separator: ",")
            return "duration \(t(s.animationDuration)) curve \(t(s.timingFunction)) disable \(t(s.disableActions)) delay \(t(s.delay)) repeat \(t(s.repeatCount)) autoreverses \(t(s.autoreverses)) additive \(t(s.additiveImplicitAnimations)) current \(t(s.beginsFromCurrentState)) spring \(t(s.spring)) values [\(values)]"
        }
        let full = TransactionSettings.everyFieldSet
        let written = "duration 0.25 curve nil disable false delay 0.0 repeat 0.0 autoreverses false additive false current true spring nil values []"
        var defaults = full
        defaults.setDefaults()
        #expect(text(defaults) == written && text(TransactionSettings.defaults) == written, "\(text(defaults))")
        var unset = full
        ThreadTransactions.setUnset(&unset)
        let unsetText = "duration nil" + written.dropFirst("duration 0.25".count)
        #expect(text(unset) == unsetText && text(ThreadTransactions.unset) == unsetText, "\(text(unset))")

        // Nested frames with values, through the engine's cache.
        let (engine, layers) = try cacheDots(3)
        let key = try engine.key("value")
        var outer = TransactionSettings()
        outer.animationDuration = 2
        outer.values = ["a": .scalar(1)]
        var inner = TransactionSettings()
        inner.delay = 0.3
        inner.values = ["a": .scalar(3), "b": .scalar(2)]
        var base = TransactionSettings.defaults
        base.animationDuration = 0.25
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 2 }
        try engine.setTransactionValue(.scalar(1), forKey: "a")
        let outerRead = text(try engine.transactionSettings())
        #expect(outerRead == text(outer.resolved(over: base)), "\(outerRead)")
        try engine.setScalar(1, forKey: key, of: layers[0])
        try engine.beginTransaction()
        try engine.setTransactionValue(.scalar(2), forKey: "b")
        try engine.setTransactionFields { $0.delay = 0.3 }
        try engine.setTransactionValue(.scalar(3), forKey: "a")
        let innerRead = text(try engine.transactionSettings())
        #expect(innerRead == text(inner.resolved(over: outer.resolved(over: base))), "\(innerRead)")
        try engine.setScalar(1, forKey: key, of: layers[1])
        #expect(try engine.animation(forKey: "value", of: layers[1])?.timing.duration == 2)
        try engine.commitTransaction()
        let afterInner = text(try engine.transactionSettings())
        #expect(afterInner == text(outer.resolved(over: base)), "after the inner commit: \(afterInner)")
        try engine.commitTransaction()
        let afterOuter = text(try engine.transactionSettings())
        #expect(afterOuter == text(base), "after the outer commit: \(afterOuter)")
        // A frame that sets nothing reads nothing of the frames before.
        try engine.beginTransaction()
        #expect(try engine.transactionValue(forKey: "a") == nil && engine.transactionValue(forKey: "b") == nil)
        try engine.setScalar(1, forKey: key, of: layers[2])
        #expect(try engine.animation(forKey: "value", of: layers[2])?.timing.duration == 0.25)
        try engine.commitTransaction()
    }

    // MARK: A curve's checks

    @Test("UnitBezier(x1:y1:x2:y2:): every combination of NaN, ±infinity, ±0, the bounds 0, 1, ±1e9, just beyond them and values inside gives the parent's answer (the four named checks in order): the same code and message, or the same curve to the bit")
    func bezierChecksAsBefore() throws {
        let specials: [Double] = [
            .nan, .infinity, -.infinity, -0.0, 0, 1, (1.0).nextUp, -Double.leastNonzeroMagnitude, 0.5,
            -1e9, 1e9, (1e9).nextUp, (-1e9).nextDown, 2, -1,
        ]
        var compared = 0, refused = 0
        var mismatches: [String] = []
        for x1 in specials {
            for y1 in specials {
                for x2 in specials {
                    for y2 in specials {
                        // The parent commit's checks, in its order.
                        let before = callOutcome {
                            try Check.within(x1, 0...1, "x1")
                            try Check.within(y1, -UnitBezier.Solver.maximumControlY...UnitBezier.Solver.maximumControlY, "y1")
                            try Check.within(x2, 0...1, "x2")
                            try Check.within(y2, -UnitBezier.Solver.maximumControlY...UnitBezier.Solver.maximumControlY, "y2")
                        }
                        var made: UnitBezier?
                        let now = callOutcome { made = try UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
                        compared += 1
                        if before != now {
                            mismatches.append("(\(x1), \(y1), \(x2), \(y2)): before \(before), now \(now)")
                        } else if let made {
                            let unchecked = UnitBezier(unchecked: x1, y1, x2, y2)
                            let bits = [made.x1, made.y1, made.x2, made.y2, made.ax, made.bx, made.cx, made.ay, made.by, made.cy].map(\.bitPattern)
                            let expected = [unchecked.x1, unchecked.y1, unchecked.x2, unchecked.y2, unchecked.ax, unchecked.bx, unchecked.cx,
                                            unchecked.ay, unchecked.by, unchecked.cy].map(\.bitPattern)
                            if bits != expected || made.isLinear != unchecked.isLinear { mismatches.append("(\(x1), \(y1), \(x2), \(y2)): another curve") }
                        } else {
                            refused += 1
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(compared): \(mismatches.prefix(5))")
        #expect(compared == 50625 && refused > 40000 && compared - refused > 1000, "compared \(compared), refused \(refused)")
    }
}
