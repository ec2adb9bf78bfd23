"""The render list and masks through the binding (Tests/c/test_render_list.c in Python): draw
order, culling, matrices, opacity groups, masks, change flags and the dirty rectangle,
presentation values, the five renderer built-ins, the NumPy structured array (copy and view),
the handle's life, and the errors."""

from __future__ import annotations

import gc
import math
import sys
import threading
import time
from typing import Any, List, Optional

import pytest

numpy = pytest.importorskip("numpy")

import animcore  # noqa: E402
from _scripts import run_script  # noqa: E402
from animcore import (  # noqa: E402
    BuiltInClass,
    ContentsGravity,
    CornerMask,
    Engine,
    Layer,
    Point,
    Rect,
    RenderFlag,
    RenderList,
    Transform3D,
)
from animcore import _capi  # noqa: E402
from animcore.errors import (  # noqa: E402
    BadHandleError,
    CycleError,
    InvalidStateError,
    OutOfRangeError,
    UnknownNameError,
)


def make(
    engine: Engine, w: float, h: float, x: float, y: float, parent: Optional[animcore.Layer] = None
) -> animcore.Layer:
    layer = engine.layer(bounds=(0, 0, w, h), position=(x, y))
    if parent is not None:
        parent.add_sublayer(layer)
    return layer


def rotation_y(angle: float) -> Transform3D:
    c, s = math.cos(angle), math.sin(angle)
    return Transform3D(c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1)


def map_point(matrix: Any, x: float, y: float) -> Point:
    """(x, y) of the plane z = 0 through a row-vector 4x4 matrix, divided by w."""
    out = numpy.array([x, y, 0.0, 1.0]) @ numpy.asarray(matrix)
    return Point(float(out[0] / out[3]), float(out[1] / out[3]))


def near(point: Optional[Point], x: float, y: float, tolerance: float = 1e-9) -> bool:
    return point is not None and abs(point.x - x) <= tolerance and abs(point.y - y) <= tolerance


def layers_of(render: RenderList) -> List[animcore.Layer]:
    return [render.layer(index) for index in range(len(render))]


def changed(entries: Any) -> List[bool]:
    return [bool(flags & RenderFlag.CHANGED) for flags in entries["flags"]]


# ---- the array ------------------------------------------------------------------------------


def test_the_dtype_mirrors_ac_render_entry() -> None:
    dtype = RenderList.dtype()
    struct = _capi.ac_render_entry
    assert dtype.itemsize == 568 == len(bytes(struct()))
    assert list(dtype.names) == [name for name, _ in struct._fields_]
    for name, _ in struct._fields_:
        assert dtype.fields[name][1] == getattr(struct, name).offset, name
    assert dtype["matrix"].shape == (4, 4) and dtype["matrix"].base == numpy.float64
    assert dtype["bounds"].shape == (4,) and dtype["background_color"].shape == (4,)
    assert dtype["shadow_offset"].shape == (2,)
    assert dtype["layer"] == numpy.uint64 and dtype["parent"] == numpy.int32
    assert dtype["flags"] == numpy.uint32 and dtype["contents_gravity"] == numpy.int32
    assert dtype["instance_color"].shape == (4,) and dtype["instance_index"] == numpy.int32
    assert dtype["instance_time_shift"] == numpy.float64


def test_draw_order_parents_and_subtree_ends(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    a = make(engine, 10, 10, 10, 10, root)
    b = make(engine, 10, 10, 20, 20, root)
    c = make(engine, 10, 10, 30, 30, root)
    a1 = make(engine, 5, 5, 1, 1, a)
    b.z_position = -1
    with engine.render_list() as render:
        entries = render.fill(root, presentation=False)
        assert entries.dtype == RenderList.dtype() and entries.shape == (5,)
        assert len(render) == 5
        assert layers_of(render) == [root, b, a, a1, c]
        assert render.layer(-1) is c and render.layer(0) is root
        assert list(entries["layer"]) == [layer.handle for layer in (root, b, a, a1, c)]
        assert list(entries["parent"]) == [-1, 0, 0, 2, 0]
        assert list(entries["subtree_end"]) == [5, 2, 4, 4, 5]
        assert list(entries["mask"]) == [-1] * 5
        assert list(entries["layer_class"]) == [0] * 5
        a.z_position = 2  # in front; ties keep the order added
        render.fill(root, presentation=False)
        assert layers_of(render) == [root, b, c, a, a1]
        with pytest.raises(IndexError, match="out of range"):
            render.layer(5)
        with pytest.raises(TypeError):
            render.layer("0")  # type: ignore[arg-type]


def test_hidden_and_back_facing_layers_go_with_their_subtrees(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    hidden = make(engine, 10, 10, 10, 10, root)
    make(engine, 5, 5, 1, 1, hidden)
    turned = make(engine, 10, 10, 50, 50, root)
    make(engine, 5, 5, 1, 1, turned)
    hidden.hidden = True
    turned.transform = rotation_y(math.pi * 0.75)
    render = RenderList(engine)
    assert len(render.fill(root, False)) == 3  # double-sided by default
    turned.double_sided = False
    assert len(render.fill(root, False)) == 1
    turned.transform = rotation_y(math.pi * 0.25)
    assert len(render.fill(root, False)) == 3
    hidden.hidden = False
    assert len(render.fill(root, False)) == 5
    render.close()


def test_a_layer_scaled_far_from_1_is_culled_when_turned_away(engine: Engine) -> None:
    # Its determinant (1e510) leaves the doubles; the facing is decided on its scaled form.
    root = make(engine, 100, 100, 50, 50)
    turned = make(engine, 10, 10, 50, 50, root)
    render = RenderList(engine)
    for angle, drawn in ((math.pi * 0.75, 1), (math.pi * 0.25, 2)):
        turned.transform = rotation_y(angle).concat(Transform3D.scale(1e170, 1e170, 1e170))
        turned.double_sided = False
        assert len(render.fill(root, False)) == drawn
        turned.double_sided = True
        assert len(render.fill(root, False)) == 2
    render.close()


def test_geometry_beyond_the_doubles_places_a_layer_nowhere(engine: Engine) -> None:
    # Each value finite, their products not: not drawn (with the subtree, or the masked
    # layer), not hit, no matrix given.
    root = make(engine, 100, 100, 50, 50)
    overflowing = make(engine, 1e308, 10, 10, 10, root)
    make(engine, 5, 5, 1, 1, overflowing)
    scaled = make(engine, 10, 10, 50, 50, root)
    scaled_child = make(engine, 10, 10, 5, 5, scaled)
    masked = make(engine, 10, 10, 80, 80, root)
    masked.mask = make(engine, 10, 10, 5, 5)
    with engine.render_list() as render:
        assert len(render.fill(root, False)) == 7
        overflowing.anchor_point = (1e10, 0.5)
        scaled.transform = scaled_child.transform = Transform3D.scale(1e200, 1e200, 1)
        masked.mask.anchor_point = (-1e10, 0.5)
        masked.mask.bounds = (0, 0, 1e308, 10)
        entries = render.fill(root, False)
        assert layers_of(render) == [root, scaled]
        assert numpy.isfinite(entries["matrix"]).all()
        with pytest.raises(OutOfRangeError, match="layer.*beyond the range of doubles"):
            overflowing.matrix_to_superlayer()
        with pytest.raises(OutOfRangeError, match="beyond the range of doubles"):
            scaled_child.matrix_to(None)
        assert overflowing.convert_point_to((0, 0), root) is None
        scaled.transform = scaled_child.transform = Transform3D.identity()  # (they cover the plane)
        assert root.hit_test((10, 10)) is root
        overflowing.anchor_point = (0.5, 0.5)
        assert len(render.fill(root, False)) == 5


def test_matrices_map_as_matrix_to_the_root_space(engine: Engine) -> None:
    container = make(engine, 300, 300, 150, 150)
    m = list(Transform3D.identity())
    m[11] = -1 / 500
    container.sublayer_transform = Transform3D(*m)
    door = make(engine, 100, 200, 100, 150, container)
    door.anchor_point = (0, 0.5)
    door.transform = rotation_y(-math.pi / 3)
    knob = make(engine, 10, 10, 90, 100, door)
    with engine.render_list() as render:
        entries = render.fill(container, False)
        for entry, layer in zip(entries, (container, door, knob)):
            expected = numpy.array(list(layer.matrix_to(None))).reshape(4, 4)
            for x, y in ((0, 0), (10, 10), (100, 200)):
                via_entry = map_point(entry["matrix"], x, y)
                via_conversion = layer.convert_point_to((x, y), None)
                assert via_conversion is not None
                assert near(via_entry, via_conversion.x, via_conversion.y)
                assert near(via_entry, *map_point(expected, x, y))
            assert entry["matrix"][0, 3] == pytest.approx(expected[0, 3], abs=1e-12)
        assert entries["matrix"][1, 0, 3] != 0  # the door in perspective
        assert list(entries["bounds"][1]) == [0, 0, 100, 200]


def test_opacity_groups_and_alpha(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    child = make(engine, 10, 10, 10, 10, root)
    make(engine, 5, 5, 1, 1, child)
    root.opacity = 0.5
    child.opacity = 0.8
    render = engine.render_list()
    entries = render.fill(root, False)
    assert render.flags(0) & RenderFlag.OPACITY_GROUP and render.flags(1) & RenderFlag.OPACITY_GROUP
    assert not render.flags(2) & RenderFlag.OPACITY_GROUP
    assert list(entries["alpha"]) == [1, 1, 1] and list(entries["opacity"]) == [0.5, 0.8, 1]
    root.allows_group_opacity = False
    child.allowsGroupOpacity = False
    entries = render.fill(root, False)
    assert not any(flags & RenderFlag.OPACITY_GROUP for flags in entries["flags"])
    assert entries["alpha"] == pytest.approx([0.5, 0.4, 0.4])


def test_masks(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    child = make(engine, 10, 10, 10, 10, root)
    mask = make(engine, 40, 40, 20, 20, child)
    make(engine, 4, 4, 2, 2, mask)
    root.sublayer_transform = Transform3D(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    assert root.mask is None
    root.mask = mask
    assert root.mask is mask and mask.superlayer is root
    assert child.sublayers == () and root.sublayers == (child,)  # moved, not a sublayer
    with engine.render_list() as render:
        entries = render.fill(root, False)
        assert len(entries) == 4 and render.layer(2) is mask
        assert entries["mask"][0] == 2 and entries["subtree_end"][0] == 4
        assert render.flags(2) & RenderFlag.IS_MASK and entries["parent"][2] == 0
        assert not render.flags(3) & RenderFlag.IS_MASK and entries["parent"][3] == 2
        # The sublayerTransform scales the sublayer, not the mask.
        assert near(map_point(entries["matrix"][2], 0, 0), 0, 0)
        assert root.hit_test((5, 5)) is root  # never hit
        with pytest.raises(CycleError, match="mask"):
            mask.mask = root
        with pytest.raises(CycleError):
            child.mask = child
        child.add_sublayer(mask)  # moved back: no longer the mask
        assert root.mask is None and mask.superlayer is child
        child.mask = mask
        root.mask = mask  # moved from the other layer's mask
        assert child.mask is None and root.mask is mask
        root.mask = None
        assert mask.superlayer is None
        assert len(render.fill(root, False)) == 2
    with Engine() as other:
        with pytest.raises(BadHandleError, match="another engine"):
            root.mask = other.layer()
    with pytest.raises(TypeError):
        root.mask = "mask"  # type: ignore[assignment]


def test_change_flags_and_the_dirty_rect(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    a = make(engine, 10, 10, 10, 10, root)
    make(engine, 4, 4, 2, 2, a)
    b = make(engine, 10, 10, 80, 80, root)
    render = engine.render_list()
    assert render.dirty_rect is None and len(render) == 0
    entries = render.fill(root, False)
    assert changed(entries) == [True] * 4 and render.dirty_rect == Rect(0, 0, 100, 100)
    entries = render.fill(root, False)
    assert changed(entries) == [False] * 4 and render.dirty_rect is None
    a.position = (30, 10)
    entries = render.fill(root, False)
    assert changed(entries) == [False, True, True, False]
    assert render.dirty_rect == Rect(5, 5, 30, 10)
    b.remove_from_superlayer()
    entries = render.fill(root, False)
    assert len(entries) == 3 and render.dirty_rect == Rect(75, 75, 10, 10)
    render.close()


def test_change_flags_against_fills_before_the_last(engine: Engine) -> None:
    """A layer left out for a fill and drawn again is new, and so is the one after it; a layer
    destroyed and a new one in its slot with the same values is new; a replicator's instances
    are matched in order; after another root, every entry is new."""
    root = make(engine, 100, 100, 50, 50)
    a = make(engine, 10, 10, 10, 10, root)
    b = make(engine, 10, 10, 30, 10, root)
    render = engine.render_list()
    render.fill(root, False)
    a["hidden"] = True
    entries = render.fill(root, False)
    assert changed(entries) == [False, True] and render.dirty_rect == Rect(5, 5, 30, 10)
    a["hidden"] = False
    assert changed(render.fill(root, False)) == [False, True, True]
    assert changed(render.fill(root, False)) == [False] * 3 and render.dirty_rect is None
    b.remove_from_superlayer()
    del b
    gc.collect()
    c = make(engine, 10, 10, 30, 10, root)
    assert changed(render.fill(root, False)) == [False, False, True] and render.layer(2) is c
    replicator = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)(bounds=(0, 0, 40, 40), position=(70, 70))
    root.add_sublayer(replicator)
    make(engine, 4, 4, 5, 5, replicator)
    replicator["instanceTransform"] = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1)
    replicator["instanceCount"] = 3
    render.fill(root, False)
    replicator["instanceCount"] = 2
    entries = render.fill(root, False)
    assert changed(entries) == [False] * 6 and render.dirty_rect == Rect(73, 53, 4, 4)
    replicator["instanceCount"] = 3
    assert changed(render.fill(root, False)) == [False] * 6 + [True]
    assert changed(render.fill(a, False)) == [True]
    assert changed(render.fill(root, False)) == [True] * 7
    render.close()


def test_every_fill_draws_as_a_new_list_s_fill(engine: Engine) -> None:
    """A list leaves an entry's drawing fields where its storage (the fill before the last's)
    holds them already: each fill after a model write, a batch write, an animation and its
    removal gives the values of a new list's fill at the same time."""
    root = make(engine, 100, 100, 50, 50)
    a = make(engine, 10, 10, 10, 10, root)
    b = make(engine, 10, 10, 30, 10, root)
    render = engine.render_list()
    engine.tick(0)

    def animate_background() -> None:
        with engine.transaction(duration=1):
            a.background_color = (0, 0, 1, 1)

    def remove_and_change_b() -> None:
        # The list shrinks (b's index keeps its old fields past the count); b changes meanwhile.
        b.remove_from_superlayer()
        with engine.transaction(disable_actions=True):
            b.border_width = 3

    changes = [
        lambda: None,
        lambda: setattr(a, "masked_corners", CornerMask.MIN_X_MIN_Y),
        lambda: engine.batch([a]).set("contentsScale", [2.0]),
        animate_background,
        a.remove_all_animations,
        remove_and_change_b,
        lambda: root.insert_sublayer(b, 1),
    ]
    time = 0.0

    def check(layer: Layer, presentation: bool = True) -> Any:
        entries = render.fill(layer, presentation)
        with engine.render_list() as fresh:
            expected = fresh.fill(layer, presentation)
        assert entries.dtype.names is not None
        for name in entries.dtype.names:
            if name != "flags":  # the change flag: a new list's are all set
                assert numpy.array_equal(entries[name], expected[name]), name
        return entries

    for change in changes:
        change()
        for _ in range(3):
            time += 0.1
            engine.tick(time)
            entries = check(root)
    assert entries["contents_scale"][1] == 2 and tuple(entries["background_color"][1]) == (0, 0, 1, 1)
    assert entries["border_width"][2] == 3
    # One list filled in turn from two roots, for the presentation and the model.
    for layer, presentation in [(root, True), (a, True), (root, False), (a, False), (root, True)]:
        time += 0.1
        engine.tick(time)
        check(layer, presentation)
    render.close()


def test_presentation_values_after_ticks(engine: Engine) -> None:
    root = make(engine, 400, 200, 200, 100)
    mover = make(engine, 100, 100, 50, 50, root)
    engine.tick(0)
    with engine.transaction(duration=1, timing_function="linear"):
        mover.position = (250, 50)
    engine.tick(0)
    engine.tick(0.5)
    with engine.render_list() as render:
        shown = render.fill(root)  # presentation by default
        assert near(map_point(shown["matrix"][1], 50, 50), 150, 50)
        model = render.fill(root, presentation=False)
        assert near(map_point(model["matrix"][1], 50, 50), 250, 50)
        assert near(map_point(shown["matrix"][1], 50, 50), 150, 50)  # a copy: unchanged
        engine.tick(0.75)
        render.fill(root)
        shown = render.fill(root)
        engine.tick(1.0)
        later = render.fill(root)
        assert near(map_point(later["matrix"][1], 50, 50), 250, 50)
        assert changed(later) == [False, True]
        assert render.dirty_rect == Rect(150, 0, 150, 100)


def test_a_view_shows_a_reused_buffer_until_the_next_fill(engine: Engine) -> None:
    root = make(engine, 100, 100, 50, 50)
    render = engine.render_list()
    view = render.fill(root, False, copy=False)
    copy = render.fill(root, False)
    assert not view.flags.writeable and copy.flags.writeable
    assert view.base is not None and copy.base is None
    root.opacity = 0.25
    again = render.fill(root, False, copy=False)
    assert view["opacity"][0] == 0.25 and copy["opacity"][0] == 1  # the buffer was refilled
    assert again.base is view.base  # the same buffer: no allocation
    with pytest.raises(ValueError):
        view["opacity"][0] = 1
    del render
    gc.collect()
    assert view["opacity"][0] == 0.25  # the view keeps its buffer


@pytest.mark.parametrize("closing", ["list", "engine"])
def test_a_view_stays_readable_after_the_close_that_frees_the_storage(closing: str) -> None:
    # Thousands of entries: the library's storage is a mapping of its own, which its free
    # unmaps (a view of it crashed the process when read after the close).
    engine = Engine()
    root = make(engine, 100, 100, 50, 50)
    for index in range(5000):
        make(engine, 4, 4, index % 100, index // 100, parent=root)
    render = engine.render_list()
    view = render.fill(root, False, copy=False)
    expected = view.copy()
    render.close() if closing == "list" else engine.close()
    gc.collect()
    assert len(view) == 5001 and (view["matrix"] == expected["matrix"]).all()


def test_threads_filling_one_list_each_get_their_own_entries(engine: Engine) -> None:
    # One thread fills from a root of 3 sublayers, one from a root of 5,000, again and again:
    # each must read its own entries, not the other's written between its fill and its read.
    small = make(engine, 100, 100, 50, 50)
    for _ in range(3):
        make(engine, 1, 1, 0, 0, parent=small)
    big = make(engine, 100, 100, 50, 50)
    for index in range(5000):
        make(engine, 2, 2, index % 100, index // 100, parent=big)
    render = engine.render_list()
    small_layers = set(render.fill(small, False)["layer"].tolist())
    wrong: List[str] = []

    def fill_small() -> None:
        for _ in range(3000):
            if set(render.fill(small, False)["layer"].tolist()) != small_layers:
                wrong.append("small")

    def fill_big() -> None:
        for _ in range(200):
            entries = render.fill(big, False)
            if len(entries) != 5001 or not (entries["bounds"][1:, 2] == 2).all():
                wrong.append("big")

    threads = [threading.Thread(target=fill_small), threading.Thread(target=fill_big)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_the_engine_closed_while_another_thread_fills() -> None:
    # The engine's close frees the lists' storage while a fill on another thread may be
    # reading it (a copy of freed storage crashed the process): each fill is copied out under
    # the library's lock. A fill the close overtakes raises InvalidStateError (the engine is
    # being closed), one after it BadHandleError; none crashes or answers a partial list.
    for trial in range(5):
        engine = Engine()
        root = make(engine, 100, 100, 50, 50)
        for index in range(5000):
            make(engine, 2, 2, index % 100, index // 100, parent=root)
        render = engine.render_list()
        stop = threading.Event()
        errors: List[str] = []
        counts: List[int] = []

        def fill() -> None:
            while not stop.is_set():
                try:
                    counts.append(len(render.fill(root, False)))
                except (BadHandleError, InvalidStateError):
                    return
                except Exception as error:  # noqa: BLE001 - any other answer fails the test
                    errors.append(repr(error))
                    return

        thread = threading.Thread(target=fill)
        thread.start()
        while not counts:
            time.sleep(0.001)
        time.sleep(0.002 * trial)
        engine.close()
        stop.set()
        thread.join()
        assert errors == [] and set(counts) == {5001}
        with pytest.raises(BadHandleError):
            render.fill(root, False)


def test_the_renderer_built_ins(engine: Engine) -> None:
    layer = engine.layer()
    assert layer.masked_corners is CornerMask.ALL and layer.maskedCorners == 15
    assert layer.contents_gravity is ContentsGravity.RESIZE
    assert layer.contents_scale == 1.0 and layer.allows_group_opacity is True
    assert layer.contents_center == Rect(0, 0, 1, 1) == layer.contentsCenter
    assert layer.presentation.contents_gravity is ContentsGravity.RESIZE
    assert layer.presentation.masked_corners is CornerMask.ALL
    assert layer.presentation.contentsScale == 1.0 and layer.presentation.allows_group_opacity
    with pytest.raises(OutOfRangeError, match="maskedCorners is 16"):
        layer.masked_corners = 16  # type: ignore[assignment]
    with pytest.raises(OutOfRangeError, match="contentsGravity is 12"):
        layer.contents_gravity = 12
    with pytest.raises(OutOfRangeError, match="contentsScale is 0"):
        layer.contents_scale = 0
    with pytest.raises(UnknownNameError, match="resizeAspect"):
        layer.contents_gravity = "sideways"
    layer.contents_gravity = "resizeAspect"
    assert layer.contents_gravity is ContentsGravity.RESIZE_ASPECT
    layer.contentsGravity = "kCAGravityTopLeft"
    assert layer["contentsGravity"] is ContentsGravity.TOP_LEFT
    layer.contents_gravity = ContentsGravity.BOTTOM_RIGHT
    layer.masked_corners = CornerMask.MIN_X_MIN_Y | CornerMask.MAX_X_MAX_Y
    assert layer.masked_corners == CornerMask.MIN_X_MIN_Y | CornerMask.MAX_X_MAX_Y
    layer.contents_scale = 2
    layer.contents_center = (0.25, 0.25, 0.5, 0.5)
    layer.masks_to_bounds = True
    layer.geometry_flipped = True
    layer.bounds = (0, 0, 100, 50)
    with engine.render_list() as render:
        entry = render.fill(layer, False)[0]
        assert entry["contents_gravity"] == ContentsGravity.BOTTOM_RIGHT
        assert entry["masked_corners"] == 9 and entry["contents_scale"] == 2
        assert list(entry["contents_center"]) == [0.25, 0.25, 0.5, 0.5]
        assert list(entry["shadow_offset"]) == [0, -3]
        assert render.flags(0) & RenderFlag.CLIPS
        # Its own flip mirrors its sublayers' plane, not its own: its image keeps its orientation.
        assert not render.flags(0) & RenderFlag.CONTENTS_FLIPPED
    assert ContentsGravity.RESIZE_ASPECT_FILL.core_animation_name == "resizeAspectFill"
    assert ContentsGravity.parse(3) is ContentsGravity.CENTER
    with pytest.raises(OutOfRangeError):
        ContentsGravity.parse(12)
    with pytest.raises(TypeError):
        ContentsGravity.parse(1.5)  # type: ignore[arg-type]


# ---- life and errors ------------------------------------------------------------------------


def test_close_context_manager_and_the_engine_s_close() -> None:
    engine = Engine()
    root = make(engine, 10, 10, 5, 5)
    render = RenderList(engine)
    assert not render.closed and "0 entries" in repr(render)
    render.fill(root)
    render.close()
    render.close()  # twice: a no-op
    assert render.closed and len(render) == 0 and render.dirty_rect is None
    with pytest.raises(BadHandleError, match="the render list is closed"):
        render.fill(root)
    with pytest.raises(IndexError):
        render.layer(0)
    with engine.render_list() as scoped:
        scoped.fill(root)
    assert scoped.closed
    kept = engine.render_list()
    kept.fill(root)
    engine.close()  # destroys it too, and its entries
    with pytest.raises(BadHandleError, match="closed"):
        kept.layer(0)
    kept.close()  # a no-op
    with pytest.raises(BadHandleError, match="closed"):
        engine.render_list()


def test_garbage_collected_lists_are_destroyed(engine: Engine) -> None:
    root = make(engine, 10, 10, 5, 5)
    for _ in range(50):
        RenderList(engine).fill(root)
    gc.collect()
    handle = _capi.ac_render_list()
    assert _capi.lib.ac_render_list_create(engine._ptr, handle) == 0
    assert _capi.lib.ac_render_list_destroy(engine._ptr, handle) == 0


def test_errors_name_the_argument(engine: Engine) -> None:
    root = make(engine, 10, 10, 5, 5)
    render = engine.render_list()
    with pytest.raises(TypeError, match="root must be a Layer"):
        render.fill("root")  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError, match="presentation is 2"):
        render.fill(root, 2)  # type: ignore[arg-type]
    with Engine() as other:
        foreign = other.layer()
        with pytest.raises(BadHandleError, match="root belongs to another engine"):
            render.fill(foreign)
        with other.render_list() as theirs:
            theirs._handle, render._handle = render._handle, theirs._handle  # swapped: foreign
            try:
                with pytest.raises(BadHandleError, match="the render list is closed"):
                    render.fill(root)
            finally:
                theirs._handle, render._handle = render._handle, theirs._handle
    gone = engine.layer()
    gone_handle = gone.handle
    del gone
    gc.collect()
    with pytest.raises(BadHandleError, match="root: the layer no longer exists"):  # destroyed
        _raw_fill(engine, render, gone_handle)
    with pytest.raises(TypeError, match="engine must be an Engine"):
        RenderList("engine")  # type: ignore[arg-type]
    assert len(render.fill(root)) == 1  # still usable after the refusals


def _raw_fill(engine: Engine, render: RenderList, handle: int) -> None:
    """A fill from a layer handle the binding no longer wraps (a stale root)."""
    import ctypes

    from animcore.errors import check

    entries = ctypes.POINTER(_capi.ac_render_entry)()
    count = ctypes.c_size_t()
    check(
        _capi.lib.ac_render_list_fill(
            engine._ptr, render._handle, handle, 1, ctypes.byref(entries), ctypes.byref(count), None, None
        )
    )


def test_without_numpy_fill_says_which_extra(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make(engine, 10, 10, 5, 5)
    render = engine.render_list()
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=r"animcore\[numpy\]"):
        render.fill(root)
    assert len(render) == 0  # nothing was filled


# An action callback runs holding the library's lock; a thread filling the list waits for that
# lock inside the fill while the action fills the same list. Neither may wait for the other.
FILL_IN_ACTION_SCRIPT = r"""
import threading, time
from animcore import Engine

with Engine() as engine:
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50))
    child = engine.layer(bounds=(0, 0, 10, 10), position=(5, 5))
    root.add_sublayer(child)
    engine.tick(0)
    render = engine.render_list()
    in_action = threading.Event()
    made = {}

    def action(target, key):
        if key == "opacity":
            in_action.set()
            time.sleep(0.3)  # the other thread is now waiting for the library's lock
            made["inside"] = render.fill(root, False)
        return None

    def outside():
        in_action.wait()
        made["outside"] = render.fill(root, False, copy=False)

    child.set_delegate(action=action)
    thread = threading.Thread(target=outside)
    thread.start()
    child.opacity = 0.5
    thread.join()
    for name in ("inside", "outside"):
        assert made[name]["layer"].tolist() == [root._handle, child._handle], (name, made[name])
    assert len(render) == 2 and render.layer(1) is child
    engine.close()  # with a list filled by two threads
print("ok")
"""


def test_a_list_filled_in_an_action_while_another_thread_fills_it() -> None:
    run_script(FILL_IN_ACTION_SCRIPT)
