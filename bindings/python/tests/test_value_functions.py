"""Value functions (``value_function=``, CAValueFunction): a rotateZ from 0 to 2 pi turns once,
a scale takes a Vector3, keyframes, additive and spring animations with one, the name read
back through ``layer.animation(key)``, and every refusal naming ``value_function`` or the
value. Expected matrices come from :class:`Transform3D`'s own makers (CATransform3DMake*)."""

# Wrong argument types are passed on purpose in the bad-input tests.
# mypy: disable-error-code="arg-type"

from __future__ import annotations

import math

import pytest

from _frames import T0, approx
from animcore import (
    BasicAnimation,
    DecayAnimation,
    Engine,
    InvalidArgumentError,
    KeyframeAnimation,
    Spring,
    SpringAnimation,
    Transform3D,
    UnknownNameError,
    Vector3,
    WrongKindError,
)


def test_rotate_z_turns_once(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        BasicAnimation(
            "transform", from_value=0, to_value=2 * math.pi, duration=1, value_function="rotateZ"
        ),
        "spin",
    )
    engine.tick(T0)
    for quarter in (1, 2, 3):
        engine.tick(T0 + quarter / 4)
        expected = Transform3D.rotation(quarter * math.pi / 2)
        assert layer.presentation.transform == approx(expected, 1e-12), quarter


def test_scale_vector_and_additive_keyframes(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        BasicAnimation(
            "transform",
            from_value=Vector3(1, 1, 1),
            to_value=(3, 5, 2),
            duration=1,
            value_function="scale",
        ),
        "grow",
    )
    engine.tick(T0)
    engine.tick(T0 + 0.5)
    assert layer.presentation.transform == approx(Transform3D.scale(2, 3, 1.5), 1e-12)
    layer.remove_all_animations()
    # Keyframes 0, pi, 3 pi, additive over a model translation: at 0.625 the angle is 1.5 pi,
    # the rotation applied first, then the translation (its row kept).
    moved = engine.layer(transform=Transform3D.translation(100, 0))
    moved.add_animation(
        KeyframeAnimation(
            "transform",
            values=[0, math.pi, 3 * math.pi],
            duration=1,
            additive=True,
            value_function="rotateZ",
        ),
        "k",
    )
    engine.tick(T0 + 2)
    engine.tick(T0 + 2.625)
    turned = Transform3D.rotation(1.5 * math.pi)
    assert moved.presentation.transform == approx(turned._replace(m41=100.0), 1e-12)


def test_spring_moves_the_angle_as_a_number(engine: Engine) -> None:
    spring = Spring(stiffness=120, damping=8)
    layer = engine.layer()
    layer.add_animation(
        SpringAnimation(
            "transform", from_value=0, to_value=2 * math.pi, spring=spring, value_function="rotateZ"
        ),
        "turn",
    )
    layer.add_animation(
        SpringAnimation("zPosition", from_value=0, to_value=2 * math.pi, spring=spring), "number"
    )
    engine.tick(T0)
    for elapsed in (0.05, 0.2, 0.6):
        engine.tick(T0 + elapsed)
        angle = layer.presentation.zPosition
        assert layer.presentation.transform == approx(Transform3D.rotation(angle), 1e-12)


def test_the_name_reads_back_and_copies_keep_it(engine: Engine) -> None:
    layer = engine.layer()
    animation = BasicAnimation("transform", by_value=10, duration=1, value_function="translateX")
    assert animation.value_function == "translateX"
    assert animation.copy(value_function="translateY").value_function == "translateY"
    assert "value_function='translateX'" in repr(animation)
    layer.add_animation(animation, "k")
    copy = layer.animation("k")
    assert copy is not None
    assert copy.value_function == "translateX"
    assert copy.by_value == 10
    assert BasicAnimation("opacity").value_function is None


def test_refusals_name_the_argument(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(TypeError, match="value_function must be a str or None"):
        BasicAnimation("transform", value_function=3)
    for name in ("", "spin", "RotateZ"):
        with pytest.raises(UnknownNameError, match="value_function is"):
            layer.add_animation(
                BasicAnimation("transform", to_value=1, duration=1, value_function=name)
            )
    with pytest.raises(InvalidArgumentError, match="value_function is rotateZ on a decay"):
        layer.add_animation(
            DecayAnimation("transform", from_value=0, velocity=1, value_function="rotateZ")
        )
    with pytest.raises(WrongKindError, match="from_value is a vector3 but value_function rotateZ"):
        layer.add_animation(
            BasicAnimation(
                "transform", from_value=Vector3(0, 0, 0), to_value=1, value_function="rotateZ"
            )
        )
    with pytest.raises(WrongKindError, match="to_value is a scalar but value_function scale"):
        layer.add_animation(BasicAnimation("transform", to_value=2, value_function="scale"))
    with pytest.raises(WrongKindError, match='value_function is rotateZ but key_path "opacity"'):
        layer.add_animation(
            BasicAnimation("opacity", from_value=0, to_value=1, value_function="rotateZ")
        )
    assert layer.animation_keys == []
