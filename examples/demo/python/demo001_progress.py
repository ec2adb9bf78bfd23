"""Seed 001 ("Custom Property UIView Block Animation") drawn with pycairo — the Python twin of
examples/demo/c/demo001_progress.c (same scenario, same ticks, same drawing).

A loading indicator whose layer class has a custom ``percent`` property that redisplays when it
changes, animated in animation blocks like any built-in property: 0 -> 100 (ease-out, 0.5 s),
reversed by the block's completion, then 0 -> 100 on a spring (perceptual duration 0.5 s,
bounce 0.3). The display callback (-displayLayer:) sets the label to floor(percent); the bar is
a sublayer whose width animates in the same blocks, drawn from its presentation width.

usage: demo001_progress.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Callable, Optional

import animcore
from animcore import Layer, Spring

import demo_common as demo
from demo_common import Context

WIDTH, HEIGHT = 340, 100
BAR_WIDTH = 300.0
LAST_TICK = 130
PHASES = (
    "ease-out, 0.5 s: 0 \u2192 100",
    "ease-out, reversed: 100 \u2192 0",
    "spring (0.5 s, bounce 0.3): 0 \u2192 100",
    "the spring has settled",
)


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
        view = OCLayer(bounds=(0, 0, BAR_WIDTH, 20))
        bar = engine.layer(bounds=(0, 0, 0, 20))  # the percentView
        view.add_sublayer(bar)
        view.set_needs_display()

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

        def compose(cr: Context) -> None:  # the screen after a tick
            width = bar.presentation["bounds.size.width"]
            demo.background(cr, 0.94)
            cr.set_source_rgb(0.1, 0.1, 0.1)
            demo.text(cr, 20, 24, 13, PHASES[state.phase])
            cr.set_source_rgb(0.82, 0.82, 0.82)
            cr.rectangle(20, 36, BAR_WIDTH, 24)
            cr.fill()
            cr.set_source_rgb(0.2, 0.45, 0.85)
            cr.rectangle(20, 36, width, 24)
            cr.fill()
            cr.set_source_rgb(0.1, 0.1, 0.1)  # the 100 % mark: the spring overshoots it
            cr.set_line_width(1)
            cr.move_to(20 + BAR_WIDTH + 0.5, 32)
            cr.line_to(20 + BAR_WIDTH + 0.5, 64)
            cr.stroke()
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


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 001 (the progress bar)"))
