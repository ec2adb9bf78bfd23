"""The library's handles as every module above the C table uses them: the engine pointer of a
live engine, a key as the library takes it, and strings and arrays read back through the
library's (buffer, capacity, out_length) calls.

:class:`EngineHandle` says what the modules below :mod:`animcore.engine` use of an engine (its
pointer, its callback registrations, the one Python object of a layer handle); the engine hands
itself to them, they never import it (see the layer order in :mod:`animcore`).
"""

from __future__ import annotations

import ctypes
import threading
import weakref
from typing import Any, Callable, Dict, Optional, Protocol, Tuple

from . import _capi
from ._c_names import ENGINE_CLOSED, NONE, CNames
from .errors import BadHandleError, InvalidArgumentError, raise_status

__all__ = ["EngineHandle", "engine_ptr", "key_bytes", "read_array", "read_string"]

_byref = ctypes.byref

StringCall = Callable[[Any, int, Any], int]
"""A library call that reads into ``(buffer, capacity, out_length)`` and answers a status."""


class EngineHandle(Protocol):
    """What the modules under the engine use of an :class:`~animcore.Engine` (the one class
    that has these): its pointer, None once closed; the callback registrations it owns (see
    :mod:`animcore._callbacks`); the entries of the animations added under a key, by
    (layer handle, key), guarded by ``_lock``; whether an action callback may run Python code
    during a property change; its render lists; the one Python object of a layer handle; and
    the interned key of a name."""

    _ptr: Optional[Any]
    _registrations: Dict[int, Any]
    _keyed: Dict[Tuple[int, str], Any]
    _lock: "threading.RLock"
    _runs_python_actions: bool
    # Its render lists (see Engine.close), typed loosely: the render list module imports this one.
    _render_lists: "weakref.WeakSet[Any]"

    def _wrap(self, handle: int) -> Any:
        """The one Python layer object of ``handle`` (see Engine._wrap)."""

    def _intern(self, name: str, argument: str) -> int:
        """The interned key of ``name``, the errors naming ``argument`` (see Engine.key)."""


def engine_ptr(engine: EngineHandle) -> Any:
    """The engine's pointer for a library call; BadHandleError once the engine is closed."""
    ptr = engine._ptr
    if ptr is None:
        raise BadHandleError(ENGINE_CLOSED)
    return ptr


def key_bytes(key: str, name: str) -> bytes:
    """``key`` as the library takes a key or a name (UTF-8, no NUL); the errors name the
    argument ``name``."""
    if not isinstance(key, str):
        raise TypeError(f"{name} must be a str, not {type(key).__name__}")
    if "\0" in key:
        raise InvalidArgumentError(f"{name} {key!r} contains a NUL character")
    return key.encode("utf-8", "surrogatepass")


def read_string(call: StringCall, names: CNames = NONE) -> str:
    """Reads a string through a (buffer, capacity, out_length) call, growing the buffer;
    ``names``: the call's C names for its messages."""
    length = ctypes.c_size_t()
    capacity = 64  # bytes: most keys and names fit the first read
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        status = call(buffer, capacity, _byref(length))
        if status == _capi.AC_OK:
            return buffer.raw[: length.value].decode("utf-8", "replace")
        if status != _capi.AC_ERR_BUFFER_TOO_SMALL:
            raise_status(status, names)
        capacity = length.value + 1


def read_array(c_type: Any, call: StringCall) -> Tuple[Any, int]:
    """Reads an array of ``c_type`` through a (out, capacity, out_count) call: asks for the
    count, then reads (again if it grew meanwhile). Answers the array and its count."""
    count = ctypes.c_size_t()
    status = call(None, 0, _byref(count))
    while True:
        if status == _capi.AC_OK and count.value == 0:
            return (c_type * 0)(), 0
        if status not in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            raise_status(status)
        capacity = count.value
        array = (c_type * capacity)()
        status = call(array, capacity, _byref(count))
        if status == _capi.AC_OK:
            return array, count.value
