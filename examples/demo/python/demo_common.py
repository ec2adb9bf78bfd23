"""What the Python demo hosts share (demoNNN_*.py): the frame clock, the output files and a few
pycairo helpers — the counterpart of examples/demo/c/demo.c, call for call.

Each host drives animcore the way its seed's scenario says, draws every second tick with
pycairo from the engine's presentation values and writes ``frame_NNNN.png`` (one per recorded
tick) and ``values.csv`` (one row per tick: the presentation and model values it plots) into its
output directory. The C hosts write the same files; see examples/demo/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, List, TextIO

import cairo

FPS = 60  # the host's frame clock: tick n is at n / 60 s
RECORD_EVERY = 2  # a PNG every second tick: the recorded clip runs at 30 fps
FONT = "DejaVu Sans"

if TYPE_CHECKING:  # pycairo's stubs make Context generic in its target surface
    Context = cairo.Context[cairo.ImageSurface]
else:
    Context = cairo.Context


def tick_time(tick: int) -> float:
    return tick / FPS


def out_dir(argv: List[str], name: str) -> Path:
    """The output directory from the command line (usage message and exit when missing)."""
    if len(argv) != 2:
        sys.stderr.write(
            f"usage: {argv[0]} OUT_DIR\n  draws {name}'s frames (frame_NNNN.png) and values.csv"
            " into OUT_DIR\n"
        )
        raise SystemExit(2)
    return Path(argv[1])


class Csv:
    """values.csv: "tick,t" and the columns; every value as C's "%.6f"."""

    def __init__(self, directory: Path, header: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self._file: TextIO = open(directory / "values.csv", "w", encoding="ascii", newline="\n")
        self._file.write(f"tick,t,{header}\n")

    def row(self, tick: int, values: Iterable[float]) -> None:
        cells = [str(tick), f"{tick / FPS:.6f}"] + [f"{value:.6f}" for value in values]
        self._file.write(",".join(cells) + "\n")

    def close(self) -> None:
        self._file.close()


def records(tick: int) -> bool:
    return tick % RECORD_EVERY == 0


def write_frame(surface: cairo.ImageSurface, directory: Path, tick: int) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    surface.flush()
    surface.write_to_png(str(directory / f"frame_{tick:04d}.png"))


def surface(width: int, height: int) -> cairo.ImageSurface:
    return cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)


def background(cr: Context, grey: float) -> None:
    cr.set_source_rgb(grey, grey, grey)
    cr.paint()


def clear(cr: Context) -> None:
    cr.save()
    cr.set_operator(cairo.OPERATOR_CLEAR)
    cr.paint()
    cr.restore()


def text(cr: Context, x: float, y: float, size: float, string: str) -> None:
    cr.select_font_face(FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size)
    cr.move_to(x, y)
    cr.show_text(string)
    cr.new_path()
