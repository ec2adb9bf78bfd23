/// A property a layer class declares: its key, the kind and default of its value, and how the
/// engine treats changes to it.
public struct PropertyDescriptor: Sendable {
    /// The property's name, a key without dots ("time", "percent").
    public var name: String
    /// The default value; its kind is the property's kind.
    public var defaultValue: Value
    /// Whether animations may target the property (explicit ones now, implicit actions later).
    /// Default true.
    public var isAnimatable: Bool
    /// Whether a change of the property (by a set or an animation) makes the layer redisplay:
    /// Core Animation's `+needsDisplayForKey:`. Default false.
    public var needsDisplay: Bool
    /// The values a built-in integer property takes; nil for any finite value.
    let range: PropertyRange?

    /// A property named `name` whose values are of `defaultValue`'s kind.
    /// - Parameters:
    ///   - name: a key without dots, not "frame", unique in the class and its superclasses
    ///     (checked when the class is made).
    ///   - defaultValue: the value of a new layer; its kind is the property's kind.
    ///   - animatable: whether animations may target it; default true.
    ///   - needsDisplay: whether a change redisplays the layer (`+needsDisplayForKey:`);
    ///     default false.
    public init(_ name: String, default defaultValue: Value, animatable: Bool = true, needsDisplay: Bool = false) {
        self.name = name
        self.defaultValue = defaultValue
        self.isAnimatable = animatable
        self.needsDisplay = needsDisplay
        range = nil
    }

    /// A built-in property whose integer values lie in `range` (checked when set).
    init(_ name: String, default defaultValue: Value, animatable: Bool = true, range: PropertyRange) {
        self.name = name
        self.defaultValue = defaultValue
        self.isAnimatable = animatable
        self.needsDisplay = false
        self.range = range
    }

    /// A property declared by its typed name: `PropertyDescriptor(radius, default: 10)` for
    /// `let radius = PropertyName<Double>("radius")`.
    /// - Parameters:
    ///   - name: the property's typed name; its key path must be a plain name (no dots, not
    ///     "frame"), unique in the class and its superclasses (checked when the class is made).
    ///   - defaultValue: the value of a new layer.
    ///   - animatable: whether animations may target it; default true.
    ///   - needsDisplay: whether a change redisplays the layer (`+needsDisplayForKey:`);
    ///     default false.
    public init<T: PropertyValue>(
        _ name: PropertyName<T>, default defaultValue: T, animatable: Bool = true, needsDisplay: Bool = false
    ) {
        self.init(name.keyPath, default: defaultValue.value, animatable: animatable, needsDisplay: needsDisplay)
    }

    /// The kind of the property's values.
    public var kind: ValueKind { defaultValue.kind }
}

/// A declared property as a class stores it: the descriptor plus where its model value lives in
/// a layer's slots.
struct StoredProperty {
    var key: PropertyKey
    var descriptor: PropertyDescriptor
    var kind: ValueKind
    /// Offset of the value in the layer's model slots.
    var offset: Int
    /// Whether the slots hold the value itself (false: one slot holding the index of a block in
    /// the engine's out-of-line store, or -1 for the class default). Only 3D transforms, 16 slots
    /// that are the identity on almost every layer, live out of line.
    var isInline: Bool

    /// Slots the property takes in the model row.
    var modelSlotCount: Int { isInline ? kind.slotCount : 1 }
}

/// What the change and read paths need of a property, without its descriptor: copying a
/// `StoredProperty` copies the descriptor's name and default, which costs reference counting on
/// every access.
struct PropertyLayout {
    var kind: ValueKind
    /// Offset of the value in the layer's model slots.
    var offset: Int
    /// See `StoredProperty.isInline`.
    var isInline: Bool
    var isAnimatable: Bool
    var needsDisplay: Bool
    /// Whether its values have a range of their own (`PropertyDescriptor.range`).
    var hasRange: Bool
    /// For an out-of-line property, the block in the engine's out-of-line buffer holding its
    /// default value; −1 for an inline property.
    var defaultBlock: Int
}
