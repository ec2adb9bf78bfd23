// The typed names of the built-in classes' own properties (CATextLayer's and
// CAReplicatorLayer's), with their Swift types; a layer of another class throws `.unknownKey`
// for them (or stores them as undeclared keys, as Core Animation does, when permissive).

extension PropertyName where T == Double {
    /// CATextLayer "fontSize": points; default 36; animatable.
    public static var fontSize: Self { Self("fontSize") }
    /// CAReplicatorLayer "instanceDelay": seconds between instances; default 0.
    public static var instanceDelay: Self { Self("instanceDelay") }
    /// CAReplicatorLayer "instanceRedOffset": added to the red of each next instance's colour;
    /// default 0.
    public static var instanceRedOffset: Self { Self("instanceRedOffset") }
    /// CAReplicatorLayer "instanceGreenOffset"; default 0.
    public static var instanceGreenOffset: Self { Self("instanceGreenOffset") }
    /// CAReplicatorLayer "instanceBlueOffset"; default 0.
    public static var instanceBlueOffset: Self { Self("instanceBlueOffset") }
    /// CAReplicatorLayer "instanceAlphaOffset"; default 0.
    public static var instanceAlphaOffset: Self { Self("instanceAlphaOffset") }
}

extension PropertyName where T == Color {
    /// CATextLayer "foregroundColor": the text's colour; default opaque white; animatable.
    public static var foregroundColor: Self { Self("foregroundColor") }
    /// CAReplicatorLayer "instanceColor": multiplies instance 0's colours; default opaque
    /// white.
    public static var instanceColor: Self { Self("instanceColor") }
}

extension PropertyName where T == Token {
    /// CATextLayer "string": the host's text; `Token.none` (the default) for none.
    public static var string: Self { Self("string") }
    /// CATextLayer "font": the host's font; `Token.none` (the default) for its default font.
    public static var font: Self { Self("font") }
}

extension PropertyName where T == Int64 {
    /// CATextLayer "alignmentMode": a `TextAlignmentMode` raw value; default natural.
    public static var alignmentMode: Self { Self("alignmentMode") }
    /// CATextLayer "truncationMode": a `TextTruncationMode` raw value; default none.
    public static var truncationMode: Self { Self("truncationMode") }
    /// CAReplicatorLayer "instanceCount": copies drawn, the sublayers included, 0 to
    /// `LayerClassID.maxReplicatorInstances`; default 1.
    public static var instanceCount: Self { Self("instanceCount") }
}

extension PropertyName where T == Bool {
    /// CATextLayer "wrapped" (`isWrapped`): whether the text wraps to the bounds; default false.
    public static var isWrapped: Self { Self("wrapped") }
    /// CATextLayer "allowsFontSubpixelQuantization"; default false.
    public static var allowsFontSubpixelQuantization: Self { Self("allowsFontSubpixelQuantization") }
    /// CAReplicatorLayer "preservesDepth": whether its sublayers keep their 3D; default false.
    public static var preservesDepth: Self { Self("preservesDepth") }
}

extension PropertyName where T == Transform3D {
    /// CAReplicatorLayer "instanceTransform": applied to instance k − 1, about the
    /// replicator's bounds centre, to make instance k; default identity.
    public static var instanceTransform: Self { Self("instanceTransform") }
}
