// The batch set (`Engine.setValues`, C `ac_layers_set_value`) gives what one `setValue` per
// layer gives — its direct path (no action can run: numbers straight into the model rows) as
// much as its general one — model values, display marks, animations and refusals alike.
import Testing

@testable import AnimCore

@Suite("Batch set matches one change per layer")
struct BatchSetTests {
    /// Two engines with the same layers: a class with a redisplaying scalar, a plain point and
    /// a non-animatable scalar; some layers committed, some not.
    struct Pair {
        let engines = [Engine(), Engine()]
        var layers: [[LayerID]] = [[], []]
        var key: [String: PropertyKey] = [:]

        init() throws {
            for (side, engine) in engines.enumerated() {
                let dot = try engine.makeLayerClass(
                    name: "Dot",
                    properties: [
                        PropertyDescriptor("level", default: .scalar(0), needsDisplay: true),
                        PropertyDescriptor("spot", default: .point(x: 0, y: 0)),
                        PropertyDescriptor("fixed", default: .scalar(0), animatable: false),
                    ])
                for index in 0..<6 {
                    layers[side].append(try engine.makeLayerHandle(index % 3 == 0 ? .layer : dot))
                    if index == 3 { try engine.tick(1) }  // the first four are committed
                }
            }
        }

        /// Sets `values` at `name` on both: in one batch on the first engine, one by one on the
        /// second, actions disabled when `disabled`; then compares everything a host can read.
        /// A batch expected to be refused (at layer `refusedAt` of the batch, with `code`)
        /// must change nothing: the second engine then makes no change.
        func set(
            _ name: String, _ kind: ValueKind, _ numbers: [Double], layers picked: [Int], disabled: Bool,
            refusedAt: Int? = nil, code: AnimCoreError.Code? = nil
        ) throws {
            let stride = kind.slotCount
            func run(_ body: () throws -> Void, on engine: Engine) throws {
                if disabled {
                    try engine.beginTransaction()
                    try engine.modifyTransaction { $0.disableActions = true }
                }
                defer { if disabled { try? engine.commitTransaction() } }
                try body()
            }
            let batchLayers = picked.map { layers[0][$0] }
            let key = try engines[0].key(name)
            var batchError: BatchWriteFailure?
            try run({
                batchLayers.withUnsafeBufferPointer { layers in
                    numbers.withUnsafeBufferPointer { numbers in
                        do throws(BatchWriteFailure) {
                            try engines[0].setValues(forKey: key, of: layers, kind: kind, from: numbers.baseAddress!)
                        } catch { batchError = error }
                    }
                }
            }, on: engines[0])
            #expect(batchError?.index == refusedAt, "\(name): refused at \(String(describing: refusedAt))")
            #expect(batchError?.error.code == code, "\(name): with \(String(describing: code))")
            #expect(batchError?.changed != true, "\(name): a refused batch changes nothing")
            if refusedAt == nil {
                try run({
                    for (position, index) in picked.enumerated() {
                        let value = numbers.withUnsafeBufferPointer { Value(kind: kind, slots: $0.baseAddress! + position * stride) }
                        try engines[1].setValue(value, forKeyPath: name, of: layers[1][index])
                    }
                }, on: engines[1])
            }
            try expectSame("after \(name)")
        }

        func expectSame(_ what: String) throws {
            for index in 0..<layers[0].count where engines[0].isValid(layers[0][index]) {
                let (a, b) = (layers[0][index], layers[1][index])
                for name in ["opacity", "position", "level", "spot", "fixed"] {
                    #expect(try engines[0].value(forKeyPath: name, of: a) == engines[1].value(forKeyPath: name, of: b),
                            "\(what): layer \(index) \(name)")
                }
                #expect(try engines[0].needsDisplay(a) == engines[1].needsDisplay(b), "\(what): layer \(index) display")
                #expect(try engines[0].animationKeys(of: a) == engines[1].animationKeys(of: b), "\(what): layer \(index) animations")
            }
        }
    }

    @Test("with actions disabled, for a redisplaying, a plain and a non-animatable property; equal values")
    func disabled() throws {
        let pair = try Pair()
        try pair.set("opacity", .scalar, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], layers: [0, 1, 2, 3, 4, 5], disabled: true)
        try pair.set("level", .scalar, [1, 2, 2, 0], layers: [1, 2, 4, 5], disabled: true)
        // The same values again: nothing changes, no display mark.
        try pair.engines.forEach { try $0.tick(2) }
        try pair.set("level", .scalar, [1, 2, 2, 0], layers: [1, 2, 4, 5], disabled: true)
        try pair.set("spot", .point, [1, 2, 3, 4, 5, 6], layers: [2, 2, 1], disabled: true)
        try pair.set("fixed", .scalar, [7, 8], layers: [1, 4], disabled: false)
    }

    @Test("with actions: committed layers animate, uncommitted ones only change")
    func implicit() throws {
        let pair = try Pair()
        try pair.set("level", .scalar, [3, 4, 5, 6], layers: [1, 2, 4, 5], disabled: false)
        try pair.set("opacity", .scalar, [0.5, 0.25], layers: [0, 3], disabled: false)
    }

    @Test("with actions, some answered by a layer's actions table: those take the general path in the middle of the batch, the others animate directly")
    func implicitWithActionsTable() throws {
        let pair = try Pair()
        for (side, engine) in pair.engines.enumerated() {
            var ramp = Animation.basic("level", from: .scalar(-1), to: .scalar(9))
            ramp.timing.duration = 2
            try engine.setAction(.animation(ramp), forKey: "level", of: pair.layers[side][2])
            try engine.setAction(.noAction, forKey: "spot", of: pair.layers[side][1])
        }
        try pair.set("level", .scalar, [3, 4, 5, 6], layers: [1, 2, 4, 5], disabled: false)
        try pair.set("spot", .point, [1, 2, 3, 4, 5, 6], layers: [1, 2, 4], disabled: false)
        for (side, engine) in pair.engines.enumerated() {
            try engine.tick(1.5)
            #expect(try engine.animationKeys(of: pair.layers[side][2]).contains("level"), "the table's animation runs")
        }
        try pair.expectSame("half-way")
        #expect(try pair.engines[0].presentationValue(forKeyPath: "level", of: pair.layers[0][2])
                == pair.engines[1].presentationValue(forKeyPath: "level", of: pair.layers[1][2]))
    }

    @Test("refusals (not finite, a released layer) change nothing; an undeclared key is stored")
    func refusals() throws {
        let pair = try Pair()
        try pair.set("level", .scalar, [1, .nan, 3], layers: [1, 2, 4], disabled: true, refusedAt: 1, code: .notFinite)
        // Layer 3 is a plain layer: "level" is undeclared there, stored as it is.
        try pair.set("level", .scalar, [1, 2], layers: [1, 3], disabled: true)
        try pair.set("spot", .point, [1, 2, 3, .infinity], layers: [1, 2], disabled: true, refusedAt: 1, code: .notFinite)
        try pair.set("opacity", .scalar, [1, 2, 3], layers: [0, 1, 2], disabled: true)
        for (side, engine) in pair.engines.enumerated() { try engine.release(pair.layers[side][5]) }
        try pair.set("level", .scalar, [1, 2], layers: [4, 5], disabled: true, refusedAt: 1, code: .badHandle)
    }
}
