"""Seed 001 ("Custom Property UIView Block Animation") drawn with pycairo — the Python twin of
examples/demo/c/demo001_progress.c (same scenario, same ticks, same drawing).

A loading indicator whose layer class has a custom ``percent`` property that redisplays when it
changes, animated in animation blocks like any built-in property: 0 -> 100 (ease-out, 0.5 s),
reversed by the block's completion, then 0 -> 100 on a spring (perceptual duration 0.5 s,
bounce 0.3). The display callback (-displayLayer:) sets the label to floor(percent); the bar is
a sublayer whose width animates in the same blocks. The screen is the render list drawn by the
demo's compositor (compositor.py): the view's layer as the track, the bar at its presentation
width (a pill image stretched in nine parts by contentsCenter, with a shadow), a thin layer
marking 100 %; the host adds the block's name and the label.

usage: demo001_progress.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Callable, Optional, Tuple, TypeVar

import animcore
import cairo
from animcore import Layer, Spring

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 340, 100
BAR_WIDTH = 300.0
LAST_TICK = 130
PILL_W, PILL_H = 40, 24  # "Pill.png": the bar's image, 40 x 24 pixels
PILL_TOKEN = 1  # its contents token
L = TypeVar("L", bound=Layer)
PHASES = (
    "ease-out, 0.5 s: 0 \u2192 100",
    "ease-out, reversed: 100 \u2192 0",
    "spring (0.5 s, bounce 0.3): 0 \u2192 100",
    "the spring has settled",
)


def pill_image() -> cairo.ImageSurface:
    """"Pill.png": a rounded bar (ends of radius 11), lit from above, with a dark rim and a
    highlight; the bar's contents in nine parts (contentsCenter (0.45, 0.4, 0.1, 0.2)): its
    rounded ends (18 pixels each) keep their size while the middle stretches."""
    image = demo.surface(PILL_W, PILL_H)
    cr = Context(image)
    light = cairo.LinearGradient(0, 0, 0, PILL_H)
    light.add_color_stop_rgb(0, 0.45, 0.68, 1.0)
    light.add_color_stop_rgb(1, 0.12, 0.35, 0.78)
    cr.new_sub_path()
    cr.arc(12, 12, 11, math.pi / 2, 3 * math.pi / 2)
    cr.arc(PILL_W - 12, 12, 11, 3 * math.pi / 2, math.pi / 2)
    cr.close_path()
    cr.set_source(light)
    cr.fill_preserve()
    cr.set_source_rgb(0.05, 0.2, 0.5)
    cr.set_line_width(2)
    cr.stroke()
    cr.rectangle(9, 4, PILL_W - 18, 5)
    cr.set_source_rgba(1, 1, 1, 0.45)
    cr.fill()
    return image


class State:
    phase = 0  # the block running: PHASES[phase]
    label = ""  # label.text, set by the display callback


def run(out: Path) -> None:
    state = State()

    def display_layer(view: Layer) -> None:  # -displayLayer: label.text = floor(percent)
        state.label = f"{int(math.floor(view.presentation.percent))}%"

    with animcore.Engine() as engine:
        OCLayer = engine.layer_class(
            "OCLayer", {"percent": 0.0}, needs_display=True, display=display_layer
        )
        # The screen (grey 0.94); the view's layer (300 x 24 at (20, 36), the grey track) and
        # its progress bar (percentView, width 0: the pill image); over them the 100 % mark
        # (1 x 32).
        comp = Compositor()
        comp.set_contents(PILL_TOKEN, pill_image())
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT),
            position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )

        def layer_in(
            layer: L, superlayer: Layer, w: float, h: float, x: float, y: float,
            color: Tuple[float, float, float, float],
        ) -> L:  # bounds w x h, anchorPoint (0, 0) at (x, y), a colour
            layer.bounds = (0, 0, w, h)
            layer.anchor_point = (0, 0)
            layer.position = (x, y)
            layer.background_color = color
            superlayer.add_sublayer(layer)
            return layer

        view = layer_in(OCLayer(), root, BAR_WIDTH, 24, 20, 36, (0.82, 0.82, 0.82, 1))
        bar = layer_in(engine.layer(), view, 0, 24, 0, 0, (0, 0, 0, 0))  # percentView
        # The bar is the pill image, stretched in nine parts as its width animates, with a
        # small shadow below it (both drawn by the compositor).
        bar.contents = PILL_TOKEN
        bar.contents_center = (0.45, 0.4, 0.1, 0.2)
        bar.shadow_opacity = 0.5
        bar.shadow_radius = 2
        bar.shadow_offset = (0, 2)
        layer_in(engine.layer(), root, 1, 32, 20 + BAR_WIDTH, 32, (0.1, 0.1, 0.1, 1))
        view.set_needs_display()
        render = engine.render_list()

        def animate_to(
            percent: float, done: Callable[[bool], None], spring: Optional[Spring] = None
        ) -> None:
            with engine.animate(duration=0.5, curve="ease_out", spring=spring, completion=done):
                view.percent = percent
                bar["bounds.size.width"] = BAR_WIDTH * percent / 100

        def spring_done(finished: bool) -> None:
            state.phase = 3

        def reversed_done(finished: bool) -> None:
            state.phase = 2
            animate_to(100.0, spring_done, Spring.perceptual(0.5, bounce=0.3))

        def forward_done(finished: bool) -> None:
            state.phase = 1
            animate_to(0.0, reversed_done)

        def compose(cr: Context) -> None:  # the render list, the block's name, the label
            comp.draw(cr, render.fill(root))
            cr.set_source_rgb(0.1, 0.1, 0.1)
            demo.text(cr, 20, 24, 13, PHASES[state.phase])
            demo.text(cr, 150, 88, 18, state.label)

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "percent,percent_model,bar_width,bar_width_model,phase")
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                animate_to(100.0, forward_done)
            engine.tick(demo.tick_time(tick))
            csv.row(
                tick,
                (
                    view.presentation.percent,
                    view.percent,
                    bar.presentation["bounds.size.width"],
                    bar["bounds.size.width"],
                    state.phase,
                ),
            )
            if demo.records(tick):
                compose(cr)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 001 (the progress bar)"))
