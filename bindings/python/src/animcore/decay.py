"""Decay animations (Pop's decay, a scroll view's inertia; beyond Core Animation):
:class:`DecayAnimation`.

::

    fling = DecayAnimation("position", velocity=Point(0, -1200), upper_bound=Point(0, 0))
    layer.add_animation(fling, "scroll")       # from the presentation value, slowing down
    rest = fling.resting_value(layer.presentation_value("position"), Point(0, -1200))

Every component moves on the same deceleration ``r`` per millisecond:
``v(t) = v0 r^(1000 t)``, ``x(t) = x0 + v0 (r^(1000 t) - 1) / (1000 ln r)``, ``t`` the animation's
local time (its timing function is ignored). The motion ends when the speed (the velocity's
length) falls below ``minimum_speed``; added with duration 0 the animation lasts until then (or
until a spring back at a bound settles, when later).
"""

from __future__ import annotations

import ctypes
import math
import sys
from typing import TYPE_CHECKING, Any, Dict, Optional

from . import _capi
from ._c_names import CNames, decay_fields, value_fields
from ._coerce import real
from .animation import PropertyAnimation, PropertyAnimationKeywords
from .errors import check
from .spring import Spring, check_spring
from .values import ValueKind, from_c, kind_of, to_c

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = ["DecayAnimation", "DEFAULT_BOUND_SPRING"]

_lib = _capi.lib
_byref = ctypes.byref
# ac_decay_resting_value's plain arguments, where the message names them together.
_FROM_VELOCITY = CNames({"from is": "from_value is"})


def _decay_names(c: _capi.ac_decay, prefix: str = "") -> CNames:
    """The Python names of the library's messages about the decay parameters ``c``: its
    fields, and its bounds' numbers in their kinds (``lower_bound.y``)."""
    kinds = (
        int(c.lower_bound.kind) if c.has_lower_bound else None,
        int(c.upper_bound.kind) if c.has_upper_bound else None,
    )
    return decay_fields(prefix=prefix, bound_kinds=kinds)

_OMEGA = 2 * math.pi / 0.4
DEFAULT_BOUND_SPRING = Spring(1.0, _OMEGA * _OMEGA, 2 * _OMEGA, 0.0, True)
"""The default spring back at a bound: critically damped, perceptual duration 0.4 s."""


class DecayAnimation(PropertyAnimation):
    """A value of ``key_path`` thrown with a velocity, slowing down at a constant rate, with
    optional bounds it springs back to (rubber-banding).

    - ``from_value``: the start; None = the presentation value when added.
    - ``velocity``: the start velocity, value units per second, of the key path's kind; None =
      the presentation's velocity when added (so a decay with neither continues whatever moves
      the property, without a jump).
    - ``deceleration_rate``: the fraction of the velocity kept per millisecond, in (0, 1);
      default 0.998 (UIScrollView's normal rate; 0.99 is its fast one).
    - ``minimum_speed``: > 0, value units per second below which the motion ends; default 1.
    - ``lower_bound`` / ``upper_bound``: per component (None: none); a component reaching one
      springs back to it with the velocity it had there, one starting beyond springs back from
      there, on ``bound_spring`` (default :data:`DEFAULT_BOUND_SPRING`).

    Scalar, point, size, rect, vector3 and color key paths only (WrongKindError when added).
    ``duration`` 0 (the default) becomes the stopping time when added. The library checks the
    numbers when the animation is added (OutOfRangeError, NotFiniteError... naming the field).
    Every argument but ``key_path`` is keyword-only.

    C: ac_animation_create_decay(), ac_animation_set_decay(), ac_animation_set_value()."""

    __slots__ = (
        "from_value",
        "velocity",
        "lower_bound",
        "upper_bound",
        "_deceleration_rate",
        "_minimum_speed",
        "_bound_spring",
    )

    from_value: Any
    velocity: Any
    lower_bound: Any
    upper_bound: Any

    _KEEPS_FINAL_VALUE_DEFAULT = True

    def __init__(
        self,
        key_path: str,
        *,
        from_value: Any = None,
        velocity: Any = None,
        deceleration_rate: float = 0.998,
        minimum_speed: float = 1.0,
        lower_bound: Any = None,
        upper_bound: Any = None,
        bound_spring: Spring = DEFAULT_BOUND_SPRING,
        **shared: Unpack[PropertyAnimationKeywords],
    ) -> None:
        self.key_path = key_path
        self.from_value = from_value
        self.velocity = velocity
        self.deceleration_rate = deceleration_rate
        self.minimum_speed = minimum_speed
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        self.bound_spring = bound_spring
        self._init_shared(shared)

    # ---- fields ------------------------------------------------------------------------------

    @property
    def deceleration_rate(self) -> float:
        """The fraction of the velocity kept per millisecond, in (0, 1).

        C: ac_animation_set_decay() (ac_decay.deceleration_rate)."""
        return self._deceleration_rate

    @deceleration_rate.setter
    def deceleration_rate(self, value: float) -> None:
        self._deceleration_rate = real(value, "deceleration_rate")

    @property
    def minimum_speed(self) -> float:
        """The speed (units/s) below which the motion ends, > 0.

        C: ac_animation_set_decay() (ac_decay.minimum_speed)."""
        return self._minimum_speed

    @minimum_speed.setter
    def minimum_speed(self, value: float) -> None:
        self._minimum_speed = real(value, "minimum_speed")

    @property
    def bound_spring(self) -> Spring:
        """The spring back at a bound (a :class:`Spring`).

        C: ac_animation_set_decay() (ac_decay.bound_spring)."""
        return self._bound_spring

    @bound_spring.setter
    def bound_spring(self, value: Spring) -> None:
        self._bound_spring = check_spring(value, "bound_spring")

    # ---- predictions -------------------------------------------------------------------------

    def stopping_time(self, speed: float) -> float:
        """Seconds until a start speed (units/s, >= 0) falls below ``minimum_speed``; 0 when it
        starts below. The fields are checked by the library first.

        C: ac_decay_resting_value() (the fields' checks); the time is computed in Python."""
        speed = real(speed, "speed")
        zero = to_c(ValueKind.SCALAR, 0.0)
        out = _capi.ac_value()
        c = self._c_decay(None)  # the library's checks of the fields
        check(
            _lib.ac_decay_resting_value(_byref(c), _byref(zero), _byref(zero), _byref(out)),
            _decay_names(c),
        )
        if speed <= self._minimum_speed:
            return 0.0
        return math.log(self._minimum_speed / speed) / (1000.0 * math.log(self._deceleration_rate))

    def resting_value(self, from_value: Any, velocity: Any) -> Any:
        """Where a value starting at ``from_value`` with ``velocity`` (units/s, the same kind)
        comes to rest under this decay, bounds not applied: the value when the speed falls
        below ``minimum_speed`` (what a scroll view snaps to a page before the fling runs).
        ac_decay_resting_value()."""
        kind = _bound_kind(from_value, "from_value")
        c_from = to_c(kind, from_value, "from_value")
        c_velocity = to_c(_bound_kind(velocity, "velocity"), velocity, "velocity")
        out = _capi.ac_value()
        c = self._c_decay(None)
        status = _lib.ac_decay_resting_value(
            _byref(c), _byref(c_from), _byref(c_velocity), _byref(out)
        )
        if status:
            check(
                status,
                _decay_names(c)
                | _FROM_VELOCITY
                | value_fields("from", "from_value", int(kind))
                | value_fields("velocity", "velocity", c_velocity.kind),
            )
        return from_c(out)

    # ---- C ------------------------------------------------------------------------------------

    def _c_decay(self, kind: Optional[ValueKind], prefix: str = "") -> _capi.ac_decay:
        """The ``ac_decay`` of these parameters, bounds as ``kind`` (None: their own kinds);
        checked by the library."""
        c = _capi.ac_decay()
        _capi.ac_decay_init(c)
        c.deceleration_rate = self._deceleration_rate
        c.minimum_speed = self._minimum_speed
        for bound, flag_name, field, label in (
            (self.lower_bound, "has_lower_bound", "lower_bound", "lower_bound"),
            (self.upper_bound, "has_upper_bound", "upper_bound", "upper_bound"),
        ):
            if bound is not None:
                name = prefix + label
                bound_kind = kind if kind is not None else _bound_kind(bound, name)
                setattr(c, flag_name, 1)
                to_c(bound_kind, bound, name, out=getattr(c, field))
        ctypes.memmove(
            ctypes.addressof(c.bound_spring),
            ctypes.addressof(self._bound_spring._c),
            ctypes.sizeof(_capi.ac_spring),
        )
        return c

    @classmethod
    def _from_c(
        cls, key_path: str, c: _capi.ac_decay, from_value: Any, velocity: Any
    ) -> "DecayAnimation":
        return cls(
            key_path,
            from_value=from_value,
            velocity=velocity,
            deceleration_rate=c.deceleration_rate,
            minimum_speed=c.minimum_speed,
            lower_bound=from_c(c.lower_bound) if c.has_lower_bound else None,
            upper_bound=from_c(c.upper_bound) if c.has_upper_bound else None,
            bound_spring=Spring._from_c(c.bound_spring),
        )

    def _kind_arguments(self) -> Dict[str, Any]:
        return {
            "key_path": self.key_path,
            "from_value": self.from_value,
            "velocity": self.velocity,
            "deceleration_rate": self.deceleration_rate,
            "minimum_speed": self.minimum_speed,
            "lower_bound": self.lower_bound,
            "upper_bound": self.upper_bound,
            "bound_spring": self.bound_spring,
        }


def _bound_kind(value: Any, name: str) -> ValueKind:
    """A value's kind without a key path: an int counts as a scalar (a decay moves
    coordinates)."""
    kind = kind_of(value, name)
    return ValueKind.SCALAR if kind is ValueKind.INTEGER else kind
