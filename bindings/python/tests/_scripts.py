"""A test's scenario run as a script in a fresh interpreter: for scenarios that need a process
of their own, or whose failure is a hang (a deadlock then fails by the timeout instead of
hanging the suite)."""

from __future__ import annotations

import os
import subprocess
import sys


def run_script(script: str, timeout: float = 60) -> None:
    """Runs ``script`` with ``python -c``; asserts it exited 0 having printed "ok"."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok", result.stdout
