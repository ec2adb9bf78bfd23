// The batch read's memo (`BatchReadMemo`): a read of the layers and keys read last copies the
// values from the locations that read found, while no layer's place has changed — and after
// any change of where values live (a layer made or destroyed, an animation added, removed or
// ended, an implicit start) the next read looks them up again. Every cell is checked against
// the layer's own read, to the bit.
import AnimCoreTestSupport
import Testing

@testable import AnimCore

@Suite("Batch read memo")
struct BatchReadMemoTests {
    /// An engine with `count` layers of two classes (`PresentationLayoutTests.dotAndRing`),
    /// every other one moving and every third one fading for 2 s from engine time 0.
    static func world(count: Int, threads: Int = 1) throws -> (engine: Engine, layers: [LayerID], dot: LayerClassID) {
        let (engine, dot, ring) = try PresentationLayoutTests.dotAndRing(threads: threads)
        var layers: [LayerID] = []
        for index in 0..<count {
            let layer = try engine.makeLayerHandle(index % 2 == 0 ? dot : ring)
            if index % 2 == 0 { try engine.addAnimation(move(to: Double(index)), forKey: "move", to: layer) }
            if index % 3 == 0 { try engine.addAnimation(fade(), forKey: "fade", to: layer) }
            layers.append(layer)
        }
        try engine.tick(0.1)
        return (engine, layers, dot)
    }

    static func move(to end: Double) -> Animation {
        var move = Animation(keyPath: "position", kind: .basic(BasicParameters(
            fromValue: .point(x: 0, y: 0), toValue: .point(x: end, y: -end))))
        move.timing.duration = 2
        return move
    }

    static func fade() -> Animation {
        var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
        fade.timing.duration = 2
        return fade
    }

    /// The keys the tests read: a point, a key path into it, a built-in scalar and a declared one.
    static let keys = ["position", "position.y", "opacity", "level"]
    static let kinds: [ValueKind] = [.point, .scalar, .scalar, .scalar]

    static func expectOwnReads(_ engine: Engine, _ layers: [LayerID], _ what: String) throws {
        var rows: [Double] = []
        try PresentationLayoutTests.expectCellsOwnReads(engine, keys, kinds, layers, into: &rows, what)
    }

    @Test("a read repeated while nothing moves copies from the kept locations: every cell its own read, across ticks, on one thread and on two")
    func repeated() throws {
        // 3000 layers × 4 keys: the first read is shared out on two threads.
        for threads in [1, 2] {
            let (engine, layers, _) = try Self.world(count: 3000, threads: threads)
            #expect(!engine.remembersBatchRead)
            try Self.expectOwnReads(engine, layers, "first read, \(threads) thread(s)")
            #expect(engine.remembersBatchRead)
            for time in [0.5, 1.0, 1.5] {
                try engine.tick(time)
                #expect(engine.remembersBatchRead, "at \(time)")
                try Self.expectOwnReads(engine, layers, "at \(time), \(threads) thread(s)")
            }
            // Two reads each frame, of other keys or of other layers: each finds its own memo.
            let half = Array(layers.prefix(1500))
            for time in [1.6, 1.7] {
                try engine.tick(time)
                let found = engine.rememberedBatchReads
                try Self.expectOwnReads(engine, layers, "at \(time), all")
                var rows: [Double] = []
                try PresentationLayoutTests.expectCellsOwnReads(engine, ["opacity"], [.scalar], layers, into: &rows, "opacity")
                try Self.expectOwnReads(engine, half, "at \(time), half")
                #expect(engine.rememberedBatchReads == found + (time == 1.6 ? 1 : 3), "at \(time)")
            }
            // A model value set without an action stays where it was: the locations hold.
            try quietly(engine) { try engine.setValue(.scalar(0.75), forKeyPath: "level", of: layers[7]) }
            #expect(engine.remembersBatchRead)
            try Self.expectOwnReads(engine, layers, "a model value set, \(threads) thread(s)")
        }
    }

    @Test("every change of where values live makes the next read look them up, and it reads what the layers' own reads give")
    func placeChanges() throws {
        let (engine, layers, dot) = try Self.world(count: 600)
        try Self.expectOwnReads(engine, layers, "first read")
        let changes: [(String, () throws -> Void)] = [
            ("an animation added to a layer with none", { try engine.addAnimation(Self.fade(), forKey: "fade", to: layers[1]) }),
            ("an animation added beside another", {
                var grow = Animation(keyPath: "level", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(9))))
                grow.timing.duration = 4
                try engine.addAnimation(grow, forKey: "grow", to: layers[2])
            }),
            ("an animation removed", { try engine.removeAnimation(forKey: "move", from: layers[4]) }),
            ("a layer's last animation removed", { try engine.removeAnimation(forKey: "fade", from: layers[3]) }),
            ("an implicit start", { try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layers[5]); try engine.tick(0.2) }),
            ("a layer made", { _ = try engine.makeLayerHandle(dot) }),
            ("the animations ending", { try engine.tick(2.5) }),
        ]
        for (what, change) in changes {
            try change()
            #expect(!engine.remembersBatchRead, "\(what)")
            try Self.expectOwnReads(engine, layers, what)
            #expect(engine.remembersBatchRead, "\(what), read again")
        }
        // A destroyed layer stops the read at its index, as without the memo; a layer made in
        // its slot has another handle.
        var rows = [Double](repeating: 0, count: layers.count * 5)
        try engine.release(layers[300])
        let failure = PresentationLayoutTests.table(engine, Self.keys, Self.kinds, layers, into: &rows)
        #expect(failure?.index == 300 && failure?.key == -1 && failure?.error.code == .badHandle)
        var replaced = layers
        replaced[300] = try engine.makeLayerHandle(dot)
        try Self.expectOwnReads(engine, replaced, "a layer made in a freed slot")
    }

    @Test("what the memo does not keep: other layers or keys, a value out of line, a key two classes read differently, a small batch")
    func notKept() throws {
        let (engine, layers, _) = try Self.world(count: 600)
        try Self.expectOwnReads(engine, layers, "first read")
        // The same layers in another order, or fewer of them: looked up, then kept for them.
        try Self.expectOwnReads(engine, layers.reversed(), "reversed")
        #expect(engine.remembersBatchRead)
        try Self.expectOwnReads(engine, Array(layers.dropLast()), "one fewer")
        // A transform lies out of line in the model (it moves when it is set): not kept.
        var rows: [Double] = []
        try PresentationLayoutTests.expectCellsOwnReads(engine, ["transform"], [.transform3D], layers, into: &rows, "transform")
        #expect(!engine.remembersBatchRead)
        try quietly(engine) {
            try engine.setValue(.transform3D(Transform3D.identity.scaledBy(x: 2, y: 1, z: 1)), forKeyPath: "transform", of: layers[9])
        }
        try PresentationLayoutTests.expectCellsOwnReads(engine, ["transform"], [.transform3D], layers, into: &rows, "transform set")
        // "spot.x": a point's x in one class, a vector's in another (read differently).
        let flat = try engine.makeLayerClass(name: "Flat", properties: [PropertyDescriptor("spot", default: .point(x: 1, y: 2))])
        let deep = try engine.makeLayerClass(name: "Deep", properties: [PropertyDescriptor("spot", default: .vector3(x: 3, y: 4, z: 5))])
        let spots = try (0..<300).map { try engine.makeLayerHandle($0 % 2 == 0 ? flat : deep) }
        try PresentationLayoutTests.expectCellsOwnReads(engine, ["spot.x"], [.scalar], spots, into: &rows, "spot.x")
        #expect(!engine.remembersBatchRead)
        // Fewer layers than `layersMinimum`.
        try Self.expectOwnReads(engine, Array(layers.prefix(BatchReadMemo.layersMinimum - 1)), "a small batch")
        #expect(!engine.remembersBatchRead)
    }

    @Test("random changes between reads: every read gives each layer's own values, to the bit")
    func randomChanges() throws {
        var random = SplitMix64(seed: 0xBA7C_4EAD)
        let (engine, made, dot) = try Self.world(count: 400)
        var layers = made
        var time = 0.1
        for step in 0..<150 {
            let index = random.below(layers.count)
            switch random.below(8) {
            case 0: try engine.addAnimation(Self.move(to: random.range(-50, 50)), forKey: "move", to: layers[index])
            case 1: try engine.addAnimation(Self.fade(), forKey: "fade", to: layers[index])
            case 2: try engine.removeAnimation(forKey: random.chance(0.5) ? "move" : "fade", from: layers[index])
            case 3: try quietly(engine) { try engine.setValue(.scalar(random.unit()), forKeyPath: "level", of: layers[index]) }
            case 4: try engine.setValue(.scalar(random.unit()), forKeyPath: "opacity", of: layers[index])
            case 5:
                try engine.release(layers[index])
                layers[index] = try engine.makeLayerHandle(dot)
            default:
                time += random.range(0, 0.6)
                try engine.tick(time)
            }
            // Some steps read twice: the second from the kept locations.
            try Self.expectOwnReads(engine, layers, "step \(step)")
            if random.chance(0.3) { try Self.expectOwnReads(engine, layers, "step \(step), again") }
        }
    }
}
