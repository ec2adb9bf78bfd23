import Synchronization
import Testing

@testable import AnimCore

/// Per-thread transaction entries (`ThreadTransactions`), the change path's cache of the calling
/// thread's settings, and the retarget of a layer's only animation against the general path.
@Suite("Transaction state per thread")
struct TransactionStateTests {
    /// An engine with a committed layer class "Dot" (a scalar "level") and `count` layers of it;
    /// `general` sends every change down the general path (a class default action that answers
    /// "continue the search").
    static func dots(_ count: Int, general: Bool = false) throws -> (Engine, [LayerID]) {
        let engine = Engine()
        let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
        if general { try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot) }
        let layers = try (0..<count).map { _ in try engine.makeLayerHandle(dot) }
        try engine.tick(0)
        return (engine, layers)
    }

    static func duration(_ engine: Engine, _ layer: LayerID) throws -> Double? {
        try engine.animation(forKey: "level", of: layer)?.timing.duration
    }

    @Test("nested frames resolve innermost-wins; a frame's own settings end at its commit; settings set after an inner commit")
    func nestedSettings() throws {
        let (engine, l) = try Self.dots(8)
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 3 }
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 1; $0.delay = 0.5 }
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[0])
        try engine.commitTransaction()
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[1])
        try engine.beginTransaction()  // sets nothing
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[2])
        try engine.commitTransaction()
        try engine.commitTransaction()
        #expect(try Self.duration(engine, l[0]) == 1)
        #expect(try engine.transactionSettings().animationDuration == 0.25)

        // The outer frame sets nothing until an inner frame (which set something) committed.
        try engine.beginTransaction()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 7 }
        try engine.commitTransaction()
        try engine.modifyTransaction { $0.animationDuration = 2 }
        try engine.beginTransaction()
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[3])
        try engine.modifyTransaction { $0.timingFunction = .linear }
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[4])
        try engine.commitTransaction()
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[5])
        try engine.commitTransaction()
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[6])
        #expect(try Self.duration(engine, l[1]) == 3)
        #expect(try Self.duration(engine, l[2]) == 3)
        #expect(try Self.duration(engine, l[3]) == 2)
        #expect(try Self.duration(engine, l[4]) == 2)
        #expect(try engine.animation(forKey: "level", of: l[4])?.timingFunction == .linear)
        #expect(try engine.animation(forKey: "level", of: l[5])?.timingFunction != .linear)
        #expect(try Self.duration(engine, l[5]) == 2)
        #expect(try Self.duration(engine, l[6]) == 0.25)
        #expect(openFrames(engine) == 1)
    }

    @Test("the implicit frame's settings survive an explicit frame inside it; flush ends them")
    func implicitWithExplicitInside() throws {
        let (engine, l) = try Self.dots(4)
        try engine.modifyTransaction { $0.animationDuration = 4 }  // opens the implicit frame
        try inTransaction(engine, { $0.animationDuration = 1 }) {
            try engine.setValue(.scalar(1), forKeyPath: "level", of: l[0])
            try engine.flush()  // waits: an explicit frame is open
            #expect(openFrames(engine) == 2)
        }
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[1])
        try engine.flush()
        #expect(openFrames(engine) == 0)
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[2])
        #expect(try Self.duration(engine, l[0]) == 1)
        #expect(try Self.duration(engine, l[1]) == 4)
        #expect(try Self.duration(engine, l[2]) == 0.25)
    }

    @Test("the change cache never serves one thread's settings to another")
    func cacheAcrossThreads() throws {
        let (engine, l) = try Self.dots(5)
        let errors = Log<String>()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 5 }
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[0])  // cache: this thread, duration 5
        let other = PosixThread {
            do {
                try engine.setValue(.scalar(1), forKeyPath: "level", of: l[1])  // no transaction: 0.25
                try engine.beginTransaction()
                try engine.modifyTransaction { $0.animationDuration = 2 }
                try engine.setValue(.scalar(1), forKeyPath: "level", of: l[2])
                try engine.commitTransaction()
                try engine.setValue(.scalar(1), forKeyPath: "level", of: l[3])  // its implicit frame: 0.25
            } catch {
                errors.add("\(error)")
            }
        }
        other.join()
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[4])
        try engine.commitTransaction()
        #expect(errors.all.isEmpty)
        #expect(try Self.duration(engine, l[0]) == 5)
        #expect(try Self.duration(engine, l[1]) == 0.25)
        #expect(try Self.duration(engine, l[2]) == 2)
        #expect(try Self.duration(engine, l[3]) == 0.25)
        #expect(try Self.duration(engine, l[4]) == 5)
        // The other thread's implicit frame is committed by the tick, with this thread's none.
        try engine.tick(0.1)
        #expect(engine.transactionThreads().allSatisfy { $0.frames.isEmpty }, "no transaction open")
    }

    @Test("inner groups complete before the outer; abandoned transactions complete once, unfinished")
    func completionOrderAndAbandon() throws {
        let (engine, l) = try Self.dots(1)
        let log = Log<String>()
        try engine.beginTransaction()
        try engine.addCompletion(TransactionCompletion { _, finished in log.add("outer \(finished)") })
        try engine.beginTransaction()
        try engine.addCompletion(TransactionCompletion { _, finished in log.add("inner \(finished)") })
        try engine.commitTransaction()
        try engine.commitTransaction()
        try engine.tick(0.1)
        #expect(log.all == ["inner true", "outer true"])

        log.clear()
        try engine.beginTransaction()
        try engine.addCompletion(TransactionCompletion { _, finished in log.add("open outer \(finished)") })
        try engine.beginTransaction()
        try engine.addCompletion(TransactionCompletion { _, finished in log.add("committed inner \(finished)") })
        try engine.setValue(.scalar(1), forKeyPath: "level", of: l[0])
        try engine.commitTransaction()
        try engine.beginTransaction()
        try engine.addCompletion(TransactionCompletion { _, finished in log.add("open inner \(finished)") })
        engine.invalidate()
        #expect(log.all == ["committed inner false", "open outer false", "open inner false"])
    }

    /// Two layers with animations that finish in the same tick: their transactions' completions
    /// run in the general walk's order. Retargeting layer a's only (pending) animation must leave
    /// that order as removing it and adding the new one does (the general path moves a to the
    /// end of the walk).
    @Test("retargeting a layer's only animation keeps the general path's walk order")
    func retargetWalkOrder() throws {
        var orders: [[String]] = []
        for general in [false, true] {
            let (engine, l) = try Self.dots(2, general: general)
            let log = Log<String>()
            try engine.setValue(.scalar(1), forKeyPath: "level", of: l[0])  // walk [a]
            try inTransaction(engine, { $0.animationDuration = 1 }) {
                try engine.addCompletion(TransactionCompletion { _, _ in log.add("b") })
                try engine.setValue(.scalar(1), forKeyPath: "level", of: l[1])  // walk [a, b]
            }
            try inTransaction(engine, { $0.animationDuration = 1 }) {
                try engine.addCompletion(TransactionCompletion { _, _ in log.add("a") })
                try engine.setValue(.scalar(2), forKeyPath: "level", of: l[0])  // replaces a's pending one
            }
            try engine.tick(0.1)
            try engine.tick(0.5)
            try engine.tick(2)
            orders.append(log.all)
        }
        #expect(orders[0].count == 2)
        #expect(orders[0] == orders[1], "fast path \(orders[0]), general path \(orders[1])")
    }
}
