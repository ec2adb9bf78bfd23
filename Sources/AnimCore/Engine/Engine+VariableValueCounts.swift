/// The store of path and array values, seen from outside: how much it holds.
extension Engine {
    /// How much the engine's store of path and array values holds now (`VariableValueCounts`):
    /// removing the animations of these kinds and destroying the layers that hold them gives
    /// it back (values retired while a presentation may show them go at the next tick).
    ///
    /// C: `ac_engine_get_value_store_counts`.
    /// - Returns: the values held and the numbers they hold.
    /// - Throws: `.invalidState` once the engine is invalidated.
    public func variableValueCounts() throws(AnimCoreError) -> VariableValueCounts {
        try withState { state in state.variableValues.counts }
    }
}
