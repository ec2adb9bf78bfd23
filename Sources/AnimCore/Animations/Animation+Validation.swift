/// The checks of an animation description, in the core so every language gets the same answer.
/// The field checks run when a field is set through the C API and again, with the checks that
/// need the whole description, when the animation is added.
extension KeyframeParameters {
    /// Key times must each be finite and in [0, 1], and non-decreasing.
    package static func checkKeyTimes(_ times: [Double], _ field: @autoclosure () -> String = "keyTimes") throws(AnimCoreError) {
        for (index, time) in times.enumerated() {
            try Check.within(time, 0...1, "\(field())[\(index)]")
            if index > 0 && time < times[index - 1] {
                throw AnimCoreError(
                    .invalidArgument,
                    "\(field())[\(index)] is \(time), less than \(field())[\(index - 1)] = \(times[index - 1]); key times must not decrease")
            }
        }
    }

    /// Tension, continuity and bias values must each be finite and in [−1, 1].
    package static func checkSplineValues(_ values: [Double], _ field: @autoclosure () -> String) throws(AnimCoreError) {
        for (index, value) in values.enumerated() { try Check.within(value, -1...1, "\(field())[\(index)]") }
    }

    /// Keyframe values must all be of one kind and their floating-point slots finite.
    package static func checkValues(_ values: [Value], _ field: @autoclosure () -> String = "values") throws(AnimCoreError) {
        guard let first = values.first else { return }
        for (index, value) in values.enumerated() {
            guard value.kind == first.kind else {
                throw AnimCoreError(
                    .wrongKind, "\(field())[\(index)] is a \(value.kind.name) but \(field())[0] is a \(first.kind.name); keyframe values share one kind")
            }
            try value.checkFinite("\(field())[\(index)]")
        }
    }

    /// One of the spline lists (`name`, nil: unset): its values, and at most one per keyframe
    /// of `keyframes`.
    private static func checkSpline(
        _ spline: [Double]?, _ name: StaticString, keyframes count: Int, _ field: @autoclosure () -> String
    ) throws(AnimCoreError) {
        guard let spline else { return }
        try checkSplineValues(spline, "\(field()).\(name)")
        guard spline.count <= count else {
            throw AnimCoreError(
                .invalidArgument, "\(field()).\(name) has \(spline.count) entries for \(count) keyframes; at most one per keyframe")
        }
    }

    /// Every check that needs no layer: the field checks, and the counts — a values list or a
    /// path to follow, at most n − 1 timing functions and at most n spline values for n
    /// keyframes, a rotation mode only with a path.
    func validate(_ field: @autoclosure () -> String) throws(AnimCoreError) {
        if let path {
            try path.validate("\(field()).path")
        } else {
            guard !values.isEmpty else {
                throw AnimCoreError(.invalidArgument, "\(field()).values is empty; a keyframe animation needs values or a path")
            }
            try KeyframeParameters.checkValues(values, "\(field()).values")
        }
        let count = keyframeCount
        if let keyTimes { try KeyframeParameters.checkKeyTimes(keyTimes, "\(field()).keyTimes") }
        if let timingFunctions, timingFunctions.count > max(count - 1, 0) {
            throw AnimCoreError(
                .invalidArgument,
                "\(field()).timingFunctions has \(timingFunctions.count) entries for \(count) keyframes; at most \(max(count - 1, 0)) (one per segment)")
        }
        try Self.checkSpline(tensionValues, "tensionValues", keyframes: count, field())
        try Self.checkSpline(continuityValues, "continuityValues", keyframes: count, field())
        try Self.checkSpline(biasValues, "biasValues", keyframes: count, field())
        if rotationMode != nil && path == nil {
            throw AnimCoreError(.invalidArgument, "\(field()).rotationMode is set without a path; it turns the layer along a path")
        }
    }
}

extension BasicParameters {
    /// From, to and by values must have finite components.
    func checkFinite(_ field: @autoclosure () -> String) throws(AnimCoreError) {
        try fromValue?.checkFinite("\(field()).fromValue")
        try toValue?.checkFinite("\(field()).toValue")
        try byValue?.checkFinite("\(field()).byValue")
    }
}

extension GroupParameters {
    /// Children must not nest groups deeper than `maximumDepth` in all (this group counted),
    /// and none may be a transition.
    ///
    /// [INFERRED] A group's children animate key paths in the group's time space; a
    /// transition animates no key path and is the layer's own, under its one "transition"
    /// key (reference §6.1), and Core Animation documents nothing of one inside a group: it is
    /// refused rather than given an invented meaning.
    package static func checkChildren(_ children: [Animation], _ field: @autoclosure () -> String = "animations") throws(AnimCoreError) {
        if let index = children.firstIndex(where: { $0.kindTag == .transition }) {
            throw AnimCoreError(
                .invalidArgument,
                "\(field())[\(index)] is a transition; a transition runs on its layer under the key \"transition\", not in a group")
        }
        let depth = 1 + children.reduce(0) { max($0, $1.groupDepth) }  // each child's is kept, not walked
        guard depth <= maximumDepth else {
            throw AnimCoreError(
                .outOfRange, "\(field()) nests groups \(depth) deep; at most \(maximumDepth) levels are allowed")
        }
    }
}

extension Animation {
    /// How many groups deep the animation is: 0 for a property animation, 1 for a group of
    /// property animations, and so on.
    public var groupDepth: Int {
        guard case .group(let group) = parts else { return 0 }
        return group.depth
    }

    /// How many animations the description holds: 1, or a group's `animationCount`.
    public var animationCount: Int {
        guard case .group(let group) = parts else { return 1 }
        return group.animationCount
    }

    /// The most animations one add may make (groups of groups counted; a keyframe animation
    /// along a path with a rotation mode makes two).
    public static let maximumAnimationsPerAdd = 1 << 16

    /// Every check that needs no layer (timing, finite values, keyframe fields and counts,
    /// group depth), as adding the animation runs them.
    ///
    /// [Decision] A negative duration is refused (`.outOfRange`), in every language alike,
    /// where CALayer's addAnimation gives "zero or negative" durations the default: 0 asks for
    /// the default, and a negative number is taken for a mistake.
    /// - Parameter field: the name messages give the animation ("animation",
    ///   "animation.animations[1]"); default "animation".
    /// - Throws: the timing's checks (`MediaTiming.validate()`), `.notFinite` for a NaN or
    ///   infinite value, the keyframe checks (`.outOfRange` for key times outside [0, 1] or
    ///   spline values outside [−1, 1], `.invalidArgument` for key times that decrease or a
    ///   path without segments, `.wrongKind` for values of different kinds), the spring's and
    ///   the decay's checks, and `.outOfRange` for groups nested deeper than
    ///   `GroupParameters.maximumDepth` or holding more than `maximumAnimationsPerAdd`
    ///   animations, and the value function's checks (`.invalidArgument` on a decay, a group or
    ///   a keyframe path; `.wrongKind` for values of another kind than it takes).
    public func validate(_ field: @autoclosure () -> String = "animation") throws(AnimCoreError) {
        do { try timing.validate() } catch { throw error.prefixed("\(field()).timing: ") }
        try validateKind(field())
        if let valueFunction { try checkValueFunction(valueFunction, field()) }
    }

    /// The checks of a value function that need no layer: it belongs to a basic, keyframe or
    /// spring animation (not a decay or a group; `valueFunction`), whose values are of its
    /// input kind and are not a path. (The add checks the key path holds a transform.)
    /// - Throws: `.invalidArgument` for a decay, a group or a keyframe path; `.wrongKind` for
    ///   a from/to/by value or keyframe of another kind than `ValueFunction.inputKind`.
    func checkValueFunction(_ function: ValueFunction, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        let input = function.inputKind
        func check(_ value: Value?, _ name: String) throws(AnimCoreError) {
            guard let value, value.kind != input else { return }
            throw AnimCoreError(
                .wrongKind, "\(field()).\(name) is a \(value.kind.name) but \(field()).valueFunction \(function.name) takes \(input.name) values")
        }
        switch parts {
        case .basic, .spring:
            try check(endpoints.fromValue, "fromValue")
            try check(endpoints.toValue, "toValue")
            try check(endpoints.byValue, "byValue")
        case .keyframe(let keyframe):
            guard keyframe.path == nil else {
                throw AnimCoreError(
                    .invalidArgument,
                    "\(field()).valueFunction is \(function.name) on a keyframe animation along a path; a value function takes \(input.name) values")
            }
            for (index, value) in keyframe.values.enumerated() { try check(value, "values[\(index)]") }
        case .decay, .group, .transition:
            try checkTakesValueFunction(function, field())
        }
    }

    /// Refuses a value function on a decay or a group (`valueFunction`); also when it is set
    /// through the C API (a description's kind stays what it was created as).
    /// - Throws: `.invalidArgument` naming `field`.valueFunction.
    package func checkTakesValueFunction(_ function: ValueFunction, _ field: @autoclosure () -> String) throws(AnimCoreError) {
        guard kindTag == .decay || kindTag == .group || kindTag == .transition else { return }
        throw AnimCoreError(
            .invalidArgument,
            "\(field()).valueFunction is \(function.name) on a \(kindTag.name) animation; value functions belong to basic, keyframe and spring animations")
    }
}

extension Animation {
    /// The checks of `validate(_:)` that belong to the kind, each part read where it lies.
    private func validateKind(_ field: @autoclosure () -> String) throws(AnimCoreError) {
        switch parts {
        case .basic:
            try endpoints.checkFinite(field())
        case .spring(let spring):
            try endpoints.checkFinite(field())
            try spring.validate("\(field()).spring")  // an autoclosure: made only on failure
        case .decay(let decay):
            try decay.validate("\(field()).decay")
        case .keyframe(let keyframe):
            try keyframe.validate(field())
        case .transition(let transition):
            try transition.validate(field())
        case .group(let group):
            try GroupParameters.checkChildren(group.animations, "\(field()).animations")
            // Before any walk of the tree, which may be children^depth animations.
            guard group.animationCount <= Animation.maximumAnimationsPerAdd else {
                throw AnimCoreError(
                    .outOfRange,
                    "\(field()) holds \(group.animationCount == Int(Int32.max) ? "more than 2^31" : "\(group.animationCount)") animations (groups of groups); one add may make at most \(Animation.maximumAnimationsPerAdd)")
            }
            for (index, child) in group.animations.enumerated() { try child.validate("\(field()).animations[\(index)]") }
        }
    }
}
