/// How much the engine's store of path and array values holds: what a host checks to see that
/// removing animations and destroying layers gives the store back.
public struct VariableValueCounts: Equatable, Sendable {
    /// Values held: layers' model values, class defaults, animations' values and result
    /// buffers, and values retired until the next tick. Empty values take none.
    public var values: Int
    /// The numbers those values hold: a path's coordinates, an array's numbers, 4 per colour.
    public var numbers: Int

    /// Counts of `values` values holding `numbers` numbers.
    public init(values: Int, numbers: Int) {
        (self.values, self.numbers) = (values, numbers)
    }
}
