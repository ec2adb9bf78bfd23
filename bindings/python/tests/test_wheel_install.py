"""The wheel carries the library: ``pip wheel ./bindings/python`` builds libanimcore.so with
CMake and the Swift toolchain (scikit-build-core, see pyproject.toml and CMakeLists.txt) and
ships it as ``animcore/_lib/libanimcore.so`` in a platform-tagged wheel; installed into a fresh
virtual environment, ``import animcore`` and the seeds' examples then work from a directory
outside the repository with no ``ANIMCORE_*`` variable and no PYTHONPATH.

Slow: building the wheel is a Release build of the Swift library (about 1-2 minutes on two
cores), done once for the module. It is marked ``slow`` and runs in ``make test``; leave it out
with ``pytest -m "not slow"``. It is skipped, with the reason printed, only when the wheel cannot
be built here at all: no swiftc or cmake on PATH, or pip can get the build backend
(scikit-build-core) neither from its index nor from this environment.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest

import animcore
from _repo import PACKAGE_ROOT, repository

pytestmark = pytest.mark.slow

REPO = repository()
BUILD_BACKEND = "scikit-build-core>=0.10"  # as pyproject.toml's build-system.requires
EXAMPLES = ["seed003_timing.py", "seed000_clock.py"]


def _run(
    command: List[str],
    timeout: float,
    env: Optional[Dict[str, str]] = None,
    cwd: Optional[str] = None,
) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd
    )


def _tail(completed: "subprocess.CompletedProcess[str]", lines: int = 40) -> str:
    text = (completed.stdout or "") + (completed.stderr or "")
    return "\n".join(text.splitlines()[-lines:])


def _clean_env() -> Dict[str, str]:
    """This environment without ANIMCORE_*, PYTHONPATH or a virtual environment's marks."""
    return {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("ANIMCORE_")
        and key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }


def _build_isolation_args(scratch: Path) -> List[str]:
    """``[]`` when pip can get the build backend from its index (the isolated build a user
    gets), ``["--no-build-isolation"]`` when only this environment has it; else skips."""
    download = _run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
         "--dest", str(scratch), BUILD_BACKEND],
        timeout=300,
    )
    if download.returncode == 0:
        return []
    local = _run([sys.executable, "-c", "import scikit_build_core"], timeout=60)
    if local.returncode == 0:
        return ["--no-build-isolation"]
    pytest.skip(
        f"pip cannot get {BUILD_BACKEND} (no network or index?) and this Python lacks it: "
        + _tail(download, 3).replace("\n", " | ")
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built once: ``pip wheel --no-deps`` of bindings/python into a temporary
    directory (CMake's build tree is kept in <repo>/build-wheel/, see pyproject.toml)."""
    assert REPO is not None, "the tests are not inside an animcore checkout"
    for tool in ("swiftc", "cmake"):
        if shutil.which(tool) is None:
            pytest.skip(f"no {tool} on PATH: the wheel builds libanimcore.so with CMake and Swift")
    scratch = tmp_path_factory.mktemp("wheel")
    isolation = _build_isolation_args(scratch / "backend")
    env = _clean_env()
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", "1")  # a shared machine; -wmo is serial anyway
    completed = _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         *isolation, "--wheel-dir", str(scratch / "dist"), str(PACKAGE_ROOT)],
        timeout=1800,
        env=env,
        cwd=str(scratch),
    )
    assert completed.returncode == 0, f"pip wheel failed:\n{_tail(completed)}"
    wheels = sorted((scratch / "dist").glob("animcore-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv_python(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with only the wheel installed (offline: it has no
    dependencies); returns its python."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    created = _run([sys.executable, "-m", "venv", str(venv)], timeout=300, env=_clean_env())
    assert created.returncode == 0, f"python -m venv failed:\n{_tail(created)}"
    python = venv / "bin" / "python"
    installed = _run(
        [str(python), "-m", "pip", "install", "--no-index", "--no-deps",
         "--disable-pip-version-check", str(wheel)],
        timeout=300,
        env=_clean_env(),
    )
    assert installed.returncode == 0, f"pip install of the wheel failed:\n{_tail(installed)}"
    return python


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A working directory outside the repository."""
    assert REPO is not None
    assert REPO.resolve() not in tmp_path.resolve().parents
    return tmp_path


def test_the_wheel_is_platform_tagged_and_carries_the_library(wheel: Path) -> None:
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert re.fullmatch(rf"animcore-{animcore.__version__}-py3-none-{platform}\.whl", wheel.name), (
        wheel.name
    )
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        libraries = sorted(name for name in names if ".so" in name)
        assert libraries == ["animcore/_lib/libanimcore.so"]  # no symlink copies, no header
        assert {"animcore/__init__.py", "animcore/_library.py", "animcore/py.typed"} <= names
        info = archive.getinfo("animcore/_lib/libanimcore.so")
        assert info.file_size > 1_000_000
        wheel_meta = archive.read(f"animcore-{animcore.__version__}.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: false" in wheel_meta
    assert not any(name.startswith(("include/", "lib/")) for name in names)


def test_import_finds_the_bundled_library_outside_the_repository(
    venv_python: Path, outside: Path
) -> None:
    probe = (
        "import animcore, animcore._capi as capi\n"
        "print(animcore.__file__)\n"
        "print(animcore.library_path())\n"
        "print(capi.LOADED.source)\n"
        "print(animcore.version())\n"
    )
    completed = _run([str(venv_python), "-c", probe], timeout=120, env=_clean_env(),
                     cwd=str(outside))
    assert completed.returncode == 0, completed.stderr
    package_file, library, source, version = completed.stdout.split()
    site = Path(package_file).parent.parent
    assert site.name == "site-packages" and venv_python.parent.parent in site.parents
    assert library == str(site / "animcore" / "_lib" / "libanimcore.so")
    assert source == "bundled"
    assert version == animcore.version()
    assert completed.stderr == ""


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_example_runs_from_the_installed_wheel(
    venv_python: Path, outside: Path, name: str
) -> None:
    assert REPO is not None
    example = outside / name
    shutil.copy(REPO / "examples" / "python" / name, example)
    completed = _run([str(venv_python), str(example)], timeout=300, env=_clean_env(),
                     cwd=str(outside))
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    expected = {"seed003_timing.py": "door scrubbed", "seed000_clock.py": "1.500000"}[name]
    assert expected in completed.stdout
