"""The built-in layer classes beyond CALayer (Core Animation's CATextLayer, CAReplicatorLayer,
CATransformLayer, CAShapeLayer and CAGradientLayer): their fixed handles, the text, shape and
gradient layers' enum values, and the replicator's instance limit. :meth:`Engine.builtin_class`
gives each as a :class:`LayerClass`, a superclass :meth:`Engine.layer_class` takes as it takes
the base class.
"""

from __future__ import annotations

from enum import IntEnum

from . import _capi

__all__ = [
    "BuiltInClass",
    "FillRule",
    "GradientType",
    "LineCap",
    "LineJoin",
    "MAX_REPLICATOR_INSTANCES",
    "TextAlignment",
    "TextTruncation",
]


class BuiltInClass(IntEnum):
    """The built-in layer classes' handles, the same in every engine (see
    :meth:`Engine.builtin_class`):

    - ``LAYER``: CALayer (:attr:`Engine.base_class`);
    - ``TEXT_LAYER``: CATextLayer: ``fontSize`` (36) and ``foregroundColor`` (opaque white)
      animate; ``string`` and ``font`` (host tokens, 0: none / the host's default),
      ``alignmentMode`` (:class:`TextAlignment`), ``truncationMode`` (:class:`TextTruncation`),
      ``wrapped`` and ``allowsFontSubpixelQuantization`` (False) are plain values;
    - ``REPLICATOR_LAYER``: CAReplicatorLayer: ``instanceCount`` (1, 0 to
      :data:`MAX_REPLICATOR_INSTANCES`), ``instanceDelay`` (0 s), ``instanceTransform``
      (identity), ``instanceColor`` (opaque white), ``instanceRedOffset`` …
      ``instanceAlphaOffset`` (0), ``preservesDepth`` (False, not animatable); the render list
      draws its sublayers once per instance;
    - ``TRANSFORM_LAYER``: CATransformLayer: only its sublayers are drawn, kept in 3D;
    - ``SHAPE_LAYER``: CAShapeLayer: ``path`` (a :class:`Path`, empty: no shape),
      ``fillColor`` (opaque black), ``strokeColor`` (transparent black: no stroke),
      ``strokeStart`` (0), ``strokeEnd`` (1), ``lineWidth`` (1), ``miterLimit`` (10),
      ``lineDashPhase`` (0) animate; ``fillRule`` (:class:`FillRule`), ``lineCap``
      (:class:`LineCap`), ``lineJoin`` (:class:`LineJoin`) and ``lineDashPattern`` (a list of
      numbers, empty: solid) are plain values. strokeStart/strokeEnd and lineWidth/miterLimit
      are kept as set (the host clamps when drawing);
    - ``GRADIENT_LAYER``: CAGradientLayer: ``colors`` (a list of colours, empty: none),
      ``locations`` (a list of numbers, empty: evenly spaced), ``startPoint`` (0.5, 0),
      ``endPoint`` (0.5, 1) animate; ``type`` (:class:`GradientType`) is a plain value.

    ``path``, ``colors`` and ``locations`` are declared animatable as in Core Animation, but an
    animation of them raises WrongKindError until animations of these kinds exist. The render
    list carries no shape or gradient data: read the layer's values (presentation ones too) by
    its handle and draw from them.

    C: AC_CLASS_* (ac_layer_create(), ac_class_create(), ac_class_find())."""

    LAYER = _capi.AC_CLASS_LAYER
    TEXT_LAYER = _capi.AC_CLASS_TEXT_LAYER
    REPLICATOR_LAYER = _capi.AC_CLASS_REPLICATOR_LAYER
    TRANSFORM_LAYER = _capi.AC_CLASS_TRANSFORM_LAYER
    SHAPE_LAYER = _capi.AC_CLASS_SHAPE_LAYER
    GRADIENT_LAYER = _capi.AC_CLASS_GRADIENT_LAYER


class TextAlignment(IntEnum):
    """CATextLayer's ``alignmentMode`` values (kCAAlignment*).

    C: AC_TEXT_ALIGNMENT_* (the "alignmentMode" property, ac_layer_set_value())."""

    NATURAL = _capi.AC_TEXT_ALIGNMENT_NATURAL
    LEFT = _capi.AC_TEXT_ALIGNMENT_LEFT
    RIGHT = _capi.AC_TEXT_ALIGNMENT_RIGHT
    CENTER = _capi.AC_TEXT_ALIGNMENT_CENTER
    JUSTIFIED = _capi.AC_TEXT_ALIGNMENT_JUSTIFIED


class TextTruncation(IntEnum):
    """CATextLayer's ``truncationMode`` values (kCATruncation*).

    C: AC_TEXT_TRUNCATION_* (the "truncationMode" property, ac_layer_set_value())."""

    NONE = _capi.AC_TEXT_TRUNCATION_NONE
    START = _capi.AC_TEXT_TRUNCATION_START
    END = _capi.AC_TEXT_TRUNCATION_END
    MIDDLE = _capi.AC_TEXT_TRUNCATION_MIDDLE


class FillRule(IntEnum):
    """CAShapeLayer's ``fillRule`` values (kCAFillRule*).

    C: AC_FILL_RULE_* (the "fillRule" property, ac_layer_set_value())."""

    NON_ZERO = _capi.AC_FILL_RULE_NON_ZERO
    EVEN_ODD = _capi.AC_FILL_RULE_EVEN_ODD


class LineCap(IntEnum):
    """CAShapeLayer's ``lineCap`` values (kCALineCap*).

    C: AC_LINE_CAP_* (the "lineCap" property, ac_layer_set_value())."""

    BUTT = _capi.AC_LINE_CAP_BUTT
    ROUND = _capi.AC_LINE_CAP_ROUND
    SQUARE = _capi.AC_LINE_CAP_SQUARE


class LineJoin(IntEnum):
    """CAShapeLayer's ``lineJoin`` values (kCALineJoin*).

    C: AC_LINE_JOIN_* (the "lineJoin" property, ac_layer_set_value())."""

    MITER = _capi.AC_LINE_JOIN_MITER
    ROUND = _capi.AC_LINE_JOIN_ROUND
    BEVEL = _capi.AC_LINE_JOIN_BEVEL


class GradientType(IntEnum):
    """CAGradientLayer's ``type`` values (kCAGradientLayer*).

    C: AC_GRADIENT_TYPE_* (the "type" property, ac_layer_set_value())."""

    AXIAL = _capi.AC_GRADIENT_TYPE_AXIAL
    RADIAL = _capi.AC_GRADIENT_TYPE_RADIAL
    CONIC = _capi.AC_GRADIENT_TYPE_CONIC


MAX_REPLICATOR_INSTANCES: int = _capi.AC_MAX_REPLICATOR_INSTANCES
"""The most instances a replicator draws, alone or through nested replicators (the product of
their counts): 2**20. A larger model instanceCount raises OutOfRangeError; an animated one is
clamped, and nested replicators draw only as many instances as keep the product within it
(:attr:`RenderFlag.INSTANCES_CLAMPED`). C: AC_MAX_REPLICATOR_INSTANCES."""

MAX_REPLICATED_ENTRIES: int = _capi.AC_RENDER_LIST_MAX_REPLICATED_ENTRIES
"""The entries past which a render list's fill draws no further replicator instance: 2**21.
A replicator that would draw more stops at the instance it is at, its entry flagged
:attr:`RenderFlag.INSTANCES_CLAMPED`, so that instances of a large subtree cannot ask for more
memory than the host holds. C: AC_RENDER_LIST_MAX_REPLICATED_ENTRIES."""
