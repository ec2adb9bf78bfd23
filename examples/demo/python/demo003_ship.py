"""Seed 003 ("Layer Time", Listing 9.3) drawn with pycairo — the Python twin of
examples/demo/c/demo003_ship.c (same scenario, same ticks, same drawing).

The ship follows a bezier path: a keyframe animation of "position" along move to (0, 150),
curve to (300, 150) with controls (75, 0) and (225, 300), duration 1, rotationMode auto,
removedOnCompletion NO, with the speed and timeOffset of the chapter's sliders. Six slider
settings fly side by side (one engine, six ships): each panel is a white layer holding the
seed's 300 x 300 container at scale 0.6 (its transform; the path as its contents) and the ship
layer in it (the host's ship image as its contents, with a shadow that turns with it). The
screen is the render list drawn by the demo's compositor (compositor.py): the engine puts each ship at its presentation position,
turned by its presentation rotation (the path's tangent); the host adds the labels.

usage: demo003_ship.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import List

import animcore
import cairo
from animcore import KeyframeAnimation, Path as BezierPath, Transform3D

import demo_common as demo
from compositor import Compositor
from demo_common import Context

PANEL_W, PANEL_H, COLUMNS, SHIPS = 220, 150, 3, 6
WIDTH, HEIGHT = PANEL_W * COLUMNS, PANEL_H * 2
SCALE = 0.6
LAST_TICK = 150
SPEED = (1.0, 1.0, 2.0, 0.5, 1.0, 0.0)
TIME_OFFSET = (0.0, 0.5, 0.5, 0.25, 0.75, 0.3)
LABELS = (
    "speed 1, timeOffset 0",
    "speed 1, timeOffset 0.5",
    "speed 2, timeOffset 0.5",
    "speed 0.5, timeOffset 0.25",
    "speed 1, timeOffset 0.75",
    "speed 0 (paused), timeOffset 0.3",
)


PATH_TOKEN = 1  # the containers' contents: the path, drawn at the panels' scale
SHIP_TOKEN = 2  # the ships' contents: the seed's 64 x 64 ship image


def ship_image() -> cairo.ImageSurface:
    """The ship (the seed's 64 x 64 image): a dart pointing along +x, centred on the image."""
    image = demo.surface(64, 64)
    cr = Context(image)
    cr.translate(32, 32)
    cr.move_to(32, 0)
    cr.line_to(-20, -15)
    cr.line_to(-12, 0)
    cr.line_to(-20, 15)
    cr.close_path()
    cr.set_source_rgb(0.15, 0.3, 0.6)
    cr.fill()
    cr.arc(8, 0, 4, 0, 2 * math.pi)
    cr.set_source_rgb(1, 1, 1)
    cr.fill()
    return image


def path_image() -> cairo.ImageSurface:
    """The path, stroked into an image of the container's size at the panels' scale (its
    layer's contentsScale is SCALE, so it is drawn pixel for pixel)."""
    image = demo.surface(int(300 * SCALE), int(300 * SCALE))
    cr = Context(image)
    cr.move_to(SCALE * 0, SCALE * 150)
    cr.curve_to(SCALE * 75, SCALE * 0, SCALE * 225, SCALE * 300, SCALE * 300, SCALE * 150)
    cr.set_source_rgb(0.7, 0.7, 0.7)
    cr.set_line_width(1.5)
    cr.stroke()
    return image


def run(out: Path) -> None:
    comp = Compositor()
    comp.set_contents(PATH_TOKEN, path_image())
    comp.set_contents(SHIP_TOKEN, ship_image())
    with animcore.Engine() as engine:
        # The screen (grey 0.94) and its six panels (white, inset 3); in each, viewDidLoad's
        # container (300 x 300, anchorPoint (0, 0), scaled by 0.6) and its ship at (0, 150).
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT),
            position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )
        scale = Transform3D(SCALE, 0, 0, 0, 0, SCALE, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        ships = []
        for i in range(SHIPS):
            panel = engine.layer(
                frame=(
                    (i % COLUMNS) * PANEL_W + 3, (i // COLUMNS) * PANEL_H + 3,
                    PANEL_W - 6, PANEL_H - 6,
                ),
                background_color=(1, 1, 1, 1),
            )  # fmt: skip
            root.add_sublayer(panel)
            container = engine.layer(
                bounds=(0, 0, 300, 300),
                anchor_point=(0, 0),
                position=(20 - 3, 90 - SCALE * 150 - 3),
                transform=scale,
                contents=PATH_TOKEN,
                contents_scale=SCALE,
            )
            panel.add_sublayer(container)
            ship = engine.layer(frame=(0, 0, 64, 64), position=(0, 150), contents=SHIP_TOKEN)
            # A shadow to the ship's right (+y of its own space): it turns with the ship and is
            # scaled by the container's 0.6 (the compositor's sigma 2.4, offset 3.6 pixels).
            ship.shadow_opacity = 0.45
            ship.shadow_radius = 4
            ship.shadow_offset = (0, 6)
            container.add_sublayer(ship)
            ships.append(ship)
        render = engine.render_list()

        def compose(cr: Context) -> None:  # the render list, then the panels' labels
            comp.draw(cr, render.fill(root))
            cr.set_source_rgb(0.1, 0.1, 0.1)
            for i in range(SHIPS):
                demo.text(cr, (i % COLUMNS) * PANEL_W + 10, (i // COLUMNS) * PANEL_H + 20, 12,
                          LABELS[i])  # fmt: skip

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        header = "".join(f"x{i},y{i},angle{i}," for i in range(SHIPS))
        csv = demo.Csv(out, header + "model_x,model_y,model_angle")
        for tick in range(LAST_TICK + 1):
            if tick == 1:  # -play, for every slider setting
                for i, ship in enumerate(ships):
                    path = BezierPath().move_to(0, 150).curve_to(75, 0, 225, 300, 300, 150)
                    ship.add_animation(
                        KeyframeAnimation(
                            "position",
                            path=path,
                            duration=1.0,
                            speed=SPEED[i],
                            time_offset=TIME_OFFSET[i],
                            rotation_mode="auto",
                            removed_on_completion=False,
                        ),
                        key="slide",
                    )
            engine.tick(demo.tick_time(tick))
            row: List[float] = []
            for ship in ships:
                px, py = ship.presentation.position
                row += [px, py, ship.presentation["transform.rotation.z"]]
            mx, my = ships[0].position
            row += [mx, my, ships[0]["transform.rotation.z"]]
            csv.row(tick, row)
            if demo.records(tick):
                compose(cr)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 003 (the ship on its path)"))
