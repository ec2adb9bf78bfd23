/// What a group (CAAnimationGroup) adds: its children (reference §6.6).
///
/// Each child animates its own key path "in the time space of the parent animation": a child's
/// begin time is relative to the group's start, speeds multiply, and children are clipped to
/// the group's active duration, never scaled to it. A child with duration 0 spans the group's
/// duration. The children's delegates and `isRemovedOnCompletion` are ignored: the group's
/// delegate is told of start and stop, and removing the group removes every child's effect.
/// Fill modes apply at both levels. Groups nest up to `maximumDepth` levels.
///
/// A sequence (`isSequential`, beyond Core Animation: QSequentialAnimationGroup, a GSAP
/// timeline) runs its children one after another instead of together; see `isSequential`.
public struct GroupParameters: Sendable {
    /// The children, applied in order after what lies underneath (copied when added).
    public var animations: [Animation] {
        didSet { summarize() }
    }

    /// Whether the children run one after another (a sequence) rather than together. In a
    /// sequence each child's begin time counts from the end of the child before it (the first
    /// from the group's start): 0 follows on at once, a positive begin time leaves a gap (a
    /// pause step), a negative one overlaps the child before. A child of duration 0 takes the
    /// duration it would take added alone (the transaction's; a spring's settling duration, a
    /// decay's stopping time). A sequence of duration 0 lasts until the latest end of its
    /// children (its natural length), also inside another group, where a plain child of
    /// duration 0 would span that group (which still clips it). A child that would begin
    /// beyond ±1e15 s (after an endless one) is refused when the sequence is added. Default
    /// false.
    public var isSequential = false

    /// Groups nested in this one, itself counted (1 for a group of property animations).
    /// Kept up to date as children change, so checking a tree costs its top level only: a
    /// group holding the same child several times is a tree of children^depth animations.
    public private(set) var depth = 1
    /// Animations in the tree, this group and nested groups counted; saturates at
    /// `Int32.max` (far beyond what one add accepts).
    public private(set) var animationCount = 1

    /// The deepest nesting accepted: a group inside a group … `maximumDepth` groups in all.
    public static let maximumDepth = 16

    /// A group of these children.
    /// - Parameters:
    ///   - animations: the children, applied in order; default none.
    ///   - isSequential: whether they run one after another (a sequence); default false.
    public init(animations: [Animation] = [], isSequential: Bool = false) {
        self.animations = animations
        self.isSequential = isSequential
        summarize()
    }

    private mutating func summarize() {
        var depth = 1
        var count = 1
        for child in animations {
            depth = max(depth, 1 + child.groupDepth)
            count = min(count + child.animationCount, Int(Int32.max))
        }
        self.depth = depth
        animationCount = count
    }
}
