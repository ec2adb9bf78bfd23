// Swift gets the answers C and Python get (issue 9, defect 12): the core checks every value and
// animation once, so a NaN, a negative duration or an infinite target is refused in Swift too.
import Testing

@testable import AnimCore

@Suite("Validation in the core")
struct ValidationParityTests {
    @Test("model values must be finite, of any kind and key, declared or not")
    func finiteModelValues() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        expectError(.notFinite, "opacity nan") { try engine.setValue(.scalar(.nan), forKeyPath: "opacity", of: layer) }
        expectError(.notFinite, "position.x inf") { try engine.setValue(.scalar(.infinity), forKeyPath: "position.x", of: layer) }
        expectError(.notFinite, "position nan") {
            try engine.setValue(.point(x: 1, y: .nan), forKeyPath: "position", of: layer)
        }
        expectError(.notFinite, "an undeclared key") { try engine.setValue(.scalar(.nan), forKeyPath: "custom", of: layer) }
        expectError(.notFinite, "frame") {
            try engine.setValue(.rect(x: 0, y: 0, width: .infinity, height: 1), forKeyPath: "frame", of: layer)
        }
        expectError(.notFinite, "through an interned key") {
            try engine.setValue(.scalar(.nan), forKey: try engine.key("opacity"), of: layer)
        }
        expectValue(try engine.value(forKeyPath: "opacity", of: layer), .scalar(1), 0, "opacity unchanged")
        do {
            try engine.setValue(.point(x: 1, y: .nan), forKeyPath: "position", of: layer)
        } catch {
            #expect(error.message.contains("position.v[1] is nan"), "\(error.message)")
        }
    }

    @Test("the layer's timing properties keep the ranges of MediaTiming")
    func layerTimingRanges() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        expectError(.outOfRange, "duration -1") { try engine.setValue(.scalar(-1), forKeyPath: "duration", of: layer) }
        expectError(.notFinite, "speed nan") { try engine.setValue(.scalar(.nan), forKeyPath: "speed", of: layer) }
        expectError(.outOfRange, "speed 1e7") { try engine.setValue(.scalar(1e7), forKeyPath: "speed", of: layer) }
        expectError(.outOfRange, "repeatCount -3") { try engine.setValue(.scalar(-3), forKeyPath: "repeatCount", of: layer) }
        expectError(.notFinite, "beginTime inf") { try engine.setValue(.scalar(.infinity), forKeyPath: "beginTime", of: layer) }
        expectError(.outOfRange, "fillMode 7") { try engine.setValue(.integer(7), forKeyPath: "fillMode", of: layer) }
        // Infinity is a valid duration, repeat count and repeat duration.
        try engine.setValue(.scalar(.infinity), forKeyPath: "repeatCount", of: layer)
        try engine.setValue(.scalar(.infinity), forKeyPath: "duration", of: layer)
        try engine.setValue(.scalar(.infinity), forKeyPath: "repeatDuration", of: layer)
        try engine.setValue(.integer(3), forKeyPath: "fillMode", of: layer)
    }

    @Test("an animation with a negative duration or a non-finite value is refused and nothing is added")
    func animations() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        var negative = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        negative.timing.duration = -1
        expectError(.outOfRange, "duration -1") { try engine.addAnimation(negative, forKey: "a", to: layer) }
        let infinite = Animation.basic("opacity", to: .scalar(.infinity))
        expectError(.notFinite, "toValue inf") { try engine.addAnimation(infinite, forKey: "b", to: layer) }
        let nanBy = Animation.basic("position", by: .point(x: .nan, y: 0))
        expectError(.notFinite, "byValue nan") { try engine.addAnimation(nanBy, forKey: "c", to: layer) }
        var spring = Animation.basic("opacity", from: .scalar(0), to: .scalar(.nan))
        spring.kind = .spring(spring.basic ?? BasicParameters(), Spring())
        expectError(.notFinite, "spring toValue nan") { try engine.addAnimation(spring, forKey: "d", to: layer) }
        var child = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        child.timing.duration = -2
        expectError(.outOfRange, "a child's duration -2") {
            try engine.addAnimation(.group([child]), forKey: "e", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    /// Before: `MediaTiming(duration: -1, speed: .nan, repeatCount: -3)` evaluated as active
    /// with NaN progress.
    @Test("evaluating a timing that fails validate() throws, naming the field")
    func timingEvaluation() throws {
        let bad = MediaTiming(duration: -1, speed: .nan, repeatCount: -3)
        expectError(.outOfRange, "evaluate") { _ = try bad.evaluate(atParentTime: 1) }
        expectError(.outOfRange, "easedProgress") { _ = try bad.easedProgress(atParentTime: 1, function: nil) }
        expectError(.notFinite, "a NaN speed") { _ = try MediaTiming(duration: 1, speed: .nan).evaluate(atParentTime: 1) }
        expectError(.notFinite, "a NaN parent time") { _ = try MediaTiming(duration: 1).evaluate(atParentTime: .nan) }
        expectError(.outOfRange, "a chain element") {
            _ = try MediaTiming.evaluate(chain: [MediaTiming(duration: 1), bad], atParentTime: 0)
        }
        do {
            _ = try MediaTiming.evaluate(chain: [MediaTiming(duration: 1), bad], atParentTime: 0)
        } catch {
            #expect(error.message.hasPrefix("chain[1].duration is -1.0"), "\(error.message)")
        }
        var times = [0.5]
        var output = [0.0]
        expectError(.outOfRange, "the batch") {
            _ = try times.withUnsafeBufferPointer { input in
                try output.withUnsafeMutableBufferPointer { out in
                    try bad.easedProgress(atParentTimes: input, function: nil, into: out)
                }
            }
        }
        times[0] = 0.25
        #expect(try MediaTiming(duration: 1).evaluate(atParentTime: 0.25).progress == 0.25)
    }
}
