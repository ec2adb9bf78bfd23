/// The distinct presentation layouts of an engine's layers, interned: a layer names its layout
/// by index (`LayerPlace.presentationLayout`), so a read finds a property's presentation
/// slots without walking the layer's animations. Most layers of a scene share a handful of
/// layouts; at most `capacity` are kept (never dropped), and a layer whose layout does not fit
/// names none (its reads walk its animations, as before). The entries of all layouts lie in
/// one buffer, so that reads reach them through raw pointers (`ValueStores`).
final class PresentationLayouts {
    /// Every layout's entries, one layout after another.
    let entries = RecordBuffer<PresentationEntry>(initialCapacity: 64)
    /// Where each layout's entries begin in `entries`, and how many it has.
    let starts = RecordBuffer<Int32>(initialCapacity: 16)
    let counts = RecordBuffer<Int32>(initialCapacity: 16)
    /// Each layout's properties as bits (`bit(of:)`): a read of a property its layout lacks —
    /// most of a render list's reads — is answered without searching the entries.
    let masks = RecordBuffer<UInt64>(initialCapacity: 16)
    @exclusivity(unchecked) private var indexByLayout: [[PresentationEntry]: Int32] = [:]
    /// The one-entry layout of each property seen, by property index (−1: none yet): a layer's
    /// first animation finds its layout without hashing.
    @exclusivity(unchecked) private var single: [Int32] = []

    /// The most layouts kept.
    static let capacity = 4096

    /// The index of `layout` (non-empty), interning it; −1 when the table is full.
    func intern(_ layout: [PresentationEntry]) -> Int32 {
        if let index = indexByLayout[layout] { return index }
        guard starts.count < Self.capacity else { return -1 }
        let index = Int32(starts.count)
        starts.append(Int32(entries.count))
        counts.append(Int32(layout.count))
        masks.append(layout.reduce(0) { $0 | Self.bit(of: $1.property) })
        for entry in layout { entries.append(entry) }
        indexByLayout[layout] = index
        return index
    }

    /// The bit of `property` (a property index) in a layout's mask: its own below 63; the
    /// properties from 63 on share bit 63; none for a negative index (a group's), which no
    /// layout holds.
    @inline(__always)
    static func bit(of property: Int32) -> UInt64 {
        property < 0 ? 0 : 1 << UInt64(min(property, 63))
    }

    /// The index of the layout of `property` alone: `size` slots at offset 0.
    func intern(property: Int32, size: Int32) -> Int32 {
        let position = Int(property)
        if position < single.count, single[position] >= 0, entries[Int(starts[Int(single[position])])].size == size {
            return single[position]
        }
        let index = intern([PresentationEntry(property: property, offset: 0, size: size)])
        if position >= single.count { single.append(contentsOf: repeatElement(-1, count: position + 1 - single.count)) }
        if index >= 0 { single[position] = index }
        return index
    }
}
