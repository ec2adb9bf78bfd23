import Testing

import AnimCore

/// Animations built from typed property names, and the array form of the batch timing.
@Suite("Swift API: typed animations and batch timing")
struct TypedAnimationTests {
    @Test("basic, spring, keyframe and decay from a typed name carry its key path and values")
    func factories() {
        let basic = Animation.basic(.position, from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), by: nil)
        #expect(basic.keyPath == "position")
        #expect(basic.kindTag == .basic)
        #expect(basic.basic?.fromValue == .point(x: 1, y: 2))
        #expect(basic.basic?.toValue == .point(x: 3, y: 4))
        #expect(basic.basic?.byValue == nil)

        let spring = Animation.spring(.opacity, to: 0, spring: Spring(stiffness: 200))
        #expect(spring.kindTag == .spring)
        #expect(spring.basic?.toValue == .scalar(0))
        #expect(spring.spring?.stiffness == 200)

        let keyframe = Animation.keyframe(.backgroundColor, values: [.black, .white], keyTimes: [0, 1], calculationMode: .discrete)
        #expect(keyframe.keyframe?.values == [Color.black.value, Color.white.value])
        #expect(keyframe.keyframe?.keyTimes == [0, 1])
        #expect(keyframe.keyframe?.calculationMode == .discrete)

        var path = Path()
        path.move(x: 0, y: 0)
        path.addLine(x: 10, y: 0)
        let along = Animation.keyframe(.position, path: path, calculationMode: .paced)
        #expect(along.keyframe?.path == path)
        #expect(along.keyPath == "position")

        let decay = Animation.decay(.position, velocity: Point(x: 900, y: 0), decelerationRate: 0.99)
        #expect(decay.decay?.velocity == .point(x: 900, y: 0))
        #expect(decay.decay?.fromValue == nil)
        #expect(decay.decay?.decelerationRate == 0.99)
    }

    @Test("a typed keyframe animation runs through its values")
    func keyframeRuns() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        var pulse = Animation.keyframe(.opacity, values: [1, 0, 1])
        pulse.timing.duration = 2
        try layer.add(pulse, forKey: "pulse")
        try engine.tick(0)
        try engine.tick(1)
        expectNear(try layer.presentationValue(.opacity), 0)
        try engine.tick(1.5)
        expectNear(try layer.presentationValue(.opacity), 0.5)
    }

    @Test("easedProgress over an array matches the single evaluation; a bad time is named by its index")
    func batchTiming() throws {
        let timing = MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        let times = stride(from: -1.0, through: 8, by: 0.25).map { $0 }
        let batch = try timing.easedProgress(atParentTimes: times, function: .easeInEaseOut)
        #expect(batch.count == times.count)
        for (time, progress) in zip(times, batch) {
            let single = try timing.easedProgress(atParentTime: time, function: .easeInEaseOut)
            #expect(progress == single || (progress.isNaN && single.isNaN), "t = \(time)")
        }
        expectError(.notFinite, containing: "parentTimes[2]") {
            _ = try timing.easedProgress(atParentTimes: [0, 1, .nan, 2], function: nil)
        }
        expectError(.outOfRange, containing: "parentTimes[0]") {
            _ = try timing.easedProgress(atParentTimes: [1e16], function: nil)
        }
        var bad = timing
        bad.duration = -1
        expectError(.outOfRange, containing: "duration") { _ = try bad.easedProgress(atParentTimes: [0], function: nil) }
        #expect(try timing.easedProgress(atParentTimes: [], function: nil) == [])
    }
}
