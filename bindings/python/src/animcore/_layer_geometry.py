"""A layer's geometry through the library (CALayer's convertPoint:, convertRect:, hitTest:,
containsPoint:, affineTransform, contentsAreFlipped): the calls behind the Layer methods of the
same names, with the library's messages in the methods' words. The library checks every
number; this module only turns Python values into C arrays and back.

Every call reads model values, or presentation values at the engine's time (the last tick)
with ``presentation=True``; a layer of None is the root space (CALayer's nil layer)."""

from __future__ import annotations

import ctypes
import numbers
from typing import TYPE_CHECKING, Any, Optional, Sequence

from . import _callbacks, _capi
from ._c_names import ADD_NAMES, CNames
from ._coerce import flag, real
from ._handles import engine_ptr
from .errors import check
from .values import AffineTransform, Point, Rect, Transform3D

if TYPE_CHECKING:
    from .layer import Layer  # the layer whose methods these are (same layer of modules)

__all__ = [
    "affine_transform",
    "contains_point",
    "contents_are_flipped",
    "convert_point",
    "convert_rect",
    "hit_test",
    "matrix_to_layer",
    "matrix_to_superlayer",
    "set_affine_transform",
]

_lib = _capi.lib
_Doubles2 = ctypes.c_double * 2
_Doubles6 = ctypes.c_double * 6
_Doubles16 = ctypes.c_double * 16


def _numbers(value: Any, count: int, name: str) -> Sequence[float]:
    """``value`` as ``count`` floats; TypeError unless a sequence of that many real numbers."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise TypeError(f"{name} must be a sequence of {count} numbers, not {type(value).__name__}")
    if len(value) == 2 and count == 4 and not isinstance(value[0], numbers.Real):
        # ((x, y), (width, height)): each part a pair.
        for index, part in enumerate(value):
            if isinstance(part, (str, bytes)) or not hasattr(part, "__len__") or len(part) != 2:
                sized = hasattr(part, "__len__") and not isinstance(part, (str, bytes))
                shown = f"a sequence of {len(part)}" if sized else type(part).__name__
                raise TypeError(f"{name}[{index}] must be a pair of numbers ((x, y), (width, height)), not {shown}")
        value = (*value[0], *value[1])
    if len(value) != count:
        raise TypeError(f"{name} must hold {count} numbers, not {len(value)}")
    return [real(number, f"{name}[{index}]") for index, number in enumerate(value)]


def _presentation(presentation: Any) -> int:
    return 1 if flag(presentation, "presentation") else 0


def _handle(layer: "Layer", other: Optional["Layer"], name: str) -> int:
    """0 for None (the root space), else ``other``'s handle (TypeError, BadHandleError)."""
    return 0 if other is None else layer._other(other, name)


def _names(from_name: str, to_name: str) -> CNames:
    return CNames({"from_layer": from_name, "to_layer": to_name, "affine": "transform"})


def matrix_to_superlayer(layer: "Layer", presentation: Any) -> Transform3D:
    out = _Doubles16()
    check(
        _lib.ac_layer_matrix_to_superlayer(
            engine_ptr(layer._engine), layer._handle, _presentation(presentation), out
        ),
        CNames({"out_matrix": "the matrix"}),
    )
    return Transform3D(*out)


def matrix_to_layer(
    layer: "Layer", source: Optional["Layer"], destination: Optional["Layer"], presentation: Any
) -> Transform3D:
    out = _Doubles16()
    from_handle = _handle(layer, source, "layer")
    to_handle = _handle(layer, destination, "layer")
    check(
        _lib.ac_layer_matrix_to_layer(
            engine_ptr(layer._engine), from_handle, to_handle, _presentation(presentation), out
        ),
        _names("the layer", "layer"),
    )
    return Transform3D(*out)


def _convert(
    layer: "Layer",
    function: Any,
    values: Any,
    count: int,
    name: str,
    source: Optional["Layer"],
    destination: Optional["Layer"],
    names: CNames,
    presentation: Any,
) -> Optional[Sequence[float]]:
    """The ``count`` numbers ``function`` (ac_layer_convert_point or _rect) maps ``values``
    (the argument ``name``) to, from ``source`` to ``destination``; None when unmapped."""
    doubles = ctypes.c_double * count
    given = doubles(*_numbers(values, count, name))
    from_handle = _handle(layer, source, "layer")
    to_handle = _handle(layer, destination, "layer")
    out = doubles()
    mapped = ctypes.c_int32()
    check(
        function(
            engine_ptr(layer._engine),
            from_handle,
            to_handle,
            _presentation(presentation),
            given,
            out,
            ctypes.byref(mapped),
        ),
        names,
    )
    return list(out) if mapped.value else None


def convert_point(
    layer: "Layer",
    point: Any,
    source: Optional["Layer"],
    destination: Optional["Layer"],
    names: CNames,
    presentation: Any,
) -> Optional[Point]:
    out = _convert(
        layer, _lib.ac_layer_convert_point, point, 2, "point", source, destination, names, presentation
    )
    return Point(*out) if out is not None else None


def convert_rect(
    layer: "Layer",
    rect: Any,
    source: Optional["Layer"],
    destination: Optional["Layer"],
    names: CNames,
    presentation: Any,
) -> Optional[Rect]:
    out = _convert(
        layer, _lib.ac_layer_convert_rect, rect, 4, "rect", source, destination, names, presentation
    )
    return Rect(*out) if out is not None else None


def hit_test(layer: "Layer", point: Any, presentation: Any) -> Optional[int]:
    """The handle of the layer hit (0: none)."""
    given = _Doubles2(*_numbers(point, 2, "point"))
    out = _capi.ac_layer()
    check(
        _lib.ac_layer_hit_test(
            engine_ptr(layer._engine),
            layer._handle,
            _presentation(presentation),
            given,
            ctypes.byref(out),
        ),
        CNames({"layer": "the layer"}),
    )
    return out.value


def contains_point(layer: "Layer", point: Any, presentation: Any) -> bool:
    given = _Doubles2(*_numbers(point, 2, "point"))
    out = ctypes.c_int32()
    check(
        _lib.ac_layer_contains_point(
            engine_ptr(layer._engine),
            layer._handle,
            _presentation(presentation),
            given,
            ctypes.byref(out),
        ),
        CNames({"layer": "the layer"}),
    )
    return bool(out.value)


def affine_transform(layer: "Layer", presentation: Any) -> AffineTransform:
    out = _Doubles6()
    check(
        _lib.ac_layer_affine_transform(
            engine_ptr(layer._engine), layer._handle, _presentation(presentation), out
        )
    )
    return AffineTransform(*out)


def set_affine_transform(layer: "Layer", transform: Any) -> None:
    given = _Doubles6(*_numbers(transform, 6, "transform"))
    ptr = engine_ptr(layer._engine)
    with _callbacks.guard("set_affine_transform"):  # the "transform" action may run
        check(
            _lib.ac_layer_set_affine_transform(ptr, layer._handle, given),
            ADD_NAMES | CNames({"affine": "transform"}),
        )


def contents_are_flipped(layer: "Layer", presentation: Any) -> bool:
    out = ctypes.c_int32()
    check(
        _lib.ac_layer_contents_are_flipped(
            engine_ptr(layer._engine), layer._handle, _presentation(presentation), ctypes.byref(out)
        )
    )
    return bool(out.value)
