"""The C-callable trampolines of the display, animation and completion callbacks, and their
registry entries (the action callback's: :mod:`animcore._action_trampoline`).

Each trampoline is one module-level ``CFUNCTYPE`` object (valid for the life of the process);
``user_data`` is the id of an entry in :mod:`animcore._callbacks`. An entry holds its engine
weakly: once the engine is garbage-collected, its callbacks are no longer called. Exceptions
are recorded for the binding call that ran the callback (see :mod:`animcore._callbacks`).
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Optional

from . import _callbacks, _capi
from ._handles import EngineHandle
from .callback_types import DisplayCallback

__all__ = [
    "AnimationEntry",
    "ClockEntry",
    "CompletionCallback",
    "CompletionEntry",
    "DisplayEntry",
    "clock_trampoline",
    "completion_trampoline",
    "display_trampoline",
    "start_trampoline",
    "stop_trampoline",
]

CompletionCallback = Callable[[bool], Any]
"""``completion(finished)``: every animation of the transaction finished (True) or one was
removed, replaced or its layer destroyed first (False). Runs once, during a tick."""


class DisplayEntry:
    """A registered display callback (class or layer delegate)."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: EngineHandle, callback: DisplayCallback) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


class AnimationEntry:
    """A registered animation delegate (on_start / on_stop of the copies of one add)."""

    __slots__ = ("engine", "on_start", "on_stop", "__weakref__")

    def __init__(self, engine: EngineHandle, on_start: Any, on_stop: Any) -> None:
        self.engine = weakref.ref(engine)
        self.on_start = on_start
        self.on_stop = on_stop


class CompletionEntry:
    """A registered transaction completion."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: EngineHandle, callback: CompletionCallback) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


def forget_keyed(engine: EngineHandle, layer: int, key: str, entry: AnimationEntry) -> None:
    """Drops the entry of the animation under ``key`` on ``layer`` once its copy stopped (a
    newer add under the key keeps its own)."""
    with engine._lock:
        if engine._keyed.get((layer, key)) is entry:
            del engine._keyed[(layer, key)]


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
        forget_keyed(engine, layer, name, item)
    if item.on_stop is None:
        return
    try:
        item.on_stop(engine._wrap(layer), name, bool(finished))
    except BaseException as error:  # noqa: BLE001
        _callbacks.report(error)


class ClockEntry:
    """A registered host clock (``Engine.clock``)."""

    __slots__ = ("engine", "callback", "__weakref__")

    def __init__(self, engine: EngineHandle, callback: Callable[[], float]) -> None:
        self.engine = weakref.ref(engine)
        self.callback = callback


def _clock(user_data: Optional[int]) -> float:
    # A clock that raises, or answers no real number, reads NaN: the library refuses that
    # reading (the next tick raises, naming the clock), and the error is reported as any
    # callback's (raised by the call that read the clock).
    item = _callbacks.entry(user_data)
    if item is None or item.engine() is None:
        return float("nan")
    try:
        with _callbacks.library_lock_held():
            return float(item.callback())
    except BaseException as error:  # noqa: BLE001 - reported by the call that ran it
        _callbacks.report(error)
        return float("nan")


def _completion(engine_p: Any, finished: int, user_data: Optional[int]) -> None:
    item = _callbacks.entry(user_data)
    if item is None or item.engine() is None:
        return
    try:
        item.callback(bool(finished))
    except BaseException as error:  # noqa: BLE001 - reported by the call that ran it
        _callbacks.report(error)


display_trampoline: Any = _capi.ac_display_fn(_display)
start_trampoline: Any = _capi.ac_animation_start_fn(_did_start)
stop_trampoline: Any = _capi.ac_animation_stop_fn(_did_stop)
completion_trampoline: Any = _capi.ac_completion_fn(_completion)
clock_trampoline: Any = _capi.ac_clock_fn(_clock)
