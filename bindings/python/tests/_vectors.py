"""Finding and reading the conformance vectors (the repository's Tests/conformance/vectors.json)."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional

ENV_VAR = "ANIMCORE_VECTORS"

SUPPORTED_KINDS = (
    "cubic_bezier",
    "cubic_bezier_slope",
    "cubic_bezier_range",
    "ca_named_timing_function",
    "steps",
    "timing",
    "time_conversion",
    "ca_default",
    "keyframe",
    "spring",
    "spring_velocity",
    "spring_params",
    "spring_params_inverse",
)
"""The kinds the Python API covers; the others need API not bound yet."""

OPTIONAL_KINDS = ("spring_params_inverse",)
"""Covered kinds the vectors may not carry (run when present)."""


@dataclass
class Vectors:
    """The cases of the vectors file, or why it could not be read (``error``)."""

    path: Optional[Path]
    cases: List[Dict[str, Any]] = field(default_factory=list)
    error: Optional[str] = None

    def supported(self) -> List[Dict[str, Any]]:
        return [case for case in self.cases if case["kind"] in SUPPORTED_KINDS]


def find_vectors() -> Optional[Path]:
    """$ANIMCORE_VECTORS, else the first ``<ancestor>/Tests/conformance/vectors.json`` above
    this file (the repository's own copy)."""
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env)
    here = Path(__file__).resolve().parent
    for directory in (here, *here.parents):
        candidate = directory / "Tests" / "conformance" / "vectors.json"
        if candidate.is_file():
            return candidate
    return None


def load_vectors() -> Vectors:
    """Reads the vectors; never raises (the error goes into ``Vectors.error``)."""
    path = find_vectors()
    if path is None:
        return Vectors(
            None,
            error=(
                "conformance vectors not found: set $ANIMCORE_VECTORS or put them at "
                "<repo>/Tests/conformance/vectors.json"
            ),
        )
    try:
        with open(path, encoding="utf-8") as stream:
            document = json.load(stream)
        cases = document["cases"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        return Vectors(path, error=f"cannot read conformance vectors {path}: {error!r}")
    return Vectors(path, cases=cases)


def number(value: Any) -> Any:
    """A vectors value with the strings "Infinity"/"-Infinity" turned into floats."""
    if value == "Infinity":
        return math.inf
    if value == "-Infinity":
        return -math.inf
    return value
