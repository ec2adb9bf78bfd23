#!/usr/bin/env python3
"""Engine benchmark from Python through raw ctypes: prints figures, asserts nothing about speed.

- cost per property change: ``ac_layer_set_scalar`` of "opacity" on a committed layer (each one
  runs the built-in implicit animation), one call per layer over 10k layers; for reference the
  same with actions disabled (no animation) and the bare cost of a ctypes call
  (``ac_version_number``);
- cost per batch read: ``ac_layers_get_presentation`` of 10k layers' presentation ("opacity",
  stride 1, and "position", stride 2) into a ctypes double array, while they animate.

Correctness first: the batch read must agree with ``ac_layer_get_presentation_scalar`` layer by
layer, and every change must have added its implicit animation; else the script exits 1.
Best of ``--runs`` runs per figure.

Run: ``ANIMCORE_LIBRARY=build/libanimcore.so python3 benchmarks/bench_engine.py [--runs N]``.
Without ANIMCORE_LIBRARY the library is ../build/libanimcore.so next to this file. Uses raw
ctypes declarations (not the ``animcore`` binding).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
from ctypes import POINTER, byref, c_char_p, c_double, c_int32, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Callable, List

LAYERS = 10_000
HOST_T0 = 100.0


def load_library() -> ctypes.CDLL:
    path = os.environ.get("ANIMCORE_LIBRARY") or str(
        Path(__file__).resolve().parent.parent / "build" / "libanimcore.so"
    )
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        sys.exit(f"bench_engine.py: cannot load {path}: {error} (set ANIMCORE_LIBRARY)")
    declarations = {
        "ac_version_string": ([], c_char_p),
        "ac_version_number": ([], c_int32),
        "ac_last_error_message": ([], c_char_p),
        "ac_engine_create": ([c_void_p, POINTER(c_void_p)], c_int32),
        "ac_engine_destroy": ([c_void_p], c_int32),
        "ac_engine_tick": ([c_void_p, c_double], c_int32),
        "ac_engine_key": ([c_void_p, c_char_p, POINTER(c_uint32)], c_int32),
        "ac_layer_create": ([c_void_p, c_uint64, POINTER(c_uint64)], c_int32),
        "ac_layer_set_scalar": ([c_void_p, c_uint64, c_uint32, c_double], c_int32),
        "ac_layer_get_presentation_scalar": ([c_void_p, c_uint64, c_uint32, POINTER(c_double)], c_int32),
        "ac_layer_animation_count": ([c_void_p, c_uint64, POINTER(c_size_t)], c_int32),
        "ac_layers_get_presentation": (
            [c_void_p, POINTER(c_uint64), c_size_t, c_uint32, POINTER(c_double), c_size_t, POINTER(c_size_t)],
            c_int32,
        ),
        "ac_transaction_begin": ([c_void_p], c_int32),
        "ac_transaction_commit": ([c_void_p], c_int32),
        "ac_transaction_set_disable_actions": ([c_void_p, c_int32], c_int32),
    }
    for name, (argtypes, restype) in declarations.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype
    return lib


class Engine:
    """Just enough of an engine for the benchmark, over the raw calls."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        self.handle = c_void_p()
        self.check(lib.ac_engine_create(None, byref(self.handle)), "ac_engine_create")
        self.host_time = HOST_T0

    def check(self, status: int, what: str) -> None:
        if status != 0:
            message = self.lib.ac_last_error_message().decode()
            sys.exit(f"bench_engine.py: {what} failed: {message}")

    def key(self, name: str) -> int:
        key = c_uint32()
        self.check(self.lib.ac_engine_key(self.handle, name.encode(), byref(key)), "ac_engine_key")
        return key.value

    def tick(self, host_time: float) -> None:
        self.host_time = host_time
        self.check(self.lib.ac_engine_tick(self.handle, host_time), "ac_engine_tick")

    def destroy(self) -> None:
        self.check(self.lib.ac_engine_destroy(self.handle), "ac_engine_destroy")


def best_of(runs: int, body: Callable[[], object], between: Callable[[], object] = lambda: None) -> float:
    """The shortest wall time (s) of ``runs`` calls of ``body`` (``between`` runs untimed after each)."""
    times: List[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
        between()
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (best is kept)")
    parser.add_argument("--layers", type=int, default=LAYERS, help="layers (default 10000)")
    arguments = parser.parse_args()
    count = arguments.layers

    lib = load_library()
    engine = Engine(lib)
    e = engine.handle
    opacity = engine.key("opacity")
    position = engine.key("position")
    layers = (c_uint64 * count)()
    layer = c_uint64()
    for i in range(count):
        engine.check(lib.ac_layer_create(e, 0, byref(layer)), "ac_layer_create")
        layers[i] = layer.value
    engine.tick(HOST_T0)  # commits the layers: their changes run actions from now on
    handles = list(layers)

    print(f"animcore {lib.ac_version_string().decode()} ({getattr(lib, '_name', '?')}), raw ctypes, "
          f"Python {sys.version.split()[0]}")
    print(f"{count:,} committed layers; best of {arguments.runs} runs per figure")

    set_scalar = lib.ac_layer_set_scalar
    state = {"value": 1.0}

    def change_all() -> None:
        value = 0.25 if state["value"] != 0.25 else 0.75
        for handle in handles:
            set_scalar(e, handle, opacity, value)
        state["value"] = value

    def finish() -> None:  # start the animations, then let them end and be removed
        engine.tick(engine.host_time + 1.0 / 60.0)
        engine.tick(engine.host_time + 1.0)

    # Correctness: every change added its implicit animation; batch read == one-by-one reads.
    change_all()
    engine.tick(engine.host_time + 1.0 / 60.0)
    engine.tick(engine.host_time + 0.1)  # mid-flight
    slots = (c_double * (count * 2))()
    stride = c_size_t()
    engine.check(lib.ac_layers_get_presentation(e, layers, count, opacity, slots, count * 2, byref(stride)),
                 "ac_layers_get_presentation")
    one = c_double()
    animations = c_size_t()
    bad = 0
    for i in range(0, count, max(1, count // 200)):
        engine.check(lib.ac_layer_get_presentation_scalar(e, layers[i], opacity, byref(one)),
                     "ac_layer_get_presentation_scalar")
        engine.check(lib.ac_layer_animation_count(e, layers[i], byref(animations)), "ac_layer_animation_count")
        if abs(one.value - slots[i]) > 1e-12 or animations.value != 1 or not 0.25 < one.value < 1.0:
            bad += 1
    print(f"agreement: batch read vs one-by-one reads, one implicit animation per change: "
          f"{'OK' if bad == 0 else f'{bad} layers DISAGREE'}")
    if bad:
        sys.exit(1)
    engine.tick(engine.host_time + 1.0)

    rows = []
    version_number = lib.ac_version_number

    def bare_calls() -> None:
        for _ in handles:
            version_number()

    bare_calls()
    seconds = best_of(arguments.runs, bare_calls)
    rows.append(("ctypes call overhead (ac_version_number)", seconds * 1e9 / count, "per call"))

    def change_disabled() -> None:
        engine.check(lib.ac_transaction_begin(e), "ac_transaction_begin")
        engine.check(lib.ac_transaction_set_disable_actions(e, 1), "ac_transaction_set_disable_actions")
        change_all()
        engine.check(lib.ac_transaction_commit(e), "ac_transaction_commit")

    change_disabled()
    seconds = best_of(arguments.runs, change_disabled)
    rows.append(("ac_layer_set_scalar, actions disabled (no animation)", seconds * 1e9 / count, "per change"))

    change_all()
    finish()
    seconds = best_of(arguments.runs, change_all, finish)
    rows.append(("ac_layer_set_scalar, implicit animation (committed layer)", seconds * 1e9 / count,
                 "per change"))

    # Batch reads while 10k implicit animations run.
    change_all()
    engine.tick(engine.host_time + 1.0 / 60.0)
    engine.tick(engine.host_time + 0.1)
    get = lib.ac_layers_get_presentation
    for key, name, width in ((opacity, "opacity", 1), (position, "position", 2)):
        capacity = count * width

        def read() -> None:
            get(e, layers, count, key, slots, capacity, byref(stride))

        read()
        seconds = best_of(arguments.runs, read)
        rows.append((f"ac_layers_get_presentation, {count:,} layers, \"{name}\" (stride {width})",
                     seconds * 1e9 / count, f"per layer ({seconds * 1e6:.1f} µs per batch)"))

    print()
    print(f"  {'figure':<62} {'ns':>10}")
    for label, ns, unit in rows:
        print(f"  {label:<62} {ns:>10.1f}  {unit}")
    engine.destroy()


if __name__ == "__main__":
    main()
