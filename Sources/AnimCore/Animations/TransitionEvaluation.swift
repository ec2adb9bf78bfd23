/// What a transition's record adds: its parameters, the id the render list names it by, and
/// what the last tick computed of it. Plain data, read by the render list's fill.
struct TransitionRecord {
    /// `TransitionType` raw value.
    var type: Int32 = 0
    /// `TransitionSubtype` raw value; 0 for none.
    var subtype: Int32 = 0
    var startProgress: Double = 0
    var endProgress: Double = 1
    /// The id a host keys its snapshot by: unique in its engine, never 0.
    var id: UInt64 = 0
    /// The progress p of the last tick (`TransitionParameters.progress`), meaningful while
    /// `isInEffect`.
    var progress: Double = 0
    /// Whether the last tick found it in effect (active, or filling): the layer then draws the
    /// composite; otherwise the new rendering alone.
    var isInEffect = false
    /// Whether the last tick found it in its active interval (its progress moving).
    var isActive = false

    /// The record of a transition of `parameters`, named `id`.
    init(_ parameters: TransitionParameters, id: UInt64) {
        type = parameters.type.rawValue
        subtype = parameters.subtype?.rawValue ?? 0
        startProgress = parameters.startProgress
        endProgress = parameters.endProgress
        self.id = id
    }

    /// The composite the layer draws now over bounds of `size` (`TransitionComposite.newOnly`
    /// while the transition does not show).
    func composite(size: Size) -> TransitionComposite {
        guard isInEffect, let type = TransitionType(rawValue: type) else { return .newOnly }
        return TransitionComposite.at(type: type, subtype: TransitionSubtype(rawValue: subtype), progress: progress, size: size)
    }
}

extension EvaluationContext {
    /// Notes a transition's state at this tick: whether it shows (`applies`), whether it is
    /// active, and its progress — the sample's progress through the timing function (the one
    /// easing), mapped into [startProgress, endProgress]. It writes no property.
    @inline(__always)
    func applyTransition(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, applies: Bool) {
        let transition = transitions + Int(record.pointee.parameters)
        transition.pointee.isInEffect = applies
        transition.pointee.isActive = applies && sample.phase == .active
        guard applies else { return }
        transition.pointee.progress = TransitionParameters.progress(
            atEased: eased(record.pointee.function, sample), start: transition.pointee.startProgress,
            end: transition.pointee.endProgress)
    }
}
