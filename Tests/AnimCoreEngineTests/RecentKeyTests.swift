// The explicit add's shortcuts: the key table and the animation-key table remember the name they
// last saw, and a class keeps its resolved key paths in an array by key id. Each must answer as
// the hashing lookup would, whatever order names come in and when ids are reused.
import Testing

@testable import AnimCore

@Suite("Recent keys and resolved key paths answer as the full lookups do")
struct RecentKeyTests {
    @Test("the key table: alternating, repeated and new names keep their ids and names")
    func keyTable() throws {
        let table = KeyTable()
        let x = try table.intern("position.x")
        #expect(try table.intern("position.x") == x)
        let y = try table.intern("opacity")
        #expect(y != x)
        #expect(try table.intern("position.x") == x)
        #expect(try table.intern("opacity") == y)
        #expect(try table.intern("opacity") == y)
        let z = try table.intern("position.xy")  // shares a prefix with the recent name
        #expect(z != x && z != y)
        #expect(table.name(of: x) == "position.x")
        #expect(table.name(of: y) == "opacity")
        #expect(table.name(of: z) == "position.xy")
        #expect(table.lookup("position.x") == x)
        #expect(table.count == 3)
        // A long name (not a small string) and an equal one made apart.
        let long = String(repeating: "a", count: 40)
        let made = String(repeating: "a", count: 39) + "a"
        let id = try table.intern(long)
        #expect(try table.intern(made) == id)
        #expect(try table.intern("opacity") == y)
        #expect(try table.intern(made) == id)
    }

    @Test("the animation-key table: a released key's id reused by another name never answers for the old one")
    func animationKeyReuse() {
        let table = AnimationKeyTable()
        let a = table.retain("a")
        #expect(table.lookup("a") == a)
        table.release(a)
        #expect(table.lookup("a") == nil)
        let b = table.retain("b")
        #expect(b == a, "the freed id is reused")
        #expect(table.lookup("a") == nil, "the recent id now names b")
        #expect(table.lookup("b") == b)
        let a2 = table.retain("a")
        #expect(a2 != b)
        #expect(table.name(of: a2) == "a")
        #expect(table.name(of: b) == "b")
        #expect(table.retain("b") == b)
        table.release(b)
        #expect(table.lookup("b") == b, "one use is left")
        table.release(b)
        #expect(table.lookup("b") == nil)
        #expect(table.lookup("a") == a2)
        #expect(table.count == 1)
    }

    @Test("adds under one key to many layers, with removals between: each layer keeps its own, the table only those in use")
    func addsUnderOneKey() throws {
        let engine = Engine()
        let layers = try (0..<6).map { _ in try engine.makeLayerHandle() }
        var animation = Animation.basic("opacity", from: .scalar(0), to: .scalar(1))
        animation.timing.duration = 10
        for layer in layers { try engine.addAnimation(animation, forKey: "fade", to: layer) }
        #expect(engine.bookkeeping().animationKeys == 1)
        for layer in layers.prefix(3) { try engine.removeAnimation(forKey: "fade", from: layer) }
        for layer in layers.prefix(3) { #expect(try engine.animationKeys(of: layer).isEmpty) }
        for layer in layers.suffix(3) { #expect(try engine.animationKeys(of: layer) == ["fade"]) }
        for layer in layers.suffix(3) { try engine.removeAnimation(forKey: "fade", from: layer) }
        #expect(engine.bookkeeping().animationKeys == 0)
        // The freed id goes to another key; "fade" comes back under a new one.
        try engine.addAnimation(animation, forKey: "slide", to: layers[0])
        try engine.addAnimation(animation, forKey: "fade", to: layers[1])
        try engine.addAnimation(animation, forKey: "fade", to: layers[0])
        #expect(try engine.animationKeys(of: layers[0]) == ["slide", "fade"])
        #expect(try engine.animationKeys(of: layers[1]) == ["fade"])
        // Replacing by key replaces only that key's animation.
        try engine.addAnimation(animation, forKey: "slide", to: layers[0])
        #expect(try engine.animationKeys(of: layers[0]) == ["fade", "slide"])
        try engine.removeAnimation(forKey: "fade", from: layers[0])
        #expect(try engine.animationKeys(of: layers[0]) == ["slide"])
        #expect(try engine.animationKeys(of: layers[1]) == ["fade"])
        #expect(engine.bookkeeping().animationKeys == 2)
    }

    @Test("key paths resolved per class from the array cache: targets, refusals and unknown paths stay as resolved first")
    func keyPathCache() throws {
        let engine = Engine()
        let plain = try engine.makeLayerHandle()
        let dotClass = try engine.makeLayerClass(name: "Dot", properties: [PropertyDescriptor("level", default: .scalar(0))])
        let dot = try engine.makeLayerHandle(dotClass)
        var x = Animation.basic("position.x", from: .scalar(0), to: .scalar(100))
        x.timing.duration = 1
        var level = Animation.basic("level", from: .scalar(0), to: .scalar(10))
        level.timing.duration = 1
        for round in 0..<3 {
            // Alternating paths and classes, each twice, so each answer comes from the cache too.
            for _ in 0..<2 {
                try engine.addAnimation(x, forKey: "x", to: plain)
                try engine.addAnimation(x, forKey: "x", to: dot)  // a Dot layer has position too
                #expect(throws: AnimCoreError.self, "round \(round)") { try engine.addAnimation(level, forKey: "l", to: plain) }
                try engine.addAnimation(level, forKey: "l", to: dot)
                #expect(throws: AnimCoreError.self) {
                    try engine.addAnimation(Animation.basic("position.nope", from: .scalar(0), to: .scalar(1)), forKey: "n", to: dot)
                }
            }
            #expect(try engine.animationKeys(of: plain) == ["x"])
            #expect(try engine.animationKeys(of: dot) == ["x", "l"])
            let base = Double(round) * 10
            try engine.tick(base)
            try engine.tick(base + 0.5)
            let plainPosition = try engine.presentationValue(forKeyPath: "position.x", of: plain)
            let dotPosition = try engine.presentationValue(forKeyPath: "position.x", of: dot)
            let dotLevel = try engine.presentationValue(forKeyPath: "level", of: dot)
            #expect(plainPosition == .scalar(50))
            #expect(dotPosition == .scalar(50))
            #expect(dotLevel == .scalar(5))
            try engine.tick(base + 2)
        }
    }
}
