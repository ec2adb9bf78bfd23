"""The cubic, paced and cubicPaced modes on keyframes of paths, arrays of numbers and arrays
of colours ([INFERRED] element by element: each number keeps the scalar's Kochanek-Bartels
curve; a paced distance is the Euclidean norm of the whole path or array): worked values, the
scalar, point and colour kinds' curves, paths, additive and cumulative repeats, removal, and
the refusals that stay."""

from __future__ import annotations

from typing import Any, List

import pytest

from _frames import T0
from animcore import (
    Color,
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    Layer,
    Path,
    Point,
    Property,
    WrongKindError,
)

FIRST = [0.0, 10.0, 5.0, 20.0]
SECOND = [4.0, -2.0, 8.0, 8.0]


class Curves(Layer):
    path = Property(Path())
    locations = Property([], kind="numbers")
    colors = Property([], kind="colors")
    a = Property(0.0)
    b = Property(0.0)
    spot = Property(Point(0, 0))
    tint = Property(Color(0, 0, 0, 0))


def committed(engine: Engine) -> Curves:
    """A Curves layer whose locations are [0, 1], committed at T0."""
    layer = engine.layer(Curves)
    with engine.transaction(disable_actions=True):
        layer["locations"] = [0.0, 1.0]
    engine.tick(T0)
    return layer


def keyframes(key_path: str, values: List[Any], mode: str, **fields: Any) -> KeyframeAnimation:
    """Keyframes through values in mode, 1 s, filling both ways, kept."""
    return KeyframeAnimation(
        key_path, values=values, mode=mode, duration=1.0, fill_mode="both", removed_on_completion=False, **fields
    )


def catmull_rom(values: List[float], p: float) -> float:
    """The uniform Catmull-Rom curve through values (ends duplicated) at progress p."""
    n = len(values)
    segment = min(int(p * (n - 1)), n - 2)
    s = p * (n - 1) - segment
    m0 = (values[segment + 1] - values[max(segment - 1, 0)]) / 2
    m1 = (values[min(segment + 2, n - 1)] - values[segment]) / 2
    p0, p1 = values[segment], values[segment + 1]
    return (2 * s**3 - 3 * s**2 + 1) * p0 + (s**3 - 2 * s**2 + s) * m0 + (-2 * s**3 + 3 * s**2) * p1 + (s**3 - s**2) * m1


def test_cubic_numbers_follow_each_elements_scalar_curve(engine: Engine) -> None:
    layer = committed(engine)
    layer.add_animation(keyframes("locations", [list(pair) for pair in zip(FIRST, SECOND)], "cubic"), "n")
    layer.add_animation(keyframes("a", FIRST, "cubic"), "a")
    layer.add_animation(keyframes("b", SECOND, "cubic"), "b")
    engine.tick(T0 + 1)
    for k in range(25):
        e = k / 24
        engine.tick(T0 + 1 + e)
        shown = layer.presentation["locations"]
        assert shown == pytest.approx([layer.presentation["a"], layer.presentation["b"]], abs=1e-12)
        assert shown == pytest.approx([catmull_rom(FIRST, e), catmull_rom(SECOND, e)], abs=1e-9)
    engine.tick(T0 + 1.5)
    assert layer.presentation["locations"][0] == pytest.approx(7.1875, abs=1e-12), "mid segment 1: 7.5 + (2.5 - 5)/8"


def test_cubic_with_spline_parameters_and_key_times_matches_the_scalar(engine: Engine) -> None:
    layer = committed(engine)
    fields = dict(key_times=[0, 0.125, 0.625, 1], tension=[0, 0.5], continuity=[0, 0, -0.5], bias=[0.25])
    layer.add_animation(keyframes("locations", [list(pair) for pair in zip(FIRST, SECOND)], "cubic", **fields), "n")
    layer.add_animation(keyframes("a", FIRST, "cubic", **fields), "a")
    layer.add_animation(keyframes("b", SECOND, "cubic", **fields), "b")
    engine.tick(T0 + 1)
    for k in range(17):
        engine.tick(T0 + 1 + k / 16)
        expected = [layer.presentation["a"], layer.presentation["b"]]
        assert layer.presentation["locations"] == pytest.approx(expected, abs=1e-12)


def test_paced_numbers_take_key_times_from_whole_array_distances(engine: Engine) -> None:
    layer = committed(engine)
    animation = keyframes(
        "locations", [[0.0, 0.0], [3.0, 4.0], [3.0, 10.0]], "paced",
        key_times=[0, 0.9, 1], timing_functions=["easeOut", "easeOut"], timing_function="easeIn",
    )
    layer.add_animation(animation, "n")
    engine.tick(T0 + 1)
    for k in range(12):
        e = k / 11
        engine.tick(T0 + 1 + e)
        d = 11 * e  # distances 5 then 6
        expected = [3 * d / 5, 4 * d / 5] if d <= 5 else [3.0, 4 + (d - 5)]
        assert layer.presentation["locations"] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("mode", ["paced", "cubic", "cubicPaced"])
def test_two_numbers_move_as_a_point_does(engine: Engine, mode: str) -> None:
    layer = committed(engine)
    xs, ys = [0.0, 30.0, 30.0, 0.0], [0.0, 40.0, 100.0, 100.0]
    layer.add_animation(keyframes("locations", [[x, y] for x, y in zip(xs, ys)], mode), "n")
    layer.add_animation(keyframes("spot", [Point(x, y) for x, y in zip(xs, ys)], mode), "s")
    engine.tick(T0 + 1)
    for k in range(11):
        engine.tick(T0 + 1 + k / 10)
        spot = layer.presentation["spot"]
        assert layer.presentation["locations"] == pytest.approx([spot.x, spot.y], abs=1e-12)


@pytest.mark.parametrize("mode", ["paced", "cubic", "cubicPaced"])
def test_colours_move_as_a_colour_does(engine: Engine, mode: str) -> None:
    layer = committed(engine)
    tints = [Color(1, 0, 0, 1), Color(0, 0.5, 1, 0.5), Color(0.25, 1, 0, 1), Color(0, 0, 0, 0.25)]
    layer.add_animation(keyframes("colors", [[tint, tint] for tint in tints], mode), "c")
    layer.add_animation(keyframes("tint", tints, mode), "t")
    engine.tick(T0 + 1)
    for k in range(11):
        engine.tick(T0 + 1 + k / 10)
        tint = tuple(layer.presentation["tint"])
        colours = layer.presentation["colors"]
        assert len(colours) == 2
        for colour in colours:
            assert tuple(colour) == pytest.approx(tint, abs=1e-9)


def test_a_cubic_path_curves_every_coordinate(engine: Engine) -> None:
    layer = committed(engine)

    def path(a: float, b: float) -> Path:
        return Path().move_to(a, b).curve_to(b, a, 2 * a, 0, 1, b).close()

    layer.add_animation(keyframes("path", [path(a, b) for a, b in zip(FIRST, SECOND)], "cubic"), "p")
    engine.tick(T0 + 1)
    engine.tick(T0 + 1.3)

    def numbers(value: Path) -> List[float]:
        return [c for element in value for point in element.points for c in point]

    shown = layer.presentation["path"]
    assert [element.type for element in shown] == [element.type for element in path(0, 0)]
    runs = [numbers(path(a, b)) for a, b in zip(FIRST, SECOND)]
    expected = [catmull_rom([run[index] for run in runs], 0.3) for index in range(8)]
    assert numbers(shown) == pytest.approx(expected, abs=1e-9)


def test_additive_and_cumulative_cubic_numbers(engine: Engine) -> None:
    layer = committed(engine)  # the model [0, 1]
    pairs = [list(pair) for pair in zip(FIRST, SECOND)]
    layer.add_animation(keyframes("locations", pairs, "cubic", additive=True), "n")
    engine.tick(T0 + 1)
    engine.tick(T0 + 1.25)
    assert layer.presentation["locations"] == pytest.approx(
        [catmull_rom(FIRST, 0.25), 1 + catmull_rom(SECOND, 0.25)], abs=1e-9
    )
    layer.add_animation(keyframes("locations", pairs, "cubic", cumulative=True, repeat_count=3.0), "n")
    engine.tick(T0 + 2)
    engine.tick(T0 + 4.25)  # the third cycle, a quarter in: twice the last keyframe added
    assert layer.presentation["locations"] == pytest.approx(
        [40 + catmull_rom(FIRST, 0.25), 16 + catmull_rom(SECOND, 0.25)], abs=1e-9
    )
    layer.remove_all_animations()
    engine.tick(T0 + 5)
    assert layer.presentation["locations"] == [0.0, 1.0]


def test_the_refusals_that_stay(engine: Engine) -> None:
    layer = committed(engine)
    for mode in ["cubic", "paced", "cubicPaced"]:
        with pytest.raises(WrongKindError, match=f"mode {mode} needs"):
            layer.add_animation(KeyframeAnimation("hidden", values=[False, True], mode=mode))
        with pytest.raises(InvalidArgumentError, match=r"values\[1\] has 1 numbers where .*values\[0\] has 2"):
            layer.add_animation(KeyframeAnimation("locations", values=[[1.0, 2.0], [3.0]], mode=mode))
        with pytest.raises(InvalidArgumentError, match=r"values\[1\]\.elements\[0\] is a line"):
            layer.add_animation(
                KeyframeAnimation("path", values=[Path().move_to(0, 0), Path().line_to(0, 0)], mode=mode)
            )
    assert layer.animation_keys == []
