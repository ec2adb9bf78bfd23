import Glibc
import Testing

@testable import AnimCore

/// Animators: regressions found by review — stale handles, blocks, continuation, sequences on
/// one key path, a duration-0 end and layers with their own time.
@Suite("Swift API: animator regressions")
struct AnimatorRegressionTests {
    @Test("a released handle is stale at once: further releases and calls are .badHandle; the running animator still ends and frees its slot")
    func releasedHandleIsStale() throws {
        let (engine, _, animator) = try AnimatorTests.door()
        let ends = Log<AnimatorPosition>()
        try animator.addCompletion { ends.add($0) }
        try animator.startAnimation()
        try engine.controlAnimator(animator.handle, .release)  // the object's own reference
        for command in [AnimatorCommand.release, .release, .retain, .pause, .start, .cancel] {
            #expect(throws: AnimCoreError.self) { try engine.controlAnimator(animator.handle, command) }
        }
        do {
            try engine.controlAnimator(animator.handle, .release)
            Issue.record("a stale release was accepted")
        } catch {
            #expect(error.code == .badHandle)
            #expect(error.message.contains("animator"))
        }
        #expect(throws: AnimCoreError.self) { try engine.animatorSnapshot(animator.handle) }
        try engine.tick(1)
        #expect(ends.all == [.end])
        // The slot was freed: a new animator takes it.
        let next = try engine.makeAnimator(duration: 1)
        #expect(Handle.unpack(next.handle, kind: .animator)?.index == Handle.unpack(animator.handle, kind: .animator)?.index)
    }
}
