/// The animatable target an add resolved last, with the class and key path it was resolved
/// for (`EngineState.animatableTarget`): explicit adds name one key path on layers of one
/// class again and again, and resolving it from its string (interning it, walking the class's
/// properties) each time is most of the check's cost. Classes never change once made
/// (their properties, layouts and animatability are fixed), so a remembered target stays true
/// for as long as the engine lives; only a success is remembered, so every refusal is made,
/// and worded, by the one resolution.
struct AnimatableTargetMemo {
    /// The class index the target was resolved in; -1 while nothing is remembered.
    var classIndex: Int32 = -1
    /// The key path as the animation names it.
    var keyPath = ""
    /// What `keyPath` names in that class.
    var target = KeyPathTarget(property: 0, component: nil, kind: .scalar)

    /// The remembered target of `keyPath` in the class at `classIndex`, or nil.
    @inline(__always)
    func target(of keyPath: String, inClass classIndex: Int32) -> KeyPathTarget? {
        self.classIndex == classIndex && self.keyPath == keyPath ? target : nil
    }
}
