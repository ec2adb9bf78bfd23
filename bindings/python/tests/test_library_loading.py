"""Finding libanimcore: $ANIMCORE_LIBRARY, then the repository build, then the bundled copy.

Each case imports a copy of the package in a fresh interpreter (so the import state is clean),
laid out in a temporary directory to control which candidates exist.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

import animcore
from _repo import SOURCE_DIR, repository

REAL_LIBRARY = Path(animcore.library_path()).resolve()

PROBE = textwrap.dedent("""
    import importlib.util, json, sys
    origin = importlib.util.find_spec("animcore").origin
    try:
        import animcore
    except ImportError as error:
        print(json.dumps({
            "origin": origin,
            "loaded": False,
            "type": type(error).__name__,
            "classes": [cls.__name__ for cls in type(error).__mro__],
            "message": str(error),
            "attempts": getattr(error, "attempts", None),
        }))
    else:
        from animcore import _capi
        print(json.dumps({
            "origin": origin,
            "loaded": True,
            "path": animcore.library_path(),
            "source": _capi.LOADED.source,
            "version": animcore.version(),
        }))
    """)


def copy_package(destination: Path) -> Path:
    """Copies src/animcore into ``destination`` (without any bundled library); returns the
    package directory."""
    package = destination / "animcore"
    shutil.copytree(
        SOURCE_DIR / "animcore",
        package,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.so.*"),
    )
    return package


def probe(import_root: Path, library: Optional[str]) -> Dict[str, Any]:
    """Imports animcore from ``import_root`` in a new interpreter with ANIMCORE_LIBRARY set to
    ``library`` (unset when None); returns what the probe reports."""
    env = {key: value for key, value in os.environ.items() if key != "ANIMCORE_LIBRARY"}
    env["PYTHONPATH"] = str(import_root)
    if library is not None:
        env["ANIMCORE_LIBRARY"] = library
    completed = subprocess.run(
        [sys.executable, "-S", "-c", PROBE],
        env=env,
        cwd=str(import_root),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    report: Dict[str, Any] = json.loads(completed.stdout)
    report["stderr"] = completed.stderr
    assert Path(report["origin"]).resolve().parent.parent == import_root.resolve(), report
    return report


def test_nothing_found_lists_every_path_tried(tmp_path: Path) -> None:
    site = tmp_path / "site"
    package = copy_package(site)
    missing = str(tmp_path / "nowhere" / "libanimcore.so")
    report = probe(site, missing)
    assert not report["loaded"]
    assert report["type"] == "LibraryNotFoundError"
    assert "ImportError" in report["classes"]
    message = report["message"]
    assert missing in message and "no such file" in message
    assert "no directory at or above" in message  # no repository above the temporary copy
    assert str(package / "_lib" / "libanimcore.so") in message
    assert [where for where, _ in report["attempts"]][0].startswith(missing)
    assert len(report["attempts"]) == 3


def test_an_unloadable_file_is_reported(tmp_path: Path) -> None:
    site = tmp_path / "site"
    copy_package(site)
    bogus = tmp_path / "libanimcore.so"
    bogus.write_text("not a shared object\n")
    report = probe(site, str(bogus))
    assert not report["loaded"]
    assert f"{bogus} (environment): cannot be loaded" in report["message"]


def test_unset_variable_is_reported(tmp_path: Path) -> None:
    site = tmp_path / "site"
    copy_package(site)
    report = probe(site, None)
    assert not report["loaded"] and "$ANIMCORE_LIBRARY is not set" in report["message"]


def _fake_repository(root: Path) -> Path:
    """A repository skeleton with the real library as build/libanimcore.so; returns the
    directory the package is imported from (bindings/python/src)."""
    (root / "include").mkdir(parents=True)
    (root / "build").mkdir()
    (root / "CMakeLists.txt").write_text("# test repository\n")
    (root / "include" / "animcore.h").write_text("/* test */\n")
    (root / "build" / "libanimcore.so").symlink_to(REAL_LIBRARY)
    source = root / "bindings" / "python" / "src"
    copy_package(source)
    return source


def test_missing_variable_falls_through_to_the_repository_build(tmp_path: Path) -> None:
    source = _fake_repository(tmp_path / "repo")
    report = probe(source, str(tmp_path / "nowhere.so"))
    assert report["loaded"], report
    assert report["source"] == "repository build"
    assert report["path"] == str(tmp_path / "repo" / "build" / "libanimcore.so")
    assert "RuntimeWarning: $ANIMCORE_LIBRARY was not used" in report["stderr"]
    assert "nowhere.so" in report["stderr"]


def test_falls_through_to_the_bundled_copy(tmp_path: Path) -> None:
    site = tmp_path / "site"
    package = copy_package(site)
    (package / "_lib" / "libanimcore.so").symlink_to(REAL_LIBRARY)
    report = probe(site, str(tmp_path / "nowhere.so"))
    assert report["loaded"], report
    assert report["source"] == "bundled"
    assert report["path"] == str(package / "_lib" / "libanimcore.so")


def test_the_variable_comes_first(tmp_path: Path) -> None:
    source = _fake_repository(tmp_path / "repo")
    report = probe(source, str(REAL_LIBRARY))
    assert report["loaded"] and report["source"] == "environment"
    assert report["path"] == str(REAL_LIBRARY)
    assert "RuntimeWarning" not in report["stderr"]


def test_this_checkout_with_a_missing_variable(tmp_path: Path) -> None:
    """The real package: falls through to <repo>/build/libanimcore.so when it exists, else
    fails naming it."""
    missing = str(tmp_path / "nowhere.so")
    report = probe(SOURCE_DIR, missing)
    repo = repository()
    assert repo is not None
    build = repo / "build" / "libanimcore.so"
    if report["loaded"]:
        assert report["source"] in ("repository build", "bundled")
        if report["source"] == "repository build":
            assert report["path"] == str(build)
    else:
        assert missing in report["message"] and str(build) in report["message"]


def _compile(tmp_path: Path, name: str, source: str) -> Path:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build a fake library")
    c_file = tmp_path / f"{name}.c"
    c_file.write_text(source)
    library = tmp_path / f"{name}.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library), str(c_file)], check=True)
    return library


def test_a_wrong_major_version_is_refused(tmp_path: Path) -> None:
    fake = _compile(tmp_path, "libfuture", "int ac_version_number(void) { return 10203; }\n")
    site = tmp_path / "site"
    copy_package(site)
    report = probe(site, str(fake))
    assert not report["loaded"]
    assert report["type"] == "IncompatibleLibraryError"
    assert {"LibraryNotFoundError", "ImportError"} <= set(report["classes"])
    assert "incompatible version 10203 (major 1)" in report["message"]


def test_a_library_lacking_functions_is_refused(tmp_path: Path) -> None:
    fake = _compile(tmp_path, "libold", "int ac_version_number(void) { return 5; }\n")
    site = tmp_path / "site"
    copy_package(site)
    report = probe(site, str(fake))
    assert not report["loaded"] and report["type"] == "IncompatibleLibraryError"
    assert "lacks" in report["message"] and "ac_timing_evaluate" in report["message"]
