"""Seed 004 ("Animating Custom Layer Properties — How hard could it be?") on animcore, in Python.

A CircleLayer with a custom ``radius`` (animated by the class's action, -actionForKey:, from the
presentation value) and a custom ``color`` (animated by the built-in action: the engine
interpolates colours). tap: sets [CATransaction setAnimationDuration:2] outside any transaction,
then radius 100 and green. One second later, in flight: duration 1, the position to zero and the
radius to 25 — the radius turns around from where it is, without a jump, while the colour keeps
its own 2 s animation.
"""

from __future__ import annotations

from typing import Any

import animcore
from animcore import BasicAnimation, Color, Layer

FPS = 60


def main() -> None:
    with animcore.Engine() as engine:

        def action_for_key(circle: Layer, key: str) -> Any:  # -actionForKey:
            if key == "radius":  # duration and curve from the transaction
                return BasicAnimation("radius", from_value=circle.presentation.radius)
            return None  # the rest of the search: the built-in implicit animation

        CircleLayer = engine.layer_class(
            "CircleLayer", {"radius": 0.0, "color": Color(1, 0, 0)}, needs_display=True
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
                f" {red:6.3f} {green:6.3f} {x:8.2f} {y:8.2f}"
            )

        print(
            f"{'frame':>6} {'t (s)':>7} {'radius':>9} {'model':>7} {'red':>6} {'green':>6}"
            f" {'x':>8} {'y':>8}"
        )
        engine.transaction_state.duration = 2  # tap:
        circle.radius = 100
        circle.color = Color(0, 1, 0)
        for frame in range(1, 61):
            engine.tick(frame / FPS)
            if frame % 6 == 1:
                row(frame)

        print("  -- in flight: duration 1, position (0, 0), radius 25")
        engine.transaction_state.duration = 1
        circle.position = (0, 0)
        circle.radius = 25
        for frame in range(61, 181):
            engine.tick(frame / FPS)
            if frame % 6 == 1 or frame in (62, 63):
                row(frame)


if __name__ == "__main__":
    main()
