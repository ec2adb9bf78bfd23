"""The classic activity spinner (reference core-animation-geometry.md §5.3) drawn with pycairo
from animcore's render list — the Python twin of examples/demo/c/demo006_spinner.c (same
scenario, same ticks, same drawing; see that file and examples/demo/README.md).

A CAReplicatorLayer (100 x 100, at the middle of a 140 x 140 screen) with twelve instances of
one small rounded dot (8 x 24, cornerRadius 4, white, its centre 26 above the replicator's
centre): instanceTransform a twelfth of a turn about z, instanceDelay 1/12 s, and the dot's
opacity animating 1 -> 0.15 over 1 s, linear, forever. instanceColor (0.2, 0.45, 0.9) with a
red offset of +0.06 and a blue offset of -0.05 per instance tints the dot from blue to orange
round the ring (the compositor multiplies each entry's instance_color into what it draws).

usage: demo006_spinner.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Optional, Tuple

import animcore
from animcore import BasicAnimation, BuiltInClass, Layer, Transform3D

import demo_common as demo
from compositor import Compositor
from demo_common import Context

LAST_TICK = 90
SCREEN = 140
INSTANCES = 12


def run(out: Path) -> None:
    comp = Compositor()
    with animcore.Engine() as engine:

        def layer_in(
            cls: Any, superlayer: Optional[Layer], w: float, h: float, x: float, y: float,
            color: Tuple[float, float, float, float],
        ) -> Layer:  # fmt: skip
            layer: Layer = engine.layer(cls, bounds=(0, 0, w, h), position=(x, y), background_color=color)
            if superlayer is not None:
                superlayer.add_sublayer(layer)
            return layer

        screen_layer = layer_in(None, None, SCREEN, SCREEN, SCREEN / 2.0, SCREEN / 2.0, (0.94, 0.94, 0.94, 1))
        replicators = engine.builtin_class(BuiltInClass.REPLICATOR_LAYER)
        replicator = layer_in(replicators, screen_layer, 100, 100, SCREEN / 2.0, SCREEN / 2.0, (0, 0, 0, 0))
        # twelve instances a twelfth of a turn and of a second apart
        angle = 2.0 * math.pi / INSTANCES
        c, s = math.cos(angle), math.sin(angle)
        replicator["instanceCount"] = INSTANCES
        replicator["instanceTransform"] = Transform3D(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        replicator["instanceDelay"] = 1.0 / INSTANCES
        replicator["instanceColor"] = (0.2, 0.45, 0.9, 1)
        replicator["instanceRedOffset"] = 0.06
        replicator["instanceBlueOffset"] = -0.05
        dot = layer_in(None, replicator, 8, 24, 50, 24, (1, 1, 1, 1))
        dot.corner_radius = 4
        render = engine.render_list()

        screen = demo.surface(SCREEN, SCREEN)
        cr = Context(screen)
        csv = demo.Csv(out, "opacity,opacity_model")
        for tick in range(LAST_TICK + 1):
            if tick == 1:  # the dot's fade: 1 -> 0.15 over 1 s, linear, forever
                dot.add_animation(
                    BasicAnimation(
                        "opacity", from_value=1.0, to_value=0.15, duration=1.0, repeat_count=math.inf
                    )
                )
            engine.tick(demo.tick_time(tick))
            csv.row(tick, (dot.presentation["opacity"], dot["opacity"]))
            if demo.records(tick):
                comp.draw(cr, render.fill(screen_layer))
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "the replicator spinner"))
