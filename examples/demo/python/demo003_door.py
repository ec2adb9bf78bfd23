"""Seed 003's swinging door (Listing 9.2) drawn with pycairo from animcore's render list — the
Python twin of examples/demo/c/demo003_door.c (same scenario, same ticks, same drawing; see
that file and examples/demo/README.md).

The door layer (frame 128 x 256, position (86, 150), anchorPoint (0, 0.5)) in a 300 x 300
container whose sublayerTransform has the perspective m34 = -1/500, animated by
``transform.rotation.y`` to -pi/2, duration 2, autoreverses, repeatDuration infinite. Its
contents are the host's "Door.png" (drawn once with pycairo, found by the contents token); it
also has rounded corners that clip it, a border, and a window at opacity 0.7 whose mask is a
rounded layer. The compositor (compositor.py) draws every layer from the render list.

usage: demo003_door.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import animcore
from animcore import BasicAnimation

import demo_common as demo
from compositor import Compositor
from demo_common import Context
from door_scene import SIZE, build_door_scene

LAST_TICK = 240


def run(out: Path) -> None:
    comp = Compositor()
    with animcore.Engine() as engine:
        scene = build_door_scene(engine, comp)
        door = scene.door
        render = engine.render_list()

        screen = demo.surface(SIZE, SIZE)
        cr = Context(screen)
        csv = demo.Csv(out, "angle,angle_model")
        for tick in range(LAST_TICK + 1):
            if tick == 1:  # the seed's swing: to -pi/2, duration 2, autoreverses, forever
                door.add_animation(
                    BasicAnimation(
                        "transform.rotation.y",
                        to_value=-math.pi / 2,
                        duration=2.0,
                        repeat_duration=math.inf,
                        autoreverses=True,
                    )
                )
            engine.tick(demo.tick_time(tick))
            csv.row(
                tick,
                (door.presentation["transform.rotation.y"], door["transform.rotation.y"]),
            )
            if demo.records(tick):
                comp.draw(cr, render.fill(scene.container))
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 003 (the swinging door)"))
