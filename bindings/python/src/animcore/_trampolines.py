"""The C-callable trampolines of the Python callbacks, and their registry entries.

Each trampoline is one module-level ``CFUNCTYPE`` object (valid for the life of the process);
``user_data`` is the id of an entry in :mod:`animcore._callbacks`. An entry holds its engine
weakly: once the engine is garbage-collected, its callbacks are no longer called. Exceptions
are recorded for the binding call that ran the callback (see :mod:`animcore._callbacks`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from . import _callbacks, _capi
from .animation import Animation, BasicAnimation
from .transaction import NoAction

if TYPE_CHECKING:
    from .engine import Engine
    from .layer import DisplayCallback, DynamicLayer

__all__ = ["ActionAnswer", "ActionCallback"]

ActionAnswer = Union[Animation, NoAction, None]
"""An action: an animation to run (added under the key), :data:`NO_ACTION` to stop
the search with no action, or None to continue the search."""

ActionCallback = Callable[["DynamicLayer", str], ActionAnswer]
"""``action(layer, key)`` (actionForLayer:forKey:, +defaultActionForKey:): runs inside the
call that changes the property (``layer.opacity = ...``) or the tree, on that thread, before
the new value is stored (the layer still reads its old model value). An exception it raises
is raised by that call (as CallbackError) once the change is done; the search then goes on as
if it had answered None."""


class DisplayEntry:
    """A registered display callback (class or layer delegate)."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: "Engine", callback: DisplayCallback) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


class AnimationEntry:
    """A registered animation delegate (on_start / on_stop of the copies of one add)."""

    __slots__ = ("engine", "on_start", "on_stop", "__weakref__")

    def __init__(self, engine: "Engine", on_start: Any, on_stop: Any) -> None:
        self.engine = weakref.ref(engine)
        self.on_start = on_start
        self.on_stop = on_stop


def _display(engine_p: Any, layer: int, user_data: Optional[int]) -> None:
    item = _callbacks.entry(user_data)
    if item is None:
        return
    engine = item.engine()
    if engine is None:
        return
    try:
        item.callback(engine._wrap(layer))
    except BaseException as error:  # noqa: BLE001 - reported by the caller of tick
        _callbacks.report(error)


def _did_start(engine_p: Any, layer: int, key: Optional[bytes], user_data: Optional[int]) -> None:
    item = _callbacks.entry(user_data)
    if item is None or item.on_start is None:
        return
    engine = item.engine()
    if engine is None:
        return
    try:
        item.on_start(engine._wrap(layer), None if key is None else key.decode("utf-8", "replace"))
    except BaseException as error:  # noqa: BLE001
        _callbacks.report(error)


def _did_stop(
    engine_p: Any, layer: int, key: Optional[bytes], finished: int, user_data: Optional[int]
) -> None:
    item = _callbacks.entry(user_data)
    if item is None:
        return
    engine = item.engine()
    if engine is None:
        return
    name = None if key is None else key.decode("utf-8", "replace")
    if name is not None:
        engine._forget_keyed(layer, name, item)
    if item.on_stop is None:
        return
    try:
        item.on_stop(engine._wrap(layer), name, bool(finished))
    except BaseException as error:  # noqa: BLE001
        _callbacks.report(error)


class ActionEntry:
    """A registered action callback (a layer delegate's or a class's default)."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: "Engine", callback: ActionCallback) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


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
        answer = item.callback(wrapped, key.decode("utf-8", "replace"))
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
            engine._configure_for(wrapped, animation, answer, key)
        else:
            engine._assign_for(wrapped, animation, answer)
        return _capi.AC_ACTION_ANIMATION
    except BaseException as error:  # noqa: BLE001 - raised by the call that made the change
        _callbacks.report(error)
        return _capi.AC_ACTION_CONTINUE


action_trampoline: Any = _capi.ac_action_fn(_action)
display_trampoline: Any = _capi.ac_display_fn(_display)
start_trampoline: Any = _capi.ac_animation_start_fn(_did_start)
stop_trampoline: Any = _capi.ac_animation_stop_fn(_did_stop)
