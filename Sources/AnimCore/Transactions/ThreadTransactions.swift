/// One open transaction on one thread: its completion group, whether the engine opened it
/// implicitly (a change made outside any transaction), and where its own settings are, if it
/// set any. 8 bytes, so that opening and committing one moves no settings.
struct TransactionFrame {
    /// The completion group of the animations added while this frame is open.
    var completionGroup: Int32
    /// Opened by a change outside any transaction; committed by the next tick or flush.
    var isImplicit: Bool
    /// The frame's settings are the last of `ThreadTransactions.ownSettings` (it set a value).
    var hasSettings = false
}

/// One thread's transactions: its open frames, outermost first, the settings those frames set,
/// the animations added meanwhile (started when the outermost commits) and the completion
/// groups of committed inner frames (sealed then).
struct ThreadTransactions {
    var frames: [TransactionFrame] = []
    /// The settings of the frames that set any, in frame order (a frame sets values only while
    /// it is the innermost, so the innermost frame's are the last).
    var ownSettings: [TransactionSettings] = []
    var pending: [AnimationRef] = []
    var sealed: [Int32] = []

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

    /// Empties every list, keeping their capacity.
    mutating func removeAll() {
        frames.empty()
        ownSettings.empty()
        pending.empty()
        sealed.empty()
    }
}

/// What the change path needs of the calling thread's transactions, kept between changes so
/// that a run of changes looks the thread up once (`EngineState.transactionCache`; emptied when
/// a setting changes or a frame that set any closes, on any thread; kept up to date when the
/// thread's frames open or close otherwise).
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
}

/// An animation slot at one generation: a reference that goes stale when the slot is reused.
struct AnimationRef {
    var index: Int32
    var generation: UInt32
}
