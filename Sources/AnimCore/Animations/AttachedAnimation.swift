/// An animation added to a layer, as the engine stores it: the copy's timing and pacing, where
/// its values and its property's presentation live, and its place in the layer's list.
/// Plain data only (no references), so the per-frame loop reads it without retain/release.
struct AttachedAnimation {
    var generation: UInt32 = 0
    var isAlive = false
    /// The layer's slot index.
    var layer: Int32 = -1
    /// Neighbours in the layer's list (add order); -1 at the ends.
    var next: Int32 = -1
    var previous: Int32 = -1
    /// The key it was added under (an interned key id), or -1 for none.
    var key: Int32 = -1
    /// The animated property's index in the layer's class.
    var property: Int32 = 0
    /// The component of the property's value it animates, if the key path goes inside it.
    var component: KeyPathComponent?
    /// Kind of the animated value (the component's or the property's).
    var kind: ValueKind = .scalar
    var timing = MediaTiming.animationDefault
    /// `timing.activeParentDuration`, computed once when added (it does not depend on the begin
    /// time that the commit sets).
    var activeParentDuration: Double = 0
    /// Index of the timing function in the engine's table; -1 for none (linear).
    var function: Int32 = -1
    /// Offsets of the from/to/by values in the engine's animation-value buffer; -1 when nil.
    var from: Int32 = -1
    var to: Int32 = -1
    var by: Int32 = -1
    /// Where the property's presentation value lives, relative to the layer's block.
    var presentationOffset: Int32 = 0
    /// Where the property's model value lives: its offset in the layer's model row, whether the
    /// row holds the value itself, and (out of line) the class default's block.
    var modelOffset: Int32 = 0
    var modelIsInline = true
    var defaultBlock: Int32 = -1
    /// Slots of the whole property value (the presentation entry's size).
    var propertySlotCount: Int32 = 1
    /// The interned key of the animation's key path.
    var keyPath: Int32 = -1
    var isAdditive = false
    var isCumulative = false
    var isRemovedOnCompletion = true
    /// Whether this is the first animation of its property in the layer's list: it copies the
    /// model value into the presentation slots before any animation of the property applies.
    var initializesPresentation = false
    /// Committed: its begin time is resolved and it is evaluated each tick.
    var isCommitted = false
    /// beginTime was 0 when added: it becomes the layer's time at commit.
    var beginsAtCommit = false
    /// Neither from, to nor by was given: from was captured from the presentation when added.
    var fromIsCaptured = false
    var didStart = false
    /// Whether a tick has applied it once (for the display rule).
    var hasBeenShown = false
    var didFinish = false
    /// Whether its value replaces the property's whole value without reading what lies
    /// underneath: not additive, not a key-path component, both endpoints given.
    var overwritesWholeValue: Bool {
        !isAdditive && component == nil && ((from >= 0 && to >= 0) || (from >= 0 && by >= 0) || (to >= 0 && by >= 0))
    }
    /// Whether the property makes the layer redisplay when it changes.
    var needsDisplay = false
    /// The completion group of the transaction it was added in; -1 when none counts it.
    var group: Int32 = -1
    /// Seconds after the commit at which it begins, when its begin time resolves at commit
    /// (animation blocks' delay).
    var beginDelay: Double = 0

    /// Slots of one value of `kind`.
    var valueSlotCount: Int { kind.slotCount }
}
