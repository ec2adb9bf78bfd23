/// A layer handle: 64 bits naming one layer of one engine at one point of its life (the C API's
/// `ac_layer`; layout and bound in `Handle`). A released, stale or foreign handle is refused
/// (`.badHandle`), never followed. 0 is no layer.
package struct LayerID: Hashable, Sendable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The layer slot the handle names (`Handle`), whether or not the layer lives.
    var slot: Int { Int(rawValue & Handle.indexMask) }
}
