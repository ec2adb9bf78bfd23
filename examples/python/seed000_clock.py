"""Seed 000 ("Animating Custom Layer Properties") on animcore, in Python.

A ClockFace layer class with a custom ``time`` property that redraws when it changes
(+needsDisplayForKey:) and an action for it (-actionForKey:: a linear animation from the
presentation value). Setting ``clock.time = 1.5`` animates over the default 0.25 s: display runs
about 15 times at 60 fps, reading the presentation value rising 0 -> 1.5 while the model reads
1.5 throughout (the seed's two logs). The hands' angles are what -drawInContext: would draw.
"""

from __future__ import annotations

import math
from typing import Any

import animcore
from animcore import BasicAnimation, DynamicLayer

FPS = 60


def main() -> None:
    with animcore.Engine() as engine:
        frame = [0]

        def display(clock: DynamicLayer) -> None:  # -display: draws the presentation's time
            time = clock.presentation.time
            hour = math.degrees(time / 12 * 2 * math.pi)
            minute = math.degrees((time - math.floor(time)) * 2 * math.pi)
            print(
                f"{frame[0]:6d} {frame[0] / FPS:7.3f} {time:10.6f} {clock.time:7.3f}"
                f" {hour:9.2f} {minute:9.2f}"
            )

        def action_for_key(clock: DynamicLayer, key: str) -> Any:  # -actionForKey:
            if key == "time":
                return BasicAnimation(
                    key, from_value=clock.presentation.time, timing_function="linear"
                )
            return None  # the rest of the search

        ClockFace = engine.layer_class(
            "ClockFace", {"time": 0.0}, needs_display={"time"}, display=display
        )
        ClockFace.default_action = action_for_key
        clock = ClockFace(bounds=(0, 0, 200, 200), position=(160, 150))
        engine.tick(0.0)  # the first frame commits the layer: its first values never animate

        print("Seed 000: clock.time = 1.5 (from 0), display at 60 fps, one row per display call\n")
        print(f"{'frame':>6} {'t (s)':>7} {'shown':>10} {'model':>7} {'hour °':>9} {'minute °':>9}")
        clock.time = 1.5
        for frame[0] in range(1, 31):
            engine.tick(frame[0] / FPS)

        print("\nclock.time = 3.0, then 0.0 two frames later: no jump, from where the hand is\n")
        clock.time = 3.0
        for frame[0] in range(31, 33):
            engine.tick(frame[0] / FPS)
        clock.time = 0.0
        for frame[0] in range(33, 55):
            engine.tick(frame[0] / FPS)


if __name__ == "__main__":
    main()
