"""Seed 003 ("Layer Time", iOS Core Animation: Advanced Techniques, ch. 9), Listing 9.3 on animcore.

The ship follows a bezier path: a keyframe animation of "position" along move to (0, 150),
curve to (300, 150) with control points (75, 0) and (225, 300), duration 1, rotationMode auto,
removedOnCompletion NO, with the speed and timeOffset the chapter's sliders set. For several
slider pairs the table shows, over time, the ship's presented position and its rotation (the
path's tangent angle, in degrees), or "model" once the active interval is over and the model
position (0, 150) shows again.
"""

from __future__ import annotations

import math

from animcore import Engine, KeyframeAnimation, Path

SLIDERS = [(1.0, 0.0), (1.0, 0.5), (2.0, 0.5), (0.5, 0.25), (0.0, 0.3)]  # (speed, timeOffset)
TIMES = [0.0, 0.25, 0.5, 0.75, 1.25, 2.5]
T0 = 100.0  # the host time of the first tick


def bezier_path() -> Path:
    return Path().move_to(0, 150).curve_to(75, 0, 225, 300, 300, 150)


def play(speed: float, time_offset: float) -> list[str]:
    """The cells of one row: the ship at each time after -play."""
    cells = []
    with Engine() as engine:
        container, ship = engine.layer(), engine.layer()
        ship.frame = (0, 0, 64, 64)
        ship.position = (0, 150)
        container.add_sublayer(ship)
        engine.tick(T0 - 1)
        ship.add_animation(
            KeyframeAnimation(
                "position",
                path=bezier_path(),
                duration=1.0,
                time_offset=time_offset,
                speed=speed,
                rotation_mode="auto",
                removed_on_completion=False,
            ),
            key="slide",
        )
        engine.tick(T0)  # committed: the animation begins now
        for t in TIMES:
            engine.tick(T0 + t)
            x, y = ship.presentation.position
            angle = math.degrees(ship.presentation["transform.rotation.z"])
            ended = speed > 0 and t >= 1 / speed
            cells.append("model (0, 150)" if ended else f"({x:5.1f},{y:5.1f}) {angle:6.1f}deg")
    return cells


def main() -> None:
    print("Seed 003: the ship follows the path (position and rotation over time)\n")
    print(f"{'speed  timeOffset':<20}" + "".join(f"{f't = {t:.2f}':<25}" for t in TIMES))
    for speed, time_offset in SLIDERS:
        label = f"{speed:5.2f}  {time_offset:5.2f}"
        print(f"{label:<20}" + "".join(f"{cell:<25}" for cell in play(speed, time_offset)))
    print("\nrotation = atan2 of the path's tangent; after the active interval the model shows")


if __name__ == "__main__":
    main()
