import Glibc

/// Where a large batch read found each of its values, so that the next read of the same layers
/// at the same keys — a host reads the same layers every frame — copies the values from there
/// without checking each handle and looking each property up again.
///
/// A read of `layersMinimum` layers or more notes, as it goes, the location of every cell
/// (`PresentationReader`). The locations hold while no layer's place has changed
/// (`EngineState.placeChanges`: a layer made or destroyed, a presentation block given, moved or
/// released), and they are used only by a read of the same handles in the same order, at the
/// same keys of the same kinds: that read would look up the same locations. The values are
/// read afresh from them every time. A location beyond its buffer's end is never followed: the
/// read then looks everything up again, as without the memo. (Part of the engine's state:
/// every access holds the engine's lock, so exclusivity is not checked at run time.)
final class BatchReadMemo {
    /// Where one cell's value lies: its buffer (0: the presentation buffer; c + 1: the model
    /// rows of class c) in the high 32 bits, its offset there in the low 32; `unkept` for a
    /// value no location holds for long (a model value out of line, which moves when it is set).
    typealias Location = UInt64

    /// The location of a value no memo keeps.
    static let unkept: Location = .max

    /// The fewest layers whose read is remembered: below this, the lookups cost little and
    /// remembering would cost a read more than it saves.
    static let layersMinimum = 256

    /// The location at `offset` in `buffer` (0: presentation; c + 1: class c's model rows).
    @inline(__always)
    static func location(buffer: Int, offset: Int) -> Location {
        guard buffer >= 0, buffer < 1 << 31, offset >= 0, offset <= Int(UInt32.max) else { return unkept }
        return UInt64(buffer) << 32 | UInt64(offset)
    }

    /// Whether the locations were kept (`keep`), for the read of `handles` at `keys` of `kinds`.
    @exclusivity(unchecked) private var holds = false
    /// `EngineState.placeChanges` when the locations were noted.
    @exclusivity(unchecked) private var placeChanges: UInt64 = 0
    @exclusivity(unchecked) private var keys: [PropertyKey] = []
    @exclusivity(unchecked) private var kinds: [ValueKind] = []
    /// Each key's part of the value at its location (a key path's), nil for the whole value,
    /// and the slots of the whole value there: the same in every class read.
    @exclusivity(unchecked) private var components: [KeyPathComponent?] = []
    @exclusivity(unchecked) private var sourceWidths: [Int] = []
    /// The handles read, and the location of each cell: row i's key k at `i × keys + k`.
    @exclusivity(unchecked) private var handles: UnsafeMutablePointer<UInt64> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var locations: UnsafeMutablePointer<Location> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var locationCapacity = 0

    deinit {
        handles.deallocate()
        locations.deallocate()
    }

    /// Forgets the locations: the next read looks everything up.
    func forget() { holds = false }

    /// Room for the locations of a read of `count` layers at `keys` of `kinds`, which the read
    /// fills (`PresentationReader`) before `keep(…)`; each key's part then follows
    /// (`notePart`), in order.
    func prepare(
        layers count: Int, keys: UnsafeBufferPointer<PropertyKey>, kinds: UnsafeBufferPointer<ValueKind>
    ) -> UnsafeMutablePointer<Location> {
        holds = false
        if count > capacity {
            handles.deallocate()
            handles = .allocate(capacity: count)
            capacity = count
        }
        if count * keys.count > locationCapacity {
            locations.deallocate()
            locations = .allocate(capacity: count * keys.count)
            locationCapacity = count * keys.count
        }
        // (Reused arrays: no allocation per read once they have grown.)
        self.keys.removeAll(keepingCapacity: true)
        self.keys.append(contentsOf: keys)
        self.kinds.removeAll(keepingCapacity: true)
        self.kinds.append(contentsOf: kinds)
        components.removeAll(keepingCapacity: true)
        sourceWidths.removeAll(keepingCapacity: true)
        return locations
    }

    /// Notes that the next key reads `component` (nil: the whole value) of a value of
    /// `sourceWidth` slots in every class.
    func notePart(_ component: KeyPathComponent?, sourceWidth: Int) {
        components.append(component)
        sourceWidths.append(sourceWidth)
    }

    /// Keeps the locations the read of `handles` filled since `prepare`, as of `placeChanges`;
    /// forgets them when one is unkept.
    func keep(_ handles: UnsafePointer<LayerID>, count: Int, placeChanges: UInt64) {
        let cells = UnsafeBufferPointer(start: locations, count: count * keys.count)
        guard sourceWidths.count == keys.count, !cells.contains(Self.unkept) else { return forget() }
        UnsafeMutableRawPointer(self.handles).copyMemory(from: handles, byteCount: count * MemoryLayout<UInt64>.stride)
        self.count = count
        self.placeChanges = placeChanges
        holds = true
    }

    /// Whether the locations hold with `placeChanges` as they are (for the read they describe).
    func isCurrent(placeChanges: UInt64) -> Bool { holds && placeChanges == self.placeChanges }

    /// Whether the locations describe a read of `handles` at `keys` of `kinds` with
    /// `placeChanges` as they are.
    func describes(
        _ handles: UnsafePointer<LayerID>, count: Int, keys: UnsafeBufferPointer<PropertyKey>,
        kinds: UnsafeBufferPointer<ValueKind>, placeChanges: UInt64
    ) -> Bool {
        isCurrent(placeChanges: placeChanges) && count == self.count && keys.elementsEqual(self.keys)
            && kinds.elementsEqual(self.kinds)
            && memcmp(self.handles, handles, count * MemoryLayout<UInt64>.stride) == 0
    }

    /// Copies each cell's value from its location into `output` (row i at `output + i × stride`,
    /// key k's `widths[k]` slots from `columns[k]`); `buffers[b]` is buffer b's base and
    /// `limits[b]` its end. False, having written part of `output`, at a location past its
    /// buffer's end: the caller reads the batch again with lookups.
    func read(
        buffers: UnsafePointer<UnsafeMutablePointer<Double>>, limits: UnsafePointer<Int>, bufferCount: Int,
        columns: UnsafePointer<Int>, widths: UnsafePointer<Int>, stride: Int, into output: UnsafeMutablePointer<Double>
    ) -> Bool {
        sourceWidths.withUnsafeBufferPointer { sourceWidths in
            guard let sourceWidths = sourceWidths.baseAddress else { return false }
            let cells = Cells(
                locations: locations, buffers: buffers, limits: limits, bufferCount: bufferCount, sourceWidths: sourceWidths)
            // One whole value per row, the common read, in a loop of its own.
            if keys.count == 1 && components[0] == nil && sourceWidths[0] == widths[0] {
                return cells.readColumn(count: count, width: widths[0], stride: stride, into: output + columns[0])
            }
            for index in 0..<count {
                let row = output + index &* stride
                for key in keys.indices {
                    guard let source = cells.source(index &* keys.count &+ key, sourceWidth: sourceWidths[key]) else { return false }
                    if let component = components[key] {
                        component.read(from: source, into: row + columns[key])
                    } else {
                        (row + columns[key]).copySlots(from: source, count: widths[key])
                    }
                }
            }
            return true
        }
    }

    /// The kept locations, and the buffers they lie in.
    private struct Cells {
        let locations: UnsafeMutablePointer<Location>
        let buffers: UnsafePointer<UnsafeMutablePointer<Double>>
        let limits: UnsafePointer<Int>
        let bufferCount: Int
        let sourceWidths: UnsafePointer<Int>

        /// Where cell `cell` lies, its value `sourceWidth` slots long; nil when the value would
        /// end past its buffer's end.
        @inline(__always)
        func source(_ cell: Int, sourceWidth: Int) -> UnsafeMutablePointer<Double>? {
            let location = locations[cell]
            let buffer = Int(truncatingIfNeeded: location >> 32), offset = Int(truncatingIfNeeded: location & 0xFFFF_FFFF)
            guard buffer < bufferCount, offset &+ sourceWidth <= limits[buffer] else { return nil }
            return buffers[buffer] + offset
        }

        /// Copies the whole values of the one key, `width` slots each, into the column at
        /// `column` of `count` rows `stride` slots apart; false at a value past its buffer's end.
        // Out of line, a small loop whose values stay in registers; a scalar's copy specialised.
        @inline(never)
        func readColumn(count: Int, width: Int, stride: Int, into column: UnsafeMutablePointer<Double>) -> Bool {
            width == 1
                ? copyColumn(count: count, width: 1, stride: stride, into: column)
                : copyColumn(count: count, width: width, stride: stride, into: column)
        }

        /// `readColumn`'s loop, `width` a constant in the scalar's copy.
        @inline(__always)
        private func copyColumn(
            count: Int, width: Int, stride: Int, into column: UnsafeMutablePointer<Double>
        ) -> Bool {
            // (In locals: the destination could alias the fields as far as the compiler knows.)
            let cells = Cells(
                locations: locations, buffers: buffers, limits: limits, bufferCount: bufferCount, sourceWidths: sourceWidths)
            var destination = column
            for index in 0..<count {
                guard let source = cells.source(index, sourceWidth: width) else { return false }
                destination.copySlots(from: source, count: width)
                destination += stride
            }
            return true
        }
    }
}

/// The memos of the last few distinct batch reads: a host may read several batches each frame
/// (the positions of its layers, then their opacities, or two lists of layers), and each finds
/// its own.
final class BatchReadMemos {
    /// The most reads remembered.
    static let capacity = 4

    /// The memos, the one used last at the end.
    @exclusivity(unchecked) private var memos: [BatchReadMemo] = []
    /// Reads that found their memo (`memo(describing:…)`), for the package's tests.
    @exclusivity(unchecked) private(set) var found = 0

    /// The memo that describes a read of `handles` at `keys` of `kinds` with `placeChanges` as
    /// they are, now the one used last; nil when none does.
    func memo(
        describing handles: UnsafePointer<LayerID>, count: Int, keys: UnsafeBufferPointer<PropertyKey>,
        kinds: UnsafeBufferPointer<ValueKind>, placeChanges: UInt64
    ) -> BatchReadMemo? {
        guard let index = memos.firstIndex(where: {
            $0.describes(handles, count: count, keys: keys, kinds: kinds, placeChanges: placeChanges)
        }) else { return nil }
        found &+= 1
        return use(index)
    }

    /// The memo a read is to fill, now the one used last: one that no longer holds, else a new
    /// one while fewer than `capacity` are kept, else the one used longest ago.
    func memoToFill(placeChanges: UInt64) -> BatchReadMemo {
        if let index = memos.firstIndex(where: { !$0.isCurrent(placeChanges: placeChanges) }) { return use(index) }
        if memos.count < Self.capacity {
            memos.append(BatchReadMemo())
            return memos[memos.count - 1]
        }
        return use(0)
    }

    /// Whether the memo used last holds with `placeChanges` as they are.
    func lastIsCurrent(placeChanges: UInt64) -> Bool { memos.last?.isCurrent(placeChanges: placeChanges) ?? false }

    /// The memo at `index`, moved to the end (no allocation: the array keeps its capacity).
    private func use(_ index: Int) -> BatchReadMemo {
        let memo = memos.remove(at: index)
        memos.append(memo)
        return memo
    }
}
