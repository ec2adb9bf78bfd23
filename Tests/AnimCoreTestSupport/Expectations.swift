// Expectations every test target shares: numbers within a tolerance, errors by code.
import AnimCore
import Testing

/// Expects |actual − expected| <= `tolerance`; nil fails, naming `what`.
public func expectNear(
    _ actual: Double?, _ expected: Double, _ tolerance: Double = 1e-9, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let label = what()
    guard let actual else {
        Issue.record("\(label): got nil, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    #expect(
        abs(actual - expected) <= tolerance,
        "\(label.isEmpty ? "" : label + ": ")got \(actual), expected \(expected) ± \(tolerance)",
        sourceLocation: sourceLocation)
}

/// Expects `body` to throw an `AnimCoreError` with `code` whose message contains `fragment`
/// (any message when empty); `what` labels the failure.
public func expectError(
    _ code: AnimCoreError.Code, _ what: String = "", containing fragment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("\(what): expected \(code), nothing thrown", sourceLocation: sourceLocation)
    } catch let error as AnimCoreError {
        #expect(error.code == code, "\(what): expected \(code), got \(error.code) (\(error.message))",
                sourceLocation: sourceLocation)
        #expect(
            fragment.isEmpty || error.message.contains(fragment),
            "\(what): message \"\(error.message)\" lacks \"\(fragment)\"", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what): expected AnimCoreError \(code), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw an `AnimCoreError` with `code` whose message contains `field`.
public func expectError(
    _ code: AnimCoreError.Code, naming field: String, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("\(what): expected \(code) naming \"\(field)\", nothing thrown", sourceLocation: sourceLocation)
    } catch let error as AnimCoreError {
        #expect(error.code == code, "\(what): expected \(code), got \(error.code) (\(error.message))",
                sourceLocation: sourceLocation)
        #expect(error.message.contains(field), "\(what): the message should name \"\(field)\": \(error.message)",
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what): expected AnimCoreError \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
