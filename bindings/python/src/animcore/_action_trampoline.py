"""The action callback (actionForLayer:forKey:, a class's default action): its registry entry,
its C-callable trampoline, and the answer written into the description the library made.

The trampoline runs inside the call that changes a property or the tree; an animation it is
answered is written into the library's description of the action with the codec, a
:class:`BasicAnimation` field by field (the library made it for the key), any other kind as a
copy. Exceptions are recorded for that call (see :mod:`animcore._callbacks`).
"""

from __future__ import annotations

import weakref
from typing import Any, Optional

from . import _callbacks, _capi, _codec
from ._handles import EngineHandle, engine_ptr, key_bytes
from .actions import NoAction
from .animation import Animation, BasicAnimation
from .callback_types import ActionCallback
from .errors import check, raise_status

__all__ = ["ActionEntry", "action_trampoline", "register_action"]

_lib = _capi.lib


class ActionEntry:
    """A registered action callback (a layer delegate's or a class's default)."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: EngineHandle, callback: ActionCallback) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


def register_action(
    engine: EngineHandle, function: Any, handle: int, callback: Optional[ActionCallback], name: str
) -> None:
    """Sets a layer's or a class's action callback (the argument ``name``) through
    ``function`` (ac_layer_set_action_callback or ac_class_set_default_action); None removes
    it. From then on the engine's property changes may run Python code."""
    ptr = engine_ptr(engine)
    if callback is None:
        check(function(ptr, handle, _capi.ac_action_fn(), None, _capi.ac_destroy_fn()))
        return
    if not callable(callback):
        raise TypeError(f"{name} must be callable or None, not {type(callback).__name__}")
    status = _callbacks.register_for(
        ActionEntry(engine, callback),
        lambda number: function(ptr, handle, action_trampoline, number, _callbacks.destroy),
    )
    if status:
        raise_status(status)
    engine._runs_python_actions = True


def _configure(
    engine: EngineHandle, layer: Any, handle: int, animation: BasicAnimation, key: str
) -> None:
    """Writes ``animation`` into the description ``handle`` the library made for ``key`` on
    ``layer`` (an action's), redirecting its key path when ``animation`` names another."""
    if animation.key_path != key:
        check(
            _lib.ac_animation_set_key_path(
                engine_ptr(engine), handle, key_bytes(animation.key_path, "key_path")
            )
        )
    _codec.write(engine, handle, animation, layer._animated_kind)


def _assign(engine: EngineHandle, layer: Any, handle: int, animation: Animation) -> None:
    """Makes the description ``handle`` (an action's) a copy of ``animation``, of any kind."""
    ptr = engine_ptr(engine)
    source, _ = _codec.create(engine, animation, layer._animated_kind)
    try:
        check(_lib.ac_animation_assign(ptr, handle, source))
    finally:
        _lib.ac_animation_release(ptr, source)


def _action(
    engine_p: Any, layer: int, key: Optional[bytes], animation: int, user_data: Optional[int]
) -> int:
    item = _callbacks.entry(user_data)
    if item is None:
        return _capi.AC_ACTION_CONTINUE
    engine = item.engine()
    if engine is None or key is None:
        return _capi.AC_ACTION_CONTINUE
    try:
        wrapped = engine._wrap(layer)
        name = key.decode("utf-8", "replace")
        with _callbacks.library_lock_held():
            answer = item.callback(wrapped, name)
        if answer is None:
            return _capi.AC_ACTION_CONTINUE
        if isinstance(answer, NoAction):
            return _capi.AC_ACTION_NONE
        if not isinstance(answer, Animation):
            raise TypeError(
                "an action callback must answer an animation (BasicAnimation, KeyframeAnimation, "
                f"AnimationGroup), NO_ACTION or None, not {type(answer).__name__}"
            )
        if isinstance(answer, BasicAnimation):
            _configure(engine, wrapped, animation, answer, name)
        else:
            _assign(engine, wrapped, animation, answer)
        return _capi.AC_ACTION_ANIMATION
    except BaseException as error:  # noqa: BLE001 - raised by the call that made the change
        _callbacks.report(error)
        return _capi.AC_ACTION_CONTINUE


action_trampoline: Any = _capi.ac_action_fn(_action)
