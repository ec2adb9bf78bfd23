import Testing

import AnimCore

/// The host clock (`Engine.setClock(_:)`): a host that ticks lazily sees a transaction's
/// animations begin at the change, as Core Animation begins them at their commit's time.
@Suite("Swift API: host clock")
struct ClockTests {
    /// A host clock the test moves by hand, counting its reads.
    final class HostClock: @unchecked Sendable {
        var now = 0.0
        var reads = 0
        func read() -> Double {
            reads += 1
            return now
        }
    }

    /// An engine with one layer and `clock` (if any), committed by a first tick at 10.
    static func lazyHost(clock: HostClock?) throws -> (Engine, Layer) {
        let engine = Engine()
        let layer = try engine.makeLayer()
        if let clock { try engine.setClock(clock.read) }
        try engine.tick(10)
        return (engine, layer)
    }

    static func curve(_ x: Double) -> Double { TimingFunction.default.value(at: x) }

    @Test("set at 10.2 with the clock at 10.2, tick at 10.5: the animation is 0.3 s in")
    func lazyHostBeginsAtTheChange() throws {
        let clock = HostClock()
        let (engine, layer) = try Self.lazyHost(clock: clock)
        #expect(engine.hasClock)
        clock.now = 10.2
        try layer.setValue(0, for: .opacity)
        try engine.tick(10.5)
        // 0.25 s from 10.2: over, as Core Animation shows.
        #expect(try layer.presentationValue(.opacity) == 0)
        clock.now = 10.6
        try engine.transaction(duration: 1) { try layer.setValue(1, for: .opacity) }
        try engine.tick(11)
        expectNear(try layer.presentationValue(.opacity), Self.curve(0.4))
    }

    @Test("an implicit transaction reads at its first change; an explicit one at its outermost commit")
    func readingTimes() throws {
        let clock = HostClock()
        let (engine, layer) = try Self.lazyHost(clock: clock)
        try engine.tick(10.1)
        clock.reads = 0
        clock.now = 10.2
        try engine.modifyTransaction { $0.animationDuration = 1 }
        clock.now = 10.3
        try layer.setValue(0, for: .opacity)
        #expect(clock.reads == 1)
        try engine.tick(10.5)
        expectNear(try layer.presentationValue(.opacity), 1 - Self.curve(0.3))

        clock.reads = 0
        try engine.beginTransaction()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 1 }
        try layer.setValue(5, for: .zPosition)
        try engine.commitTransaction()
        #expect(clock.reads == 0)
        clock.now = 10.6
        try engine.commitTransaction()
        #expect(clock.reads == 1)
        try engine.tick(10.9)
        expectNear(try layer.presentationValue(.zPosition), 5 * Self.curve(0.3))
    }

    @Test("without a clock, or with it cleared, animations begin at the next tick")
    func noClock() throws {
        let clock = HostClock()
        let (engine, layer) = try Self.lazyHost(clock: clock)
        try engine.setClock(nil)
        #expect(!engine.hasClock)
        clock.now = 10.2
        try engine.transaction(duration: 1) { try layer.setValue(0, for: .opacity) }
        try engine.tick(10.5)
        #expect(try layer.presentationValue(.opacity) == 1)
        try engine.tick(10.75)
        expectNear(try layer.presentationValue(.opacity), 1 - Self.curve(0.25))
        #expect(clock.reads == 0)
    }

    @Test("a reading that is not finite or beyond ±1e15 s: the next tick throws naming the clock, once")
    func badReadings() throws {
        let clock = HostClock()
        let (engine, layer) = try Self.lazyHost(clock: clock)
        var time = 11.0
        for (reading, code) in [(Double.nan, AnimCoreError.Code.notFinite), (-.infinity, .notFinite), (2e15, .outOfRange)] {
            clock.now = reading
            let before = try layer.value(.opacity)
            try engine.transaction(duration: 1) { try layer.setValue(1 - before, for: .opacity) }
            let engineTime = engine.currentTime
            let error = #expect(throws: AnimCoreError.self) { try engine.tick(time) }
            #expect(error?.code == code)
            #expect(error?.message.hasPrefix("clock reading is") == true)
            #expect(engine.currentTime == engineTime)  // the refused tick did nothing
            try engine.tick(time + 0.25)
            #expect(try layer.presentationValue(.opacity) == before)
            try engine.tick(time + 0.5)
            expectNear(try layer.presentationValue(.opacity), before + (1 - 2 * before) * Self.curve(0.25))
            try engine.tick(time + 1.5)
            time += 2
        }
    }

    @Test("engine time advances by host time × globalSpeed: so does the begin")
    func globalSpeed() throws {
        let clock = HostClock()
        let (engine, layer) = try Self.lazyHost(clock: clock)
        try engine.setGlobalSpeed(0.5)
        try engine.tick(11)  // engine time 10.5
        clock.now = 11.2  // engine time 10.6
        try engine.transaction(duration: 1) { try layer.setValue(0, for: .opacity) }
        try engine.tick(12)  // engine time 11
        expectNear(engine.currentTime, 11)
        expectNear(try layer.presentationValue(.opacity), 1 - Self.curve(0.4))
    }

    @Test("a clock that calls the engine: the changes it makes take the same reading")
    func reentrantClock() throws {
        let engine = Engine()
        let layer = try engine.makeLayer(), other = try engine.makeLayer()
        try engine.tick(10)
        var reads = 0
        try engine.setClock { [unowned engine] in
            reads += 1
            _ = engine.currentTime
            try? engine.transaction(duration: 1) { try other.setValue(0, for: .opacity) }
            return 10.2
        }
        try engine.transaction(duration: 1) { try layer.setValue(0, for: .opacity) }
        #expect(reads == 1)
        try engine.tick(10.5)
        expectNear(try layer.presentationValue(.opacity), 1 - Self.curve(0.3))
        expectNear(try other.presentationValue(.opacity), 1 - Self.curve(0.3))
    }
}
