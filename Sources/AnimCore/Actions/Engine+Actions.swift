/// Actions: the search a property change or a tree event runs, and the host's ways to answer it
/// (reference §4). Handlers run on the thread making the change, outside the engine's state
/// access (the layer still reads its old model value), so they may call back into the engine.
extension Engine {
    /// How deep action searches nest, each in a handler of the one before: deeper, a search
    /// answers no action, so that a handler making the change it is asked about (adding a
    /// sublayer from its layer's "sublayers" action) cannot recurse without end.
    /// [INFERRED] Core Animation sets no bound; 16 is beyond any chain of actions that ends.
    static let actionNestingLimit = 16
    /// How many searches one outermost search and the handlers under it make in all: beyond,
    /// each answers no action, so that handlers that each make several changes (a move asks
    /// three searches) cannot multiply them to millions within the depth bound. [INFERRED]
    static let actionChainLimit = 4096

    /// Runs the search steps 1–4: the delegate's handler, the layer's actions table, the class's
    /// default handler. `.continueSearch` means none answered (the caller may use step 5, the
    /// built-in implicit animation, for property changes); `.noAction` past
    /// `actionNestingLimit` or `actionChainLimit`.
    func searchAction(
        layer: LayerID, key: String, delegate: ActionHandler?, table: LayerAction?, classDefault: ActionHandler?
    ) -> ActionResult {
        if actionNesting == 0 { actionChainSearches = 0 }
        guard actionNesting < Self.actionNestingLimit, actionChainSearches < Self.actionChainLimit else { return .noAction }
        actionChainSearches += 1
        actionNesting += 1
        defer { actionNesting -= 1 }
        if let delegate {
            let answer = delegate.call(self, layer, key)
            if case .continueSearch = answer {} else { return answer }
        }
        switch table {
        case .animation(let animation)?: return .animation(animation)
        case .noAction?: return .noAction
        case nil: break
        }
        if let classDefault {
            let answer = classDefault.call(self, layer, key)
            if case .continueSearch = answer {} else { return answer }
        }
        return .continueSearch
    }

    /// What the action search answers for `key` on `layer` (CALayer actionForKey:, steps 1–4):
    /// `.continueSearch` when no step answered. Disabling actions does not change the answer.
    package func action(forKey key: String, of layer: LayerID) throws(AnimCoreError) -> ActionResult {
        try lock.withLock { () throws(AnimCoreError) -> ActionResult in
            let sources = try withState { (state) throws(AnimCoreError) in try state.actionSources(layer, key: key) }
            return searchAction(
                layer: layer, key: key, delegate: sources.delegate, table: sources.table,
                classDefault: sources.classDefault)
        }
    }

    /// Sets the layer's actions table entry for `key` (nil removes it): an animation to copy
    /// when the key's event happens, or `.noAction` to stop the search with no action.
    package func setAction(_ action: LayerAction?, forKey key: String, of layer: LayerID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let slot = Int32(try state.layerSlot(layer))
            let old = action.map { state.layerActions[slot, default: [:]].updateValue($0, forKey: key) }
                ?? state.layerActions[slot]?.removeValue(forKey: key)
            if let old { state.retired.append(old) }
        }
    }

    /// Sets a class's default action handler (+defaultActionForKey:); nil for none.
    package func setDefaultActionHandler(_ handler: ActionHandler?, for layerClass: LayerClassID) throws(AnimCoreError) {
        try withState { (state) throws(AnimCoreError) in
            let target = try state.layerClass(layerClass)
            if let old = target.defaultAction { state.retired.append(old) }
            target.defaultAction = handler
        }
    }

    /// Runs the "sublayers" action of `parent`, whose sublayers changed, and first of
    /// `previous`, the superlayer a moved sublayer left, when that is another layer; a layer an
    /// earlier action destroyed is passed over.
    /// [INFERRED] The order: the moved layer's own event (onOrderIn, onOrderOut, transition)
    /// first, then the superlayer it left, then the one whose sublayers it joined or left.
    func runSublayersActions(of parent: LayerID?, previous: LayerID?) throws(AnimCoreError) {
        for layer in [previous == parent ? nil : previous, parent] {
            guard let layer, (try? withState { (state) throws(AnimCoreError) in try state.layerSlot(layer) }) != nil
            else { continue }
            try runEventAction(ActionKey.sublayers, on: layer)
        }
    }

    /// Runs the action of a tree event (onOrderIn, onOrderOut, transition, sublayers) on a
    /// committed layer, unless the transaction disables actions; there is no built-in action
    /// for these.
    func runEventAction(_ key: String, on layer: LayerID) throws(AnimCoreError) {
        let sources = try withState { (state) throws(AnimCoreError) -> (ActionHandler?, LayerAction?, ActionHandler?)? in
            let slot = try state.layerSlot(layer)
            guard state.layers[slot].isCommitted, !(state.transactionSettings().disableActions ?? false) else { return nil }
            return try state.actionSources(layer, key: key)
        }
        guard let (delegate, table, classDefault) = sources else { return }
        let answer = searchAction(layer: layer, key: key, delegate: delegate, table: table, classDefault: classDefault)
        // (Also without an answer: an engine a handler invalidated is reported.)
        try withState { (state) throws(AnimCoreError) in
            guard case .animation(let animation) = answer, (try? state.layerSlot(layer)) != nil else { return }
            try state.addAnimation(animation, forKey: key, to: layer)
        }
    }
}
