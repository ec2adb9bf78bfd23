// Every timing takes the steady lane: repeating, autoreversing, any speed or time offset, begin
// times per layer, a fill held after the end, layers with their own timing or under a sped-up,
// offset or paused superlayer. Held to the general walk (an identical engine with the lane off)
// to the bit, with the same callbacks at the same ticks, and to staying in the lane through
// the cycles (not only the first).
import Testing

@testable import AnimCore

@Suite("Steady lane: every timing")
struct SteadyLaneTimingTests {
    static let ends = BasicParameters(fromValue: .scalar(0.1), toValue: .scalar(0.9))

    /// A basic animation of `keyPath` from `from` to `to`, eased in and out, with `timing`.
    static func basic(_ keyPath: String, _ from: Value, _ to: Value, _ timing: MediaTiming) -> Animation {
        var animation = Animation(keyPath: keyPath, kind: .basic(BasicParameters(fromValue: from, toValue: to)))
        animation.timing = timing
        animation.timingFunction = .easeInEaseOut
        return animation
    }

    /// Per tick of the lane's engine (the comparison's second): the lane's entries and the
    /// animations added to the layers (by key: a group and its children, a path and its
    /// rotation are one each, as in the lane).
    final class Counts: @unchecked Sendable {
        var steady: [Int] = []
        var added: [Int] = []

        /// Records them for `engine` (before each tick: what the previous tick left).
        func record(_ engine: Engine, _ layers: [LayerID]) throws {
            steady.append(engine.steadyAnimationCount)
            added.append(try layers.reduce(0) { $0 + (try engine.animationKeys(of: $1).count) })
        }

        /// Whether every added animation was in the lane after tick `tick` of the lane's engine
        /// (of `ticks`).
        func allInLane(afterTick tick: Int, of ticks: Int) -> Bool {
            let index = steady.count - ticks + tick
            return steady[index] == added[index] && added[index] > 0
        }
    }

    /// Timings of one cycle of 0.3 s that repeat in each way, begin per layer and play at any
    /// speed or offset, the first twelve repeating for 2.4 s or for ever, the last held by its
    /// fill after its end.
    static let timings: [MediaTiming] = {
        let cycle = 0.3
        var list: [MediaTiming] = []
        for index in 0..<12 {
            var timing = MediaTiming(beginTime: 0.02 * Double(index), duration: cycle)
            timing.repeatCount = index % 3 == 0 ? .infinity : 8
            timing.autoreverses = index % 2 == 1
            timing.speed = [1, 2, 0.5, -1][index % 4]
            timing.timeOffset = [0, 0.37, 0.05][index % 3]
            timing.fillMode = [.removed, .forwards, .backwards, .both][index % 4]
            if index == 7 { timing.repeatDuration = 1.1 }
            list.append(timing)
        }
        var held = MediaTiming(beginTime: 0.05, duration: cycle, fillMode: .forwards)
        held.repeatCount = 1.5
        list.append(held)
        return list
    }()

    @Test("basic animations of every timing stay in the lane through their cycles; == general walk, did-stop once")
    func basicTimings() throws {
        let counts = Counts()
        let keys = ["opacity", "position", "transform"]
        let times = LaneComparison.frames(200) + [1.0, 0.4, 2.9, 0.05, 3.4]
        let out = try LaneComparison.run(layers: Self.timings.count, times: times, keys: keys) { engine, layers, log in
            for (layer, timing) in zip(layers, Self.timings) {
                var fade = Self.basic("opacity", .scalar(0.1), .scalar(0.9), timing)
                fade.isRemovedOnCompletion = timing.fillMode != .forwards
                fade.delegate = AnimationDelegate(didStop: { _, finished in log.add("stop fade \(finished)") })
                try engine.addAnimation(fade, forKey: "fade", to: layer)
                try engine.addAnimation(Self.basic("position", .point(x: 0, y: 0), .point(x: 40, y: -20), timing), forKey: "move", to: layer)
                try engine.addAnimation(Self.basic("transform.rotation.z", .scalar(0), .scalar(3), timing), forKey: "turn", to: layer)
            }
        } step: { engine, layers, _, _ in
            try counts.record(engine, layers)
        }
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
        #expect(out.logs[0].contains { $0.contains("stop fade true") }, "the ones of 8 cycles ended")
        // At 1 s every animation is past its first cycle, the held one past its end, and at 3 s
        // the ones of 8 cycles have ended: all that are left stay.
        #expect(counts.allInLane(afterTick: 60, of: times.count), "\(counts.steady.suffix(times.count))")
        #expect(counts.allInLane(afterTick: 180, of: times.count), "\(counts.steady.suffix(times.count))")
    }

    @Test("springs, keyframes with steps, cumulative repeats, decays, paths and groups repeating and staggered: in the lane; == general walk")
    func kindsRepeating() throws {
        let counts = Counts()
        let keys = ["opacity", "position", "transform", "zPosition", "bounds"]
        let times = LaneComparison.frames(150) + [0.9, 0.3, 2.2]
        let out = try LaneComparison.run(layers: 6, times: times, keys: keys) { engine, layers, _ in
            for (index, layer) in layers.enumerated() {
                var timing = MediaTiming(beginTime: 0.03 * Double(index), duration: 0.4, repeatCount: .infinity)
                timing.autoreverses = index % 2 == 0
                timing.speed = index == 3 ? 1.5 : 1
                var spring = Animation(keyPath: "opacity", kind: .spring(Self.ends, Spring(stiffness: 150, damping: 12)))
                spring.timing = timing
                try engine.addAnimation(spring, forKey: "spring", to: layer)
                var keyframes = KeyframeParameters()
                keyframes.values = [.scalar(0), .scalar(5), .scalar(2), .scalar(9)]
                var steps = Animation(keyPath: "zPosition", kind: .keyframe(keyframes))
                steps.timing = timing
                steps.timingFunction = .steps(try StepsFunction(steps: 3, position: .jumpStart))
                try engine.addAnimation(steps, forKey: "steps", to: layer)
                var grow = Self.basic("bounds", .rect(x: 0, y: 0, width: 1, height: 2), .rect(x: 0, y: 0, width: 5, height: 3), timing)
                grow.isCumulative = true
                try engine.addAnimation(grow, forKey: "grow", to: layer)
                var path = Path()
                path.move(x: 0, y: 0)
                path.addCurve(c1x: 20, c1y: 90, c2x: 60, c2y: -30, x: 80, y: 40)
                var along = Animation.keyframe("position", path: path)
                along.keyframe?.rotationMode = .auto
                along.timing = timing
                if index % 3 == 1 {
                    var decay = Animation.decay("position", from: .point(x: 10, y: 20), velocity: .point(x: 600, y: -800))
                    decay.timing = timing
                    try engine.addAnimation(decay, forKey: "fling", to: layer)
                } else if index % 3 == 2 {
                    var group = Animation.group([Self.basic("position", .point(x: 0, y: 0), .point(x: 9, y: 9), MediaTiming(beginTime: 0.1, duration: 0.2))])
                    group.timing = timing
                    try engine.addAnimation(group, forKey: "group", to: layer)
                } else {
                    try engine.addAnimation(along, forKey: "along", to: layer)
                }
            }
        } step: { engine, layers, _, _ in
            try counts.record(engine, layers)
        }
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
        // Four each (a group and its child, a path and its rotation are one entry each), at 2 s
        // in their fifth cycle or later.
        #expect(counts.allInLane(afterTick: 120, of: times.count), "\(counts.steady.suffix(times.count))")
    }
}

// MARK: - Layer time

extension SteadyLaneTimingTests {
    @Test("layers with their own speed, under a sped-up, offset or paused superlayer, a superlayer retimed and the host's time going back: in the lane; == general walk")
    func layerTimes() throws {
        let counts = Counts()
        let keys = ["opacity", "position"]
        let times = LaneComparison.frames(120) + [1.5, 0.6, 2.5]
        var timing = MediaTiming(duration: 0.25, repeatCount: .infinity)
        timing.autoreverses = true
        let out = try LaneComparison.run(layers: 9, times: times, keys: keys, prepare: { engine, layers in
            try engine.setValue(.scalar(1.5), forKeyPath: "speed", of: layers[0])
            try engine.setValue(.scalar(2), forKeyPath: "speed", of: layers[1])
            try engine.addSublayer(layers[2], to: layers[1])
            try engine.setValue(.scalar(0), forKeyPath: "speed", of: layers[3])
            try engine.setValue(.scalar(0.3), forKeyPath: "timeOffset", of: layers[3])
            try engine.addSublayer(layers[4], to: layers[3])
            try engine.setValue(.scalar(0.2), forKeyPath: "beginTime", of: layers[5])
            try engine.addSublayer(layers[6], to: layers[5])
            try engine.addSublayer(layers[7], to: layers[6])
        }) { engine, layers, _ in
            for (index, layer) in layers.enumerated() {
                var staggered = timing
                staggered.beginTime = 0.01 * Double(index)
                try engine.addAnimation(Self.basic("opacity", .scalar(0), .scalar(1), staggered), forKey: "fade", to: layer)
                try engine.addAnimation(Self.basic("position", .point(x: 0, y: 0), .point(x: 5, y: 7), staggered), forKey: "move", to: layer)
            }
        } step: { engine, layers, _, frame in
            try counts.record(engine, layers)
            // Retimed while its sublayers' animations are in the lane, and a layer moved under
            // a paused one and back. Layers 6 and 7 take their time from layer 5 (layer 6 has
            // the default timing) until layer 6 gets timing of its own; then layer 5's timing
            // becomes the default, and layer 6 is moved to the root and back under layer 5.
            if frame == 40 { try engine.setValue(.scalar(3), forKeyPath: "speed", of: layers[1]) }
            if frame == 60 { try engine.addSublayer(layers[8], to: layers[3]) }
            if frame == 70 { try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: layers[6]) }
            if frame == 80 { try engine.removeFromSuperlayer(layers[8]) }
            if frame == 90 { try engine.setValue(.scalar(0), forKeyPath: "beginTime", of: layers[5]) }
            if frame == 95 { try engine.removeFromSuperlayer(layers[6]) }
            if frame == 105 { try engine.addSublayer(layers[6], to: layers[5]) }
        }
        #expect(out.bits[0] == out.bits[1])
        #expect(out.logs[0] == out.logs[1])
        #expect(counts.allInLane(afterTick: 30, of: times.count), "whatever its layer's time: \(counts.steady.suffix(times.count))")
        #expect(counts.allInLane(afterTick: 50, of: times.count), "after a superlayer was retimed: \(counts.steady.suffix(times.count))")
        #expect(counts.allInLane(afterTick: 88, of: times.count), "after a layer went under a paused one and back: \(counts.steady.suffix(times.count))")
        #expect(counts.allInLane(afterTick: 119, of: times.count), "after the layers between changed: \(counts.steady.suffix(times.count))")
    }
}

extension SteadyLaneTimingTests {
    @Test("a sped-up container destroyed: its sublayer and its mask, which took their time from it, run on engine time after; in the lane; == general walk")
    func timeSourceDestroyed() throws {
        let counts = Counts()
        let times = LaneComparison.frames(60)
        var timing = MediaTiming(duration: 0.25, repeatCount: .infinity)
        timing.autoreverses = true
        let out = try LaneComparison.run(layers: 3, times: times, keys: ["opacity", "position"], prepare: { engine, layers in
            // The container is the test's only until frame 30; layers 0 and 2 (its sublayer and
            // its mask) and layer 1 (under layer 0) have the default timing.
            let container = try engine.makeLayerHandle()
            try engine.setValue(.scalar(2), forKeyPath: "speed", of: container)
            try engine.addSublayer(layers[0], to: container)
            try engine.addSublayer(layers[1], to: layers[0])
            try engine.setMask(layers[2], of: container, names: (layer: "layer", mask: "mask"))
        }) { engine, layers, _ in
            for layer in layers {
                try engine.addAnimation(Self.basic("opacity", .scalar(0), .scalar(1), timing), forKey: "fade", to: layer)
                try engine.addAnimation(Self.basic("position", .point(x: 0, y: 0), .point(x: 5, y: 7), timing), forKey: "move", to: layer)
            }
        } step: { engine, layers, _, frame in
            try counts.record(engine, layers)
            if frame == 30, let container = try engine.superlayer(of: layers[0]) { try engine.release(container) }
        }
        #expect(out.bits[0] == out.bits[1])
        #expect(counts.allInLane(afterTick: 25, of: times.count), "under the container: \(counts.steady.suffix(times.count))")
        #expect(counts.allInLane(afterTick: 55, of: times.count), "after it was destroyed: \(counts.steady.suffix(times.count))")
    }
}

extension SteadyLaneTimingTests {
    @Test("60 nested layers at speed 1e6, then a paused one: each layer's time held within ±1e15 s, every value finite; in the lane; == general walk")
    func nestedSpeedsHeld() throws {
        let times = LaneComparison.frames(30)
        var timing = MediaTiming(duration: 0.25, repeatCount: .infinity)
        timing.autoreverses = true
        // Layer 0 ends the sped-up chain (its time would be 1e6^60 s, past the largest double);
        // layer 1, paused below it, would be ∞ × 0 = NaN; layer 2 runs on engine time.
        let out = try LaneComparison.run(layers: 3, times: times, keys: ["opacity", "position"], prepare: { engine, layers in
            var parent = try engine.makeLayerHandle()
            for _ in 0..<59 {
                let layer = try engine.makeLayerHandle()
                try engine.setValue(.scalar(1e6), forKeyPath: "speed", of: layer)
                try engine.addSublayer(layer, to: parent)
                parent = layer
            }
            try engine.setValue(.scalar(1e6), forKeyPath: "speed", of: layers[0])
            try engine.addSublayer(layers[0], to: parent)
            try engine.setValue(.scalar(0), forKeyPath: "speed", of: layers[1])
            try engine.addSublayer(layers[1], to: layers[0])
        }) { engine, layers, _ in
            for layer in layers {
                try engine.addAnimation(Self.basic("opacity", .scalar(0), .scalar(1), timing), forKey: "fade", to: layer)
                try engine.addAnimation(Self.basic("position", .point(x: 0, y: 0), .point(x: 5, y: 7), timing), forKey: "move", to: layer)
            }
        }
        #expect(out.bits[0] == out.bits[1])
        let finite = out.bits[1].joined().allSatisfy { Double(bitPattern: $0).isFinite }
        #expect(finite, "every value read is finite")
    }

    @Test("a layer's time, and convertTime through nested speeds, held within ±1e15 s")
    func nestedLayerTimes() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle()
        var parent = root
        for _ in 0..<60 {
            let layer = try engine.makeLayerHandle()
            try engine.setValue(.scalar(1e6), forKeyPath: "speed", of: layer)
            try engine.addSublayer(layer, to: parent)
            parent = layer
        }
        let paused = try engine.makeLayerHandle()
        try engine.setValue(.scalar(0), forKeyPath: "speed", of: paused)
        try engine.setValue(.scalar(3), forKeyPath: "timeOffset", of: paused)
        try engine.addSublayer(paused, to: parent)
        try engine.tick(1)
        #expect(try engine.localTime(of: parent) == MediaTiming.Limits.time)
        #expect(try engine.localTime(of: paused) == 3)
        #expect(try engine.convertTime(2, from: nil, to: parent) == MediaTiming.Limits.time)
        #expect(try engine.convertTime(-2, from: nil, to: parent) == -MediaTiming.Limits.time)
        // Up the chain, 1 s shrinks by 1e6 a layer to below the smallest double: 0.
        #expect(try engine.convertTime(1, from: parent, to: nil) == 0)
    }
}
