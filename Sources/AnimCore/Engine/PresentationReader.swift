/// The batch read's fast path: declared properties' presentation values for many layers, read
/// through raw pointers with nothing written but the output (and, for a `BatchReadMemo`, each
/// cell's location) — so parts of one batch may run on several threads. The output is a table: a row of `stride` slots per layer, one column per
/// key at `columns[k]`, each a declared property's value or a key path's part of one. A key
/// that is neither in a layer's class ("frame", an undeclared key, another kind) is left
/// unwritten in that row, for the engine's general read to fill or refuse; a layer it cannot
/// read at all (a bad handle) stops it, and the general read goes on from there, in order,
/// with its messages.
struct PresentationReader {
    /// Where one key lives in one class: the property's index (−1: not read here, left to the
    /// general read) and its model slots' place.
    struct ClassEntry {
        var property: Int32
        /// The part of the property's value read (a key path's, "position.x"); nil for the whole.
        var component: KeyPathComponent?
        var modelOffset: Int32
        var isInline: Bool
        var defaultBlock: Int32
        var rows: UnsafeMutablePointer<Double>
    }

    /// The last layout looked in for one key, for which property, and the offset found (−1:
    /// none): neighbouring layers mostly share their layout.
    struct Memo {
        var layout: Int32 = -1
        var property: Int32 = -1
        var offset: Int32 = -1
    }

    /// Where the values are.
    let stores: ValueStores
    /// Layers in the engine's layer table (a handle's slot must be below it).
    let layerCount: Int
    /// One entry per class and key: class c's entry for key k at `c × keyCount + k`.
    let classes: UnsafeMutablePointer<ClassEntry>
    /// The keys read, each one column: its first slot in a row and its slots.
    let keyCount: Int
    let columns: UnsafePointer<Int>
    let widths: UnsafePointer<Int>
    /// Slots per row (per layer).
    let stride: Int
    /// Where to note each cell's location for `BatchReadMemo` (row i's key k at
    /// `i × keyCount + k`), nil for none; and the end of the presentation buffer in use.
    var locations: UnsafeMutablePointer<BatchReadMemo.Location>? = nil
    var presentationLimit = 0

    /// Where a read of a range of layers stopped: the first layer it could not read (a dead
    /// handle), or the range's end; and the first row before it with a key left to the
    /// general read, or the range's end when none is.
    struct Stop {
        var layer: Int
        var firstLeft: Int
    }

    /// One batch split in `parts` of consecutive layers; part k notes where it stopped in
    /// `stops[k]`.
    struct Round {
        let reader: PresentationReader
        let handles: UnsafePointer<LayerID>
        let output: UnsafeMutablePointer<Double>
        let stops: UnsafeMutablePointer<Stop>
        let count: Int
        let parts: Int

        func read(part: Int) {
            let range = (count * part / parts)..<(count * (part + 1) / parts)
            stops[part] = reader.read(handles, range, into: output)
        }
    }

    /// Reads the layers of `handles` in `range` into `output` (layer i's row at
    /// `output + i × stride`), but for the keys its class leaves to the general read ("frame",
    /// an undeclared key: left unwritten); returns where it stopped.
    func read(_ handles: UnsafePointer<LayerID>, _ range: Range<Int>, into output: UnsafeMutablePointer<Double>) -> Stop {
        // One key, the common read, in a specialisation of the loop made for it (the key loop
        // and its widths folded away by the compiler).
        keyCount == 1 ? read(handles, range, into: output, keysPerRow: 1) : read(handles, range, into: output, keysPerRow: keyCount)
    }

    /// `read(_:_:into:)` with `keysPerRow` = `keyCount`, a constant in the one-key copy.
    @inline(__always)
    private func read(
        _ handles: UnsafePointer<LayerID>, _ range: Range<Int>, into output: UnsafeMutablePointer<Double>, keysPerRow: Int
    ) -> Stop {
        withUnsafeTemporaryAllocation(of: Memo.self, capacity: keysPerRow) { memos in
            guard let memos = memos.baseAddress else { return Stop(layer: range.lowerBound, firstLeft: range.lowerBound) }
            memos.initialize(repeating: Memo(), count: keysPerRow)
            // What the loop reads, in locals: the output could alias any of it as far as the
            // compiler knows, so it would load each again after every write.
            let places = stores.places, layerCount = self.layerCount, classes = self.classes, stride = self.stride
            let locations = self.locations
            let firstColumn = columns[0], firstWidth = widths[0]
            var firstLeft = range.upperBound
            for index in range {
                guard let (slot, stamp) = Handle.unpack(handles[index].rawValue, kind: .layer), slot < layerCount
                else { return Stop(layer: index, firstLeft: firstLeft) }
                let place = places + slot
                guard place.pointee.stamp == stamp, stamp != 0 else { return Stop(layer: index, firstLeft: firstLeft) }
                // (Both products are below the sizes of buffers that exist: no overflow check.)
                let entries = classes + Int(place.pointee.classIndex) &* keysPerRow
                let row = output + index &* stride
                for key in 0..<keysPerRow {
                    let entry = entries + key
                    let property = entry.pointee.property
                    guard property >= 0 else {
                        firstLeft = min(firstLeft, index)  // for the general read
                        continue
                    }
                    let source = stores.batchPresentationSlots(of: slot, place, property, entry, memo: &memos[key])
                    if let locations {
                        locations[index &* keysPerRow &+ key] = location(of: source, entry, classIndex: Int(place.pointee.classIndex))
                    }
                    let destination = row + (key == 0 ? firstColumn : columns[key])
                    if let component = entry.pointee.component {
                        component.read(from: source, into: destination)
                        continue
                    }
                    destination.copySlots(from: source, count: key == 0 ? firstWidth : widths[key])
                }
            }
            return Stop(layer: range.upperBound, firstLeft: firstLeft)
        }
    }

    /// Where `source`, the value `entry` reads in a layer of the class at `classIndex`, lies
    /// (`BatchReadMemo.Location`): in the presentation buffer, in the class's model rows, or
    /// out of line (unkept).
    @inline(__always)
    private func location(
        of source: UnsafeMutablePointer<Double>, _ entry: UnsafePointer<ClassEntry>, classIndex: Int
    ) -> BatchReadMemo.Location {
        let inPresentation = stores.presentation.distance(to: source)
        if inPresentation >= 0 && inPresentation < presentationLimit {
            return BatchReadMemo.location(buffer: 0, offset: inPresentation)
        }
        guard entry.pointee.isInline else { return BatchReadMemo.unkept }
        return BatchReadMemo.location(buffer: classIndex + 1, offset: entry.pointee.rows.distance(to: source))
    }
}

extension PresentationReader.ClassEntry {
    /// Where `target` (nil: not read here, left to the general read) lives in `layerClass`.
    init(_ layerClass: LayerClass, _ target: KeyPathTarget?) {
        self.init(property: -1, component: nil, modelOffset: 0, isInline: true, defaultBlock: -1, rows: layerClass.rows.base)
        guard let target else { return }
        let layout = layerClass.layouts[target.property]
        property = Int32(target.property)
        component = target.component
        modelOffset = Int32(layout.offset)
        isInline = layout.isInline
        defaultBlock = Int32(layout.defaultBlock)
    }
}

extension ValueStores {
    /// The presentation slots of `entry`'s property (`LayerSlots.presentation`) of the layer in
    /// `slot` (its place `place`), for a batch read: its entry in the block (the offset memoised
    /// in `memo`, neighbouring layers mostly sharing their layout), or the model value.
    @inline(__always)
    func batchPresentationSlots(
        of slot: Int, _ place: UnsafeMutablePointer<LayerPlace>, _ property: Int32,
        _ entry: UnsafePointer<PresentationReader.ClassEntry>, memo: inout PresentationReader.Memo
    ) -> UnsafeMutablePointer<Double> {
        let layout = place.pointee.presentationLayout
        let offset: Int32
        if layout >= 0 {
            if layout != memo.layout || property != memo.property {
                memo = PresentationReader.Memo(layout: layout, property: property, offset: self.offset(of: property, inLayout: layout))
            }
            offset = memo.offset
        } else {
            offset = presentationOffset(of: property, slot: slot, layout: layout)
        }
        if offset >= 0 { return presentation + Int(place.pointee.presentationOffset) + Int(offset) }
        return batchModelSlots(place, entry)
    }

    /// The model slots of `entry`'s property of the layer at `place`, for a batch read
    /// (`modelSlots(in:offset:isInline:defaultBlock:)` with the class's layout kept in `entry`).
    @inline(__always)
    func batchModelSlots(
        _ place: UnsafeMutablePointer<LayerPlace>, _ entry: UnsafePointer<PresentationReader.ClassEntry>
    ) -> UnsafeMutablePointer<Double> {
        modelSlots(
            in: entry.pointee.rows + Int(place.pointee.row), offset: Int(entry.pointee.modelOffset),
            isInline: entry.pointee.isInline, defaultBlock: Int(entry.pointee.defaultBlock))
    }
}
