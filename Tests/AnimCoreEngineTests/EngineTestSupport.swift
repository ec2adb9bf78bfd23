// Helpers shared by the engine suites: tolerant comparisons of values read back from an engine,
// independent constructions of the matrices the tests expect (written out from the textbook
// formulas, not taken from the core), a probe class, and thread-safe logs for callbacks.
import Synchronization
import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Comparisons

/// Expects |actual − expected| <= tolerance (NaN never passes).
func expectNear(
    _ actual: Double?, _ expected: Double, _ tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("\(what()): got nil, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    let label = what()
    #expect(
        abs(actual - expected) <= tolerance,
        "\(label.isEmpty ? "" : label + ": ")got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

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

/// Expects `body` to throw an `AnimCoreError` with `code`.
func expectError(
    _ code: AnimCoreError.Code, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("\(what): expected \(code), nothing thrown", sourceLocation: sourceLocation)
    } catch let error as AnimCoreError {
        #expect(error.code == code, "\(what): expected \(code), got \(error.code) (\(error.message))",
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what): expected AnimCoreError \(code), got \(error)", sourceLocation: sourceLocation)
    }
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
    return (engine, try engine.makeLayer(probeClass))
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

/// A list that any thread may append to.
final class Log<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func add(_ element: Element) { storage.withLock { $0.append(element) } }
    var all: [Element] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
    func clear() { storage.withLock { $0.removeAll() } }
}

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
