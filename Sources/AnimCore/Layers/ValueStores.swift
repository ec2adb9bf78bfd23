/// Where the engine keeps values, as raw pointers taken for one read: valid while no store
/// grows (no layer, animation, out-of-line value or layout is added during the read).
///
/// The one home of the two lookups every reader calls — single reads, the batch read,
/// geometry, hit testing and the render list:
/// - a property's model slots: inline in its layer's class row, or an out-of-line block (the
///   class default while the layer has set none);
/// - its presentation slots: its entry in the layer's presentation block, found in the block's
///   interned layout (or along the layer's animations when it has none), else the model slots.
struct ValueStores {
    let places: UnsafeMutablePointer<LayerPlace>
    let layers: UnsafeMutablePointer<LayerRecord>
    let animations: UnsafeMutablePointer<AttachedAnimation>
    let presentation: UnsafeMutablePointer<Double>
    let outOfLine: UnsafeMutablePointer<Double>
    /// `PresentationLayouts`' entries, and each layout's start, count and mask.
    let layoutEntries: UnsafeMutablePointer<PresentationEntry>
    let layoutStarts: UnsafeMutablePointer<Int32>
    let layoutCounts: UnsafeMutablePointer<Int32>
    let layoutMasks: UnsafeMutablePointer<UInt64>

    /// The model slots of a property stored as `layout` says in a layer's model `row`.
    @inline(__always)
    func modelSlots(in row: UnsafeMutablePointer<Double>, _ layout: PropertyLayout) -> UnsafeMutablePointer<Double> {
        modelSlots(in: row, offset: layout.offset, isInline: layout.isInline, defaultBlock: layout.defaultBlock)
    }

    /// `modelSlots(in:_:)` from the layout's parts (the batch read keeps them per class).
    @inline(__always)
    func modelSlots(
        in row: UnsafeMutablePointer<Double>, offset: Int, isInline: Bool, defaultBlock: Int
    ) -> UnsafeMutablePointer<Double> {
        if isInline { return row + offset }
        let block = Int(Int64(bitPattern: row[offset].bitPattern))
        return outOfLine + (block >= 0 ? block : defaultBlock)
    }

    /// The offset of `property`'s entry in interned layout `layout` (≥ 0); −1 when the layout
    /// has none.
    @inline(__always)
    func offset(of property: Int32, inLayout layout: Int32) -> Int32 {
        guard layoutMasks[Int(layout)] & PresentationLayouts.bit(of: property) != 0 else { return -1 }
        let start = Int(layoutStarts[Int(layout)])
        for position in start..<start + Int(layoutCounts[Int(layout)]) where layoutEntries[position].property == property {
            return layoutEntries[position].offset
        }
        return -1
    }

    /// The offset of `property`'s entry in the presentation block of the layer in `slot`, whose
    /// layout is `layout` (−1: none, so its animations are walked); −1 when no animation of the
    /// layer drives the property (its reads show the model value).
    @inline(__always)
    func presentationOffset(of property: Int32, slot: Int, layout: Int32) -> Int32 {
        if layout >= 0 { return offset(of: property, inLayout: layout) }
        var animation = Int(layers[slot].firstAnimation)
        while animation >= 0 {
            let record = animations + animation
            if record.pointee.property == property { return record.pointee.presentationOffset }
            animation = Int(record.pointee.next)
        }
        return -1
    }
}

/// One layer's values resolved once — its model row, its class's layouts, its presentation
/// block and that block's layout — for a reader of several of its properties (geometry, the
/// render list), which then finds each through `ValueStores`' lookups without resolving the
/// layer again.
struct LayerSlots {
    let stores: ValueStores
    let slot: Int
    let row: UnsafeMutablePointer<Double>
    let layouts: UnsafePointer<PropertyLayout>
    /// The layer's presentation block (meaningful only where a property has an entry in it).
    let block: UnsafeMutablePointer<Double>
    /// The block's interned layout; −1 for none.
    let layout: Int32
    /// Whether `shown` gives presentation slots (true) or model slots.
    let showsPresentation: Bool
    /// The properties (`PresentationLayouts.bit(of:)`) whose shown slots may be in the block,
    /// found once for all of the layer's reads (`presentedMask`): a property outside it shows
    /// its model slots with no lookup.
    let presented: UInt64

    /// The `presented` mask of a reader: none for model values or a layer with no animations;
    /// the layout's mask for a block with an interned layout; every bit for a block without one
    /// (its animations are walked).
    @inline(__always)
    static func presentedMask(_ stores: ValueStores, slot: Int, layout: Int32, showsPresentation: Bool) -> UInt64 {
        guard showsPresentation else { return 0 }
        if layout >= 0 { return stores.layoutMasks[Int(layout)] }
        return stores.layers[slot].firstAnimation >= 0 ? ~0 : 0
    }

    /// The model slots of `property` (an index of the layer's class).
    @inline(__always)
    func model(_ property: Int) -> UnsafeMutablePointer<Double> {
        stores.modelSlots(in: row, layouts[property])
    }

    /// The presentation slots of `property`: its block entry when an animation drives it (an
    /// animation not yet committed keeps the value it was added over), else the model slots.
    @inline(__always)
    func presentation(_ property: Int) -> UnsafeMutablePointer<Double> {
        let offset = stores.presentationOffset(of: Int32(property), slot: slot, layout: layout)
        return offset >= 0 ? block + Int(offset) : model(property)
    }

    /// The slots of `property` as this reader shows them: presentation or model.
    @inline(__always)
    func shown(_ property: Int) -> UnsafeMutablePointer<Double> {
        presented & PresentationLayouts.bit(of: Int32(property)) != 0 ? presentation(property) : model(property)
    }
}
