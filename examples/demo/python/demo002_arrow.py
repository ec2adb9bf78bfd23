"""Seed 002 ("animating the length of circular arrow mask") drawn with pycairo — the Python twin
of examples/demo/c/demo002_arrow.c (same scenario, same ticks, same drawing).

An ArrowLayer class with the seed's custom properties, all redisplaying when they change, whose
display callback is the seed's -drawInContext: (the arrow path from the presentation values,
filled with fillColor) into the layer's contents; the layer masks an image view (the host's
gradient image) over a grey ring. The screen is the render list of the view's layer drawn by
the demo's compositor (compositor.py): no layer is placed by hand.
At tick 1, in a transaction of 2 s with a completion, an explicit linear, autoreversing
animation of lengthRadians from 0 to 2 pi: the arrow grows round and shrinks back; the
completion shows the Go button again.

usage: demo002_arrow.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Dict

import animcore
import cairo
from animcore import BasicAnimation, Color, Layer, Property

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 260, 300
SIZE = 240  # the arrow layer's frame: the image view's bounds
LAST_TICK = 270
IMAGE_TOKEN = 1  # the image view's contents
ARROW_TOKEN = 2  # the arrow layer's contents (its backing image)
CLEAR = Color(0, 0, 0, 0)
PROPERTIES: Dict[str, Any] = {
    "thickness": 0.0,
    "startRadians": 0.0,
    "lengthRadians": 0.0,
    "headLengthRadians": 0.0,
    "fillColor": CLEAR,
    "strokeColor": CLEAR,
    "lineWidth": 1.0,
    "lineJoin": Property(0, animatable=False),  # kCGLineJoinMiter
}


def gradient_image() -> cairo.ImageSurface:
    """The image view's image: a diagonal gradient, drawn once."""
    image = demo.surface(SIZE, SIZE)
    cr = Context(image)
    gradient = cairo.LinearGradient(0, 0, SIZE, SIZE)
    gradient.add_color_stop_rgb(0, 0.95, 0.55, 0.15)
    gradient.add_color_stop_rgb(1, 0.55, 0.2, 0.75)
    cr.set_source(gradient)
    cr.paint()
    return image


def run(out: Path) -> None:
    contents = demo.surface(SIZE, SIZE)  # the arrow layer's backing image: the mask
    button = {"shown": True}
    image = gradient_image()
    comp = Compositor()
    comp.set_contents(IMAGE_TOKEN, image)
    comp.set_contents(ARROW_TOKEN, contents)

    def draw_in_context(arrow: Layer) -> None:  # the seed's arrow, from the presentation
        shown = arrow.presentation
        bounds = shown.bounds
        fill, stroke = shown["fillColor"], shown["strokeColor"]
        start, length = shown["startRadians"], shown["lengthRadians"]
        head_length = math.copysign(shown["headLengthRadians"], length)
        thickness, line_width = shown["thickness"], shown["lineWidth"]
        if abs(head_length) > abs(length):  # -clippedHeadLengthRadians
            head_length = length
        head, tip = start + (length - head_length), start + length
        outer = bounds[2] / 2
        tip_radius, inner = outer - thickness / 2, outer - thickness

        cr = Context(contents)
        demo.clear(cr)
        cr.translate(bounds[2] / 2, bounds[3] / 2)  # -moveOriginToCenterInContext:
        cr.move_to(tip_radius * math.cos(tip), tip_radius * math.sin(tip))
        if tip > start:  # y points down: growing angles turn clockwise on the screen
            cr.arc_negative(0, 0, outer, head, start)
            cr.arc(0, 0, inner, start, head)
        else:
            cr.arc(0, 0, outer, head, start)
            cr.arc_negative(0, 0, inner, start, head)
        cr.close_path()
        if fill[3] > 0:
            cr.set_source_rgba(fill[0], fill[1], fill[2], fill[3])
            cr.fill_preserve()
        if stroke[3] > 0 and line_width > 0:
            cr.set_source_rgba(stroke[0], stroke[1], stroke[2], stroke[3])
            cr.set_line_width(line_width)
            cr.set_line_join(cairo.LineJoin(shown["lineJoin"]))  # miter, round, bevel
            cr.stroke_preserve()

    with animcore.Engine() as engine:
        ArrowLayer = engine.layer_class(
            "ArrowLayer", PROPERTIES, needs_display=True, display=draw_in_context
        )
        # The view's layer (grey 0.94); a ring where the arrow goes (a 240 x 240 disc's border,
        # 60 wide, grey 0.87); the image view (frame 10, 10, 240, 240) showing the image.
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT),
            position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )
        track = engine.layer(frame=(10, 10, SIZE, SIZE))
        track.corner_radius = SIZE / 2.0
        track.border_width = 60
        track.border_color = (0.87, 0.87, 0.87, 1)
        root.add_sublayer(track)
        image_view = engine.layer(frame=(10, 10, SIZE, SIZE))
        image_view.contents = IMAGE_TOKEN
        root.add_sublayer(image_view)
        # -setUpMask (the arrow's frame: the image view's bounds)
        arrow = ArrowLayer(needs_display_on_bounds_change=True, frame=(0, 0, SIZE, SIZE))
        arrow.contents = ARROW_TOKEN
        arrow["thickness"] = 60.0
        arrow["startRadians"] = -math.pi / 2
        arrow["lengthRadians"] = 0.0
        arrow["headLengthRadians"] = math.pi / 2 / 8
        arrow["fillColor"] = Color(1, 1, 1, 1)  # whiteColor
        arrow.set_needs_display()
        image_view.mask = arrow  # imageView.layer.mask
        render = engine.render_list()

        def completion(finished: bool) -> None:
            button["shown"] = True  # goButton.hidden = NO

        def go() -> None:  # -goButtonWasTapped:
            button["shown"] = False
            with engine.transaction(duration=2.0, completion=completion):
                animation = BasicAnimation(
                    "lengthRadians",
                    from_value=0.0,
                    to_value=2.0 * math.pi,
                    autoreverses=True,
                    timing_function="linear",
                )
                arrow.add_animation(animation, key="lengthRadians")

        def compose(cr: Context) -> None:  # the screen after a tick
            length = arrow.presentation["lengthRadians"]
            comp.draw(cr, render.fill(root))
            cr.set_source_rgb(0.1, 0.1, 0.1)
            demo.text(cr, 10, 287, 13, f"lengthRadians {length:.3f}")
            if button["shown"]:
                cr.set_source_rgb(0.2, 0.45, 0.85)
                cr.rectangle(200, 270, 50, 24)
                cr.fill()
                cr.set_source_rgb(1, 1, 1)
                demo.text(cr, 215, 287, 13, "Go")

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "length,length_model,button_shown")
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                go()
            engine.tick(demo.tick_time(tick))
            shown = 1.0 if button["shown"] else 0.0
            csv.row(tick, (arrow.presentation["lengthRadians"], arrow["lengthRadians"], shown))
            if demo.records(tick):
                compose(cr)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 002 (the circular arrow)"))
