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
from typing import Optional

import animcore
from animcore import Animator, Spring

import demo_common as demo
from compositor import Compositor
from demo_common import Context
from door_scene import SIZE, build_door_scene

LAST_TICK = 240


def drag(tick: int) -> float:
    """The finger's position as the animator's fraction_complete, before tick ``tick`` (2-100):
    out to 0.75 by tick 60, back to 0.4 by tick 100."""
    if tick <= 60:
        return 0.75 * float(tick - 2) / 58.0
    return 0.75 - 0.35 * float(tick - 60) / 40.0


def run(out: Path) -> None:
    comp = Compositor()
    with animcore.Engine() as engine:
        scene = build_door_scene(engine, comp)
        door = scene.door
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
                comp.draw(cr, render.fill(scene.container))
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 003's door scrubbed by a drag"))
