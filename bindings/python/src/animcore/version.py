"""The version of the loaded library and where it was loaded from."""

from __future__ import annotations

from . import _capi

__all__ = ["library_path", "version", "version_number"]


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH".

    C: ac_version_string()."""
    raw: bytes = _capi.lib.ac_version_string()
    return raw.decode("ascii")


def version_number() -> int:
    """The library's version as MAJOR * 10000 + MINOR * 100 + PATCH.

    C: ac_version_number()."""
    return int(_capi.lib.ac_version_number())


def library_path() -> str:
    """The path of the loaded libanimcore.so.

    Python only (where ctypes loaded libanimcore.so)."""
    return _capi.LOADED.path
