import Testing

@testable import AnimCore

/// The value store's layout (`VariableValues`, `RunArena`): runs carved in the order they are
/// made, one arena per region, entries on a cache line each; runs and entries reused after a
/// release; animations that stay right while the table and the arenas grow under them.
@Suite("Variable values: where runs and entries live")
struct VariableValueLayoutTests {
    static let square = VariableAnimationTests.square
    static let bigSquare = VariableAnimationTests.bigSquare

    /// The first number of the run the slot names (nil for an empty value).
    static func address(_ store: VariableValues, _ kind: ValueKind, _ slot: Double) -> UnsafePointer<Double>? {
        store.run(kind, slot: slot).numbers
    }

    @Test("an entry takes one cache line")
    func entryStride() {
        #expect(MemoryLayout<VariableValues.Entry>.stride == 64)
    }

    @Test("runs carved one after another lie next to each other, freed runs serve the same room only")
    func arenaOrderAndReuse() {
        var arena = RunArena()
        defer { arena.deallocateAll() }
        let first = arena.allocate(26)
        let second = arena.allocate(26)
        let third = arena.allocate(4)
        #expect(second == first + 26 && third == second + 26)
        arena.free(second, capacity: 26)
        #expect(arena.allocate(4) == third + 4, "a freed run of another room is not taken")
        #expect(arena.allocate(26) == second, "a freed run of the same room is")
        // Past the first slab: runs still usable and distinct from those before.
        let many = (0..<100).map { _ in arena.allocate(26) }
        for (index, run) in many.enumerated() { run.initialize(repeating: Double(index), count: 26) }
        #expect(many.enumerated().allSatisfy { index, run in run[0] == Double(index) && run[25] == Double(index) })
        #expect(Set(many).count == many.count && !many.contains(first))
        #expect(RunArena.isSeparate(capacity: RunArena.largeRun + 1) && !RunArena.isSeparate(capacity: RunArena.largeRun))
    }

    @Test("ends, shown buffers and other buffers each in a region of their own, each in order made")
    func regions() {
        let store = VariableValues()
        var shown: [Double] = [], other: [Double] = [], ends: [Double] = []
        for _ in 0..<4 {
            let (from, to) = (store.store(.path(Self.square)), store.store(.path(Self.bigSquare)))
            ends += [from, to]
            shown.append(store.makeBuffer(.path, like: to, in: .shownBuffers))
            other.append(store.makeBuffer(.path, like: to, in: .otherBuffers))
        }
        let count = store.run(.path, slot: ends[0]).count
        for group in [ends, shown, other] {
            let addresses = group.map { Self.address(store, .path, $0) }
            for index in addresses.indices.dropFirst() {
                #expect(addresses[index] == addresses[index - 1].map { $0 + count }, "next to the one made before it")
            }
        }
    }

    @Test("an entry released is reused in its own region, with its run")
    func reuseAfterRelease() {
        let store = VariableValues()
        let value = store.store(.numbers([1, 2, 3, 4]))
        let buffer = store.makeBuffer(.numbers, like: value, in: .shownBuffers)
        let run = Self.address(store, .numbers, buffer)
        let before = store.liveCount
        store.release(buffer)
        #expect(store.liveCount == before - 1)
        let stored = store.store(.numbers([5, 6, 7, 8]))
        #expect(stored != buffer, "a stored value does not take a shown buffer's entry")
        let again = store.makeBuffer(.numbers, like: value, in: .shownBuffers)
        #expect(again == buffer && Self.address(store, .numbers, again) == run)
        #expect(store.value(.numbers, slot: store.interpolate(.numbers, from: value, to: stored, fraction: 0.5, into: again))
            == .numbers([3, 4, 5, 6]))
    }

    @Test("a buffer that outgrows its run gets a larger one; its old run serves the next of that room")
    func growthFreesTheOldRun() {
        let store = VariableValues()
        let small = store.store(.numbers([1, 2, 3, 4]))
        let buffer = store.makeBuffer(.numbers, like: small)
        let oldRun = Self.address(store, .numbers, buffer)
        let (a, b) = (store.store(.numbers(Array(repeating: 1, count: 8))), store.store(.numbers(Array(repeating: 2, count: 8))))
        #expect(store.value(.numbers, slot: store.add(.numbers, a, b, into: buffer)) == .numbers(Array(repeating: 3, count: 8)))
        #expect(Self.address(store, .numbers, buffer) != oldRun)
        let next = store.makeBuffer(.numbers, like: small)
        #expect(Self.address(store, .numbers, next) == oldRun)
        #expect(store.value(.numbers, slot: store.interpolate(.numbers, from: small, to: small, fraction: 0.25, into: next))
            == .numbers([1, 2, 3, 4]))
    }

    @Test("a run outgrown one number at a time moves only when it doubles")
    func growthDoubles() {
        let store = VariableValues()
        let buffer = store.makeBuffer(.numbers, like: store.store(.numbers([1, 2, 3, 4])))
        var moves = 0
        var last = Self.address(store, .numbers, buffer)
        for count in 5...16 {
            let ones = store.store(.numbers(Array(repeating: 1, count: count)))
            let sum = store.add(.numbers, ones, ones, into: buffer)
            #expect(store.value(.numbers, slot: sum) == .numbers(Array(repeating: 2, count: count)))
            let now = Self.address(store, .numbers, buffer)
            if now != last { moves += 1 }
            last = now
        }
        #expect(moves == 2, "4 -> 8 at 5 numbers, 8 -> 16 at 9")
    }

    @Test("many layers' path animations added in batches while earlier ones run: each shows its own interpolation")
    func growthWhileAnimationsLive() throws {
        let engine = Engine()
        let shape = try engine.makeLayerClass(name: "Shape", properties: [PropertyDescriptor("path", default: .path(Path()))])
        let duration = 100.0
        var animated: [(layer: LayerID, from: Path, to: Path, begin: Double)] = []
        for batch in 0..<4 {
            let begin = Double(batch)
            try engine.tick(begin)
            for index in 0..<700 {
                let layer = try engine.makeLayerHandle(shape)
                let scale = Double(batch * 1000 + index + 1)
                let (from, to) = (Self.scaled(Self.square, scale), Self.scaled(Self.bigSquare, scale))
                try engine.addAnimation(basic("path", from: .path(from), to: .path(to), duration: duration), forKey: "p", to: layer)
                animated.append((layer, from, to, begin))
            }
            try engine.tick(begin)  // commits this batch (its animations begin now)
            try engine.tick(begin + 0.5)
        }
        let now = 10.0
        try engine.tick(now)
        for item in animated {
            let expected = VariableInterpolation.interpolate(
                from: .path(item.from), to: .path(item.to), fraction: (now - item.begin) / duration)
            #expect(try engine.presentationValue(forKeyPath: "path", of: item.layer) == expected)
        }
    }

    /// `path` with every coordinate times `scale`.
    static func scaled(_ path: Path, _ scale: Double) -> Path {
        Path(path.elements.map { element in
            switch element {
            case .move(let x, let y): .move(x: x * scale, y: y * scale)
            case .line(let x, let y): .line(x: x * scale, y: y * scale)
            default: element
            }
        })
    }
}
