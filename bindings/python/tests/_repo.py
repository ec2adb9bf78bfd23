"""Locating the repository (and its header) from the tests."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

TESTS_DIR = Path(__file__).resolve().parent
PACKAGE_ROOT = TESTS_DIR.parent  # bindings/python
SOURCE_DIR = PACKAGE_ROOT / "src"


def repository() -> Optional[Path]:
    """The nearest directory above the tests holding CMakeLists.txt and include/animcore.h."""
    for directory in TESTS_DIR.parents:
        if (directory / "CMakeLists.txt").is_file() and (
            directory / "include" / "animcore.h"
        ).is_file():
            return directory
    return None


def header_text() -> str:
    """The text of include/animcore.h (AssertionError when the repository is not found)."""
    repo = repository()
    assert repo is not None, f"no repository with include/animcore.h above {TESTS_DIR}"
    return (repo / "include" / "animcore.h").read_text(encoding="utf-8")
