/// Where an animator is in its life (UIViewPropertyAnimator's `state` and `isRunning` together;
/// Web Animations' `playState`). The raw values are part of the C ABI (`AC_ANIMATOR_*`).
///
///     inactive ──start──▶ running ◀──start / pause──▶ paused
///         └──pause / seek──────────────────────────────▲
///     any but finished ──finish(at:) / cancel / the clock reaching an end──▶ finished
///
/// UIKit's mapping: `.inactive` is UIViewAnimatingState.inactive; `.running` and `.paused` are
/// `.active` with `isRunning` true and false; `.finished` covers `.stopped` and the return to
/// `.inactive` after the completion (an animator is not reused: make a new one). Web Animations':
/// `.inactive` is "idle" with a pending play, `.running` "running", `.paused` "paused",
/// `.finished` "finished" (and "idle" after `cancel()`).
public enum AnimatorState: Int32, Sendable, CaseIterable {
    /// Made, not started: its animations are held at their start (fraction 0).
    case inactive = 0
    /// Its clock runs at its rate; the animations follow it.
    case running = 1
    /// Its clock stands still; the animations show the position it stands at.
    case paused = 2
    /// It has ended (at its end or start by itself, or by `finish(at:)` or `cancel()`): its
    /// animations are gone and its completion has been called or is owed to the next tick.
    case finished = 3

    /// The state's name: "inactive", "running", "paused", "finished".
    public var name: String {
        switch self {
        case .inactive: "inactive"
        case .running: "running"
        case .paused: "paused"
        case .finished: "finished"
        }
    }
}

/// Where an animator ended, as its completion is told (UIViewAnimatingPosition, with Web
/// Animations' cancel added). The raw values are part of the C ABI
/// (`AC_ANIMATOR_POSITION_*`).
public enum AnimatorPosition: Int32, Sendable, CaseIterable {
    /// At the end: the model holds the values the animations end with.
    case end = 0
    /// At the start: the model holds the values the animations start from.
    case start = 1
    /// Where it stood: the model holds the values the animations showed there.
    case current = 2
    /// Cancelled: the animations were removed and the model left as it was (Web Animations'
    /// `cancel()`; UIKit's `stopAnimation(true)`, which calls no completion).
    case cancelled = 3

    /// The position's name: "end", "start", "current", "cancelled".
    public var name: String {
        switch self {
        case .end: "end"
        case .start: "start"
        case .current: "current"
        case .cancelled: "cancelled"
        }
    }
}
