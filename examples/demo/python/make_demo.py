"""make demo: every seed's scenario drawn from animcore's presentation values, in pictures and
sound.

For each seed the C host (examples/demo/c, Cairo) and the Python host (demoNNN_*.py, pycairo)
run the same scenario at the same ticks and draw the same frames; this script runs both, checks
that their frames and values agree, and writes into the output directory:

- ``seedNNN_*_strip.png``: a frame strip with time labels;
- ``seedNNN_*.gif``: the whole clip at 30 fps, looping;
- ``seedNNN_*_plot.png``: presentation (solid) against model (dashed) over time;
- ``seed000_volume.wav`` and ``seed000_volume_plot.png``: a tone whose volume follows the audio
  layer's animated ``volume`` property, and its envelope;
- ``index.html`` showing everything (relative links, nothing external);
- ``frames/c/<host>/`` and ``frames/python/<host>/``: every frame and values.csv of both hosts.

usage: make_demo.py [--out demo] [--c-hosts BUILD/examples]

Without --c-hosts, or when the C hosts were not built (CMake builds them only when pkg-config
finds Cairo), only the Python hosts run and the summary says so.
"""

from __future__ import annotations

import argparse
import csv
import html
import importlib
import math
import shutil
import subprocess
import sys
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import cairo
import numpy as np

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from PIL import Image  # noqa: E402  (Pillow comes with matplotlib)

import animcore  # noqa: E402

HERE = Path(__file__).resolve().parent
FPS = 60
RECORD_EVERY = 2
TOLERANCE = 2  # the largest channel difference (of 255) between the C and the Python frames
SAMPLE_RATE = 44100
Columns = Dict[str, np.ndarray]


@dataclass
class Seed:
    number: str
    host: str  # the hosts' name: examples/demo/c/<host>.c, examples/demo/python/<host>.py
    title: str
    story: str  # the scenario, for index.html
    strip_ticks: Sequence[int]
    strip_columns: int = 0  # frames per strip row (0: all in one row)
    plot: Optional[Callable[[Columns, Path], None]] = None
    results: Dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# Plots: presentation solid, model dashed


def _axes(rows: int, title: str) -> Tuple[Figure, List[Axes]]:
    figure, axes = plt.subplots(rows, 1, figsize=(9, 2.6 * rows), sharex=True, squeeze=False)
    figure.suptitle(title)
    for axis in axes[:, 0]:
        axis.grid(True, alpha=0.3)
    axes[-1, 0].set_xlabel("t (s)")
    return figure, list(axes[:, 0])


def _pair(axis: Axes, t: np.ndarray, shown: np.ndarray, model: np.ndarray, label: str,
          color: str) -> None:
    axis.plot(t, shown, color=color, linewidth=1.8, label=f"{label} (presentation)")
    axis.plot(t, model, color=color, linewidth=1.2, linestyle="--", alpha=0.8,
              label=f"{label} (model)")


def _save(figure: Figure, axes: Sequence[Axes], path: Path) -> None:
    for axis in axes:
        axis.legend(loc="best", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def plot_clock(c: Columns, path: Path) -> None:
    figure, (a, b) = _axes(2, "Seed 000: the clock's time and the audio layer's volume")
    _pair(a, c["t"], c["time"], c["time_model"], "time (h)", "C0")
    _pair(b, c["t"], c["volume"], c["volume_model"], "volume", "C2")
    _save(figure, (a, b), path)


def plot_progress(c: Columns, path: Path) -> None:
    figure, (a, b) = _axes(2, "Seed 001: percent (custom property) and the bar's width (built-in)")
    _pair(a, c["t"], c["percent"], c["percent_model"], "percent", "C0")
    _pair(b, c["t"], c["bar_width"], c["bar_width_model"], "bar width (pt)", "C1")
    _save(figure, (a, b), path)


def plot_arrow(c: Columns, path: Path) -> None:
    figure, (a,) = _axes(1, "Seed 002: lengthRadians (explicit animation, autoreverses)")
    _pair(a, c["t"], c["length"], c["length_model"], "lengthRadians", "C4")
    a.plot(c["t"], c["button_shown"] * 2 * math.pi, color="0.5", linewidth=1, linestyle=":",
           label="Go button shown (2\u03c0 = yes)")
    _save(figure, (a,), path)


def plot_ship(c: Columns, path: Path) -> None:
    figure, axes = _axes(3, "Seed 003: the ships' position and rotation (six slider settings)")
    labels = ["speed 1, offset 0", "speed 1, offset 0.5", "speed 2, offset 0.5",
              "speed 0.5, offset 0.25", "speed 1, offset 0.75", "speed 0, offset 0.3"]
    for i, label in enumerate(labels):
        axes[0].plot(c["t"], c[f"x{i}"], color=f"C{i}", linewidth=1.5, label=label)
        axes[1].plot(c["t"], c[f"y{i}"], color=f"C{i}", linewidth=1.5)
        axes[2].plot(c["t"], np.degrees(c[f"angle{i}"]), color=f"C{i}", linewidth=1.5)
    for axis, column, name in zip(axes, ("model_x", "model_y", "model_angle"),
                                  ("position.x", "position.y", "rotation (deg)")):
        values = np.degrees(c[column]) if column == "model_angle" else c[column]
        axis.plot(c["t"], values, color="k", linestyle="--", linewidth=1.2, label="model")
        axis.set_ylabel(name)
    _save(figure, axes, path)


def plot_door(c: Columns, path: Path) -> None:
    figure, (a,) = _axes(1, "Seed 003: the door's transform.rotation.y (autoreverses, forever)")
    _pair(a, c["t"], np.degrees(c["angle"]), np.degrees(c["angle_model"]), "rotation.y (deg)",
          "C5")
    _save(figure, (a,), path)


def plot_door_drag(c: Columns, path: Path) -> None:
    figure, (a, b) = _axes(2, "Seed 003's door: scrubbed by a drag, then continued with a spring")
    _pair(a, c["t"], np.degrees(c["angle"]), np.degrees(c["angle_model"]), "rotation.y (deg)",
          "C5")
    b.plot(c["t"], c["fraction"], color="C0", label="fractionComplete")
    b.set_ylabel("fractionComplete")
    b.legend(loc="best")
    _save(figure, (a, b), path)


def plot_spinner(c: Columns, path: Path) -> None:
    figure, (a,) = _axes(1, "The spinner: instance 0's dot opacity (1 -> 0.15 each second)")
    _pair(a, c["t"], c["opacity"], c["opacity_model"], "opacity", "C0")
    _save(figure, (a,), path)


def plot_shape_clock(c: Columns, path: Path) -> None:
    figure, (a, b) = _axes(2, "Seed 000's first clock: the hands' presentation rotation.z")
    _pair(a, c["t"], np.degrees(c["left_hour"]), np.degrees(c["right_hour_model"]),
          "hour hand (deg)", "C0")
    a.plot(c["t"], np.degrees(c["right_hour"]), color="C1", linestyle=":",
           label="hour hand, rotateZ (the same path)")
    a.legend(loc="best")
    b.plot(c["t"], np.degrees(c["left_minute"]), color="C0", label="minute hand, affineTransform")
    b.plot(c["t"], np.degrees(c["right_minute"]), color="C1", label="minute hand, rotateZ")
    b.set_ylabel("rotation.z (deg, in (-180, 180])")
    b.legend(loc="best")
    _save(figure, (a, b), path)


def plot_arrow_masks(c: Columns, path: Path) -> None:
    figure, (a, b) = _axes(2, "Seed 002's masks: the swipe's strokeEnd, the image's startPoint.x")
    _pair(a, c["t"], c["stroke_end"], c["stroke_end_model"], "strokeEnd", "C4")
    _pair(b, c["t"], c["start_x"], c["start_x_model"], "startPoint.x", "C1")
    _save(figure, (a, b), path)


def plot_transitions(c: Columns, path: Path) -> None:
    figure, (a,) = _axes(1, "The transitions' progress (1 s, easeInEaseOut, at 0 s and 1.5 s)")
    for column, color in (("fade", "C0"), ("move_in", "C1"), ("push", "C2"), ("reveal", "C3")):
        a.plot(c["t"], c[column], color=color, label=column)
    a.set_ylabel("transition_progress")
    a.legend(loc="best")
    _save(figure, (a,), path)


def plot_circle(c: Columns, path: Path) -> None:
    figure, (a, b, d) = _axes(3, "Seed 004: radius, colour and position (changed in flight at 1 s)")
    _pair(a, c["t"], c["radius"], c["radius_model"], "radius", "C0")
    _pair(b, c["t"], c["red"], c["red_model"], "red", "C3")
    _pair(b, c["t"], c["green"], c["green_model"], "green", "C2")
    _pair(d, c["t"], c["x"], c["x_model"], "position.x", "C1")
    _pair(d, c["t"], c["y"], c["y_model"], "position.y", "C5")
    _save(figure, (a, b, d), path)


def plot_tap(c: Columns, path: Path) -> None:
    figure, (a, b, d) = _axes(3, "The tap scene: the disc, the card, the taps that hit")
    _pair(a, c["t"], c["x"], c["x_model"], "disc position.x", "C0")
    _pair(a, c["t"], c["y"], c["y_model"], "disc position.y", "C1")
    _pair(b, c["t"], np.degrees(c["angle"]), np.degrees(c["angle_model"]), "card rotation (deg)",
          "C3")
    _pair(d, c["t"], c["hits"], c["hits_model"], "taps hitting a layer", "C2")
    _save(figure, (a, b, d), path)


SEEDS = [
    Seed("000", "demo000_clock", "Seed 000: the clock face and its audio layer",
         "The seed's first clock, drawn from the render list by the demo's compositor: a "
         "ClockFace layer (a white disc with a border and a soft shadow, one for the face and "
         "all its sublayers, drawn beneath it) whose sublayers are twelve marks and the "
         "hour and minute hands, turned by their <code>transform.rotation.z</code>. Its custom "
         "<code>time</code> property animates linearly from the presentation value, and setting "
         "it turns the hands over the same transaction (the seed's indirect property "
         "animation). time = 1.5 (0.25 s, the seed's log), 3.0, then 0.0 in flight, then 5.0 "
         "in a 2 s transaction: the minute hand turns a full round for every hour. The "
         "AudioLayer's <code>volume</code> fades out and in (0.25 s, then a 1 s fade out turned "
         "back in flight); its display callback sets the player's volume, which the WAV "
         "follows.",
         (0, 6, 12, 18, 32, 40, 50, 70, 100, 130, 160, 194), plot=plot_clock),
    Seed("001", "demo001_progress", "Seed 001: the progress bar and its percent label",
         "A custom <code>percent</code> property animated in animation blocks like a built-in "
         "one: 0 \u2192 100 ease-out (0.5 s), reversed by the block's completion, then "
         "0 \u2192 100 on a spring (perceptual duration 0.5 s, bounce 0.3) that overshoots. The "
         "display callback sets the label to floor(percent); the bar is a sublayer whose "
         "width animates in the same blocks, in the same frames. Drawn from the render list by "
         "the demo's compositor: the view's layer is the track, the bar grows from its left. "
         "The bar's contents are a rounded pill image stretched in nine parts by "
         "<code>contentsCenter</code>: its ends keep their size while the middle stretches "
         "(below 36 points wide the ends shrink together); it casts a small shadow.",
         (0, 8, 16, 30, 38, 46, 62, 72, 84, 96, 130), plot=plot_progress),
    Seed("002", "demo002_arrow", "Seed 002: the circular arrow growing through its transaction",
         "An ArrowLayer with the seed's custom properties, drawn by its display callback (the "
         "seed's -drawInContext:) and used as the mask of an image view, drawn from the render "
         "list by the demo's compositor (the image through the alpha of the arrow's contents). "
         "In a 2 s transaction with a completion, an explicit linear, autoreversing animation of "
         "lengthRadians 0 \u2192 2\u03c0: the arrow grows round and shrinks back; the "
         "completion shows the Go button.",
         (0, 30, 60, 90, 120, 150, 180, 210, 240, 270), plot=plot_arrow),
    Seed("003", "demo003_ship", "Seed 003: the ship flying its bezier path",
         "A keyframe animation of position along the seed's bezier path, duration 1, rotation "
         "auto (the ship turns along the tangent), removedOnCompletion NO, at six settings of the "
         "speed and timeOffset sliders: an offset starts part-way and wraps round; when the "
         "active time is over the model shows again (the ship at the start, unrotated); speed 0 "
         "holds the offset's frame. Drawn from the render list by the demo's compositor: each "
         "panel holds the seed's container (scaled 0.6, the path as its contents) and its ship "
         "layer, whose shadow is offset in the ship's own space: it turns with the ship.",
         (0, 12, 24, 36, 48, 60, 90, 130), strip_columns=4, plot=plot_ship),
    Seed("003", "demo003_door", "Seed 003: the door swinging in perspective",
         "Listing 9.2's door (anchorPoint (0, 0.5), the host's door image as its contents) in a "
         "container whose sublayerTransform has the perspective m34 = −1/500, animated by "
         "<code>transform.rotation.y</code> to −π/2, duration 2, autoreverses, "
         "repeatDuration infinite. Drawn from the render list by the demo's compositor: the "
         "door's matrix is a homography, drawn as a grid of affine triangles, with its rounded "
         "clip, its border and a window (an opacity group with a rounded mask) in perspective.",
         (0, 16, 32, 48, 64, 96, 120, 150, 180, 210, 240), strip_columns=6, plot=plot_door),
    Seed("004", "demo004_circle",
         "Seed 004: the circle changing radius and colour, tapped in flight",
         "A CircleLayer with a custom <code>radius</code> (its action: linear from the "
         "presentation value) and <code>color</code> (the built-in implicit animation), drawn by "
         "its display callback. The tap: 2 s, radius 100, green. One second later, in flight: "
         "1 s, position (0, 0), radius 25 &mdash; the radius turns from where it is, the circle "
         "moves to the view's corner, the colour keeps its 2 s. Drawn from the render list by the "
         "demo's compositor: the view's layer at half size, the circle's contents in it.",
         (0, 20, 40, 60, 64, 70, 80, 90, 100, 120, 180), plot=plot_circle),
    Seed("004", "demo004_tap", "The tap scene: hitting a moving layer",
         "Core Animation's best-known pitfall, drawn from the render list: a disc moves across "
         "the view (a 2 s implicit animation) while a card turns (an explicit "
         "<code>transform.rotation.z</code> animation). A grid of taps every 10 points: a black "
         "dot where hitTest on the presentation tree finds a layer (where it is drawn), a red "
         "ring where hitTest on the model tree does (where it will be: the disc already at its "
         "destination, the card unturned). When the animations end the two agree.",
         (0, 10, 20, 30, 40, 60, 80, 100, 120, 150), strip_columns=5, plot=plot_tap),
    Seed("003", "demo005_door_drag", "Seed 003's door scrubbed by a drag, then sprung open",
         "UIViewPropertyAnimator's interactive pattern on seed 003's door: an animator (1 s, "
         "linear) whose block sets <code>transform.rotation.y</code> to −π/2 is paused at "
         "once; a simulated drag moves its <code>fractionComplete</code> out to 0.75 and back to "
         "0.4 (ticks 2–100); released, it continues with a spring (stiffness 120, damping 12) "
         "that overshoots the open door and settles, and the animator ends at its end. Drawn "
         "from the render list as seed 003's door.",
         (0, 20, 40, 60, 80, 100, 110, 120, 140, 160, 200, 240), strip_columns=6,
         plot=plot_door_drag),
    Seed("006", "demo006_spinner", "The replicator spinner (no seed: CAReplicatorLayer)",
         "The classic activity spinner (reference §5.3): a CAReplicatorLayer with twelve "
         "instances of one rounded dot, <code>instanceTransform</code> a twelfth of a turn about "
         "z, <code>instanceDelay</code> 1/12 s, and the dot's opacity animating 1 → 0.15 over "
         "1 s, linear, forever: each instance samples it a twelfth of a second later, so the "
         "bright dot goes round once a second (before its delayed begin an instance shows the "
         "model opacity, 1). <code>instanceColor</code> with red and blue offsets tints the white "
         "dot from blue to orange round the ring: the compositor multiplies each entry's "
         "instance colour into what it draws.",
         (0, 6, 12, 18, 24, 30, 36, 48, 60, 72, 84, 90), strip_columns=6, plot=plot_spinner),
    Seed("000", "demo007_shape_clock", "Seed 000's first clock: CAShapeLayer hands",
         "The seed's ClockFace as the seed builds it: a CAShapeLayer face (an ellipse path, "
         "white fill, black stroke 4 wide) and CAShapeLayer hands with rectangle paths, drawn "
         "by the compositor from each shape layer's path and colours. From 11:00 to 1:00 "
         "(2 s), then to 2:00 (1 s), linear. Left, the seed's setTime: the hands' "
         "<code>transform</code> set to their rotations, so the matrix animation takes the "
         "short way from 11 to 1 (through 12) and the minute hand, 12 to 12, stands still. "
         "Right, the same times animated with the <code>rotateZ</code> value function: the "
         "minute hand turns twice, then once from 0 to 2\u03c0.",
         (0, 10, 20, 30, 40, 60, 80, 120, 160, 180, 200, 240), strip_columns=6,
         plot=plot_shape_clock),
    Seed("002", "demo008_arrow_masks", "Seed 002's first answer: two levels of shape masks",
         "The image (a CAGradientLayer whose <code>startPoint</code> and <code>endPoint</code> "
         "swing round) is masked by the arrow, a CAShapeLayer outlining the circular arrow, "
         "which is masked in turn by the swipe, a CAShapeLayer stroking a circle 64 wide whose "
         "<code>strokeEnd</code> animates 0 \u2192 1 and back (2 s, linear): the image shows "
         "through the arrow where the swipe has passed. The compositor trims the stroke by arc "
         "length. Below, gradient swatches: radial (its endPoint pulsing), conic (a mesh of "
         "wedges; its endPoint going round) and axial with locations in a rounded layer.",
         (0, 20, 40, 60, 80, 100, 120, 140, 160, 200, 240), strip_columns=6,
         plot=plot_arrow_masks),
    Seed("009", "demo009_transitions", "CATransition: fade, moveIn, push and reveal (no seed)",
         "Four panels change state (colour, disc and bar on the other side) in a transaction "
         "that adds a transition to each (1 s, easeInEaseOut): fade, moveIn fromRight, push "
         "fromTop, reveal fromLeft; then back with fade, moveIn fromBottom, push fromLeft, "
         "reveal fromRight. The engine gives each panel's render entry the transition's "
         "state, offsets and alphas; the compositor snapshots the panel's last drawing when "
         "the transition begins, composites it with the new drawing while it is in effect "
         "(clipped to the rounded panel) and drops it when it ends.",
         (0, 8, 16, 24, 32, 44, 62, 98, 106, 114, 122, 150), strip_columns=6,
         plot=plot_transitions),
]


# ---------------------------------------------------------------------------------------------
# Running the hosts and comparing their frames


def frame_paths(directory: Path) -> List[Path]:
    return sorted(directory.glob("frame_*.png"))


def frame_tick(path: Path) -> int:
    return int(path.stem.split("_")[1])


def read_png(path: Path) -> np.ndarray:
    """The pixels of a PNG as an (height, width, 4) uint8 array (Cairo's BGRA order)."""
    surface = cairo.ImageSurface.create_from_png(str(path))
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(height, stride)
    return data[:, : width * 4].reshape(height, width, 4).copy()


def compare(c_dir: Path, python_dir: Path) -> Dict[str, object]:
    """The C host's frames and values against the Python host's."""
    c_frames, py_frames = frame_paths(c_dir), frame_paths(python_dir)
    result: Dict[str, object] = {
        "frames": len(py_frames),
        "same_ticks": [p.name for p in c_frames] == [p.name for p in py_frames],
        "values_equal": (c_dir / "values.csv").read_bytes()
        == (python_dir / "values.csv").read_bytes(),
    }
    worst, identical = 0, 0
    if result["same_ticks"]:
        for c_path, py_path in zip(c_frames, py_frames):
            a, b = read_png(c_path), read_png(py_path)
            if a.shape != b.shape:
                worst = 255
                continue
            difference = int(np.abs(a.astype(np.int16) - b.astype(np.int16)).max())
            worst = max(worst, difference)
            identical += difference == 0
    result["identical"] = identical
    result["max_difference"] = worst
    result["ok"] = bool(result["same_ticks"] and result["values_equal"] and worst <= TOLERANCE)
    return result


def run_c_host(executable: Path, out: Path) -> None:
    completed = subprocess.run([str(executable), str(out)], capture_output=True, text=True)
    if completed.returncode != 0:
        raise SystemExit(f"{executable.name} failed ({completed.returncode}):\n{completed.stderr}")


def run_python_host(host: str, out: Path) -> None:
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    importlib.import_module(host).run(out)


def read_values(path: Path) -> Columns:
    with open(path, newline="") as file:
        rows = list(csv.reader(file))
    header, body = rows[0], np.array(rows[1:], dtype=float)
    return {name: body[:, index] for index, name in enumerate(header)}


# ---------------------------------------------------------------------------------------------
# Products: strips, animations, sound, the page


def text(
    cr: "cairo.Context[cairo.ImageSurface]", x: float, y: float, size: float, string: str
) -> None:
    cr.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    cr.set_font_size(size)
    cr.move_to(x, y)
    cr.show_text(string)
    cr.new_path()


def write_strip(seed: Seed, frames: Path, path: Path) -> int:
    """Frames side by side (wrapped after strip_columns), each with its time underneath."""
    ticks = [tick for tick in seed.strip_ticks if (frames / f"frame_{tick:04d}.png").is_file()]
    images = [cairo.ImageSurface.create_from_png(str(frames / f"frame_{t:04d}.png")) for t in ticks]
    width, height = images[0].get_width(), images[0].get_height()
    columns = seed.strip_columns or len(images)
    rows = math.ceil(len(images) / columns)
    gap, label, title = 10, 22, 30
    strip = cairo.ImageSurface(
        cairo.FORMAT_ARGB32, gap + columns * (width + gap), title + rows * (height + label + gap)
    )
    cr = cairo.Context(strip)
    cr.set_source_rgb(1, 1, 1)
    cr.paint()
    cr.set_source_rgb(0, 0, 0)
    text(cr, gap, 21, 16, seed.title)
    for index, (tick, image) in enumerate(zip(ticks, images)):
        x = gap + (index % columns) * (width + gap)
        y = title + (index // columns) * (height + label + gap)
        cr.set_source_surface(image, x, y)
        cr.paint()
        cr.set_source_rgb(0.3, 0.3, 0.3)
        cr.rectangle(x - 0.5, y - 0.5, width + 1, height + 1)
        cr.set_line_width(1)
        cr.stroke()
        cr.set_source_rgb(0, 0, 0)
        text(cr, x + 2, y + height + 16, 13, f"t = {tick / FPS:.3f} s  (tick {tick})")
    strip.write_to_png(str(path))
    return len(images)


def write_animation(frames: Path, path: Path) -> int:
    """An animated GIF of every recorded frame at 30 fps (delays 30, 30, 40 ms: GIF counts in
    hundredths), holding the last frame for 1.5 s before it loops."""
    images = [Image.open(p).convert("RGB") for p in frame_paths(frames)]
    delays = [(30, 30, 40)[i % 3] for i in range(len(images))]
    delays[-1] = 1500
    images[0].save(path, save_all=True, append_images=images[1:], duration=delays, loop=0,
                   optimize=False, disposal=1)
    return len(images)


def write_wav(values: Columns, wav: Path, plot: Path) -> float:
    """A tone (A4 and its fifth) whose gain follows the audio layer's presentation volume: the
    host's mixer ramps the gain linearly from one frame's value to the next (no 60 Hz clicks)."""
    t = values["t"]
    seconds = float(t[-1])
    samples = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    gain = np.interp(samples, t, values["volume"])
    tone = 0.6 * np.sin(2 * np.pi * 440.0 * samples) + 0.3 * np.sin(2 * np.pi * 660.0 * samples)
    signal = np.clip(0.8 * gain * tone, -1.0, 1.0)
    with wave.open(str(wav), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(SAMPLE_RATE)
        file.writeframes((signal * 32767).astype("<i2").tobytes())
    figure, (axis,) = _axes(1, "Seed 000: seed000_volume.wav and its volume envelope")
    block = SAMPLE_RATE // 200  # the waveform's peaks per 5 ms
    peaks = np.abs(signal[: len(signal) // block * block]).reshape(-1, block).max(axis=1)
    starts = np.arange(len(peaks)) * block / SAMPLE_RATE
    axis.fill_between(starts, -peaks, peaks, color="C0", alpha=0.35, linewidth=0,
                      label="the WAV's samples")
    top = 0.8 * float(np.abs(tone).max())  # the signal's peak at volume 1
    axis.plot(t, values["volume"] * top, color="C2", linewidth=1.8,
              label="presentation volume (the gain)")
    axis.plot(t, values["volume_model"] * top, color="C2", linestyle="--", linewidth=1.2,
              label="model volume")
    axis.set_ylabel("amplitude")
    _save(figure, (axis,), plot)
    return seconds


def write_index(out: Path, seeds: Sequence[Seed], notes: Sequence[str]) -> Path:
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>animcore demo</title>',
        "<style>body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}"
        "img{max-width:100%;border:1px solid #ccc;margin:4px 0}"
        ".row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
        "code{background:#f2f2f2}</style></head><body>",
        "<h1>animcore demo</h1>",
        "<p>Each seed's scenario run on animcore and drawn by a host from the engine's "
        "presentation values after each tick or in the layers' display callbacks, as a host "
        "would: with Cairo from C (<code>examples/demo/c</code>) and with pycairo from Python "
        "(<code>examples/demo/python</code>). The engine ticks at 60 Hz; every second tick "
        "is recorded (30 fps). Plots: presentation solid, model dashed.</p>",
        "<ul>" + "".join(f"<li>{html.escape(note)}</li>" for note in notes) + "</ul>",
        "<table><tr><th>seed</th><th>frames</th><th>C host vs Python host</th></tr>",
    ]
    for seed in seeds:
        parts.append(f"<tr><td>{seed.number}</td><td>{seed.results['frames']}</td>"
                     f"<td>{html.escape(str(seed.results['verdict']))}</td></tr>")
    parts.append("</table>")
    for seed in seeds:
        files = seed.results["files"]
        assert isinstance(files, dict)
        parts += [
            f'<h2 id="seed{seed.number}">{html.escape(seed.title)}</h2>',
            f"<p>{seed.story}</p>",
            f'<p><img src="{files["strip"]}" alt="frame strip"></p>',
            '<div class="row">',
            f'<div><p>The clip (GIF, 30 fps):</p><img src="{files["animation"]}" alt="clip"></div>',
            f'<div><p>Presentation against model:</p><img src="{files["plot"]}" alt="plot"></div>',
            "</div>",
        ]
        if "wav" in files:
            parts += [
                "<h3>The audio layer</h3>",
                "<p>A tone whose volume follows the animated <code>volume</code> property "
                "(the WAV is generated from the values the host read each tick):</p>",
                f'<p><audio controls src="{files["wav"]}"></audio> '
                f'<a href="{files["wav"]}">{files["wav"]}</a></p>',
                f'<p><img src="{files["wav_plot"]}" alt="volume envelope"></p>',
            ]
        drawer = "C host (Cairo)" if seed.results["source"] == "c" else "Python host (pycairo)"
        parts.append(
            f"<p>Strip and clip: the frames of the {drawer}; every frame and the values of "
            f'each tick: <a href="frames/{seed.results["source"]}/{seed.host}/">'
            f'frames/{seed.results["source"]}/{seed.host}/</a></p>'
        )
    parts.append("</body></html>")
    index = out / "index.html"
    index.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return index


# ---------------------------------------------------------------------------------------------


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("demo"), help="output directory")
    parser.add_argument("--c-hosts", type=Path, help="where the C demo hosts were built")
    args = parser.parse_args(argv)
    out: Path = args.out
    started = time.perf_counter()
    frames_root = out / "frames"
    if frames_root.exists():
        shutil.rmtree(frames_root)
    out.mkdir(parents=True, exist_ok=True)

    c_hosts: Optional[Path] = args.c_hosts
    missing = [s.host for s in SEEDS if c_hosts is None or not (c_hosts / s.host).is_file()]
    if c_hosts is None:
        c_note = "C hosts: not run (no --c-hosts given)"
    elif missing:
        c_note = (f"C hosts: not built in {c_hosts} ({', '.join(missing)}): CMake builds them "
                  "only when pkg-config finds Cairo (apt-get install libcairo2-dev)")
    else:
        c_note = f"C hosts: {c_hosts} (Cairo)"
    run_c = c_hosts is not None and not missing
    notes = [
        c_note,
        f"Python hosts: pycairo {cairo.version} with Cairo {cairo.cairo_version_string()}, "
        f"animcore {animcore.version()} from {animcore.library_path()}",
    ]

    timings = {"C hosts": 0.0, "Python hosts": 0.0, "compare": 0.0, "strips, GIFs, plots": 0.0}
    for seed in SEEDS:
        py_dir = frames_root / "python" / seed.host
        c_dir = frames_root / "c" / seed.host
        clock = time.perf_counter()
        if run_c:
            assert c_hosts is not None
            run_c_host(c_hosts / seed.host, c_dir)
        timings["C hosts"] += time.perf_counter() - clock
        clock = time.perf_counter()
        run_python_host(seed.host, py_dir)
        timings["Python hosts"] += time.perf_counter() - clock

        clock = time.perf_counter()
        if run_c:
            result = compare(c_dir, py_dir)
            seed.results.update(result)
            if result["ok"] and result["identical"] == result["frames"]:
                verdict = (f"identical: {result['frames']} of {result['frames']} frames "
                           "pixel for pixel, values.csv byte for byte")
            elif result["ok"]:
                verdict = (f"within tolerance: largest channel difference "
                           f"{result['max_difference']} (<= {TOLERANCE}), "
                           f"{result['identical']} of {result['frames']} frames identical")
            else:
                verdict = (f"DIFFERENT: same ticks {result['same_ticks']}, values equal "
                           f"{result['values_equal']}, largest channel difference "
                           f"{result['max_difference']}")
            seed.results["source"] = "c"
        else:
            seed.results["frames"] = len(frame_paths(py_dir))
            seed.results["ok"] = True
            verdict = "not compared: the C host did not run"
            seed.results["source"] = "python"
        seed.results["verdict"] = verdict
        timings["compare"] += time.perf_counter() - clock

        clock = time.perf_counter()
        source = c_dir if run_c else py_dir
        stem = f"seed{seed.number}_{seed.host.split('_', 1)[1]}"
        files = {"strip": f"{stem}_strip.png", "animation": f"{stem}.gif",
                 "plot": f"{stem}_plot.png"}
        seed.results["strip_frames"] = write_strip(seed, source, out / files["strip"])
        write_animation(source, out / files["animation"])
        values = read_values(py_dir / "values.csv")
        assert seed.plot is not None
        seed.plot(values, out / files["plot"])
        if seed.host == "demo000_clock":
            files["wav"], files["wav_plot"] = "seed000_volume.wav", "seed000_volume_plot.png"
            seed.results["wav_seconds"] = write_wav(
                values, out / files["wav"], out / files["wav_plot"]
            )
        seed.results["files"] = files
        timings["strips, GIFs, plots"] += time.perf_counter() - clock

    index = write_index(out, SEEDS, notes)
    total = time.perf_counter() - started

    print("animcore demo: each seed's scenario drawn from the engine's presentation values")
    print(f"  {c_note}")
    print(f"  {notes[1]}")
    for seed in SEEDS:
        files = seed.results["files"]
        assert isinstance(files, dict)
        extra = ", WAV + volume plot" if "wav" in files else ""
        print(f"  seed {seed.number} {seed.host.split('_', 1)[1]:<9} {seed.results['frames']:4} "
              f"frames  C vs Python: {seed.results['verdict']}")
        print(f"  {'':<19}{files['strip']}, {files['animation']}, {files['plot']}{extra}")
    wav_seconds = SEEDS[0].results.get("wav_seconds", 0.0)
    print(f"  sound: {out / 'seed000_volume.wav'} ({wav_seconds:.2f} s, {SAMPLE_RATE} Hz, "
          "volume from the audio layer)")
    print("  time: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
          + f"; total {total:.1f} s")
    print(f"Open {index}  (file://{index.resolve()})")
    return 0 if all(seed.results["ok"] for seed in SEEDS) else 1


if __name__ == "__main__":
    sys.exit(main())
