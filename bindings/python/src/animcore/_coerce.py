"""Argument checks done in Python before a value reaches ctypes.

ctypes would raise ``ctypes.ArgumentError`` for a wrong type and silently wrap an integer that
does not fit its C type; these helpers raise :class:`TypeError` and
:class:`~animcore.errors.OutOfRangeError` instead, naming the argument.
"""

from __future__ import annotations

import numbers
import sys
from typing import Any

from .errors import OutOfRangeError

_INT32_MIN = -(2**31)
_INT32_MAX = 2**31 - 1
_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


def real(value: Any, name: str) -> float:
    """``value`` as a float; TypeError unless it is a real number (int, float, NumPy scalar...)."""
    if type(value) is float:
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            return float(value)
        except OverflowError:
            shown = shown_integer(int(value)) if isinstance(value, numbers.Integral) else None
            raise OutOfRangeError(
                f"{name} is {shown or 'a ' + type(value).__name__}, beyond a float's range "
                "(about ±1.8e308)"
            ) from None
    raise TypeError(f"{name} must be a real number, not {type(value).__name__}")


def shown_integer(number: int) -> str:
    """``number`` for a message: its digits, or its size when it is huge (Python refuses to
    print more than 4300 digits, and a message should not hold hundreds)."""
    return str(number) if number.bit_length() <= 128 else f"an integer of {number.bit_length()} bits"


def flag(value: Any, name: str) -> bool:
    """``value`` as a bool; TypeError unless it is a bool (NumPy's too) or an integer 0 or 1."""
    if isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    if isinstance(value, numbers.Integral):
        raise OutOfRangeError(f"{name} is {value}; it must be 0 or 1 (a bool)")
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    kind = type(value)
    shown = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    raise TypeError(f"{name} must be a bool, not {shown}")


def _integer(value: Any, name: str, low: int, high: int, bits: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    number = int(value)
    if not low <= number <= high:
        raise OutOfRangeError(
            f"{name} is {shown_integer(number)}; it must be in [-2**{bits}, 2**{bits})"
        )
    return number


def int32(value: Any, name: str) -> int:
    """``value`` as an int that fits int32_t; TypeError / OutOfRangeError otherwise."""
    return _integer(value, name, _INT32_MIN, _INT32_MAX, 31)


def int64(value: Any, name: str) -> int:
    """``value`` as an int that fits int64_t; TypeError / OutOfRangeError otherwise."""
    return _integer(value, name, _INT64_MIN, _INT64_MAX, 63)
