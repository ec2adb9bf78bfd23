// The render list's bound on replicated entries (`RenderList.maximumReplicatedEntries`): a
// replicator stops drawing instances once the list holds that many entries, its entry flagged,
// so that instances of a large subtree cannot exhaust the host's memory (a replicator of 2^20
// instances over 20 layers asked for 12 GB, and the failed allocation ended the process).
import Testing

@testable import AnimCore

@Suite("Render list: the bound on replicated entries")
struct RenderListEntryLimitTests {
    /// A replicator of `count` instances over a container of two leaves, under a root.
    static func world(count: Int64) throws -> (engine: Engine, root: Layer, replicator: Layer) {
        let engine = Engine()
        let root = try engine.makeLayer()
        let replicator = try engine.makeLayer(.replicatorLayer)
        try replicator.setValue(count, for: .instanceCount)
        try root.addSublayer(replicator)
        let container = try engine.makeLayer()
        try replicator.addSublayer(container)
        for _ in 0..<2 { try container.addSublayer(try engine.makeLayer()) }
        return (engine, root, replicator)
    }

    static func entries(_ list: RenderList) -> [RenderEntry] { list.withEntries { Array($0) } }

    @Test("instances stop at the instance where the list reaches the bound, the replicator's entry flagged clamped and changed")
    func instancesStopAtTheBound() throws {
        let (_, root, replicator) = try Self.world(count: 100)
        let list = RenderList()
        list.replicatedEntryLimit = 50
        try root.fillRenderList(list, presentation: false)
        var entries = Self.entries(list)
        // The root and the replicator, then 3 entries an instance: the instance that reaches 50
        // is the last drawn (16 instances: 2 + 16 × 3 = 50).
        #expect(entries.count == 50)
        #expect(entries.last?.instanceIndex == 15)
        #expect(entries[1].flags.contains(.instancesClamped) && entries[1].flags.contains(.changed))
        // Filled again unchanged: still clamped, nothing changed, nothing dirty.
        try root.fillRenderList(list, presentation: false)
        entries = Self.entries(list)
        #expect(entries.count == 50 && entries[1].flags.contains(.instancesClamped))
        #expect(!entries.contains { $0.flags.contains(.changed) } && list.dirtyRect == nil)
        // Fewer instances than the bound allows: all drawn, not clamped.
        try replicator.setValue(Int64(10), for: .instanceCount)
        try root.fillRenderList(list, presentation: false)
        entries = Self.entries(list)
        #expect(entries.count == 32 && !entries[1].flags.contains(.instancesClamped))
    }

    @Test("nested replicators: the inner one stops too, and the outer one at the bound")
    func nestedStopAtTheBound() throws {
        let (engine, root, outer) = try Self.world(count: 10)
        let inner = try engine.makeLayer(.replicatorLayer)
        try inner.setValue(Int64(1000), for: .instanceCount)
        try inner.addSublayer(try engine.makeLayer())
        try outer.addSublayer(inner)
        let list = RenderList()
        list.replicatedEntryLimit = 200
        try root.fillRenderList(list, presentation: false)
        let entries = Self.entries(list)
        // Instance 0 of the outer: its container (3 entries), then the inner replicator and
        // its instances until the list holds 200; the outer draws no further instance.
        #expect(entries.count == 200)
        // The outer replicator's sublayer (its container) is drawn for instance 0 alone.
        let container = try #require(try outer.sublayers.first)
        #expect(entries.filter { $0.layerID == container.id }.count == 1)
        let flagged = entries.filter { $0.flags.contains(.instancesClamped) }.map(\.layerID)
        #expect(flagged == [outer.id, inner.id])
    }

    @Test("the bound is 2^21 entries, as the C header says")
    func theBound() {
        #expect(RenderList.maximumReplicatedEntries == 1 << 21)
        #expect(RenderList().replicatedEntryLimit == RenderList.maximumReplicatedEntries)
    }
}
