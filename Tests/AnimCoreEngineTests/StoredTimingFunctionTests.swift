// A timing function is stored as `StoredTimingFunction` (unset, or a function) by descriptions,
// transaction settings and the implicit plan, and read and written through the public
// `timingFunction: TimingFunction?` of `Animation` and `TransactionSettings`. Each kind of
// function, and none, goes in and comes out unchanged, through copies of its holder, and the
// settings' overlay, unset and defaults treat it as the optional it stands for.
import Testing

@testable import AnimCore

@Suite("Stored timing functions")
struct StoredTimingFunctionTests {
    /// None, and one function of each kind (the linear one holds an array, the others none).
    static func functions() throws -> [TimingFunction?] {
        [
            nil, .easeIn, .cubicBezier(try UnitBezier(x1: 0.1, y1: -0.5, x2: 0.9, y2: 1.5)),
            .steps(try StepsFunction(steps: 3, position: .jumpEnd)),
            .piecewiseLinear(try LinearFunction(stops: [LinearStop(0), LinearStop(0.8, at: 0.3), LinearStop(1)])),
            .preset(EasingPreset.bounce(.easeOut)),
        ]
    }

    @Test("each function, and none, stored and read back as given")
    func roundTrip() throws {
        for function in try Self.functions() {
            let stored = StoredTimingFunction(function)
            #expect(stored.optional == function)
            #expect(stored.isSet == (function != nil))
            #expect(stored == (function.map { .function($0) } ?? .unset))
        }
    }

    @Test("a description's function: set, copied with the description, unset again")
    func description() throws {
        for function in try Self.functions() {
            var animation = Animation.basic("opacity", to: .scalar(1))
            #expect(animation.timingFunction == nil && !animation.storedTimingFunction.isSet)
            animation.timingFunction = function
            let copy = animation
            animation.timingFunction = nil
            #expect(copy.timingFunction == function && copy.storedTimingFunction == StoredTimingFunction(function))
            #expect(animation.timingFunction == nil && animation.storedTimingFunction == .unset)
        }
    }

    @Test("settings: an inner frame's function overlays the outer's only when set; unset and defaults clear it")
    func settings() throws {
        for outer in try Self.functions() {
            for inner in try Self.functions() {
                var outerSettings = TransactionSettings()
                outerSettings.timingFunction = outer
                var innerSettings = TransactionSettings()
                innerSettings.timingFunction = inner
                #expect(innerSettings.resolved(over: outerSettings).timingFunction == (inner ?? outer))
            }
            var settings = TransactionSettings()
            settings.timingFunction = outer
            settings.unsetAll()
            #expect(settings.timingFunction == nil)
            settings.timingFunction = outer
            settings.setDefaults()
            #expect(settings.timingFunction == nil)
        }
    }
}
