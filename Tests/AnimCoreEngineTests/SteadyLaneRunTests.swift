// The steady lane's runs (`SteadyLane+Runs.swift`): animations of several shapes that join
// interleaved (each layer's four animations, layer after layer) are regrouped into one run per
// shape by the next compaction, the records still naming their entries (the bookkeeping audit),
// and every value is the one its animation gives, before and after, as animations leave and
// join again.
import Testing

@testable import AnimCore

@Suite("Steady lane runs: interleaved joins regrouped by shape")
struct SteadyLaneRunTests {
    /// Layers of a class with a scalar "level", each with four linear animations of 4 s that
    /// begin together, one per lane shape: "level" (a scalar between two given ends), "position"
    /// (a whole point), "opacity" with its from given only (the end its model value: a basic
    /// animation of any other composition) and a decay of "spot" (a thrown point).
    final class World {
        let engine = Engine()
        var layers: [LayerID] = []
        static let duration = 4.0

        init(count: Int) throws {
            let dot = try engine.makeLayerClass(
                name: "Dot",
                properties: [PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
            for _ in 0..<count { layers.append(try engine.makeLayerHandle(dot)) }
            try engine.tick(0)
        }

        /// Adds the four animations to layer `index`, beginning at the next commit.
        func animate(_ index: Int) throws {
            let layer = layers[index]
            let k = Double(index)
            func linear(_ key: String, _ parameters: BasicParameters) -> Animation {
                var animation = Animation(keyPath: key, kind: .basic(parameters))
                animation.timing.duration = Self.duration
                return animation
            }
            try engine.addAnimation(linear("level", BasicParameters(fromValue: .scalar(k), toValue: .scalar(k + 8))), forKey: "level", to: layer)
            try engine.addAnimation(
                linear("position", BasicParameters(fromValue: .point(x: 0, y: k), toValue: .point(x: 8, y: k + 16))),
                forKey: "position", to: layer)
            try engine.addAnimation(linear("opacity", BasicParameters(fromValue: .scalar(0))), forKey: "opacity", to: layer)
            var decay = Animation(
                keyPath: "spot", kind: .decay(DecayParameters(velocity: .point(x: 100, y: -50), decelerationRate: 0.99)))
            decay.timing.duration = Self.duration
            try engine.addAnimation(decay, forKey: "spot", to: layer)
        }

        /// Expects the values of the layers `animated` at progress `p` of their animations: the
        /// basic ones exact (the fractions are dyadic), the decay thrown along its velocity.
        func expectValues(animated: [Int], progress p: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
            for index in animated {
                let layer = layers[index], k = Double(index)
                #expect(try engine.presentationValue(forKeyPath: "level", of: layer) == .scalar(k + 8 * p), sourceLocation: sourceLocation)
                #expect(
                    try engine.presentationValue(forKeyPath: "position", of: layer) == .point(x: 8 * p, y: k + 16 * p),
                    sourceLocation: sourceLocation)
                #expect(try engine.presentationValue(forKeyPath: "opacity", of: layer) == .scalar(p), sourceLocation: sourceLocation)
                guard case .point(let x, let y)? = try engine.presentationValue(forKeyPath: "spot", of: layer) else {
                    Issue.record("spot is not a point", sourceLocation: sourceLocation)
                    continue
                }
                #expect(x > 0 && y < 0 && x == -2 * y, "spot (\(x), \(y))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("400 layers × 4 shapes joined interleaved: one run per shape once the lane has run, values exact, the audit clean")
    func regroupedAfterJoining() throws {
        let world = try World(count: 400)
        for index in world.layers.indices { try world.animate(index) }
        try world.engine.tick(1)  // the commit: each animation joins the lane, layer after layer
        try world.engine.tick(2)
        let bookkeeping = world.engine.bookkeeping()
        #expect(bookkeeping.laneEntries == 1600)
        #expect(bookkeeping.laneRuns == 4, "joined interleaved, 1600 runs of one entry unless regrouped")
        #expect(world.engine.bookkeepingIssues().isEmpty, "\(world.engine.bookkeepingIssues())")
        try world.expectValues(animated: Array(world.layers.indices), progress: 0.25)
    }

    @Test("animations leaving and joining again: the runs regrouped with the tombstones dropped, values exact, the audit clean")
    func regroupedAfterLeavingAndJoining() throws {
        let world = try World(count: 400)
        for index in world.layers.indices { try world.animate(index) }
        try world.engine.tick(1)
        try world.engine.tick(2)
        // Half the layers' animations removed: tombstones in every run.
        let removed = Array(stride(from: 0, to: 400, by: 2)), kept = Array(stride(from: 1, to: 400, by: 2))
        for index in removed { try world.engine.removeAllAnimations(from: world.layers[index]) }
        try world.engine.tick(2.5)
        var bookkeeping = world.engine.bookkeeping()
        #expect(bookkeeping.laneEntries == 800)
        #expect(bookkeeping.laneTombstones == 0, "half of the entries left: compacted when the lane ran")
        #expect(bookkeeping.laneRuns == 4)
        #expect(world.engine.bookkeepingIssues().isEmpty, "\(world.engine.bookkeepingIssues())")
        try world.expectValues(animated: kept, progress: 0.375)
        // They animate again, begun at their commit (2.5): joined interleaved after the four runs.
        for index in removed { try world.animate(index) }
        try world.engine.tick(2.5)
        try world.engine.tick(3)
        bookkeeping = world.engine.bookkeeping()
        #expect(bookkeeping.laneEntries == 1600)
        #expect(bookkeeping.laneRuns == 4)
        #expect(world.engine.bookkeepingIssues().isEmpty, "\(world.engine.bookkeepingIssues())")
        try world.expectValues(animated: kept, progress: 0.5)
        try world.expectValues(animated: removed, progress: 0.125)
    }
}
