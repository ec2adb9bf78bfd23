import Synchronization
import Testing

@testable import AnimCore

/// The seeds' scenarios run on the engine, checked tick by tick against arithmetic on the
/// reference's model: seed 000 (a clock whose needs-display `time` redraws through display, and
/// the audio-volume layer driven from display), seed 002 (an ArrowLayer with the seed's custom
/// properties, needsDisplayOnBoundsChange and an explicit autoreversing animation inside a 2 s
/// transaction), and seed 003 (CAMediaTiming: the ship's rotation by 2π repeated 3.5 times, the
/// swinging door, timeOffset and speed, pausing a layer and scrubbing its timeOffset).
@Suite("Seed scenarios (000, 002, 003)")
struct SeedScenarioTests {
    // MARK: Seed 000 — the clock

    @Test("000 clock: time set to 1.5 with an animation from 0 over the default 0.25 s at 60 fps")
    func clock() throws {
        let engine = Engine()
        let calls = Log<(presented: Double, model: Double, time: Double)>()
        let clockFace = try engine.makeLayerClass(
            name: "ClockFace", properties: [PropertyDescriptor("time", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                calls.add((
                    (try? presented(engine, "time", layer)) ?? .nan,
                    (try? model(engine, "time", layer)) ?? .nan,
                    engine.currentTime))
            })
        let layer = try engine.makeLayerHandle(clockFace)
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 200), forKeyPath: "bounds", of: layer)
        try engine.tick(100)
        #expect(calls.all.isEmpty, "no display at creation, nor for bounds without the flag")

        // The seed's -actionForKey: answer, added explicitly (the model change itself runs no
        // other action here).
        var animation = Animation.basic("time")
        animation.timingFunction = .linear
        animation.basic?.fromValue = .scalar(0)
        try quietly(engine) {
            try engine.setValue(.scalar(1.5), forKeyPath: "time", of: layer)
            try engine.addAnimation(animation, forKey: "time", to: layer)
        }
        var start = 0.0
        for frame in 1...40 {
            let now = 100 + Double(frame) / 60
            if frame == 1 { start = now }
            try engine.tick(now)
        }
        let log = calls.all
        // About 15 frames: 0.25 s at 60 fps, plus the frame that ends it.
        #expect((14...17).contains(log.count), "display calls: \(log.count)")
        for (index, call) in log.enumerated() {
            #expect(call.model == 1.5, "the model reads the final value in call \(index)")
            let e = call.time - start
            let expected = e >= 0.25 ? 1.5 : 1.5 * e / 0.25
            expectNear(call.presented, expected, 1e-9, "presentation in call \(index) at e \(e)")
        }
        #expect(log.first?.presented == 0, "starts at the fromValue")
        #expect(log.last?.presented == 1.5, "ends at the model value")
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.presented <= $1.presented }, "rises monotonically")
        #expect(log.map(\.time) == log.map(\.time).sorted() && Set(log.map(\.time)).count == log.count, "once per frame")
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("000 audio layer: display drives a non-visual value (volume 1 → 0) from the presentation")
    func audioVolume() throws {
        let engine = Engine()
        let player = Mutex<[Double]>([])
        let audioLayer = try engine.makeLayerClass(
            name: "AudioLayer", properties: [PropertyDescriptor("volume", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                let volume = (try? presented(engine, "volume", layer)) ?? .nan
                player.withLock { $0.append(volume) }
            })
        let layer = try engine.makeLayerHandle(audioLayer)
        try engine.setValue(.scalar(1), forKeyPath: "volume", of: layer)  // initWithAudioFileURL
        let root = try engine.makeLayerHandle()
        try engine.addSublayer(layer, to: root)
        try engine.tick(0)
        #expect(player.withLock { $0 } == [1])
        // fadeOut: the action animates from the presentation value to the new model value.
        let from = try engine.presentationValue(forKeyPath: "volume", of: layer)
        var animation = Animation.basic("volume")
        animation.timingFunction = .linear
        animation.basic?.fromValue = from
        try quietly(engine) {
            try engine.setValue(.scalar(0), forKeyPath: "volume", of: layer)
            try engine.addAnimation(animation, forKey: "volume", to: layer)
        }
        for k in 1...12 { try engine.tick(Double(k) / 32) }  // commits at 1/32, ends at 1/32 + 0.25
        let volumes = player.withLock { $0 }
        #expect(volumes.first == 1)
        #expect(volumes.last == 0)
        #expect(volumes.count == 10, "the setup display, 8 active frames and the end: \(volumes)")
        for (k, volume) in volumes.dropFirst().enumerated() where k < 8 {
            expectNear(volume, 1 - Double(k) / 8, 1e-12, "frame \(k)")
        }
    }

    // MARK: Seed 002 — the arrow

    /// The seed's ArrowLayer: every custom property makes the layer redisplay.
    private func arrowClass(_ engine: Engine, _ display: DisplayHandler) throws -> LayerClassID {
        let white = Value.color(red: 0, green: 0, blue: 0, alpha: 0)
        return try engine.makeLayerClass(
            name: "ArrowLayer",
            properties: [
                PropertyDescriptor("thickness", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("startRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("lengthRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("headLengthRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("fillColor", default: white, needsDisplay: true),
                PropertyDescriptor("strokeColor", default: white, needsDisplay: true),
                PropertyDescriptor("lineWidth", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("lineJoin", default: .integer(0), needsDisplay: true),
            ],
            display: display)
    }

    @Test("002 arrow: lengthRadians 0 → 2π autoreversing in a 2 s transaction, tick by tick; did-stop once")
    func arrow() throws {
        let engine = Engine()
        let frames = Log<(time: Double, length: Double)>()
        let arrow = try arrowClass(engine, DisplayHandler { engine, layer in
            frames.add((engine.currentTime, (try? presented(engine, "lengthRadians", layer)) ?? .nan))
        })
        let layer = try engine.makeLayerHandle(arrow)
        // setUpMask
        try engine.setValue(.bool(true), forKeyPath: "needsDisplayOnBoundsChange", of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 300, height: 300), forKeyPath: "frame", of: layer)
        try engine.setValue(.scalar(60), forKeyPath: "thickness", of: layer)
        try engine.setValue(.scalar(-.pi / 2), forKeyPath: "startRadians", of: layer)
        try engine.setValue(.scalar(0), forKeyPath: "lengthRadians", of: layer)
        try engine.setValue(.scalar(.pi / 2 / 8), forKeyPath: "headLengthRadians", of: layer)
        try engine.setValue(.color(red: 1, green: 1, blue: 1, alpha: 1), forKeyPath: "fillColor", of: layer)
        try engine.tick(100)
        #expect(frames.count == 1, "one display for the whole setup")
        frames.clear()

        // goButtonWasTapped: [CATransaction begin]; setAnimationDuration:2; a completion block;
        // an explicit animation with no duration of its own; [CATransaction commit].
        let stops = Log<Bool>()
        let starts = Log<Double>()
        let completions = Log<Double>()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 2 }
        try engine.addCompletion(TransactionCompletion { engine, _ in completions.add(engine.currentTime) })
        var animation = Animation.basic("lengthRadians")
        animation.timingFunction = .linear
        animation.timing.autoreverses = true
        animation.basic?.fromValue = .scalar(0)
        animation.basic?.toValue = .scalar(2 * .pi)
        animation.delegate = AnimationDelegate(
            didStart: { event in starts.add(event.engine.currentTime) },
            didStop: { _, finished in stops.add(finished) })
        try engine.addAnimation(animation, forKey: animation.keyPath, to: layer)
        try engine.commitTransaction()
        #expect(try engine.animation(forKey: "lengthRadians", of: layer)?.timing.duration == 2)

        for k in 0...160 {  // 100 … 105 in 1/32 s steps (exact binary fractions)
            let e = Double(k) / 32
            try engine.tick(100.5 + e)
            let value = try presented(engine, "lengthRadians", layer)
            let expected: Double
            if e < 2 {
                expected = 2 * .pi * e / 2  // forward leg
            } else if e < 4 {
                expected = 2 * .pi * (4 - e) / 2  // reverse leg
            } else {
                expected = 0  // removed: the model
            }
            expectNear(value, expected, 1e-9, "lengthRadians at e \(e)")
            #expect(try model(engine, "lengthRadians", layer) == 0, "model untouched at e \(e)")
            #expect(stops.all == (e >= 4 ? [true] : []), "did-stop at e \(e)")
            #expect(completions.all == (e >= 4 ? [104.5] : []), "the completion block runs once, at the end (e \(e))")
            if k == 80 {
                // Resizing mid-flight redraws through needsDisplayOnBoundsChange (and the animation).
                try quietly(engine) { try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 200), forKeyPath: "bounds", of: layer) }
            }
        }
        #expect(starts.all == [100.5])
        // A display every active frame (e = 0 … 3.96875: 128 frames) plus the frame that ends it.
        let drawn = frames.all
        #expect(drawn.count == 129, "display calls: \(drawn.count)")
        #expect(drawn.last.map { $0.length == 0 && $0.time == 104.5 } == true)
        let peak = drawn.map(\.length).max() ?? 0
        expectNear(peak, 2 * .pi, 1e-9, "the arrow closes the full circle at the turn")
    }

    // MARK: Seed 003 — CAMediaTiming

    @Test("003 ship: transform.rotation by 2π, duration 2, repeatCount 3.5 → 7 s of turning, did-stop once")
    func ship() throws {
        let engine = Engine()
        let container = try engine.makeLayerHandle()
        let ship = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 128, height: 128), forKeyPath: "frame", of: ship)
        try engine.setValue(.point(x: 150, y: 150), forKeyPath: "position", of: ship)
        try engine.setValue(.token(0x5348_4950), forKeyPath: "contents", of: ship)
        try engine.addSublayer(ship, to: container)
        let stops = Log<(Bool, Double)>()
        var animation = Animation.basic("transform.rotation")
        animation.timing.duration = 2
        animation.timing.repeatCount = 3.5
        animation.basic?.byValue = .scalar(2 * .pi)
        animation.delegate = AnimationDelegate(didStop: { event, finished in stops.add((finished, event.engine.currentTime)) })
        try engine.addAnimation(animation, forKey: "rotateAnimation", to: ship)
        for k in 0...64 {  // e = 0 … 8 in 1/8 s steps
            let e = Double(k) / 8
            try engine.tick(10 + e)
            let transform = matrix(try engine.presentationValue(forKeyPath: "transform", of: ship))
            if e < 7 {
                let cycle = e.truncatingRemainder(dividingBy: 2)
                expectMatrix(transform, rotationZ(2 * .pi * cycle / 2), 1e-9, "rotation at e \(e)")
            } else {
                expectMatrix(transform, identityMatrix, 0, "back to the model after 7 s (e \(e))")
            }
        }
        #expect(stops.all.map(\.0) == [true])
        #expect(stops.all.first?.1 == 17)
        // The frame (and the ship's model) never moved.
        #expect(try engine.value(forKeyPath: "frame", of: ship) == .rect(x: 86, y: 86, width: 128, height: 128))
    }

    @Test("003 door: rotation.y to −π/2, duration 2, autoreverses, repeatDuration ∞ — swings forever")
    func door() throws {
        let engine = Engine()
        let container = try engine.makeLayerHandle()
        var perspective = identityMatrix
        perspective.m34 = -1.0 / 500.0
        try engine.setValue(.transform3D(perspective), forKeyPath: "sublayerTransform", of: container)
        let door = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 128, height: 256), forKeyPath: "frame", of: door)
        try engine.setValue(.point(x: 150 - 64, y: 150), forKeyPath: "position", of: door)
        try engine.setValue(.point(x: 0, y: 0.5), forKeyPath: "anchorPoint", of: door)
        try engine.addSublayer(door, to: container)
        let stops = Log<Bool>()
        var animation = Animation.basic("transform.rotation.y")
        animation.basic?.toValue = .scalar(-.pi / 2)
        animation.timing.duration = 2
        animation.timing.repeatDuration = .infinity
        animation.timing.autoreverses = true
        animation.delegate = AnimationDelegate(didStop: { _, finished in stops.add(finished) })
        try engine.addAnimation(animation, forKey: nil, to: door)
        try engine.tick(10)
        for e in [0.0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 3.75, 4, 5, 1000.5, 1_000_003] {
            try engine.tick(10 + e)
            let r = e.truncatingRemainder(dividingBy: 4)
            let leg = r <= 2 ? r / 2 : (4 - r) / 2
            let angle = -.pi / 2 * leg
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: door)), rotationY(angle), 1e-9,
                         "door at e \(e)")
            expectNear(try presented(engine, "transform.rotation.y", door), angle, 1e-9, "rotation.y at e \(e)")
        }
        #expect(stops.all.isEmpty, "an infinite repeatDuration never stops")
        #expect(try engine.value(forKeyPath: "sublayerTransform", of: container) == .transform3D(perspective))
    }

    /// Runs an animation from 0 to 1 of a probe value with `timing` (begin resolved at commit at
    /// host time 10) and returns the presentation at each elapsed time.
    private func progress(_ timing: MediaTiming, removedOnCompletion: Bool = true, at elapsed: [Double]) throws -> [Double?] {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(-1), forKeyPath: "value", of: layer)  // the model: "no effect"
        var animation = basic("value", from: 0, to: 1)
        animation.timing = timing
        animation.isRemovedOnCompletion = removedOnCompletion
        try engine.addAnimation(animation, forKey: "slide", to: layer)
        try engine.tick(10)
        var out: [Double?] = []
        for e in elapsed {
            try engine.tick(10 + e)
            out.append(try presented(engine, "value", layer))
        }
        return out
    }

    @Test("003 timeOffset: d 1, offset 0.5 starts half way, wraps, plays 1 s in all (removedOnCompletion NO)")
    func timeOffsetWraps() throws {
        let values = try progress(MediaTiming(duration: 1, timeOffset: 0.5), removedOnCompletion: false, at: [0, 0.25, 0.5, 0.75, 1, 2])
        let expected: [Double] = [0.5, 0.75, 0, 0.25, -1, -1]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-9, "e index \(index)") }
    }

    @Test("T13: d 3, offset 1 → p 1/3, 0.9667, 0.1667 at e 0, 1.9, 2.5; forward fill holds 1/3")
    func t13() throws {
        let values = try progress(
            MediaTiming(duration: 3, timeOffset: 1, fillMode: .forwards), removedOnCompletion: false, at: [0, 1.9, 2.5, 3, 10])
        let expected: [Double] = [1.0 / 3, 2.9 / 3, 0.5 / 3, 1.0 / 3, 1.0 / 3]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-9, "value \(index)") }
    }

    @Test("T14: d 1, offset 0.5, speed 2 → p 0.5, 0.9, 0.1, 0.4 at e 0, 0.2, 0.3, 0.45; active 0.5 s; fill holds 0.5")
    func t14() throws {
        let values = try progress(
            MediaTiming(duration: 1, speed: 2, timeOffset: 0.5, fillMode: .forwards), removedOnCompletion: false,
            at: [0, 0.2, 0.3, 0.45, 0.5, 3])
        let expected: [Double] = [0.5, 0.9, 0.1, 0.4, 0.5, 0.5]
        for (index, value) in values.enumerated() { expectNear(value, expected[index], 1e-9, "value \(index)") }
    }

    @Test("T10 / T11: speed 2 halves the time; speed −1 plays end → start")
    func speeds() throws {
        let fast = try progress(MediaTiming(duration: 3, speed: 2), at: [0.75, 1.49, 1.5])
        expectNear(fast[0], 0.5, 1e-9, "T10 e 0.75")
        #expect(fast[1].map { $0 > 0.99 } == true, "T10 still active at 1.49")
        expectNear(fast[2], -1, 0, "T10 ended at 1.5")
        let backwards = try progress(MediaTiming(duration: 1.5, speed: -1, fillMode: .forwards), removedOnCompletion: false,
                                     at: [0.5, 1.5, 2])
        expectNear(backwards[0], 2.0 / 3, 1e-9, "T11 e 0.5")
        expectNear(backwards[1], 0, 1e-9, "T11 end")
        expectNear(backwards[2], 0, 1e-9, "T11 held")
    }

    @Test("003 speed and offset on the layer and on the animation combine (layer speed 2 × animation speed 0.5)")
    func layerAndAnimationSpeed() throws {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(2), forKeyPath: "speed", of: layer)
        var animation = basic("value", from: 0, to: 1, duration: 1)
        animation.timing.speed = 0.5
        animation.timing.timeOffset = 0.25
        try engine.addAnimation(animation, forKey: "a", to: layer)
        try engine.tick(10)
        expectNear(try presented(engine, "value", layer), 0.25, 1e-9, "starts at the offset")
        try engine.tick(10.25)  // layer +0.5, animation +0.25
        expectNear(try presented(engine, "value", layer), 0.5, 1e-9)
        try engine.tick(10.75)  // animation local 0.25 + 0.75 = 1 → wraps to 0
        expectNear(try presented(engine, "value", layer), 0, 1e-9, "wrapped")
        try engine.tick(10.999)
        #expect(try engine.animationKeys(of: layer) == ["a"])
        try engine.tick(11)  // 1 s of animation time = 2 s of layer time = 1 s of host time
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("003 scrubbing: a paused door (speed 0) with its animation; progress = the layer's timeOffset")
    func scrubbing() throws {
        let engine = Engine()
        let door = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 128, height: 256), forKeyPath: "frame", of: door)
        try engine.setValue(.point(x: 0, y: 0.5), forKeyPath: "anchorPoint", of: door)
        try engine.tick(50)
        try engine.setValue(.scalar(0), forKeyPath: "speed", of: door)  // pause all layer animations
        var animation = Animation.basic("transform.rotation.y")
        animation.basic?.toValue = .scalar(-.pi / 2)
        animation.timing.duration = 1
        try engine.addAnimation(animation, forKey: nil, to: door)
        try engine.tick(51)
        expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: door)), identityMatrix, 1e-12, "paused at 0")
        var time = 51.0
        for offset in [0.1, 0.25, 0.5, 0.75, 0.999, 0.5, 0.0] {
            try engine.setValue(.scalar(offset), forKeyPath: "timeOffset", of: door)
            time += 7  // wall time passes; the paused layer ignores it
            try engine.tick(time)
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: door)), rotationY(-.pi / 2 * offset), 1e-9,
                         "timeOffset \(offset)")
        }
        // Scrubbing to the end finishes the animation (which is why the seed clamps to 0.999).
        try engine.setValue(.scalar(1), forKeyPath: "timeOffset", of: door)
        try engine.tick(time + 1)
        expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: door)), identityMatrix, 0, "removed at the end")
    }

    @Test("003 hierarchical time: a container's speed and beginTime apply to its sublayers' animations, not its duration")
    func hierarchical() throws {
        let engine = Engine()
        let container = try engine.makeLayerHandle()
        let klass = try engine.makeLayerClass(name: "P", properties: [PropertyDescriptor("value", default: .scalar(0))])
        let layer = try engine.makeLayerHandle(klass)
        try engine.addSublayer(layer, to: container)
        try engine.setValue(.scalar(4), forKeyPath: "speed", of: container)
        try engine.setValue(.scalar(1), forKeyPath: "duration", of: container)  // a layer's duration does not clip children
        try engine.tick(10)
        try engine.addAnimation(basic("value", from: 0, to: 8, duration: 8), forKey: "a", to: layer)
        try engine.tick(10)
        try engine.tick(11)
        expectNear(try presented(engine, "value", layer), 4, 1e-9, "4× speed: half of 8 s after 1 s")
        try engine.tick(12)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    // MARK: Seed 003 — the ship along the path (Listing 9.3: the speed and timeOffset sliders)

    @Test(
        "003 ship along the path: keyframe position on a cubic, rotation auto, duration 1, removedOnCompletion NO; sliders (speed, timeOffset) tick by tick at 60 fps",
        arguments: zip([1.0, 0.5, 2, 1, 1.5], [0.0, 0.25, 0.5, 0.75, 0.9]))
    func shipAlongPath(speed: Double, timeOffset: Double) throws {
        let engine = Engine()
        let container = try engine.makeLayerHandle()
        // viewDidLoad: the path and the ship.
        let (p0, c1, c2, p1) = (XY(0, 150), XY(75, 0), XY(225, 300), XY(300, 150))
        var path = Path()
        path.move(x: p0.x, y: p0.y)
        path.addCurve(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: p1.x, y: p1.y)
        let ship = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 64, height: 64), forKeyPath: "frame", of: ship)
        try engine.setValue(.point(x: 0, y: 150), forKeyPath: "position", of: ship)
        try engine.setValue(.token(0x5348_4950), forKeyPath: "contents", of: ship)
        try engine.addSublayer(ship, to: container)
        try engine.tick(100)

        // play
        var animation = Animation.keyframe("position", path: path)
        animation.timing.timeOffset = timeOffset
        animation.timing.speed = speed
        animation.timing.duration = 1
        animation.keyframe?.rotationMode = .auto
        animation.isRemovedOnCompletion = false
        try engine.addAnimation(animation, forKey: "slide", to: ship)
        let begin = 100 + 1.0 / 60
        let activeLength = 1 / speed  // one 1 s cycle of local time at `speed`
        for k in 1...(1 + 150) {
            let now = 100 + Double(k) / 60
            try engine.tick(now)
            let elapsed = now - begin
            let position = try engine.presentationValue(forKeyPath: "position", of: ship)
            let transform = matrix(try engine.presentationValue(forKeyPath: "transform", of: ship))
            let label = "speed \(speed), timeOffset \(timeOffset), e \(elapsed)"
            #expect(try engine.value(forKeyPath: "position", of: ship) == .point(x: 0, y: 150), "model untouched (\(label))")
            if abs(elapsed - activeLength) < 1e-9 { continue }  // the last instant: either side is right
            guard elapsed < activeLength else {
                // After the active interval: still attached (removedOnCompletion NO), fill
                // removed, so the model shows.
                expectPoint(position, XY(0, 150), 0, "model position after the interval (\(label))")
                expectMatrix(transform, identityMatrix, 0, "model transform after the interval (\(label))")
                continue
            }
            let local = elapsed * speed + timeOffset
            let u = local - local.rounded(.down)
            // At a wrap (local time a whole number) the curve's end and start are both right.
            let candidates = abs(local - local.rounded()) < 1e-9 ? [0.0, 1.0] : [u]
            let matches = candidates.contains { u in
                guard let point = xy(position), let angle = try? presented(engine, "transform.rotation.z", ship) else { return false }
                return (point - cubicBezier(p0, c1, c2, p1, u)).length < 1e-9
                    && angleDistance(angle, cubicBezierTangent(p0, c1, c2, p1, u).angle) < 1e-9
            }
            if candidates.count == 1 {
                expectPoint(position, cubicBezier(p0, c1, c2, p1, u), 1e-9, "position at u \(u) (\(label))")
                let angle = cubicBezierTangent(p0, c1, c2, p1, u).angle
                expectNear(try presented(engine, "transform.rotation.z", ship), angle, 1e-9, "rotation.z at u \(u) (\(label))")
                expectMatrix(transform, rotationZ(angle), 1e-9, "transform at u \(u) (\(label))")
            } else {
                #expect(matches, "at the wrap: B(0) or B(1) with its tangent, got \(String(describing: position)) (\(label))")
            }
        }
        #expect(try engine.animationKeys(of: ship) == ["slide"], "kept after its end")
        #expect(try engine.value(forKeyPath: "frame", of: ship) == .rect(x: -32, y: 118, width: 64, height: 64))
    }
}
