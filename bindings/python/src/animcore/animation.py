"""Explicit animations: the shared base :class:`Animation` (CAAnimation),
:class:`PropertyAnimation` (CAPropertyAnimation) and :class:`BasicAnimation` (CABasicAnimation).
:class:`~animcore.keyframe_animation.KeyframeAnimation` and
:class:`~animcore.animation_group.AnimationGroup` build on the same base.

An animation is a plain Python description, not tied to an engine: build it, edit it, then add
it to any number of layers with :meth:`Layer.add_animation`, which adds a *copy* (editing the
description afterwards changes nothing that runs, as in Core Animation).
:meth:`Layer.animation` copies one back, of the same class, with its duration and begin time as
the layer resolved them.

Times are seconds; values are Python values of the key path's kind (see :mod:`animcore.values`),
checked when the animation is added.
"""

from __future__ import annotations

import math
from enum import Enum
import sys
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Dict,
    Mapping,
    Optional,
    Tuple,
    TypedDict,
    TypeVar,
    Union,
)

from ._adapt import adapt_in
from ._keywords import check_keywords, spell_out
from .callback_types import AnimationStartCallback, AnimationStopCallback
from .timing import TIMING_KEYWORDS, FillMode, Timing, TimingKeywords
from .timing_function import TimingFunction
from .values import check_value

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = [
    "Animation",
    "AnimationKeywords",
    "AnimationStartCallback",
    "AnimationStopCallback",
    "BasicAnimation",
    "PropertyAnimation",
    "PropertyAnimationKeywords",
]

_A = TypeVar("_A", bound="Animation")


class _Pacing(TimingKeywords, total=False):
    timing_function: Union[TimingFunction, str, None]


class _Flags(TypedDict, total=False):
    additive: bool
    cumulative: bool
    value_function: Optional[str]


class _Completion(TypedDict, total=False):
    removed_on_completion: bool
    keeps_final_value: Optional[bool]
    on_start: Optional[AnimationStartCallback]
    on_stop: Optional[AnimationStopCallback]


class AnimationKeywords(_Pacing, _Completion, total=False):
    """The keyword arguments every animation's constructor takes, written once: the
    CAMediaTiming ones (:class:`~animcore.timing.TimingKeywords`), ``timing_function``,
    ``removed_on_completion``, ``keeps_final_value``, ``on_start`` and ``on_stop`` (see
    :class:`Animation`)."""


class PropertyAnimationKeywords(_Pacing, _Flags, _Completion, total=False):
    """:class:`AnimationKeywords` with ``additive``, ``cumulative`` and ``value_function``
    after ``timing_function``: what the constructors of animations of one key path take."""


_ANIMATION_TIMING = Timing.animation()  # the library's defaults (ac_timing_init_animation)

KEYWORD_DEFAULTS: Dict[str, Any] = {
    **{name: getattr(_ANIMATION_TIMING, name) for name in TIMING_KEYWORDS},
    "timing_function": None,
    "additive": False,
    "cumulative": False,
    "value_function": None,
    "removed_on_completion": True,
    "keeps_final_value": None,
    "on_start": None,
    "on_stop": None,
}
"""What each shared keyword is when left out (the timing ones: the library's)."""


def _parse_function(value: Union[TimingFunction, str, None]) -> Optional[TimingFunction]:
    if value is None or isinstance(value, TimingFunction):
        return value
    if isinstance(value, str):
        return TimingFunction._named(value, "timing_function")
    raise TypeError(
        f"timing_function must be a TimingFunction, a name or None, not {type(value).__name__}"
    )


def _check_callable(value: Optional[Callable[..., Any]], name: str) -> Any:
    if value is not None and not callable(value):
        raise TypeError(f"{name} must be callable or None, not {type(value).__name__}")
    return value


class Animation:
    """What every animation shares (CAAnimation + CAMediaTiming); the base of
    :class:`BasicAnimation`, :class:`~animcore.KeyframeAnimation` and
    :class:`~animcore.AnimationGroup` (it is not made directly).

    Timing (CAMediaTiming; seconds; see :class:`~animcore.timing.Timing` for the ranges):

    - ``duration``: >= 0; default 0 = the transaction's animation duration when added (0.25 s
      unless the engine or a transaction says otherwise).
    - ``begin_time``: default 0 = the layer's time when the add is committed (the next tick);
      else a time in the layer's time space (a group's child: relative to the group's start).
    - ``speed`` (default 1), ``time_offset`` (0), ``repeat_count`` (0 = once; may be fractional
      or inf), ``repeat_duration`` (0 = unused), ``autoreverses`` (False), ``fill_mode``
      ("removed", "forwards", "backwards", "both").

    Also: ``timing_function`` (a :class:`TimingFunction` or a curve name such as "ease_in_out";
    None = linear, or the transaction's function when it has one), ``removed_on_completion``
    (True), ``keeps_final_value`` (see the attribute; None = the kind's default: True for a
    decay, else False), and the callbacks ``on_start(layer, key)`` and ``on_stop(layer, key,
    finished)`` (a group's children's callbacks, removed_on_completion and keeps_final_value
    are ignored, as in Core Animation: the group's are used).

    Attributes may be changed after construction; they are checked when set (NotFiniteError,
    OutOfRangeError, TypeError...). Descriptions compare equal when every field is equal;
    :meth:`copy` makes a copy with some fields changed.

    C: ac_animation (ac_animation_set_timing(), ac_animation_set_timing_function(),
    ac_animation_set_flag(), ac_animation_set_delegate())."""

    __slots__ = (
        "_timing",
        "_timing_function",
        "removed_on_completion",
        "_keeps_final_value",
        "_on_start",
        "_on_stop",
    )

    _POSITIONAL: ClassVar[Tuple[str, ...]] = ()
    """The names of the constructor's positional arguments, in order."""

    _KEYWORDS: ClassVar[Any] = AnimationKeywords
    """The TypedDict of the shared keywords the constructor takes."""

    removed_on_completion: bool

    _KEEPS_FINAL_VALUE_DEFAULT: ClassVar[bool] = False
    """``keeps_final_value`` when it is not set (the library's default for the kind)."""

    def __init__(self) -> None:
        raise TypeError(
            "Animation is the shared base: make a BasicAnimation, KeyframeAnimation or "
            "AnimationGroup"
        )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Spells out the shared keywords in the signature of the subclass's constructor
        (which takes them as ``**shared``), for help() and inspect."""
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:
            spell_out(cls.__dict__["__init__"], cls._KEYWORDS, KEYWORD_DEFAULTS)

    def _init_shared(self, given: Mapping[str, Any]) -> None:
        """Sets the shared keywords from ``given`` (the constructor's ``**shared``), each one
        left out at its default; any keyword the class does not take is a TypeError."""
        check_keywords(given, self._KEYWORDS.__annotations__, f"{type(self).__name__}.__init__")
        self._timing = Timing.animation(
            **{name: given[name] for name in TIMING_KEYWORDS if name in given}
        )
        self.timing_function = given.get("timing_function")
        self.removed_on_completion = bool(
            given.get("removed_on_completion", KEYWORD_DEFAULTS["removed_on_completion"])
        )
        self.keeps_final_value = given.get("keeps_final_value")
        self.on_start = given.get("on_start")
        self.on_stop = given.get("on_stop")

    # ---- timing ------------------------------------------------------------------------------

    @property
    def timing(self) -> Timing:
        """All the timing attributes as one :class:`Timing`; settable.

        C: ac_animation_set_timing(), ac_animation_get_timing()."""
        return self._timing

    @timing.setter
    def timing(self, value: Timing) -> None:
        if not isinstance(value, Timing):
            raise TypeError(f"timing must be a Timing, not {type(value).__name__}")
        self._timing = value

    @property
    def duration(self) -> float:
        """One iteration (s); 0 = the transaction's duration when added.

        C: ac_animation_set_timing() (ac_timing.duration_s)."""
        return self._timing.duration

    @duration.setter
    def duration(self, value: float) -> None:
        self._timing = self._timing.replace(duration=value)

    @property
    def begin_time(self) -> float:
        """Begin in the layer's time (s); 0 = when the add is committed.

        C: ac_animation_set_timing() (ac_timing.begin_time_s)."""
        return self._timing.begin_time

    @begin_time.setter
    def begin_time(self, value: float) -> None:
        self._timing = self._timing.replace(begin_time=value)

    @property
    def speed(self) -> float:
        """Local time per layer time (default 1).

        C: ac_animation_set_timing() (ac_timing.speed)."""
        return self._timing.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self._timing = self._timing.replace(speed=value)

    @property
    def time_offset(self) -> float:
        """Added to the active local time after speed (s).

        C: ac_animation_set_timing() (ac_timing.time_offset_s)."""
        return self._timing.time_offset

    @time_offset.setter
    def time_offset(self, value: float) -> None:
        self._timing = self._timing.replace(time_offset=value)

    @property
    def repeat_count(self) -> float:
        """Cycles to play (0 = once; fractional; inf = forever).

        C: ac_animation_set_timing() (ac_timing.repeat_count)."""
        return self._timing.repeat_count

    @repeat_count.setter
    def repeat_count(self, value: float) -> None:
        self._timing = self._timing.replace(repeat_count=value)

    @property
    def repeat_duration(self) -> float:
        """Total active time (s) instead of a count (0 = unused).

        C: ac_animation_set_timing() (ac_timing.repeat_duration_s)."""
        return self._timing.repeat_duration

    @repeat_duration.setter
    def repeat_duration(self, value: float) -> None:
        self._timing = self._timing.replace(repeat_duration=value)

    @property
    def autoreverses(self) -> bool:
        """Each cycle plays forward then back.

        C: ac_animation_set_timing() (ac_timing.autoreverses)."""
        return self._timing.autoreverses

    @autoreverses.setter
    def autoreverses(self, value: bool) -> None:
        self._timing = self._timing.replace(autoreverses=value)

    @property
    def fill_mode(self) -> FillMode:
        """What shows outside the active interval.

        C: ac_animation_set_timing() (ac_timing.fill_mode)."""
        return self._timing.fill_mode

    @fill_mode.setter
    def fill_mode(self, value: Union[FillMode, str]) -> None:
        self._timing = self._timing.replace(fill_mode=value)

    @property
    def timing_function(self) -> Optional[TimingFunction]:
        """The pacing; None = linear (or the transaction's function). Accepts a name.

        C: ac_animation_set_timing_function(); names: ac_timing_function_named()."""
        return self._timing_function

    @timing_function.setter
    def timing_function(self, value: Union[TimingFunction, str, None]) -> None:
        self._timing_function = _parse_function(value)

    @property
    def keeps_final_value(self) -> bool:
        """Whether the value the animation shows at its end is written into the layer's model
        when it finishes and is removed (``removed_on_completion``), so the layer keeps showing
        it instead of snapping back (one that stays attached shows what its fill mode says): what Core Animation users do by hand beside the add (set the model
        to the end value with actions disabled). The value kept is the animation's end over
        the model value (an additive one's end added to it; a group's children's, in order);
        nothing is written when the animation is removed or replaced before it finishes.
        Default: True for a :class:`~animcore.DecayAnimation` (a fling stays where it comes to
        rest), False otherwise; setting None restores the default.

        C: ac_animation_set_flag() (AC_ANIMATION_KEEPS_FINAL_VALUE)."""
        kept: Optional[bool] = self._keeps_final_value
        return self._KEEPS_FINAL_VALUE_DEFAULT if kept is None else kept

    @keeps_final_value.setter
    def keeps_final_value(self, value: Optional[bool]) -> None:
        if value is not None and not isinstance(value, bool):
            raise TypeError(f"keeps_final_value must be a bool or None, not {type(value).__name__}")
        self._keeps_final_value = value

    @property
    def on_start(self) -> Optional[AnimationStartCallback]:
        """``on_start(layer, key)`` or None.

        C: ac_animation_set_delegate() (did_start)."""
        callback: Optional[AnimationStartCallback] = self._on_start
        return callback

    @on_start.setter
    def on_start(self, value: Optional[AnimationStartCallback]) -> None:
        self._on_start = _check_callable(value, "on_start")

    @property
    def on_stop(self) -> Optional[AnimationStopCallback]:
        """``on_stop(layer, key, finished)`` or None.

        C: ac_animation_set_delegate() (did_stop)."""
        callback: Optional[AnimationStopCallback] = self._on_stop
        return callback

    @on_stop.setter
    def on_stop(self, value: Optional[AnimationStopCallback]) -> None:
        self._on_stop = _check_callable(value, "on_stop")

    # ---- value semantics ---------------------------------------------------------------------

    def _kind_arguments(self) -> Dict[str, Any]:
        """The positional arguments and the kind's own fields, in signature order."""
        return {}

    def _arguments(self) -> Dict[str, Any]:
        """Every constructor argument, in signature order."""
        arguments = self._kind_arguments()
        for name in self._KEYWORDS.__annotations__:
            arguments[name] = getattr(self, name)
        return arguments

    def copy(self: "_A", **changes: Any) -> "_A":
        """A copy, with the keyword arguments given changed.

        Python only (a description is a Python value until it is added)."""
        arguments = self._arguments()
        unknown = set(changes) - set(arguments)
        if unknown:
            raise TypeError(f"unknown argument(s): {', '.join(sorted(unknown))}")
        arguments.update(changes)
        positional = [arguments.pop(name) for name in self._POSITIONAL]
        return type(self)(*positional, **arguments)

    def _key(self) -> Tuple[Any, ...]:
        return tuple(self._arguments().values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Animation):
            return NotImplemented
        return type(self) is type(other) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        arguments = self._arguments()
        positional = [arguments[name] for name in self._POSITIONAL]
        defaults = type(self)(*positional)._arguments()
        parts = [repr(value) for value in positional]
        for name, value in arguments.items():
            if name in self._POSITIONAL:
                continue
            same = defaults[name] == value or (
                isinstance(value, float) and math.isnan(value) and math.isnan(defaults[name])
            )
            if not same:
                shown = value.value if isinstance(value, Enum) else value
                parts.append(f"{name}={shown!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


class PropertyAnimation(Animation):
    """An animation of one key path (CAPropertyAnimation): the base of
    :class:`BasicAnimation` and :class:`~animcore.KeyframeAnimation`.

    Adds ``key_path`` ("opacity", "position.x", "transform.rotation.z", a custom property),
    ``additive`` (False: add the value to the one underneath; the addition depends on the
    kind, transforms concatenate), ``cumulative`` (False: each repeat builds on the end of
    the last) and ``value_function`` (None: see the attribute).

    C: the descriptions of ac_animation_create_basic() and ac_animation_create_keyframe() (key
    path, ac_animation_set_flag(), ac_animation_set_value_function())."""

    __slots__ = ("_key_path", "additive", "cumulative", "_value_function")

    _POSITIONAL = ("key_path",)
    _KEYWORDS = PropertyAnimationKeywords

    additive: bool
    cumulative: bool

    def _init_shared(self, given: Mapping[str, Any]) -> None:
        super()._init_shared(given)
        self.additive = bool(given.get("additive", KEYWORD_DEFAULTS["additive"]))
        self.cumulative = bool(given.get("cumulative", KEYWORD_DEFAULTS["cumulative"]))
        self.value_function = given.get("value_function")

    @property
    def value_function(self) -> Optional[str]:
        """The value function (CAValueFunction) by Core Animation's name, or None (the
        default): "rotateX", "rotateY", "rotateZ" (radians), "scale" (a Vector3 of factors),
        "scaleX", "scaleY", "scaleZ", "translate" (a Vector3), "translateX", "translateY",
        "translateZ". With one, ``key_path`` names a whole transform ("transform",
        "sublayerTransform", a custom Transform3D or AffineTransform property) and the values
        are numbers (Vector3s for "scale" and "translate"), interpolated as numbers are; the
        function then builds the matrix the property shows, so ``value_function="rotateZ"``
        from 0 to 2 * pi turns the layer once (a transform animation of the same ends stands
        still). A missing end is the function's part of the transform underneath (its
        rotation.z for "rotateZ"); additive: the built matrix is applied first, then the
        transform underneath. Basic, keyframe and spring animations; the name and the rest are
        checked when added (:class:`~animcore.errors.AnimCoreError` naming
        ``value_function``, or the value).

        C: ac_animation_set_value_function(), ac_animation_get_value_function()."""
        return self._value_function

    @value_function.setter
    def value_function(self, value: Optional[str]) -> None:
        if value is not None and not isinstance(value, str):
            raise TypeError(f"value_function must be a str or None, not {type(value).__name__}")
        self._value_function = value

    @property
    def key_path(self) -> str:
        """The animated key path (a non-empty str).

        C: ac_animation_create_basic()'s key_path (ac_animation_key_path())."""
        return self._key_path

    @key_path.setter
    def key_path(self, value: str) -> None:
        if not isinstance(value, str):
            raise TypeError(f"key_path must be a str, not {type(value).__name__}")
        self._key_path = value


class BasicAnimation(PropertyAnimation):
    """A CABasicAnimation of ``key_path`` ("opacity", "position.x", "transform.rotation.z", a
    custom property).

    Values (None = unset; the combinations follow Core Animation, "underneath" being the model
    value with the earlier animations applied, re-read every tick):

    - ``from_value`` + ``to_value``: from -> to; ``from_value`` + ``by_value``: from -> from + by;
      ``to_value`` + ``by_value``: to - by -> to; ``from_value`` only: from -> underneath;
      ``to_value`` only: underneath -> to; ``by_value`` only: underneath -> underneath + by;
      none: from the presentation value when added to the value underneath.

    The timing and the other fields are those of :class:`Animation` and
    :class:`PropertyAnimation`. Every argument but ``key_path`` is keyword-only.

    Paths and arrays (a :class:`~animcore.Path`, a list of numbers, a list of Colors) animate
    element by element when their shapes agree and switch half way otherwise; the values of
    one animation must have one shape (InvalidArgumentError when added).

    C: ac_animation_create_basic(), ac_animation_set_value() (a path or array:
    ac_animation_set_path_value(), _numbers_value(), _colors_value()), ac_layer_add_animation()."""

    __slots__ = ("_from_value", "_to_value", "_by_value")

    @property
    def from_value(self) -> Any:
        """The start (None: unset); a value no kind takes is refused when set, one of another
        kind than the key's when added.

        C: ac_animation_set_value() (AC_ANIMATION_FROM)."""
        return self._from_value

    @from_value.setter
    def from_value(self, value: Any) -> None:
        check_value(adapt_in(self.key_path, value), "from_value")
        self._from_value = value

    @property
    def to_value(self) -> Any:
        """The end (None: unset); a value no kind takes is refused when set, one of another
        kind than the key's when added.

        C: ac_animation_set_value() (AC_ANIMATION_TO)."""
        return self._to_value

    @to_value.setter
    def to_value(self, value: Any) -> None:
        check_value(adapt_in(self.key_path, value), "to_value")
        self._to_value = value

    @property
    def by_value(self) -> Any:
        """The change (None: unset); a value no kind takes is refused when set, one of another
        kind than the key's when added.

        C: ac_animation_set_value() (AC_ANIMATION_BY)."""
        return self._by_value

    @by_value.setter
    def by_value(self, value: Any) -> None:
        check_value(adapt_in(self.key_path, value), "by_value")
        self._by_value = value

    def __init__(
        self,
        key_path: str,
        *,
        from_value: Any = None,
        to_value: Any = None,
        by_value: Any = None,
        **shared: Unpack[PropertyAnimationKeywords],
    ) -> None:
        self.key_path = key_path
        self.from_value = from_value
        self.to_value = to_value
        self.by_value = by_value
        self._init_shared(shared)

    def _kind_arguments(self) -> Dict[str, Any]:
        return {
            "key_path": self.key_path,
            "from_value": self.from_value,
            "to_value": self.to_value,
            "by_value": self.by_value,
        }
