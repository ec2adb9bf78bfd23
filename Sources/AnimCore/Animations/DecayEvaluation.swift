import Glibc

/// What a decay animation's record adds: per component, where it starts, how fast, and whether
/// and when it springs back at a bound; prepared when added.
///
/// The block holds `DecayRecord.stride` slots per component: start, velocity, mode, the time
/// the bound is reached, the bound, and the velocity there (modes: `free`, `outside` — started
/// beyond a bound, springing back from the start — and `bounces` — reaches a bound).
struct DecayRecord {
    var block: Int32 = -1
    var blockSize: Int32 = 0
    /// 1000 ln r (per second, negative).
    var exponent: Double = 0
    /// The spring back at a bound.
    var response: SpringResponse
    /// Whether every component moves freely (mode `free`: no bound plays a part), so that an
    /// evaluation tests no component's mode; set by `storeDecay`.
    var isFree = true

    static let stride = 6
    enum Mode: Double { case free = 0, outside = 1, bounces = 2 }

    /// A component's value in free motion (its block `entry`), `travel` the distance a unit
    /// velocity has carried it: start + velocity × travel.
    @inline(__always)
    static func freeValue(_ entry: UnsafeMutablePointer<Double>, travel: Double) -> Double {
        entry[0] + entry[1] * travel
    }

    /// A component's value at basic time `t` (seconds) when a bound plays a part (its block
    /// `entry`, its mode `outside` or `bounces`): springing back from the start, or from the
    /// bound once it is reached (before that, free); `response` the spring at the bound.
    // Out of line: the springs' exp, cos and sin inlined would make every decay's evaluation
    // keep a large frame, when most move freely.
    @inline(never)
    static func boundedValue(
        _ entry: UnsafeMutablePointer<Double>, response: SpringResponse, at t: Double, travel: Double
    ) -> Double {
        switch entry[2] {
        case Mode.outside.rawValue:
            let motion = response.motion(at: t)
            return springBack(from: entry[0], to: entry[4], rest: motion.rest) + entry[1] * motion.push
        case Mode.bounces.rawValue where t >= entry[3]:
            return entry[4] + entry[5] * response.push(at: t - entry[3]).value
        default:
            return freeValue(entry, travel: travel)
        }
    }

    /// Where a spring back from `start` to `bound` stands while the fraction `rest` of the
    /// distance remains: `bound + (start − bound) × rest`. A start and a bound more than the
    /// largest double apart (of opposite signs, each beyond half of it) take each weighted,
    /// `bound × (1 − rest) + start × rest`, which stays finite where the distance does not.
    @inline(__always)
    static func springBack(from start: Double, to bound: Double, rest: Double) -> Double {
        let distance = start - bound
        return distance.isFinite ? bound + distance * rest : bound * (1 - rest) + start * rest
    }
}

extension EngineState {
    /// Prepares a decay of `kind` values starting at `from` with `velocity` (one number per
    /// slot), bounded by `lower`/`upper` (per slot, or nil); the record and the time the motion ends (the speed below
    /// the minimum, or a spring back settled).
    func storeDecay(
        _ decay: DecayParameters, kind: ValueKind, from: [Double], velocity: [Double], lower: [Double]?, upper: [Double]?
    ) -> (DecayRecord, duration: Double) {
        let count = kind.slotCount
        var record = DecayRecord(exponent: decay.exponent, response: SpringResponse(decay.boundSpring))
        let size = count * DecayRecord.stride
        let block = animationValues.allocate(size)
        record.block = Int32(block)
        record.blockSize = Int32(size)
        let stopping = velocity.withUnsafeBufferPointer { decay.stoppingTime(speed: DecayParameters.speed($0.baseAddress!, count: count)) }
        // The spring back's settling, for the motion it starts with: from a distance d with a
        // velocity v (relative velocity −v / d), or from the bound with a velocity (measured on
        // the distance it carries, v / ω₀, conservatively).
        func settle(distance: Double, velocity: Double) -> Double {
            var spring = decay.boundSpring
            spring.initialVelocity = distance != 0 ? -velocity / distance : (velocity != 0 ? spring.naturalFrequency : 0)
            return spring.settlingDuration
        }
        // Each component ends when it stops (the shared speed below the minimum) or when its
        // spring back settles; the motion, when the last one does.
        var duration = 0.0
        let slots = animationValues.pointer(block)
        for k in 0..<count {
            let entry = slots + k * DecayRecord.stride
            let x0 = from[k], v0 = velocity[k]
            entry[0] = x0
            entry[1] = v0
            entry[2] = DecayRecord.Mode.free.rawValue
            entry[3] = 0
            entry[4] = 0
            entry[5] = 0
            let low = lower.map { $0[k] }, high = upper.map { $0[k] }
            if let low, x0 < low {
                (entry[2], entry[4]) = (DecayRecord.Mode.outside.rawValue, low)
                duration = max(duration, settle(distance: x0 - low, velocity: v0))
            } else if let high, x0 > high {
                (entry[2], entry[4]) = (DecayRecord.Mode.outside.rawValue, high)
                duration = max(duration, settle(distance: x0 - high, velocity: v0))
            } else if let bound = v0 < 0 ? low : v0 > 0 ? high : nil {
                // Reached when x0 + v0 travel(t) = bound, before the motion stops.
                let needed = (bound - x0) / v0
                let remaining = 1 + decay.exponent * needed
                if remaining > 0 {
                    let time = log(remaining) / decay.exponent
                    if time <= stopping {
                        entry[2] = DecayRecord.Mode.bounces.rawValue
                        entry[3] = time
                        entry[4] = bound
                        entry[5] = v0 * remaining
                        duration = max(duration, time + settle(distance: 0, velocity: entry[5]))
                    }
                }
            }
            if entry[2] == DecayRecord.Mode.free.rawValue {
                duration = max(duration, stopping)
            } else {
                record.isFree = false
            }
        }
        // Beyond the time limit it does not end in any time the engine counts.
        return (record, duration <= MediaTiming.Limits.time ? duration : .infinity)
    }
}

extension EvaluationContext {
    /// Computes a decay's value from its record.
    @inline(__always)
    func applyDecay(
        _ record: UnsafeMutablePointer<AttachedAnimation>, sample: TimingSample, parentTime: Double, to slots: UnsafeMutablePointer<Double>
    ) {
        let t = springTime(record, sample: sample, parentTime: parentTime)
        applyDecay(Composition(record), decays + Int(record.pointee.parameters), at: t, to: slots)
    }

    /// A decay's value at its basic local time `t` (seconds): per component the decelerating
    /// motion, or the spring back to a bound.
    @inline(__always)
    func applyDecay(
        _ composition: Composition, _ decay: UnsafeMutablePointer<DecayRecord>, at t: Double, to slots: UnsafeMutablePointer<Double>
    ) {
        let inPlace = composition.writesInPlace
        let value = inPlace ? slots : scratch + ScratchOffset.value
        let entries = values + Int(decay.pointee.block)
        let exponent = decay.pointee.exponent
        let travel = expm1(exponent * t) / exponent
        if decay.pointee.isFree {
            for k in 0..<composition.kind.slotCount {
                value[k] = DecayRecord.freeValue(entries + k * DecayRecord.stride, travel: travel)
            }
        } else {
            for k in 0..<composition.kind.slotCount {
                let entry = entries + k * DecayRecord.stride
                value[k] = entry[2] == DecayRecord.Mode.free.rawValue
                    ? DecayRecord.freeValue(entry, travel: travel)
                    : DecayRecord.boundedValue(entry, response: decay.pointee.response, at: t, travel: travel)
            }
        }
        guard !inPlace else { return }
        // (A decay's cycles do not add up: each repeat throws it again from its start.)
        let underneath = composition.isAdditive ? readUnderneath(composition.component, slots) : slots  // read only to add to
        compose(composition, value: value, underneath: underneath, into: slots)
    }
}
