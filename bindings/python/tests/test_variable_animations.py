"""Animations of paths, arrays of numbers and arrays of colours: basic from/to/by, keyframes,
a spring of numbers, additive and cumulative, the implicit action, the half-way switch of
shapes met while running, refusals naming the argument."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type"

from __future__ import annotations

import math

import pytest

from _frames import T0
from animcore import (
    BasicAnimation,
    Color,
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    Layer,
    NotFiniteError,
    Path,
    Property,
    Spring,
    SpringAnimation,
    WrongKindError,
)


class Shape(Layer):
    path = Property(Path())
    locations = Property([], kind="numbers")
    colors = Property([], kind="colors")
    value = Property(0.0)


def committed(engine: Engine) -> Shape:
    """A Shape layer, committed at T0 (its changes run actions from then on)."""
    layer = engine.layer(Shape)
    engine.tick(T0)
    return layer


def test_basic_path_interpolates_every_point(engine: Engine) -> None:
    layer = committed(engine)
    square = Path().move_to(0, 0).line_to(10, 0).line_to(10, 10).close()
    bigger = Path().move_to(0, 0).line_to(20, 0).line_to(20, 40).close()
    layer.add_animation(BasicAnimation("path", from_value=square, to_value=bigger, duration=1.0), "p")
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 0.501)
    assert layer.presentation["path"] == Path().move_to(0, 0).line_to(15, 0).line_to(15, 25).close()
    assert layer.presentation.snapshot()["path"] == layer.presentation["path"]
    assert layer.path == Path(), "the model is untouched"


def test_numbers_by_and_colours_to(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(disable_actions=True):
        layer["locations"] = [1.0, 2.0]
        layer["colors"] = [Color(1, 1, 1, 1)]
    layer.add_animation(BasicAnimation("locations", by_value=[2.0, 2.0], duration=1.0), "n")
    layer.add_animation(BasicAnimation("colors", to_value=[(0, 0, 0, 0)], duration=2.0), "c")
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 0.501)
    assert layer.presentation["locations"] == pytest.approx([2.0, 3.0], abs=1e-12)
    assert tuple(layer.presentation["colors"][0]) == pytest.approx((0.75, 0.75, 0.75, 0.75), abs=1e-12)


def test_keyframes_of_numbers_and_paths(engine: Engine) -> None:
    layer = committed(engine)
    layer.add_animation(
        KeyframeAnimation("locations", values=[[0.0, 0.0], [1.0, 2.0], [3.0, 2.0]], duration=2.0), "k"
    )
    square = Path().move_to(0, 0).line_to(10, 0).close()
    moved = Path().move_to(10, 10).line_to(30, 10).close()
    layer.add_animation(KeyframeAnimation("path", values=[square, moved], duration=2.0), "p")
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 1.501)
    assert layer.presentation["locations"] == pytest.approx([2.0, 2.0], abs=1e-12)
    assert layer.presentation["path"] == Path().move_to(7.5, 7.5).line_to(25, 7.5).close()


def test_a_layers_animations_read_back_with_their_paths_and_arrays(engine: Engine) -> None:
    layer = committed(engine)
    square = Path().move_to(0, 0).line_to(10, 0).close()
    layer.add_animation(BasicAnimation("path", from_value=square, duration=1.0), "p")
    layer.add_animation(BasicAnimation("locations", by_value=[0.5, 1.5], duration=1.0), "n")
    layer.add_animation(
        KeyframeAnimation("colors", values=[[Color(1, 0, 0, 1)], [(0, 0, 1, 0.5)]], duration=1.0), "c"
    )
    path = layer.animation("p")
    assert isinstance(path, BasicAnimation)
    assert path.from_value == square and path.to_value is None and path.by_value is None
    numbers = layer.animation("n")
    assert isinstance(numbers, BasicAnimation) and numbers.by_value == [0.5, 1.5]
    colours = layer.animation("c")
    assert isinstance(colours, KeyframeAnimation)
    assert colours.values == [[Color(1, 0, 0, 1)], [Color(0, 0, 1, 0.5)]]
    layer.add_animation(colours, "again")  # a read-back description adds as the original
    assert layer.animation("again").values == colours.values


def test_spring_of_numbers_moves_as_a_scalar_spring(engine: Engine) -> None:
    layer = committed(engine)
    spring = Spring(mass=1.0, stiffness=100.0, damping=5.0)
    layer.add_animation(
        SpringAnimation("locations", from_value=[0.0, 10.0], to_value=[10.0, 30.0], spring=spring, duration=5.0)
    )
    layer.add_animation(SpringAnimation("value", from_value=0.0, to_value=10.0, spring=spring, duration=5.0))
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 0.3)
    s = layer.presentation["value"]
    assert s > 10.0, "past its end: the spring overshoots"
    assert layer.presentation["locations"] == pytest.approx([s, 10 + 2 * s], abs=1e-12)


def test_additive_and_cumulative_numbers(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(disable_actions=True):
        layer["locations"] = [1.0, 1.0]
    animation = BasicAnimation(
        "locations", from_value=[0.0, 0.0], to_value=[2.0, 4.0], duration=1.0,
        additive=True, cumulative=True, repeat_count=3.0,
    )
    layer.add_animation(animation, "a")
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 1.501)  # the second cycle half way: model + (2, 4) + (1, 2)
    assert layer.presentation["locations"] == pytest.approx([4.0, 7.0], abs=1e-9)


def test_implicit_action_animates_a_change(engine: Engine) -> None:
    layer = committed(engine)
    with engine.transaction(disable_actions=True):
        layer["locations"] = [0.0, 1.0]
    layer["locations"] = [1.0, 1.0]
    engine.tick(T0 + 0.01)
    assert layer.animation_keys == ["locations"]
    engine.tick(T0 + 0.1)
    shown = layer.presentation["locations"]
    assert 0.0 < shown[0] < 1.0 and shown[1] == 1.0
    engine.tick(T0 + 1.0)
    assert layer.presentation["locations"] == [1.0, 1.0]


def test_shapes_met_while_running_switch_half_way(engine: Engine) -> None:
    layer = committed(engine)
    layer.add_animation(BasicAnimation("locations", to_value=[5.0, 6.0, 7.0], duration=1.0))
    engine.tick(T0 + 0.001)
    engine.tick(T0 + 0.4)
    assert layer.presentation["locations"] == []
    engine.tick(T0 + 0.6)
    assert layer.presentation["locations"] == [5.0, 6.0, 7.0]


def test_refusals_name_the_argument(engine: Engine) -> None:
    layer = committed(engine)
    with pytest.raises(InvalidArgumentError, match="to_value has 2 numbers where .*from_value has 1"):
        layer.add_animation(BasicAnimation("locations", from_value=[1.0], to_value=[1.0, 2.0]))
    with pytest.raises(NotFiniteError, match=r"from_value\[1\]"):
        layer.add_animation(BasicAnimation("locations", from_value=[0.0, math.nan]))
    with pytest.raises(NotFiniteError, match=r"values\[1\]\[0\]"):
        layer.add_animation(KeyframeAnimation("locations", values=[[0.0], [math.inf]]))
    with pytest.raises(TypeError, match="to_value must be a Path"):
        layer.add_animation(BasicAnimation("path", to_value=[1.0, 2.0, 3.0, 4.0, 5.0]))
    with pytest.raises(WrongKindError):
        layer.add_animation(BasicAnimation("locations", to_value=Path().move_to(0, 0)))
    with pytest.raises(TypeError, match="to_value"):
        BasicAnimation("locations", to_value=["a", "b", "c", "d", "e"])
    assert layer.animation_keys == []


def test_paths_and_arrays_agree_on_one_thread_and_on_four() -> None:
    """Past the 8,192 animations that make the tick's steady lane run in parts, paths and
    arrays animated on four tick threads read back as on one (repeating, staggered, eased,
    half of them autoreversing), and the numbers' sums of an additive animation too."""
    engines = [Engine(), Engine()]
    engines[1].tick_threads = 4
    layers = []
    for engine in engines:
        engine.tick(T0)
        made = [engine.layer(Shape, locations=[0.25, 0.75]) for _ in range(4200)]
        for index, layer in enumerate(made):
            timing = dict(
                duration=0.5 + (index % 7) / 10, repeat_count=math.inf, begin_time=T0 - (index % 13) / 10,
                autoreverses=index % 2 == 1, timing_function="easeInEaseOut",
            )
            start = Path().move_to(index % 7, 0).curve_to(1, 2, 3, 4, 5, index % 5).close()
            end = Path().move_to(0, index % 3).curve_to(9, 8, 7, 6, 5, 4).close()
            layer.add_animation(BasicAnimation("path", from_value=start, to_value=end, **timing), "p")
            numbers = BasicAnimation(
                "locations", from_value=[index / 4200, 0.5], to_value=[1.0, index % 3 / 3], additive=True, **timing
            )
            layer.add_animation(numbers, "n")
        layers.append(made)
    for step in range(1, 6):
        shown = []
        for engine, made in zip(engines, layers):
            engine.tick(T0 + step / 7)
            # (Every third layer: each part of the split has hundreds of them.)
            shown.append([(layer.presentation["path"], layer.presentation["locations"]) for layer in made[::3]])
        assert shown[0] == shown[1], f"step {step}"
    assert layers[0][1].presentation["locations"] != layers[0][1].locations, "animated"
    for engine in engines:
        engine.close()
