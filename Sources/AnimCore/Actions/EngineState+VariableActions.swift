/// The built-in implicit animation (reference §4.4) of a path or array property
/// (`ValueKind.isVariableLength`): the plan `planImplicitAnimation` made, carried out as the
/// add of the animation it describes.
extension EngineState {
    /// Adds the implicit animation `implicitPlan` describes for the change `request` of a path
    /// or array property: a basic (or, with a spring in the settings, spring) animation from the
    /// presentation value (or the old model value when the plan does not begin from the
    /// current state) to the value underneath, under the property's name, with the plan's
    /// duration, curve, repeats and delay. The new model value is the caller's to store.
    ///
    /// [INFERRED] Never additive, whatever the transaction says: an additive implicit
    /// animation runs from old − new to nothing, which paths and arrays of different shapes
    /// do not have; the value underneath is read every frame, so an interrupted change still
    /// continues from what was shown.
    func startVariableImplicitAnimation(_ request: ActionRequest) throws(AnimCoreError) {
        let plan = implicitPlan
        let basic = BasicParameters(fromValue: plan.beginsFromCurrentState ? request.oldPresentation : request.oldModel)
        let kind: Animation.Kind = plan.record.kind == .spring ? .spring(basic, plan.spring.spring) : .basic(basic)
        var animation = Animation(keyPath: request.key, kind: kind)
        animation.timing = plan.record.timing
        animation.timingFunction = plan.curve.optional ?? (plan.record.function >= 0 ? functions[plan.record.function] : nil)
        try addAnimation(animation, forKey: request.key, to: request.layer)
        // The add appended its one record last; its begin waits for the plan's delay after the commit.
        let added = Int(layers[request.slot].lastAnimation)
        if added >= 0 { animations[added].beginDelay = plan.record.beginDelay }
    }
}
