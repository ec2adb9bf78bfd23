import Testing

@testable import AnimCore

/// CATransaction adapted to animcore: reference §5 and test vectors X1–X12 of §9.4.
@Suite struct TransactionTests {
    // MARK: X1 — defaults

    @Test func defaultsWithNothingBegun() throws {
        let engine = Engine()
        let settings = try engine.transactionSettings()
        #expect(settings.animationDuration == 0.25)
        #expect(settings.disableActions == false)
        #expect(settings.timingFunction == nil)
        #expect(settings.delay == 0)
        #expect(settings.repeatCount == 0)
        #expect(settings.autoreverses == false)
        #expect(settings.additiveImplicitAnimations == false)
        #expect(settings.beginsFromCurrentState == true)
        #expect(settings.values.isEmpty)
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(0.25))
        #expect(try engine.transactionValue(forKey: "disableActions") == .bool(false))
        #expect(try engine.transactionValue(forKey: "animationTimingFunction") == nil)
        // Reading opens nothing.
        #expect(openFrames(engine) == 0)
    }

    @Test func theEnginesDefaultDurationIsTheTransactionDefault() throws {
        let (engine, layer) = try committedLayer()
        try engine.setDefaultAnimationDuration(0.5)
        #expect(try engine.transactionSettings().animationDuration == 0.5)
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(0.5))
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 0.5)
        // A transaction's own duration still wins.
        try inTransaction(engine, { $0.animationDuration = 2 }) {
            try engine.setValue(.scalar(7), forKeyPath: "zPosition", of: layer)
        }
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 2)
    }

    // MARK: X2 — a value lives as long as its transaction

    @Test func valueSetInsideReadsBackUntilCommit() throws {
        let engine = Engine()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 1.5 }
        #expect(try engine.transactionSettings().animationDuration == 1.5)
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(1.5))
        try engine.commitTransaction()
        #expect(try engine.transactionSettings().animationDuration == 0.25)
        #expect(openFrames(engine) == 0)
    }

    // MARK: X3 — nesting inherits, settings do not leak out

    @Test func nestedTransactionReadsTheEnclosingValuesUntilItSetsItsOwn() throws {
        let engine = Engine()
        try engine.beginTransaction()
        try engine.modifyTransaction {
            $0.animationDuration = 1
            $0.disableActions = true
            $0.timingFunction = .easeIn
        }
        try engine.setTransactionValue(.scalar(42), forKey: "outerKey")
        try engine.beginTransaction()
        var nested = try engine.transactionSettings()
        #expect(nested.animationDuration == 1)
        #expect(nested.disableActions == true)
        #expect(nested.timingFunction == .easeIn)
        #expect(try engine.transactionValue(forKey: "outerKey") == .scalar(42))
        try engine.modifyTransaction {
            $0.animationDuration = 2
            $0.disableActions = false
            $0.timingFunction = .linear
        }
        try engine.setTransactionValue(.scalar(7), forKey: "outerKey")
        try engine.setTransactionValue(.bool(true), forKey: "innerKey")
        nested = try engine.transactionSettings()
        #expect(nested.animationDuration == 2)
        #expect(nested.disableActions == false)
        #expect(nested.timingFunction == .linear)
        #expect(try engine.transactionValue(forKey: "outerKey") == .scalar(7))
        try engine.commitTransaction()
        let outer = try engine.transactionSettings()
        #expect(outer.animationDuration == 1)
        #expect(outer.disableActions == true)
        #expect(outer.timingFunction == .easeIn)
        #expect(try engine.transactionValue(forKey: "outerKey") == .scalar(42))
        #expect(try engine.transactionValue(forKey: "innerKey") == nil)
        try engine.commitTransaction()
        let after = try engine.transactionSettings()
        #expect(after.animationDuration == 0.25)
        #expect(after.disableActions == false)
        #expect(after.timingFunction == nil)
        #expect(try engine.transactionValue(forKey: "outerKey") == nil)
    }

    @Test func nestedTransactionInheritsTheDurationForItsAnimations() throws {
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 1.5 }) {
            try inTransaction(engine) {
                try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
            }
        }
        let animation = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(animation.timing.duration == 1.5)
    }

    // MARK: X4 — keyed access and accessors share storage

    @Test func keyedAccessAndSettingsShareStorage() throws {
        let engine = Engine()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 0.75 }
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(0.75))
        try engine.setTransactionValue(.scalar(1.25), forKey: "animationDuration")
        #expect(try engine.transactionSettings().animationDuration == 1.25)
        try engine.setTransactionValue(.bool(true), forKey: "disableActions")
        #expect(try engine.transactionSettings().disableActions == true)
        #expect(try engine.transactionValue(forKey: "disableActions") == .bool(true))
        try engine.commitTransaction()
    }

    @Test func keyedAccessRefusesWrongKindsAndBadDurations() throws {
        let engine = Engine()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 0.75 }
        expectError(.wrongKind, "bool duration") { try engine.setTransactionValue(.bool(true), forKey: "animationDuration") }
        expectError(.wrongKind, "nil duration") { try engine.setTransactionValue(nil, forKey: "animationDuration") }
        expectError(.wrongKind, "scalar disableActions") { try engine.setTransactionValue(.scalar(1), forKey: "disableActions") }
        expectError(.outOfRange, "zero duration") { try engine.setTransactionValue(.scalar(0), forKey: "animationDuration") }
        expectError(.outOfRange, "negative duration") { try engine.modifyTransaction { $0.animationDuration = -1 } }
        expectError(.notFinite, "NaN duration") { try engine.modifyTransaction { $0.animationDuration = .nan } }
        expectError(.outOfRange, "negative delay") { try engine.modifyTransaction { $0.delay = -0.5 } }
        expectError(.notFinite, "NaN repeat count") { try engine.modifyTransaction { $0.repeatCount = .nan } }
        // Refused changes change nothing.
        let settings = try engine.transactionSettings()
        #expect(settings.animationDuration == 0.75)
        #expect(settings.disableActions == false)
        #expect(settings.delay == 0)
        #expect(settings.repeatCount == 0)
        try engine.commitTransaction()
    }

    @Test func modifyTransactionStoresWhatItValidated() throws {
        // A change computed from the current value, in a nested transaction: halve the duration
        // the transaction reads (1 → 0.5). Whatever the closure is shown, what is stored must be
        // what was validated: never a duration of 0, which modifyTransaction refuses.
        let (engine, layer) = try committedLayer()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 1 }
        try engine.beginTransaction()
        let seen = Log<Double?>()
        var threw = false
        do {
            try engine.modifyTransaction { settings in
                seen.add(settings.animationDuration)
                settings.animationDuration = (settings.animationDuration ?? 0) / 2
            }
        } catch {
            threw = true
        }
        let stored = try #require(try engine.transactionSettings().animationDuration)
        #expect(threw || stored == 0.5, "stored \(stored); the closure saw \(seen.all)")
        #expect(stored > 0, "a refused duration was stored")
        #expect(Set(seen.all.map { $0 ?? -1 }).count == 1, "the closure was shown different settings: \(seen.all)")
        try engine.setValue(.scalar(10), forKeyPath: "zPosition", of: layer)
        let animation = try #require(try engine.animation(forKey: "zPosition", of: layer))
        #expect(animation.timing.duration > 0)
        try engine.commitTransaction()
        try engine.commitTransaction()
    }

    // MARK: X5 — arbitrary keys

    @Test func arbitraryKeysAreStoredAndReadBack() throws {
        let engine = Engine()
        try engine.beginTransaction()
        #expect(try engine.transactionValue(forKey: "aKeyNobodyDefined") == nil)
        try engine.setTransactionValue(.token(0x5354_4F52_4544), forKey: "aKeyNobodyDefined")
        try engine.setTransactionValue(.color(red: 1, green: 0.5, blue: 0, alpha: 1), forKey: "tint")
        #expect(try engine.transactionValue(forKey: "aKeyNobodyDefined") == .token(0x5354_4F52_4544))
        #expect(try engine.transactionValue(forKey: "tint") == .color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(try engine.transactionValue(forKey: "stillUnset") == nil)
        // nil unsets.
        try engine.setTransactionValue(nil, forKey: "tint")
        #expect(try engine.transactionValue(forKey: "tint") == nil)
        try engine.commitTransaction()
        #expect(try engine.transactionValue(forKey: "aKeyNobodyDefined") == nil)
    }

    // MARK: X6 — the implicit transaction

    @Test func settingOutsideAnyTransactionOpensAnImplicitOneThatFlushEnds() throws {
        let engine = Engine()
        try engine.modifyTransaction { $0.animationDuration = 5 }
        #expect(openFrames(engine) == 1)
        #expect(try engine.transactionSettings().animationDuration == 5)
        try engine.flush()
        #expect(openFrames(engine) == 0)
        #expect(try engine.transactionSettings().animationDuration == 0.25)
        // Flushing with nothing pending is harmless.
        try engine.flush()
        #expect(try engine.transactionSettings().animationDuration == 0.25)
    }

    @Test func theImplicitTransactionEndsAtTheNextTick() throws {
        let engine = Engine()
        try engine.setTransactionValue(.scalar(5), forKey: "animationDuration")
        try engine.setTransactionValue(.scalar(3), forKey: "custom")
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(5))
        try engine.tick(0)
        #expect(openFrames(engine) == 0)
        #expect(try engine.transactionValue(forKey: "animationDuration") == .scalar(0.25))
        #expect(try engine.transactionValue(forKey: "custom") == nil)
    }

    @Test func theImplicitTransactionsDurationDrivesChangesMadeInIt() throws {
        let (engine, layer) = try committedLayer()
        try engine.modifyTransaction { $0.animationDuration = 2 }
        try engine.setValue(.scalar(0.25), forKeyPath: "opacity", of: layer)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.duration == 2)
        try engine.tick(frame)
        // The next change belongs to a new implicit transaction with the default duration.
        try engine.setValue(.scalar(5), forKeyPath: "zPosition", of: layer)
        #expect(try engine.animation(forKey: "zPosition", of: layer)?.timing.duration == 0.25)
    }

    @Test func aPropertyChangeOutsideAnyTransactionOpensAnImplicitOne() throws {
        let (engine, layer) = try committedLayer()
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        #expect(openFrames(engine) == 1)
        try engine.flush()
        #expect(openFrames(engine) == 0)
        // Flushed: the animation starts at the next tick.
        try engine.tick(frame)
        #expect(try engine.animation(forKey: "opacity", of: layer)?.timing.beginTime == frame)
    }

    @Test func transactionCurveAppliesToExplicitAnimationsWithoutTheirOwn() throws {
        // §5.2 [INF]: the transaction's timing function fills in for animations without one; the
        // duration fills in for duration 0 (§2.9).
        let (engine, layer) = try committedLayer()
        try inTransaction(engine, { $0.animationDuration = 0.75; $0.timingFunction = .easeIn }) {
            var plain = Animation.basic("zPosition")
            plain.basic?.toValue = .scalar(1)
            try engine.addAnimation(plain, forKey: "plain", to: layer)
            var own = Animation.basic("opacity")
            own.basic?.toValue = .scalar(0)
            own.timing.duration = 2
            own.timingFunction = .easeOut
            try engine.addAnimation(own, forKey: "own", to: layer)
        }
        let plain = try #require(try engine.animation(forKey: "plain", of: layer))
        #expect(plain.timingFunction == .easeIn)
        #expect(plain.timing.duration == 0.75)
        let own = try #require(try engine.animation(forKey: "own", of: layer))
        #expect(own.timingFunction == .easeOut)
        #expect(own.timing.duration == 2)
    }

    // MARK: X7 — flush inside an explicit transaction

    @Test func flushInsideAnExplicitTransactionKeepsItsValues() throws {
        let engine = Engine()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 7 }
        try engine.flush()
        #expect(try engine.transactionSettings().animationDuration == 7)
        #expect(openFrames(engine) == 1)
        try engine.commitTransaction()
        #expect(try engine.transactionSettings().animationDuration == 0.25)
    }

    @Test func flushWaitsForExplicitTransactionsOpenInsideTheImplicitOne() throws {
        let engine = Engine()
        try engine.modifyTransaction { $0.animationDuration = 3 }
        try engine.beginTransaction()
        try engine.flush()
        #expect(try engine.transactionSettings().animationDuration == 3)
        try engine.commitTransaction()
        // The implicit transaction is still open, holding its own value.
        #expect(try engine.transactionSettings().animationDuration == 3)
        try engine.flush()
        #expect(try engine.transactionSettings().animationDuration == 0.25)
    }

    // MARK: Commit without begin

    @Test func commitWithoutBeginThrowsAndChangesNothing() throws {
        let (engine, layer) = try committedLayer()
        expectError(.invalidState, "nothing open") { try engine.commitTransaction() }
        #expect(openFrames(engine) == 0)

        // With an implicit transaction holding a setting, a change and a completion.
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try engine.modifyTransaction { $0.animationDuration = 5 }
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        try engine.addCompletion(recordingCompletion(calls, ticking))
        expectError(.invalidState, "only an implicit transaction open") { try engine.commitTransaction() }
        #expect(try engine.transactionSettings().animationDuration == 5)
        #expect(openFrames(engine) == 1)
        #expect(try modelNumber(engine, "opacity", layer) == 0.5)
        #expect(try engine.animationKeys(of: layer) == ["opacity"])
        #expect(calls.count == 0)

        // A balanced pair leaves the next commit unmatched again.
        try engine.beginTransaction()
        try engine.commitTransaction()
        expectError(.invalidState, "after a balanced pair") { try engine.commitTransaction() }
        #expect(try engine.transactionSettings().animationDuration == 5)
    }

    // MARK: X9–X12 — completions

    @Test func completionWithoutAnimationsRunsOnceAtTheNextTickNotInsideCommit() throws {
        let engine = Engine()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try engine.tick(0)
        try engine.beginTransaction()
        try engine.addCompletion(recordingCompletion(calls, ticking))
        try engine.commitTransaction()
        #expect(calls.count == 0, "not synchronously inside commit")
        try tick(engine, frame, marking: ticking)
        #expect(calls.all == [CompletionCall(finished: true, time: frame, duringTick: true)])
        for index in 2...5 { try tick(engine, Double(index) * frame, marking: ticking) }
        #expect(calls.count == 1, "runs once")
    }

    @Test func completionDoesNotRunWhileItsTransactionIsOpen() throws {
        let engine = Engine()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try engine.beginTransaction()
        try engine.addCompletion(recordingCompletion(calls, ticking))
        for index in 0..<5 { try tick(engine, Double(index) * frame, marking: ticking) }
        #expect(calls.count == 0)
        try engine.commitTransaction()
        #expect(calls.count == 0)
        try tick(engine, 5 * frame, marking: ticking)
        #expect(calls.all == [CompletionCall(finished: true, time: 5 * frame, duringTick: true)])
    }

    @Test func completionOfTheImplicitTransactionRunsAtTheTickThatCommitsIt() throws {
        let engine = Engine()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try engine.tick(0)
        try engine.addCompletion(recordingCompletion(calls, ticking))
        #expect(openFrames(engine) == 1)
        try engine.flush()
        #expect(calls.count == 0, "flush commits, the completion waits for a tick")
        try tick(engine, frame, marking: ticking)
        #expect(calls.all == [CompletionCall(finished: true, time: frame, duringTick: true)])
    }

    @Test func completionWaitsForEveryAnimationOfTheGroup() throws {
        let (engine, layer) = try committedLayer()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try inTransaction(engine, { $0.animationDuration = 0.5 }) {
            try engine.addCompletion(recordingCompletion(calls, ticking))
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)  // implicit, 0.5 s
            var explicit = Animation.basic("zPosition")
            explicit.basic?.fromValue = .scalar(0)
            explicit.basic?.toValue = .scalar(10)
            explicit.timing.duration = 1
            try engine.addAnimation(explicit, forKey: "lift", to: layer)
        }
        // Committed at the tick at 1/64 s; the explicit animation ends at 1/64 + 1.
        let start = frame
        for index in 1...80 {
            let time = Double(index) * frame
            try tick(engine, time, marking: ticking)
            if time < start + 1 { #expect(calls.count == 0, "t = \(time)") }
        }
        #expect(calls.all == [CompletionCall(finished: true, time: start + 1, duringTick: true)])
    }

    @Test func severalCompletionsAddUp() throws {
        let (engine, layer) = try committedLayer()
        let order = Log<Int>()
        try inTransaction(engine) {
            for index in 1...3 {
                try engine.addCompletion(TransactionCompletion { _, finished in
                    #expect(finished)
                    order.add(index)
                })
            }
            try engine.setValue(.scalar(3), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...30 { try engine.tick(Double(index) * frame) }
        #expect(order.all.sorted() == [1, 2, 3])
    }

    @Test func completionReportsUnfinishedWhenAnAnimationIsRemoved() throws {
        let (engine, layer) = try committedLayer()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try inTransaction(engine, { $0.animationDuration = 1 }) {
            try engine.addCompletion(recordingCompletion(calls, ticking))
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
            try engine.setValue(.scalar(9), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...8 { try tick(engine, Double(index) * frame, marking: ticking) }
        try engine.removeAnimation(forKey: "opacity", from: layer)
        try tick(engine, 9 * frame, marking: ticking)
        #expect(calls.count == 0, "zPosition still runs")
        for index in 10...70 { try tick(engine, Double(index) * frame, marking: ticking) }
        // zPosition committed at 1/64 s, ends at 1 + 1/64 s.
        #expect(calls.all == [CompletionCall(finished: false, time: 1 + frame, duringTick: true)])
    }

    @Test func completionReportsUnfinishedWhenAnAnimationIsReplaced() throws {
        let (engine, layer) = try committedLayer()
        let first = Log<CompletionCall>()
        let second = Log<CompletionCall>()
        let ticking = Flag()
        try inTransaction(engine, { $0.animationDuration = 1 }) {
            try engine.addCompletion(recordingCompletion(first, ticking))
            try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        }
        for index in 1...10 { try tick(engine, Double(index) * frame, marking: ticking) }
        try inTransaction(engine, { $0.animationDuration = 0.25 }) {
            try engine.addCompletion(recordingCompletion(second, ticking))
            try engine.setValue(.scalar(0), forKeyPath: "zPosition", of: layer)  // replaces "zPosition"
        }
        try tick(engine, 11 * frame, marking: ticking)
        #expect(first.all == [CompletionCall(finished: false, time: 11 * frame, duringTick: true)])
        for index in 12...40 { try tick(engine, Double(index) * frame, marking: ticking) }
        #expect(first.count == 1)
        // The second animation committed at 11/64 s and ends 0.25 s later.
        #expect(second.all == [CompletionCall(finished: true, time: 11 * frame + 0.25, duringTick: true)])
    }

    @Test func completionReportsUnfinishedWhenTheLayerIsDestroyed() throws {
        let (engine, layer) = try committedLayer()
        let calls = Log<CompletionCall>()
        let ticking = Flag()
        try inTransaction(engine, { $0.animationDuration = 1 }) {
            try engine.addCompletion(recordingCompletion(calls, ticking))
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        for index in 1...4 { try tick(engine, Double(index) * frame, marking: ticking) }
        try engine.release(layer)
        #expect(calls.count == 0)
        try tick(engine, 5 * frame, marking: ticking)
        #expect(calls.all == [CompletionCall(finished: false, time: 5 * frame, duringTick: true)])
    }

    @Test func nestedCompletionRunsOnlyAfterTheOuterCommit() throws {
        let (engine, layer) = try committedLayer()
        let outer = Log<CompletionCall>()
        let inner = Log<CompletionCall>()
        let ticking = Flag()
        try engine.beginTransaction()
        try engine.addCompletion(recordingCompletion(outer, ticking))
        try engine.beginTransaction()
        try engine.addCompletion(recordingCompletion(inner, ticking))
        try engine.commitTransaction()
        for index in 1...5 { try tick(engine, Double(index) * frame, marking: ticking) }
        #expect(inner.count == 0, "the outer transaction is still open")
        #expect(outer.count == 0)
        try engine.commitTransaction()
        #expect(inner.count == 0 && outer.count == 0, "not inside commit")
        try tick(engine, 6 * frame, marking: ticking)
        #expect(inner.all == [CompletionCall(finished: true, time: 6 * frame, duringTick: true)])
        #expect(outer.all == [CompletionCall(finished: true, time: 6 * frame, duringTick: true)])
        _ = layer
    }

    @Test func outerCompletionCountsTheNestedTransactionsAnimations() throws {
        let (engine, layer) = try committedLayer()
        let outer = Log<CompletionCall>()
        let inner = Log<CompletionCall>()
        let ticking = Flag()
        try engine.beginTransaction()
        try engine.modifyTransaction { $0.animationDuration = 0.25 }
        try engine.addCompletion(recordingCompletion(outer, ticking))
        try engine.setValue(.scalar(0.5), forKeyPath: "opacity", of: layer)
        try inTransaction(engine, { $0.animationDuration = 1 }) {
            try engine.addCompletion(recordingCompletion(inner, ticking))
            try engine.setValue(.scalar(40), forKeyPath: "zPosition", of: layer)
        }
        try engine.commitTransaction()
        for index in 1...80 { try tick(engine, Double(index) * frame, marking: ticking) }
        // Both animations committed at 1/64 s; the nested one (1 s) ends last.
        #expect(inner.all == [CompletionCall(finished: true, time: 1 + frame, duringTick: true)])
        #expect(outer.all == [CompletionCall(finished: true, time: 1 + frame, duringTick: true)])
    }

    // MARK: Animations wait for the outermost commit

    @Test func animationsAddedInAnOpenTransactionStartAtTheTickAfterItCommits() throws {
        let (engine, layer) = try committedLayer()
        try engine.beginTransaction()
        try engine.modifyTransaction {
            $0.animationDuration = 0.5
            $0.timingFunction = .linear
        }
        try engine.setValue(.scalar(100), forKeyPath: "zPosition", of: layer)
        // The animation is there at once, and the model has the new value.
        #expect(try engine.animationKeys(of: layer) == ["zPosition"])
        #expect(try modelNumber(engine, "zPosition", layer) == 100)
        for index in 1...6 {
            try engine.tick(Double(index) * frame)
            // Nothing of the change shows while the transaction is open (§5.1: changes become
            // visible only when the outermost transaction commits).
            expectNear(try shown(engine, "zPosition", layer), 0, 1e-12, "open transaction, tick \(index)")
        }
        try engine.commitTransaction()
        expectNear(try shown(engine, "zPosition", layer), 0, 1e-12, "right after commit")
        // The tick after the commit starts it: begin = 7/64 s.
        let begin = 7 * frame
        for index in 7...45 {
            let time = Double(index) * frame
            try engine.tick(time)
            let expected = time >= begin + 0.5 ? 100 : 100 * (time - begin) / 0.5
            expectNear(try shown(engine, "zPosition", layer), expected, 1e-9, "t = \(time)")
        }
    }

    @Test func nestedCommitDoesNotStartAnimations() throws {
        let (engine, layer) = try committedLayer()
        try engine.beginTransaction()
        try inTransaction(engine, { $0.animationDuration = 0.25 }) {
            try engine.setValue(.scalar(0), forKeyPath: "opacity", of: layer)
        }
        try engine.tick(frame)
        try engine.tick(2 * frame)
        let animation = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(animation.timing.beginTime == 0, "the begin time resolves when the outermost commits")
        try engine.commitTransaction()
        try engine.tick(3 * frame)
        let started = try #require(try engine.animation(forKey: "opacity", of: layer))
        #expect(started.timing.beginTime == 3 * frame)
        expectNear(try shown(engine, "opacity", layer), 1, 1e-12, "starts from the old presentation")
    }
}
