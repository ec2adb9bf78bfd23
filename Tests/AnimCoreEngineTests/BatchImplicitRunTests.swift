// A batch set's implicit animations start as the direct change starts them, under one state
// access, with the plan remembered from one start to the next (its key found once, the
// presentation layout interned once) and the registration with the transaction left to the end
// of the batch. What the batch makes must be what one change per layer makes: the same
// animations, showing the same values tick by tick, the same transaction completions with the
// same finished flags, and sound bookkeeping (`Engine.bookkeepingIssues()`), keys given back at the end.
import Testing

@testable import AnimCore

@Suite("Batch set: implicit animations started as one run match one change per layer")
struct BatchImplicitRunTests {
    /// Two engines with the same committed layers: plain ones, then ones of the classes "Dot"
    /// and "Meter" in turn (each declares a "level", Meter's after a point: at another place in
    /// its rows). The first engine changes in batches, the second one layer at a time; each
    /// records its transaction completions.
    struct Pair {
        let engines = [Engine(), Engine()]
        var layers: [[LayerID]] = [[], []]
        let completions = [Log<String>(), Log<String>()]

        /// `plain` layers of the built-in class, then `dots` of "Dot" and "Meter" in turn.
        init(plain: Int, dots: Int) throws {
            for (side, engine) in engines.enumerated() {
                let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
                let meter = try engine.makeLayerClass(
                    name: "Meter", properties: [PropertyDescriptor("pad", default: .point(x: 0, y: 0)), PropertyDescriptor("level", default: .scalar(0))])
                for index in 0..<(plain + dots) {
                    layers[side].append(try engine.makeLayerHandle(index < plain ? nil : (index - plain) % 2 == 0 ? dot : meter))
                }
                try engine.tick(0)
            }
        }

        /// In a transaction with `settings` and a completion named `name` (none when nil),
        /// sets `numbers` at `key` on the layers `picked` (in one batch on the first engine, one
        /// by one on the second); outside any transaction when `settings` is nil.
        func set(_ key: String, _ numbers: [Double], layers picked: [Int], settings: ((inout TransactionSettings) -> Void)?, completion name: String? = nil) throws {
            for (side, engine) in engines.enumerated() {
                if let settings {
                    try engine.beginTransaction()
                    try engine.modifyTransaction(settings)
                    if let name {
                        let log = completions[side]
                        try engine.addCompletion(TransactionCompletion { _, finished in log.add("\(name) \(finished)") })
                    }
                }
                let handles = picked.map { layers[side][$0] }
                if side == 0 {
                    var failure: BatchWriteFailure?
                    handles.withUnsafeBufferPointer { handles in
                        numbers.withUnsafeBufferPointer { numbers in
                            do throws(BatchWriteFailure) {
                                try engine.setValues(forKey: (try? engine.key(key))!, of: handles, kind: .scalar, from: numbers.baseAddress!)
                            } catch { failure = error }
                        }
                    }
                    #expect(failure == nil, "the batch is taken: \(String(describing: failure))")
                } else {
                    for (handle, number) in zip(handles, numbers) { try engine.setValue(.scalar(number), forKeyPath: key, of: handle) }
                }
                if settings != nil { try engine.commitTransaction() }
            }
        }

        /// Ticks both at `time`, then compares what a host reads of every layer: model and
        /// presentation values, animation keys, each animation's description; the completions
        /// so far; and the bookkeeping of each engine.
        func tickAndCompare(_ time: Double, keys: [String] = ["opacity", "level"]) throws {
            for engine in engines { try engine.tick(time) }
            for index in layers[0].indices {
                let (a, b) = (layers[0][index], layers[1][index])
                for key in keys where try engines[1].value(forKeyPath: key, of: b) != nil {
                    #expect(try engines[0].value(forKeyPath: key, of: a) == engines[1].value(forKeyPath: key, of: b),
                            "t = \(time): layer \(index) \(key) model")
                    #expect(try engines[0].presentationValue(forKeyPath: key, of: a) == engines[1].presentationValue(forKeyPath: key, of: b),
                            "t = \(time): layer \(index) \(key) presentation")
                    let animations = try engines.indices.map { side in
                        try engines[side].animation(forKey: key, of: layers[side][index]).map { String(reflecting: $0) }
                    }
                    #expect(animations[0] == animations[1], "t = \(time): layer \(index) \(key) animation")
                }
                #expect(try engines[0].animationKeys(of: a) == engines[1].animationKeys(of: b), "t = \(time): layer \(index) keys")
            }
            #expect(completions[0].all == completions[1].all, "t = \(time): completions")
            let curveUses = engines.map { engine in engine.bookkeeping().timingFunctionUses }
            #expect(curveUses[0] == curveUses[1], "t = \(time): each curve's uses")
            for engine in engines { #expect(engine.bookkeepingIssues().isEmpty, "t = \(time): \(engine.bookkeepingIssues())") }
        }

        /// Ticks both until every animation ended; then no key is held.
        func finish(at time: Double) throws {
            try tickAndCompare(time)
            for engine in engines {
                #expect(engine.bookkeeping().animationKeys == 0, "keys given back")
            }
        }
    }

    @Test("layers with no animation, under a transaction's duration, curve, delay, repeat count and autoreverse: one plan, one completion")
    func idleLayersUnderSettings() throws {
        let pair = try Pair(plain: 6, dots: 0)
        try pair.set("opacity", [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], layers: [0, 1, 2, 3, 4, 5], settings: {
            $0.animationDuration = 0.4
            $0.timingFunction = .easeIn
            $0.delay = 0.05
            $0.repeatCount = 1.5
            $0.autoreverses = true
        }, completion: "settings")
        for time in [0.01, 0.04, 0.1, 0.3, 0.55, 0.9, 1.1] { try pair.tickAndCompare(time) }
        #expect(pair.completions[0].all.isEmpty, "in flight")
        try pair.finish(at: 2)
        #expect(pair.completions[0].all == ["settings true"])
    }

    @Test("a layer twice, a retarget, a replacement over another animation, three classes and an uncommitted layer in one batch: interrupted as one change per layer")
    func mixedBatch() throws {
        var pair = try Pair(plain: 5, dots: 4)
        // Layer 2 animates its opacity (the retarget case); layer 3 its opacity and position
        // (a replacement); layer 7, made now, is not committed (no action).
        try pair.set("opacity", [0.5, 0.5], layers: [2, 3], settings: { $0.animationDuration = 1 }, completion: "first")
        for (side, engine) in pair.engines.enumerated() {
            try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: pair.layers[side][3])
            pair.layers[side].append(try engine.makeLayerHandle())
        }
        try pair.tickAndCompare(0.25)
        try pair.set("opacity", [0.1, 0.2, 0.3, 0.4, 0.9, 0.6, 0.7, 0.8], layers: [0, 1, 2, 5, 1, 3, 6, 9],
                     settings: { $0.animationDuration = 0.5 }, completion: "second")
        // "level" of Dot and Meter layers in turn: the run starts again at each class.
        try pair.set("level", [1, 2, 3, 4], layers: [5, 6, 7, 8], settings: { $0.animationDuration = 0.5 }, completion: "third")
        for time in [0.3, 0.5, 0.7] { try pair.tickAndCompare(time) }
        // Layer 1's first animation of the batch was replaced by its second: interrupted.
        try pair.finish(at: 3)
        #expect(pair.completions[0].all.sorted() == ["first false", "second false", "third true"])
    }

    @Test("outside any transaction (the batch opens the implicit one), and with a spring in the settings")
    func implicitTransactionAndSpring() throws {
        let pair = try Pair(plain: 3, dots: 3)
        try pair.set("level", [1, 2, 3], layers: [3, 4, 5], settings: nil)
        try pair.set("opacity", [0.3, 0.2, 0.1, 0.4], layers: [0, 3, 1, 2], settings: nil)
        for time in [0.05, 0.1, 0.2] { try pair.tickAndCompare(time) }
        let spring = Spring(mass: 1, stiffness: 200, damping: 15)
        try pair.set("opacity", [0.9, 0.8, 0.7, 0.6], layers: [0, 1, 2, 3], settings: { $0.spring = spring }, completion: "spring")
        for time in [0.25, 0.4, 0.8] { try pair.tickAndCompare(time) }
        try pair.finish(at: 5)
        #expect(pair.completions[0].all == ["spring true"])
    }
}
