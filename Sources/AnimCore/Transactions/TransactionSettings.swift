/// What a transaction can set for the animations it causes (CATransaction's values, plus the
/// options of UIKit-style animation blocks). Each field is nil until set; a nested transaction
/// reads its enclosing one's value until it sets its own (`resolved(over:)`).
public struct TransactionSettings: Sendable {
    /// CATransaction animationDuration: the duration of implicit animations and of explicit ones
    /// added with duration 0 (seconds, > 0 and <= 1e15). Default 0.25.
    public var animationDuration: Double?
    /// CATransaction animationTimingFunction: the pacing of implicit animations and of explicit
    /// ones without their own. Default none.
    public var timingFunction: TimingFunction? {
        get { storedTimingFunction.optional }
        set { storedTimingFunction = StoredTimingFunction(newValue) }
    }
    /// `timingFunction` as stored (`StoredTimingFunction`), which the engine's own paths read
    /// and write.
    package var storedTimingFunction = StoredTimingFunction.unset
    /// CATransaction disableActions: property changes run no actions (they still change).
    /// Default false.
    public var disableActions: Bool?
    /// Animation blocks: seconds between the commit and the start of implicit animations, in
    /// [0, 1e15]. Default 0.
    public var delay: Double?
    /// Animation blocks: repeat count of implicit animations (CAMediaTiming repeatCount), >= 0
    /// (infinity: forever). Default 0.
    public var repeatCount: Double?
    /// Animation blocks: implicit animations play forward then back. Default false.
    public var autoreverses: Bool?
    /// Implicit animations are additive (UIKit since iOS 8): the model takes the new value at
    /// once and an additive animation runs the difference from old − new to zero, so interrupted
    /// motion stays continuous. Default false (a new animation from the presentation value).
    public var additiveImplicitAnimations: Bool?
    /// Non-additive implicit animations start from the presentation value (true, Core
    /// Animation's way and UIKit's beginFromCurrentState) or from the old model value (false).
    /// Default true.
    public var beginsFromCurrentState: Bool?
    /// Implicit animations are springs (UIKit's usingSpringWithDamping, SwiftUI's
    /// `.spring(duration:bounce:)`): each lasts the spring's settling duration unless the
    /// transaction sets `animationDuration`, ignores `timingFunction`, and — not additive —
    /// starts from the presentation's value and velocity (the velocity of scalar, point, size,
    /// rect, vector3 and colour properties; a transform starts from rest). Default none.
    public var spring: Spring?
    /// Other keys set on the transaction (CATransaction is a key-value container).
    public var values: [String: Value] = [:]

    /// Settings with every field unset (each reads the enclosing transaction's).
    public init() {}

    /// The defaults of a thread with no transaction open.
    public static let defaults: TransactionSettings = {
        var settings = TransactionSettings()
        settings.setDefaults()
        return settings
    }()

    /// Unsets every field in place (`init()`'s settings), making or releasing no dictionary
    /// when `values` is empty already.
    mutating func unsetAll() {
        animationDuration = nil
        storedTimingFunction = .unset
        disableActions = nil
        delay = nil
        repeatCount = nil
        autoreverses = nil
        additiveImplicitAnimations = nil
        beginsFromCurrentState = nil
        spring = nil
        if !values.isEmpty { values = [:] }
    }

    /// Sets every field to its default (`defaults`) in place: no copy of a whole settings
    /// value, and no dictionary made or released when `values` is empty already.
    mutating func setDefaults() {
        animationDuration = 0.25
        storedTimingFunction = .unset
        disableActions = false
        delay = 0
        repeatCount = 0
        autoreverses = false
        additiveImplicitAnimations = false
        beginsFromCurrentState = true
        spring = nil
        if !values.isEmpty { values = [:] }
    }

    /// These settings with every unset field taken from `outer`.
    /// - Parameter outer: the enclosing transaction's settings.
    /// - Returns: the merged settings; `values` merged key by key, these winning.
    public func resolved(over outer: TransactionSettings) -> TransactionSettings {
        var result = outer
        result.overlay(self)
        return result
    }

    /// Checks the fields set (`checkImplicitTiming`, the duration named "animationDuration").
    @inline(__always)  // (a call would copy the settings, their timing function included)
    func validate() throws(AnimCoreError) {
        try Self.checkImplicitTiming(
            duration: animationDuration, delay: delay, repeatCount: repeatCount, spring: spring,
            durationField: "animationDuration")
    }

    /// The one check of what times a transaction's implicit animations, for the transaction's
    /// setters, an animation block's options and the engine's default duration alike; a nil
    /// field is not set and passes.
    /// - Throws: `.notFinite` for a NaN or infinite duration or delay, or a NaN repeat count;
    ///   `.outOfRange` for a duration that is not > 0, a negative delay (each at most 1e15 s)
    ///   or a negative repeat count; the spring's checks (`Spring.validate(_:)`, "spring").
    ///   Messages name the duration `durationField`, the others by their names here.
    @inline(__always)
    static func checkImplicitTiming(
        duration: Double?, delay: Double?, repeatCount: Double?, spring: Spring?,
        durationField: @autoclosure () -> String
    ) throws(AnimCoreError) {
        let limit = MediaTiming.Limits.time  // (1e15 s, as the messages say)
        if let duration {
            try Check.finite(duration, durationField())
            guard duration > 0, duration <= limit else {
                throw AnimCoreError(.outOfRange, "\(durationField()) is \(duration); it must be > 0 and <= 1e15")
            }
        }
        if let delay {
            try Check.finite(delay, "delay")
            guard delay >= 0, delay <= limit else {
                throw AnimCoreError(.outOfRange, "delay is \(delay); it must be in [0, 1e15]")
            }
        }
        if let repeatCount { try Check.nonNegative(repeatCount, "repeatCount") }
        try spring?.validate("spring")
    }

    /// Whether `other` makes the same implicit animations as these: every field but
    /// `disableActions` and `values` the same, numbers by their bits (a spring's initial
    /// velocity of −0 is the record's own). The one list of the fields that shape an implicit
    /// animation (`ImplicitPlan`). (Both inout only to be read in place: no copy of a curve.)
    @inline(__always)
    mutating func animateAlike(_ other: inout TransactionSettings) -> Bool {
        Self.same(animationDuration, other.animationDuration) && storedTimingFunction == other.storedTimingFunction
            && Self.same(delay, other.delay) && Self.same(repeatCount, other.repeatCount)
            && autoreverses == other.autoreverses && additiveImplicitAnimations == other.additiveImplicitAnimations
            && beginsFromCurrentState == other.beginsFromCurrentState && Self.same(spring, other.spring)
    }

    @inline(__always)
    private static func same(_ a: Double?, _ b: Double?) -> Bool {
        a?.bitPattern == b?.bitPattern
    }

    @inline(__always)
    private static func same(_ a: Spring?, _ b: Spring?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.mass.bitPattern == b.mass.bitPattern && a.stiffness.bitPattern == b.stiffness.bitPattern
            && a.damping.bitPattern == b.damping.bitPattern && a.initialVelocity.bitPattern == b.initialVelocity.bitPattern
            && a.allowsOverdamping == b.allowsOverdamping
    }

    /// Takes every field `inner` sets: `inner.resolved(over: self)`, in place (no copy of
    /// these settings).
    mutating func overlay(_ inner: TransactionSettings) {
        if let value = inner.animationDuration { animationDuration = value }
        if inner.storedTimingFunction.isSet { storedTimingFunction = inner.storedTimingFunction }
        if let value = inner.disableActions { disableActions = value }
        if let value = inner.delay { delay = value }
        if let value = inner.repeatCount { repeatCount = value }
        if let value = inner.autoreverses { autoreverses = value }
        if let value = inner.additiveImplicitAnimations { additiveImplicitAnimations = value }
        if let value = inner.beginsFromCurrentState { beginsFromCurrentState = value }
        if let value = inner.spring { spring = value }
        if !inner.values.isEmpty {
            if values.isEmpty { values = inner.values } else { values.merge(inner.values) { _, own in own } }
        }
    }
}
