"""CSS easing text wherever a timing function is taken, CSS linear() (with web-platform-tests'
css/css-easing/linear-timing-functions-output.html expectations) and Penner's presets."""

from __future__ import annotations

import pickle

import pytest

from animcore import (
    PRESET_NAMES,
    BasicAnimation,
    EaseDirection,
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    NotFiniteError,
    OutOfRangeError,
    TimingFunction,
    TimingFunctionKind,
    UnknownNameError,
)


def test_css_text_gives_each_kind() -> None:
    assert TimingFunction.css("cubic-bezier(0.2, 0, 0, 1)") == TimingFunction(0.2, 0, 0, 1)
    assert TimingFunction.css("steps(4, jump-end)") == TimingFunction.steps(4, "end")
    assert TimingFunction.css("ease") == TimingFunction.DEFAULT
    linear = TimingFunction.css("linear(0, 0.25 50%, 1)")
    assert linear.kind is TimingFunctionKind.LINEAR
    assert linear.points == [(0.0, 0.0), (0.5, 0.25), (1.0, 1.0)]
    assert linear == TimingFunction.piecewise_linear([0, 0.25, 1])


@pytest.mark.parametrize(
    "easing, pairs",
    [
        ("linear(0, 1.5, 1)", [(0, 0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)]),
        ("linear(1, -0.5, 0)", [(0, 1), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)]),
    ],
)
def test_wpt_linear_outputs(easing: str, pairs: list) -> None:
    function = TimingFunction.css(easing)
    for x, y in pairs:
        assert function(x) == pytest.approx(y, abs=1e-4)


def test_wpt_linear_equivalents() -> None:
    held = TimingFunction.css(
        "linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)"
    )
    steps = TimingFunction.css("steps(5, jump-start)")
    for x in (0, 0.2, 0.4, 0.6, 0.8, 1):
        assert held(x) == pytest.approx(steps(x), abs=1e-4)
    assert TimingFunction.css("linear(0, 0.1 -10%, 1)") == TimingFunction.css("linear(0, 0.1 0%, 1)")
    assert TimingFunction.css("linear(0, 0.9 110%, 1)") == TimingFunction.css(
        "linear(0, 0.9 110%, 1 110%)"
    )


def test_bad_text_says_where() -> None:
    with pytest.raises(InvalidArgumentError, match=r'at index 18, expected a number; found "x"'):
        TimingFunction.css("cubic-bezier(0.2, x, 0, 1)")
    with pytest.raises(OutOfRangeError, match=r'text "steps\(0\)" is not a CSS easing function'):
        TimingFunction.css("steps(0)")
    with pytest.raises(UnknownNameError):
        TimingFunction.css("wobble")


def test_timing_function_keyword_takes_css_text_and_names_the_argument() -> None:
    with Engine() as engine:
        engine.tick(0.0)
        layer = engine.layer()
        animation = BasicAnimation(
            "opacity", from_value=0.0, to_value=1.0, duration=1.0,
            timing_function="linear(0, 1.5, 1)",
        )
        assert animation.timing_function == TimingFunction.css("linear(0, 1.5, 1)")
        layer.add_animation(animation, "fade")
        engine.tick(1.0)
        engine.tick(1.5)
        assert layer.presentation.opacity == pytest.approx(1.5)
        with pytest.raises(InvalidArgumentError, match=r'^timing_function "steps\(2, sideways\)" is not'):
            BasicAnimation("opacity", timing_function="steps(2, sideways)")
        # An unknown word still lists the names.
        with pytest.raises(UnknownNameError, match="timing_function"):
            BasicAnimation("opacity", timing_function="wobbly")
        keyframes = KeyframeAnimation(
            "zPosition", values=[0.0, 10.0, 20.0],
            timing_functions=["bounce_out", "cubic-bezier(0.2, 0, 0, 1)"],
        )
        assert keyframes.timing_functions == [
            TimingFunction.bounce("out"), TimingFunction(0.2, 0, 0, 1)
        ]
        with engine.transaction(duration=1.0, timing_function="elastic_out"):
            layer.corner_radius = 8.0
        engine.tick(2.0)
        engine.tick(2.5)
        assert layer.presentation.corner_radius == pytest.approx(8 * 1.015625)


def test_presets() -> None:
    assert TimingFunction.back("in")(0.5) == pytest.approx(0.125 * 2.70158 - 0.25 * 1.70158)
    assert TimingFunction.bounce("out")(0.5) == pytest.approx(0.765625)
    assert TimingFunction.elastic("out")(0.5) == pytest.approx(1.015625)
    assert TimingFunction.elastic(EaseDirection.IN_OUT, 1.0, 0.3) == TimingFunction.named("elastic_in_out")
    assert TimingFunction.named("OutBounce").name == "bounce_out"
    assert TimingFunction.back("in", 2.0).preset == ("back", EaseDirection.IN, {"overshoot": 2.0})
    assert len(PRESET_NAMES) == 9
    for name in PRESET_NAMES:
        function = TimingFunction.named(name)
        assert function.kind is TimingFunctionKind.PRESET and function.name == name
        assert (function(0), function(1)) == (0, 1)
    with pytest.raises(OutOfRangeError, match="overshoot is -1.0"):
        TimingFunction.back("in", -1)
    with pytest.raises(OutOfRangeError, match="period is 0.0"):
        TimingFunction.elastic("in", 1, 0)
    with pytest.raises(UnknownNameError, match="direction"):
        TimingFunction.bounce("sideways")


def test_values_round_trip() -> None:
    for function in (
        TimingFunction.css("linear(0, 0.25 25% 75%, 1)"),
        TimingFunction.back("in_out", 3.0),
        TimingFunction.elastic("in", 2.0, 0.45),
        TimingFunction.bounce("in"),
    ):
        assert pickle.loads(pickle.dumps(function)) == function
        assert eval(repr(function), {"TimingFunction": TimingFunction}) == function


def test_piecewise_linear_checks_its_points() -> None:
    with pytest.raises(NotFiniteError, match=r"outputs\[1\]"):
        TimingFunction.piecewise_linear([0, float("nan")])
    with pytest.raises(OutOfRangeError, match="count is 1"):
        TimingFunction.piecewise_linear([0])
    with pytest.raises(ValueError):
        TimingFunction.piecewise_linear([0, 1], [0])
