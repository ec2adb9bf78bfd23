"""Animators from Python (UIViewPropertyAnimator, Web Animations' Animation): the ``with`` block
collecting changes, seed 003's door scrubbed by a drag then continued, the state machine,
fraction_complete after a reverse, rates, finish at a position, cancel, completions once with
their position, continuing with a curve and a spring without a jump, several layers, a group,
references, and the refused inputs."""

from __future__ import annotations

import gc
import math
from typing import List, Tuple

import pytest

import animcore
from animcore import (
    AnimationGroup,
    Animator,
    AnimatorPosition,
    AnimatorState,
    BadHandleError,
    BasicAnimation,
    Engine,
    InvalidArgumentError,
    InvalidStateError,
    KeyframeAnimation,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Point,
    Spring,
    TimingFunction,
)

OPEN = -math.pi / 2
ROTATION = "transform.rotation.y"


def door(engine: Engine, duration: float = 1.0) -> Tuple[Layer, Animator, List[AnimatorPosition]]:
    """Seed 003's door committed at 0, an animator of ``duration`` s, linear, that swings it open,
    and the list its completion appends to."""
    layer = engine.layer()
    layer.anchor_point = Point(0, 0.5)
    engine.tick(0)
    animator = engine.animator(duration=duration, timing_function="linear")
    ends: List[AnimatorPosition] = []
    animator.add_completion(ends.append)
    with animator:
        layer[ROTATION] = OPEN
    return layer, animator, ends


def angle(layer: Layer) -> float:
    return float(layer.presentation[ROTATION])


def test_with_block_collects_changes_held_at_start(engine: Engine) -> None:
    layer, animator, _ = door(engine)
    assert animator.state is AnimatorState.INACTIVE
    assert animator.animation_count == 1
    engine.tick(0.5)
    assert angle(layer) == pytest.approx(0, abs=1e-12)
    assert layer[ROTATION] == pytest.approx(OPEN)


def test_door_scrubbed_then_continued(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.pause()
    assert animator.state is AnimatorState.PAUSED
    for time, drag in ((0.1, 0.2), (0.2, 0.45), (0.3, 0.3)):
        animator.fraction_complete = drag
        engine.tick(time)
        assert angle(layer) == pytest.approx(OPEN * drag, abs=1e-12)
        assert animator.fraction_complete == drag
    before = angle(layer)
    animator.continue_animation("ease_out")
    engine.tick(0.3)
    assert angle(layer) == pytest.approx(before, abs=1e-12)
    engine.tick(0.65)
    halfway = 0.3 + 0.7 * TimingFunction.named("ease_out")(0.5)
    assert angle(layer) == pytest.approx(OPEN * halfway, abs=1e-9)
    engine.tick(1.0)
    assert ends == [AnimatorPosition.END]
    assert animator.state.name == "FINISHED"
    assert angle(layer) == pytest.approx(OPEN)
    assert layer.animation_keys == []
    engine.tick(2.0)
    assert ends == [AnimatorPosition.END]


def test_reverse_keeps_fraction_and_ends_at_start(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.start()
    engine.tick(0.6)
    animator.reversed = True
    assert animator.reversed
    assert animator.fraction_complete == pytest.approx(0.6)
    engine.tick(0.9)
    assert animator.fraction_complete == pytest.approx(0.3)
    assert angle(layer) == pytest.approx(OPEN * 0.3, abs=1e-12)
    engine.tick(1.2)
    assert ends == [AnimatorPosition.START]
    assert layer[ROTATION] == pytest.approx(0, abs=1e-12)


def test_rates(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.rate = 2
    animator.start()
    engine.tick(0.25)
    assert animator.fraction_complete == pytest.approx(0.5)
    animator.rate = -1
    assert animator.rate == -1
    engine.tick(0.35)
    assert animator.fraction_complete == pytest.approx(0.4)
    engine.tick(0.75)
    assert ends == [AnimatorPosition.START]


@pytest.mark.parametrize(
    "position, fraction", [("end", 1.0), ("start", 0.0), ("current", 0.4), (AnimatorPosition.CURRENT, 0.4)]
)
def test_finish_at_positions(engine: Engine, position: object, fraction: float) -> None:
    layer, animator, ends = door(engine)
    animator.start()
    engine.tick(0.4)
    animator.finish(position)  # type: ignore[arg-type]
    assert layer[ROTATION] == pytest.approx(OPEN * fraction, abs=1e-12)
    assert ends == []
    engine.tick(0.5)
    assert len(ends) == 1 and ends[0].name.lower() == ("current" if fraction == 0.4 else position)
    assert angle(layer) == pytest.approx(OPEN * fraction, abs=1e-12)


def test_cancel_leaves_the_model(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.start()
    engine.tick(0.3)
    animator.cancel()
    engine.tick(0.4)
    assert ends == [AnimatorPosition.CANCELLED]
    assert angle(layer) == pytest.approx(OPEN)
    with pytest.raises(InvalidStateError, match="^the animator has finished; cancelling it is refused$"):
        animator.cancel()


def test_continue_with_spring_no_jump(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.start()
    step, instant = 1 / 240, 1e-6
    engine.tick(0.5 - step)
    early = angle(layer)
    engine.tick(0.5)
    now = angle(layer)
    animator.continue_with_spring(Spring(stiffness=200, damping=30))
    engine.tick(0.5)
    assert angle(layer) == pytest.approx(now, abs=1e-12)
    engine.tick(0.5 + instant)
    assert (angle(layer) - now) / instant == pytest.approx((now - early) / step, rel=0.01)
    time = 0.5
    while animator.state is AnimatorState.RUNNING and time < 10:
        time += 1 / 60
        engine.tick(time)
    assert ends == [AnimatorPosition.END]


def test_layers_group_and_add_animation(engine: Engine) -> None:
    a, b = engine.layer(), engine.layer()
    engine.tick(0)
    animator = engine.animator(duration=2.0, timing_function="linear")
    with animator:
        a.opacity = 0.0
    group = AnimationGroup(
        [BasicAnimation("opacity", from_value=1.0, to_value=0.0), BasicAnimation("position.x", from_value=0.0, to_value=50.0)],
        duration=2.0,
    )
    animator.add_animation(b, group, "g")
    assert animator.animation_count == 2
    animator.fraction_complete = 0.25
    engine.tick(1)
    assert a.presentation.opacity == pytest.approx(0.75)
    assert b.presentation["position.x"] == pytest.approx(12.5)
    animator.finish("end")
    assert b.opacity == 0 and b["position.x"] == 50 and a.opacity == 0


def test_refused_inputs(engine: Engine) -> None:
    layer, animator, _ = door(engine)
    with pytest.raises(NotFiniteError, match="fraction"):
        animator.fraction_complete = math.nan
    with pytest.raises(OutOfRangeError, match="fraction"):
        animator.fraction_complete = 1.5
    with pytest.raises(OutOfRangeError):
        animator.current_time = 5
    with pytest.raises(NotFiniteError, match="rate"):
        animator.rate = math.inf
    with pytest.raises(OutOfRangeError, match="uration"):
        animator.continue_animation(duration_factor=0)
    with pytest.raises(ValueError):
        animator.finish("sideways")
    with pytest.raises(TypeError):
        animator.rate = "fast"  # type: ignore[assignment]
    with pytest.raises(TypeError):
        animator.add_completion(42)  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError, match="duration"):
        engine.animator(duration=-1)
    keyframes = engine.animator(duration=1)
    keyframes.add_animation(layer, KeyframeAnimation("opacity", values=[1.0, 0.0, 1.0]))
    keyframes.fraction_complete = 0.25
    with pytest.raises(InvalidArgumentError, match="opacity"):
        keyframes.continue_animation("linear")
    forever = BasicAnimation("opacity", to_value=0.0)
    forever.repeat_count = math.inf
    with pytest.raises(InvalidArgumentError, match="repeats forever"):
        engine.animator(duration=1).add_animation(layer, forever)
    animator.start()
    with pytest.raises(InvalidStateError, match="inactive"):
        with animator:
            pass
    other = Engine()
    try:
        foreign = other.animator(duration=1)
        foreign._engine = engine  # another engine's handle: refused, never followed
        with pytest.raises(BadHandleError, match="animator"):
            foreign.start()
        foreign._engine = other
    finally:
        other.close()


def test_garbage_collected_running_runs_on_paused_is_cancelled(engine: Engine) -> None:
    layer, animator, ends = door(engine)
    animator.start()
    del animator
    gc.collect()
    engine.tick(1)
    assert ends == [AnimatorPosition.END]
    other, paused, more = door(engine)
    paused.fraction_complete = 0.5
    del paused
    gc.collect()
    engine.tick(1.1)
    assert more == [AnimatorPosition.CANCELLED]
    assert other.animation_keys == []


def test_closed_engine(engine: Engine) -> None:
    _, animator, ends = door(engine)
    animator.start()
    engine.close()
    assert ends == [AnimatorPosition.CANCELLED]
    with pytest.raises(animcore.AnimcoreError):
        animator.start()


def test_control_inside_its_block_is_refused(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(0)
    animator = engine.animator(duration=1.0, timing_function="linear")
    with animator:
        layer["position.x"] = 100.0
        with pytest.raises(InvalidStateError, match="block"):
            animator.start()
        with pytest.raises(InvalidStateError, match="block"):
            animator.cancel()
        with pytest.raises(InvalidStateError, match="block"):
            animator.fraction_complete = 0.5
    assert animator.state == AnimatorState.INACTIVE
    assert animator.animation_count == 1
    animator.start()
    engine.tick(0.25)
    assert float(layer.presentation["position.x"]) == pytest.approx(25)


def test_nested_blocks_of_two_animators(engine: Engine) -> None:
    outer_layer, inner_layer = engine.layer(), engine.layer()
    engine.tick(0)
    outer = engine.animator(duration=1.0, timing_function="linear")
    inner = engine.animator(duration=1.0, timing_function="linear")
    with outer:
        outer_layer["position.x"] = 100.0
        with inner:
            inner_layer["position.x"] = 100.0
    assert (outer.animation_count, inner.animation_count) == (1, 1)
    outer.fraction_complete = 0.25
    inner.fraction_complete = 0.75
    engine.tick(0.1)
    assert float(outer_layer.presentation["position.x"]) == pytest.approx(25)
    assert float(inner_layer.presentation["position.x"]) == pytest.approx(75)


def test_refused_continuation_changes_nothing(engine: Engine) -> None:
    layer, animator, _ = door(engine)
    animator.pause()
    animator.fraction_complete = 0.5
    animator.rate = 1e6
    engine.tick(0.1)
    with pytest.raises(OutOfRangeError, match="durationFactor"):
        animator.continue_animation("linear", duration_factor=1e-3)
    with pytest.raises(OutOfRangeError, match="durationFactor"):
        animator.continue_animation(None, duration_factor=5e-324)
    assert animator.state == AnimatorState.PAUSED
    assert animator.animation_count == 1
    assert len(layer.animation_keys) == 1
    engine.tick(0.2)
    assert angle(layer) == pytest.approx(OPEN * 0.5)


def test_sequence_on_one_key_path(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(0)
    animator = engine.animator(duration=1.0, timing_function="linear")
    with animator:
        layer.add_animation(BasicAnimation("position.x", from_value=0.0, to_value=100.0, duration=0.5), "first")
        layer.add_animation(
            BasicAnimation("position.x", from_value=100.0, to_value=200.0, duration=0.5, begin_time=0.5), "second"
        )
    animator.start()
    engine.tick(0.25)
    assert float(layer.presentation["position.x"]) == pytest.approx(50)
    engine.tick(0.75)
    assert float(layer.presentation["position.x"]) == pytest.approx(150)


def test_zero_duration_ended_at_end_is_complete(engine: Engine) -> None:
    animator = engine.animator(duration=0)
    animator.finish("end")
    assert animator.fraction_complete == 1


def test_layer_at_speed_two_follows_the_clock(engine: Engine) -> None:
    layer = engine.layer()
    layer.speed = 2.0
    engine.tick(0)
    animator = engine.animator(duration=1.0, timing_function="linear")
    with animator:
        layer["position.x"] = 100.0
    animator.start()
    engine.tick(0.5)
    assert animator.fraction_complete == pytest.approx(0.5)
    assert float(layer.presentation["position.x"]) == pytest.approx(50)
    frozen = engine.layer()
    frozen.speed = 0.0
    engine.tick(1)
    still = engine.animator(duration=1.0, timing_function="linear")
    with still:
        frozen["position.x"] = 100.0
    with pytest.raises(InvalidStateError, match="position"):
        still.start()


def test_continue_keeps_the_whole_motion(engine: Engine) -> None:
    layer, animator, _ = door(engine)
    animator.pause()
    animator.fraction_complete = 0.5
    engine.tick(0.1)
    animator.continue_animation("linear")
    animator.pause()
    animator.fraction_complete = 0.1
    engine.tick(0.2)
    assert angle(layer) == pytest.approx(OPEN * 0.1)
    animator.finish("start")
    assert float(layer[ROTATION]) == pytest.approx(0)


def test_continue_reversed_then_finish_at_the_end(engine: Engine) -> None:
    reversed_layer, back, _ = door(engine)
    back.pause()
    back.fraction_complete = 0.5
    engine.tick(0.3)
    back.reversed = True
    back.continue_animation("linear")
    engine.tick(0.4)
    back.finish("end")
    assert float(reversed_layer[ROTATION]) == pytest.approx(OPEN)


def test_paused_at_fraction_one_is_not_ended(engine: Engine) -> None:
    """Scrubbed to fraction 1 while paused: held at its end, still active, no did-stop; one
    did-stop when the clock runs to the end."""
    layer = engine.layer()
    engine.tick(0)
    stops: List[bool] = []
    fade = BasicAnimation(
        "opacity", from_value=1.0, to_value=0.0, duration=1.0,
        on_stop=lambda l, key, finished: stops.append(finished),
    )
    animator = engine.animator(duration=1.0, timing_function="linear")
    ends: List[AnimatorPosition] = []
    animator.add_completion(ends.append)
    animator.add_animation(layer, fade, "fade")
    animator.fraction_complete = 1.0
    for time in (0.5, 1.0, 1.5):
        engine.tick(time)
        assert float(layer.presentation["opacity"]) == 0
        assert stops == []
        assert animator.state is AnimatorState.PAUSED
        assert animator.fraction_complete == 1
        assert animator.animation_count == 1
    animator.start()
    engine.tick(2)
    assert stops == [True]
    assert ends == [AnimatorPosition.END]


def test_scrubbed_past_the_first_of_a_sequence_is_not_ended(engine: Engine) -> None:
    """A sequence on one key path, paused and scrubbed past the first's end: the first is held
    at its end without a did-stop (paused is not finished), shows again when scrubbed back, and
    ends once when the running clock passes its end."""
    layer = engine.layer()
    engine.tick(0)
    stops: List[str] = []
    first = BasicAnimation(
        "opacity", from_value=1.0, to_value=0.5, duration=1.0,
        on_stop=lambda l, key, finished: stops.append("first" if finished else "first unfinished"),
    )
    second = BasicAnimation(
        "opacity", from_value=0.5, to_value=0.0, duration=1.0, begin_time=1.0,
        on_stop=lambda l, key, finished: stops.append("second" if finished else "second unfinished"),
    )
    animator = engine.animator(duration=2.0, timing_function="linear")
    animator.add_animation(layer, first)
    animator.add_animation(layer, second)
    animator.fraction_complete = 0.9
    engine.tick(0.1)
    assert float(layer.presentation["opacity"]) == pytest.approx(0.1, abs=1e-12)
    assert stops == []
    animator.fraction_complete = 0.25
    engine.tick(0.2)
    assert float(layer.presentation["opacity"]) == pytest.approx(0.75, abs=1e-12)
    assert stops == []
    animator.fraction_complete = 0.75
    animator.start()
    engine.tick(0.3)
    assert stops == ["first"]
    engine.tick(1.0)
    assert stops == ["first", "second"]


def test_continue_with_spring_per_animation(engine: Engine) -> None:
    """A spring continuation over animations of 1 s and 0.4 s, one on a layer at speed 2: each
    keeps its value and its velocity (per second of its layer's time)."""
    layers = [engine.layer() for _ in range(3)]
    layers[2].speed = 2.0
    engine.tick(0)
    animator = engine.animator(duration=1.0, timing_function="linear")
    for layer, duration in zip(layers, (1.0, 0.4, 1.0)):
        animator.add_animation(layer, BasicAnimation("position.x", from_value=0.0, to_value=100.0, duration=duration))
    animator.start()
    engine.tick(0.25)
    before = [float(layer.presentation["position.x"]) for layer in layers]
    animator.continue_with_spring(Spring(stiffness=120, damping=14))
    engine.tick(0.25)
    assert [float(layer.presentation["position.x"]) for layer in layers] == pytest.approx(before, abs=1e-9)
    step = 1e-5
    engine.tick(0.25 + step)
    for layer, start, scale, velocity in zip(layers, before, (1, 1, 2), (100, 250, 50)):
        moved = (float(layer.presentation["position.x"]) - start) / (step * scale)
        assert moved == pytest.approx(velocity, rel=3e-3)
