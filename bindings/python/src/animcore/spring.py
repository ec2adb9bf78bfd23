"""Springs (CASpringAnimation, SwiftUI's ``Spring``): :class:`Spring` and
:class:`SpringAnimation`.

::

    bouncy = Spring.perceptual(0.5, bounce=0.3)
    layer.add_animation(SpringAnimation("position.y", from_value=0, to_value=200, spring=bouncy))

    with engine.animate(spring=bouncy):      # implicit springs, velocity carried over
        layer.position = (200, 100)

A spring animation moves ``value(t) = from + (to - from)(1 - u(t))``, ``u`` being the
normalised displacement of a mass on a damped spring (``u(0) = 1``, ``u'(0) = -initial_velocity``),
``t`` the animation's local time (its timing function is ignored). Added with duration 0 it
lasts the spring's :attr:`Spring.settling_duration`.
"""

from __future__ import annotations

import ctypes
import sys
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from . import _capi
from ._c_names import CNames, spring_fields
from ._coerce import flag, real
from .animation import BasicAnimation, PropertyAnimationKeywords
from .errors import check

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = ["Spring", "SpringAnimation"]

_lib = _capi.lib
_byref = ctypes.byref
_SPRING = spring_fields()
_PERCEPTUAL = CNames({"duration_s": "duration"})


class Spring:
    """A damped spring: an immutable value (hashable, compares by its fields).

    - ``mass`` (> 0, default 1), ``stiffness`` (> 0, default 100), ``damping`` (>= 0, default
      10): Core Animation's defaults;
    - ``initial_velocity``: at the start, in fractions of the from -> to distance per second,
      positive towards the target (a gesture's v points/s is v / (to - from)); default 0;
    - ``allows_overdamping``: False (CASpringAnimation's default) treats a damping ratio above
      1 as critical; True moves slower, truly overdamped.

    The library checks the fields (OutOfRangeError, NotFiniteError naming the field); wrong
    Python types raise TypeError. :meth:`perceptual` makes one from a duration and a bounce
    (SwiftUI's ``Spring(duration:bounce:)``).

    C: ac_spring (ac_spring_settling_duration() checks it; ac_spring_from_perceptual())."""

    __slots__ = ("_c",)

    _c: _capi.ac_spring

    def __init__(
        self,
        mass: float = 1.0,
        stiffness: float = 100.0,
        damping: float = 10.0,
        initial_velocity: float = 0.0,
        allows_overdamping: bool = False,
    ) -> None:
        c = _capi.ac_spring()
        _capi.ac_spring_init(c)
        c.mass = real(mass, "mass")
        c.stiffness = real(stiffness, "stiffness")
        c.damping = real(damping, "damping")
        c.initial_velocity = real(initial_velocity, "initial_velocity")
        c.allows_overdamping = 1 if flag(allows_overdamping, "allows_overdamping") else 0
        out = ctypes.c_double()
        check(_lib.ac_spring_settling_duration(_byref(c), _byref(out)), _SPRING)  # its checks
        object.__setattr__(self, "_c", c)

    @classmethod
    def perceptual(
        cls, duration: float, bounce: float = 0.0, initial_velocity: float = 0.0
    ) -> "Spring":
        """The spring of a perceptual ``duration`` (s, > 0) and ``bounce`` (in (-1, 1): 0
        critically damped, towards 1 bouncier, below 0 overdamped): mass 1, stiffness
        (2 pi / duration)^2, damping 4 pi (1 - bounce) / duration for bounce >= 0;
        ``allows_overdamping`` True (ac_spring_from_perceptual)."""
        c = _capi.ac_spring()
        _capi.ac_spring_init(c)
        check(
            _lib.ac_spring_from_perceptual(
                real(duration, "duration"), real(bounce, "bounce"), _byref(c)
            ),
            _PERCEPTUAL,
        )
        return cls(
            c.mass,
            c.stiffness,
            c.damping,
            initial_velocity,
            bool(c.allows_overdamping),
        )

    @classmethod
    def _from_c(cls, c: _capi.ac_spring) -> "Spring":
        return cls(c.mass, c.stiffness, c.damping, c.initial_velocity, bool(c.allows_overdamping))

    # ---- fields ------------------------------------------------------------------------------

    @property
    def mass(self) -> float:
        """The mass (> 0).

        C: ac_spring.mass (checked by ac_spring_settling_duration())."""
        return float(self._c.mass)

    @property
    def stiffness(self) -> float:
        """The spring constant (> 0).

        C: ac_spring.stiffness (checked by ac_spring_settling_duration())."""
        return float(self._c.stiffness)

    @property
    def damping(self) -> float:
        """The damping coefficient (>= 0).

        C: ac_spring.damping (checked by ac_spring_settling_duration())."""
        return float(self._c.damping)

    @property
    def initial_velocity(self) -> float:
        """The start velocity, fractions of the distance per second (+ towards the target).

        C: ac_spring.initial_velocity (checked by ac_spring_settling_duration())."""
        return float(self._c.initial_velocity)

    @property
    def allows_overdamping(self) -> bool:
        """Whether a damping ratio above 1 moves overdamped (else it counts as critical).

        C: ac_spring.allows_overdamping (checked by ac_spring_settling_duration())."""
        return bool(self._c.allows_overdamping)

    # ---- derived -----------------------------------------------------------------------------

    @property
    def settling_duration(self) -> float:
        """CASpringAnimation's settlingDuration (s): until the displacement stays within 0.001
        of the distance (inf for an undamped spring).

        C: ac_spring_settling_duration()."""
        out = ctypes.c_double()
        check(_lib.ac_spring_settling_duration(_byref(self._c), _byref(out)), _SPRING)
        return float(out.value)

    def _perceptual(self) -> Tuple[float, float]:
        duration, bounce = ctypes.c_double(), ctypes.c_double()
        check(_lib.ac_spring_perceptual(_byref(self._c), _byref(duration), _byref(bounce)), _SPRING)
        return float(duration.value), float(bounce.value)

    @property
    def perceptual_duration(self) -> float:
        """SwiftUI's perceptual duration: 2 pi / natural frequency (s).

        C: ac_spring_perceptual()."""
        return self._perceptual()[0]

    @property
    def bounce(self) -> float:
        """SwiftUI's bounce: 1 - damping ratio up to critical, 1/ratio - 1 above.

        C: ac_spring_perceptual()."""
        return self._perceptual()[1]

    def _frequency_and_ratio(self) -> Tuple[float, float]:
        frequency, ratio = ctypes.c_double(), ctypes.c_double()
        check(
            _lib.ac_spring_damping_ratio(_byref(self._c), _byref(frequency), _byref(ratio)),
            _SPRING,
        )
        return float(frequency.value), float(ratio.value)

    @property
    def natural_frequency(self) -> float:
        """sqrt(stiffness / mass), radians per second.

        C: ac_spring_damping_ratio()."""
        return self._frequency_and_ratio()[0]

    @property
    def damping_ratio(self) -> float:
        """damping / (2 sqrt(stiffness mass)): below 1 the spring oscillates; inf when the
        ratio is beyond the largest float (damping 1e300 on mass 1e-300).

        C: ac_spring_damping_ratio()."""
        return self._frequency_and_ratio()[1]

    # ---- value semantics ---------------------------------------------------------------------

    def _fields(self) -> Tuple[float, float, float, float, bool]:
        return (
            self.mass,
            self.stiffness,
            self.damping,
            self.initial_velocity,
            self.allows_overdamping,
        )

    def replace(self, **changes: Any) -> "Spring":
        """A copy with some fields changed (checked again).

        C: ac_spring_settling_duration() (the checks of the new spring)."""
        names = ("mass", "stiffness", "damping", "initial_velocity", "allows_overdamping")
        unknown = set(changes) - set(names)
        if unknown:
            raise TypeError(f"unknown argument(s): {', '.join(sorted(unknown))}")
        fields: Dict[str, Any] = dict(zip(names, self._fields()))
        fields.update(changes)
        return Spring(**fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Spring is immutable: use replace({name}=...)")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Spring):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (Spring, self._fields())

    def __repr__(self) -> str:
        return (
            f"Spring(mass={self.mass!r}, stiffness={self.stiffness!r}, damping={self.damping!r}, "
            f"initial_velocity={self.initial_velocity!r}, "
            f"allows_overdamping={self.allows_overdamping!r})"
        )


def check_spring(value: Any, name: str = "spring") -> Spring:
    """``value`` if it is a Spring; TypeError otherwise."""
    if not isinstance(value, Spring):
        raise TypeError(f"{name} must be a Spring, not {type(value).__name__}")
    return value


def optional_spring(value: Any, name: str = "spring") -> Optional[Spring]:
    """``value`` if it is a Spring or None; TypeError otherwise."""
    if value is not None and not isinstance(value, Spring):
        raise TypeError(f"{name} must be a Spring or None, not {type(value).__name__}")
    return value


class SpringAnimation(BasicAnimation):
    """A CASpringAnimation of ``key_path``: a :class:`~animcore.BasicAnimation` (the same
    from/to/by combinations and shared fields) moving along ``spring`` (default
    ``Spring()``) instead of a timing curve.

    ``duration`` 0 (the default) becomes the spring's settling duration when added; the
    animation's timing function is ignored by the motion. Every argument but ``key_path`` is
    keyword-only.

    C: ac_animation_create_spring(), ac_animation_set_spring(), ac_animation_set_value()."""

    __slots__ = ("_spring",)

    def __init__(
        self,
        key_path: str,
        *,
        from_value: Any = None,
        to_value: Any = None,
        by_value: Any = None,
        spring: Optional[Spring] = None,
        **shared: Unpack[PropertyAnimationKeywords],
    ) -> None:
        self.spring = Spring() if spring is None else spring
        super().__init__(
            key_path,
            from_value=from_value,
            to_value=to_value,
            by_value=by_value,
            **shared,
        )

    @property
    def spring(self) -> Spring:
        """The spring (a :class:`Spring`).

        C: ac_animation_set_spring(), ac_animation_get_spring()."""
        return self._spring

    @spring.setter
    def spring(self, value: Spring) -> None:
        self._spring = check_spring(value)

    @property
    def settling_duration(self) -> float:
        """The spring's settling duration (s) (CASpringAnimation settlingDuration).

        C: ac_spring_settling_duration()."""
        return self._spring.settling_duration

    def _kind_arguments(self) -> Dict[str, Any]:
        arguments = super()._kind_arguments()
        arguments["spring"] = self._spring
        return arguments
