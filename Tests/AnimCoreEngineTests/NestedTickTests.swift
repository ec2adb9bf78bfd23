// A tick called from a callback: its callbacks join the delivery in progress, after the ones
// already queued (found by the fuzzer, finding 001: a did-start delivered after its did-stop).
import Synchronization
import Testing

@testable import AnimCore

@Suite("Ticks from callbacks")
struct NestedTickTests {
    @Test("a did-start that ticks past both ends: every did-start still precedes its did-stop")
    func orderAcrossNestedTicks() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(1)
        let log = Log<String>()
        let nested = Atomic<Bool>(false)
        var animation = Animation.basic("opacity", to: .scalar(0.5))
        animation.timing.duration = 1
        animation.delegate = AnimationDelegate(
            didStart: { event in
                log.add("start \(event.key ?? "")")
                if !nested.exchange(true, ordering: .relaxed) {
                    #expect(throws: Never.self) { try event.engine.tick(100) }
                    log.add("nested tick returned")
                }
            },
            didStop: { event, finished in log.add("stop \(event.key ?? "") \(finished)") })
        try engine.addAnimation(animation, forKey: "first", to: layer)
        try engine.addAnimation(animation, forKey: "second", to: layer)
        try engine.tick(1.1)
        #expect(log.all == [
            "start first", "nested tick returned", "start second", "stop first true", "stop second true",
        ])
    }
}
