/// How much the engine's store of path and array values holds: what a host checks to see that
/// removing animations and destroying layers gives the store back.
public struct VariableValueCounts: Equatable, Sendable {
    /// Values held: layers' model values, class defaults, animations' values and result
    /// buffers, and values retired until the next tick. Empty values take none.
    public var values: Int
    /// The numbers those values hold: a path's coordinates, an array's numbers, 4 per colour.
    public var numbers: Int

    /// Counts of values and the numbers they hold.
    /// - Parameters:
    ///   - values: values held, 0 or more.
    ///   - numbers: the numbers they hold, 0 or more.
    public init(values: Int, numbers: Int) {
        (self.values, self.numbers) = (values, numbers)
    }
}
