/// One visible layer of a render list: everything a renderer needs to draw it, as plain data
/// (reference core-animation-geometry.md §3.1). Entries come in draw order: a layer, then its
/// sublayers back to front, each with its subtree; the layer's border, mask and group close
/// after its subtree (`subtreeEnd`).
///
/// The field order and types are the C API's `ac_render_entry`, byte for byte, so the C shim
/// hands the list's storage to C as it is. The fields every fill writes (`layerID` to `alpha`)
/// come first; the drawing fields after them are left where the list's storage holds them
/// already (`DrawingKey`).
public struct RenderEntry: Sendable {
    /// What an entry asks of a renderer beyond its values.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The flags' bits.
        public let rawValue: UInt32

        /// Flags from their bits.
        /// - Parameter rawValue: a mask of the flags below.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The layer and its subtree are composited offscreen as one group, then blended at
        /// `opacity` (allowsGroupOpacity with opacity below 1).
        public static let opacityGroup = Flags(rawValue: 1)
        /// masksToBounds: the layer's contents and subtree are clipped to its bounds, rounded
        /// by `cornerRadius` on `maskedCorners`.
        public static let clips = Flags(rawValue: 2)
        /// The entry differs from the previous list's entry of the same layer, or the layer is
        /// new to the list.
        public static let changed = Flags(rawValue: 4)
        /// The geometryFlipped layers above this one, up to its tree's root (above the fill's
        /// root too), mirror its plane (an odd number of their flips reach it; a layer's flip
        /// mirrors its sublayers, not itself or its mask): draw its contents mirrored
        /// vertically, so that an image keeps its orientation on screen as Core Animation keeps
        /// it (reference §1.8). Not CALayer
        /// `contentsAreFlipped`, which counts the layer's own flip: that one tells how to flip
        /// a drawing context (`Layer.contentsAreFlipped`).
        public static let contentsFlipped = Flags(rawValue: 8)
        /// The entry is a mask layer (the `mask` of its parent entry's layer): it and its
        /// subtree, up to its `subtreeEndIndex`, are drawn into the mask, not into the picture.
        public static let isMask = Flags(rawValue: 16)
        /// The layer draws nothing of its own (a CATransformLayer, reference §1.5): no
        /// background, contents, border or shadow (its colours come cleared), no clip, mask or
        /// group; its opacity multiplies into its sublayers' alpha. Its sublayers keep their 3D
        /// (their matrices are not flattened into its plane) and come depth sorted.
        public static let sublayersOnly = Flags(rawValue: 32)
        /// A replicator drew fewer instances than its instanceCount: an animated count above
        /// `LayerClassID.maxReplicatorInstances`, nested replicators whose counts multiply past
        /// it, or instances that would take the list past `RenderList.maximumReplicatedEntries`.
        public static let instancesClamped = Flags(rawValue: 64)
    }

    /// The model layer's handle.
    package var layerID: LayerID
    /// The layer's class.
    public var layerClass: LayerClassID
    /// The index of the superlayer's entry; −1 for the list's root.
    package var parent: Int32
    /// One past the last entry of this layer's subtree.
    package var subtreeEnd: Int32
    /// The index of the mask layer's entry; −1 for none.
    package var mask: Int32
    /// What the entry asks of a renderer.
    public var flags: Flags
    /// The layer's space into the list's root space (`p' = p · M`, divided by w): the layer's
    /// matrix to its superlayer, then each ancestor's flattened (§1.5), perspective kept.
    public var matrix: Transform3D
    /// The layer's bounds, in its own space.
    public var bounds: Rect
    /// The layer's own opacity, 0...1 as set (values outside are kept).
    public var opacity: Double
    /// What the entry's contribution is multiplied by inside the group it is drawn in (the
    /// innermost group an ancestor opened, else the picture): the opacities of its ancestors
    /// up to, not including, the nearest one that opens a group, times its own opacity unless
    /// it opens a group itself. An entry that opens a group draws itself and its subtree into
    /// the group as if opaque, and blends the group at `opacity × alpha`. A mask's subtree
    /// starts at 1.
    public var alpha: Double
    /// The background fill.
    public var backgroundColor: Color
    /// The border's colour.
    public var borderColor: Color
    /// The border's width, inside the bounds, in the layer's units (points of its own space).
    public var borderWidth: Double
    /// The radius of the rounded corners, for the background, border and clip, in the layer's
    /// units.
    public var cornerRadius: Double
    /// The shadow's colour.
    public var shadowColor: Color
    /// The shadow's opacity; 0 casts none.
    public var shadowOpacity: Double
    /// The shadow's blur radius, in the layer's units; it reaches about twice that.
    public var shadowRadius: Double
    /// The shadow's offset, in the layer's space.
    public var shadowOffset: Size
    /// The part of the contents drawn, in unit coordinates.
    public var contentsRect: Rect
    /// The contents' stretchable centre, in unit coordinates.
    public var contentsCenter: Rect
    /// Pixels of the contents per point.
    public var contentsScale: Double
    /// The host's image; `Token.none` for none.
    public var contents: Token
    /// The raw value of a `ContentsGravity`.
    package var gravity: Int32
    /// The corners `cornerRadius` rounds.
    public var maskedCorners: CornerMask
    /// The colour every colour the entry draws is multiplied by, component-wise, alpha
    /// included: background, border, shadow, contents and a class's own (a text layer's
    /// foregroundColor): the product of the instance colours of the replicator instances it is
    /// drawn in (reference §5.2: instanceColor plus k times the offsets, each component clamped
    /// to [0, 1]); opaque white outside replicators.
    public var instanceColor: Color
    /// Seconds the entry's time runs behind its replicators' (the sum of k × instanceDelay
    /// over the replicator instances it is drawn in, each in its replicator's time); 0 outside
    /// replicators. Its animated values were sampled at that shifted time.
    public var instanceTimeShift: Double
    /// The index k of the instance of the nearest replicator above it that this entry is drawn
    /// in; 0 outside replicators (instance 0 is the sublayers themselves).
    public var instanceIndex: Int32
    /// Reserved, 0.
    package var reserved: Int32

    // The layer's transition (`TransitionParameters`; the snapshot lifecycle is the C header's
    // "Transitions in the render list"). All zero (`TransitionComposite.newOnly`'s alphas)
    // without one.

    /// The id of the layer's transition, which the host keys its snapshot of the layer's old
    /// rendering by (with which of the layer's entries this is, in list order, for a layer a
    /// replicator draws more than once: each instance shows the transition at its own shifted
    /// time): unique in the engine, never reused; 0 for none, and then every transition field
    /// is at rest (no state, progress 0), which the list's change tracking relies on. With
    /// `.ended`, the id of the transition that ended.
    public var transitionID: UInt64
    /// The raw value of the transition's `TransitionType` (0 without one: read `transitionType`).
    package var transitionTypeRaw: Int32
    /// The raw value of the transition's `TransitionSubtype`; 0 for none.
    package var transitionSubtypeRaw: Int32
    /// The transition's progress p (the eased fraction of its duration mapped into
    /// [startProgress, endProgress]), while it shows; else 0.
    public var transitionProgress: Double
    /// Where the old image (the host's snapshot) is drawn, relative to the layer's bounds, in
    /// its own space (`TransitionComposite`).
    public var transitionOldOffset: Size
    /// Where the new rendering (the entry and its subtree as listed) is drawn, relative to where
    /// it lies, in the layer's space.
    public var transitionNewOffset: Size
    /// The old image's alpha, in [0, 1]: 0 while the transition does not show (or without one).
    public var transitionOldAlpha: Double
    /// The new rendering's alpha, in [0, 1]: 1 while the transition does not show (or without
    /// one).
    public var transitionNewAlpha: Double
    /// The raw value of the `TransitionLayering`.
    package var transitionLayeringRaw: Int32
    /// Where the transition is in its life, as this fill sees it.
    public var transitionState: TransitionState

    /// The index of the superlayer's entry; nil for the list's root.
    public var parentIndex: Int? { parent >= 0 ? Int(parent) : nil }
    /// One past the index of the last entry of this layer's subtree (its sublayers' entries
    /// and its mask's).
    public var subtreeEndIndex: Int { Int(subtreeEnd) }
    /// The index of the mask layer's entry; nil for none.
    public var maskIndex: Int? { mask >= 0 ? Int(mask) : nil }
    /// How the contents fill the bounds.
    public var contentsGravity: ContentsGravity { ContentsGravity(rawValue: gravity) ?? .resize }

    /// The layer's transition's type; nil without one (or at its end).
    public var transitionType: TransitionType? {
        transitionID != 0 && !transitionState.contains(.ended) ? TransitionType(rawValue: transitionTypeRaw) : nil
    }
    /// The transition's subtype; nil for none (or without a transition).
    public var transitionSubtype: TransitionSubtype? { TransitionSubtype(rawValue: transitionSubtypeRaw) }
    /// What the host composites now: the offsets, alphas and layering.
    public var transitionComposite: TransitionComposite {
        TransitionComposite(
            oldOffset: transitionOldOffset, newOffset: transitionNewOffset, oldAlpha: transitionOldAlpha,
            newAlpha: transitionNewAlpha, layering: TransitionLayering(rawValue: transitionLayeringRaw) ?? .newOverOld)
    }

    /// Where a layer's transition is in its life, as a fill sees it (the C header's
    /// "Transitions in the render list" says what the host does with each).
    public struct TransitionState: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt32

        /// A state from its bits.
        /// - Parameter rawValue: a mask of the bits below.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The transition is new to this list (its layer's previous entry had another or
        /// none): snapshot what was last drawn for the layer, keyed by `transitionID`,
        /// dropping any earlier snapshot of the layer.
        public static let began = TransitionState(rawValue: 1)
        /// The transition shows: draw the old image and the new rendering as the composite
        /// says. Without it (a transition waiting for a later begin time, or kept after its end
        /// without a forwards fill) draw the new rendering alone, and keep the snapshot.
        public static let inEffect = TransitionState(rawValue: 2)
        /// Its progress moves (it is in its active interval): the entry is changed every fill.
        public static let active = TransitionState(rawValue: 4)
        /// The transition of `transitionID` is gone since the previous fill (finished and
        /// removed, removed, or replaced without a new one): drop its snapshot.
        public static let ended = TransitionState(rawValue: 8)
    }
}
