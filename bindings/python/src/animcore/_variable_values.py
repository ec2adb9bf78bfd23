"""Path and array values on layers (PATH, NUMBERS, COLORS): the conversions between Python
values (:class:`~animcore.path.Path`, sequences of numbers, sequences of colours) and the C
arrays of ac_layer_set_path(), ac_layer_set_numbers(), ac_layer_set_colors() and their getters.
The library checks the numbers and counts; these only translate."""

from __future__ import annotations

import ctypes
from collections.abc import Mapping, Set as AbstractSet
from typing import Any, List, Optional, Tuple

from . import _capi
from ._c_names import CNames
from ._coerce import real
from ._handles import read_array
from .errors import WrongKindError, raise_status
from .path import Path
from .values import Color, ValueKind

_lib = _capi.lib
_byref = ctypes.byref


def _sequence(value: Any, name: str, what: str) -> List[Any]:
    """``value`` as a list, TypeError for a str, a mapping, a set or a non-sequence."""
    if isinstance(value, (str, bytes, Mapping, AbstractSet)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return list(value)


def to_c_array(kind: ValueKind, value: Any, name: str) -> Tuple[Any, int]:
    """``value`` (a Path or path elements, a sequence of numbers, or a sequence of Colors or of
    4 real numbers) as the C array and count of ``kind``'s calls; TypeError or WrongKindError
    naming ``name``."""
    if kind is ValueKind.PATH:
        if not isinstance(value, Path):
            items = _sequence(value, name, "a Path or an iterable of path elements")
            try:
                value = Path(items)
            except TypeError as error:
                raise TypeError(f"{name} must be a Path or path elements: {error}") from None
        elements, count = value._to_c()
        return elements, int(count)
    if isinstance(value, Path):
        raise WrongKindError(f"{name} holds {kind.name.lower()}, not a Path")
    items = _sequence(value, name, "a sequence")
    if kind is ValueKind.NUMBERS:
        array = (ctypes.c_double * len(items))(
            *(real(item, f"{name}[{index}]") for index, item in enumerate(items))
        )
        return array, len(items)
    rgba = (ctypes.c_double * (4 * len(items)))()
    for index, item in enumerate(items):
        colour = _sequence(item, f"{name}[{index}]", "a Color or 4 real numbers")
        if len(colour) != 4:
            raise TypeError(
                f"{name}[{index}] must be a Color or 4 real numbers; {len(colour)} were given"
            )
        for component in range(4):
            rgba[4 * index + component] = real(colour[component], f"{name}[{index}][{component}]")
    return rgba, len(items)


def write(ptr: Any, handle: int, key: int, kind: ValueKind, value: Any, name: str) -> int:
    """Sets the path or array at ``key`` from ``value``; the C status."""
    array, count = to_c_array(kind, value, name)
    if kind is ValueKind.PATH:
        return int(_lib.ac_layer_set_path(ptr, handle, key, array, count))
    if kind is ValueKind.NUMBERS:
        return int(_lib.ac_layer_set_numbers(ptr, handle, key, array, count))
    return int(_lib.ac_layer_set_colors(ptr, handle, key, array, count))


def _c_names(name: str) -> CNames:
    """The C arrays' names in messages, as ``name``."""
    return CNames({"elements": name, "numbers": name, "rgba": name})


def write_animation_value(
    ptr: Any, handle: int, which: int, kind: ValueKind, value: Any, name: str
) -> None:
    """Sets an animation description's from, to or by value (``which``) to the path or array
    ``value``; the library's refusal raised, naming ``name``."""
    array, count = to_c_array(kind, value, name)
    if kind is ValueKind.PATH:
        status = _lib.ac_animation_set_path_value(ptr, handle, which, array, count)
    elif kind is ValueKind.NUMBERS:
        status = _lib.ac_animation_set_numbers_value(ptr, handle, which, array, count)
    else:
        status = _lib.ac_animation_set_colors_value(ptr, handle, which, array, count)
    if status:
        raise_status(int(status), _c_names(name))


def write_keyframe_values(ptr: Any, handle: int, kind: ValueKind, values: List[Any], name: str) -> None:
    """Sets a keyframe description's values to the paths or arrays ``values``, one after
    another in one C array; the library's refusal raised, naming ``name``."""
    parts = [to_c_array(kind, value, f"{name}[{index}]") for index, value in enumerate(values)]
    counts = (ctypes.c_size_t * len(parts))(*(count for _, count in parts))
    item = _capi.ac_path_element if kind is ValueKind.PATH else ctypes.c_double
    width = 1 if kind is not ValueKind.COLORS else 4
    joined = (item * max(1, width * sum(count for _, count in parts)))()
    offset = 0
    for array, count in parts:
        ctypes.memmove(ctypes.byref(joined, offset * ctypes.sizeof(item)), array, width * count * ctypes.sizeof(item))
        offset += width * count
    if kind is ValueKind.PATH:
        status = _lib.ac_animation_set_path_values(ptr, handle, joined, counts, len(parts))
    elif kind is ValueKind.NUMBERS:
        status = _lib.ac_animation_set_numbers_values(ptr, handle, joined, counts, len(parts))
    else:
        status = _lib.ac_animation_set_colors_values(ptr, handle, joined, counts, len(parts))
    if status:
        names = CNames().with_patterns([(r"(?:elements|numbers|rgba), keyframe (\d+)", name + r"[\1]")])
        raise_status(int(status), names)


def _read_kind(kind: ValueKind, calls: Tuple[Any, Any, Any], *arguments: Any) -> Any:
    """A path or array read by the list call of ``kind`` among ``calls`` (the path's, the
    numbers', the colours'), given ``arguments`` before its output array: a Path, a list of
    floats or a list of Colors."""
    path_call, numbers_call, colors_call = calls
    if kind is ValueKind.PATH:
        return Path._from_c(
            *read_array(_capi.ac_path_element, lambda out, capacity, n: path_call(*arguments, out, capacity, n))
        )
    if kind is ValueKind.NUMBERS:
        array, count = read_array(
            ctypes.c_double, lambda out, capacity, n: numbers_call(*arguments, out, capacity, n)
        )
        return list(array[:count])

    def rgba_call(out: Any, capacity: int, count: Any) -> int:
        # (A colour is 4 consecutive doubles: the list rules count colours.)
        pointer = None if out is None else ctypes.cast(out, ctypes.POINTER(ctypes.c_double))
        return int(colors_call(*arguments, pointer, capacity, count))

    colours, count = read_array(ctypes.c_double * 4, rgba_call)
    return [Color(*colours[index]) for index in range(count)]


def read(ptr: Any, handle: int, key: int, kind: ValueKind, presentation: bool) -> Any:
    """The model or presentation path or array at ``key``: a Path, a list of floats or a list
    of Colors."""
    calls = (_lib.ac_layer_get_path, _lib.ac_layer_get_numbers, _lib.ac_layer_get_colors)
    return _read_kind(kind, calls, ptr, handle, key, 1 if presentation else 0)


def read_animation_value(ptr: Any, handle: int, which: int, kind: ValueKind) -> Any:
    """An animation description's from, to or by value (``which``, set), a path or array of
    ``kind``."""
    is_set = ctypes.c_int32()

    def reader(call: Any) -> Any:
        return lambda *arguments: call(*arguments, _byref(is_set))

    calls = (
        reader(_lib.ac_animation_get_path_value),
        reader(_lib.ac_animation_get_numbers_value),
        reader(_lib.ac_animation_get_colors_value),
    )
    return _read_kind(kind, calls, ptr, handle, which)


def read_keyframe_value(ptr: Any, handle: int, index: int, kind: ValueKind) -> Any:
    """Keyframe ``index`` of a keyframe description, a path or array of ``kind``."""
    calls = (
        _lib.ac_animation_get_keyframe_path,
        _lib.ac_animation_get_keyframe_numbers,
        _lib.ac_animation_get_keyframe_colors,
    )
    return _read_kind(kind, calls, ptr, handle, index)


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
