// Presentation reads through interned layouts (`PresentationLayouts`): the batch read and the
// single read find every animated property's slots, and the model for the others — also past
// the table's capacity, where layers name no layout and their reads walk their animations.
import Testing

@testable import AnimCore

@Suite("Presentation layouts")
struct PresentationLayoutTests {
    @Test("more distinct layouts than the table holds: every read still finds its value")
    func pastCapacity() throws {
        let engine = Engine()
        let dot = try engine.makeLayerClass(
            name: "Dot", properties: (0..<20).map { PropertyDescriptor("p\($0)", default: .scalar(Double($0))) })
        try engine.tick(0)
        // Three of 20 properties in every order: 6840 distinct layouts, more than 4096.
        var layers: [LayerID] = []
        var animated: [[Int]] = []
        outer: for a in 0..<20 {
            for b in 0..<20 where b != a {
                for c in 0..<20 where c != a && c != b {
                    guard layers.count < PresentationLayouts.capacity + 300 else { break outer }
                    let layer = try engine.makeLayerHandle(dot)
                    for property in [a, b, c] {
                        var animation = Animation(keyPath: "p\(property)", kind: .basic(
                            BasicParameters(fromValue: .scalar(100 + Double(property)), toValue: .scalar(200 + Double(property)))))
                        animation.timing.duration = 10
                        animation.timing.beginTime = 1  // engine time: halfway at 6
                        try engine.addAnimation(animation, forKey: "p\(property)", to: layer)
                    }
                    layers.append(layer)
                    animated.append([a, b, c])
                }
            }
        }
        try engine.tick(0.1)
        try engine.tick(6)
        for property in [0, 7, 19] {
            let key = engine.key("p\(property)")
            var batch = [Double](repeating: .nan, count: layers.count)
            try layers.withUnsafeBufferPointer { handles in
                try batch.withUnsafeMutableBufferPointer { output in
                    try engine.readPresentationValues(forKey: key, of: handles, expecting: .scalar, into: output.baseAddress!)
                }
            }
            for (index, layer) in layers.enumerated() {
                // Halfway through, linear: from + 0.5 × 100 when animated, else the model.
                let expected = animated[index].contains(property) ? 150 + Double(property) : Double(property)
                #expect(batch[index] == expected, "p\(property) of layer \(index) (batch)")
                #expect(scalar(try engine.presentationValue(forKeyPath: "p\(property)", of: layer)) == expected,
                        "p\(property) of layer \(index)")
            }
        }
        // Removing one animation moves the others in the block (a new layout, or none).
        for (index, layer) in layers.enumerated() where index % 97 == 0 {
            try engine.removeAnimation(forKey: "p\(animated[index][0])", from: layer)
            #expect(scalar(try engine.presentationValue(forKeyPath: "p\(animated[index][0])", of: layer))
                    == Double(animated[index][0]))
            #expect(scalar(try engine.presentationValue(forKeyPath: "p\(animated[index][2])", of: layer))
                    == 150 + Double(animated[index][2]))
        }
    }
}
