"""Springs: Spring (fields, perceptual parameters, settling duration), SpringAnimation against
the closed form tick by tick, presentation velocity, implicit springs (engine.animate and
engine.transaction) with velocity carry-over, seed 001's spring block, bad input.

The closed form is computed here, independently of the engine (reference §6.5): with
w0 = sqrt(k/m), zeta = c / (2 sqrt(k m)) and v0 the initial velocity (fractions of the distance
per second), the normalised displacement u(t) (u(0) = 1, u'(0) = -v0) is
e^(-zeta w0 t)(cos wd t + B sin wd t), B = (zeta w0 - v0)/wd below critical; (1 + (w0 - v0) t)
e^(-w0 t) at critical (and above it without allows_overdamping); C1 e^(r1 t) + C2 e^(r2 t)
overdamped; value(t) = from + (to - from)(1 - u(t)).
"""

from __future__ import annotations

import math
import pickle
from typing import Any, Callable, List, Tuple

import pytest

from _frames import approx
from animcore import (
    DynamicLayer,
    BasicAnimation,
    DecayAnimation,
    Engine,
    KeyframeAnimation,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Point,
    Spring,
    SpringAnimation,
    WrongKindError,
    AnimationGroup,
)

FRAME = 1 / 60


def at(k: int) -> float:
    return k * FRAME


# ---- the closed form ----------------------------------------------------------------------------


def displacement(spring: Spring, t: float, v0: float = math.nan) -> Tuple[float, float]:
    """u(t) and u'(t) of ``spring`` (initial velocity ``v0``, default the spring's own)."""
    if math.isnan(v0):
        v0 = spring.initial_velocity
    w0 = math.sqrt(spring.stiffness / spring.mass)
    zeta = spring.damping / (2 * math.sqrt(spring.stiffness * spring.mass))
    if zeta < 1:
        wd = w0 * math.sqrt(1 - zeta * zeta)
        decay = zeta * w0
        b = (decay - v0) / wd
        e = math.exp(-decay * t)
        c, s = math.cos(wd * t), math.sin(wd * t)
        value = e * (c + b * s)
        derivative = e * (-decay * (c + b * s) + (-wd * s + b * wd * c))
        return value, derivative
    if zeta == 1 or not spring.allows_overdamping:
        e = math.exp(-w0 * t)
        a = w0 - v0
        return (1 + a * t) * e, (a - w0 * (1 + a * t)) * e
    root = math.sqrt(zeta * zeta - 1)
    r1, r2 = -w0 * (zeta - root), -w0 * (zeta + root)
    c1 = (-v0 - r2) / (r1 - r2)
    c2 = 1 - c1
    return (
        c1 * math.exp(r1 * t) + c2 * math.exp(r2 * t),
        c1 * r1 * math.exp(r1 * t) + c2 * r2 * math.exp(r2 * t),
    )


def spring_value(spring: Spring, start: float, end: float, t: float) -> float:
    return start + (end - start) * (1 - displacement(spring, t)[0])


def spring_velocity(spring: Spring, start: float, end: float, t: float) -> float:
    return -(end - start) * displacement(spring, t)[1]


def velocity_tolerance(spring: Spring, distance: float) -> float:
    """The engine's velocity is a difference over 1e-4 s (one-sided where an animation begins):
    its error is within 1e-4 s of the largest acceleration, |distance| w0^2 (1 + 2 zeta)
    (plus the initial velocity's share)."""
    w0_squared = spring.stiffness / spring.mass
    acceleration = abs(distance) * (
        w0_squared
        + spring.damping / spring.mass * (math.sqrt(w0_squared) + abs(spring.initial_velocity))
    )
    return 1e-4 * acceleration


def probe(engine: Engine, **defaults: Any) -> DynamicLayer:
    """A layer of a class with a custom scalar ``value`` (and any other defaults), ticked at 0."""
    Probe = engine.layer_class("Probe", {"value": 0.0, **defaults})
    layer = Probe()
    engine.tick(at(0))
    return layer


# ---- Spring -------------------------------------------------------------------------------------


def test_the_default_spring_is_core_animations() -> None:
    spring = Spring()
    assert (spring.mass, spring.stiffness, spring.damping, spring.initial_velocity) == (
        1.0,
        100.0,
        10.0,
        0.0,
    )
    assert spring.allows_overdamping is False
    assert spring.settling_duration == pytest.approx(1.4727003346780925, rel=1e-12)
    # Apple's example: (1, 100, 10) is a perceptual duration of 2 pi / 10 with bounce 0.5.
    assert spring.perceptual_duration == pytest.approx(2 * math.pi / 10, rel=1e-12)
    assert spring.bounce == pytest.approx(0.5, rel=1e-12)
    assert spring.natural_frequency == 10.0 and spring.damping_ratio == 0.5
    assert SpringAnimation("opacity").spring == spring
    assert SpringAnimation("opacity").settling_duration == spring.settling_duration


@pytest.mark.parametrize(
    "spring, expected",
    [
        (Spring(), 1.4727003346780925),
        (Spring(damping=1), 13.91321015404625),
        (Spring.perceptual(1, 0.5), 2.3438753795710703),
        (Spring(1, 100, 20), 1.0),  # critical: rounded up to 0.1 s
        (Spring(1, 100, 100), 1.0),  # overdamped counted as critical (CA's default)
    ],
    ids=["default", "damping-1", "perceptual-1-0.5", "critical", "overdamped-as-critical"],
)
def test_settling_durations(spring: Spring, expected: float) -> None:
    assert spring.settling_duration == pytest.approx(expected, rel=1e-12)


def test_apples_documented_settling_durations() -> None:
    assert Spring(damping=5).settling_duration == pytest.approx(2.85, abs=0.01)
    assert Spring(damping=15).settling_duration == pytest.approx(1.02, abs=0.01)
    assert Spring(damping=0).settling_duration == math.inf
    # Truly overdamped springs settle later than critical ones.
    assert Spring(1, 100, 100, allows_overdamping=True).settling_duration > 1.0


@pytest.mark.parametrize("duration", [0.15, 0.5, 1.0, 2.5])
@pytest.mark.parametrize("bounce", [-0.5, -0.2, 0.0, 0.15, 0.3, 0.5, 0.9])
def test_perceptual_conversions(duration: float, bounce: float) -> None:
    spring = Spring.perceptual(duration, bounce)
    omega = 2 * math.pi / duration
    ratio = 1 - bounce if bounce >= 0 else 1 / (1 + bounce)
    assert spring.mass == 1.0
    assert spring.stiffness == pytest.approx(omega * omega, rel=1e-12)
    assert spring.damping == pytest.approx(2 * ratio * omega, rel=1e-12)
    assert spring.initial_velocity == 0.0 and spring.allows_overdamping is True
    # And back: the inverse (ac_spring_perceptual).
    assert spring.perceptual_duration == pytest.approx(duration, rel=1e-12)
    assert spring.bounce == pytest.approx(bounce, abs=1e-12)


def test_perceptual_with_an_initial_velocity() -> None:
    spring = Spring.perceptual(0.5, 0.3, initial_velocity=2.5)
    assert spring.initial_velocity == 2.5
    assert spring == Spring.perceptual(0.5, 0.3).replace(initial_velocity=2.5)


def test_spring_is_an_immutable_value() -> None:
    spring = Spring(2, 300, 12, 1.5, True)
    assert spring == Spring(
        mass=2, stiffness=300, damping=12, initial_velocity=1.5, allows_overdamping=True
    )
    assert hash(spring) == hash(Spring(2.0, 300.0, 12.0, 1.5, True))
    assert spring != Spring(2, 300, 12, 1.5, False)
    assert len({spring, Spring(2, 300, 12, 1.5, True), Spring()}) == 2
    with pytest.raises(AttributeError):
        spring.mass = 3  # type: ignore[misc]
    assert spring.replace(damping=20) == Spring(2, 300, 20, 1.5, True)
    assert pickle.loads(pickle.dumps(spring)) == spring
    assert eval(repr(spring), {"Spring": Spring}) == spring
    assert isinstance(spring.mass, float) and isinstance(Spring(mass=2).mass, float)


# ---- SpringAnimation ----------------------------------------------------------------------------


def test_spring_animation_is_a_basic_animation_with_a_spring() -> None:
    spring = Spring.perceptual(0.5, 0.3)
    animation = SpringAnimation("position.x", from_value=0, to_value=10, spring=spring, speed=2)
    assert isinstance(animation, BasicAnimation)
    assert animation.spring is spring and animation.from_value == 0 and animation.speed == 2
    assert animation.copy(to_value=20).to_value == 20
    assert animation.copy(to_value=20).spring == spring
    assert animation == animation.copy()
    assert animation != BasicAnimation("position.x", from_value=0, to_value=10, speed=2)
    assert animation != animation.copy(spring=Spring())
    assert "spring=Spring(" in repr(animation) and "SpringAnimation('position.x'" in repr(animation)
    assert "spring" not in repr(SpringAnimation("x"))
    animation.spring = Spring()
    assert animation.spring == Spring()


def test_the_closed_form_tick_by_tick(engine: Engine) -> None:
    cases = [
        Spring(),  # underdamped
        Spring(1, 100, 10, initial_velocity=3),  # pushed towards the target
        Spring(2, 150, 5, initial_velocity=-2),  # pushed away
        Spring(1, 100, 20),  # critical
        Spring(1, 100, 60),  # overdamped, counted as critical
        Spring(1, 100, 60, initial_velocity=1, allows_overdamping=True),  # truly overdamped
        Spring.perceptual(0.5, 0.3),
    ]
    layer = probe(engine, **{f"v{i}": 0.0 for i in range(len(cases))})
    for index, spring in enumerate(cases):
        layer.add_animation(
            SpringAnimation(f"v{index}", from_value=10, to_value=-90, spring=spring), f"s{index}"
        )
    begin = at(1)
    for k in range(1, 200):
        engine.tick(at(k))
        t = at(k) - begin
        for index, spring in enumerate(cases):
            if t >= spring.settling_duration:
                continue  # removed at its end
            expected = spring_value(spring, 10, -90, t)
            assert layer.presentation[f"v{index}"] == approx(expected), (index, k)


def test_a_point_spring_tick_by_tick(engine: Engine) -> None:
    layer = engine.layer(position=(0, 0))
    engine.tick(at(0))
    spring = Spring.perceptual(0.4, 0.2)
    layer.add_animation(
        SpringAnimation("position", from_value=(10, 20), to_value=(110, -80), spring=spring), "p"
    )
    for k in range(1, 30):
        engine.tick(at(k))
        t = at(k - 1)
        position = layer.presentation.position
        assert position.x == approx(spring_value(spring, 10, 110, t)), k
        assert position.y == approx(spring_value(spring, 20, -80, t)), k
        velocity = layer.presentation_velocity("position")
        assert isinstance(velocity, Point)
        tolerance = velocity_tolerance(spring, 100)
        assert velocity.x == approx(spring_velocity(spring, 10, 110, t), tolerance), k
        assert velocity.y == approx(spring_velocity(spring, 20, -80, t), tolerance), k


def test_duration_zero_becomes_the_settling_duration(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring(1, 100, 12)
    stops: List[Tuple[bool, float]] = []
    layer.add_animation(
        SpringAnimation(
            "value",
            from_value=0,
            to_value=1,
            spring=spring,
            on_stop=lambda _layer, _key, finished: stops.append((finished, engine.current_time)),
        ),
        "s",
    )
    engine.tick(at(1))
    copy = layer.animation("s")
    assert isinstance(copy, SpringAnimation)
    assert copy.duration == pytest.approx(spring.settling_duration, rel=1e-12)
    end = at(1) + spring.settling_duration
    k = 2
    while at(k) < end + 2 * FRAME:
        engine.tick(at(k))
        k += 1
    assert len(stops) == 1 and stops[0][0] is True
    assert end - 1e-9 <= stops[0][1] <= end + FRAME + 1e-9
    assert layer.animation_keys == []
    # A duration given is kept (and the spring keeps moving as before up to it).
    layer.add_animation(SpringAnimation("value", to_value=5, spring=spring, duration=0.1), "d")
    engine.tick(at(k))
    assert layer.animation("d").duration == 0.1  # type: ignore[union-attr]


def test_the_animation_reads_back_with_every_field(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring(2, 250, 7, -1.25, True)
    animation = SpringAnimation(
        "value",
        from_value=1.0,
        to_value=4.0,
        by_value=None,
        spring=spring,
        duration=3.0,
        begin_time=5.0,
        speed=2.0,
        time_offset=0.5,
        repeat_count=2.5,
        autoreverses=True,
        fill_mode="both",
        timing_function="easeIn",
        additive=True,
        cumulative=True,
        removed_on_completion=False,
    )
    layer.add_animation(animation, "spring")
    copy = layer.animation("spring")
    assert type(copy) is SpringAnimation
    assert copy == animation
    # By values too, and the default spring.
    layer.add_animation(SpringAnimation("value", by_value=2.0), "by")
    by = layer.animation("by")
    assert isinstance(by, SpringAnimation) and by.by_value == 2.0 and by.spring == Spring()
    assert by.from_value is None and by.to_value is None


def test_springs_in_groups_and_as_actions(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring.perceptual(0.3, 0.1)
    group = AnimationGroup(
        [SpringAnimation("value", from_value=0, to_value=10, spring=spring)],
        duration=2.0,
        fill_mode="forwards",
        removed_on_completion=False,
    )
    layer.add_animation(group, "g")
    copy = layer.animation("g")
    assert isinstance(copy, AnimationGroup) and type(copy.animations[0]) is SpringAnimation
    assert copy.animations[0].spring == spring
    for k in range(1, 20):
        engine.tick(at(k))
        assert layer.presentation.value == approx(spring_value(spring, 0, 10, at(k - 1))), k

    layer.set_action("value", SpringAnimation("value", spring=spring))
    action = layer.action_for_key("value")
    assert type(action) is SpringAnimation and action.spring == spring


def test_a_keyframe_animation_is_not_a_spring() -> None:
    assert not isinstance(KeyframeAnimation("value", values=[0, 1]), SpringAnimation)


# ---- velocity -----------------------------------------------------------------------------------


def test_velocity_of_a_linear_basic_animation(engine: Engine) -> None:
    layer = probe(engine)
    assert layer.presentation_velocity("value") == 0.0
    layer.add_animation(BasicAnimation("value", from_value=0, to_value=30, duration=2), "b")
    layer.add_animation(
        BasicAnimation("position", from_value=(0, 0), to_value=(10, -20), duration=0.5), "p"
    )
    engine.tick(at(1))  # the begin tick: see test_velocity_at_the_begin_tick
    for k in range(2, 25):
        engine.tick(at(k))
        assert layer.presentation_velocity("value") == pytest.approx(15.0, rel=1e-6)
        assert layer.presentation_velocity("position") == (
            pytest.approx(20.0, rel=1e-6),
            pytest.approx(-40.0, rel=1e-6),
        )
        assert layer.presentation_velocity("position.y") == pytest.approx(-40.0, rel=1e-6)
    layer.remove_all_animations()
    engine.tick(at(30))
    assert layer.presentation_velocity("value") == 0.0
    assert layer.presentation_velocity("position") == (0.0, 0.0)


def test_velocity_at_the_begin_tick(engine: Engine) -> None:
    """At the tick an animation begins, the header's rule is the side not across the begin:
    the animation's own velocity, (to - from) / duration for a linear one."""
    layer = probe(engine)
    layer.add_animation(BasicAnimation("value", from_value=0, to_value=30, duration=2), "b")
    engine.tick(at(1))
    assert layer.presentation.value == 0.0
    assert layer.presentation_velocity("value") == pytest.approx(15.0, rel=1e-6)


def test_velocity_of_a_spring(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring(1, 120, 8, initial_velocity=1.5)
    layer.add_animation(SpringAnimation("value", from_value=-5, to_value=45, spring=spring), "s")
    for k in range(1, 90):
        engine.tick(at(k))
        expected = spring_velocity(spring, -5, 45, at(k - 1))
        tolerance = velocity_tolerance(spring, 50)
        assert layer.presentation_velocity("value") == approx(expected, tolerance), k


def test_velocity_of_keys_without_one(engine: Engine) -> None:
    layer = probe(engine, flag=False, count=3)
    with pytest.raises(WrongKindError):
        layer.presentation_velocity("hidden")
    with pytest.raises(WrongKindError):
        layer.presentation_velocity("count")


# ---- implicit springs ---------------------------------------------------------------------------


def test_an_animation_block_with_a_spring(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring.perceptual(0.5, 0.3)
    done: List[bool] = []
    with engine.animate(spring=spring, duration=5, curve="linear", completion=done.append):
        layer.value = 100
        layer.opacity = 0.0
    engine.tick(at(1))
    copy = layer.animation(layer.animation_keys[0])
    assert isinstance(copy, SpringAnimation)
    assert copy.duration == pytest.approx(spring.settling_duration, rel=1e-12)  # not 5
    k = 1
    while at(k) < at(1) + spring.settling_duration:
        engine.tick(at(k))
        t = at(k) - at(1)
        assert layer.presentation.value == approx(spring_value(spring, 0, 100, t)), k
        assert layer.presentation.opacity == approx(spring_value(spring, 1, 0, t)), k
        k += 1
    engine.tick(at(k))
    assert done == [True] and layer.presentation.value == 100


def test_a_transaction_with_a_spring(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring(1, 200, 15)
    state = engine.transaction_state
    assert state.spring is None
    with engine.transaction(spring=spring) as transaction:
        assert transaction.spring == spring
        with engine.transaction():
            assert transaction.spring == spring  # inherited
            transaction.spring = Spring()
            assert transaction.spring == Spring()
        assert transaction.spring == spring
        layer.value = 50
    assert state.spring is None
    engine.tick(at(1))
    for k in range(1, 40):
        engine.tick(at(k))
        assert layer.presentation.value == approx(spring_value(spring, 0, 50, at(k - 1))), k
    # With a duration the transaction's duration wins.
    with engine.transaction(spring=spring, duration=0.2):
        layer.value = 0
    engine.tick(at(41))
    copy = layer.animation(layer.animation_keys[0])
    assert isinstance(copy, SpringAnimation) and copy.duration == 0.2


def _retarget_run(
    engine: Engine, spring: Spring, every: int, ticks: int, restart_from_rest: bool
) -> Tuple[float, float]:
    """x changed to a new target every ``every`` ticks in spring blocks (or, with
    ``restart_from_rest``, by explicit springs from the presentation value at rest, as Core
    Animation would); the largest per-tick change of the value and of the velocity."""
    Probe = engine.layer_class(f"Retarget{every}{restart_from_rest}", {"x": 0.0})
    layer = Probe()
    engine.tick(0.0)
    targets = [100.0, 20.0, 70.0, 0.0, 90.0, 40.0]
    values: List[float] = []
    velocities: List[float] = []
    change = 0
    for k in range(1, ticks + 1):
        if (k - 1) % every == 0:
            target = targets[change % len(targets)]
            change += 1
            if restart_from_rest:
                current = layer.presentation.x
                with engine.transaction(disable_actions=True):
                    layer.x = target
                layer.add_animation(
                    SpringAnimation("x", from_value=current, to_value=target, spring=spring), "x"
                )
            else:
                with engine.animate(spring=spring):
                    layer.x = target
        engine.tick(k * FRAME)
        values.append(layer.presentation.x)
        velocities.append(layer.presentation_velocity("x"))
    jumps = [abs(b - a) for a, b in zip(values, values[1:])]
    kicks = [abs(b - a) for a, b in zip(velocities, velocities[1:])]
    return max(jumps), max(kicks)


@pytest.mark.parametrize("every", [3, 7, 13, 29])
def test_velocity_carries_over_when_retargeting(engine: Engine, every: int) -> None:
    spring = Spring.perceptual(1.2, 0.2)
    ticks = 120
    smooth_value, smooth_velocity = _retarget_run(engine, spring, 10**6, ticks, False)
    value, velocity = _retarget_run(engine, spring, every, ticks, False)
    _, restarted_velocity = _retarget_run(engine, spring, every, ticks, True)
    assert value <= 1.25 * smooth_value, (value, smooth_value)
    assert velocity <= 1.25 * smooth_velocity, (velocity, smooth_velocity)
    # Restarting from rest kicks the velocity (by what it was) at each change.
    assert restarted_velocity >= 1.75 * velocity, (restarted_velocity, velocity)


def test_a_retargeted_spring_starts_with_the_presentation_velocity(engine: Engine) -> None:
    layer = probe(engine)
    spring = Spring.perceptual(1.2, 0.2)
    with engine.animate(spring=spring):
        layer.value = 100
    for k in range(1, 13):
        engine.tick(at(k))
    before = layer.presentation.value, layer.presentation_velocity("value")
    assert before[1] > 100
    with engine.animate(spring=spring):
        layer.value = -50
    engine.tick(at(13))
    assert isinstance(layer.animation(layer.animation_keys[-1]), SpringAnimation)
    # At most one frame of the new spring's acceleration away from where it was.
    after = layer.presentation.value, layer.presentation_velocity("value")
    w0_squared = spring.stiffness / spring.mass
    acceleration = w0_squared * abs(-50 - before[0]) + spring.damping * abs(before[1])
    assert abs(after[0] - before[0]) <= abs(before[1]) * FRAME + acceleration * FRAME**2
    assert abs(after[1] - before[1]) <= acceleration * FRAME
    assert after[1] > 0.4 * before[1]  # still moving on, not restarted from rest


# ---- seed 001: the spring block -----------------------------------------------------------------


def test_seed_001_percent_in_a_spring_block(engine: Engine) -> None:
    shown: List[float] = []
    OCLayer = engine.layer_class(
        "OCLayer",
        {"percent": 0.0},
        needs_display={"percent"},
        display=lambda layer: shown.append(layer.presentation.percent),
    )
    view = OCLayer(bounds=(0, 0, 300, 20))
    bar = engine.layer(bounds=(0, 0, 0, 20), anchor_point=(0, 0.5))
    view.add_sublayer(bar)
    engine.tick(at(0))
    shown.clear()
    spring = Spring.perceptual(0.5, 0.3)
    finished: List[Tuple[bool, float]] = []
    done: Callable[[bool], None] = lambda ok: finished.append((ok, engine.current_time))
    with engine.animate(spring=spring, completion=done):
        view.percent = 100
        bar["bounds.size.width"] = 300
    begin = at(1)
    overshoot = 0.0
    k = 1
    while at(k) <= begin + spring.settling_duration + 2 * FRAME:
        engine.tick(at(k))
        percent = view.presentation.percent
        t = at(k) - begin
        if t < spring.settling_duration:
            assert percent == approx(spring_value(spring, 0, 100, t)), k
            assert shown[-1] == percent
        # The custom property and the built-in one advance in the same tick.
        assert bar.presentation["bounds.size.width"] == approx(3 * percent), k
        overshoot = max(overshoot, percent)
        k += 1
    assert overshoot > 100  # bounce 0.3 overshoots
    assert view.presentation.percent == 100
    assert len(finished) == 1 and finished[0][0] is True
    end = begin + spring.settling_duration
    assert end - 1e-9 <= finished[0][1] <= end + FRAME + 1e-9


# ---- bad input ----------------------------------------------------------------------------------


# ---- springs at the edges of the double range (issue 35) ---------------------------------------

EXTREMELY_OVERDAMPED = [
    Spring(mass=1e-300, stiffness=1, damping=1e300, allows_overdamping=True),
    Spring(mass=1, stiffness=1e-300, damping=1e300, allows_overdamping=True),
]


def _finite_at(engine: Engine, layers: List[Any], times: List[float]) -> List[float]:
    """The presentation x and its velocity of every layer at each time (ticked there)."""
    seen: List[float] = []
    for now in times:
        engine.tick(now)
        for layer in layers:
            seen += [layer.presentation.position.x, layer.presentation_velocity("position").x]
    return seen


@pytest.mark.parametrize("spring", EXTREMELY_OVERDAMPED, ids=["tiny-mass", "tiny-stiffness"])
def test_an_extremely_overdamped_spring_moves_finitely(engine: Engine, spring: Spring) -> None:
    """Accepted (settling duration inf: a slow exponential), and finite at every tick as an
    explicit SpringAnimation, a transaction's implicit spring and a decay's bound spring (NaN
    for ever before)."""
    assert spring.settling_duration == math.inf
    explicit, implicit, bounded = (engine.layer() for _ in range(3))
    engine.tick(0.0)
    explicit.add_animation(
        SpringAnimation("position.x", from_value=0.0, to_value=100.0, spring=spring), "spring"
    )
    with engine.transaction(spring=spring):
        implicit.position = (100, 0)
    bounded.add_animation(
        DecayAnimation(
            "position.x", from_value=0.0, velocity=1000.0, upper_bound=1.0, bound_spring=spring
        ),
        "decay",
    )
    seen = _finite_at(engine, [explicit, implicit, bounded], [0.5, 0.501, 1.0, 10.0, 1e6])
    assert all(math.isfinite(number) for number in seen), seen
    # So slow that the spring has not left its start; the decay has reached its bound.
    assert explicit.presentation.position.x == approx(0.0)
    assert implicit.presentation.position.x == approx(0.0)
    assert bounded.presentation.position.x == approx(1.0)


def test_the_damping_ratio_of_tiny_and_huge_parameters() -> None:
    """The library's, without the ZeroDivisionError of sqrt(1e-200 * 1e-200) in Python."""
    assert Spring(mass=1e-200, stiffness=1e-200, damping=1).damping_ratio == 5e199
    assert Spring(mass=1e-200, stiffness=1e-200, damping=1).natural_frequency == 1.0
    assert Spring(mass=1e308, stiffness=1e308, damping=1e308).damping_ratio == 0.5
    assert EXTREMELY_OVERDAMPED[0].damping_ratio == math.inf
    assert Spring().damping_ratio == 0.5 and Spring().natural_frequency == 10.0


@pytest.mark.parametrize(
    "arguments, error, name",
    [
        ({"mass": 0}, OutOfRangeError, "mass"),
        ({"mass": -1}, OutOfRangeError, "mass"),
        ({"stiffness": 0}, OutOfRangeError, "stiffness"),
        ({"damping": -0.5}, OutOfRangeError, "damping"),
        ({"mass": math.nan}, NotFiniteError, "mass"),
        ({"stiffness": math.inf}, NotFiniteError, "stiffness"),
        ({"damping": math.nan}, NotFiniteError, "damping"),
        ({"initial_velocity": -math.inf}, NotFiniteError, "initial_velocity"),
    ],
)
def test_bad_springs(arguments: Any, error: Any, name: str) -> None:
    with pytest.raises(error, match=name):
        Spring(**arguments)


@pytest.mark.parametrize(
    "arguments, error, name",
    [
        ((0.0,), OutOfRangeError, "duration"),
        ((-1.0,), OutOfRangeError, "duration"),
        ((math.nan,), NotFiniteError, "duration"),
        ((0.5, 1.0), OutOfRangeError, "bounce"),
        ((0.5, -1.0), OutOfRangeError, "bounce"),
        ((0.5, math.inf), NotFiniteError, "bounce"),
        ((0.5, 0.0, math.nan), NotFiniteError, "initial_velocity"),
    ],
)
def test_bad_perceptual_springs(arguments: Any, error: Any, name: str) -> None:
    with pytest.raises(error, match=name):
        Spring.perceptual(*arguments)


def test_wrong_types(engine: Engine) -> None:
    with pytest.raises(TypeError, match="mass"):
        Spring(mass="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allows_overdamping"):
        Spring(allows_overdamping="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="spring"):
        SpringAnimation("value", spring=(1, 100, 10))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="spring"):
        engine.animate(spring="bouncy")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="spring"):
        engine.transaction(spring=0.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="spring"):
        engine.transaction_state.spring = 1  # type: ignore[assignment]
    with pytest.raises(TypeError, match="unknown"):
        Spring().replace(friction=1)


def test_a_spring_animation_of_a_value_of_another_kind(engine: Engine) -> None:
    layer = probe(engine)
    with pytest.raises(WrongKindError):
        layer.add_animation(SpringAnimation("value", to_value=Point(1, 2)))
