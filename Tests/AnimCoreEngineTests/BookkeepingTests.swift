// The engine's bookkeeping under its fast paths: free blocks threaded through the blocks
// themselves (a freed block's first slot is a link), a path's rotation reusing its keyframes'
// segment and parameter (noted by owner index, generation and progress), a retarget keeping the
// replaced animation's key hold, completion groups counted in place, the path rotation applied
// to rows 1-2 of the transform only, and a pending path's rotation read before its commit.
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Support

/// A path of lines from the origin in the directions `angles` (radians), 100 long each.
private func polyline(_ angles: [Double]) -> Path {
    var path = Path()
    var (x, y) = (0.0, 0.0)
    path.move(x: x, y: y)
    for angle in angles {
        x += 100 * cos(angle)
        y += 100 * sin(angle)
        path.addLine(x: x, y: y)
    }
    return path
}

/// One cubic from p0 to p1 through the controls c1, c2.
private func cubic(_ p0: XY, _ c1: XY, _ c2: XY, _ p1: XY) -> Path {
    var path = Path()
    path.move(x: p0.x, y: p0.y)
    path.addCurve(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: p1.x, y: p1.y)
    return path
}

/// A linear keyframe animation of "position" along `path` with rotation `mode`, 1 s.
private func along(_ path: Path, _ mode: RotationMode = .auto, duration: Double = 1) -> Animation {
    var animation = Animation.keyframe("position", path: path)
    animation.keyframe?.rotationMode = mode
    animation.timing.duration = duration
    return animation
}

/// The presented transform of `layer`.
private func presentedTransform(_ engine: Engine, _ layer: LayerID) throws -> Transform3D? {
    matrix(try engine.presentationValue(forKeyPath: "transform", of: layer))
}

/// The transform's bits, m11 ... m44.
private func bits(_ t: Transform3D?) -> [UInt64] {
    guard let t else { return [] }
    return slots(.transform3D(t)).map(\.bitPattern)
}

// MARK: - SlotBuffer

@Suite("Bookkeeping: free blocks threaded through the blocks")
struct BookkeepingSlotBufferTests {
    @Test("freed blocks come back last freed first, by size (sizes past the list's growth included); live blocks keep every slot; size 0 frees nothing")
    func reuseOrderAndLiveBlocks() {
        let buffer = SlotBuffer(initialCapacity: 16)
        let sizes = [1, 3, 3, 16, 40, 5, 70, 3]
        let offsets = sizes.map { buffer.allocate($0) }
        for (block, offset) in offsets.enumerated() {
            for k in 0..<sizes[block] { buffer.pointer(offset)[k] = Double(block * 1000 + k) + 0.5 }
        }
        for block in [1, 2, 4, 6] { buffer.free(offsets[block], size: sizes[block]) }
        for block in [0, 3, 5, 7] {
            let kept = (0..<sizes[block]).map { buffer.pointer(offsets[block])[$0] }
            #expect(kept == (0..<sizes[block]).map { Double(block * 1000 + $0) + 0.5 }, "block \(block) kept its slots")
        }
        #expect(buffer.liveSlots == 1 + 16 + 5 + 3)
        let used = buffer.used
        #expect(buffer.allocate(3) == offsets[2], "the last block of 3 freed comes first")
        #expect(buffer.allocate(3) == offsets[1])
        #expect(buffer.allocate(70) == offsets[6])
        #expect(buffer.allocate(40) == offsets[4])
        #expect(buffer.used == used, "reuse takes no new slots")
        #expect(buffer.allocate(3) == used, "no block of 3 left: a fresh one")
        buffer.free(offsets[0], size: 0)
        #expect(buffer.allocate(1) == used + 3, "a free of size 0 gives nothing back")
    }

    @Test("random allocations and frees of sizes 1-90 (5000 steps): live blocks stay disjoint, inside the buffer and intact")
    func randomChurn() {
        var mix = SplitMix64(seed: 12)
        let buffer = SlotBuffer(initialCapacity: 16)
        var live: [(offset: Int, size: Int, seed: Double)] = []
        func verify(_ step: Int) -> Bool {
            let sorted = live.sorted { $0.offset < $1.offset }
            for (position, block) in sorted.enumerated() {
                guard block.offset >= 0, block.offset + block.size <= buffer.used else {
                    Issue.record("step \(step): block at \(block.offset) (+\(block.size)) outside 0..<\(buffer.used)")
                    return false
                }
                if position > 0, sorted[position - 1].offset + sorted[position - 1].size > block.offset {
                    Issue.record("step \(step): blocks at \(sorted[position - 1].offset) and \(block.offset) overlap")
                    return false
                }
                for k in 0..<block.size where buffer.pointer(block.offset)[k] != block.seed + Double(k) {
                    Issue.record("step \(step): block at \(block.offset) slot \(k) is \(buffer.pointer(block.offset)[k])")
                    return false
                }
            }
            if live.reduce(0, { $0 + $1.size }) != buffer.liveSlots {
                Issue.record("step \(step): liveSlots \(buffer.liveSlots)")
                return false
            }
            return true
        }
        for step in 0..<5000 {
            if live.isEmpty || (live.count < 150 && mix.below(100) < 55) {
                let size = mix.below(4) == 0 ? 1 + mix.below(90) : 1 + mix.below(6)
                let offset = buffer.allocate(size)
                let seed = Double(step) * 128
                for k in 0..<size { buffer.pointer(offset)[k] = seed + Double(k) }
                live.append((offset, size, seed))
            } else {
                let victim = live.remove(at: mix.below(live.count))
                buffer.free(victim.offset, size: victim.size)
            }
            if step % 25 == 0 && !verify(step) { return }
        }
        #expect(verify(5000))
    }
}

// MARK: - The path memo

@Suite("Bookkeeping: a path's rotation reuses its keyframes' position")
struct BookkeepingPathMemoTests {
    /// Four layers along four different paths on the same timing (so every tick each has the
    /// same progress as the others, and the memo is overwritten between them): lines in four
    /// directions turning at the middle, and two cubics.
    private static var paths: [(path: Path, angle: (Double) -> Double)] { [
        (polyline([0.3, 1.9]), { $0 < 0.5 ? 0.3 : 1.9 }),
        (polyline([-2.2, -0.4]), { $0 < 0.5 ? -2.2 : -0.4 }),
        (cubic(XY(0, 0), XY(50, 120), XY(140, -60), XY(200, 10)), { cubicBezierTangent(XY(0, 0), XY(50, 120), XY(140, -60), XY(200, 10), $0).angle }),
        (cubic(XY(10, 10), XY(-80, 40), XY(30, 200), XY(-100, 90)), { cubicBezierTangent(XY(10, 10), XY(-80, 40), XY(30, 200), XY(-100, 90), $0).angle }),
    ] }

    /// Adds path `k` to a new layer of `engine` for each k in `which` (in one transaction, so
    /// they share their begin time) and ticks at 10 (commit).
    private static func start(_ engine: Engine, _ which: [Int], mode: RotationMode = .auto) throws -> [LayerID] {
        let layers = try which.map { _ in try engine.makeLayerHandle() }
        try engine.beginTransaction()
        for (layer, k) in zip(layers, which) { try engine.addAnimation(along(paths[k].path, mode), forKey: "follow", to: layer) }
        try engine.commitTransaction()
        try engine.tick(10)
        return layers
    }

    @Test("four paths at the same progress, lane on and off: each turns to its own tangent; transform and its velocity equal to the bit those of an engine holding that path alone")
    func eachPathItsOwnTangent() throws {
        for lane in [true, false] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            let layers = try Self.start(engine, [0, 1, 2, 3])
            var alone: [(Engine, LayerID)] = []
            for k in 0..<4 {
                let single = Engine()
                single.setSteadyLaneEnabled(lane)
                alone.append((single, try Self.start(single, [k])[0]))
            }
            for step in 1...15 {
                let e = Double(step) / 16
                try engine.tick(10 + e)
                for (single, _) in alone { try single.tick(10 + e) }
                for k in 0..<4 {
                    let shown = try presentedTransform(engine, layers[k])
                    expectMatrix(shown, rotationZ(Self.paths[k].angle(e)), 1e-9, "lane \(lane) path \(k) at e \(e)")
                    let (single, layer) = alone[k]
                    #expect(bits(shown) == bits(try presentedTransform(single, layer)), "lane \(lane) path \(k) at e \(e): as alone")
                    // The velocity evaluates the rotation without its keyframes (a memo of another path's, or none).
                    let velocity = try engine.presentationVelocity(forKeyPath: "transform", of: layers[k])
                    let soloVelocity = try single.presentationVelocity(forKeyPath: "transform", of: layer)
                    #expect(slots(velocity).map(\.bitPattern) == slots(soloVelocity).map(\.bitPattern),
                            "lane \(lane) path \(k) at e \(e): transform velocity as alone")
                }
            }
        }
    }

    @Test("records reused at the same indices, at the same progress as the note the old path left: the new path's tangent")
    func reusedRecords() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(along(Self.paths[2].path), forKey: "follow", to: layer)
        try engine.tick(10)
        try engine.tick(10.375)
        let before = try engine.bookkeeping(of: layer)
        let first = (before.firstAnimation, before.lastAnimation)
        // Remove and add twice: the freed records come back in the reverse order each time.
        for k in [1, 3] {
            try engine.removeAnimation(forKey: "follow", from: layer)
            try engine.addAnimation(along(Self.paths[k].path), forKey: "follow", to: layer)
        }
        let after = try engine.bookkeeping(of: layer)
        let now = (after.firstAnimation, after.lastAnimation)
        #expect(now == first, "premise: the keyframes and rotation records are at the same indices again")
        try engine.tick(20)
        try engine.tick(20.375)  // the same progress as the old note
        expectMatrix(try presentedTransform(engine, layer), rotationZ(Self.paths[3].angle(0.375)), 1e-9, "the new path's tangent")
        let velocity = try engine.presentationVelocity(forKeyPath: "transform", of: layer)
        let single = Engine()
        let alone = try Self.start(single, [3])[0]
        try single.tick(10.375)
        #expect(slots(velocity).map(\.bitPattern) == slots(try single.presentationVelocity(forKeyPath: "transform", of: alone)).map(\.bitPattern))
    }

    @Test("8400 layers on two tick threads (two lane parts, each with its own scratch), three paths in turn: the transforms of a one-thread engine, to the bit")
    func tickThreads() throws {
        let count = 8400
        var engines: [(Engine, [LayerID])] = []
        for threads in [1, 2] {
            let engine = Engine()
            try engine.setTickThreadCount(threads)
            engines.append((engine, try Self.start(engine, (0..<count).map { $0 % 3 })))
        }
        for e in [0.125, 0.25, 0.375, 0.625, 0.875] {
            for (engine, _) in engines { try engine.tick(10 + e) }
            let threaded = engines[1].0.bookkeeping().laneEntries
            #expect(e == 0.125 || threaded == count, "premise: all in the lane (\(threaded))")
            var mismatches = 0
            for index in 0..<count {
                let one = try presentedTransform(engines[0].0, engines[0].1[index])
                let two = try presentedTransform(engines[1].0, engines[1].1[index])
                if bits(one) != bits(two) { mismatches += 1 }
                if index < 3 { expectMatrix(two, rotationZ(Self.paths[index].angle(e)), 1e-9, "layer \(index) at e \(e)") }
            }
            #expect(mismatches == 0, "at e \(e)")
        }
    }

    @Test("a path in a group, next to a group with another path, autoreversing: each child turns to its own path's tangent, the reverse leg not turned round")
    func groupChildrenAndAutoreverse() throws {
        let engine = Engine()
        let layers = [try engine.makeLayerHandle(), try engine.makeLayerHandle()]
        for (layer, k) in zip(layers, [2, 3]) {
            var group = Animation.group([along(Self.paths[k].path), basic("opacity", from: 0, to: 1)])
            group.timing.duration = 1
            group.timing.autoreverses = true
            try engine.addAnimation(group, forKey: "group", to: layer)
        }
        try engine.tick(10)
        for step in 1...31 where step != 16 {
            let e = Double(step) / 16
            try engine.tick(10 + e)
            let progress = e < 1 ? e : 2 - e
            for (layer, k) in zip(layers, [2, 3]) {
                expectMatrix(try presentedTransform(engine, layer), rotationZ(Self.paths[k].angle(progress)), 1e-9, "path \(k) at e \(e)")
            }
        }
    }
}

// MARK: - The transform product

@Suite("Bookkeeping: Rz(angle) applied to rows 1-2 of what lies underneath")
struct BookkeepingTransformTests {
    /// A running transform animation between two non-planar transforms (a turn about y, a
    /// perspective) with both ends given.
    private static func turning() -> Animation {
        var start = concat(rotationY(0.3), translationMatrix(4, 5, -20))
        start.m34 = -1.0 / 400
        var end = concat(rotationY(-0.9), scaleMatrix(1.5, 0.5, 2))
        end.m34 = -1.0 / 900
        var animation = basic("transform", from: .transform3D(start), to: .transform3D(end), duration: 2)
        animation.timingFunction = .easeInEaseOut
        return animation
    }

    @Test("over a running non-planar transform animation: Rz(angle) · T(t), rows 3 and 4 those of T(t) to the bit; an animation of the whole transform added after the path covers the rotation")
    func overAnAnimatedTransform() throws {
        let path = polyline([0.7, -1.2])
        let angle: (Double) -> Double = { $0 < 0.5 ? 0.7 : -1.2 }
        for mode in [RotationMode.auto, .autoReverse] {
            let reference = Engine()
            let bare = try reference.makeLayerHandle()
            try reference.addAnimation(Self.turning(), forKey: "turn", to: bare)
            try reference.tick(10)

            let below = Engine()  // the transform animation first, the path on top
            let turned = try below.makeLayerHandle()
            try below.addAnimation(Self.turning(), forKey: "turn", to: turned)
            try below.addAnimation(along(path, mode), forKey: "follow", to: turned)
            try below.tick(10)

            let above = Engine()  // the path first, the whole transform animation on top
            let covered = try above.makeLayerHandle()
            try above.addAnimation(along(path, mode), forKey: "follow", to: covered)
            try above.addAnimation(Self.turning(), forKey: "turn", to: covered)
            try above.tick(10)

            for step in 1...15 {
                let e = Double(step) / 16
                for engine in [reference, below, above] { try engine.tick(10 + e) }
                let t = try #require(try presentedTransform(reference, bare))
                let shown = try #require(try presentedTransform(below, turned))
                let theta = angle(e) + (mode == .autoReverse ? Double.pi : 0)
                expectMatrix(shown, concat(rotationZ(theta), t), 1e-9, "\(mode.name) over T at e \(e)")
                #expect(Array(bits(shown)[8...]) == Array(bits(t)[8...]), "\(mode.name) rows 3-4 at e \(e)")
                #expect(bits(try presentedTransform(above, covered)) == bits(t), "\(mode.name): a whole-value animation above covers the rotation, e \(e)")
            }
        }
    }
}

// MARK: - Completions

@Suite("Bookkeeping: completion groups counted in place")
struct BookkeepingCompletionTests {
    /// One committed layer of a class whose default action continues the search (the general
    /// change path) when `general`, of the built-in class otherwise (the direct change path).
    private static func layer(general: Bool) throws -> (Engine, LayerID) {
        let engine = Engine()
        let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
        if general { try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot) }
        let layer = try engine.makeLayerHandle(dot)
        try engine.tick(0)
        return (engine, layer)
    }

    private static func transaction(_ engine: Engine, _ duration: Double, _ body: () throws -> Void) throws {
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = duration }
        try body()
        try engine.commitTransaction()
    }

    @Test("a change in flight replaces the running one (the retarget): its transaction completes once, unfinished; the new one's nested transactions complete once, finished, inner first — as the general path")
    func retargetCompletions() throws {
        var logs: [[String]] = []
        for general in [false, true] {
            let (engine, layer) = try Self.layer(general: general)
            let log = Log<String>()
            func completion(_ name: String) -> TransactionCompletion {
                TransactionCompletion { _, finished in log.add("\(name) \(finished)") }
            }
            try Self.transaction(engine, 1) {
                try engine.addCompletion(completion("first"))
                try engine.setValue(.scalar(1), forKeyPath: "level", of: layer)
            }
            try engine.tick(0.1)
            try engine.tick(0.5)
            #expect(log.all.isEmpty)
            try Self.transaction(engine, 1) {
                try engine.addCompletion(completion("outer"))
                try Self.transaction(engine, 1) {
                    try engine.addCompletion(completion("inner"))
                    try engine.setValue(.scalar(2), forKeyPath: "level", of: layer)  // the retarget
                }
            }
            try engine.tick(0.6)
            #expect(log.all == ["first false"], "general \(general)")
            for time in [0.9, 1.4, 1.7, 2.0, 2.5] { try engine.tick(time) }
            #expect(log.all == ["first false", "inner true", "outer true"], "general \(general)")
            #expect(engine.bookkeeping().completionGroups.isEmpty, "no group left")
            logs.append(log.all)
        }
        #expect(logs[0] == logs[1])
    }

    @Test("a group of two layers' changes, one retargeted by a later transaction and one finishing: the group completes once, unfinished, when the second ends")
    func interruptedGroupWaitsForTheRest() throws {
        let (engine, a) = try Self.layer(general: false)
        let b = try engine.makeLayerHandle(try engine.layerClass(of: a))
        try engine.tick(0.05)
        let log = Log<String>()
        try Self.transaction(engine, 1) {
            try engine.addCompletion(TransactionCompletion { _, finished in log.add("both \(finished)") })
            try engine.setValue(.scalar(1), forKeyPath: "level", of: a)
            try engine.setValue(.scalar(1), forKeyPath: "level", of: b)
        }
        try engine.tick(0.1)
        try Self.transaction(engine, 3) { try engine.setValue(.scalar(5), forKeyPath: "level", of: a) }
        try engine.tick(0.2)
        #expect(log.all.isEmpty, "b still runs")
        try engine.tick(1.2)
        #expect(log.all == ["both false"])
        try engine.tick(4)
        #expect(log.all == ["both false"], "once")
    }
}

// MARK: - Key holds

@Suite("Bookkeeping: a retarget keeps the replaced animation's key hold")
struct BookkeepingKeyHoldTests {
    private static func keyCount(_ engine: Engine) -> Int { engine.bookkeeping().animationKeys }
    private static func keyID(_ engine: Engine, _ name: String) -> Int32? { engine.animationKeyID(named: name) }

    @Test("three layers retargeted 40 times each: one key \"position\" in use; it stays while any layer still animates and goes with the last")
    func manyRetargets() throws {
        let engine = Engine()
        let layers = try (0..<3).map { _ in try engine.makeLayerHandle() }
        try engine.tick(0)
        var time = 0.0
        for round in 0..<40 {
            for (index, layer) in layers.enumerated() {
                try engine.setValue(.point(x: Double(round * 10 + index), y: 1), forKeyPath: "position", of: layer)
            }
            time += 0.03
            try engine.tick(time)
            #expect(engine.bookkeepingIssues().isEmpty, "round \(round): \(engine.bookkeepingIssues())")
        }
        for layer in layers { #expect(try engine.animationKeys(of: layer) == ["position"]) }
        #expect(Self.keyCount(engine) == 1)
        try engine.removeAllAnimations(from: layers[0])
        try engine.removeAnimation(forKey: "position", from: layers[1])
        #expect(Self.keyID(engine, "position") != nil, "layer 2 still holds it")
        #expect(try engine.animationKeys(of: layers[2]) == ["position"])
        try engine.tick(time + 1)
        #expect(Self.keyCount(engine) == 0, "finished: no key left")
        #expect(engine.bookkeepingIssues().isEmpty)
    }

    @Test("an explicit animation added under \"position\" (with the implicit hint's id, or before any hint) is retargeted by a change: it stops unfinished, the key stays one use")
    func explicitUnderThePropertyName() throws {
        try explicitUnderThePropertyName(hinted: false)
        try explicitUnderThePropertyName(hinted: true)
    }

    private func explicitUnderThePropertyName(hinted: Bool) throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        var hint: Int32?
        if hinted {
            // An implicit animation leaves its key's id as the class's hint; once it is gone the
            // explicit add below reuses that id, so the retarget's fast path takes it.
            try engine.setValue(.point(x: 1, y: 1), forKeyPath: "position", of: layer)
            hint = Self.keyID(engine, "position")
            try engine.tick(0.1)
            try engine.tick(0.5)
            #expect(Self.keyCount(engine) == 0)
        }
        let log = Log<String>()
        var explicit = basic("position", from: .point(x: 0, y: 0), to: .point(x: 100, y: 0), duration: 5)
        explicit.delegate = AnimationDelegate(didStart: nil, didStop: { event, finished in log.add("\(event.key ?? "-") \(finished)") })
        try engine.addAnimation(explicit, forKey: "position", to: layer)
        if hinted { #expect(Self.keyID(engine, "position") == hint, "premise: the explicit animation holds the hint's id") }
        try engine.tick(1)
        try engine.tick(2)
        try engine.setValue(.point(x: 5, y: 5), forKeyPath: "position", of: layer)
        #expect(Self.keyCount(engine) == 1)
        try engine.tick(2.1)
        #expect(log.all == ["position false"], "hinted \(hinted)")
        #expect(try engine.animationKeys(of: layer) == ["position"])
        let now = try #require(try engine.animation(forKey: "position", of: layer))
        #expect(now.basic?.toValue == nil, "the implicit animation took the key")
        #expect(Self.keyCount(engine) == 1)
        #expect(engine.bookkeepingIssues().isEmpty)
        try engine.tick(3)
        #expect(Self.keyCount(engine) == 0, "hinted \(hinted)")
        #expect(engine.bookkeepingIssues().isEmpty)
    }

    @Test("a hint gone stale (its id reused by the key \"foo\" of a position animation): the change adds \"position\" beside \"foo\"; both keys counted exactly")
    func staleHintReusedByAnotherName() throws {
        let engine = Engine()
        let (a, b) = (try engine.makeLayerHandle(), try engine.makeLayerHandle())
        try engine.tick(0)
        try engine.setValue(.point(x: 1, y: 1), forKeyPath: "position", of: a)
        let hint = try #require(Self.keyID(engine, "position"))
        try engine.removeAllAnimations(from: a)
        #expect(Self.keyCount(engine) == 0)
        try engine.addAnimation(basic("position", from: .point(x: 0, y: 0), to: .point(x: 9, y: 9), duration: 5), forKey: "foo", to: b)
        #expect(Self.keyID(engine, "foo") == hint, "premise: \"foo\" took the id \"position\" had")
        try engine.tick(0.5)
        try engine.setValue(.point(x: 3, y: 3), forKeyPath: "position", of: b)
        #expect(try engine.animationKeys(of: b) == ["foo", "position"])
        #expect(Self.keyCount(engine) == 2)
        #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
        try engine.tick(0.6)
        try engine.setValue(.point(x: 4, y: 4), forKeyPath: "position", of: b)  // not the layer's only animation
        #expect(try engine.animationKeys(of: b) == ["foo", "position"])
        try engine.removeAnimation(forKey: "foo", from: b)
        #expect(try engine.animationKeys(of: b) == ["position"])
        try engine.setValue(.point(x: 6, y: 6), forKeyPath: "position", of: b)  // now the retarget
        #expect(try engine.animationKeys(of: b) == ["position"])
        #expect(Self.keyCount(engine) == 1)
        #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
        try engine.tick(5)  // commits the last change: it begins now
        try engine.tick(6)
        #expect(Self.keyCount(engine) == 0)
    }

    @Test("an opacity animation under the key \"position\": a change of position replaces it (same key), the key stays one use")
    func anotherPropertyUnderThePropertyName() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        try engine.addAnimation(basic("opacity", from: 0.2, to: 0.4, duration: 5), forKey: "position", to: layer)
        try engine.tick(1)
        try engine.setValue(.point(x: 7, y: 7), forKeyPath: "position", of: layer)
        try engine.tick(1.1)
        #expect(try engine.animationKeys(of: layer) == ["position"])
        #expect(try engine.animation(forKey: "position", of: layer)?.keyPath == "position")
        #expect(try presented(engine, "opacity", layer) == 1, "the opacity animation is gone")
        #expect(Self.keyCount(engine) == 1)
        try engine.tick(2)
        #expect(Self.keyCount(engine) == 0)
    }
}

// MARK: - Retarget: the replaced animation's kind data taken over

@Suite("Bookkeeping: a retarget takes over the replaced animation's kind data")
struct BookkeepingRetargetReuseTests {
    /// Two engines alike, one layer each; the second answers every action search with
    /// `.continueSearch` from a class handler, so its changes take the general path.
    private struct Pair {
        let engines: [Engine]
        let layers: [LayerID]

        init() throws {
            var engines: [Engine] = [], layers: [LayerID] = []
            for general in [false, true] {
                let engine = Engine()
                let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
                if general { try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot) }
                layers.append(try engine.makeLayerHandle(dot))
                try engine.tick(0)
                engines.append(engine)
            }
            (self.engines, self.layers) = (engines, layers)
        }

        func each(_ body: (Engine, LayerID) throws -> Void) rethrows {
            for (engine, layer) in zip(engines, layers) { try body(engine, layer) }
        }

        /// A change of position, in a transaction of its own with `spring` (and `fromCurrentState`).
        func change(_ value: Value, spring: Spring?, fromCurrentState: Bool = true) throws {
            try each { engine, layer in
                try engine.beginTransaction()
                try engine.modifyTransaction {
                    $0.spring = spring
                    $0.beginsFromCurrentState = fromCurrentState
                }
                try engine.setValue(value, forKeyPath: "position", of: layer)
                try engine.commitTransaction()
            }
        }

        func tick(_ time: Double) throws { try each { engine, _ in try engine.tick(time) } }

        /// An implicit position animation run to its end (before time 0.5): the class keeps its
        /// key's id as its hint, and an explicit animation added under "position" next reuses
        /// that id, so a change retargets it by the fast path (`BookkeepingKeyHoldTests`).
        func runImplicitAnimationOnce() throws {
            try change(.point(x: 1, y: 1), spring: nil)
            try tick(0.1)
            try tick(0.45)
            for engine in engines { #expect(BookkeepingRetargetReuseTests.held(engine) == (0, 0, 0), "premise: the implicit animation is gone") }
        }

        /// Both engines' position presentation, equal to the bit.
        func expectParity(_ context: String) throws {
            let values = try zip(engines, layers).map { try $0.presentationValue(forKeyPath: "position", of: $1) }
            #expect(values[0] == values[1], "\(context): direct \(String(describing: values[0])), general \(String(describing: values[1]))")
        }
    }

    /// Live kind records (basic, spring) and animation-value slots of the engine.
    fileprivate static func held(_ engine: Engine) -> (basic: Int, spring: Int, slots: Int) {
        let counts = engine.bookkeeping()
        return (counts.basicRecords, counts.springRecords, counts.animationValueSlots)
    }

    @Test("60 retargets of a position in flight, basic and spring (carrying velocity or not) in turn: one kind record, exactly its slots, blocks sound; presentations those of the general path to the bit")
    func kindsInTurn() throws {
        let pair = try Pair()
        let spring = Spring(mass: 1, stiffness: 150, damping: 12)
        var time = 0.0
        for step in 0..<60 {
            let value = Value.point(x: Double(step % 7) * 30 - 90, y: Double(step % 5) * 20)
            // (held: a basic animation's from (2 slots); a spring's from, and its carried velocity
            // when it carries one (2 more).)
            let expected: (basic: Int, spring: Int, slots: Int)
            switch step % 4 {
            case 0:
                try pair.change(value, spring: nil)
                expected = (1, 0, 2)
            case 1, 2:
                try pair.change(value, spring: spring)
                expected = (0, 1, 4)  // in flight: it carries the presentation's velocity
            default:
                try pair.change(value, spring: spring, fromCurrentState: false)
                expected = (0, 1, 2)  // from the old model value, at rest
            }
            for engine in pair.engines {
                let now = Self.held(engine)
                #expect(now.basic == expected.basic && now.spring == expected.spring && now.slots == expected.slots,
                        "step \(step): held \(now), expected \(expected)")
                #expect(engine.bookkeepingIssues().isEmpty, "step \(step): \(engine.bookkeepingIssues())")
            }
            try pair.expectParity("step \(step), pending")
            time += 0.05
            try pair.tick(time)
            try pair.expectParity("step \(step), committed")
        }
        try pair.tick(time + 10)
        for engine in pair.engines {
            let now = Self.held(engine)
            #expect(now.basic == 0 && now.spring == 0 && now.slots == 0, "finished: nothing held, \(now)")
        }
    }

    @Test("an explicit animation of \"position.x\" under the key \"position\" (scalar values): a basic or spring change replaces it without taking its slots (points); its values freed, the new one's held")
    func componentUnderThePropertyKey() throws {
        for spring in [nil, Spring(mass: 1, stiffness: 150, damping: 12)] {
            let pair = try Pair()
            try pair.runImplicitAnimationOnce()
            try pair.each { engine, layer in
                try engine.addAnimation(basic("position.x", from: 0, to: 100, duration: 2), forKey: "position", to: layer)
            }
            try pair.tick(0.5)
            for engine in pair.engines { #expect(Self.held(engine) == (1, 0, 2), "premise: a scalar from and to") }
            try pair.change(.point(x: 40, y: 40), spring: spring)
            for engine in pair.engines {
                // A basic animation's from; a spring's from and carried velocity (points).
                let expected = spring == nil ? (1, 0, 2) : (0, 1, 4)
                #expect(Self.held(engine) == expected, "spring \(spring != nil): \(Self.held(engine))")
                #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
            }
            for time in [0.5, 0.6, 0.9, 3] {
                try pair.tick(time)
                try pair.expectParity("spring \(spring != nil) at \(time)")
            }
            for engine in pair.engines { #expect(Self.held(engine) == (0, 0, 0)) }
        }
    }

    @Test("an explicit position animation from and by under the key \"position\": a basic change takes its from slots and frees its by; to a spring, the from taken and the velocity's slots new")
    func explicitFromAndBy() throws {
        for spring in [nil, Spring(mass: 1, stiffness: 150, damping: 12)] {
            let pair = try Pair()
            try pair.runImplicitAnimationOnce()
            try pair.each { engine, layer in
                try engine.addAnimation(
                    basic("position", from: .point(x: 0, y: 0), by: .point(x: 50, y: 10), duration: 2), forKey: "position", to: layer)
            }
            try pair.tick(0.5)
            for engine in pair.engines { #expect(Self.held(engine) == (1, 0, 4), "premise: from and by") }
            try pair.change(.point(x: -30, y: 70), spring: spring)
            for engine in pair.engines {
                let expected = spring == nil ? (1, 0, 2) : (0, 1, 4)
                #expect(Self.held(engine) == expected, "spring \(spring != nil): \(Self.held(engine))")
                #expect(engine.bookkeepingIssues().isEmpty, "\(engine.bookkeepingIssues())")
            }
            for time in [0.5, 0.55, 0.8, 4] {
                try pair.tick(time)
                try pair.expectParity("spring \(spring != nil) at \(time)")
            }
            for engine in pair.engines { #expect(Self.held(engine) == (0, 0, 0)) }
        }
    }
}

// MARK: - Churn: fast path against the general path, blocks and keys checked

@Suite("Bookkeeping: churn of changes, adds, removals and layer deaths")
struct BookkeepingChurnTests {
    /// The operations, applied alike to both engines.
    private enum Step {
        case set(layer: Int, key: String, value: Value, spring: Bool)
        case add(layer: Int, animation: Animation, key: String?)
        case remove(layer: Int, key: String)
        case removeAll(layer: Int)
        case replaceLayer(Int)
        case completion(layer: Int, value: Value)
        case velocity(layer: Int, key: String)
        case tick(Double)
    }

    private static let keys = ["position", "opacity", "foo", "path", "group", "decay"]

    private static func randomStep(_ mix: inout SplitMix64, layers: Int, now: Double) -> Step {
        let layer = mix.below(layers)
        let point = Value.point(x: mix.range(-200, 200), y: mix.range(-200, 200))
        switch mix.below(100) {
        case 0..<14: return .set(layer: layer, key: "position", value: point, spring: false)
        case 14..<20: return .set(layer: layer, key: "position", value: point, spring: true)
        case 20..<28: return .set(layer: layer, key: "opacity", value: .scalar(mix.unit()), spring: false)
        case 28..<33:
            var t = concat(rotationY(mix.range(-1, 1)), rotationZ(mix.range(-3, 3)))
            t.m34 = -1.0 / 500
            return .set(layer: layer, key: "transform", value: .transform3D(t), spring: false)
        case 33..<37: return .add(layer: layer, animation: basic("position", from: point, to: .point(x: 0, y: 0), duration: mix.range(0.2, 2)), key: "position")
        case 37..<40: return .add(layer: layer, animation: basic("opacity", from: 0.1, to: 0.9, duration: mix.range(0.2, 2)), key: "position")
        case 40..<44:
            var frames = Animation.keyframe("opacity", values: [.scalar(0), .scalar(1), .scalar(0.5)])
            frames.timing.duration = mix.range(0.2, 2)
            return .add(layer: layer, animation: frames, key: mix.below(3) == 0 ? nil : "foo")
        case 44..<52:
            let paths = [polyline([mix.range(-3, 3), mix.range(-3, 3)]),
                         cubic(XY(0, 0), XY(mix.range(-99, 99), 50), XY(80, mix.range(-99, 99)), XY(120, 30))]
            var animation = along(paths[mix.below(2)], mix.below(2) == 0 ? .auto : .autoReverse, duration: mix.range(0.2, 2))
            if mix.below(3) == 0 { animation.keyframe?.calculationMode = .paced }
            if mix.below(4) == 0 { animation.timing.autoreverses = true }
            return .add(layer: layer, animation: animation, key: mix.below(4) == 0 ? nil : "path")
        case 52..<56:
            var group = Animation.group([
                along(polyline([mix.range(-3, 3), mix.range(-3, 3)])),
                basic("opacity", from: 0, to: 1),
                basic("bounds", from: .rect(x: 0, y: 0, width: 10, height: 10), to: .rect(x: 0, y: 0, width: 50, height: 20)),
            ])
            group.timing.duration = mix.range(0.2, 2)
            return .add(layer: layer, animation: group, key: "group")
        case 56..<59:
            return .add(layer: layer, animation: .decay("position", velocity: .point(x: mix.range(-900, 900), y: mix.range(-900, 900))), key: "decay")
        case 59..<65: return .remove(layer: layer, key: keys[mix.below(keys.count)])
        case 65..<67: return .removeAll(layer: layer)
        case 67..<70: return .replaceLayer(layer)
        case 70..<74: return .completion(layer: layer, value: point)
        case 74..<78: return .velocity(layer: layer, key: mix.below(2) == 0 ? "transform" : "position")
        default: return .tick(mix.range(0.01, 0.35))
        }
    }

    @Test("3 seeds × 500 steps on 6 layers: the direct and the general change paths agree on keys, completions and presentations (to the bit); blocks stay disjoint; keys exact; nothing left at the end")
    func churn() throws {
        for seed in [UInt64(1), 7, 42] {
            var mix = SplitMix64(seed: seed)
            var engines: [Engine] = []
            var layers: [[LayerID]] = []
            var classes: [LayerClassID] = []
            let logs = [Log<String>(), Log<String>()]
            for general in [false, true] {
                let engine = Engine()
                let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
                if general { try engine.setDefaultActionHandler(ActionHandler { _, _, _ in .continueSearch }, for: dot) }
                layers.append(try (0..<6).map { _ in try engine.makeLayerHandle(dot) })
                try engine.tick(0)
                engines.append(engine)
                classes.append(dot)
            }
            var now = 0.0
            var completions = 0
            var refused = 0  // steps the engines refused (both alike): few, or the churn tests little
            for step in 0..<500 {
                let action = Self.randomStep(&mix, layers: 6, now: now)
                if case .tick(let dt) = action { now += dt }
                var outcomes: [String] = []
                for (e, engine) in engines.enumerated() {
                    var outcome = "ok"
                    do {
                        switch action {
                        case .set(let l, let key, let value, let spring):
                            if spring {
                                try engine.beginTransaction()
                                try engine.modifyTransaction { $0.spring = Spring() }
                                try engine.setValue(value, forKeyPath: key, of: layers[e][l])
                                try engine.commitTransaction()
                            } else {
                                try engine.setValue(value, forKeyPath: key, of: layers[e][l])
                            }
                        case .add(let l, let animation, let key):
                            try engine.addAnimation(animation, forKey: key, to: layers[e][l])
                        case .remove(let l, let key):
                            try engine.removeAnimation(forKey: key, from: layers[e][l])
                        case .removeAll(let l):
                            try engine.removeAllAnimations(from: layers[e][l])
                        case .replaceLayer(let l):
                            try engine.release(layers[e][l])
                            layers[e][l] = try engine.makeLayerHandle(classes[e])
                        case .completion(let l, let value):
                            try engine.beginTransaction()
                            try engine.modifyTransaction { $0.animationDuration = 0.5 }
                            let log = logs[e], number = completions
                            try engine.addCompletion(TransactionCompletion { _, finished in log.add("\(number) \(finished)") })
                            try engine.setValue(value, forKeyPath: "position", of: layers[e][l])
                            try engine.commitTransaction()
                        case .velocity(let l, let key):
                            outcome = "\(try engine.presentationVelocity(forKeyPath: key, of: layers[e][l]))"
                        case .tick:
                            try engine.tick(now)
                        }
                    } catch {
                        outcome = "\(error)"
                    }
                    outcomes.append(outcome)
                }
                if case .completion = action { completions += 1 }
                if case .velocity = action {} else if outcomes[0] != "ok" { refused += 1 }
                #expect(outcomes[0] == outcomes[1], "seed \(seed) step \(step) \(action): \(outcomes)")
                for (e, engine) in engines.enumerated() {
                    let issues = engine.bookkeepingIssues()
                    guard issues.isEmpty else {
                        Issue.record("seed \(seed) step \(step) engine \(e) after \(action): \(issues)")
                        return
                    }
                }
                guard case .tick = action else { continue }
                for l in 0..<6 {
                    let (a, b) = (layers[0][l], layers[1][l])
                    #expect(try engines[0].animationKeys(of: a) == engines[1].animationKeys(of: b), "seed \(seed) step \(step) layer \(l) keys")
                    for key in ["position", "opacity", "transform", "bounds"] {
                        let x = try engines[0].presentationValue(forKeyPath: key, of: a)
                        let y = try engines[1].presentationValue(forKeyPath: key, of: b)
                        #expect(x == y, "seed \(seed) step \(step) layer \(l) \(key): direct \(String(describing: x)), general \(String(describing: y))")
                    }
                }
                #expect(logs[0].all == logs[1].all, "seed \(seed) step \(step) completions")
            }
            for (e, engine) in engines.enumerated() {
                for layer in layers[e] { try engine.removeAllAnimations(from: layer) }
                try engine.tick(now + 1)
                #expect(engine.bookkeepingIssues().isEmpty)
                let counts = engine.bookkeeping()
                #expect(counts.animationKeys == 0, "seed \(seed) engine \(e): keys left")
                #expect(counts.animationValueSlots == 0, "seed \(seed) engine \(e): animation values left")
                #expect(counts.presentationSlots == 0, "seed \(seed) engine \(e): presentation left")
                #expect(counts.completionGroups.isEmpty, "seed \(seed) engine \(e): completion groups left")
            }
            #expect(logs[0].all == logs[1].all)
            #expect(logs[0].count == completions, "seed \(seed): each completion once")
            #expect(completions >= 5 && refused <= 25, "seed \(seed): \(completions) completions, \(refused) steps refused")
        }
    }
}

// MARK: - A pending path's rotation in velocity reads

@Suite("Bookkeeping: the velocity of a path's rotation added but not committed")
struct BookkeepingPendingRotationTests {
    /// `evaluateProperty` takes an uncommitted animation as begun at the next commit
    /// (`beginsAtCommit`). A path's rotation must carry that flag with its keyframes: sampled at
    /// begin time 0 instead — long over — the transform would read no motion until the tick
    /// commits them, while the position already moves.
    @Test("added, not yet committed: the transform's velocity is the rotation's at its start, as once committed (the position's already is)")
    func pendingRotationVelocity() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(10)
        try engine.addAnimation(along(cubic(XY(0, 0), XY(50, 120), XY(140, -60), XY(200, 10))), forKey: "follow", to: layer)
        let pendingPosition = try engine.presentationVelocity(forKeyPath: "position", of: layer)
        let pendingTransform = try engine.presentationVelocity(forKeyPath: "transform", of: layer)
        try engine.tick(10)  // commits them: they begin now
        let position = try engine.presentationVelocity(forKeyPath: "position", of: layer)
        let transform = try engine.presentationVelocity(forKeyPath: "transform", of: layer)
        expectValue(pendingPosition, position, 1e-6, "position velocity before and after the commit")
        #expect(slots(transform).contains { $0 != 0 }, "premise: once committed the transform turns")
        expectValue(pendingTransform, transform, 1e-6, "transform velocity before and after the commit")
    }
}

// MARK: - Layer clocks

/// Each layer's clock (the copy of its timing the walk of layer times reads) follows its model
/// timing through the public ways of writing it, and a reused slot starts from the default:
/// checked by the bookkeeping audit, and by the layers' local times against the rule computed
/// here from the values written. (The direct change and the batch's fast path refuse keys with
/// a range, as timing keys are; they call the same `propertyDidChange` as the general path.)
@Suite struct LayerClockTests {
    /// (beginTime, speed, timeOffset) as the test wrote them.
    struct Written { var begin = 0.0, speed = 1.0, offset = 0.0 }

    @Test func clocksFollowEveryTimingWrite() throws {
        let engine = Engine()
        let root = try engine.makeLayerHandle(), child = try engine.makeLayerHandle()
        try engine.addSublayer(child, to: root)
        var written = [Written(), Written()]
        try engine.tick(10)
        func check(_ step: String) throws {
            #expect(engine.bookkeepingIssues().isEmpty, "\(step): \(engine.bookkeepingIssues())")
            let rootTime = (10 - written[0].begin) * written[0].speed + written[0].offset
            let childTime = (rootTime - written[1].begin) * written[1].speed + written[1].offset
            #expect(try engine.localTime(of: root) == rootTime, "\(step): the root's time")
            #expect(try engine.localTime(of: child) == childTime, "\(step): the sublayer's time")
        }
        try check("defaults")
        try engine.setValue(.scalar(1.5), forKeyPath: "speed", of: child)
        written[1].speed = 1.5
        try check("setValue(forKeyPath:)")
        try engine.setScalar(0.25, forKey: engine.key("timeOffset"), of: child)
        written[1].offset = 0.25
        try check("setScalar (a timing key has a range, so the direct change leaves it to the general path)")
        try engine.beginTransaction()
        try engine.setTransactionFields { $0.disableActions = true }
        try engine.setValue(.scalar(2), forKey: engine.key("speed"), of: root)
        try engine.commitTransaction()
        written[0].speed = 2
        try check("setValue(forKey:) in a transaction without actions")
        var numbers = [0.5, 3.0]
        try numbers.withUnsafeMutableBufferPointer { numbers in
            try [root, child].withUnsafeBufferPointer { batch in
                try engine.setValues(forKey: engine.key("beginTime"), of: batch, kind: .scalar, from: numbers.baseAddress!)
            }
        }
        written[0].begin = 0.5
        written[1].begin = 3
        try check("setValues (a batch, on its general path for a key with a range)")
        try engine.setValue(.scalar(1), forKeyPath: "speed", of: child)
        try engine.setValue(.scalar(0), forKeyPath: "timeOffset", of: child)
        try engine.setValue(.scalar(0), forKeyPath: "beginTime", of: child)
        written[1] = Written()
        try check("the sublayer back to the default timing")
        // The sublayer's slot, freed, is taken by a new layer: it starts at the default timing.
        try engine.setValue(.scalar(4), forKeyPath: "speed", of: child)
        try engine.removeFromSuperlayer(child)
        try engine.release(child)
        let reused = try engine.makeLayerHandle()
        #expect(reused.rawValue & Handle.indexMask == child.rawValue & Handle.indexMask, "the freed slot is taken again")
        try engine.addSublayer(reused, to: root)
        #expect(engine.bookkeepingIssues().isEmpty, "a reused slot: \(engine.bookkeepingIssues())")
        let rootTime = (10 - written[0].begin) * written[0].speed + written[0].offset
        #expect(try engine.localTime(of: reused) == rootTime, "a new layer in a reused slot runs on its superlayer's time")
    }
}
