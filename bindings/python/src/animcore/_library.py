"""Finding and loading libanimcore.so.

Candidates, tried in order until one loads and has the expected major version:

1. the path in the environment variable ``ANIMCORE_LIBRARY``;
2. the repository build: walking up from this file's directory, the first directory holding
   both ``CMakeLists.txt`` and ``include/animcore.h``, then ``build/libanimcore.so`` in it —
   only for the package's sources in a checkout: an installed package (in a ``site-packages``
   or ``dist-packages`` directory, say a wheel in the checkout's ``.venv``) does not look
   above that directory, so it always uses the library it was built with;
3. the copy bundled in the package, ``animcore/_lib/libanimcore.so`` (what a wheel carries,
   found from any directory with no environment variable).

When none is usable, :class:`LibraryNotFoundError` (an :class:`ImportError`) lists every path
tried and why it was rejected.
"""

from __future__ import annotations

import ctypes
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, List, Optional, Sequence, Tuple, Union

__all__ = [
    "ENV_VAR",
    "EXPECTED_MAJOR",
    "LIBRARY_NAME",
    "IncompatibleLibraryError",
    "LibraryNotFoundError",
    "LoadedLibrary",
    "candidate_paths",
    "load_library",
]

ENV_VAR = "ANIMCORE_LIBRARY"
"""The environment variable naming a library file to try first."""

LIBRARY_NAME = "libanimcore.so"
"""The file name looked for in the repository build directory and the bundled ``_lib``."""

EXPECTED_MAJOR = 0
"""The major version (``ac_version_number() // 10000``) this binding is written for."""


class LibraryNotFoundError(ImportError):
    """No usable libanimcore was found; ``attempts`` holds ``(path or label, reason)`` pairs.

    Python only (no usable libanimcore.so was found to load)."""

    def __init__(self, message: str, attempts: Sequence[Tuple[str, str]] = ()) -> None:
        super().__init__(message)
        self.attempts: List[Tuple[str, str]] = list(attempts)


class IncompatibleLibraryError(LibraryNotFoundError):
    """A libanimcore was found but none had the expected major version or every symbol.

    C: ac_version_number() (the library's version, checked when loaded)."""


@dataclass(frozen=True)
class LoadedLibrary:
    """The library that was loaded, where it came from and its version number."""

    cdll: ctypes.CDLL
    path: str
    source: str  # "environment", "repository build" or "bundled"
    version_number: int


_INSTALL_DIRECTORIES = ("site-packages", "dist-packages")
"""Directories an installed package lives in; the search for a repository stops at them."""


def _installed(start: Path) -> Optional[Path]:
    """The site-packages (or dist-packages) directory ``start`` is installed in, if any."""
    for directory in (start, *start.parents):
        if directory.name in _INSTALL_DIRECTORIES:
            return directory
    return None


def _find_repository(start: Path) -> Optional[Path]:
    """The nearest directory at or above ``start`` holding CMakeLists.txt and include/animcore.h,
    not looking past a site-packages directory (an installed package is no checkout)."""
    for directory in (start, *start.parents):
        if directory.name in _INSTALL_DIRECTORIES:
            return None
        if (directory / "CMakeLists.txt").is_file() and (
            directory / "include" / "animcore.h"
        ).is_file():
            return directory
    return None


def candidate_paths(
    package_dir: Optional[Path] = None,
) -> List[Tuple[str, Optional[str], str]]:
    """The candidates in order, as ``(source, path or None, reason when path is None)``."""
    here = package_dir if package_dir is not None else Path(__file__).resolve().parent
    candidates: List[Tuple[str, Optional[str], str]] = []

    from_env = os.environ.get(ENV_VAR, "")
    if from_env:
        candidates.append(("environment", from_env, ""))
    else:
        candidates.append(("environment", None, f"${ENV_VAR} is not set"))

    repository = _find_repository(here)
    installed_in = _installed(here)
    if repository is not None:
        candidates.append(("repository build", str(repository / "build" / LIBRARY_NAME), ""))
    elif installed_in is not None:
        candidates.append(
            (
                "repository build",
                None,
                f"an installed package (in {installed_in}) uses its bundled library, "
                "not a repository build",
            )
        )
    else:
        candidates.append(
            (
                "repository build",
                None,
                f"no directory at or above {here} holds CMakeLists.txt and include/animcore.h",
            )
        )

    candidates.append(("bundled", str(here / "_lib" / LIBRARY_NAME), ""))
    return candidates


@dataclass(frozen=True)
class _Rejection:
    """Why a candidate was not used; ``incompatible`` when it loaded but did not fit."""

    reason: str
    incompatible: bool = False


def _try_load(
    path: str, source: str, required_symbols: Sequence[str]
) -> Union[LoadedLibrary, _Rejection]:
    """Loads one candidate: the library, or why it was rejected."""
    if os.sep in path and not os.path.exists(path):
        return _Rejection("no such file")
    # A bare file name ("libanimcore.so.0") goes to the dynamic loader's own search.
    try:
        cdll = ctypes.CDLL(path)
    except OSError as error:
        return _Rejection(f"cannot be loaded: {error}")
    try:
        version_function = cdll.ac_version_number
    except AttributeError:
        return _Rejection("not an animcore library (it has no ac_version_number)", True)
    version_function.argtypes = []
    version_function.restype = ctypes.c_int32
    number = int(version_function())
    major = number // 10000
    if major != EXPECTED_MAJOR:
        return _Rejection(
            f"incompatible version {number} (major {major}); this binding needs major "
            f"{EXPECTED_MAJOR}",
            True,
        )
    missing = [name for name in required_symbols if not hasattr(cdll, name)]
    if missing:
        return _Rejection(f"incompatible: it lacks {', '.join(missing)}", True)
    return LoadedLibrary(cdll, path, source, number)


def load_library(
    required_symbols: Iterable[str] = (), package_dir: Optional[Path] = None
) -> LoadedLibrary:
    """Loads the first usable candidate (see the module docstring).

    ``required_symbols``: functions the library must export. ``package_dir``: where the package
    lives (default: this file's directory). Raises :class:`LibraryNotFoundError`, or
    :class:`IncompatibleLibraryError` when some candidate loaded but had the wrong version.
    """
    required = list(required_symbols)
    attempts: List[Tuple[str, str]] = []
    incompatible = False
    for source, path, reason in candidate_paths(package_dir):
        if path is None:
            attempts.append((f"({source})", reason))
            continue
        outcome = _try_load(path, source, required)
        if isinstance(outcome, LoadedLibrary):
            if attempts and source != "environment" and os.environ.get(ENV_VAR):
                skipped = "; ".join(f"{where}: {why}" for where, why in attempts)
                warnings.warn(
                    f"${ENV_VAR} was not used ({skipped}); loaded {path} ({source}) instead",
                    RuntimeWarning,
                    stacklevel=2,
                )
            return outcome
        incompatible = incompatible or outcome.incompatible
        attempts.append((f"{path} ({source})", outcome.reason))

    lines = "\n".join(f"  - {where}: {why}" for where, why in attempts)
    error_class = IncompatibleLibraryError if incompatible else LibraryNotFoundError
    raise error_class(
        f"no usable {LIBRARY_NAME} was found. Tried, in order:\n{lines}\n"
        f"Build it (cmake --build build --target animcore) or set ${ENV_VAR} to its path.",
        attempts,
    )
