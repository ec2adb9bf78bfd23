"""Timing functions: CAMediaTimingFunction cubic beziers, CSS steps() and linear(), and
Penner's back, bounce and elastic presets; CSS easing text wherever a function is taken.

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

__all__ = [
    "CURVE_NAMES",
    "PRESET_NAMES",
    "EaseDirection",
    "StepPosition",
    "TimingFunction",
    "TimingFunctionKind",
]

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double
_STEPS_NAMES = CNames({"steps": "count", "position": "position"})

Point = Tuple[float, float]


class TimingFunctionKind(str, Enum):
    """What a timing function is: a cubic bezier, CSS steps(), CSS linear() or a preset.

    C: AC_TIMING_FUNCTION_* (see ac_timing_function_evaluate())."""

    CUBIC_BEZIER = "cubic_bezier"
    STEPS = "steps"
    LINEAR = "linear"
    PRESET = "preset"


class EaseDirection(str, Enum):
    """Which end of the motion a preset's effect is at: "in", "out" or "in_out" ("in-out"
    is accepted too).

    C: AC_EASE_* (see ac_timing_function_back())."""

    IN = "in"
    OUT = "out"
    IN_OUT = "in_out"

    @classmethod
    def _missing_(cls, value: object) -> Optional["EaseDirection"]:
        if value == "in-out":
            return cls.IN_OUT
        return None

    @classmethod
    def parse(cls, value: Union["EaseDirection", str]) -> "EaseDirection":
        """An EaseDirection from itself or a name; UnknownNameError for an unknown name.

        Python only."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(f"direction must be an EaseDirection or a str, not {type(value).__name__}")
        try:
            return cls(value)
        except ValueError:
            raise UnknownNameError(
                f"direction is {value!r}; it must be one of 'in', 'out', 'in_out'"
            ) from None

    @property
    def code(self) -> int:
        """The header's AC_EASE_* constant.

        C: AC_EASE_* (see ac_timing_function_back())."""
        return _DIRECTION_CODES[self]


_DIRECTION_CODES = {
    EaseDirection.IN: _capi.AC_EASE_IN,
    EaseDirection.OUT: _capi.AC_EASE_OUT,
    EaseDirection.IN_OUT: _capi.AC_EASE_IN_OUT,
}
_DIRECTIONS_BY_CODE = {code: direction for direction, code in _DIRECTION_CODES.items()}
_PRESET_FAMILIES = {
    _capi.AC_PRESET_BACK: "back",
    _capi.AC_PRESET_BOUNCE: "bounce",
    _capi.AC_PRESET_ELASTIC: "elastic",
}


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
    """A timing function (CAMediaTimingFunction; CSS steps() and linear(); Penner's presets).

    ``TimingFunction(x1, y1, x2, y2)`` is the cubic bezier from (0, 0) to (1, 1) with control
    points (x1, y1), (x2, y2): x1 and x2 in [0, 1], y1 and y2 any finite number (outside [0, 1]
    for anticipation/overshoot). See also :meth:`named`, :meth:`css` (CSS easing text, taken
    wherever a function is: ``timing_function="cubic-bezier(0.2, 0, 0, 1)"``),
    :meth:`cubic_bezier`, :meth:`steps`, :meth:`piecewise_linear`, :meth:`back`,
    :meth:`bounce`, :meth:`elastic` and the class attributes LINEAR, EASE_IN, EASE_OUT,
    EASE_IN_EASE_OUT and DEFAULT.

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
        """A name or CSS easing text (:meth:`css`), its messages naming ``argument`` (the
        caller's parameter): what every ``timing_function=`` string goes through. A word that
        is neither a name nor CSS gets the names' message (it lists them)."""
        if not isinstance(name, str):
            raise TypeError(f"{argument} must be a str, not {type(name).__name__}")
        if "\0" in name:
            raise UnknownNameError(f"{argument} {name!r} contains a NUL character")
        c = _capi.ac_timing_function()
        encoded = name.encode("utf-8")
        status = _lib.ac_timing_function_named(encoded, _byref(c))
        if status == _capi.AC_ERR_UNKNOWN_NAME:
            parsed = _lib.ac_timing_function_parse(encoded, _byref(c))
            if parsed != _capi.AC_ERR_UNKNOWN_NAME or "(" in name:
                check(parsed, CNames({'text "': f'{argument} "'}))
                return cls._from_struct(c)
            # The names' message (the last error is the parser's now).
            status = _lib.ac_timing_function_named(encoded, _byref(c))
        check(status, CNames({"name: ": f"{argument}: "}))
        return cls._from_struct(c)

    @classmethod
    def css(cls, text: str) -> "TimingFunction":
        """The function CSS easing text describes (CSS Easing Level 2): ``linear``, ``ease``,
        ``ease-in``, ``ease-out``, ``ease-in-out``, ``step-start``, ``step-end`` (and every
        name :meth:`named` takes), ``cubic-bezier(x1, y1, x2, y2)``, ``steps(n[, position])``
        and ``linear(0, 0.25 50%, 1)`` (one or two percentages per stop). Every
        ``timing_function=`` string is read this way too. InvalidArgumentError,
        UnknownNameError or OutOfRangeError otherwise, saying where the text is wrong
        ("at index 18, expected a number; found \"x\"").

        C: ac_timing_function_parse()."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        if "\0" in text:
            raise UnknownNameError(f"text {text!r} contains a NUL character")
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_parse(text.encode("utf-8"), _byref(c)))
        return cls._from_struct(c)

    @classmethod
    def piecewise_linear(
        cls, outputs: Iterable[float], inputs: Optional[Iterable[float]] = None
    ) -> "TimingFunction":
        """CSS linear(): the piecewise-linear function through the points (inputs[i],
        outputs[i]); without inputs the points are spread evenly over [0, 1]. Inputs are
        progress (CSS's percentages / 100); one below the largest before it is raised to it.
        Beyond the first and last points the end segments are extended.

        C: ac_timing_function_linear()."""
        ys = [real(y, f"outputs[{i}]") for i, y in enumerate(outputs)]
        xs = None if inputs is None else [real(x, f"inputs[{i}]") for i, x in enumerate(inputs)]
        if xs is not None and len(xs) != len(ys):
            raise ValueError(f"inputs has {len(xs)} values but outputs has {len(ys)}")
        c_ys = (_c_double * max(len(ys), 1))(*ys)
        c_xs = None if xs is None else (_c_double * max(len(xs), 1))(*xs)
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_linear(c_ys, c_xs, len(ys), _byref(c)))
        return cls._from_struct(c)

    @classmethod
    def back(
        cls, direction: Union[EaseDirection, str] = "out", overshoot: float = 1.70158
    ) -> "TimingFunction":
        """Penner's back: in(t) = t²((s + 1)t − s), out(t) = 1 − in(1 − t), in-out with
        s × 1.525; overshoot s in [0, 1e6], default 1.70158 (a 10% overshoot, Qt's default).
        Named with the default: "back_in", "back_out", "back_in_out".

        C: ac_timing_function_back()."""
        code = EaseDirection.parse(direction).code
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_back(code, real(overshoot, "overshoot"), _byref(c)))
        return cls._from_struct(c)

    @classmethod
    def bounce(cls, direction: Union[EaseDirection, str] = "out") -> "TimingFunction":
        """Penner's bounce (no parameter): out(t) is four decaying parabolas, in(t) =
        1 − out(1 − t). Named: "bounce_in", "bounce_out", "bounce_in_out".

        C: ac_timing_function_bounce()."""
        code = EaseDirection.parse(direction).code
        c = _capi.ac_timing_function()
        check(_lib.ac_timing_function_bounce(code, _byref(c)))
        return cls._from_struct(c)

    @classmethod
    def elastic(
        cls,
        direction: Union[EaseDirection, str] = "out",
        amplitude: float = 1.0,
        period: float = 0.3,
    ) -> "TimingFunction":
        """Penner's elastic: out(t) = a·2^(−10t)·sin((t − q)·2π/p) + 1; amplitude a in
        [0, 1e6] (below 1 acts as 1), default 1; period p in (0, 1e6] progress units, default
        0.3 (Qt's defaults). Named with the defaults: "elastic_in", "elastic_out",
        "elastic_in_out".

        C: ac_timing_function_elastic()."""
        code = EaseDirection.parse(direction).code
        c = _capi.ac_timing_function()
        check(
            _lib.ac_timing_function_elastic(
                code, real(amplitude, "amplitude"), real(period, "period"), _byref(c)
            )
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
        """CUBIC_BEZIER, STEPS, LINEAR or PRESET.

        C: ac_timing_function.kind (see ac_timing_function_evaluate())."""
        return _KINDS_BY_CODE.get(int(self._c.kind), TimingFunctionKind.CUBIC_BEZIER)

    @property
    def points(self) -> Optional[List[Point]]:
        """A linear() function's points (input, output), inputs non-decreasing; None for
        another kind.

        C: ac_timing_function_linear_points()."""
        if self.kind is not TimingFunctionKind.LINEAR:
            return None
        count = ctypes.c_size_t()
        status = _lib.ac_timing_function_linear_points(_byref(self._c), None, None, 0, _byref(count))
        if status not in (0, _capi.AC_ERR_BUFFER_TOO_SMALL):
            check(status)
        xs = (_c_double * count.value)()
        ys = (_c_double * count.value)()
        check(_lib.ac_timing_function_linear_points(_byref(self._c), xs, ys, count.value, _byref(count)))
        return list(zip(xs, ys))

    @property
    def preset(self) -> Optional[Tuple[str, EaseDirection, Dict[str, float]]]:
        """A preset's family ("back", "bounce", "elastic"), direction and parameters
        ({"overshoot": s}, {}, {"amplitude": a, "period": p}); None for another kind.

        C: ac_timing_function.preset, .direction, .x1, .y1 (see ac_timing_function_back())."""
        if self.kind is not TimingFunctionKind.PRESET:
            return None
        c = self._c
        family = _PRESET_FAMILIES[int(c.preset)]
        parameters: Dict[str, float] = {}
        if family == "back":
            parameters = {"overshoot": c.x1}
        elif family == "elastic":
            parameters = {"amplitude": c.x1, "period": c.y1}
        return (family, _DIRECTIONS_BY_CODE[int(c.direction)], parameters)

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
        kind = self.kind
        if kind is TimingFunctionKind.STEPS:
            return (kind, int(c.steps), int(c.step_position))
        if kind is TimingFunctionKind.LINEAR:
            # The library holds each distinct linear() function once: equal ids, equal points.
            return (kind, int(c.linear_id))
        if kind is TimingFunctionKind.PRESET:
            return (kind, int(c.preset), int(c.direction), c.x1, c.y1)
        return (kind, c.x1, c.y1, c.x2, c.y2)

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

    def _constructor(self) -> Tuple[Any, Tuple[Any, ...]]:
        """The constructor and arguments that make a linear() function or a preset again."""
        points = self.points
        if points is not None:
            return (TimingFunction.piecewise_linear, ([y for _, y in points], [x for x, _ in points]))
        preset = self.preset
        assert preset is not None
        family, direction, parameters = preset
        constructor = getattr(TimingFunction, family)
        return (constructor, (direction.value, *parameters.values()))

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
        if self.kind in (TimingFunctionKind.LINEAR, TimingFunctionKind.PRESET):
            constructor, arguments = self._constructor()
            listed = ", ".join(repr(argument) for argument in arguments)
            return f"TimingFunction.{constructor.__name__}({listed})"
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
        if self.kind in (TimingFunctionKind.LINEAR, TimingFunctionKind.PRESET):
            return self._constructor()
        if self.kind is TimingFunctionKind.STEPS:
            return (TimingFunction.steps, (self.step_count, self.step_position))
        c = self._c
        return (TimingFunction, (c.x1, c.y1, c.x2, c.y2))


_KINDS_BY_CODE = {
    _capi.AC_TIMING_FUNCTION_CUBIC_BEZIER: TimingFunctionKind.CUBIC_BEZIER,
    _capi.AC_TIMING_FUNCTION_STEPS: TimingFunctionKind.STEPS,
    _capi.AC_TIMING_FUNCTION_LINEAR: TimingFunctionKind.LINEAR,
    _capi.AC_TIMING_FUNCTION_PRESET: TimingFunctionKind.PRESET,
}


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

PRESET_NAMES: Tuple[str, ...] = tuple(
    f"{family}_{direction}"
    for family in ("back", "bounce", "elastic")
    for direction in ("in", "out", "in_out")
)
"""The names of Penner's presets with their default parameters ("bounce_out", ...), taken
wherever a curve is named (aliases "easeOutBounce" and Qt's "OutBounce" too)."""


def _canonical_names() -> Dict[Tuple[Any, ...], str]:
    """The snake_case name of each named curve, by its value."""
    names: Dict[Tuple[Any, ...], str] = {}
    for name in CURVE_NAMES + PRESET_NAMES:
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
