"""The Python examples (examples/python/seedNNN_*.py, typed_layers.py) run to the end and print
their tables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import animcore
from _repo import SOURCE_DIR, repository

REPO = repository()
EXAMPLES = sorted((REPO / "examples" / "python").glob("seed*.py")) if REPO else []

EXPECTED = {
    "seed000_clock.py": ["shown", "1.500000"],
    "seed001_progress.py": [
        "first block completed",
        "reverse block completed",
        "spring block completed",
        "finished = True",
    ],
    "seed002_arrow.py": ["completion at t = 4.0", "shown"],
    "seed003_timing.py": ["door scrubbed"],
    "seed003_path.py": ["follows the path", "model (0, 150)", "deg"],
    "seed003_door_drag.py": ["ended at its end", "ended at its start", "-90.000 deg (nothing snaps back)"],
    "seed004_circle.py": ["in flight", "25.0000"],
}


def test_every_seed_has_a_python_example() -> None:
    assert sorted(path.name for path in EXAMPLES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs(path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE_DIR), env.get("PYTHONPATH", "")])
    env["ANIMCORE_LIBRARY"] = animcore.library_path()
    completed = subprocess.run(
        [sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=120
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    for text in EXPECTED[path.name]:
        assert text in completed.stdout, f"{path.name} does not print {text!r}"
    assert len(path.read_text().splitlines()) <= 80


def test_the_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    assert REPO is not None
    text = (REPO / "bindings" / "python" / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", text, re.S)
    assert match is not None
    exec(compile(match.group(1), "README.md", "exec"), {})
    assert "True" in capsys.readouterr().out  # the completions ran


def test_the_typed_example_runs() -> None:
    """examples/python/typed_layers.py (mypy's example, see test_typing.py) runs too."""
    assert REPO is not None
    path = REPO / "examples" / "python" / "typed_layers.py"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE_DIR), env.get("PYTHONPATH", "")])
    env["ANIMCORE_LIBRARY"] = animcore.library_path()
    completed = subprocess.run(
        [sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=120
    )
    assert completed.returncode == 0, completed.stderr
    assert "radius 40.0 (model), 40.0 (shown)" in completed.stdout
    assert 'typo refused: "radiuss" is not a property of class Circle' in completed.stdout
