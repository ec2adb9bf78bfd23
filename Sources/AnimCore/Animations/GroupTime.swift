/// What a group's record adds: the time its children run on, as this tick computed it. The
/// group's record comes before its children in the layer's list, so each tick computes it
/// before they read it.
struct GroupRecord {
    /// The group's basic local time (seconds in [0, duration]): its children's parent time.
    var time: Double = 0
    /// Whether the group is active or filling: when not, none of its children applies.
    var isInEffect = false
    /// Whether the group is past its active interval, holding its end (filling forwards).
    var isHeldAtEnd = false
}

extension EvaluationContext {
    /// Computes a group's time for its children (reference §6.6): they run in the group's time
    /// space — its basic local time, after its repeats and reversal — so child begin times are
    /// relative to the group's start, speeds multiply, and a group filling forwards holds its
    /// children at its end (clipped, never scaled).
    @inline(__always)
    func applyGroup(_ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, applies: Bool) {
        applyGroup(
            groups + Int(record.pointee.parameters), timing: record.pointee.timing, function: record.pointee.function,
            sample: sample, parentTime: parentTime, applies: applies)
    }

    /// `applyGroup` for the group whose `GroupRecord` is `group`, of `timing` and timing
    /// function `function` (an index in `functions`; −1 for none), wherever they are kept (its
    /// record, or its steady-lane entry).
    @inline(__always)
    func applyGroup(
        _ group: UnsafeMutablePointer<GroupRecord>, timing: MediaTiming, function: Int32, sample: TimingSample,
        parentTime: Double, applies: Bool
    ) {
        group.pointee.isInEffect = applies
        group.pointee.isHeldAtEnd = applies && sample.phase == .after
        guard applies else { return }
        let duration = timing.duration
        if duration.isFinite {
            // The group's timing function paces its children's time.
            group.pointee.time = eased(function, sample) * duration
        } else {
            // An endless group has one cycle: its local time.
            group.pointee.time = timing.localTime(atParentTime: parentTime)
        }
    }

    /// A child's sample in its group's time space. A child cut off by the group's end — still
    /// active when the group ends, or ending with it — holds the state it reaches there while
    /// the group holds its end, whatever its own fill mode: the limit from inside, so a child
    /// on one of its own cycle boundaries shows the end of that cycle.
    /// [INF] Core Animation clips children to the group's active duration and the group's
    /// fillMode "governs the whole group outside the group's interval" (reference §6.6); a
    /// child spanning the group (duration 0) must show its end when the group holds its end, as
    /// in Rönnqvist's pull-to-refresh group scrubbed to its end.
    @inline(__always)
    func childSample(_ record: UnsafeMutablePointer<AttachedAnimation>, group: UnsafeMutablePointer<GroupRecord>) -> TimingSample {
        childSample(record.pointee.timing, activeParentDuration: record.pointee.activeParentDuration, group: group)
    }

    /// `childSample` of a child of `timing` and active duration `span` (parent seconds),
    /// wherever they are kept (its record, or its steady-lane entry).
    @inline(__always)
    func childSample(_ timing: MediaTiming, activeParentDuration span: Double, group: UnsafeMutablePointer<GroupRecord>) -> TimingSample {
        let time = group.pointee.time
        guard group.pointee.isHeldAtEnd else {
            return timing.sample(atParentTime: time, activeParentDuration: span)
        }
        let elapsed = time - timing.beginTime
        guard elapsed > 0 && elapsed <= span + 1e-12 * max(1, abs(span)) else {
            return timing.sample(atParentTime: time, activeParentDuration: span)
        }
        return timing.sampleEnding(atParentTime: time)
    }
}
