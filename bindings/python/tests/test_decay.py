"""Decay animations: DecayAnimation tick by tick against the formula computed here,
v(t) = v0 r^(1000t), x(t) = x0 + v0 (r^(1000t) - 1) / (1000 ln r); its duration (the stopping
time) and on_stop then; the resting value predicted before it runs equal to the value at rest;
continuing the presentation without a jump; bounds (the spring back with the velocity at the
bound, a start beyond a bound); the round trip through layer.animation(key); bad input.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Tuple

import pytest

from _frames import approx
from animcore import (
    DEFAULT_BOUND_SPRING,
    BasicAnimation,
    DecayAnimation,
    Engine,
    InvalidArgumentError,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Point,
    Spring,
    WrongKindError,
)

FRAME = 1 / 60
RATE = 0.998
OMEGA = 2 * math.pi / 0.4  # the default bound spring's natural frequency (critical)


def at(k: int) -> float:
    return k * FRAME


def travel(t: float, rate: float = RATE) -> float:
    exponent = 1000 * math.log(rate)
    return (math.exp(exponent * t) - 1) / exponent


def stopping(speed: float, minimum: float = 1.0, rate: float = RATE) -> float:
    return 0.0 if speed <= minimum else math.log(minimum / speed) / (1000 * math.log(rate))


def probe(engine: Engine) -> Layer:
    """A layer of a class with a custom scalar ``value``, ticked at 0."""
    Probe = engine.layer_class("Probe", {"value": 0.0})
    layer = Probe()
    engine.tick(at(0))
    return layer


@pytest.fixture
def decay_engine() -> Any:
    with Engine() as engine:
        yield engine


# ---- the description -----------------------------------------------------------------------------


def test_defaults_and_the_bound_spring() -> None:
    fling = DecayAnimation("position")
    assert fling.from_value is None and fling.velocity is None
    assert fling.deceleration_rate == 0.998 and fling.minimum_speed == 1.0
    assert fling.lower_bound is None and fling.upper_bound is None
    assert fling.bound_spring == DEFAULT_BOUND_SPRING
    assert DEFAULT_BOUND_SPRING.damping_ratio == pytest.approx(1.0, rel=1e-12)
    assert DEFAULT_BOUND_SPRING.perceptual_duration == pytest.approx(0.4, rel=1e-12)
    assert DEFAULT_BOUND_SPRING == Spring.perceptual(0.4, 0.0)
    assert fling.duration == 0.0
    assert repr(fling) == "DecayAnimation('position')"
    assert fling.copy(velocity=Point(1, 2)) == DecayAnimation("position", velocity=Point(1, 2))
    assert fling.copy(deceleration_rate=0.99) != fling


def test_stopping_time_and_resting_value_follow_the_formula() -> None:
    fling = DecayAnimation("position")
    assert fling.stopping_time(1000) == pytest.approx(stopping(1000), rel=1e-12)
    assert fling.stopping_time(0.5) == 0.0
    end = stopping(1000)
    rest = fling.resting_value(Point(10, 20), Point(600, -800))
    assert isinstance(rest, Point)
    assert rest == approx(Point(10 + 600 * travel(end), 20 - 800 * travel(end)))
    fast = DecayAnimation("value", deceleration_rate=0.99, minimum_speed=20)
    assert fast.resting_value(-5, -300) == approx(-5 - 300 * travel(stopping(300, 20, 0.99), 0.99))
    # Bounds do not apply to the prediction.
    bounded = DecayAnimation("value", upper_bound=10.0)
    assert bounded.resting_value(0.0, 1000.0) == approx(1000 * travel(end))


# ---- motion --------------------------------------------------------------------------------------


def test_free_decay_tick_by_tick_ends_at_the_predicted_resting_value(decay_engine: Engine) -> None:
    layer = decay_engine.layer()
    decay_engine.tick(at(0))
    stops: List[Tuple[bool, float]] = []
    start, velocity = Point(10, 20), Point(600, -800)
    kept = DecayAnimation(
        "position",
        from_value=start,
        velocity=velocity,
        fill_mode="forwards",
        removed_on_completion=False,
        on_stop=lambda _layer, _key, finished: stops.append((finished, decay_engine.current_time)),
    )
    end = stopping(1000)
    rest = kept.resting_value(start, velocity)  # predicted before it runs
    layer.add_animation(kept, "fling")
    begin = at(1)
    decay_engine.tick(begin)
    copy = layer.animation("fling")
    assert isinstance(copy, DecayAnimation)
    assert copy.duration == pytest.approx(end, rel=1e-12)
    assert copy.begin_time == approx(begin)
    for k in range(2, 241):
        t = at(k) - begin
        decay_engine.tick(at(k))
        shown = min(t, end)
        assert layer.presentation_value("position") == approx(
            Point(10 + 600 * travel(shown), 20 - 800 * travel(shown))
        ), k
        if t < end:
            f = RATE ** (1000 * t)
            assert layer.presentation_velocity("position") == approx(Point(600 * f, -800 * f), 0.05)
            assert stops == []
    assert len(stops) == 1 and stops[0][0] is True
    assert begin + end <= stops[0][1] < begin + end + FRAME + 1e-9
    assert layer.presentation_value("position") == approx(rest)


def test_continues_the_presentation_without_a_jump(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    layer.add_animation(BasicAnimation("value", from_value=0.0, to_value=100.0, duration=1), "move")
    decay_engine.tick(at(1))
    hand_off = at(1) + 0.5
    decay_engine.tick(hand_off)
    assert layer.presentation_value("value") == approx(50.0)
    assert layer.presentation_velocity("value") == pytest.approx(100.0, rel=1e-6)
    layer.add_animation(DecayAnimation("value"), "move")  # neither from nor velocity
    assert layer.presentation_value("value") == approx(50.0)
    for k in range(1, 31):
        t = k * FRAME
        decay_engine.tick(hand_off + t)
        assert layer.presentation_value("value") == approx(50 + 100 * travel(t), 1e-6), k
        assert layer.presentation_velocity("value") == approx(100 * RATE ** (1000 * t), 1e-3), k
    copy = layer.animation("move")
    assert isinstance(copy, DecayAnimation)
    assert copy.from_value is None and copy.velocity is None
    assert copy.duration == pytest.approx(stopping(100), rel=1e-12)


def test_reaching_a_bound_springs_back_with_the_velocity_there(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    fling = DecayAnimation("value", from_value=0.0, velocity=1000.0, upper_bound=200.0)
    remaining = 1 + 1000 * math.log(RATE) * 200 / 1000
    reached = math.log(remaining) / (1000 * math.log(RATE))
    arrival = 1000 * remaining
    layer.add_animation(fling, "d")
    begin = at(1)
    decay_engine.tick(begin)
    copy = layer.animation("d")
    assert copy is not None
    # Its only component springs back at the bound: it ends when that spring settles.
    assert copy.duration == pytest.approx(
        # (measured on the distance its arrival velocity carries: a relative velocity of ω₀)
        reached + DEFAULT_BOUND_SPRING.replace(initial_velocity=OMEGA).settling_duration, rel=1e-9
    )
    for k in range(2, 91):
        t = at(k) - begin
        if t >= copy.duration:
            break  # over (and removed): the spring back has settled
        decay_engine.tick(at(k))
        if t < reached:
            want = 1000 * travel(t)
        else:
            want = 200 + arrival * (t - reached) * math.exp(-OMEGA * (t - reached))
        assert layer.presentation_value("value") == approx(want), k
    # No corner at the bound: just after it the velocity is the arrival's.
    decay_engine.tick(begin + reached + 0.002)
    assert layer.presentation_velocity("value") == pytest.approx(
        arrival * (1 - OMEGA * 0.002) * math.exp(-OMEGA * 0.002), rel=0.05
    )


def test_a_start_beyond_a_bound_springs_back_from_there(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    layer.add_animation(
        DecayAnimation("value", from_value=300.0, velocity=50.0, upper_bound=250.0), "d"
    )
    begin = at(1)
    decay_engine.tick(begin)
    for k in range(2, 32):
        t = at(k) - begin
        decay_engine.tick(at(k))
        want = 250 + 50 * (1 + OMEGA * t) * math.exp(-OMEGA * t) + 50 * t * math.exp(-OMEGA * t)
        assert layer.presentation_value("value") == approx(want), k


def test_a_spring_back_longer_than_the_largest_double_stays_finite(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    decay = DecayAnimation("value", from_value=1.7e308, velocity=0.0, lower_bound=-1.7e308, upper_bound=-1e308)
    layer.add_animation(decay, "d")
    begin = at(1)
    decay_engine.tick(begin)
    previous = math.inf
    values: Dict[int, float] = {}
    for k in range(2, 62):
        decay_engine.tick(at(k))
        value = values[k] = layer.presentation_value("value")
        assert math.isfinite(value) and -1e308 <= value <= previous, k
        previous = value
    t = at(31) - begin  # half a second in: critically damped from rest
    rest = (1 + OMEGA * t) * math.exp(-OMEGA * t)
    assert values[31] == approx(-1e308 * (1 - rest) + 1.7e308 * rest, 1e-9 * 1e308)


def test_a_bound_on_one_component_leaves_the_other_free(decay_engine: Engine) -> None:
    layer = decay_engine.layer()
    decay_engine.tick(at(0))
    layer.add_animation(
        DecayAnimation(
            "position",
            from_value=Point(0, 0),
            velocity=Point(1000, 400),
            lower_bound=Point(-1e6, -1e6),
            upper_bound=Point(150, 1e6),
        ),
        "d",
    )
    remaining = 1 + 1000 * math.log(RATE) * 150 / 1000
    reached = math.log(remaining) / (1000 * math.log(RATE))
    begin = at(1)
    decay_engine.tick(begin)
    for k in range(2, 61):
        t = at(k) - begin
        decay_engine.tick(at(k))
        x = (
            1000 * travel(t)
            if t < reached
            else 150 + 1000 * remaining * (t - reached) * math.exp(-OMEGA * (t - reached))
        )
        assert layer.presentation_value("position") == approx(Point(x, 400 * travel(t))), k


def test_round_trip_through_layer_animation(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    spring = Spring.perceptual(0.3, 0.2)
    fling = DecayAnimation(
        "value",
        from_value=4.0,
        velocity=-250.0,
        deceleration_rate=0.99,
        minimum_speed=5.0,
        lower_bound=-100.0,
        upper_bound=100.0,
        bound_spring=spring,
        fill_mode="both",
        removed_on_completion=False,
    )
    layer.add_animation(fling, "d")
    decay_engine.tick(at(1))
    copy = layer.animation("d")
    assert isinstance(copy, DecayAnimation)
    assert copy.copy(duration=0.0, begin_time=0.0) == fling
    assert copy.bound_spring == spring
    assert copy.duration == pytest.approx(stopping(250, 5, 0.99), rel=1e-12)
    # The copy added again runs the same motion.
    layer.add_animation(copy, "again")
    decay_engine.tick(at(2))
    assert layer.presentation_value("value") == approx(4 - 250 * travel(FRAME, 0.99))


def test_a_fling_keeps_where_it_comes_to_rest_by_default(decay_engine: Engine) -> None:
    start, velocity = Point(10, 20), Point(600, -800)
    fling = DecayAnimation("position", from_value=start, velocity=velocity)
    assert fling.keeps_final_value is True
    rest = fling.resting_value(start, velocity)
    kept, snapping = decay_engine.layer(), decay_engine.layer()
    decay_engine.tick(at(0))
    kept.add_animation(fling, "fling")
    snapping.add_animation(fling.copy(keeps_final_value=False), "fling")
    decay_engine.tick(at(1))
    assert snapping.animation("fling").keeps_final_value is False  # type: ignore[union-attr]
    decay_engine.tick(at(300))
    assert kept.animation_keys == [] and snapping.animation_keys == []
    assert kept.position == approx(rest)
    assert kept.presentation_value("position") == approx(rest)
    assert snapping.position == Point(0, 0)
    assert snapping.presentation_value("position") == Point(0, 0)


def test_keeps_final_value_defaults_and_checks() -> None:
    assert BasicAnimation("opacity").keeps_final_value is False
    basic = BasicAnimation("opacity", keeps_final_value=True)
    assert basic.keeps_final_value is True
    assert "keeps_final_value=True" in repr(basic)
    decay = DecayAnimation("position", keeps_final_value=False)
    assert decay.keeps_final_value is False
    decay.keeps_final_value = None  # the kind's default again
    assert decay.keeps_final_value is True
    with pytest.raises(TypeError, match="keeps_final_value"):
        BasicAnimation("opacity", keeps_final_value=1)  # type: ignore[arg-type]


def test_a_basic_animation_keeping_its_end_leaves_it_in_the_model(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    layer.add_animation(
        BasicAnimation("value", from_value=2.0, to_value=7.0, duration=1, keeps_final_value=True), "move"
    )
    decay_engine.tick(at(1))
    assert layer.animation("move").keeps_final_value is True  # type: ignore[union-attr]
    decay_engine.tick(at(30))
    assert layer.value == 0.0
    decay_engine.tick(at(90))
    assert layer.animation_keys == []
    assert layer.value == 7.0
    assert layer.presentation_value("value") == 7.0


# ---- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, error, name",
    [
        ({"deceleration_rate": 1.0}, OutOfRangeError, "deceleration_rate"),
        ({"deceleration_rate": 0.0}, OutOfRangeError, "deceleration_rate"),
        ({"deceleration_rate": -0.5}, OutOfRangeError, "deceleration_rate"),
        ({"deceleration_rate": math.nan}, NotFiniteError, "deceleration_rate"),
        ({"minimum_speed": 0.0}, OutOfRangeError, "minimum_speed"),
        ({"minimum_speed": -1.0}, OutOfRangeError, "minimum_speed"),
        ({"minimum_speed": math.inf}, NotFiniteError, "minimum_speed"),
        ({"lower_bound": 5.0, "upper_bound": 1.0}, InvalidArgumentError, "lower_bound"),
        ({"lower_bound": math.nan}, NotFiniteError, "lower_bound"),
        ({"upper_bound": math.inf}, NotFiniteError, "upper_bound"),
    ],
)
def test_bad_parameters_are_refused(decay_engine: Engine, changes: Any, error: Any, name: str) -> None:
    layer = probe(decay_engine)
    fling = DecayAnimation("value", velocity=100.0).copy(**changes)
    with pytest.raises(error, match=name):
        layer.add_animation(fling, "d")
    assert layer.animation("d") is None
    with pytest.raises(error, match=name):
        fling.resting_value(0.0, 100.0)
    with pytest.raises(error, match=name):
        fling.stopping_time(100.0)


@pytest.mark.parametrize("field", ["from_value", "velocity"])
def test_values_that_are_not_finite_are_refused(decay_engine: Engine, field: str) -> None:
    layer = probe(decay_engine)
    with pytest.raises(NotFiniteError, match=f"^{field} is nan"):
        layer.add_animation(DecayAnimation("value", **{field: math.nan}), "d")  # type: ignore[arg-type]
    assert layer.animation("d") is None
    arguments = {"from_value": 0.0, "velocity": 1.0, field: math.inf}
    with pytest.raises(NotFiniteError, match=field.replace("_value", "")):
        DecayAnimation("value").resting_value(arguments["from_value"], arguments["velocity"])


def test_wrong_kinds_and_types(decay_engine: Engine) -> None:
    layer = probe(decay_engine)
    plain = decay_engine.layer()
    with pytest.raises(WrongKindError, match="transform"):
        plain.add_animation(DecayAnimation("transform"), "d")
    with pytest.raises(WrongKindError, match="hidden"):
        plain.add_animation(DecayAnimation("hidden"), "d")
    with pytest.raises(WrongKindError, match="velocity"):
        layer.add_animation(DecayAnimation("value", velocity=Point(1, 1)), "d")
    with pytest.raises(WrongKindError, match="upper_bound"):
        layer.add_animation(DecayAnimation("value", upper_bound=Point(1, 1)), "d")
    assert layer.animation("d") is None and plain.animation("d") is None
    with pytest.raises(WrongKindError, match="velocity"):
        DecayAnimation("value").resting_value(0.0, Point(1, 2))
    with pytest.raises(WrongKindError, match="from"):
        DecayAnimation("value").resting_value(True, True)
    with pytest.raises(WrongKindError, match="upper_bound"):
        DecayAnimation("value", lower_bound=0.0, upper_bound=Point(1, 1)).resting_value(0.0, 1.0)
    with pytest.raises(TypeError, match="bound_spring"):
        DecayAnimation("value", bound_spring=1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="deceleration_rate"):
        DecayAnimation("value", deceleration_rate="fast")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="minimum_speed"):
        DecayAnimation("value", minimum_speed=None)  # type: ignore[arg-type]
