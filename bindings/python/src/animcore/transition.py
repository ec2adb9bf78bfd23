"""Transitions (CATransition): :class:`Transition`, its :class:`TransitionType` and
:class:`TransitionSubtype`, and :func:`transition_composite`.

::

    layer.add_animation(Transition(type="push", subtype="fromRight", duration=0.4))
    layer.set_value("contents", new_image)     # in the same transaction: the new state

A transition animates no property: the layer's old rendering gives way to its new one. It is
added under the key "transition" whatever key is given (adding one replaces the layer's running
transition), or returned by an action for a "contents" change or a replace_sublayer. The render
list tells the host, per entry of a layer running one, its id (to key the snapshot of the old
rendering the host keeps), type, subtype, progress p and the offsets and alphas to composite the
old and new images with (:class:`~animcore.TransitionState` says when to snapshot and when to
drop; see ``ac_render_entry`` in the C header). p is ``start_progress + (end_progress -
start_progress) * f``, f the eased fraction of the duration.
"""

from __future__ import annotations

import ctypes
import sys
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, Dict, NamedTuple, Optional, Tuple, Union

from . import _capi
from ._c_names import CNames
from ._coerce import real
from .animation import Animation, AnimationKeywords
from .errors import UnknownNameError, check

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers know typing_extensions without it being installed
        from typing_extensions import Unpack

__all__ = [
    "Transition",
    "TransitionComposite",
    "TransitionLayering",
    "TransitionSubtype",
    "TransitionType",
    "transition_composite",
]

_lib = _capi.lib
_byref = ctypes.byref

TRANSITION_KEY = "transition"
"""The key every transition is added under (kCATransition)."""


class TransitionType(str, Enum):
    """How the new content replaces the old (CATransitionType; Core Animation's strings).

    C: AC_TRANSITION_FADE, _MOVE_IN, _PUSH, _REVEAL (ac_transition.type,
    ac_animation_set_transition())."""

    FADE = "fade"  # the old fades out as the new fades in (the default)
    MOVE_IN = "moveIn"  # the new slides in over the old
    PUSH = "push"  # the new slides in pushing the old out
    REVEAL = "reveal"  # the old slides out uncovering the new

    @property
    def code(self) -> int:
        """The C constant. Python only."""
        return _TYPE_CODES[self]


class TransitionSubtype(str, Enum):
    """The side a transition's motion starts from (CATransitionSubtype); None (no subtype) acts
    as ``FROM_LEFT``. Top is maximum y, as in every Core Animation geometry.

    C: AC_TRANSITION_FROM_RIGHT, _LEFT, _TOP, _BOTTOM (ac_transition.subtype,
    ac_animation_set_transition())."""

    FROM_RIGHT = "fromRight"
    FROM_LEFT = "fromLeft"
    FROM_TOP = "fromTop"
    FROM_BOTTOM = "fromBottom"

    @property
    def code(self) -> int:
        """The C constant. Python only."""
        return _SUBTYPE_CODES[self]


_TYPE_CODES = {
    TransitionType.FADE: _capi.AC_TRANSITION_FADE,
    TransitionType.MOVE_IN: _capi.AC_TRANSITION_MOVE_IN,
    TransitionType.PUSH: _capi.AC_TRANSITION_PUSH,
    TransitionType.REVEAL: _capi.AC_TRANSITION_REVEAL,
}
_SUBTYPE_CODES = {
    TransitionSubtype.FROM_RIGHT: _capi.AC_TRANSITION_FROM_RIGHT,
    TransitionSubtype.FROM_LEFT: _capi.AC_TRANSITION_FROM_LEFT,
    TransitionSubtype.FROM_TOP: _capi.AC_TRANSITION_FROM_TOP,
    TransitionSubtype.FROM_BOTTOM: _capi.AC_TRANSITION_FROM_BOTTOM,
}
TYPES_BY_CODE = {code: member for member, code in _TYPE_CODES.items()}
SUBTYPES_BY_CODE = {code: member for member, code in _SUBTYPE_CODES.items()}


class TransitionLayering(IntEnum):
    """How a transition's old image and new rendering are put together.

    C: AC_TRANSITION_LAYERING_* (ac_render_entry.transition_layering, ac_render_list_fill(),
    ac_transition_composite_at())."""

    NEW_OVER_OLD = _capi.AC_TRANSITION_LAYERING_NEW_OVER_OLD  # moveIn, push
    OLD_OVER_NEW = _capi.AC_TRANSITION_LAYERING_OLD_OVER_NEW  # reveal
    CROSS_DISSOLVE = _capi.AC_TRANSITION_LAYERING_CROSS_DISSOLVE  # fade: the weighted sum


def _parse_type(value: Union[TransitionType, str]) -> TransitionType:
    if isinstance(value, TransitionType):
        return value
    if not isinstance(value, str):
        raise TypeError(f"type must be a TransitionType or a str, not {type(value).__name__}")
    for member in TransitionType:
        if member.value == value:
            return member
    raise UnknownNameError(f'type is "{value}"; it must be "fade", "moveIn", "push" or "reveal"')


def _parse_subtype(value: Union[TransitionSubtype, str, None]) -> Optional[TransitionSubtype]:
    if value is None or isinstance(value, TransitionSubtype):
        return value
    if not isinstance(value, str):
        raise TypeError(
            f"subtype must be a TransitionSubtype, a str or None, not {type(value).__name__}"
        )
    for member in TransitionSubtype:
        if member.value == value:
            return member
    raise UnknownNameError(
        f'subtype is "{value}"; it must be "fromRight", "fromLeft", "fromTop", "fromBottom" or None'
    )


_FIELDS = {
    "transition->start_progress": "start_progress",
    "transition->end_progress": "end_progress",
    "transition->type": "type",
    "transition->subtype": "subtype",
}
"""The C fields of ac_transition and their Python names."""


class Transition(Animation):
    """A CATransition: the layer's old rendering gives way to its new one.

    - ``type``: a :class:`TransitionType` or its name; default "fade".
    - ``subtype``: a :class:`TransitionSubtype`, its name, or None (the default: a motion
      starts from the left); fade ignores it.
    - ``start_progress`` / ``end_progress``: where in the effect it starts and ends, in [0, 1],
      start <= end; defaults 0 and 1. The library checks them when the transition is added
      (OutOfRangeError, NotFiniteError, InvalidArgumentError naming the field).

    The timing and the other fields are those of :class:`~animcore.Animation` (a transition has
    no key path, additive or cumulative): duration 0 is the transaction's duration (0.25 s by
    default). A group refuses a transition child.

    C: ac_animation_create_transition(), ac_animation_set_transition()."""

    __slots__ = ("_type", "_subtype", "_start_progress", "_end_progress")

    _KEYWORDS = AnimationKeywords

    def __init__(
        self,
        type: Union[TransitionType, str] = TransitionType.FADE,
        subtype: Union[TransitionSubtype, str, None] = None,
        *,
        start_progress: float = 0.0,
        end_progress: float = 1.0,
        **shared: Unpack[AnimationKeywords],
    ) -> None:
        self.type = type
        self.subtype = subtype
        self.start_progress = start_progress
        self.end_progress = end_progress
        self._init_shared(shared)

    @property
    def type(self) -> TransitionType:
        """How the new content replaces the old; accepts a name.

        C: ac_animation_set_transition() (ac_transition.type)."""
        return self._type

    @type.setter
    def type(self, value: Union[TransitionType, str]) -> None:
        self._type = _parse_type(value)

    @property
    def subtype(self) -> Optional[TransitionSubtype]:
        """The side a motion starts from, or None; accepts a name.

        C: ac_animation_set_transition() (ac_transition.subtype)."""
        return self._subtype

    @subtype.setter
    def subtype(self, value: Union[TransitionSubtype, str, None]) -> None:
        self._subtype = _parse_subtype(value)

    @property
    def start_progress(self) -> float:
        """Where in the effect it starts, in [0, 1].

        C: ac_animation_set_transition() (ac_transition.start_progress)."""
        return self._start_progress

    @start_progress.setter
    def start_progress(self, value: float) -> None:
        self._start_progress = real(value, "start_progress")

    @property
    def end_progress(self) -> float:
        """Where in the effect it ends, in [start_progress, 1].

        C: ac_animation_set_transition() (ac_transition.end_progress)."""
        return self._end_progress

    @end_progress.setter
    def end_progress(self, value: float) -> None:
        self._end_progress = real(value, "end_progress")

    # ---- C ------------------------------------------------------------------------------------

    def _c_transition(self) -> _capi.ac_transition:
        c = _capi.ac_transition()
        _capi.ac_transition_init(c)
        c.type = self._type.code
        c.subtype = self._subtype.code if self._subtype is not None else _capi.AC_TRANSITION_FROM_NONE
        c.start_progress = self._start_progress
        c.end_progress = self._end_progress
        return c

    def _write(self, ptr: Any, handle: int, prefix: str = "") -> None:
        """Sets the parameters of the library description ``handle``; the library's checks,
        naming the Python fields."""
        c = self._c_transition()
        names = CNames({c_name: prefix + name for c_name, name in _FIELDS.items()})
        check(_lib.ac_animation_set_transition(ptr, handle, _byref(c)), names)

    @classmethod
    def _from_c(cls, c: _capi.ac_transition) -> "Transition":
        return cls(
            TYPES_BY_CODE[c.type],
            SUBTYPES_BY_CODE.get(c.subtype),
            start_progress=c.start_progress,
            end_progress=c.end_progress,
        )

    def _kind_arguments(self) -> Dict[str, Any]:
        return {
            "type": self._type,
            "subtype": self._subtype,
            "start_progress": self._start_progress,
            "end_progress": self._end_progress,
        }


class TransitionComposite(NamedTuple):
    """Where and how a transition's old image and new rendering are drawn at a progress:
    offsets (x, y) in the layer's space, alphas in [0, 1], and the layering.

    C: ac_transition_composite (ac_transition_composite_at())."""

    old_offset: Tuple[float, float]
    new_offset: Tuple[float, float]
    old_alpha: float
    new_alpha: float
    layering: TransitionLayering


def transition_composite(
    type: Union[TransitionType, str],
    subtype: Union[TransitionSubtype, str, None],
    progress: float,
    width: float,
    height: float,
) -> TransitionComposite:
    """The composite of a transition at ``progress`` over bounds of ``width`` x ``height``
    (reference §6.2): what the render list's entries carry.

    C: ac_transition_composite_at()."""
    kind = _parse_type(type)
    side = _parse_subtype(subtype)
    out = _capi.ac_transition_composite()
    check(
        _lib.ac_transition_composite_at(
            kind.code,
            side.code if side is not None else _capi.AC_TRANSITION_FROM_NONE,
            real(progress, "progress"),
            real(width, "width"),
            real(height, "height"),
            _byref(out),
        )
    )
    return TransitionComposite(
        (out.old_offset[0], out.old_offset[1]),
        (out.new_offset[0], out.new_offset[1]),
        out.old_alpha,
        out.new_alpha,
        TransitionLayering(out.layering),
    )
