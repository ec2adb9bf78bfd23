extension Optional {
    /// Whether a value is held, tested in place. `x == nil` and `x != nil` pick Equatable's `==`
    /// for an Equatable wrapped type, which copies both sides first (for a timing function, a
    /// copy through its value witness).
    @inline(__always)
    package var holdsValue: Bool {
        if case .some = self { true } else { false }
    }
}
