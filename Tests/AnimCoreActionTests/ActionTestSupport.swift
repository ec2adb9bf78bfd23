// Helpers shared by the action and transaction suites: tolerant comparisons, an independent
// cubic-bezier evaluator (written from the curve's definition, not taken from the core), a tick
// driver on an exact binary time grid, thread-safe logs, and a few white-box probes.
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

// MARK: - Time grid

/// Ticks are 1/64 s apart, so every tick time, and every duration used by the suites (0.25, 0.5,
/// 1, 2), is exact in binary: progress values are exact fractions.
let frame = 1.0 / 64

// MARK: - Values

/// The Double of a `.scalar` value; nil for anything else.
func number(_ value: Value?) -> Double? {
    if case .scalar(let v)? = value { return v }
    return nil
}

/// The slots of a value, as an array.
func slotArray(_ value: Value) -> [Double] {
    var out = [Double](repeating: 0, count: value.kind.slotCount)
    out.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
    return out
}

/// The model value of a scalar key path.
func modelNumber(_ engine: Engine, _ keyPath: String, _ layer: LayerID) throws -> Double? {
    number(try engine.value(forKeyPath: keyPath, of: layer))
}

/// The presentation value of a scalar key path.
func shown(_ engine: Engine, _ keyPath: String, _ layer: LayerID) throws -> Double? {
    number(try engine.presentationValue(forKeyPath: keyPath, of: layer))
}

/// Expects two values of one kind whose slots agree to `tolerance`.
func expectValue(
    _ actual: Value?, _ expected: Value, _ tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let label = what()
    guard let actual, actual.kind == expected.kind else {
        Issue.record("\(label): got \(String(describing: actual)), expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    let worst = zip(slotArray(actual), slotArray(expected)).map { abs($0 - $1) }.max() ?? 0
    #expect(worst <= tolerance, "\(label.isEmpty ? "" : label + ": ")got \(actual), expected \(expected) ± \(tolerance)",
            sourceLocation: sourceLocation)
}

/// Interpolation of a whole value's slots: from + (to − from) × fraction, slot by slot.
func lerp(_ from: Value, _ to: Value, _ fraction: Double) -> [Double] {
    zip(slotArray(from), slotArray(to)).map { $0 + ($1 - $0) * fraction }
}

// MARK: - An independent cubic bezier

/// A timing curve through (0,0), (x1,y1), (x2,y2), (1,1), evaluated from the Bernstein form:
/// solve x(t) = input by bisection (x is monotonic for x1, x2 in [0, 1]), then return y(t).
/// Written here from the definition so the suites do not check the core against itself.
struct ReferenceCurve {
    var x1, y1, x2, y2: Double

    static let linear = ReferenceCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// Reference §7.1 control points.
    static let easeIn = ReferenceCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    static let easeOut = ReferenceCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    static let easeInEaseOut = ReferenceCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    static let caDefault = ReferenceCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    func callAsFunction(_ input: Double) -> Double {
        referenceBezierValue(x1: x1, y1: y1, x2: x2, y2: y2, at: input)
    }
}

// MARK: - Engines and classes

/// An engine with one committed layer of the built-in class (the first tick, at time 0, has run).
func committedLayer() throws -> (Engine, LayerID) {
    let engine = Engine()
    let layer = try engine.makeLayerHandle()
    try engine.tick(0)
    return (engine, layer)
}

/// Runs `body` inside an explicit transaction with the given settings changes.
func inTransaction(
    _ engine: Engine, _ settings: (inout TransactionSettings) -> Void = { _ in }, _ body: () throws -> Void
) throws {
    try engine.beginTransaction()
    do {
        try engine.modifyTransaction(settings)
        try body()
    } catch {
        try? engine.commitTransaction()
        throw error
    }
    try engine.commitTransaction()
}

/// Ticks from `start` (a multiple of `frame`) for `count` frames, returning each tick's time and
/// the value `read` returns after it.
func run<T>(_ engine: Engine, from start: Double, frames count: Int, _ read: () throws -> T) throws -> [(time: Double, value: T)] {
    var out: [(Double, T)] = []
    for index in 0..<count {
        let time = start + Double(index) * frame
        try engine.tick(time)
        out.append((time, try read()))
    }
    return out
}

/// The largest |difference| between consecutive samples.
func largestStep(_ samples: [Double]) -> Double {
    zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max() ?? 0
}

/// The largest |change of step| between consecutive steps (a velocity discontinuity measure).
func largestStepChange(_ samples: [Double]) -> Double {
    let steps = zip(samples.dropFirst(), samples).map { $0 - $1 }
    return zip(steps.dropFirst(), steps).map { abs($0 - $1) }.max() ?? 0
}

// MARK: - White-box probes

/// The number of transaction frames the calling thread has open on `engine` (implicit included).
func openFrames(_ engine: Engine) -> Int {
    engine.callingThreadTransactions()?.frames.count ?? 0
}

// MARK: - Logs

/// A flag any thread may set and read.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set(_ on: Bool) { value.store(on, ordering: .sequentiallyConsistent) }
}

/// One completion call: finished, the engine time it ran at, and whether a tick was in progress.
struct CompletionCall: Sendable, Equatable {
    var finished: Bool
    var time: Double
    var duringTick: Bool
}

/// Ticks `engine` with `flag` set for the duration of the call (to tell tick-time callbacks from
/// synchronous ones).
func tick(_ engine: Engine, _ time: Double, marking flag: Flag) throws {
    flag.set(true)
    defer { flag.set(false) }
    try engine.tick(time)
}

/// A completion that records its call into `log`.
func recordingCompletion(_ log: Log<CompletionCall>, _ ticking: Flag) -> TransactionCompletion {
    TransactionCompletion { engine, finished in
        log.add(CompletionCall(finished: finished, time: engine.currentTime, duringTick: ticking.isSet))
    }
}

// MARK: - Threads

/// Runs `body` on a new POSIX thread and returns a joiner.
final class PosixThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        let box = Unmanaged.passRetained(self)
        let result = pthread_create(&thread, nil, { raw in
            let me = Unmanaged<PosixThread>.fromOpaque(raw!).takeRetainedValue()
            me.body()
            return nil
        }, box.toOpaque())
        precondition(result == 0, "pthread_create failed: \(result)")
    }

    func join() { pthread_join(thread, nil) }
}

/// A one-shot signal between threads.
final class Signal: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    /// Waits up to `seconds`; true when raised.
    @discardableResult func wait(_ seconds: Double = 10) -> Bool {
        var waited = 0.0
        while !raised.load(ordering: .sequentiallyConsistent) {
            if waited > seconds { return false }
            usleep(200)
            waited += 0.0002
        }
        return true
    }
}
