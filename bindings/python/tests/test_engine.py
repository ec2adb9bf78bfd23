"""The engine, layer classes and layers: lifecycle, the clock, keys, declared properties of
every kind as attributes, key paths and undeclared keys, the tree, layer time, snapshots, batch
reads, and bad input raising the right exception with the library's message."""

from __future__ import annotations

import ctypes
import gc
import math
from typing import Any, List

import pytest

import animcore
from _frames import T0, approx, frame
from animcore._handles import engine_ptr as _engine_ptr
from animcore import (
    AffineTransform,
    BadHandleError,
    Color,
    ContentsGravity,
    CornerMask,
    CycleError,
    Engine,
    FillMode,
    InvalidArgumentError,
    Layer,
    NotFiniteError,
    NotInvertibleError,
    OutOfRangeError,
    Point,
    Property,
    Rect,
    Size,
    Token,
    Transform3D,
    UnknownKeyError,
    ValueKind,
    Vector3,
    WrongKindError,
)

# ---- engine ------------------------------------------------------------------------------------


def test_engine_lifecycle_and_clock() -> None:
    engine = Engine()
    assert engine.current_time == 0.0 and engine.global_speed == 1.0 and not engine.closed
    engine.tick(10.0)
    assert engine.current_time == 10.0  # the first tick sets it
    engine.tick(12.0)
    assert engine.current_time == 12.0
    engine.global_speed = 0.5
    engine.tick(14.0)
    assert engine.current_time == 13.0  # 2 s of host time at half speed
    engine.tick()  # the monotonic clock
    assert engine.current_time > 13.0
    assert "Engine time" in repr(engine)
    layer = engine.layer()
    engine.close()
    engine.close()  # twice: no-op
    assert engine.closed and repr(engine) == "<Engine closed>"
    with pytest.raises(BadHandleError, match="closed"):
        engine.tick(20.0)
    with pytest.raises(BadHandleError):
        layer.opacity = 0.5
    with pytest.raises(BadHandleError):
        _ = layer.opacity


def test_engine_options_are_checked() -> None:
    with pytest.raises(OutOfRangeError, match="default_duration"):
        Engine(default_duration=0)
    with pytest.raises(NotFiniteError, match="global_speed"):
        Engine(global_speed=math.nan)
    with pytest.raises(OutOfRangeError, match="global_speed"):
        Engine(global_speed=-1)
    with pytest.raises(TypeError):
        Engine(default_duration="1")  # type: ignore[arg-type]
    with Engine() as engine:
        with pytest.raises(NotFiniteError, match="now"):
            engine.tick(math.inf)
        with pytest.raises(OutOfRangeError):
            engine.tick(1e16)
        with pytest.raises(OutOfRangeError, match="speed"):
            engine.global_speed = -0.5


def test_an_engine_garbage_collected_without_close() -> None:
    engine = Engine()
    layer = engine.layer()
    layer.add_animation(
        animcore.BasicAnimation("opacity", to_value=0.0, duration=5, on_stop=lambda *a: None)
    )
    count = animcore._callbacks.registered_count()
    del engine, layer
    gc.collect()
    assert animcore._callbacks.registered_count() == count - 1  # the registration ended


def test_keys_are_interned_and_cached(engine: Engine) -> None:
    opacity = engine.key("opacity")
    assert engine.key("opacity") == opacity
    assert engine.key_name(opacity) == "opacity"
    path = engine.key("transform.rotation.z")
    assert path != opacity and engine.key_name(path) == "transform.rotation.z"
    with pytest.raises(UnknownKeyError, match="name"):
        engine.key("")
    with pytest.raises(UnknownKeyError):
        engine.key_name(opacity | 0xFFFFF)  # this engine's tag, an index it never gave out
    with pytest.raises(BadHandleError, match="key"):
        engine.key_name(987654)  # no engine's tag
    with Engine() as other:
        with pytest.raises(BadHandleError, match="another engine"):
            other.key_name(path)
    assert engine.key_name(engine.key("ünïcode")) == "ünïcode"


# ---- built-in properties -------------------------------------------------------------------------


def test_built_in_defaults_as_attributes(engine: Engine) -> None:
    layer = engine.layer()
    assert layer.bounds == Rect(0, 0, 0, 0) and isinstance(layer.bounds, Rect)
    assert layer.position == Point(0, 0)
    assert layer.anchor_point == layer.anchorPoint == (0.5, 0.5)
    assert layer.z_position == 0.0 and layer.anchor_point_z == 0.0
    assert layer.transform == Transform3D.identity() == layer.sublayer_transform
    assert layer.opacity == 1.0 and layer.hidden is False
    assert layer.background_color == Color(0, 0, 0, 0)
    assert layer.border_color == Color(0, 0, 0, 1)
    assert layer.shadow_offset == Size(0, -3) and layer.shadow_radius == 3
    assert layer.contents_rect == Rect(0, 0, 1, 1)
    assert layer.contents == Token(0) and isinstance(layer.contents, Token)
    assert layer.masks_to_bounds is False and layer.double_sided is True
    assert layer.geometry_flipped is False
    assert layer.needs_display_on_bounds_change is False
    assert layer.duration == math.inf and layer.speed == 1.0 and layer.begin_time == 0.0
    assert layer.repeat_count == 0.0 and layer.autoreverses is False
    assert layer.fill_mode is FillMode.REMOVED
    assert layer.masked_corners is CornerMask.ALL and layer.contents_gravity is ContentsGravity.RESIZE
    assert layer.contents_scale == 1.0 and layer.allows_group_opacity is True
    assert layer.contents_center == Rect(0, 0, 1, 1)
    names = engine.base_class.property_names
    assert names[:3] == ("bounds", "position", "zPosition") and names[-1] == "frame"
    assert len(names) == 36 + 1


def test_setting_built_in_properties(engine: Engine) -> None:
    layer = engine.layer()
    layer.position = (10, 20)
    layer.bounds = ((0, 0), (200, 100))
    layer.opacity = 1  # an int is a number
    layer.background_color = Color(1, 0, 0)
    layer.contents = 0xFFFF_FFFF_FFFF_FFFF
    layer.hidden = True
    layer.transform = Transform3D.rotation(math.pi / 2)
    layer.fill_mode = "both"
    assert layer.position == (10, 20) and layer.bounds == (0, 0, 200, 100)
    assert layer.opacity == 1.0 and type(layer.opacity) is float
    assert layer.background_color == (1, 0, 0, 1)
    assert layer.contents == 2**64 - 1
    assert layer.hidden is True
    assert layer.transform.m12 == approx(1)
    assert layer.fill_mode is FillMode.BOTH and layer["fillMode"] is FillMode.BOTH
    layer.fill_mode = 1
    assert layer.fill_mode is FillMode.FORWARDS
    # frame: derived (from bounds, position, anchorPoint and transform), settable
    layer.transform = Transform3D.identity()
    layer.frame = Rect(0, 0, 128, 256)
    assert layer.frame == (0, 0, 128, 256) and layer.position == (64, 128)
    assert "frame" not in layer.snapshot()
    # key paths
    layer["position.x"] = 5
    assert layer["position.x"] == 5.0 and layer.position == (5, 128)
    layer["bounds.size.width"] = 50
    assert layer.bounds.width == 50
    layer["transform.rotation.z"] = 0.0
    assert layer.transform == approx(Transform3D.identity())
    assert layer.presentation["position.y"] == 128  # before any tick: the model


def test_attribute_errors(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(AttributeError, match="opactiy"):
        layer.opactiy = 0.5  # type: ignore[attr-defined]  # a typo never creates a key
    with pytest.raises(AttributeError, match="no property"):
        _ = layer.opactiy  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        layer.superlayer = layer  # type: ignore[misc,assignment]
    with pytest.raises(AttributeError):
        del layer.opacity
    with pytest.raises(AttributeError, match="read-only"):
        layer.presentation.opacity = 0.5  # type: ignore[assignment]  # read-only
    with pytest.raises(TypeError):
        Layer()


@pytest.mark.parametrize(
    "name,value,error",
    [
        ("opacity", "0.5", TypeError),
        ("opacity", True, TypeError),
        ("opacity", Point(1, 2), WrongKindError),
        ("position", (1, 2, 3), TypeError),
        ("position", Size(1, 2), WrongKindError),
        ("position", 3.0, TypeError),
        ("bounds", "abcd", TypeError),
        ("hidden", 2, OutOfRangeError),
        ("hidden", "yes", TypeError),
        ("contents", -1, OutOfRangeError),
        ("contents", 1.5, TypeError),
        ("opacity", math.nan, NotFiniteError),
        ("position", (math.inf, 0), NotFiniteError),
        ("fill_mode", "sideways", animcore.UnknownNameError),
        ("speed", math.inf, NotFiniteError),
        ("duration", -1.0, OutOfRangeError),
    ],
)
def test_bad_values(engine: Engine, name: str, value: Any, error: type) -> None:
    layer = engine.layer()
    with pytest.raises(error) as caught:
        setattr(layer, name, value)
    message = str(caught.value)
    assert not message.startswith("AC_") and "->" not in message
    assert message.startswith(name) or name in message


def test_library_errors_carry_the_librarys_message(engine: Engine) -> None:
    layer = engine.layer()
    with pytest.raises(NotFiniteError) as caught:
        layer.opacity = math.nan
    assert caught.value.status == animcore._capi.AC_ERR_NOT_FINITE
    assert caught.value.message == "opacity is nan; it must be finite"
    raw = animcore._capi.lib.ac_last_error_message().decode()  # the library's own words
    assert raw == "AC_ERR_NOT_FINITE: value: opacity is nan; it must be finite"
    with pytest.raises(UnknownKeyError, match="position.z"):
        _ = layer["position.z"]
    with pytest.raises(UnknownKeyError):
        layer["nothing.here"] = 1.0
    with pytest.raises(UnknownKeyError):
        _ = layer["neverSet"]


def test_undeclared_keys_are_stored(engine: Engine) -> None:
    layer = engine.layer()
    layer["tag"] = 7
    layer["label"] = Token(0xABC)
    layer["weight"] = 2.5
    layer["where"] = Point(1, 2)
    assert layer["tag"] == 7 and layer["label"] == Token(0xABC) and layer["weight"] == 2.5
    assert layer["where"] == (1, 2) and layer.presentation["tag"] == 7
    layer["tag"] = 8  # keeps its kind
    assert layer["tag"] == 8
    with pytest.raises(TypeError):
        layer["tag"] = 1.5
    with pytest.raises(TypeError, match="kind"):
        layer["pair"] = (1, 2)  # a plain tuple: point or size?
    with pytest.raises(AttributeError):
        _ = layer.tag  # type: ignore[attr-defined]  # attributes: declared properties only
    assert "tag" not in layer.snapshot()


# ---- custom properties of every kind -------------------------------------------------------------

EVERY_KIND = {
    "scalar": (0.0, 2.5),
    "point": (Point(0, 0), Point(3, 4)),
    "size": (Size(1, 1), Size(5, 6)),
    "rect": (Rect(0, 0, 1, 1), Rect(1, 2, 3, 4)),
    "vector": (Vector3(0, 0, 0), Vector3(1, 2, 3)),
    "color": (Color(0, 0, 0, 1), Color(0.2, 0.4, 0.6, 0.8)),
    "affine": (AffineTransform.identity(), AffineTransform.rotation(0.5)),
    "matrix": (Transform3D.identity(), Transform3D.translation(1, 2, 3)),
    "flag": (False, True),
    "count": (0, -42),
    "image": (Token(0), Token(2**63 + 5)),
}
KINDS = {
    "scalar": ValueKind.SCALAR,
    "point": ValueKind.POINT,
    "size": ValueKind.SIZE,
    "rect": ValueKind.RECT,
    "vector": ValueKind.VECTOR3,
    "color": ValueKind.COLOR,
    "affine": ValueKind.AFFINE_TRANSFORM,
    "matrix": ValueKind.TRANSFORM3D,
    "flag": ValueKind.BOOL,
    "count": ValueKind.INTEGER,
    "image": ValueKind.TOKEN,
}


def test_custom_properties_of_every_kind(engine: Engine) -> None:
    Every = engine.layer_class("Every", {name: pair[0] for name, pair in EVERY_KIND.items()})
    assert Every.declared_properties == tuple(EVERY_KIND)
    layer = Every()
    for name, (default, value) in EVERY_KIND.items():
        assert getattr(layer, name) == default and type(getattr(layer, name)) is type(default)
        setattr(layer, name, value)
        assert (
            getattr(layer, name) == approx(value)
            if name in ("affine",)
            else getattr(layer, name) == value
        )
        assert layer.layer_class._lookup(name, layer).kind is KINDS[name]  # type: ignore[union-attr]
    snapshot = layer.snapshot()
    assert list(snapshot)[-len(EVERY_KIND) :] == list(EVERY_KIND)
    assert snapshot["image"] == Token(2**63 + 5)


def test_layers_have_a_python_type_per_class(engine: Engine) -> None:
    Clock = engine.layer_class("Clock", {"time": 0.0, "snapshot": 1.0})
    clock = Clock()
    assert type(clock) is Clock.layer_type and type(clock).__name__ == "Clock"
    assert isinstance(clock, Layer) and not isinstance(engine.layer(), Clock.layer_type)
    assert {"time", "opacity", "anchor_point", "anchorPoint"} <= set(dir(clock))
    assert callable(clock.snapshot)  # a property named like a Layer method: item access only
    assert clock["snapshot"] == 1.0
    clock["snapshot"] = 2.0
    assert clock.presentation["snapshot"] == 2.0
    with pytest.raises(TypeError):
        Clock.layer_type()
    root = engine.layer()
    root.add_sublayer(Clock(time=2.0))
    gc.collect()
    assert type(root.sublayers[0]) is Clock.layer_type  # wrappers made by the library too


def test_property_declarations(engine: Engine) -> None:
    Gauge = engine.layer_class(
        "Gauge",
        {
            "level": Property(0, kind="scalar"),  # a scalar written as an int
            "label": Property(0, animatable=False, needs_display=True),
            "lengthRadians": 0.0,
        },
    )
    gauge = Gauge(level=3, length_radians=1.0)
    assert gauge.level == 3.0 and type(gauge.level) is float
    assert gauge.length_radians == gauge.lengthRadians == 1.0
    assert gauge.label == 0 and type(gauge.label) is int
    engine.tick(T0)
    gauge.label = 5  # not animatable: no implicit animation
    assert gauge.animation_keys == []
    Dial = engine.layer_class("Dial", {"needle": 0.0}, superclass=Gauge)
    dial = Dial()
    assert dial.level == 0.0 and dial.needle == 0.0 and dial.layer_class.superclass is Gauge
    assert repr(Dial).startswith("<LayerClass 'Dial'")


@pytest.mark.parametrize(
    "arguments,error",
    [
        (dict(name="Bad", properties={"a.b": 0.0}), InvalidArgumentError),
        (dict(name="Bad", properties={"": 0.0}), InvalidArgumentError),
        (dict(name="Bad", properties={"frame": 0.0}), InvalidArgumentError),
        (dict(name="Bad", properties={"opacity": 0.0}), InvalidArgumentError),
        (dict(name="Bad", properties={"x": (1, 2)}), TypeError),
        (dict(name="Bad", properties={"x": math.nan}), NotFiniteError),
        (dict(name="Bad", properties={"x": 0.0}, needs_display={"y"}), InvalidArgumentError),
        (dict(name="Bad", properties={"x": 0.0}, not_animatable={"y"}), InvalidArgumentError),
        (dict(name="Bad", properties={"x": 0.0}, needs_display="x"), TypeError),
        (dict(name=3), TypeError),
        (dict(name="Bad", properties={"x": Property(0.0, kind="complex")}), ValueError),
    ],
)
def test_bad_class_declarations(engine: Engine, arguments: Any, error: type) -> None:
    with pytest.raises(error):
        engine.layer_class(**arguments)


def test_classes_belong_to_their_engine(engine: Engine) -> None:
    with Engine() as other:
        Foreign = other.layer_class("Foreign", {"x": 0.0})
        with pytest.raises(BadHandleError):
            engine.layer(Foreign)
        with pytest.raises(BadHandleError):
            engine.layer_class("Sub", superclass=Foreign)
        foreign = other.layer()
        with pytest.raises(BadHandleError):
            engine.layer().add_sublayer(foreign)


# ---- the tree and layer time ---------------------------------------------------------------------


def test_tree(engine: Engine) -> None:
    root, a, b, c = engine.layer(), engine.layer(), engine.layer(), engine.layer()
    root.add_sublayer(a)
    root.add_sublayer(b)
    root.insert_sublayer(c, 0)
    assert list(root.sublayers) == [c, a, b] and root.sublayers[0] is c
    assert a.superlayer is root and root.superlayer is None
    assert list(root) == [c, a, b]
    d = engine.layer()
    root.insert_sublayer(d, -1)  # as list.insert: before the last
    assert list(root.sublayers) == [c, a, d, b]
    root.insert_sublayer(c, 99)  # clamped; moved within the same superlayer
    assert list(root.sublayers) == [a, d, b, c]
    d.remove_from_superlayer()
    b.remove_from_superlayer()
    b.remove_from_superlayer()  # none: no effect
    assert list(root.sublayers) == [a, c]
    a.add_sublayer(b)
    with pytest.raises(CycleError):
        b.add_sublayer(root)
    with pytest.raises(CycleError):
        a.add_sublayer(a)
    with pytest.raises(TypeError):
        a.add_sublayer("b")  # type: ignore[arg-type]


def test_a_tree_keeps_its_layers_alive(engine: Engine) -> None:
    root = engine.layer()
    root.add_sublayer(engine.layer(opacity=0.25))
    gc.collect()
    (child,) = root.sublayers
    assert child.opacity == 0.25 and child.superlayer is root
    handle = child.handle
    del child
    gc.collect()
    assert root.sublayers[0].handle == handle


def test_convert_time_and_local_time(engine: Engine) -> None:
    """T20: root -> mid (b 2, s 3, o 0.25) -> leaf (b 1, s 2, o 0.5)."""
    mid = engine.layer(begin_time=2, speed=3, time_offset=0.25)
    leaf = engine.layer(begin_time=1, speed=2, time_offset=0.5)
    mid.add_sublayer(leaf)
    assert leaf.convert_time_from(10, mid) == approx(18.5)
    assert leaf.convert_time_from(10, None) == approx(47)
    assert leaf.convert_time_to(10, mid) == approx(5.75)
    assert leaf.convert_time_to(10, None) == approx(23 / 6)
    assert engine.convert_time(10, leaf, None) == approx(23 / 6)
    engine.tick(10.0)
    assert leaf.local_time == approx(47)
    paused = engine.layer(speed=0, time_offset=0.3)
    assert paused.convert_time_from(5, None) == approx(0.3)
    with pytest.raises(NotInvertibleError):
        paused.convert_time_to(1.0, None)
    with pytest.raises(NotFiniteError):
        leaf.convert_time_to(math.nan, None)
    assert leaf.timing == animcore.Timing.layer(begin_time=1, speed=2, time_offset=0.5)


def test_a_layer_runs_on_engine_time_after_its_timed_container_is_destroyed(engine: Engine) -> None:
    """Under a container at speed 2 the layer's time is the container's; the container released
    (the host keeps the layer), one engine second is a tenth of its 10 s fade again."""
    container = engine.layer(speed=2)
    layer = engine.layer()
    container.add_sublayer(layer)
    engine.tick(0.0)
    layer.add_animation(animcore.BasicAnimation("opacity", from_value=0, to_value=1, duration=10.0), "fade")
    for frame in range(1, 11):
        engine.tick(frame * 0.1)
    under_container = layer.presentation.opacity
    assert layer.local_time == approx(2)
    del container
    gc.collect()
    assert layer.superlayer is None
    engine.tick(2.0)
    engine.tick(3.0)
    assert layer.local_time == approx(3)
    assert layer.presentation.opacity == approx(under_container + 0.1)


# ---- snapshots and batch reads -------------------------------------------------------------------


def test_snapshot(engine: Engine) -> None:
    Clock = engine.layer_class("Clock", {"time": 0.0})
    clock = Clock(time=1.5)
    model = clock.snapshot()
    assert list(model)[:2] == ["bounds", "position"] and model["time"] == 1.5
    assert len(model) == 37  # the 36 built-in properties and "time"
    engine.tick(T0)
    clock.add_animation(
        animcore.BasicAnimation("time", from_value=0.0, to_value=3.0, duration=1.0), "t"
    )
    engine.tick(T0 + 0.1)
    engine.tick(T0 + 0.6)
    assert clock.presentation.snapshot()["time"] == approx(1.5)
    assert clock.snapshot()["time"] == 1.5


def test_tick_threads() -> None:
    numpy = pytest.importorskip("numpy")
    engines = [Engine(), Engine()]
    assert engines[0].tick_threads == 1
    engines[1].tick_threads = 2
    assert engines[1].tick_threads == 2
    with pytest.raises(OutOfRangeError, match=r"^tick_threads is 0; it must be in 1\.\.\.64$"):
        engines[0].tick_threads = 0
    with pytest.raises(OutOfRangeError, match="tick_threads is 65"):
        engines[0].tick_threads = 65
    with pytest.raises(TypeError, match="tick_threads"):
        engines[0].tick_threads = 1.5  # type: ignore[assignment]
    # Enough animations for the tick and the batch read to be split: the same values.
    batches = []
    for engine in engines:
        engine.tick(T0)
        layers = [engine.layer() for _ in range(10000)]
        for index, layer in enumerate(layers):
            layer.add_animation(
                animcore.BasicAnimation(
                    "opacity", from_value=index / 10000, to_value=1, duration=1 + index % 5
                ),
                "fade",
            )
        batches.append(engine.batch(layers))
    for step in range(1, 40):
        values = []
        for engine, batch in zip(engines, batches):
            engine.tick(T0 + step / 15)
            values.append(batch.presentation("opacity"))
        assert numpy.array_equal(values[0], values[1])
    for engine in engines:
        engine.close()


def test_batch_reads(engine: Engine) -> None:
    numpy = pytest.importorskip("numpy")
    layers = [engine.layer(opacity=i / 10, position=(i, 2 * i)) for i in range(10)]
    batch = engine.batch(layers)
    assert len(batch) == 10 and batch.layers[3] is layers[3]
    opacity = batch.presentation("opacity")
    assert isinstance(opacity, numpy.ndarray) and opacity.shape == (10,)
    assert opacity.tolist() == approx([i / 10 for i in range(10)])
    positions = batch.presentation("position")
    assert positions.shape == (10, 2) and positions[4].tolist() == [4, 8]
    out = numpy.empty(10)
    assert batch.presentation("position.x", out=out) is out and out[9] == 9
    with pytest.raises(InvalidArgumentError):
        batch.presentation("opacity", out=numpy.empty(3))
    flags = engine.presentation_batch(layers, "hidden")
    assert flags.tolist() == [0.0] * 10
    engine.tick(T0)
    for layer in layers:
        layer.add_animation(
            animcore.BasicAnimation("opacity", from_value=0, to_value=1, duration=1), "f"
        )
    engine.tick(T0 + 0.1)
    engine.tick(T0 + 0.35)
    assert batch.presentation("opacity").tolist() == approx([0.25] * 10)
    assert engine.batch([]).presentation("opacity").shape == (0,)
    Clock = engine.layer_class("Clock", {"opacityLike": Point(0, 0)})
    mixed = engine.batch([layers[0], Clock()])
    with pytest.raises(UnknownKeyError):
        mixed.presentation("opacityLike")


def test_batch_table_reads(engine: Engine) -> None:
    numpy = pytest.importorskip("numpy")
    layers = [engine.layer(opacity=i / 10, position=(i, 2 * i), hidden=i % 2 == 1) for i in range(6)]
    batch = engine.batch(layers)
    keys = ["position", "opacity", "hidden", "transform", "position.x"]
    columns = batch.table_columns(keys)
    assert columns == {
        "position": slice(0, 2), "opacity": slice(2, 3), "hidden": slice(3, 4),
        "transform": slice(4, 20), "position.x": slice(20, 21),
    }
    engine.tick(T0)
    for layer in layers:
        layer.add_animation(animcore.BasicAnimation("opacity", from_value=0, to_value=1, duration=1), "f")
    engine.tick(T0 + 0.1)
    engine.tick(T0 + 0.35)
    table = batch.presentation_table(keys)
    assert isinstance(table, numpy.ndarray) and table.shape == (6, 21)
    # Each key's columns hold what a read of that key alone gives.
    for key in keys:
        alone = batch.presentation(key)
        assert table[:, columns[key]].reshape(alone.shape).tolist() == alone.tolist(), key
    assert table[:, 2].tolist() == approx([0.25] * 6)
    assert table[:, 3].tolist() == [0.0, 1.0] * 3
    out = numpy.empty((6, 21))
    assert batch.presentation_table(keys, out=out) is out and out.tolist() == table.tolist()
    with pytest.raises(InvalidArgumentError, match="out"):
        batch.presentation_table(keys, out=numpy.empty((6, 20)))
    assert batch.presentation_table([]).shape == (6, 0)
    assert engine.batch([]).presentation_table(keys).shape == (0, 0)
    with pytest.raises(TypeError, match="keys"):
        batch.presentation_table("opacity")
    with pytest.raises(animcore.OutOfRangeError, match=r"len\(keys\) is 257"):
        batch.presentation_table(["opacity"] * 257)
    layers[0]["tag"] = 1.0
    layers[1]["tag"] = Point(1, 2)
    with pytest.raises(animcore.WrongKindError, match=r"layers\[1\], keys\[1\]"):
        engine.batch(layers[:2]).presentation_table(["opacity", "tag"])
    # An undeclared key that another part of the host (through the C API) gives another kind
    # between reads: the table follows (its layout is read again), smaller and then larger.
    pair = engine.batch(layers[:2])
    mark = engine.key("mark")

    def set_mark(*numbers: float) -> None:
        capi = animcore._capi
        value = capi.ac_value(kind=capi.AC_VALUE_SCALAR if len(numbers) == 1 else capi.AC_VALUE_POINT)
        for index, number in enumerate(numbers):
            value.v[index] = number
        for layer in layers[:2]:
            status = capi.lib.ac_layer_set_value(_engine_ptr(engine), layer._handle, mark, ctypes.byref(value))
            assert status == 0

    set_mark(1, 2)
    assert pair.presentation_table(["mark", "opacity"]).shape == (2, 3)
    set_mark(5)
    assert pair.presentation_table(["mark", "opacity"]).tolist() == [[5.0, 0.25], [5.0, 0.25]]
    assert pair.table_columns(iter(["mark", "opacity"])) == {"mark": slice(0, 1), "opacity": slice(1, 2)}
    set_mark(3, 4)
    assert pair.presentation_table(["mark", "opacity"]).tolist() == [[3.0, 4.0, 0.25], [3.0, 4.0, 0.25]]
    # The one-key read follows too: smaller (once read back with the old stride, misaligned),
    # then larger (once a spurious BufferTooSmallError).
    assert pair.presentation("mark").tolist() == [[3.0, 4.0], [3.0, 4.0]]
    set_mark(7)
    assert pair.presentation("mark").tolist() == [7.0, 7.0]
    set_mark(8, 9)
    assert pair.presentation("mark").tolist() == [[8.0, 9.0], [8.0, 9.0]]
    # So does the batch set (once refused: "values[0] has 2 numbers; it must have 1").
    set_mark(6)
    assert pair.presentation("mark").tolist() == [6.0, 6.0]
    set_mark(0, 0)
    pair.set("mark", [(1, 2), (3, 4)])
    assert pair.presentation("mark").tolist() == [[1.0, 2.0], [3.0, 4.0]]
    pair.set("mark", numpy.array([[5.0, 6.0], [7.0, 8.0]]))
    assert pair.presentation("mark").tolist() == [[5.0, 6.0], [7.0, 8.0]]
    # An out= of the kind the key had when last read: refused, both ways.
    set_mark(2)
    with pytest.raises(InvalidArgumentError, match="out"):
        pair.presentation("mark", out=numpy.empty((2, 2)))
    assert pair.presentation("mark", out=numpy.empty(2)).tolist() == [2.0, 2.0]
    set_mark(2, 3)
    with pytest.raises(InvalidArgumentError, match="out"):
        pair.presentation("mark", out=numpy.empty(2))
    assert pair.presentation("mark", out=numpy.empty((2, 2))).tolist() == [[2.0, 3.0], [2.0, 3.0]]
    with pytest.raises(InvalidArgumentError, match="out"):
        pair.presentation("mark", out=numpy.empty(2))


def test_batch_reads_without_numpy(engine: Engine, monkeypatch: Any) -> None:
    import builtins
    import sys

    real_import = builtins.__import__

    def no_numpy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "numpy":
            raise ImportError("no numpy here")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "numpy", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_numpy)
    layers = [engine.layer(position=(i, -i)) for i in range(3)]
    batch = engine.batch(layers)
    assert batch.presentation("position") == [(0, 0), (1, -1), (2, -2)]
    assert batch.presentation("position.x") == [0, 1, 2]
    assert batch.presentation_table(["position.x", "position"]) == [(0, 0, 0), (1, 1, -1), (2, 2, -2)]


def test_batch_sets(engine: Engine) -> None:
    numpy = pytest.importorskip("numpy")
    layers = [engine.layer() for _ in range(4)]
    batch = engine.batch(layers)
    engine.tick(T0)  # committed: each change runs its action
    with engine.transaction(disable_actions=True):
        batch.set("position", numpy.array([[i, 10 * i] for i in range(4)], dtype=float))
    assert [layer.position for layer in layers] == [Point(i, 10 * i) for i in range(4)]
    # Each change animates implicitly, as layer.opacity = v does.
    batch.set("opacity", [0.0, 0.25, 0.5, 0.75])
    assert [layer.opacity for layer in layers] == [0.0, 0.25, 0.5, 0.75]
    engine.tick(T0 + 0.01)
    assert all(len(layer.animation_keys) == 1 for layer in layers)
    assert batch.presentation("opacity").tolist() == approx([1.0] * 4)
    batch.set("hidden", numpy.array([1, 0, 1, 0]))
    assert [layer.hidden for layer in layers] == [True, False, True, False]
    # A refused batch changes nothing, and says which value in Python's words.
    with pytest.raises(NotFiniteError) as caught:
        batch.set("position", [(1, 2), (3, 4), (5, math.nan), (7, 8)])
    assert "values[2]" in str(caught.value) and "slots" not in str(caught.value)
    assert layers[0].position == Point(0, 0)
    with pytest.raises(OutOfRangeError) as caught:
        batch.set("hidden", [1, 0.5, 1, 0])
    assert "values[1]" in str(caught.value)
    with pytest.raises(ValueError):
        batch.set("position", numpy.zeros((4, 3)))
    with pytest.raises(ValueError):
        batch.set("opacity", [1.0, 2.0])
    engine.batch([]).set("opacity", [])


def test_many_frames_tick_by_tick(engine: Engine) -> None:
    layer = engine.layer()
    layer.add_animation(
        animcore.BasicAnimation("position", from_value=(0, 0), to_value=(60, 120), duration=1), "p"
    )
    seen: List[Point] = []
    for k in range(61):
        engine.tick(frame(k))
        seen.append(layer.presentation.position)
    assert seen[30] == approx(Point(30, 60)) and seen[60] == (0, 0)
