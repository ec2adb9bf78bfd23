/// A callback the engine owes the host, queued while the engine's state is being changed and
/// delivered afterwards (on the thread that calls tick), so callbacks may call back in.
enum EngineEvent {
    case animationDidStart(AnimationDelegate, layer: LayerID, key: String?)
    case animationDidStop(AnimationDelegate, layer: LayerID, key: String?, finished: Bool)
    case display(LayerID)
    case transactionCompletion([TransactionCompletion], finished: Bool)
    case animatorCompletion([AnimatorCompletion], position: AnimatorPosition)
}
