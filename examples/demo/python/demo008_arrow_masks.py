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


def run(out: Path) -> None:
    with animcore.Engine() as engine:
        comp = Compositor(engine)
        shapes = engine.builtin_class(BuiltInClass.SHAPE_LAYER)
        gradients = engine.builtin_class(BuiltInClass.GRADIENT_LAYER)

        def layer_in(cls: Any, superlayer: Optional[Layer], w: float, h: float, x: float, y: float) -> Layer:
            layer: Layer = engine.layer(cls, bounds=(0, 0, w, h), position=(x, y))
            if superlayer is not None:
                superlayer.add_sublayer(layer)
            return layer

        def shape_with(superlayer: Optional[Layer], path: ShapePath, x: float, y: float) -> Layer:
            layer = layer_in(shapes, superlayer, SIZE, SIZE, x, y)
            layer["path"] = path
            return layer

        def swatch(x: float, kind: GradientType, start: Tuple[float, float], end: Tuple[float, float]) -> Layer:
            layer = layer_in(gradients, root, 70, 60, x, 315)
            layer["type"] = kind
            layer["startPoint"] = start
            layer["endPoint"] = end
            return layer

        root = layer_in(None, None, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0)
        root.background_color = (0.94, 0.94, 0.94, 1)
        ring = shape_with(root, circle_path(SIZE / 2.0 - THICKNESS / 2.0), 130, 130)
        ring["fillColor"] = (0, 0, 0, 0)
        ring["strokeColor"] = (0.87, 0.87, 0.87, 1)
        ring["lineWidth"] = THICKNESS
        image = layer_in(gradients, root, SIZE, SIZE, 130, 130)
        image["colors"] = [(0.95, 0.35, 0.2, 1), (0.95, 0.8, 0.2, 1), (0.2, 0.5, 0.9, 1)]
        image["startPoint"] = (0, 0)
        image["endPoint"] = (1, 1)
        arrow = shape_with(None, arrow_path(), SIZE / 2.0, SIZE / 2.0)
        swipe = shape_with(None, circle_path(90), SIZE / 2.0, SIZE / 2.0)
        swipe["fillColor"] = (0, 0, 0, 0)
        swipe["strokeColor"] = (0, 0, 0, 1)
        swipe["lineWidth"] = 64
        swipe["strokeEnd"] = 0
        image.mask = arrow
        arrow.mask = swipe
        radial = swatch(50, GradientType.RADIAL, (0.5, 0.5), (1, 1))
        conic = swatch(130, GradientType.CONIC, (0.5, 0.5), (1, 0.5))
        axial = swatch(210, GradientType.AXIAL, (0, 0.5), (1, 0.5))
        radial["colors"] = [(1, 1, 1, 1), (0.15, 0.35, 0.8, 1)]
        conic["colors"] = [(0.9, 0.2, 0.2, 1), (0.95, 0.85, 0.2, 1), (0.2, 0.7, 0.3, 1), (0.2, 0.4, 0.9, 1),
                           (0.9, 0.2, 0.2, 1)]  # fmt: skip
        axial["colors"] = [(0.1, 0.1, 0.3, 1), (0.9, 0.5, 0.2, 1), (1, 0.95, 0.8, 1)]
        axial["locations"] = [0, 0.7, 1]
        axial.corner_radius = 12
        render = engine.render_list()

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "stroke_end,stroke_end_model,start_x,start_x_model")
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                animate(swipe, "strokeEnd", 0.0, 1.0, 2.0)
                animate(image, "startPoint", (0, 0), (1, 0), 2.0)
                animate(image, "endPoint", (1, 1), (0, 1), 2.0)
                animate(radial, "endPoint", (1, 1), (0.6, 0.6), 1.0)
                conic.add_animation(  # the endPoint round the centre in 2 s, forever
                    KeyframeAnimation(
                        "endPoint", values=[(1, 0.5), (0.5, 1), (0, 0.5), (0.5, 0), (1, 0.5)],
                        duration=2.0, repeat_count=math.inf,
                    ),
                    "turn",
                )  # fmt: skip
            engine.tick(demo.tick_time(tick))
            row = (
                swipe.presentation_value("strokeEnd"), swipe["strokeEnd"],
                image.presentation_value("startPoint")[0], image["startPoint"][0],
            )  # fmt: skip
            csv.row(tick, row)
            if demo.records(tick):
                comp.draw(cr, render.fill(root))
                cr.set_source_rgb(0.1, 0.1, 0.1)
                demo.text(cr, 10, 272, 13, f"strokeEnd {row[0]:.3f}")
                demo.text(cr, 28, 362, 11, "radial")
                demo.text(cr, 112, 362, 11, "conic")
                demo.text(cr, 192, 362, 11, "axial")
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 002's first answer (two levels of shape masks)"))
