"""Typed layer properties: :class:`Property` (a property a layer class declares) and the
descriptors of the built-in CALayer properties.

Every property has a Python type for what it reads and one for what it takes, from its value
kind (see :mod:`animcore.values`): a scalar reads and takes a float; a point reads a
:class:`~animcore.values.Point` and takes any ``(x, y)`` pair; a bool reads and takes a bool;
``fillMode`` reads a :class:`~animcore.timing.FillMode` and takes one or its name. mypy sees
them: ``layer.position`` is a ``Point``, ``layer.opacity`` a ``float``, and a class declared
with Python's class syntax types its own properties by their defaults::

    class Circle(animcore.Layer, strict=True):
        radius = animcore.Property(10.0)                    # Property[float, float]
        color = animcore.Property(Color(1, 0, 0))           # Property[Color, ColorInput]

    Circles = engine.layer_class(Circle)                    # LayerClass[Circle]
    circle = Circles(radius=5.0)                            # a Circle
    circle.radius                                           # float, for mypy too
    circle.presentation[Circle.radius]                      # float: a typed presentation read

At run time each layer class has descriptors of its own (made when it is declared in an
engine, holding the engine's interned keys); these typed ones describe them to type checkers,
to ``help()`` and to IDEs, and read and write through the layer's class if ever reached.
"""

from __future__ import annotations

import re
from typing import (
    TYPE_CHECKING,
    Any,
    Generic,
    Iterable,
    NamedTuple,
    NoReturn,
    Optional,
    Protocol,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from ._handles import key_bytes
from .path import Path

from .values import (
    AffineTransform,
    AffineTransformInput,
    Color,
    ColorInput,
    Point,
    PointInput,
    Rect,
    RectInput,
    Size,
    SizeInput,
    Token,
    Transform3D,
    Transform3DInput,
    ValueKind,
    Vector3,
    Vector3Input,
)

if TYPE_CHECKING:
    from typing import Literal

    from .rendering import ContentsGravity
    from .timing import FillMode

__all__ = ["BuiltinProperty", "Key", "PresentationProperty", "Property", "PropertyInfo"]

G = TypeVar("G")
"""What a property reads (its value's Python type)."""
S = TypeVar("S")
"""What a property takes when set (its value's Python type, or a plainer form of it)."""


class _Model(Protocol):
    """What the model descriptors read and set through: a layer (``Layer.get``, ``Layer.set``)."""

    def get(self, key: Any) -> Any: ...
    def set(self, key: Any, value: Any) -> None: ...


class _Shown(Protocol):
    """What the presentation descriptors read through: a presentation (``presentation[key]``)."""

    def __getitem__(self, key: Any) -> Any: ...

_KindName = Union[ValueKind, str, None]

BUILTIN_DOCS = {
    "bounds": "The layer's bounds rectangle",
    "position": "The position of the anchor point in the superlayer",
    "zPosition": "The position on the z axis",
    "anchorPoint": "The anchor point, in unit coordinates of the bounds",
    "anchorPointZ": "The anchor point's z",
    "transform": "The transform about the anchor point",
    "sublayerTransform": "The transform of the sublayers",
    "opacity": "The opacity, in [0, 1]",
    "hidden": "Whether the layer is hidden",
    "backgroundColor": "The background colour (RGBA)",
    "borderColor": "The border colour (RGBA)",
    "borderWidth": "The border width",
    "cornerRadius": "The corner radius",
    "shadowColor": "The shadow colour (RGBA)",
    "shadowOpacity": "The shadow opacity, in [0, 1]",
    "shadowOffset": "The shadow offset",
    "shadowRadius": "The shadow blur radius",
    "contentsRect": "The part of the contents shown, in unit coordinates",
    "contents": "The contents: an opaque host value (an image id)",
    "masksToBounds": "Whether sublayers are clipped to the bounds",
    "doubleSided": "Whether the back face shows",
    "needsDisplayOnBoundsChange": "Whether a bounds change makes the layer display",
    "beginTime": "The layer's begin time in its parent's time space (s)",
    "duration": "The layer's duration (s; inf by default)",
    "speed": "Local time per parent time (0 pauses the subtree)",
    "timeOffset": "Added to the layer's local time (s)",
    "repeatCount": "The layer's repeat count",
    "repeatDuration": "The layer's repeat duration (s)",
    "autoreverses": "Whether the layer's time autoreverses",
    "fillMode": "The layer's fill mode",
    "geometryFlipped": "Whether the sublayers' geometry is flipped vertically (not animatable)",
    "maskedCorners": "Which corners cornerRadius rounds: a CornerMask (not animatable; 0...15)",
    "contentsGravity": "Where the contents go in the bounds: a ContentsGravity (not animatable)",
    "contentsScale": "The contents' pixels per point (not animatable; > 0)",
    "allowsGroupOpacity": "Whether an opacity < 1 composites the subtree as one group (not animatable)",
    "contentsCenter": "The stretchable part of the contents, in unit coordinates",
    "frame": "The frame in the superlayer (from bounds, position, anchor point and transform)",
}
"""The built-in layer properties (CALayer's), by key, in the engine's order, with what they
are."""


class Property(Generic[G, S]):
    """A property a layer class declares, when its default alone does not say enough, and,
    in a class declared with Python's class syntax, the typed attribute of that property.

    - ``default``: its default value; its Python type gives the kind (float scalar, int
      integer, bool, Point, Color... see :func:`animcore.values.kind_of`) unless ``kind`` says.
    - ``animatable``: animations (and implicit actions) may target it; default True.
    - ``needs_display``: a change, or an animation of it, makes the layer display
      (+needsDisplayForKey:); default False.
    - ``kind``: a :class:`ValueKind` or its name ("scalar", "color"...), e.g. ``Property(0,
      kind="scalar")`` for a scalar written as an int.

    As a class attribute of a :class:`~animcore.Layer` subclass it declares the property
    under the attribute's name; mypy types it by its default (``Property(1.0)`` reads and
    takes a float, ``Property(Point(0, 0))`` reads a Point and takes any (x, y) pair). A
    Property is an immutable value: properties with equal fields are equal.

    C: ac_property_desc (ac_property_desc_init(), ac_class_create()).
    """

    __slots__ = ("_default", "_animatable", "_needs_display", "_kind", "_name")

    _default: Any
    _animatable: bool
    _needs_display: bool
    _kind: _KindName
    _name: Optional[str]

    # One overload per kind: what the default's type makes the property read (G) and take (S).
    @overload
    def __init__(
        self: "Property[float, float]",
        default: float,
        animatable: bool = ...,
        needs_display: bool = ...,
        *,
        kind: "Literal['scalar', ValueKind.SCALAR]",
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Token, int]",
        default: int,
        animatable: bool = ...,
        needs_display: bool = ...,
        *,
        kind: "Literal['token', ValueKind.TOKEN]",
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[bool, bool]",
        default: bool,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Token, int]",
        default: Token,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[int, int]",
        default: int,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[float, float]",
        default: float,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Point, PointInput]",
        default: Point,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Size, SizeInput]",
        default: Size,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Rect, RectInput]",
        default: Rect,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Vector3, Vector3Input]",
        default: Vector3,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Color, ColorInput]",
        default: Color,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[AffineTransform, AffineTransformInput]",
        default: AffineTransform,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Transform3D, Transform3DInput]",
        default: Transform3D,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Path, Union[Path, Iterable[Any]]]",
        default: Path,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: None = ...,
    ) -> None: ...
    @overload
    def __init__(
        self: "Property[Any, Any]",
        default: Any,
        animatable: bool = ...,
        needs_display: bool = ...,
        kind: _KindName = ...,
    ) -> None: ...

    def __init__(
        self,
        default: Any,
        animatable: bool = True,
        needs_display: bool = False,
        kind: _KindName = None,
    ) -> None:
        object.__setattr__(self, "_default", default)
        object.__setattr__(self, "_animatable", animatable)
        object.__setattr__(self, "_needs_display", needs_display)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_name", None)

    @property
    def default(self) -> Any:
        """The default value. Python only."""
        return self._default

    @property
    def animatable(self) -> bool:
        """Whether animations may target the property. C: ac_property_desc.animatable.

        C: ac_class_create() (ac_property_desc.animatable)."""
        return self._animatable

    @property
    def needs_display(self) -> bool:
        """Whether a change makes the layer display. C: ac_property_desc.needs_display.

        C: ac_class_create() (ac_property_desc.needs_display)."""
        return self._needs_display

    @property
    def kind(self) -> _KindName:
        """The kind given (None: the default's). C: ac_property_desc.default_value.kind.

        C: ac_class_create() (ac_property_desc.default_value.kind)."""
        return self._kind

    @property
    def name(self) -> Optional[str]:
        """The attribute name it was declared under in a class body (None in a mapping).
        Python only."""
        return self._name

    def __set_name__(self, owner: type, name: str) -> None:
        object.__setattr__(self, "_name", name)

    @overload
    def __get__(self, layer: None, owner: Any = None) -> "Property[G, S]": ...
    @overload
    def __get__(self, layer: _Model, owner: Any = None) -> G: ...

    def __get__(self, layer: Optional[_Model], owner: Any = None) -> Any:
        if layer is None or self._name is None:
            return self
        return layer.get(self._name)

    def __set__(self, layer: _Model, value: S) -> None:
        if self._name is None:
            raise AttributeError("a Property outside a class body names no property")
        layer.set(self._name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Property is immutable: make another one")

    def _fields(self) -> Tuple[Any, ...]:
        return (self._default, self._animatable, self._needs_display, self._kind)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Property):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Property(default={self._default!r}, animatable={self._animatable!r}, "
            f"needs_display={self._needs_display!r}, kind={self._kind!r})"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Property, self._fields())


class BuiltinProperty(Generic[G, S]):
    """A built-in CALayer property as an attribute of :class:`~animcore.Layer`: reads the
    model value (a ``G``) and sets it (from an ``S``). ``key`` is the property's name in the
    engine ("anchorPoint"), what snapshots, ``layer[key]`` and key paths use.

    C: ac_layer_get_value(), ac_layer_set_value() (ac_layer_get_scalar(),
    ac_layer_set_scalar() for scalars).
    """

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, key: str) -> None:
        self.key = key
        self.__doc__ = (
            f"{BUILTIN_DOCS[key]} (key {key!r}). C: ac_layer_get_value(), ac_layer_set_value()."
        )

    @overload
    def __get__(self, layer: None, owner: Any = None) -> "BuiltinProperty[G, S]": ...
    @overload
    def __get__(self, layer: _Model, owner: Any = None) -> G: ...

    def __get__(self, layer: Optional[_Model], owner: Any = None) -> Any:
        if layer is None:
            return self
        return layer.get(self.key)

    def __set__(self, layer: _Model, value: S) -> None:
        layer.set(self.key, value)

    def __repr__(self) -> str:
        return f"<built-in layer property {self.key!r}>"


class PresentationProperty(Generic[G]):
    """A built-in CALayer property as an attribute of :class:`~animcore.Presentation`: reads
    the presentation value (a ``G``); read-only.

    C: ac_layer_get_presentation_value() (ac_layer_get_presentation_scalar() for scalars).
    """

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, key: str) -> None:
        self.key = key
        self.__doc__ = (
            f"{BUILTIN_DOCS[key]}, as presented (key {key!r}). "
            "C: ac_layer_get_presentation_value()."
        )

    @overload
    def __get__(self, presentation: None, owner: Any = None) -> "PresentationProperty[G]": ...
    @overload
    def __get__(self, presentation: _Shown, owner: Any = None) -> G: ...

    def __get__(self, presentation: Optional[_Shown], owner: Any = None) -> Any:
        if presentation is None:
            return self
        return presentation[self.key]

    def __set__(self, presentation: _Shown, value: NoReturn) -> None:
        raise AttributeError("the presentation is read-only; set the model value on the layer")

    def __repr__(self) -> str:
        return f"<built-in presentation property {self.key!r}>"


class PropertyInfo(NamedTuple):
    """A declared property (or a key path into one) as a layer class knows it.

    C: ac_engine_key() (the key) and ac_layer_snapshot() (the kind)."""

    name: str
    """The engine's name: "anchorPoint", "position.x", a custom property's name."""
    key: int
    """The interned key."""
    kind: ValueKind
    """The value kind."""


Key = Union[str, "Property[Any, Any]", "BuiltinProperty[Any, Any]"]
"""A key as item access, key paths and reads take it: its name ("position.x", "anchorPoint",
a custom property's name), or a typed declaration (``Circle.radius``, ``Layer.opacity``),
which makes the read typed for mypy."""


def snake_case(name: str) -> str:
    """ "anchorPointZ" -> "anchor_point_z" (the attribute alias of a camelCase property)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def key_name(key: Any) -> str:
    """The name of a key given as a str or as a typed declaration (``Circle.radius``);
    TypeError otherwise."""
    if type(key) is str:
        return key
    if isinstance(key, Property):
        if key.name is None:
            raise TypeError("key is a Property outside a class body; use the name of the property")
        return key.name
    if isinstance(key, BuiltinProperty):
        return key.key
    key_bytes(key, "key")  # raises TypeError for a non-str
    name: str = key  # a str subclass
    return name


def is_declaration(member: Any) -> bool:
    """Whether a class member is one of these typed declarations (which a layer class's own
    descriptors replace), not a method or property of the class."""
    return isinstance(member, (Property, BuiltinProperty, PresentationProperty))


if TYPE_CHECKING:
    # What the aliases of FillMode take.
    FillModeInput = Union["FillMode", str]
    # What "contentsGravity" takes: a ContentsGravity, its value or a name.
    ContentsGravityInput = Union["ContentsGravity", int, str]
