import Testing

@testable import AnimCore

/// An additive implicit animation of a transform (UIKit's additive mode) starts exactly at the old
/// value: its delta is old · new⁻¹ (`ValueMath.additiveDelta`), which shows the old value when
/// added on top of the new model; new⁻¹ · old (a plain subtraction) does not for transforms that
/// do not commute (issue 9, item 11).
@Suite("Additive implicit transforms")
struct AdditiveTransformTests {
    @Test("from rotation 0.9 to translate(100, 0): the first frame shows the old rotation, the last the translation")
    func firstFrameIsTheOldValue() throws {
        let (engine, layer) = try committedLayer()
        let old = Transform3D(rotationAngle: 0.9, x: 0, y: 0, z: 1)
        let new = Transform3D(translationX: 100, y: 0, z: 0)
        try inTransaction(engine, { $0.disableActions = true }) {
            try engine.setValue(.transform3D(old), forKeyPath: "transform", of: layer)
        }
        try engine.tick(1)
        try inTransaction(engine, { $0.additiveImplicitAnimations = true; $0.animationDuration = 1 }) {
            try engine.setValue(.transform3D(new), forKeyPath: "transform", of: layer)
        }
        try engine.tick(2)  // the commit: the animation begins, at its start
        expectValue(try engine.presentationValue(forKeyPath: "transform", of: layer), .transform3D(old), 1e-9, "first frame")
        try engine.tick(3.5)
        expectValue(try engine.presentationValue(forKeyPath: "transform", of: layer), .transform3D(new), 1e-9, "after the end")
    }
}
