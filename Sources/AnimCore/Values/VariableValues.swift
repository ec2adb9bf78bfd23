import Glibc

/// The engine's store of variable-length values (`path`, `numbers`, `colors`): a property slot
/// of these kinds holds a handle of this store (`SlotEncoding.slot(token:)` of index + 1), and 0
/// for the empty value, which takes no storage.
///
/// Each value is a flat run of numbers (a path's coordinates in element order, the numbers, or
/// four components per colour) and, for a path, its element types: the arithmetic of
/// animations (`interpolate`, `add`, `subtract`, `addScaled`) reads and writes these runs in
/// place, so a tick allocates nothing.
///
/// Layout: the runs are carved from arenas (`RunArena`), one per `Region` — stored values, the
/// buffers the tick's presentation writes, the buffers of evaluations at other times — each in
/// the order its runs were made. Animations added layer after layer so have their ends next to
/// each other in one stream, and their shown results, which the tick writes and the reads of
/// the presentation copy, next to each other in another: a pass over many layers streams
/// through memory instead of visiting allocations scattered among others. An entry freed keeps
/// its run (and its region) for the next value stored in it. A live entry's run moves only
/// when `reserve` gives it more room (a value stored, a buffer made or given a larger shape):
/// an interpolation resolved into a buffer (`resolveInterpolation`) keeps the runs it names.
///
/// Ownership: a layer's model slot owns the value its handle names, and gives it back
/// (`release`, or `retire` while a presentation slot may still show it) when the value is
/// replaced or the layer is destroyed; a class default's value is pinned (`store(_:pinned:)`),
/// shared by every layer still showing the default, and lives as long as the engine. An
/// animation owns its values (from, to, by, keyframes) and its result buffers (`makeBuffer`),
/// retired when it is removed. Accessed only under the engine's lock.
///
/// Threads: the tick's steady lane evaluates path and array animations in parts, on several
/// threads at once (`SteadyLane.Round`). Its evaluation only calls the arithmetic
/// (`interpolate`, `add`, `subtract`, `addScaled`), or writes through an interpolation resolved
/// before (`resolveInterpolation`) into its own buffer's run; the arithmetic reads any live
/// entry and writes only the entry of the animation buffer it is given — each buffer belongs
/// to one animation, and each animation is evaluated by one part — and, in the lane, never
/// more numbers than that buffer holds (`EngineState.variableResultsKeepOwnShape`), so nothing
/// is allocated or freed.
/// What would change the store's structure (`store`, `makeBuffer`, `release`, `retire`,
/// `releaseRetired`: the entry table, the free lists, the arenas, the retired list,
/// `liveCount`) is called only while no part runs. The entries sit in memory the store
/// manages (`entries`), not in a Swift array, so that writing one entry does not touch what
/// the other parts read; each on a cache line of its own, so that no two parts write one line
/// of the table.
final class VariableValues {
    /// One stored value: its kind, its run of `count` numbers (its room kept in `rooms`), and
    /// for a path the type of each of its `elements` elements (`Path.Element.typeCode`).
    struct Entry {
        // One cache line an entry (64 bytes; the table 64-byte aligned): all that the tick's
        // arithmetic (an operand's isLive, run and shapeVersion; a buffer's kind, count and
        // proof besides) and the reads (types, elements) touch of a value, the flags packed
        // beside the kind. The room of its memory, which only a change of structure reads, is
        // apart (`rooms`). Fewer cache lines per value when the table of many layers' values
        // does not fit the cache.
        var kind: ValueKind = .numbers
        var isLive = false
        var isPinned = false
        /// The arena its run is carved from; kept when the entry is freed and reused.
        var region = Region.values
        var run: UnsafeMutablePointer<Double>?
        var count = 0
        /// Moves on whenever the entry's shape (kind, count, elements, types) may change, and
        /// when the entry is freed; never back: an index and a version name one shape.
        var shapeVersion: UInt64 = 0
        var types: UnsafeMutablePointer<UInt8>?
        var elements = 0
        /// For a buffer: the shapes its last arithmetic proved (`ShapeProof`).
        var proof = ShapeProof()
    }

    /// What an arithmetic call into a buffer established about shapes: the buffer was shaped
    /// like the entry `source` and `source` agreed with `other`, when the three entries'
    /// `shapeVersion`s summed (wrapping) to `versions`. Versions only move on, so the sum
    /// stands exactly while all three do (it would take 2⁶⁴ changes to come round). While it
    /// stands, the next call with the same operands skips `agreeingShapes` and `giveShape` (a
    /// path's types compared and copied every tick otherwise). The indices are kept in 32
    /// bits: an index beyond (a table of 2³¹ entries) never matches, and its calls take the
    /// whole way.
    struct ShapeProof {
        var source: Int32 = -1
        var other: Int32 = -1
        var versions: UInt64 = 0
    }

    /// The room of an entry's memory, reserved and kept (`reserve`): numbers in its run,
    /// element types in its types.
    struct Room {
        var numbers = 0
        var types = 0
    }

    /// Where an entry's run lives (`RunArena`), by what the value is for: the runs of one
    /// region lie together, in the order they were made.
    enum Region: UInt8, CaseIterable {
        /// Stored values: model values, animations' ends and keyframes, class defaults.
        case values
        /// The buffers the tick's evaluation of the presentation writes
        /// (`VariableBuffers.result`, `derived`), which the reads of the presentation read.
        case shownBuffers
        /// The buffers of evaluations at other times (`VariableBuffers.readResult`,
        /// `readDerived`), which the tick does not touch.
        case otherBuffers
    }

    /// The entries by index (handle − 1): `entryCount` of them, room for `entryCapacity`, each
    /// on a cache line of its own (64-byte aligned). Moved only by `newEntry`, when the table
    /// is full.
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry> = VariableValues.allocateEntries(0)
    /// The room of each entry's memory, by index (beside `entries`, as many).
    @exclusivity(unchecked) private var rooms: UnsafeMutablePointer<Room> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var entryCapacity = 0
    /// Indices given back, by region (`Region.rawValue`), reused last freed first: a reused
    /// entry keeps its run, in its region.
    @exclusivity(unchecked) private var freeIndices: [[Int]] = Region.allCases.map { _ in [] }
    /// The memory of the entries' runs, by region (`Region.rawValue`).
    @exclusivity(unchecked) private var arenas: [RunArena] = Region.allCases.map { _ in RunArena() }
    /// Handles whose release waits for the end of the next tick (`releaseRetired`).
    @exclusivity(unchecked) private var retired: [Double] = []
    /// Values held now, pinned, buffers and retired ones included (tests check that replaced
    /// values are released).
    @exclusivity(unchecked) private(set) var liveCount = 0

    deinit {
        for index in 0..<entryCount {
            if let run = entries[index].run, RunArena.isSeparate(capacity: rooms[index].numbers) { run.deallocate() }
            entries[index].types?.deallocate()
        }
        for region in arenas.indices { arenas[region].deallocateAll() }
        entries.deinitialize(count: entryCount)
        UnsafeMutableRawPointer(entries).deallocate()
        rooms.deinitialize(count: entryCount)
        rooms.deallocate()
    }

    // MARK: Storing and reading

    /// Stores `value` (a variable-length one, already checked) and returns the slot naming it;
    /// 0 for an empty value (nothing stored). A pinned value is never released.
    /// - Parameters:
    ///   - value: a `path`, `numbers` or `colors` value.
    ///   - pinned: whether it is a class default, shared by layers; default false.
    func store(_ value: Value, pinned isPinned: Bool = false) -> Double {
        guard let count = value.elementCount, count > 0 else { return 0 }
        let (types, run) = Self.flatten(value)
        let index = newEntry(value.kind, pinned: isPinned, in: .values)
        reserve(index, numbers: run.count, elements: types.count)
        entries[index].count = run.count
        entries[index].elements = value.kind == .path ? types.count : count
        if let destination = entries[index].run { destination.update(from: run, count: run.count) }
        if let destination = entries[index].types { destination.update(from: types, count: types.count) }
        return SlotEncoding.slot(token: UInt64(index + 1))
    }

    /// A writable value owned by an animation, where its evaluation writes what it computes:
    /// of `kind`, shaped as the value `like` names (its run's room reserved, so a tick of that
    /// shape allocates nothing), its run in `region` (`.shownBuffers` or `.otherBuffers`;
    /// default: shown). Never 0, even for an empty shape.
    func makeBuffer(_ kind: ValueKind, like slot: Double, in region: Region = .shownBuffers) -> Double {
        let index = newEntry(kind, pinned: false, in: region)
        if let source = self.index(of: slot) {
            reserve(index, numbers: entries[source].count, elements: entries[source].kind == .path ? entries[source].elements : 0)
            copyShape(from: source, to: index)
        }
        return SlotEncoding.slot(token: UInt64(index + 1))
    }

    /// The value of `kind` a slot names: the empty value for 0, a handle this store does not
    /// hold, or one that holds another kind (which no engine path makes).
    func value(_ kind: ValueKind, slot: Double) -> Value {
        run(kind, slot: slot).value(kind)
    }

    /// The memory of the value of `kind` a slot names, for reading in place (no `Value` made):
    /// empty for 0, a handle this store does not hold, or one that holds another kind (as
    /// `value(_:slot:)` reads them). Valid until the store next changes.
    @inline(__always)  // the batch reads' per-layer step
    func run(_ kind: ValueKind, slot: Double) -> VariableRun {
        guard let index = index(of: slot), entries[index].kind == kind else { return VariableRun() }
        let entry = entries[index]
        return VariableRun(
            numbers: entry.count > 0 ? UnsafePointer(entry.run) : nil, count: entry.count,
            types: kind == .path ? UnsafePointer(entry.types) : nil, elements: entry.elements)
    }

    /// The store's counts now: values held (pinned ones, animations' buffers and retired
    /// values included) and the numbers they hold (each colour 4, a path its coordinates).
    var counts: VariableValueCounts {
        var numbers = 0
        for index in 0..<entryCount where entries[index].isLive { numbers += entries[index].count }
        return VariableValueCounts(values: liveCount, numbers: numbers)
    }

    /// Gives back the value a slot names, unless it is 0 or pinned.
    func release(_ slot: Double) {
        guard let index = index(of: slot), !entries[index].isPinned else { return }
        entries[index].isLive = false
        entries[index].count = 0
        entries[index].elements = 0
        entries[index].shapeVersion &+= 1
        freeIndices[Int(entries[index].region.rawValue)].append(index)
        liveCount -= 1
    }

    /// Gives back the value a slot names at the end of the next tick (`releaseRetired`): a
    /// presentation slot may show it until that tick computes the presentation again.
    func retire(_ slot: Double) {
        guard index(of: slot) != nil else { return }
        retired.append(slot)
    }

    /// Whether values wait for `releaseRetired`.
    var hasRetired: Bool { !retired.isEmpty }

    /// Gives back the values retired before, but those whose handle bits are in `shown` (a
    /// presentation slot still shows them: they wait for a later call).
    func releaseRetired(keeping shown: Set<UInt64>) {
        guard !retired.isEmpty else { return }
        var kept = 0
        for slot in retired {
            if shown.contains(slot.bitPattern) {
                retired[kept] = slot
                kept += 1
            } else {
                release(slot)
            }
        }
        retired.removeLast(retired.count - kept)
    }

    // MARK: Arithmetic

    /// The value `fraction` of the way from the value `from` names to `to`'s
    /// (`VariableInterpolation.interpolate`): written into `buffer` (from `makeBuffer`) when
    /// their shapes agree, and `buffer` returned; otherwise the slot of the end the half-way
    /// switch shows.
    func interpolate(_ kind: ValueKind, from: Double, to: Double, fraction: Double, into buffer: Double) -> Double {
        combine(kind, from, to, into: buffer, otherwise: ValueMath.switchesToEnd(at: fraction) ? to : from) { result, count, i, j in
            VariableInterpolation.interpolate(kind, from: run(at: i), to: run(at: j), count: count, fraction: fraction, into: result)
        }
    }

    /// The runs `interpolate(kind, from:, to:, fraction:, into: buffer)` reads and writes, for
    /// a caller that repeats it every tick: its work before the arithmetic — the handles
    /// looked up, the shapes compared, `buffer` given their shape — done once. nil when the
    /// shapes differ (the interpolation shows an end instead) or `buffer` names no entry.
    /// The runs stand while the three values live and keep their shapes (a live entry's run
    /// moves only when `reserve` grows it): an animation's own ends, which never change, and
    /// its own buffer, which only its own evaluation writes, in its ends' shape.
    func resolveInterpolation(_ kind: ValueKind, from: Double, to: Double, into buffer: Double) -> ResolvedInterpolation? {
        guard let target = index(of: buffer), let (i, j) = agreeingShapes(index(of: from), index(of: to)) else { return nil }
        _ = write(kind, like: i, shape: from, into: buffer) { _, _ in }
        return ResolvedInterpolation(from: run(at: i), to: run(at: j), result: entries[target].run, count: entries[target].count)
    }

    /// Whether `resolved` still names the runs `resolveInterpolation` would find for these
    /// values, of the count the buffer holds: the bookkeeping audit's check that none of them
    /// moved or changed shape since it was resolved.
    func stillResolves(_ resolved: ResolvedInterpolation, _ kind: ValueKind, from: Double, to: Double, into buffer: Double) -> Bool {
        guard let target = index(of: buffer), entries[target].kind == kind,
              let (i, j) = agreeingShapes(index(of: from), index(of: to))
        else { return false }
        let count = entries[target].count
        return resolved.count == count && (i.map { entries[$0].count } ?? 0) == count && resolved.result == entries[target].run
            && resolved.from == run(at: i) && resolved.to == run(at: j)
    }

    /// `a + b` (`VariableInterpolation.add`): into `buffer` when the shapes agree; else `b`,
    /// the value on top replacing the one beneath.
    func add(_ kind: ValueKind, _ a: Double, _ b: Double, into buffer: Double) -> Double {
        combine(kind, a, b, into: buffer, otherwise: b) { result, count, i, j in
            VariableInterpolation.add(kind, run(at: i), run(at: j), count: count, into: result)
        }
    }

    /// `a − b` (`VariableInterpolation.subtract`): into `buffer` when the shapes agree; else `a`.
    func subtract(_ kind: ValueKind, _ a: Double, _ b: Double, into buffer: Double) -> Double {
        combine(kind, a, b, into: buffer, otherwise: a) { result, count, i, j in
            VariableInterpolation.subtract(kind, run(at: i), run(at: j), count: count, into: result)
        }
    }

    /// `base + count × increment` (`VariableInterpolation.addScaled`): into `buffer` when the
    /// shapes agree; else `base`.
    func addScaled(_ kind: ValueKind, base: Double, increment: Double, count repeats: Double, into buffer: Double) -> Double {
        combine(kind, base, increment, into: buffer, otherwise: base) { result, count, i, j in
            VariableInterpolation.addScaled(kind, base: run(at: i), increment: run(at: j), count: count, repeats: repeats, into: result)
        }
    }

    /// The point at parameter `u` (0…1) of the cubic bezier `curve` names (a run of 4 × n
    /// numbers: a segment's start, two control points and end, n numbers each, as
    /// `KeyframeCurve.bezier` reads them), shaped as the value of n numbers `shape` names: into
    /// `buffer`, and `buffer` returned; `shape` itself when the curve's run is not 4 × n long
    /// (which no engine path makes).
    func bezier(_ kind: ValueKind, curve: Double, like shape: Double, at u: Double, into buffer: Double) -> Double {
        guard let curveIndex = index(of: curve), let shapeIndex = index(of: shape), let points = entries[curveIndex].run,
              entries[curveIndex].count == 4 * entries[shapeIndex].count
        else { return shape }
        return write(kind, like: shapeIndex, shape: shape, into: buffer) { result, count in
            KeyframeCurve.bezier(points, slots: count, at: u, into: result)
        }
    }

    // MARK: Entries

    /// The index a slot's handle names; nil for 0, a handle out of range or a free entry.
    private func index(of slot: Double) -> Int? {
        let handle = SlotEncoding.token(slot)
        guard handle > 0, handle <= UInt64(entryCount), entries[Int(handle - 1)].isLive else { return nil }
        return Int(handle - 1)
    }

    /// The run of the entry at `index` (nil for none: the empty value).
    @inline(__always)
    private func run(at index: Int?) -> UnsafeMutablePointer<Double>? {
        guard let index else { return nil }
        return entries[index].run
    }

    /// The arithmetic of two values `a` and `b` of the same shape into `buffer`: `body(result,
    /// count, i, j)` with the buffer's run, shaped as `a` (`write`), and the operands' entries
    /// (nil for an empty value); returns `buffer`, or `fallback` when the shapes differ (`a`
    /// when `buffer` names no entry). A call that repeats the last one into `buffer`, no shape
    /// having changed since (`ShapeProof`), goes straight to `body`.
    @inline(__always)
    private func combine(
        _ kind: ValueKind, _ a: Double, _ b: Double, into buffer: Double, otherwise fallback: @autoclosure () -> Double,
        _ body: (UnsafeMutablePointer<Double>, Int, Int?, Int?) -> Void
    ) -> Double {
        let (i, j, target) = (index(of: a), index(of: b), index(of: buffer))
        if let i, let j, let target, proves(entries[target].proof, target, i, j), entries[target].kind == kind {
            if let run = entries[target].run, entries[target].count > 0 { body(run, entries[target].count, i, j) }
            return buffer
        }
        guard let (i, j) = agreeingShapes(i, j) else { return fallback() }
        let result = write(kind, like: i, shape: a, into: buffer) { body($0, $1, i, j) }
        if let i, let j, let target {
            entries[target].proof = ShapeProof(
                source: Int32(truncatingIfNeeded: i), other: Int32(truncatingIfNeeded: j), versions: versionSum(target, i, j))
        }
        return result
    }

    /// Whether `proof`, the buffer `target`'s, still stands for the operands `i` and `j`.
    @inline(__always)
    private func proves(_ proof: ShapeProof, _ target: Int, _ i: Int, _ j: Int) -> Bool {
        Int(proof.source) == i && Int(proof.other) == j && proof.versions == versionSum(target, i, j)
    }

    /// The sum (wrapping) of the three entries' shape versions, as a `ShapeProof` keeps it.
    @inline(__always)
    private func versionSum(_ target: Int, _ i: Int, _ j: Int) -> UInt64 {
        entries[target].shapeVersion &+ entries[i].shapeVersion &+ entries[j].shapeVersion
    }

    /// Whether the values of two entries (nil: the empty value) have the same shape
    /// (`VariableInterpolation`'s rule: paths of the same element types in order, arrays of the
    /// same count; two empty values agree): the entries, else nil.
    @inline(__always)
    private func agreeingShapes(_ i: Int?, _ j: Int?) -> (Int?, Int?)? {
        guard let i, let j else { return i == nil && j == nil ? (nil, nil) : nil }
        let (p, q) = (entries + i, entries + j)
        guard p.pointee.kind == q.pointee.kind, p.pointee.elements == q.pointee.elements, p.pointee.count == q.pointee.count else {
            return nil
        }
        if p.pointee.kind == .path, let u = p.pointee.types, let v = q.pointee.types, u != v, memcmp(u, v, p.pointee.elements) != 0 {
            return nil
        }
        return (i, j)
    }

    /// Shapes `buffer` as the entry at `source` (the value `shape` names; nil: the empty value)
    /// and runs `body` with its run and the run's count; returns `buffer`, or `shape` when
    /// `buffer` names no entry.
    @inline(__always)
    private func write(
        _ kind: ValueKind, like source: Int?, shape: Double, into buffer: Double,
        _ body: (UnsafeMutablePointer<Double>, Int) -> Void
    ) -> Double {
        guard let target = index(of: buffer) else { return shape }
        if entries[target].kind != kind {
            entries[target].kind = kind
            entries[target].shapeVersion &+= 1
        }
        if let source {
            if source != target { giveShape(of: source, to: target) }
        } else {
            (entries[target].count, entries[target].elements) = (0, 0)
            entries[target].shapeVersion &+= 1
        }
        if let run = entries[target].run, entries[target].count > 0 { body(run, entries[target].count) }
        return buffer
    }

    /// Gives `target` the shape of `source` (its room reserved): nothing to do for an array
    /// already of its count, as a buffer is from one tick to the next.
    @inline(__always)
    private func giveShape(of source: Int, to target: Int) {
        let (from, to) = (entries + source, entries + target)
        if from.pointee.kind != .path && to.pointee.count == from.pointee.count && to.pointee.elements == from.pointee.elements {
            return
        }
        reserve(target, numbers: from.pointee.count, elements: from.pointee.kind == .path ? from.pointee.elements : 0)
        copyShape(from: source, to: target)
    }

    /// Gives `target` the shape of `source`: its count, element count and element types.
    private func copyShape(from source: Int, to target: Int) {
        entries[target].shapeVersion &+= 1
        entries[target].count = entries[source].count
        entries[target].elements = entries[source].elements
        if entries[source].kind == .path, let types = entries[source].types {
            entries[target].types?.update(from: types, count: entries[source].elements)
        }
    }

    /// A live entry of `kind`, reused or new, holding nothing yet, its run in `region`.
    private func newEntry(_ kind: ValueKind, pinned: Bool, in region: Region) -> Int {
        let index: Int
        if let reused = freeIndices[Int(region.rawValue)].popLast() {
            index = reused
        } else {
            if entryCount == entryCapacity { growTable() }
            index = entryCount
            (entries + index).initialize(to: Entry())
            (rooms + index).initialize(to: Room())
            entries[index].region = region
            entryCount += 1
        }
        entries[index].kind = kind
        entries[index].isLive = true
        entries[index].isPinned = pinned
        entries[index].count = 0
        entries[index].elements = 0
        entries[index].shapeVersion &+= 1
        liveCount += 1
        return index
    }

    /// Doubles the entry table's room (at least 16), moving the entries and their rooms.
    private func growTable() {
        let capacity = max(16, 2 * entryCapacity)
        let moved = Self.allocateEntries(capacity)
        moved.moveInitialize(from: entries, count: entryCount)
        UnsafeMutableRawPointer(entries).deallocate()
        let movedRooms = UnsafeMutablePointer<Room>.allocate(capacity: capacity)
        movedRooms.moveInitialize(from: rooms, count: entryCount)
        rooms.deallocate()
        (entries, rooms, entryCapacity) = (moved, movedRooms, capacity)
    }

    /// Memory for `capacity` entries, 64-byte aligned (an entry to a cache line), uninitialised.
    private static func allocateEntries(_ capacity: Int) -> UnsafeMutablePointer<Entry> {
        UnsafeMutableRawPointer.allocate(byteCount: max(1, capacity) * MemoryLayout<Entry>.stride, alignment: 64)
            .bindMemory(to: Entry.self, capacity: capacity)
    }

    /// Makes room in the entry for `numbers` numbers (in its region's arena) and `elements`
    /// element types (its memory grows, never shrinks: a reused entry keeps it). A first run is
    /// exactly `numbers` long (runs made in order lie back to back); a run outgrown is given
    /// back to the arena for a run of its room, and the new one takes at least twice the old
    /// room, so that the runs an entry gave back hold fewer numbers than its run now does.
    private func reserve(_ index: Int, numbers: Int, elements: Int) {
        if rooms[index].numbers < numbers {
            let region = Int(entries[index].region.rawValue)
            var room = numbers
            if let old = entries[index].run {
                arenas[region].free(old, capacity: rooms[index].numbers)
                room = max(numbers, 2 * rooms[index].numbers)
            }
            entries[index].run = arenas[region].allocate(room)
            rooms[index].numbers = room
        }
        if rooms[index].types < elements {
            entries[index].types?.deallocate()
            entries[index].types = .allocate(capacity: elements)
            rooms[index].types = elements
        }
    }

    /// How many numbers `value`'s run holds (`flatten(_:)`'s, without making it): a path's
    /// coordinates, the numbers, four per colour; 0 for another kind.
    static func runLength(of value: Value) -> Int {
        switch value {
        case .path(let path): path.elements.reduce(0) { $0 + $1.coordinateCount }
        case .numbers(let numbers): numbers.count
        case .colors(let colors): 4 * colors.count
        default: 0
        }
    }

    /// A value's element types (paths only) and run: the layout of every run the store keeps.
    static func flatten(_ value: Value) -> (types: [UInt8], run: [Double]) {
        switch value {
        case .path(let path):
            return (path.elements.map(\.typeCode), path.elements.flatMap(\.coordinates))
        case .numbers(let numbers):
            return ([], numbers)
        case .colors(let colors):
            return ([], colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] })
        default:
            return ([], [])
        }
    }
}

extension Path.Element {
    /// The element's type as the store keeps it: 0 move, 1 line, 2 quad curve, 3 curve, 4 close.
    var typeCode: UInt8 {
        switch self {
        case .move: 0
        case .line: 1
        case .quadCurve: 2
        case .curve: 3
        case .close: 4
        }
    }

    /// How many numbers an element of this type has (`coordinates.count`).
    var coordinateCount: Int { VariableRun.coordinateCount(ofType: typeCode) }

    /// The element of type `code` (`typeCode`) with its numbers read from `coordinates`.
    static func ofType(_ code: UInt8, coordinates c: UnsafePointer<Double>) -> Path.Element {
        switch code {
        case 0: .move(x: c[0], y: c[1])
        case 1: .line(x: c[0], y: c[1])
        case 2: .quadCurve(cx: c[0], cy: c[1], x: c[2], y: c[3])
        case 3: .curve(c1x: c[0], c1y: c[1], c2x: c[2], c2y: c[3], x: c[4], y: c[5])
        default: .close
        }
    }
}
