/// An entry's drawing fields kept where the list's storage holds them already.
///
/// The drawing fields are `RenderEntry`'s fields after `alpha` (colours, border, corners,
/// shadow, contents, instance and transition fields): the larger part of an entry, on cache
/// lines of their own, past the fields every fill writes (layer to alpha). A list trades two
/// buffers (`RenderList.entries` and `previous`), so an entry's storage holds what the fill
/// before the previous one wrote at the same index. When that was the same layer's entry, and
/// its drawing fields followed from the same model values (the layer's model version, counted
/// by every model write), they are the fields this fill would write: they are left as they
/// are, neither written nor read.
///
/// The trace kept at the same index of the traces' storage, traded with the entries', says
/// what the storage holds (`RenderChangeTracking.EntryTrace.keepsDrawing`), within the
/// buffer's count or past it (a fill's entries beyond the next fill's count stay in the
/// storage).
struct DrawingKey: Equatable {
    /// The layer the fields were written for.
    var layer: LayerID
    /// Its model version then (`LayerRecord.modelVersion`).
    var modelVersion: UInt64

    /// Fields that did not follow from model values alone (or none written): never matched.
    static let none = DrawingKey(layer: LayerID(rawValue: 0), modelVersion: 0)
}

extension RenderList {
    /// Whether the entry at `index`, just appended (its trace not yet), finds in its storage
    /// the drawing fields `key` (not `.none`) names: the last trace written at `index` in the
    /// traces' storage says so.
    @inline(__always)
    func holdsDrawing(_ key: DrawingKey, at index: Int) -> Bool {
        index < tracking.tracesWritten && tracking.traces.base[index].drawing == key
    }
}
