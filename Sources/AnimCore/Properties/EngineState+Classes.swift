/// Layer classes: declaring a class of properties on top of its superclass's.
extension EngineState {
    /// Declares a layer class with `properties` on top of `superclass`'s. Throws when a name is
    /// empty, has a dot, is "frame", or is already a property of the class or its superclasses.
    func makeLayerClass(
        name: String, superclass: LayerClassID, properties: [PropertyDescriptor]
    ) throws(AnimCoreError) -> LayerClassID {
        let parent = try layerClass(superclass)
        // [Decision] A name is a class's identity, as an Objective-C class name is in its process:
        // a second class of the same name in one engine is refused rather than shadowing the first.
        guard !name.isEmpty else { throw AnimCoreError(.invalidArgument, "the class name is empty") }
        guard !classes.contains(where: { $0.name == name }) else {
            throw AnimCoreError(.invalidArgument, "\"\(name)\" is already the name of a layer class of this engine")
        }
        var declared: [(PropertyKey, PropertyDescriptor)] = []
        var seen = Set(parent.properties.map(\.descriptor.name))
        for descriptor in properties {
            let propertyName = descriptor.name
            guard !propertyName.isEmpty, !propertyName.contains("."), propertyName != "frame" else {
                throw AnimCoreError(
                    .invalidArgument,
                    "property name \"\(propertyName)\" is not allowed (empty, dotted or \"frame\")")
            }
            guard seen.insert(propertyName).inserted else {
                throw AnimCoreError(
                    .invalidArgument, "property \"\(propertyName)\" is already declared in class \(name) or above")
            }
            declared.append((try keys.intern(propertyName), descriptor))
        }
        guard classes.count <= Handle.maxIndex else {
            throw AnimCoreError(.outOfRange, "this engine already holds \(classes.count) layer classes, the most it can")
        }
        let id = LayerClassID(index: classes.count, stamp: Handle.nextStamp(.layerClass))
        classes.append(LayerClass(id: id, name: name, superclass: parent, declared: declared, outOfLine: outOfLine, variables: variableValues))
        return id
    }
}
