#!/usr/bin/env python3
"""Timing benchmark of the Python binding: prints figures, asserts nothing about speed.

- ``Timing.progress_batch`` through ease_in_out over 10**6 parent times (a NumPy array in, a
  masked array out): best of several runs, in ns per element;
- ``Timing.progress`` called 10**5 times from Python: best of several runs, in µs per call.

Run: ``ANIMCORE_LIBRARY=build/libanimcore.so python benchmarks/bench_timing.py [--runs N]``.
Uses the installed ``animcore`` package, else the one in ``bindings/python/src``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable, List

try:
    import animcore
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings" / "python" / "src"))
    import animcore

BATCH_SIZE = 10**6
CALLS = 10**5


def best_of(runs: int, body: Callable[[], object]) -> float:
    """The shortest wall time (s) of ``runs`` calls of ``body``."""
    times: List[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (best is kept)")
    arguments = parser.parse_args()

    try:
        import numpy as np
    except ImportError:
        sys.exit("bench_timing.py needs NumPy for the batch figure (pip install numpy)")

    timing = animcore.Timing.animation(
        duration=2.0, repeat_count=3.0, autoreverses=True, begin_time=0.5, fill_mode="both"
    )
    function = animcore.TimingFunction.named("ease_in_out")
    print(f"animcore {animcore.version()} ({animcore.library_path()})")
    print(f"timing: {timing}")
    print(f"function: {function}")

    times = np.linspace(-1.0, 14.0, BATCH_SIZE)
    timing.progress_batch(times, function)  # warm up
    batch = best_of(arguments.runs, lambda: timing.progress_batch(times, function))
    print(
        f"Timing.progress_batch, {BATCH_SIZE:,} NumPy times, ease_in_out: "
        f"{batch * 1e9 / BATCH_SIZE:.1f} ns/element ({batch * 1e3:.2f} ms per batch, "
        f"best of {arguments.runs})"
    )

    singles = [float(t) for t in np.linspace(-1.0, 14.0, CALLS)]
    progress = timing.progress

    def per_call() -> None:
        for t in singles:
            progress(t, function)

    per_call()  # warm up
    calls = best_of(arguments.runs, per_call)
    print(
        f"Timing.progress, {CALLS:,} calls, ease_in_out: {calls * 1e6 / CALLS:.3f} µs/call "
        f"({calls * 1e3:.1f} ms in all, best of {arguments.runs})"
    )


if __name__ == "__main__":
    main()
