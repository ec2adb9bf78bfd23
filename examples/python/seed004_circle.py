"""Seed 004 ("Animating Custom Layer Properties — How hard could it be?") on animcore, in Python.

A CircleLayer with a custom ``radius`` (animated by the class's action, -actionForKey:, from the
presentation value: linear, the transaction's duration) and a custom ``color`` (the built-in
implicit animation: the engine interpolates colours, curve "default"), both redisplaying. tap:
[CATransaction setAnimationDuration:2] outside any transaction, radius 100 and green. One second
later, in flight: duration 1, the position to zero and the radius to 25 — the radius turns from
where it is, without a jump, while the colour keeps its own 2 s animation. The C version,
examples/c/seed004_circle.c, runs the same scenario at the same ticks and prints the same table.
"""

from __future__ import annotations

from typing import Any

import animcore
from animcore import BasicAnimation, Color, Layer

FPS = 60


def main() -> None:
    with animcore.Engine() as engine:
        displays = [0]

        def draw_in_context(circle: Layer) -> None:  # would fill the presentation's circle
            displays[0] += 1

        def action_for_key(circle: Layer, key: str) -> Any:  # -actionForKey:
            if key == "radius":  # duration from the transaction, linear
                return BasicAnimation("radius", from_value=circle.presentation.radius)
            return None  # the rest of the search: the built-in implicit animation

        CircleLayer = engine.layer_class(
            "CircleLayer", {"radius": 0.0, "color": Color(1, 0, 0)}, needs_display=True,
            display=draw_in_context,
        )
        CircleLayer.default_action = action_for_key
        view = engine.layer(bounds=(0, 0, 320, 480))
        circle = CircleLayer(radius=50, frame=view.bounds)
        circle.set_needs_display()  # CALayers hate to draw: ask once
        view.add_sublayer(circle)
        engine.tick(0.0)

        def row(frame: int) -> None:
            shown = circle.presentation
            x, y = shown.position
            red, green, _, _ = shown.color
            print(
                f"{frame:6d} {frame / FPS:7.3f} {shown.radius:9.4f} {circle.radius:7.1f}"
                f" {red:6.3f} {green:6.3f} {x:8.2f} {y:8.2f} {displays[0]:8d}"
            )

        print("Seed 004: the circle tapped (2 s: radius 100, green), changed in flight 1 s later"
              " (1 s: position 0,0, radius 25)\n")
        print(f"{'frame':>6} {'t (s)':>7} {'radius':>9} {'model':>7} {'red':>6} {'green':>6}"
              f" {'x':>8} {'y':>8} {'displays':>8}")
        engine.transaction_state.duration = 2  # tap: (the implicit transaction)
        circle.radius = 100
        circle.color = Color(0, 1, 0)
        for frame in range(1, 181):
            if frame == 61:
                print("  -- in flight: duration 1, position (0, 0), radius 25")
                engine.transaction_state.duration = 1
                circle.position = (0, 0)
                circle.radius = 25
            engine.tick(frame / FPS)
            if frame % 6 == 1 or frame in (62, 63):
                row(frame)
        print(f"\n{displays[0]} display calls; the radius never jumps: at t = 1 s it turns"
              " from its way to 100 towards 25")


if __name__ == "__main__":
    main()
