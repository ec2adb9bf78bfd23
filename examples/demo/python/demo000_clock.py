"""Seed 000 ("Animating Custom Layer Properties") drawn with pycairo — the Python twin of
examples/demo/c/demo000_clock.c (same scenario, same ticks, same drawing; see that file and
examples/demo/README.md).

A ClockFace layer class whose custom ``time`` property needs display, an action for it (a
linear animation from the presentation value, -actionForKey:) and a display callback (-display)
that draws the clock face into the layer's contents from the presentation's time. Beside it the
seed's AudioLayer: a ``volume`` property whose display callback sets the player's volume (the
gain the demo's WAV follows), shown as a meter under the clock.

usage: demo000_clock.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import animcore
import cairo
from animcore import BasicAnimation, Layer

import demo_common as demo
from demo_common import Context

WIDTH, HEIGHT = 220, 270
SIZE = 200  # the clock's bounds: 200 x 200
LAST_TICK = 195


def run(out: Path) -> None:
    contents = demo.surface(SIZE, SIZE)  # the clock layer's backing image (self.contents)
    player = {"gain": 0.0}  # the player's volume, set by the audio layer's display

    def clock_display(clock: Layer) -> None:  # -display: the seed's drawing
        time = clock.presentation.time
        c = SIZE / 2.0
        cr = Context(contents)
        demo.clear(cr)
        cr.arc(c, c, c - 2, 0, 2 * math.pi)  # the face: an ellipse inset by 2
        cr.set_source_rgb(1, 1, 1)
        cr.fill_preserve()
        cr.set_source_rgb(0, 0, 0)
        cr.set_line_width(4)
        cr.stroke()
        cr.set_source_rgb(0.45, 0.45, 0.45)  # twelve hour marks
        cr.set_line_width(2)
        for i in range(12):
            angle = i / 12.0 * 2.0 * math.pi
            cr.move_to(c + math.sin(angle) * 84, c - math.cos(angle) * 84)
            cr.line_to(c + math.sin(angle) * 92, c - math.cos(angle) * 92)
        cr.stroke()
        cr.set_line_cap(cairo.LINE_CAP_ROUND)
        angle = time / 12.0 * 2.0 * math.pi  # the hour hand
        cr.set_source_rgb(0, 0, 0)
        cr.set_line_width(4)
        cr.move_to(c, c)
        cr.line_to(c + math.sin(angle) * 80, c - math.cos(angle) * 80)
        cr.stroke()
        angle = (time - math.floor(time)) * 2.0 * math.pi  # the minute hand
        cr.set_source_rgb(0.75, 0.1, 0.1)
        cr.set_line_width(2)
        cr.move_to(c, c)
        cr.line_to(c + math.sin(angle) * 90, c - math.cos(angle) * 90)
        cr.stroke()
        cr.arc(c, c, 4, 0, 2 * math.pi)
        cr.set_source_rgb(0, 0, 0)
        cr.fill()

    def audio_display(audio: Layer) -> None:  # self.player.volume = presentation volume
        player["gain"] = audio.presentation.volume

    def linear_from_presentation(layer: Layer, key: str) -> Any:  # -actionForKey:
        if key in ("time", "volume"):
            return BasicAnimation(
                key, from_value=layer.presentation[key], timing_function="linear"
            )
        return None

    with animcore.Engine() as engine:
        ClockFace = engine.layer_class(
            "ClockFace", {"time": 0.0}, needs_display=True, display=clock_display
        )
        AudioLayer = engine.layer_class(
            "AudioLayer", {"volume": 1.0}, needs_display=True, display=audio_display
        )
        ClockFace.default_action = linear_from_presentation
        AudioLayer.default_action = linear_from_presentation
        root = engine.layer(bounds=(0, 0, WIDTH, HEIGHT))
        clock = ClockFace(bounds=(0, 0, SIZE, SIZE), position=(WIDTH / 2.0, 10 + SIZE / 2.0))
        audio = AudioLayer()
        root.add_sublayer(clock)
        root.add_sublayer(audio)  # the audio layer must be in the tree to animate
        clock.set_needs_display()
        audio.set_needs_display()

        def scenario(tick: int) -> None:
            if tick == 1:
                clock.time = 1.5
            elif tick == 21:
                audio.volume = 0.0
            elif tick == 31:
                clock.time = 3.0
            elif tick == 34:
                clock.time = 0.0
            elif tick == 46:
                audio.volume = 1.0
            elif tick == 61:
                with engine.transaction(duration=2.0):
                    clock.time = 5.0
            elif tick == 91:
                with engine.transaction(duration=1.0):
                    audio.volume = 0.0
            elif tick == 121:
                audio.volume = 1.0
            elif tick == 166:
                audio.volume = 0.0

        def compose(cr: Context) -> None:  # the screen after a tick
            x, y = clock.presentation.position
            time = clock.presentation.time
            demo.background(cr, 0.94)
            cr.set_source_surface(contents, x - SIZE / 2.0, y - SIZE / 2.0)
            cr.paint()
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


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "seed 000 (the clock and its audio layer)"))
