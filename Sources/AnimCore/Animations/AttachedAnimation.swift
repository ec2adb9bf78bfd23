/// An animation added to a layer, as the engine stores it: what every kind shares — its timing,
/// run state, place in the layer's list, target property and completion group — plus a kind
/// tag and the index of the kind's own plain data (`parameters`). Plain data only (no
/// references), so the per-frame loop reads it without retain/release.
///
/// A group is one record followed in the list by the records of its children (`followers`
/// counts them, nested groups' included); a keyframe animation with a rotation mode is followed
/// by its rotation record. Such owned records run in their owner's time space (`parent`), start
/// and stop with it, and tell no one: only the owner has a key, a delegate and a completion group.
struct AttachedAnimation {
    var generation: UInt32 = 0
    var state = RunState.free
    /// What the tick computes for it.
    var kind = RecordKind.basic
    /// Index of the kind's data: a `BasicRecord`, `KeyframeRecord`, `GroupRecord`, `SpringRecord`,
    /// `DecayRecord` or `TransitionRecord`.
    var parameters: Int32 = -1
    /// The layer's slot index.
    var layer: Int32 = -1
    /// Neighbours in the layer's list (add order); -1 at the ends.
    var next: Int32 = -1
    var previous: Int32 = -1
    /// The group record whose time space it runs in; -1: the layer's.
    var parent: Int32 = -1
    /// Records after it in the list that belong to it (children, rotation); removed with it.
    var followers: Int32 = 0
    /// Whether it belongs to another record (a group's child, a rotation).
    var isOwned = false
    /// The key it was added under (an id of the engine's `animationKeys`), or -1 for none.
    var key: Int32 = -1
    /// The interned key of the animation's key path; -1 for a group.
    var keyPath: Int32 = -1
    /// The animated property's index in the layer's class; -1 for a group (no property).
    var property: Int32 = -1
    /// The component of the property's value it animates, if the key path goes inside it.
    var component: KeyPathComponent?
    /// Kind of the animated value (the component's or the property's; with a value function,
    /// the function's input, a number or a vector3, while the property holds a transform).
    var valueKind: ValueKind = .scalar
    /// The value function that builds the property's transform from the animated value
    /// (`Animation.valueFunction`); nil for none.
    var valueFunction: AppliedValueFunction?
    var timing = MediaTiming.animationDefault
    /// `timing.activeParentDuration`, computed once when added (it does not depend on the begin
    /// time that the commit sets).
    var activeParentDuration: Double = 0
    /// Index of the timing function in the engine's table; -1 for none (linear).
    var function: Int32 = -1
    /// Where the property's presentation value lives, relative to the layer's block.
    var presentationOffset: Int32 = 0
    /// Where the property's model value lives: its offset in the layer's model row, whether the
    /// row holds the value itself, and (out of line) the class default's block.
    var modelOffset: Int32 = 0
    var modelIsInline = true
    var defaultBlock: Int32 = -1
    /// Slots of the whole property value (the presentation entry's size).
    var propertySlotCount: Int32 = 1
    var isAdditive = false
    var isCumulative = false
    var isRemovedOnCompletion = true
    /// Whether an animator has taken it over (a block's commit adopts it): another animator's
    /// block, open around that one on the same thread, leaves it alone.
    var isAnimators = false
    /// Whether its end value is written into the model when it finishes (`Animation.keepsFinalValue`;
    /// false for a group's children, which their group's setting covers).
    var keepsFinalValue = false
    /// Whether its value replaces the property's whole value without reading what lies
    /// underneath (set by its kind when added).
    var overwritesWholeValue = false
    /// Whether this is the first animation of its property in the layer's list: it copies the
    /// model value into the presentation slots before any animation of the property applies.
    var initializesPresentation = false
    /// beginTime was 0 when added: it becomes the layer's time at commit.
    var beginsAtCommit = false
    /// Whether the property makes the layer redisplay when it changes.
    var needsDisplay = false
    /// The completion group of the transaction it was added in; -1 when none counts it.
    var completionGroup: Int32 = -1
    /// Seconds after the commit at which it begins, when its begin time resolves at commit
    /// (animation blocks' delay).
    var beginDelay: Double = 0
    /// The engine time whose presentation (value and velocity) it continues: a spring carrying
    /// a change in flight, a decay thrown from the presentation. Committed at the next tick, it
    /// begins at that time rather than the commit's (beyond Core Animation: no frame's stall).
    /// NaN when it does not.
    var continuesFrom: Double = .nan
    /// Whether it may join the tick's steady lane once running (`SteadyLane.admits`).
    var mayJoinSteadyLane = false
    /// The lane refused it for a reason that lasts until its layer changes (another animation
    /// of its property): it does not ask again until then.
    var isRefusedByLane = false
    /// Its entry in the steady lane (`SteadyLane.entries`), or −1 while the general walk
    /// evaluates it.
    var laneEntry: Int32 = -1

    /// Whether an evaluation first copies the model value into its property's slots: the first
    /// animation of a property (`initializesPresentation`) starts from the model value, unless
    /// it applies and overwrites the whole value anyway. The one rule for the general walk and
    /// the steady lane, which keeps its answers in its entry.
    @inline(__always)
    static func startsFromModel(initializesPresentation: Bool, overwritesWholeValue: Bool, applies: Bool) -> Bool {
        initializesPresentation && !(applies && overwritesWholeValue)
    }

    /// Whether the slot holds an animation.
    var isAlive: Bool { state != .free }
    /// Whether its transaction has committed (it is evaluated each tick).
    var isCommitted: Bool { state >= .waiting }
    /// Whether it has begun (did-start owed or sent).
    var didStart: Bool { state >= .running }
    /// Whether its active duration has ended (did-stop owed or sent).
    var didFinish: Bool { state == .finished }
    /// Whether a tick has applied it (for the display rule).
    var hasBeenShown: Bool { state >= .filling }
}

/// How far an added animation has come. A record only moves forward through these states (a
/// slot returns to `free` when the animation is removed).
///
///     free → pending → waiting → filling → running → finished
///                         └──────────────────↗  (when it begins unshown)
enum RunState: UInt8, Comparable {
    /// The slot holds no animation.
    case free
    /// Added; its transaction has not committed, so it is not evaluated (the property keeps
    /// the value it was added over).
    case pending
    /// Committed, before its begin time, not shown.
    case waiting
    /// Committed, before its begin time, shown by a backwards fill.
    case filling
    /// In its active interval or past it: did-start is owed or sent.
    case running
    /// Its active duration ended: did-stop is owed or sent (a record that is not removed on
    /// completion stays here, filling or not).
    case finished

    static func < (a: RunState, b: RunState) -> Bool { a.rawValue < b.rawValue }

    /// What an evaluation at `sample` does to a record in this state — the one rule of the run
    /// state, which the general walk carries out and the steady lane checks: it is shown when it
    /// first takes effect, begins when its time reaches its begin, ends when its time passes
    /// its end. `parentApplies`: its group is in effect (always, for a record of the layer's
    /// own); a record whose group does not apply neither begins nor ends.
    @inline(__always)
    func step(at sample: TimingSample, parentApplies: Bool) -> RunStep {
        RunStep(
            shows: self < .filling && sample.isInEffect,
            starts: self < .running && parentApplies && sample.phase != .before,
            finishes: self != .finished && parentApplies && sample.phase == .after)
    }

    /// The state after `step`.
    @inline(__always)
    func advanced(by step: RunStep) -> RunState {
        if step.finishes { return .finished }
        if step.starts { return .running }
        if step.shows && self < .filling { return .filling }
        return self
    }
}

/// The changes of run state one evaluation makes (`RunState.step(at:parentApplies:)`); each
/// owes something: a display when first shown, a did-start, a did-stop and completion.
struct RunStep {
    var shows: Bool
    var starts: Bool
    var finishes: Bool

    /// Whether the evaluation leaves the run state as it is, owing nothing.
    @inline(__always) var isNone: Bool { !shows && !starts && !finishes }
}

/// What the tick computes for a record; it switches once on this.
enum RecordKind: UInt8 {
    /// From/to/by interpolation (`BasicRecord`).
    case basic
    /// Keyframes or a path (`KeyframeRecord`).
    case keyframe
    /// A group's time space for the records that follow it (`GroupRecord`).
    case group
    /// From/to/by on a damped spring (`SpringRecord`).
    case spring
    /// A thrown value slowing down (`DecayRecord`).
    case decay
    /// The tangent rotation of a keyframe animation along a path: its `parameters` are its
    /// owner's `KeyframeRecord`; it writes the layer's transform.
    case pathRotation
    /// A transition (`TransitionRecord`): it writes no property; the render list reads its
    /// progress.
    case transition

    /// Whether its records write a property's value (a group's and a transition's do not:
    /// their `property` is −1).
    var writesProperty: Bool { self != .group && self != .transition }
}
