import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Animation groups (CAAnimationGroup, reference §6.6), one test per rule: children run in the
/// group's time space (begin times relative to the group's start, speeds multiplying), are
/// clipped to the group's active duration rather than scaled, a zero-duration child spans the
/// group, children animate their own key paths, groups nest (at most 16 deep), only the group's
/// delegate is told, the group's removal and fill govern its children, and a keyframe child with
/// a path and rotation works inside a group.
@Suite("Animation groups")
struct GroupTests {
    /// The probe's model value: what shows when no animation applies.
    private let modelValue = -1.0

    /// A probe layer with model `modelValue`.
    private func probeLayer() throws -> (Engine, LayerID) {
        let (engine, layer) = try probe()
        try engine.setValue(.scalar(modelValue), forKeyPath: "value", of: layer)
        return (engine, layer)
    }

    /// A group of `children` with `duration`.
    private func group(_ children: [Animation], duration: Double) -> Animation {
        var group = Animation.group(children)
        group.timing.duration = duration
        return group
    }

    /// Adds `animation` under "g", commits it at host time 10, then ticks to 10 + each elapsed
    /// time and returns the probe's presented value.
    private func run(_ engine: Engine, _ layer: LayerID, _ animation: Animation, at elapsed: [Double]) throws -> [Double?] {
        try engine.addAnimation(animation, forKey: "g", to: layer)
        try engine.tick(10)
        var out: [Double?] = []
        for e in elapsed {
            try engine.tick(10 + e)
            out.append(try presented(engine, "value", layer))
        }
        return out
    }

    /// Elapsed times 0, 1/16, … up to `end`.
    private func steps(to end: Double) -> [Double] { (0...Int(end * 16)).map { Double($0) / 16 } }

    @Test("a child's beginTime is relative to the group's start (0.5 here starts it 0.5 s after the group); 0 starts with the group")
    func childBeginTime() throws {
        let (engine, layer) = try probeLayer()
        var late = basic("value", from: 0, to: 10, duration: 1)
        late.timing.beginTime = 0.5
        let elapsed = steps(to: 4)
        let values = try run(engine, layer, group([late], duration: 3), at: elapsed)
        for (k, e) in elapsed.enumerated() {
            let expected = e >= 0.5 && e < 1.5 ? 10 * (e - 0.5) : modelValue
            expectNear(values[k], expected, 1e-9, "e \(e)")
        }

        // A group with its own begin time (layer time 12): the child begins at 12 + 0.5; a
        // child with beginTime 0 begins with the group, not at the commit's time.
        let (engine2, layer2) = try probeLayer()
        var delayed = group([late], duration: 3)
        delayed.timing.beginTime = 12
        let values2 = try run(engine2, layer2, delayed, at: steps(to: 4))
        for (k, e) in steps(to: 4).enumerated() {
            let expected = e >= 2.5 && e < 3.5 ? 10 * (e - 2.5) : modelValue
            expectNear(values2[k], expected, 1e-9, "delayed group e \(e)")
        }
        let (engine3, layer3) = try probeLayer()
        try engine3.tick(5)
        let values3 = try run(engine3, layer3, group([basic("value", from: 0, to: 10, duration: 1)], duration: 3), at: [0, 0.25, 0.5])
        for (k, e) in [0, 0.25, 0.5].enumerated() { expectNear(values3[k], 10 * e, 1e-9, "child beginTime 0 at e \(e)") }
        #expect(try engine3.animation(forKey: "g", of: layer3)?.group?.animations.first?.timing.beginTime == 0,
                "the child's begin time is not resolved to the commit time")
    }

    @Test("speeds multiply: group speed 2 × child speed 0.5 plays the child's 2 s at host speed 1; the group lasts 10/2 s")
    func speedsMultiply() throws {
        let (engine, layer) = try probeLayer()
        var child = basic("value", from: 0, to: 100, duration: 2)
        child.timing.speed = 0.5
        var g = group([child], duration: 10)
        g.timing.speed = 2
        try engine.addAnimation(g, forKey: "g", to: layer)
        try engine.tick(10)
        for e in steps(to: 6) {
            try engine.tick(10 + e)
            // group local = 2e; child local = 0.5 × 2e = e, active while e < 2 (4 s of group time).
            let expected = e < 2 ? 100 * e / 2 : modelValue
            expectNear(try presented(engine, "value", layer), expected, 1e-9, "e \(e)")
            #expect(try engine.animationKeys(of: layer) == (e < 5 ? ["g"] : []), "the group is attached until 10/2 s (e \(e))")
        }
    }

    @Test("clipping, not scaling: a 10 s child in a 5 s group shows its first 5 s; fill forwards holds the child's value at 5")
    func clipping() throws {
        let child = basic("value", from: 0, to: 10, duration: 10)  // value = child time
        let elapsed = steps(to: 7)

        let (engine, layer) = try probeLayer()
        var held = group([child], duration: 5)
        held.timing.fillMode = .forwards
        held.isRemovedOnCompletion = false
        let values = try run(engine, layer, held, at: elapsed)
        for (k, e) in elapsed.enumerated() { expectNear(values[k], min(e, 5), 1e-9, "fill forwards e \(e)") }
        #expect(try engine.animationKeys(of: layer) == ["g"])

        let (engine2, layer2) = try probeLayer()
        let values2 = try run(engine2, layer2, group([child], duration: 5), at: elapsed)
        for (k, e) in elapsed.enumerated() { expectNear(values2[k], e < 5 ? e : modelValue, 1e-9, "fill removed e \(e)") }
        #expect(try engine2.animationKeys(of: layer2).isEmpty)

        // Fill forwards but removed on completion (the default): nothing after the end either.
        let (engine3, layer3) = try probeLayer()
        var removed = group([child], duration: 5)
        removed.timing.fillMode = .forwards
        let values3 = try run(engine3, layer3, removed, at: [4.5, 5, 6])
        expectNear(values3[0], 4.5, 1e-9)
        expectNear(values3[1], modelValue, 0, "removed at its end")
        expectNear(values3[2], modelValue, 0)
    }

    @Test("a child with duration 0 spans the group's duration; a group with duration 0 gets the transaction's 0.25 s")
    func zeroDurationChild() throws {
        let (engine, layer) = try probeLayer()
        let child = basic("value", from: 0, to: 100, duration: 0)
        let elapsed = steps(to: 3)
        let values = try run(engine, layer, group([child], duration: 2), at: elapsed)
        for (k, e) in elapsed.enumerated() { expectNear(values[k], e < 2 ? 50 * e : modelValue, 1e-9, "e \(e)") }

        let (engine2, layer2) = try probeLayer()
        let short = try run(engine2, layer2, group([child], duration: 0), at: [0, 0.0625, 0.125, 0.1875, 0.25])
        #expect(try engine2.animationKeys(of: layer2).isEmpty)
        for (k, e) in [0, 0.0625, 0.125, 0.1875].enumerated() { expectNear(short[k], 100 * e / 0.25, 1e-9, "0.25 s group e \(e)") }
        expectNear(short[4], modelValue, 0, "ended after 0.25 s")

        let (engine3, layer3) = try probeLayer()
        try engine3.addAnimation(group([child], duration: 0), forKey: "g", to: layer3)
        #expect(try engine3.animation(forKey: "g", of: layer3)?.timing.duration == 0.25)
    }

    @Test("children each animate their own key path: position and opacity (and a keyframe child) in one group")
    func ownKeyPaths() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 5, y: 6), forKeyPath: "position", of: layer)
        try engine.setValue(.scalar(0.9), forKeyPath: "opacity", of: layer)
        let move = basic("position", from: XY(0, 0).value, to: XY(100, 200).value, duration: 1)
        let fade = basic("opacity", from: 1, to: 0, duration: 2)
        var grow = Animation.keyframe("bounds", values: [.rect(x: 0, y: 0, width: 10, height: 10), .rect(x: 0, y: 0, width: 30, height: 50)])
        grow.timing.beginTime = 1
        grow.timing.duration = 1
        try engine.addAnimation(group([move, fade, grow], duration: 2), forKey: "g", to: layer)
        try engine.tick(10)
        for e in steps(to: 2.5) {
            try engine.tick(10 + e)
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), e < 1 ? XY(100 * e, 200 * e) : XY(5, 6), 1e-9,
                        "position e \(e)")
            expectNear(try presented(engine, "opacity", layer), e < 2 ? 1 - e / 2 : 0.9, 1e-9, "opacity e \(e)")
            let s = e - 1
            expectValue(try engine.presentationValue(forKeyPath: "bounds", of: layer),
                        e >= 1 && e < 2 ? .rect(x: 0, y: 0, width: 10 + 20 * s, height: 10 + 40 * s) : .rect(x: 0, y: 0, width: 0, height: 0),
                        1e-9, "bounds e \(e)")
        }
    }

    @Test("nesting: a group (begin 1, speed 2, duration 2) in a group; its child (begin 0.5, d 1) runs at outer time 1.25 … 1.75")
    func nesting() throws {
        let (engine, layer) = try probeLayer()
        var child = basic("value", from: 0, to: 10, duration: 1)
        child.timing.beginTime = 0.5
        var inner = group([child], duration: 2)
        inner.timing.beginTime = 1
        inner.timing.speed = 2
        let outer = group([inner], duration: 4)
        #expect(outer.groupDepth == 2)
        let elapsed = (0...(16 * 5)).map { Double($0) / 32 }
        let values = try run(engine, layer, outer, at: elapsed)
        for (k, e) in elapsed.enumerated() {
            let innerTime = (e - 1) * 2
            let expected = innerTime >= 0.5 && innerTime < 1.5 ? 10 * (innerTime - 0.5) : modelValue
            expectNear(values[k], expected, 1e-9, "e \(e)")
        }
    }

    /// `levels` groups around a basic child (duration 0: each spans its parent), the outermost
    /// lasting 1 s.
    private func nested(_ levels: Int) -> Animation {
        var animation = basic("value", from: 0, to: 10, duration: 0)
        for _ in 0..<levels { animation = Animation.group([animation]) }
        animation.timing.duration = 1
        return animation
    }

    @Test("16 nested groups work (zero durations span all the way down); 17 throw .outOfRange naming the field")
    func depthLimit() throws {
        #expect(GroupParameters.maximumDepth == 16)
        let (engine, layer) = try probeLayer()
        let deepest = nested(16)
        #expect(deepest.groupDepth == 16)
        let values = try run(engine, layer, deepest, at: [0.25, 0.5, 1])
        expectNear(values[0], 2.5, 1e-9, "a quarter through, 16 groups down")
        expectNear(values[1], 5, 1e-9)
        expectNear(values[2], modelValue, 0)

        let tooDeep = nested(17)
        #expect(tooDeep.groupDepth == 17)
        expectError(.outOfRange, naming: "animations", "add") { try engine.addAnimation(tooDeep, forKey: "deep", to: layer) }
        expectError(.outOfRange, naming: "animation.animations", "validate") { try tooDeep.validate() }
        expectError(.outOfRange, naming: "kids") { try GroupParameters.checkChildren([nested(16)], "kids") }
        try GroupParameters.checkChildren([nested(15)], "kids")
        #expect(try engine.animationKeys(of: layer).isEmpty)
        // A bad child is named by its index.
        var bad = basic("value", from: 0, to: 1)
        bad.timing.speed = .nan
        expectError(.notFinite, naming: "animation.animations[1].timing") {
            try engine.addAnimation(group([basic("value", from: 0, to: 1), bad], duration: 1), forKey: "bad", to: layer)
        }
        var keyframeChild = Animation.keyframe("value", values: [])
        keyframeChild.timing.duration = 1
        expectError(.invalidArgument, naming: "animation.animations[0].values") {
            try engine.addAnimation(group([keyframeChild], duration: 1), forKey: "bad", to: layer)
        }
        expectError(.notAnimatable, naming: "nope") {
            try engine.addAnimation(group([basic("nope", from: 0, to: 1)], duration: 1), forKey: "bad", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty, "nothing added")
    }

    @Test("only the group's delegate is told: did-start and did-stop(finished: true) once each; children's delegates never")
    func delegates() throws {
        let (engine, layer) = try probeLayer()
        let groupLog = Log<CallbackRecord>()
        let childLog = Log<CallbackRecord>()
        let ticks = TickCounter()
        var first = basic("value", from: 0, to: 1, duration: 0.5)
        first.delegate = recordingDelegate(childLog, ticks)
        var second = basic("opacity", from: 0, to: 1, duration: 2)  // clipped at 1
        second.delegate = recordingDelegate(childLog, ticks)
        var g = group([first, second], duration: 1)
        g.delegate = recordingDelegate(groupLog, ticks)
        try engine.addAnimation(g, forKey: "g", to: layer)
        for k in 0...24 {
            ticks.advance()
            try engine.tick(10 + Double(k) / 16)
        }
        #expect(groupLog.all == [
            CallbackRecord(kind: .start, key: "g", layer: layer, tick: 1),
            CallbackRecord(kind: .stop(finished: true), key: "g", layer: layer, tick: 17),
        ])
        #expect(childLog.all.isEmpty, "children's delegates: \(childLog.all)")

        // Removed early: did-stop(finished: false), once; still nothing for the children.
        groupLog.clear()
        try engine.addAnimation(g, forKey: "g", to: layer)
        ticks.advance()
        try engine.tick(20)
        try engine.tick(20.25)
        try engine.removeAnimation(forKey: "g", from: layer)
        ticks.advance()
        try engine.tick(20.5)
        try engine.tick(22)
        #expect(groupLog.all.map(\.kind) == [.start, .stop(finished: false)])
        #expect(childLog.all.isEmpty)
    }

    @Test("a child's isRemovedOnCompletion false (and fill forwards) keeps nothing once the group is removed at its end")
    func childRemovedOnCompletionIgnored() throws {
        let (engine, layer) = try probeLayer()
        var child = basic("value", from: 0, to: 10, duration: 0.5)
        child.isRemovedOnCompletion = false
        child.timing.fillMode = .forwards
        let values = try run(engine, layer, group([child], duration: 1), at: [0.25, 0.75, 1, 2])
        expectNear(values[0], 5, 1e-9)
        expectNear(values[1], 10, 1e-9, "the child fills forwards inside the group")
        expectNear(values[2], modelValue, 0, "gone with the group")
        expectNear(values[3], modelValue, 0)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("fill modes at both levels: a child's backwards/forwards fill inside the group; the group's fill outside it")
    func fillBothLevels() throws {
        func child(_ fill: FillMode) -> Animation {
            var child = basic("value", from: 10, to: 20, duration: 1)
            child.timing.beginTime = 0.5
            child.timing.fillMode = fill
            return child
        }
        let elapsed = steps(to: 3)
        for fill in FillMode.allCases {
            // Inside a 2 s group that does not fill: the child's own fill before 0.5 and after 1.5.
            let (engine, layer) = try probeLayer()
            let values = try run(engine, layer, group([child(fill)], duration: 2), at: elapsed)
            for (k, e) in elapsed.enumerated() {
                let expected: Double
                if e >= 2 { expected = modelValue }
                else if e < 0.5 { expected = fill.fillsBackwards ? 10 : modelValue }
                else if e < 1.5 { expected = 10 + 10 * (e - 0.5) }
                else { expected = fill.fillsForwards ? 20 : modelValue }
                expectNear(values[k], expected, 1e-9, "child fill \(fill.name), e \(e)")
            }
        }
        for fill in FillMode.allCases {
            // A group beginning at layer time 12, filling both ways and kept: before its begin the
            // children see group time 0, after its end group time 2 — each child then follows
            // its own fill.
            let (engine, layer) = try probeLayer()
            var g = group([child(fill)], duration: 2)
            g.timing.beginTime = 12
            g.timing.fillMode = .both
            g.isRemovedOnCompletion = false
            let values = try run(engine, layer, g, at: [0, 1, 2, 2.25, 3, 3.75, 4, 6])
            let expected: [Double] = [
                fill.fillsBackwards ? 10 : modelValue, fill.fillsBackwards ? 10 : modelValue, fill.fillsBackwards ? 10 : modelValue,
                fill.fillsBackwards ? 10 : modelValue, 15, fill.fillsForwards ? 20 : modelValue,
                fill.fillsForwards ? 20 : modelValue, fill.fillsForwards ? 20 : modelValue,
            ]
            for (k, value) in values.enumerated() { expectNear(value, expected[k], 1e-9, "group fills both, child \(fill.name), value \(k)") }
        }
    }

    @Test("children that end with the group (same duration, or duration 0) show their end value while the group fills forwards")
    func childrenEndingWithTheGroup() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 5, y: 6), forKeyPath: "position", of: layer)
        var g = group([
            basic("position", from: XY(0, 0).value, to: XY(100, 200).value, duration: 2),
            basic("opacity", from: 0, to: 0.5, duration: 0),  // spans the group
        ], duration: 2)
        g.timing.fillMode = .forwards
        g.isRemovedOnCompletion = false
        try engine.addAnimation(g, forKey: "g", to: layer)
        try engine.tick(10)
        for e in [0, 1, 1.9375, 2, 2.5, 10] {
            try engine.tick(10 + e)
            // "After the group's end with group fill forwards the children show their value at
            // group time 2" (reference §6.6): here, each child's end value.
            let t = min(e, 2) / 2
            expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(100 * t, 200 * t), 1e-9, "position e \(e)")
            expectNear(try presented(engine, "opacity", layer), 0.5 * t, 1e-9, "opacity e \(e)")
        }
    }

    @Test("removing the group removes every child's effect in the same tick")
    func removal() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 5, y: 6), forKeyPath: "position", of: layer)
        try engine.setValue(.scalar(0.9), forKeyPath: "opacity", of: layer)
        // Children longer than the group (clipped at 1 s): group time t shows (100t, 200t), 1 − t/2.
        var g = group([
            basic("position", from: XY(0, 0).value, to: XY(200, 400).value, duration: 2),
            basic("opacity", from: 1, to: 0, duration: 2),
        ], duration: 1)
        g.timing.fillMode = .forwards
        g.isRemovedOnCompletion = false
        try engine.addAnimation(g, forKey: "g", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(50, 100), 1e-9)
        expectNear(try presented(engine, "opacity", layer), 0.75, 1e-9)
        try engine.removeAnimation(forKey: "g", from: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(10.5625)
        expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(5, 6), 0, "position back to the model")
        expectNear(try presented(engine, "opacity", layer), 0.9, 0, "opacity back to the model")

        // Also after the end, while filling forwards.
        try engine.addAnimation(g, forKey: "g", to: layer)
        try engine.tick(11)
        try engine.tick(13)
        expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(100, 200), 1e-9, "held")
        expectNear(try presented(engine, "opacity", layer), 0.5, 1e-9, "held")
        try engine.removeAnimation(forKey: "g", from: layer)
        try engine.tick(13.0625)
        expectPoint(try engine.presentationValue(forKeyPath: "position", of: layer), XY(5, 6), 0)
        expectNear(try presented(engine, "opacity", layer), 0.9, 0)
    }

    @Test("replacing a group under the same key: the old group's children all stop (did-stop false), the new one's run")
    func replacement() throws {
        let (engine, layer) = try probeLayer()
        let oldLog = Log<CallbackRecord>()
        let newLog = Log<CallbackRecord>()
        let ticks = TickCounter()
        var old = group([basic("value", from: 0, to: 10, duration: 1), basic("opacity", from: 0, to: 1, duration: 1)], duration: 1)
        old.delegate = recordingDelegate(oldLog, ticks)
        try engine.addAnimation(old, forKey: "g", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        expectNear(try presented(engine, "value", layer), 5, 1e-9)
        expectNear(try presented(engine, "opacity", layer), 0.5, 1e-9)
        var new = group([basic("value", from: 100, to: 200, duration: 2)], duration: 2)
        new.delegate = recordingDelegate(newLog, ticks)
        try engine.addAnimation(new, forKey: "g", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["g"])
        #expect(try engine.animation(forKey: "g", of: layer)?.group?.animations.count == 1)
        try engine.tick(10.5)  // commits the new group: begin 10.5
        expectNear(try presented(engine, "value", layer), 100, 1e-9, "the new group from its start")
        expectNear(try presented(engine, "opacity", layer), 1, 0, "the old group's opacity child is gone (model 1)")
        try engine.tick(11.5)
        expectNear(try presented(engine, "value", layer), 150, 1e-9)
        try engine.tick(12.5)
        expectNear(try presented(engine, "value", layer), modelValue, 0)
        #expect(oldLog.all.map(\.kind) == [.start, .stop(finished: false)])
        #expect(newLog.all.map(\.kind) == [.start, .stop(finished: true)])
    }

    @Test("a group holding a keyframe child along a path with rotation auto (spanning the group) and an opacity child")
    func keyframePathChild() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.setValue(.point(x: 5, y: 6), forKeyPath: "position", of: layer)
        let (p0, c1, c2, p1) = (XY(0, 150), XY(75, 0), XY(225, 300), XY(300, 150))
        var path = Path()
        path.move(x: p0.x, y: p0.y)
        path.addCurve(c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: p1.x, y: p1.y)
        var along = Animation.keyframe("position", path: path)
        along.keyframe?.rotationMode = .auto
        let fade = basic("opacity", from: 1, to: 0, duration: 1)
        var g = group([along, fade], duration: 2)
        g.timing.speed = 2  // the 2 s group plays in 1 s
        try engine.addAnimation(g, forKey: "g", to: layer)
        try engine.tick(10)
        for k in 0...20 {
            let e = Double(k) / 16
            try engine.tick(10 + e)
            let position = try engine.presentationValue(forKeyPath: "position", of: layer)
            let transform = matrix(try engine.presentationValue(forKeyPath: "transform", of: layer))
            let opacity = try presented(engine, "opacity", layer)
            guard e < 1 else {
                expectPoint(position, XY(5, 6), 0, "model position after the group (e \(e))")
                expectMatrix(transform, identityMatrix, 0, "model transform after the group")
                expectNear(opacity, 1, 0)
                continue
            }
            let u = e  // group time 2e over the child's 2 s
            let angle = cubicBezierTangent(p0, c1, c2, p1, u).angle
            expectPoint(position, cubicBezier(p0, c1, c2, p1, u), 1e-9, "position e \(e)")
            expectMatrix(transform, rotationZ(angle), 1e-9, "transform e \(e)")
            expectNear(try presented(engine, "transform.rotation.z", layer), angle, 1e-9, "rotation e \(e)")
            expectNear(opacity, e < 0.5 ? 1 - 2 * e : 1, 1e-9, "opacity e \(e) (its 1 s of group time is 0.5 s)")
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("animation(forKey:of:) reads a group back: kind, timing, and each child with its parameters")
    func readBack() throws {
        let (engine, layer) = try probeLayer()
        var path = Path()
        path.addRect(x: 0, y: 0, width: 10, height: 10)
        var along = Animation.keyframe("position", path: path, calculationMode: .paced)
        along.keyframe?.rotationMode = .auto
        along.timing.beginTime = 0.25
        var inner = group([basic("value", from: 1, to: 2, duration: 0.5)], duration: 1)
        inner.timing.speed = 3
        var g = group([along, inner], duration: 2)
        g.timing.fillMode = .backwards
        g.timingFunction = .easeIn
        try engine.addAnimation(g, forKey: "g", to: layer)
        let read = try #require(try engine.animation(forKey: "g", of: layer))
        #expect(read.kindTag == .group && read.keyframe == nil && read.basic == nil)
        #expect(read.groupDepth == 2)
        #expect(read.timing.duration == 2 && read.timing.fillMode == .backwards && read.timingFunction == .easeIn)
        let children = try #require(read.group?.animations)
        #expect(children.count == 2)
        #expect(children[0].kindTag == .keyframe && children[0].keyPath == "position")
        #expect(children[0].keyframe?.path == path && children[0].keyframe?.calculationMode == .paced)
        #expect(children[0].keyframe?.rotationMode == .auto && children[0].timing.beginTime == 0.25)
        #expect(children[1].kindTag == .group && children[1].timing.speed == 3)
        #expect(children[1].group?.animations.first?.basic?.toValue == .scalar(2))
        #expect(AnimationKindTag.group.rawValue == 2 && AnimationKindTag.keyframe.rawValue == 1 && AnimationKindTag.basic.rawValue == 0)
    }

    @Test("a group's timing function re-times its children: child value = its value at f(progress) × duration")
    func groupTimingFunction() throws {
        let (engine, layer) = try probeLayer()
        var eased = group([basic("value", from: 0, to: 10, duration: 2)], duration: 2)
        eased.timingFunction = .easeIn
        let elapsed = steps(to: 1.9375)
        let values = try run(engine, layer, eased, at: elapsed)
        for (k, e) in elapsed.enumerated() {
            expectNear(values[k], 10 * referenceBezierValue(x1: 0.42, y1: 0, x2: 1, y2: 1, at: e / 2), 1e-6, "e \(e)")
        }

        // The transaction's timing function does not re-time a group (it has none of its own).
        let (engine2, layer2) = try probeLayer()
        try engine2.beginTransaction()
        try engine2.modifyTransaction { $0.timingFunction = .easeIn }
        try engine2.addAnimation(group([basic("value", from: 0, to: 10, duration: 2)], duration: 2), forKey: "g", to: layer2)
        try engine2.commitTransaction()
        try engine2.tick(10)
        #expect(try engine2.animation(forKey: "g", of: layer2)?.timingFunction == nil)
        try engine2.tick(10.5)
        expectNear(try presented(engine2, "value", layer2), 2.5, 1e-9, "linear group time at 0.5")
        try engine2.tick(11)
        expectNear(try presented(engine2, "value", layer2), 5, 1e-9, "linear group time at 1")
    }

    @Test("a repeating child cut off by the group's end on one of its cycle boundaries holds that cycle's end while the group fills forwards")
    func cutOffOnCycleBoundary() throws {
        let (engine, layer) = try probeLayer()
        var child = basic("value", from: 0, to: 1, duration: 0.5)
        child.timing.repeatCount = 4
        var held = group([child], duration: 1)
        held.timing.fillMode = .forwards
        held.isRemovedOnCompletion = false
        let values = try run(engine, layer, held, at: [0.25, 0.75, 0.99, 1, 1.5, 10])
        expectNear(values[0], 0.5, 1e-9, "first cycle")
        expectNear(values[1], 0.5, 1e-9, "second cycle")
        expectNear(values[2], 0.98, 1e-9, "just before the end")
        for k in 3..<6 { expectNear(values[k], 1, 1e-9, "held at the group's end (k \(k))") }
    }

    @Test("one add makes at most EngineState.maximumRecordsPerAdd records: a larger group of groups is refused and adds nothing")
    func recordsPerAddBounded() throws {
        let (engine, layer) = try probeLayer()
        let leaves = Animation.group(Array(repeating: basic("value", from: 0, to: 1), count: 300))
        let big = Animation.group(Array(repeating: leaves, count: 300))
        do {
            try engine.addAnimation(big, forKey: "g", to: layer)
            Issue.record("a group of 90 000 animations was added")
        } catch {
            #expect(error.code == .outOfRange)
            #expect(error.message.contains("animation holds 90301 animations"), "\(error.message)")
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
        try engine.tick(10)
        #expect(try presented(engine, "value", layer) == modelValue)
    }

    @Test("a transaction's completion counts a group once: finished at the group's end, not finished when it is removed")
    func transactionCompletionCountsTheGroupOnce() throws {
        for removeEarly in [false, true] {
            let (engine, layer) = try probeLayer()
            let calls = Log<(finished: Bool, time: Double)>()
            try engine.tick(10)
            try engine.beginTransaction()
            try engine.addCompletion(TransactionCompletion { engine, finished in calls.add((finished, engine.currentTime)) })
            let children = [basic("value", from: 0, to: 1, duration: 0.5), basic("zPosition", from: 0, to: 1, duration: 0)]
            try engine.addAnimation(group(children, duration: 1), forKey: "g", to: layer)
            try engine.commitTransaction()
            try engine.tick(10.25)  // the commit: the group runs from 10.25 to 11.25
            try engine.tick(10.5)
            if removeEarly { try engine.removeAnimation(forKey: "g", from: layer) }
            for k in 1...20 { try engine.tick(10.5 + Double(k) / 16) }
            #expect(calls.count == 1, "one completion (remove early: \(removeEarly))")
            #expect(calls.all.first?.finished == !removeEarly)
            if !removeEarly { expectNear(calls.all.first?.time, 11.25, 1e-9, "at the group's end, not its first child's") }
        }
    }
}


/// Fuzz finding 002: a group holding the same child several times is a tree of children^depth
/// animations built in a few cheap calls; checking or refusing it must not walk the tree.
@Suite("Groups of groups, checked without walking them")
struct GroupTreeSizeTests {
    @Test("a tree of 5^16 animations is refused at once, and its depth and size are known")
    func hugeTree() throws {
        var tree = Animation.basic("opacity", to: .scalar(1))
        for _ in 0..<15 { tree = .group(Array(repeating: tree, count: 5)) }
        #expect(tree.groupDepth == 15)
        #expect(tree.animationCount == Int(Int32.max), "saturated")
        let clock = ContinuousClock()
        let start = clock.now
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        expectError(.outOfRange, "5^15 leaves") { try engine.addAnimation(tree, forKey: "tree", to: layer) }
        expectError(.outOfRange, "one level more") { try engine.addAnimation(.group([tree]), forKey: "tree", to: layer) }
        #expect(clock.now - start < .seconds(1), "refused without walking the tree")
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("counts: a group and every animation inside it")
    func counts() throws {
        let leaf = Animation.basic("opacity", to: .scalar(1))
        let inner = Animation.group([leaf, leaf, leaf])
        #expect(inner.animationCount == 4 && inner.groupDepth == 1)
        var outer = Animation.group([inner, leaf, inner])
        #expect(outer.animationCount == 10 && outer.groupDepth == 2)
        outer.group?.animations.append(leaf)
        #expect(outer.animationCount == 11)
        #expect(leaf.animationCount == 1 && leaf.groupDepth == 0)
    }
}
