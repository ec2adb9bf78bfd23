"""What Python takes for properties whose integer value reads better as an enum: a FillMode
(or its name) for "fillMode". One table for layers' values and animations' values alike."""

from __future__ import annotations

from typing import Any, Callable, Dict

from .timing import FillMode


def _fill_mode_in(value: Any) -> Any:
    if isinstance(value, (FillMode, str)):
        return FillMode.parse(value).code
    return value


ADAPT_IN: Dict[str, Callable[[Any], Any]] = {"fillMode": _fill_mode_in}


def adapt_in(key: str, value: Any) -> Any:
    """``value`` as the library takes it at ``key`` (a FillMode's code for "fillMode"); any
    other key's value unchanged."""
    adapt = ADAPT_IN.get(key)
    return adapt(value) if adapt is not None else value
