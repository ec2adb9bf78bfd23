/// A layer class handle: the built-in layer class (`LayerClassID.layer`, raw value 0, the same
/// in every engine) or a class declared in one engine (the C API's `ac_class`; layout and bound
/// in `Handle`). A class of another engine or a made-up value is refused (`.badHandle`).
public struct LayerClassID: Hashable, Sendable {
    package let rawValue: UInt64

    package init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The built-in layer class.
    public static let layer = LayerClassID(rawValue: 0)

    /// The class's index in its engine's table (0 is the built-in class); meaningful only for
    /// a handle the engine has checked.
    var index: Int { Int(rawValue & Handle.indexMask) }

    /// The handle of the class declared at `index` with `stamp`.
    init(index: Int, stamp: UInt64) {
        self.init(rawValue: Handle.make(kind: .layerClass, stamp: stamp, index: index))
    }
}
