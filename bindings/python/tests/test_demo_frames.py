"""The demo hosts draw the same frames in C and in Python (examples/demo, `make demo`).

For every seed, the C host (examples/demo/c/demoNNN_*.c, Cairo) and the Python host
(examples/demo/python/demoNNN_*.py, pycairo) run the same scenario at the same ticks into a
temporary directory; the test compares what they wrote:

- the same recorded ticks (frame_NNNN.png names) and byte-identical values.csv — the engine's
  presentation and model values at every tick, printed "%.6f" by both;
- every frame pixel by pixel (read with pycairo's ImageSurface.create_from_png, compared with
  NumPy): the largest difference of any channel must be at most TOLERANCE = 2 (of 255).

Why a tolerance, and why 2: both hosts call the same Cairo library with the same doubles (the C
hosts are compiled with -ffp-contract=off, so no fused multiply-add changes a coordinate), so
on one machine the frames come out identical, and the test reports how many are. A pycairo
built against another Cairo release, or pixman choosing another SIMD path, can round an
antialiased edge pixel or a gradient step differently by a level or two; a real drawing
difference (a hand at another angle, a colour of another tick, a missing label) changes edge
pixels by far more than 2.

The C hosts are found in $ANIMCORE_DEMO_C_HOSTS, else in the `examples` directory of the build
holding the loaded library (build/examples for `make test`). The test is skipped, with the
reason printed, only when they are missing because Cairo is not installed (pkg-config does not
find it, so CMake did not build them); missing hosts with Cairo installed fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import numpy as np
import pytest

import animcore
from _repo import SOURCE_DIR, repository

REPO = repository()
HOSTS = [
    "demo000_clock",
    "demo001_progress",
    "demo002_arrow",
    "demo003_ship",
    "demo003_door",
    "demo004_circle",
    "demo004_tap",
    "demo005_door_drag",
    "demo006_spinner",
    "demo007_shape_clock",
    "demo008_arrow_masks",
    "demo009_transitions",
]
TOLERANCE = 2
ENV_VAR = "ANIMCORE_DEMO_C_HOSTS"


def c_hosts_dir() -> Path:
    named = os.environ.get(ENV_VAR)
    if named:
        return Path(named)
    return Path(animcore.library_path()).resolve().parent / "examples"


def cairo_installed() -> bool:
    """What CMake asks before building the C hosts: does pkg-config find cairo?"""
    pkg_config = shutil.which("pkg-config")
    if pkg_config is None:
        return False
    return subprocess.run([pkg_config, "--exists", "cairo"]).returncode == 0


@pytest.fixture(scope="module")
def c_hosts() -> Path:
    directory = c_hosts_dir()
    missing = [host for host in HOSTS if not (directory / host).is_file()]
    if missing:
        if not cairo_installed():
            pytest.skip(
                f"the C demo hosts were not built ({directory} has no {', '.join(missing)}): "
                "Cairo is not installed (pkg-config finds no cairo; apt-get install libcairo2-dev)"
            )
        pytest.fail(
            f"Cairo is installed but {directory} has no {', '.join(missing)}: build them "
            f"(cmake --build <build>) or name their directory in {ENV_VAR}"
        )
    return directory


@pytest.fixture(scope="module")
def cairo_module() -> Any:
    try:
        import cairo
    except ImportError as error:  # pycairo is a test requirement, like NumPy
        pytest.fail(f"pycairo is needed to compare the demo frames ({error}): pip install pycairo")
    return cairo


def read_png(cairo: Any, path: Path) -> np.ndarray:
    surface = cairo.ImageSurface.create_from_png(str(path))
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(height, stride)
    return data[:, : width * 4].reshape(height, width, 4).copy()


def run(command: List[str], env: Dict[str, str]) -> None:
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, f"{' '.join(command)} failed:\n{completed.stderr}"
    assert completed.stderr == "", completed.stderr


@pytest.mark.skipif(REPO is None, reason="not run from the repository (no examples/demo)")
@pytest.mark.parametrize("host", HOSTS)
def test_c_and_python_hosts_draw_the_same_frames(
    host: str, c_hosts: Path, cairo_module: Any, tmp_path: Path
) -> None:
    assert REPO is not None
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE_DIR), env.get("PYTHONPATH", "")])
    env["ANIMCORE_LIBRARY"] = animcore.library_path()
    c_out, py_out = tmp_path / "c", tmp_path / "python"
    run([str(c_hosts / host), str(c_out)], env)
    python_host = REPO / "examples" / "demo" / "python" / f"{host}.py"
    run([sys.executable, str(python_host), str(py_out)], env)

    c_frames = sorted(path.name for path in c_out.glob("frame_*.png"))
    py_frames = sorted(path.name for path in py_out.glob("frame_*.png"))
    assert len(c_frames) > 10
    assert c_frames == py_frames, "the hosts recorded different ticks"
    assert (c_out / "values.csv").read_text() == (py_out / "values.csv").read_text(), (
        "the hosts read different presentation or model values (scenario or ticks differ)"
    )

    worst, identical, first = 0, 0, None
    for name in c_frames:
        c_pixels = read_png(cairo_module, c_out / name)
        py_pixels = read_png(cairo_module, py_out / name)
        assert c_pixels.shape == py_pixels.shape, f"{name}: sizes differ"
        difference = int(np.abs(c_pixels.astype(np.int16) - py_pixels.astype(np.int16)).max())
        assert difference <= TOLERANCE, f"{name}: a channel differs by {difference} > {TOLERANCE}"
        worst, identical = max(worst, difference), identical + (difference == 0)
        if first is None:
            first = c_pixels
            assert first.std() > 0, f"{name} is blank"
    assert first is not None
    last = read_png(cairo_module, c_out / c_frames[len(c_frames) // 2])
    assert not np.array_equal(first, last), "nothing moves between the first and the middle frame"
    print(f"{host}: {len(c_frames)} frames, {identical} identical, largest difference {worst}")
