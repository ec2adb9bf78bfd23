"""Transitions (Tests/c/test_transitions.c in Python): the Transition description and its
enums, the composite of each type and subtype at a progress against reference §6.2 with worked
numbers, the progress mapping with start/end progress and easing, repeat and autoreverse, the
"transition" key, on_start / on_stop exactly once, removal, the default duration, a group
refusing one, an action returning one, the render list's transition fields over successive
fills, and the errors naming the Python arguments."""

from __future__ import annotations

import math
from typing import Any, List, Tuple

import pytest

numpy = pytest.importorskip("numpy")

from animcore import (  # noqa: E402
    AnimationGroup,
    BasicAnimation,
    Engine,
    RenderFlag,
    RenderList,
    TimingFunction,
    Transition,
    TransitionLayering,
    TransitionState,
    TransitionSubtype,
    TransitionType,
    transition_composite,
)
from animcore.errors import (  # noqa: E402
    InvalidArgumentError,
    NotFiniteError,
    OutOfRangeError,
    UnknownNameError,
)

NEW_OVER_OLD = TransitionLayering.NEW_OVER_OLD
OLD_OVER_NEW = TransitionLayering.OLD_OVER_NEW


def stage(engine: Engine) -> Any:
    """A layer of bounds 100 x 50 whose entry's space is the root space, ticked at 0."""
    layer = engine.layer(bounds=(0, 0, 100, 50), position=(50, 25))
    engine.tick(0.0)
    return layer


def one(render: RenderList, layer: Any) -> Any:
    entries = render.fill(layer)
    assert entries.shape == (1,)
    return entries[0]


# ---- the description --------------------------------------------------------------------------


def test_defaults_enums_and_copy() -> None:
    t = Transition()
    assert t.type is TransitionType.FADE and t.subtype is None
    assert (t.start_progress, t.end_progress, t.duration) == (0.0, 1.0, 0.0)
    push = Transition("push", "fromRight", start_progress=0.25, duration=2)
    assert push.type is TransitionType.PUSH and push.subtype is TransitionSubtype.FROM_RIGHT
    assert push == Transition(TransitionType.PUSH, TransitionSubtype.FROM_RIGHT, start_progress=0.25, duration=2)
    assert push.copy(subtype="fromTop").subtype is TransitionSubtype.FROM_TOP
    assert "push" in repr(push) and "fromRight" in repr(push)
    assert [member.value for member in TransitionType] == ["fade", "moveIn", "push", "reveal"]
    assert [member.value for member in TransitionSubtype] == ["fromRight", "fromLeft", "fromTop", "fromBottom"]
    with pytest.raises(UnknownNameError, match="type"):
        Transition("slide")
    with pytest.raises(UnknownNameError, match="subtype"):
        Transition("push", "fromNowhere")
    with pytest.raises(TypeError, match="start_progress"):
        Transition(start_progress="0")  # type: ignore[arg-type]


# ---- the composite (§6.2), W x H = 100 x 50, p = 0.25 ------------------------------------------


@pytest.mark.parametrize(
    "kind, side, old, new, alphas, layering",
    [
        ("fade", None, (0, 0), (0, 0), (0.75, 0.25), TransitionLayering.CROSS_DISSOLVE),
        ("moveIn", "fromRight", (0, 0), (75, 0), (1, 1), NEW_OVER_OLD),
        ("moveIn", "fromBottom", (0, 0), (0, -37.5), (1, 1), NEW_OVER_OLD),
        ("push", "fromRight", (-25, 0), (75, 0), (1, 1), NEW_OVER_OLD),
        ("push", "fromLeft", (25, 0), (-75, 0), (1, 1), NEW_OVER_OLD),
        ("push", "fromTop", (0, -12.5), (0, 37.5), (1, 1), NEW_OVER_OLD),
        ("push", None, (25, 0), (-75, 0), (1, 1), NEW_OVER_OLD),  # no subtype: from the left
        ("reveal", "fromRight", (-25, 0), (0, 0), (1, 1), OLD_OVER_NEW),
        ("reveal", "fromBottom", (0, 12.5), (0, 0), (1, 1), OLD_OVER_NEW),
    ],
)
def test_composite_table(
    kind: str, side: Any, old: Tuple[float, float], new: Tuple[float, float], alphas: Tuple[float, float], layering: Any
) -> None:
    c = transition_composite(kind, side, 0.25, 100, 50)
    assert c.old_offset == pytest.approx(old) and c.new_offset == pytest.approx(new)
    assert (c.old_alpha, c.new_alpha) == pytest.approx(alphas)
    assert c.layering is layering


def test_composite_errors() -> None:
    with pytest.raises(NotFiniteError, match="progress"):
        transition_composite("fade", None, math.nan, 1, 1)
    with pytest.raises(NotFiniteError, match="height"):
        transition_composite("fade", None, 0.5, 1, math.inf)
    with pytest.raises(UnknownNameError, match="type"):
        transition_composite("wipe", None, 0.5, 1, 1)


# ---- running ----------------------------------------------------------------------------------


def test_progress_mapping_easing_and_render_fields(engine: Engine) -> None:
    layer = stage(engine)
    layer.add_animation(Transition("push", "fromRight", start_progress=0.25, end_progress=0.75, duration=1))
    with engine.render_list() as render:
        engine.tick(0.1)
        engine.tick(0.3)  # f = 0.2: p = 0.25 + 0.5 * 0.2 = 0.35
        e = one(render, layer)
        assert e["transition_progress"] == pytest.approx(0.35)
        assert e["transition_type"] == TransitionType.PUSH.code
        assert e["transition_subtype"] == TransitionSubtype.FROM_RIGHT.code
        assert list(e["transition_old_offset"]) == pytest.approx([-35, 0])
        assert list(e["transition_new_offset"]) == pytest.approx([65, 0])
        assert (e["transition_old_alpha"], e["transition_new_alpha"]) == (1.0, 1.0)
        assert e["transition_layering"] == NEW_OVER_OLD
        state = TransitionState(int(e["transition_state"]))
        assert state == TransitionState.BEGAN | TransitionState.IN_EFFECT | TransitionState.ACTIVE
        assert e["flags"] & RenderFlag.CHANGED

        eased = TimingFunction.named("ease_in")(0.5)
        layer.add_animation(Transition("push", "fromRight", start_progress=0.25, end_progress=0.75, duration=1, timing_function="ease_in"))
        engine.tick(2.0)
        engine.tick(2.5)
        e = one(render, layer)
        assert e["transition_progress"] == pytest.approx(0.25 + 0.5 * eased)
        assert TransitionState(int(e["transition_state"])) & TransitionState.BEGAN  # another id


def test_repeat_autoreverse_callbacks_and_end(engine: Engine) -> None:
    layer = stage(engine)
    events: List[Tuple[str, Any]] = []
    layer.add_animation(
        Transition(
            duration=1,
            autoreverses=True,
            repeat_count=2,
            on_start=lambda l, key: events.append(("start", key)),
            on_stop=lambda l, key, finished: events.append(("stop", (key, finished))),
        ),
        "anything",
    )
    assert layer.animation_keys == ["transition"]
    with engine.render_list() as render:
        engine.tick(1.0)  # committed: begins at 1
        engine.tick(1.25)
        assert one(render, layer)["transition_progress"] == pytest.approx(0.25)
        engine.tick(2.25)  # the reverse leg
        e = one(render, layer)
        assert e["transition_progress"] == pytest.approx(0.75)
        assert (e["transition_old_alpha"], e["transition_new_alpha"]) == pytest.approx((0.25, 0.75))
        identity = int(e["transition_id"])
        engine.tick(3.5)
        assert one(render, layer)["transition_progress"] == pytest.approx(0.5)
        engine.tick(5.1)  # active duration 4 s: finished and removed
        e = one(render, layer)
        assert TransitionState(int(e["transition_state"])) == TransitionState.ENDED
        assert int(e["transition_id"]) == identity
        assert int(one(render, layer)["transition_state"]) == 0
    engine.tick(6.0)
    assert events == [("start", "transition"), ("stop", ("transition", True))]
    assert layer.animation_keys == []


def test_key_replacement_removal_and_default_duration(engine: Engine) -> None:
    layer = stage(engine)
    events: List[Tuple[str, bool]] = []
    first = Transition(on_stop=lambda l, key, finished: events.append(("first", finished)))
    second = Transition("reveal", "fromTop", duration=2, on_stop=lambda l, key, finished: events.append(("second", finished)))
    layer.add_animation(first)
    copy = layer.animation("transition")
    assert isinstance(copy, Transition) and copy.duration == 0.25 and copy.on_stop is not None
    engine.tick(1.0)
    layer.add_animation(second, "ignored")
    copy = layer.animation("transition")
    assert isinstance(copy, Transition) and copy.type is TransitionType.REVEAL
    assert copy.subtype is TransitionSubtype.FROM_TOP and copy.duration == 2
    engine.tick(1.1)
    assert events == [("first", False)]
    layer.remove_animation("transition")
    engine.tick(1.2)
    assert events == [("first", False), ("second", False)]
    layer.add_animation(first)
    layer.add_animation(BasicAnimation("opacity", from_value=1, to_value=0), "transition")
    engine.tick(1.3)
    assert events[-1] == ("first", False)


def test_action_returns_a_transition(engine: Engine) -> None:
    layer = stage(engine)
    layer.set_action("contents", Transition("moveIn", "fromLeft"))
    layer.contents = 7
    assert layer.animation_keys == ["transition"]


# ---- refusals ---------------------------------------------------------------------------------


def test_errors_name_the_fields(engine: Engine) -> None:
    layer = stage(engine)
    with pytest.raises(OutOfRangeError, match="start_progress"):
        layer.add_animation(Transition(start_progress=-0.5))
    with pytest.raises(OutOfRangeError, match="end_progress"):
        layer.add_animation(Transition(end_progress=2))
    with pytest.raises(NotFiniteError, match="end_progress"):
        layer.add_animation(Transition(end_progress=math.nan))
    with pytest.raises(InvalidArgumentError, match="end_progress"):
        layer.add_animation(Transition(start_progress=0.75, end_progress=0.25))
    with pytest.raises(InvalidArgumentError, match="transition"):
        layer.add_animation(AnimationGroup([Transition()]))
    assert layer.animation_keys == []


def test_waiting_filling_and_the_dirty_rect(engine: Engine) -> None:
    layer = stage(engine)
    with engine.render_list() as render:
        render.fill(layer)
        # A later begin without a backwards fill: carried (keep the snapshot), not in effect.
        layer.add_animation(
            Transition("moveIn", "fromLeft", end_progress=0.5, duration=1, begin_time=1.0,
                       fill_mode="forwards", removed_on_completion=False)
        )
        engine.tick(0.5)
        e = one(render, layer)
        assert TransitionState(int(e["transition_state"])) == TransitionState.BEGAN
        assert (e["transition_old_alpha"], e["transition_new_alpha"]) == (0.0, 1.0)
        # Kept past its end with a forwards fill: in effect at p = end_progress, not active.
        engine.tick(3.0)
        e = one(render, layer)
        assert TransitionState(int(e["transition_state"])) == TransitionState.IN_EFFECT
        assert e["transition_progress"] == pytest.approx(0.5)
        assert list(e["transition_new_offset"]) == pytest.approx([-50, 0])  # -W (1 - p)
        # A push half way: the dirty rectangle is the bounds grown by the longer offset (50).
        layer.add_animation(Transition("push", "fromRight", duration=1))
        engine.tick(4.0)
        engine.tick(4.5)
        render.fill(layer)
        dirty = render.dirty_rect
        assert dirty is not None
        assert (dirty.x, dirty.y, dirty.width, dirty.height) == pytest.approx((-50, -50, 200, 150))
