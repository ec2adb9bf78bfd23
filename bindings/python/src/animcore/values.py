"""Property values: the fourteen value kinds of the engine as Python types.

=================  ===========================================  ====================================
kind               Python type (what reads return)              what writes accept besides it
=================  ===========================================  ====================================
SCALAR             :class:`float`                               any real number (not bool)
POINT              :class:`Point` ``(x, y)``                    any 2 real numbers (tuple, list...)
SIZE               :class:`Size` ``(width, height)``            any 2 real numbers
RECT               :class:`Rect` ``(x, y, width, height)``      4 numbers, or ``((x, y), (w, h))``
VECTOR3            :class:`Vector3` ``(x, y, z)``               any 3 real numbers
COLOR              :class:`Color` ``(red, green, blue, alpha)``  4 numbers (RGBA, nominally [0, 1])
AFFINE_TRANSFORM   :class:`AffineTransform` ``(a, b, c, d, tx, ty)``  any 6 real numbers
TRANSFORM3D        :class:`Transform3D` ``(m11 ... m44)``       any 16 real numbers (row-major)
BOOL               :class:`bool`                                0 or 1
INTEGER            :class:`int`                                 any integer fitting int64
TOKEN              :class:`Token` (an int in [0, 2**64))        any int in [0, 2**64)
PATH               :class:`~animcore.path.Path`                 an iterable of PathElement
NUMBERS            ``list`` of :class:`float`                   any sequence of real numbers
COLORS             ``list`` of :class:`Color`                   any sequence of Colors / 4 numbers
=================  ===========================================  ====================================

PATH, NUMBERS and COLORS have a variable length (at most ``AC_VALUE_MAX_ELEMENTS`` elements):
paths of the same element types and arrays of the same count interpolate element by element;
they are set and read through ac_layer_set_path() and its siblings, as an ``ac_value`` cannot
carry them. A class declares them with an empty default (``Path()``, ``[]``).

The named types are :class:`typing.NamedTuple` s, so they compare equal to plain tuples
(``Point(1, 2) == (1, 2)``) and unpack like them. A named type given for a key of another kind
(a :class:`Point` for ``bounds``) raises :class:`~animcore.errors.WrongKindError`; a plain tuple
of the right length is taken as the key's kind.

Angles are radians; colours are RGBA, not premultiplied; transforms follow Core Animation's
row-vector convention (a point is a row vector multiplied on the left; translation in m41 m42
m43), so ``a.concat(b)`` applies ``a`` first, then ``b`` (CATransform3DConcat).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Set as AbstractSet, Sized
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Type, Union

from . import _capi
from ._coerce import flag, int64, real, shown_integer
from .errors import InvalidArgumentError, OutOfRangeError, WrongKindError

if TYPE_CHECKING:
    from .path import Path

__all__ = [
    "AffineTransform",
    "AffineTransformInput",
    "Color",
    "ColorInput",
    "Point",
    "PointInput",
    "Rect",
    "RectInput",
    "Size",
    "SizeInput",
    "Token",
    "Transform3D",
    "Transform3DInput",
    "Value",
    "ValueKind",
    "Vector3",
    "Vector3Input",
]


class ValueKind(IntEnum):
    """The kind of a property's value (``AC_VALUE_*``).

    C: AC_VALUE_* (ac_value.kind; see ac_layer_set_value())."""

    SCALAR = _capi.AC_VALUE_SCALAR
    POINT = _capi.AC_VALUE_POINT
    SIZE = _capi.AC_VALUE_SIZE
    RECT = _capi.AC_VALUE_RECT
    VECTOR3 = _capi.AC_VALUE_VECTOR3
    COLOR = _capi.AC_VALUE_COLOR
    AFFINE_TRANSFORM = _capi.AC_VALUE_AFFINE_TRANSFORM
    TRANSFORM3D = _capi.AC_VALUE_TRANSFORM3D
    BOOL = _capi.AC_VALUE_BOOL
    INTEGER = _capi.AC_VALUE_INTEGER
    TOKEN = _capi.AC_VALUE_TOKEN
    PATH = _capi.AC_VALUE_PATH
    NUMBERS = _capi.AC_VALUE_NUMBERS
    COLORS = _capi.AC_VALUE_COLORS

    @property
    def is_variable_length(self) -> bool:
        """Whether values of this kind have a variable length (PATH, NUMBERS, COLORS): they
        are set and read through their own C calls (ac_layer_set_path()...).

        C: AC_VALUE_PATH, AC_VALUE_NUMBERS, AC_VALUE_COLORS."""
        return self in (ValueKind.PATH, ValueKind.NUMBERS, ValueKind.COLORS)

    @classmethod
    def parse(cls, value: Union["ValueKind", str, int]) -> "ValueKind":
        """A kind from itself, its code or its name ("scalar", "point", "transform3d"...).

        Python only."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            name = value.upper().replace("-", "_")
            if name in cls.__members__:
                return cls[name]
            names = ", ".join(m.name.lower() for m in cls)
            raise ValueError(f"kind is {value!r}; it must be one of {names}")
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            return cls(int(value))
        raise TypeError(f"kind must be a ValueKind or a str, not {type(value).__name__}")

    @property
    def slots(self) -> int:
        """How many numbers of ``ac_value.v`` the kind uses (0 for bool, integer, token, path,
        numbers and colors).

        Python only (how many numbers of ac_value.v a kind uses; see ac_layer_set_value())."""
        return _SLOTS[self]


_SLOTS = {
    ValueKind.SCALAR: 1,
    ValueKind.POINT: 2,
    ValueKind.SIZE: 2,
    ValueKind.RECT: 4,
    ValueKind.VECTOR3: 3,
    ValueKind.COLOR: 4,
    ValueKind.AFFINE_TRANSFORM: 6,
    ValueKind.TRANSFORM3D: 16,
    ValueKind.BOOL: 0,
    ValueKind.INTEGER: 0,
    ValueKind.TOKEN: 0,
    ValueKind.PATH: 0,
    ValueKind.NUMBERS: 0,
    ValueKind.COLORS: 0,
}


class Point(NamedTuple):
    """A CGPoint.

    C: AC_VALUE_POINT (ac_value.v[0..1]; see ac_layer_set_value())."""

    x: float
    y: float


class Size(NamedTuple):
    """A CGSize.

    C: AC_VALUE_SIZE (ac_value.v[0..1]; see ac_layer_set_value())."""

    width: float
    height: float


class Rect(NamedTuple):
    """A CGRect: origin (x, y) and size (width, height).

    C: AC_VALUE_RECT (ac_value.v[0..3]; see ac_layer_set_value())."""

    x: float
    y: float
    width: float
    height: float

    @property
    def origin(self) -> Point:
        """(x, y).

        Python only."""
        return Point(self.x, self.y)

    @property
    def size(self) -> Size:
        """(width, height).

        Python only."""
        return Size(self.width, self.height)

    @property
    def mid(self) -> Point:
        """The centre.

        Python only."""
        return Point(self.x + self.width / 2, self.y + self.height / 2)


class Vector3(NamedTuple):
    """Three numbers (x, y, z).

    C: AC_VALUE_VECTOR3 (ac_value.v[0..2]; see ac_layer_set_value())."""

    x: float
    y: float
    z: float


class Color(NamedTuple):
    """An RGBA colour, not premultiplied, components nominally in [0, 1] (sRGB).

    C: AC_VALUE_COLOR (ac_value.v[0..3]; see ac_layer_set_value())."""

    red: float
    green: float
    blue: float
    alpha: float = 1.0


class AffineTransform(NamedTuple):
    """A CGAffineTransform: x' = a x + c y + tx, y' = b x + d y + ty.

    C: AC_VALUE_AFFINE_TRANSFORM (ac_value.v[0..5]; see ac_layer_set_value())."""

    a: float
    b: float
    c: float
    d: float
    tx: float
    ty: float

    @classmethod
    def identity(cls) -> "AffineTransform":
        """CGAffineTransformIdentity.

        Python only."""
        return cls(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    @classmethod
    def rotation(cls, angle: float) -> "AffineTransform":
        """CGAffineTransformMakeRotation(angle) (radians).

        Python only."""
        c, s = math.cos(angle), math.sin(angle)
        return cls(c, s, -s, c, 0.0, 0.0)

    @classmethod
    def scale(cls, sx: float, sy: float) -> "AffineTransform":
        """CGAffineTransformMakeScale(sx, sy).

        Python only."""
        return cls(float(sx), 0.0, 0.0, float(sy), 0.0, 0.0)

    @classmethod
    def translation(cls, tx: float, ty: float) -> "AffineTransform":
        """CGAffineTransformMakeTranslation(tx, ty).

        Python only."""
        return cls(1.0, 0.0, 0.0, 1.0, float(tx), float(ty))

    def concat(self, other: "AffineTransform") -> "AffineTransform":
        """CGAffineTransformConcat(self, other): self first, then other.

        Python only."""
        a, b, c, d, tx, ty = self
        p, q, r, s, u, v = other
        return AffineTransform(
            a * p + b * r,
            a * q + b * s,
            c * p + d * r,
            c * q + d * s,
            tx * p + ty * r + u,
            tx * q + ty * s + v,
        )


class Transform3D(NamedTuple):
    """A CATransform3D: m11 ... m44 row-major, row-vector convention (translation in m41 m42
    m43, perspective in m34).

    C: AC_VALUE_TRANSFORM3D (ac_value.v[0..15]; see ac_layer_set_value())."""

    m11: float
    m12: float
    m13: float
    m14: float
    m21: float
    m22: float
    m23: float
    m24: float
    m31: float
    m32: float
    m33: float
    m34: float
    m41: float
    m42: float
    m43: float
    m44: float

    @classmethod
    def identity(cls) -> "Transform3D":
        """CATransform3DIdentity.

        Python only."""
        return cls(1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)

    @classmethod
    def translation(cls, tx: float, ty: float, tz: float = 0.0) -> "Transform3D":
        """CATransform3DMakeTranslation(tx, ty, tz).

        Python only."""
        return cls.identity()._replace(m41=float(tx), m42=float(ty), m43=float(tz))

    @classmethod
    def scale(cls, sx: float, sy: float, sz: float = 1.0) -> "Transform3D":
        """CATransform3DMakeScale(sx, sy, sz).

        Python only."""
        return cls.identity()._replace(m11=float(sx), m22=float(sy), m33=float(sz))

    @classmethod
    def rotation(
        cls, angle: float, x: float = 0.0, y: float = 0.0, z: float = 1.0
    ) -> "Transform3D":
        """CATransform3DMakeRotation(angle, x, y, z): ``angle`` radians about the axis (x, y, z)
        (default z), of any finite length; the identity for a zero axis, NaN for one that is
        not finite.

        Python only."""
        # The axis made a unit vector as the core's SIMD3.unitDirection does: scaled by a power
        # of two first (exact), so that an axis of any finite length gives its direction.
        x, y, z = float(x), float(y), float(z)
        if not all(map(math.isfinite, (x, y, z))):
            x = y = z = math.nan
        else:
            largest = max(abs(x), abs(y), abs(z))
            if largest == 0.0:
                return cls.identity()
            scale = math.ldexp(1.0, min(max(1 - math.frexp(largest)[1], -1022), 1022))
            x, y, z = x * scale, y * scale, z * scale
            length = math.sqrt(x * x + y * y + z * z)
            x, y, z = x / length, y / length, z / length
        c, s = math.cos(angle), math.sin(angle)
        t = 1.0 - c
        return cls(
            t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0.0,
            t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0.0,
            t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0.0,
            0.0, 0.0, 0.0, 1.0,
        )  # fmt: skip

    @classmethod
    def from_affine(cls, t: AffineTransform) -> "Transform3D":
        """CATransform3DMakeAffineTransform(t).

        Python only."""
        a, b, c, d, tx, ty = t
        return cls(a, b, 0.0, 0.0, c, d, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, tx, ty, 0.0, 1.0)

    def concat(self, other: "Transform3D") -> "Transform3D":
        """CATransform3DConcat(self, other): self first, then other (self × other).

        Python only."""
        m = [0.0] * 16
        for row in range(4):
            for column in range(4):
                m[row * 4 + column] = sum(
                    self[row * 4 + k] * other[k * 4 + column] for k in range(4)
                )
        return Transform3D(*m)

    def rows(self) -> Tuple[Tuple[float, float, float, float], ...]:
        """The matrix as four rows.

        Python only."""
        return tuple(
            (self[r * 4], self[r * 4 + 1], self[r * 4 + 2], self[r * 4 + 3]) for r in range(4)
        )


class Token(int):
    """A token value: an opaque 64-bit host value (an image id, a date), kept bit for bit and
    never interpolated (it switches at progress 0.5). An int in [0, 2**64).

    C: AC_VALUE_TOKEN (ac_value.i; see ac_layer_set_value())."""

    __slots__ = ()

    def __new__(cls, value: int) -> "Token":
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"a token must be an integer, not {type(value).__name__}")
        number = int(value)
        if not 0 <= number < 2**64:
            raise OutOfRangeError(f"token is {shown_integer(number)}; it must be in [0, 2**64)")
        return super().__new__(cls, number)

    def __repr__(self) -> str:
        return f"Token({int(self):#x})"


# What a property of each kind takes when set, for type checkers: the named type or plain
# numbers (reads always give the named type).
PointInput = Tuple[float, float]
"""A Point or any (x, y) pair."""
SizeInput = Tuple[float, float]
"""A Size or any (width, height) pair."""
RectInput = Union[
    Tuple[float, float, float, float], Tuple[Tuple[float, float], Tuple[float, float]]
]
"""A Rect, (x, y, width, height), or ((x, y), (width, height))."""
Vector3Input = Tuple[float, float, float]
"""A Vector3 or any (x, y, z)."""
ColorInput = Tuple[float, float, float, float]
"""A Color or any (red, green, blue, alpha)."""
AffineTransformInput = Tuple[float, float, float, float, float, float]
"""An AffineTransform or any (a, b, c, d, tx, ty)."""
Transform3DInput = Sequence[float]
"""A Transform3D or any 16 numbers m11 ... m44, row-major."""

Value = Union[
    float,
    bool,
    int,
    Token,
    Point,
    Size,
    Rect,
    Vector3,
    Color,
    AffineTransform,
    Transform3D,
    "Path",
    List[float],
    List[Color],
]
"""A property value as Python reads it."""

_NAMED: Dict[ValueKind, Type[Any]] = {
    ValueKind.POINT: Point,
    ValueKind.SIZE: Size,
    ValueKind.RECT: Rect,
    ValueKind.VECTOR3: Vector3,
    ValueKind.COLOR: Color,
    ValueKind.AFFINE_TRANSFORM: AffineTransform,
    ValueKind.TRANSFORM3D: Transform3D,
}
_KIND_OF_NAMED: Dict[Type[Any], ValueKind] = {t: k for k, t in _NAMED.items()}


def kind_of(value: Any, name: str = "value") -> ValueKind:
    """The kind a Python value stands for when no key decides it: float (or any non-integral
    real) SCALAR, bool BOOL, int INTEGER, :class:`Token` TOKEN, the named tuples their kinds.
    TypeError for anything else (a plain tuple is ambiguous: use a named type)."""
    if isinstance(value, Token):
        return ValueKind.TOKEN
    if isinstance(value, bool):
        return ValueKind.BOOL
    if isinstance(value, numbers.Integral):
        return ValueKind.INTEGER
    if isinstance(value, numbers.Real):
        return ValueKind.SCALAR
    kind = _KIND_OF_NAMED.get(type(value))
    if kind is not None:
        return kind
    # A type above this module that stands for a kind says so (Path: PATH).
    declared = getattr(type(value), "value_kind", None)
    if isinstance(declared, ValueKind):
        return declared
    if isinstance(value, list):
        # A list: an array of colours when its items are Colors, else of numbers.
        if value and all(isinstance(item, Color) for item in value):
            return ValueKind.COLORS
        return ValueKind.NUMBERS
    raise TypeError(
        f"{name} is a {type(value).__name__}; its kind cannot be told: use a float, bool, int, "
        "Token, Point, Size, Rect, Vector3, Color, AffineTransform, Transform3D, Path or a list"
    )


def _flatten_rect(value: Any) -> Any:
    """((x, y), (w, h)) -> (x, y, w, h); anything else unchanged."""
    if len(value) == 2:
        origin, size = value
        if not isinstance(origin, numbers.Real) and not isinstance(size, numbers.Real):
            return (*origin, *size)
    return value


def to_c(
    kind: ValueKind, value: Any, name: str = "value", out: Optional[_capi.ac_value] = None
) -> _capi.ac_value:
    """``value`` as an ``ac_value`` of ``kind``; TypeError for a wrong Python type,
    WrongKindError for a named type of another kind. The library checks the numbers (NaN...)
    when the value is used."""
    c = out if out is not None else _capi.ac_value()
    c.kind = kind
    if kind.is_variable_length:
        # An ac_value of these kinds is the empty value (a class's default).
        if value is not None and len(value) != 0:
            raise InvalidArgumentError(
                f"{name} is a {kind.name.lower()} value with {len(value)} elements; a path or array "
                "default is empty: set the value on each layer"
            )
        return c
    if kind is ValueKind.SCALAR:
        if isinstance(value, (Token, bool)) or type(value) in _KIND_OF_NAMED:
            raise WrongKindError(f"{name} holds a scalar, not a {type(value).__name__}")
        c.v[0] = real(value, name)
        return c
    count = _SLOTS[kind]
    if count:
        named = _KIND_OF_NAMED.get(type(value))
        if named is not None and named is not kind:
            raise WrongKindError(
                f"{name} holds a {kind.name.lower()}, not a {type(value).__name__}"
            )
        if isinstance(value, (str, bytes, Mapping, AbstractSet)) or not (
            hasattr(value, "__len__") and hasattr(value, "__getitem__")
        ):
            raise TypeError(
                f"{name} must be a {_NAMED[kind].__name__} or {count} real numbers, "
                f"not {type(value).__name__}"
            )
        if kind is ValueKind.RECT:
            value = _flatten_rect(value)
        if len(value) != count:
            raise TypeError(
                f"{name} must be a {_NAMED[kind].__name__} or {count} real numbers; "
                f"{len(value)} were given"
            )
        v = c.v
        for index in range(count):
            v[index] = real(value[index], f"{name}[{index}]")
        return c
    if kind is ValueKind.BOOL:
        if isinstance(value, Token):
            raise WrongKindError(f"{name} holds a bool, not a Token")
        c.i = 1 if flag(value, name) else 0
    elif kind is ValueKind.INTEGER:
        if isinstance(value, Token):
            raise WrongKindError(f"{name} holds an integer, not a Token")
        c.i = int64(value, name)
    else:  # TOKEN
        token = value if isinstance(value, Token) else _token(value, name)
        c.i = token - 2**64 if token >= 2**63 else int(token)
    return c


# The kind a plain sequence is checked as by its length (check_value); a pair of pairs is a Rect.
_SEQUENCE_KINDS = {
    2: ValueKind.POINT,
    3: ValueKind.VECTOR3,
    4: ValueKind.COLOR,
    6: ValueKind.AFFINE_TRANSFORM,
    16: ValueKind.TRANSFORM3D,
}


def _is_rgba(item: Any) -> bool:
    """Whether an item is a plain tuple or list of 4 real numbers (a colour of an array)."""
    return type(item) in (tuple, list) and len(item) == 4 and all(
        isinstance(number, numbers.Real) and not isinstance(number, bool) for number in item
    )


def _is_array(value: List[Any]) -> bool:
    """Whether a list is an array value (NUMBERS or COLORS) no fixed-length kind would take:
    Colors (or 4 real numbers each), or real numbers in a count no fixed-length kind has (none
    included)."""
    if value and all(isinstance(item, Color) or _is_rgba(item) for item in value):
        return True
    reals = all(isinstance(item, numbers.Real) and not isinstance(item, bool) for item in value)
    return reals and len(value) not in _SEQUENCE_KINDS


def check_value(value: Any, name: str) -> None:
    """Refuses, where it is given, a value that no kind takes (a str, a dict, a sequence of
    another length or of non-numbers, a number beyond a double), with to_c's errors naming
    ``name``; None passes (unset), so do a Path and a list that is an array of numbers or
    Colors. Whether the value's kind is the key's is checked when the key is known (an
    animation's key path, when the animation is added)."""
    if value is None:
        return
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, Token)):
        real(value, name)  # a scalar, an integer or a token key takes it: only its size is checked
        return
    if isinstance(value, (numbers.Number, Token)) or type(value) in _KIND_OF_NAMED:
        to_c(kind_of(value, name), value, name)
        return
    if getattr(type(value), "value_kind", None) is ValueKind.PATH:
        return  # a Path checks its elements itself
    plain = isinstance(value, Sized) and not isinstance(value, (str, bytes, Mapping, AbstractSet))
    if isinstance(value, list) and _is_array(value):
        return  # an array of numbers or colours: its numbers are checked when it is used
    kind = _SEQUENCE_KINDS.get(len(value)) if plain else None
    if kind is None:
        shown = f"{len(value)} numbers" if plain else f"a {type(value).__name__}"
        raise TypeError(
            f"{name} is {shown}; a value is a number, a bool, a Token, or 2, 3, 4, 6 or 16 "
            "numbers (a Point, a Vector3, a Color, an AffineTransform, a Transform3D)"
        )
    if kind is ValueKind.POINT and all(isinstance(n, Sized) for n in value):
        kind = ValueKind.RECT  # ((x, y), (width, height))
    to_c(kind, value, name)


def _token(value: Any, name: str) -> Token:
    """``value`` as a Token, the errors naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a token (an integer), not {type(value).__name__}")
    number = int(value)
    if not 0 <= number < 2**64:
        raise OutOfRangeError(f"{name} is {shown_integer(number)}; a token must be in [0, 2**64)")
    return Token(number)


def from_c(c: _capi.ac_value) -> Any:
    """The Python value of an ``ac_value`` (see the module's table)."""
    kind = c.kind
    if kind == _capi.AC_VALUE_SCALAR:
        return c.v[0]
    if kind == _capi.AC_VALUE_BOOL:
        return bool(c.i)
    if kind == _capi.AC_VALUE_INTEGER:
        return int(c.i)
    if kind == _capi.AC_VALUE_TOKEN:
        return Token(c.i & (2**64 - 1))
    kind = ValueKind(kind)
    if kind.is_variable_length:
        raise ValueError(f"an ac_value of kind {kind.name} carries no contents; read them by key")
    return _NAMED[kind]._make(c.v[: _SLOTS[kind]])


def from_numbers(kind: ValueKind, numbers_: Sequence[float]) -> Any:
    """A value of ``kind`` from its numbers as the batch reads give them (a bool, integer or
    token as one float)."""
    if kind is ValueKind.SCALAR:
        return float(numbers_[0])
    if kind is ValueKind.BOOL:
        return bool(numbers_[0])
    if kind is ValueKind.INTEGER:
        return int(numbers_[0])
    if kind is ValueKind.TOKEN:
        return Token(int(numbers_[0]))
    return _NAMED[kind]._make(float(n) for n in numbers_[: _SLOTS[kind]])
