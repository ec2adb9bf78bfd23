"""Path and array values on layers (PATH, NUMBERS, COLORS): the conversions between Python
values (:class:`~animcore.path.Path`, sequences of numbers, sequences of colours) and the C
arrays of ac_layer_set_path(), ac_layer_set_numbers(), ac_layer_set_colors() and their getters.
The library checks the numbers and counts; these only translate."""

from __future__ import annotations

import ctypes
from collections.abc import Mapping, Set as AbstractSet
from typing import Any, List, Optional

from . import _capi
from ._coerce import real
from ._handles import read_array
from .errors import WrongKindError
from .path import Path
from .values import Color, ValueKind

_lib = _capi.lib
_byref = ctypes.byref


def _sequence(value: Any, name: str, what: str) -> List[Any]:
    """``value`` as a list, TypeError for a str, a mapping, a set or a non-sequence."""
    if isinstance(value, (str, bytes, Mapping, AbstractSet)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return list(value)


def write(ptr: Any, handle: int, key: int, kind: ValueKind, value: Any, name: str) -> int:
    """Sets the path or array at ``key`` from ``value``; the C status."""
    if kind is ValueKind.PATH:
        if not isinstance(value, Path):
            value = Path(_sequence(value, name, "a Path or an iterable of path elements"))
        elements, count = value._to_c()
        return int(_lib.ac_layer_set_path(ptr, handle, key, elements, count))
    if isinstance(value, Path):
        raise WrongKindError(f"{name} holds {kind.name.lower()}, not a Path")
    items = _sequence(value, name, "a sequence")
    if kind is ValueKind.NUMBERS:
        array = (ctypes.c_double * len(items))(
            *(real(item, f"{name}[{index}]") for index, item in enumerate(items))
        )
        return int(_lib.ac_layer_set_numbers(ptr, handle, key, array, len(items)))
    rgba = (ctypes.c_double * (4 * len(items)))()
    for index, item in enumerate(items):
        colour = _sequence(item, f"{name}[{index}]", "a Color or 4 real numbers")
        if len(colour) != 4:
            raise TypeError(
                f"{name}[{index}] must be a Color or 4 real numbers; {len(colour)} were given"
            )
        for component in range(4):
            rgba[4 * index + component] = real(colour[component], f"{name}[{index}][{component}]")
    return int(_lib.ac_layer_set_colors(ptr, handle, key, rgba, len(items)))


def read(ptr: Any, handle: int, key: int, kind: ValueKind, presentation: bool) -> Any:
    """The model or presentation path or array at ``key``: a Path, a list of floats or a list
    of Colors."""
    flag = 1 if presentation else 0
    if kind is ValueKind.PATH:

        def path_call(out: Any, capacity: int, count: Any) -> int:
            return int(_lib.ac_layer_get_path(ptr, handle, key, flag, out, capacity, count))

        return Path._from_c(*read_array(_capi.ac_path_element, path_call))
    if kind is ValueKind.NUMBERS:

        def numbers_call(out: Any, capacity: int, count: Any) -> int:
            return int(_lib.ac_layer_get_numbers(ptr, handle, key, flag, out, capacity, count))

        array, count = read_array(ctypes.c_double, numbers_call)
        return list(array[:count])

    def colors_call(out: Any, capacity: int, count: Any) -> int:
        # (A colour is 4 consecutive doubles: the list rules count colours.)
        pointer = None if out is None else ctypes.cast(out, ctypes.POINTER(ctypes.c_double))
        return int(_lib.ac_layer_get_colors(ptr, handle, key, flag, pointer, capacity, count))

    colours, count = read_array(ctypes.c_double * 4, colors_call)
    return [Color(*colours[index]) for index in range(count)]


def kind_at(ptr: Any, handle: int, key: int) -> Optional[ValueKind]:
    """The variable-length kind the layer holds at ``key`` (an undeclared key set to a path or
    an array, which ac_layer_get_value() cannot read); None when it holds none."""
    count = ctypes.c_size_t()
    calls = (
        (ValueKind.PATH, _lib.ac_layer_get_path),
        (ValueKind.NUMBERS, _lib.ac_layer_get_numbers),
        (ValueKind.COLORS, _lib.ac_layer_get_colors),
    )
    for kind, call in calls:
        status = call(ptr, handle, key, 0, None, 0, _byref(count))
        if status in (_capi.AC_OK, _capi.AC_ERR_BUFFER_TOO_SMALL):
            return kind
    return None
