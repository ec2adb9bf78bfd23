"""What the action search answers (actionForKey:): an animation to run, :data:`NO_ACTION` to
stop the search with no action (Objective-C's NSNull), or None to continue the search."""

from __future__ import annotations

from typing import Optional, Union

from .animation import Animation

__all__ = ["NO_ACTION", "ActionAnswer", "NoAction"]


class NoAction:
    """The type of :data:`NO_ACTION` (one instance).

    C: AC_ACTION_NONE (what an ac_action_fn answers; see ac_layer_set_action())."""

    _instance: Optional["NoAction"] = None

    def __new__(cls) -> "NoAction":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NO_ACTION"

    def __reduce__(self) -> str:
        return "NO_ACTION"


NO_ACTION = NoAction()
"""An explicit "no action": answered by an action callback, or put in a layer's actions table,
it ends the action search with no action (Core Animation's NSNull)."""

ActionAnswer = Union[Animation, NoAction, None]
"""An action: an animation to run (added under the key), :data:`NO_ACTION` to stop
the search with no action, or None to continue the search."""
