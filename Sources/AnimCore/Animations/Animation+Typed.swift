/// Animations of a typed property name: the values take the property's Swift type, so
/// `Animation.basic(.opacity, to: 0)` and `Animation.basic(.position, to: Point(x: 10, y: 20))`
/// cannot carry a value of the wrong kind.
extension Animation {
    /// A basic animation (CABasicAnimation) of a property; nil values are taken from the value
    /// underneath when it runs (see `BasicParameters`).
    ///
    /// C: `ac_animation_create_basic`, `ac_animation_set_value`.
    /// - Parameters:
    ///   - name: the property's typed name (or a key path into one).
    ///   - from: the start value; nil: the presentation value underneath.
    ///   - to: the end value; nil: the model value (or from + by).
    ///   - by: the change; nil: none.
    /// - Returns: the description, every shared property at its default (duration 0: the
    ///   transaction's when added).
    public static func basic<T>(_ name: PropertyName<T>, from: T? = nil, to: T? = nil, by: T? = nil) -> Animation {
        .basic(name.keyPath, from: from?.value, to: to?.value, by: by?.value)
    }

    /// A spring animation (CASpringAnimation) of a property: the values as for `basic`, the
    /// motion the spring's. Added with duration 0, it lasts the spring's settling duration.
    ///
    /// C: `ac_animation_create_spring`, `ac_animation_set_value`.
    /// - Parameters:
    ///   - name: the property's typed name.
    ///   - from: the start value; nil: the presentation value underneath.
    ///   - to: the end value; nil: the model value (or from + by).
    ///   - by: the change; nil: none.
    ///   - spring: the spring; default Core Animation's (mass 1, stiffness 100, damping 10).
    /// - Returns: the description.
    public static func spring<T>(
        _ name: PropertyName<T>, from: T? = nil, to: T? = nil, by: T? = nil, spring: Spring = Spring()
    ) -> Animation {
        .spring(name.keyPath, from: from?.value, to: to?.value, by: by?.value, spring: spring)
    }

    /// A keyframe animation (CAKeyframeAnimation) of a property through `values`.
    ///
    /// C: `ac_animation_create_keyframe`, `ac_animation_set_values`, `ac_animation_set_key_times`.
    /// - Parameters:
    ///   - name: the property's typed name.
    ///   - values: the keyframes, at least one when added.
    ///   - keyTimes: each keyframe's time in [0, 1], non-decreasing, one per value; nil: evenly
    ///     spaced.
    ///   - calculationMode: how the keyframes are joined; default `.linear`.
    /// - Returns: the description.
    public static func keyframe<T>(
        _ name: PropertyName<T>, values: [T], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear
    ) -> Animation {
        .keyframe(name.keyPath, values: values.map(\.value), keyTimes: keyTimes, calculationMode: calculationMode)
    }

    /// A keyframe animation of a point property along `path` (CAKeyframeAnimation `path`).
    ///
    /// C: `ac_animation_create_keyframe`, `ac_animation_set_path`.
    /// - Parameters:
    ///   - name: a point property's typed name (`.position`).
    ///   - path: the path followed; each of its points is a keyframe.
    ///   - calculationMode: `.paced` or `.cubicPaced` for constant speed along the path;
    ///     default `.linear`.
    /// - Returns: the description.
    public static func keyframe(
        _ name: PropertyName<Point>, path: Path, calculationMode: CalculationMode = .linear
    ) -> Animation {
        .keyframe(name.keyPath, path: path, calculationMode: calculationMode)
    }

    /// A decay animation of a property: thrown with a velocity, slowing down at
    /// `decelerationRate` per millisecond (see `DecayParameters`). Added with duration 0, it lasts
    /// until its speed falls below the minimum.
    ///
    /// C: `ac_animation_create_decay`, `ac_animation_set_decay`.
    /// - Parameters:
    ///   - name: the typed name of a property with coordinates (scalar, point, size, rect,
    ///     vector3, color).
    ///   - from: the start value; nil: the presentation value when added.
    ///   - velocity: units per second; nil: the presentation's velocity when added.
    ///   - decelerationRate: the fraction of the velocity kept per millisecond, in (0, 1);
    ///     default 0.998.
    /// - Returns: the description.
    public static func decay<T>(
        _ name: PropertyName<T>, from: T? = nil, velocity: T? = nil, decelerationRate: Double = 0.998
    ) -> Animation {
        .decay(name.keyPath, from: from?.value, velocity: velocity?.value, decelerationRate: decelerationRate)
    }
}
