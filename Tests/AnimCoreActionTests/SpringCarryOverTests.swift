import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The reference's closed form, written out here

/// A damped spring written from the reference §6.5 formulas (not the core's code), with general
/// initial conditions: x(t) is the displacement from the target, x(0) = x0, x′(0) = v (value
/// units and units per second). A spring animation from `from` to `to` with v₀ is
/// x0 = from − to, v = v₀ (to − from).
private struct ReferenceSpring: Sendable {
    var mass = 1.0, stiffness = 100.0, damping = 10.0
    var initialVelocity = 0.0
    var allowsOverdamping = false

    init(_ spring: Spring) {
        mass = spring.mass
        stiffness = spring.stiffness
        damping = spring.damping
        initialVelocity = spring.initialVelocity
        allowsOverdamping = spring.allowsOverdamping
    }

    var omega: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    func motion(x0: Double, v: Double, at t: Double) -> (x: Double, dx: Double) {
        let w = omega, z = zeta
        if z < 1 {
            let a = z * w
            let wd = w * (1 - z * z).squareRoot()
            let b = (v + a * x0) / wd
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            return (e * (x0 * c + b * s), e * (-a * (x0 * c + b * s) + wd * (-x0 * s + b * c)))
        } else if z == 1 || !allowsOverdamping {
            let e = exp(-w * t)
            let slope = v + w * x0
            return ((x0 + slope * t) * e, e * (slope - w * (x0 + slope * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c1 = (v - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            return (c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// u(t), u′(t): the normalised displacement.
    func u(_ t: Double) -> (x: Double, dx: Double) { motion(x0: 1, v: -initialVelocity, at: t) }

    /// The acceleration of a state (displacement x, velocity v): −(c v + k x)/m.
    func acceleration(x: Double, v: Double) -> Double { -(damping * v + stiffness * x) / mass }

    /// ln((1 + |B|)/ε)/(ζω₀), ε = 0.001 (underdamped springs only).
    var underdampedSettling: Double {
        let a = zeta * omega
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return log((1 + abs((a - initialVelocity) / wd)) / 0.001) / a
    }
}

private let defaultReference = ReferenceSpring(Spring())

/// 240 frames per second (not exact in binary; tolerances allow for it).
private let fast = 1.0 / 240

private func velocity(_ engine: Engine, _ keyPath: String, _ layer: LayerID) throws -> Double? {
    number(try engine.presentationVelocity(forKeyPath: keyPath, of: layer))
}

/// How a change gets its spring: a transaction's `spring` setting (`modifyTransaction`) or an
/// animation block's `spring` option.
enum SpringChangeMechanism: String, CaseIterable, Sendable {
    case transaction, block
}

/// Sets `keyPath` to `value` in a transaction (or block) whose implicit animations are
/// `spring`s (lasting `duration` when given; transactions only).
private func springChange(
    _ engine: Engine, _ layer: LayerID, _ keyPath: String = "zPosition", to value: Value, spring: Spring,
    duration: Double? = nil, additive: Bool = false, via mechanism: SpringChangeMechanism = .transaction
) throws {
    if mechanism == .block {
        var options = AnimationBlockOptions()
        options.spring = spring
        options.additive = additive
        try engine.animate(options) { try engine.setValue(value, forKeyPath: keyPath, of: layer) }
        return
    }
    try inTransaction(engine, {
        $0.spring = spring
        if let duration { $0.animationDuration = duration }
        if additive { $0.additiveImplicitAnimations = true }
    }) {
        try engine.setValue(value, forKeyPath: keyPath, of: layer)
    }
}

/// Sets the model without an animation.
private func quietSet(_ engine: Engine, _ layer: LayerID, _ keyPath: String, _ value: Value) throws {
    try inTransaction(engine, { $0.disableActions = true }) {
        try engine.setValue(value, forKeyPath: keyPath, of: layer)
    }
}

// MARK: - Implicit springs

@Suite("Implicit springs in transactions and blocks")
struct ImplicitSpringTests {
    @Test("a spring transaction makes the implicit animation a spring lasting its settling duration")
    func transactionSpring() throws {
        let (engine, layer) = try committedLayer()
        let spring = Spring(damping: 6)
        let reference = ReferenceSpring(spring)
        try springChange(engine, layer, to: .scalar(100), spring: spring)
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.kindTag == .spring)
        #expect(animation.timing.duration >= reference.underdampedSettling, "lasts at least the spring's settling duration")
        #expect(animation.spring == spring)
        #expect(animation.isAdditive == false)
        expectNear(animation.timing.duration, reference.underdampedSettling, 1e-12, "duration = settling duration")
        #expect(animation.basic?.fromValue == .scalar(0), "from the presentation")
        let settling = reference.underdampedSettling
        for sample in try run(engine, from: 0, frames: 200, { try shown(engine, "zPosition", layer) }) {
            let expected = sample.time < settling ? 100 * (1 - reference.u(sample.time).x) : 100
            expectNear(sample.value, expected, 1e-9, "t \(sample.time)")
        }
        #expect(try engine.animationKeys(of: layer).isEmpty, "removed after its settling duration")
    }

    @Test("the transaction's animationDuration, when set, is the spring's duration (the motion is the spring's)")
    func transactionDuration() throws {
        let (engine, layer) = try committedLayer()
        try springChange(engine, layer, to: .scalar(100), spring: Spring(), duration: 0.5)
        expectNear(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration, 0.5, 0)
        for sample in try run(engine, from: 0, frames: 64, { try shown(engine, "zPosition", layer) }) {
            let expected = sample.time < 0.5 ? 100 * (1 - defaultReference.u(sample.time).x) : 100
            expectNear(sample.value, expected, 1e-9, "t \(sample.time)")
        }
        // A nested transaction inherits the outer one's spring and duration.
        let (engine2, layer2) = try committedLayer()
        try inTransaction(engine2, { $0.spring = Spring(damping: 20); $0.animationDuration = 2 }) {
            try inTransaction(engine2) { try engine2.setValue(.scalar(7), forKeyPath: "opacity", of: layer2) }
        }
        let inner = try #require(try engine2.animation(forKey: "opacity", of: layer2))
        #expect(inner.spring == Spring(damping: 20))
        #expect(inner.timing.duration == 2)
        // Without animationDuration, an enclosing default does not count: the settling duration.
        let (engine3, layer3) = try committedLayer()
        try inTransaction(engine3, { $0.spring = Spring(damping: 20) }) {
            try engine3.setValue(.scalar(7), forKeyPath: "opacity", of: layer3)
        }
        #expect(try engine3.animation(forKey: "opacity", of: layer3)?.timing.duration == 1.0, "critical (1,100,20): 1.0 s")
    }

    @Test("the spring's initialVelocity applies to an implicit spring from rest")
    func initialVelocityFromRest() throws {
        let (engine, layer) = try committedLayer()
        let spring = Spring(damping: 8, initialVelocity: -4)
        let reference = ReferenceSpring(spring)
        try springChange(engine, layer, to: .scalar(50), spring: spring, duration: 2)
        for sample in try run(engine, from: 0, frames: 128, { try shown(engine, "zPosition", layer) }) {
            expectNear(sample.value, 50 * (1 - reference.u(sample.time).x), 1e-9, "t \(sample.time)")
        }
    }

    @Test("an animation block with a spring: implicit springs for every change, duration and curve unused")
    func blockSpring() throws {
        let (engine, layer) = try committedLayer()
        let spring = try Spring(duration: 0.8, bounce: -0.3)
        let reference = ReferenceSpring(spring)
        var options = AnimationBlockOptions()
        options.spring = spring
        options.duration = 3
        options.curve = .easeIn
        try engine.animate(options) {
            try engine.setValue(.point(x: 40, y: -80), forKeyPath: "position", of: layer)
            try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        }
        for key in ["position", "opacity"] {
            let animation = try #require(try engine.animation(forKey: key, of: layer))
            #expect(animation.spring == spring, "\(key)")
            expectNear(animation.timing.duration, spring.settlingDuration, 0, "\(key): the settling duration, not 3")
            #expect(animation.timing.duration != 3)
        }
        let samples = try run(engine, from: 0, frames: 64) {
            (try engine.presentationValue(forKeyPath: "position", of: layer), try shown(engine, "opacity", layer))
        }
        for sample in samples {
            let fraction = 1 - reference.u(sample.time).x
            expectValue(sample.value.0, .point(x: 40 * fraction, y: -80 * fraction), 1e-9, "position t \(sample.time)")
            expectNear(sample.value.1, 1 - 0.5 * fraction, 1e-9, "opacity t \(sample.time)")
        }
    }
}

// MARK: - Velocity carry-over

/// What moves the property before the spring retargets it.
enum SpringCarryOverSource: String, CaseIterable, Sendable {
    case linear, keyframe, spring
}

/// The carry-over runs start at engine time 1 (a layer committed at 0, then a tick at 1), so
/// every change commits at a tick's time > 0 and begins there.
private let base = 1.0

private func startedLayer() throws -> (Engine, LayerID) {
    let (engine, layer) = try committedLayer()
    try engine.tick(base)
    return (engine, layer)
}

@Suite("Velocity survives interruption")
struct SpringCarryOverTests {
    private let retarget = try! Spring(duration: 0.6, bounce: 0.2)

    /// Starts `motion` on zPosition at time 0 (the layer committed at 0) and returns the
    /// acceleration bound of that motion (for the continuity tolerance).
    private func start(_ motion: SpringCarryOverSource, _ engine: Engine, _ layer: LayerID) throws -> Double {
        switch motion {
        case .linear:
            try inTransaction(engine, { $0.animationDuration = 2; $0.timingFunction = .linear }) {
                try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
            }
            return 0
        case .keyframe:
            try quietSet(engine, layer, "zPosition", .scalar(100))
            var keyframe = Animation.keyframe("zPosition", values: [.scalar(0), .scalar(80), .scalar(20), .scalar(100)])
            keyframe.timing.duration = 2
            keyframe.timingFunction = .linear
            try inTransaction(engine) { try engine.addAnimation(keyframe, forKey: "zPosition", to: layer) }
            return 0
        case .spring:
            try springChange(engine, layer, to: .scalar(100), spring: Spring(), via: .block)
            return 100 * 100 + 10 * 300   // k·|x| + c·|v| bound for the default spring over 0 → 100
        }
    }

    /// The analytic velocity of `motion` at `t` (for the linear and keyframe ones) or nil.
    private func analyticVelocity(_ motion: SpringCarryOverSource, _ t: Double) -> Double? {
        switch motion {
        case .linear: 50
        case .keyframe: [120.0, -90, 120][min(Int(t / (2.0 / 3)), 2)]
        case .spring: -100 * defaultReference.u(t).dx
        }
    }

    @Test("a retargeting spring starts with the presentation's value and velocity (240 fps)",
          arguments: SpringCarryOverSource.allCases, [(SpringChangeMechanism.block, 30), (.block, 120), (.block, 200), (.transaction, 120)])
    func carryOver(motion: SpringCarryOverSource, change: (SpringChangeMechanism, Int)) throws {
        let (mechanism, changeTick) = change
        let (engine, layer) = try startedLayer()
        let oldAcceleration = try start(motion, engine, layer)
        var values: [Double] = [0]
        for k in 1...changeTick {
            try engine.tick((base + Double(k) * fast))
            values.append(try #require(try shown(engine, "zPosition", layer)))
        }
        let changeTime = base + Double(changeTick) * fast
        let before = try #require(try shown(engine, "zPosition", layer))
        let velocityBefore = try #require(try velocity(engine, "zPosition", layer))
        if let analytic = analyticVelocity(motion, changeTime - base) {
            expectNear(velocityBefore, analytic, motion == .spring ? 0.6 : 1e-6, "\(mechanism) \(motion): velocity before the change")
        }
        #expect(abs(velocityBefore) > 1, "\(mechanism) \(motion): the property is moving")

        let target = -50.0
        try springChange(engine, layer, to: .scalar(target), spring: retarget, via: mechanism)
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.kindTag == .spring)
        #expect(animation.basic?.fromValue == .scalar(before), "\(mechanism) \(motion): from the presentation value")
        // Right after the commit (same time): the same value and velocity.
        expectNear(try shown(engine, "zPosition", layer), before, 1e-9, "\(mechanism) \(motion): value at the commit")
        let reference = ReferenceSpring(retarget)
        let newAcceleration = abs(reference.acceleration(x: before - target, v: velocityBefore))
        // (The velocity is not read between the commit and the next tick: the engine counts only
        // committed animations there and reads 0.)

        // The tick after the commit and on: the spring from (before − target, velocityBefore).
        for k in (changeTick + 1)...(changeTick + 360) {
            let t = (base + Double(k) * fast)
            try engine.tick(t)
            let tau = t - changeTime
            // A carried spring begins at the commit's time (the tick after shows τ = 1/240) and
            // lasts until the carried motion settles too (at least the spring's settling duration).
            let expected = reference.motion(x0: before - target, v: velocityBefore, at: tau)
            let value = try #require(try shown(engine, "zPosition", layer))
            values.append(value)
            expectNear(value, tau < animation.timing.duration ? target + expected.x : target, 1e-8, "\(mechanism) \(motion) @\(changeTick): value at τ \(tau)")
            if k == changeTick + 1 {
                let velocityAfter = try #require(try velocity(engine, "zPosition", layer))
                let acceleration = abs(reference.acceleration(x: expected.x, v: expected.dx))
                expectNear(velocityAfter, expected.dx, acceleration * 1e-4 / 2 * 1.1 + 1e-6, "\(mechanism) \(motion): velocity after the commit tick")
                // No jump: the velocity changed by no more than the new spring's acceleration explains.
                #expect(abs(velocityAfter - velocityBefore) <= max(newAcceleration, acceleration) * fast * 1.05 + 1e-3,
                        "\(mechanism) \(motion): velocity \(velocityBefore) → \(velocityAfter) over one 240 fps tick")
            }
        }
        // Value continuity: the step across the change differs from the step before it by no
        // more than the accelerations explain (a second difference ≈ a·dt²).
        let stepBefore = values[changeTick] - values[changeTick - 1]
        let stepAcross = values[changeTick + 1] - values[changeTick]
        #expect(abs(stepAcross - stepBefore) <= (newAcceleration + oldAcceleration) * fast * fast * 1.1 + 1e-9,
                "\(mechanism) \(motion) @\(changeTick): step \(stepBefore) then \(stepAcross)")
    }

    @Test("an animation block with a spring carries the velocity over too")
    func blockCarriesOver() throws {
        let (engine, layer) = try startedLayer()
        _ = try start(.linear, engine, layer)
        for k in 1...96 { try engine.tick((base + Double(k) * fast)) }
        let before = try #require(try shown(engine, "zPosition", layer))
        let velocityBefore = try #require(try velocity(engine, "zPosition", layer))
        var options = AnimationBlockOptions()
        options.spring = retarget
        try engine.animate(options) { try engine.setValue(.scalar(300), forKeyPath: "zPosition", of: layer) }
        let reference = ReferenceSpring(retarget)
        for k in 97...200 {
            try engine.tick((base + Double(k) * fast))
            let expected = reference.motion(x0: before - 300, v: velocityBefore, at: Double(k - 96) * fast)
            expectNear(try shown(engine, "zPosition", layer), 300 + expected.x, 1e-8, "tick \(k)")
        }
    }

    @Test("beginsFromCurrentState off: from the old model value at rest (no carry-over)")
    func notFromCurrentState() throws {
        let (engine, layer) = try startedLayer()
        _ = try start(.linear, engine, layer)
        for k in 1...96 { try engine.tick((base + Double(k) * fast)) }
        var options = AnimationBlockOptions()
        options.spring = Spring()
        options.beginsFromCurrentState = false
        try engine.animate(options) { try engine.setValue(.scalar(0), forKeyPath: "zPosition", of: layer) }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.basic?.fromValue == .scalar(100))
        for k in 97...160 {
            try engine.tick((base + Double(k) * fast))
            // Not a carry-over: like any implicit animation it begins at the tick that commits it.
            let tau = Double(k - 97) * fast
            expectNear(try shown(engine, "zPosition", layer), 100 * defaultReference.u(tau).x, 1e-8, "tick \(k)")
        }
    }

    // MARK: The measurement

    /// Target changes every `period` ticks at 60 fps (0 ↔ 100, starting towards 100 at tick 0),
    /// for 240 ticks; returns the presented values and the engine's presentation velocities.
    /// `carryOver`: implicit spring changes; otherwise a spring restarted from rest at the
    /// presentation value (an explicit spring animation from it, no velocity).
    private func alternating(
        period: Int, carryOver: Bool, additive: Bool = false, via mechanism: SpringChangeMechanism = .block
    ) throws -> (values: [Double], velocities: [Double]) {
        let spring = Spring()
        let (engine, layer) = try startedLayer()
        var target = 100.0
        func change() throws {
            if carryOver {
                try springChange(engine, layer, to: .scalar(target), spring: spring, additive: additive, via: mechanism)
            } else {
                let from = try #require(try engine.presentationValue(forKeyPath: "zPosition", of: layer))
                try quietSet(engine, layer, "zPosition", .scalar(target))
                try inTransaction(engine) {
                    try engine.addAnimation(Animation.spring("zPosition", from: from, to: .scalar(target), spring: spring), forKey: "zPosition", to: layer)
                }
            }
        }
        var values: [Double] = [try #require(try shown(engine, "zPosition", layer))]
        var velocities: [Double] = [try #require(try velocity(engine, "zPosition", layer))]
        try change()
        for k in 1...240 {
            try engine.tick(base + Double(k) / 60)
            values.append(try #require(try shown(engine, "zPosition", layer)))
            velocities.append(try #require(try velocity(engine, "zPosition", layer)))
            if k % period == 0 {
                target = target == 100 ? 0 : 100
                try change()
            }
        }
        return (values, velocities)
    }

    /// The target in force during tick k's interval (k−1, k]: 100 first, flipping after every
    /// `period` ticks.
    private func target(_ k: Int, _ period: Int) -> Double { ((k - 1) / period) % 2 == 0 ? 100 : 0 }

    /// The largest per-tick change of `samples` from tick `from` on (tick 1, the launch from
    /// rest, is the same for every variant and is left out).
    private func largestStep(_ samples: [Double], from first: Int = 2) -> Double {
        (first..<samples.count).map { abs(samples[$0] - samples[$0 - 1]) }.max() ?? 0
    }

    /// The largest velocity jump: the per-tick change of velocity beyond what the spring's own
    /// acceleration −(k(x − target) + c v)/m explains (trapezoid over the tick, from the values and
    /// velocities read at both ends, target as scheduled). `lag`: ticks between a change and the
    /// tick its spring begins at (0: at the commit, as carried springs do; 1: at the tick that
    /// commits it, as additive implicit animations do).
    private func largestVelocityJump(_ run: (values: [Double], velocities: [Double]), _ period: Int, lag: Int = 0) -> Double {
        ((2 + lag)..<run.values.count).map { k in
            let target = target(k - lag, period)
            let a0 = -(100 * (run.values[k - 1] - target) + 10 * run.velocities[k - 1])
            let a1 = -(100 * (run.values[k] - target) + 10 * run.velocities[k])
            return abs(run.velocities[k] - run.velocities[k - 1] - (a0 + a1) / 2 / 60)
        }.max() ?? 0
    }

    @Test("largest per-tick change of value and velocity, retargeting every 3, 7, 13, 29 ticks: carry-over vs restart")
    func measurement() throws {
        var lines: [String] = []
        for period in [3, 7, 13, 29] {
            let carried = try alternating(period: period, carryOver: true)
            let restarted = try alternating(period: period, carryOver: false)
            let additive = try alternating(period: period, carryOver: true, additive: true)
            let carriedValue = largestStep(carried.values), carriedVelocity = largestStep(carried.velocities)
            let restartValue = largestStep(restarted.values), restartVelocity = largestStep(restarted.velocities)
            let additiveValue = largestStep(additive.values), additiveVelocity = largestStep(additive.velocities)
            let carriedJump = largestVelocityJump(carried, period), restartJump = largestVelocityJump(restarted, period)
            let additiveJump = largestVelocityJump(additive, period, lag: 1)
            lines.append(
                "period \(period): carry-over Δvalue \(carriedValue) Δvelocity \(carriedVelocity) jump \(carriedJump); "
                + "restart Δvalue \(restartValue) Δvelocity \(restartVelocity) jump \(restartJump); "
                + "additive Δvalue \(additiveValue) Δvelocity \(additiveVelocity) jump \(additiveJump)")
            #expect(carriedVelocity < restartVelocity,
                    "period \(period): carry-over's largest velocity step \(carriedVelocity) vs restart's \(restartVelocity)")
            // Beyond the spring's own acceleration, the carry-over's velocity does not jump; the
            // restart's does (it drops to 0 at each change).
            #expect(carriedJump < restartJump / 10, "period \(period): velocity jump \(carriedJump) vs restart's \(restartJump)")
            #expect(carriedJump < 5, "period \(period): carry-over velocity jump \(carriedJump)")
            #expect(additiveJump < restartJump / 10, "period \(period): additive velocity jump \(additiveJump) vs restart's \(restartJump)")
            // Carry-over: no value step beyond what the velocity and acceleration explain, and
            // no velocity step beyond what the acceleration (k|x − target| + c|v|)/m over 1/60 s can.
            var worstExcess = 0.0
            for k in 2...240 {
                let target = target(k, period)
                let acceleration = [k - 1, k].map { 100 * abs(carried.values[$0] - target) + 10 * abs(carried.velocities[$0]) }.max()!
                let bound = max(abs(carried.velocities[k - 1]), abs(carried.velocities[k])) / 60 + acceleration / 3600 + 1e-6
                #expect(abs(carried.values[k] - carried.values[k - 1]) <= bound, "period \(period) tick \(k): value step")
                worstExcess = max(worstExcess, abs(carried.velocities[k] - carried.velocities[k - 1]) - (acceleration / 60 * 1.6 + 1))
            }
            #expect(worstExcess <= 0, "period \(period): a carry-over velocity step exceeds the acceleration bound by \(worstExcess)")
        }
        for line in lines { print("[spring carry-over] " + line) }
    }

    @Test("additive spring mode: each change runs delta → 0; value and velocity stay continuous",
          arguments: [3, 7, 13, 29])
    func additiveContinuity(period: Int) throws {
        let spring = Spring()
        let reference = ReferenceSpring(spring)
        let settling = reference.underdampedSettling
        let (engine, layer) = try startedLayer()
        var model = 0.0
        var changes: [(time: Double, delta: Double)] = []
        func change(at time: Double, to target: Double) throws {
            let valueBefore = try #require(try shown(engine, "zPosition", layer))
            let velocityBefore = try #require(try velocity(engine, "zPosition", layer))
            try springChange(engine, layer, to: .scalar(target), spring: spring, additive: true, via: .block)
            // An additive implicit animation begins at the tick that commits it (1/60 s later).
            changes.append((time + 1.0 / 60, model - target))
            model = target
            expectNear(try shown(engine, "zPosition", layer), valueBefore, 1e-9, "value at the change at \(time)")
            // The velocity is a 1e-4 s difference: each running spring's share may differ by
            // |delta|·|u″|·1e-4 (|u″| <= k + c·ω₀ = 200 for the default spring).
            let active = changes.filter { time + 1.0 / 60 - $0.time < settling }.map { abs($0.delta) }.reduce(0, +)
            expectNear(try velocity(engine, "zPosition", layer), velocityBefore, active * 200 * 1e-4 + 1e-6,
                       "velocity at the change at \(time)")
        }
        try change(at: base, to: 100)
        #expect(try engine.animationKeys(of: layer).allSatisfy { $0.hasPrefix("zPosition.additive.") })
        var target = 100.0
        for k in 1...240 {
            let t = base + Double(k) / 60
            try engine.tick(t)
            // model + Σ delta·u(t − tᵢ) over the springs still running.
            var expected = model
            for c in changes where t - c.time < settling - 1e-9 { expected += c.delta * reference.u(max(t - c.time, 0)).x }
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-8, "period \(period) t \(t)")
            if k % period == 0 && k <= 180 {
                target = target == 100 ? 0 : 100
                try change(at: t, to: target)
            }
        }
    }
}


