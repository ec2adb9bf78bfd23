// A new animation joins the steady lane at its commit (`EngineState.steadyStateAtCommit`),
// skipping the general walk's first evaluation, and an implicit animation of a coordinate kind
// joins the lane as a basic entry that starts from the model. Held to: the general walk's presentation values to the bit
// (an identical engine with the lane off) at the commit tick and after, did-start exactly once
// and the same callbacks, displays and transaction completions at the same ticks; no join at
// commit where the walk owes something first (a did-start, a begin later without a fill, a group, a path's
// rotation, a needs-display property).
import Testing

@testable import AnimCore

@Suite("Steady lane: a new animation joins at its commit")
struct LaneAtCommitTests {
    /// One engine of a comparison: the lane on or off, on `threads` tick threads.
    struct Setup {
        var lane: Bool
        var threads = 1
    }

    /// What one engine showed after each tick.
    struct Trace {
        /// Per tick: every layer's keys, 16 slots each, as bit patterns.
        var bits: [[UInt64]] = []
        /// Per tick: animations in the lane.
        var steady: [Int] = []
        /// Per tick: the general walk's `.started` and `.steady` notices.
        var walkStarts: [Int] = []
        var walkSteady: [Int] = []
        /// Per tick: the lane's live basic entries that start from the model (an implicit animation's).
        var towardModel: [Int] = []
        /// Per tick: layers in the general walk.
        var walkedLayers: [Int] = []
        /// Callbacks, displays and completions, each with the tick it arrived in.
        var log: [String] = []
    }

    /// One engine with a class "Kinds" declaring a property of every kind (a transform3D one
    /// stored out of line, a needs-display scalar), its layers and a callback log.
    final class Bench: @unchecked Sendable {
        let engine = Engine()
        var layers: [LayerID] = []
        let log = Log<String>()
        /// The scenario's ticks (the first, at 0, before `build`, is not counted).
        let ticks = TickCounter()
        /// The layers' raw ids in order, for the display log (ids differ between engines).
        let names = Log<UInt64>()

        init(_ setup: Setup, layers count: Int) throws {
            engine.setSteadyLaneEnabled(setup.lane)
            try engine.setTickThreadCount(setup.threads)
            let (log, ticks, names) = (self.log, self.ticks, self.names)
            let kinds = try engine.makeLayerClass(
                name: "Kinds",
                properties: [
                    PropertyDescriptor("s", default: .scalar(0.25)),
                    PropertyDescriptor("p", default: .point(x: 1, y: 2)),
                    PropertyDescriptor("z", default: .size(width: 3, height: 4)),
                    PropertyDescriptor("r", default: .rect(x: 0, y: 0, width: 10, height: 20)),
                    PropertyDescriptor("v", default: .vector3(x: 1, y: 2, z: 3)),
                    PropertyDescriptor("c", default: .color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)),
                    PropertyDescriptor("i", default: .integer(0)),
                    PropertyDescriptor("a", default: .affineTransform(.identity)),
                    PropertyDescriptor("m", default: .transform3D(.identity)),
                    PropertyDescriptor("d", default: .scalar(0), needsDisplay: true),
                ],
                display: DisplayHandler { _, layer in
                    log.add("t\(ticks.current) display L\(names.all.firstIndex(of: layer.rawValue) ?? -1)")
                })
            for _ in 0..<count { layers.append(try engine.makeLayerHandle(kinds)) }
            for layer in layers { names.add(layer.rawValue) }
        }

        /// A delegate that logs did-start (when `start`) and did-stop with the key.
        func delegate(start: Bool = true) -> AnimationDelegate {
            let (log, ticks) = (self.log, self.ticks)
            var delegate = AnimationDelegate(didStop: { (event: AnimationEvent, finished: Bool) in
                log.add("t\(ticks.current) stop \(event.key ?? "-") \(finished)")
            })
            if start {
                delegate.didStart = { (event: AnimationEvent) in log.add("t\(ticks.current) start \(event.key ?? "-")") }
            }
            return delegate
        }

        /// A transaction completion that logs its name.
        func completion(_ name: String) -> @Sendable (Bool) -> Void {
            let (log, ticks) = (self.log, self.ticks)
            return { finished in log.add("t\(ticks.current) done \(name) \(finished)") }
        }

        func tick(_ time: Double) throws {
            ticks.advance()
            try engine.tick(time)
        }
    }

    /// Runs one scenario on an engine per setup: `prepare` before the first tick (at 0: no
    /// actions), `build` after it, then a tick at each of `times` with `step(bench, n)` before
    /// tick n (n from 1). Reads `keys` of every layer after each tick.
    static func run(
        _ setups: [Setup] = [Setup(lane: false), Setup(lane: true)], layers count: Int = 1, times: [Double],
        keys: [String], sampled stride: Int = 1,
        prepare: (Bench) throws -> Void = { _ in }, build: (Bench) throws -> Void,
        step: (Bench, Int) throws -> Void = { _, _ in }
    ) throws -> [Trace] {
        var traces: [Trace] = []
        for setup in setups {
            let bench = try Bench(setup, layers: count)
            try prepare(bench)
            try bench.engine.tick(0)
            try build(bench)
            var trace = Trace()
            for (index, time) in times.enumerated() {
                try step(bench, index + 1)
                try bench.tick(time)
                let engine = bench.engine
                let counts = engine.bookkeeping()
                trace.steady.append(engine.steadyAnimationCount)
                trace.walkStarts.append(counts.lastTickStarts)
                trace.walkSteady.append(counts.lastTickSteadyNotices)
                trace.towardModel.append(counts.laneEntriesStartingFromModel)
                trace.walkedLayers.append(counts.walkedLayers.count)
                var bits: [UInt64] = []
                for layer in Swift.stride(from: 0, to: bench.layers.count, by: stride).map({ bench.layers[$0] }) {
                    for key in keys {
                        var slots = [Double](repeating: 0, count: 16)
                        let value = try #require(try engine.presentationValue(forKeyPath: key, of: layer))
                        slots.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
                        bits += slots.map(\.bitPattern)
                    }
                }
                trace.bits.append(bits)
            }
            trace.log = bench.log.all
            if !setup.lane { #expect(trace.steady.allSatisfy { $0 == 0 }, "the lane is off: nothing joins") }
            traces.append(trace)
        }
        return traces
    }

    /// Expects every trace's values equal to the first's to the bit (`sameBits`) after every
    /// tick, and its log equal (callbacks, displays, completions: which, when and in what order).
    static func expectSame(_ traces: [Trace], keys: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = traces[0]
        for (number, trace) in traces.enumerated().dropFirst() {
            #expect(trace.bits.count == reference.bits.count, sourceLocation: sourceLocation)
            tickLoop: for (tick, (bits, expected)) in zip(trace.bits, reference.bits).enumerated() {
                #expect(bits.count == expected.count, sourceLocation: sourceLocation)
                for (slot, (a, b)) in zip(bits, expected).enumerated()
                where !sameBits(Double(bitPattern: a), Double(bitPattern: b)) {
                    let value = slot / 16
                    Issue.record(
                        "\(what), engine \(number), tick \(tick + 1): layer \(value / keys.count) \(keys[value % keys.count]) slot \(slot % 16) is \(Double(bitPattern: a)), the general walk's \(Double(bitPattern: b))",
                        sourceLocation: sourceLocation)
                    break tickLoop
                }
            }
            #expect(trace.log == reference.log, "\(what), engine \(number): callbacks differ", sourceLocation: sourceLocation)
        }
    }

    /// Ticks at 60 Hz from 1/60 s on.
    static func frames(_ count: Int) -> [Double] { (1...count).map { Double($0) / 60 } }

    static let coordinateKeys = ["s", "p", "z", "r", "v", "c"]
    static let builtInCoordinateKeys = ["opacity", "position", "bounds", "backgroundColor", "shadowOffset"]

    /// A value of the kind of `key`, moved by `x`.
    static func value(_ key: String, _ x: Double) -> Value {
        switch key {
        case "p", "position": .point(x: 7 * x, y: -3 * x + 0.1)
        case "z", "shadowOffset": .size(width: 5 * x + 1, height: 2 - x)
        case "r", "bounds": .rect(x: x, y: 2 * x, width: 40 * x + 1, height: 30 - x)
        case "v": .vector3(x: x, y: -x / 3, z: 0.7 * x)
        case "c", "backgroundColor": .color(red: x / 3, green: 1 - x / 5, blue: 0.5, alpha: 0.9)
        case "i": .integer(Int64(1000 * x))
        case "a": .affineTransform(AffineTransform(a: 1 + x, b: 0.1, c: -0.2, d: 1, tx: 20 * x, ty: 3))
        case "m", "transform": .transform3D(Transform3D(scaleX: 1 + x, y: 2 - x, z: 1))
        default: .scalar(x / 7 + 0.01)
        }
    }

    /// A basic animation from `from` only (to the value underneath, as an implicit one).
    static func fromOnly(_ key: String, _ from: Value, duration: Double = 0.5, curve: TimingFunction? = nil) -> Animation {
        var animation = Animation(keyPath: key, kind: .basic(BasicParameters(fromValue: from)))
        animation.timing.duration = duration
        animation.timingFunction = curve
        return animation
    }
}

// MARK: - Implicit animations of every coordinate kind

extension LaneAtCommitTests {
    @Test("implicit animations of every coordinate kind are in the lane after their commit tick (towardModel, no walk notice); values == general walk to the bit, the model changed mid-flight with actions off")
    func coordinateKindsJoinAtCommit() throws {
        let keys = Self.coordinateKeys + Self.builtInCoordinateKeys
        let traces = try Self.run(
            layers: 3, times: Self.frames(40), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                // The default curve, then an ease-in-ease-out and a custom bezier.
                try engine.transaction(duration: 0.5) {
                    for key in Self.coordinateKeys { try engine.setValue(Self.value(key, 1), forKeyPath: key, of: layers[0]) }
                }
                try engine.transaction(duration: 0.4, timingFunction: .easeInEaseOut) {
                    for key in Self.builtInCoordinateKeys { try engine.setValue(Self.value(key, 1.5), forKeyPath: key, of: layers[1]) }
                }
                // From-only basic animations without a curve and with a steep bezier.
                let steep = TimingFunction.cubicBezier(try UnitBezier(x1: 0.9, y1: 0, x2: 0.1, y2: 1))
                for (index, key) in Self.coordinateKeys.enumerated() {
                    try engine.addAnimation(
                        Self.fromOnly(key, Self.value(key, -2), duration: 0.45, curve: index % 2 == 0 ? nil : steep),
                        forKey: "from-\(key)", to: layers[2])
                }
            },
            step: { bench, tick in
                guard tick == 8 || tick == 17 else { return }
                // The model under each flight changes without an action.
                try quietly(bench.engine) {
                    for key in Self.coordinateKeys {
                        try bench.engine.setValue(Self.value(key, Double(tick) / 4), forKeyPath: key, of: bench.layers[0])
                        try bench.engine.setValue(Self.value(key, -Double(tick) / 5), forKeyPath: key, of: bench.layers[2])
                    }
                    for key in Self.builtInCoordinateKeys {
                        try bench.engine.setValue(Self.value(key, Double(tick) / 3), forKeyPath: key, of: bench.layers[1])
                    }
                }
            })
        Self.expectSame(traces, keys: keys, "coordinate kinds")
        let (general, lane) = (traces[0], traces[1])
        let count = 2 * Self.coordinateKeys.count + Self.builtInCoordinateKeys.count
        // The commit tick: the general walk evaluated them (a start and a steady notice each);
        // with the lane, none reached the walk and every one is in the lane already.
        #expect(general.walkStarts[0] == count)
        #expect(lane.walkStarts[0] == 0, "no walk start notice: they joined at commit")
        #expect(lane.walkSteady[0] == 0)
        #expect(lane.steady[0] == count)
        #expect(lane.towardModel[0] == count, "every one is the lane's towardModel kind")
        #expect(lane.walkedLayers[0] == 0, "every layer left the general walk")
        // Still in the lane after the model changes; all gone once they ended.
        #expect(lane.steady[9] == count)
        #expect(lane.steady[18] == count)
        #expect(lane.steady.last == 0)
    }

    @Test("out-of-line and non-coordinate kinds, key-path components and additive implicit animations join at commit over the model; == general walk to the bit")
    func otherKindsJoinAtCommit() throws {
        let keys = ["transform", "m", "a", "i", "position", "opacity", "s"]
        let traces = try Self.run(
            layers: 4, times: Self.frames(30), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                try engine.transaction(duration: 0.4) {
                    // "transform" and "m" keep their model out of line.
                    try engine.setValue(Self.value("transform", 0.5), forKeyPath: "transform", of: layers[0])
                    try engine.setValue(Self.value("m", 0.3), forKeyPath: "m", of: layers[0])
                    try engine.setValue(Self.value("a", 0.7), forKeyPath: "a", of: layers[0])
                    try engine.setValue(Self.value("i", 0.9), forKeyPath: "i", of: layers[0])
                    // Key-path components.
                    try engine.setValue(.scalar(42), forKeyPath: "position.x", of: layers[1])
                    try engine.setValue(.scalar(1.5), forKeyPath: "transform.scale.x", of: layers[1])
                }
                try engine.transaction(duration: 0.4) {
                    try engine.modifyTransaction { $0.additiveImplicitAnimations = true }
                    try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layers[2])
                    try engine.setValue(Self.value("s", 3), forKeyPath: "s", of: layers[2])
                }
                // Not from the current state: from the old model.
                try engine.transaction(duration: 0.4) {
                    try engine.modifyTransaction { $0.beginsFromCurrentState = false }
                    try engine.setValue(Self.value("position", 2), forKeyPath: "position", of: layers[3])
                }
            },
            step: { bench, tick in
                guard tick == 6 else { return }
                try quietly(bench.engine) {
                    try bench.engine.setValue(Self.value("transform", -0.4), forKeyPath: "transform", of: bench.layers[0])
                    try bench.engine.setValue(Self.value("m", 0.8), forKeyPath: "m", of: bench.layers[0])
                    try bench.engine.setValue(Self.value("a", -1), forKeyPath: "a", of: bench.layers[0])
                    try bench.engine.setValue(.scalar(5), forKeyPath: "position.x", of: bench.layers[1])
                    try bench.engine.setValue(.scalar(0.9), forKeyPath: "opacity", of: bench.layers[2])
                }
            })
        Self.expectSame(traces, keys: keys, "other kinds")
        let (general, lane) = (traces[0], traces[1])
        #expect(general.walkStarts[0] >= 8, "the general walk started them all")
        #expect(lane.walkStarts[0] == 0, "none reached the walk at its commit")
        #expect(lane.steady[0] == general.walkStarts[0], "each is in the lane after its commit tick")
        // Each reads what lies underneath (from a value toward the model, additive, a
        // component): in the lane, each starts from its model value.
        #expect(lane.towardModel[0] == lane.steady[0], "every one starts from the model")
        #expect(lane.steady.last == 0)
    }

    @Test("an implicit spring continuing the motion in flight (continuesFrom) joins at commit; == general walk to the bit")
    func continuingSpringJoinsAtCommit() throws {
        let keys = ["opacity", "position"]
        let spring = Spring(stiffness: 120, damping: 9)
        func change(_ engine: Engine, _ layer: LayerID, _ x: Double) throws {
            try engine.transaction {
                try engine.modifyTransaction { $0.spring = spring }
                try engine.setValue(.scalar(x), forKeyPath: "opacity", of: layer)
                try engine.setValue(.point(x: 50 * x, y: -20 * x), forKeyPath: "position", of: layer)
            }
        }
        let traces = try Self.run(
            times: Self.frames(90), keys: keys,
            build: { bench in try change(bench.engine, bench.layers[0], 0.1) },
            step: { bench, tick in if tick == 12 { try change(bench.engine, bench.layers[0], 0.8) } })
        Self.expectSame(traces, keys: keys, "continuing springs")
        let lane = traces[1]
        #expect(lane.walkStarts[0] == 0 && lane.steady[0] == 2)
        // The second change replaces the first two and carries their velocity.
        #expect(lane.walkStarts[12] == 0, "the continuing springs joined at their commit")
        #expect(lane.steady[12] == 2)
    }
}

// MARK: - Callbacks

extension LaneAtCommitTests {
    @Test("a did-start delegate keeps its animation out of the lane until the walk has sent did-start: exactly once, callbacks in the general walk's order")
    func didStartWaitsForTheWalk() throws {
        let keys = ["opacity", "position", "bounds", "s"]
        let traces = try Self.run(
            times: Self.frames(45), keys: keys,
            build: { bench in
                let (engine, layer) = (bench.engine, bench.layers[0])
                var started = Self.fromOnly("opacity", .scalar(0.2), duration: 0.5, curve: .easeIn)
                started.delegate = bench.delegate()
                try engine.addAnimation(started, forKey: "started", to: layer)
                var stopOnly = Self.fromOnly("position", Self.value("position", 3), duration: 0.4)
                stopOnly.delegate = bench.delegate(start: false)
                try engine.addAnimation(stopOnly, forKey: "stopOnly", to: layer)
                // Removed in flight: did-stop(false) once.
                var removed = Self.fromOnly("s", Self.value("s", 4), duration: 0.6)
                removed.delegate = bench.delegate()
                try engine.addAnimation(removed, forKey: "removed", to: layer)
                try engine.transaction(duration: 0.3) { try engine.setValue(Self.value("bounds", 2), forKeyPath: "bounds", of: layer) }
            },
            step: { bench, tick in
                if tick == 10 { try bench.engine.removeAnimation(forKey: "removed", from: bench.layers[0]) }
            })
        Self.expectSame(traces, keys: keys, "did-start")
        let (general, lane) = (traces[0], traces[1])
        #expect(general.walkStarts[0] == 4)
        #expect(lane.walkStarts[0] == 2, "the two with a did-start went through the walk")
        #expect(lane.steady[0] == 4, "and joined after it, in the same tick")
        for key in ["started", "removed"] {
            #expect(lane.log.filter { $0.hasSuffix("start \(key)") } == ["t1 start \(key)"], "\(key): did-start once, at the commit tick")
        }
        #expect(lane.log.filter { $0.contains("stop stopOnly") }.count == 1)
        #expect(lane.log.filter { $0.contains("stop started") }.count == 1)
        #expect(lane.log.filter { $0.contains("stop removed") } == ["t10 stop removed false"])
        #expect(!lane.log.contains { $0.contains("start stopOnly") })
    }
}

// MARK: - No join at commit

extension LaneAtCommitTests {
    @Test("join at commit off engine time (the layer's or a superlayer's speed, time offset, begin time): in the lane from the commit; == general walk")
    func offEngineTime() throws {
        let keys = ["opacity", "position", "c"]
        let traces = try Self.run(
            layers: 7, times: Self.frames(40), keys: keys,
            prepare: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                try engine.setValue(.scalar(2), forKeyPath: "speed", of: layers[0])
                try engine.setValue(.scalar(0.25), forKeyPath: "timeOffset", of: layers[1])
                try engine.setValue(.scalar(-0.1), forKeyPath: "beginTime", of: layers[2])
                try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: layers[3])
                try engine.addSublayer(layers[4], to: layers[3])
                try engine.setValue(.scalar(0.3), forKeyPath: "timeOffset", of: layers[5])
                try engine.addSublayer(layers[6], to: layers[5])
            },
            build: { bench in
                try bench.engine.transaction(duration: 0.5) {
                    for (index, layer) in bench.layers.enumerated() where index != 3 && index != 5 {
                        for key in keys { try bench.engine.setValue(Self.value(key, Double(index)), forKeyPath: key, of: layer) }
                    }
                }
            },
            step: { bench, tick in
                if tick == 7 {
                    try quietly(bench.engine) { try bench.engine.setValue(.scalar(0.6), forKeyPath: "opacity", of: bench.layers[4]) }
                }
            })
        Self.expectSame(traces, keys: keys, "off engine time")
        let lane = traces[1]
        #expect(lane.walkStarts[0] == 0, "none started on the general walk")
        #expect(lane.steady[0] == 5 * keys.count, "every one joined at its commit, at its layer's time")
    }

    @Test("no join at commit for a begin later without a fill, a group, keyframes along a path with rotation, a needs-display property; a begin in the past and a delayed start filling backwards join; == general walk with its displays and stops")
    func laterBeginsAndOwners() throws {
        let keys = ["opacity", "position", "transform", "s", "d", "c"]
        let commitTime = 1.0 / 60
        let traces = try Self.run(
            layers: 7, times: Self.frames(80), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                // 0: begins 0.2 s after the commit.
                var later = Self.fromOnly("opacity", .scalar(0.1), duration: 1)
                later.timing.beginTime = commitTime + 0.2
                later.delegate = bench.delegate(start: false)
                try engine.addAnimation(later, forKey: "later", to: layers[0])
                // 1: an implicit animation after a delay, showing its start meanwhile.
                try engine.transaction(duration: 1) {
                    try engine.modifyTransaction { $0.delay = 0.15 }
                    try engine.setValue(Self.value("c", 2), forKeyPath: "c", of: layers[1])
                }
                // 2: a group of two.
                var group = Animation(keyPath: "", kind: .group(GroupParameters(animations: [
                    Self.fromOnly("s", .scalar(3), duration: 1),
                    Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1)))),
                ])))
                group.timing.duration = 1
                try engine.addAnimation(group, forKey: "group", to: layers[2])
                // 3: along a path, turning the transform.
                var path = Path()
                path.move(x: 0, y: 0)
                path.addLine(x: 100, y: 0)
                path.addLine(x: 100, y: 60)
                var along = Animation.keyframe("position", path: path)
                along.keyframe?.rotationMode = .auto
                along.timing.duration = 1
                try engine.addAnimation(along, forKey: "along", to: layers[3])
                // 4: a needs-display property.
                try engine.transaction(duration: 1) { try engine.setValue(.scalar(9), forKeyPath: "d", of: layers[4]) }
                // 5: began long ago and ended: it finishes at its commit tick.
                var ended = Self.fromOnly("opacity", .scalar(0.3), duration: 0.5)
                ended.timing.beginTime = commitTime - 2
                ended.delegate = bench.delegate(start: false)
                try engine.addAnimation(ended, forKey: "ended", to: layers[5])
                // 6: began 0.3 s before its commit, still running: it joins at commit.
                var earlier = Self.fromOnly("position", Self.value("position", 5), duration: 1)
                earlier.timing.beginTime = commitTime - 0.3
                earlier.delegate = bench.delegate(start: false)
                try engine.addAnimation(earlier, forKey: "earlier", to: layers[6])
            })
        Self.expectSame(traces, keys: keys, "later begins and owners")
        let (general, lane) = (traces[0], traces[1])
        // Started on the commit tick: the group, the path, the needs-display one, the ended one
        // and the earlier one; with the lane, all but the earlier one.
        #expect(general.walkStarts[0] == 5)
        #expect(lane.walkStarts[0] == 4, "only the one begun earlier joined at commit")
        // In the lane after the commit tick: the earlier one and the delayed implicit one,
        // showing its start (at commit), the group and the path (after the walk's first
        // evaluation).
        #expect(lane.walkSteady[0] == 2)
        #expect(lane.steady[0] == 4)
        // Once the later ones begin (0.2 s and 0.15 s after the commit), they join.
        #expect(lane.steady[15] == 5)
        #expect(lane.log.filter { $0.contains("stop ended") } == ["t1 stop ended true"])
        #expect(lane.log.contains { $0.contains("display") }, "the needs-display property displayed")
        #expect(lane.steady.last == 0)
    }
}

// MARK: - Several animations of one layer in one tick

extension LaneAtCommitTests {
    @Test("several animations of one layer committed in one tick: on different properties all join at commit; sharing one, none of those does; == general walk")
    func oneLayerOneTick() throws {
        let keys = ["opacity", "position", "bounds", "s", "c"]
        let traces = try Self.run(
            layers: 3, times: Self.frames(50), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                // 0: four properties at once.
                try engine.transaction(duration: 0.6) {
                    for key in ["opacity", "position", "bounds"] { try engine.setValue(Self.value(key, 1), forKeyPath: key, of: layers[0]) }
                }
                try engine.addAnimation(Self.fromOnly("s", .scalar(2), duration: 0.7), forKey: "s", to: layers[0])
                // 1: an explicit animation and an implicit one of opacity (they share it), and
                // position alone; the explicit one ends first.
                var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
                fade.timing.duration = 0.2
                try engine.addAnimation(fade, forKey: "fade", to: layers[1])
                try engine.transaction(duration: 0.6) {
                    try engine.setValue(.scalar(0.4), forKeyPath: "opacity", of: layers[1])
                    try engine.setValue(Self.value("position", 2), forKeyPath: "position", of: layers[1])
                }
                // 2: two from-only animations of one property under two keys.
                try engine.addAnimation(Self.fromOnly("c", Self.value("c", 1), duration: 0.5), forKey: "x", to: layers[2])
                try engine.addAnimation(Self.fromOnly("c", Self.value("c", 2), duration: 0.4), forKey: "y", to: layers[2])
            })
        Self.expectSame(traces, keys: keys, "one layer, one tick")
        let lane = traces[1]
        // Those sharing a property were refused at commit: they do not ask again.
        #expect(lane.walkSteady[0] == 0, "the refused ones do not ask again")
        #expect(lane.steady[0] == 5, "four of layer 0 and the position of layer 1")
        #expect(lane.walkedLayers[0] == 2, "layer 0 left the general walk")
        // The explicit fade ended (0.2 s): its removal changes layer 1, whose opacity rejoins.
        #expect(lane.steady[20] == 6)
    }

    @Test("an animation pending on another thread's open transaction shares the property: the one committed does not join; == general walk")
    func pendingOnAnotherThread() throws {
        let keys = ["opacity", "position"]
        let other = JobThread()
        defer { other.stop() }
        let traces = try Self.run(
            times: Self.frames(40), keys: keys,
            build: { bench in
                let engine = bench.engine
                let layer = bench.layers[0]
                try other.run {
                    try engine.beginTransaction()
                    var held = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(1), toValue: .scalar(0))))
                    held.timing.duration = 0.4
                    try engine.addAnimation(held, forKey: "held", to: layer)
                }
                try engine.transaction(duration: 0.5) {
                    try engine.setValue(.scalar(0.3), forKeyPath: "opacity", of: layer)
                    try engine.setValue(Self.value("position", 1), forKeyPath: "position", of: layer)
                }
            },
            step: { bench, tick in
                if tick == 6 { try other.run { try bench.engine.commitTransaction() } }
            })
        Self.expectSame(traces, keys: keys, "pending on another thread")
        let lane = traces[1]
        #expect(lane.steady[0] == 1, "only the position joined")
        #expect(lane.walkSteady[0] == 0, "the opacity one was refused: it does not ask again")
        // Its thread commits before tick 6: it commits then, sharing the property.
        #expect(traces[0].walkStarts[5] == 1, "the general walk started the held one at tick 6")
        #expect(lane.steady[5] == 1, "the held one does not join")
    }
}

// MARK: - Threads

extension LaneAtCommitTests {
    @Test("a lane split over 2 and 4 tick threads: joined at commit, == one thread's and the general walk's to the bit")
    func threads() throws {
        // More than 4 × 4096 entries: the lane splits in four parts.
        let count = 8300
        let keys = ["opacity", "position"]
        let setups = [Setup(lane: false), Setup(lane: true), Setup(lane: true, threads: 2), Setup(lane: true, threads: 4)]
        let traces = try Self.run(
            setups, layers: count, times: Self.frames(24), keys: keys, sampled: 37,
            build: { bench in
                try bench.engine.transaction(duration: 0.3) {
                    for (index, layer) in bench.layers.enumerated() {
                        try bench.engine.setValue(.scalar(Double(index % 97) / 97), forKeyPath: "opacity", of: layer)
                        try bench.engine.setValue(Self.value("position", Double(index % 31)), forKeyPath: "position", of: layer)
                    }
                }
            },
            step: { bench, tick in
                guard tick == 5 else { return }
                try quietly(bench.engine) {
                    for index in Swift.stride(from: 0, to: count, by: 3) {
                        try bench.engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: bench.layers[index])
                    }
                }
            })
        Self.expectSame(traces, keys: keys, "threads")
        for trace in traces.dropFirst() {
            #expect(trace.walkStarts[0] == 0)
            #expect(trace.steady[0] == 2 * count)
            #expect(trace.towardModel[0] == 2 * count)
        }
        #expect(2 * count >= 4 * SteadyLane.entriesPerThreadMinimum)
    }
}

// MARK: - Transaction completions

extension LaneAtCommitTests {
    @Test("transaction completions of animations that joined at commit: once each, at the general walk's tick")
    func completions() throws {
        let keys = ["opacity", "position", "s"]
        let traces = try Self.run(
            layers: 3, times: Self.frames(50), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                try engine.transaction(duration: 0.3, completion: bench.completion("implicit")) {
                    try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layers[0])
                    try engine.setValue(Self.value("position", 1), forKeyPath: "position", of: layers[0])
                }
                try engine.transaction(completion: bench.completion("explicit")) {
                    var animation = Self.fromOnly("s", .scalar(4), duration: 0.45)
                    animation.delegate = bench.delegate(start: false)
                    try engine.addAnimation(animation, forKey: "s", to: layers[1])
                }
                // Replaced in flight: finished false.
                try engine.transaction(duration: 0.5, completion: bench.completion("replaced")) {
                    try engine.setValue(.scalar(0.9), forKeyPath: "opacity", of: layers[2])
                }
            },
            step: { bench, tick in
                if tick == 10 {
                    try bench.engine.transaction(duration: 0.2, completion: bench.completion("replacing")) {
                        try bench.engine.setValue(.scalar(0.1), forKeyPath: "opacity", of: bench.layers[2])
                    }
                }
            })
        Self.expectSame(traces, keys: keys, "completions")
        let (general, lane) = (traces[0], traces[1])
        #expect(lane.walkStarts[0] == 0 && lane.steady[0] == 4)
        for name in ["implicit", "explicit", "replaced", "replacing"] {
            let done = lane.log.filter { $0.contains("done \(name) ") }
            #expect(done.count == 1, "\(name): once (\(done))")
            #expect(done == general.log.filter { $0.contains("done \(name) ") })
        }
        #expect(lane.log.contains { $0.hasSuffix("done replaced false") })
        #expect(lane.log.contains { $0.hasSuffix("done implicit true") })
    }
}

// MARK: - Every kind's first evaluation in the lane

extension LaneAtCommitTests {
    @Test("explicit animations of every lane kind (basic ends, by, to; springs; scalar, point and paced keyframes; decays free, bounded and thrown from the presentation; additive; cumulative; autoreversing) are first evaluated by the lane at commit; == general walk to the bit")
    func everyKindFirstEvaluatedByTheLane() throws {
        let keys = ["opacity", "position", "bounds", "s", "p", "z", "r", "v", "c"]
        func add(_ engine: Engine, _ layer: LayerID, _ animation: Animation, _ key: String) throws {
            var animation = animation
            if animation.timing.duration == 0 { animation.timing.duration = 0.6 }
            try engine.addAnimation(animation, forKey: key, to: layer)
        }
        var added = 0
        let traces = try Self.run(
            layers: 4, times: Self.frames(60), keys: keys,
            build: { bench in
                let (engine, layers) = (bench.engine, bench.layers)
                added = 0
                func put(_ layer: Int, _ animation: Animation) throws {
                    added += 1
                    try add(engine, layers[layer], animation, "k\(added)")
                }
                // Layer 0: basic animations.
                var ends = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0.1), toValue: .scalar(0.9))))
                ends.timingFunction = .easeOut
                try put(0, ends)
                try put(0, Animation(keyPath: "position", kind: .basic(BasicParameters(byValue: Self.value("position", 2)))))
                try put(0, Animation(keyPath: "bounds", kind: .basic(BasicParameters(toValue: Self.value("bounds", 3)))))
                var cumulative = Animation(keyPath: "s", kind: .basic(BasicParameters(fromValue: .scalar(1), toValue: .scalar(2))))
                cumulative.isCumulative = true
                cumulative.timing.repeatCount = 2
                cumulative.timing.duration = 0.3
                try put(0, cumulative)
                var additive = Animation(keyPath: "c", kind: .basic(BasicParameters(fromValue: Self.value("c", 0), toValue: Self.value("c", 1))))
                additive.isAdditive = true
                try put(0, additive)
                var reversing = Self.fromOnly("v", Self.value("v", 4), duration: 0.25, curve: .easeInEaseOut)
                reversing.timing.autoreverses = true
                try put(0, reversing)
                // Layer 1: springs and keyframes.
                try put(1, Animation(keyPath: "opacity", kind: .spring(
                    BasicParameters(fromValue: .scalar(0), toValue: .scalar(1)), Spring(stiffness: 150, damping: 12))))
                try put(1, Animation(keyPath: "p", kind: .spring(
                    BasicParameters(fromValue: Self.value("p", 0), toValue: Self.value("p", 3)), Spring(stiffness: 90, damping: 7))))
                var scalarKeys = Animation.keyframe(
                    "s", values: [.scalar(0), .scalar(2), .scalar(-1), .scalar(0.5)], calculationMode: .cubic)
                scalarKeys.timingFunction = .easeIn
                try put(1, scalarKeys)
                try put(1, Animation.keyframe(
                    "z", values: [Self.value("z", 0), Self.value("z", 2), Self.value("z", 1)], calculationMode: .paced))
                try put(1, Animation.keyframe("r", values: [Self.value("r", 0), Self.value("r", 2)], keyTimes: [0, 1]))
                // Layer 2: decays.
                try put(2, Animation(keyPath: "s", kind: .decay(DecayParameters(fromValue: .scalar(0), velocity: .scalar(300)))))
                var bounded = DecayParameters(fromValue: .point(x: 0, y: 0), velocity: .point(x: 900, y: -40))
                bounded.upperBound = .point(x: 150, y: 1000)
                bounded.lowerBound = .point(x: -1000, y: -1000)
                try put(2, Animation(keyPath: "p", kind: .decay(bounded)))
            },
            step: { bench, tick in
                guard tick == 10 else { return }
                // Layer 3: a decay thrown from the presentation after an implicit move.
                try bench.engine.transaction(duration: 0.2) {
                    try bench.engine.setValue(Self.value("position", 5), forKeyPath: "position", of: bench.layers[3])
                }
                try bench.engine.addAnimation(
                    Animation(keyPath: "opacity", kind: .decay(DecayParameters(velocity: .scalar(-2)))), forKey: "thrown",
                    to: bench.layers[3])
            })
        Self.expectSame(traces, keys: keys, "every kind")
        let (general, lane) = (traces[0], traces[1])
        #expect(added == 13)
        #expect(general.walkStarts[0] == added)
        #expect(lane.walkStarts[0] == 0, "each joined at its commit")
        #expect(lane.steady[0] == added)
        #expect(lane.walkStarts[9] == 0 && lane.steady[9] >= 2, "the implicit move and the thrown decay joined at their commit")
    }
}

extension LaneAtCommitTests {
    @Test("towardModel where the curve reaches 1 before the end (lerp's exact end) and where from equals the model: == general walk to the bit")
    func towardModelAtTheEnds() throws {
        let keys = Self.coordinateKeys
        // y flat at its end (y1 = y2 = 1) against x steep there: y is 1 in floating point
        // before x is (at x = 0.999999 with the engine's solver; checked below).
        let early = TimingFunction.cubicBezier(try UnitBezier(x1: 0, y1: 1, x2: 0.3, y2: 1))
        let times = [0.1, 0.5, 0.9, 0.99, 0.9999, 0.99999, 0.999999].map { $0 + 1.0 / 60 } + [1.0 / 60 + 1.5]
        let traces = try Self.run(
            layers: 2, times: [1.0 / 60] + times, keys: keys,
            build: { bench in
                for key in Self.coordinateKeys {
                    try bench.engine.addAnimation(
                        Self.fromOnly(key, Self.value(key, 2.9), duration: 1, curve: early), forKey: key, to: bench.layers[0])
                }
                try quietly(bench.engine) {
                    for key in Self.coordinateKeys { try bench.engine.setValue(Self.value(key, 0.29), forKeyPath: key, of: bench.layers[0]) }
                }
                // From the model's own value.
                try bench.engine.transaction(duration: 1, timingFunction: early) {
                    for key in Self.coordinateKeys {
                        try bench.engine.setValue(Self.value(key, 0.7), forKeyPath: key, of: bench.layers[1])
                    }
                }
                // The model back to the class defaults, where the animations start.
                let defaults: [String: Value] = [
                    "s": .scalar(0.25), "p": .point(x: 1, y: 2), "z": .size(width: 3, height: 4),
                    "r": .rect(x: 0, y: 0, width: 10, height: 20), "v": .vector3(x: 1, y: 2, z: 3),
                    "c": .color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1),
                ]
                try quietly(bench.engine) {
                    for key in Self.coordinateKeys { try bench.engine.setValue(defaults[key]!, forKeyPath: key, of: bench.layers[1]) }
                }
            })
        // The test has teeth: the curve is exactly 1 at the sixth sample, and for every kind
        // a + (b − a) · 1 is not b somewhere (lerp gives b).
        #expect(early.value(at: 0.999999) == 1 && early.value(at: 0.99) < 1)
        for key in keys {
            let (a, b) = (slots(Self.value(key, 2.9)), slots(Self.value(key, 0.29)))
            #expect(zip(a, b).contains { $0 + ($1 - $0) * 1 != $1 }, "\(key)")
        }
        Self.expectSame(traces, keys: keys, "towardModel at the ends")
        #expect(traces[1].towardModel[0] == 2 * keys.count)
        #expect(traces[1].towardModel[6] == 2 * keys.count, "still in the lane at 0.99999 s")
    }

    @Test("an uncommitted animation puts its layer in no walk: added or made by a change inside an explicit transaction left open across ticks, its layer stays out of the general walk, showing what it was added over; at the commit it joins the walk (lane off) or the lane (lane on)")
    func uncommittedAnimationsWalkNowhere() throws {
        for lane in [false, true] {
            let bench = try Bench(Setup(lane: lane), layers: 2)
            let engine = bench.engine
            try bench.tick(0)
            let slots = try bench.layers.map { layer in Int32(try engine.bookkeeping(of: layer).slot) }
            let walk = { engine.bookkeeping().walkedLayers }
            try engine.beginTransaction()
            try engine.modifyTransaction { $0.animationDuration = 1 }
            try engine.setValue(.scalar(1), forKeyPath: "s", of: bench.layers[0])
            try engine.addAnimation(basic("s", from: 2, to: 3), forKey: "explicit", to: bench.layers[1])
            #expect(walk().isEmpty, "lane \(lane): pending only, walked \(walk())")
            for time in [0.1, 0.2] {
                try bench.tick(time)
                #expect(walk().isEmpty, "lane \(lane) at \(time): the transaction is open, walked \(walk())")
                #expect(try engine.presentationValue(forKeyPath: "s", of: bench.layers[0]) == .scalar(0.25))
                #expect(try engine.presentationValue(forKeyPath: "s", of: bench.layers[1]) == .scalar(0.25))
            }
            try engine.commitTransaction()
            try bench.tick(0.3)
            #expect(walk() == (lane ? [] : slots), "lane \(lane): after the commit tick, walked \(walk())")
            #expect(engine.steadyAnimationCount == (lane ? 2 : 0))
            #expect(try engine.presentationValue(forKeyPath: "s", of: bench.layers[1]) == .scalar(2))
        }
    }
}
