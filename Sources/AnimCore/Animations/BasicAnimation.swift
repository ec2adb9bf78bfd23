/// A basic property animation (CABasicAnimation): interpolates one key path of a layer between
/// two values derived from `fromValue`, `toValue` and `byValue` (reference §6.3) over its timing.
///
/// Adding it to a layer copies it; later changes to this value do not touch the running copy.
public struct BasicAnimation: Sendable {
    /// The key path it animates, relative to the layer ("opacity", "position.x",
    /// "transform.rotation.z").
    public var keyPath: String
    /// Start value; nil = the value underneath (the running presentation value), read every frame.
    public var fromValue: Value?
    /// End value; nil = the value underneath, read every frame.
    public var toValue: Value?
    /// A relative end (from + by) or start (to − by).
    public var byValue: Value?
    /// Whether the value is added to the value underneath instead of replacing it. Default false.
    public var isAdditive = false
    /// Whether each repeat cycle builds on the end of the previous one. Default false.
    public var isCumulative = false
    /// The animation's CAMediaTiming (animation defaults: duration 0, replaced at add time).
    public var timing = MediaTiming.animationDefault
    /// The pacing; nil = linear. Default nil.
    public var timingFunction: TimingFunction?
    /// Whether the animation is removed when its active duration ends. Default true.
    public var isRemovedOnCompletion = true
    /// Callbacks for the start and stop of the added copy.
    public var delegate: AnimationDelegate?

    public init(keyPath: String) {
        self.keyPath = keyPath
    }
}

/// The callbacks of an added animation: each fires exactly once per added copy, on the thread
/// that calls tick, outside the engine's internal state access (so it may call the engine).
public struct AnimationDelegate: Sendable {
    /// The animation began its active duration.
    public var didStart: (@Sendable (AnimationEvent) -> Void)?
    /// The animation completed its active duration (finished = true) or was removed or replaced
    /// before that (finished = false).
    public var didStop: (@Sendable (AnimationEvent, _ finished: Bool) -> Void)?

    public init(
        didStart: (@Sendable (AnimationEvent) -> Void)? = nil,
        didStop: (@Sendable (AnimationEvent, _ finished: Bool) -> Void)? = nil
    ) {
        self.didStart = didStart
        self.didStop = didStop
    }
}

/// What an animation callback is told: the engine, the layer and the key it was added under.
public struct AnimationEvent: Sendable {
    public let engine: Engine
    public let layer: LayerID
    public let key: String?
}
