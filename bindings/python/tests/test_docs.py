"""What a new user reads (issue 34): the READMEs point at nothing a clone lacks, say which
platforms the library runs on, name every kind of animation the binding has, and do not tie
the Swift instructions to the folder a clone happens to be in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

import pytest

import animcore as ac
from _repo import repository

REPO = repository()
pytestmark = pytest.mark.skipif(REPO is None, reason="outside the repository")

# A path in backticks that climbs out of its document's folder: "`../shared/x`", "`<repo>/../x`".
CLIMBING_PATH = re.compile(r"`(?:<repo>/)?(\.\./[^`\s]*)`")


def documents() -> List[Path]:
    """Every Markdown document of the repository but the changelog (which tells history)."""
    assert REPO is not None
    return [
        path
        for path in sorted(REPO.rglob("*.md"))
        if path.name != "CHANGELOG.md"
        and not any(part.startswith(".") or part.startswith("build") for part in path.relative_to(REPO).parts)
    ]


def test_no_document_points_outside_the_clone() -> None:
    assert REPO is not None
    outside = []
    for document in documents():
        for line_number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            for match in CLIMBING_PATH.finditer(line):
                target = (document.parent / match.group(1)).resolve()
                if REPO.resolve() not in target.parents or not target.exists():
                    outside.append(f"{document.relative_to(REPO)}:{line_number}: {match.group(0)}")
    assert not outside, "paths a clone does not have:\n" + "\n".join(outside)


def test_readmes_say_the_platform() -> None:
    assert REPO is not None
    for readme in (REPO / "README.md", REPO / "bindings" / "python" / "README.md"):
        assert "Linux (glibc) only" in readme.read_text(encoding="utf-8").replace("\n", " ") or (
            "Linux with glibc only" in readme.read_text(encoding="utf-8").replace("\n", " ")
        ), f"{readme.relative_to(REPO)} does not say the library is Linux (glibc) only"


def test_python_readme_names_every_animation_kind() -> None:
    assert REPO is not None
    text = (REPO / "bindings" / "python" / "README.md").read_text(encoding="utf-8")
    kinds = [
        name
        for name in ac.__all__
        if isinstance(getattr(ac, name), type) and issubclass(getattr(ac, name), ac.Animation)
        and getattr(ac, name) not in (ac.Animation, ac.PropertyAnimation)  # the abstract bases
    ]
    assert "SpringAnimation" in kinds and "DecayAnimation" in kinds
    missing = [name for name in kinds if f"{name}(" not in text and f"`{name}`" not in text]
    assert not missing, f"bindings/python/README.md does not show {missing}"


def test_swift_instructions_do_not_assume_the_folder_name() -> None:
    assert REPO is not None
    text = (REPO / "README.md").read_text(encoding="utf-8")
    # SwiftPM names a path dependency after its folder: a fixed package: "animcore" fails for a
    # clone in any other folder (as the repository's own worktrees are).
    assert 'package: "animcore")' not in text
    assert "folder name" in text.replace("\n", " ")


def test_where_a_new_user_reads_it_says_when_an_animation_begins() -> None:
    """An implicit animation begins at the first tick after its commit, not at the commit as in
    Core Animation: the README's first layer example, the header's transaction section and the
    Python README say so, and what a host that ticks lazily should do."""
    assert REPO is not None
    header = (REPO / "include" / "animcore.h").read_text(encoding="utf-8")
    transactions = header[header.index("Transactions (CATransaction)"):]
    transactions = transactions[: transactions.index("ac_status ac_transaction_begin")]
    texts = {
        "README.md": (REPO / "README.md").read_text(encoding="utf-8"),
        "include/animcore.h (Transactions)": transactions,
        "bindings/python/README.md": (REPO / "bindings" / "python" / "README.md").read_text(encoding="utf-8"),
    }
    for name, text in texts.items():
        flat = " ".join(text.replace("*", " ").split())
        assert "first tick after" in flat, f"{name} does not say an animation begins at the first tick after its commit"
        assert "Core Animation" in flat and "ticks only when something" in flat, (
            f"{name} does not say how it differs from Core Animation and what a lazy host does"
        )
        assert "clock" in flat, f"{name} does not give a lazy host the clock"
