#!/usr/bin/env python3
"""Python binding benchmark (package animcore): issue 12's goal 4 figures; asserts nothing about speed.

Goal 4: from Python a single property change costs <= 1.5 µs; a batch call for many layers —
``LayerBatch.set(key, values)`` on N layers, ``LayerBatch.presentation(key)`` of N layers into a
NumPy array — costs <= 50 ns per layer. Each figure is printed with its goal and "met" or
"NOT met"; nothing fails on speed (speed is never a test).

Over ``--layers`` (10k) committed layers (created, then one tick):

- (a) ``layer.opacity = v`` with actions disabled, inside ``engine.transaction(disable_actions=
  True)`` (the transaction's own begin/commit is timed with the changes, so it is amortised
  over them; its cost alone is printed too);
- (b) ``layer.opacity = v`` outside any transaction, each running the built-in implicit
  animation: the changes, the commit tick's share (the next ``engine.tick``, which commits the
  implicit transaction and starts the animations) and their total;
- (c) the same two for a custom scalar property of declared classes: one declared with a
  mapping (``engine.layer_class("Dot", {"level": 0.0})``) and one with Python's class syntax
  (``class Gauge(ac.Layer): level = ac.Property(0.0)``);
- (d) ``LayerBatch.set("opacity", array)`` of all the layers in one call, per layer: actions
  disabled (in a transaction, amortised) and with implicit animations (commit tick separate,
  then the total);
- (e) ``LayerBatch.presentation("opacity")`` and ``("position")`` of all the layers into a new
  NumPy array and into a preallocated one (``out=``), per layer, while every layer animates
  both; for reference, the per-layer read ``layer.presentation.opacity``.

Correctness first, before any timing: after each kind of change every layer's model value reads
back what was set, a change with actions disabled added no animation and an implicit change
exactly one, and the batch reads equal ``layer.presentation.<key>`` layer by layer (to the bit);
else the script exits 1 naming what disagreed.

Method: ``time.perf_counter_ns`` around each whole loop or call (all layers), best of
``--runs`` runs (default 5) divided by the layer count; the garbage collector is off while a
run is timed (as ``timeit`` does); between runs the animations are left to finish (untimed).

Run: ``ANIMCORE_LIBRARY=$PWD/build/libanimcore.so PYTHONPATH=bindings/python/src
.venv/bin/python benchmarks/bench_python.py [--runs N] [--layers N]``. Without
ANIMCORE_LIBRARY the binding's own lookup applies (``animcore._library``: the repository build
``build/libanimcore.so``, then the library bundled in the package). Needs NumPy.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from typing import Any, Callable, List, NoReturn, Optional, Sequence, Tuple

try:
    import numpy as np
except ImportError:
    sys.exit("bench_python.py: needs NumPy (pip install numpy, or make setup for .venv)")

try:
    import animcore as ac
except ImportError as error:  # LibraryNotFoundError is an ImportError
    sys.exit(f"bench_python.py: cannot import animcore: {error} "
             "(PYTHONPATH=bindings/python/src; ANIMCORE_LIBRARY=<build>/libanimcore.so)")

LAYERS = 10_000
HOST_T0 = 100.0
FRAME = 1.0 / 60.0
SINGLE_GOAL_NS = 1500.0
BATCH_GOAL_NS = 50.0


def fail(message: str) -> NoReturn:
    sys.exit(f"bench_python.py: INCORRECT: {message}")


def timed(body: Callable[[], object]) -> int:
    """Nanoseconds of one call of ``body``, the garbage collector off meanwhile."""
    gc.disable()
    try:
        start = time.perf_counter_ns()
        body()
        return time.perf_counter_ns() - start
    finally:
        gc.enable()


class Bench:
    """The engine, its clock, the rows printed and the checks."""

    def __init__(self, runs: int) -> None:
        self.runs = runs
        self.engine = ac.Engine()
        self.now = HOST_T0
        self.rows: List[Tuple[str, float, str, Optional[float]]] = []

    def tick(self, step: float) -> None:
        self.now += step
        self.engine.tick(self.now)

    def settle(self) -> None:
        """Untimed: commits what is pending and lets every implicit animation (0.25 s) end."""
        self.tick(FRAME)
        self.tick(1.0)

    def row(self, label: str, ns: float, unit: str, goal: Optional[float] = None) -> None:
        self.rows.append((label, ns, unit, goal))

    def best(self, body: Callable[[], object]) -> int:
        """Best of ``runs`` timed calls of ``body`` (ns)."""
        return min(timed(body) for _ in range(self.runs))

    def best_with_tick(self, change: Callable[[], object]) -> Tuple[int, int]:
        """The run with the shortest total of ``change`` plus the commit tick after it (the
        next frame's tick), as (change ns, tick ns); the animations then end, untimed."""
        runs = []
        for _ in range(self.runs):
            changing = timed(change)
            self.now += FRAME
            ticking = timed(lambda: self.engine.tick(self.now))
            runs.append((changing + ticking, changing, ticking))
            self.tick(1.0)
        _, changing, ticking = min(runs)
        return changing, ticking

    # ---- checks ------------------------------------------------------------------------------

    def check_model(self, what: str, layers: Sequence[Any], read: Callable[[Any], float],
                    expected: Sequence[float]) -> None:
        for index, (layer, value) in enumerate(zip(layers, expected)):
            got = read(layer)
            if got != value:
                fail(f"{what}: layer {index} reads {got!r} back, {value!r} was set")

    def check_animations(self, what: str, layers: Sequence[Any], keys: List[str]) -> None:
        for index, layer in enumerate(layers):
            got = layer.animation_keys
            if got != keys:
                fail(f"{what}: layer {index} has animations {got}, expected {keys}")


def set_opacity(layers: Sequence[Any], value: float) -> None:
    for layer in layers:
        layer.opacity = value


def set_level(layers: Sequence[Any], value: float) -> None:
    for layer in layers:
        layer.level = value


def single_changes(bench: Bench, name: str, layers: Sequence[Any], attribute: str,
                   change: Callable[[Sequence[Any], float], None]) -> None:
    """(a)/(b)/(c): ``change`` assigns ``attribute`` once per layer, actions disabled and implicit."""
    engine = bench.engine
    count = len(layers)
    state = {"value": 0.75}

    def change_all() -> None:
        state["value"] = 0.25 if state["value"] != 0.25 else 0.75
        change(layers, state["value"])

    def change_disabled() -> None:
        with engine.transaction(disable_actions=True):
            change_all()

    read = lambda layer: getattr(layer, attribute)  # noqa: E731
    # Correctness: actions disabled change the model and add nothing; an implicit change adds one.
    bench.settle()
    change_disabled()
    bench.check_model(f"{name}, actions disabled", layers, read, [state["value"]] * count)
    bench.tick(FRAME)
    bench.check_animations(f"{name}, actions disabled", layers, [])
    change_all()
    bench.check_model(f"{name}, implicit", layers, read, [state["value"]] * count)
    bench.tick(FRAME)
    bench.check_animations(f"{name}, implicit", layers, [attribute])
    bench.settle()

    ns = bench.best(change_disabled)
    bench.row(f"{name} = v, actions disabled", ns / count, "per change (transaction amortised)",
              SINGLE_GOAL_NS)
    changing, ticking = bench.best_with_tick(change_all)
    bench.row(f"{name} = v, implicit animation", changing / count, "per change",
              SINGLE_GOAL_NS)
    bench.row("  + its share of the commit tick", ticking / count, "per change")
    bench.row("  = total, commit tick included", (changing + ticking) / count, "per change",
              SINGLE_GOAL_NS)
    bench.check_model(f"{name}, after timing", layers, read, [state["value"]] * count)


def batch_sets(bench: Bench, layers: Sequence[Any]) -> None:
    """(d): LayerBatch.set of a NumPy array, actions disabled and implicit."""
    engine = bench.engine
    count = len(layers)
    batch = engine.batch(layers)
    arrays = (np.linspace(0.1, 0.9, count), np.linspace(0.9, 0.1, count))
    state = {"index": 1}

    def set_all() -> None:
        state["index"] ^= 1
        batch.set("opacity", arrays[state["index"]])

    def set_disabled() -> None:
        with engine.transaction(disable_actions=True):
            set_all()

    read = lambda layer: layer.opacity  # noqa: E731
    bench.settle()
    set_disabled()
    bench.check_model("LayerBatch.set, actions disabled", layers, read,
                      arrays[state["index"]].tolist())
    bench.tick(FRAME)
    bench.check_animations("LayerBatch.set, actions disabled", layers, [])
    set_all()
    bench.check_model("LayerBatch.set, implicit", layers, read, arrays[state["index"]].tolist())
    bench.tick(FRAME)
    bench.check_animations("LayerBatch.set, implicit", layers, ["opacity"])
    bench.settle()

    ns = bench.best(set_disabled)
    bench.row("batch.set(\"opacity\", array), actions disabled", ns / count,
              f"per layer ({ns / 1e3:.0f} µs per call, transaction amortised)", BATCH_GOAL_NS)
    changing, ticking = bench.best_with_tick(set_all)
    bench.row("batch.set(\"opacity\", array), implicit animations", changing / count,
              f"per layer ({changing / 1e3:.0f} µs per call)", BATCH_GOAL_NS)
    bench.row("  + its share of the commit tick", ticking / count, "per layer")
    bench.row("  = total, commit tick included", (changing + ticking) / count, "per layer",
              BATCH_GOAL_NS)
    bench.check_model("LayerBatch.set, after timing", layers, read, arrays[state["index"]].tolist())


def batch_reads(bench: Bench, layers: Sequence[Any]) -> None:
    """(e): LayerBatch.presentation of opacity and position while every layer animates both."""
    engine = bench.engine
    count = len(layers)
    batch = engine.batch(layers)
    bench.settle()
    with engine.transaction(duration=10.0):  # long enough to stay in flight through every run
        for index, layer in enumerate(layers):
            layer.opacity = 0.2
            layer.position = (float(index), 50.0)
    bench.tick(FRAME)  # commits: the animations start
    bench.tick(1.0)  # in flight
    bench.check_animations("animating layers", layers, ["opacity", "position"])

    for key, width in (("opacity", 1), ("position", 2)):
        shape: Tuple[int, ...] = (count,) if width == 1 else (count, width)
        out = np.empty(shape, dtype=np.float64)
        fresh = batch.presentation(key)
        filled = batch.presentation(key, out=out)
        if filled is not out:
            fail(f"LayerBatch.presentation({key!r}, out=) answered another array than out")
        if fresh.shape != shape or fresh.dtype != np.float64:
            fail(f"LayerBatch.presentation({key!r}) has shape {fresh.shape} {fresh.dtype}, "
                 f"expected {shape} float64")
        model_moved = 0
        for index, layer in enumerate(layers):
            one = getattr(layer.presentation, key)
            expected = [one] if width == 1 else list(one)
            for name, array in (("new array", fresh), ("out=", out)):
                got = [float(array[index])] if width == 1 else [float(x) for x in array[index]]
                if got != expected:
                    fail(f"LayerBatch.presentation({key!r}) into {name}: layer {index} reads "
                         f"{got}, layer.presentation.{key} is {expected}")
            if expected != ([0.2] if width == 1 else [float(index), 50.0]):
                model_moved += 1
        if model_moved != count:  # in flight: presentation between the old and new model values
            fail(f"{key}: only {model_moved} of {count} layers are mid-animation")

        ns = bench.best(lambda: batch.presentation(key))
        bench.row(f"batch.presentation(\"{key}\") (a new array)", ns / count,
                  f"per layer ({ns / 1e3:.0f} µs per call)", BATCH_GOAL_NS)
        ns = bench.best(lambda: batch.presentation(key, out=out))
        bench.row(f"batch.presentation(\"{key}\", out=preallocated)", ns / count,
                  f"per layer ({ns / 1e3:.0f} µs per call)", BATCH_GOAL_NS)

    def read_each() -> None:
        for layer in layers:
            layer.presentation.opacity

    ns = bench.best(read_each)
    bench.row("reference: layer.presentation.opacity", ns / count, "per layer (one layer per read)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure, the best kept (5)")
    parser.add_argument("--layers", type=int, default=LAYERS, help="layers (10000)")
    arguments = parser.parse_args()
    if arguments.runs < 1 or arguments.layers < 1:
        parser.error("--runs and --layers must be >= 1")
    count = arguments.layers

    bench = Bench(arguments.runs)
    engine = bench.engine
    Dot = engine.layer_class("Dot", {"level": 0.0})

    class Gauge(ac.Layer):
        level = ac.Property(0.0)

    layers = [engine.layer() for _ in range(count)]
    dots = [Dot() for _ in range(count)]
    gauges = [engine.layer(Gauge) for _ in range(count)]
    engine.tick(bench.now)  # commits the layers: their changes run actions from now on

    print(f"animcore {ac.version()} ({ac.library_path()}), Python binding (package animcore), "
          f"Python {sys.version.split()[0]}, NumPy {np.__version__}")
    print(f"{count:,} committed layers per kind; time.perf_counter_ns around each loop or call, "
          f"best of {arguments.runs} runs, divided by {count:,}; GC off while timed")
    print(f"goal 4: a single change <= {SINGLE_GOAL_NS:.0f} ns; a batch call <= "
          f"{BATCH_GOAL_NS:.0f} ns per layer (reported, never asserted)")

    # Empty actions-disabled transaction: what (a) and (d) amortise over their changes.
    repeats = 1000

    def empty_transactions() -> None:
        for _ in range(repeats):
            with engine.transaction(disable_actions=True):
                pass

    transaction_ns = bench.best(empty_transactions) / repeats
    bench.row("reference: empty transaction(disable_actions)", transaction_ns,
              f"per transaction (= {transaction_ns / count:.2f} ns per change over {count:,}; "
              f"best of {arguments.runs} x {repeats})")

    single_changes(bench, "layer.opacity", layers, "opacity", set_opacity)
    single_changes(bench, "dot.level (mapping class)", dots, "level", set_level)
    single_changes(bench, "gauge.level (class syntax)", gauges, "level", set_level)
    batch_sets(bench, layers)
    batch_reads(bench, layers)

    print("actions disabled: inside engine.transaction(disable_actions=True), timed with the changes; "
          "implicit: outside any\ntransaction, then the commit tick (the next engine.tick: commits, starts "
          "the animations, evaluates them once)\ntimed apart; batch = engine.batch(layers), a LayerBatch "
          "made once; reads while every layer animates opacity and position")
    print("agreement: model values read back, animations added (0 disabled, 1 implicit), "
          "batch reads == layer.presentation reads to the bit: OK")
    print()
    print(f"  {'figure':<50} {'ns':>9}  {'goal':>9}  {'':7}  unit")
    for label, ns, unit, goal in bench.rows:
        if goal is None:
            verdict, goal_text = "", ""
        else:
            verdict, goal_text = ("met" if ns <= goal else "NOT met"), f"<= {goal:.0f}"
        print(f"  {label:<50} {ns:>9.1f}  {goal_text:>9}  {verdict:<7}  {unit}")
    engine.close()


if __name__ == "__main__":
    main()
