"""Every refusal the public Python API can reach speaks Python: the message names the Python
argument or property (``duration is -1.0; it must be >= 0``, ``radius is nan``), never a C
argument, a struct field or a status prefix; the status stays the exception's class and its
``status`` and ``name`` attributes.

Each case below drives one refusing path (a bad value for each keyword of each class and
method, bad keys, bad handles, wrong kinds, a closed engine...) and says which exception and
which Python words it expects; :func:`test_no_message_speaks_c` runs them all and checks that
no message contains a C spelling.
"""

# Wrong argument types are passed on purpose here.
# mypy: disable-error-code="arg-type,list-item,call-overload,misc,assignment,attr-defined"

from __future__ import annotations

import math
from fractions import Fraction
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Tuple, Type

import pytest

import animcore as ac
from animcore import (
    AnimcoreError,
    BadHandleError,
    CycleError,
    InvalidArgumentError,
    InvalidStateError,
    NotAnimatableError,
    NotFiniteError,
    NotInvertibleError,
    OutOfRangeError,
    UnknownKeyError,
    UnknownNameError,
    WrongKindError,
)

NAN = math.nan
INF = math.inf

# What a Python message must never contain: C's struct access and field spellings, status
# prefixes, value slots, out parameters, NULL, struct names, C argument prefixes, and the
# Swift core's own field names.
C_SPELLINGS = [
    (re.compile(r"->"), "a C struct access (->)"),
    (re.compile(r"\bAC_"), "a C constant or status name"),
    (re.compile(r"[a-z]_s\b"), "a C field or argument with a seconds suffix (_s)"),
    (re.compile(r"\bv\["), "a value slot (v[...])"),
    (re.compile(r"\bout_"), "a C out parameter"),
    (re.compile(r"\bstruct"), "a C struct"),
    (re.compile(r"\bNULL\b"), "NULL"),
    (
        re.compile(r"\b(config|options|timing|desc|decay|spring|animation)(->|\.\w|: )"),
        "a C argument prefix",
    ),
    (re.compile(r"\b(ac_\w+)"), "a C function or type"),
    (re.compile(r"\b(u?int(32|64)_t|size_t|double)\b"), "a C type"),
    (re.compile(r"0x[0-9a-fA-F]{6,}|Optional\("), "a pointer"),
    (re.compile(r"\b(layer|class|handle|animation) \d{4,}"), "a raw handle number"),
    (re.compile(r"\binvalidated\b"), "the core's word for a closed engine"),
    (
        re.compile(
            r"\b(keyPath|fromValue|toValue|byValue|keyTimes|timingFunctions?|calculationMode|"
            r"rotationMode|decelerationRate|minimumSpeed|boundSpring|lowerBound|upperBound|"
            r"initialVelocity|allowsOverdamping|removedOnCompletion|defaultDuration|"
            r"globalSpeed|tensionValues|continuityValues|biasValues)\b"
        ),
        "a Swift field name",
    ),
]


def c_spellings(message: str) -> List[str]:
    """What in ``message`` is C's (or Swift's) spelling, described."""
    return [
        f"{what}: {m.group(0)!r}"
        for pattern, what in C_SPELLINGS
        for m in pattern.finditer(message)
    ]


@dataclass
class World:
    """The objects the cases use: an engine with a permissive and a strict class, committed
    layers, a layer of another engine and one of a closed engine."""

    engine: ac.Engine
    other: ac.Engine
    closed: ac.Engine
    Blob: ac.LayerClass[Any]
    Circle: ac.LayerClass[Any]
    blob: Any
    circle: Any
    plain: ac.Layer
    foreign: ac.Layer
    stale: ac.Layer
    extra: Dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def world() -> Iterator[World]:
    engine = ac.Engine()
    other = ac.Engine()
    closed = ac.Engine()
    Blob = engine.layer_class(
        "Blob",
        {
            "radius": 1.0,
            "count": 0,
            "flag": False,
            "center": ac.Point(0, 0),
            "fixed": ac.Property(0.0, animatable=False),
        },
    )
    Circle = engine.layer_class(
        "Circle", {"radius": 1.0, "color": ac.Color(1, 0, 0, 1)}, strict=True
    )
    stale = closed.layer()
    closed.close()
    w = World(
        engine=engine,
        other=other,
        closed=closed,
        Blob=Blob,
        Circle=Circle,
        blob=Blob(),
        circle=Circle(),
        plain=engine.layer(),
        foreign=other.layer(),
        stale=stale,
    )
    engine.tick(0.0)
    try:
        yield w
    finally:
        engine.close()
        other.close()


Call = Callable[[World], Any]


@dataclass(frozen=True)
class Case:
    id: str
    call: Call
    error: Type[BaseException]
    words: Tuple[str, ...]


CASES: List[Case] = []


def case(id: str, error: Type[BaseException], *words: str) -> Callable[[Call], Call]:
    """Registers ``call(world)``: it must raise ``error`` with a message containing ``words``."""

    def register(call: Call) -> Call:
        CASES.append(Case(id, call, error, words))
        return call

    return register


def add(call: Callable[[World], Any], error: Type[BaseException], id: str, *words: str) -> None:
    CASES.append(Case(id, call, error, words))


# ---- Engine ------------------------------------------------------------------------------------

for value, error, words in [
    (-1, OutOfRangeError, ("default_duration is -1.0",)),
    (0, OutOfRangeError, ("default_duration is 0.0",)),
    (NAN, NotFiniteError, ("default_duration is nan",)),
    (INF, NotFiniteError, ("default_duration is inf",)),
    (1e16, OutOfRangeError, ("default_duration",)),
    ("1", TypeError, ("default_duration",)),
]:
    add(
        lambda w, v=value: ac.Engine(default_duration=v),
        error,
        f"Engine-default_duration-{value}",
        *words,
    )
for value, error, words in [
    (-1, OutOfRangeError, ("global_speed is -1.0",)),
    (NAN, NotFiniteError, ("global_speed is nan",)),
    (1e7, OutOfRangeError, ("global_speed",)),
    (None, TypeError, ("global_speed",)),
]:
    add(lambda w, v=value: ac.Engine(global_speed=v), error, f"Engine-global_speed-{value}", *words)
    add(
        lambda w, v=value: setattr(w.engine, "global_speed", v),
        error,
        f"Engine.global_speed-{value}",
        *words,
    )
for value, error in [
    (NAN, NotFiniteError),
    (INF, NotFiniteError),
    (1e16, OutOfRangeError),
    ("0", TypeError),
]:
    add(lambda w, v=value: w.engine.tick(v), error, f"tick-{value}", "now")
add(lambda w: w.closed.tick(1.0), BadHandleError, "tick-closed", "closed")
add(lambda w: w.closed.current_time, BadHandleError, "current_time-closed", "closed")
add(lambda w: w.closed.layer(), BadHandleError, "layer-closed", "closed")
add(
    lambda w: w.engine.convert_time(NAN, None, None),
    NotFiniteError,
    "convert_time-nan",
    "time is nan",
)
add(lambda w: w.engine.convert_time(1.0, "x", None), TypeError, "convert_time-type", "from_layer")
add(
    lambda w: w.engine.convert_time(1.0, None, w.foreign),
    BadHandleError,
    "convert_time-foreign",
    "to_layer",
)
add(lambda w: w.engine.key(3), TypeError, "key-type", "name")
add(lambda w: w.engine.key("a\0b"), InvalidArgumentError, "key-nul", "name")
add(lambda w: w.engine.key(""), UnknownKeyError, "key-empty", "name")
add(lambda w: w.engine.key_name(987654), BadHandleError, "key_name-made-up", "987654")
add(lambda w: w.engine.key_name(w.engine.key("opacity") | 0xFFFFF), UnknownKeyError, "key_name-unknown", "key")


# transaction(...)
for keyword, value, error, words in [
    ("duration", -1, OutOfRangeError, ("duration is -1.0",)),
    ("duration", NAN, NotFiniteError, ("duration is nan",)),
    ("duration", "1", TypeError, ("duration",)),
    ("timing_function", "bouncy", UnknownNameError, ("timing_function", "bouncy", "ease_in_out")),
    ("timing_function", 3, TypeError, ("timing_function",)),
    ("disable_actions", 2, OutOfRangeError, ("disable_actions",)),
    ("disable_actions", "yes", TypeError, ("disable_actions",)),
    ("additive", 2, OutOfRangeError, ("additive",)),
    ("completion", 3, TypeError, ("completion",)),
    ("values", {"key": object()}, TypeError, ("key",)),
    ("values", {"": 1.0}, UnknownKeyError, ("key",)),
    ("spring", "bouncy", TypeError, ("spring",)),
]:
    add(
        lambda w, k=keyword, v=value: w.engine.transaction(**{k: v}).__enter__(),
        error,
        f"transaction-{keyword}-{value!r}",
        *words,
    )

# animate(...)
for keyword, value, error, words in [
    ("duration", -1, OutOfRangeError, ("duration is -1.0",)),
    ("duration", 0, OutOfRangeError, ("duration is 0.0",)),
    ("duration", NAN, NotFiniteError, ("duration is nan",)),
    ("delay", -1, OutOfRangeError, ("delay is -1.0",)),
    ("delay", INF, NotFiniteError, ("delay is inf",)),
    ("repeat_count", -1, OutOfRangeError, ("repeat_count is -1.0",)),
    ("repeat_count", NAN, NotFiniteError, ("repeat_count is nan",)),
    ("curve", "bouncy", UnknownNameError, ("curve", "bouncy", "ease_in_out")),
    ("curve", 3, TypeError, ("curve",)),
    ("autoreverses", 2, OutOfRangeError, ("autoreverses",)),
    ("begin_from_current_state", "no", TypeError, ("begin_from_current_state",)),
    ("additive", 5, OutOfRangeError, ("additive",)),
    ("completion", 3, TypeError, ("completion",)),
    ("spring", 3, TypeError, ("spring",)),
]:
    add(
        lambda w, k=keyword, v=value: w.engine.animate(**{k: v}).__enter__(),
        error,
        f"animate-{keyword}-{value!r}",
        *words,
    )
add(lambda w: w.engine.animate(3), TypeError, "animate-changes", "changes")


# ---- Transaction state -------------------------------------------------------------------------


def _set_state(w: World, name: str, value: Any) -> None:
    setattr(w.engine.transaction_state, name, value)


for name, value, error, words in [
    ("duration", -1, OutOfRangeError, ("duration is -1.0",)),
    ("duration", NAN, NotFiniteError, ("duration is nan",)),
    ("timing_function", "bouncy", UnknownNameError, ("timing_function", "bouncy")),
    ("disable_actions", 3, OutOfRangeError, ("disable_actions",)),
    ("additive", 3, OutOfRangeError, ("additive",)),
    ("spring", 3, TypeError, ("spring",)),
]:
    add(
        lambda w, n=name, v=value: _set_state(w, n, v),
        error,
        f"Transaction.{name}-{value!r}",
        *words,
    )
add(
    lambda w: w.engine.transaction_state["neverSet"],
    UnknownKeyError,
    "Transaction[]-unknown",
    "neverSet",
)
add(
    lambda w: w.engine.transaction_state.__setitem__("k", object()),
    TypeError,
    "Transaction[]=-type",
    "k",
)
add(
    lambda w: w.engine.transaction_state.__setitem__("k", NAN),
    NotFiniteError,
    "Transaction[]=-nan",
    "k is nan",
)
add(
    lambda w: w.engine.transaction_state.__setitem__("animationDuration", -2),
    OutOfRangeError,
    "Transaction[animationDuration]",
    "animationDuration",
)
add(lambda w: w.engine.transaction_state.__delitem__(3), TypeError, "Transaction del-type", "key")
add(
    lambda w: w.engine.transaction_state.commit(),
    InvalidStateError,
    "Transaction.commit-none",
    "transaction",
)
add(
    lambda w: w.engine.transaction_state.add_completion(3),
    TypeError,
    "add_completion-type",
    "completion",
)


# ---- Layer classes -----------------------------------------------------------------------------

for arguments, error, words in [
    (dict(name="Bad", properties={"a.b": 0.0}), InvalidArgumentError, ("a.b",)),
    (dict(name="Bad", properties={"": 0.0}), InvalidArgumentError, ("property name",)),
    (dict(name="Bad", properties={"frame": 0.0}), InvalidArgumentError, ("frame",)),
    (dict(name="Bad", properties={"opacity": 0.0}), InvalidArgumentError, ("opacity",)),
    (dict(name="Bad", properties={"x": (1, 2)}), TypeError, ("x",)),
    (dict(name="Bad", properties={"x": NAN}), NotFiniteError, ("x is nan",)),
    (dict(name="Bad", properties={"x": ac.Point(0, NAN)}), NotFiniteError, ("x.y is nan",)),
    (dict(name="Bad", properties={"x": ac.Property(1.0, kind="complex")}), ValueError, ("kind",)),
    (
        dict(name="Bad", properties={"x": 0.0}, needs_display={"y"}),
        InvalidArgumentError,
        ("needs_display",),
    ),
    (
        dict(name="Bad", properties={"x": 0.0}, not_animatable={"y"}),
        InvalidArgumentError,
        ("not_animatable",),
    ),
    (dict(name="Bad", properties={"x": 0.0}, needs_display="x"), TypeError, ("needs_display",)),
    (dict(name=3), TypeError, ("name",)),
    (dict(name="Circle"), InvalidArgumentError, ('name "Circle" is already the name',)),
    (dict(name=""), InvalidArgumentError, ("the class name is empty",)),
    (dict(name="Bad", display=3), TypeError, ("display",)),
    (dict(name="Bad", strict=2), OutOfRangeError, ("strict",)),
    (dict(name="Bad", superclass="Blob"), TypeError, ("superclass",)),
]:
    add(
        lambda w, a=arguments: w.engine.layer_class(**a),
        error,
        f"layer_class-{'-'.join(f'{k}={v!r}' for k, v in arguments.items())}",
        *words,
    )
add(
    lambda w: w.engine.layer_class("Bad", superclass=w.other.base_class),
    BadHandleError,
    "layer_class-foreign-superclass",
    "superclass",
)
add(lambda w: setattr(w.Blob, "display", 3), TypeError, "LayerClass.display-type", "display")
add(
    lambda w: setattr(w.Blob, "default_action", 3),
    TypeError,
    "LayerClass.default_action-type",
    "default_action",
)
add(lambda w: setattr(w.Blob, "strict", "yes"), TypeError, "LayerClass.strict-type", "strict")
add(lambda w: w.Blob(nothing=1), AttributeError, "LayerClass()-unknown", "nothing", "radius")
add(lambda w: w.Blob(radius=NAN), NotFiniteError, "LayerClass()-nan", "radius is nan")
add(
    lambda w: w.engine.layer(w.other.base_class),
    BadHandleError,
    "layer-foreign-class",
    "layer_class",
)


# ---- Layers: values ----------------------------------------------------------------------------

for name, value, error, words in [
    ("opacity", "0.5", TypeError, ("opacity",)),
    ("opacity", True, TypeError, ("opacity",)),
    ("opacity", ac.Point(1, 2), WrongKindError, ("opacity",)),
    ("opacity", NAN, NotFiniteError, ("opacity is nan",)),
    ("position", (1, 2, 3), TypeError, ("position",)),
    ("position", ac.Size(1, 2), WrongKindError, ("position",)),
    ("position", (0, NAN), NotFiniteError, ("position.y is nan",)),
    ("bounds", (0, 0, INF, 1), NotFiniteError, ("bounds.width is inf",)),
    ("background_color", (0, 0, NAN, 1), NotFiniteError, ("backgroundColor.blue is nan",)),
    ("transform", (1.0,) * 15 + (NAN,), NotFiniteError, ("transform.m44 is nan",)),
    ("hidden", 2, OutOfRangeError, ("hidden",)),
    ("contents", -1, OutOfRangeError, ("contents",)),
    ("contents", 1.5, TypeError, ("contents",)),
    ("fill_mode", "sideways", UnknownNameError, ("fill_mode", "sideways")),
    ("speed", INF, NotFiniteError, ("speed is inf",)),
    ("duration", -1.0, OutOfRangeError, ("duration is -1.0",)),
    ("radius", NAN, NotFiniteError, ("radius is nan",)),
    ("center", (NAN, 0), NotFiniteError, ("center.x is nan",)),
    ("count", 1.5, TypeError, ("count",)),
    ("count", 2**70, OutOfRangeError, ("count",)),
    ("flag", 3, OutOfRangeError, ("flag",)),
]:
    target = "blob" if name in ("radius", "center", "count", "flag") else "plain"
    add(
        lambda w, t=target, n=name, v=value: setattr(getattr(w, t), n, v),
        error,
        f"Layer.{name}={value!r}",
        *words,
    )
add(
    lambda w: setattr(w.circle, "radius", NAN), NotFiniteError, "strict-radius-nan", "radius is nan"
)
add(
    lambda w: setattr(w.circle, "color", (1, 0, NAN, 1)),
    NotFiniteError,
    "strict-color-nan",
    "color.blue is nan",
)
add(lambda w: w.plain.opactiy, AttributeError, "Layer.typo-read", "opactiy", "opacity")
add(lambda w: w.plain.presentation.opactiy, AttributeError, "Presentation.typo-read", "opactiy")
add(
    lambda w: setattr(w.plain.presentation, "opacity", 1.0),
    AttributeError,
    "Presentation-set",
    "read-only",
)
add(lambda w: w.plain["neverSet"], UnknownKeyError, "Layer[]-unset", "neverSet")
add(lambda w: w.plain["position.q"], UnknownKeyError, "Layer[]-bad-component", "position.q")
add(
    lambda w: w.plain.__setitem__("position.q", 1.0),
    UnknownKeyError,
    "Layer[]=-bad-component",
    "position.q",
)
add(
    lambda w: w.plain.__setitem__("position.x", NAN),
    NotFiniteError,
    "Layer[position.x]-nan",
    "position.x is nan",
)
add(lambda w: w.plain.__setitem__("tag", (1, 2)), TypeError, "Layer[]=-untellable", "tag")
add(lambda w: w.plain[3], TypeError, "Layer[]-type", "key")
add(lambda w: w.plain.__setitem__("a\0b", 1.0), InvalidArgumentError, "Layer[]-nul", "key")
add(
    lambda w: w.circle["radiuss"], UnknownKeyError, "strict-read-typo", '"radiuss"', "radius, color"
)
add(
    lambda w: w.circle.__setitem__("radiuss", 3),
    UnknownKeyError,
    "strict-set-typo",
    '"radiuss"',
    "radius, color",
)
add(
    lambda w: w.circle.presentation["radiuss"],
    UnknownKeyError,
    "strict-presentation-typo",
    '"radiuss"',
)
add(lambda w: w.plain.presentation_velocity("hidden"), WrongKindError, "velocity-bool", "hidden")
add(
    lambda w: w.plain.presentation_velocity("neverSet"),
    UnknownKeyError,
    "velocity-unknown",
    "neverSet",
)
add(lambda w: w.stale.opacity, BadHandleError, "stale-read", "closed")
add(lambda w: setattr(w.stale, "opacity", 1.0), BadHandleError, "stale-write", "closed")
add(lambda w: w.stale.snapshot(), BadHandleError, "stale-snapshot", "closed")


# ---- Layers: tree, time, delegate, actions -----------------------------------------------------

add(lambda w: w.plain.add_sublayer(w.plain), CycleError, "add_sublayer-self", "layer")
add(lambda w: w.plain.add_sublayer("x"), TypeError, "add_sublayer-type", "Layer")
add(
    lambda w: w.plain.add_sublayer(w.foreign),
    BadHandleError,
    "add_sublayer-foreign",
    "another engine",
)
add(lambda w: w.plain.insert_sublayer(w.blob, "0"), TypeError, "insert_sublayer-index", "index")
add(
    lambda w: w.plain.replace_sublayer(w.blob, w.circle),
    InvalidArgumentError,
    "replace_sublayer-not-child",
    "sublayer",
)
add(
    lambda w: w.plain.convert_time_from(NAN, None),
    NotFiniteError,
    "convert_time_from-nan",
    "time is nan",
)
add(
    lambda w: w.plain.convert_time_to(1.0, w.foreign),
    BadHandleError,
    "convert_time_to-foreign",
    "to_layer",
)


@case("convert_time-not-invertible", NotInvertibleError, "speed")
def _paused(w: World) -> None:
    w.blob.speed = 0.0
    w.plain.add_sublayer(w.blob)
    w.engine.tick(1.0)
    w.blob.convert_time_to(1.0, None)


add(lambda w: w.plain.set_delegate(display=3), TypeError, "set_delegate-display", "display")
add(lambda w: w.plain.set_delegate(action=3), TypeError, "set_delegate-action", "action")
add(lambda w: w.plain.set_action("opacity", 3), TypeError, "set_action-type", "action")
add(lambda w: w.plain.set_action(3, None), TypeError, "set_action-key", "key")
add(lambda w: w.plain.action_for_key(3), TypeError, "action_for_key-key", "key")


# ---- Layers: animations --------------------------------------------------------------------------


def _add(w: World, animation: Any, target: str = "blob", key: Any = None) -> None:
    getattr(w, target).add_animation(animation, key)


for id_, make, error, words in [
    ("not-an-animation", lambda: "x", TypeError, ("animation",)),
    (
        "undeclared-key",
        lambda: ac.BasicAnimation("nokey", to_value=1.0),
        NotAnimatableError,
        ('key_path is "nokey"', "Blob"),
    ),
    (
        "frame",
        lambda: ac.BasicAnimation("frame", to_value=(0, 0, 1, 1)),
        NotAnimatableError,
        ('key_path is "frame"',),
    ),
    (
        "bad-component",
        lambda: ac.BasicAnimation("position.q", to_value=1.0),
        UnknownKeyError,
        ("position.q",),
    ),
    (
        "to-nan",
        lambda: ac.BasicAnimation("radius", to_value=NAN),
        NotFiniteError,
        ("to_value is nan",),
    ),
    (
        "from-nan",
        lambda: ac.BasicAnimation("opacity", from_value=NAN),
        NotFiniteError,
        ("from_value is nan",),
    ),
    (
        "by-inf",
        lambda: ac.BasicAnimation("opacity", by_value=INF),
        NotFiniteError,
        ("by_value is inf",),
    ),
    (
        "point-nan",
        lambda: ac.BasicAnimation("position", to_value=(0, NAN)),
        NotFiniteError,
        ("to_value.y is nan",),
    ),
    ("wrong-kind", lambda: ac.BasicAnimation("position", to_value=1.0), TypeError, ("to_value",)),
    (
        "wrong-named-kind",
        lambda: ac.BasicAnimation("position", to_value=ac.Size(1, 1)),
        WrongKindError,
        ("to_value",),
    ),
    (
        "not-animatable",
        lambda: ac.BasicAnimation("fixed", to_value=3.0),
        NotAnimatableError,
        ("fixed",),
    ),
    (
        "spring-to-nan",
        lambda: ac.SpringAnimation("radius", to_value=NAN),
        NotFiniteError,
        ("to_value is nan",),
    ),
    (
        "keyframe-values-nan",
        lambda: ac.KeyframeAnimation("radius", values=[0.0, NAN]),
        NotFiniteError,
        ("values[1] is nan",),
    ),
    (
        "keyframe-point-nan",
        lambda: ac.KeyframeAnimation("position", values=[(0, 0), (NAN, 1)]),
        NotFiniteError,
        ("values[1].x is nan",),
    ),
    (
        "keyframe-no-values",
        lambda: ac.KeyframeAnimation("radius"),
        InvalidArgumentError,
        ("values",),
    ),
    (
        "keyframe-functions-count",
        lambda: ac.KeyframeAnimation(
            "radius", values=[0.0, 1.0], timing_functions=["linear", "linear"]
        ),
        InvalidArgumentError,
        ("timing_functions",),
    ),
    (
        "keyframe-tension-count",
        lambda: ac.KeyframeAnimation("radius", values=[0.0, 1.0], mode="cubic", tension=[0, 0, 0]),
        InvalidArgumentError,
        ("tension",),
    ),
    (
        "keyframe-rotation-without-path",
        lambda: ac.KeyframeAnimation("position", values=[(0, 0), (1, 1)], rotation_mode="auto"),
        InvalidArgumentError,
        ("rotation_mode",),
    ),
    (
        "keyframe-path-scalar",
        lambda: ac.KeyframeAnimation("radius", path=ac.Path().move_to(0, 0).line_to(1, 1)),
        WrongKindError,
        ("path",),
    ),
    (
        "keyframe-empty-path",
        lambda: ac.KeyframeAnimation("position", path=ac.Path().move_to(0, 0)),
        InvalidArgumentError,
        ("path",),
    ),
    (
        "keyframe-paced-bools",
        lambda: ac.KeyframeAnimation("flag", values=[True, False], mode="paced"),
        WrongKindError,
        ("mode", "paced", "flag"),
    ),
    (
        "keyframe-undeclared",
        lambda: ac.KeyframeAnimation("nokey", values=[0.0, 1.0]),
        NotAnimatableError,
        ('key_path is "nokey"',),
    ),
    (
        "group-child-nan",
        lambda: ac.AnimationGroup(
            [ac.BasicAnimation("opacity"), ac.BasicAnimation("radius", to_value=NAN)]
        ),
        NotFiniteError,
        ("animations[1].to_value is nan",),
    ),
    (
        "group-child-undeclared",
        lambda: ac.AnimationGroup([ac.BasicAnimation("nokey", to_value=1.0)]),
        NotAnimatableError,
        ("animations[0].key_path", "nokey"),
    ),
    (
        "group-child-keyframes",
        lambda: ac.AnimationGroup([ac.KeyframeAnimation("radius", values=[0.0, NAN])]),
        NotFiniteError,
        ("animations[0].values[1] is nan",),
    ),
    (
        "decay-rate",
        lambda: ac.DecayAnimation("radius", velocity=1.0, deceleration_rate=1.0),
        OutOfRangeError,
        ("deceleration_rate is 1.0",),
    ),
    (
        "decay-min-speed",
        lambda: ac.DecayAnimation("radius", velocity=1.0, minimum_speed=0.0),
        OutOfRangeError,
        ("minimum_speed is 0.0",),
    ),
    (
        "decay-velocity-nan",
        lambda: ac.DecayAnimation("radius", velocity=NAN),
        NotFiniteError,
        ("velocity is nan",),
    ),
    (
        "decay-bound-nan",
        lambda: ac.DecayAnimation("radius", velocity=1.0, lower_bound=NAN),
        NotFiniteError,
        ("lower_bound is nan",),
    ),
    (
        "decay-point-bound-nan",
        lambda: ac.DecayAnimation("center", velocity=(1, 1), upper_bound=(0, NAN)),
        NotFiniteError,
        ("upper_bound.y is nan",),
    ),
    ("decay-bool", lambda: ac.DecayAnimation("flag", velocity=1.0), WrongKindError, ("flag",)),
    (
        "decay-wrong-kind",
        lambda: ac.DecayAnimation("contents", velocity=1.0),
        WrongKindError,
        ("contents",),
    ),
    (
        "group-decay-child",
        lambda: ac.AnimationGroup(
            [ac.DecayAnimation("radius", velocity=1.0, deceleration_rate=0.5, minimum_speed=-1.0)]
        ),
        OutOfRangeError,
        ("animations[0].minimum_speed",),
    ),
]:
    add(lambda w, m=make: _add(w, m()), error, f"add_animation-{id_}", *words)
add(
    lambda w: _add(w, ac.BasicAnimation("opacity"), key=3),
    TypeError,
    "add_animation-key-type",
    "key",
)
add(
    lambda w: _add(w, ac.BasicAnimation("opacity"), "stale"),
    BadHandleError,
    "add_animation-stale",
    "closed",
)
add(
    lambda w: _add(w, ac.BasicAnimation("radiuss", to_value=10.0), "circle"),
    UnknownKeyError,
    "strict-animate-typo",
    '"radiuss"',
    "radius, color",
)
add(lambda w: w.plain.remove_animation(3), TypeError, "remove_animation-type", "key")
add(lambda w: w.plain.animation(3), TypeError, "animation-type", "key")


@case("typo-key-stored-then-animated", NotAnimatableError, 'key_path is "radiuss"', "Blob")
def _typo_then_animate(w: World) -> None:
    w.blob["radiuss"] = 3  # a permissive class stores the typo (an integer)
    w.blob.add_animation(ac.BasicAnimation("radiuss", to_value=10.0))


@case("typo-key-stored-then-animated-tuple", NotAnimatableError, 'key_path is "centre"', "Blob")
def _typo_then_animate_tuple(w: World) -> None:
    w.blob["centre"] = ac.Point(1, 2)
    w.blob.add_animation(ac.BasicAnimation("centre", to_value=(3, 4)))


@case("action-answers-an-undeclared-key", NotAnimatableError, 'key_path is "nokey"')
def _action_redirect(w: World) -> None:
    w.plain.set_delegate(action=lambda layer, key: ac.BasicAnimation("nokey", to_value=1.0))
    w.plain.opacity = 0.25  # the library refuses the action's animation, naming its key path


@case("action-answers-nan", ac.CallbackError, "to_value is nan")
def _action_nan(w: World) -> None:
    w.plain.set_delegate(action=lambda layer, key: ac.BasicAnimation(key, to_value=NAN))
    w.plain.opacity = 0.75


@case("add_animation-too-many", OutOfRangeError, "90301 animations", "65536")
def _too_many(w: World) -> None:
    inner = ac.AnimationGroup([ac.BasicAnimation("opacity", to_value=0.5)] * 300)
    w.plain.add_animation(ac.AnimationGroup([inner] * 300))


# Every call on a closed engine, or on a layer of one, says so (the binding's own check).
for id_, call in [
    ("Engine.tick", lambda w: w.closed.tick(1.0)),
    ("Engine.global_speed", lambda w: w.closed.global_speed),
    ("Engine.global_speed=", lambda w: setattr(w.closed, "global_speed", 1.0)),
    ("Engine.convert_time", lambda w: w.closed.convert_time(1.0, None, None)),
    ("Engine.key", lambda w: w.closed.key("opacity-not-cached")),
    ("Engine.layer_class", lambda w: w.closed.layer_class("Late")),
    ("Engine.transaction", lambda w: w.closed.transaction().__enter__()),
    ("Engine.animate", lambda w: w.closed.animate().__enter__()),
    ("Engine.flush", lambda w: w.closed.flush()),
    ("Engine.batch", lambda w: w.closed.presentation_batch([w.stale], "opacity")),
    ("Transaction.duration", lambda w: w.closed.transaction_state.duration),
    ("Transaction.add_completion", lambda w: w.closed.transaction_state.add_completion(print)),
    ("Layer.get", lambda w: w.stale["position.x"]),
    ("Layer.set", lambda w: w.stale.__setitem__("opacity", 1.0)),
    ("Layer.presentation", lambda w: w.stale.presentation.opacity),
    ("Layer.presentation_velocity", lambda w: w.stale.presentation_velocity("opacity")),
    ("Layer.set_needs_display", lambda w: w.stale.set_needs_display()),
    ("Layer.needs_display", lambda w: w.stale.needs_display),
    ("Layer.set_delegate", lambda w: w.stale.set_delegate(display=None)),
    ("Layer.set_action", lambda w: w.stale.set_action("opacity", None)),
    ("Layer.action_for_key", lambda w: w.stale.action_for_key("opacity")),
    ("Layer.superlayer", lambda w: w.stale.superlayer),
    ("Layer.sublayers", lambda w: w.stale.sublayers),
    ("Layer.remove_from_superlayer", lambda w: w.stale.remove_from_superlayer()),
    ("Layer.local_time", lambda w: w.stale.local_time),
    ("Layer.remove_animation", lambda w: w.stale.remove_animation("k")),
    ("Layer.remove_all_animations", lambda w: w.stale.remove_all_animations()),
    ("Layer.animation_keys", lambda w: w.stale.animation_keys),
    ("Layer.animation", lambda w: w.stale.animation("k")),
    ("LayerClass.display", lambda w: setattr(w.stale.layer_class, "display", None)),
    ("LayerClass.strict", lambda w: setattr(w.stale.layer_class, "strict", True)),
]:
    add(call, BadHandleError, f"closed-{id_}", "the engine is closed")
add(lambda w: w.engine.layer("Blob"), TypeError, "layer-class-type", "layer_class")
add(lambda w: w.plain.presentation_velocity(3), TypeError, "velocity-key-type", "key")
add(lambda w: w.engine.batch([w.plain]).presentation(3), TypeError, "batch-key-type", "key")
add(
    lambda w: w.plain.insert_sublayer(w.foreign, 0),
    BadHandleError,
    "insert_sublayer-foreign",
    "child",
)
add(lambda w: w.plain.replace_sublayer(w.blob, 3), TypeError, "replace_sublayer-type", "new")
add(
    lambda w: ac.TimeTree([ac.Timing.layer()], [None]).convert(1.0, to_node=-2),
    OutOfRangeError,
    "TimeTree.convert-to",
    "to_node is -2",
)
add(
    lambda w: ac.Path([("line_to", [(0, NAN)])]),
    NotFiniteError,
    "Path-element-nan",
    "elements[0].points[0].y is nan",
)
add(
    lambda w: ac.Path([("close", [(0, 0)])]),
    InvalidArgumentError,
    "Path-element-points",
    "elements[0]",
)


# ---- Layer batches -----------------------------------------------------------------------------

add(lambda w: w.engine.batch([w.plain, 3]), TypeError, "batch-type", "layers[1]")
add(lambda w: w.engine.batch([w.foreign]), BadHandleError, "batch-foreign", "layers[0]")
add(
    lambda w: w.engine.presentation_batch([w.plain, w.blob], "neverSet"),
    UnknownKeyError,
    "batch-unknown-key",
    "neverSet",
)


@case("batch-different-kinds", WrongKindError, "layers[1]")
def _batch_kinds(w: World) -> None:
    w.plain["tag"] = 1.0
    w.blob["tag"] = ac.Point(1, 2)
    w.engine.presentation_batch([w.plain, w.blob], "tag")


@case("batch-out-shape", InvalidArgumentError, "out")
def _batch_out(w: World) -> None:
    numpy = pytest.importorskip("numpy")
    w.engine.batch([w.plain]).presentation("opacity", out=numpy.empty(3))


@case("table-different-kinds", WrongKindError, "layers[1], keys[1]")
def _table_kinds(w: World) -> None:
    w.plain["tag"] = 1.0
    w.blob["tag"] = ac.Point(1, 2)
    w.engine.batch([w.plain, w.blob]).presentation_table(["opacity", "tag"])


add(
    lambda w: w.engine.batch([w.plain]).presentation_table(["opacity", "neverSet"]),
    UnknownKeyError,
    "table-unknown-key",
    "neverSet",
)
add(
    lambda w: w.engine.batch([w.plain]).presentation_table(["opacity"] * 257),
    OutOfRangeError,
    "table-too-many-keys",
    "len(keys) is 257",
)
add(lambda w: w.engine.batch([w.plain]).presentation_table("opacity"), TypeError, "table-keys-string", "keys")
add(lambda w: w.engine.batch([w.plain]).presentation_table([3]), TypeError, "table-key-type", "keys[0]")


@case("table-out-shape", InvalidArgumentError, "out")
def _table_out(w: World) -> None:
    numpy = pytest.importorskip("numpy")
    w.engine.batch([w.plain]).presentation_table(["opacity"], out=numpy.empty(3))



def _shape(w: World) -> Any:
    """A shape layer of the world's engine (a path key)."""
    return w.engine.builtin_class(ac.BuiltInClass.SHAPE_LAYER)()


def _gradient(w: World) -> Any:
    """A gradient layer of the world's engine (colours and locations keys)."""
    return w.engine.builtin_class(ac.BuiltInClass.GRADIENT_LAYER)()


# A path or array key in a batch's rows of numbers: the message says where to read or set it
# in Python, not which C call reads it.
add(
    lambda w: w.engine.batch([_shape(w)]).presentation("path"),
    WrongKindError,
    "batch-path-presentation",
    "presentation_packed()",
)
add(
    lambda w: w.engine.batch([_gradient(w)]).presentation_table(["opacity", "locations"]),
    WrongKindError,
    "table-array-key",
    "presentation_arrays()",
)
add(
    lambda w: w.engine.batch([_gradient(w)]).set("colors", [[(1.0, 0.0, 0.0, 1.0)]]),
    WrongKindError,
    "batch-colors-set",
    "layer by layer",
)

# ---- Geometry's rects and flags --------------------------------------------------------------------

add(
    lambda w: w.plain.convert_rect_to(((0, 0, 0), (1,)), None),
    TypeError,
    "rect-nested-malformed",
    "rect[0] must be a pair of numbers",
)
add(lambda w: w.plain.convert_rect_to(((0, 0), 5), None), TypeError, "rect-nested-scalar", "rect[1]", "not int")
add(lambda w: w.plain.hit_test((1, 1), presentation="yes"), TypeError, "flag-type", "presentation must be a bool, not str")
add(lambda w: ac.Path.rect(1e308, 0, 1e308, 1), NotFiniteError, "path-rect-overflow", "x, y, width, height")


# ---- Animation descriptions ----------------------------------------------------------------------

for keyword, value, error, words in [
    ("duration", -1, OutOfRangeError, ("duration is -1.0; it must be >= 0",)),
    ("duration", NAN, NotFiniteError, ("duration is nan",)),
    ("begin_time", INF, NotFiniteError, ("begin_time is inf",)),
    ("begin_time", 1e16, OutOfRangeError, ("begin_time",)),
    ("speed", 1e9, OutOfRangeError, ("speed is 1000000000.0",)),
    ("speed", NAN, NotFiniteError, ("speed is nan",)),
    ("time_offset", NAN, NotFiniteError, ("time_offset is nan",)),
    ("repeat_count", -1, OutOfRangeError, ("repeat_count is -1.0",)),
    ("repeat_count", NAN, NotFiniteError, ("repeat_count is nan",)),
    ("repeat_duration", -1, OutOfRangeError, ("repeat_duration is -1.0",)),
    ("autoreverses", 2, OutOfRangeError, ("autoreverses",)),
    ("fill_mode", "sideways", UnknownNameError, ("fill_mode", "sideways")),
    ("fill_mode", 3, TypeError, ("fill_mode",)),
    ("timing_function", "bouncy", UnknownNameError, ("timing_function", "bouncy", "ease_in_out")),
    ("timing_function", 3, TypeError, ("timing_function",)),
    ("on_start", 3, TypeError, ("on_start",)),
    ("on_stop", 3, TypeError, ("on_stop",)),
]:
    for kind, make in [
        ("BasicAnimation", lambda **k: ac.BasicAnimation("opacity", **k)),
        ("SpringAnimation", lambda **k: ac.SpringAnimation("opacity", **k)),
        ("KeyframeAnimation", lambda **k: ac.KeyframeAnimation("opacity", values=[0.0, 1.0], **k)),
        ("DecayAnimation", lambda **k: ac.DecayAnimation("opacity", **k)),
        ("AnimationGroup", lambda **k: ac.AnimationGroup([], **k)),
    ]:
        add(
            lambda w, m=make, kw=keyword, v=value: m(**{kw: v}),
            error,
            f"{kind}-{keyword}-{value!r}",
            *words,
        )
        add(
            lambda w, m=make, kw=keyword, v=value: setattr(m(), kw, v),
            error,
            f"{kind}.{keyword}={value!r}",
            *words,
        )
add(lambda w: ac.BasicAnimation(3), TypeError, "BasicAnimation-key_path", "key_path")
add(lambda w: ac.BasicAnimation("opacity").copy(nothing=1), TypeError, "copy-unknown", "nothing")
add(
    lambda w: setattr(ac.BasicAnimation("opacity"), "timing", 3), TypeError, "timing-type", "timing"
)
add(
    lambda w: ac.SpringAnimation("opacity", spring=3), TypeError, "SpringAnimation-spring", "spring"
)
for keyword, value, error, words in [
    ("values", 3, TypeError, ("values",)),
    ("key_times", [2.0], OutOfRangeError, ("key_times[0] is 2.0",)),
    ("key_times", [0.0, NAN], NotFiniteError, ("key_times[1] is nan",)),
    ("key_times", [0.5, 0.2], InvalidArgumentError, ("key_times[1]",)),
    ("key_times", ["x"], TypeError, ("key_times[0]",)),
    ("timing_functions", ["bouncy"], UnknownNameError, ("timing_functions[0]", "bouncy")),
    ("timing_functions", [3], TypeError, ("timing_functions[0]",)),
    ("mode", "sideways", UnknownNameError, ("mode", "sideways")),
    ("mode", 3, TypeError, ("mode",)),
    ("tension", [2.0], OutOfRangeError, ("tension[0] is 2.0",)),
    ("continuity", [NAN], NotFiniteError, ("continuity[0] is nan",)),
    ("bias", "x", TypeError, ("bias",)),
    ("path", 3, TypeError, ("path",)),
    ("rotation_mode", "sideways", UnknownNameError, ("rotation_mode", "sideways")),
]:
    add(
        lambda w, kw=keyword, v=value: ac.KeyframeAnimation("position", **{kw: v}),
        error,
        f"KeyframeAnimation-{keyword}-{value!r}",
        *words,
    )
add(lambda w: ac.AnimationGroup([3]), TypeError, "AnimationGroup-child-type", "animations[0]")
add(lambda w: ac.AnimationGroup(3), TypeError, "AnimationGroup-type", "animations")


@case("AnimationGroup-too-deep", OutOfRangeError, "animations", "16")
def _deep(w: World) -> None:
    group: ac.Animation = ac.BasicAnimation("opacity")
    for _ in range(20):
        group = ac.AnimationGroup([group])
    w.plain.add_animation(group)


for keyword, value, error, words in [
    ("deceleration_rate", "x", TypeError, ("deceleration_rate",)),
    ("minimum_speed", None, TypeError, ("minimum_speed",)),
    ("bound_spring", 3, TypeError, ("bound_spring",)),
]:
    add(
        lambda w, kw=keyword, v=value: ac.DecayAnimation("opacity", **{kw: v}),
        error,
        f"DecayAnimation-{keyword}-{value!r}",
        *words,
    )
add(
    lambda w: ac.DecayAnimation("opacity", deceleration_rate=2.0).resting_value(0.0, 1.0),
    OutOfRangeError,
    "resting_value-rate",
    "deceleration_rate is 2.0",
)
add(
    lambda w: ac.DecayAnimation("opacity").resting_value(NAN, 1.0),
    NotFiniteError,
    "resting_value-from-nan",
    "from_value is nan",
)
add(
    lambda w: ac.DecayAnimation("opacity").resting_value(ac.Point(0, 0), (1, NAN)),
    TypeError,
    "resting_value-velocity-untellable",
    "velocity",
)
add(
    lambda w: ac.DecayAnimation("opacity").resting_value(ac.Point(0, 0), ac.Point(1, NAN)),
    NotFiniteError,
    "resting_value-velocity-nan",
    "velocity.y is nan",
)
add(
    lambda w: ac.DecayAnimation("opacity").resting_value(ac.Point(0, 0), 1.0),
    WrongKindError,
    "resting_value-kinds",
    "velocity",
)
add(
    lambda w: ac.DecayAnimation("opacity", minimum_speed=-1.0).stopping_time(10.0),
    OutOfRangeError,
    "stopping_time-min-speed",
    "minimum_speed is -1.0",
)
add(
    lambda w: ac.DecayAnimation("opacity").stopping_time("x"),
    TypeError,
    "stopping_time-type",
    "speed",
)


# ---- Springs -----------------------------------------------------------------------------------

for keyword, value, error, words in [
    ("mass", 0, OutOfRangeError, ("mass is 0.0",)),
    ("mass", NAN, NotFiniteError, ("mass is nan",)),
    ("stiffness", -1, OutOfRangeError, ("stiffness is -1.0",)),
    ("damping", -1, OutOfRangeError, ("damping is -1.0",)),
    ("damping", INF, NotFiniteError, ("damping is inf",)),
    ("initial_velocity", NAN, NotFiniteError, ("initial_velocity is nan",)),
    ("allows_overdamping", 2, OutOfRangeError, ("allows_overdamping",)),
    ("mass", "1", TypeError, ("mass",)),
]:
    add(
        lambda w, kw=keyword, v=value: ac.Spring(**{kw: v}),
        error,
        f"Spring-{keyword}-{value!r}",
        *words,
    )
    add(
        lambda w, kw=keyword, v=value: ac.Spring().replace(**{kw: v}),
        error,
        f"Spring.replace-{keyword}-{value!r}",
        *words,
    )
add(lambda w: ac.Spring().replace(nothing=1), TypeError, "Spring.replace-unknown", "nothing")
add(lambda w: ac.Spring.perceptual(-1), OutOfRangeError, "perceptual-duration", "duration is -1.0")
add(
    lambda w: ac.Spring.perceptual(NAN),
    NotFiniteError,
    "perceptual-duration-nan",
    "duration is nan",
)
add(
    lambda w: ac.Spring.perceptual(1.0, bounce=2),
    OutOfRangeError,
    "perceptual-bounce",
    "bounce is 2.0",
)
add(
    lambda w: ac.Spring.perceptual(1.0, initial_velocity=NAN),
    NotFiniteError,
    "perceptual-velocity",
    "initial_velocity is nan",
)
add(lambda w: setattr(ac.Spring(), "mass", 2), AttributeError, "Spring-immutable", "replace")


# ---- Timing, timing functions, time spaces -----------------------------------------------------

for keyword, value, error, words in [
    ("duration", -1, OutOfRangeError, ("duration is -1.0",)),
    ("duration", NAN, NotFiniteError, ("duration is nan",)),
    ("speed", 1e9, OutOfRangeError, ("speed",)),
    ("begin_time", INF, NotFiniteError, ("begin_time is inf",)),
    ("time_offset", NAN, NotFiniteError, ("time_offset is nan",)),
    ("repeat_count", -1, OutOfRangeError, ("repeat_count is -1.0",)),
    ("repeat_duration", -1, OutOfRangeError, ("repeat_duration is -1.0",)),
    ("autoreverses", "yes", TypeError, ("autoreverses",)),
    ("fill_mode", "sideways", UnknownNameError, ("fill_mode",)),
]:
    add(
        lambda w, kw=keyword, v=value: ac.Timing(**{kw: v}),
        error,
        f"Timing-{keyword}-{value!r}",
        *words,
    )
    add(
        lambda w, kw=keyword, v=value: ac.Timing.layer(**{kw: v}),
        error,
        f"Timing.layer-{keyword}-{value!r}",
        *words,
    )
    add(
        lambda w, kw=keyword, v=value: ac.Timing().replace(**{kw: v}),
        error,
        f"Timing.replace-{keyword}-{value!r}",
        *words,
    )
TIMING = ac.Timing(duration=1.0)
add(lambda w: TIMING.evaluate(NAN), NotFiniteError, "evaluate-nan", "parent_time is nan")
add(lambda w: TIMING.evaluate(1e16), OutOfRangeError, "evaluate-far", "parent_time")
add(lambda w: TIMING.progress(INF), NotFiniteError, "progress-inf", "parent_time is inf")
add(lambda w: TIMING.progress(0.5, "ease_in"), TypeError, "progress-function-type", "function")
add(
    lambda w: TIMING.progress_batch([0.0, NAN]),
    NotFiniteError,
    "progress_batch-nan",
    "parent_times[1] is nan",
)
add(lambda w: TIMING.progress_batch(["x"]), TypeError, "progress_batch-type", "parent_times[0]")
add(lambda w: TIMING.progress_batch(3.0), TypeError, "progress_batch-not-sequence", "parent_times")
add(lambda w: ac.TimingFunction(2, 0, 1, 1), OutOfRangeError, "TimingFunction-x1", "x1 is 2.0")
add(lambda w: ac.TimingFunction(0, NAN, 1, 1), NotFiniteError, "TimingFunction-y1", "y1 is nan")
add(
    lambda w: ac.TimingFunction.cubic_bezier(0, 0, -1, 1),
    OutOfRangeError,
    "cubic_bezier-x2",
    "x2 is -1.0",
)
add(
    lambda w: ac.TimingFunction.named("bouncy"),
    UnknownNameError,
    "named-unknown",
    '"bouncy"',
    "ease_in_out",
)
add(lambda w: ac.TimingFunction.named("ease_in\0"), UnknownNameError, "named-nul", "name")
add(lambda w: ac.TimingFunction.named(3), TypeError, "named-type", "name")
add(lambda w: ac.TimingFunction.steps(0), OutOfRangeError, "steps-zero", "count is 0")
add(lambda w: ac.TimingFunction.steps(1, "none"), OutOfRangeError, "steps-none", "count is 1")
add(lambda w: ac.TimingFunction.steps(2**40), OutOfRangeError, "steps-huge", "count")
add(
    lambda w: ac.TimingFunction.steps(2, "middle"),
    UnknownNameError,
    "steps-position",
    "position",
    "middle",
)
add(lambda w: ac.TimingFunction.LINEAR(NAN), NotFiniteError, "call-nan", "x is nan")
add(
    lambda w: ac.TimingFunction.LINEAR(0.5, before_flag=2),
    OutOfRangeError,
    "call-flag",
    "before_flag",
)
add(
    lambda w: ac.TimingFunction.LINEAR.evaluate_batch([NAN]),
    NotFiniteError,
    "evaluate_batch-nan",
    "xs[0] is nan",
)
add(lambda w: ac.TimingFunction.LINEAR.slope(INF), NotFiniteError, "slope-inf", "x is inf")
add(
    lambda w: ac.TimingFunction.LINEAR.control_point(7),
    OutOfRangeError,
    "control_point-7",
    "index is 7",
)
add(
    lambda w: ac.TimingFunction.steps(3).control_point(1),
    InvalidArgumentError,
    "control_point-steps",
    "steps",
)
add(
    lambda w: ac.convert_time_chain_to_local([ac.Timing.layer()], NAN),
    NotFiniteError,
    "chain_to_local-nan",
    "time is nan",
)
add(
    lambda w: ac.convert_time_chain_to_local([3], 0.0), TypeError, "chain_to_local-type", "chain[0]"
)
add(
    lambda w: ac.convert_time_chain_to_absolute([ac.Timing.layer(speed=0.0)], 1.0),
    NotInvertibleError,
    "chain_to_absolute-speed-0",
    "chain[0]",
)
add(lambda w: ac.chain_evaluate([], 0.0), OutOfRangeError, "chain_evaluate-empty", "chain")
add(
    lambda w: ac.chain_evaluate([ac.Timing()], NAN),
    NotFiniteError,
    "chain_evaluate-nan",
    "parent_time is nan",
)
add(
    lambda w: ac.TimeTree([ac.Timing.layer()], [5]),
    OutOfRangeError,
    "TimeTree-parent",
    "parents[0] is 5",
)
add(lambda w: ac.TimeTree([ac.Timing.layer()] * 2, [1, 0]), CycleError, "TimeTree-cycle", "parents")
add(
    lambda w: ac.TimeTree([ac.Timing.layer()], [None, 0]),
    InvalidArgumentError,
    "TimeTree-lengths",
    "parents",
)
add(lambda w: ac.TimeTree([3], [None]), TypeError, "TimeTree-type", "timings[0]")
add(
    lambda w: ac.TimeTree([ac.Timing.layer()], [None]).convert(1.0, from_node=2),
    OutOfRangeError,
    "TimeTree.convert-index",
    "from_node is 2",
)
add(
    lambda w: ac.TimeTree([ac.Timing.layer()], [None]).convert(NAN),
    NotFiniteError,
    "TimeTree.convert-nan",
    "time is nan",
)
add(
    lambda w: ac.TimeTree([ac.Timing.layer(), ac.Timing.layer(speed=0.0)], [None, 0]).convert(
        1.0, from_node=1
    ),
    NotInvertibleError,
    "TimeTree.convert-speed-0",
    "speed",
)


# ---- Paths and values ----------------------------------------------------------------------------

add(lambda w: ac.Path().move_to(NAN, 0), NotFiniteError, "move_to-nan", "x is nan")
add(lambda w: ac.Path().line_to(0, "y"), TypeError, "line_to-type", "y")
add(lambda w: ac.Path().curve_to(0, 0, 0, INF, 0, 0), NotFiniteError, "curve_to-inf", "c2y is inf")
add(
    lambda w: ac.Path([("spiral", ())]),
    InvalidArgumentError,
    "Path-element-type",
    "elements[0].type",
)
add(lambda w: ac.Path.rect(0, 0, NAN, 1), NotFiniteError, "Path.rect-nan", "width is nan")
add(lambda w: ac.Path.ellipse(0, 0, 1, INF), NotFiniteError, "Path.ellipse-inf", "height is inf")
add(lambda w: ac.Path().extend(3), TypeError, "Path.extend-type", "other")
add(lambda w: ac.Token(-1), OutOfRangeError, "Token-negative", "token")
add(lambda w: ac.Token(1.5), TypeError, "Token-type", "token")
add(lambda w: ac.ValueKind.parse("complex"), ValueError, "ValueKind.parse", "kind")
add(lambda w: ac.FillMode.parse("sideways"), UnknownNameError, "FillMode.parse", "fill_mode")
add(
    lambda w: ac.CalculationMode.parse("sideways"),
    UnknownNameError,
    "CalculationMode.parse",
    "mode",
)
add(
    lambda w: ac.RotationMode.parse("sideways"),
    UnknownNameError,
    "RotationMode.parse",
    "rotation_mode",
)
add(lambda w: ac.StepPosition.parse("sideways"), UnknownNameError, "StepPosition.parse", "position")


# ---- issue 35: messages that spoke C under hostile use ------------------------------------------

_POINT = (ac.Point(0, 0), ac.Point(1, 1))
_BOUND_CASES: List[Tuple[str, Callable[[], Any], Tuple[Any, Any], Type[BaseException], str]] = [
    ("nan", lambda: ac.DecayAnimation("opacity", lower_bound=NAN), (0.0, 1.0), NotFiniteError,
     "lower_bound is nan"),
    ("point-nan", lambda: ac.DecayAnimation("position", upper_bound=ac.Point(0, NAN)), _POINT,
     NotFiniteError, "upper_bound.y is nan"),
    ("bool", lambda: ac.DecayAnimation("opacity", lower_bound=True), (0.0, 1.0), WrongKindError,
     "lower_bound is a bool"),
    ("crossed", lambda: ac.DecayAnimation("opacity", lower_bound=2.0, upper_bound=1.0),
     (0.0, 1.0), InvalidArgumentError, "is above upper_bound"),
]
for label, make, start, error, words in _BOUND_CASES:
    add(lambda w, m=make: m().stopping_time(10.0), error, f"stopping_time-bound-{label}", words)
    add(lambda w, m=make, s=start: m().resting_value(*s), error, f"resting_value-{label}", words)
# A decay of a bool property names the key path, not the first bound or value written as a bool.
for label, keywords in [
    ("bounds", {"velocity": 1.0, "lower_bound": False, "upper_bound": True}),
    ("from", {"from_value": True, "velocity": 1.0}),
]:
    add(
        lambda w, k=keywords: w.blob.add_animation(ac.DecayAnimation("flag", **k)),
        WrongKindError,
        f"decay-bool-key-{label}",
        '"flag" holds bool values',
    )
add(
    lambda w: ac.DecayAnimation("opacity").resting_value(True, 1.0),
    WrongKindError,
    "resting_value-bool-from",
    "from_value is a bool",
)
add(
    lambda w: w.engine.transaction_state.__setitem__("animationTimingFunction", 1.0),
    InvalidArgumentError,
    "transaction-item-timing-function-set",
    "use transaction_state.timing_function",
)
add(
    lambda w: w.engine.transaction_state["animationTimingFunction"],
    InvalidArgumentError,
    "transaction-item-timing-function-get",
    "use transaction_state.timing_function",
)


def _raced_close(w: World) -> Any:
    """A call that read the engine pointer just before another thread's close() finished (the
    race, made deterministic): the library refuses the pointer and used to show it."""
    engine = ac.Engine()
    layer = engine.layer()
    pointer = engine._ptr
    engine.close()
    engine._ptr = pointer
    try:
        return layer.opacity
    finally:
        engine._ptr = None


add(_raced_close, BadHandleError, "raced-close", "the engine is closed")


def _destroyed_layer_in_a_callback(w: World) -> Any:
    """on_stop of a layer nothing holds any more: the layer handed over is gone; using it says
    so, without the handle's number."""
    seen: List[Any] = []
    layer = w.engine.layer()
    layer.add_animation(
        ac.BasicAnimation(
            "opacity", to_value=0.0, duration=1, on_stop=lambda l, k, f: seen.append(l)
        )
    )
    del layer
    w.engine.tick(0.5)
    assert len(seen) == 1
    return seen[0].opacity


add(_destroyed_layer_in_a_callback, BadHandleError, "destroyed-layer", "no longer exists")


# ---- issue 34: refused at the call that is wrong, naming the argument ---------------------------

add(lambda w: setattr(w.plain, "position", {"x": 1, "y": 2}), TypeError, "dict-point", "position", "dict")
add(lambda w: setattr(w.plain, "opacity", 10**400), OutOfRangeError, "huge-int", "opacity", "1329 bits")
add(lambda w: setattr(w.plain, "position", (10**400, 0)), OutOfRangeError, "huge-coordinate", "position[0]")
add(lambda w: setattr(w.plain, "opacity", Fraction(10**400)), OutOfRangeError, "huge-fraction", "opacity")
add(lambda w: ac.Token(10**5000), OutOfRangeError, "huge-token", "token is an integer of 16610 bits")
add(lambda w: ac.BasicAnimation("opacity", to_value="x"), TypeError, "basic-to-str", "to_value", "str")
add(lambda w: ac.BasicAnimation("opacity", from_value={}), TypeError, "basic-from-dict", "from_value", "dict")
add(lambda w: ac.BasicAnimation("position", by_value=(1, 2, 3, 4, 5)), TypeError, "basic-by-5", "by_value", "5 numbers")
add(lambda w: ac.BasicAnimation("position", to_value=(1, "a")), TypeError, "basic-to-item", "to_value[1]")
add(lambda w: ac.BasicAnimation("opacity", to_value=10**400), OutOfRangeError, "basic-to-huge", "to_value")
add(lambda w: setattr(ac.BasicAnimation("opacity"), "to_value", "x"), TypeError, "basic-set-to", "to_value")
add(lambda w: w.blob.__setitem__("posiiton", (1, 2)), TypeError, "near-miss", 'did you mean "position"?')


# ---- the checks ----------------------------------------------------------------------------------


def _run(w: World, item: Case) -> BaseException:
    with pytest.raises(item.error) as caught:
        item.call(w)
    return caught.value


@pytest.mark.parametrize("item", CASES, ids=[c.id for c in CASES])
def test_each_refusal_names_python_words(world: World, item: Case) -> None:
    error = _run(world, item)
    message = str(error)
    for word in item.words:
        assert word in message, f"{item.id}: {message!r} does not say {word!r}"
    assert not c_spellings(message), f"{item.id}: {message!r} speaks C: {c_spellings(message)}"
    if isinstance(error, AnimcoreError):
        assert error.message == message
        assert error.name == ac._capi.lib.ac_status_name(error.status).decode()
        assert type(error).status == error.status, f"{item.id}: class and status disagree"


def test_no_message_speaks_c(world: World) -> None:
    """All the cases in one pass (a summary of every message that still speaks C)."""
    speaking_c = []
    for item in CASES:
        try:
            item.call(world)
        except BaseException as error:  # noqa: BLE001 - every refusal is collected
            found = c_spellings(str(error))
            if found:
                speaking_c.append(f"{item.id}: {error}  <- {found}")
    assert not speaking_c, "\n".join(speaking_c)


def test_the_cases_cover_every_exception_class_the_api_can_reach() -> None:
    reached = {item.error for item in CASES}
    for cls in (
        OutOfRangeError,
        NotFiniteError,
        UnknownNameError,
        InvalidArgumentError,
        NotInvertibleError,
        CycleError,
        BadHandleError,
        UnknownKeyError,
        WrongKindError,
        NotAnimatableError,
        InvalidStateError,
        TypeError,
        AttributeError,
    ):
        assert cls in reached, f"no case reaches {cls.__name__}"
    assert len(CASES) > 300


def test_the_status_stays_available() -> None:
    with pytest.raises(OutOfRangeError) as caught:
        ac.BasicAnimation("opacity", duration=-1)
    error = caught.value
    assert str(error) == "duration is -1.0; it must be >= 0"
    assert (error.status, error.name) == (ac._capi.AC_ERR_OUT_OF_RANGE, "AC_ERR_OUT_OF_RANGE")
    assert isinstance(error, ValueError)
    with pytest.raises(OutOfRangeError, match=r"^default_duration is -1.0; it must be > 0"):
        ac.Engine(default_duration=-1)
    with ac.Engine() as engine:
        with pytest.raises(OutOfRangeError, match=r"^duration is -1.0; it must be > 0"):
            with engine.animate(duration=-1):
                pass
        Circle = engine.layer_class("Circle", {"radius": 1.0})
        with pytest.raises(NotFiniteError, match=r"^radius is nan; it must be finite$"):
            Circle().radius = NAN
        with pytest.raises(NotFiniteError, match=r"^to_value is nan; it must be finite$"):
            engine.tick(0.0)
            Circle().add_animation(ac.BasicAnimation("radius", to_value=NAN))


def test_raw_calls_keep_the_librarys_words() -> None:
    """animcore._capi is the C API: a raw call's message keeps C's names (only the status
    prefix goes: the status is the exception's class)."""
    timing = ac.Timing().as_struct()
    timing.duration_s = -1.0
    status = ac._capi.lib.ac_timing_validate(ac._capi.ctypes.byref(timing))
    with pytest.raises(OutOfRangeError) as caught:
        ac.errors.check(status)
    assert caught.value.message == "timing->duration_s is -1.0; it must be >= 0"
