"""Exceptions: one class per status of the header's AC_STATUS_TABLE.

Every library failure raises a subclass of :class:`AnimcoreError` carrying the status code
(``status``), its name (``name``, "AC_ERR_OUT_OF_RANGE") and the library's message for the
failing call in Python's words: it names the Python argument and the value
(``BasicAnimation("opacity", duration=-1)`` says ``duration is -1.0; it must be >= 0``,
``layer.radius = nan`` says ``radius is nan; it must be finite``). The library checks every
value once; the binding only translates the C names of its message to the Python names of the
call (see :mod:`animcore._c_names`). Classes also derive from the matching built-in exception
where one fits (:class:`ValueError`, :class:`LookupError`), so generic handlers work too. Wrong
Python types raise plain :class:`TypeError` before the library is called, naming the Python
argument.

C: the status table (AC_STATUS_TABLE, ac_status_name(), ac_last_error_message()).
"""

from __future__ import annotations

from typing import Any, Dict, NoReturn, Optional, Sequence, Tuple, Type

from . import _capi
from ._c_names import NONE, CNames, python_message

__all__ = [
    "AnimcoreError",
    "BadHandleError",
    "CallbackError",
    "InvalidStateError",
    "NotAnimatableError",
    "UnknownKeyError",
    "VersionMismatchError",
    "WrongKindError",
    "BadStructSizeError",
    "BufferTooSmallError",
    "CycleError",
    "InvalidArgumentError",
    "NotFiniteError",
    "NotInvertibleError",
    "NullPointerError",
    "OutOfRangeError",
    "UnknownNameError",
    "check",
    "error_class",
    "raise_status",
]


class AnimcoreError(Exception):
    """A failed animcore call.

    ``status``: the ac_status code; ``name``: its name ("AC_ERR_OUT_OF_RANGE"); ``message``:
    what went wrong, naming the Python argument and the value (the library's message for the
    call, ac_last_error_message(), in Python's words; or the binding's own message for what it
    detects itself, such as a closed engine).

    C: ac_last_error_message(), ac_last_error_status().
    """

    status: int = -1

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        if status is not None:
            self.status = status
        super().__init__(message)
        self.message = message

    @property
    def name(self) -> str:
        """The status's name in AC_STATUS_TABLE, e.g. "AC_ERR_NOT_FINITE".

        C: ac_status_name()."""
        raw: Optional[bytes] = _capi.lib.ac_status_name(self.status)
        return raw.decode("utf-8") if raw is not None else "AC_UNKNOWN_STATUS"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, status={self.status})"

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.message, self.status))


class NullPointerError(AnimcoreError):
    """AC_ERR_NULL_POINTER: a required pointer argument is NULL (raw calls only).

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_NULL_POINTER


class NotFiniteError(AnimcoreError, ValueError):
    """AC_ERR_NOT_FINITE: a number that must be finite is NaN or infinite.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_NOT_FINITE


class OutOfRangeError(AnimcoreError, ValueError):
    """AC_ERR_OUT_OF_RANGE: a number is outside its allowed range.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_OUT_OF_RANGE


class BufferTooSmallError(AnimcoreError):
    """AC_ERR_BUFFER_TOO_SMALL: an output buffer is too small (raw calls only).

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_BUFFER_TOO_SMALL


class UnknownNameError(AnimcoreError, LookupError, ValueError):
    """AC_ERR_UNKNOWN_NAME: a name (timing function, fill mode, step position) is not known.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_UNKNOWN_NAME


class BadStructSizeError(AnimcoreError):
    """AC_ERR_BAD_STRUCT_SIZE: a struct's struct_size does not match the library (raw calls).

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_BAD_STRUCT_SIZE


class InvalidArgumentError(AnimcoreError, ValueError):
    """AC_ERR_INVALID_ARGUMENT: an argument is not valid for this call.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_INVALID_ARGUMENT


class NotInvertibleError(AnimcoreError, ArithmeticError):
    """AC_ERR_NOT_INVERTIBLE: a speed or matrix on the way is not invertible.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_NOT_INVERTIBLE


class CycleError(AnimcoreError, ValueError):
    """AC_ERR_CYCLE: the parent links of a time tree form a cycle.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_CYCLE


class BadHandleError(AnimcoreError, ValueError):
    """AC_ERR_BAD_HANDLE: a handle is released, stale or from another engine.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_BAD_HANDLE


class UnknownKeyError(AnimcoreError, LookupError):
    """AC_ERR_UNKNOWN_KEY: a key or key path is not known to the layer's class.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_UNKNOWN_KEY


class WrongKindError(AnimcoreError, TypeError):
    """AC_ERR_WRONG_KIND: a value is of another kind than the key holds.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_WRONG_KIND


class NotAnimatableError(AnimcoreError, ValueError):
    """AC_ERR_NOT_ANIMATABLE: the key cannot be animated.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_NOT_ANIMATABLE


class InvalidStateError(AnimcoreError, RuntimeError):
    """AC_ERR_INVALID_STATE: the object's state does not allow this call.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_INVALID_STATE


class VersionMismatchError(AnimcoreError, RuntimeError):
    """AC_ERR_VERSION_MISMATCH: the header's major version differs from the library's.

    C: ac_status_name() of its status."""

    status = _capi.AC_ERR_VERSION_MISMATCH


class CallbackError(Exception):
    """One or more Python callbacks (display, animation start/stop, completion, action) raised
    while the library ran them. ``errors`` holds every exception raised, in order, and
    ``__cause__`` is the first. ``during`` names the binding call that ran the callbacks
    ("tick", "close", "setting opacity"...). The library call completed — unless a callback
    made it fail (an action that closed the engine): ``call_error`` is then the exception the
    call raised (also the ``__context__``), else None.

    Python only (C callbacks return nothing; the binding carries their exceptions)."""

    def __init__(
        self,
        during: str,
        errors: Sequence[BaseException],
        call_error: Optional[BaseException] = None,
    ) -> None:
        self.during = during
        self.errors: Tuple[BaseException, ...] = tuple(errors)
        self.call_error = call_error
        first = self.errors[0] if self.errors else None
        count = len(self.errors)
        summary = f"{type(first).__name__}: {first}" if first is not None else "no error"
        more = f" (and {count - 1} more)" if count > 1 else ""
        failed = (
            f"; then the call failed: {type(call_error).__name__}: {call_error}"
            if call_error is not None
            else ""
        )
        super().__init__(f"a callback raised during {during}: {summary}{more}{failed}")

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.during, self.errors, self.call_error))


_CLASSES: Dict[int, Type[AnimcoreError]] = {
    cls.status: cls
    for cls in (
        NullPointerError,
        NotFiniteError,
        OutOfRangeError,
        BufferTooSmallError,
        UnknownNameError,
        BadStructSizeError,
        InvalidArgumentError,
        NotInvertibleError,
        CycleError,
        BadHandleError,
        UnknownKeyError,
        WrongKindError,
        NotAnimatableError,
        InvalidStateError,
        VersionMismatchError,
    )
}


def error_class(status: int) -> Type[AnimcoreError]:
    """The exception class of a non-zero status (AnimcoreError itself for an unknown code).

    Python only (the classes mirror AC_STATUS_TABLE)."""
    return _CLASSES.get(status, AnimcoreError)


def raise_status(status: int, names: CNames = NONE) -> NoReturn:
    """Raises the class of ``status`` (non-zero) with this thread's last error message, its
    status prefix removed and the C names of ``names`` (the failing call's table) turned into
    Python's. A name the table does not know stays as the library wrote it (so a raw call
    through ``animcore._capi`` keeps C's words).

    C: ac_last_error_message(), ac_status_message()."""
    raw: Optional[bytes] = _capi.lib.ac_last_error_message()
    message = raw.decode("utf-8", "replace") if raw else ""
    if not message:
        general: Optional[bytes] = _capi.lib.ac_status_message(status)
        message = general.decode("utf-8", "replace") if general else f"status {status}"
    raise error_class(status)(python_message(message, names), status)


def check(status: int, names: CNames = NONE) -> None:
    """Returns when ``status`` is AC_OK (0); else raises its class with the library's message
    in Python's words (see :func:`raise_status`).

    C: ac_last_error_message()."""
    if status != _capi.AC_OK:
        raise_status(status, names)
