import Synchronization
import Testing

@testable import AnimCore

/// Transactions are per thread (reference §5.1, vector X8); changes from several threads at once
/// are serialised without loss.
@Suite struct ThreadTests {
    @Test func transactionsOfTwoThreadsDoNotSeeEachOther() throws {
        let (engine, layer) = try committedLayer()
        let errors = Log<String>()
        let aHolds = Signal()
        let bDone = Signal()
        let seenByA = Log<String>()
        let seenByB = Log<String>()

        let a = PosixThread {
            do {
                try engine.beginTransaction()
                try engine.modifyTransaction {
                    $0.animationDuration = 5
                    $0.disableActions = true
                }
                try engine.setTransactionValue(.scalar(1), forKey: "owner")
                aHolds.raise()
                if !bDone.wait() { errors.add("A: B never finished") }
                let settings = try engine.transactionSettings()
                seenByA.add("inside \(settings.animationDuration!) \(settings.disableActions!) \(String(describing: try engine.transactionValue(forKey: "owner")))")
                // Actions are disabled on this thread: the change does not animate.
                try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
                try engine.commitTransaction()
                let after = try engine.transactionSettings()
                seenByA.add("after \(after.animationDuration!) \(after.disableActions!)")
            } catch {
                errors.add("A: \(error)")
            }
        }
        let b = PosixThread {
            do {
                if !aHolds.wait() { errors.add("B: A never began") }
                let settings = try engine.transactionSettings()
                seenByB.add("outside \(settings.animationDuration!) \(settings.disableActions!) \(String(describing: try engine.transactionValue(forKey: "owner")))")
                // A commit without a begin of its own is refused, A's transaction notwithstanding.
                do {
                    try engine.commitTransaction()
                    seenByB.add("unmatched commit accepted")
                } catch let error as AnimCoreError {
                    seenByB.add("unmatched commit \(error.code)")
                }
                try engine.beginTransaction()
                try engine.modifyTransaction { $0.animationDuration = 1 }
                // Actions are enabled on this thread: the change animates with B's duration.
                try engine.setValue(.scalar(8), forKeyPath: "zPosition", of: layer)
                try engine.commitTransaction()
                let after = try engine.transactionSettings()
                seenByB.add("after \(after.animationDuration!)")
            } catch {
                errors.add("B: \(error)")
            }
            bDone.raise()
        }
        a.join()
        b.join()
        #expect(errors.all.isEmpty, "\(errors.all)")
        #expect(seenByB.all == ["outside 0.25 false nil", "unmatched commit invalidState", "after 0.25"])
        #expect(seenByA.all == ["inside 5.0 true Optional(AnimCore.Value.scalar(1.0))", "after 0.25 false"])
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 1)
        #expect(try engine.animation(forKey: "opacity", of: layer) == nil)
        #expect(try modelNumber(engine, "opacity", layer) == 0.5)
        // The test thread saw none of it either.
        #expect(try engine.transactionSettings().animationDuration == 0.25)
        #expect(openFrames(engine) == 0)
    }

    @Test func aNewThreadDoesNotInheritTheImplicitTransactionOfAFinishedOne() throws {
        // A thread sets a transaction value outside any transaction and ends before the next
        // tick; threads started later must read the defaults (a thread reads only its own
        // settings), whatever identity the system gives them.
        let engine = Engine()
        let seen = Log<Double>()
        let errors = Log<String>()
        for round in 0..<20 {
            let writer = PosixThread {
                do { try engine.modifyTransaction { $0.animationDuration = 5 + Double(round) } } catch { errors.add("\(error)") }
            }
            writer.join()
            let reader = PosixThread {
                do { seen.add(try engine.transactionSettings().animationDuration ?? .nan) } catch { errors.add("\(error)") }
            }
            reader.join()
        }
        #expect(errors.all.isEmpty)
        #expect(seen.all == Array(repeating: 0.25, count: 20), "durations read by fresh threads: \(seen.all)")
    }

    @Test func concurrentChangesLoseNothing() throws {
        let engine = Engine()
        let threads = 4
        let changes = 150
        let shared = try engine.makeLayerClass(
            name: "Shared", properties: (0..<threads).map { PropertyDescriptor("p\($0)", default: .scalar(0)) })
        let sharedLayer = try engine.makeLayerHandle(shared)
        let own = try (0..<threads).map { _ in try engine.makeLayerHandle() }
        try engine.tick(0)
        let completions = Log<Bool>()
        let errors = Log<String>()
        let running = Atomic<Int>(threads)
        let workers = (0..<threads).map { thread in
            PosixThread {
                do {
                    let duration = 1000 + Double(thread)
                    for change in 1...changes {
                        try engine.beginTransaction()
                        try engine.modifyTransaction {
                            $0.animationDuration = duration
                            $0.additiveImplicitAnimations = true
                        }
                        try engine.addCompletion(TransactionCompletion { _, finished in completions.add(finished) })
                        try engine.setValue(.scalar(Double(change)), forKeyPath: "zPosition", of: own[thread])
                        try engine.setValue(.scalar(Double(change)), forKeyPath: "p\(thread)", of: sharedLayer)
                        var explicit = Animation.basic("opacity")
                        explicit.basic?.fromValue = .scalar(0)
                        try engine.addAnimation(explicit, forKey: "t\(thread)-\(change)", to: own[thread])
                        // This thread's settings, whatever the others do meanwhile.
                        let settings = try engine.transactionSettings()
                        if settings.animationDuration != duration || settings.additiveImplicitAnimations != true {
                            errors.add("thread \(thread) read \(settings.animationDuration ?? .nan)")
                        }
                        try engine.commitTransaction()
                    }
                } catch {
                    errors.add("thread \(thread): \(error)")
                }
                running.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        // Tick meanwhile (nothing can finish: every animation lasts over 1000 s).
        var time = 0.0
        while running.load(ordering: .sequentiallyConsistent) > 0 {
            time += 0.001
            try engine.tick(time)
        }
        for worker in workers { worker.join() }
        #expect(errors.all.isEmpty, "\(errors.all.prefix(5))")
        for thread in 0..<threads {
            #expect(try modelNumber(engine, "zPosition", own[thread]) == Double(changes), "thread \(thread)")
            #expect(try modelNumber(engine, "p\(thread)", sharedLayer) == Double(changes), "thread \(thread)")
            let keys = try engine.animationKeys(of: own[thread])
            #expect(keys.count == 2 * changes, "thread \(thread): \(changes) additive + \(changes) explicit")
            for change in [1, changes / 2, changes] {
                let explicit = try #require(try engine.animation(forKey: "t\(thread)-\(change)", of: own[thread]))
                #expect(explicit.timing.duration == 1000 + Double(thread), "thread \(thread)'s own duration")
            }
        }
        #expect(try engine.animationKeys(of: sharedLayer).count == threads * changes)
        #expect(completions.count == 0, "nothing has finished yet")
        try engine.tick(time + 1)
        try engine.tick(time + 2000)
        #expect(completions.count == threads * changes)
        #expect(completions.all.allSatisfy { $0 })
        for layer in own + [sharedLayer] { #expect(try engine.animationKeys(of: layer).isEmpty) }
        for thread in 0..<threads {
            #expect(try shown(engine, "zPosition", own[thread]) == Double(changes))
            #expect(try shown(engine, "p\(thread)", sharedLayer) == Double(changes))
        }
    }

    @Test func implicitTransactionsOfOtherThreadsAreCommittedByTheTick() throws {
        // A thread that made a change outside any transaction and stopped: its animation starts
        // at the next tick, whichever thread calls it.
        let (engine, layer) = try committedLayer()
        let errors = Log<String>()
        let worker = PosixThread {
            do { try engine.setValue(.scalar(64), forKeyPath: "zPosition", of: layer) } catch { errors.add("\(error)") }
        }
        worker.join()
        #expect(errors.all.isEmpty)
        try engine.tick(frame)
        try engine.tick(frame + 0.125)
        // Default duration 0.25 and default curve, half way.
        expectNear(try shown(engine, "zPosition", layer), 64 * ReferenceCurve.caDefault(0.5), 1e-9)
    }
}
