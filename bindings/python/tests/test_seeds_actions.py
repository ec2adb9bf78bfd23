"""The seeds with transactions, animation blocks and actions, tick by tick at 60 fps:

- 000 the clock with its ``actionForKey:`` as the class's default action;
- 001 the progress indicator: ``percent`` 0 -> 100 in an ease-out animation block, then back,
  the bar (a built-in property) and the number (a custom one) moving in the same frame;
- 002 the arrow: the explicit autoreversing animation inside a transaction with a duration
  and a completion;
- 004 the circle: ``radius`` through the class's action and the colour through the built-in
  one, then a change in flight that never jumps;
- custom and built-in properties with the same progress at every tick; interruption never
  jumps; per-thread blocks on real threads.
"""

from __future__ import annotations

import math
import threading
from typing import Any, List, Tuple

import pytest

from _frames import approx
from animcore import NO_ACTION, BasicAnimation, Color, Engine, Layer, Point, TimingFunction

FRAME = 1 / 60
PI = math.pi


def at(k: int) -> float:
    """Frame k from 0 (the seeds' Swift tests count from time 0)."""
    return k * FRAME


def curve(name: str, x: float) -> float:
    return TimingFunction.named(name)(min(max(x, 0.0), 1.0))


# ---- 000 ---------------------------------------------------------------------------------------


def test_seed_000_clock_with_its_action(engine: Engine) -> None:
    log: List[Tuple[float, float]] = []
    ClockFace = engine.layer_class(
        "ClockFace",
        {"time": 0.0},
        needs_display={"time"},
        display=lambda layer: log.append((layer.presentation.time, layer.time)),
    )

    def action_for_key(layer: Layer, key: str) -> Any:  # -actionForKey:
        if key == "time":
            return BasicAnimation(key, from_value=layer.presentation.time, timing_function="linear")
        return None

    ClockFace.default_action = action_for_key
    clock = ClockFace(bounds=(0, 0, 200, 200))
    engine.tick(at(0))
    clock.time = 1.5
    for k in range(1, 41):
        engine.tick(at(k))
        assert clock.presentation.time == approx(1.5 * min((k - 1) / 60 / 0.25, 1)), k
        assert clock.time == 1.5
    assert 14 <= len(log) <= 17 and log[0][0] == 0.0 and log[-1][0] == 1.5
    assert all(model == 1.5 for _, model in log)


# ---- 001 ---------------------------------------------------------------------------------------


def test_seed_001_progress_indicator(engine: Engine) -> None:
    displayed: List[float] = []
    # The seed's SWLayer: `percent`, redisplayed on change, drawn from the presentation value.
    SWLayer = engine.layer_class(
        "SWLayer",
        {"percent": 0.0},
        needs_display=True,
        display=lambda layer: displayed.append(layer.presentation.percent),
    )
    root = engine.layer()
    indicator = SWLayer(bounds=(0, 0, 200, 20))
    bar = engine.layer(bounds=(0, 0, 0, 20))  # the seed's percentView
    root.add_sublayer(indicator)
    indicator.add_sublayer(bar)
    engine.tick(0.0)
    assert indicator.animation_keys == []
    displayed.clear()

    finished: List[Tuple[bool, float]] = []
    done = lambda ok: finished.append((ok, engine.current_time))  # noqa: E731
    with engine.animate(duration=1, curve="ease_out", completion=done):
        indicator.percent = 100
        bar.bounds = (0, 0, 200, 20)
    assert indicator.percent == 100
    begin, labels = FRAME, []
    for k in range(1, 71):
        engine.tick(at(k))
        percent = indicator.presentation.percent
        assert percent == approx(100 * curve("easeOut", (at(k) - begin) / 1)), k
        # The bar and the number move in the same frame (the stutter the seed could not fix).
        assert bar.presentation.bounds.width == approx(2 * percent), k
        labels.append(math.floor(percent))
        if at(k) <= begin + 1:
            assert displayed[-1] == percent
    assert labels == sorted(labels) and labels[-1] == 100
    # At the first tick at or after the end (the tick at exactly begin + 1 may fall an ulp short).
    assert len(finished) == 1 and finished[0][0] is True
    assert begin + 1 - 1e-9 <= finished[0][1] <= begin + 1 + FRAME + 1e-9

    # Reversed: back to 0 with the same curve.
    with engine.animate(duration=1, curve="ease_out", completion=done):
        indicator.percent = 0
        bar.bounds = (0, 0, 0, 20)
    begin = at(71)
    for k in range(71, 141):
        engine.tick(at(k))
        assert indicator.presentation.percent == approx(
            100 - 100 * curve("easeOut", at(k) - begin)
        ), k
    assert len(finished) == 2 and finished[-1][0] is True
    assert begin + 1 - 1e-9 <= finished[-1][1] <= begin + 1 + FRAME + 1e-9
    assert indicator.animation_keys == []


def test_seed_001_as_a_function_and_a_spring_like_curve(engine: Engine) -> None:
    View = engine.layer_class("SWLayer", {"percent": 0.0})
    view = View()
    engine.tick(0.0)
    overshoot = TimingFunction.cubic_bezier(0.3, 1.6, 0.6, 1.0)  # a springy custom curve
    engine.animate(lambda: setattr(view, "percent", 100.0), duration=0.5, curve=overshoot)
    peak = 0.0
    for k in range(1, 40):
        engine.tick(at(k))
        peak = max(peak, view.presentation.percent)
    assert peak > 100 and view.presentation.percent == 100


# ---- 002 ---------------------------------------------------------------------------------------


def test_seed_002_arrow_in_a_transaction_with_a_completion(engine: Engine) -> None:
    draws: List[float] = []
    ArrowLayer = engine.layer_class(
        "ArrowLayer",
        {
            "thickness": 0.0,
            "startRadians": 0.0,
            "lengthRadians": 0.0,
            "headLengthRadians": 0.0,
            "fillColor": Color(0, 0, 0, 0),
            "strokeColor": Color(0, 0, 0, 0),
            "lineWidth": 0.0,
            "lineJoin": 0,
        },
        needs_display=True,
        not_animatable={"lineJoin"},
        display=lambda layer: draws.append(layer.presentation.length_radians),
    )
    arrow = ArrowLayer(
        needs_display_on_bounds_change=True,
        frame=(0, 0, 240, 240),
        thickness=60,
        start_radians=-PI / 2,
        length_radians=0,
        head_length_radians=PI / 16,
        fill_color=Color(1, 1, 1, 1),
    )
    engine.tick(0.0)
    assert arrow.animation_keys == [] and len(draws) == 1  # first values: drawn once, no animation

    button_hidden = [True]  # goButtonWasTapped:
    completions: List[Tuple[bool, float]] = []

    def completion(finished: bool) -> None:
        button_hidden[0] = False
        completions.append((finished, engine.current_time))

    with engine.transaction(duration=2, completion=completion):
        animation = BasicAnimation(
            "lengthRadians",
            from_value=0.0,
            to_value=2 * PI,
            autoreverses=True,
            timing_function="linear",
        )
        arrow.add_animation(animation, key=animation.key_path)
    added = arrow.animation("lengthRadians")
    assert added is not None and added.duration == 2  # duration 0 takes the transaction's
    draws.clear()
    begin = FRAME
    for k in range(1, 301):
        engine.tick(at(k))
        e = at(k) - begin
        expected = 0.0 if e >= 4 else PI * e if e <= 2 else PI * (4 - e)
        assert arrow.presentation.length_radians == approx(expected), k
        if e < 4:
            assert button_hidden[0] and len(draws) == k  # redrawn every frame while animating
    assert len(completions) == 1 and completions[0][0] is True and not button_hidden[0]
    assert begin + 4 - 1e-9 <= completions[0][1] <= begin + 4 + FRAME + 1e-9
    assert arrow.length_radians == 0  # an explicit animation leaves the model alone
    with engine.transaction(disable_actions=True):
        arrow.bounds = (0, 0, 120, 120)
    assert arrow.needs_display


# ---- 004 ---------------------------------------------------------------------------------------


def test_seed_004_circle_with_a_change_in_flight(engine: Engine) -> None:
    CircleLayer = engine.layer_class(
        "CircleLayer", {"radius": 0.0, "color": Color(1, 0, 0, 1)}, needs_display=True
    )
    searches: List[float] = []

    def action_for_key(layer: Layer, key: str) -> Any:
        # The seed's actionForKey: for "radius": from the presentation value (duration and
        # curve from the transaction); the colour uses the built-in action.
        if key != "radius":
            return None
        start = layer.presentation.radius
        searches.append(start)
        return BasicAnimation("radius", from_value=start)

    CircleLayer.default_action = action_for_key
    view = engine.layer(bounds=(0, 0, 320, 480))
    circle = CircleLayer(radius=50, frame=(0, 0, 320, 480))
    circle.set_needs_display()
    view.add_sublayer(circle)
    engine.tick(0.0)
    assert circle.animation_keys == [] and searches == []

    # tap: -- [CATransaction setAnimationDuration:2] outside any transaction.
    engine.transaction_state.duration = 2
    circle.radius = 100
    circle.color = Color(0, 1, 0, 1)
    assert searches == [50]
    assert [circle.animation(k).duration for k in ("radius", "color")] == [2, 2]  # type: ignore[union-attr]
    begin, radii = FRAME, [50.0]
    for k in range(1, 65):
        engine.tick(at(k))
        e = at(k) - begin
        radii.append(circle.presentation.radius)
        assert radii[-1] == approx(50 + 50 * e / 2), k  # linear: no curve anywhere
        f = curve("default", e / 2)
        assert circle.presentation.color == approx(Color(1 - f, f, 0, 1)), k

    # One second later, in flight: duration 1, position to zero, radius to 25.
    in_flight = radii[-1]
    engine.transaction_state.duration = 1
    circle.position = Point(0, 0)
    circle.radius = 25
    assert searches[-1] == in_flight and circle.radius == 25  # from the presentation value
    restart = at(65)
    for k in range(65, 201):
        engine.tick(at(k))
        radius = circle.presentation.radius
        radii.append(radius)
        assert radius == approx(in_flight + (25 - in_flight) * min(at(k) - restart, 1)), k
        p = curve("default", at(k) - restart)
        assert circle.presentation.position == approx((160 - 160 * p, 240 - 240 * p)), k
        f = curve("default", (at(k) - begin) / 2)  # the colour keeps its own 2 s animation
        assert circle.presentation.color == approx(Color(1 - f, f, 0, 1)), k
    largest = max(50 / 2 * FRAME, abs(25 - in_flight) * FRAME)  # per frame, of either animation
    steps = [abs(b - a) for a, b in zip(radii, radii[1:])]
    assert max(steps) <= largest + 1e-9  # no jump at the change
    assert radii[-1] == 25 and circle.animation_keys == []


# ---- same progress; interruption ----------------------------------------------------------------


@pytest.mark.parametrize("curve_name", ["ease_in_out", "linear", "ease_in"])
def test_custom_and_built_in_properties_share_progress_at_every_tick(
    engine: Engine, curve_name: str
) -> None:
    Gauge = engine.layer_class(
        "Gauge", {"level": 0.0, "tint": Color(0, 0, 0, 1), "spot": Point(0, 0)}
    )
    gauge = Gauge()
    engine.tick(0.0)
    with engine.animate(duration=0.7, curve=curve_name):
        gauge.level = 10
        gauge.tint = Color(1, 1, 1, 1)
        gauge.spot = (30, 60)
        gauge.opacity = 0.0
        gauge.position = (30, 60)
    for k in range(1, 50):
        engine.tick(at(k))
        p = 1 - gauge.presentation.opacity  # the built-in property's progress
        assert gauge.presentation.level == approx(10 * p), k
        assert gauge.presentation.tint == approx(Color(p, p, p, 1)), k
        assert gauge.presentation.spot == approx(gauge.presentation.position), k


@pytest.mark.parametrize("additive", [False, True])
def test_interruption_never_jumps(engine: Engine, additive: bool) -> None:
    """Retargeting every 7 frames (built-in and custom alike): no step larger than what the
    fastest animation moves in a frame, from the presentation value each time."""
    Knob = engine.layer_class("Knob", {"angle": 0.0})
    knob = Knob()
    engine.tick(0.0)
    targets = [100.0, -50.0, 80.0, 0.0, 300.0, -300.0, 10.0]
    trail: List[Tuple[float, float]] = [(0.0, 0.0)]
    k = 0
    for target in targets:
        with engine.transaction(duration=0.3, timing_function="linear", additive=additive):
            knob.angle = target
            knob.z_position = target
        for _ in range(7):
            k += 1
            engine.tick(at(k))
            trail.append((knob.presentation.angle, knob.presentation.z_position))
    for _ in range(30):
        k += 1
        engine.tick(at(k))
        trail.append((knob.presentation.angle, knob.presentation.z_position))
    fastest = max(abs(a - b) for a, b in zip([0.0] + targets, targets)) * 2 / (0.3 * 60)
    for (a0, z0), (a1, z1) in zip(trail, trail[1:]):
        assert abs(a1 - a0) <= fastest + 1e-9
        assert a1 == approx(z1)  # custom and built-in together
    assert trail[-1] == (10.0, 10.0)


def test_interruption_with_no_action_jumps_as_asked(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(0.0)
    layer.set_delegate(action=lambda l, key: NO_ACTION)
    layer.opacity = 0.0
    engine.tick(at(1))
    assert layer.presentation.opacity == 0.0


# ---- threads -------------------------------------------------------------------------------------


def test_blocks_on_several_threads(engine: Engine) -> None:
    """Each thread animates its own layer in its own blocks while this thread ticks; every
    completion runs once and every layer ends at its last value."""
    View = engine.layer_class("View", {"percent": 0.0})
    views = [View() for _ in range(4)]
    engine.tick(0.0)
    completions: List[int] = []
    lock = threading.Lock()
    errors: List[BaseException] = []
    stop = threading.Event()

    def work(index: int) -> None:
        try:
            for n in range(50):

                def done(finished: bool) -> None:
                    with lock:
                        completions.append(index)

                with engine.animate(duration=0.05 + 0.01 * index, completion=done) as block:
                    assert block.duration == approx(0.05 + 0.01 * index)
                    views[index].percent = float(n)
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()

    def ticking() -> None:
        k = 0
        while not stop.is_set():
            k += 1
            engine.tick(at(k))

    ticker = threading.Thread(target=ticking)
    ticker.start()
    for thread in threads:
        thread.join()
    stop.set()
    ticker.join()
    now = engine.current_time
    for k in range(1, 30):
        engine.tick(now + k * FRAME)
    assert errors == []
    assert sorted(completions) == sorted([i for i in range(4)] * 50)
    for view in views:
        assert view.percent == 49 and view.presentation.percent == 49
