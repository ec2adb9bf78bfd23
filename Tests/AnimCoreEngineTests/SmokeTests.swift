import Testing
import Synchronization
@testable import AnimCore

final class Log: @unchecked Sendable {
    let lock = Mutex<[String]>([])
    func add(_ s: String) { lock.withLock { $0.append(s) } }
    var all: [String] { lock.withLock { $0 } }
}

@Test func clockSeed000() throws {
    let engine = Engine()
    let log = Log()
    let clock = try engine.makeLayerClass(
        name: "ClockFace", properties: [PropertyDescriptor("time", default: .scalar(0), needsDisplay: true)],
        display: DisplayHandler { engine, layer in
            let p = try? engine.presentationValue(forKeyPath: "time", of: layer)
            let m = try? engine.value(forKeyPath: "time", of: layer)
            log.add("\(p!) \(m!)")
        })
    let layer = try engine.makeLayer(clock)
    try engine.tick(100)
    #expect(log.all.isEmpty)
    try engine.setValue(.scalar(1.5), forKeyPath: "time", of: layer)
    var animation = BasicAnimation(keyPath: "time")
    animation.fromValue = .scalar(0)
    try engine.addAnimation(animation, forKey: "time", to: layer)
    var t = 100.0
    for _ in 0..<20 {
        try engine.tick(t)
        t += 1.0 / 60
    }
    print(log.all.joined(separator: "\n"))
    #expect(log.all.count >= 14 && log.all.count <= 17)
}

@Test func positionAndTransform() throws {
    let engine = Engine()
    let layer = try engine.makeLayer()
    try engine.setValue(.point(x: 10, y: 20), forKeyPath: "position", of: layer)
    #expect(try engine.value(forKeyPath: "position.x", of: layer) == .scalar(10))
    var a = BasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = .scalar(0); a.toValue = .scalar(2 * .pi); a.timing.duration = 1
    try engine.addAnimation(a, forKey: "spin", to: layer)
    var b = BasicAnimation(keyPath: "position.x")
    b.toValue = .scalar(110); b.timing.duration = 2
    try engine.addAnimation(b, forKey: "move", to: layer)
    try engine.tick(0)
    try engine.tick(0.25)
    print(try engine.presentationValue(forKeyPath: "transform.rotation.z", of: layer)!)
    print(try engine.presentationValue(forKeyPath: "position", of: layer)!)
    print(try engine.presentationValue(forKeyPath: "frame", of: layer)!)
    #expect(try engine.animationKeys(of: layer) == ["spin", "move"])
    try engine.tick(1.5)
    #expect(try engine.animationKeys(of: layer) == ["move"])
    try engine.tick(3)
    #expect(try engine.animationKeys(of: layer) == [])
    #expect(try engine.presentationValue(forKeyPath: "position.x", of: layer) == .scalar(10))
}
