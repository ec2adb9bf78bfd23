"""Layer classes: the built-in CALayer properties plus declared custom ones.

A :class:`LayerClass` is made by :meth:`Engine.layer_class` (``engine.base_class`` is the
built-in class). Its declared properties are stored, copied into the presentation and
interpolated by the engine; each becomes an attribute of the class's layers (a descriptor of a
:class:`Layer` subclass named after the class) under its name and its snake_case spelling.
"""

from __future__ import annotations

import ctypes
import threading
from typing import TYPE_CHECKING, Any, Dict, Generic, Optional, Tuple, Type, TypeVar

from . import _callbacks, _capi
from ._action_trampoline import register_action
from ._c_names import CNames
from ._coerce import flag
from ._handles import engine_ptr
from ._layer_attributes import ModelAttribute, PresentationAttribute, reserved
from ._trampolines import DisplayEntry, display_trampoline
from .callback_types import ActionCallback, DisplayCallback
from .errors import check, raise_status
from .layer import Layer
from .presentation import Presentation
from .properties import Property, PropertyInfo, snake_case
from .values import ValueKind

if TYPE_CHECKING:
    # The engine a class answers as ``layer_class.engine`` (handed in by the engine that
    # declared the class, never imported: the engine is the layer above).
    from .engine import Engine

__all__ = ["LayerClass", "Property"]

L = TypeVar("L", bound=Layer)

_lib = _capi.lib
_byref = ctypes.byref
_KEY_NAMES = CNames({"key: ": ""})


class LayerClass(Generic[L]):
    """A layer class of an engine: the built-in CALayer properties plus declared ones, and a
    display callback. Call it to make a layer: ``Clock(time=1.5, bounds=(0, 0, 200, 200))``.

    Made by :meth:`Engine.layer_class`; :attr:`Engine.base_class` is the built-in class.
    ``L`` is the Python type of its layers (typing only): the class of a class declaration
    (``LayerClass[Circle]``), :data:`DynamicLayer` for a mapping's, :class:`Layer` for the
    built-in class.

    C: ac_class (ac_class_create()).
    """

    __slots__ = (
        "_engine",
        "_handle",
        "_name",
        "_superclass",
        "_declared",
        "_display",
        "_default_action",
        "_attrs",
        "_paths",
        "_layer_type",
        "_presentation_type",
        "_names",
        "_table_ready",
        "_strict",
        "_python_base",
        "_lock",
        "__weakref__",
    )

    def __init__(
        self,
        engine: "Engine",
        handle: int,
        name: str,
        superclass: Optional["LayerClass[Any]"],
        declared: Tuple[str, ...],
        python_base: Optional[Type[Layer]] = None,
    ) -> None:
        self._engine = engine
        self._handle = handle
        self._name = name
        self._superclass = superclass
        self._declared = declared
        self._display: Optional[DisplayCallback] = (
            superclass._display if superclass is not None else None
        )
        self._default_action: Optional[ActionCallback] = (
            superclass._default_action if superclass is not None else None
        )
        self._attrs: Dict[str, PropertyInfo] = {}
        self._paths: Dict[str, PropertyInfo] = {}
        self._layer_type: Type[Layer] = Layer
        self._presentation_type: Type[Presentation] = Presentation
        self._names: Tuple[str, ...] = ()
        self._table_ready = False
        self._strict: bool = superclass._strict if superclass is not None else False
        self._python_base: Type[Layer] = (
            python_base
            if python_base is not None
            else superclass._python_base if superclass is not None else Layer
        )
        self._lock = threading.Lock()

    @property
    def engine(self) -> "Engine":
        """The engine the class belongs to. Python only."""
        return self._engine

    @property
    def handle(self) -> int:
        """The library's ``ac_class`` handle (0 for the built-in class), for the raw calls
        (e.g. ac_layer_create())."""
        return self._handle

    @property
    def name(self) -> str:
        """The name given at declaration ("CALayer" for the built-in class), unique in its
        engine. C: ac_class_create()'s name."""
        return self._name

    @property
    def superclass(self) -> Optional["LayerClass[Any]"]:
        """The superclass (None for the built-in class). C: ac_class_create()'s superclass."""
        return self._superclass

    @property
    def declared_properties(self) -> Tuple[str, ...]:
        """The properties this class declared itself, in order. C: ac_class_create()'s
        properties."""
        return self._declared

    @property
    def layer_type(self) -> Type[L]:
        """The Python type of this class's layers: a subclass, named after the class, of
        :class:`Layer` (or of the class of a class declaration), with one attribute per
        property (``isinstance(x, Clock.layer_type)``). Python only."""
        layer_type: Type[L] = self._layer_type  # type: ignore[assignment]
        return layer_type

    @property
    def property_names(self) -> Tuple[str, ...]:
        """Every property of the class (built-in first), in snapshot order, plus "frame": the
        keys of a snapshot, what ``layer[key]`` and animation key paths take.
        C: ac_layer_snapshot()."""
        return self._names

    def __call__(self, **values: Any) -> L:
        """A new layer of this class with the given model values (attribute names: "opacity",
        "anchor_point", custom properties); values set now never animate.

        C: ac_layer_create()."""
        layer: L = self._engine.layer(self, **values)
        return layer

    def __repr__(self) -> str:
        return f"<LayerClass {self._name!r} {self._handle:#x}>"

    @property
    def strict(self) -> bool:
        """Whether layers of the class refuse undeclared keys: setting, reading or animating a
        key that is no declared property (a typo) raises UnknownKeyError naming the declared
        properties. False (Core Animation's rule, the default): such keys are stored as they
        come. Classes declared later with this one as superclass start with its setting.

        C: ac_class_set_strict()."""
        return self._strict

    @strict.setter
    def strict(self, strict: bool) -> None:
        on = flag(strict, "strict")
        check(_lib.ac_class_set_strict(engine_ptr(self._engine), self._handle, 1 if on else 0))
        self._strict = on

    # ---- display -----------------------------------------------------------------------------

    @property
    def display(self) -> Optional[DisplayCallback]:
        """The display callback ``display(layer)`` (-display), or None. It runs during tick,
        once per tick at most, for layers that need display: a needs-display property set to a
        new value or animating (every tick while it runs, the tick it first shows and the tick
        it ends), :meth:`Layer.set_needs_display`, or a bounds change with
        needsDisplayOnBoundsChange. A layer delegate's display wins over it. Classes declared
        later with this one as superclass start with it.

        C: ac_class_set_display()."""
        return self._display

    @display.setter
    def display(self, callback: Optional[DisplayCallback]) -> None:
        engine = self._engine
        ptr = engine_ptr(engine)
        if callback is None:
            check(
                _lib.ac_class_set_display(
                    ptr, self._handle, _capi.ac_display_fn(), None, _capi.ac_destroy_fn()
                )
            )
            self._display = None
            return
        if not callable(callback):
            raise TypeError(f"display must be callable or None, not {type(callback).__name__}")
        status = _callbacks.register_for(
            DisplayEntry(engine, callback),
            lambda number: _lib.ac_class_set_display(
                ptr, self._handle, display_trampoline, number, _callbacks.destroy
            ),
        )
        if status:
            raise_status(status)
        self._display = callback

    # ---- actions -----------------------------------------------------------------------------

    @property
    def default_action(self) -> Optional[ActionCallback]:
        """The class's default action ``action(layer, key)`` (+defaultActionForKey:), the third
        step of the action search, or None. Classes declared later with this one as superclass
        start with it. See :data:`ActionCallback` and :data:`ActionAnswer`.

        C: ac_class_set_default_action()."""
        return self._default_action

    @default_action.setter
    def default_action(self, callback: Optional[ActionCallback]) -> None:
        register_action(
            self._engine, _lib.ac_class_set_default_action, self._handle, callback, "default_action"
        )
        self._default_action = callback

    # ---- the property table ------------------------------------------------------------------

    def _build_table(self) -> None:
        """Builds the table from a temporary layer of the class (made and released at once:
        layers display and animate nothing at creation)."""
        ptr = engine_ptr(self._engine)
        out = _capi.ac_layer()
        check(_lib.ac_layer_create(ptr, self._handle, _byref(out)))
        try:
            self._ensure_table(out.value)
        finally:
            _lib.ac_layer_release(ptr, out.value)

    def _ensure_table(self, handle: int) -> None:
        """Builds the property table from a snapshot of the layer ``handle`` of this class
        (once per class), and the Python types of its layers and presentations: one
        descriptor per property under its name and its snake_case spelling."""
        if self._table_ready:
            return
        engine = self._engine
        ptr = engine_ptr(engine)
        count = ctypes.c_size_t()
        status = _lib.ac_layer_snapshot(ptr, handle, 0, None, 0, _byref(count))
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            raise_status(status)
        buffer = (_capi.ac_property_value * count.value)()
        check(_lib.ac_layer_snapshot(ptr, handle, 0, buffer, count.value, _byref(count)))
        infos = [
            PropertyInfo(engine.key_name(item.key), item.key, ValueKind(item.value.kind))
            for item in buffer[: count.value]
        ]
        infos.append(PropertyInfo("frame", engine.key("frame"), ValueKind.RECT))
        attrs: Dict[str, PropertyInfo] = {info.name: info for info in infos}
        for info in infos:
            attrs.setdefault(snake_case(info.name), info)
        layer_type, presentation_type = attribute_types(self._name, attrs, self._python_base)
        with self._lock:
            if self._table_ready:
                return
            self._paths.update({info.name: info for info in infos})
            self._attrs = attrs
            self._names = tuple(info.name for info in infos)
            self._layer_type = layer_type
            self._presentation_type = presentation_type
            self._table_ready = True

    def _lookup(self, key: str, layer: Layer) -> Optional[PropertyInfo]:
        """The declared property or key path ``key`` (its kind learnt once per class), or None
        for an undeclared key."""
        info = self._paths.get(key)
        if info is not None:
            return info
        if "." not in key:
            return None
        engine = self._engine
        key_id = engine._intern(key, "key")
        out = _capi.ac_value()
        check(
            _lib.ac_layer_get_value(engine_ptr(engine), layer._handle, key_id, _byref(out)),
            _KEY_NAMES,
        )
        info = PropertyInfo(key, key_id, ValueKind(out.kind))
        with self._lock:
            self._paths[key] = info
        return info


def attribute_types(
    name: str, attrs: Dict[str, PropertyInfo], base: Optional[Type[Layer]] = None
) -> Tuple[Type[Layer], Type[Presentation]]:
    """The Python types of a layer class's layers and presentations: subclasses of ``base``
    (Layer, or the class a class declaration gave) and Presentation with one descriptor per
    property name (and snake_case alias), so attribute access is a plain lookup. Names the
    base already uses (methods, properties) are left to item access."""
    base = base if base is not None else Layer
    model: Dict[str, Any] = {"__module__": base.__module__, "_ac_generated": True}
    shown: Dict[str, Any] = {"__slots__": (), "__module__": Presentation.__module__}
    for attribute, info in attrs.items():
        if attribute.isidentifier() and not reserved(base, attribute):
            model[attribute] = ModelAttribute(info)
        if attribute.isidentifier() and not reserved(Presentation, attribute):
            shown[attribute] = PresentationAttribute(info)
    qualified = name if name.isidentifier() else "Layer"
    layer_type = type(qualified, (base,), model)
    presentation_type = type(f"{qualified}Presentation", (Presentation,), shown)
    return layer_type, presentation_type
