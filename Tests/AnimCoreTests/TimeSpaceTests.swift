import AnimCore
import Testing

/// Time spaces (reference §2.10): the inverse of the stage-1 map, chains of layers, TimeTree's
/// convertTime through the common ancestor (and its errors: mismatched arrays, bad indexes,
/// cycles, speed 0 on the way up), and nested evaluation of group chains, where a child runs in
/// its group's basic (iteration) time.
@Suite("Time spaces")
struct TimeSpaceTests {
    @Test("parentTime(fromLocalTime:) inverts localTime(atParentTime:)")
    func inverse() throws {
        let timing = MediaTiming(beginTime: 10, duration: .infinity, speed: 2, timeOffset: 1)
        // (local − offset)/speed + begin: (21 − 1)/2 + 10 = 20.
        #expect(try timing.parentTime(fromLocalTime: 21) == 20)
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let layer = MediaTiming(
                beginTime: generator.double(in: -50...50), duration: .infinity,
                speed: generator.double(in: 0.1...4) * (generator.next() % 2 == 0 ? 1 : -1),
                timeOffset: generator.double(in: -50...50))
            let parent = generator.double(in: -1000...1000)
            let back = try layer.parentTime(fromLocalTime: layer.localTime(atParentTime: parent))
            expectClose(back, parent, tolerance: 1e-9, "round trip of \(parent)")
        }
        let paused = MediaTiming(duration: .infinity, speed: 0, timeOffset: 4)
        let error = #expect(throws: AnimCoreError.self) { try paused.parentTime(fromLocalTime: 4) }
        #expect(error?.code == .notInvertible)
    }

    @Test("chains: an empty chain is absolute time; speed 0 on the way up names the entry")
    func chains() throws {
        #expect(MediaTiming.localTime(fromAbsoluteTime: 12.5, through: [MediaTiming]()) == 12.5)
        #expect(try MediaTiming.absoluteTime(fromLocalTime: 12.5, through: [MediaTiming]()) == 12.5)
        let chain = [
            MediaTiming.layerDefault,
            MediaTiming(duration: .infinity, speed: 0, timeOffset: 3),
            MediaTiming(beginTime: 1, duration: .infinity, speed: 2),
        ]
        // Down the chain a paused layer pins the time: (3 − 1)·2 = 4 whatever the absolute time.
        #expect(MediaTiming.localTime(fromAbsoluteTime: 1e6, through: chain) == 4)
        let error = #expect(throws: AnimCoreError.self) { try MediaTiming.absoluteTime(fromLocalTime: 4, through: chain) }
        #expect(error?.code == .notInvertible)
        #expect(error?.message.contains("chain[1]") == true, "names the paused entry: \(error?.message ?? "")")
    }

    @Test("each hop holds a layer's time within ±Limits.time: nested speeds and a speed near 0 stay finite")
    func heldTimes() throws {
        let fast = MediaTiming(duration: .infinity, speed: MediaTiming.Limits.speed)
        let chain = Array(repeating: fast, count: 60) + [MediaTiming(duration: .infinity, speed: 0, timeOffset: 2)]
        // 1e6^60 s would pass the largest double, and the paused layer below make ∞ × 0 = NaN.
        #expect(MediaTiming.localTime(fromAbsoluteTime: 1, through: chain.dropLast()) == MediaTiming.Limits.time)
        #expect(MediaTiming.localTime(fromAbsoluteTime: -1, through: chain.dropLast()) == -MediaTiming.Limits.time)
        #expect(MediaTiming.localTime(fromAbsoluteTime: 1, through: chain) == 2)
        #expect(fast.layerTime(atParentTime: 7) == 7e6, "within the limits, the formula as it is")
        let crawl = MediaTiming(duration: .infinity, speed: 1e-300)
        #expect(try crawl.parentTime(fromLocalTime: 1) == MediaTiming.Limits.time)
        #expect(try MediaTiming.absoluteTime(fromLocalTime: -1, through: [crawl, crawl]) == -MediaTiming.Limits.time)
        let tree = try TimeTree(timings: chain, parents: [nil] + (0..<60).map { Optional($0) })
        #expect(try tree.convert(1, from: nil, to: 59) == MediaTiming.Limits.time)
        #expect(try tree.convert(1, from: nil, to: 60) == 2)
    }

    @Test("TimeTree: siblings convert through their common ancestor only")
    func siblings() throws {
        // Root paused (speed 0): going through it would fail, but siblings never leave it.
        let root = MediaTiming(duration: .infinity, speed: 0)
        let a = MediaTiming(beginTime: 1, duration: .infinity, speed: 2)
        let b = MediaTiming(duration: .infinity, speed: 0.5, timeOffset: 3)
        let tree = try TimeTree(timings: [root, a, b], parents: [nil, 0, 0])
        // 5 in a → root time (5 − 0)/2 + 1 = 3.5 → b: 3.5·0.5 + 3 = 4.75.
        expectClose(try tree.convert(5, from: 1, to: 2), 4.75, tolerance: 0)
        // And back: 4.75 in b → (4.75 − 3)/0.5 = 3.5 → a: (3.5 − 1)·2 = 5.
        expectClose(try tree.convert(4.75, from: 2, to: 1), 5, tolerance: 0)
        // Leaving the paused root for absolute time is not possible.
        let error = #expect(throws: AnimCoreError.self) { try tree.convert(5, from: 1, to: nil) }
        #expect(error?.code == .notInvertible)
        #expect(error?.message.contains("timings[0]") == true, "names the paused node: \(error?.message ?? "")")
        // Down into it is: absolute time → root → b is 0·x + 0 → 0·0.5 + 3.
        expectClose(try tree.convert(123, from: nil, to: 2), 3, tolerance: 0)
    }

    @Test("TimeTree: converting a node to itself, and absolute to absolute, is the identity")
    func identity() throws {
        let tree = try TimeTree(
            timings: [MediaTiming(beginTime: 3, duration: .infinity, speed: 0), MediaTiming(duration: .infinity, speed: 7)],
            parents: [nil, 0])
        #expect(try tree.convert(42, from: 1, to: 1) == 42)
        #expect(try tree.convert(42, from: 0, to: 0) == 42)
        #expect(try tree.convert(42, from: nil, to: nil) == 42)
    }

    @Test("TimeTree: random trees round-trip between any two nodes")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let count = 6
            var timings: [MediaTiming] = []
            var parents: [Int?] = []
            for index in 0..<count {
                timings.append(MediaTiming(
                    beginTime: generator.double(in: -5...5), duration: .infinity,
                    speed: generator.double(in: 0.25...3) * (generator.next() % 4 == 0 ? -1 : 1),
                    timeOffset: generator.double(in: -5...5)))
                parents.append(index == 0 || generator.next() % 5 == 0 ? nil : Int(generator.next() % UInt64(index)))
            }
            let tree = try TimeTree(timings: timings, parents: parents)
            for from in [nil] + (0..<count).map(Optional.some) {
                for to in [nil] + (0..<count).map(Optional.some) {
                    let t = generator.double(in: -100...100)
                    let there = try tree.convert(t, from: from, to: to)
                    let back = try tree.convert(there, from: to, to: from)
                    expectClose(back, t, tolerance: 1e-9, "\(String(describing: from)) ⇄ \(String(describing: to))")
                    // Going through absolute time gives the same answer as the common ancestor.
                    let viaAbsolute = try tree.convert(tree.convert(t, from: from, to: nil), from: nil, to: to)
                    expectClose(viaAbsolute, there, tolerance: 1e-9 * max(1, abs(there)), "via absolute")
                }
            }
        }
    }

    @Test("TimeTree: mismatched arrays, bad parents, bad nodes and cycles are errors")
    func treeErrors() throws {
        let layer = MediaTiming.layerDefault
        let mismatch = #expect(throws: AnimCoreError.self) { try TimeTree(timings: [layer, layer], parents: [nil]) }
        #expect(mismatch?.code == .invalidArgument)
        for bad in [2, -1, Int.max] {
            let error = #expect(throws: AnimCoreError.self) { try TimeTree(timings: [layer, layer], parents: [nil, bad]) }
            #expect(error?.code == .outOfRange, "parent \(bad)")
            #expect(error?.message.contains("parents[1]") == true, "names parents[1]: \(error?.message ?? "")")
        }
        let tree = try TimeTree(timings: [layer, layer], parents: [nil, 0])
        for bad in [2, -1, 99] {
            let from = #expect(throws: AnimCoreError.self) { try tree.convert(0, from: bad, to: nil) }
            #expect(from?.code == .outOfRange, "from \(bad)")
            let to = #expect(throws: AnimCoreError.self) { try tree.convert(0, from: nil, to: bad) }
            #expect(to?.code == .outOfRange, "to \(bad)")
        }
        // Parent links that loop anywhere are refused when the tree is built, even when the
        // loop is away from the nodes a conversion would visit.
        let loops: [[Int?]] = [[1, 0, nil], [0], [nil, 2, 3, 1], [1, 0, 1, 2, 3, 4]]
        for links in loops {
            let cycle = #expect(throws: AnimCoreError.self) {
                try TimeTree(timings: Array(repeating: layer, count: links.count), parents: links)
            }
            #expect(cycle?.code == .cycle, "\(links)")
        }
        // A long chain without a loop is fine.
        let chain = try TimeTree(
            timings: Array(repeating: MediaTiming(duration: .infinity, timeOffset: 1), count: 100),
            parents: [nil] + (0..<99).map { $0 })
        #expect(try chain.convert(0, from: nil, to: 99) == 100)  // +1 per layer
    }

    // MARK: Nested evaluation (groups)

    @Test("evaluate(chain:): an empty chain has no state; one element is plain evaluation")
    func chainBasics() throws {
        #expect(try MediaTiming.evaluate(chain: [MediaTiming](), atParentTime: 0) == nil)
        let timing = MediaTiming(beginTime: 1, duration: 4, fillMode: .both)
        let single = try #require(try MediaTiming.evaluate(chain: [timing], atParentTime: 2))
        let plain = try timing.evaluate(atParentTime: 2)
        #expect(single.progress == plain.progress && single.phase == plain.phase)
    }

    @Test("evaluate(chain:): a child runs in its group's iteration time (repeats and reverses)")
    func childInGroupTime() throws {
        let child = MediaTiming(duration: 1, fillMode: .forwards)
        // Group d 2 repeating 3 times: at 4.5 its iteration time is 0.5, so the child is halfway.
        let repeating = MediaTiming(duration: 2, repeatCount: 3)
        expectClose(try #require(try MediaTiming.evaluate(chain: [repeating, child], atParentTime: 4.5)).progress, 0.5, tolerance: 1e-12)
        // ...and at 5.5 (group time 1.5) the child has ended and holds its end.
        expectClose(try #require(try MediaTiming.evaluate(chain: [repeating, child], atParentTime: 5.5)).progress, 1, tolerance: 0)
        // Group d 2 autoreversing: at 3.5 the group's time is 4 − 3.5 = 0.5.
        let reversing = MediaTiming(duration: 2, autoreverses: true)
        expectClose(try #require(try MediaTiming.evaluate(chain: [reversing, child], atParentTime: 3.5)).progress, 0.5, tolerance: 1e-12)
    }

    @Test("evaluate(chain:): an outer element out of effect takes the chain out of effect")
    func outerNotInEffect() throws {
        let group = MediaTiming(beginTime: 2, duration: 1)
        let child = MediaTiming(duration: 7, repeatCount: 2, fillMode: .both)
        let before = try #require(try MediaTiming.evaluate(chain: [group, child], atParentTime: 1))
        #expect(!before.isInEffect)
        #expect(before.phase == .before)  // the outer element's phase
        #expect(before.progress.isNaN && before.iterationTime.isNaN && before.localTime.isNaN)
        #expect(before.activeDuration == 14)  // the innermost's durations
        let after = try #require(try MediaTiming.evaluate(chain: [group, child], atParentTime: 3))
        #expect(!after.isInEffect && after.phase == .after)
    }
}
