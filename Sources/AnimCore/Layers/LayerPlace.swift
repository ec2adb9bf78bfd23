/// Where a layer's handle is checked and its values are found: its stamp, its class and model
/// row, its presentation block and that block's layout. Kept in an array of its own beside the
/// layers' other fields (`LayerRecord`, same slot), so that a batch read of presentation values
/// streams 24 bytes per layer rather than the whole record: a read of 100 000 layers is bound by
/// memory traffic.
struct LayerPlace {
    /// The stamp of the layer's handle (see `Handle`); 0 while the slot is free.
    var stamp: UInt64 = 0
    /// The layer's class: its index in the engine's classes.
    var classIndex: Int32 = 0
    /// Offset of the model row in its class's row buffer.
    var row: Int32 = 0
    /// The presentation block (animated properties' values) in the presentation buffer: its
    /// offset; -1 when the layer has no animations (its size is `LayerRecord.presentationSize`).
    var presentationOffset: Int32 = -1
    /// The block's layout in the engine's `PresentationLayouts`, −1 for none (no animations,
    /// or the table is full): reads find their property's slots there without walking the
    /// animation list.
    var presentationLayout: Int32 = -1

    /// Whether the slot holds a live layer.
    var isAlive: Bool { stamp != 0 }
}
