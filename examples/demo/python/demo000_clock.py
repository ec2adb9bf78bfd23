"""Seed 000 ("Animating Custom Layer Properties") drawn with pycairo from animcore's render
list — the Python twin of examples/demo/c/demo000_clock.c (same scenario, same ticks, same
drawing; see that file and examples/demo/README.md).

The seed's first clock ("Indirect Property Animation"): a ClockFace layer whose sublayers are
its twelve marks and its hour and minute hands, each turned by its transform. ClockFace's
custom ``time`` property has an action (a linear animation from the presentation value), and
setting the time turns the hands: each hand's ``transform.rotation.z`` animates from the angle
of the presentation's time to the new one over the same transaction, linear. The screen is the
render list of the view's layer drawn by the demo's compositor (compositor.py): no layer is
placed by hand. Beside the clock the seed's AudioLayer: a ``volume`` property whose display
callback sets the player's volume (the gain the demo's WAV follows), shown as a meter.

usage: demo000_clock.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Tuple

import animcore
from animcore import BasicAnimation, Layer

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 220, 270
SIZE = 200  # the clock's bounds: 200 x 200
LAST_TICK = 195


def hour_angle(time: float) -> float:  # a round in 12 h, clockwise on the y-down screen
    return time / 12.0 * 2.0 * math.pi


def minute_angle(time: float) -> float:  # a round in 1 h
    return time * 2.0 * math.pi


def run(out: Path) -> None:
    player = {"gain": 0.0}  # the player's volume, set by the audio layer's display
    comp = Compositor()  # no layer has contents: nothing to register

    def audio_display(audio: Layer) -> None:  # self.player.volume = presentation volume
        player["gain"] = audio.presentation.volume

    def linear_from_presentation(layer: Layer, key: str) -> Any:  # -actionForKey:
        if key in ("time", "volume"):
            return BasicAnimation(
                key, from_value=layer.presentation[key], timing_function="linear"
            )
        return None

    with animcore.Engine() as engine:
        ClockFace = engine.layer_class("ClockFace", {"time": 0.0})
        AudioLayer = engine.layer_class(
            "AudioLayer", {"volume": 1.0}, needs_display=True, display=audio_display
        )
        ClockFace.default_action = linear_from_presentation
        AudioLayer.default_action = linear_from_presentation
        # The view's layer (the screen's grey) holds both; the face: a white disc with a black
        # border 4 wide and a soft shadow, twelve marks, the hands anchored at their bottom
        # middle, a dot.
        c = SIZE / 2.0
        root = engine.layer(
            bounds=(0, 0, WIDTH, HEIGHT),
            position=(WIDTH / 2.0, HEIGHT / 2.0),
            background_color=(0.94, 0.94, 0.94, 1),
        )
        clock = ClockFace(
            bounds=(0, 0, SIZE, SIZE),
            position=(WIDTH / 2.0, 10 + SIZE / 2.0),
            background_color=(1, 1, 1, 1),
            corner_radius=c,
            border_width=4,
        )
        # One shadow for the face and all its sublayers, below it (y down): the compositor's.
        clock.shadow_opacity = 0.35
        clock.shadow_radius = 4
        clock.shadow_offset = (0, 4)
        audio = AudioLayer()

        def clock_part(
            w: float, h: float, anchor_y: float, x: float, y: float,
            color: Tuple[float, float, float, float], radius: float,
        ) -> Layer:  # fmt: skip
            part = engine.layer(
                bounds=(0, 0, w, h),
                anchor_point=(0.5, anchor_y),
                position=(x, y),
                background_color=color,
                corner_radius=radius,
            )
            clock.add_sublayer(part)
            return part

        for i in range(12):
            angle = i / 12.0 * 2.0 * math.pi
            mark = clock_part(
                2, 8, 0.5, c + math.sin(angle) * 88, c - math.cos(angle) * 88,
                (0.45, 0.45, 0.45, 1), 0,
            )  # fmt: skip
            mark["transform.rotation.z"] = angle
        hour_hand = clock_part(4, 80, 1, c, c, (0, 0, 0, 1), 2)
        minute_hand = clock_part(2, 90, 1, c, c, (0.75, 0.1, 0.1, 1), 1)
        clock_part(8, 8, 0.5, c, c, (0, 0, 0, 1), 4)
        root.add_sublayer(clock)
        root.add_sublayer(audio)  # the audio layer must be in the tree to animate
        audio.set_needs_display()

        def turn_hand(hand: Layer, start: float, end: float) -> None:
            hand["transform.rotation.z"] = end
            hand.add_animation(
                BasicAnimation(
                    "transform.rotation.z",
                    from_value=start,
                    to_value=end,
                    timing_function="linear",
                ),
                "time",
            )

        def set_time(time: float, duration: float) -> None:  # ClockFace's setTime:
            shown = clock.presentation.time
            with engine.transaction(duration=duration):
                clock.time = time
                with engine.transaction(duration=duration, disable_actions=True):
                    turn_hand(hour_hand, hour_angle(shown), hour_angle(time))
                    turn_hand(minute_hand, minute_angle(shown), minute_angle(time))

        def scenario(tick: int) -> None:
            if tick == 1:
                set_time(1.5, 0.25)
            elif tick == 21:
                audio.volume = 0.0
            elif tick == 31:
                set_time(3.0, 0.25)
            elif tick == 34:
                set_time(0.0, 0.25)
            elif tick == 46:
                audio.volume = 1.0
            elif tick == 61:
                set_time(5.0, 2.0)
            elif tick == 91:
                with engine.transaction(duration=1.0):
                    audio.volume = 0.0
            elif tick == 121:
                audio.volume = 1.0
            elif tick == 166:
                audio.volume = 0.0

        render = engine.render_list()

        def compose(cr: Context) -> None:  # the screen after a tick
            time = clock.presentation.time
            comp.draw(cr, render.fill(root))
            cr.set_source_rgb(0.1, 0.1, 0.1)
            hours = int(math.floor(time))
            minutes = int(math.floor((time - math.floor(time)) * 60.0))
            demo.text(cr, 10, 232, 14, f"time {time:.3f} h   {hours}:{minutes:02d}")
            demo.text(cr, 10, 259, 12, "volume")
            cr.set_source_rgb(0.8, 0.8, 0.8)
            cr.rectangle(60, 249, 150, 12)
            cr.fill()
            cr.set_source_rgb(0.2, 0.6, 0.3)
            cr.rectangle(60, 249, 150 * player["gain"], 12)
            cr.fill()

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "time,time_model,volume,volume_model")
        for tick in range(LAST_TICK + 1):
            scenario(tick)
            engine.tick(demo.tick_time(tick))
            shown_time, shown_volume = clock.presentation.time, audio.presentation.volume
            csv.row(tick, (shown_time, clock.time, shown_volume, audio.volume))
            if demo.records(tick):
                compose(cr)
                demo.write_frame(screen, out, tick)
        csv.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 000 (the clock and its audio layer)"))
