"""Seed 004 ("Animating custom layer properties — how hard could it be?") drawn with pycairo —
the Python twin of examples/demo/c/demo004_circle.c (same scenario, same ticks, same drawing).

A CircleLayer with a custom ``radius`` (animated by the class's action from the presentation
value, linear) and a custom ``color`` (the built-in implicit animation), both redisplaying. The
display callback is the seed's -drawInContext: into the layer's contents. The tap at tick 1
(duration 2: radius 100, green); in flight at tick 61 (duration 1: position (0, 0), radius 25).

usage: demo004_circle.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import animcore
from animcore import BasicAnimation, Color, Layer, Transform3D

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 200, 300
SCALE = 0.5  # the view, 320 x 480, at half size
VIEW_X, VIEW_Y = 20, 20
LAST_TICK = 180
CIRCLE_TOKEN = 1  # the circle layer's contents


def run(out: Path) -> None:
    contents = demo.surface(int(320 * SCALE), int(480 * SCALE))  # the layer's backing image
    comp = Compositor()
    comp.set_contents(CIRCLE_TOKEN, contents)

    def draw_in_context(circle: Layer) -> None:  # an ellipse radius wide, centred, in colour
        shown = circle.presentation
        bounds, color = shown.bounds, shown.color
        cr = Context(contents)
        demo.clear(cr)
        cr.scale(SCALE, SCALE)
        cr.arc(bounds[2] / 2, bounds[3] / 2, shown.radius / 2, 0, 2 * math.pi)
        cr.set_source_rgba(color[0], color[1], color[2], color[3])
        cr.fill()

    def action_for_key(circle: Layer, key: str) -> Any:  # -actionForKey:
        if key == "radius":  # linear, the transaction's duration
            return BasicAnimation("radius", from_value=circle.presentation.radius)
        return None  # the built-in implicit animation

    with animcore.Engine() as engine:
        CircleLayer = engine.layer_class(
            "CircleLayer",
            {"radius": 0.0, "color": Color(1, 0, 0, 1)},
            needs_display=True,
            display=draw_in_context,
        )
        CircleLayer.default_action = action_for_key
        # The screen (grey 0.94) holds the view's layer, shown at half size (anchorPoint (0, 0)
        # at (VIEW_X, VIEW_Y), transform scale 0.5): white, a grey border 2 wide.
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT),
            position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )
        view = engine.layer(
            bounds=(0, 0, 320, 480),
            anchor_point=(0, 0),
            position=(VIEW_X, VIEW_Y),
            transform=Transform3D(SCALE, 0, 0, 0, 0, SCALE, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1),
            background_color=(1, 1, 1, 1),
            border_width=2,
            border_color=(0.7, 0.7, 0.7, 1),
        )
        root.add_sublayer(view)
        circle = CircleLayer(radius=50, frame=(0, 0, 320, 480))
        circle.contents = CIRCLE_TOKEN
        circle.contents_scale = SCALE  # the backing image is drawn at half size
        circle.set_needs_display()  # CALayers hate to draw: ask once
        view.add_sublayer(circle)
        render = engine.render_list()

        def compose(cr: Context) -> None:  # the render list, then the radius
            radius = circle.presentation.radius
            comp.draw(cr, render.fill(root))
            cr.set_source_rgb(0.1, 0.1, 0.1)
            demo.text(cr, VIEW_X, 286, 13, f"radius {radius:.1f}")

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(
            out, "radius,radius_model,red,red_model,green,green_model,x,x_model,y,y_model"
        )
        for tick in range(LAST_TICK + 1):
            if tick == 1:  # -tap: (the implicit transaction, committed by the tick)
                engine.transaction_state.duration = 2.0
                circle.radius = 100
                circle.color = Color(0, 1, 0, 1)
            elif tick == 61:  # dispatch_after 1 s: the change in flight
                engine.transaction_state.duration = 1.0
                circle.position = (0, 0)
                circle.radius = 25
            engine.tick(demo.tick_time(tick))
            shown = circle.presentation
            (x, y), (mx, my) = shown.position, circle.position
            csv.row(
                tick,
                (shown.radius, circle.radius, shown.color[0], circle.color[0], shown.color[1],
                 circle.color[1], x, mx, y, my),
            )
            if demo.records(tick):
                compose(cr)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 004 (the circle)"))
