import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#endif

/// Animation delegate callbacks (reference §2.11; `AnimationDelegate`'s contract): did-start and
/// did-stop fire exactly once per added copy; finished is true at completion and false on
/// removal, replacement, release of the layer and invalidation of the engine; callbacks run
/// inside `tick` on the calling thread; callbacks may call back into the engine, and the
/// callbacks those calls owe arrive at the next tick.
@Suite("Animation callbacks")
struct CallbackTests {
    /// A probe layer, a log and a tick counter; `tick(t)` advances the counter then ticks.
    private struct Fixture {
        let engine: Engine
        let layer: LayerID
        let log = Log<CallbackRecord>()
        let ticks = TickCounter()

        init() throws {
            (engine, layer) = try probe()
        }

        func tick(_ time: Double) throws {
            ticks.advance()
            try engine.tick(time)
        }

        var delegate: AnimationDelegate { recordingDelegate(log, ticks) }

        func animation(duration: Double = 1) -> Animation {
            var animation = basic("value", from: 0, to: 1, duration: duration)
            animation.delegate = delegate
            return animation
        }

        func records(_ key: String?) -> [CallbackRecord] { log.all.filter { $0.key == key } }
    }

    @Test("a completed animation: one did-start at its first tick, one did-stop(true) at its end, nothing more")
    func completion() throws {
        let f = try Fixture()
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        #expect(f.log.all.isEmpty, "nothing before a tick")
        try f.tick(10)  // tick 1
        #expect(f.log.all.map(\.kind) == [.start])
        #expect(f.log.all.first?.tick == 1)
        #expect(f.log.all.first?.layer == f.layer)
        #expect(f.log.all.first?.key == "a")
        for t in [10.25, 10.5, 10.75, 10.999] { try f.tick(t) }
        #expect(f.log.count == 1, "no stop while active")
        try f.tick(11)  // tick 6
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: true)])
        #expect(f.log.all.last?.tick == 6)
        for t in [11.5, 12, 20] { try f.tick(t) }
        #expect(f.log.count == 2, "exactly once each")
    }

    @Test("each added copy has its own callbacks: one animation value added twice → two starts, two stops")
    func perCopy() throws {
        let f = try Fixture()
        let animation = f.animation()
        try f.engine.addAnimation(animation, forKey: "a", to: f.layer)
        try f.engine.addAnimation(animation, forKey: "b", to: f.layer)
        let other = try f.engine.makeLayerHandle(try f.engine.layerClass(of: f.layer))
        try f.engine.addAnimation(animation, forKey: "a", to: other)
        try f.tick(10)
        try f.tick(11)
        try f.tick(12)
        #expect(f.records("a").filter { $0.kind == .start }.count == 2, "one per layer")
        #expect(f.records("b").map(\.kind) == [.start, .stop(finished: true)])
        #expect(f.log.all.filter { $0.kind == .start }.count == 3)
        #expect(f.log.all.filter { $0.kind == .stop(finished: true) }.count == 3)
        #expect(Set(f.log.all.map(\.layer)) == [f.layer, other])
    }

    @Test("a start and an end inside one tick: did-start then did-stop(true), both in that tick")
    func startAndStopInOneTick() throws {
        let f = try Fixture()
        try f.tick(10)
        var animation = f.animation(duration: 0.5)
        animation.timing.beginTime = 10.2
        try f.engine.addAnimation(animation, forKey: "a", to: f.layer)
        try f.tick(10.1)
        #expect(f.log.all.isEmpty, "not begun yet")
        try f.tick(20)  // jumps over the whole interval
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: true)])
        #expect(f.log.all.allSatisfy { $0.tick == 3 })
    }

    @Test("a forward-filling kept animation stops with finished = true once, and removing it later adds nothing")
    func keptAnimation() throws {
        let f = try Fixture()
        var animation = f.animation()
        animation.isRemovedOnCompletion = false
        animation.timing.fillMode = .forwards
        try f.engine.addAnimation(animation, forKey: "a", to: f.layer)
        try f.tick(10)
        try f.tick(11)
        try f.tick(12)
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: true)])
        try f.engine.removeAnimation(forKey: "a", from: f.layer)
        try f.tick(13)
        try f.tick(14)
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: true)], "no second did-stop")
    }

    @Test("removal mid-flight: did-stop(false) at the next tick, once")
    func removal() throws {
        let f = try Fixture()
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        try f.tick(10)
        try f.tick(10.5)
        try f.engine.removeAnimation(forKey: "a", from: f.layer)
        #expect(f.log.all.map(\.kind) == [.start], "not delivered outside a tick")
        try f.tick(10.6)
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: false)])
        #expect(f.log.all.last?.tick == 3)
        try f.tick(11)
        try f.tick(12)
        #expect(f.log.count == 2)
    }

    @Test("removeAllAnimations: every running animation stops with finished = false")
    func removeAll() throws {
        let f = try Fixture()
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        try f.engine.addAnimation(f.animation(), forKey: "b", to: f.layer)
        try f.engine.addAnimation(f.animation(), forKey: nil, to: f.layer)
        try f.tick(10)
        try f.engine.removeAllAnimations(from: f.layer)
        try f.tick(10.5)
        try f.tick(12)
        #expect(f.log.all.filter { $0.kind == .start }.count == 3)
        #expect(f.log.all.filter { $0.kind == .stop(finished: false) }.count == 3)
        #expect(f.log.count == 6)
    }

    @Test("replacement under the same key: the old copy stops with finished = false, the new one runs to true")
    func replacement() throws {
        let f = try Fixture()
        var first = f.animation()
        first.delegate = AnimationDelegate(
            didStart: { _ in f.log.add(CallbackRecord(kind: .start, key: "first", layer: f.layer, tick: f.ticks.current)) },
            didStop: { _, finished in f.log.add(CallbackRecord(kind: .stop(finished: finished), key: "first", layer: f.layer, tick: f.ticks.current)) })
        var second = f.animation()
        second.delegate = AnimationDelegate(
            didStart: { _ in f.log.add(CallbackRecord(kind: .start, key: "second", layer: f.layer, tick: f.ticks.current)) },
            didStop: { _, finished in f.log.add(CallbackRecord(kind: .stop(finished: finished), key: "second", layer: f.layer, tick: f.ticks.current)) })
        try f.engine.addAnimation(first, forKey: "k", to: f.layer)
        try f.tick(10)
        try f.engine.addAnimation(second, forKey: "k", to: f.layer)
        try f.tick(10.5)
        #expect(f.records("first").map(\.kind) == [.start, .stop(finished: false)])
        #expect(f.records("second").map(\.kind) == [.start])
        try f.tick(11.5)
        #expect(f.records("first").count == 2)
        #expect(f.records("second").map(\.kind) == [.start, .stop(finished: true)])
    }

    @Test("releasing the layer: its animations stop with finished = false, at the next tick, naming the layer")
    func layerRelease() throws {
        let f = try Fixture()
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        try f.tick(10)
        try f.engine.release(f.layer)
        #expect(!f.engine.isValid(f.layer))
        try f.tick(10.5)
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: false)])
        #expect(f.log.all.last?.layer == f.layer)
        #expect(f.log.all.last?.key == "a")
        try f.tick(12)
        #expect(f.log.count == 2)
    }

    @Test("a released layer kept by its superlayer keeps animating and completes with finished = true")
    func releasedInTree() throws {
        let f = try Fixture()
        let root = try f.engine.makeLayerHandle()
        try f.engine.addSublayer(f.layer, to: root)
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        try f.tick(10)
        try f.engine.release(f.layer)
        #expect(f.engine.isValid(f.layer))
        try f.tick(10.5)
        expectNear(try presented(f.engine, "value", f.layer), 0.5, 1e-9)
        try f.tick(11)
        #expect(f.log.all.map(\.kind) == [.start, .stop(finished: true)])
    }

    @Test("invalidate: running animations stop with finished = false, delivered at once; later calls are refused")
    func invalidate() throws {
        let f = try Fixture()
        try f.engine.addAnimation(f.animation(), forKey: "a", to: f.layer)
        var kept = f.animation()
        kept.isRemovedOnCompletion = false
        kept.timing.fillMode = .forwards
        kept.timing.duration = 0.1
        try f.engine.addAnimation(kept, forKey: "kept", to: f.layer)
        try f.tick(10)
        try f.tick(10.5)  // "kept" has finished (true); "a" is running
        #expect(f.records("kept").map(\.kind) == [.start, .stop(finished: true)])
        f.engine.invalidate()
        #expect(f.records("a").map(\.kind) == [.start, .stop(finished: false)], "delivered by invalidate itself")
        #expect(f.records("kept").count == 2, "a finished copy does not stop twice")
        expectError(.invalidState, "tick") { try f.engine.tick(11) }
        expectError(.invalidState, "makeLayer") { _ = try f.engine.makeLayerHandle() }
        expectError(.invalidState, "value") { _ = try f.engine.value(forKeyPath: "value", of: f.layer) }
        f.engine.invalidate()  // harmless twice
        #expect(f.log.count == 4)
    }

    @Test("callbacks run during tick, on the calling thread, after the engine's state is updated")
    func duringTick() throws {
        let f = try Fixture()
        let inside = Atomic<Bool>(false)
        let seen = Log<String>()
        let threads = Log<UInt>()
        var animation = basic("value", from: 0, to: 1)
        animation.delegate = AnimationDelegate(
            didStart: { event in
                #if canImport(Glibc)
                threads.add(UInt(pthread_self()))
                #endif
                seen.add("start inside=\(inside.load(ordering: .relaxed))")
                // The engine is usable from the callback and shows this tick's state.
                let value = try? presented(event.engine, "value", event.layer)
                seen.add("value=\(value ?? -1)")
            },
            didStop: { event, finished in
                seen.add("stop inside=\(inside.load(ordering: .relaxed)) finished=\(finished)")
                let keys = try? event.engine.animationKeys(of: event.layer)
                seen.add("keys=\(keys ?? ["?"])")
            })
        try f.engine.addAnimation(animation, forKey: "a", to: f.layer)
        inside.store(true, ordering: .relaxed)
        try f.engine.tick(10)
        inside.store(false, ordering: .relaxed)
        #expect(seen.all == ["start inside=true", "value=0.0"])
        #if canImport(Glibc)
        #expect(threads.all == [UInt(pthread_self())], "on the thread that called tick")
        #endif
        inside.store(true, ordering: .relaxed)
        try f.engine.tick(11)
        inside.store(false, ordering: .relaxed)
        #expect(seen.all == ["start inside=true", "value=0.0", "stop inside=true finished=true", "keys=[]"])
    }

    @Test("calls from a did-stop callback (add an animation, set a value, make and release layers) work; their callbacks come at the next tick")
    func reentrancy() throws {
        let engine = Engine()
        let ticks = TickCounter()
        let log = Log<CallbackRecord>()
        let displays = Log<(LayerID, Int)>()
        let made = Log<LayerID>()
        let klass = try engine.makeLayerClass(
            name: "Re", properties: [PropertyDescriptor("value", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { _, layer in displays.add((layer, ticks.current)) })
        let layer = try engine.makeLayerHandle(klass)
        let victim = try engine.makeLayerHandle(klass)
        let quiet = try engine.makeLayerHandle(klass)
        var followAnimation = basic("value", from: 100, to: 200)
        followAnimation.delegate = recordingDelegate(log, ticks)
        let follow = followAnimation
        var victimAnimation = basic("value", from: 0, to: 1, duration: 10)
        victimAnimation.delegate = recordingDelegate(log, ticks)
        try engine.addAnimation(victimAnimation, forKey: "victim", to: victim)

        var first = basic("value", from: 0, to: 1)
        first.delegate = AnimationDelegate(didStop: { event, finished in
            log.add(CallbackRecord(kind: .stop(finished: finished), key: event.key, layer: event.layer, tick: ticks.current))
            let e = event.engine
            // Another animation under another key, a model change, a new layer, a release.
            try? e.addAnimation(follow, forKey: "follow", to: event.layer)
            try? quietly(e) {
                try e.setValue(.scalar(7), forKeyPath: "value", of: event.layer)
                try e.setValue(.scalar(3), forKeyPath: "value", of: quiet)
            }
            if let fresh = try? e.makeLayerHandle() {
                made.add(fresh)
                try? e.setValue(.scalar(0.25), forKeyPath: "opacity", of: fresh)
            }
            try? e.release(victim)
        })
        try engine.addAnimation(first, forKey: "first", to: layer)
        ticks.advance(); try engine.tick(10)  // tick 1: first and victim start
        ticks.advance(); try engine.tick(11)  // tick 2: first ends → its did-stop runs the calls
        #expect(log.all.filter { $0.key == "first" }.map(\.kind) == [.stop(finished: true)])
        #expect(log.all.filter { $0.key == "first" }.first?.tick == 2)
        // The calls took effect at once.
        #expect(try engine.animationKeys(of: layer) == ["follow"])
        #expect(try model(engine, "value", layer) == 7)
        #expect(made.count == 1)
        if let fresh = made.all.first {
            #expect(engine.isValid(fresh))
            #expect(try model(engine, "opacity", fresh) == 0.25)
        }
        #expect(!engine.isValid(victim))
        // But their own callbacks are not delivered in the same tick.
        #expect(log.all.filter { $0.key == "follow" }.isEmpty)
        #expect(log.all.filter { $0.key == "victim" }.map(\.kind) == [.start])
        #expect(displays.all.filter { $0.0 == quiet }.isEmpty, "the quiet layer has not displayed yet")
        ticks.advance(); try engine.tick(11.5)  // tick 3
        #expect(log.all.filter { $0.key == "follow" }.map(\.kind) == [.start])
        #expect(log.all.filter { $0.key == "follow" }.first?.tick == 3)
        #expect(log.all.filter { $0.key == "victim" }.map(\.kind) == [.start, .stop(finished: false)])
        #expect(log.all.filter { $0.key == "victim" }.last?.tick == 3)
        #expect(displays.all.filter { $0.0 == quiet }.map(\.1) == [3], "the display owed by the value set in the callback")
        // The follow-up animation began at its commit (11.5): p 0.5 at 12.
        ticks.advance(); try engine.tick(12)
        expectNear(try presented(engine, "value", layer), 150, 1e-9)
        ticks.advance(); try engine.tick(12.5)
        #expect(log.all.filter { $0.key == "follow" }.map(\.kind) == [.start, .stop(finished: true)])
    }

    @Test("a did-start callback that removes its own animation: did-stop(false) at the next tick, never true")
    func removeFromStart() throws {
        let engine = Engine()
        let ticks = TickCounter()
        let log = Log<CallbackRecord>()
        let klass = try engine.makeLayerClass(name: "P", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(klass)
        var animation = basic("value", from: 0, to: 1)
        animation.delegate = AnimationDelegate(
            didStart: { event in
                log.add(CallbackRecord(kind: .start, key: event.key, layer: event.layer, tick: ticks.current))
                try? event.engine.removeAnimation(forKey: "a", from: event.layer)
            },
            didStop: { event, finished in
                log.add(CallbackRecord(kind: .stop(finished: finished), key: event.key, layer: event.layer, tick: ticks.current))
            })
        try engine.addAnimation(animation, forKey: "a", to: layer)
        ticks.advance(); try engine.tick(10)
        #expect(log.all.map(\.kind) == [.start])
        ticks.advance(); try engine.tick(10.1)
        #expect(log.all.map(\.kind) == [.start, .stop(finished: false)])
        #expect(log.all.last?.tick == 2)
        ticks.advance(); try engine.tick(12)
        #expect(log.count == 2)
    }

    @Test("a callback that keeps adding animations does not hold the tick: one generation per tick")
    func chain() throws {
        let engine = Engine()
        let klass = try engine.makeLayerClass(name: "P", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(klass)
        let starts = Atomic<Int>(0)
        // Each start adds a fresh copy under a new key; it must wait for the next tick.
        let delegate = Mutex<AnimationDelegate?>(nil)
        let made = AnimationDelegate(didStart: { event in
            let n = starts.add(1, ordering: .relaxed).newValue
            var next = basic("value", from: 0, to: 1)
            next.delegate = delegate.withLock { $0 }
            try? event.engine.addAnimation(next, forKey: "k\(n)", to: event.layer)
        })
        delegate.withLock { $0 = made }
        var animation = basic("value", from: 0, to: 1)
        animation.delegate = made
        try engine.addAnimation(animation, forKey: "k0", to: layer)
        for i in 0..<5 {
            try engine.tick(10 + Double(i) * 0.01)
            #expect(starts.load(ordering: .relaxed) == i + 1, "tick \(i)")
        }
    }
}
