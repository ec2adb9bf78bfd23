// Handles: a released or foreign layer or class handle is refused however many engines and
// objects come and go (issue 9, defects 1, 2, 4, 5), and a layer's references are bounded.
import Testing

@testable import AnimCore

@Suite("Handles")
struct HandleTests {
    /// Before: handles carried a 12-bit engine serial, so the 4096th engine made after A
    /// accepted A's layer handles and wrote its own layer.
    @Test("another engine, live or not, refuses a layer and a class of this one")
    func foreignHandles() throws {
        let first = Engine()
        let layer = try first.makeLayerHandle()
        try first.setValue(.scalar(0.25), forKeyPath: "opacity", of: layer)
        let layerClass = try first.makeLayerClass(
            name: "Dial", properties: [PropertyDescriptor("angle", default: .scalar(0))])
        for round in 0..<5000 {
            let other = Engine()
            let own = try other.makeLayerHandle()
            _ = try other.makeLayerClass(name: "Dial", properties: [])
            if own.rawValue == layer.rawValue {
                Issue.record("round \(round): another engine minted the same layer handle")
            }
            expectError(.badHandle, "round \(round): set through another engine") {
                try other.setValue(.scalar(1), forKeyPath: "opacity", of: layer)
            }
            expectError(.badHandle, "round \(round): release through another engine") { try other.release(layer) }
            expectError(.badHandle, "round \(round): a layer of another engine's class") {
                _ = try other.makeLayerHandle(layerClass)
            }
        }
        expectValue(try first.value(forKeyPath: "opacity", of: layer), .scalar(0.25), 0, "the first engine's layer, untouched")
        #expect(try first.layerClass(of: try first.makeLayerHandle(layerClass)) == layerClass)
    }

    /// Before: a 22-bit generation, so a handle came back after 2^22 create/release cycles of
    /// its slot. Stamps are process-wide and 34 bits; the C suite (c_handles, a release build)
    /// runs the 2^22 + 16 cycles, this debug-built one 2^16.
    @Test("a released layer handle stays refused however often its slot is reused")
    func staleLayerHandle() throws {
        let engine = Engine()
        let stale = try engine.makeLayerHandle()
        try engine.release(stale)
        let cycles = (1 << 16) + 16
        var accepted = 0
        for _ in 0..<cycles {
            let layer = try engine.makeLayerHandle()
            if layer.rawValue == stale.rawValue || (try? engine.retain(stale)) != nil { accepted += 1 }
            try engine.release(layer)
        }
        #expect(accepted == 0, "the stale handle was accepted \(accepted) times")
    }

    @Test("the built-in classes are the same handles in every engine; made-up classes are refused")
    func builtInAndMadeUpClasses() throws {
        let engine = Engine()
        #expect(engine.baseLayerClass == LayerClassID.layer)
        #expect(try engine.layerClass(of: try engine.makeLayerHandle(.layer)) == .layer)
        // Small handles past the built-in classes (1...3 are CATextLayer, CAReplicatorLayer and
        // CATransformLayer) name no class.
        #expect(try engine.layerClass(of: try engine.makeLayerHandle(.replicatorLayer)) == .replicatorLayer)
        for raw: UInt64 in [1000, 0xC1 << 56, (0xC1 << 56) | 1, .max, 0x4C << 56] {
            expectError(.badHandle, "class \(raw)") { _ = try engine.makeLayerHandle(LayerClassID(rawValue: raw)) }
        }
        // A layer handle is not a class handle, nor the reverse.
        let layer = try engine.makeLayerHandle()
        expectError(.badHandle, "a layer handle as a class") { _ = try engine.makeLayerHandle(LayerClassID(rawValue: layer.rawValue)) }
        let declared = try engine.makeLayerClass(name: "C", properties: [])
        expectError(.badHandle, "a class handle as a layer") { try engine.retain(LayerID(rawValue: declared.rawValue)) }
    }

    /// Before: the Int32 count overflowed on the 2^31st retain and trapped.
    @Test("retain at the most references answers outOfRange, and the layer stays usable")
    func retainBound() throws {
        let engine = Engine()
        let layer = try engine.makeLayerHandle()
        let parent = try engine.makeLayerHandle()
        try engine.setReferenceCountForTesting(LayerRecord.maximumReferences - 1, of: layer)
        try engine.retain(layer)
        expectError(.outOfRange, "one retain past the most") { try engine.retain(layer) }
        expectError(.outOfRange, "a superlayer's reference past the most") { try engine.addSublayer(layer, to: parent) }
        #expect(try engine.bookkeeping(of: layer).referenceCount == LayerRecord.maximumReferences)
        try engine.release(layer)
        try engine.addSublayer(layer, to: parent)
        #expect(try engine.superlayer(of: layer) == parent)
        // A move keeps the count (the superlayer's reference moves with it), so it works at the most.
        #expect(try engine.bookkeeping(of: layer).referenceCount == LayerRecord.maximumReferences)
        let other = try engine.makeLayerHandle()
        try engine.addSublayer(layer, to: other)
        #expect(try engine.superlayer(of: layer) == other)
        #expect(try engine.bookkeeping(of: layer).referenceCount == LayerRecord.maximumReferences)
    }
}
