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
    /// What the last tick found of it.
    var moment = TransitionMoment.none

    /// The record of a transition of `parameters`, named `id`.
    init(_ parameters: TransitionParameters, id: UInt64) {
        type = parameters.type.rawValue
        subtype = parameters.subtype?.rawValue ?? 0
        startProgress = parameters.startProgress
        endProgress = parameters.endProgress
        self.id = id
    }

    /// The composite the layer draws at `moment` over bounds of `size`
    /// (`TransitionComposite.newOnly` while the transition does not show).
    func composite(at moment: TransitionMoment, size: Size) -> TransitionComposite {
        guard moment.isInEffect, let type = TransitionType(rawValue: type) else { return .newOnly }
        return TransitionComposite.at(
            type: type, subtype: TransitionSubtype(rawValue: subtype), progress: moment.progress, size: size)
    }
}

/// A transition's state at one time of its layer: the tick's (`TransitionRecord.moment`), or a
/// replicator instance's shifted time.
struct TransitionMoment {
    /// Whether it is in effect (active, or filling): the layer then draws the composite;
    /// otherwise the new rendering alone.
    var isInEffect: Bool
    /// Whether it is in its active interval (its progress moving).
    var isActive: Bool
    /// The progress p (`TransitionParameters.progress`), meaningful while `isInEffect`; 0
    /// otherwise.
    var progress: Double

    /// Not in effect. (Computed: a constant the compiler folds, with no lazy initialisation
    /// to check on the render list's path.)
    static var none: TransitionMoment { TransitionMoment(isInEffect: false, isActive: false, progress: 0) }
}

extension EvaluationContext {
    /// Notes a transition's state at this tick (`transitionMoment`). It writes no property.
    @inline(__always)
    func applyTransition(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, applies: Bool) {
        let transition = transitions + Int(record.pointee.parameters)
        transition.pointee.moment = transitionMoment(record, sample: sample, applies: applies)
    }

    /// A transition's state at `sample` of its record (`applies`: whether it is in effect and
    /// not removed then): whether it shows, whether it is active, and its progress — the
    /// sample's progress through the timing function (the one easing), mapped into
    /// [startProgress, endProgress].
    @inline(__always)
    func transitionMoment(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, applies: Bool) -> TransitionMoment {
        guard applies else { return .none }
        let transition = transitions + Int(record.pointee.parameters)
        let progress = TransitionParameters.progress(
            atEased: eased(record.pointee.function, sample), start: transition.pointee.startProgress,
            end: transition.pointee.endProgress)
        return TransitionMoment(isInEffect: true, isActive: sample.phase == .active, progress: progress)
    }
}
