"""Seed 003 ("Layer Time", iOS Core Animation: Advanced Techniques, ch. 9) on animcore.

The ship and door scenarios' CAMediaTiming settings, printed as a table of progress over time:
each row one animation as the chapter sets it up, each column a parent time in seconds, each
cell the animation's progress (0 = fromValue, 1 = toValue, before any timing function) or "-"
where the animation has no effect and the model value shows. The C version is
examples/c/seed003_timing.c; both print the same table.
"""

from __future__ import annotations

import math
from typing import List, Tuple

from animcore import Timing, convert_time_chain_to_local

TIMES = [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0]


def scenarios() -> List[Tuple[str, Timing, Timing]]:
    """(label, the layer's timing, the animation's timing) for every row."""
    layer = Timing.layer()
    rows = [
        # Listing 9.1: the ship spins by 2π with a duration and a (fractional) repeatCount.
        ("ship: duration 1, repeatCount 2.5", layer, Timing.animation(duration=1.0, repeat_count=2.5)),
        ("ship: duration 0.75, repeatCount 0 (once)", layer, Timing.animation(duration=0.75)),
        # Listing 9.2: the door swings open and shut forever.
        ("door: duration 1, autoreverses, repeatDuration inf", layer,
         Timing.animation(duration=1.0, autoreverses=True, repeat_duration=math.inf)),
        # Listing 9.3: the ship follows a path; the sliders set speed and timeOffset.
        ("path: duration 1, speed 1, timeOffset 0", layer, Timing.animation(duration=1.0)),
        ("path: duration 1, speed 1, timeOffset 0.5 (wraps)", layer,
         Timing.animation(duration=1.0, time_offset=0.5)),
        ("path: duration 1, speed 2, timeOffset 0.5", layer,
         Timing.animation(duration=1.0, speed=2.0, time_offset=0.5)),
        ("path: duration 1, speed 0.5", layer, Timing.animation(duration=1.0, speed=0.5)),
    ]
    # fillMode: an animation that begins at 0.5 s and lasts 1 s, in each fill mode.
    for fill in ("removed", "forwards", "backwards", "both"):
        rows.append((f"fill {fill}: beginTime 0.5, duration 1", layer,
                     Timing.animation(begin_time=0.5, duration=1.0, fill_mode=fill)))
    # Listing 9.4: the layer is paused (speed 0) and scrubbed through timeOffset 0.3.
    rows.append(("door scrubbed: layer speed 0, layer timeOffset 0.3",
                 Timing.layer(speed=0.0, time_offset=0.3), Timing.animation(duration=1.0)))
    return rows


def main() -> None:
    print('Seed 003: progress over time ("-" = no effect, the model value shows)\n')
    print(f"{'t (s)':<52}" + "".join(f"{t:6.2f}" for t in TIMES))
    for label, layer, animation in scenarios():
        cells = []
        for t in TIMES:
            layer_time = convert_time_chain_to_local([layer], t)
            progress = animation.progress(layer_time)
            cells.append(f"{'-':>6}" if progress is None else f"{progress:6.2f}")
        print(f"{label:<52}" + "".join(cells))


if __name__ == "__main__":
    main()
