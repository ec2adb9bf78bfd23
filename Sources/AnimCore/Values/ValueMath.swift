/// The arithmetic of values stored as slots (see `ValueKind`): interpolation, the additive
/// composition of additive and cumulative animations, and exact comparison.
///
/// Every operation takes pointers to `kind.slotCount` Doubles. The one slot of a variable-length
/// kind (`path`, `numbers`, `colors`) is a handle, copied as a token's bits; their element-wise
/// interpolation is `VariableInterpolation`'s. The output may be the same
/// memory as an input (each operation reads all it needs before writing); partial overlap is not
/// supported. Nothing here allocates, traps or throws: NaN and infinite slots flow through the
/// floating-point kinds as IEEE arithmetic makes them, and the bit-pattern kinds (`bool`,
/// `integer`, `token`) are never computed on as floating-point numbers. Products of finite
/// transforms whose elements leave the range of doubles give ±infinity there and keep their
/// exact zeros (`Transform3D.concatenatingHeld`), never NaN.
///
/// Operand roles for the additive operations, which matter for transforms (matrix products do
/// not commute) and for the discrete kinds:
///
/// - `add(a, b)` is `a + b` with `a` the underlying value and `b` the value added on top, as
///   an additive animation's value `b` is added to the running value `a` beneath it (reference
///   §6.2). Transforms concatenate with `b` applied in the layer's own space, i.e. first:
///   `CATransform3DConcat(b, a)` (the row-vector product b · a). [INF] Core Animation documents
///   that transforms concatenate, not in which order; the reference infers this one.
/// - `subtract(a, b)` is `a − b`, the value that gives `a` when `b` is added on top:
///   `add(subtract(a, b), b) == a` (a basic animation's `toValue − byValue`).
/// - `additiveDelta(from: base, to: value)` is the value that gives `value` when added on top
///   of `base`: `add(base, additiveDelta(base → value)) == value` (the additive "delta" idiom).
///   For the commutative kinds it equals `subtract(value, base)`.
/// - `addScaled(base:increment:count:)` is `count × increment + base`, with the increments as
///   the underlying value and `base` on top: `addScaled(b, i, 1) == add(i, b)` (cumulative
///   animations: k × the cycle's end value, with the current cycle's value on top, so a
///   transform's current cycle moves within the frame the earlier cycles reached). [INF] The
///   order for transforms is not documented; this one reads "the value at the end of the
///   previous repeat cycle + the value of the current cycle" with `add`'s operand roles.
package enum ValueMath {
    // MARK: - Interpolation

    /// Writes the value `fraction` of the way from `from` (0) to `to` (1). Fractions outside
    /// [0, 1] extrapolate (overshooting timing functions and springs).
    ///
    /// - `scalar`, `point`, `size`, `rect`, `vector3`: componentwise linear (`lerp`): exactly
    ///   `from` at 0 and where the two are equal, exactly `to` at 1.
    /// - `color`: componentwise linear in the stored space — straight (not premultiplied) RGBA
    ///   with alpha interpolated like the others. Extrapolation is not clamped to [0, 1].
    /// - `integer`: linear, then rounded to the nearest integer (ties away from zero) and
    ///   clamped to the Int64 range; a NaN fraction gives `from`. Exact for every Int64 at
    ///   whole fractions (0, 1, 2, −1 …); otherwise the step `(to − from) × fraction` is a
    ///   Double (53 bits), added to `from` exactly.
    /// - `bool`, `token`: `from` below 0.5, `to` from 0.5 on (a NaN fraction gives `from`).
    ///   [INF] Core Animation does not document how it animates non-numeric values; a switch
    ///   half way is what CSS does for discrete values.
    /// - `affineTransform`, `transform3D`: by decomposition (`TransformInterpolation`):
    ///   translation, scale, skew and perspective linearly, rotation by quaternion slerp along
    ///   the shorter arc, recomposed; a singular matrix on either side switches at 0.5. Each
    ///   call decomposes both ends; a caller with fixed ends can keep a
    ///   `TransformInterpolation` instead.
    /// `result` may be `from` or `to`: each slot is read before it is written.
    // Inlined for the kinds with coordinates (the tick's common case); the others out of line.
    @inline(__always)
    package static func interpolate(
        _ kind: ValueKind, from: UnsafePointer<Double>, to: UnsafePointer<Double>,
        fraction: Double, into result: UnsafeMutablePointer<Double>
    ) {
        guard kind.hasCoordinates else { return interpolateStructured(kind, from: from, to: to, fraction: fraction, into: result) }
        for i in 0..<kind.slotCount { result[i] = lerp(from[i], to[i], fraction) }
    }

    /// `interpolate` of the kinds without coordinates.
    @inline(never)
    static func interpolateStructured(
        _ kind: ValueKind, from: UnsafePointer<Double>, to: UnsafePointer<Double>,
        fraction: Double, into result: UnsafeMutablePointer<Double>
    ) {
        switch kind {
        case .scalar, .point, .size, .rect, .vector3, .color:
            interpolate(kind, from: from, to: to, fraction: fraction, into: result)
        case .integer:
            let value = interpolateInteger(
                SlotEncoding.integer(from[0]), SlotEncoding.integer(to[0]), fraction)
            result[0] = SlotEncoding.slot(integer: value)
        case .bool, .token, .path, .numbers, .colors:
            copyBits((switchesToEnd(at: fraction) ? to : from), into: result)
        case .affineTransform:
            AffineTransform.interpolate(
                AffineTransform(slots: from), AffineTransform(slots: to), fraction: fraction
            ).store(into: result)
        case .transform3D:
            Transform3D.interpolate(
                Transform3D(slots: from), Transform3D(slots: to), fraction: fraction
            ).store(into: result)
        }
    }

    /// The discrete rule of the values that do not interpolate (`bool`, `token`, and paths or
    /// arrays of different shapes): the end value from `fraction` 0.5 on, the start value below
    /// it (and for a NaN fraction). [INF] Core Animation does not document how it animates
    /// non-numeric values; a switch half way is what CSS does for discrete values.
    @inlinable package static func switchesToEnd(at fraction: Double) -> Bool {
        fraction >= 0.5
    }

    /// `a + (b − a) × t`: exactly `a` (bits and all) at t = 0 and whenever a == b, exactly `b`
    /// at t = 1.
    @inlinable package static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        if t == 0 || a == b { return a }
        if t == 1 { return b }
        return a + (b - a) * t
    }

    /// The integer `fraction` of the way from `a` to `b`, rounded to nearest with ties away
    /// from zero, saturating; `a` for a NaN fraction.
    static func interpolateInteger(_ a: Int64, _ b: Int64, _ fraction: Double) -> Int64 {
        if fraction == 0 || a == b || fraction.isNaN { return a }
        if fraction == 1 { return b }
        // a + (b − a) × fraction, with the span in 128 bits so it cannot overflow and `a` added
        // exactly, so values near the ends of the Int64 range keep all their bits.
        let span = Int128(b) - Int128(a)
        if fraction == fraction.rounded(.towardZero) && abs(fraction) < 0x1p62 {
            // A whole fraction (overshoot to exactly 2, −1 …): exact in 128 bits.
            return clamped(Int128(a) + span * Int128(Int64(fraction)))
        }
        return roundedSum(a, Double(span) * fraction)
    }

    /// `base + step` rounded to the nearest integer — ties away from zero, judged on the
    /// total — and clamped to the Int64 range; `base` for a NaN step.
    static func roundedSum(_ base: Int64, _ step: Double) -> Int64 {
        guard !step.isNaN else { return base }
        // Beyond 2¹⁰⁰ the total is out of range whatever `base` is (and Int128 still holds it).
        if step >= 0x1p100 { return .max }
        if step <= -0x1p100 { return .min }
        let below = step.rounded(.down)
        let excess = step - below
        var total = Int128(base) + Int128(below)
        // A tie at n + ½ rounds away from zero: up when n >= 0.
        if excess > 0.5 || (excess == 0.5 && total >= 0) { total += 1 }
        return clamped(total)
    }

    /// `value` clamped to the Int64 range.
    static func clamped(_ value: Int128) -> Int64 {
        if value > Int128(Int64.max) { return .max }
        if value < Int128(Int64.min) { return .min }
        return Int64(value)
    }

    // MARK: - Additive composition

    /// Writes `a + b`: `a` the underlying value, `b` the value added on top (an additive
    /// animation's value).
    ///
    /// - floating-point kinds (`color` included, alpha too): componentwise sums.
    /// - `integer`: saturating sum (clamped to the Int64 range, never wrapping).
    /// - `bool`, `token`: `b`.
    /// - transforms: `CATransform3DConcat(b, a)` / `CGAffineTransformConcat(b, a)` — `b` is
    ///   applied first, in the layer's space, then `a`.
    package static func add(
        _ kind: ValueKind, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into result: UnsafeMutablePointer<Double>
    ) {
        switch kind {
        case .scalar:
            result[0] = a[0] + b[0]
        case .point, .size, .rect, .vector3, .color:
            for i in 0..<kind.slotCount { result[i] = a[i] + b[i] }
        case .integer:
            let sum = SlotEncoding.saturatingAdd(
                SlotEncoding.integer(a[0]), SlotEncoding.integer(b[0]))
            result[0] = SlotEncoding.slot(integer: sum)
        case .bool, .token, .path, .numbers, .colors:
            copyBits(b, into: result)
        case .affineTransform:
            AffineTransform(slots: b).concatenatingHeld(AffineTransform(slots: a)).store(into: result)
        case .transform3D:
            Transform3D(slots: b).concatenatingHeld(Transform3D(slots: a)).store(into: result)
        }
    }

    /// Writes `a − b`, the value whose sum with `b` on top is `a` (`toValue − byValue`).
    ///
    /// - floating-point kinds: componentwise differences.
    /// - `integer`: saturating difference.
    /// - `bool`, `token`: `a` (adding a discrete value replaces, so no value gives `a` back
    ///   in general; `a` is the natural start of a "to a by b" animation).
    /// - transforms: `CATransform3DConcat(inverse(b), a)`, so `add(subtract(a, b), b) == a`.
    ///   When `b` is singular (no inverse) the result is `a` unchanged.
    package static func subtract(
        _ kind: ValueKind, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into result: UnsafeMutablePointer<Double>
    ) {
        switch kind {
        case .scalar:
            result[0] = a[0] - b[0]
        case .point, .size, .rect, .vector3, .color:
            for i in 0..<kind.slotCount { result[i] = a[i] - b[i] }
        case .integer:
            let difference = SlotEncoding.saturatingSubtract(
                SlotEncoding.integer(a[0]), SlotEncoding.integer(b[0]))
            result[0] = SlotEncoding.slot(integer: difference)
        case .bool, .token, .path, .numbers, .colors:
            copyBits(a, into: result)
        case .affineTransform:
            let minuend = AffineTransform(slots: a)
            let inverse = AffineTransform(slots: b).inverted()
            (inverse.map { $0.concatenatingHeld(minuend) } ?? minuend).store(into: result)
        case .transform3D:
            let minuend = Transform3D(slots: a)
            let inverse = Transform3D(slots: b).inverted()
            (inverse.map { $0.concatenatingHeld(minuend) } ?? minuend).store(into: result)
        }
    }

    /// Writes the value `d` with `add(base, d) == value`: what an additive animation must add
    /// on top of `base` to show `value` (the "from old − new, to 0, additive" idiom).
    ///
    /// - floating-point kinds and `integer`: `value − base` (saturating for `integer`).
    /// - `bool`, `token`: `value`.
    /// - transforms: `CATransform3DConcat(value, inverse(base))`; when `base` is singular the
    ///   result is `value` unchanged.
    package static func additiveDelta(
        _ kind: ValueKind, from base: UnsafePointer<Double>, to value: UnsafePointer<Double>,
        into result: UnsafeMutablePointer<Double>
    ) {
        switch kind {
        case .scalar, .point, .size, .rect, .vector3, .color, .integer:
            subtract(kind, value, base, into: result)
        case .bool, .token, .path, .numbers, .colors:
            copyBits(value, into: result)
        case .affineTransform:
            let target = AffineTransform(slots: value)
            let inverse = AffineTransform(slots: base).inverted()
            (inverse.map { target.concatenatingHeld($0) } ?? target).store(into: result)
        case .transform3D:
            let target = Transform3D(slots: value)
            let inverse = Transform3D(slots: base).inverted()
            (inverse.map { target.concatenatingHeld($0) } ?? target).store(into: result)
        }
    }

    /// Writes `count × increment + base`: the increment repeated `count` times as the
    /// underlying value, with `base` on top (cumulative animations: base = the current cycle's
    /// value, increment = a cycle's end value, count = completed cycles).
    ///
    /// - floating-point kinds: `base + count × increment` componentwise (any count).
    /// - `integer`: the same, rounded to the nearest integer (ties away from zero) and
    ///   clamped to the Int64 range; exact for whole counts. A NaN count counts as 0.
    /// - `bool`, `token`: `base`.
    /// - transforms: `CATransform3DConcat(base, incrementᶜ)` where incrementᶜ is `increment`
    ///   concatenated with itself c = ⌊count⌋ times (a whole number: fractional counts round
    ///   down; 0 gives the identity; a negative count uses the inverse). When the inverse is
    ///   needed and does not exist the result is `base`. A NaN count counts as 0. Where the
    ///   plain products leave the range of doubles, `cumulated` holds them.
    package static func addScaled(
        _ kind: ValueKind, base: UnsafePointer<Double>, increment: UnsafePointer<Double>,
        count: Double, into result: UnsafeMutablePointer<Double>
    ) {
        switch kind {
        case .scalar:
            result[0] = base[0] + count * increment[0]
        case .point, .size, .rect, .vector3, .color:
            for i in 0..<kind.slotCount { result[i] = base[i] + count * increment[i] }
        case .integer:
            let sum = addScaledInteger(
                SlotEncoding.integer(base[0]), SlotEncoding.integer(increment[0]), count)
            result[0] = SlotEncoding.slot(integer: sum)
        case .bool, .token, .path, .numbers, .colors:
            copyBits(base, into: result)
        case .affineTransform:
            let top = AffineTransform(slots: base)
            let step = Transform3D(AffineTransform(slots: increment))
            let whole = SlotEncoding.saturatingFloor(count)
            // (Affine products where they are finite: their zeros' signs are CGAffineTransform's.)
            let plain = step.power(whole).map { top.concatenating(AffineTransform($0)) } ?? top
            let wide = Transform3D(plain).isFinite || !step.isFinite ? nil : cumulated(Transform3D(top), step, count: whole)
            (wide.map(AffineTransform.init) ?? plain).store(into: result)
        case .transform3D:
            cumulated(Transform3D(slots: base), Transform3D(slots: increment), count: SlotEncoding.saturatingFloor(count))
                .store(into: result)
        }
    }

    /// CATransform3DConcat(top, increment^count): `top` on the increment repeated `count` times
    /// (`Transform3D.power`); `top` when a negative count needs an inverse that does not
    /// exist. Where the plain products leave the range of doubles (a scale of 2 repeated 1100
    /// times), they are taken as `WideTransform`s: elements beyond the range are ±infinity,
    /// the others as they are, never the NaN of 0 × infinity.
    static func cumulated(_ top: Transform3D, _ increment: Transform3D, count: Int64) -> Transform3D {
        guard let repeated = increment.power(count) else { return top }
        let plain = top.concatenating(repeated)
        guard !plain.isFinite, top.isFinite, increment.isFinite, let wide = increment.widePower(count) else { return plain }
        return WideTransform(top).concatenating(wide).value
    }

    /// `base + count × increment` for integers: exact for whole counts (128-bit product),
    /// otherwise rounded to nearest with ties away from zero; saturating; `base` for a NaN count.
    static func addScaledInteger(_ base: Int64, _ increment: Int64, _ count: Double) -> Int64 {
        guard !count.isNaN else { return base }
        if count == count.rounded(.towardZero) && abs(count) < SlotEncoding.twoToThe63 {
            return clamped(Int128(base) + Int128(increment) * Int128(Int64(count)))
        }
        return roundedSum(base, Double(increment) * count)
    }

    // MARK: - Comparison

    /// Whether `a` and `b` hold the same bits in every slot. Deliberately not numeric equality:
    /// a value always equals itself (NaN included, payload and all), −0 and +0 differ (they are
    /// different Int64 values in the bit-pattern kinds, and a host can see the sign of a zero),
    /// and transforms compare element by element (two matrices of the same rotation written
    /// differently are different values).
    @inlinable package static func equal(
        _ kind: ValueKind, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>
    ) -> Bool {
        for i in 0..<kind.slotCount where a[i].bitPattern != b[i].bitPattern {
            return false
        }
        return true
    }

    // MARK: - Copies

    /// Copies a value of `kind` bit for bit (`kind.slotCount` slots); `source` may be
    /// `destination`.
    @inlinable package static func copy(
        _ kind: ValueKind, from source: UnsafePointer<Double>,
        into destination: UnsafeMutablePointer<Double>
    ) {
        for i in 0..<kind.slotCount {
            destination[i] = Double(bitPattern: source[i].bitPattern)
        }
    }

    /// Copies one slot by its bits (never through a floating-point operation).
    @inlinable static func copyBits(
        _ source: UnsafePointer<Double>, into destination: UnsafeMutablePointer<Double>
    ) {
        destination[0] = Double(bitPattern: source[0].bitPattern)
    }
}
