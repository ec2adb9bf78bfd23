"""The tap scene (hitting a moving layer) drawn with pycairo — the Python twin of
examples/demo/c/demo004_tap.c (same scenario, same ticks, same drawing; see that file and
examples/demo/README.md).

A disc (seed 004's tapped circle, as a plain layer) moves across the view in a 2 s implicit
animation while a card turns by an explicit ``transform.rotation.z`` animation. Each recorded
frame is the render list drawn by the demo's compositor (compositor.py), then a grid of taps
every 10 points: a black dot where ``hit_test`` on the presentation tree finds the disc or the
card, a red ring where ``hit_test`` on the model tree does.

usage: demo004_tap.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Optional, Tuple

import animcore
from animcore import BasicAnimation, Engine, Layer

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 320, 250
SCENE_H = 220  # the taps cover the scene above the legend
STEP = 10
LAST_TICK = 150


def layer_in(
    engine: Engine, superlayer: Optional[Layer], w: float, h: float, x: float, y: float,
    color: Tuple[float, float, float, float], radius: float,
) -> Layer:  # fmt: skip
    layer = engine.layer(
        bounds=(0, 0, w, h), position=(x, y), background_color=color, corner_radius=radius
    )
    if superlayer is not None:
        superlayer.add_sublayer(layer)
    return layer


def taps(root: Layer, cr: Context, draw: bool) -> Tuple[int, int]:
    """The taps: every STEP points over the scene, hit on both trees; how many found a layer
    other than the root, in the presentation tree and in the model tree."""
    hits = model_hits = 0
    for j in range(SCENE_H // STEP):
        for i in range(WIDTH // STEP):
            point = (STEP / 2.0 + i * STEP, STEP / 2.0 + j * STEP)
            shown = root.hit_test(point, presentation=True)
            model = root.hit_test(point, presentation=False)
            if shown is not None and shown != root:
                hits += 1
                if draw:
                    cr.new_path()
                    cr.arc(point[0], point[1], 1.8, 0, 2 * math.pi)
                    cr.set_source_rgb(0.05, 0.05, 0.05)
                    cr.fill()
            if model is not None and model != root:
                model_hits += 1
                if draw:
                    cr.new_path()
                    cr.arc(point[0], point[1], 3.5, 0, 2 * math.pi)
                    cr.set_source_rgb(0.85, 0.1, 0.1)
                    cr.set_line_width(1)
                    cr.stroke()
    return hits, model_hits


def run(out: Path) -> None:
    comp = Compositor()  # no layer has contents
    with animcore.Engine() as engine:
        root = layer_in(engine, None, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0, (0.94, 0.94, 0.94, 1), 0)
        card = layer_in(engine, root, 140, 50, 160, 110, (0.95, 0.7, 0.3, 1), 8)
        disc = layer_in(engine, root, 80, 80, 60, 60, (0.3, 0.55, 0.9, 1), 40)
        render = engine.render_list()

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "x,x_model,y,y_model,angle,angle_model,hits,hits_model")
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                with engine.transaction(duration=2.0):
                    disc.position = (250, 160)
                card.add_animation(
                    BasicAnimation(
                        "transform.rotation.z", from_value=0.0, to_value=math.pi, duration=2.5
                    ),
                    "turn",
                )
            engine.tick(demo.tick_time(tick))
            draw = demo.records(tick)
            if draw:
                comp.draw(cr, render.fill(root))
            hits, model_hits = taps(root, cr, draw)
            (x, y), (mx, my) = disc.presentation.position, disc.position
            csv.row(
                tick,
                (
                    x, mx, y, my,
                    card.presentation["transform.rotation.z"], card["transform.rotation.z"],
                    hits, model_hits,
                ),
            )  # fmt: skip
            if not draw:
                continue
            cr.new_path()
            cr.arc(14, 236, 1.8, 0, 2 * math.pi)  # the legend
            cr.set_source_rgb(0.05, 0.05, 0.05)
            cr.fill()
            demo.text(cr, 22, 240, 11, "presentation tree hit")
            cr.new_path()
            cr.arc(170, 236, 3.5, 0, 2 * math.pi)
            cr.set_source_rgb(0.85, 0.1, 0.1)
            cr.set_line_width(1)
            cr.stroke()
            cr.set_source_rgb(0.05, 0.05, 0.05)
            demo.text(cr, 178, 240, 11, "model tree hit")
            demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "the tap scene (hit testing a moving layer)"))
