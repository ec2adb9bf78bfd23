#if canImport(Glibc)
import Glibc
#endif
import Testing

import AnimCore
import AnimCoreTestSupport

/// The built-in classes (reference core-animation-geometry.md §1.5, §4, §5): fixed handles,
/// lookup by name, defaults and animatable flags, subclassing, and the render list of
/// replicators (the spinner of §5.3, nesting, the limits) and transform layers.
@Suite("Swift API: built-in classes")
struct BuiltInClassTests {
    /// A layer of `layerClass` with bounds (0, 0, w, h) at `position`, under `parent`.
    static func layer(
        _ engine: Engine, _ layerClass: LayerClassID, _ width: Double, _ height: Double, at position: Point,
        in parent: Layer? = nil
    ) throws -> Layer {
        let layer = try engine.makeLayer(layerClass)
        try layer.setValue(Rect(x: 0, y: 0, width: width, height: height), for: .bounds)
        try layer.setValue(position, for: .position)
        try parent?.addSublayer(layer)
        return layer
    }

    static func entries(_ list: RenderList) -> [RenderEntry] { list.withEntries { Array($0) } }

    /// `animation` running 1 s from its begin and held after its end (fill forwards, kept): the
    /// switch at its time 0.5 the instance-time tests use (C's `add_switch`).
    static func held(_ animation: Animation) -> Animation {
        var animation = animation
        animation.timing.duration = 1
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }

    static func map(_ m: Transform3D, _ x: Double, _ y: Double) -> Point {
        let w = x * m.m14 + y * m.m24 + m.m44
        return Point(x: (x * m.m11 + y * m.m21 + m.m41) / w, y: (x * m.m12 + y * m.m22 + m.m42) / w)
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var m = Transform3D.identity
        (m.m41, m.m42, m.m43) = (x, y, z)
        return m
    }

    @Test("built-in handles are the same in every engine; classes are found by name")
    func handles() throws {
        let engine = Engine(), other = Engine()
        let named: [(LayerClassID, String)] = [
            (.layer, "CALayer"), (.textLayer, "CATextLayer"), (.replicatorLayer, "CAReplicatorLayer"),
            (.transformLayer, "CATransformLayer"), (.shapeLayer, "CAShapeLayer"), (.gradientLayer, "CAGradientLayer"),
        ]
        #expect(LayerClassID.shapeLayer == LayerClassID(rawValue: 4) && LayerClassID.gradientLayer == LayerClassID(rawValue: 5))
        for (id, name) in named {
            #expect(try engine.layerClass(named: name) == id)
            #expect(try other.layerClass(named: name) == id)
            #expect(id.isBuiltIn)
        }
        #expect(throws: AnimCoreError.self) { try engine.layerClass(named: "CAShinyLayer") }
        #expect(throws: AnimCoreError.self) { try engine.makeLayerClass("CATransformLayer") }
        let custom = try engine.makeLayerClass("Spinner", superclass: .replicatorLayer)
        #expect(try engine.layerClass(named: "Spinner") == custom && !custom.isBuiltIn)
    }

    @Test("each class's properties: CALayer's first, then its own with Core Animation's defaults and flags")
    func properties() throws {
        let engine = Engine()
        let base = try engine.properties(of: .layer).count
        let text = try engine.properties(of: .textLayer)
        #expect(text.dropFirst(base).map(\.name) == [
            "fontSize", "foregroundColor", "string", "font", "alignmentMode", "truncationMode", "wrapped",
            "allowsFontSubpixelQuantization",
        ])
        #expect(text.dropFirst(base).map(\.isAnimatable) == [true, true, false, false, false, false, false, false])
        let replicator = try engine.properties(of: .replicatorLayer)
        #expect(replicator.dropFirst(base).filter { !$0.isAnimatable }.map(\.name) == ["preservesDepth"])
        #expect(replicator.count == base + 9)
        #expect(try engine.properties(of: .transformLayer).count == base)
        let label = try engine.makeLayer(.textLayer)
        #expect(try label.value(.fontSize) == 36)
        #expect(try label.value(.foregroundColor) == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(try label.value(.alignmentMode) == TextAlignmentMode.natural.rawValue)
        #expect(try label.value(.truncationMode) == TextTruncationMode.none.rawValue)
        #expect(try label.value(.isWrapped) == false)
        #expect(try label.value(.string) == Token.none)
        #expect(throws: AnimCoreError.self) { try label.setValue(5, for: .alignmentMode) }
        let copies = try engine.makeLayer(.replicatorLayer)
        #expect(try copies.value(.instanceCount) == 1 && copies.value(.instanceDelay) == 0)
        #expect(try copies.value(.instanceTransform) == .identity)
        #expect(try copies.value(.instanceColor) == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(try copies.value(.instanceAlphaOffset) == 0 && copies.value(.preservesDepth) == false)
        for bad: Int64 in [-1, Int64(LayerClassID.maxReplicatorInstances) + 1] {
            #expect(throws: AnimCoreError.self) { try copies.setValue(bad, for: .instanceCount) }
        }
        // A subclass carries its superclass's properties.
        let spinner = try engine.makeLayerClass(
            "Spinner", superclass: .replicatorLayer, properties: [PropertyDescriptor("speedFactor", default: .scalar(1))])
        #expect(try engine.makeLayer(spinner).value(.instanceCount) == 1)
    }

    @Test("a text layer's fontSize and foregroundColor animate")
    func textAnimates() throws {
        let engine = Engine()
        let label = try engine.makeLayer(.textLayer)
        try engine.tick(0)
        var grow = Animation.basic(.fontSize, from: 36, to: 72)
        grow.timing.duration = 1
        grow.timingFunction = .linear
        try label.add(grow, forKey: "grow")
        var tint = Animation.basic(.foregroundColor, to: Color(red: 0, green: 0, blue: 0, alpha: 1))
        tint.timing.duration = 1
        tint.timingFunction = .linear
        try label.add(tint, forKey: "tint")
        try engine.tick(0.5)
        try engine.tick(1)
        #expect(abs(try label.presentationValue(.fontSize) - 54) < 1e-9)
        #expect(abs(try label.presentationValue(.foregroundColor).red - 0.5) < 1e-9)
    }

    @Test("a shape layer's properties: Core Animation's defaults and flags, enum ranges, values kept as set")
    func shapeLayer() throws {
        let engine = Engine()
        let base = try engine.properties(of: .layer).count
        let own = try engine.properties(of: .shapeLayer).dropFirst(base)
        #expect(own.map(\.name) == [
            "path", "fillColor", "fillRule", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
            "lineCap", "lineJoin", "lineDashPhase", "lineDashPattern",
        ])
        #expect(own.filter { !$0.isAnimatable }.map(\.name) == ["fillRule", "lineCap", "lineJoin", "lineDashPattern"])
        let shape = try engine.makeLayer(.shapeLayer)
        #expect(try shape.value(.path) == Path())
        #expect(try shape.value(.fillColor) == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(try shape.value(.fillRule) == ShapeFillRule.nonZero.rawValue)
        #expect(try shape.value(.strokeColor) == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(try shape.value(.strokeStart) == 0 && shape.value(.strokeEnd) == 1)
        #expect(try shape.value(.lineWidth) == 1 && shape.value(.miterLimit) == 10)
        #expect(try shape.value(.lineCap) == ShapeLineCap.butt.rawValue)
        #expect(try shape.value(.lineJoin) == ShapeLineJoin.miter.rawValue)
        #expect(try shape.value(.lineDashPhase) == 0 && shape.value(.lineDashPattern) == [])
        for (name, highest) in [(PropertyName<Int64>.fillRule, ShapeFillRule.evenOdd.rawValue),
                                (.lineCap, ShapeLineCap.square.rawValue), (.lineJoin, ShapeLineJoin.bevel.rawValue)] {
            expectError(.outOfRange, containing: name.keyPath) { try shape.setValue(highest + 1, for: name) }
            expectError(.outOfRange, containing: name.keyPath) { try shape.setValue(-1, for: name) }
            try shape.setValue(highest, for: name)
            #expect(try shape.value(name) == highest)
        }
        // Kept as set: the host clamps the stroke range; no range is documented for the widths.
        try shape.setValue(1.5, for: .strokeEnd)
        try shape.setValue(-2, for: .lineWidth)
        #expect(try shape.value(.strokeEnd) == 1.5 && shape.value(.lineWidth) == -2)
        let circle = Path([.move(x: 10, y: 0), .line(x: 0, y: 10), .close])
        try shape.setValue(circle, for: .path)
        try shape.setValue([4, 2], for: .lineDashPattern)
        #expect(try shape.value(.path) == circle && shape.value(.lineDashPattern) == [4, 2])
        #expect(try shape.presentationValue(.path) == circle)
    }

    @Test("a shape layer's strokeEnd, fillColor and path animate")
    func shapeAnimates() throws {
        let engine = Engine()
        let shape = try engine.makeLayer(.shapeLayer)
        try engine.tick(0)
        var draw = Animation.basic(.strokeEnd, from: 0, to: 1)
        draw.timing.duration = 1
        draw.timingFunction = .linear
        try shape.add(draw, forKey: "draw")
        var fill = Animation.basic(.fillColor, to: Color(red: 1, green: 1, blue: 1, alpha: 1))
        fill.timing.duration = 1
        fill.timingFunction = .linear
        try shape.add(fill, forKey: "fill")
        try engine.tick(0.5)
        try engine.tick(0.75)
        #expect(abs(try shape.presentationValue(.strokeEnd) - 0.25) < 1e-9)
        #expect(abs(try shape.presentationValue(.fillColor).red - 0.25) < 1e-9)
        var morph = Animation.basic(
            .path, from: Path([.move(x: 0, y: 0), .line(x: 0, y: 0)]), to: Path([.move(x: 0, y: 0), .line(x: 1, y: 1)]))
        morph.timing.duration = 1
        morph.timingFunction = .linear
        try shape.add(morph, forKey: "morph")
        try engine.tick(1)
        try engine.tick(1.25)
        #expect(try shape.presentationValue(.path) == Path([.move(x: 0, y: 0), .line(x: 0.25, y: 0.25)]))
    }

    @Test("a gradient layer's properties: defaults, the type range, arrays kept, startPoint and colors animating")
    func gradientLayer() throws {
        let engine = Engine()
        let base = try engine.properties(of: .layer).count
        let own = try engine.properties(of: .gradientLayer).dropFirst(base)
        #expect(own.map(\.name) == ["colors", "locations", "startPoint", "endPoint", "type"])
        #expect(own.map(\.isAnimatable) == [true, true, true, true, false])
        let gradient = try engine.makeLayer(.gradientLayer)
        #expect(try gradient.value(.colors) == [] && gradient.value(.locations) == [])
        #expect(try gradient.value(.startPoint) == Point(x: 0.5, y: 0))
        #expect(try gradient.value(.endPoint) == Point(x: 0.5, y: 1))
        #expect(try gradient.value(.gradientType) == GradientType.axial.rawValue)
        expectError(.outOfRange, containing: "type") { try gradient.setValue(3, for: .gradientType) }
        try gradient.setValue(GradientType.conic.rawValue, for: .gradientType)
        let stops = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0.5)]
        try gradient.setValue(stops, for: .colors)
        try gradient.setValue([0.2, 0.8], for: .locations)
        #expect(try gradient.presentationValue(.colors) == stops && gradient.presentationValue(.locations) == [0.2, 0.8])
        try engine.tick(0)
        var sweep = Animation.basic(.startPoint, to: Point(x: 0.5, y: 1))
        sweep.timing.duration = 1
        sweep.timingFunction = .linear
        try gradient.add(sweep, forKey: "sweep")
        try engine.tick(0.5)
        try engine.tick(1)
        #expect(abs(try gradient.presentationValue(.startPoint).y - 0.5) < 1e-9)
        var fade = Animation.basic(.colors, from: [Color.clear, Color.clear], to: stops)
        fade.timing.duration = 1
        fade.timingFunction = .linear
        try gradient.add(fade, forKey: "fade")
        try engine.tick(1.5)
        try engine.tick(2)
        let half = [Color(red: 0.5, green: 0, blue: 0, alpha: 0.5), Color(red: 0, green: 0, blue: 0.5, alpha: 0.25)]
        #expect(try gradient.presentationValue(.colors) == half)
    }

    @Test("the spinner (§5.3): instance k turned k × 30° about the centre, its colour, its time t − k/12")
    func spinner() throws {
        let engine = Engine()
        let replicator = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let dot = try Self.layer(engine, .layer, 8, 8, at: Point(x: 50, y: 10), in: replicator)
        try replicator.setValue(12, for: .instanceCount)
        try replicator.setValue(Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1), for: .instanceTransform)
        try replicator.setValue(1.0 / 12, for: .instanceDelay)
        try replicator.setValue(-1.0 / 12, for: .instanceAlphaOffset)
        try engine.tick(0)
        var fade = Animation.basic(.opacity, from: 1, to: 0)
        fade.timing.duration = 1
        fade.timing.repeatCount = .infinity
        fade.timingFunction = .linear
        try dot.add(fade, forKey: "fade")
        try engine.tick(0)
        try engine.tick(0.5)
        let list = RenderList()
        try replicator.fillRenderList(list)
        let entries = Self.entries(list)
        #expect(entries.count == 13)
        for k in 0..<min(entries.count - 1, 12) {
            let entry = entries[1 + k]
            let angle = Double(k) * 2 * .pi / 12
            let centre = Self.map(entry.matrix, 4, 4)
            #expect(abs(centre.x - (50 + 40 * sin(angle))) < 1e-9 && abs(centre.y - (50 - 40 * cos(angle))) < 1e-9)
            #expect(entry.instanceIndex == Int32(k))
            #expect(abs(entry.instanceTimeShift - Double(k) / 12) < 1e-12)
            #expect(abs(entry.instanceColor.alpha - (1 - Double(k) / 12)) < 1e-12)
            #expect(abs(entry.opacity - (k <= 6 ? 0.5 + Double(k) / 12 : 1)) < 1e-9)
            #expect(list.layer(at: 1 + k) == dot)
        }
        // The tick's own presentation is instance 0's.
        #expect(abs(try dot.presentationValue(.opacity) - 0.5) < 1e-9)
        #expect(try replicator.hitTest(Point(x: 90, y: 50), presentation: false) == replicator)
    }

    @Test("a delayed instance reads its sublayers' hidden state and zPosition at its own time")
    func instanceOrderAtItsTime() throws {
        let engine = Engine()
        let replicator = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let blink = try Self.layer(engine, .layer, 8, 8, at: Point(x: 10, y: 10), in: replicator)
        let under = try Self.layer(engine, .layer, 8, 8, at: Point(x: 10, y: 10), in: replicator)
        try replicator.setValue(3, for: .instanceCount)
        try replicator.setValue(1.0, for: .instanceDelay)
        try engine.tick(0)
        // `blink` hides itself from its time 0.5 on; `under` rises above it from 0.5 on.
        let hide = Self.held(.keyframe(.isHidden, values: [false, true], keyTimes: [0, 0.5, 1], calculationMode: .discrete))
        let rise = Self.held(.keyframe(.zPosition, values: [0, 1], keyTimes: [0, 0.5, 1], calculationMode: .discrete))
        try blink.add(hide, forKey: "hide")
        try under.add(rise, forKey: "rise")
        try engine.tick(0)
        try engine.tick(1.2)
        let list = RenderList()
        func drawn() throws -> [Layer?] {
            try replicator.fillRenderList(list)
            return (0..<list.count).map { list.layer(at: $0) }
        }
        // Instance 0 at 1.2: blink hidden, under risen. Instance 1 at 0.2 and instance 2 at
        // −0.8 (before the begin: the model): both shown at z 0, in the order added.
        #expect(try drawn() == [replicator, under, blink, under, blink, under])
        #expect(Self.entries(list).map(\.instanceIndex) == [0, 0, 1, 1, 2, 2])
        // At 2.2 instances 0 and 1 hide blink; instance 2 (at 0.2) shows it.
        try engine.tick(2.2)
        #expect(try drawn() == [replicator, under, under, blink, under])
        // With instance 0 showing nothing, the others still draw: blink alone, hiding at 0.5.
        try under.removeFromSuperlayer()
        #expect(try drawn() == [replicator, blink])
        #expect(Self.entries(list).map(\.instanceIndex) == [0, 2])
    }

    @Test("a delayed instance reads its sublayers' masks and transitions at its own time")
    func instanceMaskAndTransitionAtItsTime() throws {
        let engine = Engine()
        let replicator = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let card = try Self.layer(engine, .layer, 8, 8, at: Point(x: 10, y: 10), in: replicator)
        let masked = try Self.layer(engine, .layer, 8, 8, at: Point(x: 30, y: 10), in: replicator)
        let cover = try Self.layer(engine, .layer, 8, 8, at: Point(x: 4, y: 4))
        try masked.setMask(cover)
        try replicator.setValue(3, for: .instanceCount)
        try replicator.setValue(1.0, for: .instanceDelay)
        try engine.tick(0)
        // The mask hides itself from its time 0.5 on; the card fades in over 2 s from 0.
        let hide = Self.held(.keyframe(.isHidden, values: [false, true], keyTimes: [0, 0.5, 1], calculationMode: .discrete))
        try cover.add(hide, forKey: "hide")
        var fade = Animation.transition(type: .fade)
        fade.timing.duration = 2
        fade.timingFunction = .linear
        fade.isRemovedOnCompletion = false
        try card.add(fade)
        try engine.tick(0)
        try engine.tick(1.2)
        let list = RenderList()
        try replicator.fillRenderList(list)
        // Instance 0 at 1.2: the mask hidden, so `masked` draws nothing. Instance 1 at 0.2 and
        // instance 2 at −0.8 (before the begin: the model): the mask shows.
        #expect((0..<list.count).map { list.layer(at: $0) } == [replicator, card, card, masked, cover, card, masked, cover])
        let cards = Self.entries(list).enumerated().filter { list.layer(at: $0.offset) == card }.map(\.element)
        #expect(cards.map(\.instanceIndex) == [0, 1, 2])
        // The transition at each instance's time: 0.6 and 0.1 of the way; not begun in the third.
        #expect(cards.map(\.transitionProgress).enumerated().allSatisfy { abs($0.element - [0.6, 0.1, 0][$0.offset]) < 1e-12 })
        #expect(cards.map(\.transitionState) == [[.began, .inEffect, .active], [.began, .inEffect, .active], [.began]])
        #expect(abs(cards[1].transitionComposite.newAlpha - 0.1) < 1e-12 && cards[2].transitionComposite.newAlpha == 1)
        #expect(Set(cards.map(\.transitionID)).count == 1 && cards[0].transitionID != 0)
        // At 2.5 the first instance's transition has ended (kept, not in effect); the others'
        // run at 1.5 and 0.5.
        try engine.tick(2.5)
        try replicator.fillRenderList(list)
        let later = Self.entries(list).enumerated().filter { list.layer(at: $0.offset) == card }.map(\.element)
        #expect(later.map(\.transitionState) == [[], [.inEffect, .active], [.inEffect, .active]])
        #expect(later.map(\.transitionProgress).enumerated().allSatisfy { abs($0.element - [0, 0.75, 0.25][$0.offset]) < 1e-12 })
    }

    @Test("a negative instanceDelay runs an instance ahead: past a transition's end it shows none, by the tick's removal rule")
    func instanceAheadPastTransitionEnd() throws {
        let engine = Engine()
        let replicator = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let card = try Self.layer(engine, .layer, 8, 8, at: Point(x: 10, y: 10), in: replicator)
        try replicator.setValue(2, for: .instanceCount)
        try replicator.setValue(-1.0, for: .instanceDelay)
        try engine.tick(0)
        var fade = Animation.transition(type: .fade)
        fade.timing.duration = 1
        fade.timingFunction = .linear
        try card.add(fade)  // removed on completion
        try engine.tick(0)
        try engine.tick(0.5)
        let list = RenderList()
        try replicator.fillRenderList(list)
        let cards = Self.entries(list).dropFirst()
        // Instance 0 at 0.5: half way. Instance 1 at 1.5: past the end, as a tick there would
        // have removed it (not in effect; the record is still the layer's, so it carries its id).
        #expect(cards.map(\.instanceIndex) == [0, 1])
        #expect(cards.map(\.transitionState) == [[.began, .inEffect, .active], [.began]])
        #expect(abs((cards.first?.transitionProgress ?? 0) - 0.5) < 1e-12 && cards.last?.transitionProgress == 0)
    }

    @Test("a delayed instance reads whether a single-sided mask faces away at its own time")
    func instanceMaskFacingAwayAtItsTime() throws {
        let engine = Engine()
        let replicator = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let masked = try Self.layer(engine, .layer, 8, 8, at: Point(x: 30, y: 10), in: replicator)
        let cover = try Self.layer(engine, .layer, 8, 8, at: Point(x: 4, y: 4))
        try cover.setValue(false, for: .isDoubleSided)
        try masked.setMask(cover)
        try replicator.setValue(2, for: .instanceCount)
        try replicator.setValue(1.0, for: .instanceDelay)
        try engine.tick(0)
        // The mask turns its back (half a turn about y) from its time 0.5 on.
        let turn = Self.held(.keyframe(
            "transform.rotation.y", values: [.scalar(0), .scalar(.pi)], keyTimes: [0, 0.5, 1], calculationMode: .discrete))
        try cover.add(turn, forKey: "turn")
        try engine.tick(0)
        try engine.tick(1.2)
        let list = RenderList()
        try replicator.fillRenderList(list)
        // Instance 0 at 1.2: the mask faces away, so nothing of `masked` draws; instance 1 at
        // 0.2: it faces the viewer.
        #expect((0..<list.count).map { list.layer(at: $0) } == [replicator, masked, cover])
        #expect(Self.entries(list).map(\.instanceIndex) == [0, 1, 1])
    }

    @Test("a replicator's own mask in a delayed instance is read at the replicator's time (its speed applied), as its entry")
    func replicatorMaskAtItsTime() throws {
        let engine = Engine()
        let outer = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let inner = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50), in: outer)
        let dot = try Self.layer(engine, .layer, 8, 8, at: Point(x: 10, y: 10), in: inner)
        let cover = try Self.layer(engine, .layer, 100, 100, at: Point(x: 50, y: 50))
        try inner.setMask(cover)
        try inner.setValue(2, for: .speed)
        try outer.setValue(2, for: .instanceCount)
        try outer.setValue(1.0, for: .instanceDelay)
        try engine.tick(0)
        // The mask hides itself from its time 0.5 on: the inner replicator's time, twice the
        // outer instance's.
        let hide = Self.held(.keyframe(.isHidden, values: [false, true], keyTimes: [0, 0.5, 1], calculationMode: .discrete))
        try cover.add(hide, forKey: "hide")
        try engine.tick(0)
        let list = RenderList()
        func drawn(at time: Double) throws -> [Layer?] {
            try engine.tick(time)
            try outer.fillRenderList(list)
            return (0..<list.count).map { list.layer(at: $0) }
        }
        // At 1.2 instance 1 is at 0.2, the inner replicator and its mask at 0.4: shown.
        // Instance 0 (at 1.2, the mask at 2.4) is hidden with its mask.
        #expect(try drawn(at: 1.2) == [outer, inner, dot, cover])
        #expect(Self.entries(list).map(\.instanceIndex) == [0, 1, 0, 1])
        // At 1.4 instance 1 is at 0.4 but the mask at 0.8: hidden there too.
        #expect(try drawn(at: 1.4) == [outer])
    }

    @Test("nested replicators multiply their matrices, colours and counts")
    func nested() throws {
        let engine = Engine()
        let outer = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50))
        let inner = try Self.layer(engine, .replicatorLayer, 100, 100, at: Point(x: 50, y: 50), in: outer)
        _ = try Self.layer(engine, .layer, 2, 2, at: Point(x: 1, y: 1), in: inner)
        try outer.setValue(3, for: .instanceCount)
        try outer.setValue(Self.translation(10, 0, 0), for: .instanceTransform)
        try outer.setValue(-0.25, for: .instanceAlphaOffset)
        try inner.setValue(4, for: .instanceCount)
        try inner.setValue(Self.translation(0, 10, 0), for: .instanceTransform)
        try inner.setValue(-0.25, for: .instanceRedOffset)
        let list = RenderList()
        try outer.fillRenderList(list, presentation: false)
        let entries = Self.entries(list)
        #expect(entries.count == 16)
        guard entries.count == 16 else { return }
        #expect(Self.map(entries[15].matrix, 1, 1) == Point(x: 21, y: 31))
        #expect(entries[15].instanceColor == Color(red: 0.25, green: 1, blue: 1, alpha: 0.5))
        // Filled again unchanged, each instance's entry matches its own previous one.
        try outer.fillRenderList(list, presentation: false)
        #expect(list.dirtyRect == nil && !Self.entries(list).contains { $0.flags.contains(.changed) })
        // The product of nested counts is bounded.
        try inner.setValue(Int64(LayerClassID.maxReplicatorInstances), for: .instanceCount)
        try inner.sublayers.first?.removeFromSuperlayer()
        try outer.fillRenderList(list, presentation: false)
        #expect(Self.entries(list).dropFirst().allSatisfy { $0.flags.contains(.instancesClamped) })
        // Still clamped, filled again unchanged: the flag is part of what matches.
        try outer.fillRenderList(list, presentation: false)
        #expect(list.dirtyRect == nil && !Self.entries(list).contains { $0.flags.contains(.changed) })
        try outer.setValue(1, for: .instanceCount)
        try outer.fillRenderList(list, presentation: false)
        #expect(!Self.entries(list).contains { $0.flags.contains(.instancesClamped) })
    }

    @Test("a transform layer draws only its sublayers, kept in 3D and depth sorted")
    func transformLayer() throws {
        let engine = Engine()
        let root = try Self.layer(engine, .transformLayer, 100, 100, at: Point(x: 50, y: 50))
        try root.setValue(Color(red: 1, green: 0, blue: 0, alpha: 1), for: .backgroundColor)
        try root.setValue(0.5, for: .opacity)
        let near = try Self.layer(engine, .transformLayer, 10, 10, at: Point(x: 20, y: 20), in: root)
        try near.setValue(Self.translation(0, 0, 20), for: .transform)
        let far = try Self.layer(engine, .layer, 10, 10, at: Point(x: 60, y: 60), in: root)
        try far.setValue(5, for: .zPosition)
        let leaf = try Self.layer(engine, .layer, 2, 2, at: Point(x: 1, y: 1), in: near)
        let list = RenderList()
        try root.fillRenderList(list, presentation: false)
        #expect((0..<list.count).map { list.layer(at: $0) } == [root, far, near, leaf])
        let entries = Self.entries(list)
        #expect(entries[0].flags.contains(.sublayersOnly) && !entries[0].flags.contains(.opacityGroup))
        #expect(entries[0].backgroundColor.alpha == 0)
        #expect(abs(entries[1].alpha - 0.5) < 1e-12)
        #expect(abs(entries[3].matrix.m43 - 20) < 1e-12)
    }
}
