"""The library's clock, for hosts without one of their own."""

from __future__ import annotations

from . import _capi

__all__ = ["current_media_time"]


def current_media_time() -> float:
    """Seconds on the process's monotonic clock (CLOCK_MONOTONIC), like CACurrentMediaTime():
    never goes backwards; unrelated to wall time.

    C: ac_current_media_time()."""
    return float(_capi.lib.ac_current_media_time())
