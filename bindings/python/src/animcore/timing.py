"""CAMediaTiming: the timing of an animation or a layer, and its evaluation.

All times are in seconds. A :class:`Timing` is immutable and always valid: it is checked by the
library when made, so bad values raise at construction (NotFiniteError, OutOfRangeError...).
Use :meth:`Timing.replace` to derive a changed copy.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Tuple, Union, overload

from . import _capi
from ._buffers import BatchInput, BatchResult, DoubleBatch

if TYPE_CHECKING:
    from ._buffers import AnyArray, FloatArray
from ._coerce import flag, real
from .errors import UnknownNameError, check
from .timing_function import TimingFunction

__all__ = ["FillMode", "Phase", "Timing", "TimingState"]

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double


class FillMode(str, Enum):
    """What an animation shows outside its active interval (CAMediaTimingFillMode).

    Values are Core Animation's strings; the constant names ("kCAFillModeForwards") are
    accepted by :meth:`parse` too.
    """

    REMOVED = "removed"  # no effect before or after (the default)
    FORWARDS = "forwards"  # holds the final state after the end
    BACKWARDS = "backwards"  # shows the first state before the begin
    BOTH = "both"  # both

    @classmethod
    def parse(cls, value: Union["FillMode", str]) -> "FillMode":
        """A FillMode from itself or its name; UnknownNameError for an unknown name."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(f"fill_mode must be a FillMode or a str, not {type(value).__name__}")
        name = value[len("kCAFillMode") :].lower() if value.startswith("kCAFillMode") else value
        for member in cls:
            if member.value == name:
                return member
        names = ", ".join(repr(m.value) for m in cls)
        raise UnknownNameError(f"fill_mode is {value!r}; it must be one of {names}")

    @property
    def code(self) -> int:
        """The header's AC_FILL_* constant."""
        return _FILL_CODES[self]


_FILL_CODES = {
    FillMode.REMOVED: _capi.AC_FILL_REMOVED,
    FillMode.FORWARDS: _capi.AC_FILL_FORWARDS,
    FillMode.BACKWARDS: _capi.AC_FILL_BACKWARDS,
    FillMode.BOTH: _capi.AC_FILL_BOTH,
}
_FILLS_BY_CODE = {code: mode for mode, code in _FILL_CODES.items()}


class Phase(str, Enum):
    """Where a parent time falls relative to the active interval [begin, end)."""

    BEFORE = "before"
    ACTIVE = "active"
    AFTER = "after"


_PHASES_BY_CODE = {
    _capi.AC_PHASE_BEFORE: Phase.BEFORE,
    _capi.AC_PHASE_ACTIVE: Phase.ACTIVE,
    _capi.AC_PHASE_AFTER: Phase.AFTER,
}


@dataclass(frozen=True)
class TimingState:
    """A timing evaluated at one parent time. Times in seconds.

    ``iteration_time``, ``progress`` and ``current_iteration`` are float NaN when the timing is
    not in effect (``in_effect`` False); every field is a float or a bool so states are uniform
    and can go straight into arrays. ``end_time`` may be ``inf``.
    """

    phase: Phase
    """BEFORE (parent time < begin), ACTIVE (begin <= parent time < end) or AFTER."""
    in_effect: bool
    """True when active, or filling (fill mode) before/after the interval."""
    reversed: bool
    """True on the backward leg of an autoreversing cycle."""
    local_time: float
    """(parent_time - begin_time) * speed + time_offset, unclamped."""
    iteration_time: float
    """Basic local time in [0, duration]; NaN when not in effect."""
    progress: float
    """iteration_time / duration in [0, 1], before any timing function; NaN when not in effect."""
    current_iteration: float
    """floor(local time / cycle): 0 for the first cycle; NaN when not in effect."""
    active_duration: float
    """The active duration in local time (may be inf)."""
    end_time: float
    """The end of the active interval in parent time (inf when it never ends)."""

    @classmethod
    def _from_struct(cls, c: _capi.ac_timing_state) -> "TimingState":
        return cls(
            _PHASES_BY_CODE[c.phase],
            bool(c.in_effect),
            bool(c.reversed),
            c.local_time_s,
            c.iteration_time_s,
            c.progress,
            c.current_iteration,
            c.active_duration_s,
            c.end_time_s,
        )


def _new_state() -> _capi.ac_timing_state:
    state = _capi.ac_timing_state()
    state.struct_size = ctypes.sizeof(_capi.ac_timing_state)
    return state


def _defaults(init: Any) -> _capi.ac_timing:
    timing = _capi.ac_timing()
    check(init(_byref(timing)))
    return timing


_ANIMATION_DEFAULTS = _defaults(_lib.ac_timing_init_animation)
_LAYER_DEFAULTS = _defaults(_lib.ac_timing_init_layer)

_NUMBER_FIELDS = (
    ("begin_time", "begin_time_s"),
    ("duration", "duration_s"),
    ("speed", "speed"),
    ("time_offset", "time_offset_s"),
    ("repeat_count", "repeat_count"),
    ("repeat_duration", "repeat_duration_s"),
)


def _function_ref(function: Optional[TimingFunction]) -> Any:
    if function is None:
        return None
    if not isinstance(function, TimingFunction):
        raise TypeError(f"function must be a TimingFunction or None, not {type(function).__name__}")
    return _byref(function._c)


class Timing:
    """The CAMediaTiming properties of an animation or a layer (times in seconds).

    Every argument is keyword-only; an argument left out (or None) takes the default of
    :meth:`animation` (``Timing(...)`` is ``Timing.animation(...)``) — use :meth:`layer` for a
    layer's defaults.

    - ``begin_time``: in the parent's time space; finite; default 0.
    - ``duration``: one iteration in local time; >= 0, may be inf; default 0 for an animation
      (replaced by the transaction's duration when added to a layer), inf for a layer.
    - ``speed``: local time per parent time; finite, may be 0 or negative; default 1.
    - ``time_offset``: added to the active local time after speed; finite; default 0.
    - ``repeat_count``: cycles to play; >= 0, fractional, inf = forever; 0 = one (default).
    - ``repeat_duration``: total active time instead of a count; >= 0, may be inf; 0 = unused
      (default); wins over repeat_count when > 0.
    - ``autoreverses``: each cycle plays forward then back; default False.
    - ``fill_mode``: a :class:`FillMode` or "removed" (default), "forwards", "backwards", "both".
    """

    __slots__ = ("_c",)

    _c: _capi.ac_timing

    def __init__(
        self,
        *,
        begin_time: Optional[float] = None,
        duration: Optional[float] = None,
        speed: Optional[float] = None,
        time_offset: Optional[float] = None,
        repeat_count: Optional[float] = None,
        repeat_duration: Optional[float] = None,
        autoreverses: Optional[bool] = None,
        fill_mode: Union[FillMode, str, None] = None,
    ) -> None:
        self._set(
            _ANIMATION_DEFAULTS,
            begin_time=begin_time,
            duration=duration,
            speed=speed,
            time_offset=time_offset,
            repeat_count=repeat_count,
            repeat_duration=repeat_duration,
            autoreverses=autoreverses,
            fill_mode=fill_mode,
        )

    def _set(self, base: _capi.ac_timing, **changes: Any) -> None:
        """Copies ``base``, applies the non-None ``changes``, validates, stores."""
        c = _capi.ac_timing.from_buffer_copy(base)
        for name, field in _NUMBER_FIELDS:
            value = changes.get(name)
            if value is not None:
                setattr(c, field, real(value, name))
        if changes.get("autoreverses") is not None:
            c.autoreverses = 1 if flag(changes["autoreverses"], "autoreverses") else 0
        if changes.get("fill_mode") is not None:
            c.fill_mode = FillMode.parse(changes["fill_mode"]).code
        check(_lib.ac_timing_validate(_byref(c)))
        self._c = c

    # ---- constructors ------------------------------------------------------------------------

    @classmethod
    def animation(
        cls,
        *,
        begin_time: Optional[float] = None,
        duration: Optional[float] = None,
        speed: Optional[float] = None,
        time_offset: Optional[float] = None,
        repeat_count: Optional[float] = None,
        repeat_duration: Optional[float] = None,
        autoreverses: Optional[bool] = None,
        fill_mode: Union[FillMode, str, None] = None,
    ) -> "Timing":
        """A CAAnimation's timing: the library's animation defaults (duration 0) plus the
        arguments given."""
        return cls(
            begin_time=begin_time,
            duration=duration,
            speed=speed,
            time_offset=time_offset,
            repeat_count=repeat_count,
            repeat_duration=repeat_duration,
            autoreverses=autoreverses,
            fill_mode=fill_mode,
        )

    @classmethod
    def layer(
        cls,
        *,
        begin_time: Optional[float] = None,
        duration: Optional[float] = None,
        speed: Optional[float] = None,
        time_offset: Optional[float] = None,
        repeat_count: Optional[float] = None,
        repeat_duration: Optional[float] = None,
        autoreverses: Optional[bool] = None,
        fill_mode: Union[FillMode, str, None] = None,
    ) -> "Timing":
        """A CALayer's timing: the library's layer defaults (duration inf) plus the arguments
        given."""
        timing = cls.__new__(cls)
        timing._set(
            _LAYER_DEFAULTS,
            begin_time=begin_time,
            duration=duration,
            speed=speed,
            time_offset=time_offset,
            repeat_count=repeat_count,
            repeat_duration=repeat_duration,
            autoreverses=autoreverses,
            fill_mode=fill_mode,
        )
        return timing

    def replace(
        self,
        *,
        begin_time: Optional[float] = None,
        duration: Optional[float] = None,
        speed: Optional[float] = None,
        time_offset: Optional[float] = None,
        repeat_count: Optional[float] = None,
        repeat_duration: Optional[float] = None,
        autoreverses: Optional[bool] = None,
        fill_mode: Union[FillMode, str, None] = None,
    ) -> "Timing":
        """A copy with the arguments given changed."""
        timing = type(self).__new__(type(self))
        timing._set(
            self._c,
            begin_time=begin_time,
            duration=duration,
            speed=speed,
            time_offset=time_offset,
            repeat_count=repeat_count,
            repeat_duration=repeat_duration,
            autoreverses=autoreverses,
            fill_mode=fill_mode,
        )
        return timing

    # ---- properties --------------------------------------------------------------------------

    @property
    def begin_time(self) -> float:
        """Begin, in the parent's time space (s)."""
        return float(self._c.begin_time_s)

    @property
    def duration(self) -> float:
        """One iteration in local time (s); may be inf."""
        return float(self._c.duration_s)

    @property
    def speed(self) -> float:
        """Local time per parent time."""
        return float(self._c.speed)

    @property
    def time_offset(self) -> float:
        """Added to the active local time after speed (s)."""
        return float(self._c.time_offset_s)

    @property
    def repeat_count(self) -> float:
        """Cycles to play; 0 = one; may be fractional or inf."""
        return float(self._c.repeat_count)

    @property
    def repeat_duration(self) -> float:
        """Total active time (s) instead of a count; 0 = unused."""
        return float(self._c.repeat_duration_s)

    @property
    def autoreverses(self) -> bool:
        """Whether each cycle plays forward then back."""
        return bool(self._c.autoreverses)

    @property
    def fill_mode(self) -> FillMode:
        """What shows outside the active interval."""
        return _FILLS_BY_CODE[self._c.fill_mode]

    @property
    def active_duration(self) -> float:
        """The active duration in local time (s): repeat_duration, else duration x (2 when
        autoreversing) x repeat_count (1 when 0); may be inf."""
        return self.evaluate(self.begin_time).active_duration

    @property
    def end_time(self) -> float:
        """The end of the active interval in parent time (s): begin + active / |speed|; inf
        when it never ends."""
        return self.evaluate(self.begin_time).end_time

    def as_struct(self) -> _capi.ac_timing:
        """A copy of the underlying C struct (for the raw API in ``animcore._capi``)."""
        return _capi.ac_timing.from_buffer_copy(self._c)

    # ---- evaluation --------------------------------------------------------------------------

    def validate(self) -> None:
        """Checks every field with the library (a Timing is checked when made, so this only
        raises if the library's rules changed)."""
        check(_lib.ac_timing_validate(_byref(self._c)))

    def evaluate(self, parent_time: float) -> TimingState:
        """The state at ``parent_time`` (s, finite): the layer's local time for an animation,
        absolute time for a root layer."""
        state = _new_state()
        check(
            _lib.ac_timing_evaluate(
                _byref(self._c), real(parent_time, "parent_time"), _byref(state)
            )
        )
        return TimingState._from_struct(state)

    def progress(
        self, parent_time: float, function: Optional[TimingFunction] = None
    ) -> Optional[float]:
        """The progress at ``parent_time`` (s, finite) passed through ``function`` (None =
        linear), or None when the timing is not in effect there."""
        if type(parent_time) is not float:
            parent_time = real(parent_time, "parent_time")
        out = _c_double()
        status = _lib.ac_timing_progress(
            _byref(self._c), _function_ref(function), parent_time, _byref(out)
        )
        if status:
            check(status)
        value: float = out.value
        return None if math.isnan(value) else value

    @overload
    def progress_batch(
        self, parent_times: "AnyArray", function: Optional[TimingFunction] = None
    ) -> "FloatArray": ...

    @overload
    def progress_batch(
        self, parent_times: Iterable[float], function: Optional[TimingFunction] = None
    ) -> List[float]: ...

    def progress_batch(
        self, parent_times: BatchInput, function: Optional[TimingFunction] = None
    ) -> BatchResult:
        """:meth:`progress` at every parent time (s) of ``parent_times``, with NaN (not None)
        where the timing is not in effect, so the result is uniform.

        A NumPy array in gives a float64 array of the same shape out (read without a copy when
        it is C-contiguous float64); a list, tuple, ``array.array('d')`` or other iterable of
        numbers gives a list of floats.
        """
        function_ref = _function_ref(function)
        batch = DoubleBatch(parent_times, "parent_times")
        check(
            _lib.ac_timing_progress_batch(
                _byref(self._c),
                function_ref,
                batch.inputs,
                batch.count,
                batch.outputs,
                batch.count,
            )
        )
        return batch.result()

    # ---- value semantics ---------------------------------------------------------------------

    def _key(self) -> Tuple[Any, ...]:
        c = self._c
        return (
            c.begin_time_s,
            c.duration_s,
            c.speed,
            c.time_offset_s,
            c.repeat_count,
            c.repeat_duration_s,
            c.autoreverses,
            c.fill_mode,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Timing):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Timing(begin_time={self.begin_time!r}, duration={self.duration!r}, "
            f"speed={self.speed!r}, time_offset={self.time_offset!r}, "
            f"repeat_count={self.repeat_count!r}, repeat_duration={self.repeat_duration!r}, "
            f"autoreverses={self.autoreverses!r}, fill_mode={self.fill_mode.value!r})"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_rebuild_timing, (self._key(),))


def _rebuild_timing(key: Tuple[Any, ...]) -> Timing:
    """Unpickles a Timing from its field values."""
    begin, duration, speed, offset, count, repeat_duration, autoreverses, fill = key
    return Timing(
        begin_time=begin,
        duration=duration,
        speed=speed,
        time_offset=offset,
        repeat_count=count,
        repeat_duration=repeat_duration,
        autoreverses=bool(autoreverses),
        fill_mode=_FILLS_BY_CODE[fill],
    )
