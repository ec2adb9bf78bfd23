// The tick's steady lane (`SteadyLane`) gives what the general walk gives: the same scripted
// world runs on engines with the lane off, on one thread and on several, and every presentation
// value must be equal to the bit after every tick, with the same callbacks in the same order.
import Testing

@testable import AnimCore

@Suite("Steady lane matches the general walk")
struct SteadyLaneTests {
    /// A callback as the world logs it: layer by index, so that engines compare.
    struct Logged: Equatable, Sendable, CustomStringConvertible {
        var tick: Int
        var layer: Int
        var key: String
        var stop: Bool
        var finished: Bool
        var description: String { "t\(tick) L\(layer) \(key) \(stop ? "stop(\(finished))" : "start")" }
    }

    /// One engine with `count` layers of a class with a custom scalar and point, half of them
    /// under a container layer, and the log of its callbacks.
    final class World: @unchecked Sendable {
        let engine = Engine()
        var layers: [LayerID] = []
        let container: LayerID
        let slowed: LayerID
        let log = Log<Logged>()
        let ticks = TickCounter()
        /// The keys animated (a "level" animation may target the transform's rotation instead).
        static let animatedKeys = ["level", "spot", "opacity", "bounds", "backgroundColor"]
        /// The keys compared.
        static let keys = animatedKeys + ["transform"]

        init(count: Int, lane: Bool, threads: Int) throws {
            engine.setSteadyLaneEnabled(lane)
            try engine.setTickThreadCount(threads)
            let dot = try engine.makeLayerClass(
                name: "Dot",
                properties: [PropertyDescriptor("level", default: .scalar(0)), PropertyDescriptor("spot", default: .point(x: 0, y: 0))])
            container = try engine.makeLayerHandle()
            slowed = try engine.makeLayerHandle()
            try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: slowed)
            for index in 0..<count {
                let layer = try engine.makeLayerHandle(dot)
                if index % 2 == 1 { try engine.addSublayer(layer, to: container) }
                layers.append(layer)
            }
            try advance(to: 0)
        }

        func advance(to time: Double) throws {
            ticks.advance()
            try engine.tick(time)
        }

        /// A basic animation of `key` on layer `index` (or a spring, or keyframes), with a
        /// delegate that logs.
        func animate(_ index: Int, _ key: String, _ random: inout Random, now: Double) throws {
            let ends = BasicParameters(fromValue: Self.value(key, random.next()), toValue: Self.value(key, random.next()))
            let kind = random.next()
            var animation: Animation
            if kind < 0.15 {
                let spring = Spring(mass: 1, stiffness: 80 + 100 * random.next(), damping: 4 + 20 * random.next())
                animation = Animation(keyPath: key, kind: .spring(ends, spring))
            } else if kind < 0.3 {
                var keyframes = KeyframeParameters()
                keyframes.values = (0..<4).map { _ in Self.value(key, random.next()) }
                keyframes.calculationMode = random.next() < 0.5 ? .linear : .cubic
                animation = Animation(keyPath: key, kind: .keyframe(keyframes))
            } else if kind < 0.38 && (key == "spot" || key == "level") {
                // A decay from the presentation, thrown at a velocity of the key's kind.
                let velocity: Value = key == "spot" ? .point(x: 300 * random.next(), y: -200) : .scalar(50 * random.next())
                animation = Animation(keyPath: key, kind: .decay(DecayParameters(velocity: velocity, decelerationRate: 0.99)))
            } else if kind < 0.45 {
                // Additive: over the model value.
                animation = Animation(keyPath: key, kind: .basic(ends))
                animation.isAdditive = true
            } else if kind < 0.55 && key == "level" {
                // A key-path component of a transform, over the model's transform.
                animation = Animation(keyPath: "transform.rotation.z", kind: .basic(
                    BasicParameters(fromValue: .scalar(random.next()), toValue: .scalar(3 * random.next()))))
            } else {
                animation = Animation(keyPath: key, kind: .basic(ends))
            }
            animation.timing.duration = 0.3 + 2 * random.next()
            if random.next() < 0.5 { animation.timing.beginTime = now + random.next() }
            let curve = random.next()
            animation.timingFunction = curve < 0.25 ? nil : curve < 0.5 ? .easeInEaseOut : curve < 0.75 ? .default
                : .steps(try StepsFunction(steps: 4, position: .jumpEnd))
            let shape = random.next()
            if shape < 0.1 { animation.timing.repeatCount = 2.5 }
            if shape >= 0.1 && shape < 0.2 { animation.timing.autoreverses = true }
            if shape >= 0.2 && shape < 0.3 {
                animation.timing.fillMode = .forwards
                animation.isRemovedOnCompletion = false
            }
            if shape >= 0.3 && shape < 0.35 { animation.timing.speed = 2 }
            let (log, ticks) = (self.log, self.ticks)
            animation.delegate = AnimationDelegate(
                didStart: { _ in log.add(Logged(tick: ticks.current, layer: index, key: key, stop: false, finished: false)) },
                didStop: { _, finished in
                    log.add(Logged(tick: ticks.current, layer: index, key: key, stop: true, finished: finished))
                })
            try engine.addAnimation(animation, forKey: animation.keyPath, to: layers[index])
        }

        static func value(_ key: String, _ x: Double) -> Value {
            switch key {
            case "spot": .point(x: 100 * x, y: -50 * x)
            case "bounds": .rect(x: 0, y: 0, width: 10 + 90 * x, height: 5 + x)
            case "backgroundColor": .color(red: x, green: 1 - x, blue: 0.5, alpha: 1)
            default: .scalar(x)
            }
        }

        /// Every `stride`th layer's presentation of every key.
        func presentation(stride: Int) throws -> [Value?] {
            var result: [Value?] = []
            for layer in Swift.stride(from: 0, to: layers.count, by: stride).map({ layers[$0] }) where engine.isValid(layer) {
                for key in Self.keys { result.append(try engine.presentationValue(forKeyPath: key, of: layer)) }
            }
            return result
        }
    }

    /// A reproducible sequence in [0, 1).
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// Runs the script on every world: animations added, replaced and removed, layers moved
    /// under a slowed layer and back, a container's speed changed, time going back, a layer
    /// released; compares each tick.
    /// Returns the most animations each world had in its lane after a tick.
    @discardableResult
    static func run(_ worlds: [World], count: Int, ticks: Int, every sampled: Int = 1) throws -> [Int] {
        var mostSteady = worlds.map { _ in 0 }
        var randoms = worlds.map { _ in Random(state: 42) }
        for (world, index) in zip(worlds, randoms.indices) {
            for layer in 0..<count {
                for key in World.animatedKeys where randoms[index].next() < 0.45 {
                    try world.animate(layer, key, &randoms[index], now: 0)
                }
            }
        }
        var time = 0.0
        for frame in 1...ticks {
            time += frame == 40 ? -0.3 : 1.0 / 30
            for (world, index) in zip(worlds, randoms.indices) {
                var random = randoms[index]
                // Something changes on most frames, the same in every world.
                if frame % 3 == 0 {
                    let layer = Int(random.next() * Double(count))
                    try world.animate(layer, World.animatedKeys[frame % World.animatedKeys.count], &random, now: time)
                }
                if frame % 5 == 0 {
                    // Implicit animations (the direct change path): from the presentation to the
                    // model, reading what lies underneath.
                    for _ in 0..<3 {
                        let layer = Int(random.next() * Double(count))
                        try world.engine.setValue(.scalar(random.next()), forKeyPath: frame % 10 == 0 ? "opacity" : "level", of: world.layers[layer])
                    }
                }
                if frame % 7 == 0 {
                    let layer = Int(random.next() * Double(count))
                    try world.engine.removeAnimation(forKey: World.animatedKeys[frame % 5], from: world.layers[layer])
                    try world.engine.removeAnimation(forKey: "transform.rotation.z", from: world.layers[(layer + 1) % count])
                }
                if frame == 20 { try world.engine.setValue(.scalar(2), forKeyPath: "speed", of: world.container) }
                if frame == 30 { try world.engine.setValue(.scalar(1), forKeyPath: "speed", of: world.container) }
                if frame == 25 {
                    for layer in stride(from: 0, to: count, by: 4) { try world.engine.addSublayer(world.layers[layer], to: world.slowed) }
                }
                if frame == 35 {
                    for layer in stride(from: 0, to: count, by: 8) { try world.engine.removeFromSuperlayer(world.layers[layer]) }
                }
                if frame == 45 { try world.engine.release(world.layers[count / 2]) }
                if frame == 50 { try world.engine.setGlobalSpeed(0.5) }
                randoms[index] = random
                try world.advance(to: time)
                mostSteady[index] = max(mostSteady[index], world.engine.steadyAnimationCount)
            }
            let reference = try worlds[0].presentation(stride: sampled)
            let referenceLog = worlds[0].log.all
            for world in worlds.dropFirst() {
                let values = try world.presentation(stride: sampled)
                #expect(values.count == reference.count)
                if let mismatch = zip(values, reference).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                    Issue.record(
                        "frame \(frame): value \(mismatch.offset) (layer \(mismatch.offset / World.keys.count * sampled), \(World.keys[mismatch.offset % World.keys.count])) is \(String(describing: mismatch.element.0)), general walk \(String(describing: mismatch.element.1))")
                    return mostSteady
                }
                // The same callbacks in each tick, in the same order for each layer; between
                // layers the order is not specified (the lane moves layers in and out of the
                // general walk), so each tick's are compared layer by layer.
                let log = world.log.all
                func byLayer(_ log: [Logged]) -> [[Logged]] {
                    Dictionary(grouping: log) { $0.tick * 1_000_000 + $0.layer }.sorted { $0.key < $1.key }.map(\.value)
                }
                if byLayer(log) != byLayer(referenceLog) {
                    let first = zip(byLayer(log), byLayer(referenceLog)).first { $0 != $1 }
                    Issue.record("frame \(frame): callbacks differ: \(String(describing: first)) (\(log.count) against \(referenceLog.count))")
                    return mostSteady
                }
                // Any number of threads: exactly the one-thread lane's order.
                if world !== worlds[1], worlds[1].engine.tickThreadCount == 1, log != worlds[1].log.all {
                    let one = worlds[1].log.all
                    let at = zip(log, one).enumerated().first { $0.element.0 != $0.element.1 }
                    Issue.record("frame \(frame): callbacks in another order than on one thread: \(String(describing: at)) (\(log.count) against \(one.count))")
                    return mostSteady
                }
            }
        }
        return mostSteady
    }

    @Test("lane on one thread: equal to the bit, same callbacks in the same order; the lane is used")
    func oneThread() throws {
        let count = 300
        let worlds = [try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 1)]
        let mostSteady = try Self.run(worlds, count: count, ticks: 90)
        #expect(mostSteady[0] == 0)
        #expect(worlds[0].log.count > 200)
        // The lane held many (the script keeps some outside: steps, repeats past their first
        // cycle, fills, speed 2, the slowed layers).
        #expect(mostSteady[1] > 100)
    }

    @Test("lane on four threads: equal to one thread's and the general walk's")
    func fourThreads() throws {
        // Enough steady animations that the lane is split (4096 entries per part at least).
        let count = 10000
        let worlds = [
            try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 1),
            try World(count: count, lane: true, threads: 4),
        ]
        let mostSteady = try Self.run(worlds, count: count, ticks: 52, every: 7)
        #expect(worlds[2].engine.tickThreadCount == 4)
        // Enough for the lane to be split in two parts at least.
        #expect(mostSteady[2] >= 2 * SteadyLane.entriesPerThreadMinimum)
    }

    @Test("a steady animation leaves when its layer goes off engine time and ends on time with did-stop")
    func leavesAndEnds() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let parent = try engine.makeLayerHandle()
        try engine.tick(0)
        var animation = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
        animation.timing.duration = 1
        let stops = Log<Bool>()
        animation.delegate = AnimationDelegate(didStop: { _, finished in stops.add(finished) })
        try engine.addAnimation(animation, forKey: "fade", to: layer)
        try engine.tick(0)  // commits: begins at 0
        try engine.tick(0.1)  // evaluated active and running: joins
        #expect(engine.steadyAnimationCount == 1)
        try engine.tick(0.25)
        expectNear(scalar(try engine.presentationValue(forKeyPath: "opacity", of: layer)), 0.25, 0, "lane value")
        // Under a layer at speed 0.5 its time halves: it leaves and the general walk takes it.
        try engine.setValue(.scalar(0.5), forKeyPath: "speed", of: parent)
        try engine.addSublayer(layer, to: parent)
        #expect(engine.steadyAnimationCount == 0)
        try engine.tick(0.5)
        expectNear(scalar(try engine.presentationValue(forKeyPath: "opacity", of: layer)), 0.25, 1e-12, "parent time 0.25")
        try engine.removeFromSuperlayer(layer)
        try engine.tick(0.6)
        try engine.tick(0.7)
        #expect(engine.steadyAnimationCount == 1)
        try engine.tick(1.0)
        #expect(engine.steadyAnimationCount == 0)
        #expect(stops.all == [true])
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("springs, keyframes, additive and implicit animations, groups and repeats past their first cycle join; animations sharing a property do not")
    func whoJoins() throws {
        let engine = Engine()
        let layers = try (0..<7).map { _ in try engine.makeLayerHandle() }
        try engine.tick(0)
        let ends = BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))
        var spring = Animation(keyPath: "opacity", kind: .spring(ends, Spring(stiffness: 150, damping: 12)))
        spring.timing.duration = 2
        var keyframes = KeyframeParameters()
        keyframes.values = [.point(x: 0, y: 0), .point(x: 10, y: 5), .point(x: 0, y: 20)]
        var path = Animation(keyPath: "position", kind: .keyframe(keyframes))
        path.timing.duration = 2
        var additive = Animation(keyPath: "opacity", kind: .basic(ends))
        additive.timing.duration = 2
        additive.isAdditive = true
        var group = Animation(keyPath: "", kind: .group(GroupParameters(animations: [spring])))
        group.timing.duration = 2
        try engine.addAnimation(spring, forKey: "spring", to: layers[0])
        try engine.addAnimation(path, forKey: "path", to: layers[1])
        try engine.addAnimation(additive, forKey: "additive", to: layers[2])
        try engine.addAnimation(group, forKey: "group", to: layers[3])
        try engine.addAnimation(spring, forKey: "first", to: layers[4])
        try engine.addAnimation(spring, forKey: "second", to: layers[4])
        var repeated = Animation(keyPath: "opacity", kind: .basic(ends))
        repeated.timing.duration = 0.05
        repeated.timing.repeatCount = 10
        try engine.addAnimation(repeated, forKey: "repeated", to: layers[5])
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layers[6])  // implicit
        try engine.tick(0)
        try engine.tick(0.1)
        // The spring, the keyframes, the additive one, the group (one entry with its child),
        // the repeated one (in its third cycle) and the implicit one.
        #expect(engine.steadyAnimationCount == 6)
    }

    @Test("tick thread counts outside 1...64 are refused, naming the count")
    func threadCountRange() throws {
        let engine = Engine()
        expectError(.outOfRange, naming: "count is 0; it must be in 1...64") { try engine.setTickThreadCount(0) }
        expectError(.outOfRange, naming: "count is 65; it must be in 1...64") { try engine.setTickThreadCount(65) }
        #expect(engine.tickThreadCount == 1)
        try engine.setTickThreadCount(3)
        #expect(engine.tickThreadCount == 3)
        try engine.setTickThreadCount(1)
        #expect(engine.tickThreadCount == 1)
        engine.invalidate()
        expectError(.invalidState, naming: "the engine has been invalidated") { try engine.setTickThreadCount(2) }
    }
}
