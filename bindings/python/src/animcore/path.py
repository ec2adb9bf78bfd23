"""Paths (CGPath / UIBezierPath) for keyframe animations to follow: :class:`Path`.

::

    path = Path().move_to(0, 150).curve_to(75, 0, 225, 300, 300, 150)
    ship.add_animation(KeyframeAnimation("position", path=path, duration=1, rotation_mode="auto"))

A path is a list of :class:`PathElement` s: move-to starts a subpath, line-to, quad-curve-to and
curve-to each end a segment (every segment end is a keyframe of an animation following the
path), close draws a line back to the subpath's start. Points are (x, y) in the coordinates of
the animated property (the superlayer's for "position"). The builder methods append to the
path and return it, so calls chain; :meth:`Path.rect`, :meth:`Path.ellipse` and
:meth:`Path.rounded_rect` build the usual shapes with the library's builders.
"""

from __future__ import annotations

import ctypes
import math
from enum import Enum
from typing import Any, Callable, ClassVar, Iterable, Iterator, List, NamedTuple, Optional, Tuple

from . import _capi
from ._coerce import real
from .errors import InvalidArgumentError, NotFiniteError, raise_status
from .values import Point, ValueKind

__all__ = ["Path", "PathElement", "PathElementType"]

_lib = _capi.lib
_byref = ctypes.byref


class PathElementType(str, Enum):
    """What a path element does (CGPathElementType); the value is the builder's name.

    C: AC_PATH_* (ac_path_element.type; see ac_animation_set_path())."""

    MOVE_TO = "move_to"
    LINE_TO = "line_to"
    QUAD_CURVE_TO = "quad_curve_to"
    CURVE_TO = "curve_to"
    CLOSE = "close"

    @property
    def code(self) -> int:
        """The header's AC_PATH_* constant.

        C: AC_PATH_* (see ac_animation_set_path())."""
        return _TYPE_CODES[self]

    @property
    def point_count(self) -> int:
        """How many points an element of this type holds (0 to 3).

        Python only."""
        return _POINT_COUNTS[self]


_TYPE_CODES = {
    PathElementType.MOVE_TO: _capi.AC_PATH_MOVE_TO,
    PathElementType.LINE_TO: _capi.AC_PATH_LINE_TO,
    PathElementType.QUAD_CURVE_TO: _capi.AC_PATH_QUAD_CURVE_TO,
    PathElementType.CURVE_TO: _capi.AC_PATH_CURVE_TO,
    PathElementType.CLOSE: _capi.AC_PATH_CLOSE,
}
_TYPES_BY_CODE = {code: kind for kind, code in _TYPE_CODES.items()}
_POINT_COUNTS = {
    PathElementType.MOVE_TO: 1,
    PathElementType.LINE_TO: 1,
    PathElementType.QUAD_CURVE_TO: 2,
    PathElementType.CURVE_TO: 3,
    PathElementType.CLOSE: 0,
}


class PathElement(NamedTuple):
    """One element of a path (CGPathElement): its type and its points — move-to and line-to:
    the point; quad-curve-to: the control point, then the end; curve-to: the two control
    points, then the end; close: none.

    C: ac_path_element (see ac_animation_set_path())."""

    type: PathElementType
    points: Tuple[Point, ...]

    @property
    def end(self) -> Optional[Point]:
        """Where the element ends (its last point); None for close.

        Python only."""
        return self.points[-1] if self.points else None


def _number(value: Any, name: str) -> float:
    number = real(value, name)
    if not math.isfinite(number):
        raise NotFiniteError(f"{name} is {number}; path points must be finite")
    return number


def _point(x: Any, y: Any, name: str) -> Point:
    return Point(_number(x, f"{name}.x" if name else "x"), _number(y, f"{name}.y" if name else "y"))


class Path:
    """A path: an editable list of :class:`PathElement` s (see the module docstring).

    ``Path()`` is empty; ``Path(elements)`` copies elements (PathElement or
    ``(type, points)`` pairs, type a :class:`PathElementType` or its name). Two paths are equal
    when their elements are. The builders check their numbers (TypeError, NotFiniteError) and
    return the path.

    C: ac_animation_set_path(), ac_animation_get_path()."""

    __slots__ = ("_elements",)

    _elements: List[PathElement]

    value_kind: ClassVar[ValueKind] = ValueKind.PATH
    """The kind of a path as a property value (``layer.path = Path(...)``).

    C: AC_VALUE_PATH (ac_layer_set_path())."""

    def __init__(self, elements: Iterable[Any] = ()) -> None:
        if isinstance(elements, Path):
            self._elements = list(elements._elements)
            return
        if isinstance(elements, (str, bytes)) or not hasattr(elements, "__iter__"):
            raise TypeError(
                f"elements must be an iterable of PathElement, not {type(elements).__name__}"
            )
        self._elements = [
            _element(item, f"elements[{index}]") for index, item in enumerate(elements)
        ]

    # ---- building ----------------------------------------------------------------------------

    def move_to(self, x: float, y: float) -> "Path":
        """Starts a subpath at (x, y).

        C: ac_path_move_to() (an element; the path is set with ac_animation_set_path())."""
        self._elements.append(PathElement(PathElementType.MOVE_TO, (_point(x, y, ""),)))
        return self

    def line_to(self, x: float, y: float) -> "Path":
        """A straight segment to (x, y).

        C: ac_path_line_to() (an element; see ac_animation_set_path())."""
        self._elements.append(PathElement(PathElementType.LINE_TO, (_point(x, y, ""),)))
        return self

    def quad_curve_to(self, cx: float, cy: float, x: float, y: float) -> "Path":
        """A quadratic bezier segment to (x, y) with the control point (cx, cy).

        C: ac_path_quad_curve_to() (an element; see ac_animation_set_path())."""
        points = (Point(_number(cx, "cx"), _number(cy, "cy")), _point(x, y, ""))
        self._elements.append(PathElement(PathElementType.QUAD_CURVE_TO, points))
        return self

    def curve_to(
        self, c1x: float, c1y: float, c2x: float, c2y: float, x: float, y: float
    ) -> "Path":
        """A cubic bezier segment to (x, y) with the control points (c1x, c1y), (c2x, c2y)
        (UIBezierPath addCurveToPoint:controlPoint1:controlPoint2:).

        C: ac_path_curve_to() (an element; see ac_animation_set_path())."""
        points = (
            Point(_number(c1x, "c1x"), _number(c1y, "c1y")),
            Point(_number(c2x, "c2x"), _number(c2y, "c2y")),
            _point(x, y, ""),
        )
        self._elements.append(PathElement(PathElementType.CURVE_TO, points))
        return self

    def close(self) -> "Path":
        """A straight segment back to the subpath's start.

        C: ac_path_close() (an element; see ac_animation_set_path())."""
        self._elements.append(PathElement(PathElementType.CLOSE, ()))
        return self

    def extend(self, other: "Path") -> "Path":
        """Appends the elements of ``other``.

        Python only."""
        if not isinstance(other, Path):
            raise TypeError(f"other must be a Path, not {type(other).__name__}")
        self._elements.extend(other._elements)
        return self

    @classmethod
    def rect(cls, x: float, y: float, width: float, height: float) -> "Path":
        """A rectangle (CGPathCreateWithRect): a move to (x, y), three lines clockwise in a
        y-down space, close — 5 elements, 4 segments.

        C: ac_path_rect()."""
        numbers = _numbers((x, y, width, height), ("x", "y", "width", "height"))
        return cls._built(lambda *out: _lib.ac_path_rect(*numbers, *out))

    @classmethod
    def ellipse(cls, x: float, y: float, width: float, height: float) -> "Path":
        """The ellipse inscribed in the rect (CGPathCreateWithEllipseInRect): four cubic
        quarter arcs from its right-most point, close — 6 elements.

        C: ac_path_ellipse()."""
        numbers = _numbers((x, y, width, height), ("x", "y", "width", "height"))
        return cls._built(lambda *out: _lib.ac_path_ellipse(*numbers, *out))

    @classmethod
    def rounded_rect(
        cls,
        x: float,
        y: float,
        width: float,
        height: float,
        corner_width: float,
        corner_height: float,
    ) -> "Path":
        """A rectangle with elliptical corners (CGPathCreateWithRoundedRect), each radius at
        most half the side: lines and quarter arcs, close — 10 elements.

        C: ac_path_rounded_rect()."""
        numbers = _numbers(
            (x, y, width, height, corner_width, corner_height),
            ("x", "y", "width", "height", "corner_width", "corner_height"),
        )
        return cls._built(lambda *out: _lib.ac_path_rounded_rect(*numbers, *out))

    @classmethod
    def _built(cls, call: Callable[..., int]) -> "Path":
        """A path from a C builder taking (out, capacity, out_count)."""
        return cls._from_c(*_read_elements(call))

    # ---- reading -----------------------------------------------------------------------------

    @property
    def elements(self) -> Tuple[PathElement, ...]:
        """The elements, in order.

        Python only (ac_animation_get_path() reads them back)."""
        return tuple(self._elements)

    def __len__(self) -> int:
        return len(self._elements)

    def __iter__(self) -> Iterator[PathElement]:
        return iter(tuple(self._elements))

    @property
    def segment_count(self) -> int:
        """The segments: every element but move-to.

        Python only."""
        return sum(1 for e in self._elements if e.type is not PathElementType.MOVE_TO)

    @property
    def keyframe_count(self) -> int:
        """The keyframes of an animation following the path: the start and every segment's
        end (segments + 1; 0 without segments).

        Python only."""
        segments = self.segment_count
        return segments + 1 if segments else 0

    def copy(self) -> "Path":
        """An independent copy.

        Python only."""
        return Path(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Path):
            return NotImplemented
        return self._elements == other._elements

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        calls = []
        for element in self._elements:
            numbers = ", ".join(f"{n:g}" for point in element.points for n in point)
            calls.append(f".{element.type.value}({numbers})")
        return "Path()" + "".join(calls)

    # ---- C conversion ------------------------------------------------------------------------

    def _to_c(self) -> Tuple[Any, int]:
        """The elements as an ``ac_path_element`` array and its length."""
        count = len(self._elements)
        array = (_capi.ac_path_element * count)()
        for index, element in enumerate(self._elements):
            c = array[index]
            c.type = element.type.code
            slot = 0
            for point in element.points:
                c.points[slot] = point.x
                c.points[slot + 1] = point.y
                slot += 2
        return array, count

    @classmethod
    def _from_c(cls, array: Any, count: int) -> "Path":
        path = cls.__new__(cls)
        elements: List[PathElement] = []
        for index in range(count):
            c = array[index]
            kind = _TYPES_BY_CODE.get(c.type)
            if kind is None:
                raise InvalidArgumentError(f"path element {index} has the unknown type {c.type}")
            numbers = c.points
            elements.append(
                PathElement(
                    kind,
                    tuple(
                        Point(numbers[2 * i], numbers[2 * i + 1]) for i in range(kind.point_count)
                    ),
                )
            )
        path._elements = elements
        return path


def _numbers(values: Tuple[Any, ...], names: Tuple[str, ...]) -> Tuple[float, ...]:
    return tuple(_number(value, name) for value, name in zip(values, names))


def _element(item: Any, name: str) -> PathElement:
    """A PathElement from a PathElement or a (type, points) pair, checked."""
    if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 2:
        raise TypeError(f"{name} must be a PathElement or a (type, points) pair")
    raw_type, raw_points = item
    try:
        kind = PathElementType(raw_type)
    except ValueError:
        names = ", ".join(repr(t.value) for t in PathElementType)
        raise InvalidArgumentError(f"{name}.type is {raw_type!r}; it must be one of {names}")
    points = tuple(raw_points)
    if len(points) != kind.point_count:
        raise InvalidArgumentError(
            f"{name} is a {kind.value} with {len(points)} points; it takes {kind.point_count}"
        )
    checked = []
    for index, point in enumerate(points):
        if isinstance(point, (str, bytes)) or not hasattr(point, "__len__") or len(point) != 2:
            raise TypeError(f"{name}.points[{index}] must be a Point or 2 real numbers")
        checked.append(_point(point[0], point[1], f"{name}.points[{index}]"))
    return PathElement(kind, tuple(checked))


def _read_elements(call: Callable[..., int]) -> Tuple[Any, int]:
    """Reads an element list through a (out, capacity, out_count) call, sizing the buffer."""
    count = ctypes.c_size_t()
    capacity = 16
    while True:
        array = (_capi.ac_path_element * capacity)()
        status = call(array, capacity, _byref(count))
        if status == _capi.AC_OK:
            return array, count.value
        if status != _capi.AC_ERR_BUFFER_TOO_SMALL:
            raise_status(status)
        capacity = count.value
