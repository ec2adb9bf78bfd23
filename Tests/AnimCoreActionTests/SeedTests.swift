import Testing

@testable import AnimCore

/// The seeds' Core Animation patterns, run on animcore.
@Suite struct SeedTests {
    // MARK: Seed 001 — progress indicator with a custom `percent` in animation blocks

    @Test func seed001ProgressIndicator() throws {
        let engine = Engine()
        let displayed = Log<Double>()
        // The seed's SWLayer: `percent`, redisplayed on change (needsDisplayForKey:), drawn from
        // the presentation value (displayLayer:). No initWithLayer:, no actionForKey: needed.
        let progressClass = try engine.makeLayerClass(
            name: "SWLayer", properties: [PropertyDescriptor("percent", default: .scalar(0), needsDisplay: true)],
            display: DisplayHandler { engine, layer in
                displayed.add((try? shown(engine, "percent", layer)) ?? .nan)
            })
        let root = try engine.makeLayerHandle()
        let indicator = try engine.makeLayerHandle(progressClass)
        let bar = try engine.makeLayerHandle()  // the seed's percentView, sized from the percent
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 20), forKeyPath: "bounds", of: indicator)
        try engine.setValue(.rect(x: 0, y: 0, width: 0, height: 20), forKeyPath: "bounds", of: bar)
        try engine.addSublayer(indicator, to: root)
        try engine.addSublayer(bar, to: indicator)
        try engine.setValue(.scalar(0), forKeyPath: "percent", of: indicator)
        try engine.tick(0)
        #expect(try engine.animationKeys(of: indicator).isEmpty)
        displayed.clear()

        let finished = Log<CompletionCall>()
        let ticking = Flag()
        var options = AnimationBlockOptions()
        options.duration = 1
        options.curve = .easeOut
        options.completion = recordingCompletion(finished, ticking)
        try engine.animate(options) {
            try engine.setValue(.scalar(100), forKeyPath: "percent", of: indicator)
            try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 20), forKeyPath: "bounds", of: bar)
        }
        #expect(try modelNumber(engine, "percent", indicator) == 100)
        var begin = frame
        var labels: [Int] = []
        for index in 1...70 {
            let time = Double(index) * frame
            try tick(engine, time, marking: ticking)
            let f = ReferenceCurve.easeOut(min((time - begin) / 1, 1))
            let percent = try #require(try shown(engine, "percent", indicator))
            expectNear(percent, 100 * f, 1e-9, "ease-out, t = \(time)")
            guard case .rect(_, _, let width, _)? = try engine.presentationValue(forKeyPath: "bounds", of: bar) else {
                Issue.record("bounds is not a rect")
                continue
            }
            // The bar and the number move in the same frame (the stutter the seed could not fix).
            #expect(abs(width - 2 * percent) < 1e-9, "bar \(width) vs percent \(percent) at t = \(time)")
            labels.append(Int(percent.rounded(.down)))
            if time <= begin + 1 { #expect(displayed.all.last == percent, "display saw this tick's value") }
        }
        #expect(labels == labels.sorted(), "the label never goes backwards")
        #expect(labels.last == 100)
        #expect(finished.all == [CompletionCall(finished: true, time: begin + 1, duringTick: true)])

        // Reversed: back to 0 with the same curve.
        options.completion = recordingCompletion(finished, ticking)
        try engine.animate(options) {
            try engine.setValue(.scalar(0), forKeyPath: "percent", of: indicator)
            try engine.setValue(.rect(x: 0, y: 0, width: 0, height: 20), forKeyPath: "bounds", of: bar)
        }
        begin = 71 * frame
        for index in 71...140 {
            let time = Double(index) * frame
            try tick(engine, time, marking: ticking)
            let f = ReferenceCurve.easeOut(min((time - begin) / 1, 1))
            expectNear(try shown(engine, "percent", indicator), 100 - 100 * f, 1e-9, "reverse, t = \(time)")
        }
        #expect(finished.count == 2)
        #expect(finished.all.last == CompletionCall(finished: true, time: begin + 1, duringTick: true))
        #expect(try engine.animationKeys(of: indicator).isEmpty)
    }

    // MARK: Seed 002 — the arrow: an explicit autoreversing animation in a transaction

    @Test func seed002ArrowInATransactionWithACompletion() throws {
        let engine = Engine()
        let draws = Log<Double>()
        let arrowClass = try engine.makeLayerClass(
            name: "ArrowLayer",
            properties: [
                PropertyDescriptor("thickness", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("startRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("lengthRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("headLengthRadians", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("fillColor", default: .color(red: 0, green: 0, blue: 0, alpha: 0), needsDisplay: true),
                PropertyDescriptor("strokeColor", default: .color(red: 0, green: 0, blue: 0, alpha: 0), needsDisplay: true),
                PropertyDescriptor("lineWidth", default: .scalar(0), needsDisplay: true),
                PropertyDescriptor("lineJoin", default: .integer(0), animatable: false, needsDisplay: true),
            ],
            display: DisplayHandler { engine, layer in
                draws.add((try? shown(engine, "lengthRadians", layer)) ?? .nan)
            })
        let arrow = try engine.makeLayerHandle(arrowClass)
        try engine.setValue(.bool(true), forKeyPath: "needsDisplayOnBoundsChange", of: arrow)
        try engine.setValue(.rect(x: 0, y: 0, width: 240, height: 240), forKeyPath: "frame", of: arrow)
        try engine.setValue(.scalar(60), forKeyPath: "thickness", of: arrow)
        try engine.setValue(.scalar(-Double.pi / 2), forKeyPath: "startRadians", of: arrow)
        try engine.setValue(.scalar(0), forKeyPath: "lengthRadians", of: arrow)
        try engine.setValue(.scalar(Double.pi / 16), forKeyPath: "headLengthRadians", of: arrow)
        try engine.setValue(.color(red: 1, green: 1, blue: 1, alpha: 1), forKeyPath: "fillColor", of: arrow)
        try engine.tick(0)
        #expect(try engine.animationKeys(of: arrow).isEmpty, "first values do not animate")
        #expect(draws.count == 1, "drawn once for its first values")

        // goButtonWasTapped:
        let buttonHidden = Flag()
        buttonHidden.set(true)
        let completions = Log<CompletionCall>()
        let ticking = Flag()
        try engine.beginTransaction()
        try engine.setTransactionValue(.scalar(2), forKey: "animationDuration")
        try engine.addCompletion(TransactionCompletion { engine, finished in
            buttonHidden.set(false)
            completions.add(CompletionCall(finished: finished, time: engine.currentTime, duringTick: ticking.isSet))
        })
        var animation = Animation.basic("lengthRadians")
        animation.timingFunction = .linear
        animation.timing.autoreverses = true
        animation.basic?.fromValue = .scalar(0)
        animation.basic?.toValue = .scalar(2 * Double.pi)
        try engine.addAnimation(animation, forKey: animation.keyPath, to: arrow)
        try engine.commitTransaction()
        let added = try #require(try engine.animation(forKey: "lengthRadians", of: arrow))
        #expect(added.timing.duration == 2, "duration 0 takes the transaction's")
        #expect(completions.count == 0)

        draws.clear()
        let begin = frame
        for index in 1...300 {
            let time = Double(index) * frame
            try tick(engine, time, marking: ticking)
            let e = time - begin
            let expected = e >= 4 ? 0 : e <= 2 ? 2 * Double.pi * e / 2 : 2 * Double.pi * (4 - e) / 2
            expectNear(try shown(engine, "lengthRadians", arrow), expected, 1e-9, "t = \(time)")
            if e < 4 {
                #expect(buttonHidden.isSet, "t = \(time)")
                #expect(draws.count == index, "redrawn every frame while animating, t = \(time)")
            }
        }
        #expect(completions.all == [CompletionCall(finished: true, time: begin + 4, duringTick: true)])
        #expect(!buttonHidden.isSet)
        #expect(try modelNumber(engine, "lengthRadians", arrow) == 0, "an explicit animation leaves the model alone")

        // needsDisplayOnBoundsChange: a new size redraws.
        try inTransaction(engine, { $0.disableActions = true }) {
            try engine.setValue(.rect(x: 0, y: 0, width: 120, height: 120), forKeyPath: "bounds", of: arrow)
        }
        #expect(try engine.needsDisplay(arrow))
    }

    // MARK: Seed 004 — the circle: radius and colour, a change in flight

    @Test func seed004CircleWithAChangeInFlight() throws {
        let engine = Engine()
        let circleClass = try engine.makeLayerClass(name: "CircleLayer", properties: [
            PropertyDescriptor("radius", default: .scalar(0), needsDisplay: true),
            PropertyDescriptor("color", default: .color(red: 1, green: 0, blue: 0, alpha: 1), needsDisplay: true),
        ])
        // The seed's actionForKey: for "radius": a basic animation from the presentation value
        // (its duration and curve come from the transaction). The colour uses the built-in action.
        let radiusSearches = Log<Double>()
        try engine.setDefaultActionHandler(ActionHandler { engine, layer, key in
            guard key == "radius" else { return .continueSearch }
            var animation = Animation.basic("radius")
            animation.basic?.fromValue = try? engine.presentationValue(forKeyPath: "radius", of: layer)
            radiusSearches.add(number(animation.basic?.fromValue) ?? .nan)
            return .animation(animation)
        }, for: circleClass)
        let view = try engine.makeLayerHandle()
        try engine.setValue(.rect(x: 0, y: 0, width: 320, height: 480), forKeyPath: "bounds", of: view)
        let circle = try engine.makeLayerHandle(circleClass)
        try engine.setValue(.scalar(50), forKeyPath: "radius", of: circle)
        try engine.setValue(.rect(x: 0, y: 0, width: 320, height: 480), forKeyPath: "frame", of: circle)
        try engine.setNeedsDisplay(circle)
        try engine.addSublayer(circle, to: view)
        try engine.tick(0)
        #expect(try engine.animationKeys(of: circle).isEmpty)
        #expect(radiusSearches.count == 0)

        // tap: — [CATransaction setAnimationDuration:2] outside any transaction.
        try engine.setTransactionValue(.scalar(2), forKey: "animationDuration")
        try engine.setValue(.scalar(100), forKeyPath: "radius", of: circle)
        let green: Value = .color(red: 0, green: 1, blue: 0, alpha: 1)
        try engine.setValue(green, forKeyPath: "color", of: circle)
        #expect(radiusSearches.all == [50])
        #expect(try engine.animation(forKey: "radius", of: circle)?.timing.duration == 2)
        #expect(try engine.animation(forKey: "color", of: circle)?.timing.duration == 2)

        let begin = frame
        var radii: [Double] = [50]
        for index in 1...64 {
            let time = Double(index) * frame
            try engine.tick(time)
            let e = time - begin
            radii.append(try #require(try shown(engine, "radius", circle)))
            expectNear(radii.last, 50 + 50 * e / 2, 1e-9, "radius, linear (no curve anywhere), t = \(time)")
            let f = ReferenceCurve.caDefault(e / 2)
            expectValue(try engine.presentationValue(forKeyPath: "color", of: circle),
                        .color(red: 1 - f, green: f, blue: 0, alpha: 1), 1e-9, "colour, default curve, t = \(time)")
        }

        // One second later, in flight: duration 1, position to zero, radius to 25.
        let inFlight = try #require(radii.last)
        try engine.setTransactionValue(.scalar(1), forKey: "animationDuration")
        try engine.setValue(.point(x: 0, y: 0), forKeyPath: "position", of: circle)
        try engine.setValue(.scalar(25), forKeyPath: "radius", of: circle)
        #expect(radiusSearches.all.last == inFlight, "the action starts from the presentation value")
        #expect(try modelNumber(engine, "radius", circle) == 25)
        let restart = 65 * frame
        for index in 65...200 {
            let time = Double(index) * frame
            try engine.tick(time)
            let radius = try #require(try shown(engine, "radius", circle))
            radii.append(radius)
            expectNear(radius, inFlight + (25 - inFlight) * min(time - restart, 1), 1e-9, "radius after the change, t = \(time)")
            let p = ReferenceCurve.caDefault(min(time - restart, 1))
            expectValue(try engine.presentationValue(forKeyPath: "position", of: circle),
                        .point(x: 160 - 160 * p, y: 240 - 240 * p), 1e-9, "position, t = \(time)")
            // The colour keeps its own 2 s animation.
            let f = ReferenceCurve.caDefault(min((time - begin) / 2, 1))
            expectValue(try engine.presentationValue(forKeyPath: "color", of: circle),
                        .color(red: 1 - f, green: f, blue: 0, alpha: 1), 1e-9, "colour, t = \(time)")
        }
        // No jump at the change: every step within the larger of the two animations' steps.
        let largest = max(50.0 / 2 / 64, abs(25 - inFlight) / 64)
        #expect(largestStep(radii) <= largest + 1e-9, "largest radius step \(largestStep(radii))")
        #expect(radii.last == 25)
        #expect(try engine.animationKeys(of: circle).isEmpty)
    }
}
