"""Layer geometry and hit testing (reference/core-animation-geometry.md §1 and §2): the worked
numbers 1.8-A, 1.8-D, 1.8-J, 1.8-P and 2.5, the hit-testing order, unmapped points, and the
binding's errors."""

from __future__ import annotations

import math
from typing import Optional

import pytest

import animcore
from animcore import AffineTransform, Engine, Point, Rect, Transform3D
from animcore.errors import BadHandleError, NotFiniteError, NotInvertibleError, OutOfRangeError


def make(
    engine: Engine, w: float, h: float, x: float, y: float, parent: Optional[animcore.Layer] = None
) -> animcore.Layer:
    layer = engine.layer(bounds=(0, 0, w, h), position=(x, y))
    if parent is not None:
        parent.add_sublayer(layer)
    return layer


def near(point: Optional[Point], x: float, y: float, tolerance: float = 1e-4) -> bool:
    return point is not None and abs(point.x - x) <= tolerance and abs(point.y - y) <= tolerance


def perspective() -> Transform3D:
    m = list(Transform3D.identity())
    m[11] = -1 / 500
    return Transform3D(*m)


def rotation_y(angle: float) -> Transform3D:
    c, s = math.cos(angle), math.sin(angle)
    return Transform3D(c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1)


def test_1_8_A_conversion_both_ways(engine: Engine) -> None:
    parent = make(engine, 200, 200, 100, 100)
    child = make(engine, 50, 50, 100, 50, parent)
    assert child.convert_point_to((0, 0), parent) == Point(75, 25)
    assert child.convert_point_to((50, 50), parent) == Point(125, 75)
    assert parent.convert_point_to((0, 0), child) == Point(-75, -25)
    assert child.convert_point_from((0, 0), parent) == Point(-75, -25)
    assert child.convert_rect_to((0, 0, 10, 20), parent) == Rect(75, 25, 10, 20)
    assert parent.convert_rect_to(((0, 0), (10, 20)), child) == Rect(-75, -25, 10, 20)
    assert child.convert_point_to((0, 0), None) == Point(75, 25)  # the root space


def test_1_8_D_sublayer_transform_about_the_anchor(engine: Engine) -> None:
    parent = make(engine, 200, 200, 100, 100)
    child = make(engine, 50, 50, 100, 50, parent)
    parent.sublayer_transform = Transform3D(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    child.transform = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1)
    assert child.convert_point_to((0, 0), parent) == Point(60, -38)
    matrix = child.matrix_to_superlayer()
    assert (matrix.m41, matrix.m42, matrix.m11) == (60, -38, 2)
    assert child.matrix_to(parent) == matrix


def test_1_8_J_frame(engine: Engine) -> None:
    layer = make(engine, 100, 50, 200, 300)
    assert layer.frame == Rect(150, 275, 100, 50)
    layer.bounds = (11, 22, 100, 50)
    layer.z_position = 3
    layer.geometry_flipped = True
    assert layer.frame == Rect(150, 275, 100, 50)
    layer.anchor_point = (2, -1)
    layer.position = (0, 0)
    assert layer.frame == Rect(-200, 50, 100, 50)


def test_1_8_P_perspective_and_its_hit_test(engine: Engine) -> None:
    parent = make(engine, 200, 200, 100, 100)
    card = make(engine, 100, 100, 100, 100, parent)
    parent.sublayer_transform = perspective()
    card.transform = rotation_y(math.pi / 4)
    for (x, y), (ex, ey) in [
        ((0, 0), (61.9544, 46.1954)),
        ((100, 0), (133.0204, 53.3020)),
        ((100, 100), (133.0204, 146.6980)),
        ((0, 100), (61.9544, 153.8046)),
        ((50, 50), (100, 100)),
    ]:
        assert near(card.convert_point_to((x, y), parent), ex, ey)
        assert near(card.convert_point_from((ex, ey), parent), x, y, 1e-3)
    assert card.matrix_to_superlayer().m44 == pytest.approx(0.929289, abs=1e-6)
    assert parent.hit_test((63, 100)) == card
    assert parent.hit_test((140, 100)) == parent


def test_a_point_behind_the_eye_is_unmapped(engine: Engine) -> None:
    parent = make(engine, 200, 200, 100, 100)
    wide = make(engine, 2000, 100, 100, 100, parent)
    parent.sublayer_transform = perspective()
    wide.transform = rotation_y(math.pi / 2 - 0.1)
    assert wide.convert_point_to((0, 50), parent) is None
    assert wide.convert_rect_to((0, 0, 10, 10), parent) is None
    assert wide.convert_point_to((1000, 50), parent) is not None


@pytest.mark.parametrize("factor", [1e170, 1e-170])
def test_a_layer_scaled_far_from_1_converts_and_takes_a_frame(engine: Engine, factor: float) -> None:
    # Its determinant (factor^3 on three axes, factor^2 in its plane) leaves the doubles.
    parent = make(engine, 200, 200, 100, 100)
    child = make(engine, 10, 10, 0, 0, parent)
    child.transform = Transform3D.scale(factor, factor, factor)
    # The child's (7, 2) is (2, -3) x factor from its anchor (5, 5), at its position (0, 0).
    assert near(parent.convert_point_to((2 * factor, -3 * factor), child), 7, 2, 1e-12)
    assert parent.matrix_to(child).m11 * factor == pytest.approx(1, abs=1e-15)
    child.frame = (0, 0, 4 * factor, 6 * factor)
    assert child.bounds.width == pytest.approx(4, rel=1e-12)
    assert child.bounds.height == pytest.approx(6, rel=1e-12)


def test_a_layer_scaled_up_far_is_hit_and_culled_when_turned_away(engine: Engine) -> None:
    parent = make(engine, 200, 200, 100, 100)
    child = make(engine, 10, 10, 100, 100, parent)
    child.transform = Transform3D.scale(1e170, 1e170, 1e170)
    assert parent.hit_test((150, 150)) == child
    child.transform = rotation_y(math.pi).concat(Transform3D.scale(1e170, 1e170, 1e170))
    assert parent.hit_test((150, 150)) == child  # double-sided by default
    child.double_sided = False
    assert parent.hit_test((150, 150)) == parent


def test_2_5_a_moving_layer_is_hit_where_it_is_drawn(engine: Engine) -> None:
    root = make(engine, 400, 200, 200, 100)
    mover = make(engine, 100, 100, 50, 50, root)
    engine.tick(0)
    with engine.transaction(duration=1, timing_function="linear"):
        mover.position = (250, 50)
    engine.tick(0)
    engine.tick(0.5)
    assert mover.presentation.position == Point(150, 50)
    hit = root.hit_test((150, 50), presentation=True)
    assert hit == mover and hit is not None and hit.position == Point(250, 50)
    assert root.hit_test((150, 50)) == root  # the model frame spans x 200...300
    assert root.hit_test((250, 50)) == mover
    assert root.hit_test((250, 50), presentation=True) == root
    assert mover.convert_point_to((0, 0), root, presentation=True) == Point(100, 0)


def test_hit_order_hidden_masks_and_half_open_bounds(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    first = make(engine, 100, 100, 50, 50, root)
    second = make(engine, 100, 100, 50, 50, root)
    outside = make(engine, 20, 20, 150, 150, root)
    assert root.hit_test((10, 10)) == second
    first.z_position = 1
    assert root.hit_test((10, 10)) == first
    first.hidden = True
    assert root.hit_test((10, 10)) == second
    assert root.hit_test((145, 145)) == outside
    assert root.hit_test((160, 150)) is None
    root.masks_to_bounds = True
    assert root.hit_test((145, 145)) is None
    assert root.contains_point((99.5, 0)) and not root.contains_point((100, 0))


def test_affine_transform_and_geometry_flipped(engine: Engine) -> None:
    root = make(engine, 200, 100, 100, 50)
    child = make(engine, 20, 20, 50, 30, root)
    child.transform = Transform3D(2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1)
    assert child.affine_transform() == AffineTransform(1, 0, 0, 1, 0, 0)
    child.set_affine_transform((2, 0, 0, 3, 5, 6))
    assert child.transform.m33 == 1 and child.affine_transform() == AffineTransform(2, 0, 0, 3, 5, 6)
    child.set_affine_transform(AffineTransform(1, 0, 0, 1, 0, 0))
    assert not child.contents_are_flipped()
    root.geometry_flipped = True
    assert child.contents_are_flipped() and root.contents_are_flipped()
    assert child.convert_point_to((0, 0), root) == Point(40, 80)


def test_errors_name_the_argument(engine: Engine) -> None:
    layer = make(engine, 10, 10, 5, 5)
    other = Engine()
    try:
        foreign = other.layer()
        with pytest.raises(BadHandleError, match="layer belongs to another engine"):
            layer.convert_point_to((0, 0), foreign)
        with pytest.raises(BadHandleError, match="layer belongs to another engine"):
            layer.matrix_to(foreign)
    finally:
        other.close()
    with pytest.raises(NotFiniteError, match="^point is \\(nan, 0"):
        layer.convert_point_to((math.nan, 0), None)
    with pytest.raises(NotFiniteError, match="^rect is"):
        layer.convert_rect_to((0, 0, math.inf, 1), None)
    with pytest.raises(NotFiniteError, match="^point is"):
        layer.hit_test((0, math.inf))
    with pytest.raises(NotFiniteError, match="^transform.tx is nan"):
        layer.set_affine_transform((1, 0, 0, 1, math.nan, 0))
    with pytest.raises(TypeError, match="point must hold 2 numbers"):
        layer.contains_point((1, 2, 3))
    with pytest.raises(TypeError, match="layer must be a Layer"):
        layer.convert_point_to((0, 0), "root")  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError, match="presentation is 2"):
        layer.hit_test((0, 0), presentation=2)  # type: ignore[arg-type]
    flat = make(engine, 10, 10, 5, 5, layer)
    flat.transform = Transform3D(0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    with pytest.raises(NotInvertibleError, match="^layer: its matrix"):
        layer.matrix_to(flat)
    assert layer.convert_point_to((1, 1), flat) is None


def test_presentation_rects_flags_and_wrong_types(engine: Engine) -> None:
    root = make(engine, 400, 200, 200, 100)
    mover = make(engine, 100, 100, 50, 50, root)
    engine.tick(0)
    with engine.transaction(duration=1, timing_function="linear"):
        mover.position = (250, 50)
    engine.tick(0)
    engine.tick(0.25)
    # At a quarter of the way the box is drawn at x 50...150; the model box is at 200...300.
    assert mover.convert_rect_to((0, 0, 100, 100), root, presentation=True) == Rect(50, 0, 100, 100)
    assert mover.convert_rect_to((0, 0, 100, 100), root) == Rect(200, 0, 100, 100)
    assert mover.convert_rect_from((60, 10, 10, 10), root, presentation=True) == Rect(10, 10, 10, 10)
    assert mover.matrix_to_superlayer(presentation=True).m41 == 50
    assert mover.contains_point((99, 99), presentation=True)
    assert not mover.contents_are_flipped(presentation=True)
    assert mover.affine_transform(presentation=True) == AffineTransform(1, 0, 0, 1, 0, 0)
    with pytest.raises(TypeError, match="presentation must be a bool"):
        mover.hit_test((0, 0), presentation="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"point\[1\] must be a real number"):
        mover.hit_test((0, "1"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rect must hold 4 numbers"):
        mover.convert_rect_to((0, 0, 1), None)  # type: ignore[arg-type]


def test_numpy_bools_and_nested_rects_are_taken(engine: Engine) -> None:
    numpy = pytest.importorskip("numpy")
    root = make(engine, 100, 100, 50, 50)
    child = make(engine, 10, 10, 20, 20, root)
    assert root.hit_test((20, 20), presentation=numpy.bool_(False)) == child
    assert child.convert_rect_to(((0, 0), (10, 10)), root) == Rect(15, 15, 10, 10)
    assert child.convert_rect_to((numpy.array([0.0, 0.0]), numpy.array([10.0, 10.0])), root) == Rect(15, 15, 10, 10)
