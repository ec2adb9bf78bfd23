"""Animation groups (CAAnimationGroup): :class:`AnimationGroup`.

::

    group = AnimationGroup([
        BasicAnimation("opacity", from_value=0, to_value=1),
        KeyframeAnimation("position", path=path, begin_time=0.5, duration=1),
    ], duration=2, fill_mode="forwards", removed_on_completion=False)
    layer.add_animation(group, "intro")

The children run in the group's time space (reference §6.6): their parent time is the group's
basic local time (in [0, group duration]), their begin times are relative to the group's start,
speeds multiply, and they are clipped to the group's active duration, not scaled (a 10 s child
in a 5 s group shows its first 5 s). A child with duration 0 spans the group's duration. Each
child animates its own key path; groups nest (at most :data:`MAXIMUM_DEPTH` levels). Only the
group's callbacks run; the children's on_start / on_stop and removed_on_completion are ignored.

A sequence (``sequential=True``; beyond Core Animation: Qt's QSequentialAnimationGroup, a GSAP
timeline) runs its children one after another instead::

    intro = AnimationGroup([
        BasicAnimation("opacity", from_value=0, to_value=1, duration=0.3),
        BasicAnimation("position.y", by_value=-20, duration=0.5, begin_time=0.2),  # a 0.2 s pause
        BasicAnimation("opacity", to_value=0.5, duration=0.3, begin_time=-0.1),     # overlaps by 0.1
    ], sequential=True)

Each child's begin time counts from the end of the child before it (a gap when positive, an
overlap when negative; the children's fill modes say what a gap shows); a child of duration 0
takes the duration it would take added alone (the transaction's); the sequence lasts until the
latest end of its children unless it has a duration of its own, also inside another group.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional

from . import _capi
from .animation import Animation, AnimationKeywords
from .errors import OutOfRangeError

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = ["AnimationGroup", "MAXIMUM_DEPTH"]

MAXIMUM_DEPTH: int = _capi.AC_GROUP_DEPTH_MAX
"""The deepest nesting the engine accepts: a group in a group ... 16 groups in all."""


def check_animations(value: Any, name: str = "animations") -> List[Animation]:
    """The children as a list; TypeError names the entry that is not an animation."""
    if value is None:
        return []
    if isinstance(value, (str, bytes, Animation)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of animations, not {type(value).__name__}")
    children = list(value)
    for index, child in enumerate(children):
        if not isinstance(child, Animation):
            raise TypeError(
                f"{name}[{index}] must be a BasicAnimation, KeyframeAnimation or AnimationGroup, "
                f"not {type(child).__name__}"
            )
    return children


def group_depth(animation: Animation, name: str = "animations") -> int:
    """How many groups deep ``animation`` nests: 0 for a property animation, 1 for a group of
    property animations... OutOfRangeError beyond MAXIMUM_DEPTH (a group that contains itself
    included). Each group is visited once, however many times it is a child: a description
    of a few objects may stand for children^depth animations, and the time taken is the
    objects' (the library refuses such a tree by its size when it is added)."""
    known: Dict[int, int] = {}

    def depth(item: Animation, level: int) -> int:
        if not isinstance(item, AnimationGroup):
            return 0
        found = known.get(id(item))
        if found is None:
            if level > MAXIMUM_DEPTH:
                found = MAXIMUM_DEPTH + 1  # deeper than allowed, or its own ancestor
            else:
                found = 1 + max((depth(child, level + 1) for child in item._animations), default=0)
            known[id(item)] = found
        if level - 1 + found > MAXIMUM_DEPTH:
            raise OutOfRangeError(
                f"{name} nests groups more than {MAXIMUM_DEPTH} deep (or contains its own "
                f"group); at most {MAXIMUM_DEPTH} levels are allowed"
            )
        return found

    return depth(animation, 1)


class AnimationGroup(Animation):
    """A CAAnimationGroup of ``animations`` (any animations, groups included), each animating
    its own key path in the group's time space (see the module docstring).

    The timing and the other fields are those of :class:`~animcore.Animation` (a group has no
    key path, additive or cumulative). Every argument but ``animations`` is keyword-only.
    ``animations`` is a list (editable in place); its entries are checked when set and when
    the group is added (TypeError, OutOfRangeError for nesting deeper than 16 levels).

    ``sequential`` (default False) makes it a sequence: the children run one after another (see
    the module docstring).

    C: ac_animation_create_group(), ac_animation_set_children(), ac_animation_set_flag()
    (AC_ANIMATION_SEQUENTIAL)."""

    __slots__ = ("_animations", "_sequential")

    _POSITIONAL = ("animations",)

    _animations: List[Animation]

    def __init__(
        self,
        animations: Optional[Iterable[Animation]] = None,
        *,
        sequential: bool = False,
        **shared: Unpack[AnimationKeywords],
    ) -> None:
        self.animations = animations
        self.sequential = sequential
        self._init_shared(shared)

    @property
    def sequential(self) -> bool:
        """Whether the children run one after another (a sequence) instead of together.

        C: ac_animation_set_flag() (AC_ANIMATION_SEQUENTIAL)."""
        return self._sequential

    @sequential.setter
    def sequential(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"sequential must be a bool, not {type(value).__name__}")
        self._sequential = value

    @property
    def animations(self) -> List[Animation]:
        """The children, in the order they apply (a list; settable from any sequence).

        C: ac_animation_set_children(), ac_animation_copy_child()."""
        return self._animations

    @animations.setter
    def animations(self, value: Optional[Iterable[Animation]]) -> None:
        self._animations = check_animations(value)

    @property
    def depth(self) -> int:
        """How many groups deep the group nests (1 for a group of property animations).

        Python only (AC_GROUP_DEPTH_MAX bounds it)."""
        return group_depth(self)

    def _kind_arguments(self) -> Dict[str, Any]:
        return {"animations": self._animations, "sequential": self._sequential}
