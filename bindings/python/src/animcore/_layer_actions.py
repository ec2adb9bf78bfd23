"""A layer's delegate and actions: the delegate's display callback, the actions table
(CALayer.actions) and the action search (actionForKey:), whose animations go through the
codec. (The delegate's action callback is registered by _action_trampoline.register_action.)"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Optional

from . import _callbacks, _capi, _codec
from ._c_names import ADD_NAMES
from ._handles import engine_ptr, key_bytes
from ._trampolines import DisplayEntry, display_trampoline
from .actions import NO_ACTION, ActionAnswer, NoAction
from .animation import Animation
from .callback_types import DisplayCallback
from .errors import check, raise_status

if TYPE_CHECKING:
    from .layer import Layer  # the layer whose methods these are (same layer of modules)

__all__ = ["action_for_key", "set_action", "set_display_delegate"]

_lib = _capi.lib
_byref = ctypes.byref


def set_display_delegate(layer: "Layer", display: Optional[DisplayCallback]) -> None:
    """Sets (None: removes) the layer delegate's ``display(layer)`` (displayLayer:)."""
    ptr = engine_ptr(layer._engine)
    if display is None:
        check(_lib.ac_layer_set_delegate(ptr, layer._handle, None))
        return
    if not callable(display):
        raise TypeError(f"display must be callable or None, not {type(display).__name__}")
    delegate = _capi.ac_layer_delegate()
    _capi.ac_layer_delegate_init(delegate)
    delegate.display = display_trampoline
    delegate.destroy = _callbacks.destroy

    def set_delegate(number: int) -> int:
        delegate.user_data = number
        return int(_lib.ac_layer_set_delegate(ptr, layer._handle, _byref(delegate)))

    status = _callbacks.register_for(DisplayEntry(layer._engine, display), set_delegate)
    if status:
        raise_status(status)


def set_action(layer: "Layer", key: str, action: ActionAnswer) -> None:
    """Sets the actions table entry for ``key`` (see Layer.set_action)."""
    ptr = engine_ptr(layer._engine)
    encoded = key_bytes(key, "key")
    if action is None:
        check(_lib.ac_layer_set_action(ptr, layer._handle, encoded, 0, 0))
        return
    if isinstance(action, NoAction):
        check(_lib.ac_layer_set_action(ptr, layer._handle, encoded, 0, 1))
        return
    if not isinstance(action, Animation):
        raise TypeError(
            "an action must be a BasicAnimation, KeyframeAnimation, AnimationGroup, "
            f"NO_ACTION or None, not {type(action).__name__}"
        )
    handle, _ = _codec.create(layer._engine, action, layer._animated_kind)
    try:
        check(_lib.ac_layer_set_action(ptr, layer._handle, encoded, handle, 0), ADD_NAMES)
    finally:
        _lib.ac_animation_release(ptr, handle)


def action_for_key(layer: "Layer", key: str) -> ActionAnswer:
    """What the action search answers for ``key`` (see Layer.action_for_key)."""
    ptr = engine_ptr(layer._engine)
    result = ctypes.c_int32()
    out = _capi.ac_animation()
    with _callbacks.guard("action_for_key"):
        check(
            _lib.ac_layer_action_for_key(
                ptr, layer._handle, key_bytes(key, "key"), _byref(result), _byref(out)
            )
        )
    if result.value == _capi.AC_ACTION_NONE:
        return NO_ACTION
    if result.value != _capi.AC_ACTION_ANIMATION or not out.value:
        return None
    try:
        return _codec.read(layer._engine, out.value)
    finally:
        _lib.ac_animation_release(ptr, out.value)
