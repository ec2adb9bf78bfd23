/// What a group's record adds: the time its children run on, as this tick computed it. The
/// group's record comes before its children in the layer's list, so each tick computes it
/// before they read it.
struct GroupRecord {
    /// The group's basic local time (seconds in [0, duration]): its children's parent time.
    var time: Double = 0
    /// Whether the group is active or filling: when not, none of its children applies.
    var isInEffect = false
}

extension EvaluationContext {
    /// Computes a group's time for its children (reference §6.6): they run in the group's time
    /// space — its basic local time, after its repeats and reversal — so child begin times are
    /// relative to the group's start, speeds multiply, and a group filling forwards holds its
    /// children at its end (clipped, never scaled).
    @inline(__always)
    func applyGroup(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, applies: Bool) {
        let group = groups + Int(record.pointee.parameters)
        group.pointee.isInEffect = applies
        guard applies else { return }
        let duration = record.pointee.timing.duration
        if duration.isFinite {
            group.pointee.time = sample.progress * duration
        } else {
            // An endless group has one cycle: its local time.
            group.pointee.time = record.pointee.timing.localTime(atParentTime: parentTime)
        }
    }
}
