#!/usr/bin/env python3
"""Instructions per animation per tick of bench_timing_matrix's workloads, counted by callgrind.

Wall times on a shared machine move by a third or more from one hour to the next, so a change
of a few percent cannot be seen in them; instruction counts do not move. This runs the timing
matrix's worlds once under ``valgrind --tool=callgrind`` and prints, per workload, what its timed
passes executed per animation per tick:

- animcore: ``ac_engine_tick`` (per call, the untimed tick before each block of 60 included)
  plus the read of every animated key (``read_keys``, per call);
- plain C: the plain loop doing the same math (``run_plain``, per call);

and their ratio. Instructions are not time (a cache miss costs no instruction, a division costs
one), so the matrix's goals stay in wall time; this shows what a change does to the work.

Needs valgrind (Debian: ``apt-get install valgrind``). A world takes about half a minute under
callgrind at 10,000 layers; all of them about 16 minutes.

Run: ``python3 benchmarks/count_instructions.py [--build build] [-n 10000] [-w first,decay-first]``
(``make bench-instructions``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional

# What run_pass calls, by the part of the figure it counts for.
ANIMCORE_TICK = "ac_engine_tick"
ANIMCORE_READ = "read_keys"
PLAIN = "run_plain"


class Callee(NamedTuple):
    """One function's inclusive instructions under run_pass and the calls that made them."""

    instructions: int
    calls: int


class World(NamedTuple):
    """One workload at one size, as bench_timing_matrix printed its heading."""

    label: str
    key: str
    layers: int


def run_pass_callees(profile: Path) -> Dict[str, Callee]:
    """The functions ``run_pass`` calls in one callgrind profile, by name (the part after the
    last ``:``), with their inclusive instructions and calls; empty when the profile has no
    run_pass (the parent process)."""
    tree = subprocess.run(
        ["callgrind_annotate", "--tree=calling", "--inclusive=yes", "--show-percs=no", str(profile)],
        check=True, capture_output=True, text=True).stdout
    callees: Dict[str, Callee] = {}
    inside = False
    for line in tree.splitlines():
        # "  1,234  *  file.c:run_pass [binary]" opens the block, "  567  >   file:f (12x) [..]"
        # lines are its callees, the next "*" line closes it.
        if re.match(r"^\s*[\d,]+\s+\*\s+\S*:run_pass\s", line):
            inside = True
            continue
        if not inside:
            continue
        if re.match(r"^\s*[\d,]+\s+\*\s", line) or not line.strip():
            break
        match = re.match(r"^\s*([\d,]+)\s+>\s+\S*?([A-Za-z_][\w.]*)\s+\((\d+)x\)", line)
        if match:
            count, name, calls = match.groups()
            callees[name] = Callee(int(count.replace(",", "")), int(calls))
    return callees


def worlds_in(output: str) -> List[World]:
    """The worlds bench_timing_matrix ran, in order, from its headings
    ("keyframes: repeat, staggered (keyframe), 10000 layers")."""
    found = re.findall(r"^(.+) \(([\w-]+)\), (\d+) layers$", output, flags=re.MULTILINE)
    return [World(label, key, int(layers)) for label, key, layers in found]


def per_call(callee: Optional[Callee]) -> float:
    """Instructions per call; 0 for a function not called (a workload that reads nothing)."""
    return callee.instructions / callee.calls if callee and callee.calls else 0.0


def measure(binary: Path, layers: int, workloads: str) -> List[str]:
    """Runs the worlds under callgrind and returns the table's rows."""
    with tempfile.TemporaryDirectory(prefix="animcore-callgrind-") as scratch:
        out_pattern = Path(scratch) / "callgrind.%p"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_pattern}", str(binary),
             "-n", str(layers), "-r", "1", "-w", workloads],
            capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout[-2000:] + run.stderr[-2000:])
            raise SystemExit(f"count_instructions: {binary.name} failed under valgrind (status {run.returncode})")
        # Each world runs in a child process of its own, one after the other, which writes its
        # profile as it ends: in the order they were written (process ids may wrap), the
        # profiles that have a run_pass are the worlds, in print order; the parent's is last.
        profiles = sorted(Path(scratch).glob("callgrind.*"), key=lambda p: p.stat().st_mtime_ns)
        measured = [callees for callees in map(run_pass_callees, profiles) if callees]
        worlds = worlds_in(run.stdout)
        if len(measured) != len(worlds):
            raise SystemExit(f"count_instructions: {len(worlds)} worlds printed, {len(measured)} profiles with run_pass")
        rows = []
        for world, callees in zip(worlds, measured):
            # (A profile without them would print zeros: the benchmark's functions were renamed.)
            missing = [name for name in (ANIMCORE_TICK, PLAIN) if name not in callees]
            if missing:
                raise SystemExit(f"count_instructions: {world.key}: run_pass calls no {', '.join(missing)}")
            tick = per_call(callees.get(ANIMCORE_TICK)) / world.layers
            read = per_call(callees.get(ANIMCORE_READ)) / world.layers
            plain = per_call(callees.get(PLAIN)) / world.layers
            ratio = f"{(tick + read) / plain:5.2f}x" if plain > 0 else "    -"
            rows.append(f"  {world.label:<42} {tick:8.1f} {read:7.1f} {tick + read:8.1f} | {plain:8.1f} | {ratio}")
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build", help="the CMake build directory (default: build)")
    parser.add_argument("-n", "--layers", type=int, default=10000, help="layers per world (default: 10000)")
    parser.add_argument("-w", "--workloads", default="all",
                        help="bench_timing_matrix's -w: all, or names separated by commas (default: all)")
    args = parser.parse_args()
    if args.layers < 1:
        parser.error(f"--layers must be at least 1, not {args.layers}")
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            raise SystemExit(f"count_instructions: {tool} is not installed (Debian: apt-get install valgrind)")
    binary = Path(args.build) / "benchmarks" / "bench_timing_matrix"
    if not binary.is_file():
        raise SystemExit(f"count_instructions: {binary} not found (build first: make build)")
    print(f"instructions per animation per tick, callgrind, {args.layers} layers, one pass of each variant"
          f" (bench_timing_matrix -w {args.workloads})")
    print(f"  {'workload':<42} {'tick':>8} {'read':>7} {'animcore':>8} | {'plain C':>8} | ratio")
    for row in measure(binary, args.layers, args.workloads):
        print(row)


if __name__ == "__main__":
    main()
