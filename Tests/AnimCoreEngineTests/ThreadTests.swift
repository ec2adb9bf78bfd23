import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several threads using one engine at once (the engine's contract: every method may be called
/// from any thread): threads create layers, set values, build the tree and add animations while
/// another thread ticks and another reads presentation values. Nothing may be lost — every value
/// set reads back, every animation added starts once and stops once, every sublayer added is in
/// the tree — and nothing may crash.
@Suite("Threads")
struct ThreadTests {
    @Test("workers create, set, attach and animate while one thread ticks and one reads: nothing lost")
    func workersAndTicker() throws {
        let engine = Engine()
        let displays = Atomic<Int>(0)
        let klass = try engine.makeLayerClass(
            name: "Worker",
            properties: [
                PropertyDescriptor("value", default: .scalar(0)),
                PropertyDescriptor("level", default: .scalar(0), needsDisplay: true),
            ],
            display: DisplayHandler { _, _ in displays.add(1, ordering: .relaxed) })
        let root = try engine.makeLayerHandle()
        let workers = 4
        let perWorker = 400
        let starts = Atomic<Int>(0)
        let stopsFinished = Atomic<Int>(0)
        let stopsCancelled = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let problems = Log<String>()
        let made = Log<(LayerID, Double, Bool)>()  // layer, value set, attached to root
        let clock = Atomic<Int>(0)  // host time in ms, advanced by the ticker
        let delegate = AnimationDelegate(
            didStart: { _ in starts.add(1, ordering: .relaxed) },
            didStop: { _, finished in
                if finished { stopsFinished.add(1, ordering: .relaxed) } else { stopsCancelled.add(1, ordering: .relaxed) }
            })

        var threads: [pthread_t] = []
        for worker in 0..<workers {
            threads.append(spawnThread {
                for i in 0..<perWorker {
                    do {
                        let layer = try engine.makeLayerHandle(klass)
                        let value = Double(worker * 100_000 + i)
                        try engine.setValue(.scalar(value), forKeyPath: "value", of: layer)
                        try engine.setValue(.point(x: value, y: -value), forKeyPath: "position", of: layer)
                        try engine.setValue(.token(UInt64(i)), forKeyPath: "tag", of: layer)  // undeclared key
                        let attach = i % 2 == 0
                        if attach { try engine.addSublayer(layer, to: root) }
                        var animation = basic("level", from: 0, to: 1, duration: 0.05)
                        animation.delegate = delegate
                        try engine.addAnimation(animation, forKey: "k", to: layer)
                        if i % 3 == 0 {
                            // Removed at once (or, if a tick got there first, maybe after finishing).
                            try engine.removeAnimation(forKey: "k", from: layer)
                        }
                        if try engine.value(forKeyPath: "value", of: layer) != .scalar(value) {
                            problems.add("worker \(worker) layer \(i): value not read back at once")
                        }
                        made.add((layer, value, attach))
                    } catch {
                        problems.add("worker \(worker) step \(i): \(error)")
                    }
                }
                done.add(1, ordering: .relaxed)
            })
        }
        // The ticker: advances 10 ms a tick until the workers are done (bounded).
        threads.append(spawnThread {
            var ticks = 0
            while done.load(ordering: .relaxed) < workers && ticks < 200_000 {
                let ms = clock.add(10, ordering: .relaxed).newValue
                do { try engine.tick(Double(ms) / 1000) } catch { problems.add("tick: \(error)") }
                ticks += 1
                sched_yield()
            }
        })
        // A reader of whatever is in the tree.
        threads.append(spawnThread {
            var rounds = 0
            while done.load(ordering: .relaxed) < workers && rounds < 200_000 {
                if let children = try? engine.sublayers(of: root) {
                    for child in children.suffix(8) {
                        _ = try? engine.presentationValue(forKeyPath: "level", of: child)
                        _ = try? engine.value(forKeyPath: "position", of: child)
                    }
                }
                rounds += 1
                sched_yield()
            }
        })
        joinThreads(threads)

        // Let everything finish: commit what is pending, then run past every end.
        let last = Double(clock.load(ordering: .relaxed)) / 1000
        for step in 1...4 { try engine.tick(last + Double(step)) }

        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        let all = made.all
        let total = workers * perWorker
        #expect(all.count == total)
        #expect(Set(all.map(\.0)).count == total, "every layer has its own handle")
        for (layer, value, _) in all {
            #expect(engine.isValid(layer))
            #expect(try engine.value(forKeyPath: "value", of: layer) == .scalar(value))
            #expect(try engine.value(forKeyPath: "position", of: layer) == .point(x: value, y: -value))
            #expect(try engine.animationKeys(of: layer).isEmpty)
        }
        let attached = Set(all.filter(\.2).map(\.0))
        let children = try engine.sublayers(of: root)
        #expect(children.count == attached.count)
        #expect(Set(children) == attached)
        let removed = (0..<perWorker).filter { $0 % 3 == 0 }.count * workers
        let finished = stopsFinished.load(ordering: .relaxed)
        let cancelled = stopsCancelled.load(ordering: .relaxed)
        #expect(finished + cancelled == total, "exactly one did-stop per animation (\(finished) + \(cancelled))")
        #expect(finished >= total - removed, "every animation not removed runs to the end")
        #expect(cancelled <= removed)
        #expect(starts.load(ordering: .relaxed) >= finished, "a finished animation had started")
        #expect(starts.load(ordering: .relaxed) <= total)
        #expect(displays.load(ordering: .relaxed) >= total - removed, "each animated layer displayed at least once")
    }

    @Test("threads writing different keys of one layer and moving layers between two parents: counts add up")
    func sharedLayerAndTree() throws {
        let engine = Engine()
        let shared = try engine.makeLayerHandle()
        let left = try engine.makeLayerHandle()
        let right = try engine.makeLayerHandle()
        var movers: [LayerID] = []
        for _ in 0..<40 {
            let layer = try engine.makeLayerHandle()
            try engine.addSublayer(layer, to: left)
            try engine.release(layer)  // held by the tree only
            movers.append(layer)
        }
        let moving = movers
        let problems = Log<String>()
        let threads = (0..<4).map { worker in
            spawnThread {
                for i in 0..<300 {
                    do {
                        try engine.setValue(.integer(Int64(i)), forKeyPath: "key\(worker)", of: shared)
                        let layer = moving[(i * 7 + worker) % moving.count]
                        try engine.addSublayer(layer, to: i % 2 == 0 ? right : left)
                        try engine.tick(Double(worker * 1000 + i) / 1000)
                    } catch {
                        problems.add("worker \(worker) step \(i): \(error)")
                    }
                }
            }
        }
        joinThreads(threads)
        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        for worker in 0..<4 {
            #expect(try engine.value(forKeyPath: "key\(worker)", of: shared) == .integer(299), "last write of worker \(worker)")
        }
        let l = try engine.sublayers(of: left)
        let r = try engine.sublayers(of: right)
        #expect(l.count + r.count == moving.count, "every layer is in exactly one parent")
        #expect(Set(l + r) == Set(moving))
        #expect(moving.allSatisfy { engine.isValid($0) }, "moving a layer held only by its tree never frees it")
    }

    @Test("a tick on another thread while one delivers leaves its callbacks to that delivery: no did-stop before its did-start")
    func tickDuringAnotherThreadsDelivery() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(100)
        let log = Log<String>()
        let problems = Log<String>()
        let delegate = AnimationDelegate(
            didStart: { event in
                log.add("start \(event.key ?? "")")
                guard event.key == "a" else { return }
                // While this thread delivers, another removes "b" (its did-start still queued
                // here) and ticks: its did-stop must come after "b"'s did-start.
                joinThreads([
                    spawnThread {
                        do {
                            try engine.removeAnimation(forKey: "b", from: layer)
                            try engine.tick(100.1)
                        } catch {
                            problems.add("\(error)")
                        }
                    }
                ])
                log.add("other thread returned")
            },
            didStop: { event, finished in log.add("stop \(event.key ?? "") \(finished)") })
        for key in ["a", "b"] {
            var animation = basic("opacity", from: 0, to: 1, duration: 10)
            animation.delegate = delegate
            try engine.addAnimation(animation, forKey: key, to: layer)
        }
        try engine.tick(100.05)
        #expect(problems.all.isEmpty, "\(problems.all)")
        #expect(log.all == ["start a", "other thread returned", "start b", "stop b false"])
    }

    @Test("destroy's did-stops run without the engine's lock: one may wait for another thread that reads the engine")
    func invalidateDeliversWithoutTheLock() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let reads = Log<String>()
        var animation = basic("opacity", from: 0, to: 1, duration: 10)
        animation.delegate = AnimationDelegate(
            didStart: nil,
            didStop: { event, finished in
                let engine = event.engine
                joinThreads([
                    spawnThread {
                        let value = try? engine.value(forKeyPath: "opacity", of: layer)
                        reads.add("read \(value.map { "\($0)" } ?? "refused") finished=\(finished)")
                    }
                ])
            })
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(1)
        engine.invalidate()  // hung here when the did-stop ran under the lock
        #expect(reads.all == ["read scalar(1.0) finished=false"])
        expectError(.invalidState, "tick after invalidate") { try engine.tick(2) }
    }
}
