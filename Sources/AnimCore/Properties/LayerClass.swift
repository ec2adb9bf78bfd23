/// A layer class as an engine keeps it: the properties its layers carry (the superclass's first),
/// where each lives in a layer's model row, the rows themselves, and the class's behaviour.
///
/// This replaces Objective-C subclassing with `@dynamic` properties: every declared property is
/// stored, copied into the presentation and interpolated by the engine, so no `initWithLayer:`
/// copying code is ever needed.
final class LayerClass {
    // Every access is made holding the engine's lock, so exclusivity is not checked at run
    // time (the check would cost more than most accesses).
    let id: LayerClassID
    let name: String
    let superclass: LayerClassID?
    /// Every property, inherited ones first, in declaration order.
    let properties: [StoredProperty]
    /// `properties`' layouts, by the same index: what the hot paths read, through pointers
    /// (`LayerSlots`), so they live in memory of their own, freed with the class.
    let layouts: UnsafeBufferPointer<PropertyLayout>
    /// By property: the animation key id its last implicit animation was added under (-1:
    /// none), tried first when the next one is (`AnimationKeyTable.retain(_:hint:)`).
    @exclusivity(unchecked) var implicitKeyHints: [Int32]
    /// Slots in one layer's model row.
    let rowSlotCount: Int
    /// A new layer's model row: every default (out-of-line properties: -1, meaning the default).
    let defaultRow: [Double]
    /// Default slots of each property, by property index.
    let defaultSlots: [[Double]]
    /// The model rows of this class's layers.
    let rows: SlotBuffer
    /// Property index by key id; -1 where the class declares no property of that key (keys
    /// interned after the class was made are never its properties).
    private let propertyIndexByKey: [Int32]
    /// Resolved key paths by key id (an array indexed by id, grown on demand: the ids are dense;
    /// a dictionary would hash on every explicit add).
    @exclusivity(unchecked) private var keyPathCache: [ResolvedKeyPath] = []
    /// Called to display a layer of this class that needs display (Core Animation's `-display`);
    /// a layer's delegate display handler wins over it.
    @exclusivity(unchecked) var display: DisplayHandler?
    /// The class's default action step of the action search (+defaultActionForKey:); inherited
    /// by subclasses made later.
    @exclusivity(unchecked) var defaultAction: ActionHandler?
    /// Whether layers of this class refuse undeclared keys (set, read or animated) instead of
    /// storing them as Core Animation does. Default false; subclasses made later inherit it.
    @exclusivity(unchecked) var isStrict: Bool
    /// How its layers take part in the render list: its built-in ancestor's role.
    let role: LayerRenderRole
    /// The properties of its nearest built-in ancestor (CALayer's and that class's own), which
    /// a strict class's error names by reference only.
    let builtInPropertyCount: Int

    /// A class with `declared` properties on top of `superclass`'s; `role` is given for a
    /// built-in class (a declared class takes its superclass's). Their model slots follow the
    /// superclass's in a layer's row in `storageOrder` (indexes of `declared`, each once; nil:
    /// declaration order).
    init(
        id: LayerClassID, name: String, superclass: LayerClass?,
        declared: [(PropertyKey, PropertyDescriptor)], outOfLine: SlotBuffer, variables: VariableValues,
        role: LayerRenderRole? = nil, storageOrder: [Int]? = nil
    ) {
        self.id = id
        self.name = name
        self.superclass = superclass?.id
        self.role = role ?? superclass?.role ?? .plain
        var offset = superclass?.rowSlotCount ?? 0
        var added = declared.map { key, descriptor in
            StoredProperty(
                key: key, descriptor: descriptor, kind: descriptor.kind, offset: 0, isInline: descriptor.kind != .transform3D)
        }
        let order = storageOrder ?? Array(added.indices)
        assert(order.sorted() == Array(added.indices), "a storage order names each declared property once")
        for index in order {
            added[index].offset = offset
            offset += added[index].modelSlotCount
        }
        let properties = (superclass?.properties ?? []) + added
        self.properties = properties
        implicitKeyHints = [Int32](repeating: -1, count: properties.count)
        rowSlotCount = offset
        var row = [Double](repeating: 0, count: offset)
        var defaults: [[Double]] = []
        var blocks: [Int] = []
        for property in properties {
            var slots = [Double](repeating: 0, count: property.kind.slotCount)
            slots.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { property.descriptor.defaultValue.write(into: base) }
            }
            // A path or array default is stored once, pinned: the layers showing it share it.
            if property.kind.isVariableLength { slots[0] = variables.store(property.descriptor.defaultValue, pinned: true) }
            defaults.append(slots)
            if property.isInline {
                for (index, slot) in slots.enumerated() { row[property.offset + index] = slot }
                blocks.append(-1)
            } else {
                row[property.offset] = Double(bitPattern: UInt64(bitPattern: -1))
                let block = outOfLine.allocate(slots.count)
                for (index, slot) in slots.enumerated() { outOfLine.pointer(block)[index] = slot }
                blocks.append(block)
            }
        }
        defaultRow = row
        defaultSlots = defaults
        let layouts = UnsafeMutableBufferPointer<PropertyLayout>.allocate(capacity: properties.count)
        for (index, property) in properties.enumerated() {
            (layouts.baseAddress! + index).initialize(to: PropertyLayout(
                kind: property.kind, offset: property.offset, isInline: property.isInline,
                isAnimatable: property.descriptor.isAnimatable, needsDisplay: property.descriptor.needsDisplay,
                hasRange: property.descriptor.range != nil, defaultBlock: blocks[index]))
        }
        self.layouts = UnsafeBufferPointer(layouts)
        rows = SlotBuffer(initialCapacity: max(offset * 64, 64))
        var indexByKey = [Int32](repeating: -1, count: Int(properties.map(\.key.id).max() ?? -1) + 1)
        for (index, property) in properties.enumerated() { indexByKey[Int(property.key.id)] = Int32(index) }
        propertyIndexByKey = indexByKey
        display = superclass?.display
        defaultAction = superclass?.defaultAction
        isStrict = superclass?.isStrict ?? false
        builtInPropertyCount = role != nil ? properties.count : superclass?.builtInPropertyCount ?? properties.count
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: layouts).deallocate()
    }

    /// The error of a strict class for an undeclared key: names the key and lists the class's
    /// declared properties (its built-in ancestor's by reference only).
    func undeclaredKeyError(_ key: String) -> AnimCoreError {
        let own = properties[builtInPropertyCount...].map(\.descriptor.name)
        let listed = own.isEmpty
            ? "it declares only the built-in layer properties"
            : "its own properties: \(own.joined(separator: ", ")); and the built-in layer properties"
        return AnimCoreError(.unknownKey, "\"\(key)\" is not a property of class \(name) (a strict class); \(listed)")
    }

    /// The index of the property declared for `key`, if any.
    func propertyIndex(for key: PropertyKey) -> Int? {
        let id = Int(key.id)
        guard id >= 0, id < propertyIndexByKey.count else { return nil }
        let index = propertyIndexByKey[id]
        return index < 0 ? nil : Int(index)
    }

    /// The whole value of the property at `index` as a key-path target, with its range when it
    /// has one (read only then: ranged properties are few, and a descriptor costs reference
    /// counting to read).
    @inline(__always)
    func wholeValueTarget(_ index: Int) -> KeyPathTarget {
        let layout = layouts[index]
        return KeyPathTarget(
            property: index, component: nil, kind: layout.kind,
            range: layout.hasRange ? properties[index].descriptor.range : nil)
    }

    /// Whether this class is `other` or inherits from it, given the engine's classes.
    func isKind(of other: LayerClassID, classes: [LayerClass]) -> Bool {
        var current: LayerClassID? = id
        while let candidate = current {
            if candidate == other { return true }
            current = classes.indices.contains(candidate.index) && classes[candidate.index].id == candidate
                ? classes[candidate.index].superclass : nil
        }
        return false
    }

    /// The target of a key path ("position.x", "transform.rotation.z", "opacity"), resolved once
    /// per key and cached; nil when the root is not a declared property or the rest is unknown.
    func keyPathTarget(_ key: PropertyKey, path: String, keys: KeyTable) -> KeyPathTarget? {
        let position = Int(key.id)
        if position < keyPathCache.count {
            switch keyPathCache[position] {
            case .target(let target): return target
            case .none: return nil
            case .unresolved: break
            }
        }
        let target = resolve(path, keys: keys)
        if position >= keyPathCache.count {
            keyPathCache.append(contentsOf: repeatElement(.unresolved, count: position + 1 - keyPathCache.count))
        }
        keyPathCache[position] = target.map { .target($0) } ?? .none
        return target
    }

    /// What `keyPathTarget` found for a key id.
    private enum ResolvedKeyPath {
        case unresolved
        /// Not a key path of this class.
        case none
        case target(KeyPathTarget)
    }

    private func resolve(_ path: String, keys: KeyTable) -> KeyPathTarget? {
        let rootName: Substring
        let rest: Substring?
        if let dot = path.firstIndex(of: ".") {
            rootName = path[..<dot]
            rest = path[path.index(after: dot)...]
        } else {
            rootName = path[...]
            rest = nil
        }
        // A declared property's name was interned when its class was declared.
        guard let rootKey = keys.lookup(String(rootName)), let index = propertyIndex(for: rootKey) else { return nil }
        let kind = properties[index].kind
        guard let rest else { return wholeValueTarget(index) }
        guard let component = kind.component(named: String(rest)) else { return nil }
        return KeyPathTarget(property: index, component: component, kind: component.kind)
    }
}

/// What a key path addresses in a layer: a declared property, and optionally a component of its
/// value (`position.x`), with the kind of the addressed value.
struct KeyPathTarget {
    /// Index of the root property in the class's `properties`.
    var property: Int
    /// The component inside the property's value; nil for the whole value.
    var component: KeyPathComponent?
    /// Kind of the addressed value (the component's kind, or the property's).
    var kind: ValueKind
    /// The whole value's range when the property has one (`PropertyDescriptor.range`).
    var range: PropertyRange? = nil
}

/// A display callback: receives the engine and the layer to display. Runs on the thread that
/// calls tick, outside the engine's internal state access, so it may call back into the engine.
package struct DisplayHandler: Sendable {
    package let call: @Sendable (Engine, LayerID) -> Void

    package init(_ call: @escaping @Sendable (Engine, LayerID) -> Void) {
        self.call = call
    }
}
