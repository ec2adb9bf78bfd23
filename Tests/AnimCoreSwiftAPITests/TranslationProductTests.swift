import Testing

@testable import AnimCore

/// Products with a pure translation as row operations (`Transform3D+Translation.swift`, and
/// `translatedBy`): the same numbers as the full product `concatenating` gives.
@Suite("Swift API: translation products")
struct TranslationProductTests {
    /// A matrix with every element in use: a turn, a scale, a move and perspective.
    static let general = Transform3D(rotationAngle: 0.7, x: 0.3, y: 1, z: 0.2)
        .concatenating(Transform3D(scaleX: 1.5, y: 0.75, z: 2))
        .concatenating(Transform3D(translationX: 12, y: -7, z: 3))
        .concatenating(Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0.001, m21: 0, m22: 1, m23: 0, m24: -0.002,
            m31: 0, m32: 0, m33: 1, m34: -1.0 / 500, m41: 0, m42: 0, m43: 0, m44: 1))

    @Test("T(x, y, z) · M by translatedBy, and M · T(x, y, z) by thenTranslated, equal the full products")
    func equalTheFullProducts() {
        let m = Self.general
        let move = Transform3D(translationX: 4.25, y: -3.5, z: 9)
        #expect(m.translatedBy(x: 4.25, y: -3.5, z: 9) == move.concatenating(m))
        #expect(m.thenTranslated(x: 4.25, y: -3.5, z: 9) == m.concatenating(move))
        #expect(m.concatenating(move, otherIsTranslation: true) == m.concatenating(move))
        #expect(m.concatenating(m, otherIsTranslation: false) == m.concatenating(m))
    }

    @Test("isTranslation: the identity but for m41, m42, m43")
    func isTranslation() {
        #expect(Transform3D.identity.isTranslation)
        #expect(Transform3D(translationX: 1, y: -2, z: 3).isTranslation)
        #expect(!Self.general.isTranslation)
        var perspective = Transform3D(translationX: 1, y: 2, z: 3)
        perspective.m34 = -1.0 / 500
        #expect(!perspective.isTranslation)
        #expect(!Transform3D(scaleX: 2, y: 1, z: 1).isTranslation)
    }
}
