"""The types of the Python callbacks the engine runs for a layer: display, animation start and
stop, and the action search. Each receives the layer it runs for (its one Python object).

These are types only. The layer they name is a class of the layer modules, above the
descriptions that carry these callbacks: it is imported for type checkers only (see the layer
order in :mod:`animcore`), so that a callback's layer is typed where the user writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    from .actions import ActionAnswer
    from .layer import DynamicLayer

__all__ = [
    "ActionCallback",
    "AnimationStartCallback",
    "AnimationStopCallback",
    "DisplayCallback",
]

DisplayCallback = Callable[["DynamicLayer"], Any]
"""``display(layer)``: draw or otherwise consume the layer's presentation values."""

AnimationStartCallback = Callable[["DynamicLayer", Optional[str]], Any]
"""``on_start(layer, key)``: the copy added to ``layer`` under ``key`` (None: added without a
key) began its active duration. Runs during :meth:`Engine.tick`."""

AnimationStopCallback = Callable[["DynamicLayer", Optional[str], bool], Any]
"""``on_stop(layer, key, finished)``: the copy completed its active duration (finished True),
or was removed, replaced or its layer destroyed first (False). Runs exactly once per added copy,
during :meth:`Engine.tick` (or :meth:`Engine.close`)."""

ActionCallback = Callable[["DynamicLayer", str], "ActionAnswer"]
"""``action(layer, key)`` (actionForLayer:forKey:, +defaultActionForKey:): runs inside the
call that changes the property (``layer.opacity = ...``) or the tree, on that thread, before
the new value is stored (the layer still reads its old model value). An exception it raises
is raised by that call (as CallbackError) once the change is done; the search then goes on as
if it had answered None."""
