"""The conformance vectors (Tests/conformance/), every case of the kinds the Python API covers.

Each case is one test named by its id; values are compared with the case's absolute tolerance
(0 = exact). A missing vectors file fails test_vectors_file_is_present.
"""

from __future__ import annotations

import collections
import math
import re
from typing import Any, Callable, Dict, Optional

import pytest

from _vectors import OPTIONAL_KINDS, SUPPORTED_KINDS, load_vectors, number
from animcore import (
    Engine,
    KeyframeAnimation,
    Point,
    Spring,
    SpringAnimation,
    Timing,
    TimeTree,
    TimingFunction,
)

VECTORS = load_vectors()
CASES = VECTORS.supported()

# CAMediaTiming property names (camelCase) -> Timing keyword arguments.
_CA_PROPERTIES = {
    "beginTime": "begin_time",
    "duration": "duration",
    "speed": "speed",
    "timeOffset": "time_offset",
    "repeatCount": "repeat_count",
    "repeatDuration": "repeat_duration",
    "autoreverses": "autoreverses",
    "fillMode": "fill_mode",
}

_STATE_QUANTITIES = {
    "progress",
    "iteration_time",
    "current_iteration",
    "phase",
    "in_effect",
    "active_duration",
    "end_time",
}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _timing_arguments(ca: Dict[str, Any], case_id: str) -> Dict[str, Any]:
    """Timing keyword arguments from a case's CAMediaTiming parameters."""
    unknown = set(ca) - set(_CA_PROPERTIES) - {"parent"}
    assert not unknown, f"{case_id}: CAMediaTiming parameters not mapped: {sorted(unknown)}"
    return {_CA_PROPERTIES[key]: number(value) for key, value in ca.items() if key != "parent"}


def assert_matches(actual: Any, expected: Any, tolerance: float, what: str) -> None:
    """``actual`` equals ``expected`` within the absolute ``tolerance`` (0 = exact)."""
    expected = number(expected)
    if isinstance(expected, (bool, str)) or expected is None:
        assert actual == expected, f"{what}: got {actual!r}, expected {expected!r}"
        return
    assert isinstance(actual, (int, float)), f"{what}: got {actual!r}, expected a number"
    if math.isinf(expected):
        assert actual == expected, f"{what}: got {actual!r}, expected {expected!r}"
        return
    difference = abs(actual - expected)
    assert difference <= tolerance, (
        f"{what}: got {actual!r}, expected {expected!r} within {tolerance} "
        f"(off by {difference:.3g})"
    )


def _bezier(case: Dict[str, Any]) -> TimingFunction:
    p = case["params"]
    return TimingFunction.cubic_bezier(p["x1"], p["y1"], p["x2"], p["y2"])


def run_cubic_bezier(case: Dict[str, Any]) -> None:
    actual = _bezier(case)(case["t"])
    assert_matches(actual, case["expected"], case["tolerance"], f"bezier at x={case['t']}")


def run_cubic_bezier_slope(case: Dict[str, Any]) -> None:
    actual = _bezier(case).slope(case["t"])
    assert_matches(actual, case["expected"], case["tolerance"], f"slope at x={case['t']}")


def run_cubic_bezier_range(case: Dict[str, Any]) -> None:
    low, high = _bezier(case).range
    assert_matches(low, case["expected"]["min"], case["tolerance"], "range min")
    assert_matches(high, case["expected"]["max"], case["tolerance"], "range max")


def run_ca_named_timing_function(case: Dict[str, Any]) -> None:
    function = TimingFunction.named(case["params"]["name"])
    for index, key in ((1, "c1"), (2, "c2")):
        x, y = function.control_point(index)
        ex, ey = case["expected"][key]
        assert_matches(x, ex, case["tolerance"], f"control point {index} x")
        assert_matches(y, ey, case["tolerance"], f"control point {index} y")
    assert function.control_point(0) == (0.0, 0.0)
    assert function.control_point(3) == (1.0, 1.0)


def run_steps(case: Dict[str, Any]) -> None:
    p = case["params"]
    function = TimingFunction.steps(p["steps"], p["position"])
    actual = function(case["t"], before_flag=p["before_flag"])
    what = f"steps({p['steps']}, {p['position']}) at x={case['t']} before_flag={p['before_flag']}"
    assert_matches(actual, case["expected"], case["tolerance"], what)


def run_timing(case: Dict[str, Any]) -> None:
    quantity = case["quantity"]
    assert quantity in _STATE_QUANTITIES, f"unknown timing quantity {quantity!r}"
    timing = Timing.animation(**_timing_arguments(case["params"]["ca"], case["id"]))
    t = number(case["t"])
    state = timing.evaluate(t)
    what = f"{quantity} of {timing} at {t}"
    expected = case["expected"]
    if expected is None:
        # No effect (fill mode removed): the state says so and its per-time values are None.
        assert not state.in_effect, f"{what}: expected no effect, got {state}"
        if quantity in ("progress", "iteration_time", "current_iteration"):
            assert getattr(state, quantity) is None, f"{what}: expected None, got {state}"
        if quantity == "progress":
            assert timing.progress(t) is None
        return
    actual: Any = getattr(state, quantity)
    if quantity == "phase":
        actual = actual.value
    assert_matches(actual, expected, case["tolerance"], what)
    if quantity == "progress":
        eased: Optional[float] = timing.progress(t)
        assert eased is not None, f"{what}: progress() says not in effect"
        assert_matches(eased, expected, case["tolerance"], f"{what} via progress()")


def run_time_conversion(case: Dict[str, Any]) -> None:
    p = case["params"]
    names = list(p["layers"])
    index = {name: i for i, name in enumerate(names)}
    timings = [Timing.layer(**_timing_arguments(p["layers"][n], case["id"])) for n in names]
    parents = [
        None if p["layers"][n].get("parent") is None else index[p["layers"][n]["parent"]]
        for n in names
    ]
    tree = TimeTree(timings, parents)

    def node(name: Optional[str]) -> Optional[int]:
        return None if name is None else index[name]

    actual = tree.convert(case["t"], node(p["from_layer"]), node(p["to_layer"]))
    what = f"convertTime({case['t']}) from {p['from_layer']} to {p['to_layer']}"
    assert_matches(actual, case["expected"], case["tolerance"], what)


# CAKeyframeAnimation parameters -> KeyframeAnimation keyword arguments.
_KEYFRAME_PARAMETERS = {
    "values": "values",
    "keyTimes": "key_times",
    "calculationMode": "mode",
    "timingFunctions": "timing_functions",
    "timingFunction": "timing_function",
    "tensionValues": "tension",
    "continuityValues": "continuity",
    "biasValues": "bias",
    "duration": "duration",
}
_KEYFRAME_BEGIN = 10.0  # the animation begins 10 s after the first tick (room for t < 0)


def _timing_function(spec: Dict[str, Any]) -> TimingFunction:
    if spec["type"] == "cubic_bezier":
        return TimingFunction.cubic_bezier(spec["x1"], spec["y1"], spec["x2"], spec["y2"])
    return TimingFunction.named(spec["type"])


def run_keyframe(case: Dict[str, Any]) -> None:
    """A keyframe animation on a layer, evaluated through the engine at local time t with fill
    mode both (t = duration reads the end value; t < 0 the first); points animate "position",
    scalars a custom property (no clamping)."""
    p = case["params"]
    unknown = set(p) - set(_KEYFRAME_PARAMETERS) - {"fill", "compare"}
    assert not unknown, f"{case['id']}: keyframe parameters not mapped: {sorted(unknown)}"
    assert p.get("fill", "both") == "both", f"{case['id']}: fill {p['fill']!r}"
    assert case["quantity"] == "value"
    arguments: Dict[str, Any] = {}
    for key, value in p.items():
        if key not in _KEYFRAME_PARAMETERS or value is None:
            continue
        name = _KEYFRAME_PARAMETERS[key]
        if key == "timingFunctions":
            value = [_timing_function(spec) for spec in value]
        elif key == "timingFunction":
            value = _timing_function(value)
        elif key == "values":
            value = [Point(*v) if isinstance(v, list) else number(v) for v in value]
        arguments[name] = value
    points = isinstance(arguments["values"][0], Point)
    key_path = "position" if points else "value"
    with Engine() as engine:
        Probe = engine.layer_class("Probe", {"value": 0.0})
        layer = Probe()
        engine.tick(0.0)
        layer.add_animation(
            KeyframeAnimation(
                key_path,
                begin_time=_KEYFRAME_BEGIN,
                fill_mode="both",
                removed_on_completion=False,  # kept after its end, to fill forwards
                **arguments,
            ),
            "case",
        )
        engine.tick(_KEYFRAME_BEGIN + number(case["t"]))
        actual = layer.presentation[key_path]
    what = f"{p.get('calculationMode', 'linear')} keyframes at t={case['t']}"
    if points:
        expected = case["expected"]
        components = range(2) if p.get("compare") == "all" else range(1)
        for index in components:
            assert_matches(actual[index], expected[index], case["tolerance"], f"{what} [{index}]")
    else:
        assert_matches(actual, case["expected"], case["tolerance"], what)


# CASpringAnimation properties -> (Spring attribute or SpringAnimation attribute).
_SPRING_PROPERTIES = {
    "mass": "mass",
    "stiffness": "stiffness",
    "damping": "damping",
    "initialVelocity": "initial_velocity",
    "allowsOverdamping": "allows_overdamping",
    "settlingDuration": "settling_duration",
    "perceptualDuration": "perceptual_duration",
    "bounce": "bounce",
}
_SPRING_BEGIN = 10.0  # the spring begins 10 s after the first tick
_SPRING_DURATION = 1000.0  # long enough for every t of the vectors


def _case_spring(p: Dict[str, Any]) -> Spring:
    """The spring of a case; the vectors' overdamped cases are true overdamped motion."""
    return Spring(
        p["mass"], p["stiffness"], p["damping"], p["initialVelocity"], allows_overdamping=True
    )


def _run_spring_animation(case: Dict[str, Any]) -> Any:
    """A spring animation from from_value to to_value on a custom scalar property, begun at an
    absolute time with a long duration, fill both, read at begin + t: the layer."""
    p = case["params"]
    engine = Engine()
    Probe = engine.layer_class("Probe", {"value": 0.0})
    layer = Probe()
    engine.tick(0.0)
    layer.add_animation(
        SpringAnimation(
            "value",
            from_value=float(p["from_value"]),
            to_value=float(p["to_value"]),
            spring=_case_spring(p),
            begin_time=_SPRING_BEGIN,
            duration=_SPRING_DURATION,
            fill_mode="both",
            removed_on_completion=False,
        ),
        "case",
    )
    engine.tick(_SPRING_BEGIN + number(case["t"]))
    return engine, layer


_SPRING_CASE_PARAMETERS = {
    "mass",
    "stiffness",
    "damping",
    "initialVelocity",
    "from_value",
    "to_value",
    "swiftui_preset",
    "perceptual_duration",
    "bounce",
}


def run_spring(case: Dict[str, Any]) -> None:
    p = case["params"]
    unknown = set(p) - _SPRING_CASE_PARAMETERS
    assert not unknown, f"{case['id']}: spring parameters not mapped: {sorted(unknown)}"
    engine, layer = _run_spring_animation(case)
    with engine:
        value = layer.presentation.value
    what = f"spring {case['quantity']} at t={case['t']}"
    if case["quantity"] == "progress":
        start, end = float(p["from_value"]), float(p["to_value"])
        assert_matches((value - start) / (end - start), case["expected"], case["tolerance"], what)
    else:
        assert case["quantity"] in ("position", "value"), case["quantity"]
        assert_matches(value, case["expected"], case["tolerance"], what)


def run_spring_velocity(case: Dict[str, Any]) -> None:
    assert case["quantity"] == "velocity"
    engine, layer = _run_spring_animation(case)
    with engine:
        velocity = layer.presentation_velocity("value")
    what = f"spring velocity at t={case['t']}"
    assert_matches(velocity, case["expected"], case["tolerance"], what)


def run_spring_params(case: Dict[str, Any]) -> None:
    p = case["params"]
    spring = Spring.perceptual(p["perceptual_duration"], p["bounce"])
    assert spring.mass == p.get("mass", 1.0)
    for name, expected in case["expected"].items():
        actual = getattr(spring, _SPRING_PROPERTIES.get(name, name))
        assert_matches(actual, expected, case["tolerance"], f"{case['id']}: {name}")


def run_spring_params_inverse(case: Dict[str, Any]) -> None:
    p = case["params"]
    spring = Spring(p.get("mass", 1.0), p["stiffness"], p["damping"], allows_overdamping=True)
    for name, expected in case["expected"].items():
        actual = getattr(spring, _SPRING_PROPERTIES.get(name, name))
        assert_matches(actual, expected, case["tolerance"], f"{case['id']}: {name}")


def run_ca_default(case: Dict[str, Any]) -> None:
    p = case["params"]
    if p["object"] == "CASpringAnimation" and p["property"] in _SPRING_PROPERTIES:
        animation = SpringAnimation("position.x")
        name = _SPRING_PROPERTIES[p["property"]]
        source: Any = animation if name == "settling_duration" else animation.spring
        assert_matches(
            getattr(source, name), case["expected"], case["tolerance"], f"CASpringAnimation.{name}"
        )
        return
    keyframe_fields = dict(_KEYFRAME_PARAMETERS, path="path", rotationMode="rotation_mode")
    if p["object"] == "CAKeyframeAnimation" and p["property"] in keyframe_fields:
        default = getattr(KeyframeAnimation("position"), keyframe_fields[p["property"]])
        if p["property"] == "calculationMode":
            default = default.value
        elif default == []:
            default = None  # no values: nil
        assert_matches(
            default, case["expected"], case["tolerance"], f"{p['object']}.{p['property']}"
        )
        return
    if p["object"] == "CALayer":
        timing = Timing.layer()
    elif p["object"] in ("CAAnimation", "CABasicAnimation") or p["object"].endswith("Animation"):
        timing = Timing.animation()
    else:
        pytest.fail(f"unknown object {p['object']!r}")
    actual: Any = getattr(timing, _snake(p["property"]))
    if p["property"] == "fillMode":
        actual = actual.value
    assert_matches(actual, case["expected"], case["tolerance"], f"{p['object']}.{p['property']}")


RUNNERS: Dict[str, Callable[[Dict[str, Any]], None]] = {
    "cubic_bezier": run_cubic_bezier,
    "cubic_bezier_slope": run_cubic_bezier_slope,
    "cubic_bezier_range": run_cubic_bezier_range,
    "ca_named_timing_function": run_ca_named_timing_function,
    "steps": run_steps,
    "timing": run_timing,
    "time_conversion": run_time_conversion,
    "ca_default": run_ca_default,
    "keyframe": run_keyframe,
    "spring": run_spring,
    "spring_velocity": run_spring_velocity,
    "spring_params": run_spring_params,
    "spring_params_inverse": run_spring_params_inverse,
}


def test_vectors_file_is_present() -> None:
    if VECTORS.error is not None:
        pytest.fail(VECTORS.error)
    assert VECTORS.cases, f"{VECTORS.path} holds no cases"


def test_every_covered_kind_has_cases_and_a_runner() -> None:
    if VECTORS.error is not None:
        pytest.fail(VECTORS.error)
    counts = collections.Counter(case["kind"] for case in CASES)
    assert set(RUNNERS) == set(SUPPORTED_KINDS)
    missing = [kind for kind in SUPPORTED_KINDS if counts[kind] == 0 and kind not in OPTIONAL_KINDS]
    assert not missing, f"the vectors have no case of {missing}"
    assert len({case["id"] for case in CASES}) == len(CASES), "case ids are not unique"


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_case(case: Dict[str, Any]) -> None:
    RUNNERS[case["kind"]](case)


def test_the_keyframe_default_runner() -> None:
    """calculationMode's default (DTW properties.m: linear), whether or not the vectors carry
    the case."""
    run_ca_default(
        {
            "params": {"object": "CAKeyframeAnimation", "property": "calculationMode"},
            "expected": "linear",
            "tolerance": 0,
        }
    )
    run_ca_default(
        {
            "params": {"object": "CAKeyframeAnimation", "property": "rotationMode"},
            "expected": None,
            "tolerance": 0,
        }
    )


def test_every_keyframe_case_runs() -> None:
    keyframe_cases = [case for case in CASES if case["kind"] == "keyframe"]
    assert len(keyframe_cases) >= 22
    assert all(case["params"].get("fill", "both") == "both" for case in keyframe_cases)


def test_every_spring_case_runs() -> None:
    """Every spring case of the vectors is collected (none skipped), and the CASpringAnimation
    defaults hold whether or not the vectors carry them."""
    if VECTORS.error is not None:
        pytest.fail(VECTORS.error)
    kinds = ("spring", "spring_velocity", "spring_params", "spring_params_inverse")
    in_file = [case for case in VECTORS.cases if case["kind"] in kinds]
    assert len(in_file) >= 71
    assert [case for case in CASES if case["kind"] in kinds] == in_file
    for name, expected in (
        ("mass", 1.0),
        ("stiffness", 100.0),
        ("damping", 10.0),
        ("initialVelocity", 0.0),
        ("allowsOverdamping", False),
        ("settlingDuration", 1.4727003346780925),
    ):
        run_ca_default(
            {
                "params": {"object": "CASpringAnimation", "property": name},
                "expected": expected,
                "tolerance": 1e-12 if name == "settlingDuration" else 0,
            }
        )
