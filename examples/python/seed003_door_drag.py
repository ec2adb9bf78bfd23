"""Seed 003 ("Layer Time", ch. 9, listing 9.4) with an animator: the door (anchorPoint (0, 0.5),
transform.rotation.y from 0 to -pi/2) scrubbed by a drag, then released.

Where the chapter pauses the door's layer (speed 0) and drives its timeOffset from the pan
gesture, clamped to 0.999, here an animator holds the swing: pause, fraction_complete from the
drag, then continue to the end with a new curve, or reverse back to where it began. Prints the
angle (degrees) after each step. The C version is examples/c/seed003_door_drag.c.
"""

from __future__ import annotations

import math

from animcore import AnimatorPosition, AnimatorState, Engine, Layer, Point

PAN = [0.10, 0.25, 0.45, 0.60, 0.55]  # finger positions / 200 pt
FRAME = 1 / 60


def drag(engine: Engine, door: Layer, target: float, reverse: bool) -> None:
    """One drag over the door towards ``target`` (radians), released: on to the end with a new
    curve, or (``reverse``) back to where it began."""
    name = "reverse" if reverse else "continue"

    def ended(position: AnimatorPosition) -> None:
        print(f"  {name}: the animator ended at its {position.name.lower()}")

    with engine.animator(duration=1.0, timing_function="linear") as animator:
        door["transform.rotation.y"] = target  # the model moves at once; the animator holds the motion
    animator.add_completion(ended)
    animator.pause()  # the pan gesture begins
    for fraction in PAN:
        animator.fraction_complete = fraction
        engine.tick(engine.current_time + FRAME)
        print(f"  drag {fraction:.2f}: the door at {math.degrees(door.presentation['transform.rotation.y']):7.3f} deg")
    if reverse:
        animator.reversed = True
        animator.start()
    else:
        animator.continue_animation("ease_out")
    for frame in range(1, 41):
        engine.tick(engine.current_time + FRAME)
        finished = animator.state is AnimatorState.FINISHED
        if frame % 8 == 0 or finished:
            angle = math.degrees(door.presentation["transform.rotation.y"])
            print(f"  released +{frame:2d} frames: fraction {animator.fraction_complete:.3f}, the door at {angle:7.3f} deg")
        if finished:
            break


def main() -> None:
    engine = Engine()
    door = engine.layer()
    door.anchor_point = Point(0, 0.5)
    engine.tick(0.0)  # commits the door
    print("seed 003: the door dragged open, then released (continue)")
    drag(engine, door, -math.pi / 2, reverse=False)
    print(f"  the model after: {math.degrees(door['transform.rotation.y']):.3f} deg (nothing snaps back)")
    print("seed 003: the door dragged shut, then let go back (reverse)")
    drag(engine, door, 0.0, reverse=True)
    engine.close()


if __name__ == "__main__":
    main()
