/// Helpers shared by the value suites: slot buffers without force unwraps, tolerant
/// comparisons of numbers and transforms, and a seeded random generator with random parts.
@testable import AnimCore
// The expectations, the seeded random source and the thread-safe log every test target shares,
// visible in every file of this target.
@_exported import AnimCoreTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Slot buffers

/// Copies `inputs` into fresh buffers, gives their pointers and a result buffer of
/// `resultCount` slots (filled with NaN) to `body`, and returns the result slots.
func withSlots(
    _ inputs: [[Double]], resultCount: Int,
    _ body: ([UnsafePointer<Double>], UnsafeMutablePointer<Double>) -> Void
) -> [Double] {
    let buffers = inputs.map { input -> UnsafeMutablePointer<Double> in
        let pointer = UnsafeMutablePointer<Double>.allocate(capacity: max(input.count, 1))
        pointer.initialize(from: input, count: input.count)
        return pointer
    }
    let result = UnsafeMutablePointer<Double>.allocate(capacity: max(resultCount, 1))
    result.initialize(repeating: .nan, count: resultCount)
    defer {
        buffers.forEach { $0.deallocate() }
        result.deallocate()
    }
    body(buffers.map { UnsafePointer($0) }, result)
    return Array(UnsafeBufferPointer(start: result, count: resultCount))
}

/// Runs `body` on a mutable copy of `value` and returns the copy.
func mutating(_ value: [Double], _ body: (UnsafeMutablePointer<Double>) -> Void) -> [Double] {
    let pointer = UnsafeMutablePointer<Double>.allocate(capacity: max(value.count, 1))
    pointer.initialize(from: value, count: value.count)
    defer { pointer.deallocate() }
    body(pointer)
    return Array(UnsafeBufferPointer(start: pointer, count: value.count))
}

func interpolate(_ kind: ValueKind, _ from: [Double], _ to: [Double], _ fraction: Double)
    -> [Double]
{
    withSlots([from, to], resultCount: kind.slotCount) { inputs, result in
        ValueMath.interpolate(kind, from: inputs[0], to: inputs[1], fraction: fraction, into: result)
    }
}

func add(_ kind: ValueKind, _ a: [Double], _ b: [Double]) -> [Double] {
    withSlots([a, b], resultCount: kind.slotCount) { inputs, result in
        ValueMath.add(kind, inputs[0], inputs[1], into: result)
    }
}

func subtract(_ kind: ValueKind, _ a: [Double], _ b: [Double]) -> [Double] {
    withSlots([a, b], resultCount: kind.slotCount) { inputs, result in
        ValueMath.subtract(kind, inputs[0], inputs[1], into: result)
    }
}

func additiveDelta(_ kind: ValueKind, from base: [Double], to value: [Double]) -> [Double] {
    withSlots([base, value], resultCount: kind.slotCount) { inputs, result in
        ValueMath.additiveDelta(kind, from: inputs[0], to: inputs[1], into: result)
    }
}

func addScaled(_ kind: ValueKind, base: [Double], increment: [Double], count: Double)
    -> [Double]
{
    withSlots([base, increment], resultCount: kind.slotCount) { inputs, result in
        ValueMath.addScaled(
            kind, base: inputs[0], increment: inputs[1], count: count, into: result)
    }
}

func equal(_ kind: ValueKind, _ a: [Double], _ b: [Double]) -> Bool {
    var answer = false
    _ = withSlots([a, b], resultCount: 0) { inputs, _ in
        answer = ValueMath.equal(kind, inputs[0], inputs[1])
    }
    return answer
}

func read(_ component: KeyPathComponent, of value: [Double]) -> [Double] {
    withSlots([value], resultCount: component.kind.slotCount) { inputs, result in
        component.read(from: inputs[0], into: result)
    }
}

func write(_ component: KeyPathComponent, _ part: [Double], into value: [Double]) -> [Double] {
    var written = value
    _ = withSlots([part], resultCount: 0) { inputs, _ in
        written = mutating(value) { component.write(inputs[0], into: $0) }
    }
    return written
}

// MARK: - Transforms as slots

func slots(_ transform: Transform3D) -> [Double] {
    mutating(Array(repeating: 0, count: 16)) { transform.store(into: $0) }
}

func slots(_ transform: AffineTransform) -> [Double] {
    mutating(Array(repeating: 0, count: 6)) { transform.store(into: $0) }
}

func transform3D(_ slots: [Double]) -> Transform3D {
    var result = Transform3D.identity
    _ = withSlots([slots], resultCount: 0) { inputs, _ in result = Transform3D(slots: inputs[0]) }
    return result
}

func affine(_ slots: [Double]) -> AffineTransform {
    var result = AffineTransform.identity
    _ = withSlots([slots], resultCount: 0) { inputs, _ in
        result = AffineTransform(slots: inputs[0])
    }
    return result
}

/// Shorthands for CA's constructors.
func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z)
}

func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z)
}

/// CATransform3DConcat.
func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a.concatenating(b) }

/// A perspective matrix: the identity with m34 = −1 / distance.
func perspective(_ distance: Double) -> Transform3D {
    var p = Transform3D.identity
    p.m34 = -1 / distance
    return p
}

// MARK: - Comparisons

/// Expects |actual − expected| <= tolerance. Infinities must match exactly; NaN never passes.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double = 1e-12, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let passes: Bool
    if expected.isInfinite || actual.isInfinite {
        passes = actual == expected
    } else {
        passes = abs(actual - expected) <= tolerance
    }
    #expect(
        passes,
        "\(what.isEmpty ? "" : what + ": ")got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

/// Expects two slot arrays to agree element by element within `tolerance`.
func expectClose(
    _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-12, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
    let passes = actual.count == expected.count && !worst.isNaN
        && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(
        passes,
        "\(what.isEmpty ? "" : what + ": ")got \(actual), expected \(expected) ± \(tolerance) (worst \(worst))",
        sourceLocation: sourceLocation)
}

func expectClose(
    _ actual: Transform3D, _ expected: Transform3D, tolerance: Double = 1e-12,
    _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(slots(actual), slots(expected), tolerance: tolerance, what,
                sourceLocation: sourceLocation)
}

func expectClose(
    _ actual: AffineTransform, _ expected: AffineTransform, tolerance: Double = 1e-12,
    _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(slots(actual), slots(expected), tolerance: tolerance, what,
                sourceLocation: sourceLocation)
}

/// The largest element difference of two transforms.
func distance(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(slots(a), slots(b)).map { abs($0 - $1) }.max() ?? .nan
}

/// |a − b| as angles (mod 2π).
func angleDistance(_ a: Double, _ b: Double) -> Double {
    abs((a - b).remainder(dividingBy: 2 * .pi))
}

// MARK: - Random

/// Random values of the kinds these tests draw (the source: `SplitMix64`, seeded).
extension SplitMix64 {
    /// A uniformly random unit quaternion with w >= 0 (Shoemake's method).
    mutating func quaternion() -> Quaternion {
        let u1 = double(in: 0...1)
        let u2 = double(in: 0...(2 * .pi))
        let u3 = double(in: 0...(2 * .pi))
        let a = (1 - u1).squareRoot()
        let b = u1.squareRoot()
        let q = Quaternion(x: a * sin(u2), y: a * cos(u2), z: b * sin(u3), w: b * cos(u3))
        return q.w < 0 ? -q : q
    }

    /// A magnitude in [0.3, 3] with a random sign when `signed`.
    mutating func scaleFactor(signed: Bool) -> Double {
        let magnitude = double(in: 0.3...3)
        return signed && Bool.random(using: &self) ? -magnitude : magnitude
    }

    /// Random decomposition parts: all-positive scales, moderate skews and perspective.
    mutating func parts(perspective withPerspective: Bool = true, skew withSkew: Bool = true)
        -> DecomposedTransform3D
    {
        DecomposedTransform3D(
            translation: SIMD3(double(in: -100...100), double(in: -100...100), double(in: -100...100)),
            scale: SIMD3(scaleFactor(signed: false), scaleFactor(signed: false), scaleFactor(signed: false)),
            skew: withSkew
                ? SIMD3(double(in: -0.8...0.8), double(in: -0.8...0.8), double(in: -0.8...0.8)) : .zero,
            perspective: withPerspective
                ? SIMD4(double(in: -0.003...0.003), double(in: -0.003...0.003), double(in: -0.003...0.003), 1)
                : SIMD4(0, 0, 0, 1),
            rotation: quaternion())
    }

    /// A random matrix built from random parts (scale signs random too).
    mutating func transform(perspective withPerspective: Bool = true) -> Transform3D {
        var p = parts(perspective: withPerspective)
        p.scale = SIMD3(scaleFactor(signed: true), scaleFactor(signed: true), scaleFactor(signed: true))
        return Transform3D(p)
    }

    /// A random 2D affine transform (possibly mirrored, skewed).
    mutating func affine() -> AffineTransform {
        AffineTransform(
            a: double(in: -2...2), b: double(in: -2...2), c: double(in: -2...2),
            d: double(in: -2...2), tx: double(in: -50...50), ty: double(in: -50...50))
    }
}
