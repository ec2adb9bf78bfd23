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
/// Each buffer's keys (`RenderList.drawingKeys`, traded with the entries) say what its storage
/// holds at each index, within the buffer's count or past it (a fill's entries beyond the next
/// fill's count stay in the storage, and a buffer that grows moves only indexes the fill has
/// written again).
struct DrawingKey: Equatable {
    /// The layer the fields were written for.
    var layer: LayerID
    /// Its model version then (`LayerRecord.modelVersion`).
    var modelVersion: UInt64

    /// Fields that did not follow from model values alone (or none written): never matched.
    static let none = DrawingKey(layer: LayerID(rawValue: 0), modelVersion: 0)
}

extension RenderList {
    /// Whether the entry at `index`, just appended, finds in its storage the drawing fields
    /// `key` names.
    @inline(__always)
    func holdsDrawing(_ key: DrawingKey, at index: Int) -> Bool {
        index < drawingKeys.count && drawingKeys[index] == key
    }

    /// Notes what the entry at `index`, just written, holds of its drawing fields: `key`, or
    /// `DrawingKey.none`.
    @inline(__always)
    func noteDrawing(_ key: DrawingKey, at index: Int) {
        if index < drawingKeys.count {
            drawingKeys[index] = key
            return
        }
        // Each entry is noted as it is appended.
        assert(index == drawingKeys.count, "drawing keys noted out of order")
        drawingKeys.append(key)
    }
}
