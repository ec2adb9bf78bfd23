/// What a run of built-in implicit animation starts — a batch set's layers
/// (`EngineState.changeDirectly(batchFrom:forKey:of:kind:from:)`) — carries from one start to the
/// next, for one property of one class: a start of another property begins a new run. A single
/// change is a run of one.
struct ImplicitStartRun {
    /// The class (index) and property (index in the class) of the run's starts; −1 before the first.
    var classIndex = -1
    var property = -1
    /// The id of the property's animation key, which an animation of the run holds; −1 until a
    /// start retained it. (It stays held while the run goes on: a start that stops one of the
    /// run's animations — the same layer again in the batch — counts its own use of the key
    /// before removing the old one, and the batch ends its run before an action callback.)
    var key: Int32 = -1
    /// Whether `EngineState.implicitTemplate` matches the run's starts (checked at the run's
    /// first start on a layer with no animation, or made by it): the run's starts on such
    /// layers make its record again (`EngineState.startImplicitAnimation(_:asTemplateOf:)`).
    var hasTemplate = false
    /// Whether starts leave their registration with the transaction to the end of the run
    /// (`EngineState.registerDeferredStarts()`), which registers them all at once.
    var defersRegistration = false
}
