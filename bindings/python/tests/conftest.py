"""Test configuration: the conformance summary printed at the end of a run."""

from __future__ import annotations

import collections
from typing import Any, Counter, DefaultDict, Generator, List

import pytest

from _vectors import SUPPORTED_KINDS, load_vectors

# kind -> outcome ("passed", "failed", "skipped") -> count
_RESULTS: DefaultDict[str, Counter[str]] = collections.defaultdict(collections.Counter)
_CONFORMANCE_MODULE = "test_conformance.py"
_collected = {"conformance": False}


def pytest_collection_modifyitems(items: List[pytest.Item]) -> None:
    _collected["conformance"] = any(item.path.name == _CONFORMANCE_MODULE for item in items)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    callspec = getattr(item, "callspec", None)
    case = callspec.params.get("case") if callspec is not None else None
    if not (isinstance(case, dict) and "kind" in case):
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        _RESULTS[case["kind"]][report.outcome] += 1


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _collected["conformance"]:
        return
    vectors = load_vectors()
    write = terminalreporter.write_line
    terminalreporter.section("animcore conformance vectors")
    if vectors.error is not None:
        write(f"NOT RUN: {vectors.error}")
        return
    write(f"file: {vectors.path}")
    in_file = collections.Counter(case["kind"] for case in vectors.cases)
    for kind in SUPPORTED_KINDS:
        counts = _RESULTS.get(kind, collections.Counter())
        ran = sum(counts.values())
        detail = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))
        write(f"  {kind:26} ran {ran:3} of {in_file.get(kind, 0):3}  ({detail or 'none'})")
    total = sum(sum(c.values()) for c in _RESULTS.values())
    write(f"  {'total':26} ran {total:3}")
    others = {kind: n for kind, n in in_file.items() if kind not in SUPPORTED_KINDS}
    if others:
        listed = ", ".join(f"{kind} {n}" for kind, n in sorted(others.items()))
        write(f"  not covered by the Python API (no binding yet): {listed}")


@pytest.fixture
def engine() -> Generator["animcore.Engine", None, None]:
    """A fresh engine with the defaults, closed after the test."""
    from _frames import engine_fixture

    yield from engine_fixture()


import animcore  # noqa: E402  (after the conformance hooks, which must not need the library)
