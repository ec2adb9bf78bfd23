// The timing matrix's workloads for the reference comparison (ReferenceMatrixTests): the shapes
// of benchmarks/bench_timing_matrix.c (a first cycle; repeating, together or staggered;
// autoreversing; sped up; offset; layers with their own timing; under a sped-up or a paused
// ancestor; ended and held by fill forwards), plus fill backwards before the begin and finite
// (fractional) repeats, for each kind (basic, scalar keyframes, a path with rotation, spring,
// decay, group). Each layer's parameters are drawn from a seeded SplitMix64; one description
// feeds both the engine and `Reference`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import AnimCore

/// The shape of an animation's timing, and of its layer's.
enum MatrixShape: String, CaseIterable, Sendable {
    case first, repeatTogether, stagger, autoreverse, speed, offset, layerTiming, ancestor, paused, filled, backwards
    /// Beyond bench_timing_matrix: a fractional repeat count or a repeat duration, ending
    /// during the ticks, mid-cycle, held there or not.
    case finiteRepeats
}

/// The kind of the one animation each layer carries.
enum MatrixKind: String, CaseIterable, Sendable {
    case basic, keyframes, path, spring, decay, group

    /// The keys read back, with their kinds: what the animation moves.
    var keys: [(name: String, kind: ValueKind)] {
        switch self {
        case .basic, .keyframes, .spring: [("level", .scalar)]
        case .path: [("position", .point), ("transform", .transform3D)]
        case .decay: [("position", .point)]
        case .group: [("position", .point), ("opacity", .scalar)]
        }
    }
}

/// One row of the matrix: a kind in a shape.
struct MatrixWorkload: Sendable, CustomTestStringConvertible {
    var kind: MatrixKind
    var shape: MatrixShape
    var testDescription: String { "\(kind.rawValue), \(shape.rawValue)" }
    /// The row's own seed of its random parameters.
    var seed: UInt64 {
        0x5EED_0030 &* 64 &+ UInt64(MatrixKind.allCases.firstIndex(of: kind)! * 16 + MatrixShape.allCases.firstIndex(of: shape)!)
    }

    /// bench_timing_matrix's rows: the basic kind in every shape, every other kind in its first
    /// cycle and repeating staggered; and for each kind fill backwards and finite repeats.
    static let rows: [MatrixWorkload] =
        MatrixShape.allCases.map { MatrixWorkload(kind: .basic, shape: $0) }
        + MatrixKind.allCases.dropFirst().flatMap { kind in
            [MatrixShape.first, .stagger, .backwards, .finiteRepeats].map { MatrixWorkload(kind: kind, shape: $0) }
        }
}

/// The host time of the first tick, which commits every animation: the engine's time then.
let matrixStartTime = 100.0

/// One layer of a matrix world: its time (under an ancestor or not, its own timing or not), its
/// model values and its animation.
struct MatrixLayer {
    var ancestor: Reference.LayerClock?
    var own: Reference.LayerClock?
    var level: Double
    var position: XY
    var transform: Transform3D
    var opacity: Double
    var animation: MatrixAnimation

    /// The layer's time at root time `root` (§2.10): through its ancestor's and its own map.
    func layerTime(atRootTime root: Double) -> Double {
        let parent = ancestor?.localTime(atParentTime: root) ?? root
        return own?.localTime(atParentTime: parent) ?? parent
    }
}

/// A basic animation of a group (the group's children): from/to as slots, its timing and curve.
struct MatrixChild {
    var from: [Double]
    var to: [Double]
    var timing: MediaTiming
    var function: TimingFunction?
}

/// One animation: shared timing, and what its kind adds.
struct MatrixAnimation {
    enum Parameters {
        case basic(from: Double, to: Double)
        case keyframes(values: [Double], keyTimes: [Double]?)
        case path(start: XY, elements: [Reference.PathCurve.Element], track: Reference.PathTrack, reverse: Bool)
        case spring(from: Double, to: Double, spring: Spring)
        case decay(from: XY, velocity: XY, rate: Double)
        case group(position: MatrixChild, opacity: MatrixChild)
    }

    var timing: MediaTiming
    var function: TimingFunction?
    var isRemovedOnCompletion = true
    var parameters: Parameters
}

// MARK: - Drawing the parameters

extension MatrixLayer {
    /// A layer of `kind` in `shape`, its parameters drawn from `random`.
    static func random(_ kind: MatrixKind, _ shape: MatrixShape, _ random: inout SplitMix64) -> MatrixLayer {
        // The model values of the keys the kind moves are drawn; the others keep the class's
        // defaults (fewer changes to make on 20 000 layers).
        var layer = MatrixLayer(
            level: 0, position: XY(0, 0), transform: .identity, opacity: 1,
            animation: MatrixAnimation(timing: MediaTiming(), parameters: .basic(from: 0, to: 0)))
        switch kind {
        case .basic, .keyframes, .spring: layer.level = random.range(-50, 50)
        case .path, .decay, .group:
            layer.position = XY(random.range(0, 500), random.range(0, 500))
            if kind == .path { layer.transform = Transform3D(scaleX: random.range(0.5, 2), y: random.range(0.5, 2), z: 1) }
            if kind == .group { layer.opacity = random.unit() }
        }
        switch shape {
        case .layerTiming:
            layer.own = Reference.LayerClock(beginTime: random.range(-3, 3), speed: random.range(0.5, 2), timeOffset: random.range(-1, 1))
        case .ancestor: layer.ancestor = Reference.LayerClock(beginTime: 0, speed: 2, timeOffset: 0.3)
        case .paused: layer.ancestor = Reference.LayerClock(beginTime: 0, speed: 0, timeOffset: 37.3)
        default: break
        }
        let timing = Self.timing(shape, startingAt: layer.layerTime(atRootTime: matrixStartTime), &random)
        layer.animation = MatrixAnimation.random(kind, timing, &random)
        layer.animation.isRemovedOnCompletion = !(shape == .filled || shape == .backwards || shape == .finiteRepeats)
        return layer
    }

    /// A timing of `shape` for a layer whose time is `start` at the first tick: a first cycle of
    /// 11–14 s begun up to 2 s before; cycles of 0.6–1.4 s repeating for ever, begun 5–7 s
    /// before (all 5 s before when together), autoreversing, at speed ±1.5–3 or offset 0–1.5 s
    /// in their shapes; one cycle ended 4–6 s before and held; one cycle begun 0.3–2.8 s after
    /// the first tick, filling backwards (or both), a third of them offset; 1.5–4.5 cycles or
    /// 1.5–4 s of them begun up to 2 s before, a fifth at speed −1.5, half autoreversing, in any
    /// fill mode.
    static func timing(_ shape: MatrixShape, startingAt start: Double, _ random: inout SplitMix64) -> MediaTiming {
        var timing = MediaTiming(duration: random.range(0.6, 1.4), repeatCount: .infinity)
        timing.beginTime = start - 5 - 2 * random.unit()
        switch shape {
        case .first:
            timing = MediaTiming(beginTime: start - 2 * random.unit(), duration: random.range(11, 14))
        case .repeatTogether: timing.beginTime = start - 5
        case .autoreverse: timing.autoreverses = true
        case .speed: timing.speed = (random.chance(0.25) ? -1 : 1) * random.range(1.5, 3)
        case .offset: timing.timeOffset = random.range(0, 1.5)
        case .filled:
            timing.repeatCount = 0
            timing.beginTime = start - 4 - 2 * random.unit()
            timing.fillMode = .forwards
        case .backwards:
            timing.repeatCount = 0
            timing.beginTime = start + 0.3 + 2.5 * random.unit()
            timing.fillMode = random.chance(0.5) ? .backwards : .both
            if random.chance(0.33) { timing.timeOffset = random.range(0, timing.duration) }
        case .finiteRepeats:
            timing.beginTime = start - 2 * random.unit()
            if random.chance(0.5) {
                timing.repeatCount = random.range(1.5, 4.5)
            } else {
                timing.repeatCount = 0
                timing.repeatDuration = random.range(1.5, 4)
            }
            timing.autoreverses = random.chance(0.5)
            if random.chance(0.2) { timing.speed = -1.5 }
            timing.fillMode = random.pick([FillMode.removed, .forwards, .backwards, .both])
        case .stagger, .layerTiming, .ancestor, .paused: break
        }
        // A begin time of 0 would mean "at the commit" (§2.9): never drawn in practice.
        if timing.beginTime == 0 { timing.beginTime = 1e-3 }
        return timing
    }
}

extension MatrixAnimation {
    /// A timing function drawn from the named ones, a random bezier (y beyond [0, 1] too) or none.
    static func randomFunction(_ random: inout SplitMix64) -> TimingFunction? {
        let named: [TimingFunction?] = [nil, .linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        if random.chance(0.3) {
            let x1 = random.unit(), y1 = random.range(-0.5, 1.5), x2 = random.unit(), y2 = random.range(-0.5, 1.5)
            return .cubicBezier(try! UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2))
        }
        return random.pick(named)
    }

    /// An animation of `kind` with `timing`, its parameters drawn from `random`.
    static func random(_ kind: MatrixKind, _ timing: MediaTiming, _ random: inout SplitMix64) -> MatrixAnimation {
        let function = randomFunction(&random)
        let parameters: Parameters
        switch kind {
        case .basic:
            parameters = .basic(from: random.range(0, 100), to: random.range(0, 100))
        case .keyframes:
            let count = 3 + random.below(4)
            let values = (0..<count).map { _ in random.range(-100, 100) }
            var keyTimes: [Double]? = nil
            if random.chance(0.5) {
                let inner = (1..<(count - 1)).map { _ in random.unit() }.sorted()
                keyTimes = [0] + inner + [1]
            }
            parameters = .keyframes(values: values, keyTimes: keyTimes)
        case .path:
            parameters = randomPath(&random)
        case .spring:
            let spring = Spring(
                mass: random.range(0.5, 2), stiffness: random.range(80, 250), damping: random.range(3, 12),
                initialVelocity: random.range(-3, 3))
            parameters = .spring(from: random.range(0, 100), to: random.range(0, 100), spring: spring)
        case .decay:
            let speed = random.range(200, 3000), direction = random.range(0, 2 * Double.pi)
            parameters = .decay(
                from: XY(random.range(0, 1000), random.range(0, 1000)),
                velocity: XY(speed * cos(direction), speed * sin(direction)), rate: random.range(0.99, 0.999))
        case .group:
            parameters = randomGroup(duration: timing.duration, &random)
        }
        return MatrixAnimation(timing: timing, function: function, parameters: parameters)
    }

    /// A path of 1–3 segments (lines, quad and cubic curves) in a 1000 × 1000 square, paced or
    /// not, with rotation auto or autoReverse.
    static func randomPath(_ random: inout SplitMix64) -> Parameters {
        func point() -> XY { XY(random.range(0, 1000), random.range(0, 1000)) }
        let start = point()
        var elements: [Reference.PathCurve.Element] = []
        for _ in 0..<(1 + random.below(3)) {
            switch random.below(3) {
            case 0: elements.append(.line(point()))
            case 1: elements.append(.quad(point(), point()))
            default: elements.append(.curve(point(), point(), point()))
            }
        }
        let track = Reference.PathTrack(Reference.PathCurve(start: start, elements), paced: random.chance(0.7))
        return .path(start: start, elements: elements, track: track, reverse: random.chance(0.3))
    }

    /// A group of a position child and an opacity child in the group's time: the position over
    /// the whole group (duration 0) or over a part of it with a fill; the opacity over a part,
    /// filling both ways.
    static func randomGroup(duration: Double, _ random: inout SplitMix64) -> Parameters {
        var position = MatrixChild(
            from: [random.range(0, 1000), random.range(0, 1000)], to: [random.range(0, 1000), random.range(0, 1000)],
            timing: MediaTiming(), function: randomFunction(&random))
        if random.chance(0.5) {
            position.timing = MediaTiming(
                beginTime: duration * random.range(0, 0.3), duration: duration * random.range(0.2, 0.6),
                fillMode: random.pick([FillMode.removed, .backwards, .forwards, .both]))
        }
        let opacity = MatrixChild(
            from: [random.unit()], to: [random.unit()],
            timing: MediaTiming(beginTime: duration * random.range(0, 0.3), duration: duration * random.range(0.2, 0.6), fillMode: .both),
            function: randomFunction(&random))
        return .group(position: position, opacity: opacity)
    }
}

// MARK: - The engine's description

extension MatrixAnimation {
    /// The description the engine is given: the same parameters.
    var description: Animation {
        var animation: Animation
        switch parameters {
        case .basic(let from, let to):
            animation = .basic("level", from: .scalar(from), to: .scalar(to))
        case .keyframes(let values, let keyTimes):
            animation = .keyframe("level", values: values.map(Value.scalar), keyTimes: keyTimes, calculationMode: .linear)
        case .path(let start, let elements, let track, let reverse):
            var path = Path()
            path.move(x: start.x, y: start.y)
            for element in elements {
                switch element {
                case .line(let end): path.addLine(x: end.x, y: end.y)
                case .quad(let c, let end): path.addQuadCurve(cx: c.x, cy: c.y, x: end.x, y: end.y)
                case .curve(let c1, let c2, let end): path.addCurve(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: end.x, y: end.y)
                }
            }
            animation = .keyframe("position", path: path, calculationMode: track.isPaced ? .paced : .linear)
            animation.keyframe?.rotationMode = reverse ? .autoReverse : .auto
        case .spring(let from, let to, let spring):
            animation = .spring("level", from: .scalar(from), to: .scalar(to), spring: spring)
        case .decay(let from, let velocity, let rate):
            animation = .decay("position", from: from.value, velocity: velocity.value, decelerationRate: rate)
            // The timing under test, with the model left alone after the end (as the reference
            // reads it); the model write at the end is FinalValueTests' subject.
            animation.keepsFinalValue = false
        case .group(let position, let opacity):
            func child(_ key: String, _ c: MatrixChild, _ value: ([Double]) -> Value) -> Animation {
                var animation = Animation.basic(key, from: value(c.from), to: value(c.to))
                animation.timing = c.timing
                animation.timingFunction = c.function
                return animation
            }
            animation = .group([
                child("position", position) { .point(x: $0[0], y: $0[1]) }, child("opacity", opacity) { .scalar($0[0]) },
            ])
        }
        animation.timing = timing
        animation.timingFunction = function
        animation.isRemovedOnCompletion = isRemovedOnCompletion
        return animation
    }
}
