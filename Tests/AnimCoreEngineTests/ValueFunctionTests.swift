import Testing

@testable import AnimCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Value functions (CAValueFunction, reference geometry §7): the animation's numbers or
/// vector3s are interpolated as numbers are, then the function builds the transform the
/// property shows. Expected matrices are written out from the textbook formulas
/// (`rotationZ`, `scaleMatrix`, `translationMatrix`), not taken from the core.
@Suite("Value functions")
struct ValueFunctionTests {
    /// Adds `animation` to a fresh layer whose model transform is `model` (committed at host
    /// time 10: begin 10) and returns the presentation transform at each elapsed time (s).
    private func run(
        _ animation: Animation, model: Transform3D = identityMatrix, at elapsed: [Double], lane: Bool = true
    ) throws -> [Transform3D?] {
        let engine = Engine()
        engine.setSteadyLaneEnabled(lane)
        let layer = try engine.makeLayerHandle()
        try quietly(engine) { try engine.setValue(.transform3D(model), forKeyPath: "transform", of: layer) }
        try engine.tick(9)
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10)
        var out: [Transform3D?] = []
        for e in elapsed {
            try engine.tick(10 + e)
            out.append(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)))
        }
        return out
    }

    /// A basic animation of "transform" with `function`, duration 1, kept at its end.
    private func transformAnimation(
        _ function: ValueFunction?, from: Value? = nil, to: Value? = nil, by: Value? = nil
    ) -> Animation {
        var animation = basic("transform", from: from, to: to, by: by, duration: 1)
        animation.valueFunction = function
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }

    @Test("rotateZ from 0 to 2π turns once: a quarter turn at each quarter; a matrix animation of the same ends stands still")
    func rotateZTurnsOnce() throws {
        let quarters = [0.25, 0.5, 0.75, 1.0]
        let turned = try run(transformAnimation(.rotateZ, from: .scalar(0), to: .scalar(2 * .pi)), at: quarters)
        for (e, shown) in zip(quarters, turned) {
            expectMatrix(shown, rotationZ(2 * .pi * e), 1e-12, "rotateZ at \(e)")
        }
        expectMatrix(turned[0], rotationZ(.pi / 2), 1e-12, "a rotation by π/2 at t = 0.25")
        let still = try run(
            transformAnimation(nil, from: .transform3D(rotationZ(0)), to: .transform3D(rotationZ(2 * .pi))), at: [0.25])
        expectMatrix(still[0], identityMatrix, 1e-12, "matrix interpolation of 0 → 2π")
    }

    @Test("the steady lane and the general walk show the same matrices to the bit")
    func laneMatchesWalk() throws {
        let times = (1...16).map { Double($0) / 16 }
        var eased = transformAnimation(.rotateZ, from: .scalar(0), to: .scalar(3 * .pi))
        eased.timingFunction = .easeInEaseOut
        var additive = transformAnimation(.translate, by: .vector3(x: 10, y: 20, z: 30))
        additive.isAdditive = true
        for animation in [eased, additive] {
            let model = Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1)
            let walked = try run(animation, model: model, at: times, lane: false)
            let laned = try run(animation, model: model, at: times, lane: true)
            #expect(walked == laned, "\(animation.valueFunction?.name ?? "")")
        }
    }

    @Test("scale takes a vector3: (1, 1, 1) → (3, 5, 2) is scale(2, 3, 1.5) half way")
    func scaleVector() throws {
        let shown = try run(
            transformAnimation(.scale, from: .vector3(x: 1, y: 1, z: 1), to: .vector3(x: 3, y: 5, z: 2)), at: [0.5, 1])
        expectMatrix(shown[0], scaleMatrix(2, 3, 1.5), 1e-12, "half way")
        expectMatrix(shown[1], scaleMatrix(3, 5, 2), 1e-12, "end")
    }

    @Test("translateX with by: from 10 by 100, and by alone from the transform's translation.x underneath")
    func translateXBy() throws {
        let fromBy = try run(transformAnimation(.translateX, from: .scalar(10), by: .scalar(100)), at: [0.5])
        expectMatrix(fromBy[0], translationMatrix(60, 0, 0), 1e-12, "from 10 by 100, half way")
        // By alone: underneath → underneath + by, the number underneath being the model's
        // translation.x (30); the built translation replaces the whole transform (its y too).
        let byAlone = try run(
            transformAnimation(.translateX, by: .scalar(100)), model: translationMatrix(30, 40, 0), at: [0.5, 1])
        expectMatrix(byAlone[0], translationMatrix(80, 0, 0), 1e-12, "by alone, half way")
        expectMatrix(byAlone[1], translationMatrix(130, 0, 0), 1e-12, "by alone, end")
    }

    @Test("to alone starts from the rotation.z of the transform underneath")
    func toAloneReadsUnderneath() throws {
        let shown = try run(transformAnimation(.rotateZ, to: .scalar(1.5)), model: rotationZ(0.5), at: [0.5])
        expectMatrix(shown[0], rotationZ(1.0), 1e-12)
    }

    @Test("keyframes through 0, π, 3π with rotateZ: linear segments of angle, past π")
    func keyframes() throws {
        var animation = Animation.keyframe("transform", values: [.scalar(0), .scalar(.pi), .scalar(3 * .pi)])
        animation.valueFunction = .rotateZ
        animation.timing.duration = 1
        let times = [0.25, 0.625, 0.875]
        let shown = try run(animation, at: times)
        // Segment 0 covers [0, 0.5] (0 → π), segment 1 [0.5, 1] (π → 3π).
        for (e, angle) in zip(times, [Double.pi / 2, 1.5 * .pi, 2.5 * .pi]) {
            expectMatrix(shown[times.firstIndex(of: e)!], rotationZ(angle), 1e-12, "at \(e)")
        }
    }

    @Test("a group's child with rotateZ turns in the group's time, in the lane and in the general walk alike")
    func groupChild() throws {
        var child = basic("transform", from: .scalar(0), to: .scalar(2 * .pi), duration: 1)
        child.valueFunction = .rotateZ
        var group = Animation.group([child])
        group.timing.duration = 2
        group.timing.speed = 2  // the child's second is half a layer second
        let times = [0.125, 0.375]
        let laned = try run(group, at: times, lane: true)
        let walked = try run(group, at: times, lane: false)
        expectMatrix(laned[0], rotationZ(.pi / 2), 1e-12, "a quarter of the child")
        expectMatrix(laned[1], rotationZ(1.5 * .pi), 1e-12, "three quarters")
        #expect(laned == walked)
    }

    @Test("additive: the built matrix is applied first, then the transform underneath")
    func additive() throws {
        var animation = transformAnimation(.rotateZ, from: .scalar(0), to: .scalar(.pi / 2))
        animation.isAdditive = true
        let shown = try run(animation, model: translationMatrix(100, 0, 0), at: [0.5])
        // rotate(π/4) then translate(100, 0, 0): the rotation's block with the translation row.
        var expected = rotationZ(.pi / 4)
        expected.m41 = 100
        expectMatrix(shown[0], expected, 1e-12)
    }

    @Test("cumulative repeats add the number: a second cycle of 0 → π continues to 2π")
    func cumulative() throws {
        var animation = transformAnimation(.rotateZ, from: .scalar(0), to: .scalar(.pi))
        animation.isCumulative = true
        animation.timing.repeatCount = 2
        let shown = try run(animation, at: [1.5])
        expectMatrix(shown[0], rotationZ(1.5 * .pi), 1e-12)
    }

    @Test("a spring with rotateZ moves the angle as the same spring moves a number")
    func spring() throws {
        let (engine, layer) = try probe()
        let spring = Spring(mass: 1, stiffness: 120, damping: 8)
        var turning = Animation.spring("transform", from: .scalar(0), to: .scalar(2 * .pi), spring: spring)
        turning.valueFunction = .rotateZ
        let number = Animation.spring("value", from: .scalar(0), to: .scalar(2 * .pi), spring: spring)
        try engine.addAnimation(turning, forKey: "turn", to: layer)
        try engine.addAnimation(number, forKey: "number", to: layer)
        try engine.tick(10)
        for e in [0.05, 0.2, 0.4, 0.9] {
            try engine.tick(10 + e)
            let angle = try #require(try presented(engine, "value", layer))
            expectMatrix(matrix(try engine.presentationValue(forKeyPath: "transform", of: layer)), rotationZ(angle), 1e-12, "at \(e)")
        }
    }

    @Test("an animator continues a value-function turn with its angle: scrubbed to 0.75 of 0 → 2π, continued to 2π")
    func animatorContinuesTheAngle() throws {
        let engine = Engine()
        let layer = try engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timingFunction: .linear)
        var turn = Animation.basic("transform", from: .scalar(0), to: .scalar(2 * .pi))
        turn.valueFunction = .rotateZ
        try animator.add(turn, to: layer, forKey: "turn")
        try animator.pauseAnimation()
        try animator.setFractionComplete(0.75)
        try engine.tick(0.1)
        let shown = { () throws -> Transform3D? in matrix(try layer.presentationValue(forKeyPath: "transform")) }
        expectMatrix(try shown(), rotationZ(1.5 * .pi), 1e-12, "scrubbed")
        try animator.continueAnimation(timingFunction: .linear)
        try engine.tick(0.1)
        expectMatrix(try shown(), rotationZ(1.5 * .pi), 1e-12, "no jump")
        // Half of the 0.25 s left: the angle 1.75π (read back from the matrix, 1.5π is −π/2,
        // and a continuation from there would be at 0.75π).
        try engine.tick(0.225)
        expectMatrix(try shown(), rotationZ(1.75 * .pi), 1e-9, "half way on")
    }

    @Test("an affineTransform property takes the 2D functions; keepsFinalValue keeps the built matrix")
    func affineAndFinalValue() throws {
        let engine = Engine()
        let shape = try engine.makeLayerClass(
            name: "Shape", properties: [PropertyDescriptor("shear", default: .affineTransform(.identity))])
        let layer = try engine.makeLayerHandle(shape)
        var animation = basic("shear", from: .scalar(0), to: .scalar(.pi / 2), duration: 1)
        animation.valueFunction = .rotateZ
        animation.keepsFinalValue = true
        try engine.addAnimation(animation, forKey: "k", to: layer)
        try engine.tick(10)
        try engine.tick(10.5)
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        expectValue(
            try engine.presentationValue(forKeyPath: "shear", of: layer),
            .affineTransform(AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)), 1e-12, "half way")
        try engine.tick(12)
        expectValue(
            try engine.value(forKeyPath: "shear", of: layer),
            .affineTransform(AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)), 1e-12, "kept in the model")
    }

    @Test("the description read back keeps its value function; names are Core Animation's")
    func readBackAndNames() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        try engine.addAnimation(transformAnimation(.scaleY, from: .scalar(1), to: .scalar(2)), forKey: "basic", to: layer)
        var keyframes = Animation.keyframe("transform", values: [.scalar(0), .scalar(1)])
        keyframes.valueFunction = .translateZ
        try engine.addAnimation(keyframes, forKey: "keyframes", to: layer)
        #expect(try engine.animation(forKey: "basic", of: layer)?.valueFunction == .scaleY)
        #expect(try engine.animation(forKey: "keyframes", of: layer)?.valueFunction == .translateZ)
        let names = ValueFunction.allCases.map(\.name)
        #expect(names == [
            "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX", "translateY",
            "translateZ",
        ])
        for function in ValueFunction.allCases { #expect(try ValueFunction(named: function.name) == function) }
    }

    @Test("unknown names, wrong kinds, wrong properties and wrong animation kinds are refused, naming the field")
    func refusals() throws {
        for name in ["", "spin", "RotateZ", "rotateZ "] {
            let error = #expect(throws: AnimCoreError.self) { try ValueFunction(named: name) }
            #expect(error?.code == .unknownName)
            #expect(error?.message.hasPrefix("valueFunction is \"\(name)\"") == true)
        }
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let shape = try engine.makeLayerClass(
            name: "Shape", properties: [PropertyDescriptor("shear", default: .affineTransform(.identity))])
        let shapeLayer = try engine.makeLayerHandle(shape)
        var onOpacity = basic("opacity", from: .scalar(0), to: .scalar(1))
        onOpacity.valueFunction = .rotateZ
        var onComponent = basic("transform.rotation.z", from: .scalar(0), to: .scalar(1))
        onComponent.valueFunction = .rotateZ
        var decay = Animation.decay("transform", from: .scalar(0), velocity: .scalar(1))
        decay.valueFunction = .rotateZ
        var group = Animation.group([])
        group.valueFunction = .rotateZ
        var line = Path()
        line.move(x: 0, y: 0)
        line.addLine(x: 1, y: 1)
        var path = Animation.keyframe("transform", path: line)
        path.valueFunction = .rotateZ
        var keyframeKind = Animation.keyframe("transform", values: [.scalar(0), .vector3(x: 0, y: 0, z: 0)])
        keyframeKind.valueFunction = .rotateZ
        var rotateX = basic("shear", from: .scalar(0), to: .scalar(1))
        rotateX.valueFunction = .rotateX
        let cases: [(Animation, LayerID, AnimCoreError.Code, String)] = [
            (transformAnimation(.rotateZ, from: .vector3(x: 0, y: 0, z: 0), to: .scalar(1)), layer, .wrongKind,
             "animation.fromValue is a vector3 but animation.valueFunction rotateZ takes scalar values"),
            (transformAnimation(.scale, to: .scalar(2)), layer, .wrongKind, "animation.toValue is a scalar"),
            (onOpacity, layer, .wrongKind, "animation.valueFunction is rotateZ but animation.keyPath \"opacity\""),
            (onComponent, layer, .wrongKind, "animation.valueFunction is rotateZ but animation.keyPath \"transform.rotation.z\""),
            (decay, layer, .invalidArgument, "animation.valueFunction is rotateZ on a decay animation"),
            (group, layer, .invalidArgument, "animation.valueFunction is rotateZ on a group animation"),
            (path, layer, .invalidArgument, "animation.valueFunction is rotateZ on a keyframe animation along a path"),
            (keyframeKind, layer, .wrongKind, "animation.values[1] is a vector3"),
            (rotateX, shapeLayer, .wrongKind, "animation.valueFunction is rotateX, a 3D transform"),
        ]
        for (animation, target, code, prefix) in cases {
            let error = #expect(throws: AnimCoreError.self) { try engine.addAnimation(animation, forKey: "k", to: target) }
            #expect(error?.code == code, "\(prefix)")
            #expect(error?.message.hasPrefix(prefix) == true, "\(error?.message ?? "") should start with \(prefix)")
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test("setValueFunction(named:) sets, removes, and refuses an unknown name or a decay at once, changing nothing")
    func setByName() throws {
        var animation = Animation.basic("transform")
        try animation.setValueFunction(named: "translate")
        #expect(animation.valueFunction == .translate)
        let unknown = #expect(throws: AnimCoreError.self) { try animation.setValueFunction(named: "") }
        #expect(unknown?.code == .unknownName)
        #expect(animation.valueFunction == .translate)
        try animation.setValueFunction(named: nil)
        #expect(animation.valueFunction == nil)
        var decay = Animation.decay("transform")
        let refused = #expect(throws: AnimCoreError.self) { try decay.setValueFunction(named: "rotateZ") }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.message.hasPrefix("animation.valueFunction is rotateZ on a decay animation") == true)
        #expect(decay.valueFunction == nil)
    }
}
