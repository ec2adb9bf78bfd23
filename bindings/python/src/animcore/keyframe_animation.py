"""Keyframe animations (CAKeyframeAnimation): :class:`KeyframeAnimation`,
:class:`CalculationMode` and :class:`RotationMode`.

::

    shake = KeyframeAnimation("position.x", values=[0, 10, -10, 10, 0],
                              key_times=[0, 1 / 6, 3 / 6, 5 / 6, 1], duration=0.4, additive=True)
    orbit = KeyframeAnimation("position", path=Path.ellipse(0, 0, 200, 200), mode="paced",
                              duration=4, repeat_count=math.inf)

Evaluation (reference §6.4): p is the animation's progress after its own timing function (the
paced modes ignore it); keyframe i is reached at ``key_times[i]`` (evenly spaced by default:
i/(n-1), or i/n in discrete mode); between two keyframes the value follows ``mode``, paced by
``timing_functions[i]``.
"""

from __future__ import annotations

import math
import numbers
from enum import Enum
import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _capi
from .animation import PropertyAnimation, PropertyAnimationKeywords
from .errors import (
    InvalidArgumentError,
    NotFiniteError,
    OutOfRangeError,
    UnknownNameError,
)
from .path import Path
from .timing_function import TimingFunction

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = ["CalculationMode", "KeyframeAnimation", "RotationMode"]


def _camel_to_snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


class CalculationMode(str, Enum):
    """How a keyframe animation moves between keyframes (CAAnimationCalculationMode). Values
    are Core Animation's strings; :meth:`parse` also takes the snake_case spelling
    ("cubic_paced") and the constant names ("kCAAnimationPaced").

    C: ac_calculation_mode_from_name(), ac_calculation_mode_name() (AC_CALCULATION_*)."""

    LINEAR = "linear"
    """Straight interpolation between keyframes, at the key times (the default)."""
    DISCRETE = "discrete"
    """No interpolation: each value holds until the next key time."""
    PACED = "paced"
    """Linear at a constant speed: key times and timing functions are ignored."""
    CUBIC = "cubic"
    """A Kochanek–Bartels spline through the keyframes (tension, continuity, bias)."""
    CUBIC_PACED = "cubicPaced"
    """The cubic spline at a constant speed along its arc length."""

    @classmethod
    def parse(cls, value: Union["CalculationMode", str], name: str = "mode") -> "CalculationMode":
        """A mode from itself or a name; UnknownNameError for an unknown name.

        C: ac_calculation_mode_from_name() takes Core Animation's names; the snake_case
        spellings are Python only."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(
                f"{name} must be a CalculationMode or a str, not {type(value).__name__}"
            )
        text = value[len("kCAAnimation") :] if value.startswith("kCAAnimation") else value
        for member in cls:
            if text in (member.value, _camel_to_snake(member.value)) or (
                text != value and text == member.value[:1].upper() + member.value[1:]
            ):
                return member
        names = ", ".join(repr(m.value) for m in cls)
        raise UnknownNameError(f"{name} is {value!r}; it must be one of {names}")

    @property
    def code(self) -> int:
        """The header's AC_CALCULATION_* constant.

        C: AC_CALCULATION_* for ac_animation_set_calculation_mode()."""
        return _MODE_CODES[self]

    @property
    def is_paced(self) -> bool:
        """Whether the mode ignores key times and timing functions (paced, cubicPaced).

        Python only."""
        return self in (CalculationMode.PACED, CalculationMode.CUBIC_PACED)


_MODE_CODES = {
    CalculationMode.LINEAR: _capi.AC_CALCULATION_LINEAR,
    CalculationMode.DISCRETE: _capi.AC_CALCULATION_DISCRETE,
    CalculationMode.PACED: _capi.AC_CALCULATION_PACED,
    CalculationMode.CUBIC: _capi.AC_CALCULATION_CUBIC,
    CalculationMode.CUBIC_PACED: _capi.AC_CALCULATION_CUBIC_PACED,
}
MODES_BY_CODE = {code: mode for mode, code in _MODE_CODES.items()}


class RotationMode(str, Enum):
    """Turning a layer that follows a path to the path's tangent (CAAnimationRotationMode);
    None is no rotation. Values are Core Animation's strings; :meth:`parse` also takes
    "auto_reverse" and the constant names ("kCAAnimationRotateAuto").

    C: ac_animation_set_rotation_mode() (AC_ROTATION_*)."""

    AUTO = "auto"
    """The layer's x axis points along the direction of travel."""
    AUTO_REVERSE = "autoReverse"
    """The same, turned by a half turn."""

    @classmethod
    def parse(
        cls, value: Union["RotationMode", str], name: str = "rotation_mode"
    ) -> "RotationMode":
        """A rotation mode from itself or a name; UnknownNameError for an unknown name.

        Python only (the names are Core Animation's)."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, str):
            raise TypeError(
                f"{name} must be a RotationMode, a str or None, not {type(value).__name__}"
            )
        text = (
            value[len("kCAAnimationRotate") :] if value.startswith("kCAAnimationRotate") else value
        )
        for member in cls:
            if text in (member.value, _camel_to_snake(member.value)) or (
                text != value and text == member.value[:1].upper() + member.value[1:]
            ):
                return member
        names = ", ".join(repr(m.value) for m in cls)
        raise UnknownNameError(f"{name} is {value!r}; it must be one of {names} or None")

    @property
    def code(self) -> int:
        """The header's AC_ROTATION_* constant.

        C: AC_ROTATION_* for ac_animation_set_rotation_mode()."""
        return (
            _capi.AC_ROTATION_AUTO if self is RotationMode.AUTO else _capi.AC_ROTATION_AUTO_REVERSE
        )


ROTATIONS_BY_CODE = {
    _capi.AC_ROTATION_AUTO: RotationMode.AUTO,
    _capi.AC_ROTATION_AUTO_REVERSE: RotationMode.AUTO_REVERSE,
}


# ---- field checks ---------------------------------------------------------------------------------


def _reals(values: Any, name: str, low: float, high: float) -> Optional[List[float]]:
    """``values`` as a list of floats each finite and in [low, high]; None for None or an empty
    sequence. TypeError, NotFiniteError, OutOfRangeError name the entry."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(
            f"{name} must be a sequence of real numbers or None, not {type(values).__name__}"
        )
    result: List[float] = []
    for index, item in enumerate(values):
        if isinstance(item, bool) or not isinstance(item, numbers.Real):
            raise TypeError(f"{name}[{index}] must be a real number, not {type(item).__name__}")
        number = float(item)
        if not math.isfinite(number):
            raise NotFiniteError(f"{name}[{index}] is {number}; it must be finite")
        if not low <= number <= high:
            raise OutOfRangeError(f"{name}[{index}] is {number}; it must be in [{low:g}, {high:g}]")
        result.append(number)
    return result or None


def check_key_times(values: Any, name: str = "key_times") -> Optional[List[float]]:
    """Key times: finite, in [0, 1], non-decreasing (InvalidArgumentError)."""
    times = _reals(values, name, 0.0, 1.0)
    if times is not None:
        for index in range(1, len(times)):
            if times[index] < times[index - 1]:
                raise InvalidArgumentError(
                    f"{name}[{index}] is {times[index]}, less than {name}[{index - 1}] = "
                    f"{times[index - 1]}; key times must not decrease"
                )
    return times


def check_spline_values(values: Any, name: str) -> Optional[List[float]]:
    """Tension, continuity or bias values: finite, in [-1, 1]."""
    return _reals(values, name, -1.0, 1.0)


def check_timing_functions(
    values: Any, name: str = "timing_functions"
) -> Optional[List[TimingFunction]]:
    """Timing functions (TimingFunction or names); None for None or an empty sequence."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(
            f"{name} must be a sequence of TimingFunction or names, or None, not "
            f"{type(values).__name__}"
        )
    result: List[TimingFunction] = []
    for index, item in enumerate(values):
        if isinstance(item, TimingFunction):
            result.append(item)
        elif isinstance(item, str):
            result.append(TimingFunction._named(item, f"{name}[{index}]"))
        else:
            raise TypeError(
                f"{name}[{index}] must be a TimingFunction or a name, not {type(item).__name__}"
            )
    return result or None


def check_values(values: Any, name: str = "values") -> List[Any]:
    """The keyframe values as a list (their kinds are checked when the animation is added)."""
    if values is None:
        return []
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of values, not {type(values).__name__}")
    return list(values)


def check_path(value: Any, name: str = "path") -> Optional[Path]:
    """A copy of the path (or None)."""
    if value is None:
        return None
    if not isinstance(value, Path):
        raise TypeError(f"{name} must be a Path or None, not {type(value).__name__}")
    return value.copy()


class KeyframeAnimation(PropertyAnimation):
    """A CAKeyframeAnimation of ``key_path``: through ``values``, or along ``path`` (a point
    key path such as "position").

    - ``values``: the keyframe values, all of the key path's kind (checked when added).
    - ``path``: a :class:`~animcore.Path` to follow; overrides ``values``; every segment end is
      a keyframe (key times i/segments unless given). None by default.
    - ``key_times``: when each keyframe is reached, as fractions of the (eased) progress, each
      in [0, 1], non-decreasing; None = evenly spaced. Counts that do not fit the mode (one per
      keyframe for linear and cubic, one more for discrete) are ignored, as in Core Animation.
    - ``timing_functions``: the pacing of each segment (TimingFunction or names; at most one
      per segment; missing ones are linear); None = all linear.
    - ``mode``: a :class:`CalculationMode` or its name: "linear" (default), "discrete",
      "paced", "cubic", "cubicPaced" (also "cubic_paced"). The paced modes ignore key times,
      timing functions and ``timing_function``; paced and cubic modes need values of a
      numeric kind (scalar, point, size, rect, vector3, colour) or paths and arrays (taken
      number by number: each keeps the scalar's curve, a paced distance is the Euclidean
      norm of the whole path or array), else WrongKindError on add.
    - ``tension``, ``continuity``, ``bias``: Kochanek–Bartels parameters of the cubic modes,
      one per keyframe, each in [-1, 1]; missing entries are 0 (all 0: Catmull-Rom).
    - ``rotation_mode``: "auto" (turn the layer to the path's tangent: its presented
      "transform" gets that z rotation on top of the one underneath), "auto_reverse" (a half
      turn more) or None (default); only with a path.

    The timing and the other fields are those of :class:`~animcore.Animation` and
    :class:`~animcore.PropertyAnimation`. Every argument but ``key_path`` is keyword-only.
    Fields are checked when set (TypeError, NotFiniteError, OutOfRangeError,
    InvalidArgumentError, UnknownNameError, naming the argument); the counts (values or a
    path, at most one timing function per segment, one spline value per keyframe, a rotation
    mode only with a path) when the animation is added.

    C: ac_animation_create_keyframe(), ac_animation_set_values(), ac_layer_add_animation()."""

    __slots__ = (
        "_values",
        "_key_times",
        "_timing_functions",
        "_mode",
        "_tension",
        "_continuity",
        "_bias",
        "_path",
        "_rotation_mode",
    )

    _values: List[Any]
    _key_times: Optional[List[float]]
    _timing_functions: Optional[List[TimingFunction]]
    _mode: CalculationMode
    _tension: Optional[List[float]]
    _continuity: Optional[List[float]]
    _bias: Optional[List[float]]
    _path: Optional[Path]
    _rotation_mode: Optional[RotationMode]

    def __init__(
        self,
        key_path: str,
        *,
        values: Optional[Iterable[Any]] = None,
        key_times: Optional[Iterable[float]] = None,
        timing_functions: Optional[Iterable[Union[TimingFunction, str]]] = None,
        mode: Union[CalculationMode, str] = CalculationMode.LINEAR,
        tension: Optional[Iterable[float]] = None,
        continuity: Optional[Iterable[float]] = None,
        bias: Optional[Iterable[float]] = None,
        path: Optional[Path] = None,
        rotation_mode: Union[RotationMode, str, None] = None,
        **shared: Unpack[PropertyAnimationKeywords],
    ) -> None:
        self.key_path = key_path
        self.values = values
        self.key_times = key_times
        self.timing_functions = timing_functions
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
        self.path = path
        self.rotation_mode = rotation_mode
        self._init_shared(shared)

    # ---- fields ------------------------------------------------------------------------------

    @property
    def values(self) -> List[Any]:
        """The keyframe values (a list; settable from any sequence).

        C: ac_animation_set_values(), ac_animation_get_values() (paths and arrays:
        ac_animation_set_path_values(), _numbers_values(), _colors_values())."""
        return self._values

    @values.setter
    def values(self, value: Optional[Iterable[Any]]) -> None:
        self._values = check_values(value)

    @property
    def key_times(self) -> Optional[List[float]]:
        """When each keyframe is reached (fractions of progress); None = evenly spaced.

        C: ac_animation_set_key_times(), ac_animation_get_key_times()."""
        return self._key_times

    @key_times.setter
    def key_times(self, value: Optional[Iterable[float]]) -> None:
        self._key_times = check_key_times(value)

    @property
    def timing_functions(self) -> Optional[List[TimingFunction]]:
        """The pacing of each segment; None = linear.

        C: ac_animation_set_timing_functions(), ac_animation_get_timing_functions()."""
        return self._timing_functions

    @timing_functions.setter
    def timing_functions(self, value: Optional[Iterable[Union[TimingFunction, str]]]) -> None:
        self._timing_functions = check_timing_functions(value)

    @property
    def mode(self) -> CalculationMode:
        """The calculation mode (calculationMode).

        C: ac_animation_set_calculation_mode(), ac_animation_get_calculation_mode()."""
        return self._mode

    @mode.setter
    def mode(self, value: Union[CalculationMode, str]) -> None:
        self._mode = CalculationMode.parse(value)

    @property
    def tension(self) -> Optional[List[float]]:
        """Kochanek–Bartels tension per keyframe (tensionValues); None = all 0.

        C: ac_animation_set_spline_values() (AC_SPLINE_TENSION)."""
        return self._tension

    @tension.setter
    def tension(self, value: Optional[Iterable[float]]) -> None:
        self._tension = check_spline_values(value, "tension")

    @property
    def continuity(self) -> Optional[List[float]]:
        """Kochanek–Bartels continuity per keyframe (continuityValues); None = all 0.

        C: ac_animation_set_spline_values() (AC_SPLINE_CONTINUITY)."""
        return self._continuity

    @continuity.setter
    def continuity(self, value: Optional[Iterable[float]]) -> None:
        self._continuity = check_spline_values(value, "continuity")

    @property
    def bias(self) -> Optional[List[float]]:
        """Kochanek–Bartels bias per keyframe (biasValues); None = all 0.

        C: ac_animation_set_spline_values() (AC_SPLINE_BIAS)."""
        return self._bias

    @bias.setter
    def bias(self, value: Optional[Iterable[float]]) -> None:
        self._bias = check_spline_values(value, "bias")

    @property
    def path(self) -> Optional[Path]:
        """The path to follow (a copy of the one given), or None.

        C: ac_animation_set_path(), ac_animation_get_path()."""
        return self._path

    @path.setter
    def path(self, value: Optional[Path]) -> None:
        self._path = check_path(value)

    @property
    def rotation_mode(self) -> Optional[RotationMode]:
        """Turning to the path's tangent: AUTO, AUTO_REVERSE or None.

        C: ac_animation_set_rotation_mode(), ac_animation_get_rotation_mode()."""
        return self._rotation_mode

    @rotation_mode.setter
    def rotation_mode(self, value: Union[RotationMode, str, None]) -> None:
        self._rotation_mode = None if value is None else RotationMode.parse(value)

    @property
    def keyframe_count(self) -> int:
        """The keyframes: the path's (segments + 1) when a path is set, else the values'.

        Python only."""
        return self._path.keyframe_count if self._path is not None else len(self._values)

    # ---- checks when added ------------------------------------------------------------------

    def _check(self, prefix: str = "") -> None:
        """Every field again (attributes may have been edited in place) and the counts;
        messages name the argument (``prefix`` for a group's child: "animations[0].")."""
        check_values(self._values, f"{prefix}values")
        check_key_times(self._key_times, f"{prefix}key_times")
        check_timing_functions(self._timing_functions, f"{prefix}timing_functions")
        for name in ("tension", "continuity", "bias"):
            check_spline_values(getattr(self, name), f"{prefix}{name}")
        if self._path is not None:
            if self._path.segment_count == 0:
                raise InvalidArgumentError(
                    f"{prefix}path has no segments; it needs a line or curve after its move"
                )
        elif not self._values:
            raise InvalidArgumentError(
                f"{prefix}values is empty and {prefix}path is None; a keyframe animation needs "
                "values or a path"
            )
        count = self.keyframe_count
        segments = max(count - 1, 0)
        functions = self._timing_functions
        if functions is not None and len(functions) > segments:
            raise InvalidArgumentError(
                f"{prefix}timing_functions has {len(functions)} entries for {count} keyframes; "
                f"at most {segments} (one per segment)"
            )
        for name in ("tension", "continuity", "bias"):
            spline: Optional[Sequence[float]] = getattr(self, name)
            if spline is not None and len(spline) > count:
                raise InvalidArgumentError(
                    f"{prefix}{name} has {len(spline)} entries for {count} keyframes; at most "
                    "one per keyframe"
                )
        if self._rotation_mode is not None and self._path is None:
            raise InvalidArgumentError(
                f"{prefix}rotation_mode is {self._rotation_mode.value!r} without a path; it "
                "turns the layer along a path"
            )

    # ---- value semantics ---------------------------------------------------------------------

    def _kind_arguments(self) -> Dict[str, Any]:
        return {
            "key_path": self.key_path,
            "values": self._values,
            "key_times": self._key_times,
            "timing_functions": self._timing_functions,
            "mode": self._mode,
            "tension": self._tension,
            "continuity": self._continuity,
            "bias": self._bias,
            "path": self._path,
            "rotation_mode": self._rotation_mode,
        }
