"""Python callables behind the library's C callbacks.

Every registration (a display callback, an animation's did-start/did-stop, later completions
and actions) puts an *entry* in a process-wide table under a fresh integer id, and passes the id
to the library as ``user_data`` with :data:`destroy` as the destroy function. The library runs
``destroy(user_data)`` exactly once when the registration ends (it is replaced, its object or
its engine is destroyed), which drops the entry: a callable is kept alive exactly as long as the
library may call it. A registering call that fails keeps nothing (and never runs destroy), so the
caller drops the entry itself (:func:`unregister`).

The C-callable trampolines are module-level ``CFUNCTYPE`` objects made once, so their function
pointers stay valid for the life of the process.

Exceptions raised by a Python callback cannot unwind through the library. The trampoline catches
them (any BaseException), records them on the calling thread, and lets the library finish the
call; the binding call that ran the callbacks (``Engine.tick()``, ``Engine.close()``, a property
change that ran an action...) then raises: :class:`KeyboardInterrupt`, :class:`SystemExit` and
other non-``Exception`` errors as they are, else :class:`~animcore.errors.CallbackError` chained
to the first error and carrying all of them. Nothing is lost and the process never crashes.
"""

from __future__ import annotations

import itertools
import sys
import threading
import traceback
import types
from typing import Any, Dict, List, Optional

from . import _capi
from .errors import CallbackError

__all__ = ["destroy", "entry", "mark", "raise_since", "register", "report", "unregister"]

_entries: Dict[int, Any] = {}
_ids = itertools.count(1)  # never 0: user_data NULL would read as "no entry"
_ids_lock = threading.Lock()


def register(item: Any) -> int:
    """Stores ``item`` under a new id (> 0) and returns the id, to pass as ``user_data``."""
    with _ids_lock:
        number = next(_ids)
    _entries[number] = item
    return number


def unregister(number: int) -> None:
    """Drops an entry whose registering call failed (the library will never destroy it)."""
    _entries.pop(number, None)


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
        _entries.pop(user_data, None)


destroy: Any = _capi.ac_destroy_fn(_destroy)
"""The ``ac_destroy_fn`` of every registration: drops the entry."""


class _ThreadErrors(threading.local):
    def __init__(self) -> None:
        self.errors: List[BaseException] = []


_local = _ThreadErrors()


def report(error: BaseException) -> None:
    """Records an exception raised by a callback on the calling thread."""
    _local.errors.append(error)


def mark() -> int:
    """The number of errors recorded on this thread so far (pass it to :func:`raise_since`)."""
    return len(_local.errors)


def pending() -> bool:
    """Whether errors are recorded on this thread."""
    return bool(_local.errors)


def raise_since(start: int, during: str) -> None:
    """Raises what callbacks recorded on this thread since :func:`mark` returned ``start``.

    A non-``Exception`` (KeyboardInterrupt, SystemExit) is raised as it is; otherwise a
    CallbackError naming ``during`` (e.g. "tick"), chained to the first error."""
    errors = _local.errors
    if len(errors) <= start:
        return
    caught = errors[start:]
    del errors[start:]
    for error in caught:
        if not isinstance(error, Exception):
            raise error
    raise CallbackError(during, caught) from caught[0]


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
