/// What a renderer composites for a layer running a transition at progress p (reference
/// core-animation-geometry.md §6.2, [INFERRED] there from the type descriptions): where the
/// layer's old image (the host's snapshot) and its new rendering (the layer and its subtree as
/// the render list draws them now) are drawn, at what alpha, and which lies on top.
///
/// W and H are the layer's bounds size; offsets are in the layer's own space; D, the side the
/// motion starts from (`TransitionSubtype.effective`): (+W, 0) from the right, (−W, 0) from the
/// left, (0, +H) from the top (maximum y), (0, −H) from the bottom.
///
/// | type   | old                       | new                     | layering          |
/// |--------|---------------------------|-------------------------|-------------------|
/// | fade   | alpha 1 − p               | alpha p                 | cross-dissolve    |
/// | moveIn | static                    | offset D·(1 − p)        | new over old      |
/// | push   | offset −D·p               | offset D·(1 − p)        | new over old      |
/// | reveal | offset −D·p               | static                  | old over new      |
///
/// Alphas are clamped to [0, 1] (a timing curve that overshoots moves offsets past their ends,
/// and would otherwise give alphas outside it). Whether the moving images are clipped to the
/// layer's bounds is unverified on Apple's side; animcore leaves it to the entry's clip flag.
public struct TransitionComposite: Hashable, Sendable {
    /// Where the old image is drawn, relative to the layer's bounds, in its own space.
    public var oldOffset: Size
    /// Where the new rendering is drawn, relative to where the list places it.
    public var newOffset: Size
    /// The old image's alpha, in [0, 1].
    public var oldAlpha: Double
    /// The new rendering's alpha, in [0, 1].
    public var newAlpha: Double
    /// How the two are put together.
    public var layering: TransitionLayering

    /// A composite of these parts (`at(type:subtype:progress:size:)` computes one).
    /// - Parameters:
    ///   - oldOffset: where the old image is drawn, in the layer's space.
    ///   - newOffset: where the new rendering is drawn.
    ///   - oldAlpha: the old image's alpha.
    ///   - newAlpha: the new rendering's alpha.
    ///   - layering: how the two are put together.
    public init(oldOffset: Size, newOffset: Size, oldAlpha: Double, newAlpha: Double, layering: TransitionLayering) {
        (self.oldOffset, self.newOffset, self.oldAlpha, self.newAlpha, self.layering) = (oldOffset, newOffset, oldAlpha, newAlpha, layering)
    }

    /// The new rendering alone, where it is: what a layer whose transition does not show
    /// draws (offsets 0, old alpha 0, new alpha 1).
    public static let newOnly = TransitionComposite(
        oldOffset: Size(width: 0, height: 0), newOffset: Size(width: 0, height: 0), oldAlpha: 0, newAlpha: 1,
        layering: .newOverOld)

    /// The composite of a transition of `type` from `subtype` at progress `progress` over a
    /// layer of bounds size `size`: the one home of the table above.
    /// - Parameters:
    ///   - type: the transition's type.
    ///   - subtype: its subtype; nil for none (from the left).
    ///   - p: the progress (`TransitionParameters.progress(atEased:start:end:)`), argument label
    ///     `progress`.
    ///   - size: the layer's bounds size, W × H.
    /// - Returns: the offsets, alphas and layering.
    public static func at(type: TransitionType, subtype: TransitionSubtype?, progress p: Double, size: Size) -> TransitionComposite {
        let zero = Size(width: 0, height: 0)
        guard type != .fade else {
            return TransitionComposite(
                oldOffset: zero, newOffset: zero, oldAlpha: min(max(1 - p, 0), 1), newAlpha: min(max(p, 0), 1),
                layering: .crossDissolve)
        }
        let side = direction(TransitionSubtype.effective(subtype), size: size)
        let entering = Size(width: side.width * (1 - p), height: side.height * (1 - p))
        let leaving = Size(width: -side.width * p, height: -side.height * p)
        switch type {
        case .moveIn:
            return TransitionComposite(oldOffset: zero, newOffset: entering, oldAlpha: 1, newAlpha: 1, layering: .newOverOld)
        case .push:
            return TransitionComposite(oldOffset: leaving, newOffset: entering, oldAlpha: 1, newAlpha: 1, layering: .newOverOld)
        case .reveal, .fade:
            return TransitionComposite(oldOffset: leaving, newOffset: zero, oldAlpha: 1, newAlpha: 1, layering: .oldOverNew)
        }
    }

    /// D: the offset of the side a motion starts from, a whole bounds' width or height.
    private static func direction(_ subtype: TransitionSubtype, size: Size) -> Size {
        switch subtype {
        case .fromRight: Size(width: size.width, height: 0)
        case .fromLeft: Size(width: -size.width, height: 0)
        case .fromTop: Size(width: 0, height: size.height)
        case .fromBottom: Size(width: 0, height: -size.height)
        }
    }
}

/// How a transition's old image and new rendering are put together. The raw values are the C
/// API's AC_TRANSITION_LAYERING_* constants and never change.
public enum TransitionLayering: Int32, CaseIterable, Sendable {
    /// Draw the old image, then the new rendering over it (source-over): moveIn, push.
    case newOverOld = 0
    /// Draw the new rendering, then the old image over it: reveal.
    case oldOverNew = 1
    /// Sum the two, each premultiplied by its alpha: `oldAlpha · old + newAlpha · new` (fade's
    /// cross-dissolve; a source-over of one on the other would darken the middle).
    case crossDissolve = 2
}
