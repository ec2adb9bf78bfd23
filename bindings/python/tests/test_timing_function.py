"""TimingFunction: the examples F1-F7 of the reference (section 9.3), named spellings, steps,
batches, slope, range and value semantics."""

from __future__ import annotations

import array
import math
import pickle
from typing import Any, Tuple

import pytest

import animcore

from animcore import StepPosition, TimingFunction, TimingFunctionKind

VERIFIED = 1e-4  # Apple's measured values agree to 1e-4 (reference 7.2)


# ---- F1: named control points --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,attribute,c1,c2",
    [
        ("linear", "LINEAR", (0.0, 0.0), (1.0, 1.0)),
        ("ease_in", "EASE_IN", (0.42, 0.0), (1.0, 1.0)),
        ("ease_out", "EASE_OUT", (0.0, 0.0), (0.58, 1.0)),
        ("ease_in_out", "EASE_IN_OUT", (0.42, 0.0), (0.58, 1.0)),
        ("default", "DEFAULT", (0.25, 0.1), (0.25, 1.0)),
    ],
)
def test_F1_named_control_points(
    name: str, attribute: str, c1: Tuple[float, float], c2: Tuple[float, float]
) -> None:
    function = TimingFunction.named(name)
    assert function.control_points == ((0.0, 0.0), c1, c2, (1.0, 1.0))
    assert getattr(TimingFunction, attribute) == function
    assert function.kind is TimingFunctionKind.CUBIC_BEZIER and function.name == name
    assert function(0.0) == 0.0 and function(1.0) == 1.0


def test_default_is_not_ease_in_ease_out() -> None:
    assert TimingFunction.DEFAULT != TimingFunction.EASE_IN_EASE_OUT
    assert TimingFunction.DEFAULT == TimingFunction.named("ease")


@pytest.mark.parametrize(
    "alias,name",
    [
        ("kCAMediaTimingFunctionLinear", "linear"),
        ("kCAMediaTimingFunctionEaseIn", "easeIn"),
        ("kCAMediaTimingFunctionEaseOut", "easeOut"),
        ("kCAMediaTimingFunctionEaseInEaseOut", "easeInEaseOut"),
        ("kCAMediaTimingFunctionDefault", "default"),
        ("ease", "default"),
        ("ease-in", "easeIn"),
        ("ease-out", "easeOut"),
        ("ease-in-out", "easeInEaseOut"),
    ],
)
def test_other_spellings(alias: str, name: str) -> None:
    assert TimingFunction.named(alias) == TimingFunction.named(name)


def test_css_step_keywords() -> None:
    assert TimingFunction.named("step-start") == TimingFunction.steps(1, "start")
    assert TimingFunction.named("step-end") == TimingFunction.steps(1, "end")


# ---- F2-F6: values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "function,values",
    [
        (TimingFunction.LINEAR, (0.25, 0.5, 0.75)),
        (TimingFunction.EASE_IN, (0.093465, 0.315357, 0.621861)),  # F2
        (TimingFunction.EASE_OUT, (0.378140, 0.684643, 0.906535)),  # F3
        (TimingFunction.EASE_IN_EASE_OUT, (0.129162, 0.5, 0.870838)),  # F4
        (TimingFunction.cubic_bezier(0.5, 0.0, 0.5, 1.0), (0.105889, 0.5, 0.894111)),  # F5
        (TimingFunction.DEFAULT, (0.4085, 0.8024, 0.9605)),
    ],
    ids=["linear", "F2-easeIn", "F3-easeOut", "F4-easeInEaseOut", "F5-custom", "default"],
)
def test_F2_to_F5_values(function: TimingFunction, values: Tuple[float, float, float]) -> None:
    for x, y in zip((0.25, 0.5, 0.75), values):
        assert function(x) == pytest.approx(y, abs=VERIFIED), f"{function} at {x}"


def test_F6_inputs_are_clamped() -> None:
    assert TimingFunction.LINEAR(-0.5) == 0.0
    assert TimingFunction.LINEAR(1.5) == 1.0
    assert TimingFunction.EASE_IN(-3.0) == 0.0 and TimingFunction.EASE_IN(7.0) == 1.0


def test_F7_custom_control_points() -> None:
    function = TimingFunction(0.1, 1.0, 1.0, 0.2)
    assert function.control_points == ((0.0, 0.0), (0.1, 1.0), (1.0, 0.2), (1.0, 1.0))
    assert [function.control_point(i) for i in range(4)] == list(function.control_points)


def test_solver_precision() -> None:
    # X(t) = x solved to 1e-12: evaluate the bezier at a parameter and look the x up.
    x1, y1, x2, y2 = 0.3, -0.4, 0.7, 1.6
    function = TimingFunction.cubic_bezier(x1, y1, x2, y2)
    for t in (0.05, 0.3, 0.5, 0.77, 0.99):
        x = 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t**2 * x2 + t**3
        y = 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t**2 * y2 + t**3
        assert function(x) == pytest.approx(y, abs=1e-9)


# ---- slope and range -----------------------------------------------------------------------------


def test_slope() -> None:
    assert TimingFunction.LINEAR.slope(0.5) == pytest.approx(1.0)
    assert TimingFunction.EASE_IN_EASE_OUT.slope(0.5) == pytest.approx(1 / 0.58, rel=1e-9)
    assert TimingFunction.EASE_IN.slope(-0.5) == 0.0 and TimingFunction.EASE_IN.slope(1.5) == 0.0
    assert TimingFunction.steps(4).slope(0.3) == 0.0
    x, h = 0.4, 1e-6
    numeric = (TimingFunction.DEFAULT(x + h) - TimingFunction.DEFAULT(x - h)) / (2 * h)
    assert TimingFunction.DEFAULT.slope(x) == pytest.approx(numeric, rel=1e-6)


def test_range() -> None:
    assert TimingFunction.EASE_IN_EASE_OUT.range == (0.0, 1.0)
    low, high = TimingFunction.cubic_bezier(0.3, -0.5, 0.7, 1.5).range
    assert low < 0.0 and high > 1.0
    assert TimingFunction.steps(3).range == (0.0, 1.0)


# ---- steps ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelling,position",
    [
        ("start", StepPosition.START),
        ("jump-start", StepPosition.START),
        ("end", StepPosition.END),
        ("jump-end", StepPosition.END),
        ("none", StepPosition.NONE),
        ("jump-none", StepPosition.NONE),
        ("both", StepPosition.BOTH),
        ("jump-both", StepPosition.BOTH),
        (StepPosition.BOTH, StepPosition.BOTH),
    ],
)
def test_step_position_spellings(spelling: Any, position: StepPosition) -> None:
    function = TimingFunction.steps(4, spelling)
    assert function.kind is TimingFunctionKind.STEPS
    assert function.step_position is position and function.step_count == 4


@pytest.mark.parametrize(
    "position,x,expected",
    [
        ("end", 0.0, 0.0),
        ("end", 0.3, 0.25),
        ("end", 0.99, 0.75),
        ("end", 1.0, 1.0),
        ("start", 0.0, 0.25),
        ("start", 0.3, 0.5),
        ("start", 1.0, 1.0),
        ("none", 0.0, 0.0),
        ("none", 0.3, 1 / 3),
        ("none", 0.8, 1.0),
        ("both", 0.0, 0.2),
        ("both", 0.5, 0.6),
        ("both", 1.0, 1.0),
    ],
)
def test_css_steps_values(position: str, x: float, expected: float) -> None:
    assert TimingFunction.steps(4, position)(x) == pytest.approx(expected, abs=1e-12)


def test_before_flag_moves_a_jump_at_x() -> None:
    function = TimingFunction.steps(1, "start")
    assert function(0.0) == 1.0
    assert function(0.0, before_flag=True) == 0.0
    assert TimingFunction.EASE_IN(0.5, before_flag=True) == TimingFunction.EASE_IN(0.5)


def test_default_step_position_is_end() -> None:
    assert TimingFunction.steps(2) == TimingFunction.steps(2, "jump-end")


# ---- batches -------------------------------------------------------------------------------------


XS = [-0.5, 0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, 1.5]


@pytest.mark.parametrize(
    "container",
    [list, tuple, lambda xs: array.array("d", xs), iter],
    ids=["list", "tuple", "array", "iterator"],
)
def test_batch_from_python_sequences(container: Any) -> None:
    function = TimingFunction.EASE_IN_EASE_OUT
    result = function.evaluate_batch(container(XS))
    assert isinstance(result, list)
    assert result == [function(x) for x in XS]


def test_batch_uses_before_flag_off() -> None:
    function = TimingFunction.steps(4, "start")
    assert function.evaluate_batch([0.0, 0.5]) == [function(0.0), function(0.5)]


def test_batch_numpy_round_trip() -> None:
    np = pytest.importorskip("numpy", reason="NumPy is not installed: NumPy batches not tested")
    xs = np.linspace(-0.25, 1.25, 1001)
    for function in (TimingFunction.DEFAULT, TimingFunction.steps(5, "both")):
        ys = function.evaluate_batch(xs)
        assert isinstance(ys, np.ndarray) and ys.dtype == np.float64 and ys.shape == xs.shape
        np.testing.assert_array_equal(ys, np.array([function(float(x)) for x in xs]))
    assert not np.shares_memory(xs, TimingFunction.LINEAR.evaluate_batch(xs))
    reshaped = TimingFunction.LINEAR.evaluate_batch(xs[:1000].reshape(10, 100))
    assert reshaped.shape == (10, 100)
    fortran = np.asfortranarray(xs[:1000].reshape(10, 100))
    np.testing.assert_array_equal(
        TimingFunction.LINEAR.evaluate_batch(fortran), np.clip(fortran, 0, 1)
    )


# ---- value semantics -----------------------------------------------------------------------------


def test_equality_hash_and_repr() -> None:
    custom = TimingFunction.cubic_bezier(0.42, 0.0, 1.0, 1.0)
    assert custom == TimingFunction.EASE_IN and hash(custom) == hash(TimingFunction.EASE_IN)
    assert custom == TimingFunction(0.42, 0, 1, 1)
    assert TimingFunction.steps(3, "both") != TimingFunction.steps(3, "none")
    assert TimingFunction.steps(3) != TimingFunction.LINEAR
    assert TimingFunction.LINEAR != "linear"
    namespace = {"TimingFunction": TimingFunction}
    for function in (custom, TimingFunction.EASE_OUT, TimingFunction.steps(3, "start")):
        assert eval(repr(function), namespace) == function
        assert pickle.loads(pickle.dumps(function)) == function
    assert repr(TimingFunction.EASE_OUT) == "TimingFunction.named('ease_out')"
    assert repr(TimingFunction.named("easeOut")) == "TimingFunction.named('ease_out')"
    assert repr(custom) == "TimingFunction.named('ease_in')"  # the curve has one name
    odd = TimingFunction.cubic_bezier(0.4, 0.0, 1.0, 1.0)
    assert repr(odd) == "TimingFunction.cubic_bezier(0.4, 0.0, 1.0, 1.0)"
    assert (
        len({TimingFunction.LINEAR, TimingFunction.named("linear"), TimingFunction(0, 0, 1, 1)})
        == 1
    )


def test_bezier_has_no_step_fields() -> None:
    assert TimingFunction.LINEAR.step_count is None and TimingFunction.LINEAR.step_position is None
    assert TimingFunction(0.2, 0.1, 0.3, 0.4).name is None


def test_struct_is_a_copy() -> None:
    raw = TimingFunction.EASE_IN.as_struct()
    raw.x1 = 0.9
    assert TimingFunction.EASE_IN.control_point(1) == (0.42, 0.0)
    assert math.isclose(raw.x1, 0.9)


# ---- header promises at the edge of double range -------------------------------------------------


@pytest.mark.parametrize("y", [1e3, 1e6, 1e9])
def test_range_holds_every_output_for_a_huge_overshoot(y: float) -> None:
    """y1 and y2 may be any number within ±1e9 (header); range is the min and max output over
    [0, 1]. Sampled outputs must lie inside it and be finite."""
    function = TimingFunction.cubic_bezier(0.5, y, 0.5, -y)
    low, high = function.range
    samples = [function(i / 200) for i in range(201)]
    assert all(math.isfinite(sample) for sample in samples)
    assert (
        low <= min(samples) and max(samples) <= high
    ), f"{function}: range {(low, high)} but outputs reach {(min(samples), max(samples))}"


@pytest.mark.parametrize("y", [1.000001e9, 1e153, 1e308])
def test_control_y_beyond_the_limit_is_refused(y: float) -> None:
    """Control points beyond ±1e9 would overflow the curve's arithmetic: refused, named."""
    with pytest.raises(animcore.OutOfRangeError, match="y1"):
        TimingFunction.cubic_bezier(0.5, y, 0.5, 0.5)
    with pytest.raises(animcore.OutOfRangeError, match="y2"):
        TimingFunction.cubic_bezier(0.5, 0.5, 0.5, -y)
