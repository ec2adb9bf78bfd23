"""A layer's animations through the codec: adding a copy of a description (CAAnimation's
addAnimation:forKey:) and copying one back (animationForKey:), with the on_start/on_stop of
each keyed add kept so that the copy read back carries them (the engine's ``_keyed``)."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, List, Optional

from . import _capi, _codec
from ._c_names import ADD_NAMES
from ._handles import engine_ptr, key_bytes
from .animation import Animation
from .errors import check
from .transition import TRANSITION_KEY, Transition

if TYPE_CHECKING:
    from .layer import Layer  # the layer whose methods these are (same layer of modules)

__all__ = ["add_animation", "copy_animation"]

_lib = _capi.lib


def add_animation(layer: "Layer", animation: Animation, key: Optional[str]) -> None:
    """Adds a copy of ``animation`` to ``layer`` under ``key`` (see Layer.add_animation)."""
    engine = layer._engine
    encoded = None if key is None else key_bytes(key, "key")
    if isinstance(animation, Transition):
        key = TRANSITION_KEY  # where the library adds it, whatever the key given
    deferred: List[Exception] = []
    handle, entry = _codec.create(engine, animation, layer._animated_kind, deferred)
    ptr = engine_ptr(engine)
    try:
        check(_lib.ac_layer_add_animation(ptr, layer._handle, handle, encoded), ADD_NAMES)
        if deferred:
            # A value was left out because neither its key (undeclared) nor the value could
            # tell its kind, and the library took the animation all the same, against its
            # rule that undeclared keys do not animate: take it back.
            if encoded is not None:
                _lib.ac_layer_remove_animation(ptr, layer._handle, encoded)
            raise deferred[0]
        if key is not None:
            with engine._lock:
                if entry is not None:
                    engine._keyed[(layer._handle, key)] = entry
                else:
                    engine._keyed.pop((layer._handle, key), None)
    finally:
        _lib.ac_animation_release(ptr, handle)


def copy_animation(layer: "Layer", key: str) -> Optional[Animation]:
    """The animation under ``key`` on ``layer``, read back (see Layer.animation)."""
    engine = layer._engine
    ptr = engine_ptr(engine)
    out = _capi.ac_animation()
    check(
        _lib.ac_layer_copy_animation(ptr, layer._handle, key_bytes(key, "key"), ctypes.byref(out))
    )
    if not out.value:
        return None
    try:
        result = _codec.read(engine, out.value)
    finally:
        _lib.ac_animation_release(ptr, out.value)
    entry = engine._keyed.get((layer._handle, key))
    if entry is not None:
        result.on_start = entry.on_start
        result.on_stop = entry.on_stop
    return result
