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
            let key = try engine.key("p\(property)")
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

    /// Reads `keys` of `layers` as a table into `rows` and expects every cell to equal, to the
    /// bit, the layer's own read of its key (`presentationValue(forKeyPath:of:)`).
    static func expectCellsOwnReads(
        _ engine: Engine, _ keys: [String], _ kinds: [ValueKind], _ layers: [LayerID], into rows: inout [Double], _ what: String
    ) throws {
        let stride = kinds.reduce(0) { $0 + $1.slotCount }
        rows = [Double](repeating: .nan, count: layers.count * stride)
        #expect(table(engine, keys, kinds, layers, into: &rows) == nil, "\(what)")
        for (index, layer) in layers.enumerated() {
            var expected: [Double] = []
            for key in keys { expected += slots(try #require(try engine.presentationValue(forKeyPath: key, of: layer))) }
            #expect(Array(rows[(index * stride)..<((index + 1) * stride)]).map(\.bitPattern) == expected.map(\.bitPattern),
                    "layer \(index), \(what)")
        }
    }

    /// An engine ticking on `threads` threads, started at time 0, with two classes that declare
    /// "level": "Dot" (0.5) and "Ring" (0.25, beside "size").
    static func dotAndRing(threads: Int) throws -> (engine: Engine, dot: LayerClassID, ring: LayerClassID) {
        let engine = Engine()
        try engine.setTickThreadCount(threads)
        let dot = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0.5))])
        let ring = try engine.makeLayerClass(
            name: "Ring", properties: [PropertyDescriptor("size", default: .scalar(3)), PropertyDescriptor("level", default: .scalar(0.25))])
        try engine.tick(0)
        return (engine, dot, ring)
    }

    /// Reads `keys` of `layers` as a table (`readPresentationTable`); the failure, if any.
    static func table(
        _ engine: Engine, _ keys: [String], _ kinds: [ValueKind], _ layers: [LayerID], into rows: inout [Double]
    ) -> BatchReadFailure? {
        let keyIDs = keys.map { (try? engine.key($0))! }  // a few names: interning cannot fail
        return keyIDs.withUnsafeBufferPointer { keyIDs in
            kinds.withUnsafeBufferPointer { kinds in
                layers.withUnsafeBufferPointer { handles in
                    rows.withUnsafeMutableBufferPointer { output in
                        do throws(BatchReadFailure) {
                            try engine.readPresentationTable(forKeys: keyIDs, of: handles, expecting: kinds, into: output.baseAddress!)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
            }
        }
    }

    @Test("a table of several keys: each key's columns hold its own read, on one thread and on two, in two classes, through the general read for the keys a class does not declare")
    func table() throws {
        let keys = ["position", "opacity", "transform", "level", "opacity"]
        let kinds: [ValueKind] = [.point, .scalar, .transform3D, .scalar, .scalar]
        let stride = 2 + 1 + 16 + 1 + 1
        for threads in [1, 2] {
            let (engine, dot, ring) = try Self.dotAndRing(threads: threads)
            // Enough layers for the read to be shared out on two threads (more than 4096 keys a
            // part); the last ones of the base class, where "level" is undeclared, for the
            // general read.
            var layers: [LayerID] = []
            for index in 0..<2000 {
                let layer = try engine.makeLayerHandle(index >= 1900 && index % 3 == 0 ? nil : index % 2 == 0 ? dot : ring)
                if index >= 1900 && index % 3 == 0 { try engine.setValue(.scalar(Double(index)), forKeyPath: "level", of: layer) }
                if index % 5 == 0 { try engine.setValue(.transform3D(Transform3D.identity.scaledBy(x: 2, y: 3, z: 1)), forKeyPath: "transform", of: layer) }
                if index % 2 == 0 {
                    var move = Animation(keyPath: "position", kind: .basic(BasicParameters(
                        fromValue: .point(x: 0, y: 0), toValue: .point(x: Double(index), y: -Double(index)))))
                    move.timing.duration = 2
                    try engine.addAnimation(move, forKey: "move", to: layer)
                }
                if index % 7 == 0 {
                    var fade = Animation(keyPath: "opacity", kind: .basic(BasicParameters(fromValue: .scalar(0), toValue: .scalar(1))))
                    fade.timing.duration = 2
                    try engine.addAnimation(fade, forKey: "fade", to: layer)
                }
                layers.append(layer)
            }
            try engine.tick(0.1)
            try engine.tick(0.6)
            var rows = [Double](repeating: .nan, count: layers.count * stride)
            #expect(Self.table(engine, keys, kinds, layers, into: &rows) == nil)
            // A key path (the fast read's part of the property's value) beside a declared key.
            var pathRows = [Double](repeating: .nan, count: layers.count * 2)
            #expect(Self.table(engine, ["position.x", "opacity"], [.scalar, .scalar], layers, into: &pathRows) == nil)
            for (index, layer) in layers.enumerated() {
                #expect(pathRows[2 * index] == rows[index * stride] && pathRows[2 * index + 1] == rows[index * stride + 2])
                var column = 0
                for key in keys {
                    var alone = [Double](repeating: .nan, count: 16)
                    let value = try #require(try engine.presentationValue(forKeyPath: key, of: layer))
                    alone.withUnsafeMutableBufferPointer { value.write(into: $0.baseAddress!) }
                    let width = value.kind.slotCount
                    #expect(Array(rows[(index * stride + column)..<(index * stride + column + width)]) == Array(alone[0..<width]),
                            "\(key) of layer \(index), \(threads) thread(s)")
                    column += width
                }
            }
            // A released layer and a layer holding another kind at a key stop the read there,
            // naming the layer and the key.
            try engine.release(layers[1500])
            var failure = Self.table(engine, keys, kinds, layers, into: &rows)
            #expect(failure?.index == 1500 && failure?.key == -1 && failure?.error.code == .badHandle)
            layers[1500] = try engine.makeLayerHandle()
            try engine.setValue(.point(x: 1, y: 2), forKeyPath: "level", of: layers[1500])
            failure = Self.table(engine, keys, kinds, layers, into: &rows)
            #expect(failure?.index == 1500 && failure?.key == 3 && failure?.error.code == .wrongKind)
            failure = Self.table(engine, ["opacity", "position"], [.scalar, .scalar], layers, into: &rows)
            #expect(failure?.index == 0 && failure?.key == 1 && failure?.error.code == .wrongKind)
            // The keys the fast read leaves to the general one fail in order with the rest: a
            // layer's undeclared key holding another kind before a dead layer is named, and a
            // dead layer before such a key.
            try engine.setValue(.point(x: 3, y: 4), forKeyPath: "level", of: layers[1902])
            try engine.release(layers[1950])
            failure = Self.table(engine, ["position", "level"], [.point, .scalar], layers, into: &rows)
            #expect(failure?.index == 1500 && failure?.key == 1 && failure?.error.code == .wrongKind)
            try engine.setValue(.scalar(7), forKeyPath: "level", of: layers[1500])
            failure = Self.table(engine, ["position", "level"], [.point, .scalar], layers, into: &rows)
            #expect(failure?.index == 1902 && failure?.key == 1 && failure?.error.code == .wrongKind)
            try engine.setValue(.scalar(8), forKeyPath: "level", of: layers[1902])
            try engine.setValue(.point(x: 5, y: 6), forKeyPath: "level", of: layers[1959])
            failure = Self.table(engine, ["position", "level"], [.point, .scalar], layers, into: &rows)
            #expect(failure?.index == 1950 && failure?.key == -1 && failure?.error.code == .badHandle)
        }
    }

    @Test("a table with key paths (read the fast way, as parts of their properties' values) and keys some classes leave to the general read: every cell its own read, on one thread and on two")
    func tableWithGeneralCells() throws {
        for threads in [1, 2] {
            let engine = Engine()
            try engine.setTickThreadCount(threads)
            let dot = try engine.makeLayerClass(
                name: "Dot",
                properties: [
                    PropertyDescriptor("level", default: .scalar(0.5)),
                    PropertyDescriptor("tilt", default: .affineTransform(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))),
                ])
            try engine.tick(0)
            // Every third layer of the base class, holding "level" as an undeclared key; key
            // paths into a point, a rect and a transform (turning on some layers, scaled and
            // skewed on others), and "frame" (the general read), for every layer.
            var layers: [LayerID] = []
            for index in 0..<6000 {
                let layer = try engine.makeLayerHandle(index % 3 == 0 ? nil : dot)
                try engine.setValue(.scalar(Double(index) / 7), forKeyPath: "level", of: layer)
                try engine.setValue(.rect(x: 0, y: 0, width: Double(index % 50), height: 3), forKeyPath: "bounds", of: layer)
                var shape = Transform3D.identity.scaledBy(x: 1 + Double(index % 3), y: 2, z: 1)
                shape.m21 = Double(index % 5) / 10
                if index % 4 == 0 { try engine.setValue(.transform3D(shape), forKeyPath: "transform", of: layer) }
                if index % 4 == 2 {  // turned about y: a 3D transform (its parts through the Euler angles)
                    try engine.setValue(.transform3D(Transform3D.identity.rotatedBy(angle: 0.3 + Double(index % 5) / 10, x: 0, y: 1, z: 0)
                        .scaledBy(x: 2, y: 1, z: 1)), forKeyPath: "transform", of: layer)
                }
                if index % 3 != 0 {
                    try engine.setValue(.affineTransform(AffineTransform(a: 1, b: Double(index % 4) / 5, c: -0.2, d: 2, tx: Double(index), ty: 3)),
                                        forKeyPath: "tilt", of: layer)
                }
                try engine.setValue(.color(red: 0.5, green: 0.25, blue: 1, alpha: Double(index % 10) / 10), forKeyPath: "backgroundColor", of: layer)
                var move = Animation(keyPath: "position", kind: .basic(BasicParameters(
                    fromValue: .point(x: 0, y: Double(index)), toValue: .point(x: Double(index), y: 0))))
                move.timing.duration = 2
                try engine.addAnimation(move, forKey: "move", to: layer)
                if index % 4 == 1 {
                    var turn = Animation(keyPath: "transform.rotation.z", kind: .basic(BasicParameters(
                        fromValue: .scalar(0), toValue: .scalar(Double(index % 7)))))
                    turn.timing.duration = 2
                    try engine.addAnimation(turn, forKey: "turn", to: layer)
                }
                layers.append(layer)
            }
            try engine.tick(0.1)
            try engine.tick(0.9)
            let keys = ["position", "level", "position.y", "opacity", "transform.rotation.z", "transform.scale.x", "bounds.size.width", "frame"]
            let kinds: [ValueKind] = [.point, .scalar, .scalar, .scalar, .scalar, .scalar, .scalar, .rect]
            var rows: [Double] = []
            try Self.expectCellsOwnReads(engine, keys, kinds, layers, into: &rows, "\(threads) thread(s)")
            // Parts of two slots, a colour's, a 3D transform's and an affine transform's (a
            // property of "Dot" alone), to the bit.
            let dots = layers.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
            let partKeys = ["bounds.origin", "bounds.size", "transform.translation", "transform.rotation.y", "transform.scale",
                            "backgroundColor.alpha", "tilt.rotation.z", "tilt.translation", "tilt.scale.y"]
            let partKinds: [ValueKind] = [.point, .size, .size, .scalar, .scalar, .scalar, .scalar, .size, .scalar]
            var parts: [Double] = []
            try Self.expectCellsOwnReads(engine, partKeys, partKinds, dots, into: &parts, "\(threads) thread(s)")
            // A key path asked as another kind than its part's: refused at the first layer.
            let wrong = Self.table(engine, ["opacity", "position.x"], [.scalar, .point], layers, into: &rows)
            #expect(wrong?.index == 0 && wrong?.key == 1 && wrong?.error.code == .wrongKind)
            // Read in two parts on two threads (48000 keys): a left key's failure in the first
            // part comes before a dead layer in the second; a dead layer in the first, before a
            // left key's failure after it.
            try engine.setValue(.point(x: 1, y: 1), forKeyPath: "level", of: layers[1500])  // base class: undeclared
            try engine.release(layers[4000])
            var failure = Self.table(engine, keys, kinds, layers, into: &rows)
            #expect(failure?.index == 1500 && failure?.key == 1 && failure?.error.code == .wrongKind, "\(threads) thread(s)")
            try engine.release(layers[600])
            failure = Self.table(engine, keys, kinds, layers, into: &rows)
            #expect(failure?.index == 600 && failure?.key == -1 && failure?.error.code == .badHandle, "\(threads) thread(s)")
        }
    }
}
