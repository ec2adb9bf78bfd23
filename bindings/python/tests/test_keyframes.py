"""Keyframe animations (CAKeyframeAnimation, reference §6.4) through the engine, tick by tick at
60 fps against values computed here: every calculation mode, key times and per-segment timing
functions, the animation's own timing function, Apple's discrete example, the additive shake
over two base values, cumulative repeats, the round trip of every field through
``layer.animation(key)``, and bad input (each error names the argument)."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type"

from __future__ import annotations

import math
from typing import Any, Callable, List, Tuple

import pytest

import animcore
from _curves import (
    discrete_keyframes,
    kochanek_bartels,
    lerp,
    linear_keyframes,
)
from _frames import T0, approx, frame
from animcore import (
    CalculationMode,
    Engine,
    FillMode,
    InvalidArgumentError,
    KeyframeAnimation,
    Layer,
    NotFiniteError,
    OutOfRangeError,
    Path,
    Point,
    RotationMode,
    TimingFunction,
    Transform3D,
    UnknownNameError,
    WrongKindError,
)

DURATION_FRAMES = 60  # the animations below last 1 s unless said otherwise


def play(
    engine: Engine,
    layer: Layer,
    animation: KeyframeAnimation,
    key_path: str,
    expected: Callable[[float], Any],
    frames: int = DURATION_FRAMES,
    after: Any = None,
    tolerance: float = 1e-9,
    skip: Callable[[int], bool] = lambda k: False,
) -> None:
    """Adds ``animation`` (committed at frame 0, so it begins at T0), then checks every frame
    0 ... frames + 10: ``expected(e)`` inside the active duration (e = seconds since T0),
    ``after`` (the model value) after it."""
    layer.add_animation(animation, "k")
    for k in range(frames + 11):
        engine.tick(frame(k))
        if skip(k) or k == frames:
            continue
        value = layer.presentation[key_path]
        if k < frames:
            assert value == approx(expected(k / 60), tolerance), k
        elif after is not None:
            assert value == approx(after, tolerance), k


# ---- linear --------------------------------------------------------------------------------------


def test_linear_with_even_key_times(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 10.0, 30.0, -5.0]
    play(
        engine,
        layer,
        KeyframeAnimation("zPosition", values=values, duration=1),
        "zPosition",
        lambda e: linear_keyframes(values, e),
        after=0.0,
    )


def test_linear_with_key_times_and_timing_functions(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 100.0, 50.0, 80.0]
    key_times = [0.0, 0.2, 0.7, 1.0]
    functions = [TimingFunction.named("easeIn"), TimingFunction.named("linear")]
    eased = TimingFunction.named("easeInEaseOut")  # the animation's own, applied first
    animation = KeyframeAnimation(
        "zPosition",
        values=values,
        key_times=key_times,
        timing_functions=["easeIn", functions[1]],  # the third segment: linear (missing)
        timing_function=eased,
        duration=1,
    )
    play(
        engine,
        layer,
        animation,
        "zPosition",
        lambda e: linear_keyframes(values, eased(e), key_times, functions),
        after=0.0,
        tolerance=1e-6,
    )


def test_key_times_that_do_not_fit_are_ignored(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 60.0, 90.0]
    animation = KeyframeAnimation(
        "zPosition", values=values, key_times=[0, 0.9], duration=1  # 2 times for 3 values
    )
    play(engine, layer, animation, "zPosition", lambda e: linear_keyframes(values, e))


def test_equal_key_times_jump(engine: Engine) -> None:
    layer = engine.layer()
    animation = KeyframeAnimation(
        "zPosition", values=[0, 10, 50, 60], key_times=[0, 0.5, 0.5, 1], duration=1
    )
    layer.add_animation(animation, "k")
    engine.tick(frame(0))
    engine.tick(frame(15))
    assert layer.presentation.z_position == approx(5)
    engine.tick(frame(45))
    assert layer.presentation.z_position == approx(55)


def test_point_values(engine: Engine) -> None:
    layer = engine.layer(position=(5, 5))
    values = [Point(0, 0), (100, 50), Point(100, 150)]

    def expected(e: float) -> Tuple[float, float]:
        return (
            linear_keyframes([v[0] for v in values], e),
            linear_keyframes([v[1] for v in values], e),
        )

    play(
        engine,
        layer,
        KeyframeAnimation("position", values=values, duration=1),
        "position",
        expected,
        after=(5, 5),
    )
    assert isinstance(layer.presentation.position, Point)


def test_fill_forwards_holds_the_last_value(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation(
            "zPosition",
            values=[0, 7, 3],
            duration=0.5,
            fill_mode="forwards",
            removed_on_completion=False,
        ),
        "k",
    )
    for k in range(0, 61, 5):
        engine.tick(frame(k))
    assert layer.presentation.z_position == 3
    assert layer.animation_keys == ["k"]


# ---- discrete ------------------------------------------------------------------------------------


def test_discrete_apples_example(engine: Engine) -> None:
    """keyTimes [0, 0.25, 0.5, 0.75, 1], values [310, 60, 120, 60]: position.y stays 60 from
    0.75 to the end (over 2 s: frames 0-29 310, 30-59 60, 60-89 120, 90-119 60)."""
    layer = engine.layer(position=(50, 0))
    key_times = [0, 0.25, 0.5, 0.75, 1]
    values = [310.0, 60.0, 120.0, 60.0]
    play(
        engine,
        layer,
        KeyframeAnimation(
            "position.y", values=values, key_times=key_times, mode="discrete", duration=2
        ),
        "position.y",
        lambda e: discrete_keyframes(values, e / 2, key_times),
        frames=120,
        after=0.0,
        skip=lambda k: k % 30 == 0,  # exactly on a key time
    )
    assert layer.presentation.position.x == 50  # only y animated


def test_discrete_default_key_times_and_functions_ignored(engine: Engine) -> None:
    layer = engine.layer()
    values = [1.0, 2.0, 3.0]  # each held for a third
    animation = KeyframeAnimation(
        "zPosition",
        values=values,
        mode=CalculationMode.DISCRETE,
        timing_functions=["easeIn", "easeOut"],
        duration=1,
    )
    play(
        engine,
        layer,
        animation,
        "zPosition",
        lambda e: discrete_keyframes(values, e),
        skip=lambda k: k % 20 == 0,
    )


# ---- paced ---------------------------------------------------------------------------------------


def test_paced_moves_at_constant_speed(engine: Engine) -> None:
    layer = engine.layer()
    values = [Point(0, 0), Point(30, 40), Point(30, 0)]  # 50 then 40: key time 5/9

    def expected(e: float) -> Tuple[float, float]:
        distance = 90 * e
        if distance <= 50:
            return (lerp(0, 30, distance / 50), lerp(0, 40, distance / 50))
        return (30.0, lerp(40, 0, (distance - 50) / 40))

    animation = KeyframeAnimation(
        "position",
        values=values,
        mode="paced",
        key_times=[0, 0.9, 1],  # ignored
        timing_functions=["easeIn", "easeOut"],  # ignored
        timing_function="easeInEaseOut",  # ignored too
        duration=1,
    )
    play(engine, layer, animation, "position", expected, tolerance=1e-6)


def test_paced_scalars(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 10.0, 110.0]  # the GNUstep case: 11 at 10 % of the time
    play(
        engine,
        layer,
        KeyframeAnimation("zPosition", values=values, mode="paced", duration=2),
        "zPosition",
        lambda e: 110 * e / 2,
        frames=120,
        tolerance=1e-6,
    )


# ---- cubic ---------------------------------------------------------------------------------------


def test_cubic_is_catmull_rom(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 1.0, 0.0, 2.0, 2.0]
    play(
        engine,
        layer,
        KeyframeAnimation("zPosition", values=values, mode="cubic", duration=1),
        "zPosition",
        lambda e: kochanek_bartels(values, e),
        tolerance=1e-6,
    )


def test_cubic_with_tension_continuity_and_bias(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 10.0, -5.0, 20.0]
    tension, continuity, bias = [0.5, -0.3, 0.2, 0.0], [0.0, 0.4, -0.6], [-0.5, 0.25, 0.75, 1.0]
    animation = KeyframeAnimation(
        "zPosition",
        values=values,
        mode="cubic",
        tension=tension,
        continuity=continuity,
        bias=bias,
        duration=1,
    )
    play(
        engine,
        layer,
        animation,
        "zPosition",
        lambda e: kochanek_bartels(values, e, tension, continuity, bias),
        tolerance=1e-6,
    )


def test_cubic_tension_one_stops_at_each_keyframe(engine: Engine) -> None:
    layer = engine.layer()
    values = [0.0, 1.0, 0.0]
    animation = KeyframeAnimation(
        "zPosition", values=values, mode="cubic", tension=[1, 1, 1], duration=4
    )
    play(
        engine,
        layer,
        animation,
        "zPosition",
        lambda e: kochanek_bartels(values, e / 4, [1, 1, 1]),
        frames=240,
        tolerance=1e-6,
    )


def test_cubic_passes_through_uneven_key_times(engine: Engine) -> None:
    layer = engine.layer()
    key_times = [0.0, 0.25, 1.0]
    layer.add_animation(
        KeyframeAnimation(
            "zPosition", values=[0, 8, 2], key_times=key_times, mode="cubic", duration=1
        ),
        "k",
    )
    engine.tick(frame(0))
    assert layer.presentation.z_position == approx(0)
    engine.tick(frame(15))
    assert layer.presentation.z_position == approx(8, 1e-6)
    engine.tick(frame(59))
    assert abs(layer.presentation.z_position - 2) < 0.5


def test_cubic_paced_is_linear_for_monotone_scalars(engine: Engine) -> None:
    """The arc length of monotone 1-D values is their span: constant speed means 30 p."""
    layer = engine.layer()
    play(
        engine,
        layer,
        KeyframeAnimation("zPosition", values=[0, 10, 30], mode="cubicPaced", duration=1),
        "zPosition",
        lambda e: 30 * e,
        tolerance=1e-3,
    )


def test_cubic_paced_points_move_at_constant_speed(engine: Engine) -> None:
    layer = engine.layer()
    values = [Point(0, 0), Point(100, 100), Point(200, 0), Point(300, 100)]
    layer.add_animation(
        KeyframeAnimation("position", values=values, mode="cubic_paced", duration=1), "k"
    )
    positions: List[Point] = []
    for k in range(61):
        engine.tick(frame(k))
        positions.append(layer.presentation.position)
    assert positions[0] == approx((0, 0))
    steps = [math.dist(a, b) for a, b in zip(positions[:59], positions[1:59])]
    assert max(steps) - min(steps) < 0.01 * max(steps)
    # The same curve as the cubic mode, re-timed: every point lies on it.
    on_curve = [
        (
            kochanek_bartels([v.x for v in values], k / 1000),
            kochanek_bartels([v.y for v in values], k / 1000),
        )
        for k in range(1001)
    ]
    for point in positions[1:59:7]:
        assert min(math.dist(point, q) for q in on_curve) < 0.5


# ---- additive and cumulative --------------------------------------------------------------------


def test_additive_shake_over_two_base_values(engine: Engine) -> None:
    """values [0, 10, -10, 10, 0], keyTimes [0, 1/6, 3/6, 5/6, 1], duration 0.4, additive:
    one description reused on two layers at different positions."""
    key_times = [0, 1 / 6, 3 / 6, 5 / 6, 1]
    values = [0.0, 10.0, -10.0, 10.0, 0.0]
    shake = KeyframeAnimation(
        "position.x", values=values, key_times=key_times, duration=0.4, additive=True
    )
    left, right = engine.layer(position=(100, 20)), engine.layer(position=(250, 40))
    left.add_animation(shake, "shake")
    right.add_animation(shake, "shake")
    for k in range(35):
        engine.tick(frame(k))
        offset = linear_keyframes(values, k / 60 / 0.4, key_times) if k < 24 else 0.0
        if k == 24:
            continue
        assert left.presentation.position == approx((100 + offset, 20)), k
        assert right.presentation.position == approx((250 + offset, 40)), k
    assert left.position == (100, 20)


def test_cumulative_repeats_build_on_the_last(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation(
            "zPosition", values=[0, 4, 10], duration=1, repeat_count=3, cumulative=True
        ),
        "k",
    )
    engine.tick(T0)
    for e, expected in [(0.25, 2), (1.25, 12), (1.75, 17), (2.5, 24)]:
        engine.tick(T0 + e)
        assert layer.presentation.z_position == approx(expected), e


def test_additive_rotation_keyframes_compose_with_the_model(engine: Engine) -> None:
    layer = engine.layer(transform=Transform3D.rotation(0.5))
    layer.add_animation(
        KeyframeAnimation("transform.rotation.z", values=[0, 1, 0], duration=1, additive=True),
        "k",
    )
    engine.tick(T0)
    engine.tick(T0 + 0.25)
    assert layer.presentation["transform.rotation.z"] == approx(1.0)


# ---- the round trip ------------------------------------------------------------------------------


def test_every_field_round_trips(engine: Engine) -> None:
    layer = engine.layer()
    stops: List[bool] = []
    animation = KeyframeAnimation(
        "zPosition",
        values=[1, 2.5, -3, 4],
        key_times=[0, 0.1, 0.6, 1],
        timing_functions=["easeIn", TimingFunction.steps(3), TimingFunction(0.1, 0.2, 0.3, 0.4)],
        mode="cubic",
        tension=[0.5, -0.5],
        continuity=[0.1, 0.2, 0.3],
        bias=[-1, 1, 0, 0.25],
        duration=2,
        speed=1.5,
        time_offset=0.25,
        repeat_count=2.5,
        autoreverses=True,
        fill_mode="both",
        timing_function="easeOut",
        additive=True,
        cumulative=True,
        removed_on_completion=False,
        on_start=lambda l, k: None,
        on_stop=lambda l, k, f: stops.append(f),
    )
    layer.add_animation(animation, "all")
    engine.tick(T0)
    copy = layer.animation("all")
    assert isinstance(copy, KeyframeAnimation)
    assert copy.key_path == "zPosition"
    assert copy.values == [1.0, 2.5, -3.0, 4.0]
    assert copy.key_times == [0, 0.1, 0.6, 1]
    assert copy.timing_functions == [
        TimingFunction.named("easeIn"),
        TimingFunction.steps(3),
        TimingFunction(0.1, 0.2, 0.3, 0.4),
    ]
    assert copy.mode is CalculationMode.CUBIC
    assert (copy.tension, copy.continuity, copy.bias) == (
        [0.5, -0.5],
        [0.1, 0.2, 0.3],
        [-1, 1, 0, 0.25],
    )
    assert copy.path is None and copy.rotation_mode is None
    assert (copy.duration, copy.speed, copy.time_offset) == (2, 1.5, 0.25)
    assert (copy.repeat_count, copy.autoreverses, copy.fill_mode) == (2.5, True, FillMode.BOTH)
    assert copy.begin_time == approx(T0)
    assert copy.timing_function == TimingFunction.named("easeOut")
    assert (copy.additive, copy.cumulative, copy.removed_on_completion) == (True, True, False)
    assert copy.on_start is animation.on_start and copy.on_stop is animation.on_stop
    assert copy == animation.copy(begin_time=copy.begin_time)
    # A copy is a description like any: it can be added again.
    other = engine.layer()
    other.add_animation(copy, "again")
    again = other.animation("again")
    assert again is not None and again == copy


def test_path_and_rotation_round_trip(engine: Engine) -> None:
    layer = engine.layer()
    path = (
        Path()
        .move_to(0, 0)
        .line_to(10, 0)
        .quad_curve_to(20, 0, 20, 10)
        .curve_to(20, 20, 10, 30, 0, 30)
        .close()
        .move_to(50, 50)
        .line_to(60, 60)
    )
    for rotation in (RotationMode.AUTO, RotationMode.AUTO_REVERSE):
        layer.add_animation(
            KeyframeAnimation(
                "position", path=path, rotation_mode=rotation, mode="paced", duration=3
            ),
            rotation.value,
        )
        copy = layer.animation(rotation.value)
        assert isinstance(copy, KeyframeAnimation)
        assert copy.path == path and copy.path is not path
        assert copy.path.elements == path.elements
        assert copy.rotation_mode is rotation
        assert copy.mode is CalculationMode.PACED and copy.values == []
        assert copy.duration == 3


def test_default_duration_and_defaults_read_back(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(KeyframeAnimation("opacity", values=[0, 1]), "d")
    copy = layer.animation("d")
    assert copy == KeyframeAnimation("opacity", values=[0, 1], duration=0.25)


# ---- the description -----------------------------------------------------------------------------


def test_description_defaults_repr_and_copy() -> None:
    animation = KeyframeAnimation("opacity")
    assert animation.values == [] and animation.key_times is None
    assert animation.timing_functions is None and animation.mode is CalculationMode.LINEAR
    assert (animation.tension, animation.continuity, animation.bias) == (None, None, None)
    assert animation.path is None and animation.rotation_mode is None
    assert (animation.duration, animation.removed_on_completion) == (0, True)
    assert repr(animation) == "KeyframeAnimation('opacity')"
    changed = animation.copy(values=[0, 1], mode="paced", duration=2.0)
    assert (
        repr(changed) == "KeyframeAnimation('opacity', values=[0, 1], mode='paced', duration=2.0)"
    )
    assert changed != animation and changed.copy() == changed
    assert changed != animcore.BasicAnimation("opacity")
    assert KeyframeAnimation("x", key_times=[]).key_times is None  # empty = none


def test_mode_and_rotation_names() -> None:
    for spelling in (
        "cubicPaced",
        "cubic_paced",
        "kCAAnimationCubicPaced",
        CalculationMode.CUBIC_PACED,
    ):
        assert CalculationMode.parse(spelling) is CalculationMode.CUBIC_PACED
    assert CalculationMode.parse("kCAAnimationDiscrete") is CalculationMode.DISCRETE
    assert KeyframeAnimation("x", mode="paced").mode == "paced"
    assert [m.code for m in CalculationMode] == [0, 1, 2, 3, 4]
    for spelling in ("autoReverse", "auto_reverse", "kCAAnimationRotateAutoReverse"):
        assert RotationMode.parse(spelling) is RotationMode.AUTO_REVERSE
    assert RotationMode.parse("kCAAnimationRotateAuto") is RotationMode.AUTO
    assert KeyframeAnimation("position", rotation_mode="auto").rotation_mode is RotationMode.AUTO


def test_the_library_names_the_modes() -> None:
    import ctypes

    from animcore import _capi

    for mode in CalculationMode:
        code = ctypes.c_int32()
        assert _capi.lib.ac_calculation_mode_from_name(mode.value.encode(), ctypes.byref(code)) == 0
        assert code.value == mode.code
        name = ctypes.POINTER(ctypes.c_char)()
        assert _capi.lib.ac_calculation_mode_name(mode.code, ctypes.byref(name)) == 0
        assert ctypes.string_at(name).decode() == mode.value
    code = ctypes.c_int32()
    status = _capi.lib.ac_calculation_mode_from_name(b"cubic_paced", ctypes.byref(code))
    assert status == _capi.AC_ERR_UNKNOWN_NAME


# ---- bad input: each error names the argument ----------------------------------------------------


@pytest.mark.parametrize(
    "arguments,error,named",
    [
        (dict(key_times=[0, 1.5]), OutOfRangeError, "key_times[1]"),
        (dict(key_times=[0, math.nan]), NotFiniteError, "key_times[1]"),
        (dict(key_times=[0.5, 0.2]), InvalidArgumentError, "key_times[1]"),
        (dict(key_times="0 1"), TypeError, "key_times"),
        (dict(key_times=[0, "1"]), TypeError, "key_times[1]"),
        (dict(tension=[0, 2]), OutOfRangeError, "tension[1]"),
        (dict(continuity=[-1.5]), OutOfRangeError, "continuity[0]"),
        (dict(bias=[math.inf]), NotFiniteError, "bias[0]"),
        (dict(bias=3), TypeError, "bias"),
        (dict(timing_functions=["wobbly"]), UnknownNameError, "timing_functions[0]"),
        (dict(timing_functions=["linear", None]), TypeError, "timing_functions[1]"),
        (dict(mode="wobbly"), UnknownNameError, "mode"),
        (dict(mode=3), TypeError, "mode"),
        (dict(rotation_mode="sideways"), UnknownNameError, "rotation_mode"),
        (dict(rotation_mode=1), TypeError, "rotation_mode"),
        (dict(path="M 0 0 L 1 1"), TypeError, "path"),
        (dict(values=5), TypeError, "values"),
        (dict(duration=-1), OutOfRangeError, "duration"),
        (dict(timing_function="wobbly"), UnknownNameError, "wobbly"),
        (dict(on_stop="not callable"), TypeError, "on_stop"),
    ],
)
def test_bad_fields(arguments: Any, error: Any, named: str) -> None:
    with pytest.raises(error) as raised:
        KeyframeAnimation("position", **arguments)
    assert named in str(raised.value)
    animation = KeyframeAnimation("position")
    ((name, value),) = arguments.items()
    if name not in ("duration",):
        with pytest.raises(error):
            setattr(animation, name, value)


@pytest.mark.parametrize(
    "key_path,arguments,error,named",
    [
        ("opacity", dict(), InvalidArgumentError, "values"),
        (
            "opacity",
            dict(values=[0, 1], timing_functions=["easeIn"] * 2),
            InvalidArgumentError,
            "timing_functions",
        ),
        ("opacity", dict(values=[0, 1], tension=[0, 0, 0]), InvalidArgumentError, "tension"),
        ("opacity", dict(values=[0, 1], bias=[0, 0, 0]), InvalidArgumentError, "bias"),
        (
            "opacity",
            dict(values=[0, 1], rotation_mode="auto"),
            InvalidArgumentError,
            "rotation_mode",
        ),
        ("position", dict(path=Path().move_to(1, 1)), InvalidArgumentError, "path"),
        ("opacity", dict(values=[0.0, Point(1, 2)]), WrongKindError, "values[1]"),
        ("opacity", dict(values=[0.0, (1, 2)]), TypeError, "values[1]"),
        ("position", dict(values=[(0, 0), (1, 2, 3)]), TypeError, "values[1]"),
        ("opacity", dict(values=[0.0, math.nan]), NotFiniteError, "values[1]"),
        ("opacity", dict(values=[0.0, "1"]), TypeError, "values[1]"),
    ],
)
def test_bad_descriptions_when_added(
    engine: Engine, key_path: str, arguments: Any, error: Any, named: str
) -> None:
    layer = engine.layer()
    with pytest.raises(error) as raised:
        layer.add_animation(KeyframeAnimation(key_path, **arguments), "k")
    assert named in str(raised.value)
    assert layer.animation_keys == []


def test_edits_in_place_are_checked_when_added(engine: Engine) -> None:
    layer = engine.layer()
    animation = KeyframeAnimation("opacity", values=[0, 1], key_times=[0, 1])
    assert animation.key_times is not None
    animation.key_times.append(0.5)  # the list is the description's own
    with pytest.raises(InvalidArgumentError) as raised:
        layer.add_animation(animation, "k")
    assert "key_times[2]" in str(raised.value)


def test_modes_that_need_numbers_refuse_other_kinds(engine: Engine) -> None:
    layer = engine.layer()
    turns = [Transform3D.identity(), Transform3D.rotation(1.0)]
    layer.add_animation(KeyframeAnimation("transform", values=turns, duration=1), "ok")
    for mode in ("paced", "cubic", "cubicPaced"):
        with pytest.raises(WrongKindError):
            layer.add_animation(KeyframeAnimation("transform", values=turns, mode=mode), "k")
    with pytest.raises(WrongKindError):
        layer.add_animation(KeyframeAnimation("hidden", values=[False, True], mode="paced"), "k")
    layer.add_animation(KeyframeAnimation("hidden", values=[False, True], mode="discrete"), "d")
    assert layer.animation_keys == ["ok", "d"]


def test_a_path_needs_a_point_key_path(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(WrongKindError):
        layer.add_animation(
            KeyframeAnimation("opacity", path=Path().move_to(0, 0).line_to(1, 1)), "k"
        )


def test_unknown_key_paths(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(animcore.NotAnimatableError):
        layer.add_animation(KeyframeAnimation("neverDeclared", values=[0, 1]), "k")
    with pytest.raises(animcore.UnknownKeyError):
        layer.add_animation(KeyframeAnimation("position.z", values=[0, 1]), "k")
    with pytest.raises(TypeError):
        KeyframeAnimation(7)


# ---- actions -------------------------------------------------------------------------------------


def test_a_keyframe_animation_in_the_actions_table(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(frame(0))
    pulse = KeyframeAnimation("opacity", values=[0.0, 1.0, 0.5], duration=1)
    layer.set_action("opacity", pulse)
    found = layer.action_for_key("opacity")
    assert isinstance(found, KeyframeAnimation) and found == pulse
    layer.opacity = 0.5
    copy = layer.animation("opacity")
    assert isinstance(copy, KeyframeAnimation) and copy.values == [0.0, 1.0, 0.5]
    engine.tick(frame(1))
    engine.tick(frame(16))
    assert layer.presentation.opacity == approx(0.5)
    engine.tick(frame(31))
    assert layer.presentation.opacity == approx(1.0)


def test_an_action_callback_answers_a_keyframe_animation(engine: Engine) -> None:
    """The delegate's action answers a keyframe animation: it runs under the key, from the
    values it names (the description handed to the callback becomes a copy of it)."""
    layer = engine.layer()
    engine.tick(frame(0))
    asked: List[str] = []

    def action(l: Layer, key: str) -> KeyframeAnimation:
        asked.append(key)
        return KeyframeAnimation(key, values=[0.0, 1.0, 0.5], duration=1)

    layer.set_delegate(action=action)
    layer.opacity = 0.25
    assert asked == ["opacity"]
    copy = layer.animation("opacity")
    assert isinstance(copy, KeyframeAnimation) and copy.values == [0.0, 1.0, 0.5]
    engine.tick(frame(1))
    engine.tick(frame(16))
    assert layer.presentation.opacity == approx(0.5)
    engine.tick(frame(31))
    assert layer.presentation.opacity == approx(1.0)
    engine.tick(frame(100))
    assert layer.presentation.opacity == approx(0.25)


def test_an_action_callback_answers_an_animation_or_nothing(engine: Engine) -> None:
    layer = engine.layer()
    engine.tick(frame(0))
    layer.set_delegate(action=lambda l, key: 42)
    with pytest.raises(animcore.CallbackError) as caught:
        layer.opacity = 0.5
    assert isinstance(caught.value.__cause__, TypeError)
    assert "int" in str(caught.value.__cause__)
