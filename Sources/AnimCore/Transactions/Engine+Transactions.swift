/// Transactions (CATransaction) and UIKit-style animation blocks on top of them. Transactions
/// are per thread: each thread's begin/commit nest on their own, and a thread reads only its
/// own settings.
extension Engine {
    /// Opens a transaction on the calling thread (nested inside any open one); see
    /// `transaction(duration:timingFunction:disableActions:completion:_:)` for the closure form.
    ///
    /// C: `ac_transaction_begin`.
    /// - Throws: `.invalidState` once the engine is invalidated or while it is being
    ///   invalidated.
    public func beginTransaction() throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            try state.refuseWhileEnding("beginning a transaction")
            state.beginTransaction()
        }
    }

    /// Commits the calling thread's innermost transaction. When it is the outermost, its
    /// animations start at the next tick and its completions run once they are all done.
    ///
    /// C: `ac_transaction_commit`.
    /// - Throws: `.invalidState` when the thread has no transaction begun (nothing else
    ///   happens), or once the engine is invalidated.
    public func commitTransaction() throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.commitTransaction() }
    }

    /// Commits the calling thread's implicit transaction now rather than at the next tick;
    /// nothing while an explicit transaction is open (CATransaction flush).
    ///
    /// C: `ac_transaction_flush`.
    /// - Throws: `.invalidState` once the engine is invalidated.
    public func flush() throws(AnimCoreError) {
        try withState { state in state.flush() }
    }

    /// The calling thread's transaction settings, resolved through its open transactions.
    ///
    /// C: `ac_transaction_animation_duration`, `ac_transaction_timing_function`,
    /// `ac_transaction_disable_actions`, `ac_transaction_additive`, `ac_transaction_spring`.
    /// - Returns: every field the open transactions set, the defaults (`TransactionSettings.defaults`)
    ///   for the others.
    /// - Throws: `.invalidState` once the engine is invalidated.
    public func transactionSettings() throws(AnimCoreError) -> TransactionSettings {
        try withState { state in state.transactionSettings() }
    }

    /// Changes the calling thread's innermost transaction's settings (opening an implicit
    /// transaction when none is open). The fields' ranges are those their doc comments give
    /// (`TransactionSettings`), the same for every surface and for animation blocks.
    /// `change` runs once, on the resolved settings (what the thread reads now); the fields it
    /// changes are stored in the innermost transaction (a field left at what the thread reads
    /// is not: an animationDuration equal to the engine's default stays unset).
    ///
    /// C: `ac_transaction_set_animation_duration`, `ac_transaction_set_timing_function`,
    /// `ac_transaction_set_disable_actions`, `ac_transaction_set_additive`,
    /// `ac_transaction_set_spring`.
    /// - Parameter change: edits the settings in place.
    /// - Throws: `.notFinite` for a NaN or infinite duration or delay, or a NaN repeat count;
    ///   `.outOfRange` for a duration that is not > 0, a negative delay (each at most 1e15 s)
    ///   or a negative repeat count; a spring's checks (`Spring.validate(_:)`);
    ///   `.invalidState` once the engine is invalidated. Nothing is stored then.
    public func modifyTransaction(_ change: (inout TransactionSettings) -> Void) throws(AnimCoreError) {
        let resolved = try transactionSettings()
        var settings = resolved
        change(&settings)
        try settings.validate()
        let edited = settings
        try withState { state in
            state.modifyTransactionSettings { settings in
                if edited.animationDuration != resolved.animationDuration { settings.animationDuration = edited.animationDuration }
                if edited.timingFunction != resolved.timingFunction { settings.timingFunction = edited.timingFunction }
                if edited.disableActions != resolved.disableActions { settings.disableActions = edited.disableActions }
                if edited.delay != resolved.delay { settings.delay = edited.delay }
                if edited.repeatCount != resolved.repeatCount { settings.repeatCount = edited.repeatCount }
                if edited.autoreverses != resolved.autoreverses { settings.autoreverses = edited.autoreverses }
                if edited.additiveImplicitAnimations != resolved.additiveImplicitAnimations {
                    settings.additiveImplicitAnimations = edited.additiveImplicitAnimations
                }
                if edited.beginsFromCurrentState != resolved.beginsFromCurrentState {
                    settings.beginsFromCurrentState = edited.beginsFromCurrentState
                }
                if edited.spring != resolved.spring { settings.spring = edited.spring }
                for (key, value) in edited.values where resolved.values[key] != value { settings.values[key] = value }
                for key in resolved.values.keys where edited.values[key] == nil { settings.values[key] = nil }
            }
        }
    }

    /// `modifyTransaction(_:)` for a `change` that only sets fields to given values (it must
    /// call nothing: it runs under the engine's lock): one state access, the fields written
    /// straight into the innermost transaction's settings. Unlike `modifyTransaction`, a field set to
    /// what the thread reads already is stored: an animationDuration equal to the engine's
    /// default is the transaction's own (a spring then lasts it, and a later change of the
    /// default does not reach it). The C API's setters use it.
    /// - Throws: what `modifyTransaction(_:)` throws; nothing is stored then.
    @inline(__always)  // with EngineState's: the C setters' closure runs inline, once per use
    package func setTransactionFields(_ change: (inout TransactionSettings) -> Void) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.setTransactionFields(change) }
    }

    /// Adds a completion to the calling thread's innermost transaction: it runs once, during a
    /// tick after the outermost commit, when every animation added in the transaction has
    /// finished or been removed (at the next tick when none was added). Several add up.
    package func addCompletion(_ completion: TransactionCompletion) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            try state.refuseWhileEnding("adding a completion")
            state.addTransactionCompletion(completion)
        }
    }

    /// A value of the calling thread's transaction by key: "animationDuration" (scalar) and
    /// "disableActions" (bool) read the settings; other keys what was set (nil when unset).
    ///
    /// C: `ac_transaction_get_value`.
    /// - Parameter key: "animationDuration", "disableActions", or any key.
    /// - Returns: the value; nil for a key never set.
    /// - Throws: `.invalidState` once the engine is invalidated.
    public func transactionValue(forKey key: String) throws(AnimCoreError) -> Value? {
        let settings = try transactionSettings()
        switch key {
        case "animationDuration": return settings.animationDuration.map(Value.scalar)
        case "disableActions": return settings.disableActions.map(Value.bool)
        default: return settings.values[key]
        }
    }

    /// Sets a value of the calling thread's innermost transaction by key (see
    /// `transactionValue(forKey:)`); nil unsets an arbitrary key.
    ///
    /// C: `ac_transaction_set_value`.
    /// - Parameters:
    ///   - value: the value; a scalar for "animationDuration", a bool for "disableActions";
    ///     nil unsets an arbitrary key.
    ///   - key: "animationDuration", "disableActions", or any key.
    /// - Throws: `.wrongKind` for another kind under the two named keys; `.notFinite` for a
    ///   NaN or infinite duration, `.outOfRange` for one not > 0 or beyond 1e15 s;
    ///   `.invalidState` once the engine is invalidated.
    public func setTransactionValue(_ value: Value?, forKey key: String) throws(AnimCoreError) {
        switch (key, value) {
        case ("animationDuration", .scalar(let duration)?):
            try setTransactionFields { $0.animationDuration = duration }
        case ("disableActions", .bool(let disabled)?):
            try setTransactionFields { $0.disableActions = disabled }
        case ("animationDuration", _), ("disableActions", _):
            throw AnimCoreError(.wrongKind, "\(key) takes a \(key == "disableActions" ? "bool" : "scalar") value")
        default:
            try modifyTransaction { $0.values[key] = value }
        }
    }
}
