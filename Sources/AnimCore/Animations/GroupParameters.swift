/// What a group (CAAnimationGroup) adds: its children (reference §6.6).
///
/// Each child animates its own key path "in the time space of the parent animation": a child's
/// begin time is relative to the group's start, speeds multiply, and children are clipped to
/// the group's active duration, never scaled to it. A child with duration 0 spans the group's
/// duration. The children's delegates and `isRemovedOnCompletion` are ignored: the group's
/// delegate is told of start and stop, and removing the group removes every child's effect.
/// Fill modes apply at both levels. Groups nest up to `maximumDepth` levels.
public struct GroupParameters: Sendable {
    /// The children, applied in order after what lies underneath (copied when added).
    public var animations: [Animation]

    /// The deepest nesting accepted: a group inside a group … `maximumDepth` groups in all.
    public static let maximumDepth = 16

    public init(animations: [Animation] = []) {
        self.animations = animations
    }
}
