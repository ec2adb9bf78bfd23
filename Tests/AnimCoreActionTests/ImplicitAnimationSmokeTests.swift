import Synchronization
import Testing
@testable import AnimCore

/// First checks of the action path: implicit animations for committed layers only, the same
/// progress for custom and built-in properties, interruption from the presentation value.
@Suite struct ImplicitAnimationSmokeTests {
    func scalar(_ value: Value?) -> Double {
        if case .scalar(let v)? = value { return v }
        return .nan
    }

    @Test func firstValuesDoNotAnimateAndLaterChangesDo() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(0)
        try engine.setValue(.scalar(1), forKeyPath: "opacity", of: layer)
        #expect(try engine.animationKeys(of: layer) == ["opacity"])
        let copy = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(copy.timing.duration == 0.25)
        #expect(copy.basic?.fromValue == .scalar(0.5))
    }

    @Test func customAndBuiltInAdvanceTogether() throws {
        let engine = Engine()
        let cls = try engine.makeLayerClass(name: "Progress", properties: [PropertyDescriptor("percent", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(cls)
        try engine.tick(0)
        var options = AnimationBlockOptions()
        options.duration = 1
        options.curve = .easeOut
        try engine.animate(options) {
            try engine.setValue(.scalar(100), forKeyPath: "percent", of: layer)
            try engine.setValue(.scalar(1), forKeyPath: "borderWidth", of: layer)
        }
        for frame in 1...70 {
            try engine.tick(Double(frame) / 60)
            let percent = scalar(try engine.presentationValue(forKeyPath: "percent", of: layer)) / 100
            let width = scalar(try engine.presentationValue(forKeyPath: "borderWidth", of: layer))
            #expect(abs(percent - width) < 1e-12, "frame \(frame)")
        }
        #expect(scalar(try engine.presentationValue(forKeyPath: "percent", of: layer)) == 100)
    }

    @Test func interruptionStartsFromThePresentation() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        try engine.tick(1.0 / 60)
        try engine.tick(0.1)
        let mid = scalar(try engine.presentationValue(forKeyPath: "zPosition", of: layer))
        try engine.setValue(.scalar(0), forKeyPath: "zPosition", of: layer)
        try engine.tick(0.1)
        let after = scalar(try engine.presentationValue(forKeyPath: "zPosition", of: layer))
        #expect(abs(after - mid) < 1e-9)
    }

    @Test func completionRunsOnceAfterTheAnimationsFinish() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.tick(0)
        let calls = Mutex<[Bool]>([])
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 0.5 }
        try engine.addCompletion(TransactionCompletion { _, finished in calls.withLock { $0.append(finished) } })
        try engine.setValue(.scalar(0.2), forKeyPath: "opacity", of: layer)
        try engine.commitTransaction()
        for frame in 1...40 { try engine.tick(Double(frame) / 60) }
        #expect(calls.withLock { $0 } == [true])
    }
}
