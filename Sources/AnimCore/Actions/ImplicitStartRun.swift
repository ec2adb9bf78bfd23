/// What a run of built-in implicit animation starts — a batch set's layers
/// (`EngineState.changeDirectly(batchFrom:forKey:of:kind:from:)`) — carries from one start to the
/// next, for one property of one class: a start of another property begins a new run. A single
/// change is a run of one.
struct ImplicitStartRun {
    /// The class (index) and property (index in the class) of the run's starts; −1 before the first.
    var classIndex = -1
    var property = -1
    /// The id of the property's animation key, which an animation of the run holds; −1 until a
    /// start retained it. (The run's animations are not stopped while it goes on: the batch
    /// ends its run before anything that could stop them, an action callback.)
    var key: Int32 = -1
    /// Whether `EngineState.implicitTemplate` holds the record of the run's first basic
    /// animation of a layer with no animation (kept while the run defers registration): the
    /// run's later starts on such layers make it again, with their layer, values and generation
    /// (`EngineState.startImplicitAnimation(_:asTemplateOf:)`).
    var hasTemplate = false
    /// The presentation layout of the template's layer (its property alone), while `hasTemplate`.
    var templateLayout: Int32 = -1
    /// Whether starts leave their registration with the transaction to the end of the run
    /// (`EngineState.registerDeferredStarts()`), which registers them all at once.
    var defersRegistration = false
}
