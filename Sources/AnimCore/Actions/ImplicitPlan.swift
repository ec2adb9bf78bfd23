/// The built-in implicit animation a change makes (reference §4.4), worked out once from the
/// calling thread's transaction settings and the property changed: the record every start of it
/// makes, less what each start owns (its layer, links, key, values and generation).
/// `EngineState.planImplicitAnimation` makes it; `EngineState.startImplicitAnimation` carries it
/// out, for the direct change, the batch set and the action path alike.
struct ImplicitPlan {
    /// What a plan is made of: the settings as the transactions set them, the engine's
    /// default duration and the property. Inputs alike (`areRead(from:_:_:defaultDuration:)`)
    /// make the same plan.
    struct Inputs {
        var classIndex = -1
        var property = -1
        var defaultDuration = 0.0
        /// The settings, their `values` and `disableActions` left out (no plan reads them:
        /// `TransactionSettings.animateAlike(_:)`).
        var settings = TransactionSettings()

        init() {}

        @inline(__always)
        init(_ settings: borrowing TransactionSettings, _ classIndex: Int, _ property: Int, defaultDuration: Double) {
            self.classIndex = classIndex
            self.property = property
            self.defaultDuration = defaultDuration
            self.settings = copy settings
            self.settings.disableActions = nil
            if !self.settings.values.isEmpty { self.settings.values = [:] }
        }

        /// Whether these make the plan the inputs `init(settings, classIndex, property,
        /// defaultDuration:)` would make: the numbers the same to the bit, the settings alike
        /// for implicit animations (`TransactionSettings.animateAlike(_:)`), compared where
        /// they lie (`settings` inout only to be read in place, without a copy of its curve).
        @inline(__always)
        mutating func areRead(
            from settings: inout TransactionSettings, _ classIndex: Int, _ property: Int, defaultDuration: Double
        ) -> Bool {
            self.classIndex == classIndex && self.property == property
                && self.defaultDuration.bitPattern == defaultDuration.bitPattern && self.settings.animateAlike(&settings)
        }
    }

    /// What the plan was made of (a classIndex of −1 before the first plan).
    var inputs = Inputs()
    /// The `ThreadTransactionCache.settingsVersion` whose settings `inputs` were read from
    /// (0: none, or settings not the cache's).
    var settingsVersion: UInt = 0
    /// The record each start makes: its kind (basic, or spring with a spring in the settings),
    /// timing, delay, property fields and lane admission; pending, beginning at the commit.
    /// `function` is the engine's "default" curve for a basic animation of a transaction that
    /// sets none, else −1 until a start finds the index of `curve`.
    var record = AttachedAnimation()
    /// The transaction's curve, which each start holds a use of; unset when it sets none. Its
    /// index, once a start found it, is `record.function` while `functionsDropped` is
    /// `TimingFunctionTable.droppedCount` (nil: the index holds for the engine's life).
    var curve = StoredTimingFunction.unset
    var functionsDropped: Int?
    /// Whether it begins at the presentation value (else at the old model value).
    var beginsFromCurrentState = true
    /// Whether it is additive: old − new to zero under a key of its own, so interrupted motion
    /// stays continuous (only for interpolable kinds).
    var isAdditive = false
    /// Whether a spring starts with the presentation's velocity (the property has coordinates,
    /// the plan begins from the current state and is not additive) when the property moves.
    var carriesVelocity = false
    /// Whether a spring lasts longer while the velocity it carries settles: no transaction set
    /// the duration.
    var lengthensForVelocity = false
    /// The spring's settling duration and response (the default spring's without one), shared
    /// by springs equal by `==` (a damping of 0 and of −0 give the same motion).
    var spring = ImplicitSpringFacts(Spring())

    /// The id of the property's animation key, which an animation of the plan holds (−1: not
    /// known yet), and `AnimationKeyTable.freedCount` then: while no key is freed, it is in use.
    var key: Int32 = -1
    var keysFreed = 0
    /// The presentation layout of the property alone, for a layer's first animation (−1: not
    /// interned yet); layouts are never dropped.
    var presentationLayout: Int32 = -1

    init() {}

    /// Whether the plan is the one the inputs read from `settings` make (`Inputs.areRead`).
    /// (Mutating though it changes nothing: a method of the plan, called in place, compares
    /// the inputs where they are; read through the state that holds the plan, they would be
    /// copied for the comparison.)
    @inline(__always)
    mutating func isMade(
        from settings: inout TransactionSettings, _ classIndex: Int, _ property: Int, defaultDuration: Double
    ) -> Bool {
        inputs.areRead(from: &settings, classIndex, property, defaultDuration: defaultDuration)
    }

    /// The plan for `inputs`, of the property with `layout` (of the class's `keyPath` key and
    /// `defaultBlock`); `defaultFunction` is the engine's "default" curve; `spring` the facts
    /// of the last plan's spring (kept when the spring is the same).
    init(
        _ inputs: Inputs, layout: PropertyLayout, keyPath: Int32, defaultBlock: Int32, defaultFunction: Int32,
        spring: ImplicitSpringFacts
    ) {
        self.inputs = inputs
        let kind = layout.kind
        var record = AttachedAnimation()
        let settings = inputs.settings
        if let given = settings.spring {
            self.spring = spring.spring == given ? spring : ImplicitSpringFacts(given)
            record.kind = .spring
            // The settling duration unless a transaction sets one; a duration of 0 is an add's
            // "its settling duration" too.
            let duration = settings.animationDuration ?? self.spring.settlingDuration
            record.timing.duration = duration == 0 ? self.spring.settlingDuration : duration
            // A spring takes the transaction's curve only when it sets one.
            curve = settings.storedTimingFunction
        } else {
            self.spring = spring
            record.kind = .basic
            record.timing.duration = settings.animationDuration ?? inputs.defaultDuration
            // [INF] Core Animation does not say which curve an implicit animation uses when the
            // transaction sets none; like GNUstep, WinObjC and UIKit-on-SDL we use "default".
            curve = settings.storedTimingFunction
            if !curve.isSet { record.function = defaultFunction }
        }
        record.timing.repeatCount = settings.repeatCount ?? 0
        record.timing.autoreverses = settings.autoreverses ?? false
        let delay = settings.delay ?? 0
        // During a delay the animation shows its start (UIKit's blocks fill backwards).
        if delay > 0 { record.timing.fillMode = .backwards }
        record.activeParentDuration = record.timing.activeParentDuration
        record.beginDelay = delay
        record.beginsAtCommit = true
        record.state = .pending
        beginsFromCurrentState = settings.beginsFromCurrentState ?? true
        isAdditive = (settings.additiveImplicitAnimations ?? false) && kind.isInterpolable
        record.isAdditive = isAdditive
        carriesVelocity = settings.spring != nil && beginsFromCurrentState && !isAdditive && kind.hasCoordinates
        lengthensForVelocity = carriesVelocity && settings.animationDuration == nil
        record.keyPath = keyPath
        record.property = Int32(inputs.property)
        record.valueKind = kind
        record.needsDisplay = layout.needsDisplay
        record.modelOffset = Int32(layout.offset)
        record.modelIsInline = layout.isInline
        record.defaultBlock = defaultBlock
        record.propertySlotCount = Int32(kind.slotCount)
        record.overwritesWholeValue = false  // it reads the value underneath: never both ends
        record.mayJoinSteadyLane = SteadyLane.admits(record)
        self.record = record
    }
}
