"""Animation groups (CAAnimationGroup, reference §6.6): one test per rule, tick by tick at
60 fps — children in the group's time space (begin times relative to its start, its iteration
time as their parent time), speeds multiply, clipping not scaling, fill after the group's end,
children of duration 0, each child's own key path and fill mode, nesting (16 levels), only the
group's callbacks, removal in one tick, the transaction's duration for a group of duration 0,
the round trip, bad input."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type,list-item"

from __future__ import annotations

import math
import time
from typing import Any, List, Tuple

import pytest

from _frames import T0, approx, frame
from animcore import (
    Animation,
    AnimationGroup,
    BasicAnimation,
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    NotFiniteError,
    OutOfRangeError,
    Path,
    Point,
    TimingFunction,
)


def z_ramp(**timing: Any) -> BasicAnimation:
    """zPosition 0 -> 100 linearly over its duration (1 s unless given)."""
    timing.setdefault("duration", 1.0)
    return BasicAnimation("zPosition", from_value=0.0, to_value=100.0, **timing)


def z_at(engine: Engine, layer: Any, e: float) -> float:
    engine.tick(T0 + e)
    value: float = layer.presentation.z_position
    return value


# ---- time space ------------------------------------------------------------------------------------


def test_child_begin_times_are_relative_to_the_group_start(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(T0 - 1)
    layer.add_animation(AnimationGroup([z_ramp(begin_time=0.5)], duration=2), "g")
    engine.tick(T0)  # the commit: the group begins at T0
    for k in range(0, 150):
        engine.tick(frame(k))
        e = k / 60
        if k in (30, 90, 120):
            continue
        expected = 100 * (e - 0.5) if 0.5 < e < 1.5 else 0.0
        assert layer.presentation.z_position == approx(expected), k


def test_the_childs_parent_time_is_the_groups_iteration_time(engine: Engine) -> None:
    """A 1 s child in a 1 s group repeated twice and autoreversing: the child plays forward,
    back, forward, back with the group's basic local time."""
    layer = engine.layer()
    layer.add_animation(
        AnimationGroup([z_ramp()], duration=1, repeat_count=2, autoreverses=True), "g"
    )
    engine.tick(T0)
    for e, expected in [(0.25, 25), (0.75, 75), (1.25, 75), (1.75, 25), (2.5, 50), (3.9, 10)]:
        assert z_at(engine, layer, e) == approx(expected), e
    assert z_at(engine, layer, 4.1) == 0  # over: removed


def test_group_time_offset_shifts_the_children(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(AnimationGroup([z_ramp()], duration=1, time_offset=0.25), "g")
    engine.tick(T0)
    assert z_at(engine, layer, 0.5) == approx(75)
    assert z_at(engine, layer, 0.85) == approx(10)  # the group's time wrapped


def _ease_in(x: float) -> float:
    """easeIn (0.42, 0, 1, 1) at x, by bisection on the curve's x(t)."""
    low, high = 0.0, 1.0
    for _ in range(60):
        t = (low + high) / 2
        if 3 * (1 - t) ** 2 * t * 0.42 + 3 * (1 - t) * t * t + t**3 < x:
            low = t
        else:
            high = t
    t = (low + high) / 2
    return 3 * (1 - t) * t * t + t**3


def test_the_groups_timing_function_re_times_its_children(engine: Engine) -> None:
    layer = engine.layer()
    group = AnimationGroup([z_ramp(duration=2)], duration=2, timing_function="easeIn")
    layer.add_animation(group, "g")
    engine.tick(T0)
    for e in (0.25, 0.5, 1.0, 1.5, 1.9):
        assert z_at(engine, layer, e) == pytest.approx(100 * _ease_in(e / 2), abs=1e-6), e


def test_speeds_multiply(engine: Engine) -> None:
    """A child of speed 1.5 in a group of speed 2 runs three times as fast."""
    layer = engine.layer()
    layer.add_animation(AnimationGroup([z_ramp(duration=3, speed=1.5)], duration=2, speed=2), "g")
    engine.tick(T0)
    for k in range(1, 60):
        engine.tick(frame(k))
        assert layer.presentation.z_position == approx(100 * 3 * (k / 60) / 3), k
    engine.tick(frame(61))
    assert layer.presentation.z_position == 0  # the group's 2 s took 1 s


def test_children_are_clipped_not_scaled(engine: Engine) -> None:
    """A 10 s child in a 5 s group shows its first 5 s."""
    layer = engine.layer()
    layer.add_animation(AnimationGroup([z_ramp(duration=10)], duration=5), "g")
    engine.tick(T0)
    for e in (1, 2.5, 4.9):
        assert z_at(engine, layer, e) == approx(10 * e), e
    assert z_at(engine, layer, 5.1) == 0


def test_group_fill_forwards_holds_the_children_at_the_groups_end(engine: Engine) -> None:
    layer = engine.layer(opacity=0.2)
    group = AnimationGroup(
        [z_ramp(duration=10), BasicAnimation("opacity", from_value=1.0, to_value=0.5, duration=2)],
        duration=5,
        fill_mode="forwards",
        removed_on_completion=False,
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    for e in (5.5, 7, 60):
        # At group time 5: the 10 s child half way, the 2 s child filling? It has no fill:
        # after its own end (group time 2) it shows nothing, the model opacity.
        assert z_at(engine, layer, e) == approx(50), e
        assert layer.presentation.opacity == approx(0.2), e
    assert layer.animation_keys == ["g"]


def test_group_fill_removed_shows_nothing_after_its_end(engine: Engine) -> None:
    layer = engine.layer()
    group = AnimationGroup(
        [z_ramp(duration=10, fill_mode="forwards")], duration=5, removed_on_completion=False
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    assert z_at(engine, layer, 4.5) == approx(45)
    for e in (5.0, 5.5, 9):
        assert z_at(engine, layer, e) == 0, e
    assert layer.animation_keys == ["g"]  # kept, but without effect


def test_a_child_of_duration_zero_spans_the_group(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(AnimationGroup([z_ramp(duration=0)], duration=4), "g")
    engine.tick(T0)
    for e in (0.5, 1, 2, 3.5):
        assert z_at(engine, layer, e) == approx(25 * e), e


def test_each_child_animates_its_own_key_path_in_order(engine: Engine) -> None:
    layer = engine.layer(position=(0, 0), z_position=5)
    group = AnimationGroup(
        [
            BasicAnimation("opacity", from_value=0.0, to_value=1.0),
            KeyframeAnimation("position", path=Path().move_to(0, 0).line_to(100, 50)),
            z_ramp(),  # then an additive one on the same key path, applied after it
            BasicAnimation("zPosition", from_value=1.0, to_value=1.0, additive=True),
        ],
        duration=1,
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    engine.tick(T0 + 0.25)
    assert layer.presentation.opacity == approx(0.25)
    assert layer.presentation.position == approx((25, 12.5))
    assert layer.presentation.z_position == approx(26)


def test_each_child_follows_its_own_fill_mode_inside_the_group(engine: Engine) -> None:
    layer = engine.layer(z_position=-1, opacity=0.3)
    group = AnimationGroup(
        [
            z_ramp(begin_time=1, duration=1, fill_mode="both"),
            BasicAnimation("opacity", from_value=0.0, to_value=1.0, begin_time=1, duration=1),
        ],
        duration=3,
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    assert z_at(engine, layer, 0.5) == approx(0)  # backwards fill: its from value
    assert layer.presentation.opacity == approx(0.3)  # no fill: the model
    assert z_at(engine, layer, 1.5) == approx(50)
    assert layer.presentation.opacity == approx(0.5)
    assert z_at(engine, layer, 2.5) == approx(100)  # forwards fill inside the group
    assert layer.presentation.opacity == approx(0.3)
    assert z_at(engine, layer, 3.5) == -1  # the group is over


def test_groups_nest(engine: Engine) -> None:
    """Inner group begins 1 s into the outer one and runs at speed 2: its child (2 s) plays
    over outer time 1...2."""
    layer = engine.layer()
    inner = AnimationGroup([z_ramp(duration=2)], duration=2, begin_time=1, speed=2)
    layer.add_animation(AnimationGroup([inner], duration=3), "outer")
    engine.tick(T0)
    for e, expected in [(0.5, 0), (1.25, 25), (1.5, 50), (1.9, 90), (2.5, 0)]:
        assert z_at(engine, layer, e) == approx(expected), e


def _nested(depth: int) -> Animation:
    animation: Animation = z_ramp()
    for _ in range(depth):
        animation = AnimationGroup([animation], duration=1)
    return animation


def test_sixteen_levels_and_no_more(engine: Engine) -> None:
    layer = engine.layer()
    deepest = _nested(16)
    assert isinstance(deepest, AnimationGroup) and deepest.depth == 16
    layer.add_animation(deepest, "deep")
    engine.tick(T0)
    assert z_at(engine, layer, 0.5) == approx(50)
    copy = layer.animation("deep")
    assert copy == deepest.copy(begin_time=T0)
    with pytest.raises(OutOfRangeError) as raised:
        layer.add_animation(_nested(17), "deeper")
    assert "animations" in str(raised.value) and "16" in str(raised.value)
    loop = AnimationGroup([z_ramp()])
    loop.animations.append(loop)
    with pytest.raises(OutOfRangeError):
        layer.add_animation(loop, "loop")
    assert layer.animation_keys == ["deep"]


def _shared_tree(levels: int, width: int) -> AnimationGroup:
    """``levels`` groups, each holding the one below ``width`` times: levels + 1 objects that
    stand for width^levels basic animations."""
    node: Animation = z_ramp()
    for _ in range(levels):
        node = AnimationGroup([node] * width, duration=1.0)
    assert isinstance(node, AnimationGroup)
    return node


@pytest.mark.parametrize("levels, width", [(12, 3), (8, 8), (16, 2), (4, 17)])
def test_a_wide_tree_is_refused_in_the_time_its_objects_take(
    engine: Engine, levels: int, width: int
) -> None:
    """Issue 35: 13 objects for 3^12 animations took 4.6 s and 294 MiB to be refused (every
    child built once per place it held); 8 levels of 8, minutes. Each object is built once, and
    the library refuses the tree by its size."""
    layer = engine.layer()
    tree = _shared_tree(levels, width)
    started = time.perf_counter()
    with pytest.raises(OutOfRangeError) as raised:
        layer.add_animation(tree, "wide")
    assert time.perf_counter() - started < 0.5
    assert "65536" in str(raised.value)
    assert layer.animation_keys == []


def test_a_shared_child_within_the_limit_runs_in_every_place(engine: Engine) -> None:
    """2^15 animations from 16 objects: accepted, and each place animates."""
    layer = engine.layer()
    tree = _shared_tree(15, 2)
    layer.add_animation(tree, "shared")
    engine.tick(T0)
    assert z_at(engine, layer, 0.25) == approx(25)
    sibling = AnimationGroup([z_ramp(), AnimationGroup([z_ramp(duration=0.5)] * 3)], duration=1)
    layer.add_animation(sibling, "sibling")
    engine.tick(T0 + 1.5)
    assert z_at(engine, layer, 1.75) == approx(50)  # the last child: 0.25 s of its 0.5 s


# ---- callbacks, removal, duration ------------------------------------------------------------------


def test_only_the_groups_callbacks_run(engine: Engine) -> None:
    layer = engine.layer()
    events: List[Tuple[str, Any]] = []

    def child(name: str, **fields: Any) -> BasicAnimation:
        return z_ramp(
            on_start=lambda l, key: events.append((f"{name} start", key)),
            on_stop=lambda l, key, finished: events.append((f"{name} stop", finished)),
            **fields,
        )

    group = AnimationGroup(
        [child("a"), child("b", begin_time=0.5, removed_on_completion=False)],
        duration=1,
        on_start=lambda l, key: events.append(("group start", key)),
        on_stop=lambda l, key, finished: events.append(("group stop", finished)),
    )
    layer.add_animation(group, "g")
    for k in range(80):
        engine.tick(frame(k))
    assert events == [("group start", "g"), ("group stop", True)]
    # The group is removed on completion and with it every child (b's flag is ignored).
    assert layer.animation_keys == [] and layer.presentation.z_position == 0


def test_a_childs_removed_on_completion_is_ignored_inside_the_group(engine: Engine) -> None:
    """A child that ends before its group, filling forwards and (by default) removed on
    completion, keeps showing its end while the group runs: only the group is ever removed."""
    layer = engine.layer()
    child = z_ramp(duration=1, fill_mode="forwards")
    assert child.removed_on_completion
    layer.add_animation(AnimationGroup([child], duration=2), "g")
    engine.tick(T0)
    assert z_at(engine, layer, 0.5) == approx(50)
    for e in (1.0, 1.25, 1.9):
        assert z_at(engine, layer, e) == approx(100), e
    assert z_at(engine, layer, 2.1) == 0  # the group is over and removed


def test_removing_the_group_removes_every_child_in_the_same_tick(engine: Engine) -> None:
    layer = engine.layer(opacity=0.4)
    stops: List[bool] = []
    group = AnimationGroup(
        [z_ramp(duration=10), BasicAnimation("opacity", from_value=1.0, to_value=1.0)],
        duration=10,
        on_stop=lambda l, k, finished: stops.append(finished),
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    engine.tick(T0 + 1)
    assert (layer.presentation.z_position, layer.presentation.opacity) == (approx(10), 1.0)
    layer.remove_animation("g")
    assert (layer.presentation.z_position, layer.presentation.opacity) == (0, 0.4)
    engine.tick(T0 + 1.1)
    assert (layer.presentation.z_position, layer.presentation.opacity) == (0, 0.4)
    assert stops == [False]


def test_a_group_of_duration_zero_gets_the_transactions_duration(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(AnimationGroup([z_ramp(duration=0)]), "default")
    copy = layer.animation("default")
    assert copy is not None and copy.duration == 0.25
    with engine.transaction(duration=2.0):
        layer.add_animation(AnimationGroup([z_ramp(duration=0)]), "two")
    copy = layer.animation("two")
    assert copy is not None and copy.duration == 2.0
    engine.tick(T0)
    assert z_at(engine, layer, 1.0) == approx(50)  # the child spans the group's 2 s


# ---- the round trip and the description ------------------------------------------------------------


def test_every_field_round_trips(engine: Engine) -> None:
    layer = engine.layer()
    keyframes = KeyframeAnimation(
        "position",
        values=[Point(0, 0), Point(10, 10), Point(0, 20)],
        key_times=[0, 0.3, 1],
        timing_functions=["easeOut"],
        mode="cubic",
        tension=[0.5],
        begin_time=0.5,
        duration=1,
        fill_mode="backwards",
        additive=True,
    )
    inner = AnimationGroup(
        [BasicAnimation("opacity", to_value=0.5, cumulative=True, repeat_count=2)],
        duration=0.5,
        speed=2,
        timing_function="easeIn",
    )
    group = AnimationGroup(
        [z_ramp(time_offset=0.1, autoreverses=True), keyframes, inner],
        duration=3,
        repeat_duration=7,
        fill_mode="both",
        timing_function=TimingFunction(0.2, 0.1, 0.3, 1),
        removed_on_completion=False,
        on_stop=lambda l, k, f: None,
    )
    layer.add_animation(group, "g")
    engine.tick(T0)
    copy = layer.animation("g")
    assert isinstance(copy, AnimationGroup)
    assert [type(c) for c in copy.animations] == [BasicAnimation, KeyframeAnimation, AnimationGroup]
    assert copy.animations[0] == group.animations[0]
    assert copy.animations[1] == keyframes
    assert copy.animations[2] == inner
    assert copy.on_stop is group.on_stop
    assert copy == group.copy(begin_time=T0)


def test_description_defaults_repr_and_copy() -> None:
    group = AnimationGroup()
    assert group.animations == [] and group.duration == 0 and group.depth == 1
    assert repr(group) == "AnimationGroup([])"
    child = BasicAnimation("opacity", to_value=1.0)
    filled = group.copy(animations=[child], duration=2.0)
    assert repr(filled) == "AnimationGroup([BasicAnimation('opacity', to_value=1.0)], duration=2.0)"
    assert filled != group and filled.copy() == filled
    assert filled.animations[0] is child  # the list is copied, not the children
    assert not hasattr(filled, "key_path")


def test_bad_groups(engine: Engine) -> None:
    with pytest.raises(TypeError) as raised:
        AnimationGroup([z_ramp(), "opacity"])
    assert "animations[1]" in str(raised.value)
    with pytest.raises(TypeError):
        AnimationGroup(z_ramp())
    with pytest.raises(TypeError):
        AnimationGroup([z_ramp()], key_path="opacity")  # type: ignore[call-arg]
    with pytest.raises(NotFiniteError):
        AnimationGroup(speed=math.inf)
    layer = engine.layer()
    broken = AnimationGroup([z_ramp(), AnimationGroup([KeyframeAnimation("opacity")])])
    with pytest.raises(InvalidArgumentError) as invalid:
        layer.add_animation(broken, "g")
    assert "animations[1].animations[0].values" in str(invalid.value)
    edited = AnimationGroup([z_ramp()])
    edited.animations.append(3)
    with pytest.raises(TypeError) as raised:
        layer.add_animation(edited, "g")
    assert "animations[1]" in str(raised.value)
    assert layer.animation_keys == []


# ---- sequences -------------------------------------------------------------------------------------


def test_a_sequence_runs_its_children_one_after_another(engine: Engine) -> None:
    # A over [0, 1); a gap of 0.5; B over [1.5, 2.5); C overlapping B by 0.25 over [2.25, 3.25),
    # shown over B; the sequence lasts until C ends (its duration 0: its natural length).
    sequence = AnimationGroup(
        [
            BasicAnimation("zPosition", from_value=0.0, to_value=10.0, duration=1),
            BasicAnimation("zPosition", from_value=10.0, to_value=20.0, duration=1, begin_time=0.5),
            BasicAnimation("zPosition", from_value=20.0, to_value=30.0, duration=1, begin_time=-0.25),
        ],
        sequential=True,
    )
    assert "sequential=True" in repr(sequence)
    layer = engine.layer()
    engine.tick(T0 - 1)
    layer.add_animation(sequence, "s")
    engine.tick(T0)
    copy = layer.animation("s")
    assert isinstance(copy, AnimationGroup) and copy.sequential and copy.duration == 3.25
    expected = {0.5: 5.0, 1.25: 0.0, 2.0: 15.0, 2.5: 22.5, 3.0: 27.5, 3.5: 0.0}
    assert [z_at(engine, layer, e) for e in expected] == pytest.approx(list(expected.values()))


def test_sequential_is_a_bool() -> None:
    assert AnimationGroup([]).sequential is False
    with pytest.raises(TypeError, match="sequential"):
        AnimationGroup([], sequential=1)
