"""Paths (CGPath) and keyframe animations that follow them (reference §6.4): the builders and
the library's shape builders, following a path segment by segment (u = s in the linear mode),
key times over segments, paced motion along the arc length, and rotation modes read through
"transform.rotation.z" and the presented transform."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type"

from __future__ import annotations

import ctypes
import math
from typing import Any, Callable, List, Tuple

import pytest

from _curves import (
    Pt,
    angle_difference,
    cubic_bezier,
    cubic_bezier_tangent,
    lerp,
    point_at_length,
    quad_bezier,
    segment,
    tangent_angle,
)
from _frames import T0, approx, frame
from animcore import (
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    NotFiniteError,
    Path,
    PathElement,
    PathElementType,
    Point,
    RotationMode,
    Transform3D,
    _capi,
)

KAPPA = 0.5522847498307936

SEED = ((0.0, 150.0), (75.0, 0.0), (225.0, 300.0), (300.0, 150.0))


def seed_path() -> Path:
    return Path().move_to(0, 150).curve_to(75, 0, 225, 300, 300, 150)


# ---- building ------------------------------------------------------------------------------------


def test_building_chains_and_reads_back() -> None:
    path = Path()
    same = path.move_to(0, 150).line_to(10, 20).quad_curve_to(1, 2, 3, 4)
    assert same is path
    path.curve_to(75, 0, 225, 300, 300, 150).close()
    M, L, Q, C, Z = (
        PathElementType.MOVE_TO,
        PathElementType.LINE_TO,
        PathElementType.QUAD_CURVE_TO,
        PathElementType.CURVE_TO,
        PathElementType.CLOSE,
    )
    assert path.elements == (
        PathElement(M, (Point(0, 150),)),
        PathElement(L, (Point(10, 20),)),
        PathElement(Q, (Point(1, 2), Point(3, 4))),
        PathElement(C, (Point(75, 0), Point(225, 300), Point(300, 150))),
        PathElement(Z, ()),
    )
    assert [e.end for e in path.elements] == [(0, 150), (10, 20), (3, 4), (300, 150), None]
    assert (len(path), path.segment_count, path.keyframe_count) == (5, 4, 5)
    assert Path().keyframe_count == 0 and Path().move_to(1, 1).keyframe_count == 0
    assert list(path) == list(path.elements)
    assert repr(Path().move_to(0, 1.5).close()) == "Path().move_to(0, 1.5).close()"


def test_equality_copies_and_construction_from_elements() -> None:
    path = seed_path()
    assert path == seed_path() and path != Path().move_to(0, 150)
    copy = path.copy()
    copy.line_to(1, 1)
    assert copy != path and len(path) == 2
    assert Path(path.elements) == path
    assert Path([("move_to", [(0, 150)]), ("curve_to", ((75, 0), (225, 300), (300, 150)))]) == path
    assert Path(path) == path
    assert Path().extend(path).extend(path).segment_count == 2
    with pytest.raises(TypeError):
        hash(path)


def test_rect_builder() -> None:
    rect = Path.rect(10, 20, 30, 40)
    assert rect == Path().move_to(10, 20).line_to(40, 20).line_to(40, 60).line_to(10, 60).close()
    assert len(rect) == _capi.AC_PATH_RECT_ELEMENTS


def test_ellipse_builder() -> None:
    ellipse = Path.ellipse(0, 0, 200, 100)
    assert len(ellipse) == _capi.AC_PATH_ELLIPSE_ELEMENTS
    cx, cy, rx, ry = 100, 50, 100, 50
    kx, ky = rx * KAPPA, ry * KAPPA
    expected = (
        Path()
        .move_to(cx + rx, cy)
        .curve_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        .curve_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        .curve_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        .curve_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        .close()
    )
    for got, want in zip(ellipse.elements, expected.elements):
        assert got.type is want.type
        assert [tuple(p) for p in got.points] == [approx(tuple(p), 1e-6) for p in want.points]


def test_rounded_rect_builder() -> None:
    path = Path.rounded_rect(0, 0, 100, 50, 10, 5)
    assert len(path) == _capi.AC_PATH_ROUNDED_RECT_ELEMENTS
    types = [e.type for e in path.elements]
    assert types == [PathElementType.MOVE_TO] + [
        PathElementType.LINE_TO,
        PathElementType.CURVE_TO,
    ] * 4 + [PathElementType.CLOSE]
    ends = [e.end for e in path.elements[:-1]]
    assert ends == [
        (10, 0), (90, 0), (100, 5), (100, 45), (90, 50), (10, 50), (0, 45), (0, 5), (10, 0),
    ]  # fmt: skip
    clamped = Path.rounded_rect(0, 0, 100, 50, 80, 80)  # radii clamped to half the sides
    assert clamped.elements[0].end == (50, 0) and clamped.elements[3].end == (100, 25)


def test_bad_paths() -> None:
    with pytest.raises(NotFiniteError) as raised:
        Path().move_to(math.nan, 0)
    assert "x" in str(raised.value)
    with pytest.raises(NotFiniteError) as raised:
        Path().curve_to(0, 0, math.inf, 0, 1, 1)
    assert "c2x" in str(raised.value)
    with pytest.raises(TypeError) as type_error:
        Path().quad_curve_to("1", 0, 1, 1)
    assert "cx" in str(type_error.value)
    with pytest.raises(NotFiniteError) as raised:
        Path.rect(0, 0, math.inf, 1)
    assert "width" in str(raised.value)
    with pytest.raises(NotFiniteError) as raised:
        Path.rounded_rect(0, 0, 1, 1, 0, math.nan)
    assert "corner_height" in str(raised.value)
    with pytest.raises(InvalidArgumentError) as invalid:
        Path([("spiral_to", [(0, 0)])])
    assert "elements[0].type" in str(invalid.value)
    with pytest.raises(InvalidArgumentError) as invalid:
        Path([("move_to", [(0, 0)]), ("line_to", [(0, 0), (1, 1)])])
    assert "elements[1]" in str(invalid.value)
    with pytest.raises(NotFiniteError) as raised:
        Path([("move_to", [(0, math.nan)])])
    assert "elements[0].points[0].y" in str(raised.value)
    with pytest.raises(TypeError):
        Path("M 0 0")
    with pytest.raises(TypeError):
        Path().extend([1])


def test_the_library_shape_builders_through_the_raw_table() -> None:
    count = ctypes.c_size_t()
    status = _capi.lib.ac_path_ellipse(0, 0, 10, 10, None, 0, ctypes.byref(count))
    assert status == _capi.AC_ERR_BUFFER_TOO_SMALL and count.value == 6
    elements = (_capi.ac_path_element * 6)()
    assert _capi.lib.ac_path_rect(1, 2, 3, 4, elements, 6, ctypes.byref(count)) == _capi.AC_OK
    assert count.value == 5
    assert (elements[1].type, elements[1].points[0], elements[1].points[1]) == (
        _capi.AC_PATH_LINE_TO,
        4.0,
        2.0,
    )
    assert bytes(_capi.ac_path_curve_to(1, 2, 3, 4, 5, 6)) == bytes(
        Path().curve_to(1, 2, 3, 4, 5, 6)._to_c()[0][0]
    )


# ---- following a path -----------------------------------------------------------------------------


def test_the_seed_curve_linear_is_the_bezier_at_progress(engine: Engine) -> None:
    ship = engine.layer(position=(0, 150))
    ship.add_animation(KeyframeAnimation("position", path=seed_path(), duration=1), "slide")
    for k in range(71):
        engine.tick(frame(k))
        if k == 60:
            continue
        expected = cubic_bezier(*SEED, k / 60) if k < 60 else (0, 150)
        assert ship.presentation.position == approx(expected), k


def _multi_segment() -> Tuple[Path, List[Callable[[float], Pt]]]:
    """move (0, 0), line (100, 0), quad via (150, 0) to (150, 50), curve to (50, 100), close:
    four segments as functions of u."""
    path = (
        Path()
        .move_to(0, 0)
        .line_to(100, 0)
        .quad_curve_to(150, 0, 150, 50)
        .curve_to(150, 100, 100, 100, 50, 100)
        .close()
    )
    segments: List[Callable[[float], Pt]] = [
        lambda u: (lerp(0, 100, u), 0.0),
        lambda u: quad_bezier((100, 0), (150, 0), (150, 50), u),
        lambda u: cubic_bezier((150, 50), (150, 100), (100, 100), (50, 100), u),
        lambda u: (lerp(50, 0, u), lerp(100, 0, u)),
    ]
    return path, segments


@pytest.mark.parametrize("key_times", [None, [0, 0.1, 0.5, 0.6, 1]])
def test_each_segment_end_is_a_keyframe(engine: Engine, key_times: Any) -> None:
    path, segments = _multi_segment()
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation("position", path=path, key_times=key_times, duration=2), "follow"
    )
    times = key_times or [0, 0.25, 0.5, 0.75, 1]
    for k in range(121):
        engine.tick(frame(k))
        if k == 120:
            continue
        i, s = segment(times, k / 120)
        assert layer.presentation.position == approx(segments[i](s), 1e-7), k


def test_a_move_inside_the_path_jumps(engine: Engine) -> None:
    path = Path().move_to(0, 0).line_to(10, 0).move_to(100, 100).line_to(100, 120)
    layer = engine.layer()
    layer.add_animation(KeyframeAnimation("position", path=path, duration=1), "k")
    engine.tick(frame(0))
    engine.tick(frame(15))
    assert layer.presentation.position == approx((5, 0))
    engine.tick(frame(45))
    assert layer.presentation.position == approx((100, 110))


def test_paced_along_a_rect(engine: Engine) -> None:
    """Perimeter 300 over 3 s: 100 px/s whatever the segment lengths."""
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation(
            "position",
            path=Path.rect(0, 0, 100, 50),
            mode="paced",
            timing_function="easeIn",  # ignored by paced modes
            duration=3,
        ),
        "orbit",
    )
    corners = [(0, 0), (100, 0), (100, 50), (0, 50), (0, 0)]
    sides = [100, 50, 100, 50]
    for k in range(180):
        engine.tick(frame(k))
        distance = 100 * k / 60
        side = 0
        while side < 3 and distance > sides[side]:
            distance -= sides[side]
            side += 1
        a, b = corners[side], corners[side + 1]
        s = distance / sides[side]
        assert layer.presentation.position == approx(
            (lerp(a[0], b[0], s), lerp(a[1], b[1], s)), 1e-4
        ), k


def test_paced_along_a_curve(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation("position", path=seed_path(), mode="paced", duration=1), "k"
    )
    for k in range(0, 60, 3):
        engine.tick(frame(k))
        expected = point_at_length(lambda u: cubic_bezier(*SEED, u), k / 60)
        assert math.dist(layer.presentation.position, expected) < 0.05, k


def test_cubic_paced_along_a_path_is_paced(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation("position", path=seed_path(), mode="cubicPaced", duration=1), "k"
    )
    engine.tick(frame(0))
    engine.tick(frame(30))
    expected = point_at_length(lambda u: cubic_bezier(*SEED, u), 0.5)
    assert math.dist(layer.presentation.position, expected) < 0.05


# ---- rotation --------------------------------------------------------------------------------------


def test_rotation_auto_turns_to_the_tangent(engine: Engine) -> None:
    ship = engine.layer(position=(0, 150))
    ship.add_animation(
        KeyframeAnimation("position", path=seed_path(), rotation_mode="auto", duration=1), "k"
    )
    for k in range(71):
        engine.tick(frame(k))
        if k == 60:
            continue
        if k < 60:
            angle = tangent_angle(cubic_bezier_tangent(*SEED, k / 60))
            assert ship.presentation["transform.rotation.z"] == approx(angle), k
            assert ship.presentation.transform == approx(Transform3D.rotation(angle)), k
        else:
            assert ship.presentation.transform == Transform3D.identity()
    assert ship.transform == Transform3D.identity()


def test_rotation_auto_with_an_explicit_begin_time(engine: Engine) -> None:
    """The same with a begin time given (not resolved at the commit)."""
    ship = engine.layer()
    engine.tick(frame(0))
    ship.add_animation(
        KeyframeAnimation(
            "position", path=seed_path(), rotation_mode="auto", begin_time=frame(1), duration=1
        ),
        "k",
    )
    for k in range(1, 61, 4):
        engine.tick(frame(k))
        angle = tangent_angle(cubic_bezier_tangent(*SEED, (k - 1) / 60))
        assert ship.presentation["transform.rotation.z"] == approx(angle), k


def test_rotation_auto_reverse_adds_a_half_turn(engine: Engine) -> None:
    ship = engine.layer()
    ship.add_animation(
        KeyframeAnimation(
            "position", path=seed_path(), rotation_mode=RotationMode.AUTO_REVERSE, duration=1
        ),
        "k",
    )
    for k in range(0, 60, 4):
        engine.tick(frame(k))
        angle = tangent_angle(cubic_bezier_tangent(*SEED, k / 60)) + math.pi
        read = ship.presentation["transform.rotation.z"]
        assert angle_difference(read, angle) < 1e-9, k


def test_rotation_applies_on_top_of_the_transform_underneath(engine: Engine) -> None:
    underneath = Transform3D.scale(2, 1).concat(Transform3D.translation(5, 0))
    ship = engine.layer(transform=underneath)
    ship.add_animation(
        KeyframeAnimation("position", path=seed_path(), rotation_mode="auto", duration=1), "k"
    )
    engine.tick(frame(0))
    engine.tick(frame(20))
    angle = tangent_angle(cubic_bezier_tangent(*SEED, 20 / 60))
    expected = Transform3D.rotation(angle).concat(underneath)
    assert ship.presentation.transform == approx(expected)


def test_rotation_follows_each_segment_of_a_rect(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        KeyframeAnimation(
            "position", path=Path.rect(0, 0, 100, 100), rotation_mode="auto", duration=4
        ),
        "k",
    )
    engine.tick(frame(0))
    for second, angle in enumerate([0.0, math.pi / 2, math.pi, -math.pi / 2]):
        engine.tick(T0 + second + 0.5)
        assert angle_difference(layer.presentation["transform.rotation.z"], angle) < 1e-9
