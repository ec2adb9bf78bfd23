"""The render list's enumerations: :class:`ContentsGravity` (CALayer.contentsGravity),
:class:`CornerMask` (CACornerMask, CALayer.maskedCorners) and :class:`RenderFlag` (what a
render list entry says of itself). Each is an int enum whose values are the header's
``AC_GRAVITY_*``, ``AC_CORNER_*`` and ``AC_RENDER_*`` constants, so a NumPy field of the
render list compares with them directly (``entries["flags"] & RenderFlag.CHANGED``)."""

from __future__ import annotations

import re
from enum import IntEnum, IntFlag
from typing import Union

from . import _capi
from .errors import OutOfRangeError, UnknownNameError

__all__ = ["ContentsGravity", "CornerMask", "RenderFlag", "TransitionState"]


class ContentsGravity(IntEnum):
    """Where a layer's contents go in its bounds (CALayer.contentsGravity; reference §3.4:
    top is maximum y, bottom minimum y). :meth:`parse` takes a member, its value, its name in
    any case ("resize_aspect"), or Core Animation's ("resizeAspect", "kCAGravityResizeAspect").

    C: AC_GRAVITY_* (the "contentsGravity" property, ac_layer_set_value();
    ac_render_entry.contents_gravity, ac_render_list_fill())."""

    RESIZE = _capi.AC_GRAVITY_RESIZE  # stretched to the bounds (the default)
    RESIZE_ASPECT = _capi.AC_GRAVITY_RESIZE_ASPECT  # fit inside, aspect kept, centred
    RESIZE_ASPECT_FILL = _capi.AC_GRAVITY_RESIZE_ASPECT_FILL  # cover, aspect kept, centred
    CENTER = _capi.AC_GRAVITY_CENTER
    TOP = _capi.AC_GRAVITY_TOP
    BOTTOM = _capi.AC_GRAVITY_BOTTOM
    LEFT = _capi.AC_GRAVITY_LEFT
    RIGHT = _capi.AC_GRAVITY_RIGHT
    TOP_LEFT = _capi.AC_GRAVITY_TOP_LEFT
    TOP_RIGHT = _capi.AC_GRAVITY_TOP_RIGHT
    BOTTOM_LEFT = _capi.AC_GRAVITY_BOTTOM_LEFT
    BOTTOM_RIGHT = _capi.AC_GRAVITY_BOTTOM_RIGHT

    @classmethod
    def parse(cls, value: Union["ContentsGravity", int, str]) -> "ContentsGravity":
        """A ContentsGravity from itself, its value (0...11) or a name (see the class);
        OutOfRangeError for another number, UnknownNameError for an unknown name.

        Python only (the library takes the value: ac_layer_set_value())."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            name = value[len("kCAGravity") :] if value.startswith("kCAGravity") else value
            key = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).upper()
            if key in cls.__members__:
                return cls.__members__[key]
            names = ", ".join(repr(member.core_animation_name) for member in cls)
            raise UnknownNameError(f"contents_gravity is {value!r}; it must be one of {names}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(
                f"contents_gravity must be a ContentsGravity, an int or a str, not {type(value).__name__}"
            )
        if not 0 <= value <= 11:
            raise OutOfRangeError(f"contents_gravity is {value}; it must be 0...11 (AC_GRAVITY_*)")
        return cls(value)

    @property
    def core_animation_name(self) -> str:
        """Core Animation's name ("resizeAspect", as kCAGravityResizeAspect's value).

        Python only."""
        head, *rest = self.name.lower().split("_")
        return head + "".join(part.capitalize() for part in rest)


class CornerMask(IntFlag):
    """Which corners cornerRadius rounds (CACornerMask, CALayer.maskedCorners); MinY is the
    bottom in y-up space. ``ALL`` (15) is the default.

    C: AC_CORNER_* (the "maskedCorners" property, ac_layer_set_value();
    ac_render_entry.masked_corners, ac_render_list_fill())."""

    MIN_X_MIN_Y = _capi.AC_CORNER_MIN_X_MIN_Y
    MAX_X_MIN_Y = _capi.AC_CORNER_MAX_X_MIN_Y
    MIN_X_MAX_Y = _capi.AC_CORNER_MIN_X_MAX_Y
    MAX_X_MAX_Y = _capi.AC_CORNER_MAX_X_MAX_Y
    ALL = 15


class RenderFlag(IntFlag):
    """What a render list entry says of itself (its ``flags`` field).

    - ``OPACITY_GROUP``: composite the layer and its subtree offscreen as one group, blended at
      its opacity (allowsGroupOpacity, opacity < 1);
    - ``CLIPS``: masksToBounds: contents and subtree clipped to the bounds, rounded by
      corner_radius on masked_corners;
    - ``CHANGED``: differs from the previous fill's entry of the layer, or is new;
    - ``CONTENTS_FLIPPED``: the geometryFlipped layers above, up to the tree's root (above
      the fill's root too), mirror the entry's plane: draw the contents mirrored in y, so
      that an image keeps its orientation on screen (not ``Layer.contents_are_flipped``,
      which counts the layer's own flip);
    - ``IS_MASK``: the mask of the parent entry's layer: it and its subtree (to its
      subtree_end) are drawn into the parent's mask;
    - ``SUBLAYERS_ONLY``: a CATransformLayer: it draws nothing of its own (its colours come
      cleared; no clip, mask or group; its opacity goes into its sublayers' alpha), and its
      sublayers keep their 3D, depth sorted;
    - ``INSTANCES_CLAMPED``: a replicator drew fewer instances than its instanceCount
      (:data:`MAX_REPLICATOR_INSTANCES`, alone or multiplied through nested replicators; or
      :data:`MAX_REPLICATED_ENTRIES` entries in the list).

    C: AC_RENDER_* (ac_render_entry.flags, ac_render_list_fill())."""

    OPACITY_GROUP = _capi.AC_RENDER_OPACITY_GROUP
    CLIPS = _capi.AC_RENDER_CLIPS
    CHANGED = _capi.AC_RENDER_CHANGED
    CONTENTS_FLIPPED = _capi.AC_RENDER_CONTENTS_FLIPPED
    IS_MASK = _capi.AC_RENDER_IS_MASK
    SUBLAYERS_ONLY = _capi.AC_RENDER_SUBLAYERS_ONLY
    INSTANCES_CLAMPED = _capi.AC_RENDER_INSTANCES_CLAMPED


class TransitionState(IntFlag):
    """Where a layer's transition is in its life, as a render list fill sees it (its
    ``transition_state`` field; the host's snapshot lifecycle is documented with
    ``ac_render_entry`` in the C header):

    - ``BEGAN``: new to this list: snapshot what was last drawn for the layer and its subtree
      now, keyed by ``transition_id`` (and which of the layer's entries it is, in list order,
      for a layer a replicator draws more than once: each instance shows the transition at its
      own time), dropping the layer's earlier snapshot;
    - ``IN_EFFECT``: composite the snapshot and the new rendering at the entry's offsets and
      alphas; without it draw the layer as usual (and keep the snapshot);
    - ``ACTIVE``: its progress moves: the entry is changed every fill;
    - ``ENDED``: the transition of ``transition_id`` is gone: drop its snapshot.

    C: AC_TRANSITION_BEGAN, _IN_EFFECT, _ACTIVE, _ENDED (ac_render_entry.transition_state,
    ac_render_list_fill())."""

    BEGAN = _capi.AC_TRANSITION_BEGAN
    IN_EFFECT = _capi.AC_TRANSITION_IN_EFFECT
    ACTIVE = _capi.AC_TRANSITION_ACTIVE
    ENDED = _capi.AC_TRANSITION_ENDED
