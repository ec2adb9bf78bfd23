/// What an animation shows outside its active interval (CAMediaTiming `fillMode`).
public enum FillMode: Int32, CaseIterable, Sendable {
    /// No effect before or after the active interval; the model value shows (the default).
    case removed = 0
    /// After the end, the final state stays.
    case forwards = 1
    /// Before the begin, the first state shows.
    case backwards = 2
    /// Both backwards and forwards.
    case both = 3

    /// Whether the first state is shown before the begin.
    // [Perf] A switch, not `==`: the comparisons stayed calls in the tick's loops.
    @inlinable public var fillsBackwards: Bool {
        switch self {
        case .backwards, .both: true
        case .removed, .forwards: false
        }
    }

    /// Whether the final state is held after the end.
    @inlinable public var fillsForwards: Bool {
        switch self {
        case .forwards, .both: true
        case .removed, .backwards: false
        }
    }

    /// Core Animation's string value: "removed", "forwards", "backwards" or "both".
    public var name: String {
        switch self {
        case .removed: "removed"
        case .forwards: "forwards"
        case .backwards: "backwards"
        case .both: "both"
        }
    }

    /// The fill mode for a Core Animation name.
    /// - Parameter name: "removed", "forwards", "backwards" or "both", or its constant's name
    ///   ("kCAFillModeForwards"); any case.
    public init?(name: String) {
        let bare = name.hasPrefix("kCAFillMode") ? String(name.dropFirst(11)) : name
        guard let mode = FillMode.allCases.first(where: { $0.name == bare.lowercased() }) else {
            return nil
        }
        self = mode
    }
}
