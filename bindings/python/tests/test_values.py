"""The value types: named tuples, tokens, kinds, the conversions to and from ac_value, and the
transform helpers against the engine's own key paths."""

from __future__ import annotations

import math
from typing import Any

import pytest

from _frames import approx
from animcore import (
    AffineTransform,
    Color,
    Engine,
    OutOfRangeError,
    Point,
    Rect,
    Size,
    Token,
    Transform3D,
    ValueKind,
    Vector3,
    WrongKindError,
    _capi,
)
from animcore.values import from_c, from_numbers, kind_of, to_c


def test_named_values_are_tuples() -> None:
    assert Point(1, 2) == (1, 2) and Size(3, 4) == (3, 4)
    x, y = Point(5, 6)
    assert (x, y) == (5, 6)
    rect = Rect(1, 2, 10, 20)
    assert rect.origin == Point(1, 2) and rect.size == Size(10, 20) and rect.mid == (6, 12)
    assert Color(1, 0, 0) == (1, 0, 0, 1.0)
    assert Vector3(1, 2, 3).z == 3


def test_tokens() -> None:
    assert Token(0xFF) == 255 and repr(Token(0xFF)) == "Token(0xff)"
    assert Token(2**64 - 1) == 2**64 - 1
    with pytest.raises(OutOfRangeError):
        Token(-1)
    with pytest.raises(OutOfRangeError):
        Token(2**64)
    with pytest.raises(TypeError):
        Token(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Token(True)


@pytest.mark.parametrize(
    "value,kind",
    [
        (1.5, ValueKind.SCALAR),
        (True, ValueKind.BOOL),
        (3, ValueKind.INTEGER),
        (Token(3), ValueKind.TOKEN),
        (Point(0, 0), ValueKind.POINT),
        (Size(0, 0), ValueKind.SIZE),
        (Rect(0, 0, 0, 0), ValueKind.RECT),
        (Vector3(0, 0, 0), ValueKind.VECTOR3),
        (Color(0, 0, 0), ValueKind.COLOR),
        (AffineTransform.identity(), ValueKind.AFFINE_TRANSFORM),
        (Transform3D.identity(), ValueKind.TRANSFORM3D),
    ],
)
def test_kind_of_and_round_trips(value: Any, kind: ValueKind) -> None:
    assert kind_of(value) is kind
    back = from_c(to_c(kind, value))
    assert back == value and type(back) is type(value)


def test_kind_names_and_slots() -> None:
    assert ValueKind.parse("transform3d") is ValueKind.TRANSFORM3D
    assert ValueKind.parse("affine-transform") is ValueKind.AFFINE_TRANSFORM
    assert ValueKind.parse(5) is ValueKind.COLOR
    assert [k.slots for k in ValueKind] == [1, 2, 2, 4, 3, 4, 6, 16, 0, 0, 0, 0, 0, 0]
    with pytest.raises(ValueError):
        ValueKind.parse("complex")
    with pytest.raises(TypeError):
        ValueKind.parse(1.0)  # type: ignore[arg-type]


def test_conversion_errors() -> None:
    with pytest.raises(TypeError, match="kind"):
        kind_of((1, 2))
    with pytest.raises(WrongKindError):
        to_c(ValueKind.POINT, Size(1, 2))
    with pytest.raises(WrongKindError):
        to_c(ValueKind.INTEGER, Token(1))
    with pytest.raises(TypeError):
        to_c(ValueKind.RECT, "abcd")
    with pytest.raises(TypeError, match=r"\[1\]"):
        to_c(ValueKind.POINT, (1, "2"))
    assert to_c(ValueKind.RECT, ((1, 2), (3, 4))).v[:4] == [1, 2, 3, 4]
    assert from_numbers(ValueKind.POINT, [1.0, 2.0]) == Point(1, 2)
    assert from_numbers(ValueKind.TOKEN, [7.0]) == Token(7)
    numpy = pytest.importorskip("numpy")
    assert from_c(to_c(ValueKind.VECTOR3, numpy.array([1.0, 2.0, 3.0]))) == (1, 2, 3)
    assert from_c(to_c(ValueKind.SCALAR, numpy.float32(0.5))) == 0.5


def test_token_bits_are_kept() -> None:
    value = to_c(ValueKind.TOKEN, 2**63 + 1)
    assert value.i == -(2**63) + 1  # stored as int64 bits
    assert from_c(value) == 2**63 + 1
    assert _capi.ac_value_token(2**63 + 1).i == value.i


def test_transform_helpers_match_the_engine(engine: Engine) -> None:
    layer = engine.layer()
    for angle in (0.3, -1.2, math.pi):
        layer["transform.rotation.z"] = angle
        assert layer.transform == approx(Transform3D.rotation(angle))
    layer.transform = Transform3D.identity()
    layer["transform.rotation.y"] = 0.7
    assert layer.transform == approx(Transform3D.rotation(0.7, 0, 1, 0))
    layer.transform = Transform3D.identity()
    layer["transform.rotation.x"] = -0.4
    assert layer.transform == approx(Transform3D.rotation(-0.4, 1, 0, 0))
    layer.transform = Transform3D.scale(2, 3, 4)
    assert layer["transform.scale.y"] == approx(3)
    layer.transform = Transform3D.translation(5, 6, 7)
    assert layer["transform.translation"] == approx(Size(5, 6))
    assert layer["transform.translation.z"] == approx(7)
    assert Transform3D.rotation(1.0, 0, 0, 0) == Transform3D.identity()


@pytest.mark.parametrize("scale", [2.0**600, 2.0**-600, 2.0**1000, 2.0**-1060])
def test_rotation_axis_of_any_finite_length(scale: float) -> None:
    # Squares of these components overflow or vanish; scaled by a power of two, the axis turns
    # as itself, to the bit (components a power of two apart stay exact when subnormal).
    unit = Transform3D.rotation(0.7, 0.25, 1, 0.125)
    assert Transform3D.rotation(0.7, 0.25 * scale, scale, 0.125 * scale) == unit
    general = Transform3D.rotation(0.7, 3, 1, 2)
    for other in (1e200, 3e-200):
        assert Transform3D.rotation(0.7, 3 * other, other, 2 * other) == approx(general, 1e-15)
    # An int axis too large for a float's square.
    assert Transform3D.rotation(0.7, 0, 0, 10**200) == approx(Transform3D.rotation(0.7), 1e-15)


def test_rotation_axis_not_finite_gives_nan() -> None:
    for axis in ((math.inf, 0.0, 0.0), (0.0, -math.inf, 1.0), (math.nan, 0.0, 1.0)):
        m = Transform3D.rotation(0.7, *axis)
        linear = (m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33)
        assert all(math.isnan(v) for v in linear)
        assert (m.m14, m.m24, m.m34, m.m41, m.m42, m.m43, m.m44) == (0, 0, 0, 0, 0, 0, 1)


def test_concatenation_order() -> None:
    move = Transform3D.translation(10, 0, 0)
    turn = Transform3D.rotation(math.pi / 2)
    # move first, then turn: the translation is turned too (row vectors).
    assert move.concat(turn).m42 == approx(10)
    assert turn.concat(move).m41 == approx(10)
    affine = AffineTransform.translation(10, 0).concat(AffineTransform.rotation(math.pi / 2))
    assert affine.ty == approx(10)
    assert AffineTransform.scale(2, 3).concat(AffineTransform.identity()) == (2, 0, 0, 3, 0, 0)
    assert Transform3D.from_affine(AffineTransform.rotation(0.5)) == approx(
        Transform3D.rotation(0.5)
    )
    assert Transform3D.identity().rows()[3] == (0, 0, 0, 1)
