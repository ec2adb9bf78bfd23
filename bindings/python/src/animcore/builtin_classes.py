"""The built-in layer classes beyond CALayer (Core Animation's CATextLayer, CAReplicatorLayer
and CATransformLayer): their fixed handles, the text layer's enum values, and the replicator's
instance limit. :meth:`Engine.builtin_class` gives each as a :class:`LayerClass`, a superclass
:meth:`Engine.layer_class` takes as it takes the base class.
"""

from __future__ import annotations

from enum import IntEnum

from . import _capi

__all__ = ["BuiltInClass", "MAX_REPLICATOR_INSTANCES", "TextAlignment", "TextTruncation"]


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
    - ``TRANSFORM_LAYER``: CATransformLayer: only its sublayers are drawn, kept in 3D.

    C: AC_CLASS_* (ac_layer_create(), ac_class_create(), ac_class_find())."""

    LAYER = _capi.AC_CLASS_LAYER
    TEXT_LAYER = _capi.AC_CLASS_TEXT_LAYER
    REPLICATOR_LAYER = _capi.AC_CLASS_REPLICATOR_LAYER
    TRANSFORM_LAYER = _capi.AC_CLASS_TRANSFORM_LAYER


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


MAX_REPLICATOR_INSTANCES: int = _capi.AC_MAX_REPLICATOR_INSTANCES
"""The most instances a replicator draws, alone or through nested replicators (the product of
their counts): 2**20. A larger model instanceCount raises OutOfRangeError; an animated one is
clamped, and nested replicators draw only as many instances as keep the product within it
(:attr:`RenderFlag.INSTANCES_CLAMPED`). C: AC_MAX_REPLICATOR_INSTANCES."""
