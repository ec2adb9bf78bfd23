"""Seed 003's door scrubbed by a simulated drag through an animator, then continued with a
spring — the Python twin of examples/demo/c/demo005_door_drag.c (same scenario, same ticks,
same drawing; see that file and examples/demo/README.md).

The door of demo003_door.py (in perspective, with its contents, clip, border and window); an
animator of 1 s, linear, whose block sets ``transform.rotation.y`` to -pi/2, paused at once; the
drag moves its fraction_complete from 0 to 0.75 and back to 0.4 (ticks 2-100); released at tick
101, it continues with a spring (mass 1, stiffness 120, damping 12) and runs to its end.

usage: demo005_door_drag.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Optional, Tuple

import animcore
import cairo
from animcore import Animator, Layer, Spring, Transform3D

import demo_common as demo
from compositor import Compositor
from demo_common import Context

SIZE = 300  # the container, and the screen
DOOR_W, DOOR_H = 128, 256
DOOR_TOKEN = 1  # the contents token of "Door.png"
LAST_TICK = 240


def door_image() -> cairo.ImageSurface:
    """"Door.png": planks of wood, four panels and a knob, in a surface of the door's size."""
    image = demo.surface(DOOR_W, DOOR_H)
    cr = Context(image)
    cr.set_source_rgb(0.55, 0.33, 0.17)
    cr.paint()
    cr.set_source_rgb(0.42, 0.24, 0.11)
    cr.set_line_width(4)
    for row in range(2):
        for column in range(2):
            cr.rectangle(16 + column * 52, 20 + row * 120, 44, 100)
    cr.stroke()
    cr.arc(110, 136, 6, 0, 2 * math.pi)
    cr.set_source_rgb(0.9, 0.75, 0.2)
    cr.fill()
    return image


def drag(tick: int) -> float:
    """The finger's position as the animator's fraction_complete, before tick ``tick`` (2-100):
    out to 0.75 by tick 60, back to 0.4 by tick 100."""
    if tick <= 60:
        return 0.75 * float(tick - 2) / 58.0
    return 0.75 - 0.35 * float(tick - 60) / 40.0


def run(out: Path) -> None:
    image = door_image()
    comp = Compositor()
    comp.set_contents(DOOR_TOKEN, image)
    with animcore.Engine() as engine:

        def layer_in(
            superlayer: Optional[Layer], w: float, h: float, x: float, y: float,
            color: Tuple[float, float, float, float],
        ) -> Layer:  # fmt: skip
            layer = engine.layer(bounds=(0, 0, w, h), position=(x, y), background_color=color)
            if superlayer is not None:
                superlayer.add_sublayer(layer)
            return layer

        # The container: the screen, its sublayers seen in perspective (the eye 500 in front).
        perspective = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        perspective[11] = -1.0 / 500.0  # m34
        container = layer_in(None, SIZE, SIZE, SIZE / 2.0, SIZE / 2.0, (0.94, 0.94, 0.94, 1))
        container.sublayer_transform = Transform3D(*perspective)
        layer_in(container, DOOR_W, DOOR_H, 150, 150, (0.16, 0.16, 0.2, 1))  # the doorway
        door = layer_in(container, DOOR_W, DOOR_H, 150 - 64, 150, (0, 0, 0, 0))
        door.anchor_point = (0, 0.5)
        door.contents = DOOR_TOKEN
        door.corner_radius = 10
        door.masks_to_bounds = True
        door.border_width = 3
        door.border_color = (0.3, 0.16, 0.07, 1)
        window = layer_in(door, 64, 40, 64, 48, (0.7, 0.85, 1, 1))
        window.opacity = 0.7
        window_mask = layer_in(None, 64, 40, 32, 20, (0, 0, 0, 1))
        window_mask.corner_radius = 20
        window.mask = window_mask
        render = engine.render_list()

        screen = demo.surface(SIZE, SIZE)
        cr = Context(screen)
        csv = demo.Csv(out, "angle,angle_model,fraction")
        animator: Optional[Animator] = None
        for tick in range(LAST_TICK + 1):
            if tick == 1:  # the animator: 1 s, linear; its block opens the door; paused at once
                animator = engine.animator(duration=1.0, timing_function="linear")
                with animator:
                    door["transform.rotation.y"] = -math.pi / 2
                animator.pause()
            assert animator is not None or tick == 0
            if 2 <= tick <= 100 and animator is not None:
                animator.fraction_complete = drag(tick)
            if tick == 101 and animator is not None:  # released: on with a spring
                animator.continue_with_spring(Spring(stiffness=120, damping=12))
            engine.tick(demo.tick_time(tick))
            csv.row(
                tick,
                (
                    door.presentation["transform.rotation.y"],
                    door["transform.rotation.y"],
                    animator.fraction_complete if animator is not None else 0.0,
                ),
            )
            if demo.records(tick):
                comp.draw(cr, render.fill(container))
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 003's door scrubbed by a drag"))
