/// The distinct presentation layouts of an engine's layers, interned: a layer names its layout
/// by index (`LayerPlace.presentationLayout`), so a read finds a property's presentation
/// slots without walking the layer's animations. Most layers of a scene share a handful of
/// layouts; at most `capacity` are kept (never dropped), and a layer whose layout does not fit
/// names none (its reads walk its animations, as before). The entries of all layouts lie in
/// one array, so that the batch read reaches them through raw pointers.
struct PresentationLayouts {
    /// Every layout's entries, one layout after another.
    private(set) var entries: [PresentationEntry] = []
    /// Where each layout's entries begin in `entries`, and how many it has.
    private(set) var starts: [Int32] = []
    private(set) var counts: [Int32] = []
    private var indexByLayout: [[PresentationEntry]: Int32] = [:]
    /// The one-entry layout of each property seen, by property index (−1: none yet): a layer's
    /// first animation finds its layout without hashing.
    private var single: [Int32] = []

    /// The most layouts kept.
    static let capacity = 4096

    /// The index of `layout` (non-empty), interning it; −1 when the table is full.
    mutating func intern(_ layout: [PresentationEntry]) -> Int32 {
        if let index = indexByLayout[layout] { return index }
        guard starts.count < Self.capacity else { return -1 }
        let index = Int32(starts.count)
        starts.append(Int32(entries.count))
        counts.append(Int32(layout.count))
        entries.append(contentsOf: layout)
        indexByLayout[layout] = index
        return index
    }

    /// The index of the layout of `property` alone: `size` slots at offset 0.
    mutating func intern(property: Int32, size: Int32) -> Int32 {
        let position = Int(property)
        if position < single.count, single[position] >= 0, entries[Int(starts[Int(single[position])])].size == size {
            return single[position]
        }
        let index = intern([PresentationEntry(property: property, offset: 0, size: size)])
        if position >= single.count { single.append(contentsOf: repeatElement(-1, count: position + 1 - single.count)) }
        if index >= 0 { single[position] = index }
        return index
    }

    /// Calls `body` with `entries`, `starts` and `counts` as raw pointers, valid during the call
    /// (for an empty table, stand-ins never read: no layer names a layout then).
    func withPointers<R>(
        _ body: (UnsafePointer<PresentationEntry>, UnsafePointer<Int32>, UnsafePointer<Int32>) -> R
    ) -> R {
        entries.withUnsafeBufferPointer { entries in
            starts.withUnsafeBufferPointer { starts in
                counts.withUnsafeBufferPointer { counts in
                    body(
                        entries.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<PresentationEntry>.alignment)!,
                        starts.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Int32>.alignment)!,
                        counts.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Int32>.alignment)!)
                }
            }
        }
    }

    /// The offset of `property` in layout `index` (≥ 0) within the presentation block, or nil
    /// when the layout has no entry for it.
    @inline(__always)
    func offset(of property: Int32, in index: Int32) -> Int32? {
        let start = Int(starts[Int(index)])
        for position in start..<start + Int(counts[Int(index)]) where entries[position].property == property {
            return entries[position].offset
        }
        return nil
    }
}
