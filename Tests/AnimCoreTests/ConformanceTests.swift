@testable import AnimCore
import Foundation
import Testing

// MARK: - Loading

/// A JSON value as the vectors file holds it.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A number; the strings "Infinity" / "-Infinity" are infinities (the file's convention).
    var double: Double? {
        switch self {
        case .number(let value): value
        case .string("Infinity"): .infinity
        case .string("-Infinity"): -.infinity
        default: nil
        }
    }

    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    var isNull: Bool { self == .null }

    subscript(key: String) -> JSONValue {
        object?[key] ?? .null
    }
}

/// One case of the vectors file (schema in Tests/conformance/README.md).
struct ConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    var id: String
    var kind: String
    var quantity: String?
    var params: JSONValue
    var t: JSONValue
    var expected: JSONValue
    var tolerance: Double

    var testDescription: String { id }
}

/// Loads the vectors once for every suite.
enum Conformance {
    struct File: Decodable {
        var cases: [ConformanceCase]
    }

    /// The kinds checked here; the README's other kinds (keyframe, spring...) are counted only.
    static let checkedKinds = [
        "cubic_bezier", "cubic_bezier_slope", "cubic_bezier_range", "ca_named_timing_function",
        "steps", "timing", "time_conversion", "ca_default", "keyframe", "spring", "spring_velocity",
        "spring_params",
    ]

    /// ANIMCORE_VECTORS, else <package root>/Tests/conformance/vectors.json, where the package
    /// root is three levels up from this file (Tests/AnimCoreTests/<file>).
    static var path: String {
        if let override = ProcessInfo.processInfo.environment["ANIMCORE_VECTORS"], !override.isEmpty {
            return override
        }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Tests/AnimCoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the package root
        return root.appendingPathComponent("Tests/conformance/vectors.json").standardized.path
    }

    /// Every case, or a message saying why the file could not be read.
    static let loaded: Result<[ConformanceCase], LoadFailure> = {
        let path = Conformance.path
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(LoadFailure(
                message: "conformance vectors not found at \(path) (set ANIMCORE_VECTORS to the file)"))
        }
        do {
            return .success(try JSONDecoder().decode(File.self, from: data).cases)
        } catch {
            return .failure(LoadFailure(message: "conformance vectors at \(path) do not parse: \(error)"))
        }
    }()

    struct LoadFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The cases of `kind`. When the file is missing this is one placeholder case whose test
    /// fails with the load message, so a parameterized test never passes by running nothing.
    static func cases(_ kind: String) -> [ConformanceCase] {
        switch loaded {
        case .success(let cases):
            return cases.filter { $0.kind == kind }
        case .failure(let failure):
            return [ConformanceCase(
                id: "vectors-missing(\(kind))", kind: "missing", quantity: nil,
                params: .string(failure.message), t: .null, expected: .null, tolerance: 0)]
        }
    }
}

/// Records the load failure carried by a placeholder case; true when the case is real.
func isLoadedCase(_ testCase: ConformanceCase, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard testCase.kind == "missing" else { return true }
    Issue.record("\(testCase.params.string ?? "conformance vectors missing")", sourceLocation: sourceLocation)
    return false
}

/// Compares a number from the core with a case's expected number at the case's tolerance.
func expectConforms(
    _ actual: Double, _ testCase: ConformanceCase, expected: JSONValue? = nil, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let wanted = (expected ?? testCase.expected).double else {
        Issue.record("\(testCase.id): expected value is not a number", sourceLocation: sourceLocation)
        return
    }
    expectClose(
        actual, wanted, tolerance: testCase.tolerance, "\(testCase.id)\(what.isEmpty ? "" : " " + what)",
        sourceLocation: sourceLocation)
}

/// A cubic Bézier from a case's params {x1, y1, x2, y2}.
func bezier(from testCase: ConformanceCase) throws -> TimingFunction {
    let p = testCase.params
    let x1 = try #require(p["x1"].double), y1 = try #require(p["y1"].double)
    let x2 = try #require(p["x2"].double), y2 = try #require(p["y2"].double)
    return .cubicBezier(try UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2))
}

/// CAMediaTiming parameters from a case's params.ca (missing fields take the animation defaults).
func mediaTiming(from ca: JSONValue) throws -> MediaTiming {
    var timing = MediaTiming.animationDefault
    if let value = ca["beginTime"].double { timing.beginTime = value }
    if let value = ca["duration"].double { timing.duration = value }
    if let value = ca["speed"].double { timing.speed = value }
    if let value = ca["timeOffset"].double { timing.timeOffset = value }
    if let value = ca["repeatCount"].double { timing.repeatCount = value }
    if let value = ca["repeatDuration"].double { timing.repeatDuration = value }
    if let value = ca["autoreverses"].bool { timing.autoreverses = value }
    if let name = ca["fillMode"].string {
        timing.fillMode = try #require(FillMode(name: name), "unknown fillMode \(name)")
    }
    try timing.validate()
    return timing
}

// MARK: - Suite

/// The conformance vectors (Tests/conformance/vectors.json) run against the core:
/// every case of the kinds the timing core covers (cubic_bezier, cubic_bezier_slope,
/// cubic_bezier_range, ca_named_timing_function, steps, timing, time_conversion, ca_default), each
/// checked with the case's own absolute tolerance and named by its id. Keyframe and spring cases
/// belong to later parts of the engine and are only counted.
@Suite("Conformance vectors")
struct ConformanceTests {
    @Test("vectors load and every checked kind has cases")
    func summary() throws {
        let cases: [ConformanceCase]
        switch Conformance.loaded {
        case .success(let loaded): cases = loaded
        case .failure(let failure):
            Issue.record("\(failure.message)")
            return
        }
        var counts: [String: Int] = [:]
        for testCase in cases { counts[testCase.kind, default: 0] += 1 }
        for kind in Conformance.checkedKinds {
            let count = counts[kind] ?? 0
            #expect(count > 0, "conformance: no cases of kind \(kind)")
            print("conformance: \(kind) \(count) cases")
        }
        for (kind, count) in counts.sorted(by: { $0.key < $1.key })
        where !Conformance.checkedKinds.contains(kind) {
            print("conformance: \(kind) \(count) cases (not checked by the timing core)")
        }
        #expect(Set(cases.map(\.id)).count == cases.count, "case ids are unique")
    }

    @Test("cubic_bezier", arguments: Conformance.cases("cubic_bezier"))
    func cubicBezier(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let function = try bezier(from: testCase)
        let x = try #require(testCase.t.double)
        expectConforms(function.value(at: x), testCase)
    }

    @Test("cubic_bezier_slope", arguments: Conformance.cases("cubic_bezier_slope"))
    func cubicBezierSlope(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let function = try bezier(from: testCase)
        let x = try #require(testCase.t.double)
        expectConforms(function.slope(at: x), testCase)
    }

    @Test("cubic_bezier_range", arguments: Conformance.cases("cubic_bezier_range"))
    func cubicBezierRange(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let range = try bezier(from: testCase).outputRange
        expectConforms(range.lowerBound, testCase, expected: testCase.expected["min"], "min")
        expectConforms(range.upperBound, testCase, expected: testCase.expected["max"], "max")
    }

    @Test("ca_named_timing_function", arguments: Conformance.cases("ca_named_timing_function"))
    func namedTimingFunction(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let name = try #require(testCase.params["name"].string)
        let function = try TimingFunction(named: name)
        for (index, key) in [(1, "c1"), (2, "c2")] {
            let point = try #require(function.controlPoint(at: index), "\(name) has control point \(index)")
            let wanted = try #require(testCase.expected[key].array)
            #expect(wanted.count == 2)
            expectConforms(point.x, testCase, expected: wanted[0], "\(key).x")
            expectConforms(point.y, testCase, expected: wanted[1], "\(key).y")
        }
    }

    @Test("steps", arguments: Conformance.cases("steps"))
    func steps(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let count = try #require(testCase.params["steps"].double)
        let positionName = try #require(testCase.params["position"].string)
        let positions: [String: StepPosition] = [
            "start": .jumpStart, "jump-start": .jumpStart, "end": .jumpEnd, "jump-end": .jumpEnd,
            "jump-none": .jumpNone, "none": .jumpNone, "jump-both": .jumpBoth, "both": .jumpBoth,
        ]
        let position = try #require(positions[positionName], "unknown step position \(positionName)")
        let beforeFlag = testCase.params["before_flag"].bool ?? false
        let function = TimingFunction.steps(try StepsFunction(steps: Int(count), position: position))
        let x = try #require(testCase.t.double)
        expectConforms(function.value(at: x, beforeFlag: beforeFlag), testCase)
    }

    @Test("timing", arguments: Conformance.cases("timing"))
    func timing(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let timing = try mediaTiming(from: testCase.params["ca"])
        let parentTime = try #require(testCase.t.double)
        let state = try timing.evaluate(atParentTime: parentTime)
        let quantity = try #require(testCase.quantity, "\(testCase.id) has no quantity")

        if testCase.expected.isNull {
            // null: the animation has no effect (fill mode removed outside its interval).
            #expect(!state.isInEffect, "\(testCase.id): expected no effect")
            #expect(state.progress.isNaN, "\(testCase.id): progress is NaN when not in effect")
            return
        }
        switch quantity {
        case "progress":
            expectConforms(state.progress, testCase)
        case "iteration_time":
            expectConforms(state.iterationTime, testCase)
        case "current_iteration":
            expectConforms(state.currentIteration, testCase)
        case "phase":
            let names: [TimingPhase: String] = [.before: "before", .active: "active", .after: "after"]
            #expect(names[state.phase] == testCase.expected.string, "\(testCase.id)")
            #expect(timing.phase(atParentTime: parentTime) == state.phase, "\(testCase.id)")
        case "in_effect":
            #expect(state.isInEffect == testCase.expected.bool, "\(testCase.id)")
        case "active_duration":
            expectConforms(timing.activeDuration, testCase)
            expectConforms(state.activeDuration, testCase, "(state)")
        case "end_time":
            expectConforms(timing.endTime, testCase)
            expectConforms(state.endTime, testCase, "(state)")
        default:
            Issue.record("\(testCase.id): unknown timing quantity \(quantity)")
        }
    }

    @Test("time_conversion", arguments: Conformance.cases("time_conversion"))
    func timeConversion(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let layers = try #require(testCase.params["layers"].object)
        let names = layers.keys.sorted()
        var timings: [MediaTiming] = []
        var parents: [Int?] = []
        for name in names {
            let layer = layers[name]!
            var timing = try mediaTiming(from: layer)
            timing.duration = .infinity  // layers; conversion ignores it anyway
            timings.append(timing)
            if let parent = layer["parent"].string {
                let index: Int = try #require(names.firstIndex(of: parent), "unknown parent \(parent)")
                parents.append(index)
            } else {
                parents.append(nil)
            }
        }
        let tree = try TimeTree(timings: timings, parents: parents)
        func node(_ key: String) throws -> Int? {
            guard let name = testCase.params[key].string else { return nil }  // null = absolute time
            let index: Int = try #require(names.firstIndex(of: name), "unknown layer \(name)")
            return index
        }
        let time = try #require(testCase.t.double)
        let converted = try tree.convert(time, from: try node("from_layer"), to: try node("to_layer"))
        expectConforms(converted, testCase)
    }

    @Test("ca_default", arguments: Conformance.cases("ca_default"))
    func caDefault(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let object = try #require(testCase.params["object"].string)
        let property = try #require(testCase.params["property"].string)
        let springDefaults = Spring()
        let springProperties: [String: Double] = [
            "mass": springDefaults.mass, "stiffness": springDefaults.stiffness, "damping": springDefaults.damping,
            "initialVelocity": springDefaults.initialVelocity, "settlingDuration": springDefaults.settlingDuration,
        ]
        if object == "CASpringAnimation", let value = springProperties[property] {
            expectConforms(value, testCase)
            return
        }
        if object == "CASpringAnimation" && property == "allowsOverdamping" {
            #expect(springDefaults.allowsOverdamping == testCase.expected.bool, "\(testCase.id)")
            return
        }
        if property == "calculationMode" {
            #expect(object == "CAKeyframeAnimation", "\(testCase.id)")
            #expect(KeyframeParameters().calculationMode.name == testCase.expected.string, "\(testCase.id)")
            return
        }
        let timing: MediaTiming
        switch object {
        case "CALayer": timing = .layerDefault
        case "CAAnimation", "CABasicAnimation", "CAPropertyAnimation", "CAKeyframeAnimation",
            "CAAnimationGroup", "CASpringAnimation":
            timing = .animationDefault
        default:
            Issue.record("\(testCase.id): unknown object \(object)")
            return
        }
        switch property {
        case "beginTime": expectConforms(timing.beginTime, testCase)
        case "duration": expectConforms(timing.duration, testCase)
        case "speed": expectConforms(timing.speed, testCase)
        case "timeOffset": expectConforms(timing.timeOffset, testCase)
        case "repeatCount": expectConforms(timing.repeatCount, testCase)
        case "repeatDuration": expectConforms(timing.repeatDuration, testCase)
        case "autoreverses": #expect(timing.autoreverses == testCase.expected.bool, "\(testCase.id)")
        case "fillMode": #expect(timing.fillMode.name == testCase.expected.string, "\(testCase.id)")
        default: Issue.record("\(testCase.id): unknown property \(property)")
        }
    }
}

// MARK: - Keyframe animations through an engine

/// A timing function as the vectors spell it: {"type": "linear"} or {"type": "cubic_bezier",
/// "x1", "y1", "x2", "y2"}.
func timingFunction(from json: JSONValue) throws -> TimingFunction {
    switch json["type"].string {
    case "linear": return .linear
    case "cubic_bezier":
        let point = { (key: String) throws -> Double in try #require(json[key].double, "\(key)") }
        return .cubicBezier(try UnitBezier(x1: try point("x1"), y1: try point("y1"), x2: try point("x2"), y2: try point("y2")))
    default:
        throw AnimCoreError(.unknownName, "timing function \(json)")
    }
}

/// A number or a list of numbers as a value: scalar, or a point for two numbers.
func keyframeValue(_ json: JSONValue) throws -> Value {
    if let number = json.double { return .scalar(number) }
    let list = json.array ?? []
    let numbers = list.compactMap(\.double)
    try #require(numbers.count == 2, "keyframe values are numbers or [x, y]")
    return .point(x: numbers[0], y: numbers[1])
}

@Suite("Conformance: keyframe animations")
struct KeyframeConformanceTests {
    /// Each case as a CAKeyframeAnimation on a layer: scalar values on a custom property, point
    /// values on "position"; fill both, so times outside [0, duration] read the ends.
    @Test("keyframe", arguments: Conformance.cases("keyframe"))
    func keyframe(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let params = testCase.params
        let values = try #require(params["values"].array).map(keyframeValue)
        let engine = Engine()
        let probeClass = try engine.makeLayerClass(
            name: "Probe", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(probeClass)
        let keyPath = values.first?.kind == .point ? "position" : "value"
        var parameters = KeyframeParameters()
        parameters.values = values
        parameters.keyTimes = params["keyTimes"].array?.compactMap(\.double)
        if let mode = params["calculationMode"].string {
            parameters.calculationMode = try #require(CalculationMode(name: mode), "mode \(mode)")
        }
        parameters.timingFunctions = try params["timingFunctions"].array?.map(timingFunction)
        parameters.tensionValues = params["tensionValues"].array?.compactMap(\.double)
        parameters.continuityValues = params["continuityValues"].array?.compactMap(\.double)
        parameters.biasValues = params["biasValues"].array?.compactMap(\.double)
        var animation = Animation(keyPath: keyPath, kind: .keyframe(parameters))
        if !params["timingFunction"].isNull { animation.timingFunction = try timingFunction(from: params["timingFunction"]) }
        animation.timing.duration = try #require(params["duration"].double)
        animation.timing.fillMode = .both
        animation.isRemovedOnCompletion = false
        let begin = 10.0
        animation.timing.beginTime = begin
        try engine.tick(0)
        try engine.addAnimation(animation, forKey: "k", to: layer)
        let t = try #require(testCase.t.double)
        try engine.tick(begin + t)
        let shown = try #require(try engine.presentationValue(forKeyPath: keyPath, of: layer))
        switch shown {
        case .scalar(let value):
            expectConforms(value, testCase)
        case .point(let x, let y):
            let expected = try #require(testCase.expected.array)
            expectConforms(x, testCase, expected: expected[0], "x")
            expectConforms(y, testCase, expected: expected[1], "y")
        default:
            Issue.record("\(testCase.id): unexpected value \(shown)")
        }
    }
}

// MARK: - Springs through an engine

@Suite("Conformance: springs")
struct SpringConformanceTests {
    /// The case's spring. The vectors' overdamped cases are true overdamped motion (Flutter's
    /// and SwiftUI's), so overdamping is allowed.
    func spring(_ params: JSONValue) throws -> Spring {
        Spring(
            mass: try #require(params["mass"].double), stiffness: try #require(params["stiffness"].double),
            damping: try #require(params["damping"].double), initialVelocity: params["initialVelocity"].double ?? 0,
            allowsOverdamping: true)
    }

    /// The case as a CASpringAnimation on a custom scalar property from from_value to to_value,
    /// begun at 10 s and read at 10 + t: its presentation value, or its velocity.
    func run(_ testCase: ConformanceCase) throws -> (value: Double, velocity: Double) {
        let params = testCase.params
        let engine = Engine()
        let probeClass = try engine.makeLayerClass(name: "Probe", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(probeClass)
        var animation = Animation.spring(
            "value", from: .scalar(try #require(params["from_value"].double)), to: .scalar(try #require(params["to_value"].double)),
            spring: try spring(params))
        animation.timing.beginTime = 10
        animation.timing.duration = 1000
        animation.timing.fillMode = .both
        try engine.tick(0)
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10 + (try #require(testCase.t.double)))
        let value = try #require(scalar(try engine.presentationValue(forKeyPath: "value", of: layer)))
        let velocity = try #require(scalar(try engine.presentationVelocity(forKeyPath: "value", of: layer)))
        return (value, velocity)
    }

    func scalar(_ value: Value?) -> Double? { if case .scalar(let number)? = value { number } else { nil } }

    @Test("spring", arguments: Conformance.cases("spring"))
    func position(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        expectConforms(try run(testCase).value, testCase)
    }

    @Test("spring_velocity", arguments: Conformance.cases("spring_velocity"))
    func velocity(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        expectConforms(try run(testCase).velocity, testCase)
    }

    /// (mass, stiffness, damping) → (perceptual duration, bounce), the inverse of spring_params.
    @Test("spring_params_inverse", arguments: Conformance.cases("spring_params_inverse"))
    func inverseParameters(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let params = testCase.params
        let spring = Spring(
            mass: params["mass"].double ?? 1, stiffness: try #require(params["stiffness"].double),
            damping: try #require(params["damping"].double))
        let duration = testCase.expected["perceptual_duration"].isNull ? testCase.expected["duration"] : testCase.expected["perceptual_duration"]
        expectConforms(spring.perceptualDuration, testCase, expected: duration, "duration")
        expectConforms(spring.bounce, testCase, expected: testCase.expected["bounce"], "bounce")
    }

    @Test("spring_params", arguments: Conformance.cases("spring_params"))
    func parameters(_ testCase: ConformanceCase) throws {
        guard isLoadedCase(testCase) else { return }
        let params = testCase.params
        let spring = try Spring(
            duration: try #require(params["perceptual_duration"].double), bounce: try #require(params["bounce"].double))
        expectConforms(spring.stiffness * (params["mass"].double ?? 1), testCase, expected: testCase.expected["stiffness"], "stiffness")
        expectConforms(spring.damping * (params["mass"].double ?? 1), testCase, expected: testCase.expected["damping"], "damping")
    }
}

