import Testing

@testable import AnimCore

/// The model rows of the built-in classes (`LayerClass.init`, stored in
/// `BuiltInLayerProperties.storageOrder` for CALayer's properties).
@Suite("Layer rows")
struct LayerRowTests {
    @Test("each property's model slots lie once in its class's row; subclasses keep CALayer's; the render list's reads come first")
    func rowsTile() {
        let state = EngineState()
        let base = state.classes[0]
        for layerClass in state.classes {
            var owners = [Int](repeating: -1, count: layerClass.rowSlotCount)
            for (index, property) in layerClass.properties.enumerated() {
                for slot in property.offset..<property.offset + property.modelSlotCount {
                    #expect(owners[slot] == -1, "\(layerClass.name): slot \(slot) of \(property.descriptor.name) is taken")
                    owners[slot] = index
                }
            }
            #expect(!owners.contains(-1), "\(layerClass.name): a slot no property holds")
            #expect(layerClass.properties.prefix(base.properties.count).map(\.offset) == base.properties.map(\.offset))
        }
        let reads = BuiltInLayerProperties.entryFrontReads
        let span = reads.map { base.properties[$0].modelSlotCount }.reduce(0, +)
        #expect(reads.allSatisfy { base.properties[$0].offset + base.properties[$0].modelSlotCount <= span })
    }
}
