"""How a layer class's properties become Python attributes: the descriptors a layer class's
own Python types hold (one per property, reading and writing through the layer), the names
those types keep for something else, the metaclass that keeps layers without a ``__dict__``,
and what a class declaration says (see :class:`~animcore.Layer`).

The descriptors reach the layer through ``layer._read`` and ``layer._write`` (the layer they
are an attribute of); they name no layer type, so that the layer modules build on them.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, NamedTuple, Optional, Tuple

from .properties import Property, PropertyInfo, is_declaration

__all__ = [
    "ClassDeclaration",
    "LayerType",
    "ModelAttribute",
    "PresentationAttribute",
    "reserved",
]


class ModelAttribute:
    """A declared property as an attribute of a layer: reads and writes the model value."""

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, info: PropertyInfo) -> None:
        self.info = info
        self.__doc__ = (
            f"{info.name} ({info.kind.name.lower()}): the model value. "
            "C: ac_layer_get_value(), ac_layer_set_value()."
        )

    def __get__(self, layer: Any, owner: Any = None) -> Any:
        if layer is None:
            return self
        return layer._read(self.info, False)

    def __set__(self, layer: Any, value: Any) -> None:
        layer._write(self.info, value)

    def __delete__(self, layer: Any) -> None:
        raise AttributeError("layer properties cannot be deleted")


class PresentationAttribute:
    """A declared property as an attribute of a presentation: reads the presentation value."""

    # No __slots__: each instance carries its own __doc__ (what help() shows).

    def __init__(self, info: PropertyInfo) -> None:
        self.info = info
        self.__doc__ = (
            f"{info.name} ({info.kind.name.lower()}): the presentation value. "
            "C: ac_layer_get_presentation_value()."
        )

    def __get__(self, presentation: Any, owner: Any = None) -> Any:
        if presentation is None:
            return self
        return presentation._layer._read(self.info, True)

    def __set__(self, presentation: Any, value: Any) -> None:
        raise AttributeError("the presentation is read-only; set the model value on the layer")


_MISSING: Any = object()


def reserved(cls: type, attribute: str) -> bool:
    """Whether ``cls`` uses ``attribute`` for something else than a property (a method, a
    property of Layer such as ``sublayers``): such a property is reached by item access only."""
    member = inspect.getattr_static(cls, attribute, _MISSING)
    if member is _MISSING or is_declaration(member):
        return False
    return not isinstance(member, (ModelAttribute, PresentationAttribute))


class ClassDeclaration(NamedTuple):
    """A layer class declared with Python's class syntax, as its class body says it (made
    once per Python class; each engine declares it with :meth:`Engine.layer_class`)."""

    strict: Optional[bool]
    """The ``strict=`` of the class statement (None: the superclass's)."""
    properties: Dict[str, Property[Any, Any]]
    """The properties it declares, by attribute name, in order."""
    display: Optional[Callable[[Any], Any]]
    """Its ``display(self)`` method, if it defines one."""


class LayerType(type):
    """The metaclass of :class:`Layer`: a subclass gets ``__slots__ = ()`` unless it names
    its own, so a layer never grows a ``__dict__`` and a typo in an attribute name raises
    AttributeError instead of storing a Python attribute."""

    def __new__(
        mcs, name: str, bases: Tuple[type, ...], namespace: Dict[str, Any], **kwargs: Any
    ) -> "LayerType":
        namespace.setdefault("__slots__", ())
        return super().__new__(mcs, name, bases, namespace, **kwargs)
