/// What a transition (CATransition) adds: how the layer's old rendering gives way to its new one
/// (reference core-animation-geometry.md §6). A transition animates no property: it is added to
/// a layer under the key "transition" (`TransitionParameters.key`), whatever key the add names,
/// so a layer runs one at a time; the host composites the layer's old image (which it keeps:
/// see the render list's transition fields) with its new rendering as `TransitionComposite`
/// says at the transition's progress.
public struct TransitionParameters: Hashable, Sendable {
    /// The key every transition is added under (kCATransition): adding one replaces the
    /// layer's running transition, as keys do.
    public static let key = "transition"

    /// How the new content replaces the old. Default `.fade`.
    public var type: TransitionType
    /// The side the motion starts from, for moveIn, push and reveal; nil (the default) for none:
    /// a motion then starts from the left (`TransitionSubtype.effective(_:)`). Not used by fade.
    public var subtype: TransitionSubtype?
    /// Where in the transition's effect it starts, in [0, 1], at most `endProgress`. Default 0.
    public var startProgress: Double
    /// Where in the transition's effect it ends, in [0, 1], at least `startProgress`. Default 1.
    public var endProgress: Double

    /// A transition's parameters.
    /// - Parameters:
    ///   - type: how the new content replaces the old; default `.fade`.
    ///   - subtype: the side a motion starts from; default nil (from the left).
    ///   - startProgress: in [0, 1]; default 0.
    ///   - endProgress: in [startProgress, 1]; default 1.
    public init(type: TransitionType = .fade, subtype: TransitionSubtype? = nil, startProgress: Double = 0, endProgress: Double = 1) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    /// Checks one progress bound: finite and in [0, 1] (reference §6.1's legal range; the
    /// setters of every language run it).
    /// - Throws: `.notFinite` or `.outOfRange` naming `field`.
    package static func checkProgress(_ progress: Double, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        try Check.within(progress, 0...1, field())
    }

    /// The checks of a transition, as its add runs them: both bounds in [0, 1] and
    /// `startProgress` ≤ `endProgress`.
    ///
    /// [Decision] Core Animation stores bounds outside the legal range (and start > end)
    /// unchanged and leaves their effect undefined; animcore refuses them instead, since the
    /// reference gives the legal range and nothing defines the rest.
    /// - Throws: `.notFinite` or `.outOfRange` naming `field`.startProgress or
    ///   `field`.endProgress; `.invalidArgument` naming `field`.endProgress when it is below
    ///   the start.
    package func validate(_ field: @autoclosure () -> String) throws(AnimCoreError) {
        try TransitionParameters.checkProgress(startProgress, "\(field()).startProgress")
        try TransitionParameters.checkProgress(endProgress, "\(field()).endProgress")
        guard endProgress >= startProgress else {
            throw AnimCoreError(
                .invalidArgument,
                "\(field()).endProgress is \(endProgress), below \(field()).startProgress = \(startProgress); a transition's end must not come before its start")
        }
    }

    /// The transition's progress at an eased fraction of its duration (reference §6.2):
    /// `startProgress + (endProgress − startProgress) · fraction` — the one mapping of the
    /// tick and of every surface.
    /// - Parameters:
    ///   - fraction: the timing sample's progress through the timing function (0 at the start
    ///     of a cycle, 1 at its end; a curve may overshoot).
    ///   - start: the transition's `startProgress`.
    ///   - end: the transition's `endProgress`.
    /// - Returns: the progress p the composite is drawn at.
    @inline(__always)
    public static func progress(atEased fraction: Double, start: Double, end: Double) -> Double {
        start + (end - start) * fraction
    }
}

/// How a transition's new content replaces the old (CATransitionType). The raw values are the C
/// API's AC_TRANSITION_* constants and never change.
public enum TransitionType: Int32, CaseIterable, Sendable {
    /// The old content fades out as the new fades in (kCATransitionFade).
    case fade = 0
    /// The new content slides in over the old (kCATransitionMoveIn).
    case moveIn = 1
    /// The new content slides in pushing the old out (kCATransitionPush).
    case push = 2
    /// The old content slides out uncovering the new (kCATransitionReveal).
    case reveal = 3

    /// Core Animation's name: "fade", "moveIn", "push", "reveal".
    public var name: String {
        switch self {
        case .fade: "fade"
        case .moveIn: "moveIn"
        case .push: "push"
        case .reveal: "reveal"
        }
    }

    /// The type of Core Animation's name, exactly spelled; nil for another.
    /// - Parameter name: "fade", "moveIn", "push" or "reveal".
    public init?(named name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }
}

/// The side a transition's motion starts from (CATransitionSubtype). The raw values are the C
/// API's AC_TRANSITION_FROM_* constants (0 there is none) and never change.
public enum TransitionSubtype: Int32, CaseIterable, Sendable {
    /// The motion begins at the right side of the layer (maximum x) (kCATransitionFromRight).
    case fromRight = 1
    /// The motion begins at the left side (minimum x) (kCATransitionFromLeft).
    case fromLeft = 2
    /// The motion begins at the top: maximum y, as "top" means in every Core Animation
    /// geometry (contentsGravity's) (kCATransitionFromTop).
    case fromTop = 3
    /// The motion begins at the bottom: minimum y (kCATransitionFromBottom).
    case fromBottom = 4

    /// Core Animation's name: "fromRight", "fromLeft", "fromTop", "fromBottom".
    public var name: String {
        switch self {
        case .fromRight: "fromRight"
        case .fromLeft: "fromLeft"
        case .fromTop: "fromTop"
        case .fromBottom: "fromBottom"
        }
    }

    /// The subtype of Core Animation's name, exactly spelled; nil for another.
    /// - Parameter name: "fromRight", "fromLeft", "fromTop" or "fromBottom".
    public init?(named name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The side a motion starts from when its subtype is `subtype`: the subtype, or
    /// `.fromLeft` for none.
    ///
    /// [INFERRED] Core Animation's subtype is nil by default and the effect of nil on a motion
    /// is undocumented; Apple's CATransition example, a push with no subtype shown, "animates
    /// the red state from left to right with the blue state entering the scene from the left".
    /// - Parameter subtype: a transition's subtype; nil for none.
    /// - Returns: the side the motion starts from.
    public static func effective(_ subtype: TransitionSubtype?) -> TransitionSubtype {
        subtype ?? .fromLeft
    }
}
