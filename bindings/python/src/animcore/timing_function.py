"""Timing functions: CAMediaTimingFunction cubic beziers and CSS steps().

A :class:`TimingFunction` maps input progress x (normally in [0, 1]) to output progress. It is an
immutable value: equal functions compare and hash equal whatever constructor made them.
"""

from __future__ import annotations

import ctypes
from enum import Enum
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Dict,
    Iterable,
    List,
    Optional,
    Tuple,
    Union,
    overload,
)

from . import _capi
from ._buffers import BatchInput, BatchResult, DoubleBatch
from ._c_names import CNames
from ._coerce import flag, int32, real
from .errors import UnknownNameError, check

if TYPE_CHECKING:
    from ._buffers import AnyArray, FloatArray

__all__ = ["CURVE_NAMES", "StepPosition", "TimingFunction", "TimingFunctionKind"]

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double
_STEPS_NAMES = CNames({"steps": "count", "position": "position"})

Point = Tuple[float, float]


class TimingFunctionKind(str, Enum):
    """What a timing function is: a cubic bezier or CSS steps().

    C: AC_TIMING_FUNCTION_* (see ac_timing_function_evaluate())."""

    CUBIC_BEZIER = "cubic_bezier"
    STEPS = "steps"


class StepPosition(str, Enum):
    """Where the jumps of steps() are (CSS): "start", "end", "none", "both".

    The CSS spellings "jump-start", "jump-end", "jump-none" and "jump-both" are accepted too.

    C: AC_STEP_JUMP_* (see ac_timing_function_steps())."""

    START = "start"
    END = "end"
    NONE = "none"
    BOTH = "both"

    @classmethod
    def _missing_(cls, value: object) -> Optional["StepPosition"]:
        if isinstance(value, str) and value.startswith("jump-"):
            for member in cls:
                if member.value == value[len("jump-") :]:
                    return member
        return None

    @classmethod
    def parse(cls, value: Union["StepPosition", str]) -> "StepPosition":
        """A StepPosition from itself or a name; UnknownNameError for an unknown name.

        Python only (the names are CSS's)."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(f"position must be a StepPosition or a str, not {type(value).__name__}")
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(repr(m.value) for m in cls)
            raise UnknownNameError(
                f"position is {value!r}; it must be one of {names} (or jump-*)"
            ) from None

    @property
    def code(self) -> int:
        """The header's AC_STEP_JUMP_* constant.

        C: AC_STEP_JUMP_* (see ac_timing_function_steps())."""
        return _POSITION_CODES[self]


_POSITION_CODES = {
    StepPosition.START: _capi.AC_STEP_JUMP_START,
    StepPosition.END: _capi.AC_STEP_JUMP_END,
    StepPosition.NONE: _capi.AC_STEP_JUMP_NONE,
    StepPosition.BOTH: _capi.AC_STEP_JUMP_BOTH,
}
_POSITIONS_BY_CODE = {code: position for position, code in _POSITION_CODES.items()}


class TimingFunction:
    """A timing function (CAMediaTimingFunction, or CSS steps()).

    ``TimingFunction(x1, y1, x2, y2)`` is the cubic bezier from (0, 0) to (1, 1) with control
    points (x1, y1), (x2, y2): x1 and x2 in [0, 1], y1 and y2 any finite number (outside [0, 1]
    for anticipation/overshoot). See also :meth:`named`, :meth:`cubic_bezier`, :meth:`steps`
    and the class attributes LINEAR, EASE_IN, EASE_OUT, EASE_IN_EASE_OUT and DEFAULT.

    C: ac_timing_function (ac_timing_function_cubic_bezier(), ac_timing_function_named(),
    ac_timing_function_steps())."""

    __slots__ = ("_c",)

    LINEAR: ClassVar["TimingFunction"]
    """"linear"."""
    EASE_IN: ClassVar["TimingFunction"]
    """"ease_in"."""
    EASE_OUT: ClassVar["TimingFunction"]
    """"ease_out"."""
    EASE_IN_OUT: ClassVar["TimingFunction"]
    """"ease_in_out"."""
    EASE_IN_EASE_OUT: ClassVar["TimingFunction"]
    """EASE_IN_OUT under Core Animation's name (kCAMediaTimingFunctionEaseInEaseOut)."""
    DEFAULT: ClassVar["TimingFunction"]
    """"default": Core Animation's default curve (CSS's "ease"), not EASE_IN_OUT."""
    STEP_START: ClassVar["TimingFunction"]
    """"step_start": steps(1, "start")."""
    STEP_END: ClassVar["TimingFunction"]
    """"step_end": steps(1, "end")."""

    _c: _capi.ac_timing_function

    def __init__(self, x1: float, y1: float, x2: float, y2: float) -> None:
        c = _capi.ac_timing_function()
        check(
            _lib.ac_timing_function_cubic_bezier(
                real(x1, "x1"), real(y1, "y1"), real(x2, "x2"), real(y2, "y2"), _byref(c)
            )
        )
        self._c = c

    @classmethod
    def _from_struct(cls, c: _capi.ac_timing_function) -> "TimingFunction":
        function = cls.__new__(cls)
        function._c = c
        return function

    # ---- constructors ------------------------------------------------------------------------

    @classmethod
    def named(cls, name: str) -> "TimingFunction":
        """A named curve. Each has one spelling, snake_case: "linear", "ease_in", "ease_out",
        "ease_in_out", "default" (Core Animation's default curve, CSS's "ease"; not
        ease_in_out), "step_start", "step_end" (:data:`CURVE_NAMES`). Their aliases are
        accepted too, here and everywhere a curve is named (``timing_function=``,
        ``curve=``, keyframe ``timing_functions``), by the library's one table: Core
        Animation's values ("easeIn", "easeOut", "easeInEaseOut") and constants
        ("kCAMediaTimingFunctionEaseIn", ...), UIKit's "easeInOut", and CSS's keywords
        ("ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end").
        UnknownNameError otherwise, listing the names. The function's :attr:`name` is the
        snake_case one, whatever alias made it.

        C: ac_timing_function_named()."""
        return cls._named(name, "name")

    @classmethod
    def _named(cls, name: str, argument: str) -> "TimingFunction":
        """:meth:`named`, its messages naming ``argument`` (the caller's parameter)."""
        if not isinstance(name, str):
            raise TypeError(f"{argument} must be a str, not {type(name).__name__}")
        if "\0" in name:
            raise UnknownNameError(f"{argument} {name!r} contains a NUL character")
        c = _capi.ac_timing_function()
        check(
            _lib.ac_timing_function_named(name.encode("utf-8"), _byref(c)),
            CNames({"name: ": f"{argument}: "}),
        )
        return cls._from_struct(c)

    @classmethod
    def cubic_bezier(cls, x1: float, y1: float, x2: float, y2: float) -> "TimingFunction":
        """The unit cubic bezier with control points (x1, y1), (x2, y2); x1, x2 in [0, 1].

        C: ac_timing_function_cubic_bezier()."""
        return cls(x1, y1, x2, y2)

    @classmethod
    def steps(cls, count: int, position: Union[StepPosition, str] = "end") -> "TimingFunction":
        """CSS steps(count, position): count >= 1 equal jumps (>= 2 for "none").

        C: ac_timing_function_steps()."""
        code = StepPosition.parse(position).code
        c = _capi.ac_timing_function()
        check(
            _lib.ac_timing_function_steps(int32(count, "count"), code, _byref(c)),
            _STEPS_NAMES,
        )
        return cls._from_struct(c)

    # ---- description -------------------------------------------------------------------------

    @property
    def kind(self) -> TimingFunctionKind:
        """CUBIC_BEZIER or STEPS.

        C: ac_timing_function.kind (see ac_timing_function_evaluate())."""
        if self._c.kind == _capi.AC_TIMING_FUNCTION_STEPS:
            return TimingFunctionKind.STEPS
        return TimingFunctionKind.CUBIC_BEZIER

    @property
    def name(self) -> Optional[str]:
        """The snake_case name of the curve when it is one of the named curves, whatever made
        it (``named("easeOut").name == "ease_out"``, ``cubic_bezier(0, 0, 1, 1).name ==
        "linear"``), else None. Python only."""
        return _CANONICAL.get(self._key())

    @property
    def step_count(self) -> Optional[int]:
        """The number of steps of a steps function; None for a cubic bezier.

        C: ac_timing_function.steps (see ac_timing_function_steps())."""
        return int(self._c.steps) if self.kind is TimingFunctionKind.STEPS else None

    @property
    def step_position(self) -> Optional[StepPosition]:
        """The jump position of a steps function; None for a cubic bezier.

        C: ac_timing_function.step_position (see ac_timing_function_steps())."""
        if self.kind is not TimingFunctionKind.STEPS:
            return None
        return _POSITIONS_BY_CODE[int(self._c.step_position)]

    def _key(self) -> Tuple[Any, ...]:
        c = self._c
        if self.kind is TimingFunctionKind.STEPS:
            return (TimingFunctionKind.STEPS, int(c.steps), int(c.step_position))
        return (TimingFunctionKind.CUBIC_BEZIER, c.x1, c.y1, c.x2, c.y2)

    def as_struct(self) -> _capi.ac_timing_function:
        """A copy of the underlying C struct (for the raw API in ``animcore._capi``).

        C: ac_timing_function (for the raw calls, e.g. ac_timing_function_evaluate())."""
        return _capi.ac_timing_function.from_buffer_copy(self._c)

    # ---- evaluation --------------------------------------------------------------------------

    def __call__(self, x: float, before_flag: bool = False) -> float:
        """The output at input progress ``x`` (finite). Beziers clamp x to [0, 1]; steps follow
        CSS, where ``before_flag`` (the animation is in its before phase) moves a jump exactly
        at x to after x.

        C: ac_timing_function_evaluate()."""
        if type(x) is not float:
            x = real(x, "x")
        out = _c_double()
        status = _lib.ac_timing_function_evaluate(
            _byref(self._c), x, 1 if flag(before_flag, "before_flag") else 0, _byref(out)
        )
        if status:
            check(status)
        return out.value

    @overload
    def evaluate_batch(self, xs: "AnyArray") -> "FloatArray": ...

    @overload
    def evaluate_batch(self, xs: Iterable[float]) -> List[float]: ...

    def evaluate_batch(self, xs: BatchInput) -> BatchResult:
        """The outputs at every input of ``xs`` (before flag off).

        A NumPy array in gives a float64 array of the same shape out (read without a copy when
        it is C-contiguous float64); any other iterable of numbers gives a list of floats.

        C: ac_timing_function_evaluate_batch()."""
        batch = DoubleBatch(xs, "xs")
        check(
            _lib.ac_timing_function_evaluate_batch(
                _byref(self._c), batch.inputs, batch.count, batch.outputs, batch.count
            )
        )
        return batch.result()

    def slope(self, x: float) -> float:
        """dy/dx at ``x``: 0 outside [0, 1] and for steps.

        C: ac_timing_function_slope()."""
        out = _c_double()
        check(_lib.ac_timing_function_slope(_byref(self._c), real(x, "x"), _byref(out)))
        return out.value

    @property
    def range(self) -> Tuple[float, float]:
        """(min, max) of the output over inputs [0, 1]; always includes 0 and 1.

        C: ac_timing_function_range()."""
        low, high = _c_double(), _c_double()
        check(_lib.ac_timing_function_range(_byref(self._c), _byref(low), _byref(high)))
        return (low.value, high.value)

    def control_point(self, index: int) -> Point:
        """Control point ``index`` in 0...3 of a cubic bezier: (0, 0), (x1, y1), (x2, y2),
        (1, 1). OutOfRangeError for another index, InvalidArgumentError for steps.

        C: ac_timing_function_control_point()."""
        x, y = _c_double(), _c_double()
        check(
            _lib.ac_timing_function_control_point(
                _byref(self._c), int32(index, "index"), _byref(x), _byref(y)
            )
        )
        return (x.value, y.value)

    @property
    def control_points(self) -> Tuple[Point, Point, Point, Point]:
        """The four control points of a cubic bezier (see :meth:`control_point`).

        C: ac_timing_function_control_point()."""
        return (
            self.control_point(0),
            self.control_point(1),
            self.control_point(2),
            self.control_point(3),
        )

    # ---- value semantics ---------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TimingFunction):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        name = self.name
        if name is not None:
            return f"TimingFunction.named({name!r})"
        if self.kind is TimingFunctionKind.STEPS:
            position = self.step_position
            assert position is not None
            return f"TimingFunction.steps({self._c.steps}, {position.value!r})"
        c = self._c
        return f"TimingFunction.cubic_bezier({c.x1!r}, {c.y1!r}, {c.x2!r}, {c.y2!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        name = self.name
        if name is not None:
            return (TimingFunction.named, (name,))
        if self.kind is TimingFunctionKind.STEPS:
            return (TimingFunction.steps, (self.step_count, self.step_position))
        c = self._c
        return (TimingFunction, (c.x1, c.y1, c.x2, c.y2))


CURVE_NAMES: Tuple[str, ...] = (
    "linear",
    "ease_in",
    "ease_out",
    "ease_in_out",
    "default",
    "step_start",
    "step_end",
)
"""The one spelling (snake_case) of each named curve, as the header lists them; the aliases
the library also takes are in :meth:`TimingFunction.named`."""


def _canonical_names() -> Dict[Tuple[Any, ...], str]:
    """The snake_case name of each named curve, by its value."""
    names: Dict[Tuple[Any, ...], str] = {}
    for name in CURVE_NAMES:
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_named(name.encode("utf-8"), _byref(c)))
        names.setdefault(TimingFunction._from_struct(c)._key(), name)
    return names


_CANONICAL: Dict[Tuple[Any, ...], str] = {}
_CANONICAL.update(_canonical_names())

TimingFunction.LINEAR = TimingFunction.named("linear")
TimingFunction.EASE_IN = TimingFunction.named("ease_in")
TimingFunction.EASE_OUT = TimingFunction.named("ease_out")
TimingFunction.EASE_IN_OUT = TimingFunction.named("ease_in_out")
TimingFunction.EASE_IN_EASE_OUT = TimingFunction.EASE_IN_OUT
TimingFunction.DEFAULT = TimingFunction.named("default")
TimingFunction.STEP_START = TimingFunction.named("step_start")
TimingFunction.STEP_END = TimingFunction.named("step_end")
