"""The binding's modules in layers, lowest first. A module imports modules of its own layer or
of the layers below, never of a layer above, and never inside a function; nothing imports in
a cycle. ``tests/test_module_layers.py`` holds every module to this, reading the table below.

An object of an upper layer reaches a lower one by being handed to it: the engine passes
itself to a layer, a transaction and the codec (typed there as :class:`_handles.EngineHandle`,
what they use of it), and a layer passes its ``_animated_kind`` to the codec. A type checker
may still need the upper type to type what the user receives (``layer.engine`` is an
:class:`~animcore.Engine`; a callback receives a :data:`~animcore.DynamicLayer`): such an
import is made under ``TYPE_CHECKING`` only, and each one is listed, with its reason, in the
test.
"""

from __future__ import annotations

from typing import Tuple

LAYERS: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    (
        "C table and errors",
        (
            "_library",
            "_c_names",
            "_capi",
            "errors",
            "_coerce",
            "_keywords",
            "_buffers",
            "clock",
            "version",
        ),
    ),
    ("handles", ("_handles", "_callbacks")),
    (
        "values",
        (
            "values",
            "timing_function",
            "timing",
            "rendering",
            "builtin_classes",
            "_adapt",
            "path",
            "time_space",
            "_variable_values",
        ),
    ),
    (
        "descriptions",
        (
            "properties",
            "callback_types",
            "animation",
            "spring",
            "decay",
            "keyframe_animation",
            "animation_group",
            "transition",
            "actions",
        ),
    ),
    ("codec and callbacks", ("_trampolines", "_codec", "_action_trampoline")),
    (
        "layer, batch, class, transaction",
        (
            "_layer_attributes",
            "_layer_actions",
            "_layer_animations",
            "_layer_geometry",
            "layer",
            "presentation",
            "layer_batch",
            "render_list",
            "layer_class",
            "transaction",
            "animator",
        ),
    ),
    ("engine", ("engine",)),
    ("the package", ("__init__", "_layers")),
)
"""(layer name, its modules), lowest layer first."""
