// Animations of paths and arrays in the tick's steady lane give what the general walk gives: the
// same scripted world (basic from/to/by, keyframes linear and discrete, springs, groups; every
// timing: repeats, autoreverse, speed, offsets, fill modes, staggered begins, eased; additive and
// cumulative; layers of their own speed; models of another shape; replaced and removed mid-run)
// runs on an engine with the lane off, one with it on, and one with it on four threads; after
// every tick each layer's presented path, numbers and colours must be equal to the bit. The
// store's live count stays while nothing is added or removed, and the lane holds most of them.
import Testing

import AnimCoreTestSupport

@testable import AnimCore

@Suite("Steady lane: paths and arrays match the general walk")
struct SteadyLaneVariableTests {
    static let paths = [
        Path([.move(x: 0, y: 0), .line(x: 10, y: 0), .quadCurve(cx: 12, cy: 4, x: 10, y: 10), .close]),
        Path([.move(x: 5, y: -3), .line(x: 20, y: 2), .quadCurve(cx: 1, cy: 8, x: 30, y: 40), .close]),
        Path([.move(x: -7, y: 1), .line(x: 0.25, y: 9), .quadCurve(cx: 3, cy: 3, x: -2, y: 6), .close]),
    ]
    /// A path of another shape (the model's, sometimes: the animations switch half way).
    static let otherPath = Path([.move(x: 1, y: 1), .curve(c1x: 2, c1y: 3, c2x: 4, c2y: 5, x: 6, y: 7)])
    static let keys = ["path", "locations", "colors"]

    /// One engine's world: `count` layers of a class with a path, a numbers and a colours property.
    final class World {
        let engine = Engine()
        var layers: [LayerID] = []

        init(count: Int, lane: Bool, threads: Int) throws {
            engine.setSteadyLaneEnabled(lane)
            try engine.setTickThreadCount(threads)
            let klass = try engine.makeLayerClass(
                name: "Shape",
                properties: [
                    PropertyDescriptor("path", default: .path(SteadyLaneVariableTests.paths[0])),
                    PropertyDescriptor("locations", default: .numbers([0, 0.5, 1])),
                    PropertyDescriptor("colors", default: .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])),
                ])
            for _ in 0..<count { layers.append(try engine.makeLayerHandle(klass)) }
            try engine.tick(0)
        }

        /// Each layer's presented values now, as bit patterns to compare.
        func shown() throws -> [[UInt64]] {
            try layers.map { layer in
                try SteadyLaneVariableTests.keys.flatMap { try SteadyLaneVariableTests.bits(engine.presentationValue(forKeyPath: $0, of: layer)) }
            }
        }

        var liveValues: Int { get throws { try engine.variableValueCounts().values } }
    }

    /// A value's numbers as bit patterns, a path's element types first.
    static func bits(_ value: Value?) -> [UInt64] {
        switch value {
        case .path(let path)?: path.elements.map { UInt64($0.typeCode) } + path.elements.flatMap(\.coordinates).map(\.bitPattern)
        case .numbers(let numbers)?: numbers.map(\.bitPattern)
        case .colors(let colors)?: colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }.map(\.bitPattern)
        default: [UInt64.max]
        }
    }

    /// A random value of `key`'s kind, of its usual shape.
    static func value(_ key: String, _ random: inout SplitMix64) -> Value {
        switch key {
        case "path": .path(random.pick(paths))
        case "locations": .numbers((0..<3).map { _ in random.range(-1, 2) })
        default: .colors((0..<2).map { _ in Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: random.unit()) })
        }
    }

    /// A random animation of `key`: basic (any of from/to/by), keyframes, spring, or a group of
    /// one or two, with random timing beginning around `now`, additive or cumulative at times.
    static func animation(_ key: String, _ random: inout SplitMix64, now: Double) -> Animation {
        var animation: Animation
        switch random.below(5) {
        case 0, 1:
            let ends = random.pick([(true, true, false), (true, false, true), (false, true, true), (true, false, false), (false, true, false), (false, false, true)])
            animation = Animation.basic(
                key, from: ends.0 ? value(key, &random) : nil, to: ends.1 ? value(key, &random) : nil, by: ends.2 ? value(key, &random) : nil)
        case 2:
            animation = Animation.keyframe(
                key, values: (0..<3).map { _ in value(key, &random) }, calculationMode: random.pick([.linear, .discrete]))
        case 3:
            animation = Animation.spring(key, from: value(key, &random), to: value(key, &random), spring: Spring(mass: 1, stiffness: 120, damping: 9))
        default:
            var children = [Self.animation(key, &random, now: 0)]
            if random.chance(0.5) { children.append(Self.animation(random.pick(keys.filter { $0 != key }), &random, now: 0)) }
            animation = Animation.group(children)
        }
        animation.timing.duration = random.range(0.2, 1.5)
        animation.timing.beginTime = now == 0 ? random.range(0, 0.3) : now + random.range(-1.5, 1)
        animation.timing.repeatCount = random.pick([1, 2.5, .infinity])
        animation.timing.autoreverses = random.chance(0.4)
        animation.timing.speed = random.pick([1, 2, 0.5])
        animation.timing.timeOffset = random.chance(0.3) ? random.range(0, 1) : 0
        animation.timing.fillMode = random.pick([.removed, .forwards, .backwards, .both])
        animation.isRemovedOnCompletion = random.chance(0.7)
        animation.timingFunction = random.pick([nil, .easeIn, .easeInEaseOut, .linear])
        if case .group = animation.kind {} else {
            animation.isAdditive = random.chance(0.25)
            animation.isCumulative = random.chance(0.25)
        }
        return animation
    }

    /// One step's changes to `world` (the same draws in every world): animations added,
    /// replaced or removed, a model set (at times of another shape), a layer's speed.
    static func change(_ world: World, step: Int, now: Double, random: inout SplitMix64) throws {
        let count = world.layers.count
        let changes = step == 0 ? count : random.below(4)
        for change in 0..<changes {
            let layer = world.layers[step == 0 ? change : random.below(count)]
            let key = random.pick(keys)
            switch step == 0 ? 0 : random.below(6) {
            case 0, 1, 2:
                try world.engine.addAnimation(animation(key, &random, now: now), forKey: key, to: layer)
            case 3:
                try world.engine.removeAnimation(forKey: key, from: layer)
            case 4:
                let model = key == "path" && random.chance(0.5) ? .path(otherPath) : value(key, &random)
                try world.engine.setValue(model, forKeyPath: key, of: layer)
            default:
                try world.engine.setValue(.scalar(random.pick([1, 2, 0.5])), forKeyPath: "speed", of: layer)
            }
        }
    }

    /// Runs one script on every world, ticks at uneven steps over about 8 s, comparing each
    /// world's values with the first's after every tick.
    static func run(_ worlds: [World], seed: UInt64) throws {
        var script = SplitMix64(seed: seed)
        var now = 0.0
        var mostInLane = 0
        for step in 0..<160 {
            var random = script  // each world replays the same draws
            for world in worlds {
                random = script
                try change(world, step: step, now: now, random: &random)
            }
            script = random
            now += script.range(0.004, 0.09)
            for world in worlds { try world.engine.tick(now) }
            mostInLane = max(mostInLane, worlds[1].engine.steadyAnimationCount)
            #expect(worlds[1].engine.bookkeepingIssues() == [], "seed \(seed), step \(step)")
            let expected = try worlds[0].shown()
            for world in worlds.dropFirst() {
                let shown = try world.shown()
                #expect(shown == expected, "seed \(seed), step \(step), t \(now)")
                if shown != expected { return }
            }
        }
        #expect(mostInLane > worlds[1].layers.count / 2, "the lane held at most \(mostInLane) animations")
    }

    @Test("lane off, lane on, lane on four threads: equal paths, numbers and colours", arguments: [1, 2, 3, 4] as [UInt64])
    func variableValuesMatch(seed: UInt64) throws {
        let count = 40
        let worlds = [
            try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 1),
            try World(count: count, lane: true, threads: 4),
        ]
        try Self.run(worlds, seed: seed)
    }

    @Test("more animations than one thread's part: four threads give one thread's values, the store's count stays")
    func manyOnFourThreads() throws {
        let count = 2 * SteadyLane.entriesPerThreadMinimum + 100  // (the lane splits in parts)
        let worlds = [
            try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 4),
        ]
        var random = SplitMix64(seed: 11)
        for world in worlds {
            var draws = random
            for layer in world.layers {
                for key in Self.keys where draws.chance(0.8) {
                    var animation = Self.animation(key, &draws, now: 0)
                    animation.timing.repeatCount = .infinity  // (nothing leaves: the count must stay)
                    animation.isRemovedOnCompletion = false
                    try world.engine.addAnimation(animation, forKey: key, to: layer)
                }
            }
        }
        random = SplitMix64(seed: 12)
        var now = 0.0
        var live: [Int] = []
        for _ in 0..<8 {
            now += random.range(0.01, 0.2)
            for world in worlds { try world.engine.tick(now) }
            #expect(try worlds[1].shown() == worlds[0].shown(), "t \(now)")
            live.append(try worlds[1].liveValues)
        }
        #expect(worlds[1].engine.steadyAnimationCount > 2 * SteadyLane.entriesPerThreadMinimum)
        #expect(Set(live.dropFirst()).count == 1, "the store's live count moved: \(live)")
        #expect(try worlds[0].liveValues == worlds[1].liveValues)
    }

    @Test("a path animation joins the lane; its ticks add no store entry; removed, it gives its values back")
    func joinsWithoutGrowingTheStore() throws {
        let world = try World(count: 1, lane: true, threads: 1)
        let before = try world.liveValues
        var animation = Animation.basic("path", from: .path(Self.paths[1]), to: .path(Self.paths[2]))
        animation.timing.duration = 1
        animation.timing.repeatCount = .infinity
        try world.engine.addAnimation(animation, forKey: "p", to: world.layers[0])
        try world.engine.tick(0.1)
        try world.engine.tick(0.2)
        #expect(world.engine.steadyAnimationCount == 1)
        let during = try world.liveValues
        for step in 3..<60 { try world.engine.tick(Double(step) * 0.1) }
        #expect(try world.liveValues == during)
        try world.engine.removeAnimation(forKey: "p", from: world.layers[0])
        try world.engine.tick(7)
        try world.engine.tick(7.1)
        #expect(try world.liveValues == before)
    }

    @Test("whole paths, numbers and colours from given ends take one run through their resolved interpolations; others the basic run")
    func wholeValuesInTheirOwnRun() throws {
        let worlds = [try World(count: 30, lane: false, threads: 1), try World(count: 30, lane: true, threads: 1)]
        for world in worlds {
            var random = SplitMix64(seed: 7)
            for (index, layer) in world.layers.enumerated() {
                for key in Self.keys {
                    var animation = Animation.basic(key, from: Self.value(key, &random), to: Self.value(key, &random))
                    animation.timing.duration = 1
                    animation.timing.repeatCount = .infinity
                    animation.timing.autoreverses = index % 2 == 0
                    animation.isAdditive = key == "locations" && index % 3 == 0
                    animation.timingFunction = .easeInEaseOut
                    try world.engine.addAnimation(animation, forKey: key, to: layer)
                }
            }
            for step in 1..<25 { try world.engine.tick(Double(step) * 0.09) }
        }
        let bookkeeping = worlds[1].engine.bookkeeping()
        #expect(bookkeeping.laneEntries == 90)
        #expect(bookkeeping.laneRuns == 2, "the whole values in one run, the additive numbers in another")
        #expect(worlds[1].engine.bookkeepingIssues().isEmpty, "\(worlds[1].engine.bookkeepingIssues())")
        #expect(try worlds[1].shown() == worlds[0].shown())
    }

    @Test("a whole array's basic and spring animations show the interpolation of their ends, on two threads, the audit clean")
    func resolvedValuesAreTheInterpolation() throws {
        let world = try World(count: 64, lane: true, threads: 2)
        let (from, to): ([Double], [Double]) = ([0, 1, 2], [4, 3, 2])
        let spring = Spring(mass: 1, stiffness: 120, damping: 9)
        for (index, layer) in world.layers.enumerated() {
            var animation =
                index % 2 == 0
                ? Animation.basic("locations", from: .numbers(from), to: .numbers(to))
                : Animation.spring("locations", from: .numbers(from), to: .numbers(to), spring: spring)
            animation.timing.duration = 1
            animation.timingFunction = .linear
            try world.engine.addAnimation(animation, forKey: "n", to: layer)
        }
        try world.engine.tick(1)  // the commit: every animation begins at 1 s
        try world.engine.tick(1.25)
        try world.engine.tick(1.5)
        #expect(world.engine.steadyAnimationCount == 64)
        #expect(world.engine.bookkeepingIssues().isEmpty, "\(world.engine.bookkeepingIssues())")
        let springAt = SpringResponse(spring).restAndPush(at: 0.5)
        for (index, layer) in world.layers.enumerated() {
            let fraction = index % 2 == 0 ? 0.5 : 1 - springAt.rest
            let expected = VariableInterpolation.interpolate(from: .numbers(from), to: .numbers(to), fraction: fraction)
            #expect(try world.engine.presentationValue(forKeyPath: "locations", of: layer) == expected, "layer \(index)")
        }
    }

    @Test("an additive path missing an end stays on the general walk (its value may take the model's shape)")
    func additiveMissingEndStaysOnTheWalk() throws {
        let worlds = [try World(count: 1, lane: false, threads: 1), try World(count: 1, lane: true, threads: 1)]
        for world in worlds {
            var animation = Animation.basic("path", by: .path(Self.paths[1]))
            animation.isAdditive = true
            animation.timing.duration = 1
            animation.timing.repeatCount = .infinity
            try world.engine.addAnimation(animation, forKey: "p", to: world.layers[0])
            var both = Animation.basic("locations", from: .numbers([0, 1, 2]), to: .numbers([2, 1, 0]))
            both.isAdditive = true
            both.timing.duration = 1
            both.timing.repeatCount = .infinity
            try world.engine.addAnimation(both, forKey: "n", to: world.layers[0])
            for step in 1..<4 { try world.engine.tick(Double(step) * 0.1) }
            try world.engine.setValue(.path(Self.otherPath), forKeyPath: "path", of: world.layers[0])
            for step in 4..<20 { try world.engine.tick(Double(step) * 0.1) }
        }
        #expect(worlds[1].engine.steadyAnimationCount == 1, "the numbers (both ends given) in the lane, the path not")
        #expect(try worlds[1].shown() == worlds[0].shown())
    }
}
