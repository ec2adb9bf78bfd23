"""The demo compositor's shape and gradient layers and transitions, checked on their own
(examples/demo/python/compositor.py and compositor_shape.py; the rules are in
examples/demo/c/compositor_shape.h and compositor.h).

test_demo_frames.py holds the C compositor to the Python one on the hosts that show these
(demo007_shape_clock, demo008_arrow_masks, demo009_transitions); these tests hold the Python
one (and so both) to the rules:

- a shape is filled by its fill rule and stroked over the fill; strokeStart and strokeEnd cut
  the stroke by arc length (clamped to [0, 1]; start >= end strokes nothing), through curves
  and across subpaths; a shape layer used as a mask masks by its shape;
- a gradient fills the rounded bounds: axial from startPoint to endPoint in unit space, with
  locations; radial about startPoint; conic turning from the endPoint's direction; coincident
  points fill with the last colour;
- a transition composites the old drawing (snapshotted when it began) and the new one at the
  render entry's offsets and alphas, and drops the old one when it ends.
"""

from __future__ import annotations

import sys
from typing import Any, Tuple

import numpy as np
import pytest

import animcore
from animcore import BuiltInClass, GradientType, Path, Transition
from _repo import repository

REPO = repository()
pytestmark = pytest.mark.skipif(REPO is None, reason="not run from the repository (no examples/demo)")

WHITE = (1.0, 1.0, 1.0, 1.0)


def compositor_module() -> Tuple[Any, Any]:
    cairo = pytest.importorskip("cairo")
    pytest.importorskip("numpy")
    assert REPO is not None
    demo_dir = str(REPO / "examples" / "demo" / "python")
    if demo_dir not in sys.path:
        sys.path.insert(0, demo_dir)
    import compositor

    return cairo, compositor


class Scene:
    """A 200 x 100 white root, drawn by one compositor (kept: transitions need its memory)."""

    def __init__(self, engine: animcore.Engine, with_engine: bool = True) -> None:
        self.cairo, module = compositor_module()
        self.engine = engine
        self.root = engine.layer(bounds=(0, 0, 200, 100), position=(100, 50), background_color=WHITE)
        self.comp = module.Compositor(engine if with_engine else None)
        self.render = engine.render_list()

    def layer(self, which: BuiltInClass, **values: Any) -> Any:
        layer = self.engine.builtin_class(which)()
        layer.bounds = values.pop("bounds", (0, 0, 200, 100))
        layer.position = values.pop("position", (100, 50))
        for key, value in values.items():
            layer[key] = value
        self.root.add_sublayer(layer)
        return layer

    def draw(self) -> np.ndarray:
        surface = self.cairo.ImageSurface(self.cairo.FORMAT_ARGB32, 200, 100)
        self.comp.draw(self.cairo.Context(surface), self.render.fill(self.root))
        surface.flush()
        data = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(100, surface.get_stride())
        return data[:, :800].reshape(100, 200, 4).astype(np.int16)  # B, G, R, A


def dark(p: np.ndarray, x: int, y: int) -> bool:
    return bool(p[y, x, :3].max() < 60)


def white(p: np.ndarray, x: int, y: int) -> bool:
    return bool(p[y, x, :3].min() > 240)


def stroked_line(scene: Scene, start: float, end: float) -> np.ndarray:
    scene.layer(
        BuiltInClass.SHAPE_LAYER, path=Path().move_to(0, 50).line_to(200, 50),
        strokeColor=(0, 0, 0, 1), lineWidth=10, strokeStart=start, strokeEnd=end,
    )  # fmt: skip
    scene.engine.tick(0.0)
    return scene.draw()


@pytest.mark.parametrize(
    "start, end, drawn, empty",
    [
        (0.0, 0.5, (10, 90), (110, 190)),
        (0.25, 0.75, (60, 140), (10, 190)),
        (-1.0, 0.5, (10, 90), (110, 190)),  # clamped to [0, 1]
        (0.5, 2.0, (110, 190), (10, 90)),
        (0.6, 0.4, (), (10, 100, 190)),  # start >= end: nothing
    ],
)
def test_stroke_start_and_end_cut_the_stroke_by_length(
    start: float, end: float, drawn: Tuple[int, ...], empty: Tuple[int, ...]
) -> None:
    with animcore.Engine() as engine:
        p = stroked_line(Scene(engine), start, end)
        assert all(dark(p, x, 50) for x in drawn), [int(p[50, x, 0]) for x in drawn]
        assert all(white(p, x, 50) for x in empty), [int(p[50, x, 0]) for x in empty]
        assert white(p, 100, 40)  # the line is 10 wide about y = 50


def test_a_trimmed_stroke_runs_through_curves_and_across_subpaths() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine)
        # two subpaths of 100 each: a straight line, then a curve that is a straight line too
        path = Path().move_to(0, 30).line_to(100, 30).move_to(0, 70).curve_to(25, 70, 75, 70, 100, 70)
        scene.layer(BuiltInClass.SHAPE_LAYER, path=path, strokeColor=(0, 0, 0, 1), lineWidth=6,
                    fillColor=(0, 0, 0, 0), strokeEnd=0.75)  # fmt: skip
        engine.tick(0.0)
        p = scene.draw()
        assert dark(p, 90, 30) and dark(p, 20, 70)
        assert white(p, 80, 70)  # the curve's parameter is not its length: 3/4 falls at x = 50
        assert white(p, 150, 30)


def test_a_shape_is_filled_by_its_rule_and_stroked_over_the_fill() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine)
        rings = Path.rect(20, 20, 60, 60).extend(Path.rect(35, 35, 30, 30))
        scene.layer(BuiltInClass.SHAPE_LAYER, path=rings, fillColor=(0, 0, 1, 1))
        scene.layer(BuiltInClass.SHAPE_LAYER, path=rings, fillColor=(0, 0, 1, 1),
                               fillRule=animcore.FillRule.EVEN_ODD, position=(200, 50),
                               strokeColor=(1, 0, 0, 1), lineWidth=4)  # fmt: skip
        engine.tick(0.0)
        p = scene.draw()
        assert tuple(p[50, 50, :3]) == (255, 0, 0)  # non-zero: the hole is filled (BGR)
        assert white(p, 150, 50)  # even-odd: the hole stays empty
        assert tuple(p[50, 127, :3]) == (255, 0, 0)  # filled between the rects
        assert tuple(p[50, 120, :3]) == (0, 0, 255)  # the stroke over the fill's edge


def test_without_an_engine_a_shape_layer_draws_as_a_plain_layer() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine, with_engine=False)
        p = stroked_line(scene, 0.0, 1.0)
        assert white(p, 100, 50)


def test_a_shape_layer_as_a_mask_masks_by_its_shape() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine)
        card = engine.layer(bounds=(0, 0, 200, 100), position=(100, 50), background_color=(0, 0.5, 0, 1))
        scene.root.add_sublayer(card)
        mask = engine.builtin_class(BuiltInClass.SHAPE_LAYER)()
        mask.bounds, mask.position = (0, 0, 200, 100), (100, 50)
        mask["path"] = Path.ellipse(50, 0, 100, 100)
        card.mask = mask
        engine.tick(0.0)
        p = scene.draw()
        assert tuple(p[50, 100, :3]) == (0, 128, 0)  # inside the disc: the card
        assert white(p, 20, 50) and white(p, 180, 50) and white(p, 55, 5)  # outside it: nothing


def gradient(scene: Scene, kind: GradientType, start: Any, end: Any, **values: Any) -> np.ndarray:
    scene.layer(BuiltInClass.GRADIENT_LAYER, type=kind, startPoint=start, endPoint=end,
                colors=[(1, 0, 0, 1), (0, 0, 1, 1)], **values)  # fmt: skip
    scene.engine.tick(0.0)
    return scene.draw()


def test_an_axial_gradient_runs_from_start_to_end_point_with_locations() -> None:
    with animcore.Engine() as engine:
        p = gradient(Scene(engine), GradientType.AXIAL, (0, 0.5), (1, 0.5))
        assert p[50, 0, 2] > 250 and p[50, 0, 0] < 5  # red at the start (BGR)
        assert p[50, 199, 0] > 250 and p[50, 199, 2] < 5  # blue at the end
        assert abs(int(p[50, 100, 0]) - int(p[50, 100, 2])) < 4  # the middle half way
        assert abs(int(p[10, 50, 2]) - int(p[90, 50, 2])) <= 1  # lines of equal colour: vertical
    with animcore.Engine() as engine:
        p = gradient(Scene(engine), GradientType.AXIAL, (0, 0.5), (1, 0.5), locations=[0, 0.25])
        assert p[50, 100, 0] > 250  # blue from a quarter on (the end colour extends)


def test_a_gradient_fills_the_rounded_bounds() -> None:
    with animcore.Engine() as engine:
        p = gradient(Scene(engine), GradientType.AXIAL, (0, 0.5), (1, 0.5), cornerRadius=30)
        assert white(p, 1, 1) and not white(p, 30, 50)


def test_a_radial_gradient_grows_from_the_start_point() -> None:
    with animcore.Engine() as engine:
        p = gradient(Scene(engine), GradientType.RADIAL, (0.5, 0.5), (1, 1))
        assert p[50, 100, 2] > 245  # red at the centre
        assert p[2, 2, 0] > 250 and p[50, 2, 0] > 245  # blue at the ellipse's edge and past it


def test_a_conic_gradient_turns_from_the_end_points_direction() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine)
        scene.layer(BuiltInClass.GRADIENT_LAYER, type=GradientType.CONIC, startPoint=(0.5, 0.5),
                    endPoint=(1, 0.5), colors=[(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1)],
                    bounds=(0, 0, 100, 100))  # fmt: skip
        engine.tick(0.0)
        p = scene.draw()
        # the layer spans x 50 ... 150; angle 0 to the right, increasing towards +y (down)
        # red below the angle 0 line, blue above it (near 2 pi; the seam itself may bleed a pixel)
        assert p[54, 145, 2] > 200 and p[46, 145, 0] > 200
        assert p[95, 100, 1] > 100 and p[95, 100, 1] > p[95, 100, 0]  # a quarter turn: red -> green
        assert p[50, 55, 1] > 240  # half a turn: green


def test_coincident_points_fill_with_the_last_colour() -> None:
    with animcore.Engine() as engine:
        p = gradient(Scene(engine), GradientType.AXIAL, (0.5, 0.5), (0.5, 0.5))
        assert p[50, 100, 0] > 250 and p[50, 100, 2] < 5


def half_way(scene: Scene, transition: Transition, new_color: Any) -> np.ndarray:
    """A red panel drawn, then changed to new_color with transition (1 s, linear), drawn half way
    through it (it begins at the tick after the commit; the list sees BEGAN in that fill)."""
    panel = scene.engine.layer(bounds=(0, 0, 200, 100), position=(100, 50), background_color=(1, 0, 0, 1))
    scene.root.add_sublayer(panel)
    scene.engine.tick(0.0)
    scene.draw()  # red: the drawing the transition's snapshot takes
    with scene.engine.transaction(disable_actions=True):
        panel.add_animation(transition)
        panel.background_color = new_color
    scene.engine.tick(0.5)
    scene.engine.tick(1.0)
    return scene.draw()


def test_a_transition_composites_the_old_drawing_until_it_ends() -> None:
    with animcore.Engine() as engine:
        scene = Scene(engine)
        p = half_way(scene, Transition("push", "fromRight", duration=1.0, timing_function="linear"), (0, 0, 1, 1))
        assert p[50, 50, 2] > 250 and p[50, 50, 0] < 5  # the old red pushed to the left half
        assert p[50, 150, 0] > 250 and p[50, 150, 2] < 5  # the new blue entering from the right
        engine.tick(2.0)
        p = scene.draw()
        assert p[50, 50, 0] > 250 and p[50, 150, 0] > 250  # ended: the new drawing alone
        assert not scene.comp._snapshots  # and the old one dropped


def test_a_fade_cross_dissolves_without_darkening() -> None:
    with animcore.Engine() as engine:
        p = half_way(Scene(engine), Transition("fade", duration=1.0, timing_function="linear"), (1, 0, 0, 1))
        # old at 1/2 plus new at 1/2 (ADD) is red itself; source-over would leave the group
        # 3/4 opaque and the white behind it would show (green and blue near 64)
        assert p[50, 100, 2] >= 253 and p[50, 100, 0] <= 2 and p[50, 100, 1] <= 2
