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
import sys
from typing import (
    TYPE_CHECKING,
    Any,
    Iterable,
    List,
    Mapping,
    Optional,
    Tuple,
    TypedDict,
    Union,
    overload,
)

from . import _capi
from ._buffers import BatchInput, DoubleBatch

if TYPE_CHECKING:
    from ._buffers import AnyArray, MaskedFloatArray

    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack
from ._c_names import TIMING, CNames
from ._coerce import flag, real
from ._keywords import check_keywords, spell_out
from .errors import UnknownNameError, check
from .timing_function import TimingFunction

__all__ = ["TIMING_KEYWORDS", "FillMode", "Phase", "Timing", "TimingKeywords", "TimingState"]

_lib = _capi.lib
_byref = ctypes.byref
_c_double = ctypes.c_double
_PARENT_TIME = TIMING | CNames({"parent_time_s": "parent_time"})
_PARENT_TIMES = TIMING | CNames({"parent_times_s": "parent_times"})


class FillMode(str, Enum):
    """What an animation shows outside its active interval (CAMediaTimingFillMode).

    Values are Core Animation's strings; the constant names ("kCAFillModeForwards") are
    accepted by :meth:`parse` too.

    C: AC_FILL_* (ac_timing.fill_mode; see ac_timing_validate())."""

    REMOVED = "removed"  # no effect before or after (the default)
    FORWARDS = "forwards"  # holds the final state after the end
    BACKWARDS = "backwards"  # shows the first state before the begin
    BOTH = "both"  # both

    @classmethod
    def parse(cls, value: Union["FillMode", str]) -> "FillMode":
        """A FillMode from itself or its name; UnknownNameError for an unknown name.

        Python only (the names are Core Animation's)."""
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
        """The header's AC_FILL_* constant.

        C: AC_FILL_* (see ac_timing_validate())."""
        return _FILL_CODES[self]


_FILL_CODES = {
    FillMode.REMOVED: _capi.AC_FILL_REMOVED,
    FillMode.FORWARDS: _capi.AC_FILL_FORWARDS,
    FillMode.BACKWARDS: _capi.AC_FILL_BACKWARDS,
    FillMode.BOTH: _capi.AC_FILL_BOTH,
}
_FILLS_BY_CODE = {code: mode for mode, code in _FILL_CODES.items()}


class Phase(str, Enum):
    """Where a parent time falls relative to the active interval [begin, end).

    C: AC_PHASE_* (ac_timing_state.phase; see ac_timing_evaluate())."""

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

    ``iteration_time``, ``progress`` and ``current_iteration`` are None when the timing is not
    in effect (``in_effect`` False): the binding's one convention for "no value" (see
    :meth:`Timing.progress`). ``end_time`` and ``active_duration`` may be ``inf``.

    C: ac_timing_state (ac_timing_evaluate(); its NaN fields are None here).
    """

    phase: Phase
    """BEFORE (parent time < begin), ACTIVE (begin <= parent time < end) or AFTER."""
    in_effect: bool
    """True when active, or filling (fill mode) before/after the interval."""
    reversed: bool
    """True on the backward leg of an autoreversing cycle."""
    local_time: float
    """(parent_time - begin_time) * speed + time_offset, unclamped."""
    iteration_time: Optional[float]
    """Basic local time in [0, duration]; None when not in effect."""
    progress: Optional[float]
    """iteration_time / duration in [0, 1], before any timing function; None when not in
    effect."""
    current_iteration: Optional[float]
    """floor(local time / cycle): 0 for the first cycle; None when not in effect."""
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
            _value_or_none(c.iteration_time_s),
            _value_or_none(c.progress),
            _value_or_none(c.current_iteration),
            c.active_duration_s,
            c.end_time_s,
        )


def _value_or_none(value: float) -> Optional[float]:
    """None for the library's NaN of "no value" (the binding's convention), else ``value``."""
    return None if value != value else value


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


class TimingKeywords(TypedDict, total=False):
    """The CAMediaTiming keyword arguments, written once: :class:`Timing` and its constructors
    take them, and so does every animation's constructor (see :class:`~animcore.Animation`).
    Left out or None: the default (see :class:`Timing` for the units and ranges)."""

    begin_time: Optional[float]
    duration: Optional[float]
    speed: Optional[float]
    time_offset: Optional[float]
    repeat_count: Optional[float]
    repeat_duration: Optional[float]
    autoreverses: Optional[bool]
    fill_mode: Union[FillMode, str, None]


TIMING_KEYWORDS: Tuple[str, ...] = tuple(TimingKeywords.__annotations__)
"""The names of :class:`TimingKeywords`, in order."""


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

    C: ac_timing (ac_timing_init_animation(), ac_timing_validate())."""

    __slots__ = ("_c",)

    _c: _capi.ac_timing

    def __init__(self, **timing: Unpack[TimingKeywords]) -> None:
        self._set(_ANIMATION_DEFAULTS, timing, "Timing.__init__")

    def _set(self, base: _capi.ac_timing, changes: Mapping[str, Any], function: str) -> None:
        """Copies ``base``, applies the non-None ``changes`` (TimingKeywords; any other
        keyword is a TypeError naming ``function``), validates, stores."""
        check_keywords(changes, TIMING_KEYWORDS, function)
        c = _capi.ac_timing.from_buffer_copy(base)
        for name, field in _NUMBER_FIELDS:
            value = changes.get(name)
            if value is not None:
                setattr(c, field, real(value, name))
        if changes.get("autoreverses") is not None:
            c.autoreverses = 1 if flag(changes["autoreverses"], "autoreverses") else 0
        if changes.get("fill_mode") is not None:
            c.fill_mode = FillMode.parse(changes["fill_mode"]).code
        check(_lib.ac_timing_validate(_byref(c)), TIMING)
        self._c = c

    # ---- constructors ------------------------------------------------------------------------

    @classmethod
    def animation(cls, **timing: Unpack[TimingKeywords]) -> "Timing":
        """A CAAnimation's timing: the library's animation defaults (duration 0) plus the
        arguments given.

        C: ac_timing_init_animation(), ac_timing_validate()."""
        result = cls.__new__(cls)
        result._set(_ANIMATION_DEFAULTS, timing, "Timing.animation")
        return result

    @classmethod
    def layer(cls, **timing: Unpack[TimingKeywords]) -> "Timing":
        """A CALayer's timing: the library's layer defaults (duration inf) plus the arguments
        given.

        C: ac_timing_init_layer(), ac_timing_validate()."""
        result = cls.__new__(cls)
        result._set(_LAYER_DEFAULTS, timing, "Timing.layer")
        return result

    def replace(self, **timing: Unpack[TimingKeywords]) -> "Timing":
        """A copy with the arguments given changed.

        C: ac_timing_validate()."""
        result = type(self).__new__(type(self))
        result._set(self._c, timing, "Timing.replace")
        return result

    # ---- properties --------------------------------------------------------------------------

    @property
    def begin_time(self) -> float:
        """Begin, in the parent's time space (s).

        C: ac_timing.begin_time_s (see ac_timing_validate())."""
        return float(self._c.begin_time_s)

    @property
    def duration(self) -> float:
        """One iteration in local time (s); may be inf.

        C: ac_timing.duration_s (see ac_timing_validate())."""
        return float(self._c.duration_s)

    @property
    def speed(self) -> float:
        """Local time per parent time.

        C: ac_timing.speed (see ac_timing_validate())."""
        return float(self._c.speed)

    @property
    def time_offset(self) -> float:
        """Added to the active local time after speed (s).

        C: ac_timing.time_offset_s (see ac_timing_validate())."""
        return float(self._c.time_offset_s)

    @property
    def repeat_count(self) -> float:
        """Cycles to play; 0 = one; may be fractional or inf.

        C: ac_timing.repeat_count (see ac_timing_validate())."""
        return float(self._c.repeat_count)

    @property
    def repeat_duration(self) -> float:
        """Total active time (s) instead of a count; 0 = unused.

        C: ac_timing.repeat_duration_s (see ac_timing_validate())."""
        return float(self._c.repeat_duration_s)

    @property
    def autoreverses(self) -> bool:
        """Whether each cycle plays forward then back.

        C: ac_timing.autoreverses (see ac_timing_validate())."""
        return bool(self._c.autoreverses)

    @property
    def fill_mode(self) -> FillMode:
        """What shows outside the active interval.

        C: ac_timing.fill_mode (see ac_timing_validate())."""
        return _FILLS_BY_CODE[self._c.fill_mode]

    @property
    def active_duration(self) -> float:
        """The active duration in local time (s): repeat_duration, else duration x (2 when
        autoreversing) x repeat_count (1 when 0); may be inf.

        C: ac_timing_evaluate() (active_duration_s)."""
        return self.evaluate(self.begin_time).active_duration

    @property
    def end_time(self) -> float:
        """The end of the active interval in parent time (s): begin + active / |speed|; inf
        when it never ends.

        C: ac_timing_evaluate() (end_time_s)."""
        return self.evaluate(self.begin_time).end_time

    def as_struct(self) -> _capi.ac_timing:
        """A copy of the underlying C struct (for the raw API in ``animcore._capi``).

        C: ac_timing (for the raw calls, e.g. ac_timing_evaluate())."""
        return _capi.ac_timing.from_buffer_copy(self._c)

    # ---- evaluation --------------------------------------------------------------------------

    def validate(self) -> None:
        """Checks every field with the library (a Timing is checked when made, so this only
        raises if the library's rules changed).

        C: ac_timing_validate()."""
        check(_lib.ac_timing_validate(_byref(self._c)), TIMING)

    def evaluate(self, parent_time: float) -> TimingState:
        """The state at ``parent_time`` (s, finite): the layer's local time for an animation,
        absolute time for a root layer.

        C: ac_timing_evaluate()."""
        state = _new_state()
        check(
            _lib.ac_timing_evaluate(
                _byref(self._c), real(parent_time, "parent_time"), _byref(state)
            ),
            _PARENT_TIME,
        )
        return TimingState._from_struct(state)

    def progress(
        self, parent_time: float, function: Optional[TimingFunction] = None
    ) -> Optional[float]:
        """The progress at ``parent_time`` (s, finite) passed through ``function`` (None =
        linear), or None when the timing is not in effect there.

        None is the binding's one convention for "no value", here and everywhere (the
        library's NaN): Python's own spelling of "absent", which no arithmetic takes by
        mistake (None + 1 raises where NaN + 1 quietly gives NaN). Batches follow it too:
        :meth:`progress_batch` answers None in a list, a masked entry in a NumPy array.

        C: ac_timing_progress() (NaN: no effect)."""
        if type(parent_time) is not float:
            parent_time = real(parent_time, "parent_time")
        out = _c_double()
        status = _lib.ac_timing_progress(
            _byref(self._c), _function_ref(function), parent_time, _byref(out)
        )
        if status:
            check(status, _PARENT_TIME)
        value: float = out.value
        return None if math.isnan(value) else value

    @overload
    def progress_batch(
        self, parent_times: "AnyArray", function: Optional[TimingFunction] = None
    ) -> "MaskedFloatArray": ...

    @overload
    def progress_batch(
        self, parent_times: Iterable[float], function: Optional[TimingFunction] = None
    ) -> List[Optional[float]]: ...

    def progress_batch(
        self, parent_times: BatchInput, function: Optional[TimingFunction] = None
    ) -> Union[List[Optional[float]], "MaskedFloatArray"]:
        """:meth:`progress` at every parent time (s) of ``parent_times``, "no value" (not in
        effect) spelled as :meth:`progress` spells it: None.

        A NumPy array in gives a NumPy masked array (``numpy.ma``) of float64, of the same
        shape, masked where the timing is not in effect: its ``tolist()`` gives None there,
        NumPy's reductions skip those entries, ``filled()`` gives NaN there (the input is read
        without a copy when it is C-contiguous float64). A list, tuple, ``array.array('d')``
        or other iterable of numbers gives a list of floats and None.

        C: ac_timing_progress_batch() (NaN: no effect)."""
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
            ),
            _PARENT_TIMES,
        )
        return batch.result_or_none()

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


_NONE_DEFAULTS = dict.fromkeys(TIMING_KEYWORDS)
for _function in (Timing.__init__, Timing.animation, Timing.layer, Timing.replace):
    spell_out(getattr(_function, "__func__", _function), TimingKeywords, _NONE_DEFAULTS)


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
