/// A `TimingFunction?` in the form settings, descriptions and plans store it: an enum of its
/// own instead of an `Optional`. Swift copies, drops and tests an `Optional` held in memory of a
/// large multi-payload enum such as `TimingFunction` through the generic `Optional`'s value
/// witnesses (a metadata lookup and a chain of indirect calls per use); this enum's witnesses
/// are its own and specialised, so a copy or a drop of an unset curve is a tag test.
package enum StoredTimingFunction: Equatable, Sendable {
    /// No function set.
    case unset
    /// The function set.
    case function(TimingFunction)

    /// `function` as stored (nil: `unset`).
    @inline(__always)
    package init(_ function: TimingFunction?) {
        if let function { self = .function(function) } else { self = .unset }
    }

    /// The function as an optional (nil: unset).
    @inline(__always)
    package var optional: TimingFunction? {
        if case .function(let function) = self { return function }
        return nil
    }

    /// Whether a function is set.
    @inline(__always)
    package var isSet: Bool {
        if case .function = self { return true }
        return false
    }
}
