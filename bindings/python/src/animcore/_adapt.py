"""What Python takes and reads for properties whose integer value reads better as an enum: a
FillMode (or its name) for "fillMode", a ContentsGravity (or its name) for "contentsGravity", a
CornerMask for "maskedCorners". One table each way, for layers' values and animations' values
alike."""

from __future__ import annotations

from typing import Any, Callable, Dict

from .rendering import ContentsGravity, CornerMask
from .timing import FillMode


def _fill_mode_in(value: Any) -> Any:
    if isinstance(value, (FillMode, str)):
        return FillMode.parse(value).code
    return value


_FILL_MODES = {0: "removed", 1: "forwards", 2: "backwards", 3: "both"}  # by AC_FILL_* code


def _fill_mode_out(code: Any) -> FillMode:
    return FillMode.parse(_FILL_MODES.get(code, "removed"))


def _gravity_in(value: Any) -> Any:
    if isinstance(value, str):
        return int(ContentsGravity.parse(value))
    return value  # a number: the library checks its range


def _gravity_out(code: Any) -> Any:
    return ContentsGravity(code) if isinstance(code, int) and 0 <= code <= 11 else code


def _corners_out(code: Any) -> Any:
    return CornerMask(code) if isinstance(code, int) and 0 <= code <= 15 else code


ADAPT_IN: Dict[str, Callable[[Any], Any]] = {
    "fillMode": _fill_mode_in,
    "contentsGravity": _gravity_in,
}
ADAPT_OUT: Dict[str, Callable[[Any], Any]] = {
    "fillMode": _fill_mode_out,
    "contentsGravity": _gravity_out,
    "maskedCorners": _corners_out,
}


def adapt_in(key: str, value: Any) -> Any:
    """``value`` as the library takes it at ``key`` (a FillMode's code for "fillMode"); any
    other key's value unchanged."""
    adapt = ADAPT_IN.get(key)
    return adapt(value) if adapt is not None else value


def adapt_out(key: str, value: Any) -> Any:
    """``value`` as read from the library at ``key``, as Python shows it (a FillMode for
    "fillMode"); any other key's value unchanged."""
    adapt = ADAPT_OUT.get(key)
    return adapt(value) if adapt is not None else value
