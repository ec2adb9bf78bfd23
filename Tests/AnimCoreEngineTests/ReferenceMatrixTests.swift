// The engine against the plain reference evaluator (ReferenceEvaluator.swift) over the timing
// matrix (ReferenceMatrixWorkloads.swift): after every tick, every layer's presentation values,
// read the way hosts read them (the batch table, and one by one for a sample), must equal the
// reference's to the bit (Double.bitPattern), on one tick thread and on four. This replaces
// holding the steady lane to the general walk (LaneComparison) for presentation values: each
// path the engine takes is held to the model instead.
import Testing

@testable import AnimCore

// MARK: - The reference's values of a matrix layer

extension MatrixLayer {
    /// What the layer shows at root time `root`, key by key (`MatrixKind.keys`), as slots.
    func expected(atRootTime root: Double) -> [[Double]] {
        let time = layerTime(atRootTime: root)
        let sample = Reference.sample(animation.timing, atParentTime: time)
        let modelTransform = slots(.transform3D(transform))
        switch animation.parameters {
        case .basic(let from, let to):
            guard let sample else { return [[level]] }
            return [[Reference.lerp(from, to, Reference.eased(animation.function, sample.progress))]]
        case .keyframes(let values, let keyTimes):
            guard let sample else { return [[level]] }
            let p = Reference.eased(animation.function, sample.progress)
            return [[Reference.linearKeyframes(values, keyTimes: keyTimes ?? Reference.evenKeyTimes(values.count), at: p)]]
        case .path(_, _, let track, let reverse):
            guard let sample else { return [[position.x, position.y], modelTransform] }
            // Paced: constant speed, the timing function ignored (§6.4).
            let p = track.isPaced ? sample.progress : Reference.eased(animation.function, sample.progress)
            let (segment, u) = track.place(at: p)
            let point = track.curve.point(segment, u)
            // autoReverse: the direction reversed (turned by π).
            let (c, s) = track.tangentDirection(segment: segment, u: u)
            return [[point.x, point.y], Reference.turned(modelTransform, toward: reverse ? (0 - c, 0 - s) : (c, s))]
        case .spring(let from, let to, let spring):
            guard let sample else { return [[level]] }
            // The spring is the pacing: basic local time, no timing function (§6.5).
            let u = Reference.springDisplacement(spring, at: sample.progress * animation.timing.duration)
            return [[Reference.lerp(from, to, 1 - u)]]
        case .decay(let from, let velocity, let rate):
            guard let sample else { return [[position.x, position.y]] }
            let t = sample.progress * animation.timing.duration
            return [[Reference.decayCoordinate(from.x, velocity: velocity.x, rate: rate, at: t),
                     Reference.decayCoordinate(from.y, velocity: velocity.y, rate: rate, at: t)]]
        case .group(let positionChild, let opacityChild):
            guard let sample else { return [[position.x, position.y], [opacity]] }
            return groupChildren(sample, positionChild, opacityChild)
        }
    }

    /// A group's children (§6.6) in the group's time: its basic local time, paced by the group's
    /// timing function. A child of duration 0 spans the group. While the group holds its end
    /// (after it, filling forwards), a child cut off there holds the state it reached from inside.
    func groupChildren(_ group: Reference.Sample, _ positionChild: MatrixChild, _ opacityChild: MatrixChild) -> [[Double]] {
        let groupTime = Reference.eased(animation.function, group.progress) * animation.timing.duration
        func childSample(_ child: MatrixChild) -> Reference.Sample? {
            var timing = child.timing
            if timing.duration == 0 { timing.duration = animation.timing.duration }
            let elapsed = groupTime - timing.beginTime
            let span = Reference.activeDuration(timing) / abs(timing.speed)
            if group.phase == .after && elapsed > 0 && elapsed <= span + 1e-12 * max(1, abs(span)) {
                return Reference.position(
                    timing, activeTime: elapsed * timing.speed + timing.timeOffset, fromBelow: timing.speed >= 0, .after)
            }
            return Reference.sample(timing, atParentTime: groupTime)
        }
        var shown = [[position.x, position.y], [opacity]]
        if let s = childSample(positionChild) {
            let f = Reference.eased(positionChild.function, s.progress)
            shown[0] = [Reference.lerp(positionChild.from[0], positionChild.to[0], f),
                        Reference.lerp(positionChild.from[1], positionChild.to[1], f)]
        }
        if let s = childSample(opacityChild) {
            shown[1] = [Reference.lerp(opacityChild.from[0], opacityChild.to[0], Reference.eased(opacityChild.function, s.progress))]
        }
        return shown
    }
}

// MARK: - A world: the layers on an engine

/// An engine with one layer per `MatrixLayer` (class "Dot": a scalar "level" besides the
/// built-in properties), their ancestors, their model values and animations, committed by a
/// first tick at `matrixStartTime`.
final class MatrixWorld {
    let engine = Engine()
    let specs: [MatrixLayer]
    var layers: [LayerID] = []

    init(_ specs: [MatrixLayer], threads: Int, lane: Bool = true) throws {
        self.specs = specs
        try engine.setTickThreadCount(threads)
        engine.setSteadyLaneEnabled(lane)
        let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
        var containers: [Reference.LayerClock: LayerID] = [:]
        for spec in specs {
            let layer = try engine.makeLayerHandle(dot)
            // Before the first tick: no actions run. (The defaults are the class's.)
            if spec.level != 0 { try engine.setValue(.scalar(spec.level), forKeyPath: "level", of: layer) }
            if spec.position != XY(0, 0) { try engine.setValue(spec.position.value, forKeyPath: "position", of: layer) }
            if spec.transform != .identity { try engine.setValue(.transform3D(spec.transform), forKeyPath: "transform", of: layer) }
            if spec.opacity != 1 { try engine.setValue(.scalar(spec.opacity), forKeyPath: "opacity", of: layer) }
            if let own = spec.own { try Self.setClock(own, of: layer, engine) }
            if let clock = spec.ancestor {
                if containers[clock] == nil {
                    let container = try engine.makeLayerHandle()
                    try Self.setClock(clock, of: container, engine)
                    containers[clock] = container
                }
                try engine.addSublayer(layer, to: containers[clock]!)
            }
            try engine.addAnimation(spec.animation.description, forKey: "a", to: layer)
            layers.append(layer)
        }
        try engine.tick(matrixStartTime)
    }

    static func setClock(_ clock: Reference.LayerClock, of layer: LayerID, _ engine: Engine) throws {
        try engine.setValue(.scalar(clock.beginTime), forKeyPath: "beginTime", of: layer)
        try engine.setValue(.scalar(clock.speed), forKeyPath: "speed", of: layer)
        try engine.setValue(.scalar(clock.timeOffset), forKeyPath: "timeOffset", of: layer)
    }
}

// MARK: - Comparing

/// What a comparison found: values compared, rows (a layer's keys at a tick) compared and those
/// that differ from the model (animated), and the first disagreements.
struct MatrixComparison {
    var compared = 0
    var rows = 0
    var animatedRows = 0
    var mismatches = 0
    var firstMismatches: [String] = []

    /// Compares a row the engine gave with the reference's, slot by slot, to the bit; `what`
    /// names the row in a disagreement.
    mutating func compareRow(_ got: [Double], _ expected: [Double], _ model: [Double], _ what: () -> String) {
        var animated = false
        for slot in expected.indices {
            compared += 1
            animated = animated || got[slot].bitPattern != model[slot].bitPattern
            guard got[slot].bitPattern != expected[slot].bitPattern else { continue }
            mismatches += 1
            if firstMismatches.count < 5 {
                firstMismatches.append("\(what()) \(MatrixWorld.slotName(slot)): engine \(got[slot]), reference \(expected[slot])")
            }
        }
        rows += 1
        if animated { animatedRows += 1 }
    }
}

extension MatrixWorld {
    /// Engine times of the ticks after the first: frames of the first cycles, later cycles of
    /// the repeating ones (across reversals), the filling-backwards ones before, during and after
    /// their begin, and past the end of the 11–14 s first cycles.
    static let tickOffsets: [Double] = [1.0 / 60, 0.2, 0.45, 0.5 + 1.0 / 3, 1.1, 1.75, 2.6, 3.3, 4.05, 7.3, 12.5, 17.2]

    /// The keys read of every layer, whatever its animation moves: the others must show the model.
    static let keys: [(name: String, kind: ValueKind)] = [
        ("level", .scalar), ("position", .point), ("transform", .transform3D), ("opacity", .scalar),
    ]
    /// Where each key's slots start in a row of the keys' slots, and the row's width.
    static let keyOffsets = keys.indices.map { k in keys[..<k].reduce(0) { $0 + $1.kind.slotCount } }
    static let rowWidth = keys.reduce(0) { $0 + $1.kind.slotCount }

    /// The name of slot `slot` of a row ("transform[5]").
    static func slotName(_ slot: Int) -> String {
        let k = keyOffsets.lastIndex { $0 <= slot }!
        return "\(keys[k].name)[\(slot - keyOffsets[k])]"
    }

    /// Ticks through `tickOffsets`, comparing after each tick (and after the first) every
    /// layer's presentation with the reference's at the engine's time.
    func compareEveryTick() throws -> MatrixComparison {
        var comparison = MatrixComparison()
        let models = specs.map(\.modelRow)
        for (tick, offset) in ([0] + Self.tickOffsets).enumerated() {
            if tick > 0 { try engine.tick(matrixStartTime + offset) }
            try compare(tick: tick, models: models, into: &comparison)
        }
        return comparison
    }

    /// Compares the presentation at the engine's current time (the root time): every layer's
    /// keys through one batch read (a table, split over the tick threads when large), and every
    /// 37th layer's one by one.
    func compare(tick: Int, models: [[Double]], into comparison: inout MatrixComparison) throws {
        let root = engine.currentTime
        let table = try readTable()
        for (index, spec) in specs.enumerated() {
            let expected = spec.expectedRow(atRootTime: root, model: models[index])
            let read = table[(index * Self.rowWidth)..<((index + 1) * Self.rowWidth)]
            comparison.compareRow(Array(read), expected, models[index]) { "tick \(tick), layer \(index) (\(spec.kind))" }
            guard index % 37 == 0 else { continue }
            var row: [Double] = []
            for key in Self.keys {
                row += slots(try #require(try engine.presentationValue(forKeyPath: key.name, of: layers[index])))
            }
            comparison.compareRow(row, expected, models[index]) { "tick \(tick), layer \(index) (\(spec.kind), one by one)" }
        }
    }

    /// The presentation of `keys` of every layer through the batch read: a row of
    /// `rowWidth` slots per layer.
    func readTable() throws -> [Double] {
        let keys = try Self.keys.map { try engine.key($0.name) }
        let kinds = Self.keys.map(\.kind)
        var table = [Double](repeating: .nan, count: layers.count * Self.rowWidth)
        try keys.withUnsafeBufferPointer { keys in
            try kinds.withUnsafeBufferPointer { kinds in
                try layers.withUnsafeBufferPointer { layers in
                    try table.withUnsafeMutableBufferPointer { out in
                        try engine.readPresentationTable(forKeys: keys, of: layers, expecting: kinds, into: out.baseAddress!)
                    }
                }
            }
        }
        return table
    }
}

extension MatrixLayer {
    /// The model values of `MatrixWorld.keys` as a row: what shows where no animation applies.
    var modelRow: [Double] { [level, position.x, position.y] + slots(.transform3D(transform)) + [opacity] }

    /// The reference's row at root time `root`: the model's row (`modelRow`), the keys the
    /// animation moves replaced by `expected(atRootTime:)`.
    func expectedRow(atRootTime root: Double, model: [Double]) -> [Double] {
        var row = model
        for (key, values) in zip(kind.keys, expected(atRootTime: root)) {
            let offset = MatrixWorld.keyOffsets[MatrixWorld.keys.firstIndex { $0.name == key.name }!]
            row.replaceSubrange(offset..<(offset + values.count), with: values)
        }
        return row
    }

    var kind: MatrixKind {
        switch animation.parameters {
        case .basic: .basic
        case .keyframes: .keyframes
        case .path: .path
        case .spring: .spring
        case .decay: .decay
        case .group: .group
        }
    }
}

// MARK: - The tests

/// The mixed world's size, tick threads and path.
struct MixSetup: Sendable, CustomTestStringConvertible {
    var layers: Int
    var threads: Int
    /// Whether the tick's steady lane may take the animations (false: every one on the general
    /// walk, `Engine.setSteadyLaneEnabled`).
    var lane = true
    var testDescription: String { "\(layers) layers, \(threads) thread\(threads == 1 ? "" : "s")\(lane ? "" : ", the general walk only")" }
}

@Suite("The engine against a plain reference evaluator, over the timing matrix")
struct ReferenceMatrixTests {
    /// Expects the comparison to have found every value equal, most layers animated at most ticks
    /// (the values compared are not all the model's).
    static func expectAgreement(_ c: MatrixComparison, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(c.mismatches == 0, "\(what): \(c.mismatches) of \(c.compared) values differ from the reference, first: \(c.firstMismatches)",
                sourceLocation: sourceLocation)
        #expect(c.animatedRows > c.rows / 2, "\(what): only \(c.animatedRows) of \(c.rows) layers × ticks animated", sourceLocation: sourceLocation)
    }

    @Test("each workload, 300 layers of varied parameters, one tick thread: every presentation value equals the reference's to the bit",
          arguments: MatrixWorkload.rows)
    func workload(_ row: MatrixWorkload) throws {
        var random = SplitMix64(seed: row.seed)
        let specs = (0..<300).map { _ in MatrixLayer.random(row.kind, row.shape, &random) }
        let world = try MatrixWorld(specs, threads: 1)
        Self.expectAgreement(try world.compareEveryTick(), row.testDescription)
    }

    @Test("every kind in every shape mixed in one engine: equal to the reference on one tick thread and on four (20 000 layers: the tick and the batch read split over the threads)",
          arguments: [MixSetup(layers: 660, threads: 1), MixSetup(layers: 660, threads: 1, lane: false), MixSetup(layers: 20_000, threads: 4)])
    func mixed(_ setup: MixSetup) throws {
        var random = SplitMix64(seed: 0x5EED_0031)
        let combinations = MatrixKind.allCases.flatMap { kind in MatrixShape.allCases.map { (kind, $0) } }
        let specs = (0..<setup.layers).map { index in
            let (kind, shape) = combinations[index % combinations.count]
            return MatrixLayer.random(kind, shape, &random)
        }
        let world = try MatrixWorld(specs, threads: setup.threads, lane: setup.lane)
        #expect(world.engine.tickThreadCount == setup.threads)
        Self.expectAgreement(try world.compareEveryTick(), setup.testDescription)
    }
}
