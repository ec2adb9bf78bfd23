"""The built-in classes through the binding (Tests/c/test_builtin_classes.c in Python): fixed
handles and lookup by name, CATextLayer's, CAShapeLayer's and CAGradientLayer's defaults, ranges
and animation, subclassing, and the
render list of replicators (the reference's spinner, §5.3; nesting; the limits) and of
transform layers."""

from __future__ import annotations

import ctypes
import math
from typing import Any

import pytest

numpy = pytest.importorskip("numpy")

import animcore  # noqa: E402
from animcore import (  # noqa: E402
    MAX_REPLICATOR_INSTANCES,
    BasicAnimation,
    BuiltInClass,
    Color,
    Engine,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    Path,
    Point,
    RenderFlag,
    TextAlignment,
    TextTruncation,
    Transform3D,
    TransitionState,
)
from animcore.errors import (  # noqa: E402
    InvalidArgumentError,
    NotAnimatableError,
    OutOfRangeError,
    UnknownNameError,
)

T0 = 100.0


def translation(x: float, y: float, z: float) -> Transform3D:
    return Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1)


def rotation_z(angle: float) -> Transform3D:
    c, s = math.cos(angle), math.sin(angle)
    return Transform3D(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)


def map_point(matrix: Any, x: float, y: float) -> "tuple[float, float]":
    out = numpy.array([x, y, 0.0, 1.0]) @ numpy.asarray(matrix)
    return float(out[0] / out[3]), float(out[1] / out[3])


def test_handles_names_and_lookup() -> None:
    with Engine() as engine, Engine() as other:
        for which, name in [
            (BuiltInClass.LAYER, "CALayer"),
            (BuiltInClass.TEXT_LAYER, "CATextLayer"),
            (BuiltInClass.REPLICATOR_LAYER, "CAReplicatorLayer"),
            (BuiltInClass.TRANSFORM_LAYER, "CATransformLayer"),
            (BuiltInClass.SHAPE_LAYER, "CAShapeLayer"),
            (BuiltInClass.GRADIENT_LAYER, "CAGradientLayer"),
        ]:
            found = engine.class_named(name)
            assert found.handle == int(which) == other.class_named(name).handle
            assert found.name == name
        assert engine.builtin_class(BuiltInClass.LAYER) is engine.base_class
        # A layer made through the raw API wraps as a layer of the built-in class.
        raw = animcore._capi.ac_layer()
        animcore._capi.lib.ac_layer_create(
            animcore._handles.engine_ptr(other), int(BuiltInClass.TEXT_LAYER), ctypes.byref(raw)
        )
        wrapped = other._wrap(raw.value)
        animcore._capi.lib.ac_layer_release(animcore._handles.engine_ptr(other), raw.value)
        assert wrapped["fontSize"] == 36
        assert other.builtin_class(BuiltInClass.TEXT_LAYER).name == "CATextLayer"
        with pytest.raises(UnknownNameError, match="name"):
            engine.class_named("CAShinyLayer")
        with pytest.raises(InvalidArgumentError, match="name"):
            engine.layer_class("CAReplicatorLayer")
        spinner = engine.layer_class(
            "Spinner", {"speedFactor": 1.0}, superclass=engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        )
        assert engine.class_named("Spinner") is spinner
        layer = spinner()
        assert layer["instanceCount"] == 1 and layer["speedFactor"] == 1.0


def test_text_layer_defaults_ranges_and_animation() -> None:
    with Engine() as engine:
        text = engine.builtin_class(BuiltInClass.TEXT_LAYER)()
        assert text["fontSize"] == 36
        assert text["foregroundColor"] == Color(1, 1, 1, 1)
        assert text["alignmentMode"] == TextAlignment.NATURAL
        assert text["truncationMode"] == TextTruncation.NONE
        assert text["wrapped"] is False and text["allowsFontSubpixelQuantization"] is False
        text["alignmentMode"] = TextAlignment.JUSTIFIED
        assert text["alignmentMode"] == 4
        with pytest.raises(OutOfRangeError, match="alignmentMode"):
            text["alignmentMode"] = 5
        with pytest.raises(OutOfRangeError, match="truncationMode"):
            text["truncationMode"] = -1
        with pytest.raises(NotAnimatableError, match="string"):
            text.add_animation(BasicAnimation("string", duration=1.0))
        engine.tick(T0)
        text.add_animation(BasicAnimation("fontSize", from_value=36.0, to_value=72.0, duration=1.0))
        engine.tick(T0 + 0.1)
        engine.tick(T0 + 0.6)
        assert text.presentation["fontSize"] == pytest.approx(54)


def test_shape_layer_defaults_ranges_and_animation() -> None:
    assert (int(BuiltInClass.SHAPE_LAYER), int(BuiltInClass.GRADIENT_LAYER)) == (4, 5)
    with Engine() as engine:
        shape = engine.builtin_class(BuiltInClass.SHAPE_LAYER)()
        assert shape["path"] == Path()
        assert shape["fillColor"] == Color(0, 0, 0, 1)
        assert shape["fillRule"] == FillRule.NON_ZERO
        assert shape["strokeColor"] == Color(0, 0, 0, 0)
        assert (shape["strokeStart"], shape["strokeEnd"]) == (0, 1)
        assert (shape["lineWidth"], shape["miterLimit"], shape["lineDashPhase"]) == (1, 10, 0)
        assert shape["lineCap"] == LineCap.BUTT and shape["lineJoin"] == LineJoin.MITER
        assert shape["lineDashPattern"] == []
        enums = [("fillRule", FillRule.EVEN_ODD), ("lineCap", LineCap.SQUARE), ("lineJoin", LineJoin.BEVEL)]
        for key, highest in enums:
            with pytest.raises(OutOfRangeError, match=key):
                shape[key] = int(highest) + 1
            with pytest.raises(OutOfRangeError, match=key):
                shape[key] = -1
            shape[key] = highest
            assert shape[key] == highest
        # Kept as set: the host clamps the stroke range when drawing.
        shape["strokeEnd"] = 1.5
        shape["lineWidth"] = -2.0
        assert shape["strokeEnd"] == 1.5 and shape["lineWidth"] == -2.0
        triangle = Path().move_to(0, 0).line_to(10, 0).line_to(5, 8).close()
        shape["path"] = triangle
        shape["lineDashPattern"] = [4.0, 2.0]
        assert shape.presentation["path"] == triangle and shape["lineDashPattern"] == [4.0, 2.0]
        with pytest.raises(NotAnimatableError, match="lineCap"):
            shape.add_animation(BasicAnimation("lineCap", duration=1.0))
        engine.tick(T0)
        shape.add_animation(BasicAnimation("strokeEnd", from_value=0.0, to_value=1.0, duration=1.0), "draw")
        shape.add_animation(
            BasicAnimation("fillColor", from_value=Color(1, 0, 0, 1), to_value=Color(0, 0, 1, 1), duration=1.0), "fill"
        )
        engine.tick(T0 + 0.1)
        engine.tick(T0 + 0.35)
        assert shape.presentation["strokeEnd"] == pytest.approx(0.25)
        assert shape.presentation["fillColor"].red == pytest.approx(0.75)
        # The path animates: from the presentation to the value underneath, both the triangle.
        shape.add_animation(BasicAnimation("path", duration=1.0), "morph")
        engine.tick(T0 + 0.5)
        assert "morph" in shape.animation_keys
        assert shape.presentation["path"] == triangle


def test_gradient_layer_defaults_ranges_and_animation() -> None:
    with Engine() as engine:
        gradient = engine.builtin_class(BuiltInClass.GRADIENT_LAYER)()
        assert gradient["colors"] == [] and gradient["locations"] == []
        assert gradient["startPoint"] == Point(0.5, 0) and gradient["endPoint"] == Point(0.5, 1)
        assert gradient["type"] == GradientType.AXIAL
        with pytest.raises(OutOfRangeError, match="type"):
            gradient["type"] = 3
        gradient["type"] = GradientType.CONIC
        assert gradient["type"] == 2
        stops = [Color(1, 0, 0, 1), Color(0, 0, 1, 0.5)]
        gradient["colors"] = stops
        gradient["locations"] = [0.2, 0.8]
        assert gradient.presentation["colors"] == stops
        assert gradient.presentation["locations"] == [0.2, 0.8]
        with pytest.raises(NotAnimatableError, match="type"):
            gradient.add_animation(BasicAnimation("type", duration=1.0))
        engine.tick(T0)
        gradient.add_animation(BasicAnimation("startPoint", to_value=Point(0.5, 1), duration=1.0), "sweep")
        engine.tick(T0 + 0.1)
        engine.tick(T0 + 0.6)
        assert gradient.presentation["startPoint"].y == pytest.approx(0.5)
        gradient.add_animation(BasicAnimation("colors", duration=1.0), "fade")
        gradient.add_animation(BasicAnimation("locations", duration=1.0), "move")
        assert gradient.animation_keys[-2:] == ["fade", "move"]


def spinner(engine: Engine) -> "tuple[animcore.Layer, animcore.Layer]":
    """Reference §5.3: twelve dots about (50, 50), a twelfth of a second apart."""
    replicator = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)(
        bounds=(0, 0, 100, 100), position=(50, 50)
    )
    dot = engine.layer(bounds=(0, 0, 8, 8), position=(50, 10))
    replicator.add_sublayer(dot)
    replicator["instanceCount"] = 12
    replicator["instanceTransform"] = rotation_z(2 * math.pi / 12)
    replicator["instanceDelay"] = 1 / 12
    replicator["instanceAlphaOffset"] = -1 / 12
    replicator["instanceRedOffset"] = 0.5
    return replicator, dot


def test_spinner_instances() -> None:
    with Engine() as engine:
        replicator, dot = spinner(engine)
        engine.tick(T0)
        dot.add_animation(
            BasicAnimation("opacity", from_value=1.0, to_value=0.0, duration=1.0, repeat_count=math.inf)
        )
        engine.tick(T0)
        engine.tick(T0 + 0.5)
        with engine.render_list() as render:
            entries = render.fill(replicator)
            assert len(entries) == 13
            for k in range(12):
                entry = entries[1 + k]
                x, y = map_point(entry["matrix"], 4, 4)
                angle = k * 2 * math.pi / 12
                assert (x, y) == pytest.approx((50 + 40 * math.sin(angle), 50 - 40 * math.cos(angle)))
                assert entry["instance_index"] == k
                assert entry["instance_time_shift"] == pytest.approx(k / 12)
                assert list(entry["instance_color"]) == pytest.approx([1, 1, 1, 1 - k / 12])
                assert entry["opacity"] == pytest.approx(0.5 + k / 12 if k <= 6 else 1.0)
                assert render.layer(1 + k) == dot
            model = render.fill(replicator, presentation=False)
            assert model["opacity"][1:] == pytest.approx([1.0] * 12)
        # Hit testing keeps to the model tree (instance 0).
        assert replicator.hit_test((50, 10), presentation=False) == dot
        assert replicator.hit_test((90, 50), presentation=False) == replicator


def test_nested_replicators_multiply() -> None:
    with Engine() as engine:
        replicators = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        outer = replicators(bounds=(0, 0, 100, 100), position=(50, 50), instance_count=3)
        inner = replicators(bounds=(0, 0, 100, 100), position=(50, 50), instance_count=4)
        outer.add_sublayer(inner)
        inner.add_sublayer(engine.layer(bounds=(0, 0, 2, 2), position=(1, 1)))
        outer["instanceTransform"] = translation(10, 0, 0)
        outer["instanceAlphaOffset"] = -0.25
        inner["instanceTransform"] = translation(0, 10, 0)
        inner["instanceRedOffset"] = -0.25
        with engine.render_list() as render:
            entries = render.fill(outer, presentation=False)
            assert len(entries) == 1 + 3 * (1 + 4)
            assert map_point(entries[15]["matrix"], 1, 1) == pytest.approx((21, 31))
            assert list(entries[15]["instance_color"]) == pytest.approx([0.25, 1, 1, 0.5])


def test_instance_limits() -> None:
    with Engine() as engine:
        replicators = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        outer = replicators()
        with pytest.raises(OutOfRangeError, match="instanceCount"):
            outer["instanceCount"] = -1
        with pytest.raises(OutOfRangeError, match="instanceCount"):
            outer["instanceCount"] = MAX_REPLICATOR_INSTANCES + 1
        with pytest.raises(OutOfRangeError, match="instanceCount"):
            engine.batch([outer]).set("instanceCount", [MAX_REPLICATOR_INSTANCES + 1])
        assert outer["instanceCount"] == 1
        with pytest.raises(OutOfRangeError, match="instanceDelay"):
            outer["instanceDelay"] = 2e6
        inner = replicators(instance_count=MAX_REPLICATOR_INSTANCES)
        outer.add_sublayer(inner)
        outer["instanceCount"] = 2
        with engine.render_list() as render:
            entries = render.fill(outer, presentation=False)
            assert len(entries) == 3
            assert not entries[0]["flags"] & RenderFlag.INSTANCES_CLAMPED
            assert entries[1]["flags"] & RenderFlag.INSTANCES_CLAMPED


def test_transform_layer_keeps_depth_and_draws_nothing_of_its_own() -> None:
    with Engine() as engine:
        transform_layers = engine.builtin_class(BuiltInClass.TRANSFORM_LAYER)
        root = transform_layers(
            bounds=(0, 0, 100, 100), position=(50, 50), background_color=Color(1, 0, 0, 1), opacity=0.5
        )
        near = transform_layers(bounds=(0, 0, 10, 10), position=(20, 20), transform=translation(0, 0, 20))
        far = engine.layer(bounds=(0, 0, 10, 10), position=(60, 60), z_position=5)
        root.add_sublayer(near)
        root.add_sublayer(far)
        leaf = engine.layer(bounds=(0, 0, 2, 2), position=(1, 1))
        near.add_sublayer(leaf)
        with engine.render_list() as render:
            entries = render.fill(root, presentation=False)
            assert [render.layer(i) for i in range(len(entries))] == [root, far, near, leaf]
            assert entries[0]["flags"] & RenderFlag.SUBLAYERS_ONLY
            assert not entries[0]["flags"] & RenderFlag.OPACITY_GROUP
            assert entries[0]["background_color"][3] == 0
            assert entries[1]["alpha"] == pytest.approx(0.5)
            assert entries[3]["matrix"][3][2] == pytest.approx(20)


def test_conversion_and_hit_testing_go_through_a_transform_layer_in_3d() -> None:
    """The card's own lift (z 50) turns with the transform layer about y, in the container's
    perspective (reference §1.5); conversion, the matrix and the render list agree, and the
    hit test finds the card there, never the transform layer itself (§2.1)."""
    with Engine() as engine:
        perspective = Transform3D.identity()._replace(m34=-1.0 / 500)
        container = engine.layer(bounds=(0, 0, 300, 200), position=(150, 100), sublayer_transform=perspective)
        angle = math.pi / 5
        turning = engine.builtin_class(BuiltInClass.TRANSFORM_LAYER)(
            bounds=(0, 0, 300, 200), position=(150, 100), transform=Transform3D.rotation(angle, 0, 1, 0)
        )
        container.add_sublayer(turning)
        card = engine.layer(bounds=(0, 0, 100, 100), position=(150, 100), transform=translation(0, 0, 50))
        turning.add_sublayer(card)
        matrix = card.matrix_to(container)
        for corner in [(0.0, 0.0), (100.0, 0.0), (30.0, 70.0)]:
            x, y, z = corner[0] - 50, corner[1] - 50, 50.0
            tx, tz = x * math.cos(angle) + z * math.sin(angle), -x * math.sin(angle) + z * math.cos(angle)
            w = 1 - tz / 500
            expected = (tx / w + 150, y / w + 100)
            converted = card.convert_point_to(corner, container)
            assert converted is not None
            assert converted.x == pytest.approx(expected[0], abs=1e-9)
            assert converted.y == pytest.approx(expected[1], abs=1e-9)
            mw = corner[0] * matrix.m14 + corner[1] * matrix.m24 + matrix.m44
            assert (corner[0] * matrix.m11 + corner[1] * matrix.m21 + matrix.m41) / mw == pytest.approx(expected[0])
        with engine.render_list() as render:
            entries = render.fill(container, presentation=False)
            assert render.layer(2) == card
            to_root = card.matrix_to(None)
            assert numpy.allclose(numpy.asarray(entries[2]["matrix"]).ravel(), numpy.asarray(to_root), atol=1e-9)
        middle = card.convert_point_to((50, 50), container)
        assert middle is not None
        assert container.hit_test(middle) == card
        assert container.hit_test((5, 5)) == container
        assert turning.hit_test((5, 5)) is None


def test_a_card_flipped_by_a_transform_layer_shows_the_face_toward_the_viewer() -> None:
    """Single-sided faces in a transform layer: the back-face test takes the matrix through the
    transform layer (reference §1.7, [INFERRED] which matrix)."""
    with Engine() as engine:
        perspective = Transform3D.identity()._replace(m34=-1.0 / 500)
        container = engine.layer(bounds=(0, 0, 200, 200), position=(100, 100), sublayer_transform=perspective)
        card = engine.builtin_class(BuiltInClass.TRANSFORM_LAYER)(bounds=(0, 0, 100, 100), position=(100, 100))
        container.add_sublayer(card)
        front = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), double_sided=False)
        back = engine.layer(
            bounds=(0, 0, 100, 100), position=(50, 50), double_sided=False,
            transform=Transform3D.rotation(math.pi, 0, 1, 0),
        )
        card.add_sublayer(front)
        card.add_sublayer(back)
        with engine.render_list() as render:
            for angle, shown in [(0.0, front), (0.75 * math.pi, back), (0.25 * math.pi, front)]:
                card.transform = Transform3D.rotation(angle, 0, 1, 0)
                entries = render.fill(container, presentation=False)
                assert [render.layer(i) for i in range(len(entries))] == [container, card, shown]
                # What is drawn is what is hit: the face turned away takes no tap.
                assert container.hit_test((100, 100)) == shown


def test_a_delayed_instance_reads_its_sublayers_order_at_its_own_time() -> None:
    """Replicator instance k at t - k·instanceDelay: its sublayers' hidden state and zPosition
    too, not only their values (reference §5.2)."""
    with Engine() as engine:
        replicators = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        replicator = replicators(bounds=(0, 0, 100, 100), position=(50, 50), instance_count=3, instance_delay=1.0)
        blink = engine.layer(bounds=(0, 0, 8, 8), position=(10, 10))
        under = engine.layer(bounds=(0, 0, 8, 8), position=(10, 10))
        replicator.add_sublayer(blink)
        replicator.add_sublayer(under)
        engine.tick(0)
        for layer, key, values in [(blink, "hidden", [False, True]), (under, "zPosition", [0.0, 1.0])]:
            switch = animcore.KeyframeAnimation(
                key, values=values, key_times=[0, 0.5, 1], mode="discrete", duration=1,
                fill_mode="forwards", removed_on_completion=False,
            )
            layer.add_animation(switch, key)
        engine.tick(0)
        engine.tick(1.2)
        with engine.render_list() as render:
            entries = render.fill(replicator, presentation=True)
            assert [render.layer(i) for i in range(len(entries))] == [replicator, under, blink, under, blink, under]
            assert [int(e["instance_index"]) for e in entries] == [0, 0, 1, 1, 2, 2]


def test_a_delayed_instance_reads_its_sublayers_masks_and_transitions_at_its_own_time() -> None:
    """Replicator instance k at t - k·instanceDelay: whether a sublayer's mask draws, and the
    sublayer's transition, are read there too (reference §5.2)."""
    with Engine() as engine:
        replicators = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        replicator = replicators(bounds=(0, 0, 100, 100), position=(50, 50), instance_count=3, instance_delay=1.0)
        card = engine.layer(bounds=(0, 0, 8, 8), position=(10, 10))
        masked = engine.layer(bounds=(0, 0, 8, 8), position=(30, 10))
        cover = engine.layer(bounds=(0, 0, 8, 8), position=(4, 4))
        replicator.add_sublayer(card)
        replicator.add_sublayer(masked)
        masked.mask = cover
        engine.tick(0)
        # The mask hides itself from its time 0.5 on; the card fades over 2 s from its time 0.
        hide = animcore.KeyframeAnimation(
            "hidden", values=[False, True], key_times=[0, 0.5, 1], mode="discrete", duration=1,
            fill_mode="forwards", removed_on_completion=False,
        )
        cover.add_animation(hide, "hide")
        card.add_animation(animcore.Transition("fade", duration=2))
        engine.tick(0)
        engine.tick(1.2)
        with engine.render_list() as render:
            entries = render.fill(replicator, presentation=True)
            # Instance 0 at 1.2: the mask hidden, so `masked` draws nothing; instances 1 (at 0.2)
            # and 2 (at -0.8, the model) draw it with its mask.
            drawn = [render.layer(i) for i in range(len(entries))]
            assert drawn == [replicator, card, card, masked, cover, card, masked, cover]
            cards = entries[[1, 2, 5]]
            assert [int(e["instance_index"]) for e in cards] == [0, 1, 2]
            # The transition at each instance's time: 0.6 and 0.1 of the way; not begun in the third.
            assert [float(e["transition_progress"]) for e in cards] == pytest.approx([0.6, 0.1, 0.0], abs=1e-12)
            shows = [bool(TransitionState(int(e["transition_state"])) & TransitionState.IN_EFFECT) for e in cards]
            assert shows == [True, True, False]
            assert len({int(e["transition_id"]) for e in cards}) == 1
