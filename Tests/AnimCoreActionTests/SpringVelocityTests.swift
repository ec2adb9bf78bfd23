import Testing

@testable import AnimCore

/// A property one spring drives alone has its velocity from the derivative of the spring's
/// motion (`soleSpringVelocity`); it must agree with the presentation's own rate of change,
/// measured here by a central difference of presented values over ±10 µs of ticks.
@Suite("Presentation velocity of a spring driving a property alone")
struct SpringVelocityTests {
    /// The velocity the engine reports at `time`, and the central difference of the
    /// presentation around it; ticks `time − h`, `time`, `time + h` (in that order).
    /// A value's slots.
    static func slots(_ value: Value) -> [Double] {
        var slots = [Double](repeating: 0, count: value.kind.slotCount)
        slots.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
        return slots
    }

    static func measured(_ engine: Engine, _ key: String, _ layer: LayerID, at time: Double) throws -> (reported: [Double], measured: [Double]) {
        let h = 1e-5
        try engine.tick(time - h)
        let before = slots(try #require(try engine.presentationValue(forKeyPath: key, of: layer)))
        try engine.tick(time)
        let reported = slots(try engine.presentationVelocity(forKeyPath: key, of: layer))
        try engine.tick(time + h)
        let after = slots(try #require(try engine.presentationValue(forKeyPath: key, of: layer)))
        return (reported, zip(before, after).map { ($1 - $0) / (2 * h) })
    }

    static func expectAgree(_ result: (reported: [Double], measured: [Double]), _ what: String) {
        for (reported, measured) in zip(result.reported, result.measured) {
            #expect(abs(reported - measured) <= 1e-5 * max(1, abs(measured)), "\(what): reported \(reported), measured \(measured)")
        }
    }

    @Test("explicit springs (from and to; by alone, additive) and implicit springs that carry a velocity, scalar and point")
    func agreesWithThePresentation() throws {
        let engine = Engine()
        let dot = try engine.makeLayerClass(
            name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
        let layers = try (0..<3).map { _ in try engine.makeLayerHandle(dot) }
        try engine.tick(0)
        let spring = Spring(mass: 1, stiffness: 150, damping: 8)
        try engine.addAnimation(
            Animation(keyPath: "level", kind: .spring(BasicParameters(fromValue: .scalar(0), toValue: .scalar(100)), spring)),
            forKey: "a", to: layers[0])
        var additive = Animation(keyPath: "spot", kind: .spring(BasicParameters(byValue: .point(x: 40, y: -30)), spring))
        additive.isAdditive = true
        try engine.addAnimation(additive, forKey: "a", to: layers[1])
        try engine.tick(0.01)
        for time in [0.05, 0.2, 0.45] {
            Self.expectAgree(try Self.measured(engine, "level", layers[0], at: time), "from/to at \(time)")
            Self.expectAgree(try Self.measured(engine, "spot", layers[1], at: time), "additive by at \(time)")
        }

        // Implicit springs retargeted in flight start with the velocity they had (a carried one).
        var options = AnimationBlockOptions()
        options.spring = try Spring(duration: 0.6, bounce: 0.3)
        for (index, target) in [Value.point(x: 50, y: 20), .point(x: -10, y: 80)].enumerated() {
            try engine.animate(options) { try engine.setValue(target, forKeyPath: "spot", of: layers[2]) }
            try engine.tick(0.5 + Double(index) * 0.1)
        }
        for time in [0.7, 0.75, 0.9] {
            Self.expectAgree(try Self.measured(engine, "spot", layers[2], at: time), "implicit, carried, at \(time)")
        }
    }
}
