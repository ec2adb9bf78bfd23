// Transitions in the tick's steady lane give what the general walk gives: the same scripted
// world of transitions (every timing: repeats, autoreverse, speed, offsets, fill modes, staggered
// begins, eased, start/end progress; layers of their own speed; replaced and removed mid-run)
// runs on an engine with the lane off, one with it on, and one with it on four threads; after
// every tick each render entry's transition fields and opacity must be equal to the bit, and the
// callbacks the same for each layer in each tick (between layers the order is not specified: the
// lane moves layers in and out of the walk) and in the same order on one thread and on four.
import Testing

import AnimCoreTestSupport

@testable import AnimCore

@Suite("Steady lane: transitions match the general walk")
struct SteadyLaneTransitionTests {
    /// One engine's world: `count` layers under one root, each with a transition, some with an
    /// opacity animation beside it, and the log of their callbacks.
    final class World: @unchecked Sendable {
        let engine = Engine()
        let root: Layer
        var layers: [Layer] = []
        /// Callbacks as (tick, layer, what).
        let log = Log<Logged>()
        let ticks = TickCounter()
        let list = RenderList()

        init(count: Int, lane: Bool, threads: Int) throws {
            engine.setSteadyLaneEnabled(lane)
            try engine.setTickThreadCount(threads)
            root = try engine.makeLayer()
            for _ in 0..<count {
                let layer = try engine.makeLayer()
                try layer.setValue(Rect(x: 0, y: 0, width: 40, height: 20), for: .bounds)
                try root.addSublayer(layer)
                layers.append(layer)
            }
            try advance(to: 0)
        }

        func advance(to time: Double) throws {
            ticks.advance()
            try engine.tick(time)
        }

        /// Each render entry's transition fields and opacity now, as words and bits to compare.
        func entries() throws -> [String] {
            try root.fillRenderList(list)
            var lines: [String] = []
            for index in 0..<list.count {
                let e = try list.entry(at: index)
                let bits = [
                    e.transitionProgress, e.transitionOldOffset.width, e.transitionOldOffset.height,
                    e.transitionNewOffset.width, e.transitionNewOffset.height, e.transitionOldAlpha,
                    e.transitionNewAlpha, e.opacity,
                ].map { String($0.bitPattern, radix: 16) }
                lines.append("\(index) id \(e.transitionID) state \(e.transitionState.rawValue) \(bits)")
            }
            return lines
        }
    }

    /// A callback: its tick, its layer's index, and what it said.
    struct Logged: Equatable, Sendable {
        var tick: Int
        var layer: Int
        var what: String
    }

    /// A transition of random type and timing on the layer at `index` of `world`, beginning
    /// within 1.5 s before to 1 s after `now` (layer time), named `name` in the log.
    static func transition(_ random: inout SplitMix64, now: Double, world: World, index: Int, name: String) -> Animation {
        let types: [TransitionType] = [.fade, .moveIn, .push, .reveal]
        let subtypes: [TransitionSubtype?] = [nil, .fromLeft, .fromRight, .fromTop, .fromBottom]
        let start = random.range(0, 0.5)
        var animation = Animation.transition(
            type: random.pick(types), subtype: random.pick(subtypes), startProgress: start,
            endProgress: random.range(start, 1))
        animation.timing.duration = random.range(0.2, 1.5)
        animation.timing.beginTime = now + random.range(-1.5, 1)
        animation.timing.repeatCount = random.pick([1, 2.5, .infinity])
        animation.timing.autoreverses = random.chance(0.4)
        animation.timing.speed = random.pick([1, 2, 0.5])
        animation.timing.timeOffset = random.chance(0.3) ? random.range(0, 1) : 0
        animation.timing.fillMode = random.pick([.removed, .forwards, .backwards, .both])
        animation.isRemovedOnCompletion = random.chance(0.7)
        animation.timingFunction = random.pick([nil, .easeIn, .easeInEaseOut, .linear])
        let (log, ticks) = (world.log, world.ticks)
        animation.onStart = { log.add(Logged(tick: ticks.current, layer: index, what: "\(name) start")) }
        animation.onStop = { log.add(Logged(tick: ticks.current, layer: index, what: "\(name) stop \($0)")) }
        return animation
    }

    /// Runs one script on every world: transitions added at first and replaced, removed or
    /// joined by an opacity fade as time goes on, ticks at uneven steps over 8 s.
    static func run(_ worlds: [World], seed: UInt64, count: Int) throws {
        var script = SplitMix64(seed: seed)
        var now = 0.0
        var mostInLane = 0
        for step in 0..<160 {
            var random = script  // each world replays the same draws
            for world in worlds {
                random = script
                try change(world, step: step, now: now, count: count, random: &random)
            }
            script = random
            now += script.range(0.004, 0.09)
            for world in worlds { try world.advance(to: now) }
            mostInLane = max(mostInLane, worlds[1].engine.bookkeeping().laneEntries)
            #expect(worlds[1].engine.bookkeepingIssues() == [], "seed \(seed), step \(step)")
            let expected = try worlds[0].entries()
            for world in worlds.dropFirst() {
                let entries = try world.entries()
                #expect(entries == expected, "seed \(seed), step \(step), t \(now)")
                if entries != expected { return }
            }
        }
        let byLayer = { (log: [Logged]) in log.enumerated().sorted { ($0.element.tick, $0.element.layer, $0.offset) < ($1.element.tick, $1.element.layer, $1.offset) }.map(\.element) }
        #expect(byLayer(worlds[1].log.all) == byLayer(worlds[0].log.all), "seed \(seed): callbacks differ")
        #expect(worlds[2].log.all == worlds[1].log.all, "seed \(seed): four threads' callbacks in another order than one's")
        #expect(worlds[0].log.all.count > 100)
        #expect(mostInLane > count / 2, "the lane held at most \(mostInLane) entries")
    }

    /// One step's changes to `world` (the same draws in every world).
    static func change(_ world: World, step: Int, now: Double, count: Int, random: inout SplitMix64) throws {
        let changes = step == 0 ? count : random.below(3)
        for change in 0..<changes {
            let index = step == 0 ? change : random.below(count)
            let layer = world.layers[index]
            switch step == 0 ? 0 : random.below(5) {
            case 0, 1:
                try layer.add(transition(&random, now: now, world: world, index: index, name: "L\(index)s\(step)"))
            case 2:
                try layer.removeAnimation(forKey: "transition")
            case 3:
                var fade = Animation.basic("opacity", from: .scalar(random.unit()), to: .scalar(random.unit()))
                fade.timing.duration = random.range(0.3, 2)
                fade.timing.repeatCount = random.pick([1, .infinity])
                try layer.add(fade, forKey: "fade")
            default:
                try layer.setValue(random.pick([1, 2, 0.5]), for: .speed)
            }
        }
    }

    @Test("lane off, lane on, lane on four threads: equal transition fields and callbacks", arguments: [1, 2, 3] as [UInt64])
    func transitionsMatch(seed: UInt64) throws {
        let count = 48
        let worlds = [
            try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 1),
            try World(count: count, lane: true, threads: 4),
        ]
        try Self.run(worlds, seed: seed, count: count)
    }

    @Test("more transitions than one thread's part: the lane on four threads gives one thread's entries")
    func manyTransitionsOnFourThreads() throws {
        let count = 2 * SteadyLane.entriesPerThreadMinimum + 100  // (the lane splits in parts)
        let worlds = [
            try World(count: count, lane: false, threads: 1), try World(count: count, lane: true, threads: 4),
        ]
        var random = SplitMix64(seed: 7)
        for world in worlds {
            var draws = random
            for (index, layer) in world.layers.enumerated() {
                try layer.add(Self.transition(&draws, now: 0, world: world, index: index, name: "L\(index)"))
            }
        }
        random = SplitMix64(seed: 8)
        var now = 0.0
        for _ in 0..<8 {
            now += random.range(0.01, 0.2)
            for world in worlds { try world.advance(to: now) }
            #expect(try worlds[1].entries() == worlds[0].entries(), "t \(now)")
        }
        #expect(worlds[1].engine.bookkeeping().laneEntries > 2 * SteadyLane.entriesPerThreadMinimum / 2)
    }

    @Test("a running transition joins the lane and leaves it when it ends")
    func transitionJoinsAndLeaves() throws {
        let world = try World(count: 1, lane: true, threads: 1)
        var fade = Animation.transition()
        fade.timing.duration = 1
        try world.layers[0].add(fade)
        try world.advance(to: 0.1)
        try world.advance(to: 0.2)
        var counts = world.engine.bookkeeping()
        #expect(counts.laneEntries == 1)
        try world.advance(to: 1.5)
        counts = world.engine.bookkeeping()
        #expect(counts.laneEntries == 0)
        #expect(try world.layers[0].animationKeys().isEmpty)
    }
}
