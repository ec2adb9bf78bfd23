"""Batch presentation reads of paths and arrays (LayerBatch.presentation_packed and
presentation_arrays: ac_layers_get_presentation_path and its siblings;
presentation_path_coordinates: ac_layers_get_presentation_path_coordinates) and the value store's
counts (Engine.value_store_counts): the batch equals the single reads bit for bit for
model-only and animated layers (basic, keyframe, spring, additive) of mixed element counts;
an empty batch; wrong kind and unknown key naming the layer, a closed engine (a bad layer
handle cannot reach the C call from Python: a batch keeps its layers alive; the C test covers
it); the store given back
when animations are removed and layers destroyed."""

from __future__ import annotations

import ctypes
import gc
from typing import Any, List

import pytest

from _frames import T0
from animcore import (
    BadHandleError,
    BasicAnimation,
    Color,
    Engine,
    KeyframeAnimation,
    Layer,
    Path,
    Property,
    Spring,
    SpringAnimation,
    UnknownKeyError,
    WrongKindError,
    _capi,
)

numpy = pytest.importorskip("numpy", reason="the packed reads answer NumPy arrays")

LAYERS = 15


class Shape(Layer):
    path = Property(Path())
    locations = Property([], kind="numbers")
    colors = Property([], kind="colors")


def set_models(layer: Shape, i: int) -> None:
    """Layer i's model values: a rect, an ellipse or no path; i % 7 numbers; i % 4 colours."""
    if i % 3 == 1:
        layer.path = Path.rect(i, 2 * i, 10 + i, 5)
    elif i % 3 == 2:
        layer.path = Path.ellipse(-i, i, 7, 3 + i)
    layer.locations = [0.1 * k + 0.01 * i for k in range(i % 7)]
    layer.colors = [Color(*(((0.13 * (4 * c + k) + 0.07 * i) % 1.0) for k in range(4))) for c in range(i % 4)]


def animate(layer: Shape, i: int) -> None:
    """Layer i's animation by i % 5: none; a basic path; keyframe locations; a spring of
    colours; an additive basic of locations (the model's shape)."""
    if i % 5 == 1:
        start, end = Path.ellipse(0, 0, 10, 10), Path.ellipse(i, 5, 30, 20)
        layer.add_animation(BasicAnimation("path", from_value=start, to_value=end, duration=2.0), "a")
    elif i % 5 == 2:
        values = [[0.0, 0.5, 1.0], [0.25, 0.5, 0.75], [1.0, 0.5, 0.1 * i]]
        layer.add_animation(KeyframeAnimation("locations", values=values, duration=2.0), "a")
    elif i % 5 == 3:
        start_colours, end_colours = [Color(1, 0, 0, 1), Color(0, 0, 1, 1)], [Color(0, 1, 0, 1), Color(1, 1, 0, 0.5)]
        spring = Spring(mass=1.0, stiffness=100.0, damping=5.0)
        layer.add_animation(
            SpringAnimation("colors", from_value=start_colours, to_value=end_colours, spring=spring, duration=2.0), "a"
        )
    elif i % 5 == 4:
        count = i % 7
        animation = BasicAnimation(
            "locations", from_value=[0.0] * count, to_value=[float(k + 1) for k in range(count)], duration=2.0,
            additive=True,
        )
        layer.add_animation(animation, "a")


def world(engine: Engine) -> List[Shape]:
    layers = [engine.layer(Shape) for _ in range(LAYERS)]
    with engine.transaction(disable_actions=True):
        for i, layer in enumerate(layers):
            set_models(layer, i)
    engine.tick(T0)
    for i, layer in enumerate(layers):
        animate(layer, i)
    engine.tick(T0 + 0.01)
    engine.tick(T0 + 0.7)
    return layers


_PATH_DTYPE = numpy.dtype([("type", "<i4"), ("reserved", "<i4"), ("points", "<f8", (6,))])


def single_read(engine: Engine, layer: Layer, key: str) -> Any:
    """One layer's presentation value read by the single C call into the packed read's layout."""
    call, dtype, shape = {
        "path": (_capi.lib.ac_layer_get_path, _PATH_DTYPE, ()),
        "locations": (_capi.lib.ac_layer_get_numbers, numpy.float64, ()),
        "colors": (_capi.lib.ac_layer_get_colors, numpy.float64, (4,)),
    }[key]
    out = numpy.zeros((256,) + shape, dtype=dtype)
    count = ctypes.c_size_t()
    pointer_type = _capi.ac_path_element if key == "path" else ctypes.c_double
    status = call(
        engine._ptr, layer._handle, engine.key(key), 1, out.ctypes.data_as(ctypes.POINTER(pointer_type)), 256,
        ctypes.byref(count),
    )
    assert status == 0
    return out[: count.value]


@pytest.mark.parametrize("key", ["path", "locations", "colors"])
def test_batch_equals_single_reads_to_the_bit(engine: Engine, key: str) -> None:
    layers = world(engine)
    batch = engine.batch(layers)
    packed = batch.presentation_packed(key)
    assert packed.offsets.shape == (LAYERS + 1,) and int(packed.offsets[0]) == 0
    assert int(packed.offsets[-1]) == len(packed.values)
    arrays = batch.presentation_arrays(key)
    assert len(arrays) == LAYERS
    counts = set()
    for layer, array in zip(layers, arrays):
        single = single_read(engine, layer, key)
        assert array.tobytes() == single.tobytes()
        counts.add(len(single))
    assert len(counts) > 2, "mixed element counts"


_POINTS_PER_TYPE = {0: 2, 1: 2, 2: 4, 3: 6, 4: 0}
"""The points each AC_PATH_* type uses."""


def test_path_coordinates_are_the_elements_points_to_the_bit(engine: Engine) -> None:
    layers = world(engine)
    batch = engine.batch(layers)
    packed = batch.presentation_path_coordinates("path")
    assert packed.values.dtype == numpy.float64 and packed.offsets.shape == (LAYERS + 1,)
    assert int(packed.offsets[0]) == 0 and int(packed.offsets[-1]) == len(packed.values)
    counts = set()
    for layer, coordinates in zip(layers, packed.split()):
        single = single_read(engine, layer, "path")
        expected = [point for element in single for point in element["points"][: _POINTS_PER_TYPE[int(element["type"])]]]
        assert coordinates.tobytes() == numpy.array(expected, dtype=numpy.float64).tobytes()
        counts.add(len(coordinates))
    assert len(counts) > 2, "mixed coordinate counts (none, a rect's, an ellipse's)"
    shown = layers[1].presentation["path"]
    assert list(packed.split()[1]) == [c for element in shown.elements for point in element.points for c in point]
    assert len(engine.batch([]).presentation_path_coordinates("path").values) == 0


def test_path_coordinates_refusals_name_the_layer(engine: Engine) -> None:
    layers = world(engine)
    with pytest.raises(WrongKindError, match=r"layers\[0\]"):
        engine.batch(layers).presentation_path_coordinates("locations")
    holding, plain = engine.layer(), engine.layer()
    holding["spare"] = Path.rect(1, 2, 3, 4)
    assert list(engine.batch([holding]).presentation_path_coordinates("spare").values) == [1, 2, 4, 2, 4, 6, 1, 6]
    with pytest.raises(UnknownKeyError, match=r"layers\[1\]"):
        engine.batch([holding, plain]).presentation_path_coordinates("spare")


def test_packed_values_are_presentation_values(engine: Engine) -> None:
    layers = world(engine)
    locations = engine.batch(layers).presentation_arrays("locations")
    assert list(locations[2]) == pytest.approx(layers[2].presentation["locations"], abs=0)
    assert len(layers[2].locations) == 2 and len(locations[2]) == 3, "the keyframes' shape, not the model's"
    paths = engine.batch(layers).presentation_arrays("path")
    shown = layers[1].presentation["path"]
    assert [int(t) for t in paths[1]["type"]] == [element.type.code for element in shown.elements]
    colours = engine.batch(layers).presentation_arrays("colors")
    assert colours[3].shape == (2, 4)
    assert tuple(colours[3][0]) == tuple(layers[3].presentation["colors"][0])


def test_empty_batch_and_repeated_reads(engine: Engine) -> None:
    empty = engine.batch([]).presentation_packed("locations")
    assert len(empty.values) == 0 and list(empty.offsets) == [0]
    assert engine.batch([]).presentation_arrays("path") == []
    layers = world(engine)
    batch = engine.batch(layers)
    first = batch.presentation_packed("locations")
    # A value that grows between reads is read whole (the kept size is too small then).
    with engine.transaction(disable_actions=True):
        layers[0].locations = [float(k) for k in range(40)]
    second = batch.presentation_packed("locations")
    assert int(second.offsets[-1]) == int(first.offsets[-1]) + 40
    assert list(second.split()[0]) == [float(k) for k in range(40)]


def test_refusals_name_the_layer(engine: Engine) -> None:
    layers = world(engine)
    with pytest.raises(WrongKindError, match=r"layers\[0\]"):
        engine.batch(layers).presentation_packed("opacity")

    class Other(Layer):
        locations = Property(0.0)

    mixed = [layers[1], layers[2], engine.layer(Other)]
    with pytest.raises(WrongKindError, match=r"layers\[2\]"):
        engine.batch(mixed).presentation_packed("locations")
    plain = engine.layer()
    with pytest.raises(UnknownKeyError, match=r"layers\[0\]"):
        engine.batch([plain, layers[0]]).presentation_packed("spare")
    plain["spare"] = [1.0, 2.0, 3.0]
    assert list(engine.batch([plain]).presentation_arrays("spare")[0]) == [1.0, 2.0, 3.0]
    batch = engine.batch(layers)
    engine.close()
    with pytest.raises(BadHandleError, match="closed"):
        batch.presentation_packed("path")


def test_store_counts_come_back(engine: Engine) -> None:
    start = engine.value_store_counts()
    layers = [engine.layer(Shape) for _ in range(LAYERS)]
    with engine.transaction(disable_actions=True):
        for i, layer in enumerate(layers):
            set_models(layer, i)
    engine.tick(T0)
    models = engine.value_store_counts()
    assert models.values > start.values and models.numbers > start.numbers
    for i, layer in enumerate(layers):
        animate(layer, i)
    engine.tick(T0 + 0.5)
    animated = engine.value_store_counts()
    assert animated.values > models.values and animated.numbers > models.numbers
    for layer in layers:
        layer.remove_all_animations()
    engine.tick(T0 + 0.6)
    assert engine.value_store_counts() == models
    for i, layer in enumerate(layers):
        animate(layer, i)
    engine.tick(T0 + 0.7)
    del layer, layers  # the wrappers hold the only references: the layers are destroyed
    gc.collect()
    engine.tick(T0 + 0.8)
    assert engine.value_store_counts() == start
