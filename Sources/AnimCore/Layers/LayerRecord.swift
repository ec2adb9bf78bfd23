/// A layer as the engine stores it, but for its place (`LayerPlace`, same slot: its stamp,
/// class, model row and presentation block): references, tree links, animation list and per-tick
/// caches. Plain data only, kept in one array for the whole engine; the 8-byte fields first and
/// the flags last, so that no padding lies between.
struct LayerRecord {
    /// The layer's time computed under cache stamp `timeStamp` (a tick's number, or a walk's
    /// outside the tick; see `LayerTimeWalk`).
    var timeStamp: UInt64 = 0
    var cachedTime: Double = 0
    /// References: the host's (create/retain/release) plus one while it has a superlayer; at
    /// most `maximumReferences`.
    var referenceCount: Int32 = 0
    static let maximumReferences = Int32.max
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var previousSibling: Int32 = -1
    /// The mask layer (CALayer `mask`), or -1. Its `parent` is this layer, but it is not among
    /// the sublayers.
    var mask: Int32 = -1
    var firstAnimation: Int32 = -1
    var lastAnimation: Int32 = -1
    /// The size of the presentation block at `LayerPlace.presentationOffset`; 0 when the layer
    /// has no animations.
    var presentationSize: Int32 = 0
    /// Position in the engine's list of animated layers, or -1.
    var animatedIndex: Int32 = -1
    /// How many transition records its animation list holds (one home: counted up where a
    /// record is linked into the list, down where one is unlinked), so that the render list
    /// looks for a transition only on a layer that has one (`transitionAnimation(ofLayerIn:)`).
    var transitionCount: Int32 = 0
    /// Counts the layer's model value writes (wrapping; one home: `propertyDidChange`), so
    /// that the render list knows, without reading them, that the values its entry drew are
    /// the ones it would write again (`DrawingKey`).
    var modelVersion: UInt64 = 0
    /// Whether display must run at the next tick, and whether it is queued for it.
    var needsDisplay = false
    var isQueuedForDisplay = false
    /// Whether the layer's timing properties are all defaults (its time is its parent's).
    var hasDefaultTiming = true
    /// Whether the layer has been committed once (implicit animation starts after that).
    var isCommitted = false
    /// Whether some of its animations may be in the steady lane or refused by it: set before
    /// one joins or is refused (`joinSteadyLane`), cleared by `leaveSteadyLane(layer:)`, which
    /// clears those marks; a layer without them has nothing to leave, however many animations
    /// it has.
    var hasLaneMarks = false
}
