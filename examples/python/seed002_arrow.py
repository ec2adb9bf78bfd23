"""Seed 002 (the circular arrow mask) on animcore, in Python.

An ArrowLayer class with the seed's custom properties (lengths in radians, colours, line width,
a non-animatable line join), all redrawing when they change, and needsDisplayOnBoundsChange.
goButtonWasTapped: inside a transaction with a duration of 2 s and a completion block, an
explicit linear, autoreversing animation of lengthRadians from 0 to 2 pi. The table shows every
tenth frame: the length drawn (the presentation), the model (still 0), the arrow's tip angle
and whether the Go button is hidden; the completion shows the button again after 4 s.
"""

from __future__ import annotations

import math
from typing import Any, Dict

import animcore
from animcore import BasicAnimation, Color, Layer, Property

FPS = 60
CLEAR = Color(0, 0, 0, 0)
# The seed's @dynamic properties (lineJoin is kCGLineJoinMiter and does not animate).
PROPERTIES: Dict[str, Any] = {name: 0.0 for name in ("thickness", "startRadians", "lengthRadians")}
PROPERTIES.update(headLengthRadians=0.0, fillColor=CLEAR, strokeColor=CLEAR, lineWidth=0.0,
                  lineJoin=Property(0, animatable=False))


def main() -> None:
    with animcore.Engine() as engine:
        drawn = {"count": 0, "length": 0.0}
        button = {"hidden": False}

        def draw_in_context(arrow: Layer) -> None:  # reads the presentation
            drawn["count"] += 1
            drawn["length"] = arrow.presentation.length_radians

        ArrowLayer = engine.layer_class(  # +needsDisplayForKey: YES for every one of them
            "ArrowLayer", PROPERTIES, needs_display=True, display=draw_in_context
        )
        image = engine.layer(bounds=(0, 0, 200, 200))
        arrow = ArrowLayer(needs_display_on_bounds_change=True, frame=image.bounds, thickness=60)
        arrow.start_radians = -math.pi / 2
        arrow.head_length_radians = math.pi / 2 / 8
        arrow.fill_color = Color(1, 1, 1, 1)
        image.add_sublayer(arrow)  # imageView.layer.mask
        engine.tick(0.0)
        print("Seed 002: lengthRadians 0 -> 2pi, linear, autoreverses, 2 s (every 10th tick at 60"
              f" fps)\n\nset up: drawn {drawn['count']} time(s)\n")

        def completion(finished: bool) -> None:
            button["hidden"] = False
            print(f"  -- completion at t = {engine.current_time:.3f} s, finished = {finished}")

        button["hidden"] = True  # goButtonWasTapped:
        with engine.transaction(duration=2, completion=completion):
            animation = BasicAnimation(
                "lengthRadians",
                from_value=0.0,
                to_value=2 * math.pi,
                autoreverses=True,
                timing_function="linear",
            )
            arrow.add_animation(animation, key=animation.key_path)

        print(
            f"{'frame':>6} {'t (s)':>7} {'length':>9} {'model':>7} {'tip °':>9} {'button':>8}"
            f" {'draws':>6}"
        )
        for frame in range(1, 271):
            engine.tick(frame / FPS)
            if frame % 10 == 1 or frame in (121, 241, 242):
                tip = math.degrees(arrow.presentation.start_radians + drawn["length"])
                state = "hidden" if button["hidden"] else "shown"
                print(
                    f"{frame:6d} {frame / FPS:7.3f} {drawn['length']:9.5f}"
                    f" {arrow.length_radians:7.3f} {tip:9.2f} {state:>8} {drawn['count']:6d}"
                )


if __name__ == "__main__":
    main()
