"""The binding's modules are layered one way only (the table and the rules:
``animcore._layers``): read with ``ast``, every module imports modules of its own layer or of
the layers below, never an animcore module inside a function, and nothing in a cycle.

An import of an upper layer made for type checkers only (under ``TYPE_CHECKING``) is refused
too, unless :data:`TYPE_ONLY` lists it with its reason: each names the type of what a lower
object gives the user, an object the upper layer hands in at run time."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set, Tuple

import animcore
from animcore._layers import LAYERS

PACKAGE = Path(animcore.__file__).parent
RANK: Dict[str, int] = {
    module: rank for rank, (_, modules) in enumerate(LAYERS) for module in modules
}

TYPE_ONLY: Dict[Tuple[str, str], str] = {
    ("callback_types", "layer"): "a callback receives the layer it runs for, a DynamicLayer",
    ("layer", "engine"): "Layer.engine answers the Engine that made the layer",
    ("layer_class", "engine"): "LayerClass.engine answers the Engine that declared the class",
}
"""(module, upper module it names for type checkers) -> why."""

Import = Tuple[str, int, bool, bool]
"""(imported animcore module, line, made under TYPE_CHECKING, made inside a function)."""


def _targets(node: ast.AST, known: Set[str]) -> List[str]:
    """The animcore modules an import statement names (``from . import _capi`` names _capi,
    ``from .layer import Layer`` names layer, ``import animcore.values`` names values)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names if alias.name.startswith("animcore.")]
        return [name.split(".")[1] for name in names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level == 0 and not (node.module or "").startswith("animcore"):
        return []  # the standard library, NumPy
    module = node.module
    if node.level == 0:  # "from animcore.layer import ..." or "from animcore import ..."
        module = (node.module or "").replace("animcore", "", 1).lstrip(".")
    if module:
        return [module.split(".")[0]]
    return [alias.name for alias in node.names if alias.name in known]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(source: str, known: Set[str]) -> Iterator[Import]:
    """Every import of an animcore module in ``source``, with where it is made."""

    def walk(node: ast.AST, typing_only: bool, in_function: bool) -> Iterator[Import]:
        for target in _targets(node, known):
            yield target, getattr(node, "lineno", 0), typing_only, in_function
        for child in ast.iter_child_nodes(node):
            child_typing = typing_only
            if isinstance(node, ast.If) and child in node.body and _is_type_checking(node.test):
                child_typing = True
            function = in_function or isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            )
            yield from walk(child, child_typing, function)

    yield from walk(ast.parse(source), False, False)


def problems_of(module: str, source: str, known: Set[str]) -> List[str]:
    """What breaks the rules in ``module``'s ``source`` (empty: nothing)."""
    found: List[str] = []
    for target, line, typing_only, in_function in imports_of(source, known):
        where = f"{module}.py:{line} imports {target}"
        if target not in RANK:
            found.append(f"{where}, a module animcore._layers does not place")
        elif in_function:
            found.append(f"{where} inside a function")
        elif RANK[target] > RANK[module] and not (
            typing_only and (module, target) in TYPE_ONLY
        ):
            kind = "for type checkers" if typing_only else "at run time"
            found.append(f"{where} ({LAYERS[RANK[target]][0]}, a layer above) {kind}")
    return found


def _modules() -> Dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.glob("*.py"))}


def _cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """A cycle of run-time imports, or None."""
    state: Dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: List[str]) -> Optional[List[str]]:
        state[node] = 1
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target] if target in path else [node, target]
            if target not in state:
                found = visit(target, path + [target])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_every_module_has_one_layer() -> None:
    placed = [module for _, modules in LAYERS for module in modules]
    assert len(placed) == len(set(placed)), "a module is in two layers"
    assert sorted(placed) == sorted(_modules()), "animcore._layers must place every module"


def test_no_module_imports_a_layer_above_or_inside_a_function() -> None:
    sources = _modules()
    known = set(sources)
    found = [
        problem
        for module, source in sources.items()
        for problem in problems_of(module, source, known)
    ]
    assert not found, "\n".join(found)


def test_run_time_imports_make_no_cycle() -> None:
    sources = _modules()
    known = set(sources)
    graph = {
        module: {target for target, _, typing, _ in imports_of(source, known) if not typing}
        for module, source in sources.items()
    }
    assert graph["engine"] >= {"layer", "layer_class", "transaction"}  # it reads imports
    assert _cycle(graph) is None, f"run-time import cycle: {' -> '.join(_cycle(graph) or [])}"


def test_each_listed_type_only_import_is_made_and_is_upward() -> None:
    sources = _modules()
    known = set(sources)
    for (module, target), reason in TYPE_ONLY.items():
        assert reason and RANK[target] > RANK[module], (module, target)
        made = {(t, typing_only) for t, _, typing_only, _ in imports_of(sources[module], known)}
        assert (target, True) in made, f"{module} no longer imports {target}: unlist it"


def test_the_check_finds_what_breaks_the_rules() -> None:
    """The rules, on a module written to break each: an upward import at run time, one for type
    checkers not listed, and one inside a function."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .engine import Engine\n"
        "if TYPE_CHECKING:\n"
        "    from .transaction import Transaction\n"
        "def late():\n"
        "    from . import _capi\n"
    )
    found = problems_of("values", source, {"engine", "transaction", "_capi"})
    assert found == [
        "values.py:2 imports engine (engine, a layer above) at run time",
        "values.py:4 imports transaction (layer, batch, class, transaction, a layer above) "
        "for type checkers",
        "values.py:6 imports _capi inside a function",
    ]
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
