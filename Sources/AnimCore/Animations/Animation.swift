/// An animation description (CAAnimation and its subclasses): one type over every kind. What
/// all kinds share — the key path, composition flags, CAMediaTiming, pacing, removal and the
/// delegate — is stored here; what a kind adds lives in `kind`.
///
/// Adding it to a layer copies it; later changes to this value do not touch the running copy.
public struct Animation: Sendable {
    /// What the animation does, with the parameters of its kind.
    public enum Kind: Sendable {
        /// From one value to another (CABasicAnimation).
        case basic(BasicParameters)
        /// Through a list of values or along a path (CAKeyframeAnimation).
        case keyframe(KeyframeParameters)
        /// Several animations in one time space (CAAnimationGroup).
        case group(GroupParameters)
        /// From one value to another on a damped spring (CASpringAnimation): the values as for a
        /// basic animation, the motion the spring's. Boxed (indirect), so the spring does not
        /// make every description larger.
        indirect case spring(BasicParameters, Spring)
        /// A thrown value slowing down (Pop's decay, a scroll view's inertia; beyond Core Animation).
        /// Boxed (indirect), so its four optional values do not make every description larger.
        indirect case decay(DecayParameters)
        /// The layer's old rendering giving way to its new one (CATransition): no property,
        /// always under the key "transition" (`TransitionParameters`).
        case transition(TransitionParameters)
    }

    /// What a kind adds beyond the from/to/by values, which are stored apart (`endpoints`), so
    /// that a setter of one of them writes it where it lies instead of taking the kind apart
    /// and putting it together again.
    enum Parts: Sendable {
        case basic
        /// Boxed (indirect), so the spring does not make every description larger.
        indirect case spring(Spring)
        case keyframe(KeyframeParameters)
        case group(GroupParameters)
        /// Boxed (indirect), so its four optional values do not make every description larger.
        indirect case decay(DecayParameters)
        case transition(TransitionParameters)
    }

    /// The key path it animates, relative to the layer ("opacity", "position.x",
    /// "transform.rotation.z"). Ignored for a group (each child names its own).
    public var keyPath: String
    /// The kind and its parameters (put together from the stored parts when read).
    public var kind: Kind {
        get {
            switch parts {
            case .basic: .basic(endpoints)
            case .spring(let spring): .spring(endpoints, spring)
            case .keyframe(let parameters): .keyframe(parameters)
            case .group(let parameters): .group(parameters)
            case .decay(let parameters): .decay(parameters)
            case .transition(let parameters): .transition(parameters)
            }
        }
        set { (parts, endpoints) = Animation.stored(newValue) }
    }
    /// `kind` taken apart as it is stored: its parts, and its from/to/by values (empty but for
    /// a basic or spring kind).
    private static func stored(_ kind: consuming Kind) -> (Parts, BasicParameters) {
        switch consume kind {
        case .basic(let values): (.basic, values)
        case .spring(let values, let spring): (.spring(spring), values)
        case .keyframe(let parameters): (.keyframe(parameters), BasicParameters())
        case .group(let parameters): (.group(parameters), BasicParameters())
        case .decay(let parameters): (.decay(parameters), BasicParameters())
        case .transition(let parameters): (.transition(parameters), BasicParameters())
        }
    }
    /// The kind's parameters but for the from/to/by values.
    private(set) var parts: Parts
    /// The from/to/by values of a basic or spring animation; empty (all nil) for another kind.
    /// Read where they lie by the add and the checks (`basic` returns a copy).
    private(set) var endpoints: BasicParameters
    /// Whether the value is added to the value underneath instead of replacing it. Default
    /// false. Ignored for a group (each child has its own).
    public var isAdditive = false
    /// Whether each repeat cycle builds on the end of the previous one. Default false. Ignored
    /// for a group.
    public var isCumulative = false
    /// The animation's CAMediaTiming (animation defaults: duration 0, replaced at add time).
    public var timing = MediaTiming.animationDefault
    /// The pacing of the whole animation; nil = linear (an animation added without one takes
    /// the transaction's, except a group). A group's function re-times its children. Default nil.
    public var timingFunction: TimingFunction? {
        get { storedTimingFunction.optional }
        set { storedTimingFunction = StoredTimingFunction(newValue) }
    }
    /// `timingFunction` as stored (`StoredTimingFunction`), read and swapped in place by the add
    /// and the C setter.
    package var storedTimingFunction = StoredTimingFunction.unset
    /// Whether the animation is removed when its active duration ends. Default true. Ignored
    /// for a group's children (the group's removal removes them).
    public var isRemovedOnCompletion = true
    /// Whether the animation's end value is written into the model when it finishes (its active
    /// duration ends) and is removed (`isRemovedOnCompletion`), so that the layer goes on showing
    /// it instead of snapping back to the model; one that stays attached shows what its fill
    /// mode says, and writes nothing. It does for you what Core Animation users do by
    /// hand: set the model to the end value, with actions disabled, beside the add. The value
    /// kept is what the animation shows at its end over the model value (an additive one's end
    /// added to it; a group's children's, in order). Nothing is written when the animation is
    /// removed or replaced before it finishes. Default: true for a decay (a fling stays where
    /// it comes to rest, as in Pop and UIKit), false for the other kinds. Ignored for a group's
    /// children (the group's setting counts).
    ///
    /// C: the flag `AC_ANIMATION_KEEPS_FINAL_VALUE`.
    public var keepsFinalValue: Bool {
        get { keepsFinalValueSetting ?? (kindTag == .decay) }
        set { keepsFinalValueSetting = newValue }
    }
    /// The value function (CAValueFunction) that turns the animated value into the transform
    /// the property shows; nil (the default) for none. With one, the key path names a transform
    /// property ("transform", "sublayerTransform", a custom `transform3D` or `affineTransform`
    /// property; not a component of one), and the from/to/by values or keyframes are of the
    /// function's `inputKind` (radians for the rotations, factors for the scales, layer units
    /// for the translations; vector3s for `scale` and `translate`). They are interpolated as
    /// numbers are (timing function, from/to/by rules, calculation modes, cumulative repeats),
    /// then the function builds the matrix: `rotateZ` from 0 to 2π turns the layer once, where
    /// a matrix animation from the identity to the identity stands still. A missing end is the
    /// function's part of the transform underneath ("rotation.z" for `rotateZ`). Additive: the
    /// built matrix is concatenated with the transform underneath, the built one applied first
    /// ([INFERRED] order; Core Animation does not document it).
    ///
    /// For basic, keyframe and spring animations. A decay or a group with one is refused when
    /// added (a decay moves its property's own value, and its start and velocity would be read
    /// from a matrix; a group's children take their own), and so are a keyframe path, values
    /// of another kind than the function takes, and a key path that does not hold a transform
    /// (`validate(_:)` and the add).
    ///
    /// C: `ac_animation_set_value_function`, `ac_animation_get_value_function`.
    public var valueFunction: ValueFunction?

    /// Sets `valueFunction` by Core Animation's name ("rotateZ", "scale", "translateX"; see
    /// `ValueFunction`), or removes it (nil), checking at once what needs no layer: the name,
    /// and that the animation is not a decay or a group (the rest is checked when added).
    ///
    /// C: `ac_animation_set_value_function`.
    /// - Parameters:
    ///   - name: a value function's name, exactly spelled; nil for none.
    ///   - field: the name messages give the argument; default "valueFunction".
    /// - Throws: `.unknownName` for another name, "" included (where Core Animation's
    ///   `functionWithName:` answers nil); `.invalidArgument` for a decay or a group. The
    ///   animation is unchanged then.
    public mutating func setValueFunction(named name: String?, field: String = "valueFunction") throws(AnimCoreError) {
        guard let name else {
            valueFunction = nil
            return
        }
        let function = try ValueFunction(named: name, field: field)
        try checkTakesValueFunction(function, "animation")
        valueFunction = function
    }
    /// `keepsFinalValue` as set; nil: the kind's default.
    private var keepsFinalValueSetting: Bool?
    /// Callbacks for the start and stop of the added copy. Ignored for a group's children (the
    /// group's delegate is told).
    package var delegate: AnimationDelegate?
    /// Whether a path or array animation's from and to may differ in shape, its values then
    /// switching at 0.5 as a shape met only while it runs does: for the animations the engine
    /// makes from values it met (an animator's continuation from what shows now to where it
    /// ends). An animation a caller gives with ends of two shapes is refused when added.
    package var endsMaySwitch = false

    /// An animation of `kind` on `keyPath` with every shared property at its default.
    /// - Parameters:
    ///   - keyPath: the key path it animates ("opacity", "position.x"); "" for a group.
    ///   - kind: the kind and its parameters.
    public init(keyPath: consuming String, kind: consuming Kind) {
        self.keyPath = keyPath
        (parts, endpoints) = Animation.stored(kind)
    }

    /// An animation of the kind `parts` with the from/to/by values `endpoints` (empty but for a
    /// basic or spring kind), every shared property at its default.
    private init(keyPath: consuming String, parts: Parts, endpoints: consuming BasicParameters = BasicParameters()) {
        self.keyPath = keyPath
        self.parts = parts
        self.endpoints = endpoints
    }

    /// A basic animation (CABasicAnimation) of `keyPath`; nil values are taken from the value
    /// underneath (see `BasicParameters`). `Animation.basic(.opacity, to: 0)` takes a typed
    /// property name instead.
    ///
    /// C: `ac_animation_create_basic`, `ac_animation_set_value`.
    /// - Parameters:
    ///   - keyPath: the key path it animates.
    ///   - from: the start value; nil: the presentation value underneath.
    ///   - to: the end value; nil: the model value (or from + by).
    ///   - by: the change; nil: none.
    /// - Returns: the description, every shared property at its default.
    public static func basic(
        _ keyPath: consuming String, from: consuming Value? = nil, to: consuming Value? = nil, by: consuming Value? = nil
    ) -> Animation {
        Animation(keyPath: keyPath, parts: .basic, endpoints: BasicParameters(fromValue: from, toValue: to, byValue: by))
    }

    /// A keyframe animation (CAKeyframeAnimation) of `keyPath` through `values`.
    ///
    /// C: `ac_animation_create_keyframe`, `ac_animation_set_values`, `ac_animation_set_key_times`.
    /// - Parameters:
    ///   - keyPath: the key path it animates.
    ///   - values: the keyframes, all of the key path's kind; at least one when added.
    ///   - keyTimes: each keyframe's time in [0, 1], non-decreasing; nil: evenly spaced.
    ///   - calculationMode: how the keyframes are joined; default `.linear`.
    /// - Returns: the description.
    public static func keyframe(
        _ keyPath: String, values: [Value] = [], keyTimes: [Double]? = nil,
        calculationMode: CalculationMode = .linear
    ) -> Animation {
        var parameters = KeyframeParameters()
        parameters.values = values
        parameters.keyTimes = keyTimes
        parameters.calculationMode = calculationMode
        return Animation(keyPath: keyPath, kind: .keyframe(parameters))
    }

    /// A keyframe animation of a point-valued `keyPath` along `path`.
    ///
    /// C: `ac_animation_create_keyframe`, `ac_animation_set_path`.
    /// - Parameters:
    ///   - keyPath: a point-valued key path ("position").
    ///   - path: the path followed; each segment end is a keyframe.
    ///   - calculationMode: `.paced` or `.cubicPaced` for constant speed; default `.linear`.
    /// - Returns: the description.
    public static func keyframe(_ keyPath: String, path: Path, calculationMode: CalculationMode = .linear) -> Animation {
        var parameters = KeyframeParameters()
        parameters.path = path
        parameters.calculationMode = calculationMode
        return Animation(keyPath: keyPath, kind: .keyframe(parameters))
    }

    /// A spring animation (CASpringAnimation) of `keyPath`; nil values are taken from the value
    /// underneath as for a basic animation. Added with duration 0, it lasts the spring's
    /// settling duration.
    ///
    /// C: `ac_animation_create_spring`, `ac_animation_set_value`, `ac_animation_set_spring`.
    /// - Parameters:
    ///   - keyPath: the key path it animates.
    ///   - from: the start value; nil: the presentation value underneath.
    ///   - to: the end value; nil: the model value (or from + by).
    ///   - by: the change; nil: none.
    ///   - spring: the spring; default Core Animation's (mass 1, stiffness 100, damping 10).
    /// - Returns: the description.
    public static func spring(
        _ keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, spring: Spring = Spring()
    ) -> Animation {
        Animation(keyPath: keyPath, kind: .spring(BasicParameters(fromValue: from, toValue: to, byValue: by), spring))
    }

    /// A decay animation of `keyPath`: from `from` (nil: the presentation) with `velocity` (nil:
    /// the presentation's), slowing down at `decelerationRate` per millisecond. Added with
    /// duration 0, it lasts until its speed falls below the minimum.
    ///
    /// C: `ac_animation_create_decay`, `ac_animation_set_decay`.
    /// - Parameters:
    ///   - keyPath: a key path of a kind with coordinates.
    ///   - from: the start value; nil: the presentation value when added.
    ///   - velocity: units per second; nil: the presentation's velocity when added.
    ///   - decelerationRate: the fraction of the velocity kept per millisecond, in (0, 1);
    ///     default 0.998.
    /// - Returns: the description.
    public static func decay(_ keyPath: String, from: Value? = nil, velocity: Value? = nil, decelerationRate: Double = 0.998) -> Animation {
        Animation(keyPath: keyPath, kind: .decay(DecayParameters(fromValue: from, velocity: velocity, decelerationRate: decelerationRate)))
    }

    /// The parameters of a decay; nil for another kind. Setting it makes the animation a
    /// decay; setting nil changes nothing.
    public var decay: DecayParameters? {
        get { if case .decay(let parameters) = parts { parameters } else { nil } }
        set { if let newValue { kind = .decay(newValue) } }
    }

    /// A transition (CATransition): the layer's old rendering gives way to its new one, as
    /// `type` and `subtype` say, over the transition's duration (0: the transaction's, or
    /// 0.25 s). It animates no property (its key path is ""), and is added under the key
    /// "transition" whatever key the add names, replacing the layer's running transition.
    ///
    /// C: `ac_animation_create_transition`, `ac_animation_set_transition`.
    /// - Parameters:
    ///   - type: how the new content replaces the old; default `.fade`.
    ///   - subtype: the side a motion starts from; default nil (from the left).
    ///   - startProgress: in [0, 1]; default 0.
    ///   - endProgress: in [startProgress, 1]; default 1 (checked when added).
    /// - Returns: the description, every shared property at its default.
    public static func transition(
        type: TransitionType = .fade, subtype: TransitionSubtype? = nil, startProgress: Double = 0, endProgress: Double = 1
    ) -> Animation {
        Animation(
            keyPath: "",
            kind: .transition(TransitionParameters(type: type, subtype: subtype, startProgress: startProgress, endProgress: endProgress)))
    }

    /// The parameters of a transition; nil for another kind. Setting it makes the animation a
    /// transition; setting nil changes nothing.
    public var transition: TransitionParameters? {
        get { if case .transition(let parameters) = parts { parameters } else { nil } }
        set { if let newValue { kind = .transition(newValue) } }
    }

    /// A group (CAAnimationGroup) of `animations`, each animating its own key path in the
    /// group's time space.
    ///
    /// C: `ac_animation_create_group`, `ac_animation_set_children`.
    /// - Parameter animations: the children, applied in order.
    /// - Returns: the description.
    public static func group(_ animations: [Animation]) -> Animation {
        Animation(keyPath: "", kind: .group(GroupParameters(animations: animations)))
    }

    /// A sequence: a group whose children run one after another, each child's begin time
    /// counting from the end of the one before it (a gap when positive, an overlap when
    /// negative), lasting until the last one ends unless given a duration
    /// (`GroupParameters.isSequential`).
    ///
    /// C: `ac_animation_create_group` with the flag `AC_ANIMATION_SEQUENTIAL`.
    /// - Parameter animations: the children, in the order they run.
    /// - Returns: the description.
    public static func sequence(_ animations: [Animation]) -> Animation {
        Animation(keyPath: "", kind: .group(GroupParameters(animations: animations, isSequential: true)))
    }

    /// Whether this is a sequence (`GroupParameters.isSequential`); false for every other kind.
    public var isSequence: Bool {
        if case .group(let group) = parts { group.isSequential } else { false }
    }

    /// Makes a group a sequence or a plain group (`GroupParameters.isSequential`).
    /// - Parameter sequential: true for a sequence, false for a plain group.
    /// - Throws: `.invalidArgument` for an animation that is not a group.
    public mutating func setSequential(_ sequential: Bool) throws(AnimCoreError) {
        guard case .group(var group) = parts else {
            throw AnimCoreError(
                .invalidArgument, "animation is a \(kindTag.name) animation; only a group runs its children in sequence")
        }
        group.isSequential = sequential
        parts = .group(group)
    }

    /// The from/to/by values of a basic or spring animation; nil for another kind. Setting it
    /// keeps a spring a spring and makes any other animation basic; setting nil changes nothing
    /// (and so does `animation.basic?.fromValue = v` on a keyframe animation or group).
    public var basic: BasicParameters? {
        get {
            switch parts {
            case .basic, .spring: endpoints
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch parts {
            case .basic, .spring: break
            default: parts = .basic
            }
            endpoints = newValue
        }
    }

    /// The spring of a spring animation; nil for another kind. Setting it makes the animation a
    /// spring animation (keeping a basic animation's values); setting nil changes nothing.
    public var spring: Spring? {
        get { if case .spring(let spring) = parts { spring } else { nil } }
        set {
            // (The from/to/by values of another kind are empty: a basic animation's are kept.)
            if let newValue { parts = .spring(newValue) }
        }
    }

    /// The parameters of a keyframe animation; nil for another kind. Setting it makes the
    /// animation a keyframe animation; setting nil changes nothing.
    public var keyframe: KeyframeParameters? {
        get { if case .keyframe(let parameters) = parts { parameters } else { nil } }
        set { if let newValue { kind = .keyframe(newValue) } }
    }

    /// The parameters of a group; nil for another kind. Setting it makes the animation a
    /// group; setting nil changes nothing.
    public var group: GroupParameters? {
        get { if case .group(let parameters) = parts { parameters } else { nil } }
        set { if let newValue { kind = .group(newValue) } }
    }

    /// Runs `change` on the from/to/by values of a basic or spring animation where they lie;
    /// false, running nothing, for another kind.
    package mutating func changeBasic(_ change: (inout BasicParameters) -> Void) -> Bool {
        switch parts {
        case .basic, .spring:
            change(&endpoints)
            return true
        default:
            return false
        }
    }

    /// The kind's tag.
    public var kindTag: AnimationKindTag {
        switch parts {
        case .basic: .basic
        case .keyframe: .keyframe
        case .group: .group
        case .spring: .spring
        case .decay: .decay
        case .transition: .transition
        }
    }
}

/// The kinds of animation, as a plain tag. The raw values are part of the C ABI
/// (AC_ANIMATION_KIND_*) and never change.
public enum AnimationKindTag: Int32, CaseIterable, Sendable {
    /// `Animation.Kind.basic` (AC_ANIMATION_KIND_BASIC).
    case basic = 0
    /// `Animation.Kind.keyframe` (AC_ANIMATION_KIND_KEYFRAME).
    case keyframe = 1
    /// `Animation.Kind.group` (AC_ANIMATION_KIND_GROUP).
    case group = 2
    /// `Animation.Kind.spring` (AC_ANIMATION_KIND_SPRING).
    case spring = 3
    /// `Animation.Kind.decay` (AC_ANIMATION_KIND_DECAY).
    case decay = 4
    /// `Animation.Kind.transition` (AC_ANIMATION_KIND_TRANSITION).
    case transition = 5

    /// The kind's name: "basic", "keyframe", "group".
    public var name: String {
        switch self {
        case .basic: "basic"
        case .keyframe: "keyframe"
        case .group: "group"
        case .spring: "spring"
        case .decay: "decay"
        case .transition: "transition"
        }
    }
}

/// The callbacks of an added animation: each fires exactly once per added copy, on the thread
/// that calls tick, outside the engine's internal state access (so it may call the engine).
package struct AnimationDelegate: Sendable {
    /// The animation began its active duration.
    package var didStart: (@Sendable (AnimationEvent) -> Void)?
    /// The animation completed its active duration (finished = true) or was removed or replaced
    /// before that (finished = false).
    package var didStop: (@Sendable (AnimationEvent, _ finished: Bool) -> Void)?
    /// The closures set through `Animation.onStart` and `onStop`, as given (`didStart` and
    /// `didStop` call them).
    package var onStart: (@Sendable () -> Void)?
    package var onStop: (@Sendable (_ finished: Bool) -> Void)?

    package init(
        didStart: (@Sendable (AnimationEvent) -> Void)? = nil,
        didStop: (@Sendable (AnimationEvent, _ finished: Bool) -> Void)? = nil
    ) {
        self.didStart = didStart
        self.didStop = didStop
    }
}

/// What an animation callback is told: the engine, the layer and the key it was added under.
package struct AnimationEvent: Sendable {
    package let engine: Engine
    package let layer: LayerID
    package let key: String?
}
