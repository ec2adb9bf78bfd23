/// The record the last built-in implicit animation started on a layer with no animation was
/// (a basic one), with what it was made of: the next such start of the same property makes it
/// again, with its own layer, values and generation, when nothing it was made of has changed
/// (`matches`). `EngineState.implicitTemplate`; `EngineState.startImplicitAnimation(_:asTemplateOf:)`.
struct ImplicitTemplate {
    /// The record as its start made it (its layer, values and links are each start's own).
    var record = AttachedAnimation()
    /// The class (index) of its layer; −1 while there is no template.
    var classIndex = -1
    /// Its layer's presentation layout: the property alone.
    var presentationLayout: Int32 = -1
    /// The settings' curve it was made with (nil: the transaction set none, "default").
    var curve: TimingFunction?
    /// `AnimationKeyTable.freedCount` and `TimingFunctionTable.droppedCount` when it was made:
    /// while both are unchanged, its key and its curve are still in use (held by animations).
    var keysFreed = -1
    var functionsDropped = -1

    /// Whether a start of `property` of the class `classIndex`, under `settings` (the calling
    /// thread's, resolved) with `defaultDuration` the engine's, makes this record: a basic
    /// animation with the same duration, curve, repeat count, autoreverse and delay, its key
    /// and curve still in use.
    @inline(__always)
    func matches(
        _ classIndex: Int, _ property: Int, _ settings: TransactionSettings, defaultDuration: Double,
        keysFreed: Int, functionsDropped: Int
    ) -> Bool {
        classIndex == self.classIndex && Int32(property) == record.property
            && keysFreed == self.keysFreed && functionsDropped == self.functionsDropped
            && settings.spring == nil
            && (settings.animationDuration ?? defaultDuration) == record.timing.duration
            && (settings.repeatCount ?? 0) == record.timing.repeatCount
            && (settings.autoreverses ?? false) == record.timing.autoreverses
            && (settings.delay ?? 0) == record.beginDelay
            && settings.timingFunction == curve
    }
}
