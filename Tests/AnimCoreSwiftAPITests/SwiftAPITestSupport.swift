// Helpers of the Swift API suites: a thread-safe log for callbacks and error expectations.
// The suites use the public API as a Swift user does (`import AnimCore`); a few checks read the
// package-level handle API (`engine.isValid(id)`) to see what the objects did underneath.
import Synchronization
import Testing

import AnimCore

/// A list callbacks append to from any thread.
final class Log<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func add(_ element: Element) { storage.withLock { $0.append(element) } }
    var all: [Element] { storage.withLock { $0 } }
}

/// Expects `body` to throw an `AnimCoreError` with `code` whose message contains `fragment`.
func expectError(
    _ code: AnimCoreError.Code, containing fragment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code), nothing thrown", sourceLocation: sourceLocation)
    } catch let error as AnimCoreError {
        #expect(error.code == code, "expected \(code), got \(error.code) (\(error.message))", sourceLocation: sourceLocation)
        #expect(
            fragment.isEmpty || error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected AnimCoreError \(code), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects |actual − expected| <= tolerance.
func expectNear(
    _ actual: Double, _ expected: Double, _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance, "got \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}

/// An error a test body throws on purpose.
struct Planned: Error, Equatable {}
