"""CATransition's four types drawn with pycairo from animcore's render list — the Python twin of
examples/demo/c/demo009_transitions.c (same scenario, same ticks, same drawing; see that file
and examples/demo/README.md).

Four panels (blue with a disc on the left <-> orange with the disc on the right) change state
with fade, moveIn, push and reveal (1 s, easeInEaseOut), a subtype each; the compositor keeps
each panel's old drawing from the transition's BEGAN to its ENDED and composites it with the
new one at the render entry's offsets and alphas.

usage: demo009_transitions.py OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

import animcore
from animcore import Layer, Transition

import demo_common as demo
from compositor import Compositor
from demo_common import Context

WIDTH, HEIGHT = 360, 245
LAST_TICK = 180
TYPES = ("fade", "moveIn", "push", "reveal")
FIRST: Tuple[Optional[str], ...] = (None, "fromRight", "fromTop", "fromLeft")
SECOND: Tuple[Optional[str], ...] = (None, "fromBottom", "fromLeft", "fromRight")

Panel = Tuple[Layer, Layer, Layer]  # the panel, its disc, its bar


def layer_in(
    engine: animcore.Engine, superlayer: Optional[Layer], w: float, h: float, x: float, y: float,
    color: Tuple[float, float, float, float], radius: float,
) -> Layer:  # fmt: skip
    layer = engine.layer(bounds=(0, 0, w, h), position=(x, y), background_color=color, corner_radius=radius)
    if superlayer is not None:
        superlayer.add_sublayer(layer)
    return layer


def set_state(p: Panel, b: bool) -> None:
    """A (blue, the disc on the left) or B (orange, the disc on the right)."""
    p[0].background_color = (0.95, 0.6, 0.2, 1) if b else (0.25, 0.45, 0.85, 1)
    p[1].position = (125 if b else 35, 40)
    p[2].position = (50 if b else 110, 40)


def make_panel(engine: animcore.Engine, root: Layer, x: float, y: float) -> Panel:
    layer = layer_in(engine, root, 160, 80, x, y, (0, 0, 0, 0), 10)
    layer.masks_to_bounds = True
    disc = layer_in(engine, layer, 30, 30, 0, 0, (1, 1, 1, 1), 15)
    bar = layer_in(engine, layer, 50, 8, 0, 0, (1, 1, 1, 0.75), 4)
    p = (layer, disc, bar)
    set_state(p, False)
    return p


def change(engine: animcore.Engine, panels: Sequence[Panel], b: bool, subtypes: Sequence[Optional[str]]) -> None:
    """Every panel to state b with its transition (1 s, easeInEaseOut), actions disabled."""
    with engine.transaction(disable_actions=True):
        for i, p in enumerate(panels):
            p[0].add_animation(Transition(TYPES[i], subtypes[i], duration=1.0, timing_function="easeInEaseOut"))
            set_state(p, b)


def progress(values_list: animcore.RenderList, root: Layer, panels: Sequence[Panel]) -> List[float]:
    """Each panel's transition_progress in a fill of the values' list (0 without one)."""
    entries = values_list.fill(root)
    out = []
    for p in panels:
        value = 0.0
        for row in entries:
            if int(row["layer"]) == p[0].handle:
                value = float(row["transition_progress"])
        out.append(value)
    return out


def run(out: Path) -> None:
    with animcore.Engine() as engine:
        comp = Compositor()
        root = layer_in(engine, None, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0, (0.94, 0.94, 0.94, 1), 0)
        panels = [make_panel(engine, root, 95 + 170 * (i % 2), 55 + 115 * (i // 2)) for i in range(4)]
        render = engine.render_list()
        values_list = engine.render_list()

        screen = demo.surface(WIDTH, HEIGHT)
        cr = Context(screen)
        csv = demo.Csv(out, "fade,move_in,push,reveal")
        subtypes = FIRST
        for tick in range(LAST_TICK + 1):
            if tick == 1:
                change(engine, panels, True, FIRST)
            if tick == 91:
                change(engine, panels, False, SECOND)
            if tick == 91:
                subtypes = SECOND
            engine.tick(demo.tick_time(tick))
            row = progress(values_list, root, panels)
            csv.row(tick, row)
            if demo.records(tick):
                comp.draw(cr, render.fill(root))
                cr.set_source_rgb(0.1, 0.1, 0.1)
                for i in range(4):
                    line = f"{TYPES[i]} {subtypes[i] or ''}  p {row[i]:.2f}"
                    demo.text(cr, 15 + 170 * (i % 2), 112 + 115 * (i // 2), 12, line)
                demo.write_frame(screen, out, tick)
        csv.close()
        values_list.close()
        render.close()


if __name__ == "__main__":
    run(demo.out_dir(sys.argv, "the four transitions"))
