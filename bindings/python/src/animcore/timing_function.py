"""Timing functions: CAMediaTimingFunction cubic beziers and CSS steps().

A :class:`TimingFunction` maps input progress x (normally in [0, 1]) to output progress. It is an
immutable value: equal functions compare and hash equal whatever constructor made them.
"""

from __future__ import annotations

import ctypes
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, List, Optional, Tuple, Union, overload

from . import _capi
from ._buffers import BatchInput, BatchResult, DoubleBatch
from ._coerce import flag, int32, real
from .errors import UnknownNameError, check

if TYPE_CHECKING:
    from ._buffers import AnyArray, FloatArray

__all__ = ["StepPosition", "TimingFunction", "TimingFunctionKind"]

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double

Point = Tuple[float, float]


class TimingFunctionKind(str, Enum):
    """What a timing function is: a cubic bezier or CSS steps()."""

    CUBIC_BEZIER = "cubic_bezier"
    STEPS = "steps"


class StepPosition(str, Enum):
    """Where the jumps of steps() are (CSS): "start", "end", "none", "both".

    The CSS spellings "jump-start", "jump-end", "jump-none" and "jump-both" are accepted too.
    """

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
        """A StepPosition from itself or a name; UnknownNameError for an unknown name."""
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
        """The header's AC_STEP_JUMP_* constant."""
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
    """

    __slots__ = ("_c", "_name")

    LINEAR: ClassVar["TimingFunction"]
    EASE_IN: ClassVar["TimingFunction"]
    EASE_OUT: ClassVar["TimingFunction"]
    EASE_IN_EASE_OUT: ClassVar["TimingFunction"]
    DEFAULT: ClassVar["TimingFunction"]

    _c: _capi.ac_timing_function
    _name: Optional[str]

    def __init__(self, x1: float, y1: float, x2: float, y2: float) -> None:
        c = _capi.ac_timing_function()
        check(
            _lib.ac_timing_function_cubic_bezier(
                real(x1, "x1"), real(y1, "y1"), real(x2, "x2"), real(y2, "y2"), _byref(c)
            )
        )
        self._c = c
        self._name = None

    @classmethod
    def _from_struct(
        cls, c: _capi.ac_timing_function, name: Optional[str] = None
    ) -> "TimingFunction":
        function = cls.__new__(cls)
        function._c = c
        function._name = name
        return function

    # ---- constructors ------------------------------------------------------------------------

    @classmethod
    def named(cls, name: str) -> "TimingFunction":
        """A named function: "linear", "easeIn", "easeOut", "easeInEaseOut", "default", the
        kCAMediaTimingFunction* constant names, or the CSS keywords "ease", "ease-in",
        "ease-out", "ease-in-out", "step-start", "step-end". UnknownNameError otherwise."""
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        if "\0" in name:
            raise UnknownNameError(f"name {name!r} contains a NUL character")
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_named(name.encode("utf-8"), _byref(c)))
        return cls._from_struct(c, name)

    @classmethod
    def cubic_bezier(cls, x1: float, y1: float, x2: float, y2: float) -> "TimingFunction":
        """The unit cubic bezier with control points (x1, y1), (x2, y2); x1, x2 in [0, 1]."""
        return cls(x1, y1, x2, y2)

    @classmethod
    def steps(cls, count: int, position: Union[StepPosition, str] = "end") -> "TimingFunction":
        """CSS steps(count, position): count >= 1 equal jumps (>= 2 for "none")."""
        code = StepPosition.parse(position).code
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_steps(int32(count, "steps"), code, _byref(c)))
        return cls._from_struct(c)

    # ---- description -------------------------------------------------------------------------

    @property
    def kind(self) -> TimingFunctionKind:
        """CUBIC_BEZIER or STEPS."""
        if self._c.kind == _capi.AC_TIMING_FUNCTION_STEPS:
            return TimingFunctionKind.STEPS
        return TimingFunctionKind.CUBIC_BEZIER

    @property
    def name(self) -> Optional[str]:
        """The name given to :meth:`named`, else None."""
        return self._name

    @property
    def step_count(self) -> Optional[int]:
        """The number of steps of a steps function; None for a cubic bezier."""
        return int(self._c.steps) if self.kind is TimingFunctionKind.STEPS else None

    @property
    def step_position(self) -> Optional[StepPosition]:
        """The jump position of a steps function; None for a cubic bezier."""
        if self.kind is not TimingFunctionKind.STEPS:
            return None
        return _POSITIONS_BY_CODE[int(self._c.step_position)]

    def _key(self) -> Tuple[Any, ...]:
        c = self._c
        if self.kind is TimingFunctionKind.STEPS:
            return (TimingFunctionKind.STEPS, int(c.steps), int(c.step_position))
        return (TimingFunctionKind.CUBIC_BEZIER, c.x1, c.y1, c.x2, c.y2)

    def as_struct(self) -> _capi.ac_timing_function:
        """A copy of the underlying C struct (for the raw API in ``animcore._capi``)."""
        return _capi.ac_timing_function.from_buffer_copy(self._c)

    # ---- evaluation --------------------------------------------------------------------------

    def __call__(self, x: float, before_flag: bool = False) -> float:
        """The output at input progress ``x`` (finite). Beziers clamp x to [0, 1]; steps follow
        CSS, where ``before_flag`` (the animation is in its before phase) moves a jump exactly
        at x to after x."""
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
        """
        batch = DoubleBatch(xs, "xs")
        check(
            _lib.ac_timing_function_evaluate_batch(
                _byref(self._c), batch.inputs, batch.count, batch.outputs, batch.count
            )
        )
        return batch.result()

    def slope(self, x: float) -> float:
        """dy/dx at ``x``: 0 outside [0, 1] and for steps."""
        out = _c_double()
        check(_lib.ac_timing_function_slope(_byref(self._c), real(x, "x"), _byref(out)))
        return out.value

    @property
    def range(self) -> Tuple[float, float]:
        """(min, max) of the output over inputs [0, 1]; always includes 0 and 1."""
        low, high = _c_double(), _c_double()
        check(_lib.ac_timing_function_range(_byref(self._c), _byref(low), _byref(high)))
        return (low.value, high.value)

    def control_point(self, index: int) -> Point:
        """Control point ``index`` in 0...3 of a cubic bezier: (0, 0), (x1, y1), (x2, y2),
        (1, 1). OutOfRangeError for another index, InvalidArgumentError for steps."""
        x, y = _c_double(), _c_double()
        check(
            _lib.ac_timing_function_control_point(
                _byref(self._c), int32(index, "index"), _byref(x), _byref(y)
            )
        )
        return (x.value, y.value)

    @property
    def control_points(self) -> Tuple[Point, Point, Point, Point]:
        """The four control points of a cubic bezier (see :meth:`control_point`)."""
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
        if self._name is not None:
            return f"TimingFunction.named({self._name!r})"
        if self.kind is TimingFunctionKind.STEPS:
            position = self.step_position
            assert position is not None
            return f"TimingFunction.steps({self._c.steps}, {position.value!r})"
        c = self._c
        return f"TimingFunction.cubic_bezier({c.x1!r}, {c.y1!r}, {c.x2!r}, {c.y2!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        if self._name is not None:
            return (TimingFunction.named, (self._name,))
        if self.kind is TimingFunctionKind.STEPS:
            return (TimingFunction.steps, (self.step_count, self.step_position))
        c = self._c
        return (TimingFunction, (c.x1, c.y1, c.x2, c.y2))


TimingFunction.LINEAR = TimingFunction.named("linear")
TimingFunction.EASE_IN = TimingFunction.named("easeIn")
TimingFunction.EASE_OUT = TimingFunction.named("easeOut")
TimingFunction.EASE_IN_EASE_OUT = TimingFunction.named("easeInEaseOut")
TimingFunction.DEFAULT = TimingFunction.named("default")
