// Helpers shared by the engine suites: tolerant comparisons of values read back from an engine,
// independent constructions of the matrices the tests expect (written out from the textbook
// formulas, not taken from the core), a probe class and callback records (the expectations,
// the random source and the log come from AnimCoreTestSupport).
import Synchronization
// The expectations, the seeded random source and the thread-safe log every test target shares,
// visible in every file of this target.
@_exported import AnimCoreTestSupport
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Comparisons

/// Expects two values of the same kind whose floating-point slots agree to `tolerance`
/// (bit-pattern kinds must be equal).
func expectValue(
    _ actual: Value?, _ expected: Value, _ tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let label = what()
    guard let actual else {
        Issue.record("\(label): got nil, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    guard actual.kind == expected.kind else {
        Issue.record("\(label): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    if expected.kind.storesBitPatterns {
        #expect(actual == expected, "\(label)", sourceLocation: sourceLocation)
        return
    }
    let a = slots(actual)
    let e = slots(expected)
    let worst = zip(a, e).map { abs($0 - $1) }.max() ?? 0
    #expect(
        worst <= tolerance,
        "\(label.isEmpty ? "" : label + ": ")got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

/// The slots of a value, as an array.
func slots(_ value: Value) -> [Double] {
    var out = [Double](repeating: 0, count: value.kind.slotCount)
    out.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
    return out
}

/// The Double of a `.scalar` value; nil for any other value.
func scalar(_ value: Value?) -> Double? {
    if case .scalar(let v)? = value { return v }
    return nil
}

/// The matrix of a `.transform3D` value; nil for any other value.
func matrix(_ value: Value?) -> Transform3D? {
    if case .transform3D(let t)? = value { return t }
    return nil
}

/// Angle difference folded into (−π, π].
func angleDistance(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
    if d > .pi { d -= 2 * .pi }
    if d <= -.pi { d += 2 * .pi }
    return abs(d)
}

// MARK: - Matrices written out independently

/// CATransform3DMakeRotation(θ, 0, 0, 1) in CA's row-vector layout: m11 = cos, m12 = sin,
/// m21 = −sin, m22 = cos.
func rotationZ(_ angle: Double) -> Transform3D {
    Transform3D(
        m11: cos(angle), m12: sin(angle), m13: 0, m14: 0,
        m21: -sin(angle), m22: cos(angle), m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// CATransform3DMakeRotation(θ, 0, 1, 0): m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
func rotationY(_ angle: Double) -> Transform3D {
    Transform3D(
        m11: cos(angle), m12: 0, m13: -sin(angle), m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: sin(angle), m32: 0, m33: cos(angle), m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// CATransform3DMakeScale(x, y, z).
func scaleMatrix(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(
        m11: x, m12: 0, m13: 0, m14: 0, m21: 0, m22: y, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: z, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
}

/// CATransform3DMakeTranslation(x, y, z).
func translationMatrix(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: x, m42: y, m43: z, m44: 1)
}

let identityMatrix = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// Expects two matrices equal element by element to `tolerance`.
func expectMatrix(
    _ actual: Transform3D?, _ expected: Transform3D, _ tolerance: Double = 1e-9,
    _ what: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectValue(actual.map { .transform3D($0) }, .transform3D(expected), tolerance, what(),
                sourceLocation: sourceLocation)
}

// MARK: - A probe class

/// An engine with a class "Probe" declaring one scalar property "value" (default 0, animatable,
/// no display), and one layer of it.
func probe() throws -> (Engine, LayerID) {
    let engine = Engine()
    let probeClass = try engine.makeLayerClass(
        name: "Probe", properties: [PropertyDescriptor("value", default: .scalar(0))])
    return (engine, try engine.makeLayerHandle(probeClass))
}

/// A basic animation of `keyPath` with duration 1 (or `duration`) and the given endpoints.
func basic(
    _ keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, duration: Double = 1
) -> Animation {
    var animation = Animation.basic(keyPath)
    animation.basic?.fromValue = from
    animation.basic?.toValue = to
    animation.basic?.byValue = by
    animation.timing.duration = duration
    return animation
}

/// A basic scalar animation from/to/by Doubles.
func basic(
    _ keyPath: String, from: Double? = nil, to: Double? = nil, by: Double? = nil, duration: Double = 1
) -> Animation {
    basic(keyPath, from: from.map(Value.scalar), to: to.map(Value.scalar), by: by.map(Value.scalar),
          duration: duration)
}

/// The presentation value of a scalar key path.
func presented(_ engine: Engine, _ keyPath: String, _ layer: LayerID) throws -> Double? {
    scalar(try engine.presentationValue(forKeyPath: keyPath, of: layer))
}

/// The model value of a scalar key path.
func model(_ engine: Engine, _ keyPath: String, _ layer: LayerID) throws -> Double? {
    scalar(try engine.value(forKeyPath: keyPath, of: layer))
}

// MARK: - Logs

/// One animation callback as a test saw it.
struct CallbackRecord: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case start
        case stop(finished: Bool)
    }

    var kind: Kind
    var key: String?
    var layer: LayerID
    /// The tick (of the test's counter) during which it arrived.
    var tick: Int
}

/// A tick counter that callbacks read to say when they arrived.
final class TickCounter: Sendable {
    private let value = Atomic<Int>(0)
    var current: Int { value.load(ordering: .relaxed) }
    func advance() { value.add(1, ordering: .relaxed) }
}

/// An animation delegate that records every callback into `log` with the event's key and layer
/// and the tick counter's current value.
func recordingDelegate(_ log: Log<CallbackRecord>, _ ticks: TickCounter) -> AnimationDelegate {
    AnimationDelegate(
        didStart: { event in log.add(CallbackRecord(kind: .start, key: event.key, layer: event.layer, tick: ticks.current)) },
        didStop: { event, finished in
            log.add(CallbackRecord(kind: .stop(finished: finished), key: event.key, layer: event.layer, tick: ticks.current))
        })
}

// MARK: - Transaction settings

extension TransactionSettings {
    /// Settings with every field set, none to its default (a value key "k" = 1).
    static var everyFieldSet: TransactionSettings {
        var settings = TransactionSettings()
        settings.animationDuration = 3
        settings.timingFunction = .easeIn
        settings.disableActions = true
        settings.delay = 1
        settings.repeatCount = 2
        settings.autoreverses = true
        settings.additiveImplicitAnimations = true
        settings.beginsFromCurrentState = false
        settings.spring = Spring(damping: 3)
        settings.values = ["k": .scalar(1)]
        return settings
    }
}

// MARK: - Model changes without implicit animation

/// Runs `body` inside a transaction with actions disabled ([CATransaction setDisableActions:YES]),
/// so model changes on a committed layer take effect without implicit animations. For tests
/// about something else than actions.
func quietly(_ engine: Engine, _ body: () throws -> Void) throws {
    try engine.beginTransaction()
    try engine.modifyTransaction { $0.disableActions = true }
    defer { try? engine.commitTransaction() }
    try body()
}

// MARK: - Keyframe, path and group helpers (written out independently of the core)

/// A timing function's output at `x`, from its control points through `referenceBezierValue`.
func eased(_ function: TimingFunction, _ x: Double) -> Double {
    guard let c1 = function.controlPoint(at: 1), let c2 = function.controlPoint(at: 2) else { return .nan }
    return referenceBezierValue(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, at: x)
}

/// A 2D point for the tests' own geometry.
struct XY: Equatable, CustomStringConvertible {
    var x: Double
    var y: Double
    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    static func + (a: XY, b: XY) -> XY { XY(a.x + b.x, a.y + b.y) }
    static func - (a: XY, b: XY) -> XY { XY(a.x - b.x, a.y - b.y) }
    static func * (k: Double, a: XY) -> XY { XY(k * a.x, k * a.y) }
    var length: Double { (x * x + y * y).squareRoot() }
    /// The direction (radians from +x towards +y).
    var angle: Double { atan2(y, x) }
    var value: Value { .point(x: x, y: y) }
    var description: String { "(\(x), \(y))" }
}

func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double { a + (b - a) * s }
func lerp(_ a: XY, _ b: XY, _ s: Double) -> XY { XY(lerp(a.x, b.x, s), lerp(a.y, b.y, s)) }

/// The point of a `.point` value; nil for any other value.
func xy(_ value: Value?) -> XY? {
    if case .point(let x, let y)? = value { return XY(x, y) }
    return nil
}

/// The cubic bezier P0 C1 C2 P1 at u (Bernstein form).
func cubicBezier(_ p0: XY, _ c1: XY, _ c2: XY, _ p1: XY, _ u: Double) -> XY {
    let v = 1 - u
    return (v * v * v) * p0 + (3 * v * v * u) * c1 + (3 * v * u * u) * c2 + (u * u * u) * p1
}

/// dB/du of the cubic bezier P0 C1 C2 P1.
func cubicBezierTangent(_ p0: XY, _ c1: XY, _ c2: XY, _ p1: XY, _ u: Double) -> XY {
    let v = 1 - u
    return (3 * v * v) * (c1 - p0) + (6 * v * u) * (c2 - c1) + (3 * u * u) * (p1 - c2)
}

/// The quadratic bezier P0 C P1 at u.
func quadBezier(_ p0: XY, _ c: XY, _ p1: XY, _ u: Double) -> XY {
    let v = 1 - u
    return (v * v) * p0 + (2 * v * u) * c + (u * u) * p1
}

/// dB/du of the quadratic bezier P0 C P1.
func quadBezierTangent(_ p0: XY, _ c: XY, _ p1: XY, _ u: Double) -> XY {
    (2 * (1 - u)) * (c - p0) + (2 * u) * (p1 - c)
}

/// The arc length of `curve` over u in [a, b] by composite Simpson on |curve′| (`steps` even).
func arcLength(_ tangent: (Double) -> XY, from a: Double = 0, to b: Double = 1, steps: Int = 2000) -> Double {
    let h = (b - a) / Double(steps)
    var sum = tangent(a).length + tangent(b).length
    for k in 1..<steps { sum += (k % 2 == 1 ? 4 : 2) * tangent(a + Double(k) * h).length }
    return sum * h / 3
}

/// The parameter u in [0, 1] at which `curve` has covered `target` of arc length (bisection on
/// `arcLength`).
func parameter(atArcLength target: Double, _ tangent: (Double) -> XY, steps: Int = 400) -> Double {
    var low = 0.0, high = 1.0
    for _ in 0..<60 {
        let middle = (low + high) / 2
        if arcLength(tangent, from: 0, to: middle, steps: steps) < target { low = middle } else { high = middle }
    }
    return (low + high) / 2
}

/// Expects a `.point` value within `tolerance` of `expected` in each coordinate.
func expectPoint(
    _ actual: Value?, _ expected: XY, _ tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectValue(actual, expected.value, tolerance, what(), sourceLocation: sourceLocation)
}

/// CATransform3DConcat(a, b): a then b, in Core Animation's row-vector layout (a · b).
func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
    let x = [[a.m11, a.m12, a.m13, a.m14], [a.m21, a.m22, a.m23, a.m24],
             [a.m31, a.m32, a.m33, a.m34], [a.m41, a.m42, a.m43, a.m44]]
    let y = [[b.m11, b.m12, b.m13, b.m14], [b.m21, b.m22, b.m23, b.m24],
             [b.m31, b.m32, b.m33, b.m34], [b.m41, b.m42, b.m43, b.m44]]
    var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i][j] += x[i][k] * y[k][j] } } }
    return Transform3D(
        m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
        m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
        m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
        m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
}

/// The segment of `keyTimes` holding progress `p`: the last i < count − 1 with keyTimes[i] <= p,
/// and the fraction s through it.
func segmentAndFraction(_ keyTimes: [Double], _ p: Double) -> (index: Int, s: Double) {
    var index = 0
    for i in 0..<(keyTimes.count - 1) where keyTimes[i] <= p { index = i }
    let span = keyTimes[index + 1] - keyTimes[index]
    return (index, span > 0 ? (p - keyTimes[index]) / span : 1)
}

// MARK: - The steady lane against the general walk

/// One scenario on two engines, the steady lane off and then on (`setSteadyLaneEnabled`): what
/// the tests hold the lane to — the general walk's presentations to the bit, and its callbacks.
/// The presentation values of the timing matrix are held to the model instead, on either path
/// (ReferenceMatrixTests); this comparison stays for what the reference does not model
/// (callbacks, run states, lane membership, model changes in flight, additive and component
/// animations, steps, cumulative repeats, bounded decays, implicit springs).
enum LaneComparison {
    struct Outcome {
        /// Per engine (lane off, lane on), per tick: what was read, as bit patterns.
        var bits: [[[UInt64]]] = []
        /// Per engine: what the scenario logged, with "tick n" after tick n.
        var logs: [[String]] = []
        /// The most entries the lane held.
        var steady = 0
    }

    /// The times of `count` ticks at 60 Hz from 1/60 s on.
    static func frames(_ count: Int) -> [Double] { (1...count).map { Double($0) / 60 } }

    /// Runs the scenario on each engine: `count` layers of the base class; `prepare` before
    /// the first tick (at 0, so changes run no action), `build` after it; then a tick at each
    /// of `times`, `step` acting before tick n (n from 1). After each tick it reads `keys` of
    /// every layer (16 slots each; with `velocity`, the velocity from slot 8); a layer a step
    /// destroyed reads as one all-ones pattern per key, so that both engines must agree on it.
    static func run(
        layers count: Int = 1, times: [Double], keys: [String], velocity: Bool = false, threads: Int = 1,
        prepare: (Engine, [LayerID]) throws -> Void = { _, _ in },
        _ build: (Engine, [LayerID], Log<String>) throws -> Void,
        step: (Engine, [LayerID], Log<String>, Int) throws -> Void = { _, _, _, _ in }
    ) throws -> Outcome {
        var outcome = Outcome()
        for lane in [false, true] {
            let engine = Engine()
            engine.setSteadyLaneEnabled(lane)
            try engine.setTickThreadCount(threads)
            let layers = try (0..<count).map { _ in try engine.makeLayerHandle() }
            try prepare(engine, layers)
            try engine.tick(0)
            let log = Log<String>()
            try build(engine, layers, log)
            var ticks: [[UInt64]] = []
            for (index, time) in times.enumerated() {
                try step(engine, layers, log, index + 1)
                try engine.tick(time)
                log.add("tick \(index + 1)")
                if lane { outcome.steady = max(outcome.steady, engine.steadyAnimationCount) }
                var bits: [UInt64] = []
                for layer in layers {
                    for key in keys {
                        guard engine.isValid(layer) else {
                            bits.append(.max)
                            continue
                        }
                        var slots = [Double](repeating: 0, count: 16)
                        let value = try #require(try engine.presentationValue(forKeyPath: key, of: layer))
                        slots.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
                        if velocity {
                            let speed = try engine.presentationVelocity(forKeyPath: key, of: layer)
                            slots.withUnsafeMutableBufferPointer { speed.write(into: $0.baseAddress! + 8) }
                        }
                        bits += slots.map(\.bitPattern)
                    }
                }
                ticks.append(bits)
            }
            outcome.bits.append(ticks)
            outcome.logs.append(log.all)
        }
        return outcome
    }
}

// MARK: - Outcomes

/// A call's answer as text: "ok", or the error's code and message.
func callOutcome(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "ok"
    } catch let error as AnimCoreError {
        return "\(error.code): \(error.message)"
    } catch {
        return "other: \(error)"
    }
}

/// Bit-for-bit equality of two Doubles (NaN equal to NaN).
func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

// MARK: - Threads

/// A thread of its own that runs the jobs it is given one at a time, so that a test can act as
/// several threads in a fixed order: each job runs on the same pthread, so it keeps its thread
/// identity and its transactions between jobs. The job list is guarded by a pthread mutex, not
/// Synchronization.Mutex, whose futexes ThreadSanitizer does not see (it reported the accesses
/// the mutex guards as races).
final class JobThread: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guarded by `lock`.
    private var jobs: [@Sendable () -> Void] = []
    private let finished = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// Jobs given so far (the submitting thread's alone).
    private var submitted = 0
    /// The pthread (`spawnThread`), set once the init has run.
    private var thread: pthread_t?

    /// A job's result, written by the job thread before it counts the job finished (a release)
    /// and read by the submitter after it sees the count (an acquire).
    private final class Outcome<R>: @unchecked Sendable {
        var result: Result<R, any Error>?
    }

    init() {
        pthread_mutex_init(lock, nil)
        thread = spawnThread { [self] in loop() }
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }

    private func loop() {
        while true {
            if let job = nextJob() {
                job()
                finished.add(1, ordering: .releasing)
            } else if stopping.load(ordering: .acquiring) {
                return
            } else {
                usleep(20)
            }
        }
    }

    /// Runs `job` on the thread and waits for its result.
    func run<R: Sendable>(_ job: @escaping @Sendable () throws -> R) throws -> R {
        let outcome = Outcome<R>()
        submitted += 1
        pthread_mutex_lock(lock)
        jobs.append { outcome.result = Result { try job() } }
        pthread_mutex_unlock(lock)
        while finished.load(ordering: .acquiring) < submitted { usleep(20) }
        return try outcome.result!.get()
    }

    /// Ends the thread (after the jobs given).
    func stop() {
        stopping.store(true, ordering: .releasing)
        if let thread { joinThreads([thread]) }
    }
}
