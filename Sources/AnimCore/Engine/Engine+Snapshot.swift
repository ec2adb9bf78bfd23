/// Snapshots: every declared property of a layer at once, under one lock.
extension Engine {
    /// Every property the layer's class declares, inherited ones first, in declaration order,
    /// with its key and its presentation value (`presentation`) or model value.
    package func snapshot(of layer: LayerID, presentation: Bool) throws(AnimCoreError) -> [(key: PropertyKey, value: Value)] {
        try withState { (state) throws(AnimCoreError) in
            let slot = try state.layerSlot(layer)
            let layerClass = state.classes[Int(state.places[slot].classIndex)]
            var result: [(key: PropertyKey, value: Value)] = []
            result.reserveCapacity(layerClass.properties.count)
            for (index, property) in layerClass.properties.enumerated() {
                let source = presentation ? state.presentationSlots(slot, index) : state.modelValue(slot, index)
                result.append((property.key, state.storedValue(property.kind, source)))
            }
            return result
        }
    }
}
