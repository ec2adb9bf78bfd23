/// The CAMediaTiming properties of an animation or a layer.
///
/// All times are in seconds. `beginTime` is in the parent's time space; `duration`,
/// `timeOffset` and `repeatDuration` are in the object's local time. Animations and layers have
/// different defaults: see `animationDefault` and `layerDefault`.
public struct MediaTiming: Hashable, Sendable {
    /// When the object begins, in the parent's time; finite. Default 0.
    public var beginTime: Double
    /// The length of one iteration in local time; >= 0, may be infinite. An animation's 0 is
    /// replaced by the transaction's duration when it is added to a layer; in a pure evaluation
    /// it is a zero-length interval.
    public var duration: Double
    /// Local time per parent time; finite; 0 freezes, negative plays backwards. Default 1.
    public var speed: Double
    /// Added to active local time after `speed`; finite. Default 0.
    public var timeOffset: Double
    /// Cycles to play (a cycle is forward then back when autoreversing); >= 0, fractional or
    /// infinite; 0 means one cycle. Default 0.
    public var repeatCount: Double
    /// Total active local time instead of a count; >= 0, may be infinite; 0 means unused and a
    /// value > 0 wins over `repeatCount`. Default 0.
    public var repeatDuration: Double
    /// Whether each cycle plays forward then backward. Default false.
    public var autoreverses: Bool
    /// What shows outside the active interval. Default `.removed`.
    public var fillMode: FillMode

    /// A timing with these properties; the defaults are CAAnimation's (`animationDefault`).
    ///
    /// C: `ac_timing_init_animation` (then the fields of `ac_timing`).
    /// - Parameters:
    ///   - beginTime: seconds in the parent's time; default 0.
    ///   - duration: local seconds of one iteration, >= 0 or infinite; default 0.
    ///   - speed: local time per parent time; default 1.
    ///   - timeOffset: local seconds added after `speed`; default 0.
    ///   - repeatCount: cycles, >= 0, fractional or infinite; default 0 (one).
    ///   - repeatDuration: local seconds, >= 0; default 0 (unused).
    ///   - autoreverses: play each cycle forward then back; default false.
    ///   - fillMode: what shows outside the active interval; default `.removed`.
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// CAAnimation's defaults: duration 0, everything else as in `init()`.
    public static let animationDefault = MediaTiming()

    /// CALayer's defaults: duration infinite, everything else as in `init()`.
    public static let layerDefault = MediaTiming(duration: .infinity)

    /// Checks every field: what adding an animation, setting a layer's timing and every
    /// evaluation check first.
    ///
    /// C: `ac_timing_validate`.
    /// - Throws: `.notFinite` for a NaN field, an infinite begin time, speed or offset;
    ///   `.outOfRange` for a negative duration, repeat count or repeat duration, and beyond the
    ///   limits in `Limits`, which keep every intermediate of the pipeline finite. The message
    ///   names the field ("duration is -1.0; it must be >= 0").
    public func validate() throws(AnimCoreError) {
        try validate(naming: .swift)
    }

    /// `validate()` with messages naming the fields as `names` spells them (a binding's own
    /// field names).
    package func validate(naming names: FieldNames) throws(AnimCoreError) {
        // The checks below at once, failing for NaN as they do: the common case returns here.
        if abs(beginTime) <= Limits.time, duration >= 0, duration <= Limits.time || duration == .infinity,
           abs(speed) <= Limits.speed, abs(timeOffset) <= Limits.time, repeatCount >= 0,
           repeatDuration >= 0, repeatDuration <= Limits.time || repeatDuration == .infinity {
            return
        }
        try Check.within(beginTime, -Limits.time...Limits.time, names.beginTime)
        try Check.durationOrInfinity(duration, names.duration)
        try Check.within(speed, -Limits.speed...Limits.speed, names.speed)
        try Check.within(timeOffset, -Limits.time...Limits.time, names.timeOffset)
        try Check.nonNegative(repeatCount, names.repeatCount)
        try Check.durationOrInfinity(repeatDuration, names.repeatDuration)
    }

    /// Bounds that keep the pipeline's arithmetic finite: |time| <= 1e15 s (about 32 million
    /// years) for begin times, offsets, durations and parent times; |speed| <= 1e6. With them
    /// `(parent − begin) × speed + offset` cannot overflow, and a layer's time, which is the
    /// parent time of its sublayers and animations, is held within ±`time`
    /// (`layerTime(atParentTime:)`), so nesting keeps it so.
    public enum Limits {
        /// Largest magnitude of a time in seconds (infinite durations aside).
        public static let time = 1e15
        /// Largest magnitude of a speed.
        public static let speed = 1e6
    }

    /// Throws unless `time` is a usable parent time: finite and within ±`Limits.time`.
    package static func checkTime(_ time: Double, _ name: String) throws(AnimCoreError) {
        try Check.within(time, -Limits.time...Limits.time, name)
    }

    /// How error messages spell the fields (the Swift names, or a binding's own).
    package struct FieldNames: Sendable {
        package var beginTime, duration, speed, timeOffset, repeatCount, repeatDuration: String

        package init(
            beginTime: String, duration: String, speed: String, timeOffset: String,
            repeatCount: String, repeatDuration: String
        ) {
            self.beginTime = beginTime
            self.duration = duration
            self.speed = speed
            self.timeOffset = timeOffset
            self.repeatCount = repeatCount
            self.repeatDuration = repeatDuration
        }

        /// The Swift property names.
        package static let swift = FieldNames(
            beginTime: "beginTime", duration: "duration", speed: "speed", timeOffset: "timeOffset",
            repeatCount: "repeatCount", repeatDuration: "repeatDuration")
    }
}
