/// One open transaction on one thread: its completion group, whether the engine opened it
/// implicitly (a change made outside any transaction), and where its own settings are, if it
/// set any. 8 bytes, so that opening and committing one moves no settings.
struct TransactionFrame {
    /// The completion group of the animations added while this frame is open.
    var completionGroup: Int32
    /// Opened by a change outside any transaction; committed by the next tick or flush.
    var isImplicit: Bool
    /// The frame set a value: its settings are the last in use of `ThreadTransactions.ownSettings`.
    var hasSettings = false
}

/// One thread's transactions: its open frames, outermost first, the settings those frames set,
/// the animations added meanwhile (started when the outermost commits) and the completion
/// groups of committed inner frames (sealed then).
struct ThreadTransactions {
    var frames: [TransactionFrame] = []
    /// The settings of the frames that set any, in frame order, at `0..<settingsCount` (a frame
    /// sets values only while it is the innermost, so the innermost frame's are the last in
    /// use). Those after them are left by frames that closed, and taken again in place
    /// (`pushSettings()`).
    // Neither destroyed when a frame closes nor made when one sets its first value: a
    // transaction that sets any would pay for both.
    var ownSettings: [TransactionSettings] = []
    /// Entries of `ownSettings` in use.
    private(set) var settingsCount = 0
    var pending: [AnimationRef] = []
    var sealed: [Int32] = []
    /// The host clock's reading for the implicit frame, taken when it opened (`CommitClock`).
    var commitClock = CommitClock.none

    /// What a thread with no settings set resolves to (see `settings`).
    static let unset: TransactionSettings = {
        var settings = TransactionSettings()
        setUnset(&settings)
        return settings
    }()

    /// Makes `settings` equal to `unset`, in place.
    static func setUnset(_ settings: inout TransactionSettings) {
        settings.setDefaults()
        settings.animationDuration = nil
    }

    /// Empties every list, keeping their capacity (and the settings entries, for reuse).
    mutating func removeAll() {
        frames.empty()
        settingsCount = 0
        pending.empty()
        sealed.empty()
        commitClock = .none
    }

    /// Takes settings with every field unset for the innermost frame, which sets its first
    /// value: the last in use of `ownSettings`.
    mutating func pushSettings() {
        if settingsCount < ownSettings.count {
            ownSettings[settingsCount].unsetAll()
        } else {
            ownSettings.append(TransactionSettings())
        }
        settingsCount += 1
    }

    /// Gives back the innermost frame's settings, which closes.
    mutating func popSettings() {
        settingsCount -= 1
    }

    /// Runs `change` on the innermost frame's own settings (taken at its first change); nothing
    /// when no frame is open.
    @inline(__always)
    mutating func changeInnermostSettings(_ change: (inout TransactionSettings) -> Void) {
        guard let innermost = frames.indices.last else { return }
        if !frames[innermost].hasSettings {
            frames[innermost].hasSettings = true
            pushSettings()
        }
        change(&ownSettings[settingsCount - 1])
    }
}

/// What the change path needs of the calling thread's transactions, kept between changes so
/// that a run of changes looks the thread up once (`EngineState.transactionCache`). Kept up to
/// date when the thread's frames open or close and when a field setter or an animation block
/// sets its settings; emptied, on any thread, when a setter unsets a field, `modifyTransaction`
/// sets settings, or an inner frame that set any closes; taken over by another thread that
/// reads or sets its own.
struct ThreadTransactionCache {
    /// The thread described; 0: none (the cache is empty).
    var thread: UInt = 0
    /// Its resolved settings: its frames' own settings, outermost first, over `ThreadTransactions.unset`.
    var settings = ThreadTransactions.unset
    /// `settings` are `ThreadTransactions.unset` (kept so that a transaction that sets nothing
    /// copies no settings).
    var holdsUnset = true
    /// Whether it has a transaction open, and the completion group of its innermost one.
    var isOpen = false
    var innermostGroup: Int32 = -1
    /// Counts the changes of `settings` (and fillings of the cache): while it is unchanged,
    /// `settings` are the same (`EngineState.planImplicitAnimation` asks). Starts at 1.
    var settingsVersion: UInt = 1

    /// Makes a setter's `change` to the cached settings and checks the result; what they left
    /// unset before. On failure the cache is emptied (filled again from the frames' settings,
    /// unchanged) and the error is thrown. (In place: a method of the cache, not of the state
    /// that holds it, so the settings are not copied for the calls.)
    @inline(__always)
    mutating func apply(_ change: (inout TransactionSettings) -> Void) throws(AnimCoreError) -> UnsetFields {
        let before = UnsetFields(of: &settings)
        change(&settings)
        holdsUnset = false
        settingsVersion &+= 1
        do throws(AnimCoreError) {
            try settings.validate()
        } catch {
            thread = 0
            throw error
        }
        return before
    }

    /// Empties the cache when a field was set to nil or a value removed since `before`: those
    /// read the enclosing frames' again, which the cache does not hold.
    @inline(__always)
    mutating func emptyIfUnsetting(since before: UnsetFields) {
        if UnsetFields(of: &settings).unsetsAny(of: before) { thread = 0 }
    }
}

/// What resolved settings leave unset, compared before and after a setter's change
/// (`EngineState.setTransactionFields(_:)`): resolved over `ThreadTransactions.unset`, they hold
/// every field but the duration (the engine's default), the curve and the spring.
struct UnsetFields {
    var duration: Bool
    var curve: Bool
    var spring: Bool
    /// Another field is unset (never so in resolved settings).
    var other: Bool
    var valueCount: Int

    /// Whether these, read after a change, show that it unset a field or removed a value that
    /// `before` held.
    @inline(__always)
    func unsetsAny(of before: UnsetFields) -> Bool {
        other || (duration && !before.duration) || (curve && !before.curve) || (spring && !before.spring)
            || valueCount < before.valueCount
    }
}

extension UnsetFields {
    /// What `settings` leave unset (see `UnsetFields`), read where they lie: `settings` is
    /// inout only so that the timing function's presence is tested in place (a read of the
    /// settings as a value copies the function, and drops the copy after).
    @inline(__always)
    init(of settings: inout TransactionSettings) {
        self.init(
            duration: settings.animationDuration == nil, curve: !settings.storedTimingFunction.isSet,
            spring: !settings.spring.holdsValue,
            other: settings.disableActions == nil || settings.delay == nil || settings.repeatCount == nil
                || settings.autoreverses == nil || settings.additiveImplicitAnimations == nil
                || settings.beginsFromCurrentState == nil,
            valueCount: settings.values.count)
    }
}

/// An animation slot at one generation: a reference that goes stale when the slot is reused.
struct AnimationRef {
    var index: Int32
    var generation: UInt32
}
