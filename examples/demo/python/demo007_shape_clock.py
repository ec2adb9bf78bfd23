"""Seed 000's first clock as the seed builds it, with CAShapeLayers, drawn with pycairo from
animcore's render list — the Python twin of examples/demo/c/demo007_shape_clock.c (same
scenario, same ticks, same drawing; see that file and examples/demo/README.md).

Two clocks: on the left the seed's setTime (each hand's transform set to its rotation: the
matrix animation takes the short way from 11 to 1 o'clock, and the minute hand, 12 to 12,
stands still); on the right the same times with a transform animation whose valueFunction is
rotateZ (the minute hand turns twice from 11:00 to 1:00, once, 0 -> 2 pi, from 1:00 to 2:00).

usage: demo007_shape_clock.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Tuple

import animcore
from animcore import BasicAnimation, BuiltInClass, Layer, Transform3D
from animcore import Path as ShapePath

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 440, 280
SIZE = 200
LAST_TICK = 240


def hour_angle(time: float) -> float:  # continuous in time, clockwise on the y-down screen
    return time / 12.0 * 2.0 * math.pi


def minute_angle(time: float) -> float:  # counted from 1:00: 1:00 -> 2:00 turns it 0 -> 2 pi
    return (time - 13.0) * 2.0 * math.pi


def rotation(angle: float) -> Transform3D:
    c, s = math.cos(angle), math.sin(angle)
    return Transform3D(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)


Clock = Tuple[Layer, Layer, Layer]  # the face, the hour hand, the minute hand


def shape_in(engine: animcore.Engine, superlayer: Layer, path: ShapePath) -> Layer:
    """A CAShapeLayer in superlayer with the path."""
    layer: Layer = engine.builtin_class(BuiltInClass.SHAPE_LAYER)()
    layer["path"] = path
    superlayer.add_sublayer(layer)
    return layer


def make_clock(engine: animcore.Engine, root: Layer, x: float, y: float) -> Clock:
    """The seed's ClockFace at (x, y): the face and its two hands, showing 11:00."""
    face = shape_in(engine, root, ShapePath.ellipse(0, 0, SIZE, SIZE))
    face.bounds = (0, 0, SIZE, SIZE)
    face.position = (x, y)
    face["fillColor"] = (1, 1, 1, 1)
    face["strokeColor"] = (0, 0, 0, 1)
    face["lineWidth"] = 4
    hour = shape_in(engine, face, ShapePath.rect(-2, -70, 4, 70))
    minute = shape_in(engine, face, ShapePath.rect(-1, -90, 2, 90))
    for hand in (hour, minute):
        hand["fillColor"] = (0, 0, 0, 1)
        hand.position = (SIZE / 2.0, SIZE / 2.0)
    hour["transform"] = rotation(hour_angle(11.0))
    minute["transform"] = rotation(minute_angle(11.0))
    return face, hour, minute


def spin_hand(engine: animcore.Engine, hand: Layer, start: float, end: float) -> None:
    """transform from angle start to end with rotateZ, linear over the transaction; the model
    transform set to the new rotation without an action."""
    with engine.transaction(disable_actions=True):
        hand["transform"] = rotation(end)
    hand.add_animation(
        BasicAnimation(
            "transform", from_value=start, to_value=end, value_function="rotateZ",
            timing_function="linear",
        ),
        "spin",
    )  # fmt: skip


def set_time(engine: animcore.Engine, left: Clock, right: Clock, start: float, end: float,
             duration: float) -> None:  # fmt: skip
    """Both clocks from time start to end (hours) in a linear transaction of duration s."""
    with engine.transaction(duration=duration, timing_function="linear"):
        left[1]["transform"] = rotation(hour_angle(end))  # the seed's setTime:
        left[2]["transform"] = rotation(minute_angle(end))
        spin_hand(engine, right[1], hour_angle(start), hour_angle(end))
        spin_hand(engine, right[2], minute_angle(start), minute_angle(end))


def run(out: Path) -> None:
    with animcore.Engine() as engine:
        comp = Compositor(engine)  # the shape layers' paths and colours
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT), position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )  # fmt: skip
        left, right = make_clock(engine, root, 110, 120), make_clock(engine, root, 330, 120)
        render = engine.render_list()

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "left_hour,left_minute,right_hour,right_minute,right_hour_model")
        time = 11.0
        angle = "transform.rotation.z"
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                set_time(engine, left, right, 11.0, 13.0, 2.0)
            if tick == 151:
                set_time(engine, left, right, 13.0, 14.0, 1.0)
            if tick == 1:
                time = 13.0
            if tick == 151:
                time = 14.0
            engine.tick(demo.tick_time(tick))
            csv.row(tick, (
                left[1].presentation_value(angle), left[2].presentation_value(angle),
                right[1].presentation_value(angle), right[2].presentation_value(angle),
                right[1][angle],
            ))  # fmt: skip
            if demo.records(tick):
                compose(comp, cr, render.fill(root), time - 12.0 if time > 12.0 else time)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


def compose(comp: Compositor, cr: Context, entries: Any, time: float) -> None:
    """The screen after a tick: the render list, then the host's labels and the time."""
    comp.draw(cr, entries)
    cr.set_source_rgb(0.1, 0.1, 0.1)
    demo.text(cr, 20, 242, 13, "affineTransform (the seed)")
    demo.text(cr, 240, 242, 13, "transform + rotateZ function")
    demo.text(cr, 180, 268, 13, f"time {math.floor(time)}:{math.floor((time - math.floor(time)) * 60.0):02d}")


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 000's first clock (CAShapeLayer hands)"))
