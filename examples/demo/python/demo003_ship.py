"""Seed 003 ("Layer Time", Listing 9.3) drawn with pycairo — the Python twin of
examples/demo/c/demo003_ship.c (same scenario, same ticks, same drawing).

The ship follows a bezier path: a keyframe animation of "position" along move to (0, 150),
curve to (300, 150) with controls (75, 0) and (225, 300), duration 1, rotationMode auto,
removedOnCompletion NO, with the speed and timeOffset of the chapter's sliders. Six slider
settings fly side by side (one engine, six ships); each panel draws the path and the ship at
its presentation position, turned by its presentation rotation (the path's tangent).

usage: demo003_ship.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import List, Sequence

import animcore
from animcore import KeyframeAnimation, Path as BezierPath

import demo_common as demo
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


def panel_x(i: int, x: float) -> float:  # the container's space in panel i of the screen
    return (i % COLUMNS) * PANEL_W + 20 + SCALE * x


def panel_y(i: int, y: float) -> float:
    return (i // COLUMNS) * PANEL_H + 90 + SCALE * (y - 150)


def draw_ship(cr: Context) -> None:  # a dart pointing along +x, centred on the layer
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


def compose(
    cr: Context, x: Sequence[float], y: Sequence[float], angle: Sequence[float]
) -> None:
    demo.background(cr, 0.94)
    for i in range(SHIPS):
        left, top = (i % COLUMNS) * PANEL_W, (i // COLUMNS) * PANEL_H
        cr.set_source_rgb(1, 1, 1)
        cr.rectangle(left + 3, top + 3, PANEL_W - 6, PANEL_H - 6)
        cr.fill()
        cr.set_source_rgb(0.1, 0.1, 0.1)
        demo.text(cr, left + 10, top + 20, 12, LABELS[i])
        cr.move_to(panel_x(i, 0), panel_y(i, 150))  # the path
        cr.curve_to(panel_x(i, 75), panel_y(i, 0), panel_x(i, 225), panel_y(i, 300),
                    panel_x(i, 300), panel_y(i, 150))
        cr.set_source_rgb(0.7, 0.7, 0.7)
        cr.set_line_width(1.5)
        cr.stroke()
        cr.save()
        cr.translate(panel_x(i, x[i]), panel_y(i, y[i]))
        cr.rotate(angle[i])
        cr.scale(SCALE, SCALE)
        draw_ship(cr)
        cr.restore()


def run(out: Path) -> None:
    with animcore.Engine() as engine:
        container = engine.layer()
        ships = []
        for _ in range(SHIPS):  # viewDidLoad: the 64 x 64 ships at (0, 150)
            ship = engine.layer(frame=(0, 0, 64, 64), position=(0, 150))
            container.add_sublayer(ship)
            ships.append(ship)

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
            x: List[float] = []
            y: List[float] = []
            angle: List[float] = []
            row: List[float] = []
            for ship in ships:
                px, py = ship.presentation.position
                x.append(px)
                y.append(py)
                angle.append(ship.presentation["transform.rotation.z"])
                row += [x[-1], y[-1], angle[-1]]
            mx, my = ships[0].position
            row += [mx, my, ships[0]["transform.rotation.z"]]
            csv.row(tick, row)
            if demo.records(tick):
                compose(cr, x, y, angle)
                demo.write_frame(screen, out, tick)
        csv.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 003 (the ship on its path)"))
