// The retarget's take-over of the replaced animation's kind data: a change
// in flight of the same record kind (basic or spring) and value kind writes the replaced
// record's pool slot and value slots in place. Every test runs a direct-path engine beside a
// general-path one (a class default action handler answering `.continueSearch`), checks exact
// pool records and value slots, the blocks' soundness (no overlap, no leak: the live blocks add
// up to `liveSlots`, the live records of each kind to the pool's `liveCount`: BookkeepingTests'
// `Engine.bookkeepingIssues()`) and presentations equal to the bit.
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Support

/// Live basic and spring records and animation-value slots of the engine.
private func held(_ engine: Engine) -> (basic: Int, spring: Int, slots: Int) {
    let counts = engine.bookkeeping()
    return (counts.basicRecords, counts.springRecords, counts.animationValueSlots)
}

/// Where the kind data of a layer's only animation lives: its record kind, pool index and the
/// offsets of its from, to, by and carried velocity (−1: none); nil unless the layer has
/// exactly one animation, a basic or spring one.
private struct KindData: Equatable, CustomStringConvertible {
    var kind: String
    var parameters: Int32
    var from: Int32, to: Int32, by: Int32, velocity: Int32
    var description: String { "\(kind) #\(parameters) from \(from) to \(to) by \(by) velocity \(velocity)" }
}

private func kindData(_ engine: Engine, _ layer: LayerID) throws -> KindData? {
    let records = try engine.animationRecords(of: layer)
    guard records.count == 1, let record = records.first else { return nil }
    switch record.kind {
    case .basic:
        return KindData(kind: "basic", parameters: record.parameters, from: record.from, to: record.to, by: record.by, velocity: -1)
    case .spring:
        return KindData(kind: "spring", parameters: record.parameters, from: record.from, to: record.to, by: record.by, velocity: record.startVelocity)
    default:
        return nil
    }
}

/// A value's slots as bit patterns ([] for nil).
private func bitsOf(_ value: Value?) -> [UInt64] {
    guard let value else { return [] }
    return slots(value).map(\.bitPattern)
}

/// The properties of the class "Probe" these tests animate: (name, kind's slot count,
/// whether it has coordinates, value number k).
private let probeProperties: [(name: String, count: Int, coordinates: Bool, value: @Sendable (Int) -> Value)] = [
    ("position", 2, true, { k in .point(x: Double(k % 7) * 30 - 90, y: Double(k % 5) * 20) }),
    ("tint", 4, true, { k in .color(red: Double(k % 4) / 4, green: Double(k % 3) / 3, blue: 0.5, alpha: 1 - Double(k % 2) / 3) }),
    ("box", 4, true, { k in .rect(x: Double(k), y: -Double(k), width: 10 + Double(k % 6) * 7, height: 40 - Double(k % 5)) }),
    ("shift", 3, true, { k in .vector3(x: Double(k % 4) * 11, y: -3, z: Double(k % 3) * 5) }),
    ("level", 1, true, { k in .scalar(Double(k % 9) - 4) }),
    ("turn", 16, false, { k in
        var t = concat(rotationY(Double(k % 5) * 0.3 - 0.6), rotationZ(Double(k % 7) * 0.4 - 1.2))
        t.m34 = -1.0 / 500
        return .transform3D(t)
    }),
]

/// Two engines alike, `count` layers each of class "Probe"; the second answers every action
/// search with `.continueSearch` from a class handler, so its changes take the general path.
private struct Pair {
    let engines: [Engine]
    let layers: [[LayerID]]
    let classes: [LayerClassID]

    init(layers count: Int = 1, lane: Bool = true, threads: [Int] = [1, 1]) throws {
        var engines: [Engine] = [], layers: [[LayerID]] = [], classes: [LayerClassID] = []
        for general in [false, true] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            try engine.setTickThreadCount(threads[general ? 1 : 0])
            let probe = try engine.makeLayerClass(
                name: "Probe",
                properties: [
                    PropertyDescriptor("tint", default: .color(red: 0, green: 0, blue: 0, alpha: 1)),
                    PropertyDescriptor("box", default: .rect(x: 0, y: 0, width: 1, height: 1)),
                    PropertyDescriptor("shift", default: .vector3(x: 0, y: 0, z: 0)),
                    PropertyDescriptor("level", default: .scalar(0)),
                    PropertyDescriptor("turn", default: .transform3D(rotationZ(0))),
                ])
            if general { try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: probe) }
            layers.append(try (0..<count).map { _ in try engine.makeLayerHandle(probe) })
            try engine.tick(0)
            engines.append(engine)
            classes.append(probe)
        }
        (self.engines, self.layers, self.classes) = (engines, layers, classes)
    }

    var direct: Engine { engines[0] }

    func each(_ body: (Engine, [LayerID]) throws -> Void) rethrows {
        for (engine, layers) in zip(engines, layers) { try body(engine, layers) }
    }

    /// A change of `key` on layer `l`, in a transaction of its own with `spring`.
    func change(
        _ key: String, _ value: Value, layer l: Int = 0, spring: Spring?, fromCurrentState: Bool = true, duration: Double? = nil
    ) throws {
        try each { engine, layers in
            try engine.beginTransaction()
            try engine.modifyTransaction {
                $0.spring = spring
                $0.beginsFromCurrentState = fromCurrentState
                if let duration { $0.animationDuration = duration }
            }
            try engine.setValue(value, forKeyPath: key, of: layers[l])
            try engine.commitTransaction()
        }
    }

    func tick(_ time: Double) throws { try each { engine, _ in try engine.tick(time) } }

    /// An implicit animation of `key` run to its end (from `time`, 0.35 s later): the class
    /// keeps its key's id as its hint, and an explicit animation added under `key` next takes
    /// that id, so a change retargets it by the fast path.
    func runImplicitAnimationOnce(_ key: String, _ value: Value, from time: Double) throws {
        try change(key, value, spring: nil, duration: 0.2)
        try tick(time)
        try tick(time + 0.35)
        for engine in engines { #expect(held(engine) == (0, 0, 0), "premise: the implicit \(key) animation is gone") }
    }

    /// Both engines' presentations of `key` on every layer, equal to the bit, and both sound.
    func expectParity(_ key: String, _ context: String) throws {
        for l in layers[0].indices {
            let a = try engines[0].presentationValue(forKeyPath: key, of: layers[0][l])
            let b = try engines[1].presentationValue(forKeyPath: key, of: layers[1][l])
            #expect(bitsOf(a) == bitsOf(b), "\(context) layer \(l) \(key): direct \(String(describing: a)), general \(String(describing: b))")
        }
        for (e, engine) in engines.enumerated() {
            let issues = engine.bookkeepingIssues()
            #expect(issues.isEmpty, "\(context) engine \(e): \(issues)")
        }
    }

    /// Both engines hold `expected` (basic records, spring records, value slots).
    func expectHeld(_ expected: (Int, Int, Int), _ context: String) {
        for (e, engine) in engines.enumerated() {
            let now = held(engine)
            #expect(now == expected, "\(context) engine \(e): held \(now), expected \(expected)")
        }
    }
}

// MARK: - Tests

@Suite("Retarget reuse: the replaced animation's kind data taken over in place")
struct RetargetReuseTests {
    private static let spring = Spring(mass: 1, stiffness: 150, damping: 12)

    @Test("six property kinds (point, color, rect, vector3, scalar, transform3D): 16 changes in flight each, basic and spring (carrying velocity or not) in turn — exact records and slots, the record and from slots taken over when the kind repeats, velocity reads and presentations those of the general path to the bit")
    func everyKindInTurn() throws {
        for property in probeProperties {
            let pair = try Pair()
            var time = 0.0
            var previous: KindData?
            for step in 0..<16 {
                let value = property.value(step + 1)
                // 0 basic, 1 spring, 2 spring, 3 spring from the model (at rest), then again.
                let spring: Spring? = step % 4 == 0 ? nil : Self.spring
                let fromCurrentState = step % 4 != 3
                try pair.change(property.name, value, spring: spring, fromCurrentState: fromCurrentState)
                let carries = spring != nil && fromCurrentState && property.coordinates && step > 0
                let expected = spring == nil ? (1, 0, property.count) : (0, 1, property.count * (carries ? 2 : 1))
                pair.expectHeld(expected, "\(property.name) step \(step)")
                let now = try #require(try kindData(pair.direct, pair.layers[0][0]))
                if let previous, previous.kind == now.kind {
                    // The fast path took the record and the from slots over.
                    #expect(now.parameters == previous.parameters && now.from == previous.from,
                            "\(property.name) step \(step): \(previous) -> \(now)")
                    if carries && previous.velocity >= 0 { #expect(now.velocity == previous.velocity, "\(property.name) step \(step)") }
                }
                #expect(now.to < 0 && now.by < 0 && (now.velocity >= 0) == carries, "\(property.name) step \(step): \(now)")
                previous = now
                try pair.expectParity(property.name, "\(property.name) step \(step), pending")
                if property.coordinates {
                    let v = try pair.engines.indices.map { try pair.engines[$0].presentationVelocity(forKeyPath: property.name, of: pair.layers[$0][0]) }
                    #expect(bitsOf(v[0]) == bitsOf(v[1]), "\(property.name) step \(step): velocity \(v)")
                }
                time += 0.04
                try pair.tick(time)
                try pair.expectParity(property.name, "\(property.name) step \(step), committed")
            }
            for t in [time + 0.1, time + 0.3, time + 10] {
                try pair.tick(t)
                try pair.expectParity(property.name, "\(property.name) at \(t)")
            }
            pair.expectHeld((0, 0, 0), "\(property.name) finished")
        }
    }

    /// An explicit animation added under the key of the property it animates, then a change.
    private struct ExplicitCase {
        var name: String
        var key = "position"
        var animation: Animation
        /// The change: its spring and whether it begins from the current state.
        var spring: Spring?
        var fromCurrentState = true
        /// What both engines hold after the change (basic records, spring records, slots).
        var expected: (Int, Int, Int)
        /// Whether the direct engine takes the replaced record over (same record and value kind).
        var reuses: Bool
    }

    private static var explicitCases: [ExplicitCase] {
        let p0 = Value.point(x: 0, y: 0), p1 = Value.point(x: 120, y: -40), d = Value.point(x: 30, y: 30)
        func additive() -> Animation {
            var a = basic("position", from: p0, to: p1, duration: 2)
            a.isAdditive = true
            return a
        }
        func cumulative() -> Animation {
            var a = basic("position", from: p0, by: d, duration: 0.4)
            a.isCumulative = true
            a.timing.repeatCount = 5
            return a
        }
        func explicitSpring(from: Value?, to: Value?, by: Value? = nil) -> Animation {
            var a = Animation.spring("position", from: from, to: to, by: by, spring: Spring(mass: 1, stiffness: 60, damping: 5))
            a.timing.duration = 3
            return a
        }
        func kept() -> Animation {
            var a = basic("position", from: p1, to: p0, duration: 0.2)
            a.isRemovedOnCompletion = false
            return a
        }
        func keyframes() -> Animation {
            var a = Animation.keyframe("position", values: [p0, p1, d])
            a.timing.duration = 2
            return a
        }
        func colorSpring() -> Animation {
            var a = Animation.spring(
                "tint", from: .color(red: 1, green: 0, blue: 0, alpha: 1), to: .color(red: 0, green: 0, blue: 1, alpha: 0.5))
            a.timing.duration = 3
            return a
        }
        func turn() -> Animation {
            basic("turn", from: .transform3D(rotationZ(0.2)), to: .transform3D(rotationZ(2.5)), duration: 2)
        }
        return [
            ExplicitCase(name: "additive basic from+to, basic change", animation: additive(), spring: nil, expected: (1, 0, 2), reuses: true),
            ExplicitCase(name: "additive basic from+to, spring change", animation: additive(), spring: spring, expected: (0, 1, 4), reuses: false),
            ExplicitCase(name: "cumulative basic from+by repeating, basic change", animation: cumulative(), spring: nil, expected: (1, 0, 2), reuses: true),
            ExplicitCase(name: "explicit spring from+to, spring change (velocity carried)", animation: explicitSpring(from: p0, to: p1), spring: spring, expected: (0, 1, 4), reuses: true),
            ExplicitCase(name: "explicit spring by only, spring change from the model", animation: explicitSpring(from: nil, to: nil, by: d), spring: spring, fromCurrentState: false, expected: (0, 1, 2), reuses: true),
            ExplicitCase(name: "explicit spring to only, spring change (velocity carried)", animation: explicitSpring(from: nil, to: p1), spring: spring, expected: (0, 1, 4), reuses: true),
            ExplicitCase(name: "explicit spring from+to, basic change", animation: explicitSpring(from: p0, to: p1), spring: nil, expected: (1, 0, 2), reuses: false),
            ExplicitCase(name: "basic with no values (from captured), basic change", animation: basic("position", from: Value?.none, duration: 2), spring: nil, expected: (1, 0, 2), reuses: true),
            ExplicitCase(name: "basic to only, basic change from the model", animation: basic("position", to: p1, duration: 2), spring: nil, fromCurrentState: false, expected: (1, 0, 2), reuses: true),
            ExplicitCase(name: "finished basic kept (not removed on completion), basic change", animation: kept(), spring: nil, expected: (1, 0, 2), reuses: true),
            ExplicitCase(name: "decay, basic change", animation: .decay("position", velocity: .point(x: 300, y: -200)), spring: nil, expected: (1, 0, 2), reuses: false),
            ExplicitCase(name: "keyframes, spring change", animation: keyframes(), spring: spring, expected: (0, 1, 4), reuses: false),
            ExplicitCase(name: "color spring from+to, spring change", key: "tint", animation: colorSpring(), spring: spring, expected: (0, 1, 8), reuses: true),
            ExplicitCase(name: "transform basic from+to, basic change", key: "turn", animation: turn(), spring: nil, expected: (1, 0, 16), reuses: true),
            ExplicitCase(name: "transform basic from+to, spring change", key: "turn", animation: turn(), spring: spring, expected: (0, 1, 16), reuses: false),
        ]
    }

    @Test("explicit animations under the property's key (additive, cumulative, springs with from/to/by, captured from, kept after finishing, decay, keyframes, color, transform), then a change: the fast path takes over exactly those of its kinds, holds exactly the new one's data, stops them once (delegates as the general path), and presents as the general path to the bit")
    func explicitUnderTheKey() throws {
        for testCase in Self.explicitCases {
            let pair = try Pair()
            let property = try #require(probeProperties.first { $0.name == testCase.key })
            try pair.runImplicitAnimationOnce(testCase.key, property.value(1), from: 0.05)
            let logs = [Log<String>(), Log<String>()]
            for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
                var animation = testCase.animation
                let log = logs[e]
                animation.delegate = AnimationDelegate(
                    didStart: { event in log.add("start \(event.key ?? "-")") },
                    didStop: { event, finished in log.add("stop \(event.key ?? "-") \(finished)") })
                try engine.addAnimation(animation, forKey: testCase.key, to: layers[0])
            }
            try pair.tick(0.5)
            try pair.tick(0.8)
            let before = try kindData(pair.direct, pair.layers[0][0])
            try pair.change(testCase.key, property.value(2), spring: testCase.spring, fromCurrentState: testCase.fromCurrentState)
            pair.expectHeld(testCase.expected, testCase.name)
            let after = try #require(try kindData(pair.direct, pair.layers[0][0]), "\(testCase.name)")
            if testCase.reuses {
                let old = try #require(before, "\(testCase.name): premise, a basic or spring record before")
                #expect(after.parameters == old.parameters, "\(testCase.name): the pool slot taken over: \(old) -> \(after)")
                if old.from >= 0 { #expect(after.from == old.from, "\(testCase.name): the from slots taken over: \(old) -> \(after)") }
            }
            #expect(after.to < 0 && after.by < 0, "\(testCase.name): \(after)")
            try pair.expectParity(testCase.key, "\(testCase.name), pending")
            for time in [0.85, 0.9, 1.1, 1.6, 6] {
                try pair.tick(time)
                try pair.expectParity(testCase.key, "\(testCase.name) at \(time)")
                let readBack = try zip(pair.engines, pair.layers).map { try $0.animation(forKey: testCase.key, of: $1[0]) }
                #expect(readBack[0]?.basic == readBack[1]?.basic && readBack[0]?.spring == readBack[1]?.spring,
                        "\(testCase.name) at \(time): read back \(String(describing: readBack[0]?.basic)) vs \(String(describing: readBack[1]?.basic))")
            }
            pair.expectHeld((0, 0, 0), "\(testCase.name): finished")
            #expect(logs[0].all == logs[1].all, "\(testCase.name): delegate calls \(logs[0].all) vs \(logs[1].all)")
            #expect(logs[0].all.filter { $0.hasPrefix("stop") }.count == 1, "\(testCase.name): one stop, \(logs[0].all)")
        }
    }

    @Test("changes in one transaction, nested ones and settings changed between them (basic, basic, spring, nested spring from the model, spring again): each retargets the pending one in place; exact records and slots; completions once each, unfinished (their animations were replaced), inner first; presentations those of the general path")
    func changesInOneTransaction() throws {
        let pair = try Pair()
        let logs = [Log<String>(), Log<String>()]
        let p = probeProperties[0]
        var previous: KindData?
        func step(_ context: String, _ expected: (Int, Int, Int), sameRecord: Bool) throws {
            pair.expectHeld(expected, context)
            let now = try #require(try kindData(pair.direct, pair.layers[0][0]))
            if sameRecord, let previous { #expect(now.parameters == previous.parameters && now.from == previous.from, "\(context): \(previous) -> \(now)") }
            previous = now
            try pair.expectParity("position", context)
        }
        for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
            let log = logs[e]
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.animationDuration = 0.6 }
            try engine.addCompletion(TransactionCompletion { _, finished in log.add("outer \(finished)") })
            try engine.setValue(p.value(1), forKeyPath: "position", of: layers[0])
        }
        try step("first change", (1, 0, 2), sameRecord: false)
        try pair.each { engine, layers in
            try engine.setValue(p.value(2), forKeyPath: "position", of: layers[0])
        }
        try step("second change, basic again", (1, 0, 2), sameRecord: true)
        try pair.each { engine, layers in
            try engine.modifyTransaction { $0.spring = Self.spring }
            try engine.setValue(p.value(3), forKeyPath: "position", of: layers[0])
        }
        // The property is animated (by the pending one): the spring carries its velocity (slots
        // held even when the velocity is 0).
        try step("third change, a spring", (0, 1, 4), sameRecord: false)
        for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
            let log = logs[e]
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.beginsFromCurrentState = false }
            try engine.addCompletion(TransactionCompletion { _, finished in log.add("inner \(finished)") })
            try engine.setValue(p.value(4), forKeyPath: "position", of: layers[0])
            try engine.commitTransaction()
        }
        try step("fourth change, nested, from the model", (0, 1, 2), sameRecord: true)
        try pair.each { engine, layers in
            try engine.setValue(p.value(5), forKeyPath: "position", of: layers[0])
        }
        try step("fifth change, the outer spring again", (0, 1, 4), sameRecord: true)
        try pair.each { engine, _ in try engine.commitTransaction() }
        for time in [0.1, 0.2, 0.4, 0.69, 0.75, 3] {
            try pair.tick(time)
            try pair.expectParity("position", "at \(time)")
        }
        pair.expectHeld((0, 0, 0), "finished")
        #expect(logs[0].all == logs[1].all, "direct \(logs[0].all), general \(logs[1].all)")
        // Each change stopped the one before it (finished = false) in the groups that counted
        // it: the inner one's (by the fifth change) and the outer one's (by every change).
        #expect(logs[0].all == ["inner false", "outer false"], "\(logs[0].all)")
    }

    @Test("the general walk's order after retargets of layers not last (basic and spring), with the lane on and off: the walk the general path's after each; completions and delegate stops of eight layers ending in one tick in the general path's order")
    func walkOrder() throws {
        for lane in [true, false] {
            let pair = try Pair(layers: 8, lane: lane)
            let logs = [Log<String>(), Log<String>()]
            let p = probeProperties[0]
            // Layers 0-5: implicit changes with a completion each; 6-7: explicit opacity
            // animations with a delegate. All end at 1.1.
            for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
                let log = logs[e]
                for l in 0..<6 {
                    try engine.beginTransaction()
                    try engine.modifyTransaction { $0.animationDuration = 1 }
                    try engine.addCompletion(TransactionCompletion { _, finished in log.add("C\(l) \(finished)") })
                    try engine.setValue(p.value(l + 1), forKeyPath: "position", of: layers[l])
                    try engine.commitTransaction()
                }
                for l in 6..<8 {
                    var fade = basic("opacity", from: 0, to: 1, duration: 1)
                    fade.delegate = AnimationDelegate(didStart: nil, didStop: { _, finished in log.add("D\(l) \(finished)") })
                    try engine.addAnimation(fade, forKey: "fade", to: layers[l])
                }
            }
            try pair.tick(0.1)
            try pair.tick(0.3)
            // Retargets at 0.5 of layers 1, 4 and 0 (none last in the walk), each ending at 1.1 too.
            for (round, l) in [1, 4, 0].enumerated() {
                for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
                    let log = logs[e]
                    try engine.beginTransaction()
                    try engine.modifyTransaction {
                        $0.animationDuration = 0.6
                        if round == 1 { $0.spring = Self.spring }
                    }
                    try engine.addCompletion(TransactionCompletion { _, finished in log.add("R\(l) \(finished)") })
                    try engine.setValue(p.value(l + 10), forKeyPath: "position", of: layers[l])
                    try engine.commitTransaction()
                }
                let order = pair.engines.map { engine in engine.bookkeeping().walkedLayers }
                #expect(order[0] == order[1], "lane \(lane) after retarget of layer \(l): walk \(order[0]) vs \(order[1])")
                // Off the lane the layer was in the walk, not last: its only animation pending
                // now, it left the walk until the commit.
                let slot = try pair.direct.bookkeeping(of: pair.layers[0][l]).slot
                if !lane { #expect(!order[0].contains(Int32(slot)), "lane off: layer \(l) out of the walk \(order[0])") }
            }
            try pair.tick(0.5)
            // The commit put the three back, at the end in the order of their transactions.
            let order = pair.engines.map { engine in engine.bookkeeping().walkedLayers }
            #expect(order[0] == order[1], "lane \(lane) after the commit: walk \(order[0]) vs \(order[1])")
            if !lane {
                let slots = try [1, 4, 0].map { l in
                    Int32(try pair.direct.bookkeeping(of: pair.layers[0][l]).slot)
                }
                #expect(Array(order[0].suffix(3)) == slots, "lane off: layers 1, 4, 0 last in the walk \(order[0])")
            }
            try pair.tick(0.8)
            let settled = logs[0].count
            try pair.tick(1.2)
            #expect(logs[0].count - settled == 8, "lane \(lane): premise, all eight end in one tick: \(logs[0].all)")
            #expect(logs[0].all == logs[1].all, "lane \(lane): direct \(logs[0].all), general \(logs[1].all)")
            try pair.expectParity("position", "lane \(lane) at the end")
            pair.expectHeld((0, 0, 0), "lane \(lane) finished")
        }
    }

    @Test("a pending change of another thread's open transaction retargeted from this thread (the lane ticking on two threads meanwhile, 8400 layers): the same records and slots, completions and presentations as the general path on one thread")
    func otherThreadsTransactionAndTickThreads() throws {
        let count = 8400
        let pair = try Pair(layers: count, threads: [2, 1])
        // Every layer in flight (in the lane: 8400 entries, two parts on the direct engine).
        for round in 0..<2 {
            try pair.each { engine, layers in
                try engine.beginTransaction()
                try engine.modifyTransaction {
                    $0.animationDuration = 2
                    if round == 1 { $0.spring = Self.spring }
                }
                // (Never the model value: every layer moves, every second change is in flight.)
                for (l, layer) in layers.enumerated() {
                    try engine.setValue(.point(x: 100 + Double(l % 97) + Double(round) * 50, y: Double(l % 13)), forKeyPath: "position", of: layer)
                }
                try engine.commitTransaction()
            }
            try pair.tick(0.1 + Double(round) * 0.2)
            try pair.tick(0.2 + Double(round) * 0.2)
        }
        pair.expectHeld((0, count, 4 * count), "premise: every layer in a spring carrying velocity")
        let lanes = pair.engines.map { engine in engine.bookkeeping().laneEntries }
        #expect(lanes[0] == count, "premise: the direct engine's lane holds every layer: \(lanes)")
        // Another thread opens a transaction and changes layer 0 (pending there); this thread
        // then retargets it (basic) while the lane ticks, then the other thread commits.
        let logs = [Log<String>(), Log<String>()]
        let worker = JobThread()
        defer { worker.stop() }
        for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
            let log = logs[e]
            let layer = layers[0]
            try worker.run {
                try engine.beginTransaction()
                try engine.modifyTransaction { $0.spring = Spring() }
                try engine.addCompletion(TransactionCompletion { _, finished in log.add("other \(finished)") })
                try engine.setValue(.point(x: 500, y: 500), forKeyPath: "position", of: layer)
            }
        }
        try pair.tick(0.5)
        for (e, (engine, layers)) in zip(pair.engines, pair.layers).enumerated() {
            let log = logs[e]
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.spring = Self.spring }
            try engine.addCompletion(TransactionCompletion { _, finished in log.add("this \(finished)") })
            for l in stride(from: 0, to: count, by: 3) { try engine.setValue(.point(x: -Double(l % 89), y: 300), forKeyPath: "position", of: layers[l]) }
            try engine.commitTransaction()
        }
        pair.expectHeld((0, count, 4 * count), "after the retargets (springs over springs)")
        let zeroth = try #require(try kindData(pair.direct, pair.layers[0][0]))
        #expect(zeroth.kind == "spring" && zeroth.velocity >= 0, "\(zeroth)")
        try pair.tick(0.6)
        for engine in pair.engines { try worker.run { try engine.commitTransaction() } }
        for time in [0.7, 0.9, 1.3, 2.0, 3.5, 10] {
            try pair.tick(time)
            try pair.expectParity("position", "at \(time)")
        }
        pair.expectHeld((0, 0, 0), "finished")
        #expect(logs[0].all == logs[1].all, "direct \(logs[0].all), general \(logs[1].all)")
        #expect(logs[0].all.sorted() == ["other false", "this true"], "\(logs[0].all)")
    }

    @Test("records the general path made (a spring carrying velocity, through addAnimation) retargeted by the fast path once the class handler is gone: taken over, exact slots, presentations those of an engine still on the general path")
    func generalRecordsTakenOver() throws {
        let pair = try Pair()
        let p = probeProperties[0]
        try pair.runImplicitAnimationOnce("position", p.value(1), from: 0.05)
        // The direct engine goes general for one change (the hint stays the key's id).
        try pair.direct.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: pair.classes[0])
        try pair.change("position", p.value(2), spring: nil)
        try pair.tick(0.5)
        try pair.change("position", p.value(3), spring: Self.spring)
        try pair.tick(0.6)
        pair.expectHeld((0, 1, 4), "premise: a spring carrying velocity, made by addAnimation")
        let before = try #require(try kindData(pair.direct, pair.layers[0][0]))
        try pair.direct.setDefaultActionHandler(nil, for: pair.classes[0])
        for (k, spring) in [Self.spring, nil, Self.spring].enumerated() {
            try pair.change("position", p.value(4 + k), spring: spring)
            pair.expectHeld(spring == nil ? (1, 0, 2) : (0, 1, 4), "change \(k)")
            if k == 0 {
                let after = try #require(try kindData(pair.direct, pair.layers[0][0]))
                #expect(after.parameters == before.parameters && after.from == before.from && after.velocity == before.velocity,
                        "the general path's spring taken over: \(before) -> \(after)")
            }
            try pair.expectParity("position", "change \(k), pending")
            try pair.tick(0.7 + Double(k) * 0.1)
            try pair.expectParity("position", "change \(k), committed")
        }
        for time in [1.2, 2, 10] {
            try pair.tick(time)
            try pair.expectParity("position", "at \(time)")
        }
        pair.expectHeld((0, 0, 0), "finished")
    }

    @Test("2 seeds × 400 random steps on four layers and three kinds (point, color, transform3D): changes (basic or spring, from the current state or the model), explicit basic and spring adds under the property's key (additive or not), removals, ticks — pool counts and slots sound after every step, presentations those of the general path to the bit after every tick, nothing held at the end")
    func randomChurn() throws {
        for seed in [UInt64(3), 11] {
            var mix = SplitMix64(seed: seed)
            let pair = try Pair(layers: 4)
            var now = 0.0
            for step in 0..<400 {
                let l = mix.below(4)
                let property = probeProperties[[0, 1, 5][mix.below(3)]]
                let value = property.value(mix.below(1000))
                let roll = mix.below(100)
                // Every draw made once, before either engine acts.
                let spring = mix.below(2) == 0 ? Self.spring : nil
                let fromCurrent = mix.below(4) != 0
                let other = property.value(mix.below(1000))
                let useBasic = mix.below(2) == 0
                let withFrom = mix.below(2) == 0
                let withTo = mix.below(2) == 0
                let additive = mix.below(4) == 0
                let duration = mix.range(0.2, 1)
                var refused: [String] = []
                for (engine, layers) in zip(pair.engines, pair.layers) {
                    do {
                        switch roll {
                        case 0..<45:
                            try engine.beginTransaction()
                            try engine.modifyTransaction {
                                $0.spring = spring
                                $0.beginsFromCurrentState = fromCurrent
                            }
                            try engine.setValue(value, forKeyPath: property.name, of: layers[l])
                            try engine.commitTransaction()
                        case 45..<60:
                            var animation = useBasic
                                ? basic(property.name, from: withFrom ? value : nil, to: other, by: nil, duration: duration)
                                : Animation.spring(property.name, from: value, to: withTo ? other : nil)
                            animation.isAdditive = additive
                            animation.timing.duration = duration
                            try engine.addAnimation(animation, forKey: property.name, to: layers[l])
                        case 60..<64:
                            try engine.removeAllAnimations(from: layers[l])
                        default:
                            try engine.tick(now + 0.07)
                        }
                        refused.append("ok")
                    } catch {
                        refused.append("\(error)")
                    }
                }
                if roll >= 64 {
                    now += 0.07
                    for key in ["position", "tint", "turn"] { try pair.expectParity(key, "seed \(seed) step \(step)") }
                }
                #expect(refused[0] == refused[1], "seed \(seed) step \(step): \(refused)")
                for (e, engine) in pair.engines.enumerated() {
                    let issues = engine.bookkeepingIssues()
                    guard issues.isEmpty else {
                        Issue.record("seed \(seed) step \(step) engine \(e): \(issues)")
                        return
                    }
                }
            }
            try pair.tick(now + 20)
            pair.expectHeld((0, 0, 0), "seed \(seed) finished")
        }
    }
}
