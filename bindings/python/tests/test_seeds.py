"""The seeds (shared/seeds/) in Python, checked tick by tick at 60 fps:

- 000 the clock: a class with a needs-display ``time`` property; the model set to 1.5 and an
  animation from the presentation value (0) over the default duration: about 15 display calls,
  the presentation rising 0 -> 1.5 while the model reads 1.5; the audio-volume variant.
- 002 the arrow: an ArrowLayer with the seed's custom properties, needsDisplayOnBoundsChange,
  an explicit autoreversing animation of lengthRadians and its completion.
- 003 ship and door: duration and repeatCount, the autoreversing door with an infinite
  repeatDuration, timeOffset and speed, pausing a layer with speed 0 and scrubbing timeOffset,
  pause and resume, hierarchical speed; the ship following the bezier path with
  rotationMode auto for the slider pairs of speed and timeOffset (Listing 9.3).

The transaction forms of these seeds (and seeds 001 and 004) are in test_seeds_actions.py.
"""

from __future__ import annotations

import math
from typing import List, Optional, Tuple

import pytest

from _curves import cubic_bezier, cubic_bezier_tangent, tangent_angle
from _frames import T0, approx, frame
from animcore import (
    DynamicLayer,
    BasicAnimation,
    Color,
    Engine,
    KeyframeAnimation,
    Layer,
    Path,
    Property,
    Token,
    Transform3D,
)

PI = math.pi


# ---- 000: the clock ------------------------------------------------------------------------------


def set_time_with_action(clock: DynamicLayer, time: float) -> None:
    """-actionForKey: "time": a linear CABasicAnimation from the presentation value."""
    start = clock.presentation.time
    clock.time = time
    clock.add_animation(BasicAnimation("time", from_value=start, timing_function="linear"), "time")


def test_seed_000_clock(engine: Engine) -> None:
    log: List[Tuple[float, float]] = []  # (presentation, model) at each display

    def display(layer: DynamicLayer) -> None:
        log.append((layer.presentation.time, layer.time))

    ClockFace = engine.layer_class(
        "ClockFace", {"time": 0.0}, needs_display={"time"}, display=display
    )
    clock = ClockFace(bounds=(0, 0, 200, 200), position=(160, 150))
    engine.tick(frame(0))
    assert log == []  # nothing to draw yet

    set_time_with_action(clock, 1.5)
    for k in range(1, 41):
        engine.tick(frame(k))
        # tick by tick: linear 1.5 x elapsed / 0.25 until the end, the model 1.5 throughout
        expected = 1.5 * min((k - 1) / 60 / 0.25, 1.0) if k <= 16 else 1.5
        assert clock.presentation.time == approx(expected), k
        assert clock.time == 1.5
    assert 14 <= len(log) <= 17  # about 15 frames (0.25 s at 60 fps)
    assert log[0][0] == approx(0.0) and log[-1][0] == approx(1.5)
    presentations = [p for p, _ in log]
    assert presentations == sorted(presentations)
    assert all(model == 1.5 for _, model in log)
    for index, (presentation, _) in enumerate(log[:-1]):
        assert presentation == approx(1.5 * (index / 60) / 0.25)

    # Set again mid-flight: starts from where the hand is (no jump).
    log.clear()
    set_time_with_action(clock, 3.0)
    engine.tick(frame(41))
    engine.tick(frame(42))
    set_time_with_action(clock, 0.0)
    for k in range(43, 81):
        engine.tick(frame(k))
    steps = [abs(b[0] - a[0]) for a, b in zip(log, log[1:])]
    assert max(steps) <= 0.2
    assert clock.presentation.time == 0.0


def test_seed_000_audio_volume(engine: Engine) -> None:
    player = {"volume": -1.0}

    def display(layer: Layer) -> None:
        player["volume"] = layer.presentation.volume

    AudioLayer = engine.layer_class(
        "AudioLayer", {"volume": Property(1.0, needs_display=True)}, display=display
    )
    audio = AudioLayer()
    audio.set_needs_display()
    engine.tick(frame(0))
    assert player["volume"] == 1.0
    start = audio.presentation.volume  # fadeOut
    audio.volume = 0.0
    audio.add_animation(
        BasicAnimation("volume", from_value=start, timing_function="linear"), "volume"
    )
    previous = 2.0
    for k in range(1, 21):
        engine.tick(frame(k))
        assert player["volume"] <= previous
        previous = player["volume"]
    assert player["volume"] == 0.0


# ---- 002: the arrow ------------------------------------------------------------------------------

ARROW_PROPERTIES = {
    "thickness": 0.0,
    "startRadians": 0.0,
    "lengthRadians": 0.0,
    "headLengthRadians": 0.0,
    "fillColor": Color(0, 0, 0, 0),
    "strokeColor": Color(0, 0, 0, 0),
    "lineWidth": 0.0,
    "lineJoin": Property(0, animatable=False),  # kCGLineJoinMiter
}


class ArrowState:
    def __init__(self) -> None:
        self.displays = 0
        self.last_length: Optional[float] = None
        self.snapshot_sizes: List[int] = []
        self.completions: List[bool] = []

    def draw(self, layer: Layer) -> None:
        """-drawInContext: reads every property from the presentation."""
        self.displays += 1
        snapshot = layer.presentation.snapshot()
        self.snapshot_sizes.append(len(snapshot))
        self.last_length = snapshot["lengthRadians"]


def test_seed_002_arrow(engine: Engine) -> None:
    state = ArrowState()
    # @dynamic properties; +needsDisplayForKey: YES for every one of them.
    ArrowLayer = engine.layer_class(
        "ArrowLayer", ARROW_PROPERTIES, needs_display=True, display=state.draw
    )
    image = engine.layer(bounds=(0, 0, 200, 200))
    arrow = ArrowLayer(needs_display_on_bounds_change=True)  # setUpMask
    arrow.frame = image.bounds
    arrow.thickness = 60
    arrow.start_radians = -PI / 2
    arrow.length_radians = 0
    arrow.head_length_radians = PI / 2 / 8
    arrow.fill_color = Color(1, 1, 1, 1)
    image.add_sublayer(arrow)  # imageView.layer.mask
    engine.tick(frame(0))
    assert state.displays == 1  # drawn once for all those changes
    assert state.snapshot_sizes == [36 + 8]

    # goButtonWasTapped: autoreversing 0 -> 2 pi over 2 s, linear, with a completion.
    arrow.add_animation(
        BasicAnimation(
            "lengthRadians",
            from_value=0.0,
            to_value=2 * PI,
            duration=2.0,
            autoreverses=True,
            timing_function="linear",
            on_stop=lambda layer, key, finished: state.completions.append(finished),
        ),
        key="lengthRadians",
    )
    state.displays = 0
    # Committed at frame 1: forward over frames 1...121, back over 121...241.
    for k in range(1, 261):
        engine.tick(frame(k))
        if k in (121, 241):
            continue  # the turn and the end: boundaries
        e = (k - 1) / 60
        expected = PI * e if k < 121 else 2 * PI - PI * (e - 2) if k < 241 else 0.0
        assert arrow.presentation.length_radians == approx(expected), k
        assert arrow.length_radians == 0.0
        assert state.completions == ([] if k < 241 else [True]), k
    assert arrow.presentation.thickness == 60
    assert 240 <= state.displays <= 242  # every frame of the animation, and once more at its end
    assert state.last_length == 0.0

    state.displays = 0  # a bounds change redraws (needsDisplayOnBoundsChange)
    arrow.bounds = (0, 0, 100, 100)
    engine.tick(frame(261))
    assert state.displays >= 1


# ---- 003: ship and door --------------------------------------------------------------------------


def rotation_z(layer: Layer) -> float:
    m = layer.presentation.transform
    return math.atan2(m.m12, m.m11)


def test_seed_003_ship(engine: Engine) -> None:
    container, ship = engine.layer(), engine.layer()
    ship.frame = (0, 0, 128, 128)
    ship.position = (150, 150)
    ship.contents = Token(0x5348495050)  # Ship.png
    container.add_sublayer(ship)
    engine.tick(frame(0))
    events: List[str] = []
    # start: transform.rotation by 2 pi, duration 2, repeatCount 1.5, a delegate.
    ship.add_animation(
        BasicAnimation(
            "transform.rotation",
            by_value=2 * PI,
            duration=2.0,
            repeat_count=1.5,
            on_start=lambda layer, key: events.append(f"start {key}"),
            on_stop=lambda layer, key, finished: events.append(f"stop {key} {finished}"),
        ),
        key="rotateAnimation",
    )
    # Committed at frame 1; 3 s of animation: frames 1...181.
    for k in range(1, 201):
        engine.tick(frame(k))
        if k == 181:
            continue
        e = (k - 1) / 60
        expected = math.fmod(e, 2.0) * PI if k < 181 else 0.0
        angle = rotation_z(ship)
        assert (math.cos(angle), math.sin(angle)) == approx(
            (math.cos(expected), math.sin(expected))
        ), k
        assert events == (
            ["start rotateAnimation"]
            if k < 181
            else ["start rotateAnimation", "stop rotateAnimation True"]
        )
    assert ship.animation_keys == []


def test_seed_003_door(engine: Engine) -> None:
    container, door = engine.layer(), engine.layer()
    door.frame = (0, 0, 128, 256)
    door.position = (150 - 64, 150)
    door.anchor_point = (0, 0.5)
    container.add_sublayer(door)
    container.sublayer_transform = Transform3D.identity()._replace(m34=-1.0 / 500.0)
    engine.tick(frame(0))
    stops: List[bool] = []
    # The swing: to -pi/2, duration 2, repeatDuration inf, autoreverses.
    door.add_animation(
        BasicAnimation(
            "transform.rotation.y",
            to_value=-PI / 2,
            duration=2.0,
            repeat_duration=math.inf,
            autoreverses=True,
            on_stop=lambda l, k, f: stops.append(f),
        )
    )
    for k in range(1, 601):
        engine.tick(frame(k))
        if k % 30 != 16:
            continue  # off the turns
        cycle = math.fmod((k - 1) / 60, 4.0)
        expected = -PI / 2 * cycle / 2 if cycle <= 2 else -PI / 2 * (4 - cycle) / 2
        assert door.presentation["transform.rotation.y"] == approx(expected), k
        assert door.presentation.transform.m11 == approx(math.cos(expected))
    assert stops == []  # it never ends
    assert door.transform.m11 == 1


@pytest.mark.parametrize(
    "time_offset,speed,samples",
    [
        # Offset 0.5: starts half way, wraps, still plays 1 s in all; then the model.
        (0.5, 1.0, [(0.001, 0.501), (0.25, 0.75), (0.6, 0.1), (0.9, 0.4), (1.2, None)]),
        # T14: duration 1, offset 0.5, speed 2: p 0.5, 0.9, 0.1, 0.4; active 0.5 s.
        (0.5, 2.0, [(0.0001, 0.5002), (0.2, 0.9), (0.3, 0.1), (0.45, 0.4), (0.6, None)]),
    ],
)
def test_seed_003_time_offset_and_speed(
    engine: Engine, time_offset: float, speed: float, samples: List[Tuple[float, Optional[float]]]
) -> None:
    ship = engine.layer()
    ship.add_animation(
        BasicAnimation(
            "position.x",
            from_value=0,
            to_value=300,
            duration=1.0,
            time_offset=time_offset,
            speed=speed,
            removed_on_completion=False,
        ),
        key="slide",
    )
    engine.tick(T0)
    for e, progress in samples:
        engine.tick(T0 + e)
        assert ship.presentation["position.x"] == approx(
            0 if progress is None else 300 * progress
        ), e
    assert ship.animation_keys == ["slide"]  # kept after the end


def test_seed_003_scrubbing_a_paused_door(engine: Engine) -> None:
    container, door = engine.layer(), engine.layer()
    door.frame = (0, 0, 128, 256)
    door.anchor_point = (0, 0.5)
    container.add_sublayer(door)
    door.speed = 0  # pause all layer animations
    door.add_animation(BasicAnimation("transform.rotation.y", to_value=-PI / 2, duration=1.0))
    engine.tick(frame(0))
    for step, offset in enumerate([0.0, 0.25, 0.5, 0.999, 0.3, 0.0]):
        door.time_offset = offset  # the pan gesture
        for k in range(10):  # wall time passes; the door stays where the offset puts it
            engine.tick(frame(1 + step * 10 + k))
            assert door.local_time == offset
            assert door.presentation["transform.rotation.y"] == approx(-PI / 2 * offset)
    assert door.transform.m11 == 1


def test_seed_003_pause_and_resume(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        BasicAnimation("zPosition", from_value=0, to_value=100, duration=10.0), "move"
    )
    for k in range(61):
        engine.tick(frame(k))  # 1 s in: 10
    at_pause = layer.presentation.z_position
    assert at_pause == approx(10)
    paused_at = layer.convert_time_from(frame(60), None)  # pause
    layer.speed = 0
    layer.time_offset = paused_at
    for k in range(61, 361):
        engine.tick(frame(k))  # 5 s paused
        assert layer.presentation.z_position == approx(at_pause)
    layer.speed = 1  # resume
    layer.time_offset = 0
    layer.begin_time = 0
    layer.begin_time = layer.convert_time_from(frame(360), None) - paused_at
    engine.tick(frame(361))
    assert layer.presentation.z_position == approx(at_pause + 10 / 60, 1e-6)
    for k in range(362, 421):
        engine.tick(frame(k))
    assert layer.presentation.z_position == approx(20, 1e-6)


def test_seed_003_hierarchical_speed(engine: Engine) -> None:
    """T18: superlayer speed 2, layer speed 1.5, an animation of 3 s ends after 1 s."""
    parent, child = engine.layer(speed=2), engine.layer(speed=1.5)
    parent.add_sublayer(child)
    stops: List[bool] = []
    child.add_animation(
        BasicAnimation(
            "opacity",
            from_value=0,
            to_value=1,
            duration=3.0,
            on_stop=lambda l, k, f: stops.append(f),
        ),
        "fade",
    )
    for k in range(60):
        engine.tick(frame(k) + 0.001)
    assert stops == [] and child.presentation.opacity == approx(59 / 60)
    engine.tick(frame(61))
    assert stops == [True]


def test_seed_003_global_speed(engine: Engine) -> None:
    """A global speed factor slows everything alike."""
    layer = engine.layer()
    layer.add_animation(BasicAnimation("zPosition", from_value=0, to_value=10, duration=1.0), "z")
    engine.global_speed = 0.5
    engine.tick(T0)
    engine.tick(T0 + 1.0)  # half a second of engine time
    assert layer.presentation.z_position == approx(5)


# ---- 003: the ship follows the path (Listing 9.3) ------------------------------------------------

SHIP_CURVE = ((0.0, 150.0), (75.0, 0.0), (225.0, 300.0), (300.0, 150.0))


@pytest.mark.parametrize(
    "speed,time_offset",
    [(1.0, 0.0), (1.0, 0.5), (2.0, 0.5), (0.5, 0.25), (1.5, 0.9), (0.25, 0.0), (0.0, 0.3)],
)
def test_seed_003_ship_follows_the_path(engine: Engine, speed: float, time_offset: float) -> None:
    """-play: a CAKeyframeAnimation of "position" along the bezier path, duration 1, the
    sliders' timeOffset and speed, rotationMode auto, removedOnCompletion NO. Each tick: u is
    the wrapped progress (e * speed + timeOffset) mod 1, the ship is at B(u) turned to the
    tangent's angle; after the active interval (1 / speed) the model shows again (the
    animation stays on the layer, without effect). Speed 0 holds u = timeOffset."""
    container, ship = engine.layer(), engine.layer()
    ship.frame = (0, 0, 64, 64)
    ship.position = (0, 150)
    container.add_sublayer(ship)
    path = Path().move_to(0, 150).curve_to(75, 0, 225, 300, 300, 150)
    engine.tick(frame(0))
    ship.add_animation(
        KeyframeAnimation(
            "position",
            path=path,
            duration=1.0,
            time_offset=time_offset,
            speed=speed,
            rotation_mode="auto",
            removed_on_completion=False,
        ),
        key="slide",
    )
    # Committed at frame 1: e = (k - 1) / 60.
    end = math.inf if speed == 0 else 1 / speed
    last = 300 if speed == 0 else int(end * 60) + 20
    for k in range(1, last):
        engine.tick(frame(k))
        e = (k - 1) / 60
        local = e * speed + time_offset
        u = local - math.floor(local)
        if min(u, 1 - u) < 1e-6 or abs(e - end) < 1e-6:
            continue  # a wrap or the end: boundaries
        if e < end:
            position = cubic_bezier(*SHIP_CURVE, u)
            angle = tangent_angle(cubic_bezier_tangent(*SHIP_CURVE, u))
        else:
            position, angle = (0.0, 150.0), 0.0
        assert ship.presentation.position == approx(position), (k, u)
        assert ship.presentation["transform.rotation.z"] == approx(angle), (k, u)
        assert ship.position == (0, 150) and ship.transform == Transform3D.identity()
    assert ship.animation_keys == ["slide"]
