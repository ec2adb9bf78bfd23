/// The handle-level animator calls, for the `Animator` class and the C shim: each takes the
/// engine's lock once.
extension Engine {
    /// A new inactive animator's handle; the caller holds its one reference.
    package func makeAnimatorHandle(duration: Double, timingFunction: TimingFunction?) throws(AnimCoreError) -> UInt64 {
        try withState { (state) throws(AnimCoreError) in try state.makeAnimator(duration: duration, timingFunction: timingFunction) }
    }

    /// Carries out `command` on the animator `handle`.
    package func controlAnimator(_ handle: UInt64, _ command: AnimatorCommand) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            switch command {
            case .retain: try state.retainAnimator(handle)
            case .release: try state.releaseAnimator(handle)
            case .beginBlock: try state.beginAnimatorBlock(handle)
            case .commitBlock: try state.commitAnimatorBlock(handle)
            case .addCompletion(let completion): try state.addAnimatorCompletion(handle, completion)
            case .start: try state.startAnimator(handle)
            case .pause: try state.pauseAnimator(handle)
            case .seekFraction(let fraction): try state.seekAnimator(handle, fraction: fraction)
            case .seekTime(let time): try state.seekAnimator(handle, time: time)
            case .reversed(let reversed): try state.setAnimatorReversed(handle, reversed)
            case .rate(let rate): try state.setAnimatorRate(handle, rate)
            case .continue(let timing, let factor): try state.continueAnimator(handle, timing: timing, durationFactor: factor)
            case .finish(let position): try state.finishAnimator(handle, at: position)
            case .cancel: try state.cancelAnimator(handle)
            }
        }
    }

    /// Adds a copy of `animation` to `layer` under `key` in a block of the animator: it becomes
    /// one of the animator's (see `Animator.add(_:to:forKey:)`).
    package func addAnimation(_ animation: Animation, forKey key: String?, to layer: LayerID, animator handle: UInt64) throws(AnimCoreError) {
        try controlAnimator(handle, .beginBlock)
        do {
            try addAnimation(animation, forKey: key, to: layer)
        } catch {
            try? controlAnimator(handle, .commitBlock)
            throw error
        }
        try controlAnimator(handle, .commitBlock)
    }

    /// The animator's state, clock and settings now.
    package func animatorSnapshot(_ handle: UInt64) throws(AnimCoreError) -> AnimatorSnapshot {
        try withState { (state) throws(AnimCoreError) in try state.animatorSnapshot(handle) }
    }
}

/// What `Engine.controlAnimator(_:_:)` does to an animator.
package enum AnimatorCommand: Sendable {
    case retain, release, beginBlock, commitBlock, start, pause, cancel
    case addCompletion(AnimatorCompletion)
    case seekFraction(Double)
    case seekTime(Double)
    case reversed(Bool)
    case rate(Double)
    case `continue`(AnimatorTiming?, Double)
    case finish(AnimatorPosition)
}
