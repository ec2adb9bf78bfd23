"""Shared helpers of the engine tests: 60 fps frame times and small factories."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

import animcore

T0 = 100.0
"""The first tick of every scenario (host seconds)."""

FPS = 60


def frame(k: int) -> float:
    """Frame k at 60 fps from T0, computed (never accumulated)."""
    return T0 + k / FPS


def approx(value: Any, tolerance: float = 1e-9) -> Any:
    """pytest.approx with an absolute tolerance (1e-9 by default)."""
    return pytest.approx(value, abs=tolerance)


def new_engine(**options: Any) -> animcore.Engine:
    """An engine for a test (close it, or use it in a with block)."""
    return animcore.Engine(**options)


def engine_fixture() -> Iterator[animcore.Engine]:
    """Body of the ``engine`` fixture (see conftest)."""
    engine = animcore.Engine()
    try:
        yield engine
    finally:
        engine.close()
