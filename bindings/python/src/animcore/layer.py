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
import weakref
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Optional,
    Tuple,
    TypeVar,
    overload,
)

from . import _callbacks, _capi, _layer_geometry, _variable_values
from ._action_trampoline import register_action
from ._adapt import adapt_in, adapt_out
from ._c_names import ADD_NAMES, CNames, property_value_fields
from ._coerce import flag
from ._coerce import real
from ._handles import EngineHandle, engine_ptr, key_bytes, read_string
from ._layer_actions import action_for_key, set_action, set_display_delegate
from ._layer_animations import add_animation, copy_animation
from ._layer_attributes import ClassDeclaration, LayerType, reserved
from .animation import Animation
from .callback_types import DisplayCallback
from .errors import AnimcoreError, BadHandleError, InvalidArgumentError, check, raise_status
from .properties import BuiltinProperty, Key, Property, PropertyInfo, key_name
from .rendering import ContentsGravity, CornerMask
from .timing import TIMING_KEYWORDS, FillMode, Timing
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
    from_c,
    kind_of,
    to_c,
)

if TYPE_CHECKING:
    # The engine a layer answers as ``layer.engine`` (it is handed in by the engine that made
    # the layer, never imported: the engine is the layer above); the class and presentation
    # objects a layer answers, of the same layer of modules.
    from .engine import Engine
    from .layer_class import LayerClass
    from .presentation import Presentation
    from .properties import ContentsGravityInput, FillModeInput

__all__ = ["DisplayCallback", "DynamicLayer", "Layer", "convert_time"]

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
_CONVERT_NAMES = CNames({"time_s": "time"})
# The layers on the way of a conversion, by depth from the root ("timings[1]: speed is 0").
_DEPTH = ((r"\btimings\[(\d+)\]", r"the layer at depth \1 on the way (0: the root)"),)

_model = BuiltinProperty


class Layer(metaclass=LayerType):
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
    geometry_flipped: BuiltinProperty[bool, bool] = _model("geometryFlipped")
    geometryFlipped = geometry_flipped
    masked_corners: BuiltinProperty[CornerMask, int] = _model("maskedCorners")
    maskedCorners = masked_corners
    contents_gravity: BuiltinProperty[ContentsGravity, ContentsGravityInput] = _model(
        "contentsGravity"
    )
    contentsGravity = contents_gravity
    contents_scale: BuiltinProperty[float, float] = _model("contentsScale")
    contentsScale = contents_scale
    allows_group_opacity: BuiltinProperty[bool, bool] = _model("allowsGroupOpacity")
    allowsGroupOpacity = allows_group_opacity
    contents_center: BuiltinProperty[Rect, RectInput] = _model("contentsCenter")
    contentsCenter = contents_center
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
            key_bytes(key, "key")  # raises TypeError naming the argument
        return self._class._lookup(key, self)

    def _read(self, info: PropertyInfo, presentation: bool) -> Any:
        ptr = self._engine._ptr
        if ptr is None:
            engine_ptr(self._engine)  # raises: the engine is closed
        if info.kind is _SCALAR:
            out = _c_double()
            status = (_get_presentation_scalar if presentation else _get_scalar)(
                ptr, self._c_handle, _c_uint32(info.key), _byref(out)
            )
            if status:
                raise_status(status, _KEY_NAMES)
            return out.value
        if info.kind.is_variable_length:
            return _variable_values.read(ptr, self._handle, info.key, info.kind, presentation)
        value = _capi.ac_value()
        getter = _get_presentation_value if presentation else _get_value
        status = getter(ptr, self._handle, info.key, _byref(value))
        if status:
            raise_status(status, _KEY_NAMES)
        return adapt_out(info.name, from_c(value))

    def _write(self, info: PropertyInfo, value: Any) -> None:
        engine = self._engine
        ptr = engine._ptr
        if ptr is None:
            engine_ptr(engine)  # raises: the engine is closed
        if info.kind is _SCALAR:
            number = value if type(value) is float else to_c(_SCALAR, value, info.name).v[0]
        elif info.kind.is_variable_length:
            status = _variable_values.write(ptr, self._handle, info.key, info.kind, value, info.name)
            if status:
                raise_status(status, _KEY_NAMES)
            return
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
                engine_ptr(self._engine), self._handle, info.key, _byref(value)
            ),
            _KEY_NAMES,
        )
        return from_c(value)

    def _undeclared(self, key: str, value: Any) -> PropertyInfo:
        """An undeclared key: its kind is what the layer holds, else the value's."""
        engine = self._engine
        key_id = engine._intern(key, "key")
        out = _capi.ac_value()
        status = _lib.ac_layer_get_value(engine_ptr(engine), self._handle, key_id, _byref(out))
        if status == _capi.AC_OK:
            return PropertyInfo(key, key_id, ValueKind(out.kind))
        held = _variable_values.kind_at(engine_ptr(engine), self._handle, key_id)
        if held is not None:
            return PropertyInfo(key, key_id, held)
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

    def _animated_kind(self, key_path: str) -> Optional[ValueKind]:
        """The kind of ``key_path`` when it names a property the layer's class declares (or a
        key path into one); None for any other key. Only declared properties animate: an
        undeclared key, even one the layer stores (a typo set on a permissive class), never
        gives its kind to an animation's values: the library refuses the animation and names
        the key, where a kind guessed from the stored value would have answered a misleading
        TypeError about a value. (What the codec asks of a layer: _codec.KindAt.)"""
        if not isinstance(key_path, str):
            return None
        attrs = self._class._attrs
        root = key_path.split(".", 1)[0]
        if root not in attrs or attrs[root].name != root:
            return None
        try:
            info = self._class._lookup(key_path, self)
        except AnimcoreError:
            return None
        return info.kind if info is not None else None

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
        ptr = engine_ptr(engine)
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
            kind = ValueKind(item.value.kind)
            if kind.is_variable_length:  # (the entry has the kind alone: read the contents)
                result[name] = _variable_values.read(ptr, self._handle, item.key, kind, presentation)
            else:
                result[name] = adapt_out(name, from_c(item.value))
        return result

    # ---- display -----------------------------------------------------------------------------

    def set_needs_display(self) -> None:
        """Marks the layer to display at the next tick (setNeedsDisplay).

        C: ac_layer_set_needs_display()."""
        check(_lib.ac_layer_set_needs_display(engine_ptr(self._engine), self._handle))

    @property
    def needs_display(self) -> bool:
        """Whether the layer will display at the next tick.

        C: ac_layer_needs_display()."""
        out = ctypes.c_int32()
        check(_lib.ac_layer_needs_display(engine_ptr(self._engine), self._handle, _byref(out)))
        return bool(out.value)

    def set_delegate(self, *, display: Any = _KEEP, action: Any = _KEEP) -> None:
        """Sets the layer's delegate callbacks; an argument left out keeps what is set.

        - ``display(layer)`` (displayLayer:) wins over the class's display; None removes it.
        - ``action(layer, key)`` (actionForLayer:forKey:), the first step of the action search:
          answers a BasicAnimation, NO_ACTION or None (continue); None removes it.

        Each callable is kept until it is replaced or the layer or the engine destroyed.

        C: ac_layer_set_delegate(), ac_layer_set_action_callback()."""
        if display is not _KEEP:
            set_display_delegate(self, display)
        if action is not _KEEP:
            register_action(
                self._engine, _lib.ac_layer_set_action_callback, self._handle, action, "action"
            )

    # ---- actions -----------------------------------------------------------------------------

    def set_action(self, key: str, action: Any) -> None:
        """Sets the layer's actions table entry for ``key`` (CALayer.actions), the second step
        of the action search: an animation — BasicAnimation, KeyframeAnimation or
        AnimationGroup — (a copy is kept; each use adds a new copy under the key), NO_ACTION
        (stops the search), or None (removes the entry).

        C: ac_layer_set_action()."""
        set_action(self, key, action)

    def action_for_key(self, key: str) -> Any:
        """What the action search answers for ``key`` (actionForKey:): the delegate's action,
        the actions table, then the class's default action (the callbacks run) — never the
        built-in implicit animation. An animation, NO_ACTION, or None when no step
        answered (a property change then runs the built-in implicit animation).
        disable_actions does not change the answer.

        C: ac_layer_action_for_key()."""
        return action_for_key(self, key)

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
        names = CNames(
            {
                "old_layer: ": "",
                "new_layer: ": "",
                f"layer {old._handle}": "old",
                f"layer {new._handle}": "new",
            }
        )
        with _callbacks.guard("replace_sublayer"):
            check(
                _lib.ac_layer_replace_sublayer(
                    engine_ptr(self._engine), old._handle, old._other(new, "new")
                ),
                names,
            )

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
        ptr = engine_ptr(engine)
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
        check(_lib.ac_layer_superlayer(engine_ptr(self._engine), self._handle, _byref(out)))
        return self._engine._wrap(out.value) if out.value else None

    @property
    def sublayers(self) -> Tuple["DynamicLayer", ...]:
        """The sublayers, in order.

        C: ac_layer_sublayers()."""
        engine = self._engine
        ptr = engine_ptr(engine)
        count = ctypes.c_size_t()
        while True:
            capacity = count.value
            buffer = (_capi.ac_layer * capacity)()
            status = _lib.ac_layer_sublayers(ptr, self._handle, buffer, capacity, _byref(count))
            if status == _capi.AC_OK:
                return tuple(engine._wrap(handle) for handle in buffer[: count.value])
            if status != _capi.AC_ERR_BUFFER_TOO_SMALL:
                raise_status(status)

    @property
    def mask(self) -> Optional["DynamicLayer"]:
        """The layer's mask (CALayer.mask), or None: a layer whose alpha multiplies this
        layer's rendering, sublayers included. Its superlayer is this layer (it runs in this
        layer's time and lives in its space, without the sublayerTransform), but it is not
        among the sublayers and is never hit. Setting a layer moves it from its tree or from
        another layer's mask, and this layer holds it; the old mask is let go (None: no
        mask). No action runs. CycleError when the mask is this layer or one of its
        superlayers.

        C: ac_layer_mask(), ac_layer_set_mask()."""
        out = _capi.ac_layer()
        check(_lib.ac_layer_mask(engine_ptr(self._engine), self._handle, _byref(out)))
        return self._engine._wrap(out.value) if out.value else None

    @mask.setter
    def mask(self, mask: Optional["Layer"]) -> None:
        handle = 0 if mask is None else self._other(mask, "mask")
        names = CNames({"layer: ": "the layer: ", "mask is layer": "mask is the layer"})
        self._tree_call(_lib.ac_layer_set_mask, self._handle, handle, "setting mask", names)

    def __iter__(self) -> Iterator["DynamicLayer"]:
        return iter(self.sublayers)

    # ---- geometry and hit testing ------------------------------------------------------------
    # Model values by default (CALayer); presentation=True reads the presentation values at the
    # engine's time (the last tick). A layer of None is the root space: the space a root
    # layer's position is in (CALayer's nil layer). Unmapped points (behind the eye, or on a
    # plane seen edge-on) come back as None.

    def matrix_to_superlayer(self, presentation: bool = False) -> Transform3D:
        """The matrix from this layer's space to its superlayer's (to the root space for a
        root layer): T(-anchor) · transform · T(position, zPosition) · the superlayer's
        geometryFlipped mirror and sublayerTransform about its anchor. Row vectors, as
        CATransform3D. OutOfRangeError when an element is beyond the range of doubles (finite
        values whose products overflow: the layer is placed nowhere, not drawn and not hit).

        C: ac_layer_matrix_to_superlayer()."""
        return _layer_geometry.matrix_to_superlayer(self, presentation)

    def matrix_to(self, layer: Optional["Layer"], presentation: bool = False) -> Transform3D:
        """The matrix from this layer's space to ``layer``'s (None: the root space), through
        their common ancestor, each layer flattening its sublayers (perspective kept; a
        transform layer keeps them in 3D, composing their matrices with its own).
        NotInvertibleError when ``layer``'s plane is singular; OutOfRangeError when the matrix
        is beyond the range of doubles.

        C: ac_layer_matrix_to_layer()."""
        return _layer_geometry.matrix_to_layer(self, self, layer, presentation)

    def convert_point_to(
        self, point: PointInput, layer: Optional["Layer"], presentation: bool = False
    ) -> Optional[Point]:
        """convertPoint:toLayer: — ``point`` of this layer's space in ``layer``'s (None: the
        root space); None when unmapped.

        C: ac_layer_convert_point()."""
        names = CNames({"from_layer": "the layer", "to_layer": "layer"})
        return _layer_geometry.convert_point(self, point, self, layer, names, presentation)

    def convert_point_from(
        self, point: PointInput, layer: Optional["Layer"], presentation: bool = False
    ) -> Optional[Point]:
        """convertPoint:fromLayer: — ``point`` of ``layer``'s space (None: the root space) in
        this layer's; None when unmapped.

        C: ac_layer_convert_point()."""
        names = CNames({"from_layer": "layer", "to_layer": "the layer"})
        return _layer_geometry.convert_point(self, point, layer, self, names, presentation)

    def convert_rect_to(
        self, rect: RectInput, layer: Optional["Layer"], presentation: bool = False
    ) -> Optional[Rect]:
        """convertRect:toLayer: — the bounding box of ``rect``'s corners in ``layer``'s space
        (None: the root space); None when a corner is unmapped.

        C: ac_layer_convert_rect()."""
        names = CNames({"from_layer": "the layer", "to_layer": "layer"})
        return _layer_geometry.convert_rect(self, rect, self, layer, names, presentation)

    def convert_rect_from(
        self, rect: RectInput, layer: Optional["Layer"], presentation: bool = False
    ) -> Optional[Rect]:
        """convertRect:fromLayer: — the bounding box of ``rect``'s corners (in ``layer``'s
        space; None: the root space) in this layer's; None when a corner is unmapped.

        C: ac_layer_convert_rect()."""
        names = CNames({"from_layer": "layer", "to_layer": "the layer"})
        return _layer_geometry.convert_rect(self, rect, layer, self, names, presentation)

    def hit_test(self, point: PointInput, presentation: bool = False) -> Optional["DynamicLayer"]:
        """hitTest: — the farthest descendant of this layer (or the layer) containing ``point``,
        given in the superlayer's space (the root space for a root layer; under transform
        layers, the space of their nearest ancestor that is none); None for none.
        Core Animation's order: higher zPosition first, then the last added; hidden sublayers
        skipped; a masksToBounds layer that misses cuts off its subtree; half-open bounds.
        Transform layers are never hit themselves (their sublayers are tested in 3D, nearest
        first); a single-sided layer facing away is not hit, as it is not drawn.
        With ``presentation=True`` a tap finds a moving layer where it is drawn; the answer is
        the layer itself (its model values), as ``presentationLayer.hitTest(p).modelLayer``.

        C: ac_layer_hit_test()."""
        handle = _layer_geometry.hit_test(self, point, presentation)
        return self._engine._wrap(handle) if handle else None

    def contains_point(self, point: PointInput, presentation: bool = False) -> bool:
        """containsPoint: — whether ``point``, in this layer's own space, lies in its bounds
        (min <= x < max, min <= y < max).

        C: ac_layer_contains_point()."""
        return _layer_geometry.contains_point(self, point, presentation)

    def affine_transform(self, presentation: bool = False) -> AffineTransform:
        """affineTransform — the transform's 2D part, or the identity when the transform is not
        affine (as Core Animation answers).

        C: ac_layer_affine_transform()."""
        return _layer_geometry.affine_transform(self, presentation)

    def set_affine_transform(self, transform: AffineTransformInput) -> None:
        """setAffineTransform: — replaces the whole 3D transform by ``transform`` (a, b, c, d,
        tx, ty) embedded; runs the "transform" action as any change does.

        C: ac_layer_set_affine_transform()."""
        _layer_geometry.set_affine_transform(self, transform)

    def contents_are_flipped(self, presentation: bool = False) -> bool:
        """contentsAreFlipped — whether an odd number of layers from this one up to its root
        are geometry_flipped.

        C: ac_layer_contents_are_flipped()."""
        return _layer_geometry.contents_are_flipped(self, presentation)

    # ---- time --------------------------------------------------------------------------------

    @property
    def local_time(self) -> float:
        """The layer's local time (s) at the engine's current time.

        C: ac_layer_local_time()."""
        out = _c_double()
        check(_lib.ac_layer_local_time(engine_ptr(self._engine), self._handle, _byref(out)))
        return out.value

    def convert_time_from(self, time: float, layer: Optional["Layer"]) -> float:
        """convertTime:fromLayer: — ``time`` (s) in ``layer``'s time space (None: absolute
        time) expressed in this layer's. NotInvertibleError for a speed 0 on the way up.

        C: ac_layer_convert_time()."""
        return convert_time(self._engine, time, layer, self)

    def convert_time_to(self, time: float, layer: Optional["Layer"]) -> float:
        """convertTime:toLayer: — ``time`` (s) in this layer's time space expressed in
        ``layer``'s (None: absolute time).

        C: ac_layer_convert_time()."""
        return convert_time(self._engine, time, self, layer)

    @property
    def timing(self) -> Timing:
        """The layer's own CAMediaTiming as a :class:`Timing` (read from its properties).

        C: ac_layer_get_value() of the timing properties."""
        return Timing.layer(**{name: getattr(self, name) for name in TIMING_KEYWORDS})

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
        add_animation(self, animation, key)

    def remove_animation(self, key: str) -> None:
        """Removes the animation under ``key`` (none: no effect); its on_stop(finished=False)
        runs at the next tick. A property no other animation drives shows its model value at
        once: to carry a motion on, read its presentation value and velocity, or add the new
        animation, before removing the old one.

        C: ac_layer_remove_animation()."""
        check(
            _lib.ac_layer_remove_animation(
                engine_ptr(self._engine), self._handle, key_bytes(key, "key")
            )
        )

    def remove_all_animations(self) -> None:
        """Removes every animation of the layer, keyed or not.

        C: ac_layer_remove_all_animations()."""
        check(_lib.ac_layer_remove_all_animations(engine_ptr(self._engine), self._handle))

    @property
    def animation_keys(self) -> List[str]:
        """The keys of the keyed animations in application order (animationKeys).

        C: ac_layer_animation_count(), ac_layer_animation_key()."""
        ptr = engine_ptr(self._engine)
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

        return [read_string(reader(index)) for index in range(count.value)]

    def animation(self, key: str) -> Optional[Animation]:
        """A copy of the animation under ``key`` as the layer holds it, of its class
        (BasicAnimation, KeyframeAnimation or AnimationGroup) with every field: duration
        resolved, begin time resolved once committed, its callbacks; or None
        (animationForKey:). A group's children come back without callbacks (ignored by the
        engine).

        C: ac_layer_copy_animation()."""
        return copy_animation(self, key)



def convert_time(
    engine: EngineHandle, time: float, from_layer: Optional[Layer], to_layer: Optional[Layer]
) -> float:
    """``time`` (s) in ``from_layer``'s time space expressed in ``to_layer``'s (None: absolute
    time), both layers of ``engine`` (see Engine.convert_time)."""
    handles = []
    for name, layer in (("from_layer", from_layer), ("to_layer", to_layer)):
        if layer is None:
            handles.append(0)
        elif not isinstance(layer, Layer):
            raise TypeError(f"{name} must be a Layer or None, not {type(layer).__name__}")
        elif layer._engine is not engine:
            raise BadHandleError(f"{name} belongs to another engine")
        else:
            handles.append(layer._handle)
    out = _c_double()
    check(
        _lib.ac_layer_convert_time(
            engine_ptr(engine), real(time, "time"), handles[0], handles[1], _byref(out)
        ),
        _CONVERT_NAMES.with_patterns(_DEPTH),
    )
    return float(out.value)

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


def _release(engine: "Engine", handle: int) -> None:
    """Drops a wrapper's reference (a weakref finalizer: never raises)."""
    ptr = engine._ptr
    if ptr is not None:
        _lib.ac_layer_release(ptr, handle)
