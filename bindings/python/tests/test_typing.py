"""Types for mypy: the package passes ``mypy --strict`` (it ships ``py.typed``), the typed
example ``examples/python/typed_layers.py`` (built-in and custom properties, each stated with
``typing.assert_type``) and the seeds' examples pass it too, and the types are real: wrong
uses of typed properties are mypy errors (they would pass if the properties were Any).

Runs mypy when it is installed (``make test`` installs it in .venv); skips with the reason
printed otherwise. The run takes a few seconds (a fresh cache per session)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from _repo import SOURCE_DIR, repository

try:
    import mypy  # noqa: F401
except ImportError:  # pragma: no cover - make test installs it
    pytest.skip("mypy is not installed: the typing checks need it", allow_module_level=True)

PACKAGE = SOURCE_DIR / "animcore"


def _examples() -> Path:
    root = repository()
    if root is None:
        pytest.skip("the repository (and its examples/python) is not above the tests")
    return root / "examples" / "python"


def _mypy(cache: Path, *targets: Path) -> Tuple[int, str]:
    environment = dict(os.environ, MYPYPATH=str(SOURCE_DIR))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache)]
        + [str(target) for target in targets],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    return result.returncode, result.stdout + result.stderr


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mypy-cache")


def test_the_package_is_typed() -> None:
    assert (PACKAGE / "py.typed").is_file()


def test_the_package_and_the_examples_pass_mypy_strict(cache: Path) -> None:
    examples = _examples()
    typed = examples / "typed_layers.py"
    assert typed.is_file()
    targets = [PACKAGE, *sorted(examples.glob("*.py"))]
    status, output = _mypy(cache, *targets)
    assert status == 0, output
    assert "Success: no issues found" in output


def test_the_typed_example_states_every_type() -> None:
    text = (_examples() / "typed_layers.py").read_text()
    stated = set(re.findall(r"assert_type\((\w+)\.(\w+),", text))
    built_in = {name for owner, name in stated if owner == "plain"}
    custom = {name for owner, name in stated if owner in ("circle", "ring")}
    assert {"position", "opacity", "hidden", "bounds", "transform", "fill_mode"} <= built_in
    assert {"radius", "color", "center", "spokes", "visible", "image", "width"} <= custom


# Each line of this program is a mistake mypy must find; the comment says which error.
_WRONG = textwrap.dedent("""\
    from animcore import Color, Engine, Layer, Point, Property

    class Circle(Layer, strict=True):
        radius = Property(1.0)
        color = Property(Color(1, 0, 0))

    engine = Engine()
    circle = engine.layer(Circle)
    plain = engine.layer()
    a: str = circle.radius  # assignment
    b: Point = circle.color  # assignment
    circle.radius = "big"  # assignment
    circle.color = (1.0, 2.0)  # assignment
    c: int = plain.opacity  # assignment
    d: Color = plain.position  # assignment
    plain.hidden = "yes"  # assignment
    plain.position = (1.0, 2.0, 3.0)  # assignment
    e = circle.radiuss  # attr-defined
    f = plain.tag  # attr-defined
    g: str = circle.presentation[Circle.radius]  # assignment
    h: str = plain.presentation.opacity  # assignment
    plain.presentation.opacity = 1.0  # assignment
    """)


def test_wrong_uses_of_typed_properties_are_mypy_errors(cache: Path, tmp_path: Path) -> None:
    program = tmp_path / "wrong.py"
    program.write_text(_WRONG)
    status, output = _mypy(cache, program)
    assert status == 1, output
    expected: Dict[int, str] = {
        number: line.rsplit("# ", 1)[1]
        for number, line in enumerate(_WRONG.splitlines(), start=1)
        if "  # " in line
    }
    found: Dict[int, List[str]] = {}
    for number, code in re.findall(r"wrong\.py:(\d+): error: .*\[([\w-]+)\]", output):
        found.setdefault(int(number), []).append(code)
    missing = {
        number: code for number, code in expected.items() if code not in found.get(number, [])
    }
    assert not missing, f"mypy found not these errors (line: code) {missing}:\n{output}"
    unexpected = sorted(set(found) - set(expected))
    assert not unexpected, f"mypy errors on correct lines {unexpected}:\n{output}"
