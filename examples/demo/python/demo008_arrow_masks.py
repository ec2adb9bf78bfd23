"""Seed 002's first answer ("animating two levels of masks") drawn with pycairo from animcore's
render list — the Python twin of examples/demo/c/demo008_arrow_masks.c (same scenario, same
ticks, same drawing; see that file and examples/demo/README.md).

A CAGradientLayer (the image, its startPoint and endPoint swinging round) masked by the arrow (a
CAShapeLayer outlining the circular arrow), itself masked by the swipe (a CAShapeLayer
stroking a circle, 64 wide, whose strokeEnd animates 0 -> 1); under a grey ring; below, three
gradient swatches: radial (endPoint pulsing), conic (endPoint going round), axial with
locations and a corner radius.

usage: demo008_arrow_masks.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Optional, Tuple

import animcore
from animcore import BasicAnimation, BuiltInClass, GradientType, KeyframeAnimation, Layer
from animcore import Path as ShapePath

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 260, 370
SIZE = 240
LAST_TICK = 240
THICKNESS = 60.0


def arc(p: ShapePath, cx: float, cy: float, r: float, a0: float, a1: float) -> None:
    """An arc about (cx, cy) from angle a0 to a1 (clockwise on the y-down screen), from the
    current point at a0: cubic pieces of at most a quarter turn."""
    pieces = int(math.ceil(abs(a1 - a0) / (math.pi / 2.0) - 1e-9))
    step = (a1 - a0) / pieces
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    for i in range(pieces):
        b0 = a0 + step * i
        b1 = b0 + step
        x0, y0 = cx + r * math.cos(b0), cy + r * math.sin(b0)
        x1, y1 = cx + r * math.cos(b1), cy + r * math.sin(b1)
        p.curve_to(x0 - k * r * math.sin(b0), y0 + k * r * math.cos(b0), x1 + k * r * math.sin(b1),
                   y1 - k * r * math.cos(b1), x1, y1)  # fmt: skip


def arrow_path() -> ShapePath:
    """The seed's arrow outline in a 240 x 240 layer."""
    p = ShapePath()
    c, outer = SIZE / 2.0, SIZE / 2.0
    inner, tip = outer - THICKNESS, outer - THICKNESS / 2.0
    start = -math.pi / 2.0
    end = start + 2.0 * math.pi
    head = end - math.pi / 16.0
    p.move_to(c + outer * math.cos(start), c + outer * math.sin(start))
    arc(p, c, c, outer, start, head)
    p.line_to(c + tip * math.cos(end), c + tip * math.sin(end))
    p.line_to(c + inner * math.cos(head), c + inner * math.sin(head))
    arc(p, c, c, inner, head, start)
    p.close()
    return p


def circle_path(r: float) -> ShapePath:
    """A circle of radius r about the 240 x 240 layer's centre, from the top, clockwise."""
    p = ShapePath()
    c = SIZE / 2.0
    p.move_to(c, c - r)
    arc(p, c, c, r, -math.pi / 2.0, 1.5 * math.pi)
    return p


def animate(layer: Layer, key: str, start: Any, end: Any, duration: float) -> None:
    """A linear animation of key repeating forever: start -> end, autoreversing."""
    layer.add_animation(
        BasicAnimation(
            key, from_value=start, to_value=end, timing_function="linear", duration=duration,
            repeat_count=math.inf, autoreverses=True,
        ),
        key,
    )  # fmt: skip


class Scene:
    """The layers of the scene (demo008_arrow_masks.c's struct scene)."""

    def __init__(self, engine: animcore.Engine) -> None:
        self.engine = engine
        self.shapes = engine.builtin_class(BuiltInClass.SHAPE_LAYER)
        self.gradients = engine.builtin_class(BuiltInClass.GRADIENT_LAYER)
        self.root = self.layer_in(None, None, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0)
        self.root.background_color = (0.94, 0.94, 0.94, 1)
        self.build_arrow()
        self.build_swatches()

    def layer_in(self, cls: Any, superlayer: Optional[Layer], w: float, h: float, x: float, y: float) -> Layer:
        layer: Layer = self.engine.layer(cls, bounds=(0, 0, w, h), position=(x, y))
        if superlayer is not None:
            superlayer.add_sublayer(layer)
        return layer

    def shape_with(self, superlayer: Optional[Layer], path: ShapePath, x: float, y: float) -> Layer:
        layer = self.layer_in(self.shapes, superlayer, SIZE, SIZE, x, y)
        layer["path"] = path
        return layer

    def swatch(self, x: float, kind: GradientType, start: Tuple[float, float], end: Tuple[float, float]) -> Layer:
        layer = self.layer_in(self.gradients, self.root, 70, 60, x, 315)
        layer["type"] = kind
        layer["startPoint"] = start
        layer["endPoint"] = end
        return layer

    def build_arrow(self) -> None:
        """The ring, the image and its two levels of masks, in the root."""
        self.ring = self.shape_with(self.root, circle_path(SIZE / 2.0 - THICKNESS / 2.0), 130, 130)
        self.ring["fillColor"] = (0, 0, 0, 0)
        self.ring["strokeColor"] = (0.87, 0.87, 0.87, 1)
        self.ring["lineWidth"] = THICKNESS
        self.image = self.layer_in(self.gradients, self.root, SIZE, SIZE, 130, 130)
        self.image["colors"] = [(0.95, 0.35, 0.2, 1), (0.95, 0.8, 0.2, 1), (0.2, 0.5, 0.9, 1)]
        self.image["startPoint"] = (0, 0)
        self.image["endPoint"] = (1, 1)
        self.arrow = self.shape_with(None, arrow_path(), SIZE / 2.0, SIZE / 2.0)
        self.swipe = self.shape_with(None, circle_path(90), SIZE / 2.0, SIZE / 2.0)
        self.swipe["fillColor"] = (0, 0, 0, 0)
        self.swipe["strokeColor"] = (0, 0, 0, 1)
        self.swipe["lineWidth"] = 64
        self.swipe["strokeEnd"] = 0
        self.image.mask = self.arrow
        self.arrow.mask = self.swipe

    def build_swatches(self) -> None:
        """The three gradient swatches under the arrow."""
        self.radial = self.swatch(50, GradientType.RADIAL, (0.5, 0.5), (1, 1))
        self.conic = self.swatch(130, GradientType.CONIC, (0.5, 0.5), (1, 0.5))
        self.axial = self.swatch(210, GradientType.AXIAL, (0, 0.5), (1, 0.5))
        self.radial["colors"] = [(1, 1, 1, 1), (0.15, 0.35, 0.8, 1)]
        self.conic["colors"] = [(0.9, 0.2, 0.2, 1), (0.95, 0.85, 0.2, 1), (0.2, 0.7, 0.3, 1),
                                (0.2, 0.4, 0.9, 1), (0.9, 0.2, 0.2, 1)]  # fmt: skip
        self.axial["colors"] = [(0.1, 0.1, 0.3, 1), (0.9, 0.5, 0.2, 1), (1, 0.95, 0.8, 1)]
        self.axial["locations"] = [0, 0.7, 1]
        self.axial.corner_radius = 12

    def start_animations(self) -> None:
        """Tick 1: every animation of the scenario."""
        animate(self.swipe, "strokeEnd", 0.0, 1.0, 2.0)
        animate(self.image, "startPoint", (0, 0), (1, 0), 2.0)
        animate(self.image, "endPoint", (1, 1), (0, 1), 2.0)
        animate(self.radial, "endPoint", (1, 1), (0.6, 0.6), 1.0)
        self.conic.add_animation(  # the endPoint round the centre in 2 s, forever
            KeyframeAnimation(
                "endPoint", values=[(1, 0.5), (0.5, 1), (0, 0.5), (0.5, 0), (1, 0.5)],
                duration=2.0, repeat_count=math.inf,
            ),
            "turn",
        )  # fmt: skip


def compose(comp: Compositor, cr: Context, entries: Any, stroke_end: float) -> None:
    """The screen after a tick: the render list, then the host's text."""
    comp.draw(cr, entries)
    cr.set_source_rgb(0.1, 0.1, 0.1)
    demo.text(cr, 10, 272, 13, f"strokeEnd {stroke_end:.3f}")
    demo.text(cr, 28, 362, 11, "radial")
    demo.text(cr, 112, 362, 11, "conic")
    demo.text(cr, 192, 362, 11, "axial")


def run(out: Path) -> None:
    with animcore.Engine() as engine:
        comp = Compositor(engine)
        s = Scene(engine)
        render = engine.render_list()
        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "stroke_end,stroke_end_model,start_x,start_x_model")
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                s.start_animations()
            engine.tick(demo.tick_time(tick))
            row = (
                s.swipe.presentation_value("strokeEnd"), s.swipe["strokeEnd"],
                s.image.presentation_value("startPoint")[0], s.image["startPoint"][0],
            )  # fmt: skip
            csv.row(tick, row)
            if demo.records(tick):
                compose(comp, cr, render.fill(s.root), row[0])
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 002's first answer (two levels of shape masks)"))
