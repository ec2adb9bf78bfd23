/// A layer class in an engine: the built-in layer class or one declared with custom properties.
public struct LayerClassID: Hashable, Sendable {
    /// The class's index in its engine (0 is the built-in layer class).
    public let index: Int32

    public init(index: Int32) {
        self.index = index
    }
}
