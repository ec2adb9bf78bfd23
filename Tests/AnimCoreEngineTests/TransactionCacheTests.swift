// What makes transactions cheap to open and commit: the change path's per-thread
// cache that now survives frames setting nothing, completion groups kept as plain data, the
// thread table that keeps a committing thread's entry, and the spring's shared derivatives and
// settling duration. Random sequences on two engines and six threads are compared with a model
// written here (settings resolved frame by frame, completion groups counted per animation), and
// the springs with the closed-form formulas, bit for bit.
import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Support

private func sameBits(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let x?, let y?): sameBits(x, y)
    default: false
    }
}

// MARK: - Transaction settings written out here

/// Core Animation's defaults, written out (not `TransactionSettings.defaults`); the duration
/// is `duration` (nil: the state the change path caches, in which only a frame sets one).
private func writtenDefaults(duration: Double?) -> TransactionSettings {
    var settings = TransactionSettings()
    settings.animationDuration = duration
    settings.disableActions = false
    settings.delay = 0
    settings.repeatCount = 0
    settings.autoreverses = false
    settings.additiveImplicitAnimations = false
    settings.beginsFromCurrentState = true
    return settings
}

/// Writes every field `patch` sets over `settings` (the innermost setting wins).
private func overlaySettings(_ settings: inout TransactionSettings, _ patch: TransactionSettings) {
    if let v = patch.animationDuration { settings.animationDuration = v }
    if let v = patch.timingFunction { settings.timingFunction = v }
    if let v = patch.disableActions { settings.disableActions = v }
    if let v = patch.delay { settings.delay = v }
    if let v = patch.repeatCount { settings.repeatCount = v }
    if let v = patch.autoreverses { settings.autoreverses = v }
    if let v = patch.additiveImplicitAnimations { settings.additiveImplicitAnimations = v }
    if let v = patch.beginsFromCurrentState { settings.beginsFromCurrentState = v }
    if let v = patch.spring { settings.spring = v }
    for (key, value) in patch.values { settings.values[key] = value }
}

private func sameSettings(_ a: TransactionSettings, _ b: TransactionSettings) -> Bool {
    sameBits(a.animationDuration, b.animationDuration) && a.timingFunction == b.timingFunction
        && a.disableActions == b.disableActions && sameBits(a.delay, b.delay) && sameBits(a.repeatCount, b.repeatCount)
        && a.autoreverses == b.autoreverses && a.additiveImplicitAnimations == b.additiveImplicitAnimations
        && a.beginsFromCurrentState == b.beginsFromCurrentState && a.spring == b.spring && a.values == b.values
}

private func describeSettings(_ s: TransactionSettings) -> String {
    func text<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "nil" }
    let spring = s.spring.map { "(\($0.mass),\($0.stiffness),\($0.damping),\($0.initialVelocity),\($0.allowsOverdamping))" } ?? "nil"
    return "duration \(text(s.animationDuration)) curve \(s.timingFunction == nil ? "nil" : "set") disable \(text(s.disableActions)) "
        + "delay \(text(s.delay)) repeat \(text(s.repeatCount)) autoreverses \(text(s.autoreverses)) "
        + "additive \(text(s.additiveImplicitAnimations)) fromCurrent \(text(s.beginsFromCurrentState)) spring \(spring) values \(s.values)"
}

// MARK: - The model

private struct CompletionFired: Sendable, Equatable {
    var id: Int
    var finished: Bool
}

private struct ModelFrame {
    var implicit: Bool
    var own = TransactionSettings()
    var group: Int
}

private struct ModelThread {
    var frames: [ModelFrame] = []
    /// The groups of every frame opened since the outermost began (sealed at its commit).
    var groupsToSeal: [Int] = []
    /// Animations added meanwhile (they start at the tick after the outermost commits).
    var pending: [Int] = []
}

private struct ModelGroup {
    var completions: [Int] = []
    /// Animations of the group not stopped yet.
    var live: Set<Int> = []
    var interrupted = false
    var sealed = false
    /// Sealed with nothing live: its completions are owed (`EngineModel.owed`).
    var settled = false
}

private enum ModelPhase: Equatable {
    case pending, ready, running(startTick: Int), finished, removed
}

private struct ModelAnimation {
    var groups: [Int]
    var phase: ModelPhase
    var long: Bool
    var layer: LayerID
    var key: String
}

/// One engine and what it should hold: per thread identity the open frames and their own
/// settings, per completion group its live animations and completions, per completion the
/// `finished` it is owed once its group settles.
private final class EngineModel {
    let engine: Engine
    private(set) var fresh: [LayerID] = []
    private var nextFresh = 0
    let longLayers: [LayerID]
    var threads: [UInt: ModelThread] = [:]
    var groups: [ModelGroup] = []
    var animations: [ModelAnimation] = []
    /// Completions owed, by id: the finished flag.
    var owed: [Int: Bool] = [:]
    var completions: [Int] = []
    let fired = Log<CompletionFired>()
    var ticks = 0
    var longCount = 0

    init(freshLayers: Int) throws {
        let (engine, first) = try probe()
        self.engine = engine
        let probeClass = try engine.layerClass(of: first)
        fresh = try (0..<freshLayers).map { _ in try engine.makeLayerHandle(probeClass) }
        longLayers = [first] + (try (0..<3).map { _ in try engine.makeLayerHandle(probeClass) })
        try engine.tick(0)
    }

    func takeFresh() -> LayerID? {
        guard nextFresh < fresh.count else { return nil }
        nextFresh += 1
        return fresh[nextFresh - 1]
    }

    func frames(_ thread: UInt) -> [ModelFrame] { threads[thread]?.frames ?? [] }

    /// The settings `transactionSettings()` gives on `thread` (duration: the engine's default 0.25).
    func resolved(_ thread: UInt) -> TransactionSettings {
        var settings = writtenDefaults(duration: 0.25)
        for frame in frames(thread) { overlaySettings(&settings, frame.own) }
        return settings
    }

    /// The settings the change path caches for `thread` (no duration unless a frame sets one).
    func cached(_ thread: UInt) -> TransactionSettings {
        var settings = writtenDefaults(duration: nil)
        for frame in frames(thread) { overlaySettings(&settings, frame.own) }
        return settings
    }

    @discardableResult
    func open(_ thread: UInt, implicit: Bool) -> Int {
        let group = groups.count
        groups.append(ModelGroup())
        threads[thread, default: ModelThread()].frames.append(ModelFrame(implicit: implicit, group: group))
        threads[thread, default: ModelThread()].groupsToSeal.append(group)
        return group
    }

    func ensureFrame(_ thread: UInt) {
        if frames(thread).isEmpty { open(thread, implicit: true) }
    }

    /// The innermost frame's own settings.
    func editTop(_ thread: UInt, _ edit: (inout TransactionSettings) -> Void) {
        let top = threads[thread]!.frames.count - 1
        edit(&threads[thread]!.frames[top].own)
    }

    func addCompletion(_ thread: UInt, _ id: Int) {
        ensureFrame(thread)
        groups[threads[thread]!.frames.last!.group].completions.append(id)
        completions.append(id)
    }

    /// Registers an animation with `thread`'s open frames.
    func register(_ thread: UInt, layer: LayerID, key: String, long: Bool) {
        ensureFrame(thread)
        let id = animations.count
        let chain = threads[thread]!.frames.map(\.group)
        animations.append(ModelAnimation(groups: chain, phase: .pending, long: long, layer: layer, key: key))
        for group in chain { groups[group].live.insert(id) }
        threads[thread]!.pending.append(id)
    }

    /// The innermost explicit frame commits (the caller checked there is one).
    func commit(_ thread: UInt) {
        threads[thread]!.frames.removeLast()
        if threads[thread]!.frames.isEmpty { commitOutermost(thread) }
    }

    func commitOutermost(_ thread: UInt) {
        let entry = threads[thread]!
        threads[thread] = ModelThread()
        for id in entry.pending where animations[id].phase == .pending { animations[id].phase = .ready }
        for group in entry.groupsToSeal {
            groups[group].sealed = true
            settle(group)
        }
    }

    func settle(_ group: Int) {
        guard groups[group].sealed, groups[group].live.isEmpty, !groups[group].settled else { return }
        groups[group].settled = true
        for id in groups[group].completions { owed[id] = !groups[group].interrupted }
    }

    func stop(_ id: Int, interrupted: Bool) {
        animations[id].phase = interrupted ? .removed : .finished
        for group in animations[id].groups {
            groups[group].live.remove(id)
            if interrupted { groups[group].interrupted = true }
            settle(group)
        }
    }

    /// The tick's model: every thread's implicit frame alone commits; animations begun at an
    /// earlier tick (short ones: every tick is 1000 s after the last) finish; committed ones begin.
    func tick() {
        ticks += 1
        for (thread, entry) in threads where entry.frames.count == 1 && entry.frames[0].implicit {
            commitOutermost(thread)
        }
        for id in animations.indices {
            if case .running(let start) = animations[id].phase, start < ticks, !animations[id].long {
                stop(id, interrupted: false)
            }
        }
        for id in animations.indices where animations[id].phase == .ready { animations[id].phase = .running(startTick: ticks) }
    }

    /// Everything the engine's structures should agree with: the thread table against the
    /// model's frames, the completion groups the frames hold, and the cache against the
    /// settings resolved here and the table's innermost group.
    func structuralIssues() -> [String] {
        do {
            let table = engine.transactionThreads()
            let keys = table.map(\.thread)
            let stored = Set(engine.bookkeeping().completionGroups)
            var issues: [String] = []
            if Set(keys).count != keys.count { issues.append("thread table: a thread twice: \(keys)") }
            var idle = 0
            var seen = Set<Int32>()
            for entry in table {
                let thread = entry.thread
                if entry.frames.isEmpty {
                    idle += 1
                    if entry.settingsCount != 0 || !entry.pending.isEmpty || !entry.sealed.isEmpty {
                        issues.append("thread \(thread): an idle entry holds settings, animations or groups")
                    }
                }
                let modelFrames = frames(thread)
                if entry.frames.map(\.isImplicit) != modelFrames.map(\.implicit) {
                    issues.append("thread \(thread): frames \(entry.frames.map(\.isImplicit)) (implicit?), model \(modelFrames.map(\.implicit))")
                }
                if entry.settingsCount != entry.frames.filter(\.hasSettings).count {
                    issues.append("thread \(thread): \(entry.settingsCount) own settings for \(entry.frames.filter(\.hasSettings).count) frames that set any")
                }
                for group in entry.frames.map(\.completionGroup) + entry.sealed {
                    if !stored.contains(group) { issues.append("thread \(thread): group \(group) is not stored") }
                    if !seen.insert(group).inserted { issues.append("group \(group) held twice") }
                }
            }
            if idle > ThreadTable.keptIdle { issues.append("\(idle) idle entries kept (at most \(ThreadTable.keptIdle))") }
            // One stored group per group of the model not settled yet (none leaked, none gone early).
            let unsettled = groups.filter { !$0.settled }.count
            if stored.count != unsettled { issues.append("\(stored.count) completion groups stored, \(unsettled) not settled in the model") }
            // Every live animation counts for a stored group (or none).
            for record in engine.animationRecords() where record.runState != .free {
                let group = record.completionGroup
                if group >= 0 && !stored.contains(group) {
                    issues.append("animation \(record.index) counts for group \(group), which is not stored")
                }
            }
            for (thread, entry) in threads where !entry.frames.isEmpty && !keys.contains(thread) {
                issues.append("thread \(thread): \(entry.frames.count) frames open in the model, no entry")
            }
            let cache = engine.transactionCache()
            if cache.thread != 0 {
                let engineFrames = table.first { $0.thread == cache.thread }?.frames ?? []
                if cache.isOpen != !engineFrames.isEmpty {
                    issues.append("cache of thread \(cache.thread): isOpen \(cache.isOpen), \(engineFrames.count) frames open")
                }
                let innermost = engineFrames.last?.completionGroup ?? -1
                if cache.innermostGroup != innermost {
                    issues.append("cache of thread \(cache.thread): innermostGroup \(cache.innermostGroup), the innermost frame's is \(innermost)")
                }
                let expected = cached(cache.thread)
                if !sameSettings(cache.settings, expected) {
                    issues.append("cache of thread \(cache.thread): settings \(describeSettings(cache.settings)); expected \(describeSettings(expected))")
                }
            }
            // The last implicit plan's spring facts: its own spring's.
            let facts = engine.implicitSpringFacts()
            if !sameBits(facts.settlingDuration, facts.spring.settlingDuration) || facts.response != SpringResponse(facts.spring) {
                issues.append("implicitPlan.spring: facts of another spring")
            }
            return issues
        }
    }

    /// Completions fired more than once, unowed or with the wrong flag; with `complete`, also
    /// the owed ones not fired.
    func completionIssues(complete: Bool) -> [String] {
        var issues: [String] = []
        var count: [Int: Int] = [:]
        for entry in fired.all {
            count[entry.id, default: 0] += 1
            if let flag = owed[entry.id] {
                if flag != entry.finished { issues.append("completion \(entry.id) fired finished=\(entry.finished), owed \(flag)") }
            } else {
                issues.append("completion \(entry.id) fired (finished=\(entry.finished)) before it was owed")
            }
        }
        for (id, n) in count where n > 1 { issues.append("completion \(id) fired \(n) times") }
        if complete {
            for (id, flag) in owed where count[id] == nil { issues.append("completion \(id) owed (finished=\(flag)) never fired") }
        }
        return issues
    }
}

// MARK: - Random sequences

/// One random run: two engines, the test's thread and five workers (more threads than the
/// table keeps), one operation at a time on a random engine and thread.
private final class TransactionSequence {
    var mix: SplitMix64
    let seed: UInt64
    var workers: [JobThread?] = [nil]
    var identities: [UInt] = [ThreadIdentity.current]
    var models: [EngineModel]
    var history: [String] = []
    var nextCompletion = 0
    var failures: [String] = []
    var checkedAnimations = 0
    /// Completions delivered by the engines invalidated so far, finished and not.
    var finishedCompletions = 0
    var unfinishedCompletions = 0
    var refusedCommits = 0
    let springs: [Spring]

    init(seed: UInt64) throws {
        self.seed = seed
        mix = SplitMix64(seed: seed)
        models = [try EngineModel(freshLayers: 260), try EngineModel(freshLayers: 260)]
        springs = [Spring(), Spring(stiffness: 300, damping: 30), Spring(stiffness: 50, damping: 20, allowsOverdamping: true),
                   try Spring(duration: 0.5, bounce: 0.2), Spring(mass: 2, stiffness: 200, damping: 4, initialVelocity: 3)]
        for _ in 1...5 {
            let worker = JobThread()
            workers.append(worker)
            identities.append(try worker.run { ThreadIdentity.current })
        }
    }

    func stopWorkers() { for worker in workers { worker?.stop() } }

    func on<R: Sendable>(_ slot: Int, _ job: @escaping @Sendable () throws -> R) throws -> R {
        if let worker = workers[slot] { return try worker.run(job) }
        return try job()
    }

    func fail(_ message: String) {
        failures.append("seed \(seed), step \(history.count): \(message)\n  last steps: \(history.suffix(14).joined(separator: "; "))")
    }

    func randomPatch(fields: Int) -> TransactionSettings {
        var patch = TransactionSettings()
        for _ in 0..<fields {
            switch mix.below(9) {
            case 0: patch.animationDuration = mix.pick([0.1, 0.25, 0.5, 2])
            case 1: patch.timingFunction = mix.pick([TimingFunction.linear, .easeIn, .easeInEaseOut, .default])
            case 2: patch.disableActions = mix.chance(0.35)
            case 3: patch.delay = mix.pick([0, 0.3])
            case 4: patch.repeatCount = mix.pick([0, 1.5, 2])
            case 5: patch.autoreverses = mix.chance(0.5)
            case 6: patch.additiveImplicitAnimations = mix.chance(0.25)
            case 7: patch.beginsFromCurrentState = mix.chance(0.5)
            default: patch.spring = mix.pick(springs)
            }
        }
        return patch
    }

    /// What `Engine.modifyTransaction` writes into the innermost frame: only the fields whose
    /// value differs from the resolved one.
    func modifyInModel(_ model: EngineModel, _ thread: UInt, _ patch: TransactionSettings) {
        let resolved = model.resolved(thread)
        model.ensureFrame(thread)
        model.editTop(thread) { own in
            if let v = patch.animationDuration, !sameBits(v, resolved.animationDuration) { own.animationDuration = v }
            if let v = patch.timingFunction, v != resolved.timingFunction { own.timingFunction = v }
            if let v = patch.disableActions, v != resolved.disableActions { own.disableActions = v }
            if let v = patch.delay, !sameBits(v, resolved.delay) { own.delay = v }
            if let v = patch.repeatCount, !sameBits(v, resolved.repeatCount) { own.repeatCount = v }
            if let v = patch.autoreverses, v != resolved.autoreverses { own.autoreverses = v }
            if let v = patch.additiveImplicitAnimations, v != resolved.additiveImplicitAnimations { own.additiveImplicitAnimations = v }
            if let v = patch.beginsFromCurrentState, v != resolved.beginsFromCurrentState { own.beginsFromCurrentState = v }
            if let v = patch.spring, v != resolved.spring { own.spring = v }
            for (key, value) in patch.values where resolved.values[key] != value { own.values[key] = value }
        }
    }

    /// What the implicit animation of a change made now on `thread` should be; nil: no action.
    struct Expectation {
        var duration: Double
        var repeatCount: Double
        var autoreverses: Bool
        var backwards: Bool
        var spring: Spring?
        var curve: TimingFunction?
        var additive: Bool
    }

    func expectation(_ model: EngineModel, _ thread: UInt) -> Expectation? {
        let settings = model.resolved(thread)
        guard settings.disableActions != true else { return nil }
        let explicit = model.cached(thread).animationDuration
        let duration: Double
        if let spring = settings.spring { duration = explicit ?? spring.settlingDuration } else { duration = settings.animationDuration! }
        return Expectation(
            duration: duration, repeatCount: settings.repeatCount!, autoreverses: settings.autoreverses!,
            backwards: settings.delay! > 0, spring: settings.spring,
            curve: settings.spring == nil ? (settings.timingFunction ?? .default) : nil,
            additive: settings.additiveImplicitAnimations!)
    }

    /// Checks the animation a change on `layer` made against `expected`.
    func verifyChange(_ model: EngineModel, _ layer: LayerID, _ expected: Expectation?, _ what: String) throws {
        let keys = try model.engine.animationKeys(of: layer)
        guard let expected else {
            if !keys.isEmpty { fail("\(what): actions disabled, yet animations \(keys)") }
            return
        }
        guard keys.count == 1, expected.additive || keys == ["value"] else {
            fail("\(what): keys \(keys), expected one\(expected.additive ? " additive" : " under \"value\"")")
            return
        }
        guard let animation = try model.engine.animation(forKey: keys[0], of: layer) else {
            fail("\(what): no animation under \(keys[0])")
            return
        }
        checkedAnimations += 1
        var wrong: [String] = []
        if !sameBits(animation.timing.duration, expected.duration) { wrong.append("duration \(animation.timing.duration) (expected \(expected.duration))") }
        if !sameBits(animation.timing.repeatCount, expected.repeatCount) { wrong.append("repeatCount \(animation.timing.repeatCount) (expected \(expected.repeatCount))") }
        if animation.timing.autoreverses != expected.autoreverses { wrong.append("autoreverses \(animation.timing.autoreverses)") }
        if (animation.timing.fillMode == .backwards) != expected.backwards { wrong.append("fillMode \(animation.timing.fillMode) (delay > 0: \(expected.backwards))") }
        if !expected.additive && animation.spring != expected.spring { wrong.append("spring \(String(describing: animation.spring)) (expected \(String(describing: expected.spring)))") }
        if let curve = expected.curve, animation.timingFunction != curve { wrong.append("timing function \(String(describing: animation.timingFunction))") }
        if animation.isAdditive != expected.additive { wrong.append("additive \(animation.isAdditive)") }
        if !wrong.isEmpty { fail("\(what): " + wrong.joined(separator: ", ")) }
    }

    func completionClosure(_ model: EngineModel) -> (id: Int, body: @Sendable (Bool) -> Void) {
        nextCompletion += 1
        let id = nextCompletion
        let log = model.fired
        return (id, { finished in log.add(CompletionFired(id: id, finished: finished)) })
    }

    func step() throws {
        let engineIndex = mix.below(models.count)
        let model = models[engineIndex]
        let engine = model.engine
        let slot = mix.below(workers.count)
        let thread = identities[slot]
        let tag = "e\(engineIndex) t\(slot)"
        let roll = mix.below(100)
        switch roll {
        case 0..<11:
            history.append("\(tag) begin")
            try on(slot) { try engine.beginTransaction() }
            model.open(thread, implicit: false)
        case 11..<23:
            let top = model.frames(thread).last
            history.append("\(tag) commit")
            let answer = try on(slot) { callOutcome { try engine.commitTransaction() } }
            if let top, !top.implicit {
                if answer != "ok" { fail("commit refused: \(answer)") }
                model.commit(thread)
            } else if answer.hasPrefix("invalidState") {
                refusedCommits += 1
            } else {
                fail("commit with no explicit transaction open answered \(answer)")
            }
        case 23..<27:
            history.append("\(tag) flush")
            try on(slot) { try engine.flush() }
            let frames = model.frames(thread)
            if frames.count == 1 && frames[0].implicit { model.commitOutermost(thread) }
        case 27..<33:
            history.append("\(tag) tick")
            let time = Double(model.ticks + 1) * 1000
            try on(slot) { try engine.tick(time) }
            model.tick()
            for issue in model.completionIssues(complete: true) { fail("after a tick: \(issue)") }
        case 33..<39:
            let patch = randomPatch(fields: 1 + mix.below(3))
            history.append("\(tag) setFields \(describeSettings(patch))")
            try on(slot) { try engine.setTransactionFields { overlaySettings(&$0, patch) } }
            model.ensureFrame(thread)
            model.editTop(thread) { overlaySettings(&$0, patch) }
        case 39..<41:
            // A setter that unsets a field (the C API's NULL curve or spring) or removes a value:
            // the thread reads the enclosing frames' again. Or one the checks refuse: nothing changes, and
            // no transaction opens.
            let patch = randomPatch(fields: 1)
            let field = mix.below(5)
            let refused = mix.chance(0.3)
            history.append("\(tag) setFields \(describeSettings(patch)), \(refused ? "then a refused" : "then unset") field \(field)")
            let unset: @Sendable (inout TransactionSettings) -> Void = { settings in
                overlaySettings(&settings, patch)
                switch field {
                case 0: settings.animationDuration = refused ? -1 : nil
                case 1: settings.timingFunction = nil; if refused { settings.delay = .nan }
                case 2: settings.spring = nil; if refused { settings.repeatCount = -2 }
                case 3: settings.spring = refused ? Spring(mass: 0) : nil
                default: settings.values["k1"] = nil; if refused { settings.animationDuration = 0 }
                }
            }
            do {
                try on(slot) { try engine.setTransactionFields(unset) }
                if refused { fail("a refused setter was taken") }
                model.ensureFrame(thread)
                model.editTop(thread, unset)
            } catch let error as AnimCoreError where refused && [.outOfRange, .notFinite].contains(error.code) {
                // Refused: the model stays as it was.
            }
        case 41..<46:
            let patch = randomPatch(fields: 1 + mix.below(2))
            history.append("\(tag) modifyTransaction \(describeSettings(patch))")
            try on(slot) { try engine.modifyTransaction { overlaySettings(&$0, patch) } }
            modifyInModel(model, thread, patch)
        case 46..<49:
            switch mix.below(3) {
            case 0:
                let duration = mix.pick([0.25, 0.75, 1.5])
                history.append("\(tag) setTransactionValue animationDuration \(duration)")
                try on(slot) { try engine.setTransactionValue(.scalar(duration), forKey: "animationDuration") }
                model.ensureFrame(thread)
                model.editTop(thread) { $0.animationDuration = duration }
            case 1:
                let disabled = mix.chance(0.4)
                history.append("\(tag) setTransactionValue disableActions \(disabled)")
                try on(slot) { try engine.setTransactionValue(.bool(disabled), forKey: "disableActions") }
                model.ensureFrame(thread)
                model.editTop(thread) { $0.disableActions = disabled }
            default:
                let key = mix.pick(["k1", "k2"])
                let value = Value.scalar(Double(mix.below(3)))
                history.append("\(tag) setTransactionValue \(key) \(value)")
                try on(slot) { try engine.setTransactionValue(value, forKey: key) }
                var patch = TransactionSettings()
                patch.values[key] = value
                modifyInModel(model, thread, patch)
            }
        case 49..<53:
            var options = AnimationBlockOptions(
                duration: mix.pick([0.2, 0.6, 1.5]), delay: mix.pick([0, 0.4]),
                curve: mix.pick([TimingFunction.linear, .easeOut, .easeInEaseOut]), repeatCount: mix.pick([0, 2]),
                autoreverses: mix.chance(0.3), beginsFromCurrentState: mix.chance(0.7), additive: mix.chance(0.15))
            if mix.chance(0.4) { options.spring = mix.pick(springs) }
            let blockOptions = options
            let completion = mix.chance(0.6) ? completionClosure(model) : nil
            history.append("\(tag) beginAnimationBlock spring \(options.spring != nil) completion \(completion?.id ?? -1)")
            let body = completion?.body
            try on(slot) { try engine.beginAnimationBlock(blockOptions, completion: body) }
            let group = model.open(thread, implicit: false)
            model.editTop(thread) { own in
                if let spring = options.spring {
                    own.spring = spring
                } else {
                    own.animationDuration = options.duration
                    own.timingFunction = options.curve
                }
                own.delay = options.delay
                own.repeatCount = options.repeatCount
                own.autoreverses = options.autoreverses
                own.beginsFromCurrentState = options.beginsFromCurrentState
                own.additiveImplicitAnimations = options.additive
            }
            if let completion {
                model.groups[group].completions.append(completion.id)
                model.completions.append(completion.id)
            }
        case 53..<56:
            let duration: Double? = mix.chance(0.5) ? mix.pick([0.5, 2]) : nil
            let disabled: Bool? = mix.chance(0.3) ? mix.chance(0.5) : nil
            let completion = mix.chance(0.7) ? completionClosure(model) : nil
            let layer = mix.chance(0.6) ? model.takeFresh() : nil
            let scalarKey = try engine.key("value")
            history.append("\(tag) transaction { } duration \(String(describing: duration)) disable \(String(describing: disabled)) completion \(completion?.id ?? -1) change \(layer != nil)")
            let group = model.open(thread, implicit: false)
            if duration != nil || disabled != nil {
                model.editTop(thread) { own in
                    if let duration { own.animationDuration = duration }
                    if let disabled { own.disableActions = disabled }
                }
            }
            if let completion {
                model.groups[group].completions.append(completion.id)
                model.completions.append(completion.id)
            }
            let expected = layer == nil ? nil : expectation(model, thread)
            if let layer, expected != nil { model.register(thread, layer: layer, key: "value", long: false) }
            let body = completion?.body
            try on(slot) {
                try engine.transaction(duration: duration, disableActions: disabled, completion: body) {
                    if let layer { try engine.setScalar(1, forKey: scalarKey, of: layer) }
                }
            }
            model.commit(thread)
            if let layer { try verifyChange(model, layer, expected, "change in a closure transaction") }
        case 56..<64:
            let completion = completionClosure(model)
            history.append("\(tag) addCompletion \(completion.id)")
            let body = completion.body
            try on(slot) { try engine.addCompletion(body) }
            model.addCompletion(thread, completion.id)
        case 64..<78:
            guard let layer = model.takeFresh() else { return }
            let byKey = mix.chance(0.5)
            history.append("\(tag) \(byKey ? "setScalar" : "setValue")")
            let expected = expectation(model, thread)
            let scalarKey = try engine.key("value")
            try on(slot) {
                if byKey { try engine.setScalar(1, forKey: scalarKey, of: layer) } else { try engine.setValue(.scalar(1), forKeyPath: "value", of: layer) }
            }
            if expected != nil { model.register(thread, layer: layer, key: "value", long: false) }
            try verifyChange(model, layer, expected, "change")
        case 78..<84:
            model.longCount += 1
            let key = "long\(model.longCount)"
            let layer = mix.pick(model.longLayers)
            history.append("\(tag) addAnimation \(key)")
            let animation = basic("value", from: 0, to: 1, duration: 1e9)
            try on(slot) { try engine.addAnimation(animation, forKey: key, to: layer) }
            model.register(thread, layer: layer, key: key, long: true)
        case 84..<89:
            let live = model.animations.indices.filter {
                model.animations[$0].long && model.animations[$0].phase != .removed && model.animations[$0].phase != .finished
            }
            guard !live.isEmpty else { return }
            let id = mix.pick(live)
            let (layer, key) = (model.animations[id].layer, model.animations[id].key)
            history.append("\(tag) removeAnimation \(key)")
            try on(slot) { try engine.removeAnimation(forKey: key, from: layer) }
            model.stop(id, interrupted: true)
        case 89..<98:
            history.append("\(tag) read settings")
            let (settings, duration) = try on(slot) {
                (try engine.transactionSettings(), try engine.transactionValue(forKey: "animationDuration"))
            }
            let expected = model.resolved(thread)
            if !sameSettings(settings, expected) {
                fail("transactionSettings() \(describeSettings(settings)); expected \(describeSettings(expected))")
            }
            if duration != .scalar(expected.animationDuration!) { fail("transactionValue(animationDuration) \(String(describing: duration))") }
        case 98:
            // A worker ends (its entry, kept or open, stays) and a new thread takes its place.
            let replaced = 1 + mix.below(workers.count - 1)
            history.append("retire t\(replaced)")
            workers[replaced]!.stop()
            let worker = JobThread()
            workers[replaced] = worker
            identities[replaced] = try worker.run { ThreadIdentity.current }
        default:
            guard mix.chance(0.5) else { return }
            history.append("e\(engineIndex) invalidate and replace")
            try invalidate(engineIndex)
            models[engineIndex] = try EngineModel(freshLayers: 260)
            return
        }
        for issue in model.structuralIssues() { fail(issue) }
        for issue in model.completionIssues(complete: false) { fail(issue) }
    }

    /// Invalidates engine `index`: every completion not fired yet fires now, once; those whose
    /// group had not settled with finished = false.
    func invalidate(_ index: Int) throws {
        let model = models[index]
        model.engine.invalidate()
        for id in model.completions where model.owed[id] == nil { model.owed[id] = false }
        for issue in model.completionIssues(complete: true) { fail("after invalidation: \(issue)") }
        finishedCompletions += model.fired.all.filter(\.finished).count
        unfinishedCompletions += model.fired.all.filter { !$0.finished }.count
    }
}

@Suite("Transaction cache, completion groups, thread table, spring derivatives")
struct TransactionCacheTests {
    @Test("random begin/commit/flush/tick/setters/blocks/completions/changes on two engines and six threads agree with a model: settings, implicit animations, cache, table, each completion once with its flag")
    func randomSequencesAgreeWithTheModel() throws {
        var steps = 0, animations = 0, finished = 0, unfinished = 0, refused = 0
        for seed: UInt64 in [1, 2, 3, 4, 5, 6] {
            let run = try TransactionSequence(seed: seed)
            defer { run.stopWorkers() }
            for _ in 0..<650 {
                try run.step()
                if !run.failures.isEmpty { break }
            }
            if run.failures.isEmpty {
                for index in run.models.indices { try run.invalidate(index) }
            }
            for failure in run.failures.prefix(3) { Issue.record("\(failure)") }
            steps += run.history.count
            animations += run.checkedAnimations
            finished += run.finishedCompletions
            unfinished += run.unfinishedCompletions
            refused += run.refusedCommits
        }
        // The sequences did something: changes checked, completions delivered.
        #expect(steps > 3000, "steps run: \(steps)")
        #expect(animations > 400, "implicit animations checked: \(animations)")
        #expect(finished > 150 && unfinished > 150, "completions delivered finished: \(finished), unfinished: \(unfinished)")
        #expect(refused > 50, "commits refused (no explicit transaction open): \(refused)")
    }

    @Test("a thread whose frames set nothing keeps its cache across begin, inner commit, outermost commit and tick; the completion added next goes to the right group")
    func cacheAcrossFramesThatSetNothing() throws {
        let model = try EngineModel(freshLayers: 8)
        let engine = model.engine
        let me = ThreadIdentity.current
        let layers = model.fresh
        let key = try engine.key("value")
        func check(_ what: String) {
            for issue in model.structuralIssues() { Issue.record("\(what): \(issue)") }
        }
        // An implicit frame opened by a change (the cache now holds this thread).
        try engine.setScalar(1, forKey: key, of: layers[0])
        model.register(me, layer: layers[0], key: "value", long: false)
        check("after the change")
        #expect(engine.transactionCache().thread == me, "the change cached this thread")
        // An explicit frame inside it, with a completion: it belongs to the inner frame's group.
        try engine.beginTransaction()
        model.open(me, implicit: false)
        check("after begin")
        let inner = model.fired
        try engine.addCompletion { finished in inner.add(CompletionFired(id: 1, finished: finished)) }
        model.addCompletion(me, 1)
        try engine.addAnimation(basic("value", from: 0, to: 1, duration: 1e9), forKey: "long", to: layers[1])
        model.register(me, layer: layers[1], key: "long", long: true)
        try engine.commitTransaction()
        model.commit(me)
        check("after the inner commit")
        #expect(engine.transactionCache().thread == me, "an inner frame that set nothing keeps the cache")
        // A completion of the implicit frame, then the tick commits it.
        try engine.addCompletion { finished in inner.add(CompletionFired(id: 2, finished: finished)) }
        model.addCompletion(me, 2)
        try engine.tick(1000)
        model.tick()
        check("after the tick")
        #expect(engine.transactionCache().isOpen == false)
        // The next change opens a new implicit frame in a new group; its completion is its own.
        try engine.setScalar(1, forKey: key, of: layers[2])
        model.register(me, layer: layers[2], key: "value", long: false)
        try engine.addCompletion { finished in inner.add(CompletionFired(id: 3, finished: finished)) }
        model.addCompletion(me, 3)
        check("after the second change")
        try engine.tick(2000)
        model.tick()
        try engine.tick(3000)
        model.tick()
        for issue in model.completionIssues(complete: true) { Issue.record("\(issue)") }
        #expect(inner.all.map(\.id).sorted() == [3], "the long animation holds completions 1 and 2; the third's change finished: \(inner.all)")
        try engine.removeAnimation(forKey: "long", from: layers[1])
        model.stop(1, interrupted: true)
        try engine.tick(4000)
        model.tick()
        for issue in model.completionIssues(complete: true) { Issue.record("\(issue)") }
        #expect(inner.all.sorted { $0.id < $1.id } == [CompletionFired(id: 1, finished: false), CompletionFired(id: 2, finished: false), CompletionFired(id: 3, finished: true)])
    }

    @Test("thread table: more threads than kept, dead threads' kept entries, a thread removed and re-added: fresh settings, the right groups, completions once")
    func threadTableBeyondKeptEntries() throws {
        let model = try EngineModel(freshLayers: 16)
        let engine = model.engine
        let key = try engine.key("value")
        let workers = (0..<6).map { _ in JobThread() }
        var stopped = Set<Int>()
        defer { for (index, worker) in workers.enumerated() where !stopped.contains(index) { worker.stop() } }
        let ids = try workers.map { worker in try worker.run { ThreadIdentity.current } }
        let me = ThreadIdentity.current
        var nextLayer = 0
        var completion = 0
        /// One transaction on `slot` (-1: this thread): duration `duration`, a completion, a change.
        func transaction(_ slot: Int, duration: Double) throws {
            let thread = slot < 0 ? me : ids[slot]
            let layer = model.fresh[nextLayer]
            nextLayer += 1
            completion += 1
            let id = completion
            let log = model.fired
            let job: @Sendable () throws -> [Double] = {
                try engine.beginTransaction()
                let before = try engine.transactionSettings().animationDuration ?? -1
                try engine.setTransactionFields { $0.animationDuration = duration }
                try engine.addCompletion { finished in log.add(CompletionFired(id: id, finished: finished)) }
                try engine.setScalar(1, forKey: key, of: layer)
                try engine.commitTransaction()
                return [before, try engine.animation(forKey: "value", of: layer)?.timing.duration ?? -1]
            }
            let seen: [Double]
            if slot < 0 { seen = try job() } else { seen = try workers[slot].run(job) }
            model.open(thread, implicit: false)
            model.editTop(thread) { $0.animationDuration = duration }
            model.addCompletion(thread, id)
            model.register(thread, layer: layer, key: "value", long: false)
            model.commit(thread)
            #expect(seen == [0.25, duration], "thread \(slot): a fresh transaction reads the defaults; its change takes its duration: \(seen)")
            for issue in model.structuralIssues() { Issue.record("after thread \(slot)'s transaction: \(issue)") }
        }
        func entries() -> [UInt] { engine.transactionThreads().map(\.thread) }

        for slot in 0..<6 { try transaction(slot, duration: 1 + Double(slot)) }
        #expect(entries().count == ThreadTable.keptIdle, "four committed entries kept: \(entries())")
        // Those four end: their entries stay (at most keptIdle of them).
        for slot in 0..<4 {
            workers[slot].stop()
            stopped.insert(slot)
        }
        // This thread commits twice: the table is full, so an ended thread's entry goes each time
        // and this thread's stays for its next transaction.
        try transaction(-1, duration: 7)
        #expect(entries().count == ThreadTable.keptIdle)
        #expect(entries().contains(me), "this thread keeps its entry; an ended thread's went: \(entries())")
        try transaction(-1, duration: 8)
        #expect(entries().contains(me))
        try transaction(5, duration: 9)
        #expect(entries().count == ThreadTable.keptIdle)
        // An open transaction on this thread and another on a live worker beyond the kept entries.
        try engine.beginTransaction()
        model.open(me, implicit: false)
        try workers[4].run { try engine.beginTransaction(); try engine.setTransactionFields { $0.delay = 0.5 } }
        model.open(ids[4], implicit: false)
        model.editTop(ids[4]) { $0.delay = 0.5 }
        #expect(entries().count == ThreadTable.keptIdle + 2)
        #expect(try engine.transactionSettings().delay == 0, "this thread reads its own transaction")
        #expect(try workers[4].run { try engine.transactionSettings().delay } == 0.5)
        for issue in model.structuralIssues() { Issue.record("two open beyond the kept: \(issue)") }
        try workers[4].run { try engine.commitTransaction() }
        model.commit(ids[4])
        try engine.commitTransaction()
        model.commit(me)
        for issue in model.structuralIssues() { Issue.record("after both commit: \(issue)") }
        for time in [1000.0, 2000, 3000] {
            try engine.tick(time)
            model.tick()
        }
        for issue in model.completionIssues(complete: true) { Issue.record("\(issue)") }
        #expect(model.fired.all.count == 9 && model.fired.all.allSatisfy(\.finished), "nine completions, each once, finished: \(model.fired.all)")
    }

    @Test("action handlers that open and commit transactions during a change (one that sets nothing, one with settings, one that commits the caller's outermost, one left open): the change's animation joins the frames open after the handler, completions once")
    func actionHandlersChangingTransactions() throws {
        let model = try EngineModel(freshLayers: 4)
        let engine = model.engine
        let layers = model.fresh
        let me = ThreadIdentity.current
        let log = model.fired
        func complete(_ id: Int) -> @Sendable (Bool) -> Void { { finished in log.add(CompletionFired(id: id, finished: finished)) } }
        func check(_ what: String) {
            for issue in model.structuralIssues() { Issue.record("\(what): \(issue)") }
        }
        let (c1, c3, c4) = (complete(1), complete(3), complete(4))
        try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
            try? engine.beginTransaction()
            try? engine.addCompletion(c1)
            try? engine.commitTransaction()
            return .continueSearch
        }, for: layers[0])
        try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
            try? engine.beginTransaction()
            try? engine.setTransactionFields { $0.animationDuration = 3; $0.disableActions = true }
            try? engine.commitTransaction()
            return .continueSearch
        }, for: layers[1])
        try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
            try? engine.commitTransaction()
            return .continueSearch
        }, for: layers[2])
        try engine.setDelegateActionHandler(ActionHandler { engine, _, _ in
            try? engine.beginTransaction()
            try? engine.addCompletion(c4)
            return .continueSearch
        }, for: layers[3])
        func duration(_ layer: LayerID) throws -> Double { try engine.animation(forKey: "value", of: layer)?.timing.duration ?? -1 }

        try engine.beginTransaction()
        try engine.setTransactionFields { $0.animationDuration = 0.5 }
        model.open(me, implicit: false)
        model.editTop(me) { $0.animationDuration = 0.5 }
        // 1: a frame that sets nothing opens and closes inside the handler, with a completion.
        try engine.setValue(.scalar(1), forKeyPath: "value", of: layers[0])
        model.open(me, implicit: false)
        model.addCompletion(me, 1)
        model.commit(me)
        model.register(me, layer: layers[0], key: "value", long: false)
        check("handler 1")
        // 2: a frame with settings opens and closes inside the handler.
        try engine.setValue(.scalar(1), forKeyPath: "value", of: layers[1])
        model.open(me, implicit: false)
        model.editTop(me) { $0.animationDuration = 3; $0.disableActions = true }
        model.commit(me)
        model.register(me, layer: layers[1], key: "value", long: false)
        check("handler 2")
        #expect(try engine.transactionSettings().animationDuration == 0.5 && engine.transactionSettings().disableActions == false)
        // 3: the handler commits the caller's outermost: the animation goes to a new implicit frame.
        try engine.setValue(.scalar(1), forKeyPath: "value", of: layers[2])
        model.commit(me)
        model.register(me, layer: layers[2], key: "value", long: false)
        check("handler 3")
        try engine.addCompletion(c3)
        model.addCompletion(me, 3)
        check("completion 3")
        // 4: the handler leaves a frame open: the animation joins it; the caller commits it.
        try engine.setValue(.scalar(1), forKeyPath: "value", of: layers[3])
        model.open(me, implicit: false)
        model.addCompletion(me, 4)
        model.register(me, layer: layers[3], key: "value", long: false)
        check("handler 4")
        try engine.commitTransaction()
        model.commit(me)
        check("after committing the handler's frame")
        #expect(try [duration(layers[0]), duration(layers[1]), duration(layers[2]), duration(layers[3])] == [0.5, 0.5, 0.5, 0.25],
                "each change takes the settings of its plan")
        for time in [1000.0, 2000, 3000] {
            try engine.tick(time)
            model.tick()
        }
        for issue in model.completionIssues(complete: true) { Issue.record("\(issue)") }
        #expect(log.all.sorted { $0.id < $1.id } == [CompletionFired(id: 1, finished: true), CompletionFired(id: 3, finished: true), CompletionFired(id: 4, finished: true)])
    }

    @Test("implicit key hint: written only when it changed; a hint whose id went to another name is replaced, and the next change reuses the new one")
    func implicitKeyHintFollowsTheKeyTable() throws {
        let model = try EngineModel(freshLayers: 4)
        let engine = model.engine
        let layers = model.fresh
        let key = try engine.key("value")
        /// The class's hint for "value" and whether it is live under that name.
        func hint() -> (id: Int32, live: Bool) {
            let id = try! engine.implicitKeyHint(for: key, of: layers[0])!
            return (id, engine.isAnimationKey(id, named: "value"))
        }
        try engine.setScalar(1, forKey: key, of: layers[0])
        let first = hint()
        #expect(first.live, "the first change leaves a live hint")
        // The implicit animation goes: "value" is forgotten and its id goes to "other".
        try engine.removeAnimation(forKey: "value", from: layers[0])
        #expect(!hint().live)
        try engine.addAnimation(basic("value", from: 0, to: 1, duration: 1e9), forKey: "other", to: layers[1])
        let stale = engine.isAnimationKey(first.id, named: "other")
        #expect(stale, "the freed id now names another key")
        try engine.setScalar(2, forKey: key, of: layers[2])
        let second = hint()
        #expect(second.live && second.id != first.id, "a new id for \"value\", written as the hint: \(second)")
        #expect(try engine.animationKeys(of: layers[2]) == ["value"] && engine.animationKeys(of: layers[1]) == ["other"])
        try engine.setScalar(3, forKey: key, of: layers[3])
        #expect(hint().id == second.id, "the next change reuses it")
        #expect(try engine.animationKeys(of: layers[3]) == ["value"])
    }

    // MARK: Springs against 33f0648

    @Test("SpringMotionMemo's motion, computed or remembered, is rest(at:) and push(at:) to the bit; the velocity's slope is displacement(at:).derivative to the bit")
    func motionMemoBitExact() {
        var mix = SplitMix64(seed: 2026)
        var compared = 0
        // One memo for every spring and time: asked twice in a row (the second remembered), then
        // for another spring at the same time (computed again).
        var memo = SpringMotionMemo()
        var previous = SpringResponse(Spring())
        for _ in 0..<3000 {
            let spring = randomSpring(&mix)
            let response = SpringResponse(spring)
            let rate = response.slowestRate > 0 && response.slowestRate.isFinite ? response.slowestRate : 1
            let times = [1e-9, mix.range(0, 0.2 / rate), mix.range(0, 6 / rate), mix.range(0, 60 / rate), 1e3, 1e7]
            for t in times where t > 0 {
                let d = memo.motion(of: response, at: t)
                let again = memo.motion(of: response, at: t)
                let other = memo.motion(of: previous, at: t)
                let rest = response.rest(at: t)
                let push = response.push(at: t)
                #expect(sameBits(d.restSlope, rest.derivative) && sameBits(d.pushSlope, push.derivative)
                            && sameBits(d.rest, rest.value) && sameBits(d.push, push.value),
                        "\(spring) at \(t): \(d) vs (\(rest), \(push))")
                #expect(sameBits(again.rest, d.rest) && sameBits(again.restSlope, d.restSlope)
                            && sameBits(again.push, d.push) && sameBits(again.pushSlope, d.pushSlope))
                let otherRest = previous.rest(at: t)
                #expect(sameBits(other.rest, otherRest.value) && sameBits(other.restSlope, otherRest.derivative),
                        "the memo answers another spring at the same time with that spring's motion")
                for v0 in [0, -0.0, spring.initialVelocity, mix.range(-30, 30)] {
                    let old = response.displacement(at: t, initialVelocity: v0).derivative
                    let new = v0 != 0 ? d.restSlope - v0 * d.pushSlope : d.restSlope
                    #expect(sameBits(old, new), "slope of \(spring), v0 \(v0) at \(t): \(new) vs \(old)")
                    compared += 1
                }
            }
            previous = response
        }
        #expect(compared > 60_000)
    }

    @Test("settling durations: Spring.settlingDuration and SpringResponse.settlingDuration(initialVelocity:) equal 33f0648's formula to the bit, for every regime and carried velocities")
    func settlingDurationsBitExact() {
        var mix = SplitMix64(seed: 4242)
        var finite = 0
        for _ in 0..<1500 {
            let spring = randomSpring(&mix)
            let old = oldSettlingDuration(spring)
            #expect(sameBits(spring.settlingDuration, old), "\(spring): \(spring.settlingDuration) vs \(old)")
            let response = SpringResponse(spring)
            #expect(sameBits(response.settlingDuration(initialVelocity: spring.initialVelocity), old))
            if old.isFinite { finite += 1 }
            // The carried velocity of an implicit spring: the response of the spring as set,
            // another initial velocity (33f0648 copied the spring with that velocity).
            for velocity in [mix.range(-80, 80), spring.naturalFrequency, 0, -spring.naturalFrequency * 3] {
                var carried = spring
                carried.initialVelocity = velocity
                let expected = oldSettlingDuration(carried)
                #expect(sameBits(response.settlingDuration(initialVelocity: velocity), expected), "\(spring) carrying \(velocity)")
            }
        }
        #expect(finite > 1000, "finite settling durations compared: \(finite)")
    }

    @Test("a sole spring's presentation velocity (with and without a carried velocity, every regime) is 33f0648's to the bit; an implicit spring's carried settling duration too")
    func springVelocityAndCarriedDurationBitExact() throws {
        let (engine, first) = try probe()
        let probeClass = try engine.layerClass(of: first)
        let springs = [Spring(), Spring(damping: 3, initialVelocity: 4), Spring(stiffness: 400, damping: 40),
                       Spring(stiffness: 400, damping: 40, initialVelocity: -6), Spring(stiffness: 60, damping: 30, allowsOverdamping: true),
                       Spring(mass: 2, stiffness: 60, damping: 50, initialVelocity: 2, allowsOverdamping: true), try Spring(duration: 0.6, bounce: 0.3)]
        let explicitLayers = try springs.map { _ in try engine.makeLayerHandle(probeClass) }
        let implicitLayers = try springs.map { _ in try engine.makeLayerHandle(probeClass) }
        let key = try engine.key("value")
        try engine.tick(0)
        for (index, spring) in springs.enumerated() {
            let animation = Animation.spring("value", from: .scalar(Double(index) - 2), to: .scalar(5 + Double(index)), spring: spring)
            var long = animation
            long.timing.duration = 1000
            try engine.addAnimation(long, forKey: "s", to: explicitLayers[index])
            // An implicit spring from 0 to 10, retargeted later while it moves.
            try engine.beginTransaction()
            try engine.setTransactionFields { $0.spring = spring }
            try engine.setScalar(10, forKey: key, of: implicitLayers[index])
            try engine.commitTransaction()
        }
        try engine.tick(1)
        var compared = 0
        func checkVelocities(_ layers: [LayerID], carried: Bool) throws {
            for layer in layers {
                let got = try #require(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)))
                let expected = oldSoleSpringVelocity(engine, layer)
                #expect(expected.used, "the sole-spring path applies")
                #expect(!carried || expected.carried != 0, "a carried velocity is part of it")
                #expect(sameBits(got, expected.value), "velocity \(got) vs 33f0648's \(expected.value)")
                compared += 1
            }
        }
        for time in [1 + 1.0 / 60, 1.13, 1.4] {
            try engine.tick(time)
            try checkVelocities(explicitLayers + implicitLayers, carried: false)
        }
        // Retarget each implicit spring in flight: it carries the presentation's velocity; it
        // lasts until that settles too (33f0648: the spring copied with v / (new − shown)).
        for (index, spring) in springs.enumerated() {
            let layer = implicitLayers[index]
            let velocity = try #require(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)))
            let shown = try #require(try presented(engine, "value", layer))
            let target = 3.0
            var expected = oldSettlingDuration(spring)
            if velocity != 0 {
                var carried = spring
                carried.initialVelocity = target != shown ? velocity / (target - shown) : spring.naturalFrequency
                expected = max(expected, oldSettlingDuration(carried))
            }
            if expected == 0 { expected = oldSettlingDuration(spring) }
            try engine.beginTransaction()
            try engine.setTransactionFields { $0.spring = spring }
            try engine.setScalar(target, forKey: key, of: layer)
            try engine.commitTransaction()
            let duration = try #require(try engine.animation(forKey: "value", of: layer)?.timing.duration)
            #expect(sameBits(duration, expected), "spring \(index): carried settling duration \(duration) vs 33f0648's \(expected)")
        }
        try engine.tick(1.45)
        for time in [1.5, 1.7] {
            try engine.tick(time)
            try checkVelocities(implicitLayers, carried: true)
        }
        #expect(compared == 3 * 2 * springs.count + 2 * springs.count)
    }
}

// MARK: - Springs: 33f0648's formulas

/// A spring of a random regime: underdamped, about critical, overdamped with and without
/// `allowsOverdamping`, undamped; a random, zero or ω₀ initial velocity.
private func randomSpring(_ mix: inout SplitMix64) -> Spring {
    let mass = mix.range(0.1, 8)
    let stiffness = mix.range(2, 2000)
    let critical = 2 * (stiffness * mass).squareRoot()
    var spring = Spring(mass: mass, stiffness: stiffness, damping: 10)
    switch mix.below(6) {
    case 0, 1: spring.damping = critical * mix.range(0.01, 0.99)
    case 2: spring.damping = critical
    case 3: spring.damping = critical * mix.range(1.001, 12); spring.allowsOverdamping = true
    case 4: spring.damping = critical * mix.range(1.001, 12)
    default: spring.damping = mix.chance(0.5) ? 0 : critical * 1e-7
    }
    switch mix.below(4) {
    case 0: spring.initialVelocity = 0
    case 1: spring.initialVelocity = spring.naturalFrequency
    default: spring.initialVelocity = mix.range(-60, 60)
    }
    return spring
}

/// `Spring.settlingDuration` as 33f0648 computed it (copied: the estimate on the spring itself).
private func oldSettlingDuration(_ spring: Spring) -> Double {
    let settling = oldEstimatedSettlingDuration(spring)
    return settling.isFinite && settling <= MediaTiming.Limits.time ? settling : .infinity
}

private func oldEstimatedSettlingDuration(_ spring: Spring) -> Double {
    let epsilon = 0.001
    let response = SpringResponse(spring)
    guard response.slowestRate > 0, response.slowestRate.isFinite else { return .infinity }
    switch response.regime {
    case .underdamped:
        guard response.decay > 0 else { return .infinity }
        let b = (response.decay - spring.initialVelocity) / response.dampedFrequency
        return log((1 + abs(b)) / epsilon) / response.decay
    case .critical, .overdamped:
        let above = { (t: Double) in
            abs(response.displacement(at: t, initialVelocity: spring.initialVelocity).value) > epsilon
        }
        let turn = response.extremumTime(initialVelocity: spring.initialVelocity)
        var low: Double, high: Double
        if above(turn) {
            low = turn
            high = turn + 1 / response.slowestRate
            var doublings = 0
            while above(high) && doublings < 200 {
                low = high
                high = turn + 2 * (high - turn)
                doublings += 1
            }
        } else {
            (low, high) = (0, turn)
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if above(middle) { low = middle } else { high = middle }
        }
        return (high * 10).rounded(.up) / 10
    }
}

/// 33f0648's `soleSpringVelocity` arithmetic for a scalar layer driven by one committed spring:
/// −span · u′(t) + carried · h′(t), with u′ from `displacement(at:)` and h′ from `push(at:)`.
private func oldSoleSpringVelocity(_ engine: Engine, _ layer: LayerID) -> (value: Double, used: Bool, carried: Double) {
    guard let records = try? engine.animationRecords(of: layer), let record = records.first,
          let now = try? engine.localTime(of: layer)
    else { return (.nan, false, 0) }
    guard record.kind == .spring, record.isCommitted, record.next < 0,
          let response = record.springResponse, let initialVelocity = record.springInitialVelocity
    else { return (.nan, false, 0) }
    let t = now - record.beginTime
    guard t > 0, t < record.duration else { return (.nan, false, 0) }
    let slope = response.displacement(at: t, initialVelocity: initialVelocity).derivative
    let push = record.startVelocity >= 0 ? response.push(at: t).derivative : 0
    func value(_ offset: Int32) -> Double { engine.animationValueSlots(at: offset, count: 1)[0] }
    // The layers these tests drive animate their scalar "value".
    let model = scalar(try? engine.value(forKeyPath: "value", of: layer)) ?? .nan
    let (from, to, by) = (record.from, record.to, record.by)
    let span: Double
    switch (from >= 0, to >= 0, by >= 0) {
    case (true, true, _): span = value(to) - value(from)
    case (_, _, true): span = value(by)
    case (true, false, false): span = model - value(from)
    case (false, true, false): span = value(to) - model
    case (false, false, false): span = 0
    }
    let carried = record.startVelocity >= 0 ? value(record.startVelocity) : 0
    return (-span * slope + carried * push, true, carried)
}
