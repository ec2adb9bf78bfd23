/// The root object: layer classes, layers and their trees, animations, and the clock the host
/// drives with `tick`. Separate engines share nothing.
///
/// ```swift
/// let engine = Engine()
/// let layer = try engine.makeLayer()                 // a Layer, released when it goes away
/// try engine.tick(0)                                  // the first frame commits it
/// try engine.transaction(duration: 0.5) { try layer.setValue(0, for: .opacity) }
/// for frame in 1...30 {                               // the host's frame loop
///     try engine.tick(Double(frame) / 60)
///     let shown = try layer.presentationValue(.opacity)   // from 1 to 0: what to draw now
/// }
/// ```
///
/// C: `ac_engine` (`ac_engine_create`, `ac_engine_destroy`).
///
/// Threads: every method may be called from any thread; the engine serialises them with a
/// recursive lock. Callbacks (display, animation start and stop) are delivered by `tick`, on
/// the thread that calls it, after the engine has finished changing its state, so they may call
/// back into the engine (their own changes take effect immediately; the callbacks those changes
/// owe are delivered by the next tick).
public final class Engine: @unchecked Sendable {
    let lock = RecursiveLock()
    // [Perf] Exclusivity is unchecked at run time: every access is made holding `lock`, which
    // already serialises them, and the dynamic check would cost more than the access itself
    // (two accesses per property change).
    let state: EngineState
    @exclusivity(unchecked) var isInvalidated = false
    /// Whether a delivery is in progress (see `deliverEvents`), and its queue, which every tick
    /// appends to while it runs. Guarded by `lock`.
    private var isDelivering = false
    private var deliveryQueue: [EngineEvent] = []
    /// The host clock (`setClock(_:)`) and whether it is being read. Guarded by `lock`.
    @exclusivity(unchecked) var hostClock: (() -> Double)?
    @exclusivity(unchecked) var isReadingClock = false
    /// The render lists of the C API. Guarded by `lock`.
    let renderLists = RenderListTable()
    /// Action searches in progress, one nested in another's handler, and searches made since
    /// the outermost began (`searchAction`). Guarded by `lock`.
    @exclusivity(unchecked) var actionNesting = 0
    @exclusivity(unchecked) var actionChainSearches = 0

    /// A new engine with no layers and no classes but the built-in one, its clock not yet
    /// started (the first `tick` sets it).
    ///
    /// C: `ac_engine_create`.
    public init() {
        state = EngineState()
    }

    /// Runs `body` on the state under the lock; refused once the engine is invalidated.
    @inline(__always)
    func withState<R>(_ body: (EngineState) throws(AnimCoreError) -> R) throws(AnimCoreError) -> R {
        try lock.withLock { () throws(AnimCoreError) -> R in
            guard !isInvalidated else {
                throw AnimCoreError.engineState("the engine has been invalidated")
            }
            defer {
                releaseRetired()
                if state.commitClock.isOwed { readClock() }
            }
            return try body(state)
        }
    }

    /// Releases the host registrations a state change removed, after the state access ended
    /// (their release may call back into the engine).
    private func releaseRetired() {
        guard !state.retired.isEmpty else { return }
        var dropped: [Any] = []
        swap(&dropped, &state.retired)
        dropped.removeAll()
    }

    // MARK: Clock

    /// Advances to host time `now` (seconds, any monotonic clock), commits what is pending,
    /// evaluates every animation, and delivers the callbacks owed: animation did-start and
    /// did-stop, then display, on the calling thread. The first tick starts the clock and commits
    /// the layers made so far: their changes run actions from then on. A `now` earlier than the
    /// last tick's moves engine time back by the difference (× `globalSpeed`).
    ///
    /// C: `ac_engine_tick`.
    /// - Parameter now: host time in seconds; within ±1e15 (`MediaTiming.Limits.time`).
    /// - Throws: `.notFinite` for a NaN or infinite time, `.outOfRange` for one beyond ±1e15;
    ///   `.invalidState` once the engine is invalidated or while it is being invalidated.
    public func tick(_ now: Double) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            try state.refuseWhileEnding("a tick")
            try state.tick(hostTime: now)
        }
        deliverEvents()
    }

    /// The engine's time in seconds: the host time of the first tick, advanced by each tick's
    /// elapsed host time × `globalSpeed`. Absolute time for root layers; use it for begin times.
    ///
    /// C: `ac_engine_current_time`.
    public var currentTime: Double {
        lock.withLock { state.currentTime }
    }

    /// Engine time per host time; 1 by default, below 1 for slow motion. Finite and >= 0.
    ///
    /// C: `ac_engine_global_speed`.
    public var globalSpeed: Double {
        lock.withLock { state.globalSpeed }
    }

    /// Sets `globalSpeed` from the next tick on (0 freezes every animation).
    ///
    /// C: `ac_engine_set_global_speed`.
    /// - Parameter speed: engine time per host time; in [0, 1e6] (`MediaTiming.Limits.speed`,
    ///   the most any speed may be).
    /// - Throws: `.notFinite` for a NaN or infinite speed, `.outOfRange` for a negative one or
    ///   one beyond 1e6; `.invalidState` once the engine is invalidated.
    public func setGlobalSpeed(_ speed: Double) throws(AnimCoreError) {
        try Check.finite(speed, "speed")
        guard speed >= 0, speed <= MediaTiming.Limits.speed else {
            throw AnimCoreError(.outOfRange, "speed is \(speed); it must be in [0, 1e6]")
        }
        try withState { state in state.globalSpeed = speed }
    }

    /// Sets the duration animations added with duration 0 get outside any transaction that sets
    /// one (Core Animation's 0.25 s by default).
    ///
    /// C: `ac_engine_config.default_duration_s` (given to `ac_engine_create`).
    /// - Parameter duration: seconds; > 0 and <= 1e15, the range of a transaction's
    ///   `animationDuration` (which it stands in for).
    /// - Throws: `.notFinite` for a NaN or infinite duration, `.outOfRange` for one not > 0 or
    ///   beyond 1e15 s (`TransactionSettings.checkImplicitTiming`, "duration"); `.invalidState`
    ///   once the engine is invalidated.
    public func setDefaultAnimationDuration(_ duration: Double) throws(AnimCoreError) {
        try TransactionSettings.checkImplicitTiming(
            duration: duration, delay: nil, repeatCount: nil, spring: nil, durationField: "duration")
        try withState { state in state.defaultAnimationDuration = duration }
    }

    /// Threads each tick evaluates on, the ticking thread included; 1 by default.
    ///
    /// C: `ac_engine_tick_threads`.
    public var tickThreadCount: Int {
        lock.withLock { state.tickThreads?.count ?? 1 }
    }

    /// Sets the threads each tick evaluates on, the ticking thread included. With more than
    /// one, the steady animations (basic, spring, decay, keyframe animations and groups in the
    /// steady middle of their motion; see the README's "Performance") are shared out among the threads when there are enough of them; values
    /// are the same as on one thread to the bit, and every callback still runs on the ticking
    /// thread in the same order. Worth it from tens of thousands of animations on as many
    /// cores.
    ///
    /// C: `ac_engine_set_tick_threads`.
    /// - Parameter count: threads in all, 1 to `TickThreads.maximumCount` (64).
    /// - Throws: `.outOfRange` for a count outside 1...64; `.invalidState` when the system
    ///   refuses a thread (the engine keeps its threads as they were) or once the engine is
    ///   invalidated.
    public func setTickThreadCount(_ count: Int) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.setTickThreadCount(count) }
    }

    /// Animations in the tick's steady lane now (see `SteadyLane`): what tests and benchmarks
    /// check the lane against.
    package var steadyAnimationCount: Int {
        lock.withLock { state.steadyLane.liveCount }
    }

    /// How many of the lane's time layers the tick's walk computes before the lane runs
    /// (`SteadyLane.timedLayers`, once per entry): what tests check the lane's clock reads by.
    package var steadyLaneWalkedTimeLayerCount: Int {
        lock.withLock { state.steadyLane.timedLayers.count }
    }

    /// Lets steady animations join the tick's steady lane (the default) or keeps every
    /// animation on the general walk, for tests that compare the two; those in the lane leave.
    package func setSteadyLaneEnabled(_ isEnabled: Bool) {
        lock.withLock {
            state.isSteadyLaneEnabled = isEnabled
            if !isEnabled { state.leaveSteadyLane() }
        }
    }

    // MARK: Keys and classes

    /// The interned key for a property name or key path.
    package func key(_ name: String) throws(AnimCoreError) -> PropertyKey {
        try lock.withLock { () throws(AnimCoreError) in try state.keys.intern(name) }
    }

    /// The built-in layer class (CALayer's properties), the same as `LayerClassID.layer`.
    ///
    /// C: none (the class handle 0).
    public var baseLayerClass: LayerClassID { .layer }

    /// The class named `name` in this engine: a built-in class by Core Animation's name
    /// ("CALayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer"; the same handle in
    /// every engine) or a class declared here.
    ///
    /// C: `ac_class_find`.
    /// - Parameter name: the class's name.
    /// - Returns: the class.
    /// - Throws: `.unknownName` naming `name` when no class of this engine has it;
    ///   `.invalidState` once the engine is invalidated.
    public func layerClass(named name: String) throws(AnimCoreError) -> LayerClassID {
        try withState { (state) throws(AnimCoreError) in
            guard let found = state.classes.first(where: { $0.name == name }) else {
                throw AnimCoreError(.unknownName, "name is \"\(name)\"; no layer class of this engine has that name")
            }
            return found.id
        }
    }

    /// Declares a layer class with `properties` added to `superclass`'s.
    /// - Parameters:
    ///   - name: the class's name, unique in this engine.
    ///   - superclass: the class it extends; nil: the built-in class.
    ///   - properties: the properties it adds, stored, presented and interpolated by the engine.
    ///   - display: its display handler; nil: the superclass's.
    ///   - strict: whether its layers refuse undeclared keys (see `setStrict(_:for:)`); nil: as
    ///     the superclass (the built-in class is permissive, as Core Animation is).
    /// - Returns: the new class.
    /// - Throws: `.invalidArgument` for a name already used or a bad property name,
    ///   `.badHandle` for a superclass of another engine, and the value checks of the defaults.
    package func makeLayerClass(
        name: String, superclass: LayerClassID? = nil, properties: [PropertyDescriptor],
        display: DisplayHandler? = nil, strict: Bool? = nil
    ) throws(AnimCoreError) -> LayerClassID {
        try withState { (state) throws(AnimCoreError) in
            let id = try state.makeLayerClass(name: name, superclass: superclass ?? .layer, properties: properties)
            if let display { state.classes[id.index].display = display }
            if let strict { state.classes[id.index].isStrict = strict }
            return id
        }
    }

    /// Makes a class strict or permissive. Layers of a strict class refuse undeclared keys:
    /// setting, reading or animating a key that is not a declared property throws `.unknownKey`
    /// with the class's declared properties listed, so a typo fails where it is made. Permissive
    /// (Core Animation's rule, the default) stores undeclared keys as they come. Classes declared
    /// later with this one as superclass start with its setting. Values stored under undeclared
    /// keys while the class was permissive stay with their layers, unreachable while it is strict.
    ///
    /// C: `ac_class_set_strict`.
    /// - Parameters:
    ///   - strict: true to refuse undeclared keys, false for Core Animation's permissive rule.
    ///   - layerClass: the class (`.layer`, the built-in class, too).
    /// - Throws: `.badHandle` for a class of another engine; `.invalidState` once the engine is
    ///   invalidated.
    public func setStrict(_ strict: Bool, for layerClass: LayerClassID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.layerClass(layerClass).isStrict = strict }
    }

    /// Sets the display handler of a class (nil: none); layers of subclasses made later inherit it.
    package func setDisplayHandler(_ handler: DisplayHandler?, for layerClass: LayerClassID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let target = try state.layerClass(layerClass)
            if let old = target.display { state.retired.append(old) }
            target.display = handler
        }
    }

    /// The properties of a class, inherited ones first, in declaration order.
    ///
    /// C: none (`ac_layer_snapshot` lists a layer's).
    /// - Parameter layerClass: the class.
    /// - Returns: the descriptors: name, default value (and so kind), animatable, needs display.
    /// - Throws: `.badHandle` for a class of another engine; `.invalidState` once the engine is
    ///   invalidated.
    public func properties(of layerClass: LayerClassID) throws(AnimCoreError) -> [PropertyDescriptor] {
        try withState { (state) throws(AnimCoreError) in try state.layerClass(layerClass).properties.map(\.descriptor) }
    }

    /// The class of a layer.
    package func layerClass(of layer: LayerID) throws(AnimCoreError) -> LayerClassID {
        try withState { (state) throws(AnimCoreError) in
            state.classes[Int(state.places[try state.layerSlot(layer)].classIndex)].id
        }
    }

    // MARK: Layers

    /// A new layer of `layerClass` (default: the built-in class) with every property at its
    /// default. The caller holds one reference (see `release`).
    package func makeLayerHandle(_ layerClass: LayerClassID? = nil) throws(AnimCoreError) -> LayerID {
        try withState { (state) throws(AnimCoreError) in try state.makeLayer(of: layerClass ?? .layer) }
    }

    /// One more reference to `layer`.
    package func retain(_ layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.retain(layer) }
    }

    /// One reference less; the layer is destroyed when none is left (its superlayer holds one
    /// while it is in a tree, so releasing a layer in a tree keeps it there). Its animations
    /// stop with finished = false.
    package func release(_ layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.release(layer) }
    }

    /// Whether `layer` names a live layer of this engine.
    package func isValid(_ layer: LayerID) -> Bool {
        lock.withLock { withStateUnchecked { (try? $0.layerSlot(layer)) != nil } }
    }

    /// Sets the layer's delegate (nil: none).
    package func setDelegate(_ delegate: LayerDelegate?, for layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let slot = Int32(try state.layerSlot(layer))
            let old = delegate.map { state.layerDelegates.updateValue($0, forKey: slot) }
                ?? state.layerDelegates.removeValue(forKey: slot)
            if let old { state.retired.append(old) }
        }
    }

    // MARK: Values

    /// Sets the model value at `keyPath` (a property, a key path into one, "frame", or an
    /// undeclared key). Model values never change by animation. A change of an animatable
    /// property of a committed layer runs an action (see `action(forKey:of:)`), unless the
    /// transaction disables actions: by default an implicit animation from the presentation
    /// value with the transaction's duration and timing function.
    package func setValue(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) {
        // [Perf] A plain property name takes the direct change of `setValue(_:forKey:of:)` first.
        if !keyPath.isEmpty, !keyPath.utf8.contains(UInt8(ascii: ".")), try withState({ (state) throws(AnimCoreError) in
            try state.changeDirectly(value, forKey: try state.keys.intern(keyPath), of: layer)
        }) {
            return
        }
        try setValueGenerally(value, forKeyPath: keyPath, of: layer)
    }

    /// `setValue(_:forKeyPath:of:)` on the general path: the action search with its callbacks
    /// outside the state access (for key paths, "frame", undeclared keys, and changes a handler
    /// may answer). Also the fallback of `setValue(_:forKey:of:)` once its direct change declined.
    func setValueGenerally(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) {
        try lock.withLock { () throws(AnimCoreError) in
            if keyPath == "frame" {
                // A frame is a position and a bounds: each changes (and runs its action) in turn.
                let (position, bounds) = try withState { (state) throws(AnimCoreError) in
                    try state.frameComponents(value, slot: try state.layerSlot(layer))
                }
                try setValue(position, forKeyPath: "position", of: layer)
                try setValue(bounds, forKeyPath: "bounds", of: layer)
                return
            }
            let plan = try withState { (state) throws(AnimCoreError) in try state.planChange(value, forKeyPath: keyPath, of: layer) }
            guard case .needsAction(let request) = plan else { return }
            let result = searchAction(
                layer: layer, key: request.key, delegate: request.delegateAction,
                table: request.tableAction, classDefault: request.classAction)
            try withState { (state) throws(AnimCoreError) in try state.completeChange(request, result: result) }
        }
    }

    /// The model value at `keyPath`; nil only for an undeclared key never set.
    package func value(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value? {
        try withState { (state) throws(AnimCoreError) in try state.value(forKeyPath: keyPath, of: layer) }
    }

    /// The presentation value at `keyPath`: the model with the committed animations applied at
    /// the last tick.
    package func presentationValue(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value? {
        try withState { (state) throws(AnimCoreError) in try state.presentationValue(forKeyPath: keyPath, of: layer) }
    }

    /// How fast the presentation value at `keyPath` changes (a property or a component of one):
    /// a value of its kind whose slots are velocities in value units per second of the layer's
    /// time, measured at the last tick, whatever animates it; zero when nothing does. Throws
    /// `.wrongKind` for bool, integer and token key paths, `.unknownKey` for undeclared keys.
    package func presentationVelocity(forKeyPath keyPath: String, of layer: LayerID) throws(AnimCoreError) -> Value {
        try withState { (state) throws(AnimCoreError) in try state.presentationVelocity(forKeyPath: keyPath, of: layer) }
    }

    // MARK: Tree

    /// Adds `child` as the last sublayer of `parent`, moving it from any other superlayer; runs
    /// the child's "onOrderIn" action, then the "sublayers" actions of the superlayer it left
    /// and of `parent`.
    package func addSublayer(_ child: LayerID, to parent: LayerID) throws(AnimCoreError) {
        try insert(child, into: parent, at: nil)
    }

    /// Inserts `child` among `parent`'s sublayers at `index` (clamped to the count); runs the
    /// actions `addSublayer` runs.
    package func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int) throws(AnimCoreError) {
        try insert(child, into: parent, at: index)
    }

    /// `insertSublayer` at `index` (nil: last).
    private func insert(_ child: LayerID, into parent: LayerID, at index: Int?) throws(AnimCoreError) {
        try lock.withLock { () throws(AnimCoreError) in
            let previous = try withState { (state) throws(AnimCoreError) in
                let previous = try state.sublayerParent(of: child)
                try state.insertSublayer(child, into: parent, at: index)
                return previous
            }
            try runEventAction(ActionKey.orderIn, on: child)
            try runSublayersActions(of: parent, previous: previous)
        }
    }

    /// Replaces `old` among its superlayer's sublayers by `new` (moved from wherever it was);
    /// runs `new`'s "transition" action, then the "sublayers" actions of the superlayer `new`
    /// left and of the superlayer. Throws `.invalidArgument` when `old` has no superlayer.
    package func replaceSublayer(_ old: LayerID, with new: LayerID) throws(AnimCoreError) {
        try lock.withLock { () throws(AnimCoreError) in
            let (parent, previous) = try withState { (state) throws(AnimCoreError) in
                let places = (try state.superlayer(of: old), try state.sublayerParent(of: new))
                try state.replaceSublayer(old, with: new)
                return places
            }
            guard old != new else { return }
            try runEventAction(ActionKey.transition, on: new)
            try runSublayersActions(of: parent, previous: previous)
        }
    }

    /// Removes `layer` from its superlayer (nothing happens without one), after running its
    /// "onOrderOut" action; then runs the superlayer's "sublayers" action (not a masked layer's:
    /// its mask is none of its sublayers).
    package func removeFromSuperlayer(_ layer: LayerID) throws(AnimCoreError) {
        try lock.withLock { () throws(AnimCoreError) in
            guard try superlayer(of: layer) != nil else { return }
            try runEventAction(ActionKey.orderOut, on: layer)
            let parent = try withState { (state) throws(AnimCoreError) -> LayerID? in
                // A handler that released the layer has destroyed it: nothing is left to remove.
                guard (try? state.layerSlot(layer)) != nil else { return nil }
                let parent = try state.sublayerParent(of: layer)
                try state.removeFromSuperlayer(layer)
                return parent
            }
            try runSublayersActions(of: parent, previous: nil)
        }
    }

    package func sublayers(of layer: LayerID) throws(AnimCoreError) -> [LayerID] {
        try withState { (state) throws(AnimCoreError) in try state.sublayers(of: layer) }
    }

    package func superlayer(of layer: LayerID) throws(AnimCoreError) -> LayerID? {
        try withState { (state) throws(AnimCoreError) in try state.superlayer(of: layer) }
    }

    /// `time` in `source`'s time space (nil: absolute) converted to `destination`'s.
    package func convertTime(_ time: Double, from source: LayerID?, to destination: LayerID?) throws(AnimCoreError) -> Double {
        try Check.time(time, "time")
        return try withState { (state) throws(AnimCoreError) in try state.convertTime(time, from: source, to: destination) }
    }

    /// The layer's local time now (at the engine's current time).
    package func localTime(of layer: LayerID) throws(AnimCoreError) -> Double {
        try withState { (state) throws(AnimCoreError) in
            state.layerTime(try state.layerSlot(layer), atEngineTime: state.currentTime)
        }
    }

    // MARK: Animations

    /// Adds a copy of `animation` to `layer` under `key` (nil: no key); see `Animation`.
    package func addAnimation(_ animation: Animation, forKey key: String?, to layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.addAnimation(animation, forKey: key, to: layer) }
    }

    /// `addAnimation(_:forKey:to:)` of an animation `lend` lends: `lend` runs inside the state
    /// access and calls `add` at most once, with the animation and the key to add it under, so
    /// a caller that keeps its descriptions under a lock of its own (the C shim's table) adds
    /// one where it lies instead of copying it out first. `lend` calls nothing else of the
    /// engine; it is not called when the engine is invalidated.
    package func addAnimation(
        to layer: LayerID,
        lentBy lend: (_ add: (borrowing Animation, _ key: String?) throws(AnimCoreError) -> Void) throws(AnimCoreError) -> Void
    ) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            try lend { (animation, key) throws(AnimCoreError) in try state.addAnimation(animation, forKey: key, to: layer) }
        }
    }

    /// Removes the animation under `key` (it stops with finished = false at the next tick).
    package func removeAnimation(forKey key: String, from layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.removeAnimation(forKey: key, from: layer) }
    }

    /// Removes every animation of `layer`.
    package func removeAllAnimations(from layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in try state.removeAllAnimations(from: layer) }
    }

    /// The keys of the layer's animations, in the order they apply.
    package func animationKeys(of layer: LayerID) throws(AnimCoreError) -> [String] {
        try withState { (state) throws(AnimCoreError) in try state.animationKeys(of: layer) }
    }

    /// A copy of the animation under `key`, as the layer holds it.
    package func animation(forKey key: String, of layer: LayerID) throws(AnimCoreError) -> Animation? {
        try withState { (state) throws(AnimCoreError) in try state.animation(forKey: key, of: layer) }
    }

    // MARK: Display

    /// Marks the layer to display at the next tick.
    package func setNeedsDisplay(_ layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in state.setNeedsDisplay(try state.layerSlot(layer)) }
    }

    /// Whether the layer will display at the next tick.
    package func needsDisplay(_ layer: LayerID) throws(AnimCoreError) -> Bool {
        try withState { (state) throws(AnimCoreError) in state.layers[try state.layerSlot(layer)].needsDisplay }
    }

    // MARK: Ending

    /// Stops every animation (each did-stop fires with finished = false, delivered now), ends
    /// every open transaction (its completions run now with finished = false) and refuses every
    /// later call with `.invalidState`. Called by the C API's destroy, also from a callback.
    ///
    /// The callbacks delivered here may read, set values (no action runs) and release, but
    /// nothing new starts: adding an animation, beginning a transaction or an animation block,
    /// adding a completion and ticking are refused with `.invalidState`. So every did-stop and
    /// every completion owed is delivered exactly once, and invalidation always ends. Callbacks a
    /// tick in progress still owes are delivered as usual, except display and did-start, which
    /// no longer run.
    ///
    /// C: `ac_engine_destroy` (which also frees the engine).
    public func invalidate() {
        let begins: Bool = lock.withLock {
            guard !isInvalidated, !state.isEnding else { return false }
            state.isEnding = true
            return true
        }
        guard begins else { return }
        // Events owed before (by callbacks of a tick in progress) are delivered too; a second
        // round catches whatever the first round's callbacks stopped themselves. Delivered
        // without the lock, as a tick's are: a did-stop may wait for another thread that reads
        // the engine.
        while lock.withLock({
            withStateUnchecked { state in
                for slot in state.layers.indices where state.places[slot].isAlive {
                    state.removeAllAnimations(slot)
                }
                state.abandonTransactions()
                state.cancelAnimators()
                return !state.events.isEmpty
            }
        }) {
            deliverEvents(ordered: false)
        }
        lock.withLock {
            isInvalidated = true
            // The clock may hold the engine (a closure capturing it): let it go.
            hostClock = nil
        }
    }

    /// The state access of `withState`, without the invalidation check.
    private func withStateUnchecked<R>(_ body: (EngineState) -> R) -> R {
        defer { releaseRetired() }
        return body(state)
    }

    // MARK: Callbacks

    /// Delivers the callbacks owed so far, outside the state access, in the order they were
    /// owed. Callbacks that those callbacks cause wait for the next delivery (so a callback that
    /// keeps causing callbacks cannot hold the tick forever). While a delivery is in progress,
    /// a tick on any thread (called from one of its callbacks, or not) does not deliver on its
    /// own: its callbacks join that delivery's queue, after the ones already queued, so an
    /// animation's did-start never follows its did-stop, and no thread waits for another's
    /// callbacks. Invalidation delivers at once (`ordered` false): destroy's did-stops run
    /// before it returns.
    private func deliverEvents(ordered: Bool = true) {
        var owner = false
        let batch: [EngineEvent] = lock.withLock {
            defer { state.events.removeAll(keepingCapacity: true) }
            guard ordered else { return state.events }
            deliveryQueue.append(contentsOf: state.events)
            guard !isDelivering else { return [] }
            isDelivering = true
            owner = true
            return []
        }
        for event in batch { deliver(event) }
        guard owner else { return }
        var next = 0
        while let event: EngineEvent = lock.withLock({
            guard next < deliveryQueue.count else {
                deliveryQueue.removeAll(keepingCapacity: true)
                isDelivering = false
                return nil
            }
            next += 1
            return deliveryQueue[next - 1]
        }) {
            deliver(event)
        }
    }

    /// Whether invalidation has begun: display and did-start callbacks no longer run.
    private var isEndingOrInvalidated: Bool {
        lock.withLock { isInvalidated || state.isEnding }
    }

    private func deliver(_ event: EngineEvent) {
        switch event {
        case .animationDidStart(let delegate, let layer, let key):
            guard !isEndingOrInvalidated else { return }
            delegate.didStart?(AnimationEvent(engine: self, layer: layer, key: key))
        case .animationDidStop(let delegate, let layer, let key, let finished):
            delegate.didStop?(AnimationEvent(engine: self, layer: layer, key: key), finished)
        case .display(let layer):
            let handler: DisplayHandler? = lock.withLock {
                guard !isInvalidated else { return nil }
                return withStateUnchecked { state in
                    guard !state.isEnding, let slot = try? state.layerSlot(layer) else { return nil }
                    return state.layerDelegates[Int32(slot)]?.display ?? state.classes[Int(state.places[slot].classIndex)].display
                }
            }
            handler?.call(self, layer)
        case .transactionCompletion(let completions, let finished):
            for completion in completions { completion.call(self, finished) }
        case .animatorCompletion(let completions, let position):
            for completion in completions { completion.call(self, position) }
        }
    }
}
