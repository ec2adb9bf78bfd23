"""Python callables behind the library's C callbacks.

Every registration (a display callback, an animation's did-start/did-stop, completions and
actions) puts an *entry* under a fresh integer id, and passes the id to the library as
``user_data`` with :data:`destroy` as the destroy function. The entry is owned by its engine
(``Engine._registrations``) and found by id through a process-wide table of weak references, so
a callback that refers to its own engine does not keep it alive. The library runs
``destroy(user_data)`` exactly once when the registration ends (it is replaced, its object or
its engine is destroyed), which drops the entry: a callable is kept alive exactly as long as the
library may call it. A registering call that fails keeps nothing (and never runs destroy), so
:func:`register_for` drops the entry itself.

The C-callable trampolines are module-level ``CFUNCTYPE`` objects made once, so their function
pointers stay valid for the life of the process.

Exceptions raised by a Python callback cannot unwind through the library. The trampoline catches
them (any BaseException), records them on the calling thread, and lets the library finish the
call; the binding call that ran the callbacks (``Engine.tick()``, ``Engine.close()``, a property
change that ran an action...) then raises: :class:`KeyboardInterrupt`, :class:`SystemExit` and
other non-``Exception`` errors as they are, else :class:`~animcore.errors.CallbackError` chained
to the first error and carrying all of them — also when the call itself failed (an action closed
the engine): its error is then the CallbackError's ``call_error``. Every such call runs inside a
:class:`guard`; a callback that raises with no guard open is reported through
``sys.unraisablehook`` at once. Nothing is lost, nothing is held after the call (a held error's
traceback keeps its engine alive), and the process never crashes.
"""

from __future__ import annotations

import itertools
import sys
import threading
import traceback
import types
import weakref
from typing import Any, Callable, List, Optional

from . import _capi
from .errors import CallbackError

__all__ = [
    "destroy",
    "entry",
    "guard",
    "mark",
    "raise_since",
    "register",
    "register_for",
    "report",
    "unregister",
]

# The entries by id, for the trampolines. Held weakly: each entry is owned by its engine
# (``Engine._registrations``), so a callback that refers to its own engine makes a cycle the
# garbage collector frees, where a process-wide strong table kept such engines alive for ever.
_entries: "weakref.WeakValueDictionary[int, Any]" = weakref.WeakValueDictionary()
_ids = itertools.count(1)  # never 0: user_data NULL would read as "no entry"
_ids_lock = threading.Lock()


def register(item: Any) -> int:
    """Stores ``item`` under a new id (> 0) and returns the id, to pass as ``user_data``.
    ``item.engine`` is a weak reference to the engine that owns the entry from now on (prefer
    :func:`register_for`, which drops the entry when the registering call fails)."""
    with _ids_lock:
        number = next(_ids)
    item.engine()._registrations[number] = item
    _entries[number] = item
    return number


def register_for(item: Any, call: Callable[[int], int]) -> int:
    """Registers ``item`` and runs ``call(number)``, the library call that registers it,
    which answers its status; answers that status. A refused registration keeps nothing: the
    entry is dropped when the status is not AC_OK or ``call`` raises (a closed engine)."""
    number = register(item)
    try:
        status = call(number)
    except BaseException:
        unregister(number)
        raise
    if status:
        unregister(number)
    return status


def unregister(number: int) -> None:
    """Drops an entry whose registration ended (its destroy ran, or the registering call
    failed: then the library never destroys it)."""
    item = _entries.pop(number, None)
    owner = item.engine() if item is not None else None
    if owner is not None:
        owner._registrations.pop(number, None)


def entry(number: Optional[int]) -> Any:
    """The entry under ``number`` (``user_data`` as ctypes gives it), or None when gone."""
    if number is None:
        return None
    return _entries.get(number)


def registered_count() -> int:
    """How many registrations are alive (for tests: each ends exactly once)."""
    return len(_entries)


def _destroy(user_data: Optional[int]) -> None:
    if user_data is not None:
        unregister(user_data)


destroy: Any = _capi.ac_destroy_fn(_destroy)
"""The ``ac_destroy_fn`` of every registration: drops the entry."""


class _ThreadErrors(threading.local):
    def __init__(self) -> None:
        self.errors: List[BaseException] = []
        # Open guards (mark() ... raise_since()) on this thread: a callback that raises with
        # none open has no call to raise its error, so it is reported at once, never held.
        self.depth = 0
        # Callbacks the library runs holding its lock (actions, clocks) open on this thread.
        self.locked = 0


_local = _ThreadErrors()


def report(error: BaseException) -> None:
    """Records an exception raised by a callback on the calling thread, for the guarded call
    that ran it; with no guard open (no binding call is running the callback), reports it
    through :func:`report_unraisable` at once rather than hold it (and its traceback's frames)."""
    local = _local
    if local.depth > 0:
        local.errors.append(error)
    else:
        report_unraisable(error, "callback")


def holds_library_lock() -> bool:
    """Whether this thread runs a callback the library calls holding its lock (an action, a
    clock): such a thread must not wait for a Python lock that another thread may hold while
    it waits for the library's."""
    return _local.locked > 0


class library_lock_held:
    """``with library_lock_held(): <callback>``: marks the thread as running a callback the
    library called holding its lock (see :func:`holds_library_lock`)."""

    __slots__ = ()

    def __enter__(self) -> None:
        _local.locked += 1

    def __exit__(self, *exc_info: Any) -> None:
        _local.locked -= 1


def mark() -> int:
    """Opens a guard around a library call that may run callbacks: the number of errors
    recorded on this thread so far. Every mark() is closed by one :func:`raise_since`."""
    local = _local
    local.depth += 1
    return len(local.errors)


def pending() -> bool:
    """Whether errors are recorded on this thread."""
    return bool(_local.errors)


def raise_since(start: int, during: str, failure: Optional[BaseException] = None) -> None:
    """Closes the guard :func:`mark` opened (returning ``start``) and raises what callbacks
    recorded on this thread since, dropping them from the record.

    A non-``Exception`` (KeyboardInterrupt, SystemExit) is raised as it is; otherwise a
    CallbackError naming ``during`` (e.g. "tick"), chained to the first error. ``failure``:
    the exception the guarded call itself raised, if any (an action closed the engine, so the
    change failed): the CallbackError carries it as ``call_error`` and, raised while it
    propagates, as its ``__context__``; with no callback error the caller re-raises it."""
    local = _local
    local.depth -= 1
    errors = local.errors
    if len(errors) <= start:
        return
    caught = errors[start:]
    del errors[start:]
    for error in caught:
        if not isinstance(error, Exception):
            raise error
    raise CallbackError(during, caught, failure) from caught[0]


class guard:
    """``with guard("tick"): <library call>``: :func:`mark` on entry, :func:`raise_since` on
    exit, also when the call raises (so what callbacks raised is never lost, nor held)."""

    __slots__ = ("_during", "_start")

    def __init__(self, during: str) -> None:
        self._during = during
        self._start = 0

    def __enter__(self) -> None:
        self._start = mark()

    def __exit__(self, kind: Any, failure: Optional[BaseException], traceback: Any) -> None:
        raise_since(self._start, self._during, failure)


def report_unraisable(error: BaseException, where: str) -> None:
    """Reports an error no binding call will raise: to a hook the program installed in
    sys.unraisablehook (with the fields of sys.UnraisableHookArgs), else on stderr the way
    Python's own hook does. (Python's default hook accepts only its own argument type, which
    Python code cannot make: handing it anything else replaced the error by a TypeError.)"""
    message = f"Exception ignored in animcore {where}"
    hook = sys.unraisablehook
    if hook is not sys.__unraisablehook__:
        hook(
            types.SimpleNamespace(
                exc_type=type(error),
                exc_value=error,
                exc_traceback=error.__traceback__,
                err_msg=message,
                object=None,
            )
        )
        return
    if sys.stderr is None:
        return
    sys.stderr.write(message + ":\n")
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
