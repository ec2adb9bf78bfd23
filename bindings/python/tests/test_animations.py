"""Explicit animations through the engine, tick by tick at 60 fps: the value vectors V1-V9 and
V16-V18 of the reference (§9.2), fill and removal, duration 0 and begin time 0 at commit,
replacement, on_start / on_stop exactly once each, removal, the order of keys, copying back."""

from __future__ import annotations

import inspect
import math
from typing import Any, List, Optional, Tuple

import pytest

import animcore
from _frames import T0, approx, frame
from animcore import (
    BasicAnimation,
    Engine,
    FillMode,
    Layer,
    NotAnimatableError,
    Point,
    TimingFunction,
    Transform3D,
    UnknownKeyError,
    WrongKindError,
)

PI = math.pi


def sample(engine: Engine, layer: Layer, animation: BasicAnimation, key_path: str, e: float) -> Any:
    """Adds ``animation``, ticks at T0 (the commit) and T0 + e; the presentation at key_path."""
    layer.add_animation(animation, key="k")
    engine.tick(T0)
    engine.tick(T0 + e)
    return layer.presentation[key_path]


# ---- the value vectors (§9.2) ------------------------------------------------------------------


def test_v1_from_to_every_frame(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(BasicAnimation("opacity", from_value=10, to_value=20, duration=1.0), "k")
    for k in range(71):
        engine.tick(frame(k))
        if k < 60:
            assert layer.presentation.opacity == approx(10 + 10 * k / 60), k
        elif k > 60:
            assert layer.presentation.opacity == 1.0  # removed: the model again
        assert layer.opacity == 1.0  # the model never moves
        if k == 30:
            assert layer.presentation.opacity == approx(15)


@pytest.mark.parametrize(
    "name,arguments,expected",
    [
        ("V2 from+by", dict(from_value=10, by_value=5), 12.5),
        ("V3 to+by", dict(to_value=20, by_value=5), 17.5),
    ],
)
def test_v2_v3(engine: Engine, name: str, arguments: Any, expected: float) -> None:
    layer = engine.layer()
    animation = BasicAnimation("opacity", duration=1.0, **arguments)
    assert sample(engine, layer, animation, "opacity", 0.5) == approx(expected)


def test_v4_from_only_heads_to_a_changed_model(engine: Engine) -> None:
    layer = engine.layer(z_position=30)
    assert sample(
        engine, layer, BasicAnimation("zPosition", from_value=10, duration=1.0), "zPosition", 0.5
    ) == approx(20)
    layer.z_position = 50  # mid-flight (its implicit animation ends within 0.25 s)
    for k in range(31, 54):
        engine.tick(frame(k))
    engine.tick(T0 + 0.9)
    assert layer.presentation.z_position == approx(10 + 0.9 * 40)
    engine.tick(T0 + 0.95)
    assert layer.presentation.z_position == approx(10 + 0.95 * 40)
    assert layer.z_position == 50


def test_v5_to_only(engine: Engine) -> None:
    layer = engine.layer(z_position=0)
    assert sample(
        engine, layer, BasicAnimation("zPosition", to_value=20, duration=1.0), "zPosition", 0.5
    ) == approx(10)


def test_v6_by_only(engine: Engine) -> None:
    layer = engine.layer(z_position=100)
    assert sample(
        engine, layer, BasicAnimation("zPosition", by_value=5, duration=1.0), "zPosition", 0.5
    ) == approx(102.5)


def test_v7_model_set_then_to_only_does_not_move(engine: Engine) -> None:
    layer = engine.layer(z_position=300)
    layer.add_animation(BasicAnimation("zPosition", to_value=300, duration=1.0), "k")
    for k in range(0, 71, 7):
        engine.tick(frame(k))
        assert layer.presentation.z_position == 300


def test_v8_ease_in_ease_out(engine: Engine) -> None:
    layer = engine.layer()
    animation = BasicAnimation(
        "zPosition", from_value=0, to_value=100, duration=1.0, timing_function="easeInEaseOut"
    )
    assert sample(engine, layer, animation, "zPosition", 0.25) == approx(12.9162, 1e-4)


def test_v9_additive_delta(engine: Engine) -> None:
    layer = engine.layer(z_position=10)
    animation = BasicAnimation("zPosition", from_value=-10, to_value=0, duration=1.0, additive=True)
    assert sample(engine, layer, animation, "zPosition", 0.5) == approx(5)


def test_v16_cumulative(engine: Engine) -> None:
    layer = engine.layer()
    animation = BasicAnimation(
        "zPosition", from_value=10, to_value=20, duration=1.0, repeat_count=3, cumulative=True
    )
    assert sample(engine, layer, animation, "zPosition", 1.5) == approx(35)


def test_transforms_beyond_the_range_of_doubles_are_infinite_not_nan(engine: Engine) -> None:
    # A cumulative scale of 2 per cycle, 1100 cycles on; a turned scale of 1e200 added to
    # itself. Where the plain products give NaN (0 x inf, inf - inf), the scaled elements are
    # infinite and the others kept.
    inf = math.inf
    grow = BasicAnimation(
        "transform",
        from_value=Transform3D.identity(),
        to_value=Transform3D.scale(2, 2, 1),
        duration=1.0,
        repeat_count=1e6,
        cumulative=True,
    )
    grown = sample(engine, engine.layer(), grow, "transform", 1100.5)
    assert grown == Transform3D(inf, 0, 0, 0, 0, inf, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    big = Transform3D.rotation(0.5, 0, 0, 1).concat(Transform3D.scale(1e200, 1e200, 1))
    layer = engine.layer(transform=big)
    added = BasicAnimation("transform", from_value=big, to_value=big, duration=10.0, additive=True)
    shown = sample(engine, layer, added, "transform", 1.0)
    assert not any(math.isnan(element) for element in shown)
    assert (shown.m11, shown.m12, shown.m21, shown.m22, shown.m33) == (inf, inf, -inf, inf, 1)


def test_v17_cumulative_autoreverses(engine: Engine) -> None:
    layer = engine.layer()
    animation = BasicAnimation(
        "zPosition",
        from_value=10,
        to_value=20,
        duration=1.0,
        repeat_count=2,
        autoreverses=True,
        cumulative=True,
    )
    assert sample(engine, layer, animation, "zPosition", 2.5) == approx(25)


def test_v18_rotation_key_path_turns_fully(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        BasicAnimation("transform.rotation.z", from_value=0, to_value=2 * PI, duration=1.0), "spin"
    )
    engine.tick(T0)
    engine.tick(T0 + 0.25)
    m = layer.presentation.transform
    assert isinstance(m, Transform3D)
    assert (m.m11, m.m12) == (approx(0), approx(1))
    assert layer.presentation["transform.rotation.z"] == approx(PI / 2)
    engine.tick(T0 + 0.5)
    assert layer.presentation.transform.m11 == approx(-1)
    engine.tick(T0 + 0.75)
    assert layer.presentation.transform.m12 == approx(-1)
    assert layer.transform == Transform3D.identity()


def test_v18_whole_matrix_takes_the_shortest_path(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        BasicAnimation("transform", to_value=Transform3D.rotation(2 * PI), duration=1.0), "whole"
    )
    engine.tick(T0)
    engine.tick(T0 + 0.5)
    m = layer.presentation.transform
    assert (m.m11, m.m12) == (approx(1), approx(0))


def test_values_of_every_numeric_kind_interpolate(engine: Engine) -> None:
    layer = engine.layer()
    cases: List[Tuple[str, Any, Any, Any]] = [
        ("position", (0, 0), (10, 20), animcore.Point(5, 10)),
        ("shadowOffset", (0, 0), (4, 8), animcore.Size(2, 4)),
        ("bounds", (0, 0, 0, 0), ((10, 20), (30, 40)), animcore.Rect(5, 10, 15, 20)),
        (
            "backgroundColor",
            (0, 0, 0, 0),
            animcore.Color(1, 0.5, 0, 1),
            animcore.Color(0.5, 0.25, 0, 0.5),
        ),
        ("transform.translation", (0, 0), (8, 6), animcore.Size(4, 3)),
    ]
    for key_path, start, end, _ in cases:
        layer.add_animation(
            BasicAnimation(key_path, from_value=start, to_value=end, duration=1.0), key_path
        )
    engine.tick(T0)
    engine.tick(T0 + 0.5)
    for key_path, _, _, expected in cases:
        value = layer.presentation[key_path]
        assert type(value) is type(expected), key_path
        assert value == approx(expected), key_path


# ---- fill modes and removal, tick by tick -------------------------------------------------------


@pytest.mark.parametrize(
    "fill,removed_on_completion",
    [
        ("removed", True),
        ("backwards", True),
        ("forwards", True),
        ("forwards", False),
        ("both", False),
        ("removed", False),
    ],
)
def test_fill_and_removal(engine: Engine, fill: str, removed_on_completion: bool) -> None:
    """zPosition 100 -> 200 beginning 0.505 s after the first tick for 1 s: frames 0...30 are
    before it, 31...90 inside it, 91... after it."""
    layer = engine.layer()
    events: List[Tuple[str, Optional[str], Optional[bool]]] = []
    animation = BasicAnimation(
        "zPosition",
        from_value=100,
        to_value=200,
        duration=1.0,
        begin_time=T0 + 0.505,  # the layer's time is the engine's
        fill_mode=fill,
        removed_on_completion=removed_on_completion,
        on_start=lambda layer, key: events.append(("start", key, None)),
        on_stop=lambda layer, key, finished: events.append(("stop", key, finished)),
    )
    layer.add_animation(animation, "fill")
    fills_back = fill in ("backwards", "both")
    fills_forward = fill in ("forwards", "both")
    for k in range(121):
        engine.tick(frame(k))
        before, after = k <= 30, k >= 91
        if before:
            expected = 100.0 if fills_back else 0.0
        elif after:
            expected = 200.0 if fills_forward and not removed_on_completion else 0.0
        else:
            expected = 100 + 100 * (k / 60 - 0.505)
        assert layer.presentation.z_position == approx(expected), k
        started = [e for e in events if e[0] == "start"]
        stopped = [e for e in events if e[0] == "stop"]
        assert len(started) == (0 if before else 1), k
        assert stopped == ([("stop", "fill", True)] if after else []), k
    assert layer.animation_keys == ([] if removed_on_completion else ["fill"])
    if not removed_on_completion:
        layer.remove_animation("fill")
        engine.tick(frame(121))
        assert layer.presentation.z_position == 0
        assert len(events) == 2  # it had finished already: no second stop


# ---- duration, begin time, replacement, removal --------------------------------------------------


def test_duration_zero_takes_the_default(engine: Engine) -> None:
    layer = engine.layer()
    stops: List[bool] = []
    layer.add_animation(
        BasicAnimation(
            "zPosition", from_value=0, to_value=1, on_stop=lambda l, k, f: stops.append(f)
        ),
        "d0",
    )
    copy = layer.animation("d0")
    assert copy is not None and copy.duration == 0.25 and copy.begin_time == 0.0
    assert layer.presentation.z_position == 0  # not applied before the commit
    for k in range(21):
        engine.tick(frame(k))
        if k < 15:
            assert layer.presentation.z_position == approx(k / 15)
        if k == 14:
            assert stops == []
        if k == 16:
            assert stops == [True]


def test_engine_default_duration() -> None:
    with Engine(default_duration=1.5) as engine:
        layer = engine.layer()
        layer.add_animation(BasicAnimation("zPosition", from_value=0, to_value=1), "k")
        copy = layer.animation("k")
        assert copy is not None and copy.duration == 1.5
        assert engine.default_duration == 1.5


def test_begin_time_zero_is_the_layers_time_at_commit(engine: Engine) -> None:
    layer = engine.layer(speed=2, time_offset=3)
    engine.tick(T0)
    layer.add_animation(BasicAnimation("zPosition", from_value=0, to_value=10, duration=1.0), "b0")
    engine.tick(T0 + 0.1)
    copy = layer.animation("b0")
    assert copy is not None and copy.begin_time == approx((T0 + 0.1) * 2 + 3)
    engine.tick(T0 + 0.35)
    assert layer.presentation.z_position == approx(5)


def test_replacement_and_callbacks_exactly_once(engine: Engine) -> None:
    layer = engine.layer()
    log: List[Tuple[str, str, Optional[str], Any]] = []

    def callbacks(name: str) -> Any:
        return dict(
            on_start=lambda l, key: log.append((name, "start", key, l)),
            on_stop=lambda l, key, finished: log.append((name, "stop", key, finished)),
        )

    a = BasicAnimation("zPosition", from_value=0, to_value=10, duration=1.0, **callbacks("a"))
    b = BasicAnimation("zPosition", from_value=50, to_value=60, duration=1.0, **callbacks("b"))
    n = BasicAnimation("opacity", from_value=0, to_value=1, duration=0.5, **callbacks("n"))
    layer.add_animation(a, "move")
    layer.add_animation(n)
    engine.tick(frame(0))
    engine.tick(frame(6))
    assert ("a", "start", "move", layer) in log and ("n", "start", None, layer) in log
    assert layer.animation_keys == ["move"]  # keyless ones are not counted
    layer.add_animation(b, "move")
    assert layer.animation_keys == ["move"]
    for k in range(7, 81):
        engine.tick(frame(k))
    assert [entry[:3] for entry in log].count(("a", "stop", "move")) == 1
    assert ("a", "stop", "move", False) in log  # replaced
    assert ("b", "stop", "move", True) in log
    assert ("n", "stop", None, True) in log
    assert len(log) == 6


def test_removal(engine: Engine) -> None:
    layer = engine.layer()
    stops: List[Tuple[Optional[str], bool]] = []
    record = lambda l, key, finished: stops.append((key, finished))  # noqa: E731
    layer.add_animation(
        BasicAnimation("zPosition", from_value=0, to_value=1, duration=5, on_stop=record), "z"
    )
    layer.add_animation(
        BasicAnimation("opacity", from_value=0.3, to_value=0.3, duration=5, on_stop=record), "o"
    )
    engine.tick(T0)
    engine.tick(T0 + 0.5)
    layer.remove_animation("z")
    layer.remove_animation("nothing")  # none: no effect
    assert layer.animation_keys == ["o"]
    assert layer.presentation.z_position == 0  # the model shows at once
    assert stops == []  # did-stop comes with the next tick
    engine.tick(T0 + 0.6)
    assert stops == [("z", False)]
    layer.remove_all_animations()
    layer.remove_all_animations()  # a second removal is harmless (D4)
    assert layer.animation_keys == []
    engine.tick(T0 + 0.7)
    assert stops == [("z", False), ("o", False)]
    assert layer.presentation.opacity == 1


def test_destroying_a_layer_stops_its_animations(engine: Engine) -> None:
    stops: List[bool] = []
    doomed = engine.layer()
    doomed.add_animation(
        BasicAnimation(
            "opacity", from_value=0, to_value=1, duration=5, on_stop=lambda l, k, f: stops.append(f)
        ),
        "x",
    )
    engine.tick(T0 + 1)
    del doomed  # the only reference: the layer is destroyed
    engine.tick(T0 + 1.1)
    assert stops == [False]


def test_keys_in_order(engine: Engine) -> None:
    layer = engine.layer()
    animation = BasicAnimation("opacity", from_value=0, to_value=1, duration=10)
    for key in ("alpha", "beta", "gamma"):
        layer.add_animation(animation, key)
    layer.add_animation(animation)
    assert layer.animation_keys == ["alpha", "beta", "gamma"]
    layer.add_animation(animation, "alpha")  # re-added: at the end
    assert layer.animation_keys == ["beta", "gamma", "alpha"]
    layer.add_animation(
        animation, "a much longer key than sixty-four bytes, to grow the buffer" * 2
    )
    assert layer.animation_keys[-1].startswith("a much longer key")


def test_copy_back(engine: Engine) -> None:
    layer, other = engine.layer(), engine.layer()
    stops: List[bool] = []
    animation = BasicAnimation(
        "position",
        from_value=Point(1, 2),
        by_value=(10, 20),
        duration=2,
        repeat_count=1.5,
        autoreverses=True,
        fill_mode="both",
        timing_function=TimingFunction.steps(4),
        cumulative=True,
        removed_on_completion=False,
        on_stop=lambda l, k, f: stops.append(f),
    )
    layer.add_animation(animation, "move")
    engine.tick(T0)
    copy = layer.animation("move")
    assert isinstance(copy, BasicAnimation)
    assert copy.key_path == "position"
    assert copy.from_value == Point(1, 2) and isinstance(copy.from_value, Point)
    assert copy.to_value is None and copy.by_value == (10, 20)
    assert (copy.duration, copy.repeat_count, copy.autoreverses) == (2, 1.5, True)
    assert copy.fill_mode is FillMode.BOTH
    assert copy.begin_time == approx(T0)  # resolved at the commit
    assert copy.timing_function == TimingFunction.steps(4)
    assert (copy.cumulative, copy.additive, copy.removed_on_completion) == (True, False, False)
    assert copy.on_stop is animation.on_stop
    # A copy is a description like any: added elsewhere, edited alone.
    other.add_animation(copy, "again")
    animation.from_value = Point(1000, 1000)
    again = layer.animation("move")
    assert isinstance(again, BasicAnimation) and again.from_value == (1, 2)
    assert layer.animation("nothing") is None
    assert copy == layer.animation("move")


# ---- descriptions and bad input ------------------------------------------------------------------


def test_description_defaults_and_repr() -> None:
    animation = BasicAnimation("opacity")
    assert (animation.from_value, animation.to_value, animation.by_value) == (None, None, None)
    assert (animation.duration, animation.speed, animation.begin_time) == (0, 1, 0)
    assert animation.timing_function is None and animation.removed_on_completion is True
    assert repr(animation) == "BasicAnimation('opacity')"
    changed = animation.copy(duration=2.0, to_value=1.0, fill_mode="forwards")
    assert (
        repr(changed)
        == "BasicAnimation('opacity', to_value=1.0, duration=2.0, fill_mode='forwards')"
    )
    assert changed != animation and changed.copy() == changed


def test_description_checks() -> None:
    with pytest.raises(animcore.OutOfRangeError):
        BasicAnimation("opacity", duration=-1)
    with pytest.raises(animcore.NotFiniteError):
        BasicAnimation("opacity", speed=math.nan)
    animation = BasicAnimation("opacity")
    with pytest.raises(animcore.OutOfRangeError):
        animation.repeat_count = -1
    with pytest.raises(animcore.UnknownNameError):
        animation.timing_function = "wobbly"
    with pytest.raises(TypeError):
        animation.on_stop = "not callable"  # type: ignore[assignment]
    with pytest.raises(TypeError):
        BasicAnimation(3)  # type: ignore[arg-type]


def test_adding_checks_the_key_path(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(WrongKindError):
        layer.add_animation(BasicAnimation("opacity", to_value=Point(1, 2)), "k")
    with pytest.raises(UnknownKeyError) as unknown:
        layer.add_animation(BasicAnimation("position.z", to_value=1.0), "k")
    assert "position.z" in str(unknown.value)
    with pytest.raises(NotAnimatableError):
        layer.add_animation(BasicAnimation("needsDisplayOnBoundsChange", to_value=True), "k")
    with pytest.raises(NotAnimatableError):
        layer.add_animation(BasicAnimation("frame", to_value=(0, 0, 1, 1)), "k")
    with pytest.raises(NotAnimatableError):
        layer.add_animation(BasicAnimation("neverDeclared", to_value=1.0), "k")
    with pytest.raises(animcore.NotFiniteError) as nan:
        layer.add_animation(BasicAnimation("opacity", from_value=math.nan), "k")
    assert str(nan.value) == "from_value is nan; it must be finite"
    with pytest.raises(TypeError):
        layer.add_animation(BasicAnimation("position", to_value=(1, 2, 3)), "k")
    with pytest.raises(TypeError):
        layer.add_animation("opacity", "k")  # type: ignore[arg-type]
    with pytest.raises(animcore.InvalidArgumentError):
        layer.add_animation(BasicAnimation("opacity", to_value=0.5), "bad\0key")
    with pytest.raises(UnknownKeyError):
        layer.add_animation(BasicAnimation(""), "k")
    assert layer.animation_keys == []


# ---- the shared keywords, written once --------------------------------------------------------

_SHARED = (
    "begin_time",
    "duration",
    "speed",
    "time_offset",
    "repeat_count",
    "repeat_duration",
    "autoreverses",
    "fill_mode",
    "timing_function",
    "additive",
    "cumulative",
    "removed_on_completion",
    "on_start",
    "on_stop",
)
_NOT_OF_A_GROUP = ("additive", "cumulative")


def _animation_classes() -> List[Tuple[type, Tuple[Any, ...]]]:
    return [
        (animcore.BasicAnimation, ("opacity",)),
        (animcore.SpringAnimation, ("opacity",)),
        (animcore.DecayAnimation, ("position",)),
        (animcore.KeyframeAnimation, ("opacity",)),
        (animcore.AnimationGroup, ()),
    ]


def test_every_animation_spells_out_the_shared_keywords_and_their_defaults() -> None:
    made_by_default = animcore.Timing.animation()
    for cls, positional in _animation_classes():
        parameters = inspect.signature(cls).parameters
        group = cls is animcore.AnimationGroup
        expected = [name for name in _SHARED if not (group and name in _NOT_OF_A_GROUP)]
        assert [name for name in parameters if name in _SHARED] == expected, cls
        shared = {name: parameters[name] for name in expected}
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in shared.values()), cls
        assert shared["duration"].default == made_by_default.duration == 0.0
        assert shared["speed"].default == 1.0 and shared["removed_on_completion"].default is True
        assert shared["fill_mode"].default is animcore.FillMode.REMOVED
        animation = cls(*positional)
        for name, parameter in shared.items():
            assert getattr(animation, name) == parameter.default, (cls, name)


def test_a_keyword_no_animation_takes_is_refused_naming_the_class() -> None:
    unexpected = r"\(\) got an unexpected keyword argument"
    for cls, positional in _animation_classes():
        with pytest.raises(TypeError, match=rf"^{cls.__name__}\.__init__{unexpected} 'durration'$"):
            cls(*positional, durration=1.0)
    with pytest.raises(TypeError, match=rf"^AnimationGroup\.__init__{unexpected} 'additive'$"):
        animcore.AnimationGroup(additive=True)
    with pytest.raises(TypeError, match=rf"^Timing\.layer{unexpected} 'speeed'$"):
        animcore.Timing.layer(speeed=2.0)


def test_the_shared_keywords_are_checked_naming_the_argument() -> None:
    for cls, positional in _animation_classes():
        with pytest.raises(animcore.OutOfRangeError, match="repeat_count"):
            cls(*positional, repeat_count=-1.0)
        with pytest.raises(TypeError, match="on_stop must be callable or None"):
            cls(*positional, on_stop=3)
        with pytest.raises(animcore.UnknownNameError):
            cls(*positional, timing_function="no_such_curve")
        animation = cls(*positional, speed=2.0, fill_mode="both", autoreverses=True)
        assert (animation.speed, animation.fill_mode, animation.autoreverses) == (
            2.0,
            animcore.FillMode.BOTH,
            True,
        )


def test_one_key_path_on_layers_of_different_classes(engine: Engine) -> None:
    """One description added again and again to layers of classes where its key path means
    different things: each add answers for its own layer's class, refusals as ever, and a
    description changed after an add is added as changed."""
    scalar = engine.layer_class("ScalarLevel", {"level": 0.0})()
    point = engine.layer_class("PointLevel", {"level": Point(0, 0)})()
    fixed = engine.layer_class("FixedLevel", {"level": 0.0}, not_animatable=["level"])()
    plain = engine.layer()
    level = BasicAnimation("level", from_value=0, to_value=10, duration=1)
    for _ in range(2):
        scalar.add_animation(level, "a")
        # (The binding converts the values by the target's kind: numbers are no point.)
        with pytest.raises(TypeError, match="from_value"):
            point.add_animation(level, "a")
        scalar.add_animation(level, "a")
        with pytest.raises(NotAnimatableError, match="level"):
            fixed.add_animation(level, "a")
        scalar.add_animation(level, "a")
        with pytest.raises(NotAnimatableError, match="level"):
            plain.add_animation(level, "a")
    moved = BasicAnimation("level", from_value=Point(0, 0), to_value=Point(10, 20), duration=1)
    point.add_animation(moved, "a")
    level.to_value = 20  # changed after its adds: the next add takes the change
    scalar.add_animation(level, "a")
    engine.tick(T0)
    engine.tick(T0 + 0.5)
    assert scalar.presentation["level"] == approx(10)
    assert point.presentation["level"] == (approx(5), approx(10))
    assert fixed.presentation["level"] == 0
    assert not fixed.animation_keys and not plain.animation_keys
