"""Input/output double buffers for the batch calls.

A NumPy array in gives a NumPy float64 array out of the same shape; the input is passed to the
library without a copy when it is already C-contiguous, aligned, native float64. Any other
iterable of real numbers (list, tuple, ``array.array('d')``...) gives a list of floats.
"""

from __future__ import annotations

import array
import ctypes
import sys
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Union, cast

if TYPE_CHECKING:  # NumPy is optional at run time
    import numpy
    import numpy.typing

    FloatArray = numpy.typing.NDArray[numpy.float64]
    AnyArray = numpy.typing.NDArray[Any]
    MaskedFloatArray = numpy.ma.MaskedArray[Any, numpy.dtype[numpy.float64]]

_double_p = ctypes.POINTER(ctypes.c_double)

BatchInput = Union["AnyArray", Iterable[float]]
"""A NumPy array, or any iterable of real numbers (list, tuple, array.array('d')...)."""

BatchResult = Union[List[float], "FloatArray"]
"""A list of floats, or a NumPy float64 array when the input was a NumPy array."""


def _is_real(item: Any) -> bool:
    try:
        ctypes.c_double(item)
    except TypeError:
        return False
    return True


class DoubleBatch:
    """The buffers of one batch call: ``inputs``/``outputs`` pointers and ``count``.

    Build one per call (they are not shared between threads), pass the pointers and ``count``
    (twice: as count and capacity) to the library, then take ``result()``.
    """

    __slots__ = ("count", "inputs", "outputs", "_keep", "_result")

    def __init__(self, values: Any, name: str) -> None:
        numpy = sys.modules.get("numpy")
        if numpy is not None and isinstance(values, numpy.ndarray):
            self._from_numpy(numpy, values, name)
        elif isinstance(values, array.array) and values.typecode == "d":
            count = len(values)
            source = (ctypes.c_double * count).from_buffer(values) if count else None
            target = (ctypes.c_double * count)()
            self._set(count, source, target, target)
        else:
            self._from_iterable(values, name)

    def _set(self, count: int, source: Any, target: Any, result: Any) -> None:
        self.count = count
        self.inputs: Optional[Any] = ctypes.cast(source, _double_p) if count else None
        self.outputs: Optional[Any] = ctypes.cast(target, _double_p) if count else None
        self._keep = (source, target)
        self._result = result

    def _from_numpy(self, numpy: Any, values: Any, name: str) -> None:
        if values.dtype.kind not in "biuf":
            raise TypeError(f"{name} must hold real numbers, not dtype {values.dtype}")
        source = numpy.require(values, dtype=numpy.float64, requirements=["C", "A"])
        target = numpy.empty(source.shape, dtype=numpy.float64)
        self.count = int(source.size)
        self.inputs = source.ctypes.data_as(_double_p) if self.count else None
        self.outputs = target.ctypes.data_as(_double_p) if self.count else None
        self._keep = (source, target)
        self._result = target

    def _from_iterable(self, values: Any, name: str) -> None:
        wrong_type = TypeError(
            f"{name} must be a sequence of real numbers, not {type(values).__name__}"
        )
        if isinstance(values, (str, bytes, bytearray)):
            raise wrong_type
        try:
            items = list(values)
        except TypeError:
            raise wrong_type from None
        try:
            # The library allows the same buffer in and out: compute in place.
            buffer = (ctypes.c_double * len(items))(*items)
        except TypeError:
            bad = next(i for i, item in enumerate(items) if not _is_real(item))
            raise TypeError(
                f"{name}[{bad}] must be a real number, not {type(items[bad]).__name__}"
            ) from None
        self._set(len(items), buffer, buffer, buffer)

    def result(self) -> BatchResult:
        """The outputs: the NumPy array, or a list of floats."""
        if isinstance(self._result, ctypes.Array):
            return list(self._result)
        return cast("FloatArray", self._result)

    def result_or_none(self) -> Union[List[Optional[float]], "MaskedFloatArray"]:
        """The outputs where NaN means "no value": a list with None there, or a NumPy masked
        array masked there (its ``tolist()`` gives None; ``filled()`` gives NaN back)."""
        if isinstance(self._result, ctypes.Array):
            return [None if value != value else value for value in self._result]
        numpy = sys.modules["numpy"]
        values = self._result
        masked = numpy.ma.MaskedArray(values, mask=numpy.isnan(values), fill_value=numpy.nan)
        return cast("MaskedFloatArray", masked)
