"""Layers: model values as attributes, the presentation, the tree, layer time and animations.

A :class:`Layer` is made by an :class:`~animcore.engine.Engine` (``engine.layer(...)``) or by
calling a :class:`~animcore.engine.LayerClass`. Its declared properties, built-in and custom, are
attributes holding the *model* value::

    layer.opacity = 0.5            # CALayer's names ...
    layer.anchor_point = (0, 0.5)  # ... or their snake_case spelling ("anchorPoint")
    layer.time = 1.5               # a custom property of the layer's class
    layer.presentation.time        # the value on screen at the last tick

Key paths and undeclared keys (Core Animation's key-value container) go through item access:
``layer["position.x"] = 10``, ``layer["transform.rotation.z"]``, ``layer["tag"] = 7``. An
attribute that is not a declared property raises AttributeError (a typo never creates a key).

Each Python ``Layer`` object holds one reference to the engine's layer and drops it when garbage
collected; a superlayer holds its sublayers, so a layer in a tree lives on without its Python
object. There is one Python object per live layer: ``layer.sublayers[0] is child``.
"""

from __future__ import annotations

import ctypes
import difflib
import re
import sys
import weakref
import inspect
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
    overload,
)

from . import _callbacks, _capi
from ._c_names import NONE as NONE_NAMES
from ._c_names import ADD_NAMES, ENGINE_CLOSED, NONE, CNames, property_value_fields
from .animation import Animation
from .errors import (
    BadHandleError,
    InvalidArgumentError,
    check,
    raise_status,
)
from ._coerce import flag
from .properties import BuiltinProperty, PresentationProperty, Property, is_declaration
from .timing import FillMode, Timing
from ._adapt import adapt_in
from .values import (
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
    from_c,
    kind_of,
    to_c,
)

if TYPE_CHECKING:
    from .engine import Engine
    from .layer_class import LayerClass
    from .properties import FillModeInput

__all__ = [
    "DisplayCallback",
    "DynamicLayer",
    "Layer",
    "LayerBatch",
    "Presentation",
    "PropertyInfo",
]

G = TypeVar("G")

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double
_SCALAR = ValueKind.SCALAR
# The hot calls, looked up once; the scalar ones take ctypes objects as they are (see
# _capi.unchecked): the layer's c_uint64 handle, a c_uint32 key, a c_double.
_get_scalar = _capi.unchecked("ac_layer_get_scalar")
_get_presentation_scalar = _capi.unchecked("ac_layer_get_presentation_scalar")
_set_scalar = _capi.unchecked("ac_layer_set_scalar")
_c_uint32 = ctypes.c_uint32
_c_uint64 = ctypes.c_uint64
_get_value = _lib.ac_layer_get_value
_get_presentation_value = _lib.ac_layer_get_presentation_value
_set_value = _lib.ac_layer_set_value

_KEEP: Any = object()  # "argument not given" (None means "remove")

# The messages of the calls that take a key: "key: ..." names the Python argument too.
_KEY_NAMES = CNames({"key: ": ""})

DisplayCallback = Callable[["DynamicLayer"], Any]
"""``display(layer)``: draw or otherwise consume the layer's presentation values."""

Key = Union[str, "Property[Any, Any]", "BuiltinProperty[Any, Any]"]
"""A key as item access, key paths and reads take it: its name ("position.x", "anchorPoint",
a custom property's name), or a typed declaration (``Circle.radius``, ``Layer.opacity``),
which makes the read typed for mypy."""


class PropertyInfo(NamedTuple):
    """A declared property (or a key path into one) as a layer class knows it.

    C: ac_engine_key() (the key) and ac_layer_snapshot() (the kind)."""

    name: str
    """The engine's name: "anchorPoint", "position.x", a custom property's name."""
    key: int
    """The interned key."""
    kind: ValueKind
    """The value kind."""


def snake_case(name: str) -> str:
    """ "anchorPointZ" -> "anchor_point_z" (the attribute alias of a camelCase property)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class _ModelAttribute:
    """A declared property as an attribute of a layer: reads and writes the model value."""

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, info: PropertyInfo) -> None:
        self.info = info
        self.__doc__ = (
            f"{info.name} ({info.kind.name.lower()}): the model value. "
            "C: ac_layer_get_value(), ac_layer_set_value()."
        )

    def __get__(self, layer: Optional["Layer"], owner: Any = None) -> Any:
        if layer is None:
            return self
        return layer._read(self.info, False)

    def __set__(self, layer: "Layer", value: Any) -> None:
        layer._write(self.info, value)

    def __delete__(self, layer: "Layer") -> None:
        raise AttributeError("layer properties cannot be deleted")


class _PresentationAttribute:
    """A declared property as an attribute of a presentation: reads the presentation value."""

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, info: PropertyInfo) -> None:
        self.info = info
        self.__doc__ = (
            f"{info.name} ({info.kind.name.lower()}): the presentation value. "
            "C: ac_layer_get_presentation_value()."
        )

    def __get__(self, presentation: Optional["Presentation"], owner: Any = None) -> Any:
        if presentation is None:
            return self
        return presentation._layer._read(self.info, True)

    def __set__(self, presentation: "Presentation", value: Any) -> None:
        raise AttributeError("the presentation is read-only; set the model value on the layer")


_MISSING: Any = object()


def reserved(cls: type, attribute: str) -> bool:
    """Whether ``cls`` uses ``attribute`` for something else than a property (a method, a
    property of Layer such as ``sublayers``): such a property is reached by item access only."""
    member = inspect.getattr_static(cls, attribute, _MISSING)
    if member is _MISSING or is_declaration(member):
        return False
    return not isinstance(member, (_ModelAttribute, _PresentationAttribute))


def attribute_types(
    name: str, attrs: Dict[str, PropertyInfo], base: Optional[Type["Layer"]] = None
) -> Tuple[Type["Layer"], Type["Presentation"]]:
    """The Python types of a layer class's layers and presentations: subclasses of ``base``
    (Layer, or the class a class declaration gave) and Presentation with one descriptor per
    property name (and snake_case alias), so attribute access is a plain lookup. Names the
    base already uses (methods, properties) are left to item access."""
    base = base if base is not None else Layer
    model: Dict[str, Any] = {"__module__": base.__module__, "_ac_generated": True}
    shown: Dict[str, Any] = {"__slots__": (), "__module__": __name__}
    for attribute, info in attrs.items():
        if attribute.isidentifier() and not reserved(base, attribute):
            model[attribute] = _ModelAttribute(info)
        if attribute.isidentifier() and not reserved(Presentation, attribute):
            shown[attribute] = _PresentationAttribute(info)
    qualified = name if name.isidentifier() else "Layer"
    layer_type = type(qualified, (base,), model)
    presentation_type = type(f"{qualified}Presentation", (Presentation,), shown)
    return layer_type, presentation_type


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
    _key_bytes(key, "key")  # raises TypeError for a non-str
    name: str = key  # a str subclass
    return name


class ClassDeclaration(NamedTuple):
    """A layer class declared with Python's class syntax, as its class body says it (made
    once per Python class; each engine declares it with :meth:`Engine.layer_class`)."""

    strict: Optional[bool]
    """The ``strict=`` of the class statement (None: the superclass's)."""
    properties: Dict[str, Property[Any, Any]]
    """The properties it declares, by attribute name, in order."""
    display: Optional[Callable[[Any], Any]]
    """Its ``display(self)`` method, if it defines one."""


class _LayerType(type):
    """The metaclass of :class:`Layer`: a subclass gets ``__slots__ = ()`` unless it names
    its own, so a layer never grows a ``__dict__`` and a typo in an attribute name raises
    AttributeError instead of storing a Python attribute."""

    def __new__(
        mcs, name: str, bases: Tuple[type, ...], namespace: Dict[str, Any], **kwargs: Any
    ) -> "_LayerType":
        namespace.setdefault("__slots__", ())
        return super().__new__(mcs, name, bases, namespace, **kwargs)


_model = BuiltinProperty
_shown = PresentationProperty


# Properties whose integer value reads better as an enum (what they take: _adapt.ADAPT_IN).
_ADAPT_OUT: Dict[str, Callable[[Any], Any]] = {
    "fillMode": lambda code: FillMode.parse(
        {0: "removed", 1: "forwards", 2: "backwards", 3: "both"}.get(code, "removed")
    )
}


def _engine_ptr(engine: "Engine") -> Any:
    ptr = engine._ptr
    if ptr is None:
        raise BadHandleError(ENGINE_CLOSED)
    return ptr


class Layer(metaclass=_LayerType):
    """A layer (CALayer) of an engine; see the module docstring.

    Attributes that are not properties: :attr:`engine`, :attr:`handle`, :attr:`layer_class`,
    :attr:`presentation`, :attr:`superlayer`, :attr:`sublayers`, :attr:`local_time`,
    :attr:`needs_display`, :attr:`animation_keys`. A custom property with one of those names
    is still reachable as ``layer["name"]``.

    The built-in properties are typed attributes (``position`` reads a Point, ``opacity`` a
    float, ``hidden`` a bool; each under CALayer's name and its snake_case spelling). A layer
    class declared with Python's class syntax types its own properties too::

        class Circle(animcore.Layer, strict=True):     # strict: optional, see LayerClass.strict
            radius = animcore.Property(10.0)
            color = animcore.Property(Color(1, 0, 0))

            def display(self) -> None:                 # optional: the class's display
                draw(self.presentation[Circle.radius])

        Circles = engine.layer_class(Circle)           # declared in this engine
        circle = Circles(radius=5.0)                   # or engine.layer(Circle, radius=5.0)

    Such a class takes no ``__init__`` (layers are made by the engine) and gets
    ``__slots__ = ()`` unless it names its own. Subclassing it declares a subclass. Layers of
    classes declared with a mapping (``engine.layer_class("Clock", {"time": 0.0})``) are typed
    :data:`DynamicLayer`: their custom properties are attributes too, typed Any.

    C: ac_layer (ac_layer_create(), ac_layer_retain(), ac_layer_release()).
    """

    __slots__ = ("_engine", "_handle", "_c_handle", "_class", "_owned", "__weakref__")

    _engine: "Engine"
    _handle: int
    _c_handle: ctypes.c_uint64  # the handle as the unchecked calls take it
    _class: "LayerClass[Any]"
    _owned: bool
    _ac_declaration: ClassDeclaration

    # ---- the built-in properties (CALayer's), typed -----------------------------------------

    bounds: BuiltinProperty[Rect, RectInput] = _model("bounds")
    position: BuiltinProperty[Point, PointInput] = _model("position")
    z_position: BuiltinProperty[float, float] = _model("zPosition")
    zPosition = z_position
    anchor_point: BuiltinProperty[Point, PointInput] = _model("anchorPoint")
    anchorPoint = anchor_point
    anchor_point_z: BuiltinProperty[float, float] = _model("anchorPointZ")
    anchorPointZ = anchor_point_z
    transform: BuiltinProperty[Transform3D, Transform3DInput] = _model("transform")
    sublayer_transform: BuiltinProperty[Transform3D, Transform3DInput] = _model("sublayerTransform")
    sublayerTransform = sublayer_transform
    opacity: BuiltinProperty[float, float] = _model("opacity")
    hidden: BuiltinProperty[bool, bool] = _model("hidden")
    background_color: BuiltinProperty[Color, ColorInput] = _model("backgroundColor")
    backgroundColor = background_color
    border_color: BuiltinProperty[Color, ColorInput] = _model("borderColor")
    borderColor = border_color
    border_width: BuiltinProperty[float, float] = _model("borderWidth")
    borderWidth = border_width
    corner_radius: BuiltinProperty[float, float] = _model("cornerRadius")
    cornerRadius = corner_radius
    shadow_color: BuiltinProperty[Color, ColorInput] = _model("shadowColor")
    shadowColor = shadow_color
    shadow_opacity: BuiltinProperty[float, float] = _model("shadowOpacity")
    shadowOpacity = shadow_opacity
    shadow_offset: BuiltinProperty[Size, SizeInput] = _model("shadowOffset")
    shadowOffset = shadow_offset
    shadow_radius: BuiltinProperty[float, float] = _model("shadowRadius")
    shadowRadius = shadow_radius
    contents_rect: BuiltinProperty[Rect, RectInput] = _model("contentsRect")
    contentsRect = contents_rect
    contents: BuiltinProperty[Token, int] = _model("contents")
    masks_to_bounds: BuiltinProperty[bool, bool] = _model("masksToBounds")
    masksToBounds = masks_to_bounds
    double_sided: BuiltinProperty[bool, bool] = _model("doubleSided")
    doubleSided = double_sided
    needs_display_on_bounds_change: BuiltinProperty[bool, bool] = _model(
        "needsDisplayOnBoundsChange"
    )
    needsDisplayOnBoundsChange = needs_display_on_bounds_change
    begin_time: BuiltinProperty[float, float] = _model("beginTime")
    beginTime = begin_time
    duration: BuiltinProperty[float, float] = _model("duration")
    speed: BuiltinProperty[float, float] = _model("speed")
    time_offset: BuiltinProperty[float, float] = _model("timeOffset")
    timeOffset = time_offset
    repeat_count: BuiltinProperty[float, float] = _model("repeatCount")
    repeatCount = repeat_count
    repeat_duration: BuiltinProperty[float, float] = _model("repeatDuration")
    repeatDuration = repeat_duration
    autoreverses: BuiltinProperty[bool, bool] = _model("autoreverses")
    fill_mode: BuiltinProperty[FillMode, FillModeInput] = _model("fillMode")
    fillMode = fill_mode
    frame: BuiltinProperty[Rect, RectInput] = _model("frame")

    def __init_subclass__(cls, *, strict: Optional[bool] = None, **kwargs: Any) -> None:
        """Records a class declaration (see the class docstring): its properties, its
        ``strict=`` and its ``display``. Python only (the engine declares it with
        ac_class_create() when it first meets it)."""
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("_ac_generated"):
            return  # a layer class's own type, made by the binding
        if strict is not None:
            strict = flag(strict, "strict")
        declared: Dict[str, Property[Any, Any]] = {}
        for attribute, member in cls.__dict__.items():
            if isinstance(member, Property):
                for base in cls.__mro__[1:]:
                    if reserved(base, attribute):
                        raise TypeError(
                            f"{cls.__name__}.{attribute}: {attribute!r} is the name of a "
                            f"{base.__name__} attribute; name the property otherwise"
                        )
                declared[attribute] = member
        display = cls.__dict__.get("display")
        if display is not None and not callable(display):
            raise TypeError(
                f"{cls.__name__}.display must be a method, not {type(display).__name__}"
            )
        cls._ac_declaration = ClassDeclaration(strict, declared, display)

    @classmethod
    def _adopt(
        cls, engine: "Engine", handle: int, layer_class: "LayerClass[Any]", owned: bool
    ) -> "Layer":
        """A wrapper for ``handle`` that holds one reference when ``owned`` (dropped when the
        wrapper is garbage collected)."""
        layer_type = layer_class._layer_type
        layer = layer_type.__new__(layer_type)
        layer._engine = engine
        layer._handle = handle
        layer._c_handle = _c_uint64(handle)
        layer._class = layer_class
        layer._owned = owned
        if owned:
            finalizer = weakref.finalize(layer, _release, engine, handle)
            finalizer.atexit = False
        return layer

    def __init__(self) -> None:
        raise TypeError("make layers with engine.layer(...) or by calling a LayerClass")

    # ---- identity ----------------------------------------------------------------------------

    @property
    def engine(self) -> "Engine":
        """The engine the layer belongs to.

        Python only."""
        return self._engine

    @property
    def handle(self) -> int:
        """The library's ``ac_layer`` handle (for the raw API in ``animcore._capi``).

        C: ac_layer (for the raw calls, e.g. ac_layer_get_value())."""
        return self._handle

    @property
    def layer_class(self) -> "LayerClass[Any]":
        """The layer's class.

        C: ac_layer_class()."""
        return self._class

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layer):
            return NotImplemented
        return self._engine is other._engine and self._handle == other._handle

    def __hash__(self) -> int:
        return hash(self._handle)

    def __repr__(self) -> str:
        return f"<Layer {self._class.name} {self._handle:#x}>"

    # ---- values ------------------------------------------------------------------------------

    def _info(self, key: str) -> Optional[PropertyInfo]:
        """The declared property or key path ``key`` (None: an undeclared key)."""
        if type(key) is not str:
            _key_bytes(key, "key")  # raises TypeError naming the argument
        return self._class._lookup(key, self)

    def _read(self, info: PropertyInfo, presentation: bool) -> Any:
        ptr = self._engine._ptr
        if ptr is None:
            _engine_ptr(self._engine)  # raises: the engine is closed
        if info.kind is _SCALAR:
            out = _c_double()
            status = (_get_presentation_scalar if presentation else _get_scalar)(
                ptr, self._c_handle, _c_uint32(info.key), _byref(out)
            )
            if status:
                raise_status(status, _KEY_NAMES)
            return out.value
        value = _capi.ac_value()
        getter = _get_presentation_value if presentation else _get_value
        status = getter(ptr, self._handle, info.key, _byref(value))
        if status:
            raise_status(status, _KEY_NAMES)
        result = from_c(value)
        adapt = _ADAPT_OUT.get(info.name)
        return adapt(result) if adapt is not None else result

    def _write(self, info: PropertyInfo, value: Any) -> None:
        engine = self._engine
        ptr = engine._ptr
        if ptr is None:
            _engine_ptr(engine)  # raises: the engine is closed
        if info.kind is _SCALAR:
            number = value if type(value) is float else to_c(_SCALAR, value, info.name).v[0]
        else:
            value = adapt_in(info.name, value)
            c = to_c(info.kind, value, info.name)
        # Only an action runs Python code here: without one, no guard (the fast path).
        start = _callbacks.mark() if engine._runs_python_actions else -1
        try:
            if info.kind is _SCALAR:
                status = _set_scalar(ptr, self._c_handle, _c_uint32(info.key), _c_double(number))
            else:
                status = _set_value(ptr, self._handle, info.key, _byref(c))
            if status:
                raise_status(
                    status, ADD_NAMES | property_value_fields(info.name, info.kind) | _KEY_NAMES
                )
        except BaseException as failure:
            if start >= 0:
                _callbacks.raise_since(start, f"setting {info.name}", failure)
            raise
        if start >= 0:
            _callbacks.raise_since(start, f"setting {info.name}")

    if not TYPE_CHECKING:  # mypy: a Layer has the typed attributes only (see DynamicLayer)

        def __getattr__(self, name: str) -> Any:
            # Declared properties are descriptors of the layer's Python type (see
            # attribute_types): this runs only for names that are not, to say what is there.
            if name.startswith("_"):
                raise AttributeError(name)
            raise AttributeError(self._unknown(name))

    def _unknown(self, name: str) -> str:
        return (
            f"{self._class.name} has no property {name!r}; declared: "
            f"{', '.join(self._class.property_names)} (use layer[{name!r}] for a key path or an "
            "undeclared key)"
        )

    @overload
    def __getitem__(self, key: "Property[G, Any]") -> G: ...
    @overload
    def __getitem__(self, key: "BuiltinProperty[G, Any]") -> G: ...
    @overload
    def __getitem__(self, key: str) -> Any: ...

    def __getitem__(self, key: Key) -> Any:
        """The model value at a property name, a key path ("position.x") or an undeclared key;
        or at a typed declaration (``layer[Circle.radius]``: typed for mypy).

        C: ac_layer_get_value()."""
        return self.get(key)

    def __setitem__(self, key: Key, value: Any) -> None:
        """Sets the model value at a property name, a key path or an undeclared key (stored and
        read back, never animated; its kind is the value's, see values.kind_of). An undeclared
        key of a strict class raises UnknownKeyError naming the declared properties.

        C: ac_layer_set_value()."""
        self.set(key, value)

    @overload
    def get(self, key: "Property[G, Any]") -> G: ...
    @overload
    def get(self, key: "BuiltinProperty[G, Any]") -> G: ...
    @overload
    def get(self, key: str) -> Any: ...

    def get(self, key: Key) -> Any:
        """The model value at ``key`` (UnknownKeyError for an undeclared key never set, and for
        any undeclared key of a strict class).

        C: ac_layer_get_value()."""
        name = key_name(key)
        info = self._info(name)
        if info is None:
            return self._read(self._undeclared(name, None), False)
        return self._read(info, False)

    def set(self, key: Key, value: Any) -> None:
        """Sets the model value at ``key`` (see :meth:`__setitem__`).

        C: ac_layer_set_value()."""
        name = key_name(key)
        info = self._info(name)
        if info is None:
            info = self._undeclared(name, value)
        self._write(info, value)

    @overload
    def presentation_value(self, key: "Property[G, Any]") -> G: ...
    @overload
    def presentation_value(self, key: "BuiltinProperty[G, Any]") -> G: ...
    @overload
    def presentation_value(self, key: str) -> Any: ...

    def presentation_value(self, key: Key) -> Any:
        """The presentation value at ``key``: the model with the committed animations applied
        at the last tick (an undeclared key reads its model value).

        C: ac_layer_get_presentation_value()."""
        name = key_name(key)
        info = self._info(name)
        if info is None:
            info = self._undeclared(name, None)
        return self._read(info, True)

    def presentation_velocity(self, key: Key) -> Any:
        """The presentation velocity at ``key``: how fast the presentation value moves, in
        units per second of the layer's time, of the key's kind (a float, a Point, a Color...;
        zero when nothing animates it). WrongKindError for bool, integer and token keys.

        C: ac_layer_get_presentation_velocity()."""
        key = key_name(key)
        info = self._info(key)
        if info is None:
            info = self._undeclared(key, None)
        value = _capi.ac_value()
        check(
            _lib.ac_layer_get_presentation_velocity(
                _engine_ptr(self._engine), self._handle, info.key, _byref(value)
            ),
            _KEY_NAMES,
        )
        return from_c(value)

    def _undeclared(self, key: str, value: Any) -> PropertyInfo:
        """An undeclared key: its kind is what the layer holds, else the value's."""
        engine = self._engine
        key_id = engine._intern(key, "key")
        out = _capi.ac_value()
        status = _lib.ac_layer_get_value(_engine_ptr(engine), self._handle, key_id, _byref(out))
        if status == _capi.AC_OK:
            return PropertyInfo(key, key_id, ValueKind(out.kind))
        if value is None:
            raise_status(status, _KEY_NAMES)
        try:
            kind = kind_of(value, key)
        except TypeError as error:
            near = difflib.get_close_matches(key, self._class.property_names, n=1, cutoff=0.8)
            if not near:
                raise
            raise TypeError(f'{error}; did you mean "{near[0]}"?') from None
        return PropertyInfo(key, key_id, kind)

    @property
    def presentation(self) -> "Presentation":
        """The presentation values (read-only): ``layer.presentation.opacity``,
        ``layer.presentation["position.x"]``.

        C: ac_layer_get_presentation_value()."""
        return self._class._presentation_type(self)

    @property
    def model(self) -> "Layer":
        """The layer itself (CALayer modelLayer).

        Python only."""
        return self

    def snapshot(self, presentation: bool = False) -> Dict[str, Any]:
        """Every declared property, custom ones included, in declaration order (built-in ones
        first): key -> model value, or presentation value when ``presentation``.

        The keys are the properties' keys: exactly what ``layer[key]``,
        ``layer.presentation[key]`` and animation key paths take, CALayer's camelCase names for
        the built-in properties ("anchorPoint") and the declared names for custom ones.
        Attributes take them too, and their snake_case spelling (``layer.anchor_point``), which
        item access and key paths do not.

        C: ac_layer_snapshot()."""
        engine = self._engine
        ptr = _engine_ptr(engine)
        count = ctypes.c_size_t()
        flag = 1 if presentation else 0
        status = _lib.ac_layer_snapshot(ptr, self._handle, flag, None, 0, _byref(count))
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            raise_status(status)
        buffer = (_capi.ac_property_value * count.value)()
        status = _lib.ac_layer_snapshot(ptr, self._handle, flag, buffer, count.value, _byref(count))
        if status:
            raise_status(status)
        result: Dict[str, Any] = {}
        for item in buffer[: count.value]:
            name = engine.key_name(item.key)
            value = from_c(item.value)
            adapt = _ADAPT_OUT.get(name)
            result[name] = adapt(value) if adapt is not None else value
        return result

    # ---- display -----------------------------------------------------------------------------

    def set_needs_display(self) -> None:
        """Marks the layer to display at the next tick (setNeedsDisplay).

        C: ac_layer_set_needs_display()."""
        check(_lib.ac_layer_set_needs_display(_engine_ptr(self._engine), self._handle))

    @property
    def needs_display(self) -> bool:
        """Whether the layer will display at the next tick.

        C: ac_layer_needs_display()."""
        out = ctypes.c_int32()
        check(_lib.ac_layer_needs_display(_engine_ptr(self._engine), self._handle, _byref(out)))
        return bool(out.value)

    def set_delegate(self, *, display: Any = _KEEP, action: Any = _KEEP) -> None:
        """Sets the layer's delegate callbacks; an argument left out keeps what is set.

        - ``display(layer)`` (displayLayer:) wins over the class's display; None removes it.
        - ``action(layer, key)`` (actionForLayer:forKey:), the first step of the action search:
          answers a BasicAnimation, NO_ACTION or None (continue); None removes it.

        Each callable is kept until it is replaced or the layer or the engine destroyed.

        C: ac_layer_set_delegate(), ac_layer_set_action_callback()."""
        if display is not _KEEP:
            self._engine._set_layer_delegate(self, display)
        if action is not _KEEP:
            self._engine._register_action(
                _lib.ac_layer_set_action_callback, self._handle, action, "action"
            )

    # ---- actions -----------------------------------------------------------------------------

    def set_action(self, key: str, action: Any) -> None:
        """Sets the layer's actions table entry for ``key`` (CALayer.actions), the second step
        of the action search: an animation — BasicAnimation, KeyframeAnimation or
        AnimationGroup — (a copy is kept; each use adds a new copy under the key), NO_ACTION
        (stops the search), or None (removes the entry).

        C: ac_layer_set_action()."""
        self._engine._set_action(self, key, action)

    def action_for_key(self, key: str) -> Any:
        """What the action search answers for ``key`` (actionForKey:): the delegate's action,
        the actions table, then the class's default action (the callbacks run) — never the
        built-in implicit animation. An animation, NO_ACTION, or None when no step
        answered (a property change then runs the built-in implicit animation).
        disable_actions does not change the answer.

        C: ac_layer_action_for_key()."""
        return self._engine._action_for_key(self, key)

    # ---- tree --------------------------------------------------------------------------------

    def add_sublayer(self, child: "Layer") -> None:
        """Adds ``child`` as the last sublayer (moving it from any other superlayer).
        CycleError when ``child`` is this layer or one of its ancestors.

        C: ac_layer_add_sublayer()."""
        handle = self._other(child, "child")
        self._tree_call(
            _lib.ac_layer_add_sublayer,
            self._handle,
            handle,
            "add_sublayer",
            self._tree_names(child),
        )

    def insert_sublayer(self, child: "Layer", index: int) -> None:
        """Inserts ``child`` among the sublayers at ``index`` (clamped to [0, count]; a negative
        index counts from the end as in list.insert).

        C: ac_layer_insert_sublayer()."""
        handle = self._other(child, "child")
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if index < 0:
            index = max(0, len(self.sublayers) + index)
        self._tree_call(
            _lib.ac_layer_insert_sublayer,
            self._handle,
            handle,
            min(index, 2**63),
            "insert_sublayer",
            self._tree_names(child),
        )

    def remove_from_superlayer(self) -> None:
        """Removes the layer from its superlayer (none: no effect).

        C: ac_layer_remove_from_superlayer()."""
        self._tree_call(
            _lib.ac_layer_remove_from_superlayer,
            self._handle,
            "remove_from_superlayer",
            self._tree_names(None),
        )

    def replace_sublayer(self, old: "Layer", new: "Layer") -> None:
        """Replaces ``old`` (a sublayer of this layer) by ``new``.

        C: ac_layer_replace_sublayer()."""
        self._other(old, "old")
        self._other(new, "new")
        if old.superlayer != self:
            raise InvalidArgumentError("old is not a sublayer of this layer")
        self._engine._replace_sublayer(old, new)

    def _tree_names(self, child: Optional["Layer"]) -> CNames:
        """The C names of a tree call's messages: the arguments, and the handles the library
        shows as numbers ("layer 5476377146920271874")."""
        names = {"child: ": "", "parent: ": "", f"layer {self._handle}": "the layer"}
        if child is not None:
            if child._handle == self._handle:
                names[f"layer {child._handle} is layer {self._handle}"] = "child is the layer"
            else:
                names[f"layer {child._handle}"] = "child"
        return ADD_NAMES | CNames(names)  # a tree change may run an action

    def _tree_call(self, function: Any, *arguments: Any) -> None:
        *args, during, names = arguments
        engine = self._engine
        ptr = _engine_ptr(engine)
        with _callbacks.guard(during):
            check(function(ptr, *args), names)

    def _other(self, layer: "Layer", name: str) -> int:
        """The handle of ``layer``, the argument ``name``: TypeError unless a Layer,
        BadHandleError when of another engine."""
        if not isinstance(layer, Layer):
            raise TypeError(f"{name} must be a Layer, not {type(layer).__name__}")
        if layer._engine is not self._engine:
            raise BadHandleError(f"{name} belongs to another engine")
        return layer._handle

    @property
    def superlayer(self) -> Optional["DynamicLayer"]:
        """The superlayer, or None.

        C: ac_layer_superlayer()."""
        out = _capi.ac_layer()
        check(_lib.ac_layer_superlayer(_engine_ptr(self._engine), self._handle, _byref(out)))
        return self._engine._wrap(out.value) if out.value else None

    @property
    def sublayers(self) -> Tuple["DynamicLayer", ...]:
        """The sublayers, in order.

        C: ac_layer_sublayers()."""
        engine = self._engine
        ptr = _engine_ptr(engine)
        count = ctypes.c_size_t()
        while True:
            capacity = count.value
            buffer = (_capi.ac_layer * capacity)()
            status = _lib.ac_layer_sublayers(ptr, self._handle, buffer, capacity, _byref(count))
            if status == _capi.AC_OK:
                return tuple(engine._wrap(handle) for handle in buffer[: count.value])
            if status != _capi.AC_ERR_BUFFER_TOO_SMALL:
                raise_status(status)

    def __iter__(self) -> Iterator["DynamicLayer"]:
        return iter(self.sublayers)

    # ---- time --------------------------------------------------------------------------------

    @property
    def local_time(self) -> float:
        """The layer's local time (s) at the engine's current time.

        C: ac_layer_local_time()."""
        out = _c_double()
        check(_lib.ac_layer_local_time(_engine_ptr(self._engine), self._handle, _byref(out)))
        return out.value

    def convert_time_from(self, time: float, layer: Optional["Layer"]) -> float:
        """convertTime:fromLayer: — ``time`` (s) in ``layer``'s time space (None: absolute
        time) expressed in this layer's. NotInvertibleError for a speed 0 on the way up.

        C: ac_layer_convert_time()."""
        return self._engine.convert_time(time, layer, self)

    def convert_time_to(self, time: float, layer: Optional["Layer"]) -> float:
        """convertTime:toLayer: — ``time`` (s) in this layer's time space expressed in
        ``layer``'s (None: absolute time).

        C: ac_layer_convert_time()."""
        return self._engine.convert_time(time, self, layer)

    @property
    def timing(self) -> Timing:
        """The layer's own CAMediaTiming as a :class:`Timing` (read from its properties).

        C: ac_layer_get_value() of the timing properties."""
        return Timing.layer(
            begin_time=self.beginTime,
            duration=self.duration,
            speed=self.speed,
            time_offset=self.timeOffset,
            repeat_count=self.repeatCount,
            repeat_duration=self.repeatDuration,
            autoreverses=self.autoreverses,
            fill_mode=self.fillMode,
        )

    # ---- animations --------------------------------------------------------------------------

    def add_animation(self, animation: Animation, key: Optional[str] = None) -> None:
        """Adds a copy of ``animation`` (a BasicAnimation, KeyframeAnimation or AnimationGroup)
        under ``key`` (None: no key), replacing the animation under the same key (it stops
        with finished False). A duration of 0 becomes the transaction's duration; a begin time
        of 0 the layer's time at the next tick.

        Errors: NotAnimatableError (an undeclared or non-animatable key path, "frame"),
        UnknownKeyError (a key path whose rest is not a component of its kind), WrongKindError
        (a value of another kind; a paced or cubic mode over values that cannot be measured),
        TypeError for Python values of no kind; for keyframe animations and groups the checks
        of their fields and counts (InvalidArgumentError, OutOfRangeError..., naming the
        argument: "values", "animations[1].key_times").

        C: ac_layer_add_animation()."""
        if not isinstance(animation, Animation):
            raise TypeError(
                "animation must be a BasicAnimation, KeyframeAnimation or AnimationGroup, not "
                f"{type(animation).__name__}"
            )
        key_bytes = None if key is None else _key_bytes(key, "key")
        self._engine._add_animation(self, animation, key, key_bytes)

    def remove_animation(self, key: str) -> None:
        """Removes the animation under ``key`` (none: no effect); its on_stop(finished=False)
        runs at the next tick.

        C: ac_layer_remove_animation()."""
        check(
            _lib.ac_layer_remove_animation(
                _engine_ptr(self._engine), self._handle, _key_bytes(key, "key")
            )
        )

    def remove_all_animations(self) -> None:
        """Removes every animation of the layer, keyed or not.

        C: ac_layer_remove_all_animations()."""
        check(_lib.ac_layer_remove_all_animations(_engine_ptr(self._engine), self._handle))

    @property
    def animation_keys(self) -> List[str]:
        """The keys of the keyed animations in application order (animationKeys).

        C: ac_layer_animation_count(), ac_layer_animation_key()."""
        ptr = _engine_ptr(self._engine)
        count = ctypes.c_size_t()
        check(_lib.ac_layer_animation_count(ptr, self._handle, _byref(count)))
        handle = self._handle

        def reader(index: int) -> Callable[[Any, int, Any], int]:
            def call(buffer: Any, capacity: int, length: Any) -> int:
                status: int = _lib.ac_layer_animation_key(
                    ptr, handle, index, buffer, capacity, length
                )
                return status

            return call

        return [_read_string(reader(index)) for index in range(count.value)]

    def animation(self, key: str) -> Optional[Animation]:
        """A copy of the animation under ``key`` as the layer holds it, of its class
        (BasicAnimation, KeyframeAnimation or AnimationGroup) with every field: duration
        resolved, begin time resolved once committed, its callbacks; or None
        (animationForKey:). A group's children come back without callbacks (ignored by the
        engine).

        C: ac_layer_copy_animation()."""
        return self._engine._copy_animation(self, _key_bytes(key, "key"), key)


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


_TableLayout = Tuple[int, Tuple[int, ...], Any, Any]
"""A presentation table's stride, each key's first column, and the C arrays of keys and
columns a read passes."""


class LayerBatch:
    """A fixed list of layers of one engine, read and set together: one library call reads one
    key's presentation value for every layer (``ac_layers_get_presentation``), several keys'
    as a table of one row per layer (``ac_layers_get_presentation_table``), or sets one key's
    model value on every layer (``ac_layers_set_value``).

    Which to use when: a loop of ``layer.opacity = v`` costs about a microsecond per layer in
    Python; :meth:`set` and :meth:`presentation` cost one call for the whole batch plus a few
    tens of nanoseconds per layer in the library, so use them for many layers per frame (a
    particle field, a grid), and attributes for a few. To draw, read every key a frame needs
    with one :meth:`presentation_table`: one pass over the layers for all of them.

    :meth:`presentation` answers a NumPy float64 array when NumPy is installed — shape (n,) for
    one-number kinds (scalars; bool, integer and token kinds as floats), (n, stride) otherwise
    (2 for points, 16 for 3D transforms) — else a list of floats or of tuples. The batch keeps
    its layers alive.
    """

    __slots__ = ("_engine", "_layers", "_handles", "_strides", "_tables")

    def __init__(self, engine: "Engine", layers: Iterable[Layer]) -> None:
        items = tuple(layers)
        for index, layer in enumerate(items):
            if not isinstance(layer, Layer):
                raise TypeError(f"layers[{index}] must be a Layer, not {type(layer).__name__}")
            if layer._engine is not engine:
                raise BadHandleError(f"layers[{index}] belongs to another engine")
        self._engine = engine
        self._layers = items
        self._handles = (_capi.ac_layer * len(items))(*(layer._handle for layer in items))
        self._strides: Dict[int, int] = {}
        self._tables: Dict[Tuple[int, ...], _TableLayout] = {}

    @property
    def layers(self) -> Tuple[Layer, ...]:
        """The layers, in order.

        Python only."""
        return self._layers

    def __len__(self) -> int:
        return len(self._layers)

    def presentation(self, key: str, out: Any = None) -> Any:
        """The presentation value of ``key`` for every layer (see the class docstring).

        ``out``: a C-contiguous float64 NumPy array of the right shape to fill instead of a new
        one (no allocation per frame). WrongKindError when the layers hold different kinds.
        When an undeclared key has taken another kind since the last read, so that ``out`` no
        longer fits, InvalidArgumentError (``out`` may have been written).

        C: ac_layers_get_presentation()."""
        engine = self._engine
        ptr = _engine_ptr(engine)
        key_id = engine._intern(key, "key")
        count = len(self._layers)
        stride_out = ctypes.c_size_t()
        numpy = _numpy()
        if numpy is None and out is not None:
            raise InvalidArgumentError("out needs NumPy")
        # The stride is the first layer's kind's, kept from the last read; an undeclared key
        # may have changed kind since: then the call's stride differs, and it reads again.
        for attempt in range(2):
            cached = self._strides.get(key_id)
            stride = self._probe_stride(key_id) if cached is None else cached
            shape: Tuple[int, ...] = (count,) if stride <= 1 else (count, stride)
            if numpy is not None:
                target = _checked_out(numpy, out, shape)
                data = target.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if count else None
            else:
                target = (ctypes.c_double * (count * max(stride, 1)))()
                data = target
            status = _lib.ac_layers_get_presentation(
                ptr, self._handles, count, key_id, data, count * stride, _byref(stride_out)
            )
            changed = stride_out.value != stride
            if status in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL) and changed and attempt == 0:
                self._strides[key_id] = stride_out.value  # the kind it has now
                continue
            if status:
                raise_status(status)
            break
        if numpy is not None:
            return target
        if stride <= 1:
            return list(target)
        return [tuple(target[i * stride : (i + 1) * stride]) for i in range(count)]


    def _probe_stride(self, key_id: int, names: CNames = NONE) -> int:
        """The slots of key ``key_id``'s kind on the first layer (what a batch call's rows hold),
        kept for the next calls; errors raised naming ``names``."""
        stride_out = ctypes.c_size_t()
        status = _lib.ac_layers_get_presentation(
            _engine_ptr(self._engine), self._handles, len(self._layers), key_id, None, 0, _byref(stride_out)
        )
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            raise_status(status, names)
        self._strides[key_id] = stride_out.value
        return stride_out.value

    def table_columns(self, keys: Sequence[str]) -> Dict[str, slice]:
        """Where each key's numbers are in a row of :meth:`presentation_table`'s table: key ->
        slice of columns (a key given twice: its last place). The kinds are the first layer's.

        C: ac_layers_get_presentation_table() (out_columns)."""
        names = tuple(keys) if not isinstance(keys, str) else keys
        key_ids = self._key_ids(names)
        stride, columns, _, _ = self._table_layout(key_ids)
        ends = columns[1:] + (stride,)
        return {key: slice(start, end) for key, start, end in zip(names, columns, ends)}

    def presentation_table(self, keys: Sequence[str], out: Any = None) -> Any:
        """The presentation values of ``keys`` for every layer in one pass, as a table of one
        row per layer: ``keys[0]``'s numbers, then ``keys[1]``'s, and so on, each as
        :meth:`presentation` gives them (2 for points, 16 for 3D transforms, bool, integer and
        token kinds as floats); :meth:`table_columns` says where each key's numbers are. A NumPy
        float64 array of shape (n, stride) when NumPy is installed, else a list of tuples. What
        a frame that draws reads: one call for all its keys, at most 256 of them.

        ``out``: a C-contiguous float64 NumPy array of shape (n, stride) to fill instead of a new
        one (no allocation per frame). WrongKindError when a layer holds another kind at a key
        than the first layer. When an undeclared key has taken another kind since the last
        read, so that ``out`` no longer fits, InvalidArgumentError (``out`` may have been
        written).

        C: ac_layers_get_presentation_table()."""
        key_ids = self._key_ids(keys)
        count = len(self._layers)
        numpy = _numpy()
        if numpy is None and out is not None:
            raise InvalidArgumentError("out needs NumPy")
        # The layout is the first layer's kinds, kept from the last read; an undeclared key
        # may have changed kind since: then the call's layout differs, and it reads again.
        for attempt in range(2):
            stride, columns, keys_array, columns_out = self._table_layout(key_ids)
            shape = (count, stride)
            if numpy is not None:
                target = _checked_out(numpy, out, shape)
                data = target.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if count and stride else None
            else:
                target = (ctypes.c_double * max(count * stride, 1))()
                data = target
            stride_out = ctypes.c_size_t()
            status = _lib.ac_layers_get_presentation_table(
                _engine_ptr(self._engine), self._handles, count, keys_array, len(key_ids), data, count * stride,
                _byref(stride_out), columns_out,
            )
            changed = stride_out.value != stride or tuple(columns_out[: len(key_ids)]) != columns
            if status in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL) and changed and attempt == 0:
                del self._tables[key_ids]
                continue
            if status:
                raise_status(status, _TABLE_NAMES)
            break
        if numpy is not None:
            return target
        return [tuple(target[i * stride : (i + 1) * stride]) for i in range(count)]

    def _key_ids(self, keys: Sequence[str]) -> Tuple[int, ...]:
        if isinstance(keys, str):
            raise TypeError("keys must be a sequence of key names, not one string")
        engine = self._engine
        return tuple(engine._intern(key, f"keys[{index}]") for index, key in enumerate(keys))

    def _table_layout(self, key_ids: Tuple[int, ...]) -> "_TableLayout":
        """The table's stride and each key's first column, as the first layer's kinds give them,
        with the C arrays a read passes (kept for the next read: no allocation per frame)."""
        layout = self._tables.get(key_ids)
        if layout is None:
            count = len(key_ids)
            keys_array = (_capi.ac_key * max(count, 1))(*key_ids)
            columns = (ctypes.c_size_t * max(count, 1))()
            stride_out = ctypes.c_size_t()
            status = _lib.ac_layers_get_presentation_table(
                _engine_ptr(self._engine), self._handles, len(self._layers), keys_array, count, None, 0,
                _byref(stride_out), columns,
            )
            if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
                raise_status(status, _TABLE_NAMES)
            layout = (stride_out.value, tuple(columns[:count]), keys_array, columns)
            self._tables[key_ids] = layout
        return layout

    def set(self, key: str, values: Any) -> None:
        """Sets the model value of ``key`` on every layer, layer i's from ``values[i]``, each
        change as ``layer[key] = value`` makes it (its action included: an implicit animation
        by default). ``values``: a NumPy array of shape (n,) for one-number kinds or (n, stride)
        (2 for points, 16 for 3D transforms; bool, integer and token kinds as whole numbers),
        or a sequence of numbers or of tuples. Every layer and value is checked before any
        changes, so a refused call changes nothing — unless a change fails on the way (an
        action of an earlier layer destroys a later one, or a layer's action fails: then that
        layer and the ones before it have changed, as ``layer[key] = value`` changes a layer
        whose action fails).

        C: ac_layers_set_value()."""
        engine = self._engine
        ptr = _engine_ptr(engine)
        key_id = engine._intern(key, "key")
        count = len(self._layers)
        if count == 0:
            return
        cached = self._strides.get(key_id)
        # A declared property keeps its kind; an undeclared key may have changed kind since its
        # stride was kept (through the C API, or another batch): its kind is asked each time.
        if cached is None or self._layers[0]._info(key) is None:
            stride = self._probe_stride(key_id, _BATCH_NAMES)
        else:
            stride = cached
        shape: Tuple[int, ...] = (count,) if stride <= 1 else (count, stride)
        numpy = sys.modules.get("numpy")
        keep: Any
        if numpy is not None and isinstance(values, numpy.ndarray):
            keep = numpy.ascontiguousarray(values, dtype=numpy.float64)
            if tuple(keep.shape) != shape and not (stride == 1 and tuple(keep.shape) == (count, 1)):
                raise ValueError(f"values has shape {tuple(values.shape)}; it must be {shape}")
            data = keep.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        else:
            items = list(values)
            if len(items) != count:
                raise ValueError(f"values has {len(items)} entries for {count} layers")
            flat: List[float] = []
            for index, item in enumerate(items):
                numbers = (item,) if stride <= 1 and not isinstance(item, (tuple, list)) else tuple(item)
                if len(numbers) != stride:
                    raise ValueError(f"values[{index}] has {len(numbers)} numbers; it must have {stride}")
                flat.extend(float(number) for number in numbers)
            keep = (ctypes.c_double * len(flat))(*flat)
            data = keep
        if not engine._runs_python_actions:  # no Python code runs: no guard (the fast path)
            self._raise_set_status(
                _lib.ac_layers_set_value(ptr, self._handles, count, key_id, data, stride), key
            )
            return
        with _callbacks.guard(f"setting {key} on a batch"):
            status = _lib.ac_layers_set_value(ptr, self._handles, count, key_id, data, stride)
            self._raise_set_status(status, key)

    def _raise_set_status(self, status: int, key: str) -> None:
        """Raises a LayerBatch.set status in Python's words (nothing for AC_OK)."""
        if status:
            info = self._layers[0]._info(key)
            names = ADD_NAMES | _BATCH_NAMES
            if info is not None:
                names = names | property_value_fields(info.name, info.kind)
            raise_status(status, names)


def _numpy() -> Any:
    """NumPy when it is installed (imported once), else None."""
    numpy = sys.modules.get("numpy")
    if numpy is None:
        try:
            import numpy  # noqa: F811
        except ImportError:
            return None
    return numpy


def _checked_out(numpy: Any, out: Any, shape: Tuple[int, ...]) -> Any:
    """A batch read's target: ``out`` when it is a writeable C-contiguous float64 array of
    ``shape``, a new array when it is None; InvalidArgumentError otherwise."""
    if out is None:
        return numpy.empty(shape, dtype=numpy.float64)
    if (
        not isinstance(out, numpy.ndarray)
        or out.dtype != numpy.float64
        or tuple(out.shape) != shape
        or not out.flags["C_CONTIGUOUS"]
        or not out.flags["WRITEABLE"]
    ):
        raise InvalidArgumentError(f"out must be a writeable C-contiguous float64 array of shape {shape}")
    return out


_BATCH_NAMES = CNames(patterns=((r"slots\[\d+\] \(layers\[(\d+)\]'s value\)", r"values[\1]"),))
"""ac_layers_* arguments in LayerBatch's words."""

_TABLE_NAMES = CNames({"key_count": "len(keys)"})
"""ac_layers_get_presentation_table's arguments in LayerBatch.presentation_table's words."""


if TYPE_CHECKING:

    class DynamicLayer(Layer):
        """A layer of a class declared with a mapping (``engine.layer_class("Clock", {"time":
        0.0})``), as type checkers see it: its custom properties are attributes mypy cannot
        know, typed Any. At run time it is :class:`Layer` itself."""

        def __getattr__(self, name: str) -> Any: ...
        def __setattr__(self, name: str, value: Any) -> None: ...

else:
    DynamicLayer = Layer
    """A layer of a class declared with a mapping, as type checkers see it (custom properties
    typed Any); at run time :class:`Layer` itself. Python only."""


# ---- helpers ---------------------------------------------------------------------------------


def _release(engine: "Engine", handle: int) -> None:
    """Drops a wrapper's reference (a weakref finalizer: never raises)."""
    ptr = engine._ptr
    if ptr is not None:
        _lib.ac_layer_release(ptr, handle)


def _key_bytes(key: str, name: str) -> bytes:
    if not isinstance(key, str):
        raise TypeError(f"{name} must be a str, not {type(key).__name__}")
    if "\0" in key:
        raise InvalidArgumentError(f"{name} {key!r} contains a NUL character")
    return key.encode("utf-8", "surrogatepass")


def _read_string(call: Callable[[Any, int, Any], int], names: CNames = NONE_NAMES) -> str:
    """Reads a string through a (buffer, capacity, out_length) call, growing the buffer;
    ``names``: the call's C names for its messages."""
    length = ctypes.c_size_t()
    capacity = 64
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = call(buffer, capacity, _byref(length))
        if status == _capi.AC_OK:
            return buffer.raw[: length.value].decode("utf-8", "replace")
        if status != _capi.AC_ERR_BUFFER_TOO_SMALL:
            raise_status(status, names)
        capacity = length.value + 1
