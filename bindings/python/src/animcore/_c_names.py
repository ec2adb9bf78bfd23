"""The library's messages in Python's words.

The library validates every input once and writes a message naming the C argument or struct
field that was wrong, in C's spelling: ``config->default_duration_s is -1.0; it must be > 0``.
Python callers never wrote ``config`` or ``default_duration_s``: they wrote
``Engine(default_duration=-1)``. The binding does not check again; it translates. Each call
passes :func:`animcore.errors.check` the table of the C names its message may use and the
Python names of the call that made it (a :class:`CNames`), and the message is rewritten:
the status prefix ("AC_ERR_OUT_OF_RANGE: ") goes (the status is the exception's class and its
``status`` and ``name`` attributes), the C names become Python ones, the rest of the library's
message stays as it is (``default_duration is -1.0; it must be > 0 ...``).

The tables here are per struct (:data:`TIMING`, :data:`ENGINE_CONFIG`,
:data:`ANIMATE_OPTIONS`, :func:`spring_fields`, :func:`decay_fields`, :func:`value_fields`);
calls with plain arguments build their own (``CNames({"now_s": "now"})``).
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, Mapping, Optional, Pattern, Tuple

__all__ = [
    "ADD_NAMES",
    "ANIMATE_OPTIONS",
    "CNames",
    "ENGINE_CLOSED",
    "ENGINE_CONFIG",
    "NONE",
    "TIMING",
    "decay_fields",
    "python_message",
    "spring_fields",
    "timing_fields",
    "value_fields",
]

_STATUS_PREFIX = re.compile(r"^AC_[A-Z_]+: ")


class CNames:
    """C spellings (argument names, ``struct->field`` paths, message prefixes) and their Python
    spellings, for the messages of one call. Longer C spellings are replaced first; a C name
    that starts or ends with a letter matches only as a whole word (``speed`` never matches in
    ``global_speed`` or ``timing->speed``). Tables combine with ``|`` (the right one wins)."""

    __slots__ = ("_names", "_pattern", "_patterns")

    def __init__(
        self,
        names: Optional[Mapping[str, str]] = None,
        patterns: Iterable[Tuple[str, str]] = (),
    ) -> None:
        self._names: Dict[str, str] = dict(names or {})
        self._pattern: Optional[Pattern[str]] = None
        self._patterns = tuple((re.compile(regex), replacement) for regex, replacement in patterns)

    def __or__(self, other: "CNames") -> "CNames":
        merged = dict(self._names)
        merged.update(other._names)
        result = CNames(merged)
        result._patterns = self._patterns + other._patterns
        return result

    def with_patterns(self, patterns: Iterable[Tuple[str, str]]) -> "CNames":
        """This table plus regular expressions (``re.sub`` pattern and replacement), applied
        after the names: for C spellings that carry a number (``timings[2]``)."""
        return self | CNames(patterns=patterns)

    def items(self) -> Iterable[Tuple[str, str]]:
        """The (C spelling, Python spelling) pairs."""
        return self._names.items()

    def _compiled(self) -> Optional[Pattern[str]]:
        if self._pattern is None and self._names:
            alternatives = []
            for name in sorted(self._names, key=len, reverse=True):
                before = r"(?<![\w>.])" if name[0].isalnum() or name[0] == "_" else ""
                after = r"(?!\w)" if name[-1].isalnum() or name[-1] == "_" else ""
                alternatives.append(before + re.escape(name) + after)
            self._pattern = re.compile("|".join(alternatives))
        return self._pattern

    def translate(self, message: str) -> str:
        """``message`` with every C spelling of the table replaced by its Python spelling."""
        pattern = self._compiled()
        if pattern is not None:
            message = pattern.sub(lambda match: self._names[match.group(0)], message)
        for regex, replacement in self._patterns:
            message = regex.sub(replacement, message)
        return message

    def __repr__(self) -> str:
        return f"CNames({self._names!r})"


NONE = CNames()
"""No names to translate (the message names Python's arguments already)."""


ENGINE_CLOSED = "the engine is closed (Engine.close() was called)"
"""What a call on a closed engine says, whether the binding or the library notices."""

_EVERY_CALL = CNames(
    {"engine: ": "", "the engine has been invalidated": ENGINE_CLOSED},
    patterns=(
        # A call racing close() on another thread: the library shows the pointer it refused.
        (r"\bengine is \S+; it is not a live engine \([^)]*\)", ENGINE_CLOSED),
        (r"\bengine is \S+; it is being destroyed already", "the engine is being closed"),
        # Handles are numbers to C; to Python they are objects, and their numbers mean nothing.
        (
            r"\blayer handle \d+ is not a live layer of this engine",
            "the layer no longer exists (it was destroyed when nothing held it any more)",
        ),
        (r"\blayer class handle \d+ is not", "the layer class is not"),
        (r"\blayer \d+ is layer \d+ or", "the sublayer is the layer or"),
        (r"\blayer \d+ (has|holds)\b", r"the layer \1"),
        (r"\blayer \d{4,}\b", "a layer"),
    ),
)
"""What any call's message may say in C's words: the engine argument (a state error of the
engine itself, such as a commit without a transaction), which Python calls never name, an
engine pointer and raw layer handles."""


def python_message(message: str, names: Optional[CNames]) -> str:
    """The library's ``message`` without its status prefix, with ``names`` translated (and the
    names every call shares); ``names`` None keeps C's names (a raw call)."""
    message = _STATUS_PREFIX.sub("", message, count=1)
    if names is None:
        return message
    return _EVERY_CALL.translate(names.translate(message))


# ---- ac_timing -------------------------------------------------------------------------------

_TIMING_FIELDS = (
    ("begin_time_s", "begin_time"),
    ("duration_s", "duration"),
    ("speed", "speed"),
    ("time_offset_s", "time_offset"),
    ("repeat_count", "repeat_count"),
    ("repeat_duration_s", "repeat_duration"),
    ("autoreverses", "autoreverses"),
    ("fill_mode", "fill_mode"),
)


def timing_fields(argument: str = "timing", prefix: str = "") -> CNames:
    """``timing->duration_s`` -> ``duration`` (``prefix`` before each Python name, e.g. a
    group child's "animations[1].")."""
    return CNames({f"{argument}->{c}": prefix + python for c, python in _TIMING_FIELDS})


TIMING = timing_fields()
"""An ``ac_timing`` passed as ``timing``: the fields are Timing's keyword arguments."""

# ---- ac_engine_config ------------------------------------------------------------------------

ENGINE_CONFIG = CNames(
    {
        "config->default_duration_s": "default_duration",
        "config->global_speed": "global_speed",
    }
)
"""Engine(default_duration=, global_speed=)."""

# ---- ac_animate_options ----------------------------------------------------------------------

ANIMATE_OPTIONS = CNames(
    {
        "options->duration_s": "duration",
        "options->delay_s": "delay",
        "options->repeat_count": "repeat_count",
        "options->autoreverses": "autoreverses",
        "options->begin_from_current_state": "begin_from_current_state",
        "options->additive": "additive",
        "options->custom_function": "curve",
        "options->curve": "curve",
        "options->spring->": "spring.",
        "options->spring": "spring",
    }
)
"""Engine.animate(duration=, delay=, curve=, repeat_count=, ...)."""

# ---- ac_spring, ac_decay ---------------------------------------------------------------------

_SPRING_FIELDS = ("mass", "stiffness", "damping", "initial_velocity", "allows_overdamping")


def spring_fields(argument: str = "spring", python: str = "") -> CNames:
    """``spring->mass`` -> ``mass`` (``python`` + "." before it when given, e.g.
    "bound_spring.mass")."""
    lead = f"{python}." if python else ""
    names = {f"{argument}->{field}": lead + field for field in _SPRING_FIELDS}
    if python:
        names[argument] = python
    return CNames(names)


_DECAY_FIELDS = (
    ("deceleration_rate", "deceleration_rate"),
    ("minimum_speed", "minimum_speed"),
    ("has_lower_bound", "lower_bound"),
    ("has_upper_bound", "upper_bound"),
    ("lower_bound", "lower_bound"),
    ("upper_bound", "upper_bound"),
)


def decay_fields(
    argument: str = "decay",
    prefix: str = "",
    bound_kinds: Tuple[Optional[int], Optional[int]] = (None, None),
) -> CNames:
    """``decay->deceleration_rate`` -> ``deceleration_rate``, the bounds and their numbers
    (``decay->lower_bound->v[1]`` -> ``lower_bound.y``, of the AC_VALUE_* kinds ``bound_kinds``
    of the lower and upper bound; None: any kind) and the bound spring
    (``decay->bound_spring.mass`` -> ``bound_spring.mass``); ``prefix`` as in
    :func:`timing_fields`."""
    names = {f"{argument}->{c}": prefix + python for c, python in _DECAY_FIELDS}
    for field in _SPRING_FIELDS:
        names[f"{argument}->bound_spring.{field}"] = f"{prefix}bound_spring.{field}"
        names[f"{argument}->bound_spring->{field}"] = f"{prefix}bound_spring.{field}"
    names[f"{argument}->bound_spring"] = f"{prefix}bound_spring"
    table = CNames(names)
    for bound, kind in zip(("lower_bound", "upper_bound"), bound_kinds):
        table = table | value_fields(f"{argument}->{bound}", prefix + bound, kind)
    return table


# The Swift core's names in the messages of an add (ac_layer_add_animation), and the Python
# arguments they stand for: "animation: animation.keyPath is "x"; ..." -> "key_path is "x"; ...",
# "animation.animations[1].toValue" -> "animations[1].to_value".
_FIELDS = {
    "keyPath": "key_path",
    "fromValue": "from_value",
    "toValue": "to_value",
    "byValue": "by_value",
    "values": "values",
    "keyTimes": "key_times",
    "timingFunctions": "timing_functions",
    "timingFunction": "timing_function",
    "calculationMode": "mode",
    "tensionValues": "tension",
    "continuityValues": "continuity",
    "biasValues": "bias",
    "path": "path",
    "rotationMode": "rotation_mode",
    "decelerationRate": "deceleration_rate",
    "minimumSpeed": "minimum_speed",
    "lowerBound": "lower_bound",
    "upperBound": "upper_bound",
    "boundSpring": "bound_spring",
    "velocity": "velocity",
    "spring": "spring",
    "initialVelocity": "initial_velocity",
    "allowsOverdamping": "allows_overdamping",
    "removedOnCompletion": "removed_on_completion",
    "keepsFinalValue": "keeps_final_value",
    "valueFunction": "value_function",
    "animations": "animations",
}
ADD_NAMES = CNames(
    {
        "animation: ": "",
        "animation.timing: ": "",
        "animation.decay.": "",
        "animation.spring.": "spring.",
        ".decay.": ".",
        **{f"animation.{swift}": python for swift, python in _FIELDS.items()},
        **{f".{swift}": f".{python}" for swift, python in _FIELDS.items()},
    }
)
"""The messages of ac_layer_add_animation() and ac_layer_set_action() in Python's words, and of
a property change whose action's animation the library refuses."""


# ---- ac_value --------------------------------------------------------------------------------

# The Python field names of each value kind's numbers (ac_value.v[i]), by AC_VALUE_* code.
_COMPONENTS: Dict[int, Tuple[str, ...]] = {
    0: (),  # scalar: the value itself
    1: ("x", "y"),
    2: ("width", "height"),
    3: ("x", "y", "width", "height"),
    4: ("x", "y", "z"),
    5: ("red", "green", "blue", "alpha"),
    6: ("a", "b", "c", "d", "tx", "ty"),
    7: tuple(f"m{row}{column}" for row in range(1, 5) for column in range(1, 5)),
}


def value_fields(c_name: str, python: str, kind: Optional[int]) -> CNames:
    """An ``ac_value`` the library names ``c_name`` (``value``, ``values[2]``,
    ``decay->lower_bound``), given by Python as ``python`` (``to_value``, ``values[2]``,
    ``radius``) and of the kind ``kind`` (an AC_VALUE_* code; None: any kind):
    ``value->v[1]`` -> ``to_value.y``, ``value->v[0]`` of a scalar -> ``to_value``,
    ``value->i`` -> ``to_value``, ``value->kind`` -> ``to_value``."""
    names: Dict[str, str] = {}
    kinds = [kind] if kind is not None else list(_COMPONENTS)
    for code in kinds:
        components = _COMPONENTS.get(code, ())
        if not components:
            names.setdefault(f"{c_name}->v[0]", python)
        for index, component in enumerate(components):
            names.setdefault(f"{c_name}->v[{index}]", f"{python}.{component}")
    names[f"{c_name}->i"] = python
    names[f"{c_name}->kind"] = python
    names[f"{c_name}->reserved"] = python
    names[f"{c_name}: "] = ""  # the message after it names the value itself
    return CNames(names)


def property_value_fields(python: str, kind: int) -> CNames:
    """A property's value set on a layer: the library says ``value: position.v[1] is nan``
    (the property named); Python says ``position.y is nan``."""
    names: Dict[str, str] = {}
    components = _COMPONENTS.get(kind, ())
    for index, component in enumerate(components):
        names[f"{python}.v[{index}]"] = f"{python}.{component}"
    return value_fields("value", python, kind) | CNames(names)
