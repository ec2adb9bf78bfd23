"""Seed 001 ("Custom Property UIView Block Animation") on animcore, in Python.

A loading indicator whose layer class has a custom ``percent`` property (redisplaying when it
changes), animated inside an animation block like any built-in property — no actionForKey:
borrowing backgroundColor's action, no initWithLayer:. percent goes 0 -> 100 with ease-out in a
0.5 s block; the block's completion opens the reverse block (100 -> 0, ease-out), whose
completion opens the seed's spring block (0 -> 100 on a bouncy spring, overshooting 100).

The progress bar's width (a built-in property of a sublayer) animates in the same blocks: each
row shows it next to percent x 3, the width it stands for — the same in every frame, so the
custom property does not lag a frame behind the built-in one (the seed's caveat).
"""

from __future__ import annotations

import math
from typing import Callable, Optional

import animcore
from animcore import Layer, Spring

FPS = 60
BAR_WIDTH = 300.0
SPRING = Spring.perceptual(0.5, bounce=0.3)  # ~0.86 s to settle


def main() -> None:
    with animcore.Engine() as engine:
        frame = [0]
        bar = engine.layer(bounds=(0, 0, 0, 20), anchor_point=(0, 0.5))  # the percentView

        def display_layer(view: Layer) -> None:  # -displayLayer: the label and the bar
            percent = view.presentation.percent
            width = bar.presentation["bounds.size.width"]
            print(
                f"{frame[0]:6d} {frame[0] / FPS:7.3f} {percent:11.4f} {math.floor(percent):6.0f}"
                f" {percent * BAR_WIDTH / 100:12.4f} {width:12.4f}"
            )

        OCLayer = engine.layer_class(
            "OCLayer", {"percent": 0.0}, needs_display={"percent"}, display=display_layer
        )
        view = OCLayer(bounds=(0, 0, BAR_WIDTH, 20))
        view.add_sublayer(bar)
        engine.tick(0.0)

        def animate_to(
            percent: float, done: Callable[[bool], None], spring: Optional[Spring] = None
        ) -> None:
            with engine.animate(duration=0.5, curve="ease_out", spring=spring, completion=done):
                view.percent = percent
                bar["bounds.size.width"] = BAR_WIDTH * percent / 100

        def spring_done(finished: bool) -> None:
            print(f"  -- spring block completed at frame {frame[0]}, finished = {finished}")

        def reversed_done(finished: bool) -> None:
            print(f"  -- reverse block completed at frame {frame[0]}, finished = {finished}")
            animate_to(100.0, spring_done, SPRING)  # a spring block: duration and curve unused

        def forward_done(finished: bool) -> None:
            print(
                f"  -- first block completed at frame {frame[0]}, finished = {finished};"
                " animating back to 0"
            )
            animate_to(0.0, reversed_done)  # starts at the next tick

        print("Seed 001: percent 0 -> 100 (ease-out, 0.5 s), back to 0, then 0 -> 100 on a spring;"
              " one row per display\n")
        print(
            f"{'frame':>6} {'t (s)':>7} {'percent':>11} {'label':>6} {'percent x 3':>12}"
            f" {'bar width':>12}"
        )
        animate_to(100.0, forward_done)
        for frame[0] in range(1, 130):
            engine.tick(frame[0] / FPS)


if __name__ == "__main__":
    main()
