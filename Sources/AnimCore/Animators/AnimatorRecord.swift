/// One animator as its engine stores it: its clock, its settings and its animations.
///
/// The clock: the animator's time τ (seconds, in [0, `duration`]) was `position` at engine time
/// `anchorTime` and, while running, moves at `effectiveRate` animator seconds per engine second
/// (clamped to the ends). Every control call re-anchors it (position ← τ now, anchor ← now) and
/// re-times each animation from it (`AnimatorMember.timing`). fractionComplete is τ / duration.
struct AnimatorRecord {
    /// The handle's stamp; 0 marks a free slot.
    var stamp: UInt64 = 0
    /// References the host holds (the creator's, plus retains).
    var references: Int32 = 0
    var state = AnimatorState.inactive
    /// Seconds of animator time from start to end: the duration given, or the latest end of
    /// its animations when later.
    var duration: Double = 0
    /// The curve the changes of its blocks animate with; nil: the transaction's.
    var timingFunction: TimingFunction?
    /// Web Animations' playbackRate: animator seconds per engine second, signed.
    var rate: Double = 1
    /// 1 / the duration factor of the last `continueAnimation`, or what a spring's settling set.
    var pace: Double = 1
    /// UIKit's isReversed: the clock runs towards the start.
    var isReversed = false
    /// τ at `anchorTime`.
    var position: Double = 0
    /// Engine seconds.
    var anchorTime: Double = 0
    var members: [AnimatorMember] = []
    /// Called once with where it ended, in the order added.
    var completions: [AnimatorCompletion] = []
    /// The thread whose block is open on it (0: none), and where that block's animations
    /// begin in the thread's list of animations waiting for their commit.
    var blockThread: UInt = 0
    var blockStart = 0
    /// Where it ended (nil until it has): a duration-0 animator's fractionComplete reads it.
    var endedAt: AnimatorPosition?
    /// While inactive: the earliest delay among its animations of each layer and key path
    /// (`EngineState.fillKey`), which decides who fills backwards, and the engine's count of
    /// ended animator animations when it was last made from all of them (`UInt64.max`: never).
    /// A block that adopts only later animations then marks just those (`refreshAnimatorFills`).
    var earliestDelays: [Int64: Double] = [:]
    var fillsEndedCount: UInt64 = .max

    /// Animator seconds per engine second, signed: rate × pace, negated when reversed.
    var effectiveRate: Double { rate * pace * (isReversed ? -1 : 1) }

    /// τ at engine time `now` (seconds in [0, duration]).
    func time(at now: Double) -> Double {
        guard state == .running else { return position }
        return min(max(position + (now - anchorTime) * effectiveRate, 0), duration)
    }

    /// The end its clock runs to while running: `.end` forwards (a rate of 0 too), `.start`
    /// backwards.
    var endAhead: AnimatorPosition { effectiveRate < 0 ? .start : .end }
}

/// An animator's callback for where it ended; runs once, during a tick, on the ticking thread.
package struct AnimatorCompletion: Sendable {
    package let call: @Sendable (_ engine: Engine, _ position: AnimatorPosition) -> Void

    package init(_ call: @escaping @Sendable (_ engine: Engine, _ position: AnimatorPosition) -> Void) {
        self.call = call
    }
}

/// One animation an animator drives (a record of a layer's own), with where it lies in the
/// animator's time: it runs from τ = `delay` for `span` animator seconds, its local time moving
/// `scale` local seconds per animator second in the direction `sign` from `offset` — its own
/// timing at adoption (speed s: scale |s|, sign of s; its timeOffset; its active duration).
struct AnimatorMember {
    var record: Int32
    var generation: UInt32
    var delay: Double
    var span: Double
    var scale: Double
    var sign: Double
    var offset: Double
    /// Its active duration in local seconds (`span × scale`).
    var activeDuration: Double
    /// Whether it shows its start before its delay: only the earliest of the animator's
    /// animations of its layer and key path does (`EngineState.refreshAnimatorFills`).
    var fillsBackwards = true
    /// Whether it shows its end after its span (false for a continuation's replacement: its
    /// original shows the rest).
    var fillsForwards = true
    /// For a continuation's replacement, the record of the original animation it stands in for
    /// over its span (the original keeps the motion outside it); -1 for an original.
    var original: Int32 = -1
    /// Whether, held at or after its end (a paused animator scrubbed there), it shows its end
    /// without ending (`timing`), so that it has not played through while the clock stands
    /// still: true unless it is a group (its children read its phase), of no length, or paced
    /// by a steps function (its end there would read the before flag).
    var holdsEndUnended = false

    /// Its position in its active interval at animator time `time`: local seconds in
    /// [0, activeDuration], from its start.
    func activePosition(at time: Double) -> Double {
        span > 0 ? min(max(time - delay, 0), span) * scale : (time >= delay ? activeDuration : 0)
    }

    /// Its CAMediaTiming (`base` with begin time, speed, time offset and fill replaced) that
    /// shows, at layer time `layerTime`, the position of animator time `time`, and from there
    /// follows the animator's clock moving `rate` animator seconds per layer second (frozen:
    /// standing still). Core Animation's own mechanism, composed: the animator's time space
    /// (`τ = (t − anchor) × rate + time`) over the animation's (`(τ − delay) × s + offset`):
    ///
    /// - frozen inside its active interval: speed 0 with timeOffset at the local position (Core
    ///   Animation's pause); at or before its start: its own timing with its begin far ahead
    ///   (its before phase: the start, and no did-start yet); at or after its end: played
    ///   backwards from its end with its begin far ahead (its before phase filled: the end, not
    ///   ended; [INF] Web Animations: paused is not finished) when it `holdsEndUnended`, else its
    ///   begin far behind (its after phase: the end rule, so a group holds its children there);
    /// - forwards: speed s × rate, the window beginning where τ = delay;
    /// - backwards: speed s × rate (of the other sign) with timeOffset at the end of the active
    ///   duration (Core Animation's reverse), the window beginning where τ = delay + span, so
    ///   that it ends at the start.
    ///
    /// Fill: forwards for every animation, which shows its end after it while the animator
    /// lives (the animator, not the animation, ends the motion); backwards too (both) only for
    /// the earliest of its layer and key path (`fillsBackwards`), so that in a sequence on one
    /// property a later animation does not cover an earlier one with its start before it begins
    /// (a later one, after the earlier in the layer's list, wins once it has begun; before, the
    /// earlier one's value or its fill shows). A continuation's replacement fills neither way:
    /// outside its span its original, earlier in the list, shows the motion.
    func timing(_ base: MediaTiming, layerTime: Double, time: Double, rate: Double, frozen: Bool) -> MediaTiming {
        var timing = base
        timing.fillMode = fillsForwards ? (fillsBackwards ? .both : .forwards) : (fillsBackwards ? .backwards : .removed)
        if frozen || rate == 0 {
            timing.speed = sign * scale
            timing.timeOffset = offset
            if time <= delay {
                timing.beginTime = MediaTiming.Limits.time
            } else if time >= delay + span && holdsEndUnended {
                timing.speed = -sign * scale
                timing.timeOffset = offset + sign * activeDuration
                timing.beginTime = MediaTiming.Limits.time
                if fillsForwards { timing.fillMode = .both }
            } else if time >= delay + span {
                timing.beginTime = -MediaTiming.Limits.time
            } else {
                timing.speed = 0
                timing.timeOffset = offset + sign * activePosition(at: time)
                timing.beginTime = -MediaTiming.Limits.time
            }
        } else if rate > 0 {
            timing.speed = sign * scale * rate
            timing.timeOffset = offset
            timing.beginTime = layerTime - (time - delay) / rate
        } else {
            timing.speed = sign * scale * rate
            timing.timeOffset = offset + sign * activeDuration
            timing.beginTime = layerTime - (delay + span - time) / -rate
        }
        return timing
    }
}
