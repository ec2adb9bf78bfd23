"""The presentation of a layer (CALayer presentationLayer): its values as the last tick
showed them, read-only, through the same attributes and items as the layer's model values::

    layer.presentation.opacity            # a built-in property, typed
    layer.presentation["position.x"]      # a key path
    layer.presentation[Circle.radius]     # a custom property, typed through its declaration
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, TypeVar, overload

from .layer import Layer
from .properties import BuiltinProperty, Key, PresentationProperty, Property
from .rendering import ContentsGravity, CornerMask
from .timing import FillMode
from .values import Color, Point, Rect, Size, Token, Transform3D

__all__ = ["Presentation"]

G = TypeVar("G")

_shown = PresentationProperty


class Presentation:
    """The presentation values of a layer, read-only: attributes and items as on the layer.
    The built-in properties are typed attributes; a custom property reads typed through its
    declaration: ``layer.presentation[Circle.radius]`` (an attribute, ``.radius``, is typed
    Any).

    C: ac_layer_get_presentation_value() (presentationLayer)."""

    __slots__ = ("_layer",)

    _layer: Layer

    # ---- the built-in properties (CALayer's), typed -----------------------------------------

    bounds: PresentationProperty[Rect] = _shown("bounds")
    position: PresentationProperty[Point] = _shown("position")
    z_position: PresentationProperty[float] = _shown("zPosition")
    zPosition = z_position
    anchor_point: PresentationProperty[Point] = _shown("anchorPoint")
    anchorPoint = anchor_point
    anchor_point_z: PresentationProperty[float] = _shown("anchorPointZ")
    anchorPointZ = anchor_point_z
    transform: PresentationProperty[Transform3D] = _shown("transform")
    sublayer_transform: PresentationProperty[Transform3D] = _shown("sublayerTransform")
    sublayerTransform = sublayer_transform
    opacity: PresentationProperty[float] = _shown("opacity")
    hidden: PresentationProperty[bool] = _shown("hidden")
    background_color: PresentationProperty[Color] = _shown("backgroundColor")
    backgroundColor = background_color
    border_color: PresentationProperty[Color] = _shown("borderColor")
    borderColor = border_color
    border_width: PresentationProperty[float] = _shown("borderWidth")
    borderWidth = border_width
    corner_radius: PresentationProperty[float] = _shown("cornerRadius")
    cornerRadius = corner_radius
    shadow_color: PresentationProperty[Color] = _shown("shadowColor")
    shadowColor = shadow_color
    shadow_opacity: PresentationProperty[float] = _shown("shadowOpacity")
    shadowOpacity = shadow_opacity
    shadow_offset: PresentationProperty[Size] = _shown("shadowOffset")
    shadowOffset = shadow_offset
    shadow_radius: PresentationProperty[float] = _shown("shadowRadius")
    shadowRadius = shadow_radius
    contents_rect: PresentationProperty[Rect] = _shown("contentsRect")
    contentsRect = contents_rect
    contents: PresentationProperty[Token] = _shown("contents")
    masks_to_bounds: PresentationProperty[bool] = _shown("masksToBounds")
    masksToBounds = masks_to_bounds
    double_sided: PresentationProperty[bool] = _shown("doubleSided")
    doubleSided = double_sided
    needs_display_on_bounds_change: PresentationProperty[bool] = _shown(
        "needsDisplayOnBoundsChange"
    )
    needsDisplayOnBoundsChange = needs_display_on_bounds_change
    begin_time: PresentationProperty[float] = _shown("beginTime")
    beginTime = begin_time
    duration: PresentationProperty[float] = _shown("duration")
    speed: PresentationProperty[float] = _shown("speed")
    time_offset: PresentationProperty[float] = _shown("timeOffset")
    timeOffset = time_offset
    repeat_count: PresentationProperty[float] = _shown("repeatCount")
    repeatCount = repeat_count
    repeat_duration: PresentationProperty[float] = _shown("repeatDuration")
    repeatDuration = repeat_duration
    autoreverses: PresentationProperty[bool] = _shown("autoreverses")
    fill_mode: PresentationProperty[FillMode] = _shown("fillMode")
    fillMode = fill_mode
    geometry_flipped: PresentationProperty[bool] = _shown("geometryFlipped")
    geometryFlipped = geometry_flipped
    masked_corners: PresentationProperty[CornerMask] = _shown("maskedCorners")
    maskedCorners = masked_corners
    contents_gravity: PresentationProperty[ContentsGravity] = _shown("contentsGravity")
    contentsGravity = contents_gravity
    contents_scale: PresentationProperty[float] = _shown("contentsScale")
    contentsScale = contents_scale
    allows_group_opacity: PresentationProperty[bool] = _shown("allowsGroupOpacity")
    allowsGroupOpacity = allows_group_opacity
    contents_center: PresentationProperty[Rect] = _shown("contentsCenter")
    contentsCenter = contents_center
    frame: PresentationProperty[Rect] = _shown("frame")

    def __init__(self, layer: Layer) -> None:
        object.__setattr__(self, "_layer", layer)

    @property
    def layer(self) -> Layer:
        """The (model) layer. Python only."""
        return self._layer

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        raise AttributeError(self._layer._unknown(name))

    @overload
    def __getitem__(self, key: "Property[G, Any]") -> G: ...
    @overload
    def __getitem__(self, key: "BuiltinProperty[G, Any]") -> G: ...
    @overload
    def __getitem__(self, key: str) -> Any: ...

    def __getitem__(self, key: Key) -> Any:
        """The presentation value at a key, a key path or a typed declaration
        (``presentation[Circle.radius]``: typed for mypy).

        C: ac_layer_get_presentation_value()."""
        return self._layer.presentation_value(key)

    if not TYPE_CHECKING:  # mypy: the typed attributes are read-only (PresentationProperty)

        def __setattr__(self, name: str, value: Any) -> None:
            raise AttributeError("the presentation is read-only; set the model value on the layer")

    def snapshot(self) -> Dict[str, Any]:
        """Every declared property's presentation value (see :meth:`Layer.snapshot`).

        C: ac_layer_snapshot()."""
        return self._layer.snapshot(presentation=True)

    def __repr__(self) -> str:
        return f"<Presentation of {self._layer!r}>"
